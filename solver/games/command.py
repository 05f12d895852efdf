"""A game's commands, as data.

A game declares each command it adds to ``lexibench`` as a :class:`Command`: its name, its
summary, its options in the order ``--help`` lists them (its own :class:`Option` s, and markers
where the option groups every command of its sort shares go: :class:`LexiconOptions`,
:class:`TierOption`, :class:`VariantOption`, :class:`WhereOptions`), and the library function
that runs it (given a :class:`~lexibench.solver.games.call.Call`). The command line makes its
parser from that data, runs the function and prints what it returns; nothing in a game imports
the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

if TYPE_CHECKING:
    from lexibench.solver.tiers import TierTable

Options: TypeAlias = Mapping[str, Any]
FileRole: TypeAlias = Literal["input", "output", "output-folder", "updates"]
"""A command's own option values, by :attr:`Option.dest`."""


@dataclass(frozen=True)
class Option:
    """One option (or positional argument) of a command, as data."""

    flags: tuple[str, ...]
    """``("--max-paths",)``, or ``("board",)`` for a positional argument."""
    help: str | Callable[[], str]
    """What it does, for ``--help`` (a function, where saying it costs work: it is called only
    when the command's parser is made)."""
    parse: Callable[[str], Any] | None = None
    """Turns the text into the value (:mod:`lexibench.solver.values`); a :class:`ValueError`'s
    message is the error."""
    default: Any = None
    choices: tuple[str, ...] | None = None
    flag: bool = False
    """An on/off switch (no value)."""
    repeat: bool = False
    """May be given several times: the value is the list of every one (a positional argument:
    one or more values, or any number where it is ``optional``)."""
    metavar: str | None = None
    optional: bool = False
    """A positional argument that may be left out."""
    required: bool = False
    exclusive: str | None = None
    """Options that share this name cannot be given together."""
    stdin: str | None = None
    """What ``-`` reads from standard input here (``"the board"``), if it can."""
    file: FileRole | None = None
    """What the value names, when it is a path: a file the command reads (``"input"``), writes
    (``"output"``, ``"output-folder"``), or updates in place, its purpose (``"updates"``: a
    proof's checkpoint). No output may be one of the command's inputs: checked before any work
    (:func:`lexibench.structures.files.check_outputs`)."""

    @property
    def dest(self) -> str:
        """The value's name: the first long flag without its dashes, ``-`` made ``_``."""
        name = next((f for f in self.flags if f.startswith("--")), self.flags[0])
        return name.lstrip("-").replace("-", "_")


#: ``--json``, as every command that answers one puzzle has it.
JSON = Option(("--json",), "print one JSON object", flag=True)


@dataclass(frozen=True)
class LexiconOptions:
    """Here go the word-list and structure options: ``--wordlist`` and its limits,
    ``--capitalised``, ``--min-length``, ``--lexicon``, ``--lexicon-file``, ``--no-cache`` and
    ``--verbose``."""


@dataclass(frozen=True)
class TierOption:
    """Here goes ``--tier``: every tier, or ``choices`` with their own ``help``."""

    choices: tuple[str, ...] | None = None
    help: str | None = None


@dataclass(frozen=True)
class VariantOption:
    """Here goes the option that picks the lexicon's variant under names of the command's own
    (the crossword commands' ``--algorithm dawg|gaddag``): ``names`` maps each to a variant."""

    flag: str
    names: Mapping[str, str]
    default: str
    help: str


@dataclass(frozen=True)
class WhereOptions:
    """Here go ``--jobs`` (``jobs``: what the processes do) and the Dask options (``cluster``:
    what runs on the cluster)."""

    jobs: str
    cluster: str


Entry: TypeAlias = Option | LexiconOptions | TierOption | VariantOption | WhereOptions


@dataclass(frozen=True)
class Command:
    """A ``lexibench`` subcommand a game adds."""

    name: str
    summary: str
    """One line, for ``lexibench --help``."""
    options: tuple[Entry, ...] = ()
    run: str | None = None
    """``"module:function"``: the library function that runs it, given a
    :class:`~lexibench.solver.games.call.Call`; None for a command that answers one puzzle
    (:func:`lexibench.solver.games.answer.answer`)."""
    tiers: TierTable | None = None
    """The tiers it offers, when not the game's own (a proof's)."""
    serves: str | None = None
    """What it is, in an error about a structure that cannot serve it (default: the game's
    title)."""

    def own(self) -> tuple[Option, ...]:
        """Its own options (not the shared groups)."""
        return tuple(entry for entry in self.options if isinstance(entry, Option))

    def has(self, kind: type) -> bool:
        """True when it takes the option group ``kind`` (:class:`LexiconOptions`, ...)."""
        return any(isinstance(entry, kind) for entry in self.options)


def puzzle_command(
    name: str, summary: str, puzzle: tuple[Option, ...], search: tuple[Option, ...] = ()
) -> Command:
    """A command that answers one puzzle (:func:`lexibench.solver.games.answer.answer`): the
    puzzle's options, the lexicon options, ``--tier``, its search's own options, ``--json``."""
    return Command(name, summary, (*puzzle, LexiconOptions(), TierOption(), *search, JSON))
