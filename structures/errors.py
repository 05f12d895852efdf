"""Exceptions raised by the lexicon layer.

Every error here is a ``ValueError`` or ``LookupError`` subclass whose message is one line that
names the problem, so a command-line front end can print it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable


class LexiconError(Exception):
    """Base class of every error the ``structures`` layer raises on purpose."""


class BadInputError(LexiconError, ValueError):
    """Input that cannot be used: a file (missing, not a regular file, too large, not of its
    format) or a value a user gave. The message is one line naming it and the problem."""


class UnstorableWordError(LexiconError, ValueError):
    """A word the backend cannot store: raised while building, never silently dropped."""

    def __init__(self, backend: str, word: object, reason: str) -> None:
        self.backend = backend
        self.word = word
        self.reason = reason
        super().__init__(f"lexicon {backend!r} cannot store word {word!r}: {reason}")


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The choice ``word`` most likely misspells, or None: the first (in order) that starts
    with it, else the closest by :mod:`difflib` where it is at least 0.8 alike (the command
    line's rule for options, which are never taken by abbreviation).

    >>> nearest("marisaa", ["dawg", "marisa"]), nearest("dict", ["dawg", "dict-trie"])
    ('marisa', 'dict-trie')
    >>> nearest("prefix-dict", ["prefix-set"]) is None
    True
    """
    import difflib

    listed = list(choices)
    starting = [choice for choice in listed if choice.startswith(word)]
    close = starting or difflib.get_close_matches(word, listed, n=1, cutoff=0.8)
    return close[0] if close else None


class UnknownBackendError(LexiconError, LookupError):
    """A backend id that is neither built in nor registered through an entry point: the message
    names the nearest id (:func:`nearest`), every known one and ``note`` (why an id may be
    missing)."""

    def __init__(self, name: str, known: list[str], note: str | None = None) -> None:
        self.name = name
        self.known = known
        self.near = nearest(name, known)
        """The id ``name`` most likely misspells, or None."""
        self.note = note
        """Why an id may be missing from ``known`` (plugins left out), or None."""
        super().__init__(unknown_message(name, self.near, ", ".join(known), (), note))

    def __str__(self) -> str:  # LookupError would otherwise quote the whole message
        return str(self.args[0])


def unknown_message(
    name: str, near: str | None, known: str, others: Iterable[str] = (), note: str | None = None
) -> str:
    """The one line refusing structure id ``name``: the id it likely misspells (``near``), the
    ids ``known`` (written out), then each of ``others`` (the ids known but not of use, with
    why) and ``note``.

    >>> unknown_message("marisaa", "marisa", "dawg, marisa", ["unavailable: datrie (...)"])
    "unknown lexicon 'marisaa'; did you mean marisa? known: dawg, marisa; unavailable: datrie (...)"
    """
    suggested = f"; did you mean {near}? known: " if near else "; known: "
    head = f"unknown lexicon {name!r}{suggested}"
    return "; ".join([head + known, *others, *([note] if note else [])])


class NotALexiconError(LexiconError, TypeError):
    """A structure of the registry that is an index, asked for where a lexicon is needed."""

    def __init__(self, name: str, kinds: tuple[str, ...]) -> None:
        self.name = name
        self.kinds = kinds
        super().__init__(
            f"structure {name!r} is an index (it answers {', '.join(kinds)} queries), not a lexicon"
        )


class BackendUnavailableError(LexiconError, RuntimeError):
    """A registered backend whose library cannot be imported here."""

    def __init__(self, name: str, reason: str, hint: str | None) -> None:
        self.name = name
        self.reason = reason
        self.hint = hint
        how = f"; install it with: {hint}" if hint else ""
        super().__init__(f"lexicon {name!r} is unavailable ({reason}){how}")


class TooManyPathsError(LexiconError, OverflowError):
    """A path search kept more than ``limit`` paths and stopped (see ``find_paths``)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"more than {limit:,} paths")


class StaleBuildError(LexiconError, RuntimeError):
    """A compiled module that was not built from the source beside it (see structures.builds)."""
