"""Small pictures for the rules screens, drawn from real positions.

Every diagram is a position written in its game's own notation (the text
lives here, in :data:`DIAGRAMS`, next to what the picture marks), parsed by
that notation and checked by the game's rule functions before anything is
drawn, so a picture can never show a position the rules forbid:

- ``pyramid`` (Mind the Gap): a pyramid in the game's notation; parsing it
  already places every card through ``placement_problem``, and
  :func:`check` asks each card resting on two others to be their
  difference.  The picture puts the difference between each pair.
- ``gaps`` (Gaps): a layout in the Gaps notation and a window of one row;
  the gap marked live must be live per ``gap_info`` and the one marked dead
  dead (after a King or another gap).  What the live gap wants comes from
  ``gap_info`` too.
- ``delphi`` (Delphi, which has no position notation of its own): a line
  ``rule=<library id> main=<cards> side=<anchor>:<cards> ...``; the cards
  are read by ``Card.parse``, the main line must be accepted by the library
  rule (judged by the rule language, starters excepted) and every side line
  refused after the main-line card it hangs under.
- ``runs`` (Runs): a position in the Runs notation (``pile=*`` stands for
  every card not written elsewhere and is filled in before the parser sees
  it); each step of the chain must be a follower per the Runs deck rules,
  and the card ringed after it must be among the legal plays of the seat on
  turn.

A diagram is drawn once per (game, name, width, card width, language,
colour scheme) and kept (:func:`block`): the rules screen redraws every
frame and only blits it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Any

import pygame

from game.cards import Card, CardParseError, display
from game.engine.core import NotationError
from game.i18n import Message, tr
from game.ui import cardart
from game.ui.assets import GOLD, INK, REFUSE
from game.ui.widgets import rendered, wrap


class DiagramError(ValueError):
    """A diagram whose position is not what its marks claim."""


@dataclass(frozen=True)
class Spec:
    kind: str  # pyramid, gaps, delphi, runs
    notation: str
    caption: str  # catalog key
    #: what the picture marks, per kind (gaps: row, first/last column, live/dead cell; runs: next card)
    marks: dict[str, Any] = field(default_factory=dict)


DIAGRAMS: dict[str, dict[str, Spec]] = {
    "mind-the-gap": {
        "pyramid": Spec("pyramid", "2S/3H,5D/7C,4S,9H/KD,6C,10S,AH - 6 normal std", "mind_the_gap.rules.diagram.pyramid"),
    },
    "gaps": {
        "row": Spec(
            "gaps",
            "3D 4H 5H -- 8C KS -- 9D 2H 8D 7D 6S QC\n"
            "2D 9C QH KC 10C 7H 2C -- KH JS KD 4S 6D\n"
            "7C 7S 10S 6H 8S 2S JD JH 5C 10H 3H 3C 10D\n"
            "6C -- 5D 9S QS 5S 8H QD 3S 4C 4D 9H JC",
            "gaps_ui.rules.diagram.row",
            {"row": 0, "first": 1, "last": 7, "live": 3, "dead": 6, "dead_kind": "after_king"},
        ),
    },
    "delphi": {
        "line": Spec("delphi", "rule=alternate_colour main=5H,8S,3D,10C,QH side=1:9C side=3:4H,7D", "delphi.rules.diagram.line"),
    },
    "runs": {
        "chain": Spec(
            "runs",
            "p=2 seed=1 dealer=0 round=1/5 wrap=0 phase=play turn=1 | chain=10S@1,9S@0,8S@1,7S@0 "
            "| hands=2H,5D/6S,JS,6H | pile=* | out=- | base=0,0 | points=16,18 | bonus=0,0",
            "runs.rules.diagram.chain",
            {"next": "6S"},
        ),
    },
}


# --- reading and checking (no drawing) ------------------------------------------------
@dataclass(frozen=True)
class Pyramid:
    rows: tuple[tuple[Card | None, ...], ...]


@dataclass(frozen=True)
class GapsRow:
    cells: tuple[Card | None, ...]  # the window, left to right
    live: int  # index into cells
    dead: int
    wants: Card  # what the live gap takes (gap_info)
    left: Card  # the live gap's left neighbour
    blocker: Card | None  # the dead gap's left neighbour (None: a gap)


@dataclass(frozen=True)
class DelphiLine:
    rule_id: str
    main: tuple[Card, ...]
    side: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class RunsChain:
    chain: tuple[Card, ...]
    next: Card


def _pyramid(spec: Spec) -> Pyramid:
    from game.games.mind_the_gap.notation import NOTATION

    state = NOTATION.parse(spec.notation)
    shape = state.shape
    places = state.places
    for above, left, right in shape.triples:
        a, lc, rc = places[above], places[left], places[right]
        if a is not None and lc is not None and rc is not None and abs(lc.value - rc.value) != a.value:
            raise DiagramError(f"{a.code} is not the difference of {lc.code} and {rc.code}")
    rows = tuple(tuple(places[shape.index(r, c)] for c in range(r + 1)) for r in range(shape.rows))
    return Pyramid(rows)


def _gaps(spec: Spec) -> GapsRow:
    from game.games.gaps.notation import parse
    from game.games.gaps.rules import gap_info

    state = parse(spec.notation)
    m = spec.marks
    row, first, last = m["row"], m["first"], m["last"]
    live, dead = row * 13 + m["live"], row * 13 + m["dead"]
    if not first <= m["live"] <= last or not first <= m["dead"] <= last:
        raise DiagramError("the marked gaps lie outside the window")
    info = {g.cell: g for g in gap_info(state)}
    if live not in info or info[live].kind != "live" or info[live].wants is None:
        raise DiagramError(f"cell {live} is not a live gap")
    if dead not in info or info[dead].live or info[dead].kind != m["dead_kind"]:
        raise DiagramError(f"cell {dead} is not a dead gap of the kind {m['dead_kind']}")
    left, wants = state.grid[live - 1], info[live].wants
    assert left is not None and wants is not None  # a live gap past the first column: a card on its left
    cells = tuple(state.grid[row * 13 + c] for c in range(first, last + 1))
    return GapsRow(cells, m["live"] - first, m["dead"] - first, wants, left, state.grid[dead - 1])


def _delphi(spec: Spec) -> DelphiLine:
    from game.games.delphi.library import library_rule
    from game.games.delphi.ruleapi import accepts_string, starters_for

    fields: dict[str, list[str]] = {}
    for tok in spec.notation.split():
        key, eq, value = tok.partition("=")
        if not eq or key not in ("rule", "main", "side"):
            raise NotationError(f"expected rule=, main= or side=, not {tok!r}")
        fields.setdefault(key, []).append(value)
    if len(fields.get("rule", [])) != 1 or len(fields.get("main", [])) != 1:
        raise NotationError("a Delphi line has one rule= and one main=")
    try:
        lib = library_rule(fields["rule"][0])
    except KeyError:
        raise NotationError(f"no library rule {fields['rule'][0]!r}") from None

    def cards(text: str) -> tuple[Card, ...]:
        try:
            return tuple(Card.parse(t) for t in text.split(","))
        except CardParseError as e:
            raise NotationError(str(e)) from None

    main = cards(fields["main"][0])
    rule = lib.rule
    n = starters_for(rule)
    if len(main) <= n:
        raise DiagramError("the main line needs a card after its starters")
    if not accepts_string(rule, main[n:], main[:n]):
        raise DiagramError(f"the main line breaks the rule {lib.text!r}")
    side = []
    for text in fields.get("side", []):
        at, colon, rest = text.partition(":")
        if not colon or not at.isdigit() or not n - 1 <= int(at) < len(main):
            raise NotationError(f"a side line is side=<main-line index>:<cards>, not {text!r}")
        string = cards(rest)
        if accepts_string(rule, string, main[: int(at) + 1]):
            raise DiagramError(f"the side line {rest} fits the rule after {main[int(at)].code}")
        side.append((int(at), string))
    return DelphiLine(lib.id, main, tuple(side))


def _runs(spec: Spec) -> RunsChain:
    from game.games.runs.deck import DECK, followers
    from game.games.runs.notation import NOTATION, SEP
    from game.games.runs.rules import GAME

    text = spec.notation
    if "pile=*" in text:
        shown: set[str] = set()
        for part in text.split(SEP)[1:]:
            key, _, value = part.strip().partition("=")
            if key in ("chain", "hands") and value != "-":
                for tok in value.replace("/", ",").split(","):
                    shown.add(Card.parse(tok.partition("@")[0]).code if tok else "")
        rest = ",".join(c.code for c in DECK if c.code not in shown) or "-"
        text = text.replace("pile=*", f"pile={rest}")
    state = NOTATION.parse(text)
    chain = state.chain
    if len(chain) < 2:
        raise DiagramError("a chain of at least two cards")
    for a, b in pairwise(chain):
        if b not in followers((b,), a, state.wrap):
            raise DiagramError(f"{b.code} does not follow {a.code}")
    nxt = Card.parse(spec.marks["next"])
    if nxt not in {getattr(a, "card", None) for a in GAME.legal_actions(state)}:
        raise DiagramError(f"{nxt.code} is not a legal play here")
    return RunsChain(chain, nxt)


_READERS = {"pyramid": _pyramid, "gaps": _gaps, "delphi": _delphi, "runs": _runs}


def check(spec: Spec) -> Any:
    """The diagram's model, read by its notation and checked by its rules
    (raises ``NotationError`` or :class:`DiagramError`)."""
    return _READERS[spec.kind](spec)


@lru_cache(maxsize=16)
def _model(game: str, name: str) -> Any:
    return check(DIAGRAMS[game][name])


def names(game: str) -> tuple[str, ...]:
    return tuple(DIAGRAMS.get(game, {}))


def caption(game: str, name: str, lang: str) -> str:
    spec = DIAGRAMS[game][name]
    model = _model(game, name)
    params: dict[str, Any] = {}
    if isinstance(model, GapsRow):
        params = {"left": model.left, "wants": model.wants, "king": model.blocker}
    elif isinstance(model, DelphiLine):
        params = {"rule": Message(f"delphi_lang.lib.{model.rule_id}")}
    elif isinstance(model, RunsChain):
        params = {"last": model.chain[-1], "next": model.next}
    return tr(spec.caption, lang, **params)


# --- drawing ----------------------------------------------------------------------------
def card_width(scale: float) -> int:
    """Small cards, under cardart's 56 px so they show a large index."""
    return max(28, min(54, int(44 * scale)))


def _badge(txt: str, size: int, colour=GOLD, ink=(30, 30, 24)) -> pygame.Surface:
    img, _ = rendered(txt, size, ink, True, False, None)
    d = max(img.get_width() + size // 2, int(size * 1.45))
    s = pygame.Surface((d, int(size * 1.45)), pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=s.get_height() // 2)
    s.blit(img, img.get_rect(center=s.get_rect().center))
    return s


def _cross(surface: pygame.Surface, rect: pygame.Rect, colour=REFUSE) -> None:
    r = rect.inflate(-rect.w // 3, -rect.w // 3)
    w = max(3, rect.w // 10)
    pygame.draw.line(surface, colour, r.topleft, r.bottomright, w)
    pygame.draw.line(surface, colour, r.bottomleft, r.topright, w)


def _picture(model: Any, cw: int, lang: str, four: bool) -> pygame.Surface:
    ch = cardart.card_size(cw)[1]
    small = max(11, cw * 3 // 10)

    def face(c: Card) -> pygame.Surface:
        return cardart.face(c, cw, lang, four)

    if isinstance(model, Pyramid):
        gap = cw // 2
        n = len(model.rows)
        w = n * cw + (n - 1) * gap
        pitch = ch + cw // 6
        s = pygame.Surface((w, n * pitch), pygame.SRCALPHA)
        pos = {}
        for r, row in enumerate(model.rows):
            x0 = (w - (r + 1) * cw - r * gap) // 2
            for c, card in enumerate(row):
                rect = pygame.Rect(x0 + c * (cw + gap), r * pitch, cw, ch)
                pos[r, c] = rect
                s.blit(face(card) if card is not None else cardart.slot(cw), rect)
        for r in range(1, n):
            for c in range(r):
                a, b = model.rows[r][c], model.rows[r][c + 1]
                if a is None or b is None:
                    continue
                badge = _badge(str(abs(a.value - b.value)), small)
                mid = ((pos[r, c].right + pos[r, c + 1].left) // 2, pos[r, c].centery)
                s.blit(badge, badge.get_rect(center=mid))
        return s
    if isinstance(model, GapsRow):
        step = cw + max(3, cw // 8)
        glow = cardart.glow(cw)
        pad = (glow.get_width() - cw) // 2
        s = pygame.Surface((len(model.cells) * step + 2 * pad, ch + 2 * pad), pygame.SRCALPHA)
        for i, card in enumerate(model.cells):
            rect = pygame.Rect(pad + i * step, pad, cw, ch)
            if card is not None:
                s.blit(face(card), rect)
                continue
            s.blit(cardart.slot(cw, alpha=110), rect)
            if i == model.live:
                s.blit(glow, (rect.x - pad, rect.y - pad))
                label, _ = rendered(display(model.wants, lang), max(12, cw * 2 // 5), GOLD, True, False, None)
                s.blit(label, label.get_rect(center=rect.center))
            elif i == model.dead:
                _cross(s, rect)
        return s
    if isinstance(model, DelphiLine):
        step = cw + max(4, cw // 5)
        down = ch * 2 // 5
        depth = max((len(cards) for _, cards in model.side), default=0)
        h = ch + (cw // 3 + ch + (depth - 1) * down + small if depth else 0)
        s = pygame.Surface((len(model.main) * step + small, h), pygame.SRCALPHA)
        for i, card in enumerate(model.main):
            s.blit(face(card), (i * step, 0))
        for at, cards in model.side:
            x, y = at * step, ch + cw // 3
            pygame.draw.line(s, (200, 200, 190), (x + cw // 2, ch - 2), (x + cw // 2, y + 2), max(2, cw // 20))
            for k, card in enumerate(cards):
                s.blit(face(card), (x, y + k * down))
            mark = _badge("✗", small, REFUSE, (255, 255, 255))
            s.blit(mark, mark.get_rect(center=(x + cw, y + (len(cards) - 1) * down + ch - small // 4)))
        return s
    assert isinstance(model, RunsChain)
    run = (*model.chain, model.next)
    gap = max(22, cw * 4 // 5)
    glow = cardart.glow(cw)
    pad = (glow.get_width() - cw) // 2
    s = pygame.Surface((len(run) * cw + (len(run) - 1) * gap + pad, ch + 2 * pad), pygame.SRCALPHA)
    for i, card in enumerate(run):
        x = i * (cw + gap)
        if i == len(run) - 1:
            s.blit(glow, (x - pad, 0))
        s.blit(face(card), (x, pad))
        if i:
            d = int(card.rank) - int(run[i - 1].rank)
            badge = _badge(("+1" if d > 0 else "−1"), small)
            s.blit(badge, badge.get_rect(center=(x - gap // 2, pad + ch // 2)))
    return s


@lru_cache(maxsize=32)
def picture(game: str, name: str, cw: int, lang: str, four: bool = False) -> pygame.Surface:
    return _picture(_model(game, name), cw, lang, four)


@lru_cache(maxsize=32)
def block(game: str, name: str, width: int, cw: int, lang: str, four: bool = False) -> pygame.Surface:
    """The picture centred over its caption (wrapped to ``width``): one
    surface the rules screen blits every frame."""
    pic = picture(game, name, cw, lang, four)
    size = max(12, cw * 3 // 8)
    lines = wrap(caption(game, name, lang), size, width)
    imgs = [rendered(ln, size, INK, False, False, None)[0] for ln in lines]
    lh = int(size * 1.3)
    gap = max(4, cw // 6)
    s = pygame.Surface((width, pic.get_height() + gap + lh * len(imgs)), pygame.SRCALPHA)
    s.blit(pic, ((width - pic.get_width()) // 2, 0))
    for i, img in enumerate(imgs):
        s.blit(img, ((width - img.get_width()) // 2, pic.get_height() + gap + i * lh))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return s.convert_alpha()
    return s


def clear_caches() -> None:
    for fn in (picture, block):
        fn.cache_clear()
