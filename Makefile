# The two commands of the README: `make demo` runs the main job, `make test` runs the tests.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	PATH="$$PATH:/usr/sbin" $(VENV)/bin/bridgetable demo --export demo-results

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check controller tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	for b in bench/bench_*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV)
