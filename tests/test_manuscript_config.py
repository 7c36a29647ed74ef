"""manuscript.yaml: optional; read into a Manuscript, or every problem reported as FILE:LINE:COLUMN, exit 2."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.shared import Mm

from versus.cli import main
from versus.export.config import Manuscript, ManuscriptError, find_manuscript, load_manuscript

ROOT = Path(__file__).parent.parent


def write(project: Path, text: str) -> Path:
    path = project / "manuscript.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_absent_is_none(project):
    assert find_manuscript() is None


def test_a_full_manuscript(project):
    write(project, "title: Versus\nshort_title: VS\nauthor: Jane  Smith\nsurname: Smith-Darcy\npaper: A4\n"
                   "contact:\n  address: 1 Cheapside, London\n  phone: 0207946\n  email: j@example.com\n")
    assert find_manuscript() == Manuscript("Versus", "Jane Smith", "Smith-Darcy", "VS",
                                           ("1 Cheapside, London", "0207946", "j@example.com"), "a4")


def test_surname_and_short_title_default_from_author_and_title(project):
    write(project, "title: Versus\nauthor: Jane Smith\n")
    assert find_manuscript() == Manuscript("Versus", "Jane Smith", "Smith", "Versus")


@pytest.mark.parametrize("text,problems", [
    ("", ["manuscript.yaml:1:1: the file is empty; manuscript.yaml needs at least title and author"]),
    ("- Versus\n", ["manuscript.yaml:1:1: manuscript.yaml should be a mapping of keys to values, not a list"]),
    ("title: Versus\nauthr: Jane\n", ["manuscript.yaml:1:1: missing required key 'author'",
                                      "manuscript.yaml:2:1: unknown key 'authr' in manuscript.yaml "
                                      "(did you mean 'author'?)"]),
    ("title: Versus\nauthor: [Jane]\n", ["manuscript.yaml:2:9: author should be text, not a list"]),
    ("title: Versus\nauthor: Jane\ncontact: {emial: x}\n",
     ["manuscript.yaml:3:11: unknown key 'emial' in contact (did you mean 'email'?)"]),
    ("title: Versus\nauthor: Jane\npaper: a5\n",
     ["manuscript.yaml:3:8: unknown paper 'a5' (expected one of: letter, a4)"]),
    ("title: Versus\ntitle: Again\nauthor: Jane\n",
     ["manuscript.yaml:2:1: duplicate key 'title' (first given on line 1)"]),
    ("title: [Versus\n", ["manuscript.yaml:2:1: YAML: expected ',' or ']', but got '<stream end>'"]),
])
def test_problems_are_located(project, text, problems):
    write(project, text)
    with pytest.raises(ManuscriptError) as raised:
        find_manuscript()
    assert raised.value.lines() == problems


@pytest.mark.parametrize("fmt", ["md", "docx"])
def test_export_reports_a_bad_manuscript_yaml_and_writes_nothing(project, capsys, fmt):
    write(project, "title: Versus\nauthor: Jane\ncontact: [x]\n")
    assert main(["export", "scenes/rosings.yaml", "--format", fmt]) == 2
    err = capsys.readouterr().err
    assert err == "manuscript.yaml:3:10: contact should be a mapping of keys to values, not a list\n"
    assert not (project / "manuscript_exports").exists()


def test_a4_paper_keeps_one_inch_margins(project):
    write(project, "title: Versus\nauthor: Jane Smith\npaper: a4\n")
    assert main(["export", "scenes/rosings.yaml", "--format", "docx"]) == 0
    section = docx.Document(project / "manuscript_exports" / "rosings.brisk.docx").sections[0]
    assert abs(section.page_width - Mm(210)) < Mm(1) and abs(section.page_height - Mm(297)) < Mm(1)


def test_an_unreadable_path_is_a_problem_too(tmp_path):
    with pytest.raises(ManuscriptError) as raised:
        load_manuscript(tmp_path)  # a folder, not a file
    assert raised.value.lines() == [f"{tmp_path}:1:1: not a regular file (a folder), so not read as a manuscript.yaml"]


def test_a_control_character_is_refused_with_its_place(project):
    write(project, 'title: Versus\nauthor: "Jane \\e[31mSmith"\n')
    with pytest.raises(ManuscriptError) as raised:
        find_manuscript()
    assert raised.value.lines() == ["manuscript.yaml:2:9: author holds a control character (U+001B); remove it"]


def test_a_fifo_named_manuscript_yaml_is_refused_at_once(project, capsys):
    import os

    os.mkfifo(project / "manuscript.yaml")
    assert main(["export", "scenes/rosings.yaml"]) == 2
    assert capsys.readouterr().err == ("manuscript.yaml:1:1: not a regular file (a FIFO), so not read as a "
                                       "manuscript.yaml\n")
