"""Reading a browser's screenshot (a PNG as Chromium writes it: 8-bit RGB or RGBA, not
interlaced), and finding the lines of a grid drawn in it, as a person sees them: the columns
(or rows) of pixels that stand out from the background almost all the way across."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

#: a pixel stands out from the background by this much of the luminance's range (0..1)
CONTRAST = 0.15
#: a column (row) is a line where this share of its pixels stand out (a digit's stroke never
#: spans a board's whole height)
ACROSS = 0.85

Pixels = list[list[float]]  # the luminance (0 black .. 1 white) of each pixel, row by row


def luminance_rows(png: bytes) -> Pixels:
    """The luminance of each pixel of ``png``, row by row."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data = 8, b""
    width = height = channels = 0
    while at < len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + size]
        at += 12 + size
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour, interlace)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
    raw = zlib.decompress(data)
    stride = width * channels
    rows: Pixels = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)  # (each row: its filter method, then its bytes)
        method, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if method == 1:
                line[x] = (line[x] + left) & 0xFF
            elif method == 2:
                line[x] = (line[x] + up) & 0xFF
            elif method == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif method == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + best) & 0xFF
        previous = line
        rows.append([
            (0.2126 * line[x] + 0.7152 * line[x + 1] + 0.0722 * line[x + 2]) / 255
            for x in range(0, stride, channels)
        ])  # fmt: skip
    return rows


@dataclass(frozen=True)
class Line:
    """A line of the grid: where it starts (px), how wide it is, and its contrast with the
    background (0..1)."""

    at: int
    width: int
    contrast: float


def background(pixels: Pixels) -> float:
    """The luminance most pixels have (rounded to 1/50)."""
    counts: dict[float, int] = {}
    for row in pixels:
        for value in row:
            key = round(value * 50) / 50
            counts[key] = counts.get(key, 0) + 1
    return max(counts, key=lambda key: counts[key])


def lines(pixels: Pixels, vertical: bool) -> list[Line]:
    """The grid's vertical lines (``vertical``) or horizontal ones: runs of adjacent columns
    (rows) of which at least ``ACROSS`` of the pixels stand out from the background, each with
    its median contrast."""
    ground = background(pixels)
    strips = list(zip(*pixels, strict=True)) if vertical else pixels
    found: list[Line] = []
    run: list[float] = []
    for k, strip in enumerate([*strips, ()]):
        away = sorted(abs(value - ground) for value in strip)
        standing = sum(1 for value in away if value >= CONTRAST)
        if away and standing >= ACROSS * len(away):
            run.append(away[len(away) // 2])
            continue
        if run:
            found.append(Line(k - len(run), len(run), sorted(run)[len(run) // 2]))
            run = []
    return found
