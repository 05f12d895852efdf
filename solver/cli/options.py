"""The command line's options: a command's options made from its data
(:class:`~lexibench.solver.games.command.Command`), the option groups commands share, and the
parsed values turned into the library's :class:`~lexibench.solver.plan.Request`. Parsing only:
what the values mean is decided by the library (:mod:`lexibench.solver.plan`)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexibench.solver import defaults, values
from lexibench.solver.execution import DEFAULT_DASK_TIMEOUT, max_jobs
from lexibench.solver.games.command import (
    Command,
    LexiconOptions,
    Option,
    TierOption,
    VariantOption,
    WhereOptions,
)
from lexibench.solver.tiers import Tier
from lexibench.solver.word_rules import WordRules

if TYPE_CHECKING:
    from lexibench.solver.plan import Request


def plain(text: str) -> str:
    """``text`` without reST's literal markup, for a terminal: ````?```` reads ``'?'``.

    >>> plain("a rack (``?`` for a blank)")
    "a rack ('?' for a blank)"
    """
    return re.sub(r"``([^`]+)``", r"'\1'", text)


def checked(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse`` (from :mod:`lexibench.solver.values`) as an argparse type: its
    :class:`ValueError` becomes argparse's one-line error."""

    def argument(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    argument.__name__ = getattr(parse, "__name__", "value")
    return argument


FILES: str = "_lexibench_files"
"""Where the parsed options keep the paths given to options that name files: a list of
``(role, flag, text)`` (see :attr:`Option.file`)."""


class _FileAction(argparse.Action):
    """Store an option's value (parsed by its ``parse``) and remember the path as given."""

    def __init__(self, *args: Any, role: str, parse: Callable[[str], Any] | None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.role = role
        self.parse = parse

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        value = values
        if self.parse is not None:
            try:
                value = self.parse(values)
            except ValueError as exc:
                raise argparse.ArgumentError(self, str(exc)) from None
        setattr(namespace, self.dest, value)
        name = self.option_strings[0] if self.option_strings else self.dest
        kept = [entry for entry in getattr(namespace, FILES, []) if entry[1] != name]
        setattr(namespace, FILES, [*kept, (self.role, name, str(values))])


def files_of(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """The ``(role, option, path)`` of every option naming a file that was given."""
    return list(getattr(args, FILES, []))


def add_option(
    parser: argparse.ArgumentParser,
    option: Option,
    groups: dict[str, argparse._MutuallyExclusiveGroup],
) -> None:
    """One :class:`Option` as an argparse argument (in its exclusive group, if it has one)."""
    target: Any = parser
    if option.exclusive is not None:
        if option.exclusive not in groups:
            groups[option.exclusive] = parser.add_mutually_exclusive_group()
        target = groups[option.exclusive]
    kwargs: dict[str, Any] = {
        "help": plain(option.help() if callable(option.help) else option.help)
    }
    if option.flag:
        kwargs["action"] = "store_true"
    else:
        if option.repeat and not option.flags[0].startswith("-"):  # a positional's values
            kwargs["nargs"] = "*" if option.optional else "+"
        elif option.repeat:
            kwargs["action"] = "append"
            kwargs["default"] = []
        else:
            kwargs["default"] = option.default
        if option.file is not None and not option.repeat:
            kwargs["action"] = _FileAction
            kwargs["role"] = option.file
            kwargs["parse"] = option.parse
        elif option.parse is not None:
            kwargs["type"] = checked(option.parse)
        if option.choices is not None:
            kwargs["choices"] = list(option.choices)
        if option.metavar is not None:
            kwargs["metavar"] = option.metavar
    if option.optional and not option.repeat:
        kwargs["nargs"] = "?"
    if option.required:
        kwargs["required"] = True
    target.add_argument(*option.flags, **kwargs)


def add_wordlist_options(parser: argparse.ArgumentParser, rules: WordRules | None) -> None:
    """``--wordlist``, the word-list limits, ``--capitalised`` and ``--min-length`` (whose default
    is the game's, ``rules.min_length``; None: the command sets it once it knows the game)."""
    # (here, not at the top: a command that takes no word list, such as `random`, starts
    # without the word lists', lexicons' and cache's modules)
    from lexibench.solver.wordlist import DEFAULT_LIMITS, NAMED_SOURCES, Capitalised

    parser.add_argument(
        "--wordlist",
        default=None,
        metavar="PATH|NAME",
        help=f"a word-list file, - for standard input, or one of {', '.join(NAMED_SOURCES)} "
        f"(default: {defaults.DEFAULT_WORDLIST})",
    )
    parser.add_argument(
        "--max-wordlist-mib",
        type=checked(values.int_at_least(1)),
        default=DEFAULT_LIMITS.max_bytes // 2**20,
        metavar="N",
        help="refuse a word list larger than N MiB (default: %(default)s)",
    )
    parser.add_argument(
        "--max-word-length",
        type=checked(values.int_at_least(1)),
        default=DEFAULT_LIMITS.max_line,
        metavar="N",
        help="refuse a word list with a line longer than N characters (default: %(default)s)",
    )
    parser.add_argument(
        "--capitalised",
        choices=[c.value for c in Capitalised],
        default=None,
        help="drop or keep word-list entries that start with a capital letter (proper nouns); "
        f"default: drop for {defaults.DEFAULT_WORDLIST}, keep for every other list",
    )
    parser.add_argument(
        "--min-length",
        type=checked(values.positive_int),
        default=rules.min_length if rules else None,
        metavar="N",
        help="shortest word that counts (default: "
        + (f"{rules.min_length})" if rules else "the game's)"),
    )


def add_lexicon_options(
    parser: argparse.ArgumentParser, game: str, rules: WordRules, queries: tuple[str, ...]
) -> None:
    """The word-list options, ``--lexicon``, ``--lexicon-file``, ``--no-cache``, ``--verbose``,
    for ``game`` (whose word rules are ``rules``, and which asks the query kinds ``queries``:
    ``--lexicon`` then offers the indexes that answer them too)."""
    from lexibench.structures.registry import BUILTIN, offered_builtins, offered_indexes

    add_wordlist_options(parser, rules)
    indexes = [name for name in offered_indexes() if set(BUILTIN[name].answers) & set(queries)]
    parser.add_argument(
        "--lexicon",
        default=None,
        metavar="ID",
        help=f"lexicon backend: {', '.join(offered_builtins())}, or a plugin's id"
        + (f"; or an index built for this game's query: {', '.join(indexes)}" if indexes else "")
        + f" (see `lexibench backends`). Default: {defaults.describe_default(game)}",
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


def add_tier_option(parser: argparse.ArgumentParser, entry: TierOption) -> None:
    """``--tier``: every tier, or the command's own choices."""
    parser.add_argument(
        "--tier",
        choices=list(entry.choices or [t.value for t in Tier]),
        default=Tier.AUTO.value,
        help=plain(
            entry.help
            or "how the search asks the lexicon: whole strings, node by node (step), an index's "
            "own query (index), the backend's own compiled search (native), or the fastest the "
            "structure offers (auto, the default)"
        ),
    )


def add_jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--jobs N``: ``what`` the N processes do; at most :func:`max_jobs`."""
    parser.add_argument(
        "--jobs",
        type=checked(values.int_at_least(1, max_jobs())),
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
        type=checked(values.int_at_least(1)),
        metavar="N",
        default=None,
        help=f"start a local Dask cluster of N worker processes for {what}",
    )
    group.add_argument(
        "--dask-timeout",
        type=checked(values.seconds),
        metavar="SECONDS",
        default=DEFAULT_DASK_TIMEOUT,
        help="how long to wait for the scheduler (default: %(default)s)",
    )


def add_command(
    parser: argparse.ArgumentParser,
    game: str,
    rules: WordRules,
    queries: tuple[str, ...],
    command: Command,
) -> None:
    """Every option of ``command`` (of ``game``, whose word rules are ``rules`` and which asks
    the query kinds ``queries``), in the order it declares them."""
    groups: dict[str, argparse._MutuallyExclusiveGroup] = {}
    for entry in command.options:
        if isinstance(entry, Option):
            add_option(parser, entry, groups)
        elif isinstance(entry, LexiconOptions):
            add_lexicon_options(parser, game, rules, queries)
        elif isinstance(entry, TierOption):
            add_tier_option(parser, entry)
        elif isinstance(entry, VariantOption):
            parser.add_argument(
                entry.flag, choices=list(entry.names), default=None, help=plain(entry.help)
            )
        elif isinstance(entry, WhereOptions):
            add_jobs_option(parser, entry.jobs)
            add_cluster_options(parser, entry.cluster)


def request_of(args: argparse.Namespace, command: Command) -> Request:
    """The :class:`Request` the parsed options of ``command`` state."""
    from lexibench.solver.plan import Request
    from lexibench.solver.wordlist import Capitalised, Limits

    variant = None
    for entry in command.options:
        if isinstance(entry, VariantOption):
            name = getattr(args, entry.flag.lstrip("-").replace("-", "_"))
            variant = entry.names[name] if name is not None else None
    return Request(
        structure=args.lexicon,
        tier=getattr(args, "tier", Tier.AUTO.value),
        variant=variant,
        wordlist=args.wordlist,
        lexicon_file=args.lexicon_file,
        min_length=args.min_length,
        capitalised=Capitalised(args.capitalised) if args.capitalised else None,
        cache=not args.no_cache,
        limits=Limits(max_bytes=args.max_wordlist_mib * 2**20, max_line=args.max_word_length),
        verbose=args.verbose,
        jobs=getattr(args, "jobs", 1),
        scheduler=getattr(args, "scheduler", None),
        dask_workers=getattr(args, "dask_workers", None),
        dask_timeout=getattr(args, "dask_timeout", DEFAULT_DASK_TIMEOUT),
    )
