"""The packaging files, without building the app: the desktop entry, the
icons, the .ico/.icns build.spec makes, the install script (on a stand-in
app), the workflow and the licences.  The packaged app itself is tested by
test_frozen_app.py after `make package`."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.support import DESKTOP, INSTALL, NAME, ROOT, WORKFLOW, desktop_file_validate, exec_argv, load, read_entry, tree, unescape

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
needs_validator = pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-validate is not installed (apt-get install desktop-file-utils)")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux install")


# --- the desktop entry ------------------------------------------------------------------


@needs_validator
def test_desktop_entry_is_valid():
    r = desktop_file_validate(DESKTOP)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr


@needs_validator
def test_the_validator_refuses_a_broken_entry(tmp_path):
    """The check above can fail: an entry without a Name, with a field code
    the spec does not know and an unknown category is refused."""
    broken = tmp_path / f"{NAME}.desktop"
    text = DESKTOP.read_text(encoding="utf-8").replace("Name=Mind the Gap\n", "").replace("Categories=Game;CardGame;", "Categories=Cards;").replace("Exec=mind-the-gap", "Exec=mind-the-gap %y")
    broken.write_text(text, encoding="utf-8")
    r = desktop_file_validate(broken)
    assert r.returncode != 0
    assert '"Name"' in r.stdout and "%y" in r.stdout and "Cards" in r.stdout, r.stdout


def test_desktop_entry_says_what_a_menu_needs():
    keys = read_entry(DESKTOP)
    assert keys["Type"] == "Application"
    assert keys["Name"] == "Mind the Gap"
    assert keys["Icon"] == NAME, "the icon is looked up by theme name in share/icons/hicolor"
    assert keys["Terminal"] == "false"
    assert "Game" in keys["Categories"].split(";") and "CardGame" in keys["Categories"].split(";")
    assert keys["StartupWMClass"] == NAME
    assert exec_argv(keys["Exec"]) == [NAME]
    assert "Comment[de]" in keys and "GenericName[de]" in keys


@pytest.mark.parametrize(
    "path",
    [
        "/home/anna/.local/lib/mind-the-gap/mind-the-gap",
        "/home/anna/My Games/lib/mind-the-gap/mind-the-gap",
        '/tmp/odd "quoted" $HOME `x` back\\slash 100%/lib/mind-the-gap/mind-the-gap',
        "/tmp/semi;colon & (paren) 'single' ~tilde #hash/mind-the-gap",
        "/tmp/Lückenlos Ü/mind-the-gap",
    ],
)
def test_exec_line_of_an_installed_entry_gives_back_the_path(path):
    """install.py quotes the app's path as the spec says; read back as a
    launcher reads it, it is the same path, as one argument."""
    install = load("packaging/linux/install.py")
    entry = install["installed_entry"](DESKTOP.read_text(encoding="utf-8"), Path(path))
    out = tmp_entry = None
    for line in entry.splitlines():
        if line.startswith("Exec="):
            out = exec_argv(line[5:])
        if line.startswith("TryExec="):
            tmp_entry = unescape(line[8:])
    assert out == [path]
    assert tmp_entry == path


def test_exec_quoting_refuses_a_newline():
    install = load("packaging/linux/install.py")
    with pytest.raises(ValueError):
        install["desktop_quote"]("/tmp/a\nb/mind-the-gap")


# --- icons --------------------------------------------------------------------------------


def _png_size(path: Path) -> tuple[int, int]:
    return load("packaging/icons.py")["png_size"](path.read_bytes())


@pytest.mark.parametrize("size", HICOLOR_SIZES)
def test_hicolor_icon_has_its_size(size):
    path = ROOT / "packaging" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
    assert _png_size(path) == (size, size)


def test_the_256_icon_is_the_app_icon():
    """make_icon.py draws both from one design; at 256 px they are the same file."""
    assert (ROOT / "assets" / "icon.png").read_bytes() == (ROOT / "packaging" / "icons" / "hicolor" / "256x256" / "apps" / f"{NAME}.png").read_bytes()


def test_make_icon_draws_every_size(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_icon.py"), "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert _png_size(tmp_path / "assets" / "icon.png") == (256, 256)
    for size in HICOLOR_SIZES:
        assert _png_size(tmp_path / "packaging" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png") == (size, size)


def test_windows_ico_holds_every_size(tmp_path):
    icons = load("packaging/icons.py")
    out = icons["write_ico"](tmp_path / "app.ico")
    images = icons["read_ico"](out.read_bytes())
    assert [(w, h) for w, h, _ in images] == [(s, s) for s in icons["ICO_SIZES"]]
    assert all((w, h) == png for w, h, png in images), "the directory and the PNG inside agree"
    assert max(w for w, _, _ in images) == 256


def test_macos_icns_holds_every_size(tmp_path):
    icons = load("packaging/icons.py")
    out = icons["write_icns"](tmp_path / "app.icns")
    elements = icons["read_icns"](out.read_bytes())
    assert [(k, s) for k, (s, _) in elements] == list(icons["ICNS_TYPES"])
    assert {s for _, (s, _) in elements} == {16, 32, 64, 128, 256, 512}


def test_icon_readers_refuse_a_broken_file(tmp_path):
    icons = load("packaging/icons.py")
    data = icons["write_ico"](tmp_path / "app.ico").read_bytes()
    with pytest.raises(ValueError):
        icons["read_ico"](data[:40])  # the images cut off
    icns = icons["write_icns"](tmp_path / "app.icns").read_bytes()
    with pytest.raises(ValueError):
        icons["read_icns"](icns[:-5])


# --- install / uninstall with a stand-in app ------------------------------------------------


def fake_app(folder: Path) -> Path:
    """A stand-in for dist/mind-the-gap/: an executable and a data file."""
    (folder / "_internal" / "assets").mkdir(parents=True)
    (folder / "_internal" / "assets" / "icon.png").write_bytes(b"x")
    exe = folder / NAME
    exe.write_text("#!/bin/sh\necho stand-in\n")
    exe.chmod(0o755)
    return folder


def run_install(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(INSTALL), *args], capture_output=True, text=True, timeout=60)


@linux_only
def test_install_then_uninstall_leaves_the_prefix_as_it_was(tmp_path):
    app = fake_app(tmp_path / "dist app")
    prefix = tmp_path / "a prefix" / ".local"
    # a user's prefix has things of its own, which must stay
    (prefix / "share" / "applications").mkdir(parents=True)
    (prefix / "share" / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    (prefix / "bin").mkdir()
    (prefix / "bin" / "tool").write_text("")
    before = tree(prefix)
    r = run_install("install", "--prefix", str(prefix), "--app", str(app))
    assert r.returncode == 0, r.stderr
    added = tree(prefix) - before
    expected_files = {
        f"lib/{NAME}/{NAME}",
        f"bin/{NAME}",
        f"share/applications/{NAME}.desktop",
        *(f"share/icons/hicolor/{s}x{s}/apps/{NAME}.png" for s in HICOLOR_SIZES),
    }
    assert expected_files <= added
    assert not any(p.startswith("share/applications/") and p != f"share/applications/{NAME}.desktop" for p in added)
    link = prefix / "bin" / NAME
    assert link.is_symlink() and link.resolve() == (prefix / "lib" / NAME / NAME).resolve()
    assert os.access(prefix / "lib" / NAME / NAME, os.X_OK)
    keys = read_entry(prefix / "share" / "applications" / f"{NAME}.desktop")
    assert exec_argv(keys["Exec"]) == [str((prefix / "lib" / NAME / NAME).resolve())]
    # installing again replaces the first install
    r = run_install("install", "--prefix", str(prefix), "--app", str(app))
    assert r.returncode == 0, r.stderr
    r = run_install("uninstall", "--prefix", str(prefix))
    assert r.returncode == 0, r.stderr
    assert tree(prefix) == before
    # and once more: nothing to do, nothing touched
    r = run_install("uninstall", "--prefix", str(prefix))
    assert r.returncode == 0 and "nothing installed" in r.stdout
    assert tree(prefix) == before


@linux_only
def test_a_prefix_that_install_made_goes_with_uninstall(tmp_path):
    prefix = tmp_path / "new" / ".local"
    (tmp_path / "new").mkdir()
    assert run_install("install", "--prefix", str(prefix), "--app", str(fake_app(tmp_path / "app"))).returncode == 0
    assert (prefix / "share" / "applications" / f"{NAME}.desktop").exists()
    assert run_install("uninstall", "--prefix", str(prefix)).returncode == 0
    assert not prefix.exists() and (tmp_path / "new").is_dir()


@linux_only
def test_uninstall_keeps_a_folder_that_gained_other_files(tmp_path):
    app = fake_app(tmp_path / "app")
    prefix = tmp_path / "p"
    assert run_install("install", "--prefix", str(prefix), "--app", str(app)).returncode == 0
    mine = prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / "someone-else.png"
    mine.write_bytes(b"png")
    assert run_install("uninstall", "--prefix", str(prefix)).returncode == 0
    assert tree(prefix) >= {"share/icons/hicolor/48x48/apps/someone-else.png"}
    assert not (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{NAME}.png").exists()
    assert not (prefix / "lib" / NAME).exists()


@linux_only
def test_install_refuses_a_missing_app_and_a_foreign_folder(tmp_path):
    prefix = tmp_path / "p"
    r = run_install("install", "--prefix", str(prefix), "--app", str(tmp_path / "nothing"))
    assert r.returncode != 0 and "make package" in r.stderr
    (prefix / "lib" / NAME).mkdir(parents=True)
    (prefix / "lib" / NAME / "keep").write_text("")
    r = run_install("install", "--prefix", str(prefix), "--app", str(fake_app(tmp_path / "app")))
    assert r.returncode != 0 and "was not installed by this script" in r.stderr
    assert (prefix / "lib" / NAME / "keep").exists()


@linux_only
def test_uninstall_refuses_a_manifest_pointing_outside(tmp_path):
    prefix = tmp_path / "p"
    outside = tmp_path / "precious"
    outside.write_text("keep me")
    (prefix / "lib" / NAME).mkdir(parents=True)
    (prefix / "lib" / NAME / ".install-manifest").write_text("file ../precious\n")
    r = run_install("uninstall", "--prefix", str(prefix))
    assert r.returncode != 0
    assert outside.read_text() == "keep me"


# --- the workflow ----------------------------------------------------------------------------


def actionlint() -> str | None:
    here = Path(sys.executable).parent / ("actionlint.exe" if os.name == "nt" else "actionlint")
    return str(here) if here.exists() else shutil.which("actionlint")


def test_actionlint_passes_the_workflow():
    tool = actionlint()
    if tool is None:
        if sys.platform.startswith("linux"):
            pytest.fail("actionlint is missing: it comes with the dev extras (pip install -e '.[dev]')")
        pytest.skip("actionlint is installed with the dev extras on Linux only")
    r = subprocess.run([tool, str(WORKFLOW)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_actionlint_refuses_a_broken_workflow(tmp_path):
    tool = actionlint()
    if tool is None:
        pytest.skip("actionlint is not installed")
    text = WORKFLOW.read_text(encoding="utf-8").replace("runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.system }}")
    broken = tmp_path / ".github" / "workflows" / "build.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(text, encoding="utf-8")
    r = subprocess.run([tool, str(broken)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode != 0 and "system" in r.stdout


def test_workflow_builds_boots_and_uploads_on_three_systems():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert "make test" in text, "Linux runs the README's test command"
    assert "python -m pytest" in text and "SDL_VIDEODRIVER: dummy" in text, "the others run the suite headless"
    assert "build.spec" in text
    assert "mind-the-gap.exe --smoke" in text
    assert '"dist/Mind the Gap.app/Contents/MacOS/mind-the-gap" --smoke' in text
    assert "packaging/dist.py" in text and "actions/upload-artifact@" in text


def test_what_the_workflow_leaves_out_on_windows_exists():
    """--ignore and --deselect name files and tests that are there (pytest
    passes over a name that no longer matches without a word)."""
    import re

    text = WORKFLOW.read_text(encoding="utf-8")
    left_out = re.findall(r"--(ignore|deselect)=(\S+?)\)?(?:\s|$)", text)
    assert len(left_out) >= 8
    for kind, target in left_out:
        path, _, func = target.partition("::")
        assert (ROOT / path).is_file(), target
        if kind == "deselect":
            assert func and re.search(rf"^def {re.escape(func)}\(", (ROOT / path).read_text(encoding="utf-8"), re.M), target


# --- the licences ------------------------------------------------------------------------------


def test_licences_are_collected(tmp_path):
    licences = load("packaging/licences.py")
    written = {p.name for p in licences["collect"](tmp_path)}
    assert {"LICENSE-mind-the-gap.txt", "LGPL-2.1.txt", "THIRD-PARTY.txt", "Python-LICENSE.txt", "LICENSE-DejaVu.txt", "pygame_gui-LICENSE.txt", "pyinstaller-COPYING.txt"} <= written
    notes = (tmp_path / "THIRD-PARTY.txt").read_text(encoding="utf-8")
    for name in written - {"THIRD-PARTY.txt"}:
        assert name in notes, f"THIRD-PARTY.txt does not say what {name} covers"
    assert all((tmp_path / n).stat().st_size > 500 for n in written)


def test_install_script_needs_only_the_standard_library():
    """`make install` runs it with the system's python3, no venv."""
    r = subprocess.run([sys.executable, "-I", "-S", str(INSTALL), "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISREG(INSTALL.stat().st_mode)


# --- the release archive, as each platform's job writes it (stand-in apps) ------------------------


def _licensed(folder: Path) -> None:
    lic = folder / "licences"
    lic.mkdir(parents=True)
    (lic / "LICENSE-mind-the-gap.txt").write_text("MIT")
    (lic / "THIRD-PARTY.txt").write_text("notes")


@pytest.mark.parametrize(
    ("platform", "exe", "in_archive", "ext"),
    [
        ("linux", "mind-the-gap", "mind-the-gap", "tar.gz"),
        ("win32", "mind-the-gap.exe", "mind-the-gap.exe", "zip"),
        ("darwin", "Contents/MacOS/mind-the-gap", "Mind the Gap.app/Contents/MacOS/mind-the-gap", "tar.gz"),
    ],
)
def test_dist_archive_layout_per_platform(tmp_path, monkeypatch, platform, exe, in_archive, ext):
    import tarfile
    import zipfile

    dist = load("packaging/dist.py")
    monkeypatch.setattr(sys, "platform", platform)
    app_root = tmp_path / "dist"
    app = dist["default_app"](app_root)
    (app / exe).parent.mkdir(parents=True, exist_ok=True)
    (app / exe).write_text("#!/bin/sh\n")
    (app / exe).chmod(0o755)
    _licensed(app / ("Contents/Resources" if platform == "darwin" else "_internal"))
    out = dist["make"](app, tmp_path / "out")
    version = dist["version"]()
    assert out.name.startswith(f"{NAME}-{version}-{ {'win32': 'windows', 'darwin': 'macos'}.get(platform, 'linux') }-") and out.name.endswith("." + ext)
    top = f"{NAME}-{version}"
    if ext == "zip":
        with zipfile.ZipFile(out) as z:
            names = set(z.namelist())
    else:
        with tarfile.open(out) as t:
            names = {m.name for m in t.getmembers()}
            if os.name != "nt":  # Windows files have no execute bit to keep
                assert t.getmember(f"{top}/{in_archive}").mode & 0o111
    assert f"{top}/{in_archive}" in names
    assert {f"{top}/licences/LICENSE-mind-the-gap.txt", f"{top}/README.txt"} <= names
    assert all(n.startswith(top) for n in names)


def test_dist_refuses_an_app_without_licences(tmp_path, monkeypatch):
    dist = load("packaging/dist.py")
    monkeypatch.setattr(sys, "platform", "linux")
    app = tmp_path / NAME
    app.mkdir()
    (app / NAME).write_text("")
    with pytest.raises(SystemExit, match="licences"):
        dist["make"](app, tmp_path / "out")


@linux_only
def test_install_leaves_someone_elses_command_alone(tmp_path):
    """A ~/.local/bin/mind-the-gap of pip's stays, through install and uninstall."""
    prefix = tmp_path / "p"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / NAME).write_text("#!/bin/sh\n# pip's\n")
    r = run_install("install", "--prefix", str(prefix), "--app", str(fake_app(tmp_path / "app")))
    assert r.returncode == 0 and "left as it is" in r.stdout, r.stdout + r.stderr
    assert (prefix / "bin" / NAME).read_text() == "#!/bin/sh\n# pip's\n"
    assert (prefix / "share" / "applications" / f"{NAME}.desktop").exists()
    assert run_install("uninstall", "--prefix", str(prefix)).returncode == 0
    assert (prefix / "bin" / NAME).read_text() == "#!/bin/sh\n# pip's\n"
    assert tree(prefix) == {"bin", f"bin/{NAME}"}


# --- installing from source ---------------------------------------------------------------


def test_installing_from_source_warns_of_nothing():
    """The first `make play` printed setuptools' deprecation of the licence
    table, twice, in a frame of asterisks: it read like a failure.  pip
    builds the project's metadata as `make play` does (editable, isolated
    build) without installing anything."""
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "-e", str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    said = r.stdout + r.stderr
    for alarming in ("BuildBackendWarning", "DeprecationWarning", "deprecated", "!!"):
        assert alarming not in said, said
