"""Cards drawn by code at any size: faces, backs, jokers, gaps, shadows.

Every image is drawn at twice its size and smooth-scaled down, so edges
and pips are anti-aliased at any window scale; results are cached per
(card, width, language, colour scheme; a back per width and design) and
converted for fast blits; a change of look (text size, high contrast)
drops them.
Court cards get a drawn, double-ended figure (crown, tiara, cap); below
~56 px width a card shows a large index instead of pips so it stays
readable.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.cards import RANK_LETTERS, Card, Rank, Suit
from game.persistence.settings import CARD_BACKS, TEXT_SIZES
from game.ui.assets import CARD_BLACK, CARD_RED, FOUR_COLOUR, HC_BLACK, HC_FOUR_COLOUR, HC_RED, font, high_contrast

ASPECT = 1.4  # height / width, close to a poker card's 88.9 / 63.5
SS = 2  # supersampling factor

PAPER = (252, 250, 244)
EDGE = (168, 160, 146)
#: the high-contrast look's faces: white paper, a black edge three times as thick
HC_PAPER = (255, 255, 255)
HC_EDGE = (0, 0, 0)


def card_size(width: int) -> tuple[int, int]:
    w = max(8, int(width))
    return w, round(w * ASPECT)


def suit_colour(suit: Suit | None, four_colour: bool) -> tuple[int, int, int]:
    if suit is None:
        return (120, 40, 160)
    if high_contrast():
        return HC_FOUR_COLOUR[suit.value] if four_colour else HC_RED if suit.is_red else HC_BLACK
    if four_colour:
        return FOUR_COLOUR[suit.value]
    return CARD_RED if suit.is_red else CARD_BLACK


def _paper() -> tuple[tuple[int, int, int], tuple[int, int, int], int]:
    """The paper, its edge and the edge's width divisor (of the drawn width)."""
    return (HC_PAPER, HC_EDGE, 30) if high_contrast() else (PAPER, EDGE, 90)


def _rank_label(rank: Rank, lang: str) -> str:
    return RANK_LETTERS.get(lang, RANK_LETTERS["en"]).get(rank, str(int(rank)))


def _blit_centered(dst: pygame.Surface, img: pygame.Surface, center: tuple[float, float]) -> None:
    dst.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def _text(txt: str, size: float, colour, bold: bool = True) -> pygame.Surface:
    return font(int(size), bold).render(txt, True, colour)


# Pip positions for 2..10 as (x, y) in a unit box (0..1), y downwards.
_COLS = (0.0, 0.5, 1.0)
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ],
}


def _rounded(surface: pygame.Surface, rect: pygame.Rect, colour, radius: int, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def _court_figure(s: pygame.Surface, box: pygame.Rect, rank: Rank, colour, lang: str) -> None:
    """A double-ended court figure inside ``box`` (drawn on the top half,
    then mirrored), in the card's suit colour with gold and skin tones."""
    half = pygame.Surface((box.w, box.h // 2), pygame.SRCALPHA)
    w, h = half.get_size()
    gold = (222, 176, 60)
    skin = (246, 214, 178)
    robe = colour
    trim = (40, 70, 150) if colour != (40, 70, 150) else (200, 40, 40)
    # robe / shoulders
    pygame.draw.polygon(half, robe, [(w * 0.12, h), (w * 0.22, h * 0.62), (w * 0.78, h * 0.62), (w * 0.88, h)])
    pygame.draw.polygon(half, trim, [(w * 0.42, h), (w * 0.45, h * 0.62), (w * 0.55, h * 0.62), (w * 0.58, h)])
    pygame.draw.line(half, gold, (w * 0.22, h * 0.64), (w * 0.78, h * 0.64), max(2, int(w * 0.03)))
    # head
    cx, cy, r = w * 0.5, h * 0.45, w * 0.15
    pygame.draw.circle(half, skin, (cx, cy), r)
    pygame.draw.circle(half, (60, 40, 30), (cx - r * 0.38, cy - r * 0.1), max(1, r * 0.1))
    pygame.draw.circle(half, (60, 40, 30), (cx + r * 0.38, cy - r * 0.1), max(1, r * 0.1))
    pygame.draw.arc(half, (150, 60, 50), (cx - r * 0.4, cy + r * 0.1, r * 0.8, r * 0.5), math.pi * 1.1, math.pi * 1.9, max(1, int(r * 0.08)))
    top = cy - r
    if rank is Rank.KING:
        pts = [(cx - r * 1.1, top + r * 0.2), (cx - r * 1.1, top - r * 0.9), (cx - r * 0.55, top - r * 0.35),
               (cx, top - r * 1.05), (cx + r * 0.55, top - r * 0.35), (cx + r * 1.1, top - r * 0.9),
               (cx + r * 1.1, top + r * 0.2)]
        pygame.draw.polygon(half, gold, pts)
        for px in (-0.75, 0, 0.75):
            pygame.draw.circle(half, (200, 30, 40), (cx + px * r, top - r * 0.05), max(1, r * 0.14))
        # beard
        pygame.draw.polygon(half, (120, 80, 50), [(cx - r * 0.8, cy + r * 0.35), (cx + r * 0.8, cy + r * 0.35), (cx, cy + r * 1.45)])
    elif rank is Rank.QUEEN:
        pygame.draw.arc(half, gold, (cx - r * 1.05, top - r * 0.5, r * 2.1, r * 1.6), 0.15, math.pi - 0.15, max(2, int(r * 0.3)))
        for px in (-0.6, 0, 0.6):
            pygame.draw.circle(half, gold, (cx + px * r, top - r * 0.45 + abs(px) * r * 0.35), max(1, r * 0.18))
        pygame.draw.circle(half, (80, 170, 220), (cx, top - r * 0.45), max(1, r * 0.1))
        # hair
        pygame.draw.circle(half, (110, 60, 30), (cx - r * 1.0, cy + r * 0.2), r * 0.45)
        pygame.draw.circle(half, (110, 60, 30), (cx + r * 1.0, cy + r * 0.2), r * 0.45)
    else:  # Jack: a cap with a feather
        pygame.draw.ellipse(half, robe, (cx - r * 1.15, top - r * 0.55, r * 2.3, r * 1.0))
        pygame.draw.line(half, gold, (cx - r * 1.1, top + r * 0.05), (cx + r * 1.1, top + r * 0.05), max(2, int(r * 0.18)))
        pygame.draw.polygon(half, gold, [(cx + r * 0.6, top - r * 0.3), (cx + r * 1.6, top - r * 1.2), (cx + r * 0.9, top - r * 0.1)])
    s.blit(half, box.topleft)
    s.blit(pygame.transform.rotate(half, 180), (box.x, box.y + box.h - half.get_height()))
    pygame.draw.line(s, (200, 190, 170), (box.x + 2, box.centery), (box.right - 2, box.centery), 1)


def _draw_face(card: Card, W: int, H: int, lang: str, four_colour: bool) -> pygame.Surface:
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(3, int(W * 0.08))
    rect = pygame.Rect(0, 0, W, H)
    paper, edge, thin = _paper()
    _rounded(s, rect, paper, radius)
    _rounded(s, rect, edge, radius, max(1, W // thin))
    colour = suit_colour(card.suit, four_colour)
    if card.is_joker:
        _draw_joker(s, W, H, lang)
        return s
    assert card.suit is not None
    label = _rank_label(card.rank, lang)
    sym = card.suit.symbol
    # a small card, or any card while the text is large: the large index
    # (30 % of the width, not 19 %) and one big suit; the pips' index
    # cannot grow, it would run into the pips' columns at 29 % of the width
    small = W < 56 * SS or _look["text"] != "normal"
    # corner index, top-left and (rotated) bottom-right
    corner = _index(label, sym, W, colour, small)
    pad = W * 0.035
    s.blit(corner, (pad, pad * 0.8))
    s.blit(pygame.transform.rotate(corner, 180), (W - pad - corner.get_width(), H - pad * 0.8 - corner.get_height()))
    if small:
        # big centred suit: the index above carries the rank
        big = _text(sym, W * 0.55, colour, bold=False)
        _blit_centered(s, big, (W * 0.58, H * 0.62))
        return s
    inner = pygame.Rect(int(W * 0.29), int(H * 0.12), int(W * 0.42), int(H * 0.76))
    v = int(card.rank)
    if v == 1:
        big = _text(sym, W * 0.62, colour, bold=False)
        _blit_centered(s, big, inner.center)
    elif v <= 10:
        pip_size = W * (0.26 if v <= 3 else 0.23 if v <= 8 else 0.21)
        pip = _text(sym, pip_size, colour, bold=False)
        pip_down = pygame.transform.rotate(pip, 180)
        for x, y in _PIPS[v]:
            px = inner.x + x * inner.w
            py = inner.y + H * 0.035 + y * (inner.h - H * 0.07)
            _blit_centered(s, pip if y <= 0.5 else pip_down, (px, py))
    else:
        box = pygame.Rect(int(W * 0.2), int(H * 0.1), int(W * 0.6), int(H * 0.8))
        pygame.draw.rect(s, (250, 242, 220), box)
        _court_figure(s, box, card.rank, colour, lang)
        pygame.draw.rect(s, colour, box, max(2, W // 60))
        # suit marks in two corners of the frame
        mark = _text(sym, W * 0.13, colour, bold=False)
        s.blit(mark, (box.x + W * 0.02, box.y + W * 0.01))
        s.blit(pygame.transform.rotate(mark, 180), (box.right - W * 0.02 - mark.get_width(), box.bottom - W * 0.01 - mark.get_height()))
    return s


def _index(label: str, sym: str, W: int, colour, big: bool) -> pygame.Surface:
    """A face's index, the rank over the suit, for a face ``W`` wide (as
    drawn, before the downscale; ``big``: the larger index of a small
    card or a larger text size); it sits ``0.035 W`` in from the left
    and ``0.028 W`` down from the top."""
    idx_size = W * (0.30 if big else 0.19)
    if len(label) > 1:
        idx_size *= 0.86
    rank_img = _text(label, idx_size, colour)
    suit_img = _text(sym, idx_size * 0.92, colour, bold=False)
    corner = pygame.Surface((max(rank_img.get_width(), suit_img.get_width()), rank_img.get_height() + suit_img.get_height() * 0.8), pygame.SRCALPHA)
    _blit_centered(corner, rank_img, (corner.get_width() / 2, rank_img.get_height() / 2))
    _blit_centered(corner, suit_img, (corner.get_width() / 2, rank_img.get_height() * 0.92 + suit_img.get_height() * 0.38))
    return corner


def index_corner(width: int, lang: str = "en") -> pygame.Rect:
    """Where a face ``width`` wide shows which card it is: the inked box
    of its top-left index (rank over suit) over every rank and suit of
    ``lang``, in the card's own pixels, rounded outward.  A card drawn
    over any of it hides the index (the layouts' tests check none is).
    On a 100 px card it reaches 25 px across and 37 px down (0.26 of
    the card's height); below 56 px the index is larger for its card
    (the pips give way to it): 0.4 of the height, and so at a larger
    text size."""
    return _index_corner(width, lang, _look["text"] != "normal")


@lru_cache(maxsize=128)
def _index_corner(width: int, lang: str, larger_text: bool) -> pygame.Rect:
    w, _ = card_size(width)
    W = w * SS
    big = W < 56 * SS or larger_text
    pad = W * 0.035
    box: pygame.Rect | None = None
    for rank in Rank:
        if rank is Rank.JOKER:
            continue
        for suit in Suit:
            img = _index(_rank_label(rank, lang), suit.symbol, W, (0, 0, 0), big)
            inked = img.get_bounding_rect().move(int(pad), int(pad * 0.8))
            box = inked if box is None else box.union(inked)
    assert box is not None
    left, top = box.x // SS, box.y // SS
    return pygame.Rect(left, top, -(-box.right // SS) - left, -(-box.bottom // SS) - top)


def _draw_joker(s: pygame.Surface, W: int, H: int, lang: str) -> None:
    colours = [(200, 40, 50), (40, 90, 190), (230, 170, 40), (40, 140, 80)]
    cx, cy = W / 2, H / 2
    for i, c in enumerate(colours):
        ang = math.pi / 2 * i
        pts = [(cx, cy)]
        for k in range(9):
            a = ang + math.pi / 2 * k / 8
            pts.append((cx + math.cos(a) * W * 0.3, cy + math.sin(a) * W * 0.3))
        pygame.draw.polygon(s, c, pts)
    star = _text("★", W * 0.34, (255, 255, 255), bold=False)
    _blit_centered(s, star, (cx, cy))
    word = "JOKER"
    size = W * 0.12
    for i, ch in enumerate(word):
        img = _text(ch, size, (120, 40, 160))
        s.blit(img, (W * 0.07, H * 0.06 + i * size * 1.05))
        s.blit(pygame.transform.rotate(img, 180), (W * 0.93 - img.get_width(), H * 0.94 - (i + 1) * size * 1.05))
    zero = _text("0", W * 0.16, (120, 40, 160))
    s.blit(zero, (W * 0.93 - zero.get_width(), H * 0.05))


#: the card backs, in the order the settings offer them; the first is the default
BACKS = CARD_BACKS
#: card size setting -> factor on the width each table's layout gives its cards
#: ("large" is still capped by what fits: see the tables' layouts)
CARD_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.2}

#: the look chosen in the settings (set by ``set_look``, like the language
#: is set in game.i18n): the back every ``back(width)`` draws and the card size
_look = {"back": BACKS[0], "size": "normal", "text": "normal"}


def set_look(*, back: str | None = None, size: str | None = None, text: str | None = None) -> None:
    """Use the chosen back design, card size and text size from now on
    (unknown names keep the default).  The faces drawn before a change of
    ``text`` are dropped (their index changes)."""
    if back is not None:
        _look["back"] = back if back in BACKS else BACKS[0]
    if size is not None:
        _look["size"] = size if size in CARD_SIZES else "normal"
    if text is not None:
        text = text if text in TEXT_SIZES else "normal"
        if text != _look["text"]:
            face.cache_clear()
        _look["text"] = text


def size_factor() -> float:
    """The factor the card size setting puts on a table's card width."""
    return CARD_SIZES.get(_look["size"], 1.0)


def _pattern_lattice(pat: pygame.Surface, W: int) -> tuple:
    """Burgundy with a diagonal gold-red lattice (the classic back)."""
    w, h = pat.get_size()
    pat.fill((128, 26, 38))
    step = max(6, int(W * 0.11))
    line = (172, 58, 66)
    for k in range(-h, w + h, step):
        pygame.draw.line(pat, line, (k, 0), (k + h, h), max(1, W // 70))
        pygame.draw.line(pat, line, (k, h), (k + h, 0), max(1, W // 70))
    return (226, 190, 96), "◆"


def _pattern_rings(pat: pygame.Surface, W: int) -> tuple:
    """Navy with rows of light-blue rings, every other row offset."""
    w, h = pat.get_size()
    pat.fill((24, 46, 104))
    step = max(8, int(W * 0.16))
    r = step * 0.38
    lw = max(1, W // 80)
    for j, y in enumerate(range(-step, h + step, int(step * 0.87))):
        off = step / 2 if j % 2 else 0
        for x in range(-step, w + step, step):
            pygame.draw.circle(pat, (70, 110, 190), (x + off, y), r, lw)
            pygame.draw.circle(pat, (120, 160, 226), (x + off, y), max(1, r * 0.22))
    return (236, 240, 250), "✦"


def _pattern_checks(pat: pygame.Surface, W: int) -> tuple:
    """Forest green tartan: broad translucent bands across and down, with
    thin light lines on them."""
    w, h = pat.get_size()
    pat.fill((22, 84, 58))
    band = max(6, int(W * 0.14))
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(0, w, band * 2):
        pygame.draw.rect(shade, (8, 30, 22, 110), (x, 0, band, h))
    for y in range(0, h, band * 2):
        pygame.draw.rect(shade, (8, 30, 22, 110), (0, y, w, band))
    pat.blit(shade, (0, 0))
    thin = max(1, W // 110)
    for x in range(band // 2, w, band * 2):
        pygame.draw.line(pat, (214, 196, 120), (x, 0), (x, h), thin)
    for y in range(band // 2, h, band * 2):
        pygame.draw.line(pat, (214, 196, 120), (0, y), (w, y), thin)
    for x in range(band * 3 // 2, w, band * 2):
        pygame.draw.line(pat, (170, 52, 48), (x, 0), (x, h), thin)
    for y in range(band * 3 // 2, h, band * 2):
        pygame.draw.line(pat, (170, 52, 48), (0, y), (w, y), thin)
    return (240, 220, 150), "♣"


def _pattern_sunburst(pat: pygame.Surface, W: int) -> tuple:
    """Near-black with gold rays from the centre."""
    w, h = pat.get_size()
    pat.fill((30, 28, 36))
    cx, cy = w / 2, h / 2
    reach = (w * w + h * h) ** 0.5
    n = 24
    for i in range(0, n, 2):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        pygame.draw.polygon(pat, (120, 92, 40), [(cx, cy), (cx + math.cos(a0) * reach, cy + math.sin(a0) * reach), (cx + math.cos(a1) * reach, cy + math.sin(a1) * reach)])
    pygame.draw.circle(pat, (30, 28, 36), (cx, cy), W * 0.2)
    pygame.draw.circle(pat, (226, 190, 96), (cx, cy), W * 0.2, max(1, W // 60))
    return (240, 204, 110), "★"


_PATTERNS = {"lattice": _pattern_lattice, "rings": _pattern_rings, "checks": _pattern_checks, "sunburst": _pattern_sunburst}


def _draw_back(W: int, H: int, design: str = BACKS[0]) -> pygame.Surface:
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(3, int(W * 0.08))
    rect = pygame.Rect(0, 0, W, H)
    _rounded(s, rect, _paper()[0], radius)
    inner = rect.inflate(-int(W * 0.12), -int(W * 0.12))
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    trim, emblem_char = _PATTERNS.get(design, _pattern_lattice)(pat, W)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    _rounded(mask, mask.get_rect(), (255, 255, 255, 255), max(2, radius - 3))
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(pat, inner.topleft)
    pygame.draw.rect(s, trim, inner, max(1, W // 50), border_radius=max(2, radius - 3))
    emblem = _text(emblem_char, W * 0.36, trim, bold=False)
    _blit_centered(s, emblem, rect.center)
    _, edge, thin = _paper()
    _rounded(s, rect, edge, radius, max(1, W // thin))
    return s


def _downscale(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    out = pygame.transform.smoothscale(img, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return out.convert_alpha()
    return out


#: a face is 60-130 KB at 1080p; one table shows the 52 faces at two or
#: three widths (Delphi: up to four), so 320 keep a table warm and bound the
#: cache near 40 MB, where 1,024 could grow past 120 MB over a long session
@lru_cache(maxsize=320)
def face(card: Card, width: int, lang: str = "en", four_colour: bool = False) -> pygame.Surface:
    w, h = card_size(width)
    return _downscale(_draw_face(card, w * SS, h * SS, lang, four_colour), (w, h))


def back(width: int, design: str | None = None) -> pygame.Surface:
    """A card's back in ``design`` (by default the one chosen in the settings)."""
    return _back(width, design or _look["back"])


@lru_cache(maxsize=16)
def _back(width: int, design: str) -> pygame.Surface:
    w, h = card_size(width)
    return _downscale(_draw_back(w * SS, h * SS, design), (w, h))


@lru_cache(maxsize=64)
def slot(width: int, colour=(255, 255, 255), alpha: int = 60, dashed: bool = False) -> pygame.Surface:
    """An empty place: a faint rounded outline on the felt (in the
    high-contrast look a strong one: the faint white was 1.9:1 on black)."""
    w, h = card_size(width)
    W, H = w * SS, h * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(3, int(W * 0.08))
    _rounded(s, s.get_rect(), (0, 0, 0, 40), radius)
    lw = max(2, W // 45)
    if high_contrast():
        alpha, lw = max(alpha, 230), max(3, W // 25)
        if sum(colour) < 200:  # a dark outline (Gaps' dead gap) vanished on the black felt
            colour = (200, 200, 200)
    if dashed:
        seg = max(6, W // 10)
        r = s.get_rect().inflate(-lw, -lw)
        for x in range(r.left + radius, r.right - radius, seg * 2):
            pygame.draw.line(s, (*colour, alpha), (x, r.top), (min(x + seg, r.right - radius), r.top), lw)
            pygame.draw.line(s, (*colour, alpha), (x, r.bottom), (min(x + seg, r.right - radius), r.bottom), lw)
        for y in range(r.top + radius, r.bottom - radius, seg * 2):
            pygame.draw.line(s, (*colour, alpha), (r.left, y), (r.left, min(y + seg, r.bottom - radius)), lw)
            pygame.draw.line(s, (*colour, alpha), (r.right, y), (r.right, min(y + seg, r.bottom - radius)), lw)
    else:
        _rounded(s, s.get_rect(), (*colour, alpha), radius, lw)
    return _downscale(s, (w, h))


@lru_cache(maxsize=64)
def glow(width: int, colour=(255, 214, 92), alpha: int = 200) -> pygame.Surface:
    """A highlight ring drawn around a card-sized rect (for legal targets)."""
    w, h = card_size(width)
    pad = max(3, w // 14)
    W, H = (w + 2 * pad) * SS, (h + 2 * pad) * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(4, int(w * 0.1) * SS)
    for i in range(pad * SS, 0, -SS):
        a = int(alpha * (1 - i / (pad * SS + 1)) ** 1.6)
        _rounded(s, s.get_rect().inflate(-2 * (pad * SS - i), -2 * (pad * SS - i)), (*colour, a), radius, SS * 2)
    _rounded(s, s.get_rect().inflate(-2 * pad * SS + 2 * SS, -2 * pad * SS + 2 * SS), (*colour, alpha), radius, 3 * SS)
    return _downscale(s, (w + 2 * pad, h + 2 * pad))


@lru_cache(maxsize=32)
def shadow(width: int) -> pygame.Surface:
    """A soft shadow to blit a few pixels below-right of a card."""
    w, h = card_size(width)
    pad = max(2, w // 16)
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    radius = max(3, int(w * 0.09))
    for i in range(pad, 0, -1):
        a = int(70 * (1 - i / (pad + 1)))
        _rounded(s, s.get_rect().inflate(-2 * (pad - i) - 2, -2 * (pad - i) - 2), (0, 0, 0, a), radius + i)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return s.convert_alpha()
    return s


def clear_caches() -> None:
    """Drop every cached image (after the display mode changes)."""
    for fn in (face, _back, slot, glow, shadow, glow_rect):
        fn.cache_clear()


@lru_cache(maxsize=32)
def glow_rect(size: tuple[int, int], colour=(255, 214, 92), alpha: int = 200, radius: int = 12) -> pygame.Surface:
    """A highlight ring of any size (for drop zones that are not one card)."""
    w, h = size
    pad = 8
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        a = int(alpha * (1 - i / (pad + 1)) ** 1.6)
        _rounded(s, s.get_rect().inflate(-2 * (pad - i), -2 * (pad - i)), (*colour, a), radius + i, 2)
    _rounded(s, s.get_rect().inflate(-2 * pad + 2, -2 * pad + 2), (*colour, alpha), radius, 3)
    return s
