# The two commands of the README: `make demo` runs the main job, `make test` runs the tests.
# Each first creates the virtualenv .venv and installs the package into it with pip (once, and
# again when pyproject.toml changes): `make demo` with the `demo` extra, `make test` with `dev`.
# `make test` also installs the Debian packages the tests need (deploy/debian-packages.sh).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEMO_STAMP := $(VENV)/.installed-demo
DEMO_OPTIONS ?=# e.g. --headless: play the session to the end, print the ranking, stop

.PHONY: demo test test-arm64 lint bench catalogues clean

# install EXTRA: the venv, then the package (editable) with that extra, pip's steps shown
define install
	@echo "==> $(VENV): a virtualenv with bridgetable[$(1)] and what it needs, from PyPI"
	python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[$(1)]'
	touch $@
endef

$(STAMP): pyproject.toml
	$(call install,dev)

$(DEMO_STAMP): pyproject.toml
	$(call install,demo)

demo: $(DEMO_STAMP)
	$(VENV)/bin/bridgetable demo --export demo-results $(DEMO_OPTIONS)

test: $(STAMP)
	deploy/debian-packages.sh
	$(PY) -m pytest

# the table's install on an emulated arm64 Debian 12 (deploy/test-arm64.sh, as root: about 15 minutes
# the first time, the root file system then cached); where this machine cannot run arm64 binaries it
# says so and skips, except in CI (CI set), where that fails
test-arm64: $(STAMP)
	PYTHON=$(abspath $(PY)) deploy/test-arm64.sh || { status=$$?; \
	    if [ $$status -eq 3 ] && [ -z "$${CI:-}" ]; then echo "test-arm64: skipped"; else exit $$status; fi; }

lint: $(STAMP)
	$(VENV)/bin/ruff check controller tests bench tools
	$(VENV)/bin/mypy

# after changing messages in the code: extract them, merge into every language's .po, compile
catalogues: $(STAMP)
	$(PY) tools/catalogues.py update

bench: $(STAMP)
	for b in bench/bench_*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV)
