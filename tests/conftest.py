"""Fixtures shared by the test suite."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexibench import structures
from tests.slow import is_slow
from tests.words import MEDIUM_LETTERS, default_words

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
#: What pytest-xdist sets in the environment of each of its workers.
XDIST_VARIABLES = ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID")
#: The tests that take longest (tens of seconds to two minutes each), by node id or its start,
#: longest first. They run first, and ``pytest -n`` hands the tests out one at a time
#: (:func:`pytest_configure`), so the workers start them at once and none is left alone with one
#: of them at the end.
LONGEST_FIRST = (
    "tests/benchmarks/test_benchmark_suites.py::test_pipeline_picks_up_a_new_backend",
    "tests/benchmarks/test_benchmark_suites.py::test_smoke_every_suite",
    "tests/solver/games/test_boggle_solve.py::test_every_backend_and_mode_gives_identical_words_"
    "paths_and_scores[unsorted-list]",
    "tests/cli/test_errors.py::test_no_hang_on_any_signal",
    "tests/solver/games/test_boggle_prove.py::test_the_outcomes_are_the_same_here_in_processes",
    "tests/solver/games/test_boggle_prove.py::test_a_dask_proof_checkpoints_and_resumes",
    "tests/solver/test_lexicon_files.py::test_two_processes_building_one_entry_at_once",
    "tests/solver/test_execution.py::test_a_dask_worker_killed_mid_job_is_recovered_from",
)


def pytest_configure(config: pytest.Config) -> None:
    """Under ``pytest -n``, each worker is sent one more test as it finishes one (xdist's
    ``--maxschedchunk=1``, unless given): by default the first worker is sent the first quarter
    of its share at once, all of :data:`LONGEST_FIRST` with it, and ran them one after another
    while the other workers ran the short tests (``make test``: 550 s of tests, 137% CPU on 2
    cores).

    Before any test, in the main process, the checkout's modules are compiled to bytecode where
    it is missing or stale, as installing a wheel does: under ``PYTHONDONTWRITEBYTECODE`` (set on
    this machine and in CI) an editable install never writes it, and each of the hundreds of
    processes the tests start compiled every module it imported (a ``lexibench solve`` on the tiny
    list: 139 ms from a fresh clone, 93 ms with the bytecode)."""
    if config.pluginmanager.hasplugin("xdist") and config.getoption("maxschedchunk") is None:
        config.option.maxschedchunk = 1
    if not hasattr(config, "workerinput"):  # the main process, not an xdist worker
        from lexibench.benchmarks.run import compile_bytecode

        compile_bytecode(WORDLISTS.parent / "tests", WORDLISTS.parent / "tools")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of :data:`LONGEST_FIRST` first, in its order; the others keep theirs. The slow
    ones (:mod:`tests.slow`) are marked ``slow``: ``-m "not slow"`` is the quick loop."""
    for item in items:
        if is_slow(item.nodeid):
            item.add_marker(pytest.mark.slow)

    def rank(item: pytest.Item) -> int:
        return next(
            (i for i, start in enumerate(LONGEST_FIRST) if item.nodeid.startswith(start)),
            len(LONGEST_FIRST),
        )

    items.sort(key=rank)


@pytest.fixture(params=structures.registry.offered_builtins())
def backend(request: pytest.FixtureRequest) -> str:
    """Every built-in backend of the registry; an unavailable one fails loudly rather than
    skipping. (A plugin's backend is tested by its own package, with structures.conformance:
    installing one never changes what these tests run.)"""
    name: str = request.param
    info = structures.backend_info(name)
    if not info.available:
        pytest.fail(f"backend {name} is unavailable here: {info.error}; {info.install_hint}")
    return name


@pytest.fixture(params=structures.registry.offered_structures())
def structure(request: pytest.FixtureRequest) -> str:
    """Every built-in structure of the registry, both kinds (lexicon backends and indexes); an
    unavailable one fails loudly rather than skipping."""
    name: str = request.param
    info = structures.backend_info(name)
    if not info.available:
        pytest.fail(f"structure {name} is unavailable here: {info.error}; {info.install_hint}")
    return name


@pytest.fixture
def wordlists() -> Path:
    """The repository's folder of small hand-written word lists."""
    return WORDLISTS


@pytest.fixture(scope="session")
def web2_words() -> tuple[str, ...]:
    """The words of the default list (web2), read once per test process."""
    return default_words()


@pytest.fixture(scope="session")
def medium_list(web2_words: tuple[str, ...], tmp_path_factory: pytest.TempPathFactory) -> str:
    """The default list's words over :data:`tests.words.MEDIUM_LETTERS`, as a file (the proof's
    tests)."""
    path = tmp_path_factory.mktemp("lists") / "medium.txt"
    path.write_text("\n".join(w for w in web2_words if set(w) <= set(MEDIUM_LETTERS)) + "\n")
    return str(path)


@pytest.fixture(scope="session")
def sample_wordlist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded 4,000-word sample of the default list, as a file: small enough for every
    backend, and for a command to load in a blink."""
    words = random.Random(3).sample(default_words(), 4000)
    path = tmp_path_factory.mktemp("words") / "sample.txt"
    path.write_text("\n".join(sorted(words)) + "\n")
    return path


@pytest.fixture(autouse=True, scope="session")
def plain_environment() -> Iterator[None]:
    """Every subprocess a test starts sees the environment of a run without workers: under
    ``pytest -n``, a pytest that a test starts (the benchmark suites) would take itself for an
    xdist worker from :data:`XDIST_VARIABLES`, and pytest-benchmark turns its timing off there.
    ``LEXIBENCH_PLUGINS`` is left out too: the tests of plugins set it where they need it."""
    names = (*XDIST_VARIABLES, "LEXIBENCH_PLUGINS")  # and a developer's own plugin switch
    saved = {name: os.environ.pop(name) for name in names if name in os.environ}
    yield
    os.environ.update(saved)


@pytest.fixture(autouse=True, scope="session")
def private_cache(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """Every test (and every subprocess it starts) caches lexicons in a private folder, never in
    the user's cache.

    Under ``pytest -n`` the workers share one folder (in the run's temporary folder, beside each
    worker's own), so a lexicon of the default list is built once per run, not once per worker:
    a cache entry is written whole to a temporary file and renamed (structures/atomic.py), so a
    worker reads an entry whole or not at all, and two workers building the same one both
    succeed. Tests that look at the cache's contents use a folder of their own."""
    root = tmp_path_factory.getbasetemp()
    if hasattr(request.config, "workerinput"):  # an xdist worker
        root = root.parent  # the run's folder, which holds each worker's basetemp
    folder = root / "lexicon-cache"
    folder.mkdir(exist_ok=True)
    previous = os.environ.get("LEXIBENCH_CACHE_DIR")
    os.environ["LEXIBENCH_CACHE_DIR"] = str(folder)
    yield folder
    if previous is None:
        del os.environ["LEXIBENCH_CACHE_DIR"]
    else:
        os.environ["LEXIBENCH_CACHE_DIR"] = previous
