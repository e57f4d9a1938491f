"""The documentation runs: every transcript and Python block of the README and docs/."""
