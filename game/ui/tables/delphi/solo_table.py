"""Delphi alone (issue 23): one person against a computer God's secret
rule (docs/delphi.md, "Alone: the solo challenge").  The table shows the
main line with each wrong card under the card it was judged after, the
hand of 12 (a card is played by a click or by dragging it up), the turn,
the score at stake and the wrong guesses; after each card a guess may be
typed in the rule language (or picked from the library) or skipped.

A guess is judged inside the engine's ``apply`` and may take seconds for
some rules, so it is worked out first on a worker thread
(:class:`GuessJob`, behind :class:`~game.ui.kit.wait.WaitScene` with
Cancel); the engine keeps the verdict (``same_rule`` remembers it), and
the move then plays at once on the frame loop.

"delphi-solo" is no game of the registry: the match is made with its
own policy (``SOLO_POLICY``: the guess being typed is kept in the match's
meta, so a save holds it), and the round's statistics go into Delphi's own
under ``solo`` (:func:`count_round`).  A round under way is saved after
every move with Delphi's saves (its record names "delphi-solo") and
continued from there (``solo_setup.resume_solo``)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame
import pygame_gui

from game.cards import Card
from game.engine.core import IllegalAction, Message
from game.engine.match import Match, Moved, Refused, meta_of
from game.games.delphi.policy import SoloMeta
from game.games.delphi.rulelang.rule import rule_text_in
from game.games.delphi.solo import GUESS, OVER, PLAY, SOLO, TURNS, SoloAction, SoloState, SoloView, difference_message, judge_guess, solo_score
from game.games.delphi.solo_stats import fold_solo
from game.i18n import msg, tr
from game.persistence.saves import delete_save, update_stats, write_save
from game.ui import cardart
from game.ui.assets import GOLD, INK, INK_DIM, REFUSE, font
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.wait import WaitScene
from game.ui.scene import ENTER_KEYS, Scene
from game.ui.tables.delphi.draw import RIGHT_GREEN, WRONG_RED
from game.ui.tables.delphi.explain_scene import ExplainScene, solo_tabs
from game.ui.tables.delphi.libraryscene import LibraryScene
from game.ui.widgets import felt, panel, text, text_block, wrap

#: the statistics are Delphi's, under this key
STATS_KEY = "solo"


def count_round(state: SoloState) -> Message | None:
    """Fold a finished round into Delphi's statistics (``OSError`` when the
    file cannot be written)."""

    def fold(stats: dict) -> None:
        row = stats.get(STATS_KEY)
        if not isinstance(row, dict):
            row = stats[STATS_KEY] = {}
        fold_solo(row, state)

    return update_stats("delphi", fold)


def title_of(v: SoloView, lang: str) -> str:
    """"Delphi alone", or today's rule with its date."""
    return tr("delphi.solo_ui.title_daily", lang, date=v.daily) if v.daily else tr("delphi.solo_ui.title", lang)


def progress(v: SoloView, lang: str) -> list[str]:
    """A round under way: the turn, the points at stake, the wrong guesses
    (the table's header and the Continue list)."""
    turn = v.turn if v.phase == GUESS else v.turn + 1
    stake = solo_score(turn, v.wrong_guesses)
    return [tr("delphi.solo_ui.turn", lang, n=turn, of=TURNS), tr("delphi.solo_ui.stake", lang, n=stake), tr("delphi.solo_ui.wrong", lang, n=v.wrong_guesses)]


class GuessJob:
    """The verdict on a guess, worked out on a worker thread; a refused
    guess (no rule, looks too far back) is no error here: the move says so."""

    def __init__(self, god: str, guess: str) -> None:
        self.god, self.guess = god, guess
        self.cancelled = False
        self._done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="delphi-solo-guess", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            judge_guess(self.god, self.guess)
        except (IllegalAction, ValueError):
            pass
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self.cancelled = True


@dataclass(frozen=True)
class Geometry:
    """Where things are, from the screen size (one scale for all)."""

    header: pygame.Rect
    lines: pygame.Rect
    words: pygame.Rect
    guess: pygame.Rect
    hand: pygame.Rect
    card_w: int
    hand_w: int


class SoloTable(Scene):
    """The solo round's table."""

    name = "delphi-solo"
    game_id = "delphi"

    def __init__(self, app, match: Match, again: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.match = match
        #: what "Another round" does (the solo setup opens again)
        self.again = again
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        #: the guess being typed as the save holds it (written when the
        #: table is left with another one)
        self._saved_guess = self.guess_text
        #: the last refused move's or bad guess's reason, shown until the next move
        self.problem = ""
        self.counted = False
        self.job: GuessJob | None = None
        #: a hand card being dragged: (index, where the pointer is)
        self.dragging: tuple[int, tuple[int, int]] | None = None
        self._pressed: tuple[int, tuple[int, int]] | None = None
        self._shown_phase = self.view.phase
        #: a played card travels from the hand to where God put it
        self.anim = app.animator()

    # --- what is -----------------------------------------------------------------------------
    @property
    def view(self) -> SoloView:
        return SOLO.view(self.match.state, 0)

    @property
    def guess_text(self) -> str:
        """The guess being typed: the match's, so that a save keeps it
        (Menu and Continue brought back an empty field)."""
        return meta_of(self.match, SoloMeta).guess

    @guess_text.setter
    def guess_text(self, text: str) -> None:
        self.match.meta = replace(meta_of(self.match, SoloMeta), guess=text)

    @property
    def lang(self) -> str:
        return self.app.settings.language

    def render(self, m: Message | str) -> str:
        return m if isinstance(m, str) else m.render(self.lang)

    def facts(self) -> list[str]:
        v = self.view
        if v.phase == OVER:
            return [tr("delphi.solo_ui.turns_played", n=v.turn, of=TURNS), tr("delphi.solo_ui.wrong", n=v.wrong_guesses)]
        return [*progress(v, self.lang), tr("delphi.solo_ui.deck", n=v.deck_size)]

    def title(self) -> str:
        return title_of(self.view, self.lang)

    # --- geometry ----------------------------------------------------------------------------
    def geometry(self) -> Geometry:
        w, h = self.app.size
        s = self.app.scale
        pad = int(14 * s)
        header = pygame.Rect(0, 0, w, int(84 * s))
        hand_w = max(30, min(int(74 * s), (w - 2 * pad) // 13))
        hand_h = cardart.card_size(hand_w)[1]
        hand = pygame.Rect(pad, h - hand_h - pad, w - 2 * pad, hand_h)
        guess = pygame.Rect(pad, hand.y - int(58 * s), w - 2 * pad, int(44 * s))
        words = pygame.Rect(pad, guess.y - int(84 * s), w - 2 * pad, int(76 * s))
        lines = pygame.Rect(pad, header.bottom, w - 2 * pad, words.y - header.bottom - int(6 * s))
        card_w = max(24, min(int(58 * s), hand_w))
        return Geometry(header, lines, words, guess, hand, card_w, hand_w)

    def hand_rects(self) -> list[pygame.Rect]:
        g = self.geometry()
        cards = self.view.hand
        if not cards:
            return []
        ch = cardart.card_size(g.hand_w)[1]
        gap = int(6 * self.app.scale)
        step = min(g.hand_w + gap, (g.hand.w - g.hand_w) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        total = step * (len(cards) - 1) + g.hand_w
        x0 = g.hand.centerx - total // 2
        return [pygame.Rect(x0 + i * step, g.hand.y, g.hand_w, ch) for i in range(len(cards))]

    def main_rects(self) -> list[pygame.Rect]:
        """Where the main line's cards lie (overlapping when it is long)."""
        g = self.geometry()
        main = self.view.main
        cw = g.card_w
        ch = cardart.card_size(cw)[1]
        gap = int(6 * self.app.scale)
        n = len(main)
        step = min(cw + gap, (g.lines.w - cw) // max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1) + cw
        x0 = g.lines.centerx - total // 2 if total < g.lines.w else g.lines.x
        y = g.lines.y + int(8 * self.app.scale)
        return [pygame.Rect(x0 + i * step, y, cw, ch) for i in range(n)]

    def side_places(self) -> list[tuple[Card, pygame.Rect, tuple[str, int, int]]]:
        """Every wrong card, where it lies (under the main-line card it was
        judged after, fanned down as the room allows) and its key."""
        rects = self.main_rects()
        if not rects:
            return []
        g = self.geometry()
        s = self.app.scale
        side_w = max(20, int(g.card_w * 0.8))
        side_h = cardart.card_size(side_w)[1]
        room = g.lines.bottom - (rects[0].bottom + int(6 * s))
        under: dict[int, int] = {}
        out: list[tuple[Card, pygame.Rect, tuple[str, int, int]]] = []
        for j, sp in enumerate(self.view.side):
            col = max(0, min(len(rects) - 1, sp.anchor))
            for k, card in enumerate(sp.cards):
                n = under.get(col, 0)
                under[col] = n + 1
                step = min(int(side_h * 0.34), max(6, (room - side_h) // max(1, n + 1))) if room > side_h else 6
                x = rects[col].centerx - side_w // 2 + (n % 2) * int(4 * s)
                y = rects[0].bottom + int(6 * s) + n * step
                out.append((card, pygame.Rect(x, y, side_w, side_h), ("side", j, k)))
        return out

    # --- buttons -----------------------------------------------------------------------------
    def build_ui(self) -> None:
        s = self.app.scale
        w = self.app.size[0]
        v = self.view
        bh = int(36 * s)
        bw = int(118 * s)
        gap = int(8 * s)
        x = w - int(14 * s) - bw
        y = int(10 * s)
        self.button((x, y, bw, bh), tr("ui.menu"), self.leave, focus=False, key="menu")
        x -= bw + gap
        self.button((x, y, bw, bh), tr("ui.rules_button"), lambda: self.app.open_rules("delphi"), focus=False, key="rules")
        if v.phase != OVER:
            x -= bw + gap
            self.button((x, y, bw, bh), tr("delphi.solo_ui.give_up"), self.ask_give_up, focus=False, key="give_up")
        g = self.geometry()
        self.entry = None
        if v.phase == GUESS:
            r = g.guess
            lib_w, go_w, on_w = int(110 * s), int(110 * s), int(150 * s)
            ew = r.w - lib_w - go_w - on_w - 3 * gap
            self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(r.x, r.y, ew, r.h), manager=self.app.ui, placeholder_text=tr("delphi.solo_ui.guess_placeholder"))
            self.entry.set_text(self.guess_text)
            self.keep(self.entry, focus=False)
            self.entry.focus()
            x = r.x + ew + gap
            self.button((x, r.y, lib_w, r.h), tr("delphi.solo_ui.library"), self.open_library, key="library")
            x += lib_w + gap
            self.button((x, r.y, go_w, r.h), tr("delphi.solo_ui.guess"), self.guess, object_id="#primary", key="guess")
            x += go_w + gap
            self.button((x, r.y, on_w, r.h), tr("delphi.solo_ui.go_on"), self.go_on, key="go_on")
        elif v.phase == OVER:
            r = g.guess
            bw2 = int(200 * s)
            shown: list[tuple[str, Callable[[], object], str | None, str]] = [("delphi.explain_ui.open", self.explain, None, "explain")]
            if self.again is not None:
                shown = [("delphi.solo_ui.again", self.again, "#primary", "again"), *shown, ("ui.menu", self.app.to_menu, None, "to_menu")]
            x = r.centerx - (len(shown) * (bw2 + gap) - gap) // 2
            for label, action, oid, key in shown:
                self.button((x, r.y, bw2, r.h), tr(label), action, object_id=oid, key=key)
                x += bw2 + gap

    # --- moves -------------------------------------------------------------------------------
    def _moved(self, res: Moved | Refused) -> None:
        self.problem = self.render(res.reason) if isinstance(res, Refused) else ""
        if self.view.phase != self._shown_phase:
            self._shown_phase = self.view.phase
            if self.view.phase == PLAY:
                self.guess_text = ""
            self.rebuild_ui()
        if isinstance(res, Moved):
            self.keep_or_count()

    # --- saving and counting ------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.keep_or_count()  # (a finished round whose statistics could not be written before)

    def keep_or_count(self) -> None:
        """A round under way is saved for Continue (as Delphi's, its record
        naming "delphi-solo"); a finished one is counted once and only then
        its save goes."""
        record, meta = self.match.record().to_json(), self.match.save_meta()
        if self.view.phase != OVER:
            if not self.match.actions:
                return  # nothing played yet: nothing to continue
            try:
                write_save(self.game_id, record, meta)
                self._saved_guess = self.guess_text
            except OSError as e:
                self.app.write_failed("save", e)
            return
        if self.counted:
            return
        self.counted = True
        try:
            problem = count_round(self.match.state)
        except OSError as e:
            self.app.write_failed("stats", e)
            with contextlib.suppress(OSError):  # said already, with the statistics
                write_save(self.game_id, record, meta, uncounted=True)
            return
        if problem is not None:  # a bad file, moved aside; this round counts anew
            self.app.toasts.show(problem.render(self.lang), "refuse", ttl=8)
        try:
            delete_save(self.game_id, record, meta)
        except OSError as e:
            self.app.write_failed("save", e, "ui.save.delete_failed")

    def play_card(self, i: int, start: tuple[int, int] | None = None) -> None:
        """Play hand card ``i``; it flies from ``start`` (where a drag let
        it go) or its place in the hand to where God's verdict puts it."""
        v = self.view
        if v.phase != PLAY or not 0 <= i < len(v.hand):
            if v.phase == GUESS:
                self.problem = self.render(msg("delphi.solo.err.guess_or_go_on"))
            return
        self.anim.land_flights()  # a card still in the air lands now: a quick player is never held up
        origin = start or self.hand_rects()[i].topleft
        res = self.match.play(SoloAction(PLAY, v.hand[i]))
        self._moved(res)
        if isinstance(res, Moved):
            self._fly_played(v, origin)

    def _fly_played(self, before: SoloView, origin: tuple[int, int]) -> None:
        v = self.view
        card = v.plays[-1][0]
        if len(v.main) > len(before.main):
            place: tuple[pygame.Rect, tuple[object, ...]] | None = (self.main_rects()[-1], ("main", len(v.main) - 1))
        else:
            place = next(((r, key) for c, r, key in reversed(self.side_places()) if c == card), None)
        if place is not None:
            rect, key = place
            self.anim.fly(self.face(card, rect.w), origin, rect.topleft, 0.26, hide=key, blocking=False)

    def go_on(self) -> None:
        self._moved(self.match.play(SoloAction("pass")))

    def guess(self) -> None:
        words = (self.entry.get_text() if self.entry is not None else self.guess_text).strip()
        self.guess_text = words
        if not words:
            self.problem = tr("delphi.solo_ui.type_first")
            return
        state: SoloState = self.match.state
        job = GuessJob(state.rule, words)
        self.job = job

        def finish() -> list[str] | None:
            self.job = None
            if job.cancelled:
                return None
            self._moved(self.match.play(SoloAction(GUESS, text=words)))
            return None

        self.app.push(WaitScene(self.app, tr("delphi.solo_ui.judging"), job, lambda: [tr("delphi.solo_ui.judging_more")], finish))

    def open_library(self) -> None:
        def chosen(rule: str) -> None:
            self.guess_text = rule
            if self.entry is not None:
                self.entry.set_text(rule)

        self.guess_text = self.entry.get_text() if self.entry is not None else self.guess_text
        self.app.push(LibraryScene(self.app, chosen))

    def explain(self) -> None:
        """How the candidate rules narrowed in this round, and in the
        augur's on the same rule and deal."""
        state: SoloState = self.match.state
        options, seed = self.match.options, self.match.seed
        self.app.push(ExplainScene(self.app, solo_tabs(state, options, seed)))

    def ask_give_up(self) -> None:
        self.app.push(ConfirmScene(self.app, tr("delphi.solo_ui.give_up_title"), tr("delphi.solo_ui.give_up_body"), self.give_up, destructive=True))

    def give_up(self) -> None:
        self._moved(self.match.play(SoloAction("stop")))

    def leave(self) -> None:
        """To the menu: a round under way is kept for Continue."""
        self.app.to_menu()

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry and self.entry is not None:
            self.guess_text = self.entry.get_text()
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.guess()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.hand_rects()):
                if r.collidepoint(event.pos):
                    self._pressed = (i, event.pos)
            if self._pressed is not None:
                return
        if event.type == pygame.MOUSEMOTION and self._pressed is not None:
            i, start = self._pressed
            if self.dragging is not None or abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 8:
                self.dragging = (i, event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            i, _ = self._pressed
            dragged = self.dragging is not None
            self._pressed = self.dragging = None
            # a click plays the card; a drag plays it when it is let go above the hand
            if not dragged:
                self.play_card(i)
            elif event.pos[1] < self.geometry().hand.y - int(20 * self.app.scale):
                self.play_card(i, self.face(self.view.hand[i], self.geometry().hand_w).get_rect(center=event.pos).topleft)
            return
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and self.view.phase == GUESS and self.entry is not None and self.entry.is_focused:
            self.guess()
            return
        super().handle_event(event)

    def on_escape(self) -> None:
        if self.dragging is not None or self._pressed is not None:
            self._pressed = self.dragging = None
            return
        self.leave()

    # --- frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        self.anim.land_flights()  # its end was worked out for the old size
        super().resize(size)

    def exit(self) -> None:
        if self.entry is not None:
            self.guess_text = self.entry.get_text()
        if self.guess_text != self._saved_guess:
            self.keep_or_count()  # (a round under way only)
        self.anim.clear()
        super().exit()

    # --- drawing -----------------------------------------------------------------------------
    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        g = self.geometry()
        self._draw_header(surface, g, s)
        self._draw_lines(surface, g, s)
        self._draw_words(surface, g, s)
        self._draw_hand(surface, g, s)
        self.anim.draw(surface)

    def _draw_header(self, surface: pygame.Surface, g: Geometry, s: float) -> None:
        buttons_w = int(3 * 126 * s) + int(14 * s)
        room = g.header.w - buttons_w - int(28 * s)
        text(surface, self.title(), (int(16 * s), int(12 * s)), int(24 * s), GOLD, bold=True, max_width=room)
        text(surface, "  ·  ".join(self.facts()), (int(16 * s), int(48 * s)), int(17 * s), INK, max_width=g.header.w - int(32 * s))

    def _draw_lines(self, surface: pygame.Surface, g: Geometry, s: float) -> None:
        v = self.view
        rects = self.main_rects()
        if not rects:
            return
        starters = v.starters
        for i, (card, r) in enumerate(zip(v.main, rects, strict=True)):
            if self.anim.hidden(("main", i)):
                continue
            surface.blit(self.face(card, r.w), r.topleft)
            if i < starters:
                pygame.draw.rect(surface, GOLD, r.inflate(4, 4), max(1, int(2 * s)), border_radius=int(6 * s))
        # the wrong cards, each under the main-line card it was judged after
        for card, r, key in self.side_places():
            if self.anim.hidden(key):
                continue
            surface.blit(self.face(card, r.w), r.topleft)
            pygame.draw.rect(surface, WRONG_RED, r, max(1, int(2 * s)), border_radius=int(5 * s))
        last = v.plays[-1] if v.plays else None
        if last is not None and last[1] and not self.anim.hidden(("main", len(rects) - 1)):
            pygame.draw.rect(surface, RIGHT_GREEN, rects[-1].inflate(4, 4), max(1, int(2 * s)), border_radius=int(6 * s))

    def verdict_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the band over the guess row says, most important first."""
        v = self.view
        out: list[tuple[str, tuple[int, int, int]]] = []
        if self.problem:
            out.append(("✗ " + self.problem, REFUSE))
        if v.phase == OVER:
            outcome = SOLO.outcome(self.match.state)
            if outcome is not None and outcome.reason is not None:
                out.append((self.render(outcome.reason), GOLD))
            if v.rule:
                out.append((tr("delphi.solo_ui.rule_was", rule=rule_text_in(v.rule, self.lang)), INK))
            return out
        if v.plays:
            card, right = v.plays[-1]
            said = msg("delphi.solo_ui.right" if right else "delphi.solo_ui.wrong_card", card=card)
            out.append((self.render(said), RIGHT_GREEN if right else WRONG_RED))
        last = v.guesses[-1] if v.guesses else None
        if last is not None and not last.correct and last.turn == v.turn and last.example is not None:
            out.append((tr("delphi.solo_ui.wrong_guess", cost=2) + " " + self.render(difference_message(last.example)), WRONG_RED))
        if v.phase == PLAY:
            out.append((tr("delphi.solo_ui.play_prompt"), INK_DIM))
        elif v.phase == GUESS:
            out.append((tr("delphi.solo_ui.guess_prompt"), INK_DIM))
        return out

    def _draw_words(self, surface: pygame.Surface, g: Geometry, s: float) -> None:
        panel(surface, g.words, 110, int(10 * s))
        box = g.words.inflate(-int(20 * s), -int(10 * s))
        y = box.y
        size = int(16 * s)
        lines = self.verdict_lines()
        # the largest size at which every line fits the band
        while size > 10 and sum(len(wrap(t, size, box.w)) for t, _ in lines) * int(size * 1.25) > box.h:
            size -= 1
        for words, colour in lines:
            if y >= box.bottom:
                break
            y += text_block(surface, words, pygame.Rect(box.x, y, box.w, box.bottom - y), size, colour)
        v = self.view
        last = v.guesses[-1] if v.guesses else None
        if last is not None and not last.correct and last.turn == v.turn and last.example is not None and v.phase != OVER:
            self._draw_example(surface, last.example, g, s)

    def _draw_example(self, surface: pygame.Surface, example, g: Geometry, s: float) -> None:
        """The wrong guess's example in cards, under the lines: the main
        line's last cards (the whole line when short), then the card the
        two rules judge apart, framed in gold."""
        cw = g.card_w
        ch = cardart.card_size(cw)[1]
        line = list(example.line)[-6:]
        gap = int(6 * s)
        title_h = int(26 * s)
        title = tr("delphi.solo_ui.example")
        cards_w = (len(line) + 1) * (cw + gap) + int(12 * s) + int(24 * s)
        width = min(g.lines.w, max(cards_w, font(int(15 * s), False).size(title)[0] + int(28 * s)))
        r = pygame.Rect(0, 0, width, ch + title_h + int(16 * s))
        r.midbottom = (g.lines.centerx, g.lines.bottom - int(4 * s))
        panel(surface, r, 170, int(8 * s), WRONG_RED)
        text(surface, title, (r.centerx, r.y + int(6 * s)), int(15 * s), INK, anchor="midtop", max_width=r.w - int(16 * s))
        x = r.centerx - cards_w // 2 + int(12 * s)
        y = r.y + title_h + int(4 * s)
        for c in line:
            surface.blit(self.face(c, cw), (x, y))
            x += cw + gap
        x += int(12 * s)
        surface.blit(self.face(example.card, cw), (x, y))
        pygame.draw.rect(surface, GOLD, (x - 2, y - 2, cw + 4, ch + 4), max(1, int(2 * s)), border_radius=int(5 * s))

    def _draw_hand(self, surface: pygame.Surface, g: Geometry, s: float) -> None:
        v = self.view
        rects = self.hand_rects()
        playing = v.phase == PLAY
        for i, (card, r) in enumerate(zip(v.hand, rects, strict=True)):
            if self.dragging is not None and self.dragging[0] == i:
                continue
            img = self.face(card, r.w)
            if not playing:
                img = img.copy()
                img.set_alpha(150)
            surface.blit(img, r.topleft)
        if self.dragging is not None and self.dragging[0] < len(v.hand):
            i, pos = self.dragging
            img = self.face(v.hand[i], g.hand_w)
            surface.blit(img, img.get_rect(center=pos))


__all__ = ["STATS_KEY", "GuessJob", "SoloTable", "count_round"]
