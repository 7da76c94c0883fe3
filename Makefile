# Everything goes through a local virtual environment made on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
APP    := dist/mind-the-gap/mind-the-gap

.PHONY: play test lint unit package smoke shots bench soak fidelity clean

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

# Lint and types, the whole suite headless, then the packaged app must
# build and boot.
test: lint unit package smoke

lint: $(VENV)/.dev-installed
	$(PY) -m ruff check game tests scripts
	$(PY) -m mypy

unit: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m pytest -q

package: $(VENV)/.dev-installed
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN build.spec
	@du -sh dist/mind-the-gap

smoke: $(VENV)/.dev-installed
	$(HEADLESS) MTG_HOME=$$(mktemp -d) $(APP) --smoke

shots: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game shots --out shots --lang en
	$(HEADLESS) $(PY) -m game shots --out shots --lang de

bench: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game bench --json

soak: $(VENV)/.dev-installed
	$(HEADLESS) $(PY) -m game soak --events 100000 --json

fidelity: $(VENV)/.dev-installed
	$(PY) scripts/fidelity.py > docs/fidelity.md

clean:
	rm -rf build dist shots
