"""The tools as real processes where only a process shows the behaviour:
a reader that closed the pipe, Ctrl+C (SIGINT) in the middle of the work,
``soak --json`` without pygame's banner and without a folder left behind;
and ``shots`` refusing what it cannot do (tests/engine/test_cli_fuzz.py
has the in-process fuzz of every tool's arguments)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.__main__ import main
from game.app import MAX_SIZE

ROOT = Path(__file__).resolve().parents[2]
POSITION = "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"
RULE = "card.color != last.color"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A child's environment: headless, its own data and temporary folders."""
    tmp = tmp_path / "tmp"
    tmp.mkdir(exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TMPDIR=str(tmp), MTG_HOME=str(tmp_path / "home"))
    env.update(extra)
    return env


def _default_sigint() -> None:
    # a child started from a shell without job control inherits SIGINT
    # ignored, and Python then installs no KeyboardInterrupt for it
    signal.signal(signal.SIGINT, signal.SIG_DFL)


CLOSED_PIPE = [
    ["count-pyramids", "--json"],
    ["position", "mind-the-gap", POSITION, "--json"],
    ["sim", "mind-the-gap", "--deals", "3", "--json"],
    ["sim", "gaps", "--strategy", "random", "--deals", "2"],
    ["judge", "--rule", RULE, "--cards", "3H 4S 5H", "--json"],
    ["shots", "--only", "menu", "--size", "1024x640", "--json"],
    ["--help"],
]


@pytest.mark.parametrize("argv", CLOSED_PIPE, ids=[" ".join(a[:2]) for a in CLOSED_PIPE])
def test_a_reader_that_went_away_ends_the_tool_quietly(tmp_path, argv):
    """stdout is a pipe whose reading end is closed before the tool starts:
    every write fails with EPIPE (Python ignores SIGPIPE)."""
    if argv[0] == "shots":
        argv = [*argv, "--out", str(tmp_path / "shots")]
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable, "-m", "game", *argv], stdout=w, stderr=subprocess.PIPE, text=True,
                           env=_env(tmp_path), cwd=ROOT, timeout=120)
    finally:
        os.close(w)
    assert p.returncode == 0 and p.stderr == "", p.stderr[-500:]


def test_head_c_10_reads_ten_bytes_and_the_tool_ends_quietly(tmp_path):
    """As in a shell: ~175 kB of JSON, more than a pipe holds, into
    ``head -c 10``."""
    cmd = f"{sys.executable} -m game sim gaps --strategy random --deals 1000 --detail --json 2>{tmp_path / 'err'} | head -c 10; echo \" ${{PIPESTATUS[0]}}\""
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=_env(tmp_path), cwd=ROOT, timeout=300)
    assert p.stdout == '{"game": "' + " 0\n", p.stdout  # ten bytes, then the tool's exit code
    assert (tmp_path / "err").read_text() == ""


#: (arguments, the function that says "ready" in the child the first time it is called)
INTERRUPTED = [
    (["sim", "runs", "--games", "50000", "--json"], "game.games.runs.cli", "play_game"),
    (["sim", "mind-the-gap", "--deals", "1000000", "--json"], "game.games.mind_the_gap.sim", "play_deal"),
    (["soak", "--events", "1000000", "--json"], "game.tools.soak", "random_event"),
    (["bench", "--runs", "1", "--skip-bots", "--json"], "game.tools.bench", "frame_bench"),
    (["--autoplay", "runs:3"], "game.app.App", "step"),
]

CHILD = textwrap.dedent("""\
    import importlib, sys
    from game.__main__ import main
    mod, name, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        owner = importlib.import_module(mod)
    except ModuleNotFoundError:  # a class: module.Class
        m, _, cls = mod.rpartition(".")
        owner = getattr(importlib.import_module(m), cls)
    real = getattr(owner, name)
    told = []

    def ready(*a, **kw):
        if not told:
            told.append(1)
            print("ready", file=sys.stderr, flush=True)
        return real(*a, **kw)

    setattr(owner, name, ready)
    sys.exit(main(argv))
""")


@pytest.mark.parametrize("argv,mod,name", INTERRUPTED, ids=[" ".join(a[:2]) for a, _, _ in INTERRUPTED])
def test_ctrl_c_in_the_middle_of_the_work_is_one_line_and_code_130(tmp_path, argv, mod, name):
    env = _env(tmp_path)
    p = subprocess.Popen([sys.executable, "-c", CHILD, mod, name, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=ROOT, preexec_fn=_default_sigint)
    try:
        assert p.stderr is not None
        first = p.stderr.readline()
        assert first == "ready\n", first + p.stderr.read()[-500:]
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
    said = "ready\n" if argv[0] == "--autoplay" else ""  # the app says so when its loop starts
    assert (p.returncode, out, err) == (130, said, "mind-the-gap: interrupted\n"), err[-800:]
    if argv[0] in ("soak", "bench"):
        assert list(Path(env["TMPDIR"]).iterdir()) == []  # their data folder went with them


def test_soak_json_is_json_alone_and_leaves_no_folder(tmp_path):
    env = _env(tmp_path)
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # as a developer's shell has it
    p = subprocess.run([sys.executable, "-m", "game", "soak", "--events", "20", "--game", "gaps", "--json"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stderr[-800:]
    res = json.loads(p.stdout)  # the banner would come first and break this
    assert res["exceptions"] == 0 and res["events"] > 0
    assert list(Path(env["TMPDIR"]).iterdir()) == []


# --- shots: what it cannot do, in-process ------------------------------------------------------


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return code, out, err


def test_shots_refuses_a_filter_that_matches_nothing_and_writes_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("MTG_HOME", raising=False)
    out_dir = tmp_path / "shots"
    code, out, err = _run(capsys, ["shots", "--only", "zzzz", "--out", str(out_dir), "--json"])
    assert code == 2 and out == "" and "'zzzz' matches no screen" in err
    assert not out_dir.exists()


def test_shots_refuses_an_out_that_is_a_file_or_under_one(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("MTG_HOME", raising=False)
    a_file = tmp_path / "a-file"
    a_file.write_text("keep me")
    code, out, err = _run(capsys, ["shots", "--only", "menu", "--out", str(a_file)])
    assert code == 2 and out == "" and "is a file, not a folder" in err
    code, out, err = _run(capsys, ["shots", "--only", "menu", "--size", "1024x640", "--out", str(a_file / "below")])
    assert code == 2 and out == "" and "below" in err
    assert a_file.read_text() == "keep me"


def test_shots_takes_a_huge_size_and_the_app_bounds_it(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("MTG_HOME", raising=False)
    code = main(["shots", "--only", "menu", "--size", "100000x100000", "--out", str(tmp_path), "--json"])
    res = json.loads(capsys.readouterr().out)
    assert code == 0 and res["count"] == 1
    assert res["files"][0].endswith(f"-{MAX_SIZE[0]}x{MAX_SIZE[1]}-menu.png")
