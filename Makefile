# Makao Tutor — every set-up step lives here, so `make run` and `make test` work on a fresh clone.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-makao-tutor
# uv installs exactly the versions in uv.lock. It is bootstrapped with pip into a folder of its
# own inside the venv, so that syncing the venv to the lock never removes uv itself.
UV_VERSION := 0.13.9
UV_HOME := $(VENV)/.uv
UV := PYTHONPATH= UV_PROJECT_ENVIRONMENT=$(VENV) UV_PYTHON=$(CURDIR)/$(PY) UV_PYTHON_DOWNLOADS=never \
  $(UV_HOME)/bin/uv
PYTEST_WORKERS ?= auto
# Work stealing: a worker that runs out takes queued tests from the other, so the long tests
# (SLOW_FIRST in tests/conftest.py) never leave one worker alone at the end (docs/ARCHITECTURE.md).
PYTEST_DIST ?= worksteal
CHROMIUM ?= /usr/bin/chromium
PORT ?= 8501
PYBABEL := PYTHONPATH=$(CURDIR) $(PY) -m babel.messages.frontend
LANGS := en pl da hu

.PHONY: help venv static-dates run test test-fast lint typecheck lock chromium nginx postgres extract update catalogs screenshot golden sprites schemas bench load-bench clean

help:
	@echo "make run        serve the app on http://127.0.0.1:$(PORT)"
	@echo "make test       install everything (incl. Debian's chromium) and run every test"
	@echo "make test-fast  every test except the browser ones"
	@echo "make lint       ruff (lint; format check of engine/) and mypy --strict on engine/"
	@echo "make lock       re-resolve uv.lock after changing the dependencies in pyproject.toml"
	@echo "make extract    collect the msgids into locales/messages.pot"
	@echo "make update     merge locales/messages.pot into every locales/*/LC_MESSAGES/messages.po"
	@echo "make screenshot refresh docs/screenshot.png from a real browser"
	@echo "make golden     regenerate the golden playthroughs in tests/golden/"
	@echo "make sprites    regenerate the card sprites in static/cards/ after a change to the card art"
	@echo "make schemas    regenerate docs/schemas/*.schema.json and the field tables from the format declarations"
	@echo "make load-bench sessions clicking the served app (1, 10, 30) beside a trivial app"
	@echo "make bench      engine speed against OpenSpiel and RLCard"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(UV_HOME)/bin/uv: | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check --target $(UV_HOME) uv==$(UV_VERSION)

# Re-sync whenever pyproject.toml or the lock changes: the app, its test tools, locked versions.
$(STAMP): pyproject.toml uv.lock | $(UV_HOME)/bin/uv
	$(UV) sync --locked --extra test
	touch $(STAMP)

# After changing dependencies: resolve them again and commit uv.lock with pyproject.toml.
lock: | $(UV_HOME)/bin/uv
	$(UV) lock

venv: $(STAMP)

# Streamlit's app/static route sends Last-Modified but no Cache-Control, so a browser keeps a file
# fresh for a tenth of its age. A checkout or a copy dates every file "now", which makes the card
# sprites stale at once and refetched on every page switch: give them the date recorded beside them
# in static/cards/dates.json (written by `make sprites`; no git needed).
static-dates: $(STAMP)
	@$(PY) -m ui.present.card_sprite --date

run: $(STAMP) static-dates
	$(PY) -m streamlit run streamlit_app.py --server.address 127.0.0.1 --server.port $(PORT) \
	  --server.headless true --browser.gatherUsageStats false

# Browser tests drive Debian's chromium (Playwright cannot download its own browsers here).
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "chromium missing: installing Debian's chromium"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  ( $$sudo apt-get update && $$sudo apt-get install -y chromium ) \
	  || { echo "could not install chromium"; [ -z "$$REQUIRE_E2E" ] || exit 1; }; \
	fi

# The classes browser tests run Debian's nginx in front of two app servers (tests/e2e/nginx.py).
NGINX ?= /usr/sbin/nginx
nginx:
	@if [ ! -x "$(NGINX)" ]; then \
	  echo "nginx missing: installing Debian's nginx"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  ( $$sudo apt-get update && $$sudo apt-get install -y nginx ) \
	  || { echo "could not install nginx"; [ -z "$$REQUIRE_E2E" ] || exit 1; }; \
	fi

# The storage tests start a throwaway PostgreSQL 15 cluster (initdb/pg_ctl); they fail without it.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	    && ! [ -x "$$(pg_config --bindir 2>/dev/null)/initdb" ]; then \
	  echo "PostgreSQL missing: installing Debian's postgresql-15"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  ( $$sudo apt-get update && $$sudo apt-get install -y postgresql-15 ) || { echo "could not install postgresql-15"; exit 1; }; \
	fi

# Lint and types: ruff over the whole repo, its formatter over engine/, mypy --strict on engine/.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engine
	$(VENV)/bin/mypy

typecheck: lint

# pytest's exit status 5 (no test collected) is a failure too. The tests run on every core.
test: $(STAMP) static-dates chromium nginx postgres lint
	@$(PY) -m pytest -n $(PYTEST_WORKERS) --dist $(PYTEST_DIST) $(PYTEST_ARGS); status=$$?; \
	  if [ $$status -eq 5 ]; then echo "pytest collected no tests" >&2; fi; exit $$status

test-fast: $(STAMP) postgres
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist $(PYTEST_DIST) -m "not e2e" $(PYTEST_ARGS)

# Default keywords only (_, gettext, ngettext, pgettext, N_, ...): `-k ngettext` would drop plurals.
extract: $(STAMP)
	$(PYBABEL) extract -F babel.cfg --project=makao-tutor --version=0.1 --sort-by-file --width=100 \
	  --add-comments=TRANSLATORS: -o locales/messages.pot .

update: $(STAMP)
	@for lang in $(LANGS); do \
	  if [ ! -f locales/$$lang/LC_MESSAGES/messages.po ]; then \
	    $(PYBABEL) init -i locales/messages.pot -d locales -D messages -l $$lang --width=100 || exit 1; \
	  fi; \
	done
	@# English is the msgid itself: its catalog stays empty, never fuzzy-matched.
	$(PYBABEL) update -i locales/messages.pot -d locales -D messages -l en --width=100 --ignore-obsolete \
	  --no-fuzzy-matching
	@for lang in $(filter-out en,$(LANGS)); do \
	  $(PYBABEL) update -i locales/messages.pot -d locales -D messages -l $$lang --width=100 \
	    --ignore-obsolete --previous || exit 1; \
	done

catalogs: extract update

screenshot: $(STAMP) chromium
	UPDATE_SCREENSHOT=1 $(PY) -m pytest tests/e2e -k screenshot $(PYTEST_ARGS)

# Seeded playthroughs in tests/golden/: regenerate after an intended rule change, review the diff.
golden: $(STAMP)
	$(PY) -m tools.golden

# The card faces the pages reference (static/cards/<art>.svg); a test checks they are fresh.
sprites: $(STAMP)
	$(PY) -m ui.present.card_sprite

# The JSON Schemas of the file formats and the field tables of their docs, from the declarations
# (engine/ruleset_format.py); a test checks they are fresh.
schemas: $(STAMP)
	$(PY) -m engine.schemas

# Engine speed against OpenSpiel and RLCard (the bench extra: the references, from the lock).
bench: $(STAMP)
	$(UV) sync --locked --extra test --extra bench
	$(PY) bench/engine_bench.py $(BENCH_ARGS)

# Many sessions clicking one app server pinned to one core, beside a trivial app (docs/CAPACITY.md).
load-bench: $(STAMP)
	$(PY) bench/load_bench.py $(LOAD_ARGS)

clean:
	rm -rf test-artifacts .pytest_cache
