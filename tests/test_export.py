"""versus export: Markdown that parses into front matter, one heading, paragraphs and the optional table."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from versus.cli import main
from versus.export.markdown import roman

ROOT = Path(__file__).parent.parent


def parse(text: str):
    md = MarkdownIt("commonmark", {"typographer": True}).enable(["replacements", "smartquotes", "table"])
    md.use(front_matter_plugin)
    return md.parse(text)


def test_export_structure(project, capsys):
    assert main(["export", "scenes/netherfield.yaml", "--ledger"]) == 0
    assert "manuscript_exports/netherfield.brisk.md" in capsys.readouterr().out
    text = (project / "manuscript_exports" / "netherfield.brisk.md").read_text(encoding="utf-8")
    tokens = parse(text)
    kinds = [t.type for t in tokens if t.level == 0 and not t.type.endswith("_close")]
    assert kinds[0] == "front_matter" and kinds.count("heading_open") == 1 and kinds[1] == "heading_open"
    assert kinds.count("table_open") == 1 and kinds[-1] == "table_open"
    assert set(kinds[2:-1]) == {"paragraph_open"} and len(kinds) > 8
    heading = next(t for i, t in enumerate(tokens) if tokens[i - 1].type == "heading_open")
    assert heading.content == "Chapter XI — A Game at Netherfield"
    front = yaml.safe_load(tokens[0].content)
    assert front["board"] == "mansion-of-happiness" and front["seed"] == 1811 and front["take"] == "as written"
    assert front["rules"]["preset"] == "ives" and front["spins"][:2] == [3, 5] and front["versus"]
    assert "“" in text and "—" in text


def test_export_reproduces_from_its_front_matter(project):
    main(["run", "scenes/netherfield.yaml"])
    main(["export", "scenes/netherfield.yaml"])
    text = (project / "manuscript_exports" / "netherfield.brisk.md").read_text(encoding="utf-8")
    front = yaml.safe_load(text.split("---\n")[1])
    spins = ",".join(map(str, front["spins"]))
    from versus.takes.store import TakeStore

    assert front["take"] == "take-1" and tuple(front["spins"]) == TakeStore("scenes/netherfield.yaml").get("take-1").spins
    assert spins


def test_same_take_same_bytes_and_never_clobbered(project, capsys):
    assert main(["export", "scenes/rosings.yaml"]) == 0
    first = (project / "manuscript_exports" / "rosings.brisk.md").read_bytes()
    assert main(["export", "scenes/rosings.yaml"]) == 0
    assert "nothing written" in capsys.readouterr().out
    assert (project / "manuscript_exports" / "rosings.brisk.md").read_bytes() == first
    assert main(["export", "scenes/rosings.yaml", "--ledger"]) == 0  # different bytes: a name of its own
    assert (project / "manuscript_exports" / "rosings.brisk-2.md").exists()
    assert (project / "manuscript_exports" / "rosings.brisk.md").read_bytes() == first
    assert main(["export", "scenes/rosings.yaml", "--ledger", "--force"]) == 0
    assert (project / "manuscript_exports" / "rosings.brisk.md.bak").read_bytes() == first
    assert b"| Turn |" in (project / "manuscript_exports" / "rosings.brisk.md").read_bytes()


def test_export_a_named_take_and_an_unknown_one(project, capsys):
    main(["run", "scenes/netherfield.yaml"])
    assert main(["export", "scenes/netherfield.yaml", "--take", "take-1", "-o", "out/x.md"]) == 0
    assert (project / "out" / "x.md").exists()
    assert main(["export", "scenes/netherfield.yaml", "--take", "take-7"]) == 2
    assert "no take 'take-7'" in capsys.readouterr().err


def test_no_temporary_files_are_left(project):
    main(["export", "scenes/rosings.yaml"])
    names = sorted(p.name for p in (project / "manuscript_exports").iterdir())
    # the export, the manuscript's record, and the folder's lock file (kept: removing it would race)
    assert names == [".versus-phrasings.yaml", ".versus.lock", "rosings.brisk.md"]


@pytest.mark.parametrize("n,numeral", [(1, "I"), (4, "IV"), (11, "XI"), (30, "XXX"), (44, "XLIV"), (1999, "MCMXCIX")])
def test_roman(n, numeral):
    assert roman(n) == numeral
