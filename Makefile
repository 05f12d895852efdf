# lexibench: `make bench` runs the main job, `make test` the checks. Both set up .venv first,
# installing only what they need: the `bench` extra for the benchmarks, `dev` (bench + test and
# lint tools) for the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: bench bench-quick test tables lint wheel-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# One stamp per extra, rebuilt when the packaging or the compiled search changes.
# The compiled sources (setup.py's MYPYC and CYTHON, with the files each Cython module is built
# from): a change to one rebuilds the install.
COMPILED := solver/games/anagram/search.py solver/games/boggle/search.py \
	solver/games/letterboxed/search.py solver/games/pattern/search.py \
	solver/games/spellingbee/search.py solver/games/wordle/search.py \
	solver/games/wordle/grader.pyx solver/games/boggle/native_lines.pyx \
	structures/backends/array_trie/native.pyx structures/backends/array_trie/native.pxd \
	structures/backends/array_trie/search.c structures/backends/array_trie/search.h \
	structures/backends/array_trie/queries.pyx structures/backends/array_trie/nodes.pxd \
	solver/games/boggle/prove/native.pyx \
	solver/games/crossword/search.py solver/games/crossword/native.pyx \
	structures/backends/kwg/native.pyx

$(VENV)/.installed-%: pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch $@

bench: $(VENV)/.installed-bench
	$(BIN)/python -m lexibench.benchmarks.run $(BENCH_ARGS)

# Every suite and backend on a small workload (a few minutes); tables into results-quick/.
bench-quick: $(VENV)/.installed-bench
	$(BIN)/python -m lexibench.benchmarks.run --quick $(BENCH_ARGS)

tables: $(VENV)/.installed-bench
	$(BIN)/lexibench tables --readme README.md

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Build the wheel, install it in a throwaway environment and use it from outside the checkout.
wheel-check: $(VENV)/.installed-dev
	$(BIN)/python tests/wheel_check.py

test: lint wheel-check
	$(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .benchmarks dist build results-quick
