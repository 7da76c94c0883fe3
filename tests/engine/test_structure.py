"""The shape of the house, checked on every run: the layers import only
downwards (cards <- i18n <- engine <- persistence, games <- ui <- app <- tools),
nothing below the UI imports pygame and neither does a table model, no
module imports itself back through others (an import inside a function
counts, and so does the import of a package a module lies in), no game
imports another, no class of the UI is built from more than four classes,
and a file past 600 lines is said (one past 900 fails)."""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import pkgutil
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
#: a file longer than this is said (a warning in the test summary): a
#: file is split where its purpose splits, not where a count says
LONG_LINES = 600
#: and one longer than this fails: it has grown past one purpose
MAX_LINES = 900
#: classes a UI class may be built from, itself included (object aside):
#: a game's table, the kit's TableScene, Scene and Generic
MAX_MRO = 4

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
def test_a_long_file_is_said_and_an_overgrown_one_fails(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{path.relative_to(ROOT)} has {n} lines"
    if n > LONG_LINES:
        warnings.warn(f"{path.relative_to(ROOT)} has {n} lines (more than {LONG_LINES})", stacklevel=1)


def named_modules(path: Path) -> set[str]:
    """The game modules the imports of ``path`` are about, wherever they
    are (in a function too): ``import game.x.y`` and ``from game.x import
    y`` name game.x.y when that is a module, else the package game.x whose
    name y is (``from game.ui.tables import TableEntry`` names the table
    registry, which is what the table packages and the registry did to
    each other unseen while the import of a module's own package was let
    pass)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    out: set[str] = set()

    def resolve(m: str) -> str | None:
        while m and m not in MODULES:
            m = m.rpartition(".")[0]
        return m or None

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(m for a in node.names if (m := resolve(a.name)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for a in node.names:
                full = f"{base}.{a.name}"
                m = full if full in MODULES else resolve(base)
                if m:
                    out.add(m)
    return out


def import_graph() -> dict[str, set[str]]:
    return {mod: named_modules(path) - {mod} for mod, path in MODULES.items()}


def test_no_module_imports_itself_back_through_others():
    graph = import_graph()
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


def test_a_table_model_imports_no_pygame_even_through_others():
    """The models (``game/ui/kit/model.py``, ``game/ui/tables/<game>/model.py``)
    hold what a table shows besides the match, with no pygame: nothing
    they run by their imports imports pygame."""
    graph = import_graph()
    models = [m for m in MODULES if m.startswith("game.ui.") and m.rpartition(".")[2] == "model"]
    assert len(models) >= 5, models
    for model in models:
        seen, todo = set(), [model]
        while todo:
            m = todo.pop()
            if m in seen:
                continue
            seen.add(m)
            pg = {x for x in imports(MODULES[m]) if x.split(".")[0] in ("pygame", "pygame_gui")}
            assert not pg, f"{model} runs {m}, which imports {sorted(pg)}"
            todo.extend(graph[m])


#: where each game's modules lie: its engine and its table, one room per
#: game (``game.games.<pkg>`` and ``game.ui.tables.<pkg>``)
ROOMS = ("game.games.", "game.ui.tables.")


def room_of(mod: str) -> str | None:
    """The game whose room ``mod`` is in (its package's name), or None for
    a module of no game (the registries, the shared layers)."""
    for prefix in ROOMS:
        if mod.startswith(prefix):
            return mod[len(prefix) :].split(".")[0]
    return None


def test_no_game_imports_another():
    """A game is its own room: its engine and its table import no module
    of another game (Delphi's today's rule took its date rule from Gaps'
    daily deal; the calendar both use is game.engine.dates now, issue 49),
    so a game can be added, changed or left out alone."""
    graph = import_graph()
    crossings = sorted(
        f"{mod} imports {other}"
        for mod, named in graph.items()
        if (room := room_of(mod)) is not None
        for other in named
        if room_of(other) not in (None, room)
    )
    assert not crossings, crossings
    assert {room_of(m) for m in MODULES} >= {"gaps", "delphi", "runs", "mind_the_gap"}


#: the layers every game shares (the registry's lines aside)
SHARED = ("game.cards", "game.i18n", "game.engine", "game.persistence", "game.ui.kit", "game.app")


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a file that are no docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_the_shared_layers_name_no_game():
    """Issue 49: what the shared layers need of a game they ask the
    registry for, so their code names no game: no game's id, package or
    other name, and none of its catalog keys (``<package>.``,
    ``<package>_ui.``).  The app's own name is the first game's id, and
    the registry holds the games' lines.  (What this cannot see: two of
    the player's settings are a game's, Runs' auto-draw and Gaps' clock,
    game.persistence.settings.)"""
    from game.engine.registry import GAMES
    from game.persistence.paths import APP_NAME

    words = {w.lower() for g in GAMES for w in (g.id, g.package, *g.aliases)} - {APP_NAME}
    prefixes = tuple(p for g in GAMES for p in (f"{g.package}.", f"{g.package}_ui."))
    found = [
        f"{module_name(path)}:{line} {value!r}"
        for path in FILES
        if layer_of(module_name(path)) in SHARED or module_name(path).startswith("game.ui.kit")
        if module_name(path) != "game.engine.registry"
        for line, value in _strings(path)
        if value.lower() in words or value.startswith(prefixes)
    ]
    assert not found, found


def _ui_classes():
    import game.ui

    for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        mod = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if cls.__module__ == info.name:
                yield cls


def test_no_class_of_the_ui_is_built_from_more_than_four():
    """Tables were cut into mixins (an MRO of 8-9, 150-171 members, the
    drawing halves reading attributes they did not define): a UI class is
    now at most a game's class, its kit base, Scene and Generic.  An
    enumeration's bases are the enum module's (a StrEnum has four), not
    the app's."""
    tall = {f"{c.__module__}.{c.__qualname__}": [k.__name__ for k in c.__mro__[:-1]] for c in _ui_classes() if len(c.__mro__) - 1 > MAX_MRO and not issubclass(c, enum.Enum)}
    assert not tall, tall
