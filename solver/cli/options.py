"""The command line's options: argparse types, the options commands share, and turning parsed
options into the library's objects (a :class:`~lexibench.solver.lexicons.LexiconSpec`, a
:data:`~lexibench.solver.execution.Where`). Parsing only: what to open and where to run are
decided by the library (:mod:`lexibench.solver.lexicons`, :mod:`lexibench.solver.execution`)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from lexibench.solver.cli.runtime import say
from lexibench.solver.errors import InputError
from lexibench.solver.execution import DEFAULT_DASK_TIMEOUT, Dask, Here, Processes, Where, max_jobs
from lexibench.solver.lexicons import WORDS, LexiconSpec, Opened, describe_default, open_spec
from lexibench.solver.tiers import Tier
from lexibench.solver.wordlist import (
    DEFAULT_LIMITS,
    DEFAULT_WORDLIST,
    NAMED_SOURCES,
    Capitalised,
    Limits,
)
from lexibench.solver.words import WordRules

_WHOLE = re.compile(r"-?[0-9]{1,30}")


def whole_number(text: str) -> int:
    """An argparse type: a whole number written with the digits 0-9 (an optional minus)."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return int(text)


def int_at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``minimum`` (nor above ``maximum``)."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} must be at least {minimum}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"{value} must be at most {maximum}")
        return value

    return parse


positive_int = int_at_least(1)


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{value:g} must be above 0 and at most 3600 seconds")
    return value


def positive_number(text: str) -> float:
    """An argparse type: a number above 0 (days, for instance)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{value:g} must be a number above 0")
    return value


def add_wordlist_options(parser: argparse.ArgumentParser, rules: WordRules | None) -> None:
    """``--wordlist``, the word-list limits, ``--capitalised`` and ``--min-length`` (whose default
    is the game's, ``rules.min_length``; None: the command sets it once it knows the game)."""
    parser.add_argument(
        "--wordlist",
        default=None,
        metavar="PATH|NAME",
        help=f"a word-list file, - for standard input, or one of {', '.join(NAMED_SOURCES)} "
        f"(default: {DEFAULT_WORDLIST})",
    )
    parser.add_argument(
        "--max-wordlist-mib",
        type=int_at_least(1),
        default=DEFAULT_LIMITS.max_bytes // 2**20,
        metavar="N",
        help="refuse a word list larger than N MiB (default: %(default)s)",
    )
    parser.add_argument(
        "--max-word-length",
        type=int_at_least(1),
        default=DEFAULT_LIMITS.max_line,
        metavar="N",
        help="refuse a word list with a line longer than N characters (default: %(default)s)",
    )
    parser.add_argument(
        "--capitalised",
        choices=[c.value for c in Capitalised],
        default=None,
        help="drop or keep word-list entries that start with a capital letter (proper nouns); "
        f"default: drop for {DEFAULT_WORDLIST}, keep for every other list",
    )
    parser.add_argument(
        "--min-length",
        type=positive_int,
        default=rules.min_length if rules else None,
        metavar="N",
        help="shortest word that counts (default: "
        + (f"{rules.min_length})" if rules else "the game's)"),
    )


def add_lexicon_options(
    parser: argparse.ArgumentParser,
    rules: WordRules,
    kinds: tuple[str, ...] = (),
    default: str | None = None,
    default_help: str | None = None,
) -> None:
    """The word-list options, ``--lexicon``, ``--lexicon-file``, ``--no-cache``, ``--verbose``.

    ``kinds``: the query kinds the command's game asks (:data:`lexibench.structures.QUERY_KINDS`);
    ``--lexicon`` then offers the indexes that answer them too. ``default``: the backend this
    command uses when none is named (None: the library's policy,
    :func:`~lexibench.solver.lexicons.default_backend`), and ``default_help`` why, for
    ``--help``."""
    from lexibench.structures.registry import BUILTIN, offered_builtins, offered_indexes

    add_wordlist_options(parser, rules)
    indexes = [name for name in offered_indexes() if set(BUILTIN[name].answers) & set(kinds)]
    parser.add_argument(
        "--lexicon",
        default=None,
        metavar="ID",
        help=f"lexicon backend: {', '.join(offered_builtins())}, or a plugin's id"
        + (f"; or an index built for this game's query: {', '.join(indexes)}" if indexes else "")
        + f" (see `lexibench backends`). Default: {default_help or default or describe_default()}",
    )
    parser.add_argument(
        "--lexicon-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="use a lexicon saved by `lexibench build` (it carries its backend and word list)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="build the lexicon from the word list, without reading or writing the cache",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="report the word list and the lexicon on stderr"
    )
    parser.set_defaults(word_rules=rules, default_lexicon=default)


def lexicon_spec(args: argparse.Namespace) -> LexiconSpec:
    """The lexicon the options name (checked: conflicting options are one line here)."""
    rules: WordRules = args.word_rules
    backend = args.lexicon
    if backend is None and args.lexicon_file is None:
        backend = getattr(args, "default_lexicon", None)
    spec = LexiconSpec(
        backend=backend,
        wordlist=args.wordlist,
        lexicon_file=args.lexicon_file,
        rules=WordRules(args.min_length, rules.q_needs_u),
        capitalised=Capitalised(args.capitalised) if args.capitalised else None,
        cache=not args.no_cache,
        limits=Limits(max_bytes=args.max_wordlist_mib * 2**20, max_line=args.max_word_length),
        game=getattr(args, "lexicon_game", None),
        variant=getattr(args, "lexicon_variant", WORDS),
    )
    spec.check()
    return spec


def add_tier_option(parser: argparse.ArgumentParser) -> None:
    """``--tier`` (and ``--protocol``, its former name, kept as an alias)."""
    choices = [t.value for t in Tier]
    parser.add_argument(
        "--tier",
        choices=choices,
        default=Tier.AUTO.value,
        help="how the search asks the lexicon: whole strings, node by node (step), an index's "
        "own query (index), the backend's own compiled search (native), or the fastest the "
        "structure offers (auto, the default)",
    )
    parser.add_argument(
        "--protocol", dest="tier", choices=choices, help="alias of --tier (its former name)"
    )


def check_tier(
    args: argparse.Namespace,
    tiers: Callable[[type], tuple[Tier, ...]],
    units: int = 1,
    game: str = "this game",
) -> None:
    """Refuse a tier the chosen structure lacks, before any word list is read or anything
    built: ``tiers`` (the game's) says which tiers the structure's class offers (none: the
    structure cannot serve ``game`` at all, such as an index for a game of prefixes)."""
    from lexibench import structures
    from lexibench.solver.tiers import resolve_tier

    name = lexicon_spec(args).backend_name(units)
    cls = structures.class_of(structures.structure_class(name))
    offered = tiers(cls)
    if not offered:
        what = (
            f"an index for {', '.join(structures.answers(cls))} queries"
            if not structures.is_lexicon(cls)
            else "it answers none of this game's queries"
        )
        raise InputError(f"lexicon {name}: cannot serve {game} ({what})")
    resolve_tier(offered, args.tier, name, structures.native_unavailable(cls))


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--jobs N``: ``what`` the N processes do; at most :func:`max_jobs`."""
    parser.add_argument(
        "--jobs",
        type=int_at_least(1, max_jobs()),
        default=1,
        metavar="N",
        help=f"{what}; at most the number of CPUs this process may use ({max_jobs()} here)",
    )


def add_cluster_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--scheduler``, ``--dask-workers`` and ``--dask-timeout``."""
    group = parser.add_argument_group("Dask distributed (needs the dask extra)")
    where = group.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help=f"run {what} on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786); its workers need lexibench installed and the word-list or lexicon "
        "file at the same path",
    )
    where.add_argument(
        "--dask-workers",
        type=int_at_least(1),
        metavar="N",
        default=None,
        help=f"start a local Dask cluster of N worker processes for {what}",
    )
    group.add_argument(
        "--dask-timeout",
        type=seconds,
        metavar="SECONDS",
        default=DEFAULT_DASK_TIMEOUT,
        help="how long to wait for the scheduler (default: %(default)s)",
    )


def where_of(args: argparse.Namespace) -> Where:
    """Where the options ask the work to run (checked before any work: ``--jobs`` beside a
    cluster, a word list on standard input for a cluster)."""
    if args.scheduler is None and args.dask_workers is None:
        return Processes(args.jobs) if args.jobs > 1 else Here()
    option = "--scheduler" if args.scheduler is not None else "--dask-workers"
    if args.jobs != 1:
        raise InputError(f"give --jobs or {option}, not both (the cluster's workers do the work)")
    if args.wordlist == "-":
        raise InputError(f"--wordlist - cannot go with {option}: workers cannot read this stdin")
    return Dask(args.scheduler, args.dask_workers, args.dask_timeout)


def wants_cluster(args: argparse.Namespace) -> bool:
    """True when the options ask for Dask."""
    return args.scheduler is not None or args.dask_workers is not None


def open_lexicon_of(args: argparse.Namespace, units: int = 1) -> Opened:
    """The lexicon the options name, for a job of ``units`` (boards, evaluations), opened by the
    library and kept out of the garbage collector; with ``--verbose``, where it came from."""
    opened = open_spec(lexicon_spec(args), units, freeze=True)
    if args.verbose:
        say(opened.wordlist.report())
        say(f"lexicon {opened.backend}: {opened.describe(cache=not args.no_cache)}")
    return opened
