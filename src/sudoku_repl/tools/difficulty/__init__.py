"""`difficulty`: the dossier of a quiz or of the state a session has reached."""
