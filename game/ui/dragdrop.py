"""Drag-and-drop and click-to-move for cards, shared by every table.

A table describes what can be picked up (``sources``), where things can be
dropped (``zones``), which zones are legal for a payload (``legal``, found
by filtering the engine's legal actions, never by re-implementing a rule)
and what a drop does (``drop``, which asks the engine and returns ``None``
on success, :data:`PENDING` when a confirmation dialog takes over, or the
engine's reason for a refusal).

- Drag: the card follows the pointer in the same frame, legal zones glow,
  a drop on a zone calls ``drop``; success snaps the card into place with a
  short flight, a refusal flies it back and shows the reason.
- Click: a click on a card selects it (legal zones glow), a click on a zone
  moves it there.  A click on the selected card or on empty felt cancels.
- Double-click: a card goes to its only legal place (with the usual
  flight); with several places or none nothing moves and a short notice
  says why (``on_notice``).  The second press never starts a drag nor
  leaves a card selected.  A table whose click already does something
  (``on_click``) either has its click send the card (Gaps, Runs: the
  second press is then swallowed, so it cannot pull or play another card
  that is now under the pointer) or gives ``undo_click``, which takes the
  first click's mark back before the card goes (Delphi's string).
  ``double_zones`` may narrow the places counted (Mind the Gap leaves out
  the discard pile, which costs a coin, when a free place exists).
- Keys: Left/Right move a cursor over cards, Enter/Space selects; with a
  card selected Left/Right move over the legal zones and Enter drops; Esc
  cancels.  The cursor is the tables' one :class:`~game.ui.kit.cursor.KeyCursor`.

A table whose cards land somewhere the engine decides (Runs, Delphi) gives
``land``: it is told of a successful drop and animates the landing itself
(``last_start`` says where the card was let go); a dragged thing drawn
under another key than its payload (a string of cards) gives ``hide_key``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import msg
from game.ui import cardart
from game.ui.assets import HIGHLIGHT
from game.ui.kit.cursor import KeyCursor, draw_cursor

PENDING = object()  # drop() handed over to a dialog: fly back quietly
DRAG_THRESHOLD = 6  # pixels before a press becomes a drag
#: a second press this close to the first click (pixels) and, where
#: pygame-ce cannot count clicks (before 2.5.7), this soon after it
#: (seconds) is a double-click; with ``event.clicks`` the system's own
#: double-click time applies
DOUBLE_RADIUS = 8
DOUBLE_SECONDS = 0.4
HAS_CLICKS = tuple(pygame.version.vernum) >= (2, 5, 7)


@dataclass
class Source:
    rect: pygame.Rect
    payload: Any
    image: pygame.Surface


@dataclass
class Zone:
    rect: pygame.Rect
    payload: Any


class DragDrop:
    def __init__(
        self,
        *,
        sources: Callable[[], Sequence[Source]],
        zones: Callable[[], Sequence[Zone]],
        legal: Callable[[Any], Sequence[Any]],
        drop: Callable[[Any, Any], Any],
        animator,
        on_refused: Callable[[Any], None],
        on_click: Callable[[Any], bool] | None = None,
        on_zone_click: Callable[[Any], bool] | None = None,
        land: Callable[[Source, Zone], bool] | None = None,
        hide_key: Callable[[Any], Any] | None = None,
        on_notice: Callable[[Any], None] | None = None,
        undo_click: Callable[[Any], None] | None = None,
        double_zones: Callable[[Any, list[Zone]], list[Zone]] | None = None,
    ) -> None:
        self.sources = sources
        self.zones = zones
        self.legal = legal
        self.drop = drop
        self.anim = animator
        self.on_refused = on_refused
        self.on_click = on_click
        self.on_zone_click = on_zone_click
        self.land = land
        self.hide_key = hide_key or (lambda payload: payload)
        self.on_notice = on_notice or on_refused
        self.undo_click = undo_click
        self.double_zones = double_zones or (lambda payload, zones: zones)
        #: the last click on a card: (payload, where, when); a second press
        #: on it soon is a double-click
        self._last_click: tuple[Any, tuple[int, int], float] | None = None
        self._swallow_up = False
        self.clock: Callable[[], float] = time.monotonic
        #: where the last dropped card was let go (a table animates from there)
        self.last_start: tuple[int, int] = (0, 0)
        self.keys = KeyCursor()
        self.pressed: Source | None = None
        self.press_pos = (0, 0)
        self.dragging: Source | None = None
        self.grab_offset = (0, 0)
        self.pointer = (0, 0)
        #: the card selected by a click, by its payload: it stays selected
        #: under another screen and through a resize (its place is found
        #: anew among the sources)
        self._selected: Any = None
        self._legal_cache: tuple[Any, list[Any]] | None = None

    # --- queries -------------------------------------------------------------
    @property
    def cursor(self) -> int | None:
        """The keyboard cursor: an index into the sources, or into the legal
        zones while a card is selected."""
        return self.keys.index

    @cursor.setter
    def cursor(self, index: int | None) -> None:
        self.keys.place(index)

    @property
    def selected(self) -> Source | None:
        """The selected card where it lies now (None when it is gone)."""
        if self._selected is None:
            return None
        return next((s for s in self.sources() if s.payload == self._selected), None)

    @selected.setter
    def selected(self, src: Source | None) -> None:
        self._selected = None if src is None else src.payload

    @property
    def active(self) -> Source | None:
        return self.dragging or self.selected

    def legal_payloads(self) -> list[Any]:
        act = self.active
        if act is None:
            return []
        if self._legal_cache is None or self._legal_cache[0] != act.payload:
            self._legal_cache = (act.payload, list(self.legal(act.payload)))
        return self._legal_cache[1]

    def legal_zones(self) -> list[Zone]:
        wanted = self.legal_payloads()
        return [z for z in self.zones() if z.payload in wanted]

    def hides(self, payload: Any) -> bool:
        """The table should not draw this source in place (it is in hand)."""
        return self.dragging is not None and self.dragging.payload == payload

    def cancel(self) -> None:
        self.pressed = self.dragging = self.selected = None
        self.cursor = None
        self._legal_cache = None
        # (the last click stays: a click that sent its card cancels the
        # gesture, and its double-click's second press is still known)

    def release(self) -> None:
        """Let go of a card held by the pointer (a screen goes over the
        table, whose button-up will not come); a selection stays."""
        self.pressed = self.dragging = None
        self._legal_cache = None

    # --- events --------------------------------------------------------------
    def _source_at(self, pos) -> Source | None:
        for s in reversed(list(self.sources())):  # topmost first
            if s.rect.collidepoint(pos):
                return s
        return None

    def _zone_at(self, pos) -> Zone | None:
        best = None
        for z in self.zones():
            if z.rect.collidepoint(pos):
                best = z
        return best

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._swallow_up = False  # (a release can be lost while a card flies)
            first = self._double_of(event)
            if first is not None:
                return self._double(event.pos, first[0])
            return self._down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.pressed is not None and self.dragging is None:
                dx, dy = event.pos[0] - self.press_pos[0], event.pos[1] - self.press_pos[1]
                if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                    self.dragging = self.pressed
                    self.selected = None
                    self._legal_cache = None
            return self.dragging is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._up(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _down(self, pos) -> bool:
        self.pointer = pos
        src = self._source_at(pos)
        if self.selected is not None:
            zone = self._zone_at(pos)
            if zone is not None and (src is None or zone.payload in self.legal_payloads()):
                self._attempt(self.selected, zone, from_pointer=False)
                return True
        if src is not None:
            self.pressed = src
            self.press_pos = pos
            self.grab_offset = (pos[0] - src.rect.x, pos[1] - src.rect.y)
            return True
        if self.selected is not None:
            self.cancel()
            return True
        zone = self._zone_at(pos)
        if zone is not None and self.on_zone_click is not None:
            return self.on_zone_click(zone.payload)
        return False

    def _up(self, pos) -> bool:
        self.pointer = pos
        if self._swallow_up:  # the release of a double-click's second press
            self._swallow_up = False
            return True
        if self.dragging is not None:
            src = self.dragging
            zone = self._zone_at(pos)
            self.dragging = None
            self.pressed = None
            if zone is None:
                self._fly_back(src, pos)
            else:
                self._attempt(src, zone, from_pointer=True)
            self._legal_cache = None
            return True
        if self.pressed is not None:
            src = self.pressed
            self.pressed = None
            self._last_click = (src.payload, tuple(pos), self.clock())
            if (self.selected is not None and self.selected.payload == src.payload) or (self.on_click is not None and self.on_click(src.payload)):
                self.cancel()
            else:
                self.selected = src
                self._legal_cache = None
            return True
        return False

    def _double_of(self, event) -> tuple[Any, tuple[int, int], float] | None:
        """The first click when this press is the second of a double-click
        (near where the card was clicked, soon enough), else None."""
        last, self._last_click = self._last_click, None
        if last is None:
            return None
        (x, y), (lx, ly) = event.pos, last[1]
        if abs(x - lx) > DOUBLE_RADIUS or abs(y - ly) > DOUBLE_RADIUS:
            return None
        if HAS_CLICKS:
            return last if int(getattr(event, "clicks", 1) or 1) >= 2 else None
        return last if self.clock() - last[2] <= DOUBLE_SECONDS else None

    def _double(self, pos, payload: Any) -> bool:
        """A double-click on the card ``payload``: it goes to its only legal
        place, or a notice says why nothing moved.  Its release is swallowed."""
        self.pointer = pos
        self.pressed = self.dragging = None
        self._swallow_up = True
        src = self._source_at(pos)
        if src is None or src.payload != payload:
            return True  # the first click sent the card away: nothing more
        if self.on_click is not None:
            if self.undo_click is None:
                return True  # the click already sent the card (or said why not)
            self.undo_click(payload)
        self.selected = None
        self.cursor = None
        self._legal_cache = None
        src = next((s for s in self.sources() if s.payload == payload), src)
        wanted = list(self.legal(payload))
        zones: list[Zone] = []
        for z in self.zones():
            if z.payload in wanted and all(z.payload != o.payload for o in zones):
                zones.append(z)
        zones = self.double_zones(payload, zones)
        if len(zones) == 1:
            self._attempt(src, zones[0], from_pointer=False)
        elif zones:
            self.on_notice(msg("ui.double.several", n=len(zones)))
        else:
            self.on_notice(msg("ui.double.none"))
        return True

    def _key(self, event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE and (self.selected or self.cursor is not None):
            self.cancel()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            items = self.legal_zones() if self.selected else list(self.sources())
            return self.keys.move(k, len(items))
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
            if self.selected is None:
                items = list(self.sources())
                if self.cursor < len(items):
                    self.selected = items[self.cursor]
                    self._legal_cache = None
                    self.cursor = 0 if self.legal_zones() else None
                return True
            zones = self.legal_zones()
            if self.cursor < len(zones):
                self._attempt(self.selected, zones[self.cursor], from_pointer=False)
            return True
        return False

    # --- outcomes ------------------------------------------------------------
    def _attempt(self, src: Source, zone: Zone, *, from_pointer: bool) -> None:
        start = (self.pointer[0] - self.grab_offset[0], self.pointer[1] - self.grab_offset[1]) if from_pointer else src.rect.topleft
        self.last_start = start
        self.selected = None
        self.cursor = None
        self._legal_cache = None
        result = self.drop(src.payload, zone.payload)
        if result is None:
            if self.land is None or not self.land(src, zone):
                img = src.image
                end = (zone.rect.centerx - img.get_width() // 2, zone.rect.centery - img.get_height() // 2)
                self.anim.fly(img, start, end, 0.16, hide=zone.payload)
        elif result is PENDING:
            self.anim.fly(src.image, start, src.rect.topleft, 0.18, hide=self.hide_key(src.payload))
        else:
            self.anim.fly(src.image, start, src.rect.topleft, 0.25, hide=self.hide_key(src.payload))
            self.on_refused(result)

    def _fly_back(self, src: Source, pos) -> None:
        start = (pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])
        self.anim.fly(src.image, start, src.rect.topleft, 0.2, hide=self.hide_key(src.payload))

    # --- drawing -------------------------------------------------------------
    def draw_targets(self, surface: pygame.Surface) -> None:
        """Glow on legal zones while a card is dragged or selected, and the
        keyboard cursor."""
        act = self.active
        if act is not None:
            for z in self.legal_zones():
                card_like = abs(z.rect.h - z.rect.w * cardart.ASPECT) <= 3
                g = cardart.glow(z.rect.w) if card_like else cardart.glow_rect(z.rect.size)
                surface.blit(g, g.get_rect(center=z.rect.center))
            if self.selected is not None:
                pygame.draw.rect(surface, HIGHLIGHT, self.selected.rect.inflate(6, 6), 3, border_radius=8)
        if self.cursor is not None:
            items = self.legal_zones() if self.selected else list(self.sources())
            if self.cursor < len(items):
                draw_cursor(surface, items[self.cursor].rect, 1.0)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        if self.dragging is not None:
            img = self.dragging.image
            x, y = self.pointer[0] - self.grab_offset[0], self.pointer[1] - self.grab_offset[1]
            sh = cardart.shadow(img.get_width())
            surface.blit(sh, (x + 4, y + 8))
            surface.blit(img, (x, y))


def hold_over(app, start: tuple[int, int], target: tuple[int, int], offset: tuple[int, int] = (10, 12)) -> None:
    """Press at ``start`` and move (button held) half-way, then to just off
    ``target``'s centre: a card held over a place, for screenshots."""
    ev = pygame.event.Event
    app.step(1 / 60, events=[ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)), ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    mid = ((start[0] + target[0]) // 2, (start[1] + target[1]) // 2)
    for p in (mid, (target[0] + offset[0], target[1] + offset[1])):
        app.step(1 / 60, events=[ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))])
