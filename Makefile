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

# One stamp per extra, rebuilt when the packaging or a file a compiled module is built from
# changes (the files lexibench/compiled.toml lists, each with the files it is built from).
COMPILED := $(shell $(PYTHON) -m tools.layout compiled-files)

$(VENV)/.installed-%: pyproject.toml setup.py tools/layout.py lexibench/compiled.toml \
		$(COMPILED) | $(BIN)/python
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
	$(BIN)/python -m tools.typecheck

# Build the source distribution and from it the wheel, install it in a throwaway environment
# and use it from outside the checkout.
wheel-check: $(VENV)/.installed-dev
	$(BIN)/python -m tests.wheel_check

test: lint wheel-check
	$(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .benchmarks dist build results-quick
