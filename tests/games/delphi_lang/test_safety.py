"""Rule text is never Python: the sources of the rule language contain no
dynamic code execution, no attribute lookup by name, no string templates
applied to user text and no regular expressions; and Python-looking input
is only ever a parse error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.games.delphi.rulelang import RuleSyntaxError, parse_rule

ROOT = Path(__file__).resolve().parents[3] / "game" / "games" / "delphi"
SOURCES = sorted((ROOT / "rulelang").glob("*.py")) + [ROOT / "library.py", ROOT / "cli_judge.py"]

FORBIDDEN_CALLS = {"eval", "exec", "compile", "getattr", "setattr", "delattr", "__import__", "globals", "locals", "vars", "open", "input"}
FORBIDDEN_METHODS = {"format", "format_map"}
FORBIDDEN_MODULES = {"re", "importlib", "pickle", "marshal", "shelve", "subprocess", "os", "ctypes", "code", "codeop"}


def test_sources_are_all_there():
    names = {p.name for p in SOURCES}
    assert {"parser.py", "lexer.py", "evaluate.py", "vector.py", "rule.py", "library.py", "cli_judge.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_dynamic_code_in_the_rule_language(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                assert f.id not in FORBIDDEN_CALLS, f"{path.name}:{node.lineno} calls {f.id}"
            if isinstance(f, ast.Attribute):
                assert f.attr not in FORBIDDEN_METHODS, f"{path.name}:{node.lineno} calls .{f.attr}"
                if f.attr == "__setattr__":  # only the frozen dataclass's own fields, by literal name
                    assert isinstance(node.args[1], ast.Constant), f"{path.name}:{node.lineno}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {alias.name}"
        if isinstance(node, ast.ImportFrom):
            assert (node.module or "").split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {node.module}"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            # %-formatting: only arithmetic, never a string template
            assert not (isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)), f"{path.name}:{node.lineno}"


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('echo hi')",
        "card.__class__",
        "card.rank.__add__(1) = 2",
        "eval('1') = 1",
        "lambda: True",
        "[x for x in card]",
        "card.rank = 1; import os",
        "{card.rank}",
        "card.rank = 0x10",
        "card.rank = 1e3",
        "card.rank = 1.5",
        "'{card.rank}'",
        "f'{card}'",
        "card['rank'] = 1",
        "card.rank == 1 if True else False",
    ],
)
def test_python_looking_input_is_a_parse_error(text):
    with pytest.raises(RuleSyntaxError):
        parse_rule(text)


def test_braces_and_percent_signs_in_errors_are_shown_as_typed():
    """User text goes into messages as a parameter, never as a template."""
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("card.rank = {0}")
    assert str(info.value).endswith("found '{'")
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("card.color = rot{red}")
    assert str(info.value) == "column 17: expected the end of the rule, 'and' or 'or', found '{'"
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("card.rank = zz{text}%s")
    assert str(info.value) == "column 13: unknown word 'zz'"
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("card.rank = 3 $%s{0}")
    assert str(info.value) == "column 15: the character '$' is not part of the rule language"
