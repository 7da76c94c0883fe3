"""Delphi, the rule-guessing game of the Eleusis family (Abbott 1963,
Kruskal's Delphi): the game as a pure engine (the :class:`~game.engine.core.Game`
contract).  How a round goes move by move is in
:mod:`~game.games.delphi.rounds`; the deal in :mod:`~game.games.delphi.deal`;
options in :mod:`~game.games.delphi.options`; scores in
:mod:`~game.games.delphi.scoring`.

The players may end the game early with the recorded action ``stop``
(:meth:`DelphiGame.stop_action`): the finished rounds count, with the
10 points for every seat that has not been God.  It is never among the
legal actions, so bots never stop a game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import game.games.delphi.options as opts
from game.cards import Card, CardParseError, multi_deck, parse_cards
from game.engine.cli import NumberError, whole_number
from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.games.delphi.deal import deal, give_hint, round_fields
from game.games.delphi.hands import canon, distinct, replace, sort_cards
from game.games.delphi.log import player_name
from game.games.delphi.rounds import RoundRules
from game.games.delphi.ruleapi import starters_for
from game.games.delphi.rulelang import Rule, RuleSyntaxError, rule_errors
from game.games.delphi.scoring import compensated, game_totals, winners
from game.games.delphi.state import (
    DECKS,
    DECLARE,
    GAME_OVER,
    GOD_CHECK_PICK,
    GOD_PICK,
    GOD_VERDICT,
    MAX_STARTERS,
    OPEN_FIELDS,
    PROPHET_PICK,
    PROPHET_VERDICT,
    ROUND_OVER,
    SETRULE,
    STARTER,
    TURN,
    Action,
    DelphiState,
    DelphiView,
    RoundPlan,
)

#: phases in which a No Play hand lies open on the table
_SHOWN_PHASES = (PROPHET_VERDICT, GOD_VERDICT, PROPHET_PICK, GOD_CHECK_PICK, GOD_PICK)


class DelphiGame(RoundRules):
    """Delphi's rules.  ``parser`` turns rule texts into rules; the default
    is the rule language.  Tests pass stand-in parsers."""

    id = "delphi"
    min_players = opts.MIN_PLAYERS
    max_players = opts.MAX_PLAYERS

    # --- setting up --------------------------------------------------------
    def default_options(self, players: int | None = None) -> dict[str, Any]:
        return opts.default_options(players)

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        rules = options.get("rules") if isinstance(options, Mapping) else None
        for e in rules if isinstance(rules, list) else ():
            text = e.get("rule") if isinstance(e, Mapping) else e
            if isinstance(text, str) and not text.strip():
                # an empty text is not "God writes the rule at the table" (that is None)
                raise RuleSyntaxError(Message("delphi_lang.empty"))
        return opts.validate(options, self.usable_rule)

    def usable_rule(self, text: str) -> Any:
        """The rule of ``text``, refused (a ``RuleSyntaxError``, a
        ``ValueError``) when the rule check finds it unusable: it accepts no
        card or every card, found or proved.  The same words as ``judge
        --analyse`` and the God screen; ``sim`` prints them too."""
        rule = self.rule_for(text)
        problems = rule_errors(rule) if isinstance(rule, Rule) else ()
        if problems:
            raise RuleSyntaxError(problems[0])
        return rule

    def new_game(self, options: Mapping[str, Any], seed: int) -> DelphiState:
        o = self.validate_options(options)
        plans = tuple(opts.plan_from(e, None) for e in o["rules"])
        n, seed = o["players"], int(seed)
        s = DelphiState(
            players=n,
            seed=seed,
            god_name=o["god_name"],
            first_god=o["first_god"],
            plans=plans,
            results=(),
            hint=plans[0].hint,
            stopped=False,
            **round_fields(n, o["first_god"], seed, 0),
        )
        return self._deal_plan(s, plans[0])

    def new_game_with_deck(self, options: Mapping[str, Any], deck: Sequence[Card], seed: int = 0) -> DelphiState:
        """A first round dealt from ``deck`` (top first) instead of a shuffle:
        for tests and worked examples.  ``deck`` must be the 156 cards."""
        s = self.new_game(options, seed)
        if Counter(deck) != Counter(multi_deck(DECKS)):
            raise ValueError("a Delphi deck is exactly three 52-card decks")
        s = replace(s, hands=((),) * s.players, deck=canon(deck), main=(), main_nums=(), played=0, log=())
        if s.phase == SETRULE:
            return s
        return self._deal_plan(replace(s, phase=SETRULE), s.plans[0])

    def _start_round(self, s: DelphiState, r: int) -> DelphiState:
        s = replace(s, hint=s.plans[r].hint, **round_fields(s.players, s.first_god, s.seed, r))
        return self._deal_plan(s, s.plans[r])

    def _deal_plan(self, s: DelphiState, plan: RoundPlan) -> DelphiState:
        if plan.hand:
            return deal(s, "", True, plan.starters, plan.note)
        if plan.rule is not None:
            return self._after_deal(deal(s, plan.rule, False, starters_for(self.rule_for(plan.rule)), ""))
        return s  # God writes the rule at the table

    # --- who may do what ---------------------------------------------------------
    def legal_actions(self, s: DelphiState) -> list[Action]:
        """Every action of the current player, except that only single-card
        plays are listed (any ordered string of held cards is legal too: the
        strings are too many to list), only judge-by-hand choices are
        listed while God writes the rule (any rule text and any hint are
        legal), and only starters with one card changed are listed when God
        chooses them (any that leave the line open are legal).  A declaration
        by the player who has just played, while the next one is on turn,
        is not theirs to list."""
        p = s.phase
        if p == TURN:
            hand = s.hands[s.turn]
            return [Action("play", (c,)) for c in distinct(hand)] + [Action("noplay")]
        if p in (PROPHET_VERDICT, GOD_VERDICT):
            return [Action("verdict", n=1), Action("verdict", n=0)]
        if p == GOD_CHECK_PICK:
            if self._other_card(s):
                return [Action("verdict", n=1), Action("verdict", n=0)]
            return [Action("verdict", n=1)]
        if p == PROPHET_PICK:
            return [Action("pick", (c,)) for c in distinct(s.hands[s.turn])]
        if p == GOD_PICK:
            return [Action("god-pick", (c,)) for c in distinct(s.hands[s.turn]) if c != s.picked]
        if p == DECLARE:
            return [Action("prophet"), Action("pass")]
        if p == SETRULE:
            return [Action("byhand", n=k) for k in range(1, MAX_STARTERS + 1)]
        if p == STARTER:
            # God's own choices first; keeping the dealt starters is allowed too
            return [Action("starter", c) for c in self.starter_choices(s)] + [Action("starter", s.main)]
        if p == ROUND_OVER:
            return [Action("next")]
        return []

    # --- applying ----------------------------------------------------------------
    def apply(self, s: DelphiState, a: Action) -> DelphiState:
        if not isinstance(a, Action):
            raise IllegalAction(msg("engine.unknown_action", text=str(a)))
        if s.phase == GAME_OVER:
            raise IllegalAction(msg("engine.game_over"))
        a = _canonical(a)
        k = a.kind
        if k == "play":
            return self._play(s, a.cards)
        if k == "noplay":
            return self._noplay(s)
        if k == "verdict":
            if a.n not in (0, 1):
                raise IllegalAction(msg("engine.unknown_action", text=self.action_to_text(a)))
            return self._verdict(s, bool(a.n))
        if k == "pick":
            return self._prophet_pick(s, a.cards)
        if k == "god-pick":
            return self._god_pick(s, a.cards)
        if k == "prophet":
            return self._declare(s)
        if k == "pass":
            if s.phase != DECLARE:
                raise self._not_now(s)
            # not logged (the usual case); the chance stays open during the next turn
            return replace(self._next_turn(s, s.turn), declarer=s.turn)
        if k == "rule":
            return self._set_rule(s, a.text)
        if k == "byhand":
            return self._set_by_hand(s, a.n, a.text)
        if k == "hint":
            return give_hint(s, a.text)
        if k == "libhint":
            return give_hint(s, "", a.text.strip() or "?")
        if k == "starter":
            return self._choose_starters(s, a.cards)
        if k == "next":
            if s.phase != ROUND_OVER:
                raise IllegalAction(msg("delphi.err.round_not_over"))
            return self._start_round(s, s.round + 1)
        if k == "stop":
            return replace(s, phase=GAME_OVER, stopped=True)
        raise IllegalAction(msg("engine.unknown_action", text=k))

    # --- results --------------------------------------------------------------
    def totals(self, s: DelphiState) -> tuple[int, ...]:
        """Totals of the finished rounds, with the +10 for seats that have not
        been God when fewer rounds than seats were played: the score of a game
        stopped now (or of a planned short game at its end)."""
        return game_totals(((r.god, r.scores) for r in s.results), s.players)

    def stop_action(self, s: DelphiState) -> Action | None:
        """``stop`` while the game runs (between rounds, too)."""
        return None if s.phase == GAME_OVER else Action("stop")

    def outcome(self, s: DelphiState) -> Outcome | None:
        """The totals once the last round is over (``FINISHED``), or of the
        finished rounds when the players stopped (``STOPPED``)."""
        if s.phase != GAME_OVER:
            return None
        totals = self.totals(s)
        if s.stopped:
            reason, termination = msg("delphi.end.stopped", n=len(s.results)), Termination.STOPPED
        else:
            reason, termination = msg("delphi.end.game", n=len(s.results)), Termination.FINISHED
        return Outcome(
            winners=winners(totals),
            scores=tuple(float(t) for t in totals),
            reason=reason,
            termination=termination,
        )

    # --- what a seat sees -----------------------------------------------------------
    def markers(self, s: DelphiState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(white, black) play numbers.  White every 10th card, except after
        a standing Prophet's marker, where black ones count 10 from it."""
        if s.prophet >= 0:
            white = tuple(range(10, min(s.played, s.prophet_at) + 1, 10))
            black = tuple(range(s.prophet_at + 10, s.played + 1, 10))
        else:
            white = tuple(range(10, s.played + 1, 10))
            black = ()
        return white, black

    def view(self, s: DelphiState, seat: int | None) -> DelphiView:
        over = s.phase in (ROUND_OVER, GAME_OVER)
        sees_rule = over or seat == s.god
        hand = None
        if seat is not None and seat != s.god and 0 <= seat < s.players:
            hand = s.hands[seat]
        shown = s.hands[s.turn] if (s.pending_kind == "noplay" and s.phase in _SHOWN_PHASES) else ()
        white, black = self.markers(s)
        public = s.__dict__
        return DelphiView(
            **{f: public[f] for f in OPEN_FIELDS},
            seat=seat,
            rounds=len(s.plans),
            to_move=self.current_player(s),
            rule=s.rule if sees_rule else None,
            note=s.note if sees_rule else None,
            starters=s.starters if s.phase != SETRULE else 0,
            hand=hand,
            hand_sizes=tuple(len(h) for h in s.hands),
            deck_size=len(s.deck),
            white=white,
            black=black,
            pending_seat=s.turn if s.pending_kind else -1,
            shown_hand=shown,
            totals=tuple(sum(r.scores[p] for r in s.results) for p in range(s.players)),
            final=self.totals(s),
            compensated=compensated([r.god for r in s.results], s.players),
        )

    # --- text forms -------------------------------------------------------------------
    def action_to_text(self, a: Action) -> str:
        k = a.kind
        if k in ("play", "pick", "god-pick", "starter"):
            return k + " " + " ".join(c.code for c in a.cards)
        if k == "verdict":
            return "verdict right" if a.n else "verdict wrong"
        if k == "rule":
            return "rule " + a.text
        if k == "byhand":
            return f"byhand {a.n}" + (" " + a.text if a.text else "")
        if k in ("hint", "libhint"):
            return k + (" " + a.text if a.text else "")
        return k

    def action_from_text(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError("an action is a text")
        t = text.strip()
        head, _, rest = t.partition(" ")
        head = head.lower()
        rest = rest.strip()
        try:
            if head in ("play", "pick", "god-pick", "starter"):
                cards = tuple(parse_cards(rest))
                if not cards:
                    raise NotationError(f"'{head}' needs cards, e.g. '{head} 3H'")
                if head in ("pick", "god-pick") and len(cards) != 1:
                    raise NotationError(f"'{head}' takes exactly one card")
                if head == "starter" and len(cards) > MAX_STARTERS:
                    raise NotationError(f"'starter' takes 1 to {MAX_STARTERS} cards")
                return Action(head, cards)
        except CardParseError as e:
            raise NotationError(str(e)) from None
        if head in ("noplay", "prophet", "pass", "next", "stop") and not rest:
            return Action(head)
        if head == "verdict" and rest.lower() in ("right", "wrong"):
            return Action("verdict", n=1 if rest.lower() == "right" else 0)
        if head == "rule" and rest:
            return Action("rule", text=rest)
        if head == "hint":
            return Action("hint", text=rest)
        if head == "libhint" and rest and " " not in rest:
            return Action("libhint", text=rest)
        if head == "byhand":
            num, _, note = rest.partition(" ")
            try:
                n = whole_number(num, 1, 9)
            except NumberError:
                n = 0  # not a number from 1 to 9: not an action (said below)
            if n:
                return Action("byhand", n=n, text=note.strip())
        raise NotationError(f"not a Delphi action: {text!r}")

    def describe_action(self, s: DelphiState, a: Action) -> Message:
        seat = self.current_player(s)
        who = player_name(s, seat) if seat is not None else ""
        a = _canonical(a)
        k = a.kind
        if k == "play":
            return msg("delphi.do.play", player=who, cards=list(a.cards), n=len(a.cards))
        if k == "noplay":
            return msg("delphi.do.noplay", player=who)
        if k == "prophet":
            if s.phase == TURN and s.declarer >= 0:
                who = player_name(s, s.declarer)  # the player who has just played
            return msg("delphi.do.prophet", player=who)
        if k == "pass":
            return msg("delphi.do.pass", player=who)
        if k == "verdict":
            what = "noplay" if s.pending_kind == "noplay" else "play"
            if s.phase == GOD_CHECK_PICK:
                what = "pick"
            return msg(
                f"delphi.do.verdict_{what}_{'right' if a.n else 'wrong'}",
                player=who,
                card=s.picked,
            )
        if k == "pick":
            return msg("delphi.do.pick", player=who, card=a.cards[0] if a.cards else "")
        if k == "god-pick":
            return msg("delphi.do.god_pick", player=who, card=a.cards[0] if a.cards else "")
        if k == "rule":
            return msg("delphi.do.rule", player=who)  # never the rule itself
        if k == "byhand":
            return msg("delphi.do.byhand", player=who, n=a.n)
        if k in ("hint", "libhint"):
            return msg("delphi.do.hint", player=who)
        if k == "starter":
            return msg("delphi.do.starter", player=who, cards=list(a.cards))
        if k == "next":
            return msg("delphi.do.next", round=s.round + 2)
        if k == "stop":
            return msg("delphi.do.stop", n=len(s.results))
        return msg("engine.unknown_action", text=k)

    # --- for the generic checks --------------------------------------------------------
    def cards(self, s: DelphiState) -> list[Card]:
        out: list[Card] = []
        for h in s.hands:
            out.extend(h)
        out.extend(s.deck)
        out.extend(s.main)
        for sp in s.side:
            out.extend(sp.cards)
        out.extend(s.pending)
        return out

    def shuffle_hidden(self, s: DelphiState, seat: int, rng: random.Random) -> DelphiState:
        """Shuffle the cards ``seat`` cannot see: other players' hands (not a
        No Play hand lying open) and God's deck, keeping every size."""
        shown = s.turn if (s.pending_kind == "noplay" and s.phase in _SHOWN_PHASES) else -1
        hidden = [p for p in range(s.players) if p != seat and p != s.god and p != shown]
        pool = list(s.deck)
        for p in hidden:
            pool.extend(s.hands[p])
        rng.shuffle(pool)
        hands = list(s.hands)
        i = 0
        for p in hidden:
            k = len(s.hands[p])
            hands[p] = sort_cards(pool[i : i + k])
            i += k
        return replace(s, hands=tuple(hands), deck=tuple(pool[i:]))


def _canonical(a: Action) -> Action:
    """``a`` with the shared card objects (see ``hands.CANON``)."""
    if not a.cards:
        return a
    try:
        return Action(a.kind, canon(a.cards), a.text, a.n)
    except KeyError:  # a joker: no such card in Delphi
        raise IllegalAction(msg("delphi.err.not_in_hand", card=a.cards[0])) from None
