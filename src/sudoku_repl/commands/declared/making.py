"""The two makers, declared (one name, one maker): ``generate``, the maker of minimal
puzzles to order (``commands/making.py``; ``sudoku-repl generate`` at the system's prompt), and
``scramble``, seed 003's quizzes from one grid with its ``--family`` (``commands/scrambling.py``).
Both parse their own options (``tools/making/options``, ``tools/making/scramble_options``:
their forms here name the same options, which a test holds together)."""

from __future__ import annotations

from sudoku_repl.commands.spec import Choice, Command, File, Int, Opt, Text

#: Sudoku Explainer's ten symmetries (``core.making.Symmetry``'s values; a test holds them so)
SYMMETRIES = (
    "none", "rot180", "rot90", "horizontal", "vertical", "diagonal", "antidiagonal",
    "bidiagonal", "orthogonal", "full",
)  # fmt: skip

#: the maker's options (``tools/making/options``), in any order
_MAKER = (
    *(Opt(f"--{name}", Text(shape, key=name)) for name, shape in (
        ("er", "A-B"), ("ep", "A-B"), ("ed", "A-B"), ("level", "L-M"), ("steps", "N-M"),
        ("technique", "<name>"),
    )),
    Opt("--symmetry", Choice(*SYMMETRIES, key="symmetry")),
    Opt("--rules", Text("<words>", key="rules")),
    Opt("--pattern", Text("P", key="pattern")),
    Opt("--near", File(key="near")),
    Opt("--count", Int("N")),
    Opt("--climb"),
    Opt("--lacking-digit"),
    Opt("--time", Text("S", key="time")),
    Opt("--jobs", Int("N")),
    Opt("--executor", Text("<where>", key="executor")),
    Opt("--seed", Int("S")),
    Opt("--out", File()),
    Opt("--restart"),
)  # fmt: skip

#: seed 003's scramble's options (``tools/making/scramble_options``), then its ``--family``
_SCRAMBLE = (
    (
        Opt("--clues", Int("N")),
        Opt("--seed", Int("S")),
        Opt("--from", Text("<file or grid>", key="source")),
        Opt("--count", Int("K")),
        Opt("--out", File()),
        Opt("--restart"),
        *(Opt(f"--{kind}-swaps", Int("N")) for kind in ("digit", "row", "col", "band", "stack")),
        Opt("--below", Text("F", key="below")),
    ),
    (
        "--family",
        Text("<file or grid>", key="family"),
        Opt("--size", Choice("36", "64", key="size")),
        Opt("--out", File()),
    ),
)


def _generate_help() -> str:
    """``help generate``: what the maker makes, then each of its options as ``sudoku-repl
    generate --help`` says it (the one parser)."""
    from sudoku_repl.tools.making.options import option_lines

    return (
        "The maker (docs/generate.md): minimal puzzles with one solution, none isomorphic to\n"
        "another, to order; each printed as found (with ER/EP/ED when an SE target is given,\n"
        "[steps:N, biggest level:L] when --level or --steps is), the first loaded unless --out\n"
        "takes them all. sudoku-repl generate makes the same at the system's prompt, and\n"
        "sudoku_repl.generate in Python. Seed 003's quizzes from one grid are scramble's.\n"
        "Its options:\n\n" + "\n\n".join(option_lines())
    )


GENERATE = Command(
    "generate",
    "make minimal puzzles to order (ER, level, technique, symmetry, pattern...)",
    "sudoku_repl.commands.making:generate",
    forms=[_MAKER],
    raw=True,
    usage="generate [<options>]",
    help=_generate_help,
)

SCRAMBLE = Command(
    "scramble",
    "make quizzes from one solution grid (seed 003's scramble), or a grid's family",
    "sudoku_repl.commands.scrambling:scramble",
    forms=_SCRAMBLE,
    raw=True,
    usage="scramble [<options>] | scramble --family <file or grid> [<options>]",
    help=(
        "The method of Wang Jiaqi's paper Seed 003 (2021; docs/generate.md): scramble a\n"
        "solution grid (default: the paper's figure 1) with --digit-swaps 20, --row-swaps 9\n"
        "(within a band), --col-swaps 9 (within a stack), --band-swaps 2 and --stack-swaps 2,\n"
        "until its cosine similarity to that grid is below --below 0.818; keep --clues N\n"
        "random cells (default 30); while a second solution exists, add the clue of a cell\n"
        "where it differs. Each quiz is printed with its similarity, clue count and rating\n"
        "(steps and biggest level of run to the first solution, in the present run mode).\n"
        "The same --seed gives the same quizzes; --count K makes K of them. The first quiz is\n"
        "loaded, unless --out FILE takes them all: each is appended as it is made, and a run\n"
        "stopped (Ctrl-C, a kill) keeps them and is continued by the same command (--restart\n"
        "begins FILE anew), as generate's --out. --from takes a file or an 81-character grid\n"
        "(one with empty cells is replaced by its first solution).\n\n"
        "scramble --family <file or grid> [--size 36|64] [--out <file>]: the fixed variants\n"
        "of a grid or quiz: 36 = the orders of the bands x the orders of the stacks; 64 = the\n"
        "first two rows of each band and the first two columns of each stack swapped or not.\n\n"
        "Minimal puzzles to order (a rating, a technique, a symmetry) are generate's."
    ),
)

#: in Order List order
COMMANDS = (
    GENERATE,
    SCRAMBLE,
)
