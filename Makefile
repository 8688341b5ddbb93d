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

.PHONY: setup play test lint validate bench watch bundle bundle-check
setup: $(STAMP)

play: $(STAMP)
	$(BIN)/foc play

test: $(STAMP)
	$(BIN)/python -m pytest

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
