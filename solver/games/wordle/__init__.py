"""Wordle: the words still possible after some guesses, and the best next guess
(``lexibench wordle``)."""
