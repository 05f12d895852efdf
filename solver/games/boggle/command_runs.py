"""What Boggle's commands run (:mod:`.commands` declares them): ``solve`` (one board through the
one puzzle path, or a boards file line by line), ``random`` and ``best``. Each takes the
:class:`~lexibench.solver.games.command.Call` and returns what to print; nothing here prints."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from dataclasses import replace
from typing import TYPE_CHECKING

from lexibench.solver.defaults import MANY_UNITS, depends_on_units
from lexibench.solver.errors import InputError
from lexibench.solver.execution import HERE, Here, Processes, Stop
from lexibench.solver.games.answer import answer, check_stdin
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.games.call import Call, Progress, Report, Result, Stream

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.best import Chain, ChainTask
    from lexibench.solver.games.boggle.boards_file import BoardsReader
    from lexibench.structures import Lexicon


def solve(call: Call) -> Result:
    """``lexibench solve``: one board (:func:`~lexibench.solver.games.answer.answer`), or every
    board of a file as JSON Lines."""
    options, request = call.options, call.request
    if options["board"] is None and options["boards_file"] is None:
        raise InputError("solve: give a BOARD, or --boards-file FILE for many boards")
    if options["board"] is not None and options["boards_file"] is not None:
        raise InputError("solve: give a BOARD or --boards-file FILE, not both")
    check_stdin(call)
    if options["boards_file"] is not None:
        return _boards_file(call)
    if options["summary"]:
        raise InputError("--summary goes with --boards-file (one board: use --json)")
    if request is not None and (request.scheduler is not None or request.dask_workers is not None):
        raise InputError("--scheduler and --dask-workers go with --boards-file")
    if request is not None and request.jobs != 1:
        raise InputError("--jobs goes with --boards-file (one board is solved in one process)")
    return answer(call)


def _boards_file(call: Call) -> Stream:
    """Every board of ``--boards-file``, a line each, in input order: in compiled code where the
    plan's tier is array-trie's native one, else board by board; here, in processes or on Dask."""
    from lexibench.solver.games.boggle.boards_file import BoardsReader
    from lexibench.solver.games.boggle.bulk import (
        CHUNK,
        LinesJob,
        compiled_lines,
        file_lines,
        one_share,
        solve_lines,
    )

    options, request = call.options, call.request
    reader = BoardsReader(options["boards_file"], options["q_means_qu"])
    try:
        boards = iter(reader)
        # Boards read ahead where their number decides the default structure.
        by_units = (
            request is not None
            and request.structure is None
            and request.lexicon_file is None
            and depends_on_units(call.game.name)
        )
        ahead = list(itertools.islice(boards, MANY_UNITS)) if by_units else []
        plan = call.plan(max(len(ahead), 1))
        # Opened here, so a bad option is one clean error, not one per worker.
        opened = call.open(plan)
        job = LinesJob(
            plan.lexicon.for_workers(opened),
            plan.tier,
            plan.rules.min_length,
            options["all_paths"],
            options["max_paths"],
            options["summary"],
            options["q_means_qu"],
        )
        where = plan.where
        pieces: Iterable[tuple[bytes, int]]
        if isinstance(where, Here | Processes) and (maker := compiled_lines(job, opened)):
            if isinstance(where, Processes) and where.jobs > 1 and one_share(reader):
                where = _one_process(call, where, f"{CHUNK // 1024} KiB of boards at most")
            pieces = file_lines(job, reader, maker, where)  # no Python work per board
        else:
            # Two boards read ahead at least: one board needs no workers.
            ahead += itertools.islice(boards, max(2 - len(ahead), 0))
            if isinstance(where, Processes) and where.jobs > 1 and len(ahead) <= 1:
                where = _one_process(call, where, "one board")
            lines = solve_lines(job, itertools.chain(ahead, boards), where, opened)
            pieces = ((line + b"\n", 1) for line in lines)
    except BaseException:
        reader.close()
        raise
    note = call.session.note if plan.verbose else None
    return Stream(_closing(reader, pieces), "board", lambda: _finish(reader, note))


def _one_process(call: Call, where: Processes, few: str) -> Here:
    """Where too few boards would not pay for a second process: this one, said in a note."""
    call.session.note(f"--jobs {where.jobs}: {few}, solved in this process (another would not pay)")
    return HERE


def _closing(
    reader: BoardsReader, pieces: Iterable[tuple[bytes, int]]
) -> Iterator[tuple[bytes, int]]:
    with closing(reader):
        yield from pieces


def _finish(reader: BoardsReader, note: Callable[[str], None] | None = None) -> None:
    """The boards file ended: tell ``note`` (``--verbose``) how many blank lines were skipped,
    where there were some; raise the error of its first bad line, if it had one."""
    if note is not None and reader.blanks:
        lines = "line" if reader.blanks == 1 else "lines"
        note(f"boards file {reader.name}: {reader.blanks:,} blank {lines} skipped")
    if reader.error is not None:
        raise reader.error


def random(call: Call) -> Stream:
    """``lexibench random``: seeded random boards, one per line."""
    from lexibench.solver.games.boggle.dice import random_boards

    options = call.options
    rows, cols = parse_size(options["size"])
    boards = random_boards(rows, cols, options["dice"], options["seed"], options["count"])
    return Stream((board.text().encode() + b"\n", 1) for board in boards)


class _Chains:
    """A best-board search's progress: evaluations done across its chains, the best score."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.base = 0
        self.best = -1

    def chain(self, done: int, best: int) -> None:
        """A chain's progress: ``done`` evaluations so far in it, its best score."""
        if best > self.best:
            self.best = best
            self.progress.note(f"best={best}")
        self.progress.update(0, self.base + done)

    def finished(self, evaluations: int, best: int) -> None:
        """A whole chain (``evaluations``: its count, or 1 for a chain that ran elsewhere)."""
        self.base += evaluations
        self.chain(0, best)


def _here(
    lexicon: Lexicon, tasks: list[ChainTask], chains: _Chains, stop: Callable[[], bool]
) -> list[Chain]:
    """The chains, one after the other in this process, until one is stopped."""
    from lexibench.solver.games.boggle.best import run_task

    done = []
    for task in tasks:
        chain = run_task(lexicon, task, chains.chain, stop)
        chains.finished(chain.evaluations, chain.score)
        done.append(chain)
        if chain.stopped:
            break
    return done


def _elsewhere(running: Iterator[Chain], chains: _Chains) -> list[Chain]:
    """The chains other processes ran, counted whole as they come back."""
    done = []
    for chain in running:
        chains.finished(1, chain.score)
        done.append(chain)
    return done


def best(call: Call) -> Report:
    """``lexibench best``: the best board a seeded annealing search finds (so far, when stopped
    by a signal or the time limit)."""
    from lexibench.solver.games.boggle.best import (
        ChainsJob,
        chain_tasks,
        check_search,
        collect,
        default_budget,
        run_chains,
    )
    from lexibench.solver.games.boggle.render import best_text

    options = call.options
    rows, cols = parse_size(options["size"])
    budget = options["evaluations"] or default_budget(rows, cols)
    check_search(rows, cols, budget, options["restarts"])
    plan = call.plan(budget)  # each evaluation solves a board
    tasks = chain_tasks(
        rows, cols, options["seed"], budget, options["restarts"], plan.rules.min_length, plan.tier
    )
    opened = call.open(plan)
    start = time.perf_counter()
    if options["time_limit"] is not None:  # counted from here: the lexicon is ready
        deadline = time.time() + options["time_limit"]
        tasks = [replace(task, deadline=deadline) for task in tasks]
    stop = Stop()
    where = plan.where
    with call.session.stopping(stop) as caught:
        if isinstance(where, Here) or (isinstance(where, Processes) and len(tasks) == 1):
            progress = call.session.progress(budget, "eval")
            try:
                chains = _here(opened.lexicon, tasks, _Chains(progress), stop.is_set)
            finally:
                progress.close()
        else:
            progress = call.session.progress(len(tasks), "chain")
            try:
                job = ChainsJob(plan.lexicon.for_workers(opened))
                running = run_chains(tasks, job, where, opened.lexicon, stop)
                chains = _elsewhere(running, _Chains(progress))
            finally:
                progress.close()
    result = collect(tasks, chains, time.perf_counter() - start, caught.name)
    call.session.phase("search")

    def as_json() -> dict[str, object]:
        data = result.as_json()
        data.update(
            lexicon=plan.structure, tier=plan.tier.value, wordlist=opened.wordlist.summary()
        )
        return data

    return Report(
        as_json, lambda: best_text(result, plan.structure, plan.tier.value), caught.signum
    )
