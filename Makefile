# Forces of Conquest: every target sets up .venv itself.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	@touch $(STAMP)

.PHONY: setup play test test-games lint validate bench watch bundle bundle-check mutate
setup: $(STAMP)

play: $(STAMP)
	$(BIN)/foc play

# one worker per core (pytest-xdist); a test file's tests stay on one worker (its module fixtures are built once)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile -m "not games"

# every installed game played to its end in a real window, against the computer and hot-seat (a few minutes)
test-games: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist load -m games tests/window

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy components systems game bench

validate: $(STAMP)
	$(BIN)/foc validate

bench: $(STAMP)
	$(BIN)/python -m bench.run_all

# a one-folder application for players without Python: dist/foc/foc (docs/packaging.md)
bundle: $(STAMP)
	$(BIN)/pip install -q -e '.[bundle]'
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller bundle/foc.spec
	@du -sh dist/foc

# the bundle starts from an empty folder: validate, a few headless frames, a short simulate of every ruleset
bundle-check:
	bundle/check_bundle.sh dist/foc/foc

# Mutation testing of systems/ and every ruleset's rule modules (docs/testing.md). CPU heavy: niced, each package
# bounded by MINUTES; an unfinished package goes on where it stopped next time. PACKAGES=total-war limits the run,
# SAMPLE=N mutates a seeded sample of N per package, MUTATE_ARGS=--report only prints the table.
MUTATE_STAMP := $(VENV)/.mutate-installed
PACKAGES ?=
MINUTES ?= 60
$(MUTATE_STAMP): $(STAMP) pyproject.toml
	$(BIN)/pip install -q -e '.[dev,mutate,agents]'
	@touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	nice -n 10 $(BIN)/python tools/mutate.py $(PACKAGES) --minutes $(MINUTES) $(if $(SAMPLE),--sample $(SAMPLE)) $(MUTATE_ARGS)
