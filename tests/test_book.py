"""versus manuscript: the book listed in manuscript.yaml, as one .docx in standard manuscript format and
one Markdown file, read back by python-docx, pandoc and LibreOffice."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from pathlib import Path

import docx
import pytest
import yaml
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING
from docx.oxml.ns import qn
from docx.shared import Inches, Pt

from versus.cli import main

ROOT = Path(__file__).parent.parent
ELSEWHERE = ["breakfast.yaml", "pemberley-music.yaml", "rosings-cards.yaml"]
MANUSCRIPT = """\
title: The Teetotum
short_title: TEETOTUM
author: Jane Smith
contact:
  address: [1 Cheapside, London EC2V 6AA]
  email: jane@example.com
chapters:
  - chapters/breakfast.yaml
  - {scene: chapters/pemberley-music.yaml, pace: full}
  - {scene: chapters/rosings-cards.yaml, words: 400}
"""


@pytest.fixture
def novel(tmp_path, monkeypatch):
    """A novel written elsewhere: manuscript.yaml and its three scenes in a folder of their own, run from
    another folder."""
    folder = written_novel(tmp_path)
    monkeypatch.chdir(tmp_path / "work")
    return folder


def written_novel(where: Path) -> Path:
    """manuscript.yaml and its three scenes in where/novel, and an empty where/work to run from."""
    folder = where / "novel"
    (folder / "chapters").mkdir(parents=True)
    for name in ELSEWHERE:
        shutil.copy(ROOT / "tests" / "elsewhere" / name, folder / "chapters" / name)
    (folder / "manuscript.yaml").write_text(MANUSCRIPT, encoding="utf-8")
    (where / "work").mkdir()
    return folder


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> tuple[str, docx.document.Document, Path, str, Path]:
    """The novel's book compiled once, run from another folder, for the tests that only read it (each compile
    writes three chapters): its Markdown, its Word document, the document's path, what was said on stderr,
    and the folder it was run from."""
    tmp = tmp_path_factory.mktemp("book")
    folder = written_novel(tmp)
    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(err):
        patch.chdir(tmp / "work")
        assert main(["manuscript", str(folder / "manuscript.yaml")]) == 0
    exports = folder / "manuscript_exports"
    path = exports / "the-teetotum.docx"
    return (exports / "the-teetotum.md").read_text(encoding="utf-8"), docx.Document(path), path, err.getvalue(), \
        tmp / "work"


@pytest.fixture(scope="module")
def book(compiled) -> tuple[str, docx.document.Document, Path]:
    """The compiled book's Markdown, its Word document and the document's path."""
    return compiled[:3]


def compile_book(novel: Path, capsys) -> tuple[str, docx.document.Document, Path, str]:
    assert main(["manuscript", str(novel / "manuscript.yaml")]) == 0
    err = capsys.readouterr().err
    exports = novel / "manuscript_exports"
    path = exports / "the-teetotum.docx"
    return (exports / "the-teetotum.md").read_text(encoding="utf-8"), docx.Document(path), path, err


def test_the_book_goes_beside_manuscript_yaml_with_progress_on_stderr(compiled):
    _, _, path, err, work = compiled
    assert sorted(p.name for p in path.parent.iterdir() if p.name != ".versus.lock") == [
        ".versus-phrasings.yaml", "the-teetotum.docx", "the-teetotum.md"]
    assert not (work / "manuscript_exports").exists()  # nothing in the folder it was run from
    for n, name in enumerate(ELSEWHERE, 1):
        assert f"chapter {n} of 3: chapters/{name}" in err


def test_title_page_then_each_chapter_on_a_new_page_then_end(book):
    _, document, _ = book
    paragraphs = document.paragraphs
    assert paragraphs[0].text.startswith("Jane Smith\tabout ") and paragraphs[0].text.endswith(" words")
    assert [p.text for p in paragraphs[1:5]] == ["1 Cheapside", "London EC2V 6AA", "jane@example.com",
                                                "The Teetotum"]
    assert paragraphs[5].text == "by Jane Smith"
    assert {paragraphs[4].alignment, paragraphs[5].alignment} <= {WD_ALIGN_PARAGRAPH.CENTER, None}
    assert paragraphs[4].style.paragraph_format.alignment == WD_ALIGN_PARAGRAPH.CENTER
    headings = [p for p in paragraphs if p.style.name == "Heading 1"]
    assert [h.text for h in headings] == ["Chapter I \u2014 A Wet Morning at Longbourn",
                                          "Chapter II \u2014 The Music-Room",
                                          "Chapter III \u2014 After Dinner at Rosings"]
    assert [h.paragraph_format.page_break_before for h in headings] == [None, True, True]
    section = document.sections[1]
    for h in headings:  # a third of the way down the page
        assert abs(section.top_margin + h.paragraph_format.space_before - section.page_height / 3) < Inches(0.25)
    assert paragraphs[-1].text == "END" and paragraphs[-1].style.paragraph_format.alignment == WD_ALIGN_PARAGRAPH.CENTER


def test_manuscript_styles(book):
    _, document, _ = book
    normal = document.styles["Normal"]
    assert normal.font.size == Pt(12) and normal.font.name == "Times New Roman"
    assert normal.paragraph_format.line_spacing_rule == WD_LINE_SPACING.DOUBLE
    assert normal.paragraph_format.first_line_indent == Inches(0.5)
    assert all(s.left_margin == Inches(1) and s.right_margin == Inches(1) for s in document.sections)


def test_running_head_and_page_numbers_from_the_first_chapter(book):
    _, document, _ = book
    title_page, body = document.sections
    assert title_page.header.paragraphs[0].text == "" and not title_page.header.is_linked_to_previous
    assert body.header.paragraphs[0].text == "Smith / TEETOTUM / 1"
    assert body._sectPr.find(qn("w:pgNumType")).get(qn("w:start")) == "1"
    assert body.start_type == 2  # a new page


def test_the_markdown_book_is_titled_once_with_every_chapter(book):
    md, _, _ = book
    front = yaml.safe_load(md.split("---\n", 2)[1])
    assert front["title"] == "The Teetotum" and front["author"] == "Jane Smith"
    assert [c["scene"] for c in front["chapters"]] == ELSEWHERE
    assert front["chapters"][1]["pace"] == "full" and front["chapters"][2]["words"] == 400
    body = md.split("---\n", 2)[2]
    assert body.count("\n# ") + body.startswith("# ") == 3 and "The Teetotum" not in body


def test_never_overwrites(novel, capsys):
    manuscript = novel / "manuscript.yaml"  # one chapter is enough to be overwritten: the quickest to write
    manuscript.write_text(MANUSCRIPT.split("  - chapters/breakfast")[0] + "  - chapters/pemberley-music.yaml\n",
                          encoding="utf-8")
    compile_book(novel, capsys)
    assert main(["manuscript", str(novel / "manuscript.yaml")]) == 0
    assert "already holds this book; nothing written" in capsys.readouterr().out
    manuscript.write_text(manuscript.read_text(encoding="utf-8").replace("Jane Smith", "J. Smith"), "utf-8")
    assert main(["manuscript", str(manuscript)]) == 0
    names = sorted(p.name for p in (novel / "manuscript_exports").iterdir())
    assert "the-teetotum-2.docx" in names and "the-teetotum-2.md" in names


def test_missing_scenes_and_takes_are_located_all_at_once(novel, capsys):
    (novel / "manuscript.yaml").write_text(MANUSCRIPT.replace("chapters/breakfast.yaml", "chapters/brekfast.yaml")
                                           .replace("pace: full}", "pace: full, take: the-ball}"), encoding="utf-8")
    assert main(["manuscript", str(novel / "manuscript.yaml")]) == 2
    err = capsys.readouterr().err.splitlines()
    where = str(novel / "manuscript.yaml")
    assert err[0].startswith(f"{where}:8:5: no scene file chapters/brekfast.yaml")
    assert err[1].startswith(f"{where}:9:5: chapters/pemberley-music.yaml: ") and "'the-ball'" in err[1]
    assert len(err) == 2
    assert not (novel / "manuscript_exports").exists()


def test_a_named_take_is_told(novel, capsys):
    scene = str(novel / "chapters" / "pemberley-music.yaml")  # two of the quicker chapters are enough
    assert main(["run", scene, "--seed", "7"]) == 0 and main(["run", scene, "--seed", "8"]) == 0
    (novel / "manuscript.yaml").write_text(MANUSCRIPT.split("  - chapters/breakfast")[0]
                                           + "  - {scene: chapters/pemberley-music.yaml, take: take-1}\n"
                                           + "  - chapters/rosings-cards.yaml\n", encoding="utf-8")
    md, _, _, _ = compile_book(novel, capsys)
    chapters = yaml.safe_load(md.split("---\n", 2)[1])["chapters"]
    assert chapters[0]["take"] == "take-1" and chapters[0]["seed"] == 7
    assert chapters[1]["take"] == "as written"  # no take of it yet: the scene as written


def test_a_book_needs_chapters(novel, capsys):
    (novel / "manuscript.yaml").write_text("title: T\nauthor: Jane Smith\n", encoding="utf-8")
    assert main(["manuscript", str(novel / "manuscript.yaml")]) == 2
    assert "no chapters" in capsys.readouterr().err


@pytest.mark.parametrize("chapters,problem", [
    ("chapters: x.yaml\n", "3:11: chapters should be a list of scene files, not text"),
    ("chapters:\n  - {take: t}\n", "4:5: a chapter needs 'scene'"),
    ("chapters:\n  - {scene: x.yaml, pace: slow}\n", "4:27: unknown pace 'slow'"),
    ("chapters:\n  - {scene: x.yaml, words: 10}\n", "4:28: words should be a whole number from 50 to 100000"),
    ("chapters:\n  - {scene: x.yaml, tkae: t}\n", "4:21: unknown key 'tkae' in a chapter (did you mean 'take'?)"),
])
def test_bad_chapters_are_located(novel, capsys, chapters, problem):
    (novel / "manuscript.yaml").write_text("title: T\nauthor: Jane Smith\n" + chapters, encoding="utf-8")
    assert main(["manuscript", str(novel / "manuscript.yaml")]) == 2
    assert f"manuscript.yaml:{problem}" in capsys.readouterr().err


# -- other readers -------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None,
                    reason="LibreOffice (soffice) and poppler-utils (pdftotext) are needed to read the pages")
def test_libreoffice_pages(book, tmp_path):
    _, _, path = book
    out = tmp_path / "pdf"
    subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(out), str(path)], capture_output=True, check=True,
                   timeout=180)
    pdf = out / "the-teetotum.pdf"
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True,
                           timeout=60).stdout.split("\f")
    pages = [p for p in pages if p.strip()]
    assert "The Teetotum" in pages[0] and "by Jane Smith" in pages[0] and "TEETOTUM /" not in pages[0]
    heads = [next(line.split("/")[-1].strip() for line in page.splitlines() if "Smith / TEETOTUM /" in line)
             for page in pages[1:]]
    assert heads == [str(n) for n in range(1, len(pages))]  # continuous, from the first chapter
    starts = [n for n, page in enumerate(pages) if "Chapter I" in page]
    assert len(starts) == 3 and all(page.strip().startswith("Smith / TEETOTUM") for page in pages[1:])
    for n in starts:  # each chapter begins its page: nothing but the head above it
        lines = [line for line in pages[n].splitlines() if line.strip()]
        assert "Chapter" in lines[1]
    assert pages[-1].split()[-1] == "END"


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc is not installed (Debian: apt-get install pandoc)")
def test_pandoc_titles_the_book_once(book):
    _, _, path = book
    html = subprocess.run(["pandoc", "-s", str(path.with_suffix(".md")), "-t", "html"], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    assert html.count('class="title"') == 1 and html.count("The Teetotum</h1>") == 1
    assert html.count("<h1 id=") == 3


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc is not installed (Debian: apt-get install pandoc)")
def test_pandoc_titles_chapter_exports_after_the_novel(novel, capsys):
    """Each chapter exported on its own: pandoc -s prints its title once, and three together are the novel."""
    import os

    os.chdir(novel)
    for name in ELSEWHERE:
        assert main(["export", f"chapters/{name}"]) == 0
    exports = [novel / "manuscript_exports" / name.replace(".yaml", ".brisk.md") for name in ELSEWHERE]

    def html(*paths: Path) -> str:
        return subprocess.run(["pandoc", "-s", *map(str, paths), "-t", "html"], capture_output=True, text=True,
                              check=True, timeout=60).stdout

    one = html(exports[0])
    assert one.count("A Wet Morning at Longbourn") == 1 and one.count('class="title">The Teetotum</h1>') == 1
    together = html(*exports)
    assert "<title>The Teetotum</title>" in together and together.count('class="title"') == 1
    assert together.count("<h1 id=") == 3
