# Tableside: `make run` serves on http://127.0.0.1:5000, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test index lint bench clean

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

index: $(STAMP)
	$(BIN)/flask --app app index build

run: index
	$(BIN)/flask --app app run --host 127.0.0.1 --port 5000

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python bench/search_quality.py
	$(BIN)/python bench/search_speed.py
	$(BIN)/python bench/referee_speed.py

clean:
	rm -rf $(VENV) instance/index
