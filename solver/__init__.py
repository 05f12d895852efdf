"""Word-game solvers over the :class:`~structures.Lexicon` protocol: Boggle and Letter Boxed.

The Python API, for scripts and notebooks (imported on first use, so ``import solver`` is cheap)::

    from solver import load_wordlist, open_lexicon, parse_board, solve

    lexicon = open_lexicon("dawg", "web2").lexicon      # cached after the first build
    board = parse_board("perslatgsineters")
    solution = solve(board, lexicon)
    solution.count, solution.score, solution.words[0]    # FoundWord(word, score, paths)

``load_wordlist(source)`` gives the normalized words (``.words``) to build any backend with
``structures.build_lexicon(id, words)``; ``score(word)`` scores one word; ``find_letterboxed``
and ``parse_box`` solve Letter Boxed. Nothing here knows a particular backend.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

_API = {
    "Board": "solver.board",
    "parse_board": "solver.board",
    "FoundWord": "solver.dfs",
    "Solution": "solver.dfs",
    "find_words": "solver.dfs",
    "solve": "solver.dfs",
    "InputError": "solver.errors",
    "Opened": "solver.lexicons",
    "open_lexicon": "solver.lexicons",
    "open_lexicon_file": "solver.lexicons",
    "parse_box": "solver.letterboxed",
    "score": "solver.rules",
    "WordList": "solver.wordlist",
    "load_wordlist": "solver.wordlist",
}

__all__ = [
    "Board",
    "FoundWord",
    "InputError",
    "Opened",
    "Solution",
    "WordList",
    "__version__",
    "find_letterboxed",
    "find_words",
    "load_wordlist",
    "open_lexicon",
    "open_lexicon_file",
    "parse_board",
    "parse_box",
    "score",
    "solve",
]

if TYPE_CHECKING:
    from solver.board import Board, parse_board
    from solver.dfs import FoundWord, Solution, find_words, solve
    from solver.errors import InputError
    from solver.letterboxed import find_words as find_letterboxed
    from solver.letterboxed import parse_box
    from solver.lexicons import Opened, open_lexicon, open_lexicon_file
    from solver.rules import score
    from solver.wordlist import WordList, load_wordlist


def __getattr__(name: str) -> Any:
    """Import an API name's module on first use."""
    if name == "find_letterboxed":
        return importlib.import_module("solver.letterboxed").find_words
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'solver' has no attribute {name!r}")
