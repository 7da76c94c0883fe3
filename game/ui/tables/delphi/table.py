"""The Delphi table: the main line and its side lines, markers, the hand
of the person at the screen, the seats, the round's log, and the moments
the rules ask for (No Play, Prophet, verdicts, picks, God writing the
rule, the end of a round).

Input becomes engine actions, never rules of our own: a hand card (or a
string built by clicking cards in order) dropped on the tableau is
``play``, played as an intent whose ``origin`` says where its cards start
their flight; the buttons are enabled from ``legal_actions`` and
``prophet_blocker``.  Declaring oneself Prophet never holds the table up:
the button (and P) stays usable from one's own play until the next player
has played, also while a computer thinks, and a person's "declare now?"
moment passes by itself (the policy's ``automatic``; with another person
next, who would need the device, the person is asked instead).  A wrong
card is not refused (it goes to a side line, which the engine decides,
and the card flies there); refusals are for moves that are not possible
now, like playing out of turn, and show the engine's reason to the seat
that tried.  What changes the round for everyone (a Prophet, an
expulsion) is said to everyone.

The string being built, the pick, the scroll and the verdict badge are
the model's (:mod:`.model`), God's draft the match's; what is drawn is a
picture (:mod:`.paint`), made anew each frame, so the status line says
what is true now.  The turn loop, saving and statistics are the kit's
(:mod:`game.ui.kit.table`); the match's policy brings in the computer God
and covers God's screen from the others.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.cards import Card
from game.engine.core import Message, Outcome, msg
from game.engine.match import How, Match, Moved, Step, seats_from
from game.games.delphi import GAME
from game.games.delphi import state as ds
from game.games.delphi.infer.space import prepare as prepare_augur_space
from game.games.delphi.library import rule_in_words
from game.games.delphi.log import hint_text
from game.games.delphi.policy import GodDraft
from game.games.delphi.state import Action, DelphiState, DelphiView
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.model import Intent
from game.ui.kit.picture import Look, Painters
from game.ui.kit.table import Placed, TableScene, seat
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.delphi import speech as delphi_speech
from game.ui.tables.delphi.draw import Colour
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.layout import ACTIVE_PHASES, Layout, Tableau, compute_layout, sidebar_width
from game.ui.tables.delphi.model import PICK_PHASES, DelphiMatch, DelphiModel
from game.ui.tables.delphi.motion import animate as fly_move
from game.ui.tables.delphi.notebook import NotebookField
from game.ui.tables.delphi.paint import (
    DelphiPicture,
    Hand,
    Line,
    Position,
    SeatRow,
    Shown,
    Still,
    info_height,
    paint_moving,
    paint_still,
)
from game.ui.tables.delphi.starterscene import StarterScene
from game.ui.tables.delphi.summary import RoundScene

VERDICT_PHASES = (ds.PROPHET_VERDICT, ds.GOD_VERDICT)
#: the button Enter presses when the person is to judge, pick or go on
FOCUS = {ds.PROPHET_VERDICT: "right", ds.GOD_VERDICT: "right", ds.GOD_CHECK_PICK: "right", ds.PROPHET_PICK: "pick", ds.GOD_PICK: "pick", ds.DECLARE: "continue"}
#: the letter keys of the README: (action kind, n) they play when legal
#: (P, declaring oneself Prophet, is handled on its own: it is not bound to one's turn)
LETTERS = {
    pygame.K_n: ("noplay", None),
    pygame.K_c: ("pass", None),
    pygame.K_r: ("verdict", 1),
    pygame.K_w: ("verdict", 0),
}
#: log entries worth a note of their own (for everyone at the table)
NOTABLE = {
    "delphi.log.prophet",
    "delphi.log.cast_down",
    "delphi.log.expelled",
    "delphi.log.noplay_right",
    "delphi.log.noplay_right_out",
    "delphi.log.noplay_wrong",
}
#: the status line's sentence for the person to act, by phase (and, for a
#: verdict, by what is judged)
YOUR_MOVE: dict[str | tuple[str, str], str] = {
    ds.DECLARE: "delphi.table.you_declare",
    (ds.PROPHET_VERDICT, "play"): "delphi.table.prophet_judge_play",
    (ds.PROPHET_VERDICT, "noplay"): "delphi.table.prophet_judge_noplay",
    (ds.GOD_VERDICT, "play"): "delphi.table.god_judge_play",
    (ds.GOD_VERDICT, "noplay"): "delphi.table.god_judge_noplay",
    ds.PROPHET_PICK: "delphi.table.prophet_pick",
    ds.GOD_PICK: "delphi.table.god_pick",
    ds.GOD_CHECK_PICK: "delphi.table.god_check_pick",
}
#: seconds a person who played sees the verdict on it before the device
#: passes (reading time, whatever the animation setting; a click or a key
#: passes at once): it passed about 1 s after the play, before the verdict
LOOK_SECONDS = 2.0
#: phases in which God, watching a written rule at work, reads "you watch"
GOD_WATCHES = (ds.TURN, ds.DECLARE, ds.PROPHET_VERDICT, ds.PROPHET_PICK)


DelphiTableScene = TableScene[DelphiState, Action, DelphiView, DelphiPicture]


class DelphiTable(DelphiTableScene):
    reader = delphi_speech
    game_id = "delphi"
    name = "delphi-table"
    think = 0.55
    #: base seconds the next computer takes to play while the person at the
    #: screen may still declare themselves Prophet (the chance ends with that
    #: play): time to read God's verdict and press P.  At 1.2 s a person
    #: playing under Xvfb saw the computer play before they could
    prophet_window = 2.5
    model: DelphiModel

    def __init__(self, app: AppServices, match: DelphiMatch) -> None:
        super().__init__(app, DelphiModel(match), Painters(paint_still, paint_moving))
        self.cursor = KeyCursor()  # over the hand, or over an open No Play hand while picking
        self._layout: tuple[tuple[Any, ...], Layout] | None = None
        self._string_img: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._position: tuple[tuple[Any, ...], Position] | None = None
        #: God's draft and the notebooks as the last save holds them (leaving saves newer ones)
        self._saved_draft = self.model.draft
        self._saved_notebook = self.model.notebook
        #: the notebook's text field, the page of the seat at the screen
        self.notebook = NotebookField(app, self.model)
        self.card_drag(
            on_click=self._card_clicked,
            land=lambda src, zone: True,  # animate flies the cards where the engine put them
            hide_key=self._hide_key,
            undo_click=self._card_clicked,  # a click toggles: the second takes the first back
        )
        #: a computer augur plays: its candidate space is built ahead of its first turn
        self._augurs = any(seat.bot == "augur" for seat in self.match.seats)
        self._prepare_augurs()

    def _prepare_augurs(self) -> None:
        """Build the augurs' space for the round's starters on a worker
        thread (nothing once built): their first decision would otherwise
        build it in the frame loop, a still frame of 0.3-0.6 s here."""
        if self._augurs:
            prepare_augur_space(self.view.starters)

    # --- what the table knows ------------------------------------------------------------------
    @property
    def chosen(self) -> list[int]:
        """The string being built (hand indices in order; the model's)."""
        return list(self.model.chosen)


    def can(self, kind: str, n: int | None = None) -> bool:
        return self.my_turn() and any(a.kind == kind and (n is None or a.n == n) for a in self.match.legal())

    def hand(self) -> tuple[Card, ...]:
        return tuple(self.view.hand or ())



    def picking(self) -> bool:
        """The person at the screen picks a card of an open No Play hand."""
        return self.my_turn() and self.view.phase in PICK_PHASES


    def layout(self) -> Layout:
        m = self.model
        key = (self.app.size, self.scale, cardart.size_factor(), self.lang, self.match.state, self.viewer, m.chosen, m.pick, m.scroll, m.sheet)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.layout_for(self.view))
        return self._layout[1]

    def layout_for(self, view: DelphiView) -> Layout:
        m = self.model
        return compute_layout(self.app.size, self.scale, view, self.info_height(view), m.chosen, m.pick, m.scroll, sheet=m.sheet)

    def info_height(self, view: DelphiView) -> int:
        return info_height(tuple(self.info_lines(view)), sidebar_width(self.app.size, self.scale), self.scale, self.legend(view))

    def legend(self, view: DelphiView) -> tuple[tuple[str, str], ...]:
        """What each kind of pawn on the table means, for the kinds there
        are (none before the tenth card)."""
        kinds = (("white", bool(view.white)), ("black", bool(view.black)), ("prophet", view.prophet >= 0 and 0 <= view.prophet_anchor < len(view.main)))
        return tuple((kind, tr(f"delphi.table.legend.{kind}")) for kind, there in kinds if there)

    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def god_title(self) -> str:
        return self.view.god_name or tr("delphi.god")

    def status_message(self) -> Message:
        """What the table waits for, named for the players."""
        if self.match.current is None:
            return Message("delphi.wait.game_over")
        return GAME.status(self.match.state)

    def not_your_turn(self) -> Message:
        return msg("delphi.table.not_your_turn", waiting=self.status_message())

    # --- what the table says ---------------------------------------------------------------------
    def status(self) -> tuple[str, bool]:
        """The status line ("" for none), from the position as it is now,
        and whether the person at the screen is the one to act."""
        v = self.view
        ph = v.phase
        if self.finished or ph in (ds.ROUND_OVER, ds.GAME_OVER):
            return "", False
        me = self.viewer
        mine = self.my_turn()
        name = self.seat_name(me)
        player = self.seat_name(v.turn) if 0 <= v.turn < self.players else ""
        if mine:
            if ph == ds.TURN:
                n = len(self.model.chosen)
                # the prompt names the button by its own label ("press Play" stood over "Play the 3 cards")
                return tr("delphi.table.you_string", n=n, button=tr("delphi.table.play_n", n=n)) if n else tr("delphi.table.you_turn", name=name), True
            key = YOUR_MOVE.get((ph, "noplay" if v.pending_kind == "noplay" else "play")) or YOUR_MOVE.get(ph)
            if key is not None:
                return tr(key, name=name, player=player, card=v.picked), True
        if me is not None and me == v.god and ph in GOD_WATCHES and not v.by_hand:
            return tr("delphi.table.god_watch", status=self.render(self.status_message())), mine
        if self.model.may_declare():
            return tr("delphi.table.may_declare", status=self.render(self.status_message())), mine
        return self.render(self.status_message()), mine

    def status_text(self) -> str:
        return self.status()[0]

    def info_lines(self, view: DelphiView) -> list[tuple[str, Colour]]:
        """The facts panel: round, God, cards played, when wrong plays
        expel, the Prophet, God's hint, and God's own rule or note (in
        God's own view only)."""
        god = view.god_name or tr("delphi.god")
        lines: list[tuple[str, Colour]] = [
            (tr("delphi.ui.round", n=view.round + 1, total=view.rounds), INK),
            (tr("delphi.table.god_is", god=god, name=self.seat_name(view.god)), GOLD),
            (tr("delphi.ui.played", n=view.played), INK_DIM),
        ]
        if view.phase in ACTIVE_PHASES:
            if view.wrong_play_expels:
                lines.append((tr("delphi.ui.expel_now"), REFUSE))
            else:
                lines.append((tr("delphi.table.expel_from", n=view.expel_after + 1), INK_DIM))
        if view.prophet >= 0:
            lines.append((tr("delphi.ui.prophet_is", player=self.seat_name(view.prophet)), GOLD))
        hint = hint_text(view.hint, view.hint_rule)
        if hint:
            lines.append((tr("delphi.ui.hint", hint=hint), INK))
        if view.rule is not None and view.phase not in (ds.ROUND_OVER, ds.GAME_OVER):
            if view.by_hand:
                lines.append((tr("delphi.table.your_note", note=view.note or tr("delphi.table.no_note")), HIGHLIGHT))
            elif view.rule:
                lines.append((tr("delphi.table.your_rule", rule=rule_in_words(view.rule, self.lang)), HIGHLIGHT))
        return lines

    # --- the picture ---------------------------------------------------------------------------------
    def picture(self) -> DelphiPicture:
        v = self.view
        L = self.layout()
        T = L.tableau
        m = self.model
        hidden = self.hidden_keys()
        held = self.drag.dragging.payload if self.drag is not None and self.drag.dragging is not None else None
        hand = None
        if self.viewer is not None and v.hand is not None:
            away = m.string_active() and ((held is not None and held[0] == "hand" and held[1] in m.chosen) or ("string",) in hidden)
            hand = Hand(tuple(v.hand), m.chosen, away)
        shown = None
        if v.shown_hand:
            picked = list(v.shown_hand).index(v.picked) if v.picked in v.shown_hand else None
            shown = Shown(tuple(v.shown_hand), frozenset(i for i in (m.pick, picked) if i is not None))
        still = Still(
            look=Look.of(self.app), layout=L, header=self.header(), title=tr("delphi.table.title"), position=self.position(v),
            line_title=tr("delphi.ui.main_line") if T.overview is None else tr("delphi.table.main_line_n", n=len(v.main)),
            line_note=self._line_note(T),
            shown=shown, hand=hand, hidden=hidden, **self._sheet_texts(L), notebook_title=self._notebook_title(),
        )  # fmt: skip
        drag = self.drag
        glow = drag is not None and drag.dragging is not None and bool(drag.legal_zones())
        cursor = self.cursor.index if not self.picking() and self.cursor.valid(len(L.hand.rects)) and (drag is None or drag.dragging is None) else None
        badge = m.badge if m.badge is not None and m.badge.shown else None
        return DelphiPicture(still, self.status(), glow, cursor, badge)

    @staticmethod
    def _line_note(T: Tableau) -> str:
        """Beside the line's title: it is crowded, how to scroll it, how to
        open a folded side line."""
        if not T.fits:
            return tr("delphi.table.crowded")
        notes = ([tr("delphi.table.line_scroll")] if T.overview is not None else []) + ([tr("delphi.table.fold_note")] if T.folds else [])
        return " · ".join(notes)

    def _notebook_title(self) -> str:
        seat = self.notebook_seat()
        return tr("delphi.table.notebook_title", name=self.seat_name(seat)) if self.model.notebook_open and seat is not None else ""

    def _sheet_texts(self, L: Layout) -> dict[str, str]:
        sh = L.sheet
        if sh is None:
            return {}
        v = self.view
        cards = sum(len(v.side[j].cards) for j in sh.plays)
        card = v.main[sh.anchor] if sh.anchor < len(v.main) else None
        title = tr("delphi.table.sideline_title", card=card, pos=sh.anchor + 1, plays=len(sh.plays), n=cards)
        return {"sheet_title": title, "sheet_note": tr("delphi.table.sideline_close")}

    def position(self, v: DelphiView) -> Position:
        """What the still shows of the position (made once per position,
        seat at the screen and language)."""
        key = (self.match.state, self.viewer, self.lang, self.finished)
        if self._position is not None and self._position[0] == key:
            return self._position[1]
        names = [self.seat_name(i) for i in range(self.players)]
        god = self.god_title()
        line = Line(
            main=tuple(v.main), main_nums=tuple(v.main_nums), starters=v.starters, side=tuple(v.side),
            pending=tuple(v.pending or ()), white=tuple(v.white), black=tuple(v.black),
            prophet_anchor=v.prophet_anchor if v.prophet >= 0 else -1,
        )  # fmt: skip
        if self.viewer is None:
            hand_message = tr("delphi.table.no_hand_shown") if v.phase in ACTIVE_PHASES and not self.finished else ""
        else:
            hand_message = tr("delphi.table.god_has_no_hand", god=god) if v.hand is None else ""
        pos = Position(
            facts=(tr("delphi.ui.round", n=v.round + 1, total=v.rounds), tr("delphi.table.god_is", god=god, name=self.seat_name(v.god))),
            line=line, awaiting=tr("delphi.table.awaiting"), shown_title=tr("delphi.table.shown_hand", player=self.seat_name(v.turn), n=len(v.shown_hand)),
            info=tuple(self.info_lines(v)), legend=self.legend(v), deck_size=v.deck_size, seats=tuple(self._seat_rows(v, god)), log_title=tr("delphi.table.log"),
            log=tuple(self.render(x) for x in v.named_messages(names)), hand_label=tr("delphi.table.your_hand", name=self.seat_name(self.viewer), n=len(v.hand or ())),
            keys=tuple(tr("delphi.table.keys").split(" · ")), hand_message=hand_message,
        )  # fmt: skip
        self._position = (key, pos)
        return pos

    def _seat_rows(self, v: DelphiView, god: str) -> list[SeatRow]:
        cur = self.match.current
        rows = []
        for p in range(v.players):
            tags = []
            if p == v.god:
                tags.append(god)
            if p == v.prophet:
                tags.append(tr("delphi.table.prophet_tag"))
            if v.expelled[p]:
                tags.append(tr("delphi.ui.expelled"))
            if self.is_bot(p):
                tags.append(tr("ui.computer"))
            if p == self.viewer:
                tags.append(tr("delphi.table.you"))
            colour = GOLD if p == v.god else (INK_DIM if v.expelled[p] else INK)
            framed = p == cur and not self.finished and v.phase in (*ACTIVE_PHASES, ds.SETRULE)
            rows.append(SeatRow(self.seat_name(p), " · ".join(tags), colour, p == cur, framed, None if p == v.god else v.hand_sizes[p]))
        return rows

    def note_area(self) -> pygame.Rect:
        return self.layout().notes

    # --- the kit's hooks -----------------------------------------------------------------------
    def think_time(self, step: Step) -> float:
        st = self.match.state
        if st.phase == ds.DECLARE:
            return 0.0  # a computer's "Prophet or not" holds nobody up
        if st.phase == ds.TURN and self.viewer is not None and st.declarer == self.viewer:
            return max(self.think, self.prophet_window)
        return self.think

    def auto_time(self, step: Step) -> float:
        return 0.0 if self.match.state.phase == ds.DECLARE else self.auto_pause

    def await_person(self, step: Step) -> None:
        phase = self.match.state.phase
        if phase == ds.SETRULE and not any(isinstance(s, GodScene) for s in self.app.scenes.scenes):
            self.app.push(GodScene(self.app, self))
        elif phase == ds.STARTER and not any(isinstance(s, StarterScene) for s in self.app.scenes.scenes):
            self.app.push(StarterScene(self.app, self))

    def at_break(self, step: Step) -> None:
        """The round's result, once its last card has landed; with nobody
        at the table it goes on by itself after a moment."""

        def show() -> None:
            if self.app.scenes.top is self:
                delphi_speech.round_over(self)
                self.app.push(RoundScene(self.app, self, final=False, auto=not self.match.people()))

        self.anim.when_landed(show)

    def next_round(self) -> None:
        if self.match.state.phase == ds.ROUND_OVER:
            self.proceed()

    def on_viewer_changed(self) -> None:
        self.cursor.clear()

    def look_before_pass(self, seat: int) -> float:
        """God's verdict on what ``seat`` played (or on its No Play), once
        it is given (a person God judges after the device passes).  A
        computer God judges within the play itself: no verdict action
        follows, nothing is pending after it (this look counted only
        verdict actions, so with a computer God the pass screen came a
        fraction of a second after a string, seen in a real window)."""
        game, states, acts = self.match.game, self.match.states, self.match.actions
        for i in range(len(acts) - 1, -1, -1):
            if game.current_player(states[i]) == seat:
                judged = any(not st.pending_kind for st in states[i + 1 :])
                return LOOK_SECONDS if acts[i].kind in ("play", "noplay") and judged else 0.0
        return 0.0

    def animate(self, moved: Moved, intent: Intent[Action] | None) -> float:
        """The cards travel where the engine put them, from where the
        gesture left them (``intent.origin``); what changes the round for
        everyone is said to everyone."""
        self.cursor.clear()
        self._prepare_augurs()  # the round's starters are known once God has laid them
        before, after = moved.before, moved.after
        if after.round == before.round:
            self._notices(before.log, after)
            if after.main or after.phase not in (ds.ROUND_OVER, ds.GAME_OVER):
                vb = self.match.game.view(before, self.viewer)
                badge = fly_move(
                    self.anim, Look.of(self.app), self.layout_for(vb), self.layout(), vb, self.view, moved.action, intent.origin if intent is not None else (),
                    computer=self.is_bot(vb.turn), factor=self.app.anim_factor(),
                )  # fmt: skip
                if badge is not None:
                    self.model.badge = badge
        # a computer's next move waits for nothing: its "thinking" overlaps the flight
        return 0.0

    def _notices(self, seen: tuple[Any, ...], after: DelphiState) -> None:
        """The log entries of a move that change the round: for everyone."""
        names = [self.seat_name(i) for i in range(self.players)]
        messages = self.match.game.view(after, None).named_messages(names)
        for entry, m in zip(after.log[len(seen) :], messages[len(seen) :]):
            if entry[0] in NOTABLE:
                self.notice(m, ttl=4.0, public=True)

    def celebration_cards(self) -> list[Card]:
        """The main line's last cards spring up."""
        return list(self.view.main[-8:])

    def celebration_area(self) -> pygame.Rect:
        return pygame.Rect(self.layout().tableau.area)

    def show_result(self, outcome: Outcome) -> None:
        self.app.play_sound("win")
        self.app.push(RoundScene(self.app, self, final=True, outcome=outcome))

    def play_centre_x(self) -> int:
        return self.layout().sidebar.x // 2

    # --- God's draft ----------------------------------------------------------------------------
    def keep_draft(self, draft: GodDraft) -> None:
        """What God has on the rule screen (saved with the game when the
        table is left, so Continue brings it back)."""
        self.model.draft = draft

    def autosave(self) -> None:
        super().autosave()
        self._saved_draft = self.model.draft
        self._saved_notebook = self.model.notebook

    def exit(self) -> None:
        if not self.match.over and (self.model.draft != self._saved_draft or self.model.notebook != self._saved_notebook):
            self.autosave()
        self.notebook.drop()
        super().exit()

    def pause(self) -> None:
        self.notebook.drop()  # (its text is the match's already)
        super().pause()

    def resize(self, size: tuple[int, int]) -> None:
        self.notebook.drop()
        super().resize(size)

    def language_changed(self) -> None:
        self.notebook.drop()
        super().language_changed()

    # --- the notebook ------------------------------------------------------------------------------
    def notebook_seat(self) -> int | None:
        """The seat whose notebook the screen may show: the person at the
        screen, unless they are God (who knows the rule)."""
        v = self.viewer
        return None if v is None or v == self.view.god or self.finished else v

    def toggle_notebook(self) -> None:
        self.model.notebook_open = not self.model.notebook_open
        self.sync_ui()
        self._place_notebook()
        self.notebook.focus()

    def notebook_rect(self) -> pygame.Rect | None:
        """Where the text field goes: the round log's place, under its
        title (None: eight seats in a small window leave it no room)."""
        L = self.layout()
        top = int(32 * L.s)
        r = pygame.Rect(L.log.x + int(8 * L.s), L.log.y + top, L.log.w - int(16 * L.s), L.log.h - top - int(8 * L.s))
        return r if r.h >= int(30 * L.s) else None

    def _place_notebook(self) -> None:
        """The field while the notebook is open, for the seat at the screen."""
        seat = self.notebook_seat()
        want = self.model.notebook_open and seat is not None and self.app.scenes.top is self and not self._leaving
        self.notebook.place(seat if want else None, self.notebook_rect() if want else None)

    # --- drag, click ------------------------------------------------------------------------------
    def _hide_key(self, payload: tuple[Any, ...]) -> tuple[Any, ...]:
        if payload[0] == "hand" and self.model.string_active() and payload[1] in self.model.chosen:
            return ("string",)
        return payload

    def drag_sources(self) -> list[Source]:
        if self.finished or self.viewer is None:
            return []
        L = self.layout()
        if self.picking():
            return [Source(r, ("shown", i), self.face(c, L.shown_cw)) for i, (c, r) in enumerate(zip(self.view.shown_hand, L.shown_cards))]
        string = self._string_image(L.hand.cw) if self.model.string_active() else None
        chosen = self.model.chosen
        return [Source(r, ("hand", i), string if string is not None and i in chosen else self.face(c, L.hand.cw)) for i, (c, r) in enumerate(zip(self.hand(), L.hand.rects))]

    def _string_image(self, cw: int) -> pygame.Surface:
        """The chosen cards fanned out, carried as one."""
        cards = self.model.string_cards()
        key = (cards, cw, self.lang, self.app.settings.four_colour)
        if self._string_img is None or self._string_img[0] != key:
            step = int(cw * 0.34)
            img = pygame.Surface((cw + step * (len(cards) - 1), round(cw * cardart.ASPECT)), pygame.SRCALPHA)
            for k, c in enumerate(cards):
                img.blit(self.face(c, cw), (k * step, 0))
            self._string_img = (key, img)
        return self._string_img[1]

    def drag_zones(self) -> list[Zone]:
        return [Zone(self.layout().tableau.area, ("main",))]

    def drag_legal(self, payload: Any) -> list[Any]:
        if not self.my_turn():
            return []
        ph = self.view.phase
        if (payload[0] == "hand" and ph == ds.TURN) or (payload[0] == "shown" and ph in PICK_PHASES):
            return [("main",)]
        return []

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        if self.finished:
            return msg("engine.game_over")
        if not self.my_turn():
            return self.not_your_turn()
        assert self.drag is not None
        start = self.drag.last_start
        kind, i = payload
        if kind == "shown":
            shown = self.view.shown_hand
            return self.play(Intent(self.pick_action(shown[i]), How.DROP, (start,))) if i < len(shown) else PENDING
        hand = self.hand()
        if i >= len(hand):
            return PENDING
        cards = self.model.string_cards() if self.model.string_active() and i in self.model.chosen else (hand[i],)
        step = int(self.layout().hand.cw * 0.34)
        return self.play(Intent(Action("play", cards), How.DROP, tuple((start[0] + k * step, start[1]) for k in range(len(cards)))))

    def _card_clicked(self, payload: Any) -> bool:
        kind, i = payload
        if kind == "shown":
            self.model.toggle_pick(i)
            self.cursor.place(self.model.pick)
        else:
            self.model.toggle(i)
            self.cursor.place(i)
        self.sync_ui()
        return True

    # --- what the buttons and keys do -------------------------------------------------------------
    def play_string(self, how: How = How.CLICK) -> None:
        """Play the cards chosen, in their order (Play, Enter)."""
        m = self.model
        if not m.chosen and self.cursor.valid(len(self.hand())):
            m.choose((self.cursor.index or 0,))
        cards = self.model.string_cards()
        if not cards:
            self.refuse(msg("delphi.err.no_cards"))
            return
        if not self.my_turn():
            self.refuse(self.not_your_turn())
            return
        rects = self.layout().hand.rects
        reason = self.play(Intent(Action("play", cards), how, tuple(rects[i].topleft for i in m.chosen if i < len(rects))))
        if reason is not None:
            self.refuse(reason)

    def clear_string(self) -> None:
        self.model.clear_string()
        self.sync_ui()

    def pick_action(self, card: Card) -> Action:
        return Action("pick" if self.view.phase == ds.PROPHET_PICK else "god-pick", (card,))

    def do_pick(self, how: How = How.CLICK) -> None:
        shown = self.view.shown_hand
        pick = self.model.pick
        if pick is None or pick >= len(shown):
            self.refuse(msg("delphi.err.pick_one"))
            return
        reason = self.play(Intent(self.pick_action(shown[pick]), how, (self.layout().shown_cards[pick].topleft,)))
        if reason is not None:
            self.refuse(reason)

    def do(self, action: Action, how: How = How.CLICK) -> None:
        if not self.my_turn():
            self.refuse(self.not_your_turn())
            return
        self.act_or_refuse(action, how)

    def no_play(self, how: How = How.CLICK) -> None:
        self.do(Action("noplay"), how)

    def declare(self, how: How = How.CLICK) -> None:
        """Declare the person at the screen Prophet: right after their play,
        or while the next player is still on turn (not only at one's turn)."""
        if self.viewer is None or self.finished:
            return
        why = GAME.prophet_blocker(self.match.state, self.viewer)
        if why is not None:
            self.refuse(why)
            return
        self.act_or_refuse(Action("prophet"), how)

    def decline(self, how: How = How.CLICK) -> None:
        self.do(Action("pass"), how)

    def verdict(self, right: bool, how: How = How.CLICK) -> None:
        self.do(Action("verdict", n=1 if right else 0), how)

    def ask_stop(self) -> None:
        if self.finished:
            return
        done = len(self.view.results)
        body = tr("delphi.table.stop_body_between" if self.view.phase == ds.ROUND_OVER else "delphi.table.stop_body", n=done)
        self.confirm(tr("delphi.table.stop_title"), body, self.stop_now, yes=tr("delphi.table.stop_yes"), no=tr("ui.cancel"), destructive=True)

    def stop_now(self) -> None:
        """End the game with the recorded ``stop``; the final scores at once."""
        if self.finished:
            return
        while self.app.scenes.top is not self and isinstance(self.app.scenes.top, (RoundScene, ConfirmScene)):
            self.app.pop()
        self.stop_game()
        self.anim.finish_all()

    # --- scrolling the main line, opening a side line -------------------------------------------
    def sheet_clicked(self, pos: tuple[int, int]) -> bool:
        """A click closes an open side line's sheet; a click on a folded
        column's "+N" opens the whole side line on one."""
        m = self.model
        if m.sheet is not None:
            m.sheet = None
            return True
        a = self.layout().tableau.fold_at(pos)
        if a is None:
            return False
        m.sheet = a
        return True

    def open_sheet(self, anchor: int | None) -> None:
        """Open (or with None close) the side line under main-line card ``anchor``."""
        self.model.sheet = anchor

    def tableau_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on the overview brings that card into the row."""
        T = self.layout().tableau
        i = T.overview.index_at(pos) if T.overview is not None else None
        if i is None:
            return False
        self.scroll_line(T.scroll_to(i) - T.scroll)
        return True

    def scroll_line(self, by: int) -> None:
        """Scroll the main line's row ``by`` places back (negative: on)."""
        T = self.layout().tableau
        self.model.scroll = max(0, min(T.places - T.shown, T.scroll + by))

    # --- keys and the pointer -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.notebook.is_field(event.ui_element):
            self.notebook.changed()
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.notebook.typing:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.notebook.unfocus()
            return  # the keys belong to the notebook, none is a shortcut of the table
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self._sheet_click(event):
            self.sheet_clicked(event.pos)  # while a computer thinks, too: reading the table holds nothing up
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.layout().tableau.area.collidepoint(pygame.mouse.get_pos()):
                self.scroll_line(3 * int(event.y))  # up: back to older cards
            return
        super().handle_event(event)

    def _sheet_click(self, event: pygame.event.Event) -> bool:
        return self.model.sheet is not None or self.layout().tableau.fold_at(event.pos) is not None

    def keys_while_busy(self) -> frozenset[int]:
        """P while a computer thinks, too: its play would end the chance."""
        return frozenset((pygame.K_p,)) if self.model.may_declare() else frozenset()

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        if self.notebook.takes(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self._sheet_click(event):
            return True
        return event.type == pygame.MOUSEWHEEL or super().accepts_while_busy(event)

    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self.tableau_clicked(event.pos)
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_line(self.layout().tableau.shown // 2 * (1 if k == pygame.K_PAGEUP else -1))
            return True
        if self.viewer is None:
            return False
        if k == pygame.K_p:
            # when the chance is not there, the refusal says why (P did
            # nothing at all, seen in a real window)
            self.declare(How.KEY)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_cursor(k)
            return True  # the arrows are the cursor's, never the drag-and-drop's own
        enter = k in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.picking():
            if (enter or k == pygame.K_SPACE) and self.model.pick is not None:
                self.do_pick(How.KEY)
                return True
            return enter or k == pygame.K_SPACE
        if k == pygame.K_SPACE:
            if self.cursor.valid(len(self.hand())):
                self._card_clicked(("hand", self.cursor.index))
            return True
        if enter:
            if (self.model.chosen or self.cursor.index is not None) and self.view.phase == ds.TURN:
                self.play_string(How.KEY)
            return True
        if k == pygame.K_BACKSPACE and self.model.chosen:
            self.clear_string()
            return True
        letter = LETTERS.get(k)
        if letter is None:
            return False
        kind, n = letter
        if not self.can(kind, n):
            # the engine's or the turn's reason (N during the Prophet's
            # question did nothing at all)
            self.do(Action(kind, n=n or 0), How.KEY)
            return True
        if kind == "verdict":
            self.verdict(bool(n), How.KEY)
        elif kind == "noplay":
            self.no_play(How.KEY)
        else:
            self.decline(How.KEY)
        return True

    def _move_cursor(self, k: int) -> None:
        if self.picking():
            if self.cursor.move(k, len(self.view.shown_hand)):
                self.model.pick = self.cursor.index
                self.sync_ui()
            return
        n = len(self.hand())
        self.cursor.move(k, n, start=0 if k == pygame.K_RIGHT else n - 1)

    def cancel_gesture(self) -> bool:
        m = self.model
        if m.sheet is not None:  # Esc closes an open side line first
            m.sheet = None
            return True
        had = bool(m.chosen) or self.cursor.index is not None or m.pick is not None
        m.clear_string()
        m.pick = None
        self.cursor.clear()
        if had:
            self.sync_ui()
        return super().cancel_gesture() or had

    # --- buttons ------------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        # Stop only asks, so it need not wait for the computers: while they
        # play, one after another, the table is busy nearly all the time and
        # a click that waited was lost (seen in the window)
        stop = ButtonSpec("stop", tr("delphi.table.stop"), self.ask_stop, not self.finished, destructive=True, waits=False)
        notes = ButtonSpec("notebook", tr("delphi.table.notebook"), self.toggle_notebook, self.notebook_seat() is not None, selected=self.model.notebook_open, waits=False, tooltip=tr("delphi.table.notebook_tip"))
        return [notes, stop, *super().header_buttons()]

    def panel_buttons(self) -> Placed:
        if self.finished:
            return []
        L = self.layout()
        row1, row2 = L.button_rows()
        gap = int(8 * L.s)
        half = (row1.w - gap) // 2
        h = row1.h
        v = self.view
        ph = v.phase
        mine = self.my_turn()
        pick = self.model.pick
        out: Placed = []
        if mine and ph in VERDICT_PHASES:
            noplay = v.pending_kind == "noplay"
            out.append((ButtonSpec("right", "✓ " + tr("delphi.ui.noplay_right" if noplay else "delphi.ui.right"), lambda: self.verdict(True), primary=True), row1))
            out.append((ButtonSpec("wrong", "✗ " + tr("delphi.ui.noplay_wrong" if noplay else "delphi.ui.wrong"), lambda: self.verdict(False)), row2))
        elif mine and ph == ds.GOD_CHECK_PICK:
            out.append((ButtonSpec("right", "✓ " + tr("delphi.ui.right"), lambda: self.verdict(True), primary=True), pygame.Rect(row1.x, row1.y, half, h)))
            out.append((ButtonSpec("wrong", "✗ " + tr("delphi.ui.wrong"), lambda: self.verdict(False), self.can("verdict", 0)), pygame.Rect(row1.x + half + gap, row1.y, half, h)))
        elif mine and ph in PICK_PHASES:
            chosen = pick is not None and pick < len(v.shown_hand)
            label = tr("delphi.table.put_card", card=v.shown_hand[pick or 0]) if chosen else tr("delphi.table.choose_card")
            out.append((ButtonSpec("pick", label, self.do_pick, chosen, primary=True), row1))
        elif mine and ph == ds.DECLARE:  # only when another person gets the device next
            out.append((ButtonSpec("continue", tr("delphi.table.continue"), self.decline, primary=True), row1))
            out.append((ButtonSpec("prophet", tr("delphi.ui.prophet"), self.declare), row2))
        elif v.hand is not None and self.viewer is not None:
            n = len(self.model.chosen)
            pw = half + half // 3
            label = tr("delphi.table.play_n", n=n) if n else tr("delphi.table.play")
            out.append((ButtonSpec("play", label, self.play_string, mine and ph == ds.TURN and n > 0, primary=mine and n > 0), pygame.Rect(row1.x, row1.y, pw, h)))
            out.append((ButtonSpec("clear", tr("delphi.table.clear"), self.clear_string, n > 0), pygame.Rect(row1.x + pw + gap, row1.y, row1.w - pw - gap, h)))
            out.append((ButtonSpec("noplay", tr("delphi.ui.noplay"), self.no_play, self.can("noplay")), pygame.Rect(row2.x, row2.y, self._narrow(L), h)))
        rect = self.prophet_rect()
        if rect is not None and self.viewer is not None:
            why = GAME.prophet_blocker(self.match.state, self.viewer)
            tip = self.render(why) if why is not None else None
            # usable while a computer thinks (its play would end the chance)
            out.append((ButtonSpec("prophet", tr("delphi.ui.prophet"), self.declare, why is None, tooltip=tip, waits=False), rect))
        return out

    @staticmethod
    def _narrow(L: Layout) -> int:
        return int((L.buttons.w - int(8 * L.s)) * 0.42)

    def prophet_rect(self) -> pygame.Rect | None:
        """Where Declare Prophet sits beside No Play, when it does."""
        v = self.view
        if self.finished or v.hand is None or self.viewer is None or (self.my_turn() and v.phase in (ds.DECLARE, *VERDICT_PHASES)):
            return None
        L = self.layout()
        _, row2 = L.button_rows()
        x = row2.x + self._narrow(L) + int(8 * L.s)
        return pygame.Rect(x, row2.y, row2.right - x, row2.h)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._place_notebook()

    def build_extra_ui(self) -> None:
        self._place_notebook()
        # Enter goes on as the focused primary button (Continue, Right, Put
        # the card); at a turn Enter is the string's own key
        key = FOCUS.get(self.view.phase)
        if key is not None and self.my_turn() and self.focused() is None:
            self.focus_key(key)


# --- a new game -------------------------------------------------------------------------------------


def start_game(app: AppServices, options: dict[str, Any], seed: int, meta: dict[str, Any]) -> DelphiTable:
    """A new game on a fresh table; ``meta`` has the seats' ``names``,
    ``bots`` and ``levels`` and the setup's ``prefs``."""
    seats = seats_from(meta.get("names") or [], meta.get("bots") or [], meta.get("levels") or [])
    table = DelphiTable(app, Match.start(GAME, options, seed, seats, meta=meta))
    seat(app, table)
    table.autosave()
    return table
