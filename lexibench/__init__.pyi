# The Python API: every name `import lexibench` offers and the module that defines it, one line a
# name. Type checkers read it as the package's interface; __init__.py reads it to import each name
# on first use. Add a name here and nowhere else.

from lexibench.solver.defaults import default_structure as default_structure
from lexibench.solver.errors import InputError as InputError
from lexibench.solver.games.boggle.best import best_board as best_board
from lexibench.solver.games.boggle.board import Board as Board
from lexibench.solver.games.boggle.board import parse_board as parse_board
from lexibench.solver.games.boggle.dice import random_boards as random_boards
from lexibench.solver.games.boggle.prove.proof import prove as prove
from lexibench.solver.games.boggle.rules import score as score
from lexibench.solver.games.boggle.solve import FoundWord as FoundWord
from lexibench.solver.games.boggle.solve import Solution as Solution
from lexibench.solver.games.boggle.solve import find_words as find_words
from lexibench.solver.games.boggle.solve import solve as solve
from lexibench.solver.games.letterboxed.puzzle import parse_box as parse_box
from lexibench.solver.games.letterboxed.solve import solve as solve_letterboxed  # noqa: F401
from lexibench.solver.games.registry import game as game
from lexibench.solver.games.registry import game_names as game_names
from lexibench.solver.lexicons import Opened as Opened
from lexibench.solver.lexicons import open_lexicon_file as open_lexicon_file
from lexibench.solver.plan import open_lexicon as open_lexicon
from lexibench.solver.tiers import Tier as Tier
from lexibench.solver.wordlist import WordList as WordList
from lexibench.solver.wordlist import load_wordlist as load_wordlist
from lexibench.structures.errors import LexiconError as LexiconError
from lexibench.structures.registry import backend_info as backend_info
from lexibench.structures.registry import backend_names as backend_names
from lexibench.structures.registry import build_lexicon as build_lexicon

__version__: str
