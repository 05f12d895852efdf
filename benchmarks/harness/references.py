"""The answers every timed case is checked against, from the trivially correct references.

Each answer is computed once per session, on first use, by a reference that no backend or tier
shares, for a suite's whole workload of that kind (every seeded board of a size, every puzzle),
so it does not depend on which cases run or in what order (``-k``, ``--lf``, one backend): every
case, capped or not, is compared with the same answers.

- Boggle (the solve, pitfall and scaling suites): the plain-Python reference solver
  (:mod:`benchmarks.baselines.reference_solver`) on the same seeded boards: the words found on
  each board.
- Every game's workloads (the games suite): the game's own brute-force reference (a filter over
  the word list), each answer's key (:meth:`~solver.games.protocol.Game.key`) and score
  (:func:`game_answers`).
- The best-board search: the same seeded search with the reference solver's trie as the lexicon
  (string tier): its course, ``(evaluations, best score)`` at every rise.

The checks run outside the timing (``STYLE.md``, 5).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache

from lexibench.benchmarks.baselines import reference_solver
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.games import game_words, puzzles
from lexibench.benchmarks.harness.settings import Settings
from lexibench.solver.games.boggle.best import search
from lexibench.solver.games.registry import game

Course = tuple[tuple[int, int], ...]
"""A best-board search's ``(evaluations, best score)`` at every rise."""


class TrieLexicon:
    """The reference solver's trie asked through the :class:`~structures.Lexicon` protocol
    (whole strings only: the string tier). Each query walks from the root: O(len(s))."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self._trie = reference_solver.build_trie(words)
        self._size = len(set(words))

    def __len__(self) -> int:
        return self._size

    def _node(self, s: str) -> reference_solver.Trie | None:
        node = self._trie
        for letter in s:
            child = node.get(letter)
            if not isinstance(child, dict):
                return None
            node = child
        return node

    def is_word(self, s: str) -> bool:
        node = self._node(s)
        return node is not None and reference_solver.END in node

    def has_prefix(self, s: str) -> bool:
        return self._node(s) is not None


class References:
    """Reference answers for one word list (and its nested subsets), computed on first use."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self._words = words
        self._answers: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._courses: dict[tuple[object, ...], Course] = {}
        self._trie_key: int | None = None
        self._trie: reference_solver.Trie = {}

    def _trie_of(self, words: tuple[str, ...]) -> reference_solver.Trie:
        """The reference trie of ``words``; only the latest is kept (they are large)."""
        if self._trie_key != len(words):  # the word lists of a run differ in length
            self._trie = {}
            self._trie = reference_solver.build_trie(words)
            self._trie_key = len(words)
        return self._trie

    def boggle(
        self,
        size: str,
        count: int,
        seed: int,
        dice: str | None = None,
        words: tuple[str, ...] | None = None,
    ) -> tuple[int, ...]:
        """Words on each of the ``count`` seeded boards of ``size`` (as
        :func:`~benchmarks.harness.workloads.boards_for` draws them), with ``words`` (default:
        the run's list)."""
        words = self._words if words is None else words
        key = (len(words), size, count, seed, dice)
        if key not in self._answers:
            trie = self._trie_of(words)
            boards = workloads.boards_for(size, count, seed, dice)
            self._answers[key] = tuple(
                len(reference_solver.solve(b.cells, b.neighbours(), trie)) for b in boards
            )
        return self._answers[key]

    def search_course(self, size: str, seed: int, budget: int) -> Course:
        """The course of one seeded best-board search of ``budget`` evaluations (one chain)."""
        key = (size, seed, budget)
        if key not in self._courses:
            rows, cols = (int(x) for x in size.split("x"))
            result = search(TrieLexicon(self._words), rows, cols, seed, budget, 1, tier="string")
            self._courses[key] = tuple((e, s) for e, s, _ in result.trajectory())
        return self._courses[key]


def check(found: Sequence[int], expected: Sequence[int], what: str) -> None:
    """``found`` (per board or puzzle, of the first ``len(found)``: a capped baseline solves
    fewer) against the reference's answers."""
    assert len(found) <= len(expected), f"{what}: more items than the reference answered"
    mismatched = [i for i, (a, b) in enumerate(zip(found, expected, strict=False)) if a != b]
    assert not mismatched, (
        f"{what} disagrees with the reference on item {mismatched[0]}: "
        f"{found[mismatched[0]]} words, the reference {expected[mismatched[0]]}"
    )


@cache
def game_answers(settings: Settings, name: str, workload: str) -> tuple[tuple[Hashable, int], ...]:
    """The game's brute-force reference (a filter over its word list, correct by construction)
    on every puzzle of the workload: each answer's key and score."""
    played = game(name)
    solve = played.reference(game_words(settings.wordlist, name).words)
    answers = [solve(puzzle) for puzzle in puzzles(settings, name, workload)]
    return tuple((played.key(answer), played.score(answer)) for answer in answers)
