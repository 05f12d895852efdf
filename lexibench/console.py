"""The ``lexibench`` console command (and ``python -m lexibench``): SIGINT and SIGTERM are held
off first, before any other of lexibench's modules is imported, and let in once the command
line's handlers are in place (:func:`lexibench.solver.cli.main`). A signal that arrives while the
command line loads is delivered then, and ends the command as one at any other moment does (one
line, status 130 or 143): only the interpreter's own start-up comes before."""

from __future__ import annotations

import signal


def main() -> int:
    """Hold SIGINT and SIGTERM off, then run the command line; its exit status."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    from lexibench.solver.cli import main as command_line

    return command_line()
