"""Draws the extension's icon, images/icon.png (128 x 128): the seed quiz's board
(examples/seed.txt) as the Board view draws it, its givens in a small pixel font, one cell set by
a step and the guessed cells of two levels in their colours (those of the replay page and the
Board view's fallbacks). Python's standard library only: `python3 scripts/make_icon.py`."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

SIZE = 128
GRID = 117  # 9 cells of 13 pixels
CELL = 13
EDGE = (SIZE - GRID) // 2
BACK = (253, 253, 251)
THIN = (170, 170, 170)
THICK = (40, 40, 40)
GIVEN = (20, 20, 20)
SET = (255, 226, 120)
LEVELS = [(0, 131, 143), (160, 48, 143)]
SEED = (
    "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
)
#: 3x5 digits, a row of three bits a line
FONT = {
    "1": ["010", "110", "010", "010", "111"],
    "2": ["111", "001", "111", "100", "111"],
    "3": ["111", "001", "111", "001", "111"],
    "4": ["101", "101", "111", "001", "001"],
    "5": ["111", "100", "111", "001", "111"],
    "6": ["111", "100", "111", "101", "111"],
    "7": ["111", "001", "010", "010", "010"],
    "8": ["111", "101", "111", "101", "111"],
    "9": ["111", "101", "111", "001", "111"],
}


def draw() -> list[list[tuple[int, int, int]]]:
    px = [[BACK] * SIZE for _ in range(SIZE)]

    def fill(x0: int, y0: int, w: int, h: int, colour: tuple[int, int, int]) -> None:
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                px[y][x] = colour

    marked = {30: SET, 37: LEVELS[0], 52: LEVELS[1]}  # [4,4] set; [5,2] level 1, [6,8] level 2
    for cell, colour in marked.items():
        r, c = divmod(cell, 9)
        fill(EDGE + c * CELL, EDGE + r * CELL, CELL, CELL, colour)
    for k in range(10):
        width, colour = (3, THICK) if k % 3 == 0 else (1, THIN)
        at = EDGE + k * CELL - width // 2
        fill(at, EDGE - 1, width, GRID + 2, colour)
        fill(EDGE - 1, at, GRID + 2, width, colour)
    for cell, digit in enumerate(SEED):
        if digit == "0":
            continue
        r, c = divmod(cell, 9)
        x0, y0 = EDGE + c * CELL + 4, EDGE + r * CELL + 2
        for dy, bits in enumerate(FONT[digit]):
            for dx, bit in enumerate(bits):
                if bit == "1":
                    fill(x0 + dx * 2, y0 + dy * 2, 2, 2, GIVEN)
    return px


def png(px: list[list[tuple[int, int, int]]]) -> bytes:
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in px)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "images" / "icon.png"
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(png(draw()))
    print(out)
