# Two commands do everything on a fresh machine: `make app` and `make test` (see README.md).
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
ART ?= .ci-tmp
PYTEST_ARGS ?=
# pytest-xdist workers: one per core, at most 4 (each starts its own Voila server and Chromium for the browser
# files it takes; tests/conftest.py keeps each test file whole and starts the longest first); WORKERS=0 runs
# everything in one process
WORKERS ?= $(shell python3 -c "import os; n = len(os.sched_getaffinity(0)); print(min(n, 4) if n > 1 else 0)")
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PYTHONUNBUFFERED := 1
# Bytecode caches on, whatever the caller's environment says (this machine sets PYTHONDONTWRITEBYTECODE=1):
# without them every kernel, pytest worker and CLI run compiled donkeylab and the tests from source again
# (pytest's collection: 12 s → 7 s per worker; a kernel's import of the apps: 0.74 → 0.59 s)
unexport PYTHONDONTWRITEBYTECODE

.PHONY: app test lint typecheck pytest system hub-proxy chromium postgresql site site-sequence bench playthroughs fuzz soak clean

# The venv's packages are installed by uv (from PyPI, into the venv, bootstrapped by the venv's own pip): on
# this machine pip took ~57 s for `.[test]` (resolving, unpacking and byte-compiling plotly's thousands of
# modules), uv 5 s with an empty cache. Bytecode is written as modules are first imported instead.
UV := $(VENV)/bin/uv
UV_INSTALL := $(UV) pip install -q --python $(PY)

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q uv

$(VENV)/.app: pyproject.toml | $(PY)
	$(UV_INSTALL) -e '.[app]'
	touch $@

# After .app (the test extras include the app's): ``make -j`` must not run two installs into one venv at once
$(VENV)/.test: pyproject.toml | $(VENV)/.app
	$(UV_INSTALL) -e '.[test]'
	$(UV) pip check -q --python $(PY)
	touch $@

$(VENV)/.bench: pyproject.toml | $(PY)
	$(UV_INSTALL) -e '.[bench]'
	touch $@

## Serve the Voila gallery of the apps on http://127.0.0.1:$(PORT)/
app: $(VENV)/.app
	$(VENV)/bin/donkeylab serve --preheat --port $(PORT)

## The static site in site/ (Pyodide + Voici, no server); its toolchain is cached in ~/.cache/donkeylab/site,
## and the site is rebuilt only when a source changed
SITE_SOURCES := pyproject.toml $(shell find donkeylab widgets -name '*.py' -o -name '*.js' -o -name '*.css' -o -name '*.json')
site/.donkeylab-site: $(VENV)/.app $(SITE_SOURCES)
	$(VENV)/bin/donkeylab site build site

site: site/.donkeylab-site

## Lint, type-check and run every test (engines, lab, notebooks, browser, the static site). The Debian packages
## install while the venv does (both mostly wait on downloads); lint, the type check and the site build are
## independent and run side by side (one after another they took ~20 s of the run)
test:
	$(MAKE) --no-print-directory -j4 --output-sync=target system hub-proxy lint typecheck site
	$(MAKE) --no-print-directory pytest

## The Debian packages the tests need, in one apt-get (as root) for those missing: chromium for the browser
## tests, postgresql's binaries for the class store's tests (each test session starts its own throwaway cluster),
## poppler-utils for the printed worksheets' test (page count, the words on paper, page 1 as a picture)
system:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || \
	  missing="$$missing postgresql"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	if [ -z "$$missing" ]; then echo "chromium, postgresql and poppler-utils: installed"; \
	elif [ "$$(id -u)" = 0 ]; then echo "installing Debian$$missing for the tests"; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing >/dev/null; \
	else echo "missing for the tests:$$missing; run 'sudo apt-get install -y$$missing'"; exit 1; fi

chromium postgresql: system

## JupyterHub's proxy for the hub test (tests/browser/test_hub.py), from npm into the venv, pinned; Node >= 20
## (Debian's nodejs and npm). Installed once: the next run only checks its version
HUB_PROXY_VERSION := 5.3.0
HUB_PROXY := $(VENV)/proxy/node_modules/.bin/configurable-http-proxy
hub-proxy: $(HUB_PROXY)
$(HUB_PROXY):
	@command -v npm >/dev/null 2>&1 || { echo "missing for the hub test: npm (apt-get install -y nodejs npm)"; exit 1; }
	npm install --prefix $(VENV)/proxy --no-audit --no-fund --silent configurable-http-proxy@$(HUB_PROXY_VERSION)
	@$(HUB_PROXY) --version | grep -qx '$(HUB_PROXY_VERSION)'

lint: $(VENV)/.test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(VENV)/.test
	$(VENV)/bin/mypy

# nbval runs the teaching notebooks; the app pages of notebooks/apps/ run in the browser tests, through Voila as
# pupils get them (every page, several times), so a plain kernel of their own for each (~2 s of CPU) is left out
# The static site browsed app after app (tests/site/test_sequence.py) meets its 20 s per app on a quiet machine
# (`make site-sequence`); inside the suite it shares the 2 cores with the other worker's browser tests (12–49 s
# per app measured there), so the suite allows 90 s: the stall it guards against drew nothing in 180 s
SITE_APP_LIMIT ?= 90
pytest: $(VENV)/.test
	mkdir -p $(ART)
	DONKEYLAB_SITE_APP_LIMIT=$(SITE_APP_LIMIT) JUPYTER_CONFIG_DIR=$$PWD/$(ART)/jupyter-config JUPYTER_RUNTIME_DIR=$$PWD/$(ART)/jupyter-runtime \
	IPYTHONDIR=$$PWD/$(ART)/ipython \
	$(PY) -m pytest tests notebooks --ignore=notebooks/apps -n $(WORKERS) --nbval-lax --nbval-current-env --nbval-cell-timeout=300 \
	  --nbval-kernel-startup-timeout=120 --timeout=600 --output=$(ART)/test-results \
	  --screenshot=only-on-failure --durations=25 $(PYTEST_ARGS); \
	rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$rc

## The static site browsed as a pupil does, alone on the machine, at its goal of 20 s per app (three minutes)
site-sequence: $(VENV)/.test site
	$(PY) -m pytest tests/site/test_sequence.py -n 0 -p no:cacheprovider --output=$(ART)/test-results

## Print benchmark figures (not tests)
bench: $(VENV)/.bench
	$(PY) benchmarks/run_all.py

## Long hostile-input runs (make test runs a bounded, derandomized version): fuzzing x50, then the soak
fuzz: $(VENV)/.test
	DONKEYLAB_FUZZ_SCALE=50 $(PY) -m pytest tests/hostile -q -p no:cacheprovider

soak: $(VENV)/.test
	$(PY) benchmarks/hostile_inputs.py --top 15
	$(PY) benchmarks/soak.py

## Rewrite the golden playthrough files after an intended rule change (then read the diff)
playthroughs: $(VENV)/.test
	$(PY) -m tests.playthroughs.write
	$(PY) -m tests.widgets.golden

clean:
	rm -rf $(VENV) $(ART) .mypy_cache .ruff_cache .hypothesis
