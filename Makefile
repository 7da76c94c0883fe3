# Everything goes through a local virtual environment made on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
APP_DIR := dist/mind-the-gap
APP    := $(APP_DIR)/mind-the-gap
# where `make install` puts the app, for this user (no root): ~/.local
PREFIX ?= $(HOME)/.local
# where `make dist` writes the release archive
DIST_OUT ?= dist
# what the packaged app is built from: `make install` and `make dist`
# rebuild it when one of these is newer
APP_SOURCES := build.spec pyproject.toml scripts/app_entry.py packaging/icons.py packaging/licences.py \
	$(shell find game assets packaging/icons packaging/licences -type f -not -name '*.pyc' -not -path '*/__pycache__/*' 2>/dev/null)
PYINSTALLER := $(PY) -m PyInstaller --noconfirm --clean --log-level WARN build.spec

.PHONY: play test lint unit package smoke packaging-check packaged-tests install uninstall dist shots bench soak fidelity clean

$(VENV)/.run-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(VENV)/.run-installed $@

play: $(VENV)/.run-installed
	$(PY) -m game

# Lint and types, the workflow and the desktop entry, the whole suite
# headless, then the packaged app must build and boot, and install, start
# from its desktop entry, run read-only and make its archive.
test: lint packaging-check unit package smoke packaged-tests

lint: $(VENV)/.dev-installed
	$(PY) -m ruff check game tests scripts packaging
	$(PY) -m mypy

# The workflow (actionlint, from the dev extras; it runs shellcheck on the
# run: steps when shellcheck is installed) and the desktop entry
# (desktop-file-validate, where installed: .ci/run installs it).
packaging-check: $(VENV)/.dev-installed
	$(VENV)/bin/actionlint .github/workflows/build.yml
	@if command -v desktop-file-validate >/dev/null 2>&1; then \
		desktop-file-validate packaging/linux/mind-the-gap.desktop && echo "desktop-file-validate: packaging/linux/mind-the-gap.desktop is valid"; \
	else echo "note: desktop-file-validate is not installed (apt-get install desktop-file-utils); the desktop entry was not validated" >&2; fi

# The packaged app's own tests run after `package` (tests/packaging/test_frozen_app.py).
unit: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m pytest -q -n auto --ignore=tests/packaging/test_frozen_app.py

package: $(VENV)/.dev-installed
	$(PYINSTALLER)
	@du -sh $(APP_DIR)

$(APP): $(VENV)/.dev-installed $(APP_SOURCES)
	$(PYINSTALLER)
	@du -sh $(APP_DIR)

smoke: $(VENV)/.dev-installed
	$(HEADLESS) MTG_HOME=$$(mktemp -d) $(APP) --smoke

packaged-tests: $(VENV)/.dev-installed
	$(HEADLESS) MTG_PACKAGED_APP=$(APP_DIR) $(PY) -m pytest -q tests/packaging/test_frozen_app.py

# For this user, no root: the packaged folder in $(PREFIX)/lib/mind-the-gap,
# a link in $(PREFIX)/bin, the desktop entry and the hicolor icons in
# $(PREFIX)/share.  `make uninstall` removes exactly what was installed.
install: $(APP)
	$(PYTHON) packaging/linux/install.py install --prefix "$(PREFIX)" --app "$(APP_DIR)"

uninstall:
	$(PYTHON) packaging/linux/install.py uninstall --prefix "$(PREFIX)"

# dist/mind-the-gap-<version>-linux-<machine>.tar.gz: the packaged folder and its licences
dist: $(APP)
	$(PY) packaging/dist.py --app "$(APP_DIR)" --out "$(DIST_OUT)"

shots: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game shots --out shots --lang en
	$(HEADLESS) $(PY) -m game shots --out shots --lang de

bench: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game bench --json
	$(PY) -m game.games.delphi.rulelang.bench --check --json
	$(HEADLESS) $(PY) scripts/delphi_first_move_frames.py --runs 5
	nice -n 10 $(PY) scripts/gaps_solver_figures.py --deals $${GAPS_SOLVER_DEALS:-200} --seconds 30 --memory-mb 1024 --json
	$(HEADLESS) $(PY) scripts/a11y_bench.py --runs 5 --json

# 100,000 random events per table, and every fuzzed file case (make test runs a third of them)
soak: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game soak --events 100000 --json
	$(HEADLESS) MTG_FILE_FUZZ=all $(PY) -m pytest -q -s tests/ui/test_files_fuzz.py
	$(HEADLESS) $(PY) -m game textfit --size 900x600 --size 1024x640 --size 1248x780 --size 1366x768 --size 1400x875 --size 1600x900 --size 2560x1440

fidelity: $(VENV)/.dev-installed
	$(PY) scripts/fidelity.py > docs/fidelity.md

clean:
	rm -rf build dist shots
