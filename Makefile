# The two commands a newcomer needs: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: play test lint bench venv clean

# The suite starts hundreds of Python processes (SSH servers, CLI runs, the hard
# bot's pool): with bytecode written once, each imports in two thirds the time.
unexport PYTHONDONTWRITEBYTECODE

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

# One pytest worker (pytest-xdist) per core plus one: a fifth of the suite's time
# is waiting (dealing delays, SSH round trips), which the extra worker fills
# (2 cores, 2026-11: 6.7 min instead of 8.3); worksteal evens out the long tests at the end.
JOBS ?= $(shell expr $$(nproc 2>/dev/null || echo 2) + 1)
# The TUI again on Textual's public API alone (shengji_tui/tui/terminal/patches.py off):
# the tests that draw the app (snapshots, the written bytes, the pilots); not the
# pure presenter's tests (no Textual in them) nor the longest whole-deal pilots'
# repeats in other languages and seat counts, nor the hotseat deals (what they
# check, whose cards a screen shows, is the presenter's; the one-human whole
# deals by keys, a find-friends one among them, cover deals drawn without the
# patches): the suite stays within 10 minutes.
VANILLA_TESTS = tests/tui/test_snapshots.py tests/tui/test_snapshots_friends.py \
	tests/tui/test_patches.py tests/tui/test_no_color.py tests/tui/test_ascii_mode.py \
	tests/tui/test_pilot_*.py tests/tui/test_play_rules_file.py tests/tui/test_clock_tui.py
VANILLA_SKIP = not in_chinese_at_80x24 and not three_humans_at_six_seats \
	and not hotseat_of_five and not hotseat_with_the_dealer and not hands_the_keyboard_over \
	and not whole_hotseat_deal and not (every_play_its_winner_and_points and zh) \
	and not hidden_declarations_stay_hidden and not seat_that_does_not_deal \
	and not nth_played_in_chinese

# The run without the patches goes on beside the suite, in one more process (its
# output shown after the suite's): the suite's last minutes, when few long tests
# are left for its workers, are not followed by a run of their own.
# The load tests (marked `load`, left out of a plain `pytest`) measure a table's
# pace under a flood (tests/server): alone, after the rest, so that no other
# test's work is in it.
test: $(TESTSTAMP)
	@log=$$(mktemp); \
	SHENGJI_VANILLA=1 $(BIN)/python -m pytest -p no:cacheprovider $(VANILLA_TESTS) \
		-k "$(VANILLA_SKIP)" >$$log 2>&1 & vanilla=$$!; \
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal; suite=$$?; \
	wait $$vanilla; off=$$?; \
	echo "-- the TUI on Textual's public API alone (SHENGJI_VANILLA=1):"; cat $$log; rm -f $$log; \
	[ $$suite -eq 0 ] && [ $$off -eq 0 ]
	$(BIN)/python -m pytest -m load tests/server

lint: $(TESTSTAMP)
	$(BIN)/ruff check shengji_tui tests benchmarks
	$(BIN)/ruff format --check shengji_tui tests benchmarks
	$(BIN)/mypy shengji_tui

bench: $(STAMP)
	$(BIN)/shengji bench rules

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
