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
from dataclasses import dataclass
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
from lexibench.structures import Lexicon

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


@dataclass(frozen=True)
class _SameBoards:
    """What both rows of a no-pruning comparison run on: the boards of one size and the
    prefix-set lexicon; and the reference's words on those boards, for after the timing."""

    size: str
    boards: list[Board]
    lexicon: Lexicon
    references: References
    seed: int

    def expected(self) -> tuple[int, ...]:
        """The reference's words on each board."""
        return self.references.boggle(self.size, BOARDS[self.size], self.seed)


@pytest.fixture
def same_boards(
    shape: str, settings: Settings, lexicons: LexiconCache, references: References
) -> _SameBoards:
    """The boards of size ``shape`` (its parameter) and the lexicon both rows search."""
    boards = workloads.boards_for(shape, BOARDS[shape], settings.seed)
    return _SameBoards(shape, boards, lexicons.get(LEXICON), references, settings.seed)


def _naive(boards: list[Board], is_word: Any, cap: int) -> list[tuple[int, int]]:
    out = []
    for board in boards:
        found, paths = every_path_words(board.cells, board.neighbours(), is_word, max_paths=cap)
        out.append((len(found), paths))
    return out


def _record(
    benchmark: Any,
    row: str,
    wordlist: WordList,
    size: str,
    counts: list[int],
    note: str | None,
    paths: tuple[int, int] | None = None,
) -> None:
    """Record a row of the suite over ``len(counts)`` boards of ``size`` (``counts``: the words
    found on each; ``note``: its cap): ``row`` names it, and every row but ``pruned`` (the
    solver's own search) is one of the articles' mistakes, run by this Python; ``paths``: the
    paths tested per board and the board's simple paths in all (the no-pruning rows)."""
    tested, board_paths = paths or (None, None)
    pitfall = row != "pruned"
    record(
        benchmark,
        PitfallRecord(
            row,
            _python if pitfall else library_version(LEXICON),
            wordlist_ref(wordlist),
            len(counts),
            size=size,
            pitfall=pitfall,
            words=sum(counts),
            cap=note,
            paths=tested,
            board_paths=board_paths,
        ),
    )


@pytest.mark.parametrize("shape", ["3x3", "4x4"])
def test_no_pruning(benchmark: Any, same_boards: _SameBoards, wordlist: WordList) -> None:
    """Every simple path tested with ``is_word`` (capped on 4x4: see the module docstring)."""
    size, boards = same_boards.size, same_boards.boards
    rows, cols = (int(x) for x in size.split("x"))
    total = simple_paths(rows, cols)
    cap = PATH_CAP if size == "4x4" else 0
    note = f"the first {PATH_CAP:,} of the board's {total:,} paths, 1 round" if cap else None
    benchmark.group = group_name(f"pitfall no pruning {size}", note)
    is_word = same_boards.lexicon.is_word
    results = time_case(benchmark, _naive, boards, is_word, cap, capped=bool(cap))
    counts = [count for count, _ in results]
    _record(benchmark, "no-pruning", wordlist, size, counts, note, (cap or total, total))
    assert all(paths == (cap or total) for _, paths in results)
    if not cap:  # the full enumeration finds what the pruned search finds
        check(counts, same_boards.expected(), f"no pruning on {size}")


@pytest.mark.parametrize("shape", ["3x3", "4x4"])
def test_pruned(benchmark: Any, same_boards: _SameBoards, wordlist: WordList) -> None:
    """The solver's own search on the same boards and lexicon."""
    size, boards, lexicon = same_boards.size, same_boards.boards, same_boards.lexicon
    benchmark.group = group_name(f"pitfall no pruning {size}", None)
    counts = time_case(benchmark, workloads.count_words, boards, lexicon, "string")
    _record(benchmark, "pruned", wordlist, size, counts, None)
    check(counts, same_boards.expected(), f"the pruned search on {size}")


def test_completion_list(
    benchmark: Any, settings: Settings, wordlist: WordList, references: References
) -> None:
    """The string search with the completion-list prefix test, on the first 4x4 boards."""
    boards = workloads.boards_for("4x4", settings.boards, settings.seed)[:COMPLETION_BOARDS]
    note = f"first {len(boards)} of the {settings.boards} boards, 1 round"
    benchmark.group = group_name("pitfall completion list 4x4", note)
    lexicon = CompletionListLexicon(wordlist.words)
    counts = time_case(benchmark, workloads.count_words, boards, lexicon, "string", capped=True)
    _record(benchmark, "completion-list", wordlist, "4x4", counts, note)
    right = references.boggle("4x4", settings.boards, settings.seed)
    check(counts, right, "the completion-list search")
