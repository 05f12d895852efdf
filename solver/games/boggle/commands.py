"""Boggle's commands, as data: ``solve``, ``random``, ``best`` and ``prove`` (their runs:
:mod:`.runs` and :mod:`.prove.run`). Importing this module imports no search."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from lexibench.solver import values
from lexibench.solver.games.boggle.board import Q_MEANS_QU
from lexibench.solver.games.boggle.dice import DICE
from lexibench.solver.games.boggle.prove.tiers import TIERS
from lexibench.solver.games.boggle.rules import DEFAULT_MAX_PATHS
from lexibench.solver.games.command import (
    JSON,
    Command,
    LexiconOptions,
    Option,
    TierOption,
    WhereOptions,
)
from lexibench.solver.tiers import Tier

SIZE: Final = Option(("--size",), "RxC (default: %(default)s)", default="4x4")
SEED: Final = Option(
    ("--seed",), "random seed (default: %(default)s)", parse=values.whole_number, default=0
)

SOLVE: Final = Command(
    "solve",
    "one board, or a file of boards as JSON Lines (optionally in parallel)",
    (
        Option(
            ("board",),
            "the board: pers/late/sind, or 16 letters for 4x4; - reads it from standard input",
            optional=True,
            stdin="the board",
        ),
        Option(
            ("--boards-file",),
            "solve every board in FILE (one per line, - for stdin); prints JSON Lines",
            metavar="FILE",
            stdin="--boards-file",
            file="input",
        ),
        Option(
            (Q_MEANS_QU,),
            "boards written a letter per cell with every q the Qu tile, as hybrid-boggle and "
            "other solvers write them (without it, q is the tile before a blank, / or the end, "
            "and qu anywhere)",
            flag=True,
        ),
        LexiconOptions(),
        TierOption(),
        Option(("--all-paths",), "report every path of each word", flag=True),
        Option(
            ("--max-paths",),
            "with --all-paths: refuse a board with more than N paths (default: %(default)s)",
            parse=values.int_at_least(1),
            default=DEFAULT_MAX_PATHS,
            metavar="N",
        ),
        JSON,
        Option(
            ("--summary",),
            'with --boards-file: print only {"board": ..., "count": n, "score": n} per line',
            flag=True,
        ),
        WhereOptions(
            "with --boards-file: solve in N processes (input order is kept)", "--boards-file"
        ),
    ),
    run="lexibench.solver.games.boggle.command_runs:solve",
)

RANDOM: Final = Command(
    "random",
    "seeded random boards, one per line (a valid boards file)",
    (
        SIZE,
        Option(
            ("--dice",),
            "letters from a 4x4 dice set, uniform a-z, or English letter frequency "
            "(default: new for 4x4, frequency otherwise)",
            choices=DICE,
        ),
        SEED,
        Option(
            ("--count",),
            "how many (default: %(default)s)",
            parse=values.int_at_least(0),
            default=1,
        ),
    ),
    run="lexibench.solver.games.boggle.command_runs:random",
)

BEST: Final = Command(
    "best",
    "search for the highest-scoring board (seeded simulated annealing)",
    (
        SIZE,
        LexiconOptions(),
        TierOption(),
        SEED,
        Option(
            ("--evaluations",),
            "boards to score in all, the search's budget (default: 20,000 for 3x3, 60,000 for "
            "3x4, 1,000,000 for 4x4, 62,500 per cell otherwise)",
            parse=values.int_at_least(1),
            metavar="N",
        ),
        Option(
            ("--restarts",),
            "independent annealing chains sharing the budget (default: %(default)s)",
            parse=values.int_at_least(1),
            default=4,
            metavar="K",
        ),
        Option(
            ("--time-limit",),
            "stop after SECONDS and print the best board found so far, marked as stopped "
            "(Ctrl-C or SIGTERM does the same; a second signal stops at once)",
            parse=values.seconds,
            metavar="SECONDS",
        ),
        JSON,
        WhereOptions(
            "run the chains in N processes (the result is the same as with 1)", "the chains"
        ),
    ),
    run="lexibench.solver.games.boggle.command_runs:best",
)


def _partition_help() -> str:
    from lexibench.solver.games.boggle.prove.partitions import presets

    return (
        f"how a class groups the letters: one of {', '.join(presets())}, or buckets written out "
        "('aeiou bdfgjqvwxz lnrsy chkmpt', optionally ', corner: ...', 'edge: ...', "
        "'centre: ...'); default: two up to 9 cells, mixed above"
    )


PROVE: Final = Command(
    "prove",
    "prove the best board of a size (branch and bound over board classes)",
    (
        Option(("--size",), "RxC (default: %(default)s)", default="3x3"),
        LexiconOptions(),
        TierOption(
            (Tier.AUTO.value, Tier.STEP.value, Tier.NATIVE.value),
            "walk the lexicon node by node in Python (step, any backend that steps) or in "
            "compiled code over array-trie's array (native); auto, the default, takes native "
            "where it can",
        ),
        Option(
            ("--target",),
            "list every board scoring at least SCORE (default: the score of the best board "
            "known for the word list and size, where lexibench knows one; else the best score "
            "`lexibench best` finds with --seed; a checkpoint's own target when resuming)",
            parse=values.int_at_least(1),
            metavar="SCORE",
        ),
        Option(
            ("--seed",),
            "seed of the search for the default target, where no best board is known "
            "(default: %(default)s)",
            parse=values.whole_number,
            default=0,
        ),
        Option(("--partition",), _partition_help, metavar="NAME|BUCKETS"),
        Option(
            ("--checkpoint",),
            "record each finished class in FILE, and resume from it: a stopped or crashed "
            "proof run again with the same options skips the classes it holds",
            parse=Path,
            metavar="FILE",
            file="updates",
        ),
        Option(
            ("--time-limit",),
            "stop the classes after SECONDS and print what they found so far, marked as "
            "stopped (Ctrl-C or SIGTERM does the same; a second signal stops at once); with "
            "--checkpoint, the finished classes are kept",
            parse=values.positive_number,
            metavar="SECONDS",
        ),
        Option(
            ("--sample",),
            "prove only the first N classes of the order they are handed out in (fixed and "
            "shuffled: a uniform sample) and project the whole proof's CPU time from them; "
            "with --checkpoint, a later run with a larger N, or without --sample, goes on",
            parse=values.int_at_least(1),
            metavar="N",
        ),
        JSON,
        WhereOptions(
            "prove the classes in N processes (the result is the same as with 1)", "the classes"
        ),
    ),
    run="lexibench.solver.games.boggle.prove.proving:prove",
    tiers=TIERS,
    serves="a proof",
)
