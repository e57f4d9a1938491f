"""How hard a state is, by measures that do not depend on any search order.

Every measure here is defined on a pencil-mark state of a classic 9x9 quiz with exactly one
solution; another state raises ``solving.Unrated`` with its reason in one line.

Glossary
--------
- *marks* (``marks.Marks``): 81 candidate masks, row-major, bit d-1 for digit d; a decided
  cell is a single bit. Made from givens (``Marks.from_givens``), a sukaku or puzzle line
  (``Marks.from_sukaku``; bad text raises ``marks.MarksError``, a ValueError) or a
  session's state (``Marks.from_engine_state(session.engine.state())``, or
  ``Marks.from_state(values, cands)``); ``.sukaku()`` writes the line back.
- *BRT* (``brt.brt``): Berthier's Basic Resolution Theory: a decided digit leaves its peers,
  naked and hidden singles, and direct contradictions (a cell without candidate, a digit
  without place in a unit). ``brt(marks)`` is the state reached or None at a contradiction;
  ``brt.solved(marks)`` says whether a state is a solution.
- *T&E-depth* (``te.te_depth(marks, limit=3) -> te.Level``): the least n for which T&E(BRT, n)
  solves the state (Berthier; SHC's TE-depth). A ``Level`` holds the figure (``value``) or the
  bound the search stopped at (``beyond``: "more than").
- *BRT backdoors* (``backdoors.brt_backdoors(marks)``): the cells whose solution digit,
  placed, lets BRT solve; as ``(cell, digit)`` pairs, a cell being 0-80 row-major
  (``marks.cell_name`` writes ``r1c5``).
- *candidate backdoors* (``backdoors.candidate_backdoors(marks, size=1)``, HoDoKu's): wrong
  candidates (pairs of them for size 2) whose removal lets singles finish.
- *guess depth* (``guesses.guess_depth(marks, mode=0)``): T&E-depth with the original's
  filters of a run mode (0-2; a session's is ``session.settings.run_mode``) as the basic rules; *fewest guesses*
  (``guesses.fewest_guesses(marks, mode=0) -> guesses.FewestGuesses``): the smallest set of
  cells whose solution digits, placed, let those filters finish (exact up to 3 cells).

The pure Python is the reference; ``native`` is the door to the C that does the same faster
(``SUDOKU_REPL_ENGINE=pure`` keeps to the Python).
"""
