# lexibench: `make bench` runs the main job, `make test` the checks. Both set up .venv first,
# installing only what they need: the `bench` extra for the benchmarks, `dev` (bench + test and
# lint tools) for the checks.
PYTHON ?= python3
# An unoptimised build (setup.py) is for the wheel check alone, which asks for it itself.
unexport LEXIBENCH_UNOPTIMIZED
VENV := .venv
BIN := $(VENV)/bin

.PHONY: bench bench-quick test test-quick pytest tables lint wheel-check fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# One stamp per extra, rebuilt when the packaging or a file a compiled module is built from
# changes (the files lexibench/compiled.toml lists, each with the files it is built from).
# One compile per checkout: the package is built (its modules compiled) only when no current
# build is installed (.installed-build); adding another extra to a current build installs that
# extra's requirements alone, and the dev install, a superset, stands for bench.
COMPILED := $(shell $(PYTHON) -m tools.layout compiled-files)
PACKAGING := pyproject.toml setup.py tools/layout.py lexibench/compiled.toml $(COMPILED)
current = [ -f $(1) ] && [ -z "$$(find $(PACKAGING) -newer $(1))" ]

$(VENV)/.installed-%: $(PACKAGING) | $(BIN)/python
	@if [ "$*" = bench ] && $(call current,$(VENV)/.installed-dev); then \
		echo "the dev install covers bench"; \
	elif $(call current,$(VENV)/.installed-build); then \
		echo "adding the $* extra to the current build"; \
		$(BIN)/python -m pip install $$($(BIN)/python -m tools.layout requirements $*); \
	else \
		echo "installing lexibench and its $* extra into $(VENV), compiling its cores" \
			"(pip says what it does; the compile is its 'Building editable' step)"; \
		$(BIN)/python -m pip install -e '.[$*]' && touch $(VENV)/.installed-build; \
	fi
	@touch $@
	@echo "lexibench is installed in $(VENV): 'source $(VENV)/bin/activate' puts the lexibench" \
		"command on this shell's PATH (or run $(BIN)/lexibench)"

bench: $(VENV)/.installed-bench
	$(BIN)/python -m lexibench.benchmarks.run $(BENCH_ARGS)

# Every suite and backend on a small workload, two steps at a time (meant to take under two minutes
# on 2 cores); tables into results-quick/.
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

# The tests, with the lint and the wheel check beside them (tools/checks.py): the tests' progress
# on the terminal as it comes, a line when each check beside them ends, the output of one that
# failed at the end.
test: $(VENV)/.installed-dev
	$(BIN)/python -m tools.checks -n auto

# The quick loop while working: every test but the slow ones (tests/slow.py), no lint, no wheel
# check; make test (and CI) still runs everything.
test-quick: $(VENV)/.installed-dev
	$(BIN)/pytest -n auto -m "not slow"

pytest: $(VENV)/.installed-dev
	$(BIN)/pytest -n auto

# Every reader of every file format fuzzed far longer than the tests do (they run 300 damaged files
# a format with a fixed seed): FUZZ_CASES a format, with a new seed each run (printed, to repeat it);
# and a bulk run signalled at a random moment SIGNAL_TRIALS times for each signal and target (the
# tests: 20).
FUZZ_CASES ?= 20000
SIGNAL_TRIALS ?= 200
fuzz: $(VENV)/.installed-dev
	@seed=$${FUZZ_SEED:-$$(date +%s)}; echo "fuzzing $(FUZZ_CASES) files a format, seed $$seed;" \
		"$(SIGNAL_TRIALS) signals at random moments a case"; \
	LEXIBENCH_FUZZ_CASES=$(FUZZ_CASES) LEXIBENCH_FUZZ_SEED=$$seed \
	LEXIBENCH_SIGNAL_TRIALS=$(SIGNAL_TRIALS) \
		$(BIN)/pytest -n auto tests/hostile/test_fuzz.py \
		"tests/cli/test_errors.py::test_no_hang_on_any_signal"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .benchmarks dist build results-quick
