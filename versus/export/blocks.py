"""The Markdown export read back as blocks: its headings, paragraphs (with emphasis) and scene breaks.

The .docx is made from the Markdown export's own text, so both always hold the same paragraphs,
whatever options (pace, a word budget) shaped it. The front matter and the ledger are left out:
they are a record, not prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

WORD = re.compile(r"[^\W_]+(?:['\u2019.-][^\W_]+)*")  # "thirty-ninth" and "Mr." count once; "a—b" twice


@dataclass(frozen=True)
class Run:
    text: str
    italic: bool = False
    bold: bool = False


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "paragraph" or "break" (a scene break)
    runs: tuple[Run, ...] = ()
    level: int = 0  # of a heading: 1 for the chapter

    @property
    def text(self) -> str:
        return "".join(run.text for run in self.runs)


def _parser() -> MarkdownIt:
    # No typographer: the narrator has already curled every quote, and an author's straight one stays.
    return MarkdownIt("commonmark").enable("table").use(front_matter_plugin)  # a table (the ledger) is skipped


SKIPPED = ("front_matter", "table_open")  # the record and the ledger


def read_blocks(markdown: str) -> list[Block]:
    parser = _parser()
    tokens = parser.parse(markdown)
    lines = markdown.splitlines()
    blocks: list[Block] = []
    for i, token in enumerate(tokens):
        if token.level != 0 or token.nesting == -1 or token.type in SKIPPED:
            continue
        if token.type == "heading_open":
            blocks.append(Block("heading", runs(tokens[i + 1].children or []), int(token.tag[1])))
        elif token.type == "paragraph_open":
            inline = runs(tokens[i + 1].children or [])
            blocks.append(Block("break") if _is_break(inline) else Block("paragraph", inline))
        elif token.type == "hr":
            blocks.append(Block("break"))
        elif token.type == "html_block" and _comment(token.content):
            continue  # an annotation for the author (--annotate), not prose
        elif token.map:  # prose that Markdown mistakes for a list, a quotation or code ("1811. It rained…")
            source = " ".join(line.strip() for line in lines[token.map[0]:token.map[1]] if line.strip())
            blocks.append(Block("paragraph", runs(parser.parseInline(source)[0].children or [])))
    return blocks


def _is_break(inline: tuple[Run, ...]) -> bool:
    """A paragraph of nothing but '#', '* * *' or '⁂' stands for a scene break, as manuscripts print it."""
    text = "".join(run.text for run in inline).replace(" ", "")
    return text in ("#", "⁂", "***") or (bool(text) and set(text) == {"*"})


def runs(children: list[Token]) -> tuple[Run, ...]:
    """Inline tokens as runs of text, each italic or bold as the Markdown asks; adjacent alike runs joined."""
    out: list[Run] = []
    italic = bold = 0
    for child in children:
        if child.type in ("em_open", "em_close"):
            italic += 1 if child.type == "em_open" else -1
        elif child.type in ("strong_open", "strong_close"):
            bold += 1 if child.type == "strong_open" else -1
        elif child.type == "html_inline" and _comment(child.content):
            continue
        elif child.type in ("softbreak", "hardbreak"):
            _add(out, Run(" ", italic > 0, bold > 0))
        elif child.content:
            _add(out, Run(child.content, italic > 0, bold > 0))
    return tuple(out)


def _comment(html: str) -> bool:
    html = html.strip()
    return html.startswith("<!--") and html.endswith("-->")


def _add(out: list[Run], run: Run) -> None:
    if out and (out[-1].italic, out[-1].bold) == (run.italic, run.bold):
        out[-1] = Run(out[-1].text + run.text, run.italic, run.bold)
    else:
        out.append(run)


def word_count(blocks: list[Block]) -> int:
    """Words of the prose (headings and scene breaks are not counted, as a manuscript's count is not)."""
    return sum(len(WORD.findall(block.text)) for block in blocks if block.kind == "paragraph")


def about(words: int) -> str:
    """The word count as manuscripts give it: 'about 1,200 words' (to the hundred; the thousand past 10,000)."""
    step = 10 if words < 100 else 100 if words < 10_000 else 1000
    rounded = max(step, round(words / step) * step)
    return f"about {rounded:,} words"
