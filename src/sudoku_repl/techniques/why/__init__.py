"""``why``: the causes of a cell's value, of a lost candidate or of a wrong guess, traced
back through the record to givens and guesses (docs/why.md). Nothing is kept while stepping:
an answer restores the state before the move that made a fact hold and asks that move's rule
for its premises (``reasons``), finds where each premise came from (``origin``), and so on
(``tree``; ``wrong`` for contradictions). ``answer`` holds the typed answer."""
