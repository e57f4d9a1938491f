"""Text in and out: quiz formats and files, the original's lines (rendering), argument parsing,
written files."""
