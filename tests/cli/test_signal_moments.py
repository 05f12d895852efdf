"""Signals at the awkward moments of a process: during an import, inside code where Python drops
exceptions, and while the interpreter shuts down.

Each case runs in a child process of its own (its signal handlers are the command line's), where
the moment is made to happen for certain, not by chance: the repeated signal test
(tests/cli/test_errors.py::test_no_hang_on_any_signal) found each of them by chance first.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.commands import TINY

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _python(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_an_interruption_during_an_import_comes_when_the_import_is_whole(tmp_path: Path) -> None:
    """A signal that arrives while a module is imported is delivered once the import ended: an
    exception raised in the middle can leave a compiled module half set up (msgspec's JSON
    encoder, interrupted while it imported ``datetime``, crashed every worker forked after it)."""
    (tmp_path / "slow_module.py").write_text(
        textwrap.dedent(
            """
            import os, signal, time
            os.kill(os.getpid(), signal.SIGINT)
            start = time.monotonic()
            while time.monotonic() - start < 0.1:  # the signal is handled while this runs
                pass
            WHOLE = True
            """
        )
    )
    child = _python(
        """
        import sys, time
        sys.path.insert(0, sys.argv[1])
        from lexibench.solver.cli import runtime
        runtime.install_signal_handlers()
        start = time.monotonic()
        try:
            import slow_module
            time.sleep(10)
        except runtime.Interrupted as exc:
            whole = getattr(sys.modules.get("slow_module"), "WHOLE", False)
            print(exc, whole, round(time.monotonic() - start, 1))
        """,
        str(tmp_path),
    )
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    name, whole, seconds = out.split()
    assert (name, whole) == ("SIGINT", "True")
    assert float(seconds) < 5  # soon after the import, not after the sleep


def test_an_interruption_python_dropped_is_raised_after_the_next_write() -> None:
    """An interruption raised where Python prints and drops exceptions (a finalizer here; a
    weak-reference callback of the import system did it in the repeated test) is not lost: the
    next write (whole) is followed by it, and so is every write after."""
    child = _python(
        """
        import os, signal
        from lexibench.solver.cli import runtime
        runtime.install_signal_handlers()

        class Dropper:
            def __del__(self):
                os.kill(os.getpid(), signal.SIGTERM)
                for _ in range(10_000):  # the handler runs here; Python drops its exception
                    pass

        Dropper()
        try:
            runtime.emit("a whole line")
        except runtime.Interrupted as exc:
            print(f"then {exc}")
        """
    )
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert out == "a whole line\nthen SIGTERM\n"
    assert err == ""  # no "Exception ignored" report from Python: the interruption is not lost


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_the_process_shuts_down_keeps_its_status(sig: signal.Signals) -> None:
    """Once the command returned its status the process exits with it: a signal that arrives
    while the interpreter shuts down (it puts back the signals' default actions early on) used to
    kill the process, its status lost (-2)."""
    child = _python(
        """
        import sys, time
        from lexibench.solver.cli import main

        class Slow:  # destroyed while the interpreter shuts down
            def __del__(self):
                print("shutting down", flush=True)
                time.sleep(2)

        keep = Slow()
        sys.argv = ["lexibench", "backends", "--json"]
        sys.exit(main())
        """
    )
    assert child.stdout is not None
    lines: list[str] = []
    while not lines or lines[-1] != "shutting down\n":
        line = child.stdout.readline()
        assert line, child.stderr.read() if child.stderr else ""
        lines.append(line)
    child.send_signal(sig)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert err == ""


def test_a_signal_while_a_failure_is_reported_changes_nothing() -> None:
    """The outcome is decided once the command failed: a signal while its one line is written
    (a second Ctrl-C, say) neither adds a traceback nor changes the status."""
    child = _python(
        """
        import os, signal, sys
        from lexibench.solver.cli import main, runtime

        say = runtime.say

        def say_after_a_signal(message):
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(10_000):  # the handler runs here
                pass
            say(message)

        runtime.say = say_after_a_signal
        sys.argv = ["lexibench", "solve", "abc"]  # not a square board: a usage error
        sys.exit(main())
        """
    )
    _, err = child.communicate(timeout=60)
    assert child.returncode == 2, err
    assert err.startswith("lexibench: error: board: 3 cells is not a square"), err
    assert err.count("\n") == 1, err


def test_a_signal_while_the_workers_shared_memory_is_made_is_one_line(tmp_path: Path) -> None:
    """A signal while the job's shared values are made (multiprocessing registers each one's
    memory for clean-up as it makes it) waits until they are whole: one line, its status, and
    no "Exception ignored" from a half-made registration at exit (the repeated signal test met
    it once in 160 runs)."""
    boards = tmp_path / "boards.txt"
    boards.write_text("abcdefghijklmnop\n" * 5000)  # past what one process solves alone
    child = _python(
        """
        import itertools, os, signal, sys
        import multiprocessing.util as util
        from lexibench.solver.cli import main

        class SignalMidway:  # a registration's number, asked once its weak reference is made
            count = itertools.count()

            def __next__(self):
                os.kill(os.getpid(), signal.SIGTERM)
                for _ in range(10_000):  # the handler runs here, unless the signal is held off
                    pass
                return next(self.count)

        util._finalizer_counter = SignalMidway()
        sys.argv = ["lexibench", "solve", "--boards-file", sys.argv[1], "--jobs", "2",
                    "--wordlist", sys.argv[2], "--no-cache"]
        sys.exit(main())
        """,
        str(boards),
        TINY,
    )
    _, err = child.communicate(timeout=60)
    assert child.returncode == 143, err
    assert err == "lexibench: terminated (SIGTERM)\n", err


def test_a_signal_once_a_command_succeeded_changes_nothing() -> None:
    """The outcome is decided once the command returned its status: a signal handled at the
    first call after (the handlers run at a call) neither adds a traceback nor changes the
    status. The repeated signal test found this by chance: a SIGTERM sent as a bulk run ended
    was handled as the main function's ``finally`` began, outside its ``try``, and the process
    ended with Python's traceback and status 1."""
    child = _python(
        """
        import os, signal, sys
        from lexibench.solver.cli import main, runtime

        def signal_at_the_first_call(frame, event, arg):
            if event == "call" and frame.f_code.co_name == "finish":
                sys.setprofile(None)
                os.kill(os.getpid(), signal.SIGTERM)  # handled at the next call
                os.getpid()

        sys.argv = ["lexibench", "backends", "--json"]
        sys.setprofile(lambda frame, event, arg: None)  # quiet while the command runs
        run = runtime.write_phases

        def then_watch():
            run()
            sys.setprofile(signal_at_the_first_call)

        runtime.write_phases = then_watch
        sys.exit(main())
        """
    )
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert err == ""
    assert out.startswith("[")


def _holds_signals(pid: int) -> bool:
    """True once process ``pid`` holds SIGINT and SIGTERM off or handles them (/proc shows the
    masks): lexibench.console's first step."""
    wanted = 1 << (signal.SIGINT - 1) | 1 << (signal.SIGTERM - 1)
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return True  # ended
    masks = {
        line[:7]: int(line.split()[1], 16) for line in lines if line[:7] in ("SigBlk:", "SigCgt:")
    }
    return masks.get("SigBlk:", 0) & wanted == wanted or masks.get("SigCgt:", 0) & wanted == wanted


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc of Linux")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_the_command_line_loads_ends_it_in_one_line(sig: signal.Signals) -> None:
    """From the console entry point's first step (SIGINT and SIGTERM held off, before any other
    module of lexibench is imported) a signal ends the command as at any later moment: one line,
    its status. Before, a signal while the modules imported gave a KeyboardInterrupt traceback or
    death by the signal (7 and 5 of 150 trials). Only the interpreter's own start-up comes
    before: solver/README.md gives its measured length."""
    import random
    import time

    rng = random.Random(sig)
    for trial in range(20):
        child = subprocess.Popen(
            [sys.executable, "-m", "lexibench", "solve", "perslatgsineters"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        while not _holds_signals(child.pid):
            time.sleep(0.0005)
        time.sleep(rng.uniform(0.0, 0.25))
        child.send_signal(sig)
        _, err = child.communicate(timeout=60)
        text = err.decode()
        assert child.returncode in (0, 128 + sig), (trial, child.returncode, text)
        word = "interrupted" if sig == signal.SIGINT else "terminated"
        expected = f"lexibench: {word} ({sig.name})\n" if child.returncode else ""
        assert text == expected, (trial, text)
