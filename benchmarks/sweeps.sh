#!/usr/bin/env bash
# The long check: every test that samples its cases (tests/support/sweeps.py: a differential
# test's quizzes, grids, seeds or examples) on all of them, SUDOKU_REPL_SWEEP=1, under CI's
# hypothesis profile, on the build installed (the native one where the C is built). The
# modules are those that import the sampling (found by grep, so a new one is swept too).
# Some 10 CPU-minutes more than the sample natively; extra pytest options
# pass through (-x, -k ...).
#
#   bash benchmarks/sweeps.sh [PYTEST_OPTIONS...]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
mapfile -t modules < <(grep -rlE --include='test_*.py' \
    'tests\.support\.(sweeps|profiles) import' tests | sort)
[ "${#modules[@]}" -gt 0 ] || { echo "sweeps: no module imports tests/support/sweeps.py"; exit 1; }
echo "sweeps: ${modules[*]}"
SUDOKU_REPL_SWEEP=1 "$python" -m pytest -q --hypothesis-profile=ci "$@" "${modules[@]}"
