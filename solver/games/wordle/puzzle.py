"""Wordle: the words still possible after some guesses, and the best next guess.

A guess is written ``WORD=FEEDBACK``: per letter ``g`` (right letter, right place), ``y`` (in
the answer elsewhere) or ``b`` (not in the answer, beyond the copies this guess's ``g`` and ``y``
marks account for), with Wordle's own rule for repeated letters (:func:`grading.grade
<lexibench.solver.games.wordle.grading.grade>`: greens first, then yellows left to right while
the answer has copies left). The candidates are the words of the guesses' length (``length``, 5
by default) that would have given every feedback; sorted alphabetically.

The feedback becomes exact constraints (:func:`constraints`): a ``g`` fixes its position's
letter, a ``y`` or ``b`` rules its letter out of its position; per letter of a guess, its ``g``
and ``y`` marks are a lower bound on the answer's copies, and a ``b`` beside them makes that the
exact count. Feedback no answer could give (a ``b`` before a ``y`` of the same letter) allows
nothing. The game, its search at each tier included, is declared in
:mod:`solver.games.wordle.game`.

With ``suggest``, the answer also names the guess, among every word of that length, that
minimises the expected number of candidates left: the sum of the squared sizes of the groups its
feedback splits the candidates into, divided by their number (the answer counted among those
left); ties go to a guess that is itself a candidate, then alphabetically.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.word_rules import char_text, lower_ascii
from lexibench.structures.queries import ALPHABET

DEFAULT_LENGTH: Final = 5
MIN_LENGTH: Final = 2
MAX_LENGTH: Final = 15
MARKS: Final = "gyb"


@dataclass(frozen=True)
class Guess:
    """A guessed word and the feedback it got."""

    word: str
    feedback: str

    def text(self) -> str:
        """``word=feedback``."""
        return f"{self.word}={self.feedback}"


@dataclass(frozen=True)
class Position:
    """The guesses so far, the word length, and whether to suggest the next guess."""

    length: int = DEFAULT_LENGTH
    guesses: tuple[Guess, ...] = ()
    suggest: bool = False

    def text(self) -> str:
        """The guesses as they are written, separated by spaces."""
        return " ".join(g.text() for g in self.guesses)


def parse_guess(text: str) -> Guess:
    """``WORD=FEEDBACK`` (either case): letters a-z, then one of ``g``, ``y``, ``b`` per letter.

    >>> parse_guess("SPEED=bbyby")
    Guess(word='speed', feedback='bbyby')
    """
    word, sep, feedback = lower_ascii(text.strip()).partition("=")
    if not sep:
        raise InputError(f"guess {text!r}: write it WORD=FEEDBACK (crane=bbygb)")
    for ch in word:
        if not "a" <= ch <= "z":
            raise InputError(f"guess {text!r}: {char_text(ch)} is not a letter a-z")
    for ch in feedback:
        if ch not in MARKS:
            raise InputError(
                f"guess {text!r}: feedback {char_text(ch)} is none of g (right place), "
                "y (elsewhere), b (not in the answer)"
            )
    if len(feedback) != len(word):
        raise InputError(
            f"guess {text!r}: {len(word)} letters but {len(feedback)} marks of feedback"
        )
    return Guess(word, feedback)


def make_position(
    guesses: Iterable[str], length: int | None = None, suggest: bool = False
) -> Position:
    """The position of ``guesses`` (each ``WORD=FEEDBACK``): of their length, which ``length``
    must match when given (default 5 without guesses)."""
    parsed = tuple(parse_guess(g) for g in guesses)
    lengths = sorted({len(g.word) for g in parsed})
    if len(lengths) > 1:
        raise InputError(f"guesses of different lengths ({', '.join(map(str, lengths))})")
    if parsed and length is not None and lengths[0] != length:
        raise InputError(f"guesses of {lengths[0]} letters, but --length {length}")
    size = lengths[0] if parsed else (DEFAULT_LENGTH if length is None else length)
    if not MIN_LENGTH <= size <= MAX_LENGTH:
        raise InputError(f"word length {size}: must be {MIN_LENGTH} to {MAX_LENGTH}")
    return Position(size, parsed, suggest)


def parse_position(text: str) -> Position:
    """Guesses separated by spaces or commas (``crane=bbygb speed=bbyby``); none: every word of
    five letters.

    >>> parse_position("crane=bbygb, speed=bbyby").guesses[1].feedback
    'bbyby'
    """
    return make_position([g for g in re.split(r"[\s,]+", text.strip()) if g])


@dataclass(frozen=True)
class Constraints:
    """What the feedback says of the answer."""

    allowed: tuple[str, ...]
    """Per position, the letters it may hold."""
    at_least: Mapping[str, int]
    at_most: Mapping[str, int]


def constraints(position: Position) -> Constraints:
    """The exact constraints of every guess's feedback (see the module docstring).

    >>> c = constraints(make_position(["speed=bbyby"]))
    >>> c.allowed[2], dict(c.at_least), dict(c.at_most)
    ('abcdfghijklmnoqrtuvwxyz', {'e': 1, 'd': 1}, {'s': 0, 'p': 0, 'e': 1})
    """
    allowed = [set(ALPHABET) for _ in range(position.length)]
    at_least: dict[str, int] = {}
    at_most: dict[str, int] = {}
    for guess in position.guesses:
        for i, (ch, mark) in enumerate(zip(guess.word, guess.feedback, strict=True)):
            if mark == "g":
                allowed[i] &= {ch}
            else:
                allowed[i].discard(ch)
        for ch in dict.fromkeys(guess.word):
            marks = [m for c, m in zip(guess.word, guess.feedback, strict=True) if c == ch]
            placed = "".join(m for m in marks if m != "g")
            if "by" in placed:  # yellows go left to right: none after a black
                allowed = [set() for _ in range(position.length)]
            low = marks.count("g") + marks.count("y")
            at_least[ch] = max(at_least.get(ch, 0), low)
            if "b" in marks:
                at_most[ch] = min(at_most.get(ch, low), low)
    for ch, high in at_most.items():
        if at_least.get(ch, 0) > high:
            allowed = [set() for _ in range(position.length)]
        if high == 0:  # not in the answer at all: nowhere (the same words, less to try)
            for letters in allowed:
                letters.discard(ch)
    return Constraints(
        tuple("".join(sorted(letters)) for letters in allowed),
        {ch: n for ch, n in at_least.items() if n},
        at_most,
    )


@dataclass(frozen=True)
class Suggestion:
    """The best next guess and the expected number of candidates left after it."""

    guess: str
    squares: int
    """The sum of the squared sizes of the groups its feedback splits the candidates into."""
    candidates: int

    @property
    def expected(self) -> float:
        """``squares / candidates``."""
        return self.squares / self.candidates


@dataclass(frozen=True)
class Answer:
    """The candidates (sorted) and, when asked, the suggested guess."""

    words: tuple[str, ...]
    suggestion: Suggestion | None = None


def suggest(
    guesses: list[str], candidates: tuple[str, ...], compiled: bool = True
) -> Suggestion | None:
    """The best of ``guesses`` (sorted) against ``candidates`` (see the module docstring); None
    when there is no candidate."""
    from lexibench.solver.games.wordle.grading import best_guess

    best = best_guess(guesses, candidates, compiled)
    if best is None:
        return None
    return Suggestion(guesses[best[0]], best[1], len(candidates))


def answer(
    position: Position, find: Callable[[Position], list[str]], compiled: bool = True
) -> Answer:
    """The candidates ``find`` gives for ``position`` (``find``: a position's candidates, in no
    particular order), sorted; with ``position.suggest``, the best next guess among every word
    of its length (``find`` of the position without guesses), graded by the compiled kernel
    where it is (``compiled`` False: by its interpreted twin)."""
    words = tuple(sorted(find(position)))
    if not position.suggest:
        return Answer(words)
    pool = sorted(find(Position(position.length)))
    return Answer(words, suggest(pool, words, compiled))
