# lexibench: `make bench` runs the main job, `make test` the checks. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: bench test tables lint clean

$(STAMP): pyproject.toml setup.py solver/search.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run $(BENCH_ARGS)

tables: $(STAMP)
	$(BIN)/lexibench tables --readme README.md

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .benchmarks
