"""Crossword patterns: every word a pattern of letters, ``?`` and ``*`` matches
(``lexibench pattern``)."""
