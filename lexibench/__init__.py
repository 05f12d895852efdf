"""lexibench: which dictionary structure should a word-game solver use, and what does each cost?

The Python API (each name imports its module on first use, so ``import lexibench`` is cheap)::

    import lexibench

    opened = lexibench.open_lexicon()                 # the default backend over web2, cached
    board = lexibench.parse_board("perslatgsineters")
    solution = lexibench.solve(board, opened.lexicon)
    solution.count, solution.score, solution.words[0].word

The layers are subpackages: :mod:`lexibench.structures` (the ``Lexicon`` protocol, the backends
and their registry; it knows nothing of games), :mod:`lexibench.solver` (word lists, opening
lexicons, where work runs, the games and the command line) and :mod:`lexibench.benchmarks` (the
suites, the runner and the report).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.3.0"

#: Every name of the API and the module that defines it.
_API = {
    "Board": "lexibench.solver.games.boggle.board",
    "parse_board": "lexibench.solver.games.boggle.board",
    "FoundWord": "lexibench.solver.games.boggle.solve",
    "Solution": "lexibench.solver.games.boggle.solve",
    "find_words": "lexibench.solver.games.boggle.solve",
    "solve": "lexibench.solver.games.boggle.solve",
    "InputError": "lexibench.solver.errors",
    "Opened": "lexibench.solver.lexicons",
    "open_lexicon": "lexibench.solver.lexicons",
    "open_lexicon_file": "lexibench.solver.lexicons",
    "parse_box": "lexibench.solver.games.letterboxed.puzzle",
    "score": "lexibench.solver.games.boggle.rules",
    "WordList": "lexibench.solver.wordlist",
    "load_wordlist": "lexibench.solver.wordlist",
}

__all__ = [
    "Board",
    "FoundWord",
    "InputError",
    "Opened",
    "Solution",
    "WordList",
    "__version__",
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
    from lexibench.solver.errors import InputError
    from lexibench.solver.games.boggle.board import Board, parse_board
    from lexibench.solver.games.boggle.rules import score
    from lexibench.solver.games.boggle.solve import FoundWord, Solution, find_words, solve
    from lexibench.solver.games.letterboxed.puzzle import parse_box
    from lexibench.solver.lexicons import Opened, open_lexicon, open_lexicon_file
    from lexibench.solver.wordlist import WordList, load_wordlist


def __getattr__(name: str) -> Any:
    """Import an API name's module on first use."""
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'lexibench' has no attribute {name!r}")
