"""A game's commands as data, and what their runs take and give.

A game declares each command it adds to ``lexibench`` as a :class:`Command`: its name, its
summary, its options in the order ``--help`` lists them (its own :class:`Option` s, and markers
where the option groups every command of its sort shares go: :class:`LexiconOptions`,
:class:`TierOption`, :class:`VariantOption`, :class:`WhereOptions`), and the library function
that runs it. The command line makes its parser from that data, turns the parsed values into a
:class:`Call`, runs the function and prints what it returns; nothing in a game imports the
command line, and a caller in Python can make the same :class:`Call`.

A run gets the game, its option values by name, the user's :class:`~lexibench.solver.plan.Request`
(resolved once, by :meth:`Call.plan`) and a :class:`Session` (notes, progress, signals); it
returns a :class:`Report` (printed whole, as JSON or text) or a :class:`Stream` (lines printed as
they are made).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:
    from lexibench.solver.execution import Stop
    from lexibench.solver.games.protocol import Game
    from lexibench.solver.lexicons import Opened
    from lexibench.solver.plan import Plan, Request
    from lexibench.solver.tiers import Tier, TierTable

Options: TypeAlias = Mapping[str, Any]
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
    """May be given several times: the value is the list of every one."""
    metavar: str | None = None
    optional: bool = False
    """A positional argument that may be left out."""
    required: bool = False
    exclusive: str | None = None
    """Options that share this name cannot be given together."""
    stdin: str | None = None
    """What ``-`` reads from standard input here (``"the board"``), if it can."""

    @property
    def dest(self) -> str:
        """The value's name: the first long flag without its dashes, ``-`` made ``_``."""
        name = next((f for f in self.flags if f.startswith("--")), self.flags[0])
        return name.lstrip("-").replace("-", "_")


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
    """``"module:function"``: the library function that runs it, given a :class:`Call`; None
    for a command that answers one puzzle (:func:`lexibench.solver.games.answer.answer`)."""
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


class Progress(Protocol):
    """A progress display (a bar on a terminal, or nothing)."""

    def update(self, done: int, total_done: int | None = None) -> None:
        """``done`` more units done (or, with ``total_done``, that many in all)."""
        ...

    def note(self, text: str) -> None:
        """A short status beside the count (``best=511``)."""
        ...

    def close(self) -> None:
        """The work is over."""
        ...


class Stopped(Protocol):
    """The signal that stopped a run early (see :meth:`Session.stopping`), once one came."""

    @property
    def name(self) -> str | None:
        """``"SIGINT"`` or ``"SIGTERM"``, or None."""
        ...

    @property
    def signum(self) -> int | None:
        """Its number, or None."""
        ...


class Session(Protocol):
    """What a run asks of whoever runs it: the command line, or a caller in Python."""

    def note(self, message: str) -> None:
        """Tell the user ``message`` (one line, on standard error for the command line)."""
        ...

    def phase(self, name: str) -> None:
        """The phase ``name`` (``lexicon``, ``search``) has ended (the start-up benchmark's
        clock)."""
        ...

    def progress(self, total: int, unit: str, initial: int = 0, style: str = "") -> Progress:
        """A progress display of ``total`` units (``style``: ``"classes"`` for a proof's)."""
        ...

    def stopping(self, stop: Stop) -> contextlib.AbstractContextManager[Stopped]:
        """Within it, SIGINT and SIGTERM set ``stop`` instead of interrupting (a long search
        stops and reports what it found); a second signal interrupts."""
        ...


class _Silent:
    """A progress display that shows nothing."""

    def update(self, done: int, total_done: int | None = None) -> None:
        """Nothing to show."""

    def note(self, text: str) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


class _NoSignal:
    name: str | None = None
    signum: int | None = None


class QuietSession:
    """A :class:`Session` for a caller in Python: no notes, no progress, signals left alone."""

    def note(self, message: str) -> None:
        """Dropped."""

    def phase(self, name: str) -> None:
        """Not timed."""

    def progress(self, total: int, unit: str, initial: int = 0, style: str = "") -> Progress:
        """Nothing shown."""
        return _Silent()

    @contextlib.contextmanager
    def stopping(self, stop: Stop) -> Iterator[Stopped]:
        """Signals are not caught."""
        yield _NoSignal()


@dataclass(frozen=True)
class Call:
    """One run of a command: everything its function gets."""

    game: Game[Any, Any]
    command: Command
    options: Options
    """Its own options' values, by name."""
    request: Request | None = None
    """The structure, tier, variant, word list and where to run, as the user gave them (None
    for a command that opens no structure)."""
    session: Session = field(default_factory=QuietSession)

    def plan(self, units: int = 1) -> Plan:
        """The request resolved for a job of ``units`` (boards, evaluations: the default
        structure may depend on it), checked before any word list is read."""
        from lexibench.solver.plan import resolve

        if self.request is None:
            raise RuntimeError(f"command {self.command.name} opens no structure")
        return resolve(self.game, self.request, units, self.command.tiers, self.serves)

    @property
    def serves(self) -> str:
        """What the command is, in errors (the game's title unless it says otherwise)."""
        return self.command.serves or self.game.title

    def open(self, plan: Plan) -> Opened:
        """The structure ``plan`` names, opened (from the cache, a file or built), kept out of
        the garbage collector; with ``--verbose``, where it came from."""
        from lexibench.solver.plan import open_plan

        opened = open_plan(plan, self.session.note)
        self.session.phase("lexicon")
        return opened


@dataclass(frozen=True)
class Report:
    """A result printed whole: ``json()`` with ``--json``, else ``text()``."""

    json: Callable[[], dict[str, Any]]
    text: Callable[[], str]
    stopped: int | None = None
    """The signal that stopped the run early (its exit status is 128 plus it), or None."""


@dataclass(frozen=True)
class Stream:
    """A result printed as it is made: whole lines, each piece with the number of items (boards)
    it holds, for a progress display counting ``unit`` s (None: none)."""

    pieces: Iterable[tuple[bytes, int]]
    unit: str | None = None
    finish: Callable[[], None] = lambda: None
    """Called once every piece is written (it may raise the error that ended the input)."""


Result: TypeAlias = Report | Stream


def run_target(target: str) -> Callable[[Call], Result]:
    """The function ``"module:function"`` names."""
    import importlib

    module, _, name = target.partition(":")
    function: Callable[[Call], Result] = getattr(importlib.import_module(module), name)
    return function


def tier_table(game: Game[Any, Any], command: Command) -> TierTable:
    """The tiers ``command`` of ``game`` offers."""
    return command.tiers if command.tiers is not None else game.tiers


def tier_choices(entry: TierOption) -> tuple[str, ...]:
    """The ``--tier`` choices of ``entry``."""
    from lexibench.solver.tiers import Tier

    return entry.choices or tuple(tier.value for tier in Tier)


def own_values(command: Command, values: Mapping[str, Any]) -> dict[str, Any]:
    """``command``'s own options' values out of ``values`` (every parsed option)."""
    return {option.dest: values.get(option.dest, option.default) for option in command.own()}


def as_tier(value: str | Tier) -> Tier:
    """``value`` as a :class:`~lexibench.solver.tiers.Tier`."""
    from lexibench.solver.tiers import Tier

    return Tier(value)
