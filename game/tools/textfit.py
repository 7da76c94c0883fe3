"""``python -m game textfit [--lang en|de ...] [--size WxH ...] [--only NAME] [--json]``:
does every text fit?  Every screen of ``shots`` is opened in each language
and window size and checked, without saving a picture:

* pygame_gui buttons and labels: the text, measured in the element's own
  font (as the theme sets it for the window's scale), with the border and a
  little room on each side, must fit the element's width, and its line
  height the element's height;
* no two visible widgets overlap, a container and what it holds excepted
  (and the few entries of :data:`STACKED`); no widget reaches out of the
  window;
* every button with a tooltip is hovered until its tooltip opens: the
  tooltip must be inside the window and drawn over (never under) every
  widget it covers, and still be there a few frames later;
* the app's own drawn text (recorded by ``game.ui.widgets`` for one frame):
  a line of ``text()`` wider than its ``max_width`` (shrunk to the smallest
  size and still too wide), a wrapped line of ``text_block()`` outside its
  box, text that runs over a panel's edge, text under or over a widget, a
  line that begins or ends with a stray "·", a text cut with "…";
* in German, a button, label or single drawn text that is an English
  catalog text (or fills an English template) whose German differs: a
  string left untranslated (a text German also uses, as the app's name,
  excepted).

It cannot see text drawn by other means (card faces, the pygame_gui text
boxes' own wrapping and scrolling, a text entry's scrolled content), nor
text drawn on another surface first and blitted later, nor judge whether a
text is cramped yet inside its box.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from game.engine.cli import NumberError, ToolParser, guarded, say, window_size
from game.persistence.settings import TEXT_SIZES
from game.tools import headless, open_as_shot, set_vision

PROG = "python -m game textfit"
SIZES = ("800x500", "1280x800", "1920x1080")
LANGS = ("en", "de")

#: widgets that overlap on purpose: (scene name part, object id or key part, other) and why.
#: Kept tiny; each needs its reason.
STACKED: tuple[tuple[str, str, str, str], ...] = ()


@dataclass(frozen=True)
class Finding:
    screen: str
    lang: str
    size: str
    kind: str
    text: str
    detail: str

    def line(self) -> str:
        return f"{self.lang} {self.size} {self.screen}: {self.kind}: {self.text!r} — {self.detail}"


def main(argv: list[str]) -> int:
    p = ToolParser(prog=PROG)
    p.add_argument("--lang", action="append", choices=list(LANGS), help="a language (repeatable; default both)")
    p.add_argument("--size", action="append", help="window size WxH (repeatable; default 800x500, 1280x800 and 1920x1080)")
    p.add_argument("--text-size", choices=list(TEXT_SIZES), help="the text size setting to draw with (default: normal)")
    p.add_argument("--high-contrast", action="store_true", help="draw with the high-contrast look")
    p.add_argument("--only", help="only screens whose name contains this text")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    sizes = args.size or list(SIZES)
    try:
        for t in sizes:
            window_size(t)
    except NumberError as e:
        say(PROG, e)
        return 2
    with headless("mtg-textfit-"):
        t0 = time.perf_counter()
        findings, screens = check(args.lang or list(LANGS), sizes, args.only, text_size=args.text_size, high_contrast=args.high_contrast)
        seconds = round(time.perf_counter() - t0, 2)
    if args.only and not screens:
        say(PROG, f"--only {args.only!r} matches no screen")
        return 2
    if args.json:
        print(json.dumps({"findings": [asdict(f) for f in findings], "count": len(findings), "screens": screens, "seconds": seconds}, ensure_ascii=False))
    else:
        for f in findings:
            print(f.line())
        print(f"{len(findings)} findings over {screens} screens in {seconds} s")
    return 1 if findings else 0


def check(langs: list[str], sizes: list[str], only: str | None = None, *, text_size: str | None = None, high_contrast: bool = False) -> tuple[list[Finding], int]:
    """Every screen (or those named like ``only``) in every language and
    size (with the text size setting ``text_size``, and the high-contrast
    look with ``high_contrast``); returns the findings
    and how many screens were checked."""
    from game.app import App, all_scene_factories, parse_size

    findings: list[Finding] = []
    screens = 0
    for size_text in sizes:
        for lang in langs:
            app = App(parse_size(size_text), lang=lang, fullscreen=False, home_notices=False)
            app.settings.animation = "off"
            app.settings.sound = False
            set_vision(app, text_size, high_contrast)
            try:
                for name, make in all_scene_factories(app):
                    if only and only not in name:
                        continue
                    screens += 1
                    findings.extend(Finding(name, lang, size_text, kind, txt, detail) for kind, txt, detail in check_scene(app, make))
            finally:
                app.close()
    return findings, screens


def check_scene(app: Any, make: Any) -> list[tuple[str, str, str]]:
    """Open one screen as ``shots`` does, record one frame and check it:
    (kind, text, detail) per problem."""
    open_as_shot(app, make, frames=1)
    entries = record_frame(app)
    out: list[tuple[str, str, str]] = []
    els = visible_elements(app)
    out += check_widgets(app, els)
    out += check_drawn(entries, els, app.scale)
    out += check_widgets_in_panels(entries, els)
    out += [f for f in check_tooltips(app, els) if f not in out]
    from game.i18n import current

    if current() != "en":
        out += check_language(current(), entries, els)
    return out


def check_language(lang: str, entries: list, els: list) -> list[tuple[str, str, str]]:
    """Texts of a screen in ``lang`` that are English catalog texts: whole
    drawn texts and widget texts (a wrapped line is part of a sentence and
    is not looked at)."""
    texts = [txt for kind, txt, *_ in entries if kind == "text"]
    texts += [t for t in (getattr(e, "text", None) for e in els) if isinstance(t, str)]
    english = _english_only(lang)
    return [("english", t, "an English text on a screen in " + lang) for t in dict.fromkeys(x.strip() for x in texts) if t and english.fullmatch(t)]


@lru_cache(maxsize=2)
def _english_only(lang: str) -> Any:
    """One pattern for every English catalog text that ``lang`` says
    differently; a template's fields match anything."""
    import re

    from game.i18n import catalog

    def forms(v: Any) -> list[str]:
        return [x for x in (v.values() if isinstance(v, dict) else [v]) if isinstance(x, str)]

    # what the language itself says somewhere (the app's name "Mind the Gap" is one)
    theirs = {x for v in catalog(lang).values() for x in forms(v)}
    parts = []
    for v in catalog("en").values():
        for x in forms(v):
            literal = re.split(r"\{[^{}]*\}", x)
            # a text that is mostly fields ("{a} · {b}") says nothing about
            # its language; nor does a short phrase around fields ("{a} is
            # not {b}" matched Delphi's German cheat sheet, whose rule
            # syntax is the rule language's own English words)
            said = sum(len(t.strip()) for t in literal)
            if x in theirs or said < 6 or (len(literal) > 1 and said < 10):
                continue
            parts.append(".*".join(re.escape(t) for t in literal))
    return re.compile("|".join(f"(?:{p})" for p in parts), re.S)


def record_frame(app: Any, events: list | None = None) -> list:
    """One frame, with what the top scene draws through game.ui.widgets
    (a dialog's screen under it is dimmed, its text does not count)."""
    from game.ui import widgets

    entries: list = []
    top = app.scenes.top
    own_draw = top.draw

    def marked(surface: Any) -> None:
        entries.append(("top", "", None, None, None))
        own_draw(surface)

    top.draw = marked
    touch = getattr(top, "touch", None)
    if touch is not None:
        touch()  # a table's static layer is drawn again, into the record
    widgets.RECORD = (app.screen, entries)
    try:
        app.step(1 / 60, events=events or [])
    finally:
        widgets.RECORD = None
        del top.draw
    marks = [i for i, e in enumerate(entries) if e[0] == "top"]
    return entries[marks[-1] + 1 :] if marks else entries


# --- pygame_gui elements ------------------------------------------------------------------------


def visible_elements(app: Any) -> list:
    import pygame_gui

    root = app.ui.get_root_container()
    skip = (pygame_gui.core.UIContainer, pygame_gui.elements.UITooltip)
    return [e for e in app.ui.get_sprite_group().sprites() if e is not root and e.alive() and e.visible and not isinstance(e, skip)]


def _owners(el: Any) -> set[int]:
    """The ids of what holds ``el``: its containers and the elements those
    belong to (a scroll bar's buttons belong to the scroll bar)."""
    out: set[int] = set()
    todo = [el]
    while todo:
        cur = todo.pop()
        for nxt in (getattr(cur, "ui_container", None), getattr(cur, "parent_element", None)):
            if nxt is not None and id(nxt) not in out:
                out.add(id(nxt))
                todo.append(nxt)
    return out


def _name(el: Any) -> str:
    t = getattr(el, "text", None)
    kind = type(el).__name__
    return f"{kind} {t!r}" if isinstance(t, str) and t else kind


def _in_scroller(el: Any) -> bool:
    import pygame_gui

    cur, seen = getattr(el, "ui_container", None), set()
    while cur is not None and id(cur) not in seen:  # the root container holds itself
        seen.add(id(cur))
        if isinstance(cur, pygame_gui.elements.UIScrollingContainer) or isinstance(getattr(cur, "parent_element", None), pygame_gui.elements.UIScrollingContainer):
            return True
        cur = getattr(cur, "ui_container", None)
    return False


def check_widgets(app: Any, els: list) -> list[tuple[str, str, str]]:
    import pygame
    import pygame_gui

    out: list[tuple[str, str, str]] = []
    window = pygame.Rect((0, 0), app.screen.get_size())
    s = app.scale
    room = max(3, round(4 * s))  # the least room between a button's text and its border, each side
    for el in els:
        r = el.rect
        if not _in_scroller(el) and not window.contains(r):
            out.append(("outside", _name(el), f"{tuple(r)} is not inside the window {window.size}"))
        txt = getattr(el, "text", "")
        font = getattr(el, "font", None)
        if not isinstance(txt, str) or not txt or font is None:
            continue
        if isinstance(el, pygame_gui.elements.UIButton):
            bw = getattr(el, "border_width", 0) or 0  # a dict per side in pygame_gui 0.6.14
            border = int(max(bw.values()) if isinstance(bw, dict) else bw)
            tw, th = font.size(txt)
            need = tw + 2 * (border + room)
            if need > r.w:
                out.append(("clipped", txt, f"button {r.w} px wide, its text needs {need} ({tw} + border and room)"))
            if th > r.h - 2 * border:
                out.append(("clipped", txt, f"button {r.h} px high, its text {th}"))
        elif isinstance(el, pygame_gui.elements.UILabel):
            tw, th = font.size(txt)
            if tw > r.w:
                out.append(("clipped", txt, f"label {r.w} px wide, its text {tw}"))
            if th > r.h:
                out.append(("clipped", txt, f"label {r.h} px high, its text {th}"))
        if _cut(txt):
            out.append(("ellipsis", txt, "a widget's text is cut"))
    # overlaps: every pair of visible widgets, a holder and what it holds excepted
    kinds = (pygame_gui.elements.UIPanel, pygame_gui.elements.UIScrollingContainer)
    leaves = [e for e in els if not isinstance(e, kinds)]
    owners = {id(e): _owners(e) for e in leaves}
    for i, a in enumerate(leaves):
        for b in leaves[i + 1 :]:
            if id(a) in owners[id(b)] or id(b) in owners[id(a)]:
                continue
            if _shares_parent_element(a, b):
                continue
            clip = a.rect.clip(b.rect)
            if clip.w > 1 and clip.h > 1 and not _stacked(a, b):
                out.append(("overlap", _name(a), f"{tuple(a.rect)} overlaps {_name(b)} {tuple(b.rect)}"))
    return out


def _shares_parent_element(a: Any, b: Any) -> bool:
    """Parts of one composite element (a scroll bar's arrows and its
    slider) are its own business."""
    pa, pb = getattr(a, "parent_element", None), getattr(b, "parent_element", None)
    return pa is not None and pa is pb and not _is_plain_container(pa)


def _is_plain_container(el: Any) -> bool:
    import pygame_gui

    return isinstance(el, (pygame_gui.core.UIContainer, pygame_gui.elements.UIPanel))


def _stacked(a: Any, b: Any) -> bool:
    return False


# --- tooltips -----------------------------------------------------------------------------------


def check_tooltips(app: Any, els: list) -> list[tuple[str, str, str]]:
    """Hover each button that has a tooltip until the tooltip opens."""
    import pygame
    import pygame_gui

    out: list[tuple[str, str, str]] = []
    tipped = [e for e in els if isinstance(e, pygame_gui.elements.UIButton) and getattr(e, "tool_tip_text", None)]
    if not tipped:
        return out
    window = pygame.Rect((0, 0), app.screen.get_size())
    for el in tipped:
        if not el.alive():
            continue  # a rebuild after an earlier hover made the buttons anew
        name, tip_text, pos = _name(el), str(el.tool_tip_text), el.rect.center
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=app_pos(app, pos), rel=(0, 0), buttons=(0, 0, 0))
        pygame.mouse.set_pos(app_pos(app, pos))
        app.step(1 / 60, events=[move])
        enabled = el.is_enabled
        tip = None
        for _ in range(13):  # the tooltip opens after its delay (1 s)
            app.step(0.1, events=[])
            tip = _open_tooltip(app)
            if tip is not None:
                break
        for _ in range(2):
            app.step(1 / 60, events=[])
        # what the table draws itself while the button is hovered (the
        # reason a disabled button is off: pygame_gui opens no tooltip there)
        drawn = record_frame(app)
        out += [(k, t, f"while {name} is hovered: {d}") for k, t, d in check_drawn(drawn, visible_elements(app), app.scale)]
        if tip is None:
            if enabled:
                out.append(("tooltip", tip_text, f"hovering {name} at {pos} opens no tooltip"))
        elif not tip.alive():
            out.append(("tooltip", tip_text, f"{name}'s tooltip closes by itself while hovered (the buttons are made anew)"))
        else:
            if not window.contains(tip.rect):
                out.append(("tooltip", tip_text, f"{tuple(tip.rect)} is not inside the window"))
            order = {id(e): i for i, e in enumerate(app.ui.get_sprite_group().sprites())}  # first drawn first
            for other in visible_elements(app):
                if other is tip.parent_element or id(tip) in _owners(other) or not tip.rect.colliderect(other.rect):
                    continue
                if order[id(other)] > order[id(tip)]:
                    out.append(("tooltip", tip_text, f"drawn under {_name(other)} {tuple(other.rect)} (layer {other.layer}, the tooltip's {tip.layer})"))
        # leave: move away so the next button starts unhovered
        away = pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60, events=[away])
    return out


def app_pos(app: Any, pos: tuple[int, int]) -> tuple[int, int]:
    """A screen position as a window position (the screen may be larger)."""
    if app.view_scale is None:
        return pos
    sx, sy = app.view_scale
    return (int(pos[0] / sx), int(pos[1] / sy))


def _tooltips(els: list) -> list:
    return [t for e in els if (t := getattr(e, "tool_tip", None)) is not None]


def _open_tooltip(app: Any):
    import pygame_gui

    for e in app.ui.get_sprite_group().sprites():
        if isinstance(e, pygame_gui.elements.UITooltip) and e.alive():
            return e
    return None


# --- the app's own drawn text -------------------------------------------------------------------


def check_drawn(entries: list, els: list, scale: float = 1.0) -> list[tuple[str, str, str]]:
    import pygame_gui

    margin = max(2, round(4 * scale))
    out: list[tuple[str, str, str]] = []
    panels = [r.clip(clip) for kind, _, r, _, clip in entries if kind == "panel"]
    tips = {id(e) for e in _tooltips(els)}
    solid = [e for e in els if not isinstance(e, (pygame_gui.elements.UIPanel, pygame_gui.elements.UIScrollingContainer)) and not (_owners(e) & tips)]
    for kind, txt, whole, limit, clip in entries:
        r = whole.clip(clip)  # a list that scrolls draws through a clip: what shows counts
        if kind == "panel" or not txt.strip() or not r:
            continue
        if kind == "text" and limit is not None and whole.w > limit + 1:
            out.append(("drawn-clipped", txt, f"{whole.w} px wide at the smallest size, room for {limit}"))
        if kind == "line":
            box = limit
            if r.right > box.right + 1 or r.x < box.x - 1:
                out.append(("drawn-overflow", txt, f"a line {r.w} px wide in a box {box.w} wide"))
            if box.h > 0 and r.bottom > box.bottom + 1:
                out.append(("drawn-overflow", txt, f"a line ends at y {r.bottom}, its box at {box.bottom}"))
        t = txt.strip()
        # a single text may begin with "· " (a list's item); a wrapped line that does was cut there
        if t.endswith("·") or (kind == "line" and t.startswith("·")) or "· ·" in t or "··" in t:
            out.append(("stray-bullet", txt, "a line begins or ends with a '·'"))
        if _cut(t):
            out.append(("ellipsis", txt, "drawn text is cut"))
        ink = _ink(r)
        # a text inside some panel is in its box (a hint box over the log is);
        # one that only straddles a panel's edge is not
        if not any(p.contains(ink) for p in panels):
            for p in panels:
                if p.colliderect(ink) and not ink.contains(p):
                    out.append(("drawn-overflow", txt, f"{tuple(ink)} runs over the edge of a panel {tuple(p)}"))
                    break
        for e in solid:
            # the focus ring is drawn round a button: text must keep clear of it
            if e.rect.inflate(2 * margin, 2 * margin).colliderect(ink):
                out.append(("drawn-under-widget", txt, f"{tuple(ink)} meets {_name(e)} {tuple(e.rect)}"))
                break
    return out


def check_widgets_in_panels(entries: list, els: list) -> list[tuple[str, str, str]]:
    """A widget that runs over the edge of a drawn panel (part in, part
    out) and lies inside no other: a row of buttons wider than its form."""
    panels = [r.clip(clip) for kind, _, r, _, clip in entries if kind == "panel"]
    out: list[tuple[str, str, str]] = []
    for e in els:
        r = e.rect
        if any(p.contains(r) for p in panels):
            continue
        edge = next((p for p in panels if p.colliderect(r) and not r.contains(p)), None)
        if edge is not None:
            out.append(("widget-over-panel-edge", _name(e), f"{tuple(r)} runs over the edge of a panel {tuple(edge)}"))
    return out


def _cut(t: str) -> bool:
    """A word cut short: "Compute…" or pygame_gui's "Compute..."; the
    catalog's own "…" ("Choose from the library…", "last2 …") is meant."""
    t = t.rstrip()
    if len(t) <= 3 or not t.endswith(("…", "...")) or t.endswith(" …"):
        return False
    return not any(v.endswith(t) or t.endswith(v) for v in _catalog_ellipses())


@lru_cache(maxsize=1)
def _catalog_ellipses() -> tuple[str, ...]:
    from game.i18n import catalog

    return tuple(v.rstrip() for lang in LANGS for v in catalog(lang).values() if isinstance(v, str) and v.rstrip().endswith(("…", "...")))


def _ink(r: Any) -> Any:
    """A text's rect less the font's empty rows above and below the letters
    (a line's box touches the next line's; its ink does not)."""
    pad = r.h // 6
    return r.inflate(-2, -2 * pad)


if __name__ == "__main__":
    sys.exit(guarded(main, sys.argv[1:], PROG))
