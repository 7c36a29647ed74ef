"""The export's reproducible record as a Word file's custom properties (docProps/custom.xml).

python-docx has no API for custom properties, so the part is written here (ECMA-376 Part 1,
§22.3): one <property> per value, each with the fixed format id and a pid counting from 2, typed
vt:lpwstr, vt:i4/i8 or vt:bool. Nested values are flattened ("rules.preset"); lists are written
"3, 5, 2"; text longer than Word keeps (255 characters) goes on in "spins 2", "spins 3", ….
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

# lxml ships no type hints and lxml-stubs is not a dependency (python-docx brings lxml); as docx in pyproject
from lxml import etree  # type: ignore[import-untyped]

NS = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"  # the one format id of user-defined properties
PARTNAME = "/docProps/custom.xml"
LONGEST = 255


def flatten(record: dict[str, Any], prefix: str = "") -> dict[str, str | int | bool]:
    """{'rules': {'preset': 'ives'}, 'spins': [3, 5]} → {'rules.preset': 'ives', 'spins': '3, 5'}."""
    flat: dict[str, str | int | bool] = {}
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, name + "."))
        elif isinstance(value, (list, tuple)):
            flat[name] = ", ".join("~" if v is None else str(v) for v in value)
        elif isinstance(value, (bool, int, str)):
            flat[name] = value
        elif value is not None:
            flat[name] = str(value)
    return flat


def custom_xml(record: dict[str, Any]) -> bytes:
    root = etree.Element(f"{{{NS}}}Properties", nsmap={None: NS, "vt": VT})
    pid = 2
    for name, value in _split_long(flatten(record)):
        prop = etree.SubElement(root, f"{{{NS}}}property", fmtid=FMTID, pid=str(pid), name=name)
        kind = "bool" if isinstance(value, bool) else _int_kind(value) if isinstance(value, int) else "lpwstr"
        etree.SubElement(prop, f"{{{VT}}}{kind}").text = str(value).lower() if kind == "bool" else str(value)
        pid += 1
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _int_kind(value: int) -> str:
    return "i4" if -2**31 <= value < 2**31 else "i8"


def _split_long(flat: dict[str, str | int | bool]) -> list[tuple[str, str | int | bool]]:
    out: list[tuple[str, str | int | bool]] = []
    for name, value in flat.items():
        if not isinstance(value, str) or len(value) <= LONGEST:
            out.append((name, value))
            continue
        for n, piece in enumerate(_pieces(value), start=1):
            out.append((name if n == 1 else f"{name} {n}", piece))
    return out


def _pieces(text: str) -> list[str]:
    """Pieces of at most LONGEST characters, broken after a comma or space where there is one."""
    pieces = []
    while len(text) > LONGEST:
        cut = max(text.rfind(", ", 0, LONGEST - 1) + 2, text.rfind(" ", 0, LONGEST) + 1)
        cut = cut if cut > 1 else LONGEST
        pieces.append(text[:cut])
        text = text[cut:]
    return [*pieces, text]


def read_properties(path: Path | str) -> dict[str, str | int | bool]:
    """The custom properties of a .docx, the pieces of long text joined again (the inverse of custom_xml)."""
    with zipfile.ZipFile(path) as package:
        if PARTNAME.lstrip("/") not in package.namelist():
            return {}
        root = etree.fromstring(package.read(PARTNAME.lstrip("/")))
    found: dict[str, str | int | bool] = {}
    for prop in root.findall(f"{{{NS}}}property"):
        name, value = prop.get("name"), _value(prop[0])
        head, _, n = name.rpartition(" ")
        if n.isdigit() and isinstance(found.get(head), str):
            found[head] = str(found[head]) + str(value)
        else:
            found[name] = value
    return found


def _value(element: etree._Element) -> str | int | bool:
    kind = etree.QName(element).localname
    text = element.text or ""
    if kind == "bool":
        return text.strip().lower() in ("true", "1")
    if kind in ("i1", "i2", "i4", "i8", "int", "ui1", "ui2", "ui4", "ui8", "uint"):
        return int(text)
    return text
