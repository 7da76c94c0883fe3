"""A private desktop session for the screen-reader tests: Xvfb on a free
display, a session bus of its own, and the AT-SPI bus with accessibility
on (org.a11y.Status IsEnabled true), as a desktop with Orca running has
them.  Nothing of the machine's own session is used, and nothing is
written into the home.

Debian packages: xvfb dbus at-spi2-core libglib2.0-bin python3-gi
gir1.2-atspi-2.0 (.ci/run installs them).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
READER = HERE / "atspi_reader.py"
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SYSTEM_PYTHON = "/usr/bin/python3"


def missing() -> list[str]:
    """What of the system's tools is not installed."""
    out = [t for t in ("Xvfb", "dbus-daemon", "gdbus") if shutil.which(t) is None]
    if not os.access(LAUNCHER, os.X_OK):
        out.append(LAUNCHER)
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        out.append(SYSTEM_PYTHON)
    else:
        probe = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi"], capture_output=True, timeout=60)
        if probe.returncode != 0:
            out.append("python3-gi with gir1.2-atspi-2.0")
    return out


class Session:
    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []
        self.env = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY")}
        self.env.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", NO_AT_BRIDGE="0")
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _spawn(self, argv: list[str], **kw) -> subprocess.Popen:
        # each in a process group of its own: close() ends the helpers it
        # starts (the AT-SPI bus's dbus-daemon, the registry) with it
        p = subprocess.Popen(argv, start_new_session=True, **kw)
        self.procs.append(p)
        return p

    def _start(self) -> None:
        rfd, wfd = os.pipe()
        self._spawn(["Xvfb", "-displayfd", str(wfd), "-screen", "0", "1280x900x24", "-nolisten", "tcp"], pass_fds=(wfd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(wfd)
        with os.fdopen(rfd) as r:
            number = r.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        self.env["DISPLAY"] = f":{number}"
        bus = self._spawn(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=self.env)
        assert bus.stdout is not None
        address = bus.stdout.readline().strip()
        assert address, "dbus-daemon gave no address"
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        self._spawn([LAUNCHER, "--launch-immediately", "--a11y=1"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # wait, not call: a call would D-Bus-activate a second launcher
        subprocess.run(["gdbus", "wait", "--session", "--timeout", "20", "org.a11y.Bus"], env=self.env, check=True, timeout=60)
        self.set_enabled(True)

    def set_enabled(self, on: bool) -> None:
        subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
             "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled", "<true>" if on else "<false>"],
            env=self.env, check=True, capture_output=True, timeout=60,
        )

    def reader(self, *args: str, timeout: float = 90) -> dict:
        """Run the reader once; its JSON."""
        r = subprocess.run([SYSTEM_PYTHON, str(READER), *args], env=self.env, capture_output=True, text=True, timeout=timeout)
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
        return json.loads(r.stdout.strip().splitlines()[-1])

    def reader_process(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen([SYSTEM_PYTHON, str(READER), *args], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def app_env(self, home: Path) -> dict[str, str]:
        env = dict(self.env, MTG_HOME=str(home), HOME=str(home))
        env.pop("SDL_VIDEODRIVER", None)
        return env

    def close(self) -> None:
        for p in reversed(self.procs):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=10)
            if p.stdout:
                p.stdout.close()
        reap()


def reap() -> None:
    """Collect whatever children of this process have ended (the bus
    helpers left as zombies otherwise)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
