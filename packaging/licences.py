"""The licences the packaged app carries (build.spec puts them in the
app as ``licences/``; ``make dist`` also puts them at the top of the
archive).

The committed texts in packaging/licences/ (the app's MIT licence, LGPL
2.1, Apache 2.0 and THIRD-PARTY.txt, which says what is what) are joined
by the texts that the installed packages and the Python interpreter ship,
copied from the build machine so they match what was bundled.
"""

from __future__ import annotations

import importlib.metadata as md
import shutil
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
COMMITTED = HERE / "licences"

#: distribution -> files in it (paths as its RECORD names them, matched by
#: their ending) and the name each gets in licences/
FROM_PACKAGES = {
    "pygame-gui": {
        "LICENSE.txt": "pygame_gui-LICENSE.txt",
        "data/licenses/NotoSans-LICENSE.txt": "pygame_gui-NotoSans-LICENSE.txt",
        "data/licenses/FiraCode-LICENSE.txt": "pygame_gui-FiraCode-LICENSE.txt",
    },
    "python-i18n": {"LICENSE": "python-i18n-LICENSE.txt"},
    "platformdirs": {"LICENSE": "platformdirs-LICENSE.txt"},
    "pyinstaller": {"COPYING.txt": "pyinstaller-COPYING.txt"},
    "accesskit": {
        "licenses/LICENSE-MIT": "accesskit-LICENSE-MIT.txt",
        "licenses/LICENSE-APACHE": "accesskit-LICENSE-APACHE.txt",
        "licenses/LICENSE.chromium": "accesskit-LICENSE.chromium.txt",
    },
}
#: packages the app runs without where they have no wheel (pyproject.toml's
#: markers): their licences are copied when they are installed
OPTIONAL = {"accesskit"}


def python_licence() -> Path:
    """The interpreter's LICENSE.txt (lib/python3.X/ on POSIX, the
    installation's top folder on Windows)."""
    for candidate in (
        Path(sysconfig.get_path("stdlib")) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE",
    ):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("the Python interpreter's LICENSE.txt")


def sources() -> list[tuple[Path, str]]:
    """(file on this machine, name in licences/) for every licence."""
    out = [(p, p.name) for p in sorted(COMMITTED.glob("*.txt"))]
    out.append((ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt", "LICENSE-DejaVu.txt"))
    out.append((python_licence(), "Python-LICENSE.txt"))
    for dist_name, wanted in FROM_PACKAGES.items():
        try:
            dist = md.distribution(dist_name)
        except md.PackageNotFoundError:
            if dist_name in OPTIONAL:
                continue
            raise
        files = [f for f in (dist.files or []) if "licen" in str(f).lower() or "copying" in str(f).lower()]
        for ending, name in wanted.items():
            match = [f for f in files if str(f).replace("\\", "/").endswith(ending)]
            if not match:
                raise FileNotFoundError(f"{dist_name} {dist.version} has no {ending}")
            out.append((Path(str(dist.locate_file(match[0]))), name))
    return out


def collect(dest: Path) -> list[Path]:
    """Copy every licence into ``dest`` (made if missing)."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for src, name in sources():
        shutil.copyfile(src, dest / name)
        written.append(dest / name)
    return written


if __name__ == "__main__":
    for path in collect(Path(sys.argv[1] if len(sys.argv) > 1 else "build/licences")):
        print(path)
