"""A take exported as a .docx in standard manuscript format, from the Markdown export's own text.

Written as the Markdown export is: atomically, and never over an earlier export. The same bytes
already there means nothing is written; a different file goes to the next free name, or with
force the old one is kept as a backup.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from versus import __version__
from versus.export.blocks import Block, read_blocks, word_count
from versus.export.config import Manuscript
from versus.export.docx import Front, docx_bytes
from versus.export.markdown import record, render
from versus.export.memory import key_of, memory_for
from versus.export.place import Exported, export_dir, export_name
from versus.files import clean_text, write_export
from versus.takes.playthrough import Playthrough


def manuscript_docx(play: Playthrough, take_name: str, pace: str = "brisk", font: str = "times",
                    manuscript: Manuscript | None = None, **options: Any) -> bytes:
    """The .docx of the take; options go to the Markdown render as they are (a budget, say)."""
    blocks = read_blocks(clean_text(render(play, take_name, pace, manuscript=manuscript, **options)))
    return docx_bytes(blocks, front(play, take_name, pace, blocks, font, manuscript, options.get("words")))


def front(play: Playthrough, take_name: str, pace: str, blocks: list[Block], font: str,
          manuscript: Manuscript | None, words: int | None = None) -> Front:
    scene = play.scene
    heading = next((b.text for b in blocks if b.kind == "heading"), scene.title)
    facts = {**record(play, take_name, pace, manuscript, words), "font": font}
    comments = (f"Exported by Versus {__version__} from {Path(scene.path).name}, {take_name}; "
                "the custom properties record how to play it again.")
    if manuscript is None:
        return Front(scene.title, scene.title, word_count(blocks), subject=heading, comments=comments,
                     record=facts, font=font)
    return Front(manuscript.title, f"{manuscript.surname} / {manuscript.short_title}", word_count(blocks),
                 author=manuscript.author, contact=(manuscript.author, *manuscript.contact), subject=heading,
                 comments=comments, record=facts, font=font, paper=manuscript.paper)


def export_docx(play: Playthrough, take_name: str, out: Path | str | None = None, pace: str = "brisk",
                force: bool = False, default_name: str | None = None, font: str = "times",
                manuscript: Manuscript | None = None, **options: Any) -> Exported:
    """Write the .docx; never clobber: same bytes → nothing written; else next free name or backup.

    Like the Markdown export, it draws around the phrasings of the folder's earlier exports, and the
    same take in both formats counts as one export of the manuscript.
    """
    name = export_name(default_name or play.scene.name, pace, options.get("words"), ".docx")
    target = Path(out) if out else export_dir(manuscript) / name
    memory = memory_for(target, export_dir(manuscript), options.get("notes"))
    key = key_of(Path(play.scene.path).name, take_name, pace, options.get("words"))
    used: list[str] = []
    data = manuscript_docx(play, take_name, pace, font, manuscript, avoid=memory.before(key), used=used, **options)
    path, written, backup = write_export(target, data, force)  # never clobbers; concurrent exports both land
    memory.remember(key, path.name, tuple(used))
    return Exported(path, written, backup)
