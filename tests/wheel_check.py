"""Build the source distribution, then from it the wheel (its compiled cores), install the wheel in
a throwaway virtual environment, and use it as a user would.

Run by ``make test`` (``make wheel-check``), from outside the checkout so nothing can be imported
from the source tree: what the source distribution ships (the real sources: ``.pyx``, ``.pxd``,
stubs, hand-written C, no generated file), that it builds every compiled module, every command of
the base install, a missing extra's one-line error, the compiled search, saved lexicons, then the
``bench`` extra with ``lexibench tables`` and the benchmark runner. Exits non-zero, naming the
step, at the first failure.

One build serves both distributions: the wheel is built from the source distribution, as ``python -m
build`` does and as ``pip install lexibench-*.tar.gz`` would, so installing it is installing the
source distribution. It is built plain and unoptimised (``LEXIBENCH_NO_PROFILE``,
``LEXIBENCH_UNOPTIMIZED``: ``-O0``, where a user's install is ``-O3``): what is checked is the
packaging (what ships, that it builds and runs), not the shipped build's speed. The throwaway
environment has no pip of its own (the running one installs into it) and compiles no bytecode ahead
of use.

    python -m tests.wheel_check [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from tools.layout import compiled_files, package_path, profiled_modules, source_files

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "wordlists" / "tiny.txt"


class CheckFailedError(Exception):
    """A step of the check did not do what it should."""


#: The modules setup.py builds profile-guided, with their training scripts (compiled.toml's
#: ``[profiled]``). The wheel is built plain (``LEXIBENCH_NO_PROFILE``: the training's ten CPU
#: seconds and two more compiles spared); the dev install, the same setup.py, is profile-guided.
PROFILED = profiled_modules()


def step(
    name: str, cmd: list[str], cwd: Path, env: dict[str, str], status: int = 0, log: bool = False
) -> str:
    """Run ``cmd``; return its stdout (and its stderr after it, where ``log``: pip's relay of a
    build's output); raise :class:`CheckFailedError` on an unexpected status."""
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    print(f"wheel-check: {name} ({took:.1f} s)", flush=True)
    if done.returncode != status:
        raise CheckFailedError(
            f"{name}: exit {done.returncode} (expected {status})\n"
            f"$ {' '.join(cmd)}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
        )
    return done.stdout + ("\n" + done.stderr if status or log else "")


def check_sdist(sdist: Path) -> None:
    """The source distribution ships what the compiled modules are built from (lexibench/
    compiled.toml), every stub, the list and the layout module setup.py reads, and no file a
    build generates (C from Cython or mypyc, a compiled module, a build record)."""
    with tarfile.open(sdist) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    needed = {*compiled_files(), "lexibench/compiled.toml", "tools/layout.py", "setup.py"}
    needed |= set(PROFILED.values())  # setup.py's profile-guided build runs them
    # stubs, and hand-written C (a build writes its C under build/, never beside the sources)
    needed |= {str(path.relative_to(ROOT)) for path in source_files((".pyi", ".c"))}
    missing = sorted(needed - names)
    generated = sorted(
        name
        for name in names
        if name.endswith((".so", ".sha256")) or (name.endswith(".c") and name not in needed)
    )
    print(f"wheel-check: the source distribution ships {len(names)} files", flush=True)
    if missing or generated:
        raise CheckFailedError(f"{sdist.name}: lacks {missing}, ships generated {generated}")
    if not all(package_path(name) for name in compiled_files()):
        raise CheckFailedError("a compiled module's file lies outside the package")


def check(work: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["LEXIBENCH_CACHE_DIR"] = str(work / "cache")
    env["LEXIBENCH_NO_PROFILE"] = "1"  # the wheel built plain (see PROFILED)
    env["LEXIBENCH_UNOPTIMIZED"] = "1"  # and at -O0: what is checked is the packaging
    env.pop("LEXIBENCH_NO_COMPILE", None)
    dist = work / "dist"
    step(
        "build the source distribution",
        [sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o", str(dist), str(ROOT)],
        ROOT,
        env,
    )
    (sdist,) = dist.glob("lexibench-*.tar.gz")
    check_sdist(sdist)
    built = step(
        "build the wheel from the source distribution",
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(dist), str(sdist)],
        work,
        env,
        log=True,
    )
    for name in PROFILED:
        if f"{name}: built plain, not profile-guided (LEXIBENCH_" not in built:
            raise CheckFailedError(f"{name}: the build did not say it was built plain")
    (wheel,) = dist.glob("lexibench-*.whl")
    if wheel.name.endswith("-none-any.whl"):
        raise CheckFailedError(f"{wheel.name}: a wheel with no compiled module")
    venv = work / "venv"
    step(
        "create a fresh environment",
        [sys.executable, "-m", "venv", "--without-pip", str(venv)],
        work,
        env,
    )
    py = str(venv / "bin" / "python")
    lexibench = str(venv / "bin" / "lexibench")
    pip = [sys.executable, "-m", "pip", "--python", py, "install", "--quiet", "--no-compile"]
    step("install the wheel", [*pip, str(wheel)], work, env)
    home = work / "elsewhere"  # not the checkout: nothing may come from the source tree
    home.mkdir()

    def user(name: str, cmd: list[str], status: int = 0) -> str:
        """:func:`step` as a user runs it: from ``home``, in the check's environment."""
        return step(name, cmd, home, env, status)

    version = user("lexibench --version", [lexibench, "--version"])
    if not version.startswith("lexibench "):
        raise CheckFailedError(f"--version printed {version!r}")
    module = user("python -m lexibench --version", [py, "-m", "lexibench", "--version"])
    if module != version:
        raise CheckFailedError(f"python -m lexibench printed {module!r}")

    def prints(name: str, code: str, expected: str, failure: str) -> None:
        """``python -c CODE`` in the fresh environment prints ``expected``; else the check fails
        with ``failure`` (``{}``: what it printed)."""
        printed = user(name, [py, "-c", code]).strip()
        if printed != expected:
            raise CheckFailedError(failure.format(printed))

    prints(
        "the wheel installs one top-level package, lexibench",
        "import importlib.metadata as m; "
        "print(sorted({f.parts[0] for f in m.files('lexibench') if f.parts[0] != 'bin' and "
        "not f.parts[0].endswith('.dist-info') and not f.parts[0].startswith('..')}))",
        "['lexibench']",
        "the wheel installs {} at the top of site-packages",
    )
    prints(
        "import lexibench: the documented API",
        "import lexibench; b = lexibench.parse_board('ea/st'); "
        f"o = lexibench.open_lexicon('dawg', {str(TINY)!r}); "
        "print(lexibench.solve(b, o.lexicon).count)",
        "7",
        "the API found {} words on ea/st, not 7",
    )
    build = user(
        "the search loops, the array trie's native core, Boggle's bulk lines and the proof's bound "
        "are compiled",
        [py, "-c", "from lexibench.solver.games.compiled import search_build; "
         "from lexibench.structures.backends.array_trie.lexicon import native_build; "
         "from lexibench.structures.backends.array_trie.core import search_build as cpu; "
         "from lexibench.solver.games.boggle import bulk_lines; "
         "from lexibench.solver.games.boggle.prove.tree import build_text as bound; "
         "print(search_build(), native_build(), cpu(), bound())"],
    )  # fmt: skip
    words = build.split()
    if (
        words[:2] != ["mypyc", "cython"]
        or words[2] not in ("popcnt", "generic")
        or words[3:] != ["cython"]
    ):
        raise CheckFailedError(
            f"the builds are {build.strip()!r}, not mypyc, cython, a CPU's and cython (plain)"
        )
    prints(
        "every module of compiled.toml runs compiled, built from the source distribution",
        "from lexibench.structures.builds import compiled, compiled_sources; "
        "print(sorted({compiled(e.module).build() == e.compiler for e in compiled_sources()}))",
        "[True]",
        "a module of compiled.toml is not compiled ({})",
    )
    prints(
        "the base install has no benchmark stack",
        "import importlib.util as u; print([m for m in ('matplotlib', 'pytest', "
        "'tabulate', 'pytest_benchmark') if u.find_spec(m)])",
        "[]",
        "the base install pulled in {}",
    )
    out = user(
        "lexibench solve (word-list file)",
        [lexibench, "solve", "ea/st", "--wordlist", str(TINY), "--json"],
    )
    if json.loads(out)["count"] != 7:
        raise CheckFailedError(f"solve found {json.loads(out)['count']} words, not 7")
    user("lexibench solve (default list)", [lexibench, "solve", "perslatgsineters"])
    out = user(
        "lexibench prove (its partitions ship in the wheel)",
        [lexibench, "prove", "--size", "2x2", "--wordlist", str(TINY), "--target", "3", "--json"],
    )
    proof = json.loads(out)
    if not proof["complete"] or (proof["tier"], proof["partition"]["name"]) != ("native", "two"):
        raise CheckFailedError(f"prove printed {out!r}")
    boards = user("lexibench random", [lexibench, "random", "--count", "3"])
    (home / "boards.txt").write_text(boards)
    out = user(
        "lexibench solve --boards-file --jobs 2",
        [lexibench, "solve", "--boards-file", "boards.txt", "--jobs", "2"],
    )
    if len(out.splitlines()) != 3:
        raise CheckFailedError("the boards file did not give three lines")
    out = user(
        "lexibench solve --boards-file --summary",
        [lexibench, "solve", "--boards-file", "boards.txt", "--summary"],
    )
    if [sorted(json.loads(line)) for line in out.splitlines()] != [["board", "count", "score"]] * 3:
        raise CheckFailedError(f"--summary printed {out!r}")
    user("lexibench letterboxed", [lexibench, "letterboxed", "rme wcl tgk api", "--limit", "1"])
    query = user(
        "the query walks and the Wordle kernel are compiled and current",
        [py, "-c", "from lexibench import structures; "
         "from lexibench.structures.builds import compiled; "
         "grader = compiled('lexibench.solver.games.wordle.grader').build(); "
         "print(grader, *structures.backend_info('array-trie').answers)"],
    )  # fmt: skip
    kinds = ["anagram", "letterset", "pattern", "positions"]
    kinds += ["classes", "length", "contains", "hooks", "weight"]  # the word search's
    if query.split() != ["cython", *kinds]:  # the Wordle kernel's build, the walks' kinds
        raise CheckFailedError(f"the query builds are {query.strip()!r}")
    out = user(
        "lexibench anagram (array-trie's compiled walk)",
        [lexibench, "anagram", "tea?", "--wordlist", str(TINY), "--tier", "native", "--json"],
    )
    if json.loads(out)["count"] != 7:
        raise CheckFailedError(f"anagram tea? printed {out!r}")
    out = user(
        "lexibench wordle --suggest (default list)",
        [lexibench, "wordle", "--guess", "crane=bbybg", "--suggest", "--json"],
    )
    if not json.loads(out)["suggest"]:
        raise CheckFailedError(f"wordle --suggest printed {out[:200]!r}")
    user("lexibench backends", [lexibench, "backends"])
    user(
        "lexibench build",
        [lexibench, "build", "--wordlist", str(TINY), "--lexicon", "marisa", "-o", "t.lexicon"],
    )
    user(
        "lexibench solve --lexicon-file",
        [lexibench, "solve", "ea/st", "--lexicon-file", "t.lexicon"],
    )
    out = user(
        "lexibench best", [lexibench, "best", "--size", "3x3", "--evaluations", "500", "--json"]
    )
    if json.loads(out)["evaluations"] != 500:
        raise CheckFailedError(f"best printed {out!r}")
    err = user(
        "lexibench best --dask-workers without the extra",
        [lexibench, "best", "--size", "3x3", "--dask-workers", "1"],
        status=2,
    )
    if "needs the 'dask' extra" not in err:
        raise CheckFailedError(f"--dask-workers without the extra said: {err.strip()}")
    err = user("lexibench tables without the extra", [lexibench, "tables"], status=2)
    if "needs the 'bench' extra" not in err:
        raise CheckFailedError(f"tables without the extra said: {err.strip()}")

    step("install the bench extra", [*pip, f"{wheel}[bench]"], work, env)
    # every section of a report: the small fixture run's raw files, and the committed run's
    # crossword and proof files, which the fixture has not (the committed run's every file
    # took four times as long, its plots most of it)
    fixture = ROOT / "tests" / "fixtures" / "results"
    raw = sorted(str(p) for p in (fixture / "raw").glob("*.json"))
    raw += [str(ROOT / "results" / "raw" / name) for name in ("crossword.json", "prove.json")]
    memory = fixture / "memory.json"
    user("lexibench tables", [lexibench, "tables", "--out", "tables", *raw, str(memory)])
    if not (home / "tables" / "report.md").is_file():
        raise CheckFailedError("lexibench tables wrote no report.md")
    alone = user("lexibench best (bench extra)", [lexibench, "best", "--size", "3x3",
                 "--evaluations", "800", "--json"])  # fmt: skip
    clustered = user(
        "lexibench best --dask-workers 2",
        [lexibench, "best", "--size", "3x3", "--evaluations", "800", "--json",
         "--dask-workers", "2"],
    )  # fmt: skip
    if json.loads(alone)["trajectory"] != json.loads(clustered)["trajectory"]:
        raise CheckFailedError("best on a local Dask cluster took another course")
    user(
        "the benchmark runner (lookup suite, tiny list)",
        [
            py, "-m", "lexibench.benchmarks.run", "--suites", "lookup", "--skip-memory",
            "--skip-startup",
            "--lexibench-wordlist", str(TINY), "--results", "bench-results", "--readme", "",
            "--lexibench-queries", "20", "--lexibench-backends", "dawg,marisa",
            "--benchmark-max-time=0.001",
        ],
    )  # fmt: skip
    if not (home / "bench-results" / "raw" / "lookup.json").is_file():
        raise CheckFailedError("the benchmark runner wrote no raw results")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="lexibench-wheel-"))
    work.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    try:
        check(work)
    except CheckFailedError as exc:
        print(f"wheel-check: FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"wheel-check: passed in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
