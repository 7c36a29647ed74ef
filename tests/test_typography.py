"""The house style of an export: elisions take an apostrophe, dashes follow manuscript.yaml, and an
aside `break: true` breaks the scene (a thematic break in Markdown, a centred "#" in the .docx)."""

from __future__ import annotations

import docx
import pytest

from versus.cli import main
from versus.export.typography import apostrophes, dashes

LINE = "narrate: A log settled in the grate, and Miss Bingley yawned behind her fan."


@pytest.mark.parametrize("told,printed", [
    ("\u2018til dawn", "\u2019til dawn"),
    ("she waited \u2018til the candles were lit", "she waited \u2019til the candles were lit"),
    ("\u201c\u2018Twas ever so,\u201d said she", "\u201c\u2019Twas ever so,\u201d said she"),
    ("rock \u2018n\u2019 roll", "rock \u2019n\u2019 roll"),
    ("the \u201890s", "the \u201990s"),
    ("\u2018Tilly,\u2019 she said", "\u2018Tilly,\u2019 she said"),  # a quotation stays one
    ("\u2018till then,\u2019 she said", "\u2018till then,\u2019 she said"),
])
def test_a_leading_elision_is_an_apostrophe(told, printed):
    assert apostrophes(told) == printed


@pytest.mark.parametrize("style,printed", [
    ("closed", "a wet night\u2014said she; \u201cBut\u2014\u201d"),
    ("spaced", "a wet night \u2014 said she; \u201cBut\u2014\u201d"),
    ("--", "a wet night--said she; \u201cBut--\u201d"),
])
def test_dashes_follow_the_house_style(style, printed):
    assert dashes("a wet night \u2014 said she; \u201cBut\u2014\u201d", style) == printed


def _aside(project, replacement: str) -> None:
    scene = project / "scenes" / "netherfield.yaml"
    text = scene.read_text(encoding="utf-8")
    assert LINE in text
    scene.write_text(text.replace(LINE, replacement), encoding="utf-8")


def test_an_authors_til_and_dashes_in_courier_style(project):
    _aside(project, "narrate: \"She would wait 'til supper -- or longer.\"")
    (project / "manuscript.yaml").write_text("title: Versus\nauthor: Jane Smith\ndashes: '--'\n", encoding="utf-8")
    assert main(["export", "scenes/netherfield.yaml"]) == 0
    md = (project / "manuscript_exports" / "netherfield.brisk.md").read_text(encoding="utf-8")
    assert "She would wait \u2019til supper--or longer." in md
    assert "\u2014" not in md.split("\n---\n", 1)[1].split("\n\n", 1)[1]  # the heading keeps its own


def test_unknown_dashes_are_located(project, capsys):
    (project / "manuscript.yaml").write_text("title: Versus\nauthor: Jane Smith\ndashes: long\n", encoding="utf-8")
    assert main(["export", "scenes/netherfield.yaml"]) == 2
    assert "manuscript.yaml:3:9: unknown dashes 'long' (expected one of: closed, spaced, --)" in capsys.readouterr().err


def test_a_scene_break_aside(project):
    _aside(project, "break: true")
    assert main(["check", "scenes/netherfield.yaml"]) == 0
    assert main(["export", "scenes/netherfield.yaml"]) == 0
    assert main(["export", "scenes/netherfield.yaml", "--format", "docx"]) == 0
    md = (project / "manuscript_exports" / "netherfield.brisk.md").read_text(encoding="utf-8")
    blocks = md.split("\n---\n", 1)[1].split("\n\n")
    assert blocks.count("* * *") == 1 and "\u2042" not in md
    k = blocks.index("* * *")
    assert blocks[k - 1].strip() and blocks[k + 1].strip() and not blocks[k + 1].startswith("*")
    document = docx.Document(project / "manuscript_exports" / "netherfield.brisk.docx")
    hashes = [p for p in document.paragraphs if p.text == "#"]
    assert len(hashes) == 1 and hashes[0].style.name == "Scene Break"


@pytest.mark.parametrize("aside,problem", [
    ("break: yes please", "break should be true (a scene break here) or false"),
    ("break: true\n    narrate: And then.", "a scene break says nothing"),
])
def test_a_scene_break_that_says_something_is_refused(project, capsys, aside, problem):
    _aside(project, aside)
    assert main(["check", "scenes/netherfield.yaml"]) == 2
    assert problem in capsys.readouterr().err
