"""`whatif guesses`: the search run again from each guess, answered with another value."""
