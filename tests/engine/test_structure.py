"""The shape of the house, checked on every run: the layers import only
downwards (cards <- i18n <- engine <- persistence, games <- ui <- app <- tools),
nothing below the UI imports pygame, no module imports itself back through
others, and no file grows past 600 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
MAX_LINES = 600

#: what each layer may import from the game (besides itself)
ALLOWED = {
    "game.cards": set(),
    "game.i18n": {"game.cards"},
    "game.engine": {"game.cards", "game.i18n"},
    "game.persistence": {"game.cards", "game.i18n", "game.engine"},
    "game.games": {"game.cards", "game.i18n", "game.engine"},
    "game.ui": {"game.cards", "game.i18n", "game.engine", "game.persistence", "game.games"},
    "game.app": {"game.cards", "game.i18n", "game.engine", "game.persistence", "game.games", "game.ui"},
    "game.tools": {"game.cards", "game.i18n", "game.engine", "game.persistence", "game.games", "game.ui", "game.app"},
    "game.__main__": {"game.engine", "game.app", "game.tools", "game.games"},
}
NO_PYGAME = ("game.cards", "game.i18n", "game.engine", "game.persistence", "game.games")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module named by an import anywhere in the file (functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


FILES = sorted(GAME.rglob("*.py"))
MODULES = {module_name(p): p for p in FILES}


def layer_of(mod: str) -> str | None:
    for layer in sorted(ALLOWED, key=len, reverse=True):
        if mod == layer or mod.startswith(layer + "."):
            return layer
    return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_imports_only_from_the_layers_below(path):
    mod = module_name(path)
    layer = layer_of(mod)
    if layer is None:
        return  # game/__init__.py
    found = {layer_of(m) for m in imports(path) if m.startswith("game.")} - {None, layer}
    assert found <= ALLOWED[layer], f"{mod} imports from {sorted(found - ALLOWED[layer])}"
    if layer in NO_PYGAME:
        assert not {m for m in imports(path) if m.split(".")[0] in ("pygame", "pygame_gui")}, f"{mod} imports pygame"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_is_longer_than_600_lines(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{path.relative_to(ROOT)} has {n} lines"


def test_no_module_imports_itself_back_through_others():
    graph: dict[str, set[str]] = {}
    for mod, path in MODULES.items():
        targets = set()
        for m in imports(path):
            # "from game.x import y" names game.x.y (a module or a name in game.x)
            while m and m not in MODULES:
                m = m.rpartition(".")[0]
            if m and m != mod and not mod.startswith(m + "."):  # a package's own __init__ is not a way back
                targets.add(m)
        graph[mod] = targets
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        seen[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if seen.get(n) == 1:
                raise AssertionError("import circle: " + " -> ".join([*stack[stack.index(n):], n]))
            if n not in seen:
                visit(n)
        stack.pop()
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            visit(m)
