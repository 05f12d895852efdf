"""Seeded Wordle games, played out: each game draws an answer among the list's words of five
letters, opens with a fixed guess, then guesses a candidate drawn among those left until it wins.
Every position reached (the guesses so far, their feedback) is a puzzle. The same seed and word
list give the same games on any machine (randomness comes only from
:meth:`random.Random.random`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from lexibench.solver.draws import below
from lexibench.solver.games.wordle.grading import grade
from lexibench.solver.games.wordle.puzzle import DEFAULT_LENGTH, Guess, Position

#: The first guess of every game (a common opening; it need not be in the list).
OPENING: Final = "crane"


def played_games(seed: int, count: int, words: Sequence[str]) -> list[Position]:
    """``count`` positions from games played out as the module docstring says, in the order they
    arise (a game's first position, its second, ..., then the next game's).

    >>> [g.text() for g in played_games(3, 2, ["abide", "aside", "bride", "crane"])]
    ['crane=bbybg', 'crane=bbybg aside=gbggg']
    """
    rng = random.Random(seed)
    pool = sorted({w for w in words if len(w) == DEFAULT_LENGTH})
    if not pool:
        raise ValueError(f"the word list has no word of {DEFAULT_LENGTH} letters")
    found: list[Position] = []
    while len(found) < count:
        answer = pool[below(rng, len(pool))]
        guesses: list[Guess] = []
        left = pool
        guess = OPENING
        while len(found) < count:
            guesses.append(Guess(guess, grade(guess, answer)))
            found.append(Position(DEFAULT_LENGTH, tuple(guesses)))
            if guess == answer:
                break
            left = [w for w in left if grade(guess, w) == guesses[-1].feedback]
            guess = left[below(rng, len(left))]
    return found
