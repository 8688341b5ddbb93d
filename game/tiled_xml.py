"""Tiled's own XML map format (.tmx): its header read in the shape of a JSON map (.tmj), so one set of checks
(board size, files referenced outside the map's folder) runs before the parser opens anything."""

from __future__ import annotations

import contextlib
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

TMX_SUFFIX = ".tmx"
_LAYERS = ("layer", "objectgroup", "imagelayer", "group")  # the elements Tiled counts as layers, in file order
ENCODINGS = ("csv", "base64")  # layer data; without an encoding, one <tile gid=".."/> per cell
COMPRESSIONS = ("zlib", "gzip", "zstd")  # base64 data may be compressed with one of these


def is_tmx(path: Path, text: str) -> bool:
    """A TMX map: by its suffix, or (any other name) by being XML rather than JSON."""
    return path.suffix.lower() == TMX_SUFFIX or text.lstrip("\ufeff \t\r\n").startswith("<")


def tmx_header(text: str) -> tuple[dict[str, Any], list[str]]:
    """`width`, `height`, `tilesets` (their attributes: `source` for an external .tsx) and `layers` (nested
    `layers` of groups, `objects` with their `template`), as the JSON format names them; and the problems of
    layer data in an encoding or compression Tiled never writes (the parser would read it as uncompressed).

    Raises ValueError for text that is not a Tiled XML map. Entities are never
    fetched from outside the file, and expat refuses entity expansion bombs.
    """
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:  # a SyntaxError, not a ValueError
        raise ValueError(f"XML: {exc}") from None
    if root.tag != "map":
        raise ValueError(f"the root element is <{root.tag}>, not <map>")
    problems: list[str] = []
    header = {"width": _number(root.get("width")), "height": _number(root.get("height")),
              "tilesets": [_typed(tileset.attrib) for tileset in root.findall("tileset")],
              "layers": _layers(root, "layers", problems)}
    return header, problems


def _layers(node: ElementTree.Element, key: str, problems: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for child in node:
        if child.tag not in _LAYERS:
            continue
        layer: dict[str, Any] = {}
        where = f"{key}[{len(out)}]"
        for data in child.findall("data"):
            encoding, compression = data.get("encoding"), data.get("compression")
            if encoding is not None and encoding not in ENCODINGS:
                problems.append(f"{where}.data: encoding '{encoding}' is not one Tiled writes ({', '.join(ENCODINGS)})")
            elif compression and (encoding != "base64" or compression not in COMPRESSIONS):
                problems.append(f"{where}.data: compression '{compression}' is not one Tiled writes (base64 data "
                                f"with {', '.join(COMPRESSIONS)})")
        if child.tag == "objectgroup":
            layer["objects"] = [_typed(obj.attrib) for obj in child.findall("object")]
        elif child.tag == "group":
            layer["layers"] = _layers(child, f"{where}.layers", problems)
        out.append(layer)
    return out


NUMBERS = frozenset({"firstgid", "x", "y", "width", "height", "rotation", "id", "gid"})


def _typed(attributes: dict[str, str]) -> dict[str, Any]:
    """An element's attributes as the JSON format types them: numbers where JSON has numbers (a value that is
    not one stays text, so the map checks name it as they would in a .tmj)."""
    out: dict[str, Any] = dict(attributes)
    for key in NUMBERS & out.keys():
        text = out[key]
        try:
            out[key] = int(text)
        except ValueError:
            with contextlib.suppress(ValueError):  # not a number: left as text for the checks to name
                out[key] = float(text)
    return out


def _number(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None  # the parser names the bad attribute
