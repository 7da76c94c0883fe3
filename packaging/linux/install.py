"""Install the packaged app for one user (no root), or remove it again.

    python3 packaging/linux/install.py install   --prefix ~/.local --app dist/mind-the-gap
    python3 packaging/linux/install.py uninstall --prefix ~/.local

``install`` puts, under PREFIX:

- ``lib/mind-the-gap/``: the packaged folder (a copy of dist/mind-the-gap/);
- ``bin/mind-the-gap``: a link to the app, for a terminal (unless a
  ``mind-the-gap`` is there already, say from ``pip install --user``);
- ``share/applications/mind-the-gap.desktop``: the desktop entry, its
  ``Exec`` and ``TryExec`` pointing at the installed app by absolute path
  (so the menu entry works whether or not PREFIX/bin is on PATH);
- ``share/icons/hicolor/NxN/apps/mind-the-gap.png``: the icons.

It writes what it put there, files and the folders it had to make, to
``lib/mind-the-gap/.install-manifest`` (PREFIX itself too when it made
it); ``uninstall`` removes exactly those (folders only when empty) and
nothing else.  Installing again
removes the earlier install first.  Desktops watch
share/applications, so the entry appears in the menu without a cache
update.  Only the standard library is used.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

NAME = "mind-the-gap"
HERE = Path(__file__).resolve().parent
MANIFEST = ".install-manifest"


def app_dir(prefix: Path) -> Path:
    return prefix / "lib" / NAME


def desktop_quote(arg: str) -> str:
    """One argument of an ``Exec`` value, quoted as the desktop entry spec
    says (then escaped as any string value is)."""
    if any(c in arg for c in "\n\r\t"):
        raise ValueError(f"cannot put {arg!r} in a desktop entry")
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    quoted = arg
    if any(c in reserved for c in arg):
        inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        quoted = f'"{inner}"'
    # the general string escapes of a desktop file, and field codes
    return quoted.replace("\\", "\\\\").replace("%", "%%")


def desktop_string(value: str) -> str:
    """A plain string value (``TryExec``): backslashes and control characters escaped."""
    if any(c in value for c in "\n\r\t"):
        raise ValueError(f"cannot put {value!r} in a desktop entry")
    return value.replace("\\", "\\\\")


def installed_entry(template: str, exe: Path) -> str:
    """The desktop entry with Exec/TryExec set to the installed app."""
    out = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + desktop_quote(str(exe))
        elif line.startswith("TryExec="):
            line = "TryExec=" + desktop_string(str(exe))
        out.append(line)
    return "\n".join(out) + "\n"


def icon_sources(icons: Path) -> list[tuple[Path, Path]]:
    """(source PNG, path under PREFIX) for every hicolor icon we ship."""
    found = sorted(icons.glob(f"hicolor/*/apps/{NAME}.png"))
    if not found:
        raise SystemExit(f"install: no icons under {icons}")
    return [(p, Path("share/icons") / p.relative_to(icons)) for p in found]


class Recorder:
    """Makes folders and files under PREFIX and remembers what it made."""

    def __init__(self, prefix: Path) -> None:
        self.prefix = prefix
        self.dirs: list[Path] = []
        self.files: list[Path] = []

    def mkdirs(self, rel: Path) -> None:
        missing = []
        p = rel
        while str(p) not in ("", ".") and not (self.prefix / p).exists():
            missing.append(p)
            p = p.parent
        for d in reversed(missing):
            (self.prefix / d).mkdir()
            self.dirs.append(d)

    def put(self, rel: Path, write) -> None:
        self.mkdirs(rel.parent)
        target = self.prefix / rel
        if target.is_symlink() or target.exists():
            target.unlink()
        write(target)
        self.files.append(rel)


def install(prefix: Path, app: Path, desktop: Path, icons: Path) -> list[Path]:
    exe = app / NAME
    if not exe.is_file():
        raise SystemExit(f"install: {exe} is missing: build it first with 'make package'")
    if (app_dir(prefix) / MANIFEST).exists():
        uninstall(prefix, quiet=True)
    made_prefix = not prefix.exists()
    prefix.mkdir(parents=True, exist_ok=True)
    prefix = prefix.resolve()
    rec = Recorder(prefix)
    if made_prefix:
        rec.dirs.append(Path("."))  # the prefix itself: uninstall removes it when it is empty again
    lib = Path("lib") / NAME
    rec.mkdirs(lib.parent)
    if (prefix / lib).exists():
        raise SystemExit(f"install: {prefix / lib} is there but was not installed by this script; remove it first")
    shutil.copytree(app, prefix / lib, symlinks=True)
    rec.dirs.append(lib)  # the whole tree is ours: uninstall removes it with its contents
    installed_exe = prefix / lib / NAME
    link = prefix / "bin" / NAME
    if link.exists() or link.is_symlink():
        # someone else's mind-the-gap (pip install --user makes one): left alone
        print(f"note: {link} is there already and is left as it is; the menu entry starts {installed_exe}")
    else:
        rec.put(Path("bin") / NAME, lambda t: t.symlink_to(Path("..") / lib / NAME))
    entry = installed_entry(desktop.read_text(encoding="utf-8"), installed_exe)
    rec.put(Path("share/applications") / f"{NAME}.desktop", lambda t: t.write_text(entry, encoding="utf-8"))
    for src, rel in icon_sources(icons):
        rec.put(rel, lambda t, src=src: shutil.copyfile(src, t))
    lines = [f"dir {d.as_posix()}" for d in rec.dirs] + [f"file {f.as_posix()}" for f in rec.files]
    (prefix / lib / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [prefix / f for f in rec.files]


def uninstall(prefix: Path, quiet: bool = False) -> int:
    manifest = app_dir(prefix) / MANIFEST
    try:
        lines = manifest.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        if not quiet:
            print(f"uninstall: nothing installed under {prefix} (no {manifest})")
        return 0
    dirs = [Path(line[4:]) for line in lines if line.startswith("dir ")]
    files = [Path(line[5:]) for line in lines if line.startswith("file ")]
    for rel in dirs + files:  # never outside PREFIX
        if rel.is_absolute() or ".." in rel.parts:
            raise SystemExit(f"uninstall: {manifest} names {rel}, which is not under the prefix")
    removed = 0
    for rel in files:
        p = prefix / rel
        if p.is_symlink() or p.is_file():
            p.unlink()
            removed += 1
    lib = Path("lib") / NAME
    if (prefix / lib).is_dir():
        shutil.rmtree(prefix / lib)
    for rel in sorted(dirs, key=lambda d: len(d.parts), reverse=True):  # "." (the prefix) last
        p = prefix / rel
        if p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    if not quiet:
        print(f"uninstalled from {prefix}: the app folder lib/{NAME}/ and {removed} files besides")
    return removed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Install Mind the Gap for one user, or remove it.")
    p.add_argument("action", choices=["install", "uninstall"])
    p.add_argument("--prefix", type=Path, default=Path.home() / ".local")
    p.add_argument("--app", type=Path, default=Path("dist") / NAME, help="the packaged folder")
    p.add_argument("--desktop", type=Path, default=HERE / f"{NAME}.desktop")
    p.add_argument("--icons", type=Path, default=HERE.parent / "icons")
    args = p.parse_args(argv)
    prefix = Path(os.path.expanduser(str(args.prefix)))
    if args.action == "uninstall":
        uninstall(prefix)
        return 0
    files = install(prefix, args.app, args.desktop, args.icons)
    print(f"installed {NAME} under {prefix.resolve()}: the app in lib/{NAME}/, {len(files)} files besides")
    print(f"start it from the application menu, or run {prefix.resolve() / 'bin' / NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
