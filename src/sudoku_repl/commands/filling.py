"""Help's lines fitted to an 80-column terminal: a help text's paragraphs, and the Order List's
long entries, broken between words (never inside a bracketed form)."""

from __future__ import annotations

#: the columns ``help`` fills its lines to: an 80-column terminal wraps none of them
HELP_WIDTH = 79


def help_paragraphs(text: str, width: int = HELP_WIDTH) -> list[str]:
    """A help text's lines as ``help`` prints them: each paragraph (blank lines between them)
    filled to ``width`` columns, broken between words only."""
    return [
        line
        for paragraph in text.split("\n\n")
        for line in filled(" ".join(paragraph.split()), width)
    ]


def filled(text: str, width: int = HELP_WIDTH, indent: str = "") -> list[str]:
    """``text`` broken between words into lines of ``width`` columns at most (a word longer
    than that alone on its line), the lines after the first begun with ``indent``; never
    inside brackets (``[--out <file>]``, ``<file or grid>`` stay whole)."""
    import textwrap

    kept, depth = [], 0
    for char in text:  # a blank inside brackets is held (NUL) while the words are broken
        depth += (char in "[<") - (char in "]>" and depth > 0)
        kept.append("\0" if char == " " and depth else char)
    lines = textwrap.wrap(
        "".join(kept),
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace("\0", " ") for line in lines] or [""]
