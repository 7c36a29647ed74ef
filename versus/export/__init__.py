"""Prose for the manuscript: a take as Markdown or as a Word file, and the whole book.

markdown: the Markdown export (front matter, heading, prose) and its never-clobber writing;
word: the same paragraphs as a .docx; docx: standard manuscript format, blocks in, bytes out;
blocks: the Markdown read back as headings, paragraphs and scene breaks; properties: the
reproducible record as a Word file's custom properties; config: manuscript.yaml; memory: the
phrasings a folder of exports has used; place: where exports go.

Nothing is imported here, so that reading manuscript.yaml does not load python-docx; the
commonest names are found on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_HOMES = {"Exported": "place", "export_dir": "place", "export_play": "markdown", "record": "markdown",
          "render": "markdown", "roman": "markdown", "export_docx": "word", "manuscript_docx": "word"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"versus.export.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'versus.export' has no attribute {name!r}")


__all__ = sorted(_HOMES)
