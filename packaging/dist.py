"""The release archive of the packaged app, named with its version:

    dist/mind-the-gap-<version>-<os>-<machine>.tar.gz   (Linux, macOS)
    dist/mind-the-gap-<version>-windows-<machine>.zip   (Windows)

It holds one folder, ``mind-the-gap-<version>/``, with the packaged app
(the one-folder build; on macOS "Mind the Gap.app"), the licences at its
top (``licences/``, the same texts the app carries inside) and a short
README.txt.  Permissions and symbolic links are kept (tar); owners are
not.  Only the standard library is used, so the workflow runs it on
every platform:

    python packaging/dist.py [--app DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import io
import platform
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "mind-the-gap"

README = """\
Mind the Gap {version}: a desktop card table (Mind the Gap / Lückenlos,
Gaps, Delphi and Runs), in English and German.

Start it: {start}
Keep the whole folder together: the app needs everything in it.
Your settings and saved games are not kept in this folder but in your
user folders ({files}), so a new version can simply replace it.

Licences: licences/ (THIRD-PARTY.txt says which text covers what).
"""


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def os_tag() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))


def machine_tag() -> str:
    m = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(m, m)


def archive_name(ver: str | None = None) -> str:
    ext = "zip" if sys.platform == "win32" else "tar.gz"
    return f"{NAME}-{ver or version()}-{os_tag()}-{machine_tag()}.{ext}"


def default_app(dist: Path) -> Path:
    return dist / "Mind the Gap.app" if sys.platform == "darwin" else dist / NAME


def find_licences(app: Path) -> Path:
    found = sorted(app.rglob("LICENSE-mind-the-gap.txt"))
    if not found:
        raise SystemExit(f"dist: no licences/ inside {app}: was it built with build.spec?")
    return found[0].parent


def members(app: Path, top: str) -> list[tuple[Path, str]]:
    """(file or folder on disk, name in the archive), parents first."""
    base = f"{top}/{app.name}" if app.suffix == ".app" else top
    out = [] if base == top else [(app, base)]
    out.extend((p, f"{base}/{p.relative_to(app).as_posix()}") for p in sorted(app.rglob("*")))
    lic = find_licences(app)
    out.append((lic, f"{top}/licences"))
    out.extend((p, f"{top}/licences/{p.name}") for p in sorted(lic.iterdir()))
    return out


def make(app: Path, out_dir: Path) -> Path:
    exe = app / (NAME + (".exe" if sys.platform == "win32" else "")) if app.suffix != ".app" else app / "Contents" / "MacOS" / NAME
    if not exe.is_file():
        raise SystemExit(f"dist: {exe} is missing: build the app first (make package)")
    ver = version()
    top = f"{NAME}-{ver}"
    start = {
        "win32": f"double-click {NAME}.exe",
        "darwin": 'double-click "Mind the Gap.app" (the first time: right-click it, Open, as it is not signed by a known developer)',
    }.get(sys.platform, f"double-click {NAME}, or run ./{NAME}")
    files = {
        "win32": r"AppData\Local\mind-the-gap",
        "darwin": "~/Library/Application Support/mind-the-gap",
    }.get(sys.platform, "~/.config/mind-the-gap and ~/.local/share/mind-the-gap")
    readme = README.format(version=ver, start=start, files=files).encode("utf-8")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / archive_name(ver)
    tmp = target.with_name(target.name + ".part")
    entries = members(app, top)
    if target.suffix == ".zip":
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path, name in entries:
                if path.is_file():
                    z.write(path, name)
            z.writestr(f"{top}/README.txt", readme)
    else:

        def anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            return info

        with tarfile.open(tmp, "w:gz", compresslevel=9) as t:
            top_info = tarfile.TarInfo(top)
            top_info.type = tarfile.DIRTYPE
            top_info.mode = 0o755
            t.addfile(top_info)
            for path, name in entries:
                t.add(path, name, recursive=False, filter=anonymous)
            info = anonymous(tarfile.TarInfo(f"{top}/README.txt"))
            info.size = len(readme)
            info.mode = 0o644
            t.addfile(info, io.BytesIO(readme))
    tmp.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Write the versioned release archive of the packaged app.")
    p.add_argument("--app", type=Path, help="the packaged app (default: dist/mind-the-gap, on macOS 'dist/Mind the Gap.app')")
    p.add_argument("--out", type=Path, default=ROOT / "dist", help="where the archive goes (default: dist/)")
    args = p.parse_args(argv)
    target = make(args.app or default_app(ROOT / "dist"), args.out)
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
