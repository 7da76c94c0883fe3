"""Helpers for the packaging tests: read a desktop entry as a launcher
does, run the repository's make targets, list what the packaged app
carries, and know which packages only the developer's tools bring."""

from __future__ import annotations

import importlib.metadata as md
import os
import re
import runpy
import subprocess
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "mind-the-gap"
DESKTOP = ROOT / "packaging" / "linux" / f"{NAME}.desktop"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
INSTALL = ROOT / "packaging" / "linux" / "install.py"


def load(rel: str) -> dict:
    """A script of packaging/ as a namespace (packaging/ is no package:
    its name would shadow the 'packaging' library)."""
    return runpy.run_path(str(ROOT / rel))


# --- desktop entries, read as the freedesktop spec says --------------------------


def unescape(value: str) -> str:
    """A string value's escapes (\\s \\n \\t \\r \\\\)."""
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(value[i + 1], "\\" + value[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_entry(path: Path) -> dict[str, str]:
    """The keys of the [Desktop Entry] group (raw values)."""
    group, keys = None, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line.strip()[1:-1]
            continue
        if group == "Desktop Entry":
            key, _, value = line.partition("=")
            keys[key.strip()] = value.strip()
    return keys


def exec_argv(raw: str, files: tuple[str, ...] = ()) -> list[str]:
    """The command line an ``Exec`` value stands for: string escapes first,
    then quoting (inside double quotes a backslash escapes " ` $ \\), then
    the field codes (%f %F %u %U take ``files``; %% is %)."""
    value = unescape(raw)
    args: list[str] = []
    cur: list[str] = []
    quoted = in_arg = False
    i = 0
    while i < len(value):
        c = value[i]
        if quoted:
            if c == "\\" and i + 1 < len(value) and value[i + 1] in '"`$\\':
                cur.append(value[i + 1])
                i += 1
            elif c == '"':
                quoted = False
            else:
                cur.append(c)
        elif c == '"':
            quoted = in_arg = True
        elif c == " ":
            if in_arg:
                args.append("".join(cur))
                cur, in_arg = [], False
        else:
            cur.append(c)
            in_arg = True
        i += 1
    if quoted:
        raise ValueError(f"an unclosed quote in Exec={raw}")
    if in_arg:
        args.append("".join(cur))
    out: list[str] = []
    for a in args:
        if a in ("%f", "%u"):
            out.extend(files[:1])
        elif a in ("%F", "%U"):
            out.extend(files)
        elif re.fullmatch(r"%[ick]", a):
            continue
        else:
            out.append(a.replace("%%", "%"))
    return out


def desktop_file_validate(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=60)


# --- make ---------------------------------------------------------------------------


def make(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """``make -s ARGS`` in the repository; MAKEFLAGS of a calling make are
    dropped (the tests may run under ``make test``)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", "-s", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=timeout, env=env)


def tree(root: Path) -> set[str]:
    """Every path under ``root`` (files, links and folders), relative."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


# --- what the packaged app may not carry --------------------------------------------


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(requirements: list[str]) -> set[str]:
    from packaging.requirements import Requirement  # PyInstaller's dependency, there with the dev extras

    seen: set[str] = set()
    todo = list(requirements)
    while todo:
        req = Requirement(todo.pop())
        if req.marker and not req.marker.evaluate({"extra": ""}):
            continue
        name = _norm(req.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            todo.extend(md.distribution(name).requires or [])
        except md.PackageNotFoundError:
            continue
    return seen


@lru_cache(maxsize=1)
def dev_only_modules() -> frozenset[str]:
    """Top-level module names of the packages that only the dev extras
    bring (their whole dependency tree, less the app's own)."""
    reqs = md.distribution(NAME).requires or []
    run = [r for r in reqs if "extra ==" not in r]
    dev = [r.split(";")[0] for r in reqs if re.search(r"extra\s*==\s*['\"]dev['\"]", r)]
    only = _closure(dev) - _closure(run)
    mods = {mod for mod, dists in md.packages_distributions().items() if any(_norm(d) in only for d in dists)}
    return frozenset(m for m in mods if not m.startswith("__"))


def carried_dev_modules(paths: list[str], modules: list[str], dev: frozenset[str]) -> list[str]:
    """What of ``dev`` a listing carries: a folder or file named after a
    dev-only module (or its .dist-info) in the app's folder, or a module of
    it in the app's Python archive."""
    found = set()
    for p in paths:
        parts = Path(p).parts
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if part.endswith(".dist-info"):
                stem = _norm(part[: -len(".dist-info")].rsplit("-", 1)[0]).replace("-", "_")
            elif not last or Path(part).suffix in ("", ".py", ".pyc", ".so", ".pyd"):
                stem = part.split(".")[0]
            else:
                continue  # a data file (py.typed, a font...) names no module
            if stem in dev:
                found.add(f"{p} (folder)")
    for m in modules:
        if m.split(".")[0] in dev:
            found.add(f"{m} (archive)")
    return sorted(found)


def archive_modules(exe: Path) -> list[str]:
    """The modules in the packaged executable's Python archive (PYZ)."""
    from PyInstaller.archive.readers import CArchiveReader

    carchive = CArchiveReader(str(exe))
    pyz = carchive.open_embedded_archive("PYZ.pyz")
    return sorted(pyz.toc)
