"""Parsers of option values: a text as the user wrote it to the value a command takes.

Each raises :class:`ValueError` whose message names what is wrong in a few words; the command
line reports it against the option (``argument --jobs: 0 must be at least 1``), and a caller in
Python gets the same message.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_WHOLE = re.compile(r"-?[0-9]{1,30}")


def whole_number(text: str) -> int:
    """A whole number written with the digits 0-9 (an optional minus).

    >>> whole_number("-12")
    -12
    >>> whole_number("1e3")
    Traceback (most recent call last):
    ...
    ValueError: '1e3' is not a whole number
    """
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def int_at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """A parser of whole numbers no smaller than ``minimum`` (nor above ``maximum``).

    >>> int_at_least(1, 8)("9")
    Traceback (most recent call last):
    ...
    ValueError: 9 must be at most 8
    """

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < minimum:
            raise ValueError(f"{value} must be at least {minimum}")
        if maximum is not None and value > maximum:
            raise ValueError(f"{value} must be at most {maximum}")
        return value

    return parse


positive_int = int_at_least(1)


def seconds(text: str) -> float:
    """A number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise ValueError(f"{value:g} must be above 0 and at most 3600 seconds")
    return value


def positive_number(text: str) -> float:
    """A number above 0 (days or seconds, for instance)."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise ValueError(f"{value:g} must be a number above 0")
    return value


def fraction_between(low: float, high: float) -> Callable[[str], float]:
    """A parser of a number from ``low`` to ``high`` (a confidence, a share)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
        if not low <= value <= high:
            raise ValueError(f"{value:g} must be from {low:g} to {high:g}")
        return value

    return parse
