"""Peers: other projects' solvers that the benchmarks measure lexibench against, where the user
has built them (lexibench neither ships nor builds them): :mod:`.hybrid_boggle`, danvk's C++
Boggle scorer and prover, and :mod:`.magpie`, jvc56's crossword-game move generator, reached
through a small harness of lexibench's (``magpie_movegen.c``, beside it)."""

from __future__ import annotations

from collections.abc import Callable

from lexibench.solver.errors import InputError


def why_not(check: Callable[[], object]) -> str | None:
    """Why a peer cannot run here (the one line of the :class:`InputError` its ``check``
    raises: what is missing and how to get it), or None when it can."""
    try:
        check()
    except InputError as exc:
        return str(exc)
    return None
