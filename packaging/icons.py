"""The Windows .ico and the macOS .icns of the app, made from the hicolor
PNGs that scripts/make_icon.py draws (packaging/icons/hicolor/NxN/apps/).

Both formats may hold PNG images as they are (Windows Vista and later,
macOS 10.7 and later), so this needs no image library: build.spec calls
``write_ico``/``write_icns`` on the build machine.  ``read_ico`` and
``read_icns`` read them back for the tests.
"""

from __future__ import annotations

import struct
from pathlib import Path

NAME = "mind-the-gap"
HICOLOR = Path(__file__).resolve().parent / "icons" / "hicolor"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

#: sizes in the .ico (256 is the largest Windows shows)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: .icns element types holding PNG data, and their pixel sizes
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic11", 32),  # 16 px @2x
    (b"ic12", 64),  # 32 px @2x
    (b"ic13", 256),  # 128 px @2x
    (b"ic14", 512),  # 256 px @2x
)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def png(size: int, hicolor: Path = HICOLOR) -> bytes:
    data = (hicolor / f"{size}x{size}" / "apps" / f"{NAME}.png").read_bytes()
    if png_size(data) != (size, size):
        raise ValueError(f"the {size} px icon is {png_size(data)}")
    return data


def write_ico(out: Path, hicolor: Path = HICOLOR) -> Path:
    images = [(s, png(s, hicolor)) for s in ICO_SIZES]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, blobs = [], []
    for size, data in images:
        side = 0 if size >= 256 else size  # 0 means 256
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(head + b"".join(entries) + b"".join(blobs))
    return out


def write_icns(out: Path, hicolor: Path = HICOLOR) -> Path:
    body = b""
    for kind, size in ICNS_TYPES:
        data = png(size, hicolor)
        body += kind + struct.pack(">I", 8 + len(data)) + data
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return out


def read_ico(data: bytes) -> list[tuple[int, int, tuple[int, int]]]:
    """(width, height) as the directory says and as the PNG says, per image."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    out = []
    for i in range(count):
        w, h, _colours, _res, _planes, _bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i : 22 + 16 * i])
        out.append((w or 256, h or 256, png_size(data[offset : offset + length])))
        if offset + length > len(data):
            raise ValueError("an image runs past the end of the file")
    return out


def read_icns(data: bytes) -> list[tuple[bytes, tuple[int, int]]]:
    """(element type, PNG size) per element."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file")
    out, pos = [], 8
    while pos < len(data):
        kind = data[pos : pos + 4]
        (length,) = struct.unpack(">I", data[pos + 4 : pos + 8])
        if length < 8 or pos + length > len(data):
            raise ValueError("a broken element")
        out.append((kind, png_size(data[pos + 8 : pos + length])))
        pos += length
    return out
