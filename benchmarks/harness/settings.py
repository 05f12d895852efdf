"""The workload of a benchmark run, declared once: each field of :class:`Settings` is one
``--lexibench-*`` option.

An option's name, type, default and help text come from its field, so adding an option is one
field here (and its line in the README). :mod:`benchmarks.harness.options` turns the fields into
pytest options; the runner (:mod:`benchmarks.run`) into its own; every suite run records them
(:class:`~benchmarks.harness.records.RunRecord`). Nothing here imports pytest, so the reader of
the raw files does not need it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

DEFAULT_SEED: Final = 2026
SWEEPS: Final = ("smoke", "reduced", "full")
SCALES: Final = ("full", "quick")


def _option(default: Any, help_text: str, choices: tuple[str, ...] | None = None) -> Any:
    return field(default=default, metadata={"help": help_text, "choices": choices})


@dataclass(frozen=True)
class Settings:
    """The workload of one benchmark run (every field is a ``--lexibench-<name>`` option)."""

    wordlist: str = _option("web2", "word list: a name (web2, gcide, system) or a path")
    seed: int = _option(DEFAULT_SEED, "seed of every generated workload (boards, queries, ...)")
    games: str = _option("", "games to run, comma-separated (default: every registered game)")
    workloads: str = _option(
        "", "the games' workloads to run, comma-separated names (default: every one)"
    )
    scale: str = _option(
        "full",
        "each workload's count of puzzles: full, or quick (the headline workload of each game "
        "alone, with its quick count)",
        SCALES,
    )
    puzzles: int = _option(0, "puzzles per game workload (0: each workload's own count)")
    boards: int = _option(100, "boards per board size in the Boggle suites (scaling, pitfalls)")
    sizes: str = _option(
        "4x4,5x5,6x6", "board sizes of the interpreted-search suite, comma-separated"
    )
    queries: int = _option(10_000, "queries per named query set in the look-up suite")
    backends: str = _option(
        "", "structure ids to run, comma-separated (default: every available one)"
    )
    sweep: str = _option("reduced", "points of the scaling suite", SWEEPS)
    search_runs: int = _option(3, "seeded runs per board size in the best-board suite")
    search_budget: int = _option(
        0, "evaluations per best-board run (0: lexibench best's default for each size)"
    )
    search_compare: int = _option(
        300, "evaluations of the best-board search every backend and tier runs"
    )
    selfplay_games: int = _option(
        100, "greedy crossword games per lexibench selfplay process in the crossword suite"
    )
    equity_games: int = _option(
        1_000,
        "games of the equity player against the greedy one in the crossword suite (quick scale: "
        "20)",
    )

    def size_list(self) -> tuple[str, ...]:
        """:attr:`sizes` as a tuple."""
        return tuple(s for s in self.sizes.split(",") if s)

    def game_list(self) -> tuple[str, ...]:
        """:attr:`games` as a tuple (empty: every game)."""
        return tuple(g for g in self.games.split(",") if g)

    def workload_list(self) -> tuple[str, ...]:
        """:attr:`workloads` as a tuple (empty: every workload)."""
        return tuple(w for w in self.workloads.split(",") if w)

    def backend_list(self) -> tuple[str, ...]:
        """:attr:`backends` as a tuple (empty: every available backend)."""
        return tuple(b for b in self.backends.split(",") if b)

    def as_dict(self) -> dict[str, Any]:
        """Every setting, for the run's record."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def option_name(name: str) -> str:
    """The command-line option of a :class:`Settings` field."""
    return f"--lexibench-{name.replace('_', '-')}"
