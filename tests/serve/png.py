"""Just enough PNG decoding (8-bit RGB or RGBA, not interlaced, as Chromium writes them) to
compare two screenshots row by row without adding an imaging library."""

from __future__ import annotations

import struct
import zlib


def size(data: bytes) -> tuple[int, int]:
    """Width and height, from the IHDR chunk that always comes first."""
    return struct.unpack(">II", data[16:24])


def rows(data: bytes) -> list[bytes]:
    """The image's pixel rows, unfiltered."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and not interlace, "unexpected PNG layout"
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    out: list[bytes] = []
    prior = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        out.append(bytes(line))
        prior = line
    return out


def changed_rows(before: bytes, after: bytes) -> list[int]:
    """The y of every pixel row that differs between two screenshots of one size."""
    a, b = rows(before), rows(after)
    assert len(a) == len(b), "the screenshots differ in size"
    return [y for y, (x, z) in enumerate(zip(a, b, strict=True)) if x != z]
