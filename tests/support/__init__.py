"""What the test modules share (the repository's data paths, an in-process shell, hooks, transcripts): helpers are defined once, here."""
