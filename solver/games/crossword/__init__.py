"""Crossword games (English-language Scrabble and its kin): see :mod:`.game`."""
