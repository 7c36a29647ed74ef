"""versus export --format docx: the Markdown export's paragraphs in standard manuscript format, read back."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import docx
import pytest
import yaml
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING
from docx.shared import Inches, Pt

from versus.cli import main
from versus.export.blocks import about
from versus.export.properties import flatten, read_properties

ROOT = Path(__file__).parent.parent
SCENES = sorted(p.name for p in (ROOT / "scenes").glob("*.yaml") if ".takes." not in p.name)
MANUSCRIPT = """\
title: Versus
author: Jane Smith
contact:
  address: [1 Cheapside, London EC2V 6AA]
  email: jane@example.com
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "scenes").mkdir()
    for name in SCENES:
        shutil.copy(ROOT / "scenes" / name, tmp_path / "scenes" / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def with_manuscript(tmp_path_factory) -> tuple[str, docx.document.Document, Path]:
    """netherfield.yaml exported both ways once, beside a manuscript.yaml, for the tests that only read it."""
    project = tmp_path_factory.mktemp("with-manuscript")
    (project / "scenes").mkdir()
    for name in SCENES:
        shutil.copy(ROOT / "scenes" / name, project / "scenes" / name)
    (project / "manuscript.yaml").write_text(MANUSCRIPT, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(project)
        return export_both(project, "netherfield.yaml")


def export_both(project: Path, scene: str, *options: str) -> tuple[str, docx.document.Document, Path]:
    stem = Path(scene).stem + "." + (options[options.index("--pace") + 1] if "--pace" in options else "brisk")
    assert main(["export", f"scenes/{scene}", *options]) == 0
    assert main(["export", f"scenes/{scene}", "--format", "docx", *options]) == 0
    path = project / "manuscript_exports" / f"{stem}.docx"
    return (project / "manuscript_exports" / f"{stem}.md").read_text(encoding="utf-8"), docx.Document(path), path


def markdown_parts(text: str) -> tuple[dict, str, list[str]]:
    """Front matter, heading and paragraphs of a Markdown export, read by splitting on blank lines."""
    _, front, body = text.split("---\n", 2)
    blocks = body.strip().split("\n\n")
    assert blocks[0].startswith("# ")
    return yaml.safe_load(front), blocks[0][2:], blocks[1:]


def body_after_heading(document) -> list[str]:
    paragraphs = document.paragraphs
    start = next(i for i, p in enumerate(paragraphs) if p.style.name == "Heading 1")
    return [p.text for p in paragraphs[start + 1:]]


# -- the same paragraphs -------------------------------------------------------------------------

@pytest.mark.parametrize("scene", SCENES)
def test_exactly_the_markdown_paragraphs(project, scene):
    text, document, _ = export_both(project, scene)
    front, heading, paragraphs = markdown_parts(text)
    assert body_after_heading(document) == paragraphs
    headings = [p.text for p in document.paragraphs if p.style.name == "Heading 1"]
    assert headings == [heading]  # the title once outside the prose: in the chapter heading
    everything = "\n".join(p.text for p in document.paragraphs)
    assert everything.count(front["chapter_title"]) == text.split("---\n", 2)[2].count(front["chapter_title"])


def test_same_paragraphs_at_full_pace_and_for_a_named_take(project):
    assert main(["run", "scenes/netherfield.yaml"]) == 0
    text, document, _ = export_both(project, "netherfield.yaml", "--pace", "full")
    assert body_after_heading(document) == markdown_parts(text)[2]
    assert main(["export", "scenes/netherfield.yaml", "--take", "take-1", "--format", "docx"]) == 0
    assert main(["export", "scenes/netherfield.yaml", "--take", "take-1"]) == 0
    named = docx.Document(project / "manuscript_exports" / "netherfield-take-1.brisk.docx")
    md = (project / "manuscript_exports" / "netherfield-take-1.brisk.md").read_text(encoding="utf-8")
    assert body_after_heading(named) == markdown_parts(md)[2]


def test_italics_curly_quotes_elisions_and_scene_breaks_are_kept(project):
    scene = project / "scenes" / "netherfield.yaml"
    line = "narrate: A log settled in the grate, and Miss Bingley yawned behind her fan."
    text = scene.read_text(encoding="utf-8")
    assert line in text
    scene.write_text(text.replace(line, "narrate: \"'Tis a *very* wet night -- said Mrs. Hurst.\""), "utf-8")
    md, document, _ = export_both(project, "netherfield.yaml")
    # the default house style closes the dash up (dashes: closed in manuscript.yaml)
    assert "\u2019Tis a *very* wet night\u2014said Mrs. Hurst." in md
    paragraph = next(p for p in document.paragraphs if "wet night" in p.text)
    assert "\u2019Tis a very wet night\u2014said Mrs. Hurst." in paragraph.text
    assert [r.text for r in paragraph.runs if r.italic] == ["very"]
    assert any("\u201c" in p.text and "\u201d" in p.text for p in document.paragraphs)


def test_a_scene_break_is_a_centred_hash_and_the_next_paragraph_is_flush(project):
    from versus.export.blocks import read_blocks
    from versus.export.docx import Front, docx_bytes

    blocks = read_blocks("# Chapter I\n\nOne *two*.\n\nThree.\n\n* * *\n\nFour.\n\nFive.\n")
    path = project / "b.docx"
    path.write_bytes(docx_bytes(blocks, Front("T", "T", 5)))
    paragraphs = docx.Document(path).paragraphs[1:]
    assert [p.text for p in paragraphs] == ["Chapter I", "One two.", "Three.", "#", "Four.", "Five."]
    assert [p.style.name for p in paragraphs] == ["Heading 1", "First Paragraph", "Normal", "Scene Break",
                                                  "First Paragraph", "Normal"]
    assert paragraphs[3].style.paragraph_format.alignment == WD_ALIGN_PARAGRAPH.CENTER


# -- standard manuscript format ------------------------------------------------------------------

def test_type_spacing_indents_and_margins(project):
    _, document, _ = export_both(project, "rosings.yaml")
    normal = document.styles["Normal"]
    assert normal.font.name == "Times New Roman" and normal.font.size == Pt(12)
    assert normal.paragraph_format.line_spacing_rule == WD_LINE_SPACING.DOUBLE
    assert normal.paragraph_format.first_line_indent == Inches(0.5)
    assert document.styles["First Paragraph"].paragraph_format.first_line_indent == 0
    fonts = normal.element.rPr.rFonts
    assert {fonts.get(f"{{{fonts.nsmap['w']}}}{slot}") for slot in ("ascii", "hAnsi", "eastAsia", "cs")} == \
        {"Times New Roman"}
    assert not any("Theme" in key or "theme" in key for key in fonts.attrib)
    heading = document.styles["Heading 1"]
    assert heading.font.name == "Times New Roman" and heading.font.size == Pt(12)
    assert heading.paragraph_format.alignment == WD_ALIGN_PARAGRAPH.CENTER
    section = document.sections[0]
    assert [section.top_margin, section.bottom_margin, section.left_margin, section.right_margin] == [Inches(1)] * 4
    body = [p for p in document.paragraphs if p.style.name in ("Normal", "First Paragraph")]
    assert body[0].style.name == "First Paragraph" and {p.style.name for p in body[1:]} == {"Normal"}
    assert all(r.font.name is None and r.font.size is None for p in body for r in p.runs)  # the style rules


def test_courier_on_request(project):
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--font", "courier"]) == 0
    document = docx.Document(project / "manuscript_exports" / "rosings.brisk.docx")
    assert document.styles["Normal"].font.name == "Courier New"
    assert document.styles["Heading 1"].font.name == "Courier New"
    assert read_properties(project / "manuscript_exports" / "rosings.brisk.docx")["font"] == "courier"


def test_running_head_with_a_page_field_on_every_page_but_the_first(with_manuscript):
    _, document, _ = with_manuscript
    section = document.sections[0]
    assert section.different_first_page_header_footer
    assert not section.first_page_header.is_linked_to_previous
    assert "".join(p.text for p in section.first_page_header.paragraphs) == ""
    head = section.header.paragraphs[0]
    assert head.text.startswith("Smith / Versus / ")
    xml = head._p.xml
    assert re.search(r'<w:fldChar w:fldCharType="begin"/>.*<w:instrText[^>]*> PAGE </w:instrText>.*'
                     r'<w:fldChar w:fldCharType="separate"/>.*<w:fldChar w:fldCharType="end"/>', xml, re.S)


def test_without_manuscript_yaml_the_head_is_the_scenes_title_and_there_is_no_contact(project):
    text, document, _ = export_both(project, "netherfield.yaml")
    assert document.sections[0].header.paragraphs[0].text == "A Game at Netherfield / 2"
    first = document.paragraphs[0]
    words = len(re.findall(r"[^\W_]+(?:['\u2019.-][^\W_]+)*", "\n".join(markdown_parts(text)[2])))
    assert first.text == about(words) and first.alignment == WD_ALIGN_PARAGRAPH.RIGHT
    assert document.paragraphs[1].style.name == "Heading 1"
    assert document.core_properties.author == ""


def test_first_page_contact_at_left_word_count_at_right_heading_a_third_down(with_manuscript):
    text, document, _ = with_manuscript
    lines = [p.text for p in document.paragraphs[:4]]
    assert lines[0].startswith("Jane Smith\tabout ") and lines[0].endswith(" words")
    assert lines[1:] == ["1 Cheapside", "London EC2V 6AA", "jane@example.com"]
    count = int(lines[0].split()[-2].replace(",", ""))
    assert count % 100 == 0 and 400 < count < 2500
    heading = document.paragraphs[4]
    assert heading.style.name == "Heading 1"
    top = document.sections[0].top_margin + heading.paragraph_format.space_before + 4 * Pt(13.8)
    assert abs(top - document.sections[0].page_height / 3) < Inches(0.25)
    front = markdown_parts(text)[0]
    assert front["title"] == "Versus" and front["author"] == "Jane Smith"
    assert front["chapter_title"] == "A Game at Netherfield"


@pytest.mark.parametrize("words,said", [(7, "about 10 words"), (149, "about 100 words"), (151, "about 200 words"), (1249, "about 1,200 words"),
                                        (1250, "about 1,200 words"), (12_600, "about 13,000 words")])
def test_word_counts_are_rounded_as_manuscripts_give_them(words, said):
    assert about(words) == said


# -- properties ----------------------------------------------------------------------------------

def test_core_and_custom_properties_hold_the_title_author_and_the_record(with_manuscript):
    text, document, path = with_manuscript
    core = document.core_properties
    assert core.title == "Versus" and core.author == "Jane Smith"
    assert core.created is None and core.modified is None  # nothing variable goes into the file
    front = markdown_parts(text)[0]
    properties = read_properties(path)
    assert properties == {**flatten(front), "font": "times"}
    assert properties["board"] == "mansion-of-happiness" and properties["seed"] == 1811
    assert properties["rules.preset"] == "ives" and properties["take"] == "as written"
    assert [int(s) for s in properties["spins"].split(", ")] == front["spins"]


def test_custom_properties_part_is_declared_and_related(project):
    _, _, path = export_both(project, "netherfield.yaml")
    with zipfile.ZipFile(path) as package:
        names = package.namelist()
        types = package.read("[Content_Types].xml").decode()
        rels = package.read("_rels/.rels").decode()
        custom = package.read("docProps/custom.xml").decode()
    assert names[0] == "[Content_Types].xml" and "docProps/custom.xml" in names
    assert ('<Override PartName="/docProps/custom.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>') in types
    assert ('Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" '
            'Target="docProps/custom.xml"') in rels
    pids = [int(n) for n in re.findall(r'pid="(\d+)"', custom)]
    assert pids == list(range(2, 2 + len(pids)))
    assert set(re.findall(r'fmtid="([^"]+)"', custom)) == {"{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"}
    assert "thumbnail" not in rels and "docProps/thumbnail.jpeg" not in names


def test_long_values_are_split_for_word_and_joined_on_reading(tmp_path):
    from versus.export.properties import custom_xml

    spins = list(range(1, 7)) * 60
    path = tmp_path / "p.docx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("docProps/custom.xml", custom_xml({"spins": spins, "seed": 2**40, "ok": True}))
    with zipfile.ZipFile(path) as package:
        values = re.findall(r"<vt:lpwstr>([^<]*)</vt:lpwstr>", package.read("docProps/custom.xml").decode())
    assert len(values) > 1 and max(len(v) for v in values) <= 255
    assert read_properties(path) == {"spins": ", ".join(map(str, spins)), "seed": 2**40, "ok": True}


# -- never clobbered, and the same take gives the same bytes -----------------------------------

def test_same_take_same_bytes_and_never_clobbered(project, capsys):
    exports = project / "manuscript_exports"
    assert main(["export", "scenes/rosings.yaml", "--format", "docx"]) == 0
    first = (exports / "rosings.brisk.docx").read_bytes()
    assert main(["export", "scenes/rosings.yaml", "-o", "elsewhere/r.docx"]) == 0  # the format from -o
    assert (project / "elsewhere" / "r.docx").read_bytes() == first
    capsys.readouterr()
    assert main(["export", "scenes/rosings.yaml", "--format", "docx"]) == 0
    assert "nothing written" in capsys.readouterr().out
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--pace", "full"]) == 0  # named by its pace
    assert (exports / "rosings.full.docx").exists() and (exports / "rosings.brisk.docx").read_bytes() == first
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--font", "courier"]) == 0  # other bytes
    assert (exports / "rosings.brisk-2.docx").exists() and (exports / "rosings.brisk.docx").read_bytes() == first
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--font", "courier", "--force"]) == 0
    assert (exports / "rosings.brisk.docx.bak").read_bytes() == first
    assert sorted(p.name for p in exports.iterdir() if not p.name.startswith(".")) == [
        "rosings.brisk-2.docx", "rosings.brisk.docx", "rosings.brisk.docx.bak", "rosings.full.docx"]


def test_options_that_belong_to_the_other_format_are_refused(project, capsys):
    assert main(["export", "scenes/rosings.yaml", "--font", "courier"]) == 2
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--ledger"]) == 2
    err = capsys.readouterr().err
    assert "--font is for --format docx" in err and "--ledger is for --format md" in err
    assert not (project / "manuscript_exports").exists()


# -- other readers -------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("pandoc") is None,
                    reason="pandoc is not installed (Debian: apt-get install pandoc); the check that it reads "
                           "the .docx is skipped")
def test_pandoc_reads_it(with_manuscript):
    text, _, path = with_manuscript
    _, heading, paragraphs = markdown_parts(text)
    plain = subprocess.run(["pandoc", str(path), "-t", "plain", "--wrap=none"], capture_output=True, text=True,
                           check=True, timeout=60).stdout
    chunks = [c.strip() for c in plain.split("\n\n") if c.strip()]
    assert heading in chunks and chunks.index(heading) == 4
    assert chunks[chunks.index(heading) + 1:] == paragraphs
    as_markdown = subprocess.run(["pandoc", str(path), "-t", "markdown"], capture_output=True, text=True,
                                 check=True, timeout=60).stdout
    assert as_markdown.count("# Chapter XI") == 1  # pandoc's own Markdown has one heading, the chapter's


@pytest.mark.skipif(shutil.which("soffice") is None,
                    reason="LibreOffice (soffice) is not installed; the check that it opens the .docx is skipped")
def test_libreoffice_opens_it(project, tmp_path):
    text, _, path = export_both(project, "rosings.yaml")
    out = tmp_path / "lo"
    subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
                    "--convert-to", "txt:Text (encoded):UTF8", "--outdir", str(out), str(path)],
                   capture_output=True, check=True, timeout=180)
    converted = (out / "rosings.brisk.txt").read_text(encoding="utf-8-sig")
    lines = [line for line in converted.splitlines() if line.strip()]
    assert lines[1:] == [markdown_parts(text)[1], *markdown_parts(text)[2]]


def test_prose_that_markdown_would_take_for_a_list_or_code_is_still_a_paragraph(tmp_path):
    from versus.export.blocks import read_blocks
    from versus.export.docx import Front, docx_bytes

    markdown = ("---\ntake: x\n---\n\n# Chapter I\n\n1811. It rained.\n\n- so said *she*.\n\n> Quoted.\n\n"
                "    Indented.\n\nPlain.\n\n*The ledger of the play.*\n\n| a |\n|---|\n| 1 |\n")
    path = tmp_path / "l.docx"
    path.write_bytes(docx_bytes(read_blocks(markdown), Front("T", "T", 9)))
    assert body_after_heading(docx.Document(path)) == ["1811. It rained.", "- so said she.", "> Quoted.",
                                                      "Indented.", "Plain.", "The ledger of the play."]


def test_the_same_take_gives_the_same_bytes_at_any_time(project, monkeypatch):
    import time

    from versus.export.word import manuscript_docx
    from versus.scenes.load import load_scene
    from versus.takes.playthrough import Playthrough

    play = Playthrough(load_scene(project / "scenes" / "rosings.yaml"))
    for _ in play.play_out():
        pass
    first = manuscript_docx(play, "as written")
    later = time.time() + 86_400 * 400
    monkeypatch.setattr(time, "time", lambda: later)
    assert manuscript_docx(play, "as written") == first


def test_annotations_for_the_author_stay_out_of_the_manuscript(project):
    text, plain, _ = export_both(project, "rosings.yaml")
    assert main(["export", "scenes/rosings.yaml", "--format", "docx", "--annotate", "-o", "a.docx"]) == 0
    assert main(["export", "scenes/rosings.yaml", "--annotate", "-o", "a.md"]) == 0
    assert "<!-- versus:" in (project / "a.md").read_text(encoding="utf-8")
    annotated = docx.Document(project / "a.docx")
    assert body_after_heading(annotated) == body_after_heading(plain) == markdown_parts(text)[2]
    assert not any("<!--" in p.text for p in annotated.paragraphs)
