"""The brute-force word search, correct by construction: every word of the list tested against
every condition in plain Python (no structure). Hooks are looked up in the set of the words, a
word's anagrams counted by its sorted letters; what every structure and tier is checked against.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from lexibench.solver.games.search.conditions import Condition, Family, Hooks, Not
from lexibench.solver.games.search.puzzle import Answer, Query, answer
from lexibench.structures.queries import ALPHABET


class WordList:
    """The words, as a set and by their sorted letters: what the conditions that need the list
    (hooks, anagram counts) ask."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = sorted(set(words))
        self.members = frozenset(self.words)
        self.families = Counter("".join(sorted(w)) for w in self.words)
        self._hooks: dict[str, tuple[str, str]] = {}

    def hooks(self, word: str) -> tuple[str, str]:
        """The letters x with xW, and with Wx, a word of the list (each word's found once)."""
        found = self._hooks.get(word)
        if found is None:
            members = self.members
            found = self._hooks[word] = (
                "".join(x for x in ALPHABET if x + word in members),
                "".join(x for x in ALPHABET if word + x in members),
            )
        return found

    def test(self, condition: Condition) -> Callable[[str], bool]:
        """Whether ``condition`` holds for a word of the list."""
        if isinstance(condition, Not):
            inner = self.test(condition.inner)
            return lambda word: not inner(word)
        if isinstance(condition, Hooks):
            side = 0 if condition.front else 1
            return lambda word: condition.span.holds(len(self.hooks(word)[side]))
        if isinstance(condition, Family):
            families = self.families
            return lambda word: condition.span.holds(families["".join(sorted(word))])
        return condition.holds


def reference_words(conditions: Sequence[Condition], words: Iterable[str]) -> list[str]:
    """Every word of ``words`` meeting every one of ``conditions``, sorted."""
    listed = WordList(words)
    tests = [listed.test(condition) for condition in conditions]
    return [word for word in listed.words if all(test(word) for test in tests)]


def reference_answer(query: Query, words: Sequence[str] | WordList) -> Answer:
    """The answer to ``query`` from ``words`` alone (a :class:`WordList` made of them, for a
    caller asking again), each listed word's hooks included."""
    listed = words if isinstance(words, WordList) else WordList(words)
    tests = [listed.test(condition) for condition in query.conditions]
    found = [w for w in listed.words if len(w) >= query.min_length and all(t(w) for t in tests)]
    chosen = answer(query, found)
    return Answer(chosen, len(found), tuple(listed.hooks(word) for word in chosen))
