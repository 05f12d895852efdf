"""lexibench: which dictionary structure should a word-game solver use, and what does each cost?

The Python API. Each name imports its module on first use, so ``import lexibench`` is cheap::

    import lexibench

    opened = lexibench.open_lexicon()                    # the default backend over web2, cached
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

#: Every name of the API and the module that defines it (under another name where the module's
#: own would be ambiguous here).
_API = {
    # lexicons and word lists
    "Opened": ("lexibench.solver.lexicons", "Opened"),
    "open_lexicon": ("lexibench.solver.lexicons", "open_lexicon"),
    "open_lexicon_file": ("lexibench.solver.lexicons", "open_lexicon_file"),
    "default_backend": ("lexibench.solver.lexicons", "default_backend"),
    "build_lexicon": ("lexibench.structures.registry", "build_lexicon"),
    "backend_names": ("lexibench.structures.registry", "backend_names"),
    "backend_info": ("lexibench.structures.registry", "backend_info"),
    "WordList": ("lexibench.solver.wordlist", "WordList"),
    "load_wordlist": ("lexibench.solver.wordlist", "load_wordlist"),
    "Tier": ("lexibench.solver.tiers", "Tier"),
    # games
    "game": ("lexibench.solver.games.registry", "game"),
    "game_names": ("lexibench.solver.games.registry", "game_names"),
    # Boggle
    "Board": ("lexibench.solver.games.boggle.board", "Board"),
    "parse_board": ("lexibench.solver.games.boggle.board", "parse_board"),
    "random_boards": ("lexibench.solver.games.boggle.dice", "random_boards"),
    "FoundWord": ("lexibench.solver.games.boggle.solve", "FoundWord"),
    "Solution": ("lexibench.solver.games.boggle.solve", "Solution"),
    "find_words": ("lexibench.solver.games.boggle.solve", "find_words"),
    "solve": ("lexibench.solver.games.boggle.solve", "solve"),
    "score": ("lexibench.solver.games.boggle.rules", "score"),
    "best_board": ("lexibench.solver.games.boggle.best", "best_board"),
    "prove": ("lexibench.solver.games.boggle.prove.proof", "prove"),
    # Letter Boxed
    "parse_box": ("lexibench.solver.games.letterboxed.puzzle", "parse_box"),
    "solve_letterboxed": ("lexibench.solver.games.letterboxed.puzzle", "solve"),
    # errors
    "InputError": ("lexibench.solver.errors", "InputError"),
    "LexiconError": ("lexibench.structures.errors", "LexiconError"),
}

__all__ = [
    "Board",
    "FoundWord",
    "InputError",
    "LexiconError",
    "Opened",
    "Solution",
    "Tier",
    "WordList",
    "__version__",
    "backend_info",
    "backend_names",
    "best_board",
    "build_lexicon",
    "default_backend",
    "find_words",
    "game",
    "game_names",
    "load_wordlist",
    "open_lexicon",
    "open_lexicon_file",
    "parse_board",
    "parse_box",
    "prove",
    "random_boards",
    "score",
    "solve",
    "solve_letterboxed",
]

if TYPE_CHECKING:
    from lexibench.solver.errors import InputError
    from lexibench.solver.games.boggle.best import best_board
    from lexibench.solver.games.boggle.board import Board, parse_board
    from lexibench.solver.games.boggle.dice import random_boards
    from lexibench.solver.games.boggle.prove.proof import prove
    from lexibench.solver.games.boggle.rules import score
    from lexibench.solver.games.boggle.solve import FoundWord, Solution, find_words, solve
    from lexibench.solver.games.letterboxed.puzzle import parse_box
    from lexibench.solver.games.letterboxed.puzzle import solve as solve_letterboxed
    from lexibench.solver.games.registry import game, game_names
    from lexibench.solver.lexicons import Opened, default_backend, open_lexicon, open_lexicon_file
    from lexibench.solver.tiers import Tier
    from lexibench.solver.wordlist import WordList, load_wordlist
    from lexibench.structures.errors import LexiconError
    from lexibench.structures.registry import backend_info, backend_names, build_lexicon


def __getattr__(name: str) -> Any:
    """Import an API name's module on first use."""
    if name in _API:
        module, attr = _API[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'lexibench' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
