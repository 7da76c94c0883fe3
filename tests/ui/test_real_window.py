"""One drag in a real X window: Xvfb, the app as a person runs it, xdotool
moving the real pointer, and the result checked on the captured screen.

Skipped only when Xvfb or xdotool are missing (.ci/run installs them)."""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.xvfb

NEEDED = ("Xvfb", "xdotool", "import")


def _missing():
    return [t for t in NEEDED if shutil.which(t) is None]


@pytest.fixture
def xserver():
    if _missing():
        pytest.skip(f"not installed: {', '.join(_missing())}")
    display = ":%d" % (90 + os.getpid() % 9)
    xv = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.8)
    yield display
    xv.terminate()
    xv.wait(timeout=10)


def xdo(display, *args) -> str:
    return subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=20).stdout


def paper_share(png, rect) -> float:
    """Share of card-paper pixels inside rect of a screenshot."""
    import pygame

    img = pygame.image.load(png)
    x, y, w, h = rect
    n = hit = 0
    for yy in range(y + 8, y + h - 8, 3):
        for xx in range(x + 8, x + w - 8, 3):
            r, g, b, *_ = img.get_at((xx, yy))
            n += 1
            hit += r > 225 and g > 225 and b > 215
    return hit / max(1, n)


def test_drag_a_card_onto_a_lit_gap_in_a_real_window(xserver, private_home, tmp_path):
    from game.app import App
    from game.ui.tables.mind_the_gap import scene_factories

    # the layout the real window will have (same scene, same size)
    probe = App((1280, 800))
    try:
        make = dict(scene_factories(probe))["mind-the-gap-solo"]
        t = make()
        probe.scenes.reset(t)
        probe.step(1 / 60, events=[])
        L = t.layout()
        pick = None
        for src in t._sources():
            if src.payload[0] == "hand":
                gaps = [z for z in t._legal_for(src.payload) if z[0] == "place"]
                if gaps:
                    pick = (src.payload[1], src.rect.center, L.places[gaps[0][1]])
                    break
        assert pick is not None
    finally:
        probe.close()
    card, start, gap = pick
    env = dict(os.environ, DISPLAY=xserver, MTG_HOME=str(private_home), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    app = subprocess.Popen([sys.executable, "-m", "game", "--size", "1280x800", "--scene", "mind-the-gap-solo"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert app.stdout.readline().strip() == "ready"
        wid = ""
        for _ in range(50):
            wid = xdo(xserver, "search", "--pid", str(app.pid)).split()
            if wid:
                break
            time.sleep(0.1)
        assert wid, "the app opened no window"
        wid = wid[-1]
        time.sleep(0.5)
        geo = xdo(xserver, "getwindowgeometry", wid)
        pos = [l for l in geo.splitlines() if "Position" in l][0].split()[1].split(",")
        ox, oy = int(pos[0]), int(pos[1])
        before = str(tmp_path / "before.png")
        subprocess.run(["import", "-window", "root", before], env=env, check=True, timeout=20)
        gx, gy, gw, gh = gap.x + ox, gap.y + oy, gap.w, gap.h
        assert paper_share(before, (gx, gy, gw, gh)) < 0.2, "the gap is not empty before the drag"
        sx, sy = start[0] + ox, start[1] + oy
        xdo(xserver, "mousemove", str(sx), str(sy))
        time.sleep(0.2)
        xdo(xserver, "mousedown", "1")
        for k in range(1, 11):
            xdo(xserver, "mousemove", str(sx + (gap.centerx + ox - sx) * k // 10), str(sy + (gap.centery + oy - sy) * k // 10))
            time.sleep(0.03)
        xdo(xserver, "mouseup", "1")
        time.sleep(1.0)
        after = str(tmp_path / "after.png")
        subprocess.run(["import", "-window", "root", after], env=env, check=True, timeout=20)
        assert paper_share(after, (gx, gy, gw, gh)) > 0.5, "the card did not land in the gap on screen"
        save = json.loads((private_home / "data" / "saves" / "mind-the-gap.json").read_text())
        assert save["record"]["actions"][-1].startswith(f"place {card.code} ")
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
