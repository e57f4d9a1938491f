"""``sudoku-repl serate``'s command line: serate v1.15.10's options (SukakuExplainer's
``diuf/sudoku/test/serate.java``), read as serate reads them, in one table (``OPTIONS``) that
the parser and the help are made from.

serate's grammar: words from the first are options while they start with ``-``; ``--NAME=VALUE``
or ``--NAME`` (a long name spelt exactly), ``-L VALUE``, ``-LVALUE`` or ``-L`` (its one-letter
name); ``--`` ends the options; the words after them are puzzles. What serate has and this
command does not do (its variants, batch solving, the revised rating, its HTML) is refused in
one line naming it, as is a value serate would not take (``UserError``).
"""

from __future__ import annotations

import os

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.rating.options import MAX_JOBS

#: serate's version, as its ``--version`` prints it and ``--showArguments`` begins with it
VERSION = "1.15.10"
RELEASE = "2020-01-01"
DEFAULT_FORMAT = "%r/%p/%d"


@attrs.frozen
class Option:
    """One of serate's options: its long and one-letter names, its value's name (None: a
    flag), what it does, and for an option this command does not honour the values it does
    (``kept``: the value that leaves serate as it is, ``None``: refused whatever the value)."""

    long: str
    letter: str
    value: str | None
    help: str
    refused: str | None = None  # why, when it is refused (for ``kept`` values: the others)
    kept: tuple[str, ...] | None = None  # the values accepted (``int`` compared)


# serate's variants' options: long name, letter, the rule (``core.rules``' word) it turns on
_VARIANTS = (
    ("isDG", "D", "dg"), ("isWindows", "W", "windoku"), ("isX", "X", "x"),
    ("isGirandola", "R", "girandola"), ("isAsterisk", "K", "asterisk"), ("isCD", "E", "centerdot"),
    ("isAntiKnight", "n", "antiknight"), ("isAntiKing", "k", "antiking"),
    ("isToroidal", "O", "toroidal"), ("isNC", "c", "nc"),
)  # fmt: skip
_RULE_OF = {name: word for name, _, word in _VARIANTS}
OPTIONS: tuple[Option, ...] = (
    Option("input", "i", "FILE", "read puzzles from FILE, one a line (- : standard input)"),
    Option("output", "o", "FILE", "write to FILE instead of standard output"),
    Option("format", "f", "FORMAT", f"each puzzle's line after rating (default {DEFAULT_FORMAT})"),
    Option("start", "s", "FORMAT", "a line before each puzzle is rated"),
    Option("before", "b", "FORMAT", "a line before each step"),
    Option("after", "a", "FORMAT", "a line after each step"),
    Option(
        "threads",
        "t",
        "N",
        f"N worker processes (0: one a core; below 1: one; at most {MAX_JOBS}, four a core)",
    ),
    Option("pearl", "p", None, "stop (ER 20.0) at a step above EP once a value is placed"),
    Option("diamond", "d", None, "as --pearl, and stop at a placement above ED"),
    Option(
        "techs", "~", "TECHSTRING", "41 characters 0/1: the techniques used (--techs= lists them)"
    ),
    Option("showArguments", "S", None, "print the version and the options read"),
    Option("totalTime", "T", None, "print the whole run's time at the end"),
    Option("version", "V", None, "print serate's version (1.15.10)"),
    Option("batch", "B", "N", "batch solving", "batch solving is not done here", ("0",)),
    Option(
        "revisedRating", "N", "N", "the revised scale", "the revised scale is not rated", ("0",)
    ),
    Option("FCPlus", "P", "N", "more forcing chain rules", "FC+ rules are not added", ("0",)),
    Option("islkSudokuBUG", "G", "N", "lkSudoku's BUG fix", "the BUG fix is always on", ("1",)),
    Option(
        "islkSudokuURUL", "U", "N", "lkSudoku's UR/UL fix", "the UR/UL fix is always on", ("1",)
    ),
    Option("isBlocks", "Q", "N", "blocks (0: a Latin square)"),
    *(
        Option(
            name, letter, "N", f"the rule {word} (1 on, 0 off{'; 2: nc+' if word == 'nc' else ''})"
        )
        for name, letter, word in _VARIANTS
    ),
    Option("html", "h", None, "serate's help in HTML", "its HTML help is not printed"),
    Option("man", "m", None, "this help"),
)
_BY_LONG = {o.long: o for o in OPTIONS}
_ALIASES = {"in": "input", "out": "output"}
_BY_LETTER = {o.letter: o for o in OPTIONS}

#: serate's techniques (its ``SolvingTechnique`` order, ``--techs``): name, on by default,
#: and the rating's techniques (``explainer.rating.techniques``' names) it stands for; None:
#: one this project does not have (only its 0 is taken)
TECHNIQUES: tuple[tuple[str, bool, tuple[str, ...] | None], ...] = (
    ("Hidden Single", True, ("hidden single",)),
    ("Direct Pointing", True, ("direct pointing",)),
    ("Direct Hidden Pair", True, ("direct hidden pair",)),
    ("Naked Single", True, ("naked single",)),
    ("Non-Consecutive Forcing Cell", True, ()),  # (a variant's: nothing on a classic grid)
    ("Locked Non-Consecutive", True, ()),
    ("Direct Hidden Triplet", True, ("direct hidden triple",)),
    ("Pointing & Claiming", True, ("pointing and claiming",)),
    ("Generalized Intersections", False, None),
    ("Naked Pair", True, ("naked pair",)),
    ("Generalized Naked Pair", False, None),
    ("X-Wing", True, ("x-wing",)),
    ("Hidden Pair", True, ("hidden pair",)),
    ("Naked Triplet", True, ("naked triple",)),
    ("Generalized Naked Triplet", False, None),
    ("Swordfish", True, ("swordfish",)),
    ("Hidden Triplet", True, ("hidden triple",)),
    ("Scraper, Kite, Turbot", True, ("turbot fish",)),
    ("XY-Wing", True, ("xy-wing",)),
    ("XYZ-Wing", True, ("xyz-wing",)),
    ("WXYZ-Wing", True, ("wxyz-wing",)),
    ("Unique Rectangle / Loop", True, ("unique loops",)),
    ("Naked Quad", True, ("naked quad",)),
    ("Generalized Naked Quad", False, None),
    ("Jellyfish", True, ("jellyfish",)),
    ("Hidden Quad", True, ("hidden quad",)),
    ("3 Strong-linked Fishes", True, ("three strong links",)),
    ("Generalized Naked Quintuplet", False, None),
    ("VWXYZ-Wing", True, ("vwxyz-wing",)),
    ("Bivalue Universal Grave", True, ("bug",)),
    ("4 Strong-Linked Fishes", False, None),
    ("Aligned Pair Exclusion", True, ("aligned pair exclusion",)),
    ("5 Strong-Linked Fishes", False, None),
    ("6 Strong-Linked Fishes", False, None),
    ("Forcing Chains & Cycles", True, ("cycles and forcing chains",)),
    ("Aligned Triplet Exclusion", True, ("aligned triplet exclusion",)),
    ("Nishio Forcing Chains", True, ("nishio",)),
    ("Multiple Forcing Chains", True, ("multiple forcing chains",)),
    ("Dynamic Forcing Chains", True, ("dynamic forcing chains",)),
    ("Dynamic Forcing Chains (+)", True, ("dynamic forcing chains (+)",)),
    (
        "Nested Forcing Chains",
        True,
        (
            "nested forcing chains (+ forcing chains)",
            "nested forcing chains (+ multiple forcing chains)",
            *(f"nested forcing chains (+ dynamic forcing chains, {n})" for n in range(4)),
        ),
    ),
)
DEFAULT_TECHS = "".join("1" if on else "0" for _, on, _ in TECHNIQUES)


@attrs.frozen
class SerateArgs:
    """What serate's command line asks for (its defaults where it says nothing)."""

    format: str = DEFAULT_FORMAT
    start: str = ""
    before: str = ""
    after: str = ""
    input: str | None = None
    output: str = "-"
    threads: int = 1
    want: str = ""  # "p" (--pearl), "d" (--diamond) or "" (the last one given counts)
    techs: str | None = None  # the --techs string, when given
    show_arguments: str = ""  # what --showArguments prints (empty without it)
    total_time: bool = False
    version: bool = False
    help: bool = False
    puzzles: tuple[str, ...] = ()  # the operands
    #: the variant rules the flags turn on (``core.rules.parse``'s words, comma apart; "" none)
    rules: str = ""

    @property
    def without(self) -> frozenset[str]:
        """The rating's techniques ``--techs`` leaves out."""
        if self.techs is None:
            return frozenset()
        return frozenset(
            name
            for bit, (_, _, ours) in zip(self.techs, TECHNIQUES, strict=True)
            if bit == "0" and ours
            for name in ours
        )


class TechsListed(Exception):
    """``--techs=`` with no string: serate lists its techniques (``techs_list``) and ends."""


def techs_list() -> str:
    """serate's list of its techniques, as ``--techs=`` prints it (on standard error)."""
    lines = [
        f"ERROR techniques setting, need {len(TECHNIQUES)} 1/0 characters in second "
        "parameter, per each technique",
        "The techniques are (in this order)",
    ]
    lines += [f"{i:02d}: {int(on)} {name}" for i, (name, on, _) in enumerate(TECHNIQUES, 1)]
    return "\n".join(lines) + f"\n\r\nDefault --techs={DEFAULT_TECHS}\n"


def parse(words: list[str]) -> SerateArgs:
    """serate's options of ``words`` (those after ``serate``); ``UserError``: one line, what is
    wrong and what is accepted; ``TechsListed``: ``--techs=`` alone."""
    fields: dict[str, object] = {}
    shown: list[str] | None = None  # what --showArguments prints, once given
    k = 0
    while k < len(words):
        word = words[k]
        if not word.startswith("-") or word == "-":
            if word in ("", "-"):
                raise UserError(f"{word!r} is not an option nor a puzzle; {_ACCEPTED}")
            break
        k += 1
        value: str | None = None
        if word.startswith("--"):
            if word == "--":
                break
            name = word[2:]
            cut = name.find("=", 2)  # (serate looks for '=' from the name's third character)
            if cut >= 0:
                name, value = name[:cut], name[cut + 1 :]
            known = _BY_LONG.get(_ALIASES.get(name, name))
            if known is None:
                raise UserError(f"{word}: unknown option; {_ACCEPTED}")
            option = known
            if option.value is not None and value is None:
                raise UserError(
                    f"{word}: option argument expected (--{option.long}={option.value})"
                )
        else:
            found = _BY_LETTER.get(word[1])
            if found is None:
                raise UserError(f"{word}: unknown option; {_ACCEPTED}")
            option = found
            if option.value is not None:
                if len(word) > 2:
                    value = word[2:]
                elif k < len(words):
                    value = words[k]
                    k += 1
                else:
                    raise UserError(
                        f"{word}: option argument expected (-{option.letter} {option.value})"
                    )
        _check(option, value, word)
        if option.long in ("version", "man"):  # serate ends there
            return SerateArgs(version=option.long == "version", help=option.long == "man")
        if option.long == "showArguments":
            shown = [f"v{VERSION} {RELEASE}"]
        elif option.long == "techs":
            assert value is not None
            _check_techs(value, word)
            fields["techs"] = value
            if shown is not None:
                shown.append(_techs_shown(value))
        else:
            _apply(option, value, fields, word)
        if shown is not None:
            tag = "techs" if option.letter == "~" else option.letter
            shown.append(f" {tag}{value if option.value is not None else ''}")
    if shown is not None:
        fields["show_arguments"] = "".join(shown) + "\n"
    if "techs" in fields and set(str(fields.get("rules", "")).split(",")) - {"", "toroidal"}:
        # (serate's --techs replaces its variant technique set, not ported here)
        raise UserError("--techs is not taken with the variant flags here; give one or the other")
    return SerateArgs(puzzles=tuple(words[k:]), **fields)  # type: ignore[arg-type]


_ACCEPTED = (
    "serate's options are --input=FILE --output=FILE --format=FORMAT --start=FORMAT "
    "--before=FORMAT --after=FORMAT --threads=N --pearl --diamond --techs=TECHSTRING "
    "--showArguments --totalTime --version (sudoku-repl serate --help)"
)


def _int(value: str, word: str, accepted: str) -> int:
    """``value`` as Java's ``Integer.parseInt`` reads it."""
    digits = value[1:] if value[:1] in "+-" else value
    if not (digits.isascii() and digits.isdigit()) or not -(2**31) <= int(value) < 2**31:
        raise UserError(f"{word}: {value!r} is not a whole number; {accepted}")
    return int(value)


def _check(option: Option, value: str | None, word: str) -> None:
    """Refuse what this command does not honour: the option, or a value of it."""
    if option.refused is None:
        return
    if option.kept is None:
        raise UserError(f"{word}: not supported here ({option.refused}); {_ACCEPTED}")
    assert value is not None
    accepted = f"--{option.long}={option.kept[0]} is accepted, as serate's default"
    number = _int(value, word, accepted)
    if option.long in ("islkSudokuBUG", "islkSudokuURUL", "isBlocks"):
        honoured = number != 0  # (serate reads any other value than 0 as on)
    else:
        honoured = number == 0
    if not honoured:
        raise UserError(f"{word}: not supported here ({option.refused}); {accepted}")


def _apply(option: Option, value: str | None, fields: dict[str, object], word: str) -> None:
    long = option.long
    if long in ("input", "output") and value == "":  # a bad command line, not a failed write
        stream = "standard input" if long == "input" else "standard output"
        raise UserError(f"{word}: no file named; --{long}=FILE names one (- for {stream})")
    if long in ("input", "output", "format", "start", "before", "after"):
        fields[long] = value
    elif long == "threads":
        assert value is not None
        n = _int(value, f"--threads={value}", "--threads=N takes 0 (a worker a core), 1 or more")
        # (serate starts any number of threads; the processes here are bounded as rate's)
        fields["threads"] = min(MAX_JOBS, (os.cpu_count() or 1) if n == 0 else max(1, n))
    elif long in ("pearl", "diamond"):
        fields["want"] = long[0]
    elif long == "totalTime":
        fields["total_time"] = True
    elif long == "isBlocks" or long in _RULE_OF:
        assert value is not None
        accepted = f"--{long}=N takes 0 (off) or 1 (on)" + (", 2 (nc+)" if long == "isNC" else "")
        number = _int(value, word, accepted)
        if long == "isNC" and number not in (0, 1, 2):
            raise UserError(f"{word}: {accepted}")
        words = [w for w in str(fields.get("rules", "")).split(",") if w]
        rule = "latin" if long == "isBlocks" else _RULE_OF[long]
        words = [w for w in words if w != rule and not (rule == "nc" and w == "nc+")]
        if (number == 0) == (long == "isBlocks"):  # (serate reads any value but 0 as on)
            words.append("nc+" if long == "isNC" and number == 2 else rule)
        fields["rules"] = ",".join(words)


def _check_techs(value: str, word: str) -> None:
    if value == "":
        raise TechsListed
    if len(value) != len(TECHNIQUES) or set(value) - {"0", "1"}:
        raise UserError(
            f"{word}: a TECHSTRING is {len(TECHNIQUES)} characters 0 or 1, one a technique in "
            f"serate's order (the default is {DEFAULT_TECHS}; --techs= lists them)"
        )
    missing = [
        name
        for bit, (name, _, ours) in zip(value, TECHNIQUES, strict=True)
        if bit == "1" and ours is None
    ]
    if missing:
        raise UserError(
            f"{word}: {', '.join(missing)} not rated here (serate's default leaves "
            f"{'it' if len(missing) == 1 else 'them'} out); give 0 there"
        )
    if value[0] == value[3] == "0":
        # cells of one candidate then stay unplaced, where this project's wings are not
        # serate's (the second puzzle of tests/data/serate/easy.txt rates otherwise)
        raise UserError(
            f"{word}: Hidden Single and Naked Single both off are not rated here; keep one of "
            "them (1 first or fourth)"
        )


def _techs_shown(value: str) -> str:
    """The lines serate prints for ``--techs`` once ``--showArguments`` was given."""
    lines = ["\nThe following techniques where set and unset:"]
    lines += [
        f"{i:02d}, {'Set   ' if bit == '1' else 'Unset '}{name}"
        for i, (bit, (name, _, _)) in enumerate(zip(value, TECHNIQUES, strict=True), 1)
    ]
    return "\n".join(lines) + "\n"


def usage() -> str:
    """This command's help, from ``OPTIONS``."""
    lines = [
        "usage: sudoku-repl serate [serate's options] [puzzle ...]",
        "",
        f"serate v{VERSION}'s command line (SukakuExplainer): the same options, formats and "
        "output, the ratings computed by this project (docs/rating.md).",
        "",
    ]
    for option in OPTIONS:
        if option.refused is not None and option.kept is None:
            continue
        named = f"-{option.letter}, --{option.long}" + (f"={option.value}" if option.value else "")
        said = option.help if option.kept is None else f"{option.help}: only {option.kept[0]}"
        lines.append(f"  {named:<28} {said}")
    lines += [
        "",
        "FORMAT: %r %p %d ER, EP, ED; %R %P %D their techniques' names, %S %T %U short (--format; "
        "--after: %R %S); %g the input line; %i the grid (81 characters); %n the puzzle's "
        "number; %e the time; %m %M the candidates (--start, --before, --after); %l a new line; "
        "%t a tab; %% a %. Any other character after % is itself.",
    ]
    return "\n".join(lines) + "\n"
