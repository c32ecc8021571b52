# Tableside: `make run` serves the table on the local network (it prints the address and a QR code
# for the phones), `make dev` serves on this computer only, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run dev test index lint bench clean

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -r requirements.txt
	touch $(STAMP)

index: $(STAMP)
	$(BIN)/flask --app app index build

run: index
	$(BIN)/flask --app app serve --port 5000

dev: index
	$(BIN)/flask --app app run --debug --host 127.0.0.1 --port 5000

test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python bench/search_quality.py
	$(BIN)/python bench/search_speed.py
	$(BIN)/python bench/referee_speed.py

clean:
	rm -rf $(VENV) instance/index
