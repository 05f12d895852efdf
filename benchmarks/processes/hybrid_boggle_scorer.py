"""``python -m lexibench.benchmarks.processes.hybrid_boggle_scorer``: score a boards file with
hybrid-boggle's C++ scorer, where the user has built it
(:mod:`lexibench.benchmarks.peers.hybrid_boggle`), one JSON line a board, as the bulk benchmark
runs it beside ``lexibench solve --boards-file --summary``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lexibench.benchmarks.peers.hybrid_boggle import board_letters, load, scorer
from lexibench.solver.cli import runtime
from lexibench.solver.errors import InputError


def main(argv: list[str] | None = None) -> int:
    """Score every board of a boards file with hybrid-boggle (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m lexibench.benchmarks.processes.hybrid_boggle_scorer",
        description="score boards with hybrid-boggle's C++ scorer, where it is built",
    )
    parser.add_argument("--boards-file", required=True, metavar="FILE")
    parser.add_argument("--wordlist", default="web2", metavar="NAME|PATH")
    args = parser.parse_args(argv)
    try:
        score = scorer(load(), args.wordlist)
        out = runtime.Output()
        with Path(args.boards_file).open(encoding="utf-8") as boards:
            for number, line in enumerate(boards, 1):
                text = line.rstrip("\r\n")
                try:
                    rows, cols, letters = board_letters(text)
                    points = score(rows, cols, letters)
                except InputError as exc:
                    where = f"boards file {args.boards_file}, line {number}"
                    raise InputError(f"{where}: {exc}") from None
                plain = text.isascii() and text.replace("/", "").replace(" ", "").isalpha()
                name = f'"{text}"' if plain else json.dumps(text)  # nothing to escape, or else
                out.line(f'{{"board":{name},"score":{points}}}'.encode())
        out.flush()
    except OSError as exc:
        runtime.say(f"peer: error: {exc}")
        return runtime.EXIT_FAULT
    except InputError as exc:
        runtime.say(f"peer: error: {exc}")
        return runtime.EXIT_USAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
