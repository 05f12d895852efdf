"""Pitfall suite: the articles' two mistakes (:mod:`benchmarks.baselines.pitfalls`), beside the
right way on the same boards. Its rows are marked as pitfalls in the tables; no backend is
involved.

- ``no-pruning`` against ``pruned`` (the solver's own search): the same prefix-set lexicon,
  asked ``is_word`` of every simple path's string, or asked ``has_prefix`` first. 3x3 boards
  are run fully; a 4x4 board has :func:`~benchmarks.baselines.pitfalls.simple_paths` paths (over 12
  million), so its no-pruning row tests the first :data:`PATH_CAP` and says so.
- ``completion-list``: the string search with pygtrie's completion-list prefix test, on the
  first :data:`COMPLETION_BOARDS` boards of the solve suite's 4x4 set, one round; the solve
  suite's rows give the right ways on the same boards.

Every full search is checked against the plain-Python reference solver's answers on the same
boards (:mod:`benchmarks.harness.references`).
"""

from __future__ import annotations

import platform
from typing import Any

import pytest

from lexibench.benchmarks.baselines.pitfalls import (
    CompletionListLexicon,
    every_path_words,
    simple_paths,
)
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, record, wordlist_ref
from lexibench.benchmarks.harness.records import PitfallRecord
from lexibench.benchmarks.harness.references import References, check
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.wordlist import WordList

#: Paths the no-pruning search tests on its one 4x4 board.
PATH_CAP = 300_000
#: 4x4 boards the completion-list search solves (seconds each with the default list).
COMPLETION_BOARDS = 2
#: 3x3 boards of the no-pruning comparison, run fully.
SMALL_BOARDS = 20
#: Boards per size of the no-pruning comparison.
BOARDS = {"3x3": SMALL_BOARDS, "4x4": 1}
LEXICON = "prefix-set"

_python = f"python {platform.python_version()}"


def _boards(size: str, settings: Settings) -> list[Board]:
    return workloads.boards_for(size, BOARDS[size], settings.seed)


def _naive(boards: list[Board], is_word: Any, cap: int) -> list[tuple[int, int]]:
    out = []
    for board in boards:
        found, paths = every_path_words(board.cells, board.neighbours(), is_word, max_paths=cap)
        out.append((len(found), paths))
    return out


@pytest.mark.parametrize("shape", ["3x3", "4x4"])
def test_no_pruning(
    benchmark: Any,
    shape: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
) -> None:
    """Every simple path tested with ``is_word`` (capped on 4x4: see the module docstring)."""
    size = shape
    boards = _boards(size, settings)
    rows, cols = (int(x) for x in size.split("x"))
    total = simple_paths(rows, cols)
    cap = PATH_CAP if size == "4x4" else 0
    note = f"the first {PATH_CAP:,} of the board's {total:,} paths, 1 round" if cap else None
    benchmark.group = group_name(f"pitfall no pruning {size}", note)
    lexicon = lexicons.get(LEXICON)
    results = time_case(benchmark, _naive, boards, lexicon.is_word, cap, capped=bool(cap))
    counts = [count for count, _ in results]
    record(
        benchmark,
        PitfallRecord(
            "no-pruning",
            _python,
            wordlist_ref(wordlist),
            len(boards),
            size=size,
            pitfall=True,
            words=sum(counts),
            cap=note,
            paths=cap or total,
            board_paths=total,
        ),
    )
    assert all(paths == (cap or total) for _, paths in results)
    if not cap:  # the full enumeration finds what the pruned search finds
        check(counts, references.boggle(size, BOARDS[size], settings.seed), f"no pruning on {size}")


@pytest.mark.parametrize("shape", ["3x3", "4x4"])
def test_pruned(
    benchmark: Any,
    shape: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
) -> None:
    """The solver's own search on the same boards and lexicon."""
    size = shape
    boards = _boards(size, settings)
    benchmark.group = group_name(f"pitfall no pruning {size}", None)
    lexicon = lexicons.get(LEXICON)
    counts = time_case(benchmark, workloads.count_words, boards, lexicon, "string")
    record(
        benchmark,
        PitfallRecord(
            "pruned",
            library_version(LEXICON),
            wordlist_ref(wordlist),
            len(boards),
            size=size,
            pitfall=False,
            words=sum(counts),
            cap=None,
        ),
    )
    expected = references.boggle(size, BOARDS[size], settings.seed)
    check(counts, expected, f"the pruned search on {size}")


def test_completion_list(
    benchmark: Any, settings: Settings, wordlist: WordList, references: References
) -> None:
    """The string search with the completion-list prefix test, on the first 4x4 boards."""
    boards = workloads.boards_for("4x4", settings.boards, settings.seed)[:COMPLETION_BOARDS]
    note = f"first {len(boards)} of the {settings.boards} boards, 1 round"
    benchmark.group = group_name("pitfall completion list 4x4", note)
    lexicon = CompletionListLexicon(wordlist.words)
    counts = time_case(benchmark, workloads.count_words, boards, lexicon, "string", capped=True)
    record(
        benchmark,
        PitfallRecord(
            "completion-list",
            _python,
            wordlist_ref(wordlist),
            len(boards),
            size="4x4",
            pitfall=True,
            words=sum(counts),
            cap=note,
        ),
    )
    right = references.boggle("4x4", settings.boards, settings.seed)
    check(counts, right, "the completion-list search")
