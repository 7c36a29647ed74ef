"""Realisation as a Word file in standard manuscript format: blocks and a front record in, bytes out.

12 pt Times New Roman (or Courier New), double-spaced, half-inch first-line indents (the first
paragraph after a heading or a break flush), one-inch margins; the author's name and contact at
top left of the first page and the word count at top right; the chapter heading centred a third
of the way down; scene breaks a centred "#"; a running head "Surname / Short title / page" on
every page but the first. A book has a title page of its own (the title and byline centred
halfway down), each chapter on a new page, pages numbered from the first chapter, and END.
The same blocks and record give the same bytes.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from typing import Any

import docx
from docx.enum.section import WD_SECTION_START
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_TAB_ALIGNMENT
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, Mm, Pt
from docx.text.paragraph import Paragraph

from versus.export.blocks import Block, about
from versus.export.properties import PARTNAME, custom_xml

FONTS = {"times": "Times New Roman", "courier": "Courier New"}
PAPER = {"letter": (Inches(8.5), Inches(11)), "a4": (Mm(210), Mm(297))}
SINGLE_LINE = Pt(13.8)  # one single-spaced line of 12 pt type, near enough for placing the heading
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say: no clock goes into the file


@dataclass(frozen=True)
class Front:
    """What the first page, the running head and the document's properties say."""

    title: str  # the document's title: the novel's, else the scene's
    running_head: str  # "Smith / Versus", or the scene's title with no manuscript.yaml
    words: int
    author: str = ""
    contact: tuple[str, ...] = ()  # the name and contact lines at top left; none without manuscript.yaml
    subject: str = ""
    comments: str = ""
    record: dict[str, Any] = field(default_factory=dict)  # the front matter, as custom properties
    font: str = "times"
    paper: str = "letter"
    language: str = "en-GB"
    book: bool = False  # a whole book: a title page of its own, each chapter on a new page, and END


def docx_bytes(blocks: list[Block], front: Front) -> bytes:
    document = docx.Document()
    _page(document, front)
    _styles(document, FONTS[front.font], front.language)
    _first_page(document, front)
    if front.book:
        _title(document, front)
        _book(document, blocks)
        _running_heads(document, front.running_head)
    else:
        _body(document, blocks, front)
        _running_head(document, front.running_head)
    _properties(document, front)
    raw = io.BytesIO()
    document.save(raw)
    return _deterministic(raw.getvalue())


# -- the page and the styles ---------------------------------------------------------------------

def _page(document, front: Front) -> None:
    section = document.sections[0]
    section.page_width, section.page_height = PAPER[front.paper]
    for side in ("top_margin", "bottom_margin", "left_margin", "right_margin"):
        setattr(section, side, Inches(1))
    section.header_distance = section.footer_distance = Inches(0.5)


def _text_width(document) -> int:
    section = document.sections[0]
    return section.page_width - section.left_margin - section.right_margin


def _styles(document, font: str, language: str) -> None:
    _defaults(document, font, language)
    normal = document.styles["Normal"]
    _font(normal, font)
    fmt = normal.paragraph_format
    fmt.line_spacing_rule = WD_LINE_SPACING.DOUBLE
    fmt.first_line_indent = Inches(0.5)
    fmt.space_before = fmt.space_after = Pt(0)
    fmt.widow_control = True
    _style(document, "First Paragraph", indent=False)  # pandoc's and Scrivener's name for a flush opening
    _style(document, "Scene Break", indent=False, centred=True)
    _style(document, "Title Page", indent=False, centred=True)
    _style(document, "End", indent=False, centred=True).paragraph_format.space_before = Pt(24)
    _style(document, "Contact", indent=False, single=True).paragraph_format.tab_stops.add_tab_stop(
        _text_width(document), WD_TAB_ALIGNMENT.RIGHT)
    heading = document.styles["Heading 1"]
    _font(heading, font)
    heading.font.bold = False
    heading.font.color.rgb = None
    heading.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading.paragraph_format.first_line_indent = Inches(0)
    heading.paragraph_format.space_after = Pt(24)  # a blank line between the heading and the prose
    heading.paragraph_format.keep_with_next = True
    _font(document.styles["Heading 2"], font)
    document.styles["Heading 2"].font.bold = False
    document.styles["Heading 2"].font.color.rgb = None
    document.styles["Heading 2"].paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
    _font(document.styles["Header"], font)


def _style(document, name: str, indent: bool, centred: bool = False, single: bool = False):
    style = document.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
    style.base_style = document.styles["Normal"]
    style.next_paragraph_style = document.styles["Normal"]
    fmt = style.paragraph_format
    if not indent:
        fmt.first_line_indent = Inches(0)
    if centred:
        fmt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    if single:
        fmt.line_spacing_rule = WD_LINE_SPACING.SINGLE
    return style


def _font(style, font: str) -> None:
    """The font by name in every script slot, the template's theme fonts (Calibri, Cambria) removed."""
    style.font.name = font
    style.font.size = Pt(12)
    fonts = style.element.rPr.find(qn("w:rFonts"))
    _plain_fonts(fonts, font)


def _plain_fonts(fonts, font: str) -> None:
    for slot in ("asciiTheme", "hAnsiTheme", "eastAsiaTheme", "cstheme"):
        fonts.attrib.pop(qn(f"w:{slot}"), None)
    for slot in ("ascii", "hAnsi", "eastAsia", "cs"):
        fonts.set(qn(f"w:{slot}"), font)


def _defaults(document, font: str, language: str) -> None:
    """The document defaults too, so text outside any style (a field's result) is in the same type."""
    defaults = document.styles.element.find(qn("w:docDefaults"))
    rpr = defaults.find(qn("w:rPrDefault")).find(qn("w:rPr"))
    _plain_fonts(rpr.find(qn("w:rFonts")), font)
    for tag in ("w:sz", "w:szCs"):
        rpr.find(qn(tag)).set(qn("w:val"), "24")
    rpr.find(qn("w:lang")).set(qn("w:val"), language)
    spacing = defaults.find(qn("w:pPrDefault")).find(qn("w:pPr")).find(qn("w:spacing"))
    spacing.set(qn("w:after"), "0")


# -- the text ------------------------------------------------------------------------------------

def _first_page(document, front: Front) -> None:
    """Name and contact at top left, the word count at top right of the first line."""
    count = about(front.words)
    lines = front.contact or ("",)
    first = document.add_paragraph(f"{lines[0]}\t{count}", style="Contact")
    if not front.contact:
        first.text, first.alignment = count, WD_ALIGN_PARAGRAPH.RIGHT
    for line in lines[1:]:
        document.add_paragraph(line, style="Contact")


def _body(document, blocks: list[Block], front: Front) -> None:
    flush = True
    for n, block in enumerate(blocks):
        if block.kind == "break":
            document.add_paragraph("#", style="Scene Break")
            flush = True
            continue
        if block.kind == "heading":
            paragraph = document.add_paragraph(style="Heading 1" if block.level == 1 else "Heading 2")
            if n == 0:
                paragraph.paragraph_format.space_before = _third_down(document, len(front.contact or ("",)))
            flush = True
        else:
            paragraph = document.add_paragraph(style="First Paragraph" if flush else "Normal")
            flush = False
        _runs(paragraph, block)


def _runs(paragraph: Any, block: Block) -> None:
    """A block's words into its paragraph, italics and bold kept."""
    for run in block.runs:
        added = paragraph.add_run(run.text)
        added.italic = run.italic or None
        added.bold = run.bold or None


def _title(document, front: Front) -> None:
    """The title page: the title and byline centred halfway down, below the contact block."""
    section = document.sections[0]
    lines_above = len(front.contact or ("",))
    title = document.add_paragraph(front.title, style="Title Page")
    title.paragraph_format.space_before = max(Pt(24), int(section.page_height / 2 - section.top_margin
                                                          - (lines_above + 1) * SINGLE_LINE))
    document.add_paragraph(f"by {front.author}" if front.author else "", style="Title Page")


def _book(document, blocks: list[Block]) -> None:
    """The chapters after the title page, each from a new page a third down, numbered from 1; END after."""
    body = document.add_section(WD_SECTION_START.NEW_PAGE)
    _number_from_one(body)
    flush, chapters = True, 0
    for block in blocks:
        if block.kind == "break":
            document.add_paragraph("#", style="Scene Break")
            flush = True
            continue
        if block.kind == "heading" and block.level == 1:
            paragraph = document.add_paragraph(style="Heading 1")
            paragraph.paragraph_format.space_before = _third_down(document, 0)
            paragraph.paragraph_format.page_break_before = chapters > 0 or None  # the first follows the section break
            chapters += 1
            flush = True
        elif block.kind == "heading":
            paragraph = document.add_paragraph(style="Heading 2")
            flush = True
        else:
            paragraph = document.add_paragraph(style="First Paragraph" if flush else "Normal")
            flush = False
        _runs(paragraph, block)
    document.add_paragraph("END", style="End")


def _number_from_one(section) -> None:
    number = OxmlElement("w:pgNumType")
    number.set(qn("w:start"), "1")
    section._sectPr.append(number)


def _running_heads(document, text: str) -> None:
    """No head on the title page; on every page of the book, "Surname / Title / page"."""
    title_page, body = document.sections
    title_page.header.is_linked_to_previous = False  # defined, and empty
    body.header.is_linked_to_previous = False
    paragraph = body.header.paragraphs[0]
    paragraph.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    paragraph.add_run(f"{text} / ")
    _page_field(paragraph, "1")


def _third_down(document, lines_above: int) -> int:
    """Space before the chapter heading, so that it stands about a third of the way down the page."""
    section = document.sections[0]
    return max(Pt(24), int(section.page_height / 3 - section.top_margin - lines_above * SINGLE_LINE))


def _running_head(document, text: str) -> None:
    section = document.sections[0]
    section.different_first_page_header_footer = True
    section.first_page_header.is_linked_to_previous = False  # defined, and empty: no head on page one
    paragraph = section.header.paragraphs[0]
    paragraph.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    paragraph.add_run(f"{text} / ")
    _page_field(paragraph)


def _page_field(paragraph: Paragraph, shown: str = "2") -> None:
    """A PAGE field (begin, instruction, separate, cached result, end), which every word processor updates."""
    def run_with(tag: str, **attrs: str):
        run = paragraph.add_run()
        element = OxmlElement(tag)
        for key, value in attrs.items():
            element.set(qn(key), value)
        run._r.append(element)
        return element

    run_with("w:fldChar", **{"w:fldCharType": "begin"})
    instruction = run_with("w:instrText", **{"xml:space": "preserve"})
    instruction.text = " PAGE "
    run_with("w:fldChar", **{"w:fldCharType": "separate"})
    paragraph.add_run(shown)  # the cached result: the number of the first page that shows the head
    run_with("w:fldChar", **{"w:fldCharType": "end"})


# -- the package ---------------------------------------------------------------------------------

def _properties(document, front: Front) -> None:
    core = document.core_properties
    core.title, core.author, core.subject = front.title, front.author, front.subject
    core.comments, core.category, core.language = front.comments, "Manuscript", front.language
    core.keywords, core.last_modified_by, core.revision = "", front.author or "Versus", 1
    _drop_dates(document)
    package = document.part.package
    for rid, rel in list(package.rels.items()):
        if rel.reltype in (RT.THUMBNAIL, RT.EXTENDED_PROPERTIES):  # the template's picture and app.xml
            package.rels.pop(rid)
    package.relate_to(Part(PackURI("/docProps/app.xml"), CT.OFC_EXTENDED_PROPERTIES, _app_xml(front), package),
                      RT.EXTENDED_PROPERTIES)
    package.relate_to(Part(PackURI(PARTNAME), CT.OFC_CUSTOM_PROPERTIES, custom_xml(front.record), package),
                      RT.CUSTOM_PROPERTIES)
    _template_leftovers(document)


def _template_leftovers(document) -> None:
    """Word 2010's copy of the template's styles (Calibri, blue headings), and its claim to be proofread."""
    rels = document.part.rels
    for rid, rel in list(rels.items()):
        if rel.reltype.endswith("/stylesWithEffects"):
            rels.pop(rid)
    settings = document.settings.element
    for found in settings.findall(qn("w:proofState")):
        settings.remove(found)  # so that Word checks the spelling of the new prose


def _drop_dates(document) -> None:
    """No created or modified date: a date would make the same take give a different file."""
    element = document.core_properties._element
    for tag in ("dcterms:created", "dcterms:modified"):
        for found in element.findall(qn(tag)):
            element.remove(found)


def _app_xml(front: Front) -> bytes:
    from versus import __version__

    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
            f"<Application>Versus {__version__}</Application><Words>{front.words}</Words>"
            f"<DocSecurity>0</DocSecurity></Properties>").encode()


def _deterministic(data: bytes) -> bytes:
    """The same zip with every entry stamped ZIP_TIME, so the same take gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            entry.compress_type, entry.external_attr, entry.create_system = zipfile.ZIP_DEFLATED, 0o644 << 16, 3
            target.writestr(entry, source.read(info.filename))
    return out.getvalue()
