"""The manuscript as an author sends it: manuscript.yaml (who wrote it) and the .docx realisation.

config: manuscript.yaml, validated with located problems; blocks: the Markdown export read back
as headings, paragraphs (with italics) and scene breaks; properties: the reproducible record as
custom document properties; docx: standard manuscript format; export: the never-clobber export.
"""
