# The two commands a newcomer needs: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: play test lint bench venv clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(TESTSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,dev]'
	touch $@ $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/shengji play

# -n auto: one pytest worker per core (pytest-xdist); the suite is mostly CPU.
test: $(TESTSTAMP)
	$(BIN)/python -m pytest -n auto
	# the TUI again on Textual's public API alone (shengji_tui/tui/patches.py off)
	SHENGJI_VANILLA=1 $(BIN)/python -m pytest -n auto tests/tui

lint: $(TESTSTAMP)
	$(BIN)/ruff check shengji_tui tests benchmarks
	$(BIN)/ruff format --check shengji_tui tests benchmarks
	$(BIN)/mypy shengji_tui

bench: $(STAMP)
	$(BIN)/shengji bench rules

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
