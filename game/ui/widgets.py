"""Drawing helpers shared by every table: felt, text, panels, coins, toasts."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.i18n.plain import drawable
from game.ui.assets import FELT, FELT_DARK, GOLD, HC_FELT, INK, PANEL, REFUSE, font, high_contrast

#: Off (None) unless the text-fit check (game.tools.textfit) records a
#: frame: then ``(screen, entries)``, and text(), text_block() and panel()
#: append what they draw on the screen (or a layer of its size), with where.  Off, it costs one
#: ``is None`` test per call.
RECORD: tuple[pygame.Surface, list] | None = None


def _recorded(surface: pygame.Surface) -> bool:
    """The screen, or a layer of its size blitted at (0, 0) (a table's static layer)."""
    return RECORD is not None and (surface is RECORD[0] or surface.get_size() == RECORD[0].get_size())


#: the felt colours the settings offer: (centre, edge) of the vignette; the
#: first is the default.  Each is darker than green, so text and highlights
#: read at least as well as on it (WCAG contrast at the centre: INK 7.0 on
#: green, 8.5-10.2 on the others; GOLD 4.5, 5.5-6.6; HIGHLIGHT 5.7, 7.0-8.3).
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (FELT, FELT_DARK),
    "blue": ((26, 70, 112), (14, 42, 72)),
    "burgundy": ((104, 30, 42), (64, 16, 26)),
    "grey": ((62, 68, 72), (36, 40, 43)),
}
#: the felt chosen in the settings (set by ``set_felt``)
_felt_now = ["green"]


def set_felt(name: str) -> None:
    """Draw ``name``'s felt from now on (an unknown name keeps green)."""
    _felt_now[0] = name if name in FELTS else "green"


def felt(size: tuple[int, int], name: str | None = None) -> pygame.Surface:
    """The table's felt at ``size``: the chosen colour unless ``name`` is
    given; in the high-contrast look a plain black (no vignette)."""
    if name is None and high_contrast():
        name = "contrast"
    return _felt((max(1, size[0]), max(1, size[1])), name or _felt_now[0])


def clear_felt() -> None:
    """Drop the felt made for a window size (the app does when it changes)."""
    _felt.cache_clear()


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], name: str) -> pygame.Surface:
    """A calm felt with a soft vignette, made small and scaled up."""
    w, h = size
    if name == "contrast":
        plain = pygame.Surface((w, h))
        plain.fill(HC_FELT)
        return plain.convert() if pygame.display.get_surface() is not None else plain
    centre, edge = FELTS.get(name, FELTS["green"])
    sw, sh = 64, 40
    small = pygame.Surface((sw, sh))
    cx, cy = sw / 2, sh / 2
    for y in range(sh):
        for x in range(sw):
            d = (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5
            k = min(1.0, max(0.0, (d - 0.35) / 1.0))
            small.set_at((x, y), tuple(int(centre[i] * (1 - k) + edge[i] * k) for i in range(3)))
    big = pygame.transform.smoothscale(small, (w, h))
    if pygame.display.get_surface() is not None:
        big = big.convert()
    return big


#: the smallest font size text shrinks to before it is shortened with "…"
MIN_TEXT = 9


@lru_cache(maxsize=1024)
def rendered(txt: str, size: int, colour, bold: bool, shadow: bool, max_width: int | None):
    """Rendered text (and its shadow), cached: tables draw the same labels
    every frame, and rendering glyphs is the expensive part.  A busy table
    draws under 200 different texts a frame; 1,024 entries keep a few
    screens warm, while 4,096 log lines of ~20 KB each held up to ~80 MB
    that the 100,000-event soak saw as growth."""
    txt = drawable(txt)  # (a zero-width text cannot be rendered at all)
    f = font(size, bold)
    if max_width is not None:
        while size > MIN_TEXT and f.size(txt)[0] > max_width:
            size -= 1
            f = font(size, bold)
        if f.size(txt)[0] > max_width:
            # at the smallest size still too wide (a 20-letter name in a
            # seat panel): shortened with "…" where a clip cut it mid-letter
            while len(txt) > 1 and f.size(txt + "…")[0] > max_width:
                txt = txt[:-1]
            txt = txt.rstrip() + "…"
    img = f.render(txt, True, colour)
    sh = None
    if shadow:
        sh = f.render(txt, True, (0, 0, 0))
        sh.set_alpha(110)
    if pygame.display.get_surface() is not None:
        img = img.convert_alpha()
        if sh is not None:
            sh = sh.convert_alpha()
            sh.set_alpha(110)
    return img, sh


def text(surface, txt: str, pos, size: int, colour=INK, *, bold=False, anchor="topleft", shadow=True, max_width: int | None = None) -> pygame.Rect:
    """Draw text; shrinks the font until it fits ``max_width``, down to 9 px,
    and shortens it with "…" when even that is too wide (never clips)."""
    img, sh = rendered(txt, int(size), tuple(colour), bold, shadow, None if max_width is None else int(max_width))
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if sh is not None:
        surface.blit(sh, r.move(1, 2))
    surface.blit(img, r)
    if RECORD is not None and _recorded(surface):
        RECORD[1].append(("text", txt, r, max_width, surface.get_clip()))
    return r


def card_tag(surface: pygame.Surface, card: pygame.Rect, label: str, s: float) -> None:
    """The mark on a card just drawn ("new"): a small gold tag over the
    card's top edge, on the strip of it a fanned hand shows."""
    size = max(10, int(12 * s))
    w = min(card.w, font(size, bold=True).size(label)[0] + int(12 * s))
    tag = pygame.Rect(card.x + int(2 * s), card.y - int(14 * s), w, int(17 * s))
    pygame.draw.rect(surface, GOLD, tag, border_radius=tag.h // 2)
    text(surface, label, tag.center, size, (30, 20, 10), bold=True, anchor="center", shadow=False, max_width=tag.w - int(6 * s))


def fill(words: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` pixels in ``f``, each line as
    full as it goes (a word wider than a line stands alone)."""
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = (cur + " " + w).strip()
        if f.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    return [*lines, cur]


def wrap(txt: str, size: int, width: int, bold: bool = False) -> list[str]:
    f = font(size, bold)
    lines: list[str] = []
    for para in txt.split("\n"):
        # (measuring a lone surrogate raised UnicodeEncodeError)
        *body, last = fill(drawable(para).split(" "), f, width)
        if body and " " not in last and body[-1].count(" ") >= 2:
            # no lone word under a paragraph ("… takes 4 penalty" / "cards."):
            # the word before goes down with it when both fit; the lines
            # stay as many, so no box that fits the text grows
            head, _, word = body[-1].rpartition(" ")
            pair = word + " " + last
            if f.size(pair)[0] <= width:
                body[-1], last = head, pair
        lines += [*body, last]
    return lines


def text_block(surface, txt: str, rect: pygame.Rect, size: int, colour=INK, *, bold=False, align="left", line_gap=1.25) -> int:
    """Wrapped text inside ``rect``; returns the height used."""
    y = rect.y
    for line in wrapped(txt, size, rect.w, bold):
        img, _ = rendered(line, int(size), tuple(colour), bold, False, None)
        x = rect.x if align == "left" else rect.centerx - img.get_width() // 2
        surface.blit(img, (x, y))
        if RECORD is not None and _recorded(surface):
            RECORD[1].append(("line", line, img.get_rect(topleft=(x, y)), pygame.Rect(rect), surface.get_clip()))
        y += int(size * line_gap)
    return y - rect.y


@lru_cache(maxsize=1024)
def wrapped(txt: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``wrap`` as a cached tuple (tables wrap the same lines every frame)."""
    return tuple(wrap(txt, size, width, bold))


def panel(surface, rect: pygame.Rect, alpha: int = 150, radius: int = 12, border=None) -> None:
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*PANEL, alpha), s.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(s, border, s.get_rect(), 2, border_radius=radius)
    surface.blit(s, rect)
    if RECORD is not None and _recorded(surface):
        RECORD[1].append(("panel", "", pygame.Rect(rect), None, surface.get_clip()))


def coin(surface, center, r: int, *, spent: bool = False) -> None:
    """A gold coin (or the faint outline of a spent one)."""
    cx, cy = center
    if spent:
        pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r, max(1, r // 8))
        return
    pygame.draw.circle(surface, (120, 86, 20), (cx + 1, cy + 2), r)
    pygame.draw.circle(surface, GOLD, (cx, cy), r)
    pygame.draw.circle(surface, (255, 226, 140), (cx, cy), int(r * 0.72), max(1, r // 7))
    pygame.draw.circle(surface, (176, 130, 40), (cx, cy), r, max(1, r // 9))


def dim(surface, alpha: int = 150) -> None:
    s = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    surface.blit(s, (0, 0))


@dataclass
class Toast:
    text: str
    kind: str = "info"  # "info" or "refuse"
    ttl: float = 3.5


@dataclass
class Toasts:
    """The app's own short notices (a damaged settings file, a folder that
    cannot be written), over whatever scene is on top."""

    items: list[Toast] = field(default_factory=list)

    def show(self, txt: str, kind: str = "info", ttl: float = 3.5) -> None:
        self.items = [t for t in self.items if t.text != txt][-2:]
        self.items.append(Toast(txt, kind, ttl))

    def update(self, dt: float) -> None:
        for t in self.items:
            t.ttl -= dt
        self.items = [t for t in self.items if t.ttl > 0]

    def clear(self) -> None:
        self.items.clear()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None:
        draw_notes(surface, [(t.text, t.kind == "refuse") for t in self.items], area, scale)


#: the smallest size a note shrinks to in a tight band (at scale 1)
NOTE_MIN = 13


def draw_notes(surface: pygame.Surface, notes: list[tuple[str, bool]], area: pygame.Rect, scale: float) -> None:
    """Messages in their band ``area``, the newest first and as many as fit
    (each a panel; a refusal's red): each line wrapped to the band's width,
    the text a little smaller where the newest would not fit otherwise.
    Drawn through :func:`text`, so the text-fit check and the tests see
    every word."""
    s = scale
    pad_x, pad_y, gap = int(16 * s), int(6 * s), int(4 * s)
    width = max(1, area.w - 2 * pad_x)
    y = area.y
    for i, (words, refused) in enumerate(reversed(notes)):
        size = max(9, int(18 * s))
        lines = wrapped(words, size, width, True)
        room = area.bottom - y - 2 * pad_y
        while size > max(9, int(NOTE_MIN * s)) and len(lines) * int(size * 1.25) > room:
            size -= 1
            lines = wrapped(words, size, width, True)
        h = len(lines) * int(size * 1.25) + 2 * pad_y
        if i > 0 and y + h > area.bottom:
            break
        w = max(font(size, True).size(line)[0] for line in lines) + 2 * pad_x
        box = pygame.Rect(0, y, min(area.w, w), h)
        box.centerx = area.centerx
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        bg = (120, 30, 24, 235) if refused else (14, 50, 34, 235)
        pygame.draw.rect(plate, bg, plate.get_rect(), border_radius=int(10 * s))
        pygame.draw.rect(plate, (*(REFUSE if refused else GOLD), 235), plate.get_rect(), 2, border_radius=int(10 * s))
        surface.blit(plate, box)
        yy = box.y + pad_y
        for line in lines:
            text(surface, line, (box.centerx, yy), size, INK, bold=True, anchor="midtop", shadow=False, max_width=width)
            yy += int(size * 1.25)
        y = box.bottom + gap
