"""GADDAG strings: the strings a GADDAG (Gordon, *Software: Practice and Experience* 24(2), 1994)
stores for a word list, as plain strings any backend can hold.

For a word ``w`` and each split point ``1 <= k <= len(w)``, the string is the reversed prefix
``w[:k][::-1]``, then :data:`SEPARATOR`, then the suffix ``w[k:]``; the separator is left out
when the suffix is empty (the whole word reversed). "care" gives ``erac``, ``rac@e``,
``ac@re`` and ``c@are``. A search that starts at any letter of a word, reads leftwards, crosses
the separator and reads rightwards walks one of these strings, so a lexicon of them answers
"can this placement, grown from a square in both directions, still become a word?".

A word of ``n`` letters gives ``n`` strings, none empty and none repeated (the position of the
separator tells them apart), so a lexicon of the GADDAG strings of ``W`` holds ``sum(len(w))``
strings. :func:`words_of` inverts :func:`gaddag_strings` and refuses strings that are not exactly
the GADDAG strings of some word list.

A backend stores them like any other strings; one whose alphabet is only the letters a-z
(``array-trie``) cannot hold the separator and refuses them with
:class:`~structures.errors.UnstorableWordError`. Nothing here knows a game: a crossword game's
search uses these strings, and ``kwg`` builds its GADDAG from the same definition.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

SEPARATOR: Final = "@"
"""Where the reversed prefix ends and the suffix begins. ``@`` is not a letter, and it sorts
before ``a`` (in ASCII and in the KWG's tile numbers, where it is tile 0), so a sorted child list
offers it first."""


def gaddag_strings(words: Iterable[str]) -> Iterator[str]:
    """The GADDAG strings of each word, in the order of ``words`` and of split points.

    O(sum of len(w) squared) characters in all.

    >>> list(gaddag_strings(["care"]))
    ['c@are', 'ac@re', 'rac@e', 'erac']
    """
    for word in words:
        for k in range(1, len(word)):
            yield word[k - 1 :: -1] + SEPARATOR + word[k:]
        yield word[::-1]


def word_of(string: str) -> str:
    """The word a GADDAG string was made from: ``"rac@e"`` -> ``"care"``, ``"erac"`` -> ``"care"``.

    >>> word_of("ac@re"), word_of("erac")
    ('care', 'care')
    """
    left, _, right = string.partition(SEPARATOR)
    return left[::-1] + right


class NotGaddagError(ValueError):
    """Strings that are not exactly the GADDAG strings of a word list; ``string`` is one that is
    wrong or missing."""

    def __init__(self, string: str, reason: str) -> None:
        self.string = string
        self.reason = reason
        super().__init__(f"{string!r}: {reason}")


def words_of(strings: Iterable[str]) -> list[str]:
    """The distinct words whose GADDAG strings are exactly ``strings`` (duplicates allowed), in
    first-seen order of their reversed forms.

    Raises :class:`NotGaddagError` when a string holds the separator more than once or at an end,
    when one with a separator belongs to no word whose reversed form is among ``strings``, or
    when a word's other strings are missing. O(total characters).

    >>> words_of(["erac", "c@are", "ac@re", "rac@e", "a"])
    ['care', 'a']
    >>> words_of(["erac", "c@are"])
    Traceback (most recent call last):
    ...
    lexibench.structures.gaddag.NotGaddagError: 'ac@re': missing (a GADDAG string of 'care')
    """
    reversed_words: dict[str, None] = {}
    split: dict[str, None] = {}
    for string in strings:
        count = string.count(SEPARATOR)
        if count == 0:
            reversed_words[string] = None
        elif count > 1 or string.startswith(SEPARATOR) or string.endswith(SEPARATOR):
            raise NotGaddagError(
                string, f"a GADDAG string holds one {SEPARATOR!r}, between two letters"
            )
        else:
            split[string] = None
    words = [reversed_word[::-1] for reversed_word in reversed_words]
    known = set(words)
    for string in split:
        word = word_of(string)
        if word not in known:
            raise NotGaddagError(
                string, f"its word {word!r} is not there reversed ({word[::-1]!r} is missing)"
            )
    if len(split) != sum(len(word) - 1 for word in words):
        for word in words:
            for string in gaddag_strings([word]):
                if SEPARATOR in string and string not in split:
                    raise NotGaddagError(string, f"missing (a GADDAG string of {word!r})")
    return words
