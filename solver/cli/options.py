"""Options and set-up shared by the commands that need a word list and a lexicon."""

from __future__ import annotations

import argparse
import gc
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from lexibench.solver.cli import runtime
from lexibench.solver.cli.runtime import say
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.rules import DEFAULT_MIN_LENGTH
from lexibench.solver.wordlist import (
    DEFAULT_LIMITS,
    DEFAULT_WORDLIST,
    NAMED_SOURCES,
    Capitalised,
    Limits,
)

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

    from lexibench.solver.lexicons import Opened

#: The default lexicon, chosen by measurement (results/report.md, "Which structure should I
#: use?"): array-trie's native tier is the fastest search and its saved arrays load in a few
#: milliseconds, so it makes the whole job cheapest for one board and for many.
DEFAULT_LEXICON: Final = "array-trie"
#: Where array-trie's native tier is not compiled (an install with LEXIBENCH_NO_COMPILE=1), the
#: defaults measured before it: dawg, the quickest from a cold start, and dict-trie, the fastest
#: interpreted-protocol search, once its longer load (about 1 s with web2) is repaid, from
#: MANY_BOARDS boards (measured break-even with web2: 6,810 and 8,357 boards in two runs).
ONE_BOARD_LEXICON: Final = "dawg"
MANY_BOARDS_LEXICON: Final = "dict-trie"
MANY_BOARDS: Final = 7_000

BUILTIN_IDS: Final = (
    "array-trie, datrie, dawg, dict-trie, marisa, prefix-set, pygtrie, sorted-list, "
    "sortedcontainers, unsorted-list"
)


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


def add_wordlist_options(parser: argparse.ArgumentParser, min_length: bool = True) -> None:
    """``--wordlist``, ``--capitalised`` and (optionally) ``--min-length``."""
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
    if min_length:
        parser.add_argument(
            "--min-length",
            type=positive_int,
            default=DEFAULT_MIN_LENGTH,
            metavar="N",
            help="shortest word that counts (default: %(default)s; 4 for Big Boggle play)",
        )


def add_lexicon_options(parser: argparse.ArgumentParser, min_length: bool = True) -> None:
    """The word-list options, ``--lexicon``, ``--lexicon-file``, ``--no-cache``, ``--verbose``."""
    add_wordlist_options(parser, min_length)
    parser.add_argument(
        "--lexicon",
        default=None,
        metavar="ID",
        help=f"lexicon backend: {BUILTIN_IDS}, or a plugin's id (see `lexibench backends`). "
        f"Default: {DEFAULT_LEXICON}, the fastest from a cold start and per board (measured; "
        f"see the README); where its native tier is not compiled, {ONE_BOARD_LEXICON}, or "
        f"{MANY_BOARDS_LEXICON} for {MANY_BOARDS:,} boards or more",
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


def min_length_of(args: argparse.Namespace) -> int:
    """``--min-length`` where the command has it, else the rules' default."""
    value: int = getattr(args, "min_length", DEFAULT_MIN_LENGTH)
    return value


def limits_of(args: argparse.Namespace) -> Limits:
    """The word-list limits the options set."""
    return Limits(max_bytes=args.max_wordlist_mib * 2**20, max_line=args.max_word_length)


def check_lexicon_args(args: argparse.Namespace) -> None:
    """Refuse option combinations that cannot both hold, before any work."""
    if args.lexicon_file is not None and (args.wordlist is not None or args.capitalised):
        raise InputError(
            "give --lexicon-file or --wordlist/--capitalised, not both "
            "(a lexicon file carries the word list it was built from)"
        )
    if args.lexicon_file is not None and args.no_cache:
        raise InputError("--no-cache has no effect with --lexicon-file (nothing is built)")


def chosen_lexicon(args: argparse.Namespace, boards: int = 1) -> str:
    """``--lexicon``, or the measured default for a job of ``boards`` boards."""
    if args.lexicon:
        name: str = args.lexicon
        return name
    if native_default():
        return DEFAULT_LEXICON
    return MANY_BOARDS_LEXICON if boards >= MANY_BOARDS else ONE_BOARD_LEXICON


def default_depends_on_count(args: argparse.Namespace) -> bool:
    """True when the number of boards picks the lexicon: none was named, and the fallback
    defaults apply (see :func:`chosen_lexicon`)."""
    return not args.lexicon and args.lexicon_file is None and not native_default()


def native_default() -> bool:
    """True when :data:`DEFAULT_LEXICON` has its native tier here (it was compiled)."""
    from lexibench import structures

    return structures.backend_info(DEFAULT_LEXICON).native


def open_from_args(args: argparse.Namespace, boards: int = 1) -> Opened:
    """The lexicon the options ask for: the saved file, else from the cache or built, frozen
    out of the garbage collector (it lives as long as the process: the collector need not walk
    it again and again)."""
    from lexibench.solver.lexicons import open_lexicon, open_lexicon_file

    check_lexicon_args(args)
    if args.lexicon_file is not None:
        opened = open_lexicon_file(args.lexicon_file, args.lexicon, min_length_of(args))
    else:
        capitalised = Capitalised(args.capitalised) if args.capitalised else None
        opened = open_lexicon(
            chosen_lexicon(args, boards),
            args.wordlist or DEFAULT_WORDLIST,
            min_length_of(args),
            capitalised,
            use_cache=not args.no_cache,
            limits=limits_of(args),
        )
    if args.verbose:
        say(opened.wordlist.report())
        say(f"lexicon {opened.backend}: {_origin(opened, args)}")
    gc.collect()
    gc.freeze()
    return opened


def _origin(opened: Opened, args: argparse.Namespace) -> str:
    if opened.origin == "file":
        return f"loaded from {args.lexicon_file}"
    if opened.origin == "cache":
        return "loaded from the cache"
    return "built from the word list" + (" (not cached)" if args.no_cache else " and cached")


def max_jobs() -> int:
    """The most ``--jobs`` accepted: the CPUs this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--jobs N``: ``what`` the N processes do; at most :func:`max_jobs`."""
    parser.add_argument(
        "--jobs",
        type=int_at_least(1, max_jobs()),
        default=1,
        metavar="N",
        help=f"{what}; at most the number of CPUs this process may use ({max_jobs()} here)",
    )


def add_protocol_option(parser: argparse.ArgumentParser) -> None:
    """``--protocol``: how the solver asks the lexicon."""
    from lexibench.solver.games.boggle.solve import Protocol

    parser.add_argument(
        "--protocol",
        choices=[p.value for p in Protocol],
        default=Protocol.AUTO.value,
        help="query whole strings, step node by node, let the backend run the whole search in "
        "its compiled code (native), or the fastest of these the lexicon offers (default)",
    )


def start_pool(
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple[object, ...],
    inherit: Callable[[], None],
) -> Pool:
    """``jobs`` worker processes, started with the runtime's signal handling arranged for them.
    Where the platform forks, ``inherit()`` first puts in place what the workers inherit (what
    this process has opened); where it spawns, each worker's ``initializer`` opens its own."""
    import multiprocessing

    fork = "fork" in multiprocessing.get_all_start_methods()
    if fork:
        inherit()
    context = multiprocessing.get_context("fork" if fork else "spawn")
    with runtime.forking():
        return context.Pool(jobs, initializer=initializer, initargs=initargs)


def worker_args(args: argparse.Namespace, opened: Opened) -> argparse.Namespace:
    """The options a worker opens the lexicon with: the backend this process chose (so every
    worker uses the same one), nothing reported, nothing that is not data."""
    shipped = argparse.Namespace(**vars(args))
    del shipped.run
    shipped.verbose = False
    if shipped.lexicon_file is None:
        shipped.lexicon = opened.backend
    return shipped


#: Seconds to wait for a Dask scheduler to answer (``--dask-timeout``).
DEFAULT_DASK_TIMEOUT: Final = 10.0


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
        type=_seconds,
        metavar="SECONDS",
        default=DEFAULT_DASK_TIMEOUT,
        help="how long to wait for the scheduler (default: %(default)s)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{value:g} must be above 0 and at most 3600 seconds")
    return value


def wants_cluster(args: argparse.Namespace) -> bool:
    """True when the options ask for Dask."""
    return args.scheduler is not None or args.dask_workers is not None


def check_cluster_args(args: argparse.Namespace) -> None:
    """Refuse what a cluster cannot do, before any work: ``--jobs`` beside it, a word list on
    standard input; make the word-list and lexicon paths absolute (workers may run elsewhere)."""
    if not wants_cluster(args):
        return
    option = "--scheduler" if args.scheduler is not None else "--dask-workers"
    if args.jobs != 1:
        raise InputError(f"give --jobs or {option}, not both (the cluster's workers do the work)")
    if args.wordlist == "-":
        raise InputError(f"--wordlist - cannot go with {option}: workers cannot read this stdin")
    if args.wordlist is not None and Path(args.wordlist).exists():
        args.wordlist = str(Path(args.wordlist).resolve())
    if args.lexicon_file is not None:
        args.lexicon_file = Path(args.lexicon_file).resolve()
