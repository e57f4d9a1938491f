"""Views of a search read from the record: the timeline, the guess tree, the book's matrices and
reasons, the hint and the solution check."""
