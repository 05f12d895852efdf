"""Start-up: commands import only what they need; --version, stdin boards, the Python API."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from lexibench.solver.cli import main
from tests.commands import TINY

HEAVY = ("matplotlib", "numpy", "pytest", "pytest_benchmark", "tabulate", "lexibench.benchmarks")
LIBRARIES = ("marisa_trie", "datrie", "dawg", "pygtrie", "sortedcontainers", "english_words")


#: What opening a lexicon needs (the registry, word lists, the cache and the plan, and hashlib
#: for their digests), which a command that opens none starts without.
LEXICON_LAYER = (
    "hashlib",
    "lexibench.solver.cache",
    "lexibench.solver.plan",
    "lexibench.solver.wordlist",
    "lexibench.structures.registry",
)


def modules_imported_by(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    probe = f"{code}\nimport sys, json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    return set(json.loads(out))


def imported_by(code: str) -> set[str]:
    """Top-level modules a fresh interpreter has imported after running ``code``."""
    return {name.partition(".")[0] for name in modules_imported_by(code)}


def test_importing_the_cli_imports_no_benchmark_layer() -> None:
    heavy = {*HEAVY, *LIBRARIES, "importlib_metadata"}
    assert not imported_by("import lexibench.solver.cli") & heavy


@pytest.mark.parametrize("argv", [["--version"], ["random", "--count", "1"]])
def test_a_command_that_opens_no_lexicon_imports_no_lexicon_layer_nor_benchmark_layer(
    argv: list[str],
) -> None:
    code = (
        "import contextlib, io\nfrom lexibench.solver.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main({argv!r})"
    )
    loaded = modules_imported_by(code)
    assert not loaded & set(LEXICON_LAYER)
    assert not {name.partition(".")[0] for name in loaded} & {*HEAVY, *LIBRARIES}


def test_a_cached_solve_imports_only_its_backend() -> None:
    code = (
        "import contextlib, io\nfrom lexibench.solver.cli import main\n"
        f"args = ['solve', 'ea/st', '--wordlist', {TINY!r}, '--lexicon', 'marisa']\n"
        "with contextlib.redirect_stdout(io.StringIO()): main(args); main(args)"
    )
    loaded = imported_by(code)
    assert "marisa_trie" in loaded
    assert not loaded & ({*HEAVY, *LIBRARIES} - {"marisa_trie"})
    assert not loaded & {"dask", "distributed", "logging"}  # only a cluster run needs them


def test_version(capfd: pytest.CaptureFixture[str]) -> None:
    from lexibench import __version__

    assert main(["--version"]) == 0
    assert capfd.readouterr().out == f"lexibench {__version__}\n"


def test_one_board_from_stdin(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ea/st\n")))
    assert main(["solve", "-", "--wordlist", TINY, "--json"]) == 0
    assert json.loads(capfd.readouterr().out)["count"] == 7
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ea/st\nd i / e d\n")))
    assert main(["solve", "-", "--wordlist", TINY]) == 2
    out, err = capfd.readouterr()
    assert out == ""
    assert "expected one line, got 2 (use --boards-file - for several boards)" in err


def test_a_command_missing_its_extra_names_it(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    assert main(["tables"]) == 2
    out, err = capfd.readouterr()
    assert out == ""
    assert err == (
        "lexibench: error: lexibench tables needs the 'bench' extra (module matplotlib is not "
        "installed): pip install 'lexibench[bench]'\n"
    )


def test_the_python_api() -> None:
    """The API from ``import lexibench`` (the READMEs' own examples run in tests/test_docs.py)."""
    import lexibench

    lexicon = lexibench.open_lexicon("dawg", TINY).lexicon
    board = lexibench.parse_board("ea/st")
    solution = lexibench.solve(board, lexicon)
    assert (solution.count, solution.score) == (7, 7)
    assert solution.words[0].word == "east"
    assert lexibench.score("quests") == 3
    assert lexibench.load_wordlist(TINY).words[:2] == ("did", "die")
    with pytest.raises(AttributeError):
        _ = lexibench.nothing_here  # type: ignore[attr-defined]
