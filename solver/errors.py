"""Errors of the game layer: each carries a one-line message naming the problem."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input from a user (a board, a word list, an option): the CLI prints it and exits 2."""
