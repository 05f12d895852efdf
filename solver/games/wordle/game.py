"""Wordle as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`, a :class:`~lexibench.solver.games.query.QueryGame` of the
``positions`` kind: the feedback made exact constraints (:func:`~.puzzle.constraints`), asked of
an index's position bit sets, array-trie's compiled walk, or a constraint walk through any
lexicon; and the suggested guess among every word of the length.

The pieces live beside this module: the game, its feedback made constraints and its answer
(``puzzle.py``), the constraint walk (``search.py``, compiled), the grader and the best guess
(``grading.py``, its compiled kernel ``grader.pyx``), seeded games played out (``workload.py``),
the brute-force reference (``reference.py``) and renderers (``render.py``).

>>> from lexibench.solver.games.answer import solve
>>> from lexibench.structures import build_structure
>>> index = build_structure("position-bitsets", ["abide", "speed", "bride", "aside"])
>>> solve(GAME, make_position(["speed=bbyby"], suggest=True), index).suggestion.guess
'abide'
>>> lexicon = build_structure("dict-trie", ["abide", "speed", "bride", "aside", "crane"])
>>> solve(GAME, make_position(["speed=bbyby"]), lexicon, "step").words
('abide', 'bride')
"""

from __future__ import annotations

from lexibench.solver import values
from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame
from lexibench.solver.games.wordle.puzzle import (
    MAX_LENGTH,
    MIN_LENGTH,
    Answer,
    Position,
    answer,
    constraints,
    make_position,
    parse_position,
)
from lexibench.solver.games.wordle.reference import reference_answer
from lexibench.solver.games.wordle.render import answer_json, answer_text
from lexibench.solver.games.wordle.search import Search
from lexibench.solver.games.wordle.workload import played_games
from lexibench.solver.word_rules import WordRules
from lexibench.structures import PositionsQuery


def _candidates(index: PositionsQuery, position: Position) -> list[str]:
    found = constraints(position)
    return index.positions_words(found.allowed, found.at_least, found.at_most)


def _walk(position: Position) -> Search:
    found = constraints(position)
    return Search(list(found.allowed), dict(found.at_least), dict(found.at_most))


GAME: Game[Position, Answer] = QueryGame(
    name="wordle",
    title="Wordle",
    unit="position",
    word_rules=WordRules(min_length=MIN_LENGTH, q_needs_u=False),
    kind="positions",
    summary="the words a Wordle's feedback still allows, and the best next guess",
    options=(
        Option(
            ("--guess",),
            "a guess and its feedback, one of g (right place), y (elsewhere), b (not in the "
            "answer) per letter: crane=bbygb; repeat it for every guess",
            repeat=True,
            metavar="WORD=FEEDBACK",
        ),
        Option(
            ("--length",),
            "word length (default: the guesses', else 5)",
            parse=values.int_at_least(MIN_LENGTH, MAX_LENGTH),
            metavar="N",
        ),
        Option(
            ("--suggest",),
            "also give the guess, among every word of that length, that leaves the fewest "
            "candidates expected",
            flag=True,
        ),
    ),
    puzzle=lambda options: make_position(options["guess"], options["length"], options["suggest"]),
    parse=parse_position,
    seeded=(
        Workload(
            "games",
            "positions of games played out from seeded answers, opening crane",
            100,
            10,
            played_games,
        ),
    ),
    by_index=_candidates,
    walk=_walk,
    answer=answer,
    reference_answer=reference_answer,
    answer_json=answer_json,
    answer_text=answer_text,
    key=lambda found: (found.words, found.suggestion),
    score=lambda found: len(found.words),  # the number of candidates
)
