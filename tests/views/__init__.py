"""The views: the board, the timeline, the guess tree and the other pictures."""
