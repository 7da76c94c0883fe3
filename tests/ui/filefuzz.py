"""Bad files for the file fuzz tests: mutations of valid files, entries
that are not files, and how to tell what the app did with them.

A case is judged by the folder it lives in: before the app starts, every
entry under ``MTG_HOME`` is noted (kind, size, inode, modification time,
and the bytes of small files); afterwards the folder must be the same, but
for the case's file, which is either untouched (the app took it) or
renamed to ``<name>.bad`` and otherwise the same (the app refused it and
said so).
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import stat
import subprocess
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.match import Match, Refused, seats_from
from game.engine.registry import engine
from game.persistence.storage import LOCK_NAME

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
#: a small good save (a Gaps deal before its first move)
GAPS_SAVE = {
    "schema": 1,
    "game": "gaps",
    "record": {"schema": 1, "game": "gaps", "seed": 7, "options": {"redeals": 2, "layout": ""}, "actions": []},
    "table": {"names": ["Anna"], "bots": [None], "levels": [None], "prefs": {"redeals": 2}, "assisted": False},
    "saved_at": 1.0,
}


def first_frame(home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """The app started as a player starts it (``python -m game``), up to
    its first frame; it prints ``first-frame <seconds> <scene on top>``."""
    env = dict(os.environ, MTG_HOME=str(home), MTG_FIRST_FRAME_EXIT="1", **HEADLESS)
    return subprocess.run([sys.executable, "-m", "game"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout)

#: wrong values put at every key: every JSON type, unknown names, numbers
#: out of every range the app uses
WRONG: dict[str, Any] = {
    "null": None,
    "true": True,
    "zero": 0,
    "minus-one": -1,
    "half": 1.5,
    "text": "x",
    "unknown-name": "nosuch",
    "empty-list": [],
    "list": [1],
    "empty-object": {},
    "object": {"nosuch": 1},
    "2**63+1": 2**63 + 1,
    "10**30": 10**30,
    # a time far past what the calendar functions take (the Continue list
    # stopped at every click on a save dated so)
    "1e17": 1e17,
}
#: written into the JSON text as they are (json.dumps cannot make them)
RAW: dict[str, str] = {
    "5000-digits": "1" * 5000,
    "minus-5000-digits": "-" + "1" * 5000,
    "41-digits": "1" * 41,
    "1e999": "1e999",
    "NaN": "NaN",
    "nested-100000": "[" * 100_000 + "]" * 100_000,
    "nested-50": "[" * 50 + "]" * 50,
}
#: entries that are not a regular file, made in place of the file
SPECIAL = ("folder", "fifo", "link-to-dev-zero", "link-to-dev-null", "link-to-nowhere", "sparse-2GB", "link-to-folder")
#: a link to a good file elsewhere is a good file (a player's dotfiles)
GOOD_LINK = "link-to-a-good-file"
_SENTINEL = "\u2603raw\u2603"


def played(plays) -> list[tuple[str, list]]:
    """Real games and the statistics folds each made: (game id, folds).
    ``plays``: (game id, options, bots, meta, stop_when); computers play
    every seat (a person's seat, ``None``, by a stand-in), to the end, or
    until ``stop_when(match)``, and then the game is stopped."""
    out = []
    for i, (gid, options, bots, meta, stop_when) in enumerate(plays):
        names = [f"P{n}" for n in range(len(bots))]
        m = Match.start(engine(gid), options, 100 + i, seats_from(names, bots), meta=meta)
        m.run(stop_when)
        if stop_when is not None:
            assert not isinstance(m.stop(), Refused)
        out.append((gid, m.take_folds()))
    return out


def folded(plays) -> dict:
    """The statistics of :func:`played` games, by game id."""
    games: dict = {}
    for gid, folds in played(plays):
        for fold in folds:
            fold(games.setdefault(gid, {}))
    return games


@dataclass(frozen=True)
class Case:
    name: str
    content: bytes | None = None  # the file's bytes; None: ``special`` names the entry
    special: str | None = None
    #: "reject" (must be moved aside), "accept" (must be used as it is) or
    #: "either" (a value the shape may allow; whatever happens, no crash)
    expect: str = "reject"


def dumps(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True).encode()


def paths(value: Any, where: tuple = ()) -> Iterator[tuple]:
    """Every key of every object, the first and the last item of every list."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*where, k)
            yield from paths(v, (*where, k))
    elif isinstance(value, list) and value:
        for i in sorted({0, len(value) - 1}):
            yield (*where, i)
            yield from paths(value[i], (*where, i))


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _parent(doc: Any, path: tuple) -> Any:
    return _get(doc, path[:-1])


def replaced(doc: Any, path: tuple, new: Any) -> Any:
    d = copy.deepcopy(doc)
    _parent(d, path)[path[-1]] = new
    return d


def _kind(v: Any) -> str:
    return "null" if v is None else type(v).__name__


def _must_refuse(old: Any, new: Any) -> bool:
    """A value of another JSON type (not null) where there was one (a
    whole number may stand for a decimal one), or an integer beyond every
    range the app uses."""
    if old is None or new is None:
        return False
    if isinstance(new, int) and not isinstance(new, bool) and abs(new) > 2**63:
        return True
    return _kind(old) != _kind(new) and not (_kind(old) == "float" and _kind(new) == "int")


def mutations(doc: dict, *, loose: tuple[str, ...] = ()) -> list[Case]:
    """Mutations of ``doc``.  Under a key in ``loose`` (the game's options,
    checked by the engine when the game replays) a wrong type may pass the
    file's shape, so there the app only has to survive it."""
    text = dumps(doc)
    out = [Case(f"truncated at {cut}", text[:cut]) for cut in sorted({0, 1, 2, len(text) // 4, len(text) // 2, 3 * len(text) // 4, len(text) - 2, len(text) - 1})]
    out += [
        Case("a list, not an object", b"[1, 2, 3]"),
        Case("null", b"null"),
        Case("no schema", dumps({k: v for k, v in doc.items() if k != "schema"})),
        Case("a newer schema", dumps({**doc, "schema": 99}), expect="leave"),
        Case("not UTF-8", text[:10] + b"\xff\xfe\x00" + text[10:]),
        Case("UTF-16", json.dumps(doc).encode("utf-16")),
        Case("a byte-order mark", b"\xef\xbb\xbf" + text, expect="accept"),
        Case("two byte-order marks", b"\xef\xbb\xbf\xef\xbb\xbf" + text),
    ]
    for path in paths(doc):
        where = ".".join(map(str, path))
        old = _parent(doc, path)[path[-1]]
        is_loose = any(str(p) in loose for p in path)
        for name, new in WRONG.items():
            if new == old and _kind(new) == _kind(old):
                continue
            must = _must_refuse(old, new) and not is_loose
            out.append(Case(f"{where} = {name}", dumps(replaced(doc, path, new)), expect="reject" if must else "either"))
        for name, raw in RAW.items():
            if name == "nested-50" and is_loose:
                continue
            body = dumps(replaced(doc, path, _SENTINEL))
            mark = json.dumps(_SENTINEL, ensure_ascii=False).encode()
            assert body.count(mark) == 1
            body = body.replace(mark, raw.encode())
            out.append(Case(f"{where} = {name}", body))
        if isinstance(old, str):  # NUL, zero-width and direction characters in a text (a name crashed three screens)
            out.append(Case(f"{where} with control characters", dumps(replaced(doc, path, old + "\x00\u200b\u202e\x07")), expect="either"))
        if isinstance(path[-1], str):
            out.append(Case(f"{where} missing", dumps(_without(doc, path)), expect="either"))
    for path in [(), *(p for p in paths(doc) if isinstance(_get(doc, p), dict))]:
        where = ".".join(map(str, path)) or "top"
        out.append(Case(f"{where} + an unknown key", dumps(replaced(doc, (*path, "nosuch"), 1)), expect="either"))
    out += [Case(s, special=s) for s in SPECIAL]
    out.append(Case(GOOD_LINK, text, special=GOOD_LINK, expect="accept"))
    return out


#: ``make test`` runs a fifth of the wrong-value cases, spread so that
#: every key gets every fifth kind of wrong value (a different fifth for
#: the next key) and every kind comes up on a fifth of the keys, and a
#: third of the other per-key cases (picked by name); all of the others:
#: truncations, encodings, special files, files that must be accepted.
#: The whole set (7,341 cases) took 8 minutes of a full run under load;
#: a third of each, picked by name (2,502 cases, no key or kind sure to
#: come up), took 106 s on a quiet machine; this sample is 1,656 cases
#: (101 s here with one other job).  ``make soak`` runs all with
#: MTG_FILE_FUZZ=all.
FULL = os.environ.get("MTG_FILE_FUZZ") == "all"
#: the wrong values a key is given, in order
KINDS = (*WRONG, *RAW)
STRIDE = 5


def wrong_value(case: Case) -> tuple[str, str] | None:
    """(the key, the kind of wrong value) of a wrong-value case."""
    where, sep, kind = case.name.rpartition(" = ")
    return (where, kind) if sep and kind in KINDS else None


def sampled(cases: list[Case]) -> list[Case]:
    if FULL:
        return cases
    keys: dict[str, int] = {}
    out = []
    for i, c in enumerate(cases):
        wv = wrong_value(c)
        if wv is not None:
            k = keys.setdefault(wv[0], len(keys))
            if (k + KINDS.index(wv[1])) % STRIDE == 0:
                out.append(c)
        elif i < 16 or c.special or c.expect == "accept" or zlib.crc32(c.name.encode()) % 3 == 0:
            out.append(c)
    return out


def _without(doc: Any, path: tuple) -> Any:
    d = copy.deepcopy(doc)
    del _parent(d, path)[path[-1]]
    return d


def make(path: Path, case: Case, scratch: Path) -> None:
    """Put ``case`` at ``path`` (``scratch``: a folder outside MTG_HOME for
    what links point to)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if case.special == GOOD_LINK:
        assert case.content is not None
        scratch.mkdir(parents=True, exist_ok=True)
        (scratch / "good.json").write_bytes(case.content)
        path.symlink_to(scratch / "good.json")
    elif case.content is not None:
        path.write_bytes(case.content)
    elif case.special == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    elif case.special == "fifo":
        os.mkfifo(path)
    elif case.special == "link-to-dev-zero":
        path.symlink_to("/dev/zero")
    elif case.special == "link-to-dev-null":
        path.symlink_to("/dev/null")
    elif case.special == "link-to-nowhere":
        path.symlink_to(scratch / "nothing-here.json")
    elif case.special == "link-to-folder":
        scratch.mkdir(parents=True, exist_ok=True)
        path.symlink_to(scratch)
    elif case.special == "sparse-2GB":
        with open(path, "wb") as f:
            f.truncate(2 * 2**30)  # no disk used: a hole
    else:
        raise ValueError(case)


def clear(home: Path) -> None:
    """Empty ``home`` but for the data folder with the lock in it (the app
    makes both at start)."""
    (home / "data").mkdir(parents=True, exist_ok=True)
    for p in list(home.iterdir()):
        if p.name == "data" and p.is_dir():
            for q in list(p.iterdir()):
                if q.name != LOCK_NAME:
                    _remove(q)
        else:
            _remove(p)


def _remove(p: Path) -> None:
    if p.is_dir() and not p.is_symlink():
        shutil.rmtree(p)
    else:
        p.unlink()


def snapshot(home: Path) -> dict[str, tuple]:
    """Every entry under ``home`` (but the lock and the cache): what it is and, for
    small files, its bytes.  A renamed entry keeps its inode and times."""
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(home):
        if Path(dirpath) == home and "cache" in dirnames:
            # what the app can make again (the menu's pictures of the tables,
            # game/ui/scenes/thumbs.py), not the player's: the first copy of
            # a lock test writes it while the second one is watched
            dirnames.remove("cache")
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if name == LOCK_NAME:
                continue
            st = os.lstat(p)
            body: Any = None
            if stat.S_ISLNK(st.st_mode):
                body = os.readlink(p)
            elif stat.S_ISREG(st.st_mode) and st.st_size < 2**20:
                body = p.read_bytes()
            # (a folder's time and size change when an entry in it is renamed)
            size, mtime = (0, 0) if stat.S_ISDIR(st.st_mode) else (st.st_size, st.st_mtime_ns)
            out[str(p.relative_to(home))] = (stat.S_IFMT(st.st_mode), size, st.st_ino, mtime, body)
    return out


def judge(before: dict, after: dict, home: Path, path: Path, told: list[str]) -> str:
    """"accepted", "left" (not used, untouched, and said: a newer version's
    file), "refused" (moved aside) or "repaired" (moved aside, and the part
    that fits written in its place), after checking that nothing else
    changed; raises AssertionError with what went wrong."""
    rel = str(path.relative_to(home))
    if after == before:  # used, or left as it is and said (a newer version's file)
        return "left" if told else "accepted"
    bad = rel + ".bad"
    assert bad in after, f"{rel} changed and no {bad}: {sorted(after)}"
    verdict = "refused"
    if rel in after:  # the part that fits, written in its place once the file was aside
        assert after[rel] != before[rel], f"{rel} was kept aside and written again as it was"
        verdict = "repaired"
    assert after[bad] == before[rel], f"{bad} is not the file that was there"
    rest_before = {k: v for k, v in before.items() if k != rel and not k.startswith(rel + "/")}
    rest_after = {k: v for k, v in after.items() if k not in (bad, rel) and not k.startswith(bad + "/")}
    assert rest_after == rest_before, f"other files changed: {sorted(set(rest_after) ^ set(rest_before))}"
    assert told, "the file was moved aside without a word to the player"
    return verdict
