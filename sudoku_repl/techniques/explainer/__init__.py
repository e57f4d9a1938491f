"""Sudoku Explainer's difficulty scale (ER, EP, ED), computed in this project's own code.

Sudoku Explainer rates a puzzle by solving it step by step: at each step the techniques are
tried in a fixed order, simplest first, and the first finding of the first technique that finds
anything is applied. ER is the hardest step of that path, EP the hardest up to the first
placement, ED the first step's rating. ``rate`` is the entry point; the scale reproduced is the
one of SukakuExplainer 1.15.10's ``serate`` with its default options.
"""
