"""``lexibench tables``: regenerate the report and plots from saved raw files (no re-running).

Registered with the command line through the ``lexibench.commands`` entry point, so the solver
layer does not import the benchmark layer. Registering imports nothing heavy; running needs the
``bench`` extra (tabulate, matplotlib) and says so in one line when it is missing.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from lexibench.solver.cli.runtime import say, stderr_is_terminal
from lexibench.solver.errors import InputError, require_extra
from lexibench.structures.files import Output, check_input, check_outputs, not_regular

RESULTS = Path("results")


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "json",
        nargs="*",
        type=Path,
        metavar="JSON",
        help="raw pytest-benchmark or memory JSON files (default: results/raw/*.json and "
        "results/memory.json)",
    )
    parser.add_argument(
        "--out", type=Path, default=RESULTS, help="output folder (default: results)"
    )
    parser.add_argument(
        "--readme", type=Path, default=None, help="also refresh the headline block of this README"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check the paths, load, validate and render."""
    require_extra("lexibench tables", "bench")
    from lexibench.benchmarks.harness.records import default_inputs, load

    inputs = list(args.json) or default_inputs(RESULTS)
    check_paths(inputs, args.out)
    from lexibench.benchmarks.report.build import write_report

    shown = stderr_is_terminal()
    if shown:
        say("lexibench tables: loading the raw files and the plotting library ...")
    results = load(inputs)
    progress = (lambda step: say(f"lexibench tables: {step} ...")) if shown else None
    for path in write_report(results, args.out, args.readme, progress, inputs):
        say(f"wrote {path}")
    return 0


def check_paths(inputs: list[Path], out: Path) -> None:
    """Refuse, before anything is read: an input that is not a regular file (a FIFO, a device,
    a folder), and an ``--out`` that is not a folder (one of the inputs above all)."""
    for path in inputs:
        check_input(path, "results file")
    if os.path.lexists(out) and not out.is_dir():
        what = not_regular(out)
        if what is None:  # a file: said to be the input it is, if it is one
            check_outputs([Output(out, "--out")], inputs)
        raise InputError(f"--out {out}: it is {what or 'a file'}, not a folder")
