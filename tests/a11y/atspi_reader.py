"""A screen reader's eyes, for the tests: run with the SYSTEM python3
(python3-gi and gir1.2-atspi-2.0; the project's venv has no gi), inside
the private session of tests/a11y/session.py.  Prints one JSON object.

    atspi_reader.py tree --ppid PID [--wait-for NAME] [--press NAME] [--expect NAME]
        the tree of the app whose bridge process is a child of PID (so a
        reader never reads another test's app), once a node named
        --wait-for is in it; with --press, AT-SPI's
        do_action(0) on the node NAME, then the tree again once a node
        named --expect shows up
    atspi_reader.py listen --ppid PID --until TEXT [--seconds S]
        prints {"ready": true} as one line once it listens, then every
        object:announcement until one says TEXT
    atspi_reader.py drive --ppid PID
        a reader that stays: prints {"ready": true} once it listens to
        focus changes (object:state-changed:focused) and announcements
        (object:announcement) of the app, then answers one JSON line per
        command line read from stdin:
          {"do": "tree"}                      -> {"tree": [...]} (every node,
                                                 with its parent's name)
          {"do": "key", "key": "Tab", "until": "focus"|"announcement"|null,
           "text": TEXT, "seconds": S}        -> {"events": [...]}: xdotool
                                                 gives the app's window the
                                                 keyboard and presses the key
                                                 (X's XTEST, as a keyboard
                                                 does); the events heard until
                                                 one of the kind asked for
                                                 (an announcement holding TEXT)
          {"do": "wait", ...}                 -> the same without a key
        An event is {"type": "focus", "role", "name", "description"} or
        {"type": "announcement", "text", "politeness"}.  End with EOF.
    atspi_reader.py toggle --count N [--interval S]
        turns org.a11y.Status IsEnabled off and on N times (as Orca's
        start and stop do), and leaves it on
"""

import argparse
import json
import subprocess
import sys
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

warnings.simplefilter("ignore", DeprecationWarning)  # Atspi's get_action_name, still the way to read it


def pump(seconds):
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while ctx.pending():
            ctx.iteration(False)
        time.sleep(0.01)


def ppid_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def find_app(ppid, timeout):
    """The AT-SPI application whose process is a child of ``ppid`` and
    shows a window with children."""
    desktop = Atspi.get_desktop(0)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            try:
                if app is None or ppid_of(app.get_process_id()) != ppid:
                    continue
                if app.get_child_count() and app.get_child_at_index(0).get_child_count():
                    return app
            except GLib.Error:
                continue
        pump(0.1)
    return None


def describe(acc, depth):
    try:
        n_act = acc.get_n_actions()
    except (GLib.Error, AttributeError, TypeError):
        n_act = 0
    states = acc.get_state_set()
    return {
        "depth": depth,
        "role": acc.get_role_name(),
        "name": acc.get_name(),
        "description": acc.get_description(),
        "states": sorted(Atspi.StateType(s).value_nick for s in states.get_states()),
        "actions": [acc.get_action_name(i) for i in range(n_act)],
    }


def walk(acc, depth=0, out=None, parent=None):
    out = [] if out is None else out
    d = describe(acc, depth)
    d["parent"] = parent
    out.append(d)
    for i in range(acc.get_child_count()):
        c = acc.get_child_at_index(i)
        if c is not None:
            walk(c, depth + 1, out, d["name"])
    return out


def walk_settled(app, timeout):
    end = time.monotonic() + timeout
    while True:
        try:
            return walk(app)
        except GLib.Error:  # a node went while it was read
            if time.monotonic() > end:
                raise
            pump(0.1)


def find_node(acc, name):
    if acc.get_name() == name:
        return acc
    for i in range(acc.get_child_count()):
        c = acc.get_child_at_index(i)
        found = find_node(c, name) if c is not None else None
        if found is not None:
            return found
    return None


def tree(args):
    Atspi.init()
    t0 = time.monotonic()
    app = find_app(args.ppid, args.timeout)
    if app is None:
        return {"found": False}
    first = None
    while time.monotonic() < t0 + args.timeout:
        try:
            first = walk(app)
        except GLib.Error:  # a node went while it was read
            pump(0.1)
            continue
        # the window shows before the screen's first tree reaches it (its
        # live region is there from the start): on a loaded machine the
        # menu's buttons came a moment later, and the tree was read empty
        if args.wait_for is None or any(n["name"] == args.wait_for for n in first):
            break
        pump(0.1)
    res = {"found": True, "seconds": round(time.monotonic() - t0, 3), "pid": app.get_process_id(),
           "toolkit": app.get_toolkit_name(), "tree": first}
    if args.press:
        node = find_node(app, args.press)
        res["pressed"] = bool(node is not None and node.do_action(0))
        end = time.monotonic() + args.timeout
        after = None
        while time.monotonic() < end:
            pump(0.1)
            try:
                after = walk(app)
            except GLib.Error:  # a node went while it was read: the screen changes
                continue
            if args.expect is None or any(n["name"] == args.expect for n in after):
                break
        res["after"] = after
    return res


def listen(args):
    Atspi.init()
    app = find_app(args.ppid, args.timeout)
    if app is None:
        return {"found": False}
    heard = []

    def on_event(ev):
        heard.append({"type": ev.type, "text": ev.any_data if isinstance(ev.any_data, str) else None, "politeness": ev.detail1})

    listener = Atspi.EventListener.new(on_event)
    listener.register("object:announcement")
    pump(0.3)
    print(json.dumps({"ready": True}), flush=True)
    end = time.monotonic() + args.seconds
    while time.monotonic() < end and not any(args.until == (h["text"] or "").rstrip("\u200b") for h in heard):
        pump(0.05)
    listener.deregister("object:announcement")
    return {"found": True, "heard": heard}


def xdo(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30).stdout


def app_window(pid, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = xdo("search", "--onlyvisible", "--pid", str(pid)).split()
        if found:
            return found[-1]
        time.sleep(0.1)
    return None


def heard_one(heard, kind, text):
    return any(h["type"] == kind and (text is None or text in (h.get("text") or "")) for h in heard)


def drive(args):
    Atspi.init()
    app = find_app(args.ppid, args.timeout)
    if app is None:
        return {"found": False}
    wid = app_window(args.ppid, args.timeout)
    if wid is None:
        return {"found": True, "window": None}
    heard = []

    def on_event(ev):
        if ev.type.startswith("object:announcement"):
            heard.append({"type": "announcement", "text": ev.any_data if isinstance(ev.any_data, str) else None, "politeness": ev.detail1})
            return
        if not ev.detail1:  # focus lost: the gain elsewhere says it
            return
        src = ev.source
        try:
            heard.append({"type": "focus", "role": src.get_role_name(), "name": src.get_name(), "description": src.get_description()})
        except GLib.Error:
            heard.append({"type": "focus", "role": None, "name": None, "description": None})

    listener = Atspi.EventListener.new(on_event)
    for kind in ("object:state-changed:focused", "object:announcement"):
        listener.register(kind)
    xdo("windowfocus", "--sync", wid)
    pump(0.3)
    print(json.dumps({"ready": True, "found": True, "pid": app.get_process_id(), "toolkit": app.get_toolkit_name()}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["do"] == "tree":
            print(json.dumps({"tree": walk_settled(app, args.timeout)}), flush=True)
            continue
        del heard[: len(heard)]  # (heard before this command: said in the last answer)
        if cmd["do"] == "key":
            xdo("windowfocus", "--sync", wid)
            xdo("key", cmd["key"])
        until, text = cmd.get("until"), cmd.get("text")
        end = time.monotonic() + float(cmd.get("seconds", 5))

        while time.monotonic() < end and not (until and heard_one(heard, until, text)):
            pump(0.02)
        pump(float(cmd.get("after", 0.15)))  # what comes with it
        print(json.dumps({"events": list(heard)}), flush=True)
    listener.deregister("object:state-changed:focused")
    listener.deregister("object:announcement")
    return {"done": True}


def toggle(args):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    times = []

    def set_enabled(on):
        t = time.monotonic()
        bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                      GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", on))),
                      None, Gio.DBusCallFlags.NONE, 5000, None)
        times.append(time.monotonic() - t)

    t0 = time.monotonic()
    for i in range(args.count):
        set_enabled(False)
        time.sleep(args.interval)
        set_enabled(True)
        time.sleep(args.interval)
        if args.progress and (i + 1) % args.progress == 0:
            print(json.dumps({"toggled": i + 1}), flush=True)
    return {"toggles": args.count, "seconds": round(time.monotonic() - t0, 2), "slowest_call_s": round(max(times), 3)}


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tree")
    t.add_argument("--ppid", type=int, required=True)
    t.add_argument("--wait-for")
    t.add_argument("--press")
    t.add_argument("--expect")
    t.add_argument("--timeout", type=float, default=30.0)
    ls = sub.add_parser("listen")
    ls.add_argument("--ppid", type=int, required=True)
    ls.add_argument("--until", required=True)
    ls.add_argument("--seconds", type=float, default=30.0)
    ls.add_argument("--timeout", type=float, default=30.0)
    dr = sub.add_parser("drive")
    dr.add_argument("--ppid", type=int, required=True)
    dr.add_argument("--timeout", type=float, default=30.0)
    tg = sub.add_parser("toggle")
    tg.add_argument("--count", type=int, default=200)
    tg.add_argument("--interval", type=float, default=0.02)
    tg.add_argument("--progress", type=int, default=0)
    args = ap.parse_args()
    res = {"tree": tree, "listen": listen, "drive": drive, "toggle": toggle}[args.cmd](args)
    print(json.dumps(res), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
