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

# Five pytest workers (pytest-xdist) more than the cores: much of the suite's time
# is waiting (dealing delays, SSH round trips, subprocesses, the pilots' pauses),
# which the extra workers fill (2 cores, idle, one checkout, the longest tests
# first: the suite 278 s with three more, 256 s with five; docs/developing.md).
# The tests marked `slow` start first, one share of them on each worker
# (tests/conftest.py); worksteal evens out the rest at the end.
JOBS ?= $(shell expr $$(nproc 2>/dev/null || echo 2) + 5)
# The TUI again on Textual's public API alone (shengji_tui/tui/terminal/patches.py off):
# the tests of what the patches change, each from the drawing side: the strips,
# the shared stylesheets and the padding's short path (the snapshots, compared
# pixel for pixel, in both languages, ASCII and compact), the partial repaints
# and the colours written to a terminal (test_patches: a whole deal's frames fed
# to a terminal emulator; the written bytes of test_no_color and test_ascii_mode),
# one widget's lines repainted alone (test_clock_tui), the key bar's labels and
# the dialogs (test_pilot_table's four on them), the compact table and the
# wrapping (test_pilot_compact, test_pilot_polish), and one whole deal played by
# keys (test_pilot_deal). Each at one terminal size (VANILLA_ONE_SIZE: the
# patches draw every size alike; the suite checks each size's layout). The other
# pilots (the auctions, the hotseat and find-friends deals, the stores and the
# analyses, the rest of test_pilot_table) check the game's, the presenter's and
# the store's work, the same with and without the patches: they run once, in
# the suite.
VANILLA_TESTS = tests/tui/test_snapshots.py tests/tui/test_snapshots_friends.py \
	tests/tui/test_patches.py tests/tui/test_no_color.py tests/tui/test_ascii_mode.py \
	tests/tui/test_clock_tui.py tests/tui/test_pilot_compact.py \
	tests/tui/test_pilot_polish.py tests/tui/test_pilot_deal.py \
	tests/tui/test_pilot_table.py::test_help_last_trick_and_quit \
	tests/tui/test_pilot_table.py::test_chinese_texts_on_the_table \
	tests/tui/test_pilot_table.py::test_session_settings_are_per_app \
	tests/tui/test_pilot_table.py::test_ascii_footer_names_the_keys
# (the snapshots' 120x40 copies, test_pilot_compact's and test_pilot_polish's
# sizes after their first)
VANILLA_ONE_SIZE = -k "not 120x40 and not size1 and not size2"

# The tests' files (the SQLite stores, synced to disk at every move; host keys,
# lobby files, logs) in memory where /dev/shm is a tmpfs with a gigabyte free:
# the syncs were most of the store and autoplay tests' time (tests/store and
# tests/table/test_table_bench.py, loaded 2 cores: 325 s on disk, 74 s there).
# A killed process loses nothing written either way (the SIGKILL tests).
TESTTMP ?= $(shell [ -d /dev/shm ] && [ -w /dev/shm ] \
	&& [ "$$(df -Pk /dev/shm | awk 'NR==2 {print $$4}')" -ge 1048576 ] \
	&& echo /dev/shm || echo $${TMPDIR:-/tmp})
# The run without the patches goes on beside the suite, in one more process (its
# output shown after the suite's): the suite's last minutes, when few long tests
# are left for its workers, are not followed by a run of their own.
# The load tests (marked `load`, left out of a plain `pytest`) measure a table's
# pace under a flood (tests/server): alone, after the rest, so that no other
# test's work is in it. A run that collects no test (pytest's exit code 5) fails.
# The suite ends with its 15 slowest tests' times (where the next minute is).
# Before the workers start, the test modules are collected once (two processes,
# half each): pytest rewrites their asserts and keeps the rewritten bytecode, so
# that the workers of a fresh checkout do not each rewrite all of them (starting
# seven workers with nothing to run: 38 s of CPU on a fresh checkout, 19 after).
COLLECT = $(BIN)/python -m pytest -p no:cacheprovider --collect-only -q
test: $(TESTSTAMP)
	@tmp=$$(mktemp -d "$(TESTTMP)/shengji-test.XXXXXX"); export TMPDIR=$$tmp; \
	log=$$tmp/vanilla.log; \
	SHENGJI_VANILLA=1 $(BIN)/python -m pytest -p no:cacheprovider --basetemp=$$tmp/vanilla \
		$(VANILLA_ONE_SIZE) $(VANILLA_TESTS) >$$log 2>&1 & vanilla=$$!; \
	$(COLLECT) tests/tui tests/store tests/coach >/dev/null 2>&1 & half=$$!; \
	$(COLLECT) --ignore=tests/tui --ignore=tests/store --ignore=tests/coach >/dev/null 2>&1; \
	wait $$half; \
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal --basetemp=$$tmp/suite \
		--durations=15; suite=$$?; \
	wait $$vanilla; off=$$?; \
	echo "-- the TUI on Textual's public API alone (SHENGJI_VANILLA=1):"; cat $$log; \
	load=1; [ $$suite -eq 0 ] && [ $$off -eq 0 ] \
		&& { $(BIN)/python -m pytest -m load --basetemp=$$tmp/load tests/server; load=$$?; }; \
	rm -rf $$tmp; [ $$suite -eq 0 ] && [ $$off -eq 0 ] && [ $$load -eq 0 ]

lint: $(TESTSTAMP)
	$(BIN)/ruff check shengji_tui tests benchmarks
	$(BIN)/ruff format --check shengji_tui tests benchmarks
	$(BIN)/mypy shengji_tui benchmarks

bench: $(STAMP)
	$(BIN)/shengji bench rules

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
