"""Exceptions raised by the lexicon layer.

Every error here is a ``ValueError`` or ``LookupError`` subclass whose message is one line that
names the problem, so a command-line front end can print it as it is.
"""

from __future__ import annotations


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


class UnknownBackendError(LexiconError, LookupError):
    """A backend id that is neither built in nor registered through an entry point."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        super().__init__(f"unknown lexicon {name!r}; known: {', '.join(known)}")

    def __str__(self) -> str:  # LookupError would otherwise quote the whole message
        return str(self.args[0])


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
