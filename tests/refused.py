"""The check every parser's bad-input test makes: refused with one line, naming the problem."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lexibench.solver.errors import InputError


def refused(call: Callable[..., Any], *args: Any, match: str) -> str:
    """``call(*args)`` raises an :class:`InputError` of one line that ``match`` (a regular
    expression) finds; its message."""
    with pytest.raises(InputError, match=match) as info:
        call(*args)
    message = str(info.value)
    assert "\n" not in message
    return message
