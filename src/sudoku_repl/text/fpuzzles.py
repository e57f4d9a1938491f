"""f-puzzles' JSON (SudokuPad reads it too), the part this project plays: a 9x9 ``grid`` of
cells with ``given`` values and ``region`` numbers (a jigsaw), and the constraints
``diagonal+``, ``diagonal-``, ``antiknight``, ``antiking``, ``disjointgroups``,
``nonconsecutive`` and ``extraregion`` (regions of nine cells). Any other constraint (killer
cages, thermometers, arrows, ...) is refused in one line naming it. The same JSON comes as a
file, as text, or compressed in a link (``?load=...``, ``fpuzzles...``): lz-string's
``compressToBase64``, undone here by ``decompress_base64``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import unquote

from sudoku_repl.core import rules as R
from sudoku_repl.core.errors import PATH, QuizError, shown
from sudoku_repl.core.quiz import Quiz, check_clashes
from sudoku_repl.text.files import open_binary_input

MAX_BYTES: Final = 1 << 20  # an f-puzzles file or link's JSON at most
#: f-puzzles' true/false constraints and the rule each is
FLAGS: Final = {
    "diagonal+": "diagonal+",
    "diagonal-": "diagonal-",
    "antiknight": "antiknight",
    "antiking": "antiking",
    "disjointgroups": "dg",
    "nonconsecutive": "nc",
}
#: keys that say nothing of the rules (a title, the rules in words, the author's solution...)
QUIET: Final = frozenset({"size", "grid", "title", "author", "ruleset", "solution"})
#: a link's compressed puzzle: after ``load=`` or ``fpuzzles``, lz-string's Base64 letters
LINK: Final = re.compile(r"(?:[?&]load=|fpuzzles)([A-Za-z0-9+/=%\-_ ]+)")
_BASE64: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE_OF: Final = {ch: i for i, ch in enumerate(_BASE64)}
_CELL: Final = re.compile(r"R([1-9])C([1-9])", re.IGNORECASE)


def decompress_base64(text: str) -> str | None:
    """lz-string's ``decompressFromBase64`` (pieroxy/lz-string 1.4): None where the data
    ends before its end mark or names an entry not made yet, as the original does."""
    if not text:
        return None
    letters = [_VALUE_OF.get(ch, 0) for ch in text]
    return _decompress(len(letters), 32, lambda i: letters[i] if i < len(letters) else 0)


def _decompress(length: int, reset: int, next_value: Callable[[int], int]) -> str | None:
    """lz-string's ``_decompress``: an LZW whose codes grow a bit each time the dictionary
    doubles, codes 0 and 1 bringing a new 8- or 16-bit character, 2 the end."""
    val, position, index = next_value(0), reset, 1

    def read(bits: int) -> int:
        nonlocal val, position, index
        out, power = 0, 1
        for _ in range(bits):
            got = val & position
            position >>= 1
            if position == 0:
                position, val = reset, next_value(index)
                index += 1
            if got:
                out |= power
            power <<= 1
        return out

    dictionary: dict[int, str] = {0: "", 1: "", 2: ""}
    first = read(2)
    if first == 2:
        return ""
    c = chr(read(8 if first == 0 else 16))
    dictionary[3] = c
    w, result = c, [c]
    size, bits, enlarge = 4, 3, 4
    while True:
        if index > length:
            return ""
        code = read(bits)
        if code in (0, 1):
            dictionary[size] = chr(read(8 if code == 0 else 16))
            code = size
            size += 1
            enlarge -= 1
        elif code == 2:  # (JavaScript's characters are UTF-16's: a pair for one beyond it)
            return (
                "".join(result).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
            )
        if enlarge == 0:
            enlarge = 1 << bits
            bits += 1
        if code in dictionary and code > 2:
            entry = dictionary[code]
        elif code == size:
            entry = w + w[0]
        else:
            return None
        result.append(entry)
        dictionary[size] = w + entry[0]
        size += 1
        enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge = 1 << bits
            bits += 1


def is_fpuzzles_file(path: str) -> bool:
    """Whether a ``.json`` file is f-puzzles' (its object has a ``grid``), looking at its
    first bytes only."""
    with open_binary_input(path) as f:
        head = f.read(4096)
    return b'"grid"' in head and b'"grids"' not in head


def link_json(text: str) -> str | None:
    """The JSON a link carries (``?load=...``, ``...fpuzzles...``), or None when ``text`` is
    no such link; ``QuizError`` when its data does not decompress."""
    match = LINK.search(text)
    if match is None or not text.lstrip().lower().startswith(("http", "fpuzzles", "sudokupad")):
        return None
    data = unquote(match.group(1)).replace(" ", "+").replace("-", "+").replace("_", "/")
    found = decompress_base64(data)
    if not found:
        raise QuizError("Invalid f-puzzles link: its data is not lz-string's Base64.")
    return found


def load_file(path: str) -> Quiz:
    """An f-puzzles ``.json`` file."""
    with open_binary_input(path) as f:
        raw = f.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise QuizError(f"Invalid f-puzzles file {shown(path, PATH)}: over {MAX_BYTES} bytes.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise QuizError(f"Invalid f-puzzles file {shown(path, PATH)}: not UTF-8 text.") from None
    return from_json(text, path)


def from_json(text: str, source: str) -> Quiz:
    """An f-puzzles puzzle from its JSON text; ``QuizError``: one line naming what is not
    taken (a constraint, a size, a cell) and what is."""
    where = f"f-puzzles {shown(source, PATH)}"
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise QuizError(f"Invalid {where}: not JSON ({e.__class__.__name__}).") from None
    if not isinstance(data, dict) or not isinstance(data.get("grid"), list):
        raise QuizError(f'Invalid {where}: no "grid" of rows of cells.')
    if data.get("size", 9) != 9:
        raise QuizError(f"Invalid {where}: size {shown(str(data.get('size')))}; only 9x9.")
    taken = set(FLAGS) | {"extraregion"}
    for key, value in data.items():
        if key not in QUIET and key not in taken and value not in (False, None, [], {}, ""):
            raise QuizError(
                f"Unsupported {where}: its {shown(str(key))!r} constraint is not played "
                f"(taken: {', '.join(sorted(taken))}, and a grid's givens and regions)."
            )
    givens, regions = _grid(data["grid"], where)
    words = [rule for key, rule in FLAGS.items() if data.get(key) is True]
    if any(r != _box(c) for c, r in enumerate(regions)):
        words.append("jigsaw")
    extra = _extra(data.get("extraregion") or [], where)
    if any(extra):
        words.append("extra")
    try:
        ruled = R.make(words, tuple(r + 1 for r in regions), extra)
    except QuizError as e:
        raise QuizError(f"Invalid {where}: {e.line.removeprefix('Invalid rules: ')}") from None
    quiz = Quiz(tuple(givens), source)
    if not ruled.words:  # (with rules, ``with_rules`` checks them)
        check_clashes(quiz.givens)
    return quiz.with_rules(ruled)


def _box(cell: int) -> int:
    return cell // 27 * 3 + cell % 9 // 3


def _grid(grid: list[Any], where: str) -> tuple[list[int], list[int]]:
    if len(grid) != 9 or not all(isinstance(row, list) and len(row) == 9 for row in grid):
        raise QuizError(f'Invalid {where}: "grid" is not 9 rows of 9 cells.')
    givens: list[int] = []
    regions: list[int] = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise QuizError(f"Invalid {where}: r{r + 1}c{c + 1} is not an object.")
            value = cell.get("value")
            given = cell.get("given") is True and value is not None
            if given and (type(value) is not int or not 1 <= value <= 9):
                raise QuizError(f"Invalid {where}: r{r + 1}c{c + 1} gives {shown(str(value))}.")
            givens.append(value if given and isinstance(value, int) else 0)
            region = cell.get("region", _box(r * 9 + c))
            if type(region) is not int or not 0 <= region <= 8:
                raise QuizError(
                    f"Invalid {where}: r{r + 1}c{c + 1}'s region {shown(str(region))} "
                    "(jigsaw regions 0 to 8 only; a cell of none is not played)."
                )
            regions.append(region)
    return givens, regions


def _extra(items: list[Any], where: str) -> tuple[int, ...]:
    """The extra regions as a map (a region's number 1-9 a cell, 0 none)."""
    extra = [0] * 81
    if not isinstance(items, list) or len(items) > 9:
        raise QuizError(f'Invalid {where}: "extraregion" is not a list of at most 9 regions.')
    for k, item in enumerate(items, 1):
        cells = item.get("cells") if isinstance(item, dict) else None
        if not isinstance(cells, list) or len(cells) != 9:
            count = len(cells) if isinstance(cells, list) else 0
            raise QuizError(
                f"Unsupported {where}: extra region {k} has {count} cells; "
                "only regions of nine are played."
            )
        for name in cells:
            match = _CELL.fullmatch(name) if isinstance(name, str) else None
            if match is None:
                raise QuizError(f"Invalid {where}: extra region {k} names {shown(str(name))}.")
            cell = (int(match.group(1)) - 1) * 9 + int(match.group(2)) - 1
            if extra[cell]:
                raise QuizError(
                    f"Unsupported {where}: extra regions {extra[cell]} and {k} share "
                    f"{name.upper()}; only regions apart are played."
                )
            extra[cell] = k
    return tuple(extra)


def load_link(text: str) -> Quiz | None:
    """The puzzle of an f-puzzles or SudokuPad link, or of f-puzzles' JSON itself (an object
    with a ``"grid"``: what an agent pastes), or None when ``text`` is neither."""
    if text.lstrip().startswith("{") and '"grid"' in text:
        return from_json(text, "JSON")
    found = link_json(text)
    if found is None:
        return None
    return from_json(found, "f-puzzles link")
