"""Runs: the rules object: options, legal actions, checking an action,
views, texts and messages.

The reading followed here is the binding one in ``shared/rules/README.md``
(the source text also calls this game "Mind the Gap"; its scoring
contradicts itself):

- 2–6 seats, 7 cards each from one 52-card deck, the rest is the draw pile.
  Round ``r`` is dealt from ``rng_for(seed, "round", r)``; the dealer of
  round 1 is the option ``dealer`` (or drawn from the seed) and the deal
  moves one seat left each round, so the player left of the dealer starts
  and the start rotates left.
- The first card of a round is any card; each later card has the suit of
  the last card played and a rank one higher or lower (Ace low, no wrap;
  the table option ``wrap`` joins King and Ace).
- Whoever can play must (any legal card); whoever cannot draws one card,
  which ends the turn; with an empty draw pile they pass.
- Every card played scores: 2–10 face value, J/Q/K 10, Ace 1.  A player
  whose hand empties is out of the round; the first three out earn 15, 10
  and 5.
- The round ends when at most one player still holds cards, or when nobody
  can play or draw: the draw pile is empty and no player holding cards has
  a card that follows the last card played.  (A chain whose neighbours are
  all played therefore ends the round as soon as the pile runs dry.)
  Every player then loses the points of the cards left in hand.
- The house rule ``new_run`` (off by default, so older records replay as
  they were): when nothing can follow the run any more, the next player to
  act starts a new run with any card.  A round then ends only when at most
  one player still holds cards.
- Issue 24's house rules from the family (Sevens, Fan Tan, Parliament,
  dominoes), each off by default: ``both_ends`` (a run grows at either
  end: a card may follow its first card as well as its last),
  ``per_suit`` (a run in every suit: a card of a suit with no open run
  starts a run of that suit, so up to four are open at once; a run that
  nothing can follow closes and frees its suit), ``circuit`` (when nobody
  has played for a whole circuit, every player holding cards having drawn
  or passed once, the open runs close and the next player starts a new
  run with any card; a round then never blocks).
- Two more from the family, each off by default: ``stop`` (a run stops at
  the first player who cannot follow, as in Michigan or Newmarket: after
  their draw or pass the open runs close and the next player starts a new
  run; a circuit of one turn) and ``big_deal`` (40 cards are dealt, at
  least 7 each: 13 each with 3 players, so the pile is 13 cards, not 31).
- A game is ``rounds`` rounds (5–10, default 5) or, with ``rounds == 0``,
  "until we stop": between rounds the table chooses ``next-round`` or
  ``stop``.  The highest total wins; ties share.

Between rounds the state rests in the phase ``"break"``: the finished
round's :class:`RoundResult` is the last entry of ``history`` (points
played, hand penalty, finishing bonus per seat), and the only actions are
``next-round`` (and ``stop`` in an open-ended game).  After the last round
of a fixed game the phase is ``"over"`` at once (the outcome's termination
is ``FINISHED``); ``stop`` ends an open-ended game with ``STOPPED``.

The cards' arithmetic is in :mod:`.deck`, the values (actions, state, view)
in :mod:`.state`, the moves in :mod:`.moves`.

>>> s = GAME.new_game({"players": 2, "dealer": 0}, seed=1)
>>> GAME.current_player(s), len(s.hands[0]), len(s.pile)
(1, 7, 38)
>>> len(GAME.legal_actions(s))          # the first card may be any card
7
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.cards import Card, derive_seed
from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.games.runs.deck import DECK, POINTS, card_index, closed_after, played_mask, run_starts, sort_hand
from game.games.runs.moves import (
    BONUSES,
    HAND_SIZE,
    OPEN_ENDED,
    after_turn,
    chain_dead_ext,
    circuit_closes,
    closing,
    deal_order,
    deal_round,
    draw,
    ends_after,
    follow_mask,
    play,
    playable,
    run_closed,
)
from game.games.runs.state import (
    DRAW,
    DRAW_ACTION,
    NEXT_ACTION,
    NEXT_ROUND,
    PASS,
    PASS_ACTION,
    PHASE_BREAK,
    PHASE_OVER,
    PHASE_PLAY,
    PLAY,
    PLAY_ACTIONS,
    PLAY_LIST,
    STOP,
    STOP_ACTION,
    Action,
    RoundResult,
    RunsState,
    RunsView,
    action_text,
    dealer_of,
    leaders,
    replace_state,
    seat_name,
    suit_name,
)

GAME_ID = "runs"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_ROUNDS = 5
MIN_ROUNDS, MAX_ROUNDS = 5, 10
OPTIONS = ("players", "rounds", "wrap", "dealer", "new_run", "both_ends", "per_suit", "circuit", "stop", "big_deal")
#: the house rules (true or false, default off)
HOUSE_RULES = ("new_run", "both_ends", "per_suit", "circuit", "stop", "big_deal")
#: the house rules a new table starts with (the setup's default and
#: ``sim runs`` without a rule flag; docs/runs.md says why): with 3 players
#: 12.1 real decisions per player and round, 17.3 % forced draws, 52 % of
#: the turns without a choice (83 % with "new run + circuit" before).  The
#: circuit changes nothing beside ``stop``; it stays on so that the setup's
#: saved choice ("circuit" on) keeps meaning these house rules.
TABLE_RULES: dict[str, bool] = {"new_run": True, "both_ends": False, "per_suit": False, "circuit": True, "stop": True, "big_deal": True}


# --- the rules ----------------------------------------------------------------------


class RunsGame:
    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # --- setting up -------------------------------------------------------------
    def default_options(self, players: int | None = None) -> dict[str, Any]:
        # new_run off: the written rules, and what every record made before
        # the house rule existed means (the setup offers its own default)
        return {
            "players": 4 if players is None else players,
            "rounds": DEFAULT_ROUNDS,
            "wrap": False,
            "dealer": None,
            "new_run": False,
            "both_ends": False,
            "per_suit": False,
            "circuit": False,
            "stop": False,
            "big_deal": False,
        }

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping")
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ValueError(f"unknown option(s) for Runs: {', '.join(sorted(unknown))}")
        out = self.default_options(options.get("players"))
        out.update(options)
        p = out["players"]
        if not _is_int(p) or not MIN_PLAYERS <= p <= MAX_PLAYERS:
            raise ValueError(f"Runs is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {p!r}")
        r = out["rounds"]
        if not _is_int(r) or not (r == OPEN_ENDED or MIN_ROUNDS <= r <= MAX_ROUNDS):
            raise ValueError(
                f"a game of Runs lasts {MIN_ROUNDS} to {MAX_ROUNDS} rounds (or 0: until you stop), not {r!r}"
            )
        for flag in ("wrap", *HOUSE_RULES):
            if not isinstance(out[flag], bool):
                raise ValueError(f"the option '{flag}' is true or false")
        d = out["dealer"]
        if d is not None and (not _is_int(d) or not 0 <= d < p):
            raise ValueError(f"the first dealer is a seat from 0 to {p - 1}, or null to draw one")
        return out

    def new_game(self, options: Mapping[str, Any], seed: int) -> RunsState:
        o = self.validate_options(options)
        n = o["players"]
        dealer = o["dealer"]
        if dealer is None:
            dealer = derive_seed(seed, "dealer") % n
        zeros = (0,) * n
        shell = RunsState(
            players=n,
            seed=int(seed),
            rounds=o["rounds"],
            wrap=o["wrap"],
            new_run=o["new_run"],
            both_ends=o["both_ends"],
            per_suit=o["per_suit"],
            circuit=o["circuit"],
            stop=o["stop"],
            big_deal=o["big_deal"],
            dealer=dealer,
            round=0,
            phase=PHASE_BREAK,
            turn=0,
            hands=((),) * n,
            pile=(),
            chain=(),
            chain_seats=(),
            finished=(),
            base=zeros,
            points=zeros,
            bonus=zeros,
        )
        return deal_round(shell, 1)

    # --- playing -------------------------------------------------------------------
    def current_player(self, state: RunsState) -> int | None:
        return None if state.phase == PHASE_OVER else state.turn

    def legal_actions(self, state: RunsState) -> list[Action]:
        phase = state.phase
        if phase == PHASE_PLAY:
            plays = playable(state, state.turn)
            if plays:
                return [PLAY_LIST[card_index(c)] for c in plays]
            return [DRAW_ACTION] if state.pile else [PASS_ACTION]
        if phase == PHASE_BREAK:
            return [NEXT_ACTION, STOP_ACTION] if state.rounds == OPEN_ENDED else [NEXT_ACTION]
        return []

    def apply(self, state: RunsState, action: Action) -> RunsState:
        if not isinstance(action, Action):
            raise IllegalAction("engine.unknown_action", text=str(action))
        phase = state.phase
        if phase == PHASE_OVER:
            raise IllegalAction("engine.game_over")
        kind = action.kind
        if phase == PHASE_BREAK:
            if kind == NEXT_ROUND:
                return deal_round(state, state.round + 1)
            if kind == STOP:
                if state.rounds != OPEN_ENDED:
                    raise IllegalAction("runs.err.fixed_rounds", rounds=state.rounds)
                return replace_state(state, phase=PHASE_OVER, turn=-1, stopped=True)
            raise IllegalAction("runs.err.round_over", round=state.round)
        # the play phase
        if kind in (NEXT_ROUND, STOP):
            raise IllegalAction("runs.err.round_running", round=state.round)
        seat = state.turn
        hand = state.hands[seat]
        last = state.last
        plays = playable(state, seat)
        if kind == PLAY:
            card = action.card
            if card is None or card not in hand:
                raise IllegalAction("runs.err.not_in_hand", card=card)
            if last is not None and card not in plays:
                if not plays:
                    key = "runs.err.cannot_follow_draw" if state.pile else "runs.err.cannot_follow_pass"
                    raise IllegalAction(key, card=card, last=last)
                raise IllegalAction(
                    "runs.err.not_following", card=card, last=last, suit=suit_name(last.suit), cards=list(plays)
                )
            return play(state, seat, card)
        # any card may start the run: naming every card of a 13-card hand
        # filled the notes' band (seen in a window); the reason says so
        start = bool(plays) and self.starts_run(state)
        if kind == DRAW:
            if start:
                raise IllegalAction("runs.err.start_not_draw")
            if plays:
                raise IllegalAction("runs.err.must_play_not_draw", cards=list(plays))
            if not state.pile:
                raise IllegalAction("runs.err.pile_empty_pass")
            return draw(state, seat)
        if kind == PASS:
            if start:
                raise IllegalAction("runs.err.start_not_pass")
            if plays:
                raise IllegalAction("runs.err.must_play_not_pass", cards=list(plays))
            if state.pile:
                raise IllegalAction("runs.err.pile_not_empty", n=len(state.pile))
            return after_turn(state, seat, PASS_ACTION)
        raise IllegalAction("engine.unknown_action", text=action_text(action))

    def outcome(self, state: RunsState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        scores = state.base
        winners = leaders(scores)
        best = scores[winners[0]]
        played = len(state.history) or state.round
        if len(winners) == 1:
            reason = msg("runs.outcome.win", name=seat_name(winners[0]), seat=winners[0], score=best, n=played)
        else:
            reason = msg(
                "runs.outcome.tie",
                names=[seat_name(w) for w in winners],
                seats=list(winners),
                score=best,
                n=played,
            )
        termination = Termination.STOPPED if state.stopped else Termination.FINISHED
        return Outcome(winners=winners, scores=tuple(float(v) for v in scores), reason=reason, termination=termination)

    def stop_action(self, state: RunsState) -> Action | None:
        """``stop`` at a break of an open-ended game (where it is also among
        the legal actions: ending such a game is the table's move); a game
        of planned rounds cannot be stopped."""
        if state.phase == PHASE_BREAK and state.rounds == OPEN_ENDED:
            return STOP_ACTION
        return None

    def view(self, state: RunsState, seat: int | None) -> RunsView:
        hand = state.hands[seat] if seat is not None else ()
        plays = playable(state, seat) if seat is not None and state.phase == PHASE_PLAY else ()
        return RunsView(
            seat=seat,
            players=state.players,
            rounds=state.rounds,
            wrap=state.wrap,
            round=state.round,
            phase=state.phase,
            turn=self.current_player(state),
            dealer=dealer_of(state.dealer, state.round, state.players),
            starter=state.starter,
            next_starter=state.next_starter,
            hand=hand,
            hand_counts=tuple(len(h) for h in state.hands),
            chain=state.chain,
            chain_seats=state.chain_seats,
            pile_count=len(state.pile),
            finished=state.finished,
            scores=state.totals,
            base=state.base,
            points=state.points,
            bonus=state.bonus,
            history=state.history,
            log=state.log,
            playable=plays,
            closing=closing(state, plays),
            new_run=state.new_run,
            both_ends=state.both_ends,
            per_suit=state.per_suit,
            circuit=state.circuit,
            ends=state.ends,
            idle=state.idle,
            stop=state.stop,
            big_deal=state.big_deal,
            starts=state.starts,
        )

    # --- text forms -----------------------------------------------------------------
    def action_to_text(self, action: Action) -> str:
        return action_text(action)

    def action_from_text(self, text: str) -> Action:
        """Parse an action: ``play 7H`` (also ``7H``, ``play 7♥``), ``draw``,
        ``pass``, ``next-round``, ``stop``.

        >>> GAME.action_from_text("play 10s")
        Action(kind='play', card=Card(rank=<Rank.TEN: 10>, suit=<Suit.SPADES: 'S'>))
        """
        t = " ".join(str(text).strip().split())
        low = t.lower()
        for a in (DRAW_ACTION, PASS_ACTION, NEXT_ACTION, STOP_ACTION):
            if low == a.kind:
                return a
        if low in ("next round", "next"):
            return NEXT_ACTION
        code = t[5:] if low.startswith("play ") else t
        try:
            card = Card.parse(code)
        except ValueError:
            raise NotationError(f"{text!r} is not a Runs action (play 7H, draw, pass, next-round, stop)") from None
        if card not in PLAY_ACTIONS:
            raise NotationError(f"{text!r}: Runs uses no jokers")
        return PLAY_ACTIONS[card]

    def describe_action(self, state: RunsState, action: Action) -> Message:
        seat = state.turn
        name = seat_name(seat)
        card = action.card
        if action.kind == PLAY and card is not None:
            if len(state.hands[seat]) == 1:
                place = len(state.finished) + 1
                if place <= len(BONUSES):
                    return msg(
                        "runs.log.play_out",
                        name=name,
                        seat=seat,
                        card=card,
                        points=POINTS[card],
                        place=place,
                        place_name=msg(f"runs.place.{place}"),
                        bonus=BONUSES[place - 1],
                    )
                return msg("runs.log.play_out_late", name=name, seat=seat, card=card, points=POINTS[card], place=place)
            # a new run after a closed one (house rule), and a card after which
            # nothing can follow, say so: the run's end is news at the table
            if state.extended:
                _, new, closes = ends_after(state, card)
                if not state.chain:
                    key = "runs.log.play_closes" if closes else "runs.log.play"
                elif new:
                    key = "runs.log.play_new_closed" if closes else "runs.log.play_new"
                else:
                    key = "runs.log.play_closes" if closes else "runs.log.play"
                return msg(key, name=name, seat=seat, card=card, points=POINTS[card])
            closes = closed_after(state.played, card, state.wrap)
            if state.chain and run_closed(state):
                key = "runs.log.play_new_closed" if closes else "runs.log.play_new"
            else:
                key = "runs.log.play_closes" if closes else "runs.log.play"
            return msg(key, name=name, seat=seat, card=card, points=POINTS[card])
        if action.kind in (DRAW, PASS) and circuit_closes(state, action):
            # with ``stop`` the first who cannot follow closes the runs; else
            # the last of a whole circuit in which nobody could play
            which = "stop" if state.stop else "circuit"
            return msg(f"runs.log.{action.kind}_{which}", name=name, seat=seat)
        if action.kind == DRAW:
            return msg("runs.log.draw", name=name, seat=seat)
        if action.kind == PASS:
            return msg("runs.log.pass", name=name, seat=seat)
        if action.kind == NEXT_ROUND:
            starter = state.next_starter
            return msg("runs.log.next_round", round=state.round + 1, name=seat_name(starter), seat=starter)
        if action.kind == STOP:
            return msg("runs.log.stop", round=state.round)
        return msg("engine.unknown_action", text=action_text(action))

    def describe_rules(self, options: Mapping[str, Any]) -> list[tuple[Message, Message]]:
        """The house rules ``options`` turn on, each as its name and one
        sentence of what it does (``runs.house.<rule>`` and ``.why``); the
        written rule alone when none is on."""
        o = self.validate_options(options)
        # with ``stop`` the runs close after every turn without a card, so a
        # circuit (a whole round of them) never comes: it goes unsaid
        on = [r for r in HOUSE_RULES if o[r] and not (r == "circuit" and o["stop"])] or ["written"]
        return [(msg(f"runs.house.{r}"), msg(f"runs.house.{r}.why")) for r in on]

    def describe_round(self, result: RoundResult) -> Message:
        """The headline of a round summary."""
        return msg(f"runs.round.{result.reason}", round=result.round)

    # --- for the generic checks --------------------------------------------------------
    def cards(self, state: RunsState) -> list[Card]:
        out = list(state.chain)
        out.extend(state.pile)
        for h in state.hands:
            out.extend(h)
        return out

    def shuffle_hidden(self, state: RunsState, seat: int, rng: random.Random) -> RunsState:
        if state.phase != PHASE_PLAY:
            # between rounds and at the end every hand is shown; only the
            # order of the leftover pile is unknown
            pile = list(state.pile)
            rng.shuffle(pile)
            return replace_state(state, pile=tuple(pile))
        pool = list(state.pile)
        for s, h in enumerate(state.hands):
            if s != seat:
                pool.extend(h)
        rng.shuffle(pool)
        hands = []
        for s, h in enumerate(state.hands):
            if s == seat:
                hands.append(h)
            else:
                hands.append(sort_hand(pool[: len(h)]))
                del pool[: len(h)]
        return replace_state(state, hands=tuple(hands), pile=tuple(pool))

    # --- helpers for the table ------------------------------------------------------------
    def playable(self, state: RunsState, seat: int | None = None) -> tuple[Card, ...]:
        """The cards of ``seat`` (default: the player to act) that follow the
        last card played.  Light these up in the hand."""
        if state.phase != PHASE_PLAY:
            return ()
        return playable(state, state.turn if seat is None else seat)

    def deal_order(self, rules: RunsState | RunsView) -> tuple[int, ...]:
        """The seat each card of this round's deal went to, in the order
        dealt (a table deals the cards out in this order)."""
        return deal_order(rules.players, rules.starter, rules.big_deal)

    def continuations(self, rules: RunsState | RunsView) -> tuple[Card, ...]:
        """The cards that would continue an open run now, in deck order: the
        neighbours not yet played of the last card (under the written rules)
        or of the open runs' ends (issue 24's house rules: both ends of a run
        with ``both_ends``, every suit's run with ``per_suit``).  Empty before
        the first card and when no run can be followed.  What a table offers
        as "next"; a card of a suit without a run (``per_suit``) or after a
        closed run (``new_run``) starts a run and is not among them."""
        chain = rules.chain
        if not chain:
            return ()
        ends = rules.ends if rules.extended else ((chain[-1], chain[-1]),)
        mask = follow_mask(ends, played_mask(chain), rules.wrap)
        return tuple(c for c in DECK if mask >> card_index(c) & 1)

    def run_starts(self, rules: RunsState | RunsView) -> tuple[int, ...]:
        """Where each run of the round's chain began (indices into it): as
        kept with issue 24's house rules (after a circuit or a stop a card
        that touches the last one may still have begun a run), else where a
        card does not follow the one before it."""
        if rules.extended:
            return rules.starts
        return tuple(run_starts(rules.chain, rules.wrap))

    def starts_run(self, rules: RunsState | RunsView) -> bool:
        """Whether the next card played begins a new run with any card: the
        round's first card, a card after the run closed (``new_run``), or
        after every open run closed (issue 24's house rules: a dead run
        dropped under ``new_run`` or ``per_suit``, a circuit, a stop).  A
        table shows the place for it beside the closed run.  False between
        rounds and at the end."""
        chain = rules.chain
        if rules.phase != PHASE_PLAY:
            return False
        if not chain:
            return True
        if rules.extended:
            return not rules.ends
        return rules.new_run and closed_after(played_mask(chain), chain[-1], rules.wrap)

    def can_play(self, state: RunsState) -> bool:
        """Whether the player to act has a card to play."""
        return bool(self.playable(state))

    def forced_action(self, state: RunsState) -> Action | None:
        """``draw`` or ``pass`` when that is the only thing the player to act
        may do (the table may then apply it with one click or by itself);
        ``None`` when there is a choice or a card to play."""
        if state.phase != PHASE_PLAY:
            return None
        legal = self.legal_actions(state)
        if len(legal) == 1 and legal[0].kind != PLAY:
            return legal[0]
        return None

    def chain_dead(self, state: RunsState) -> bool:
        """True when no card can ever follow the last card again (every
        neighbour is played or off the end).  Under the written rules the
        rest of the round is only drawing until the pile is empty (the table
        may fast-forward it); with ``new_run`` the next player starts a new
        run."""
        if state.extended:
            return state.phase == PHASE_PLAY and chain_dead_ext(state)
        return state.phase == PHASE_PLAY and run_closed(state)

    def closes_run(self, state: RunsState, card: Card) -> bool:
        """Whether nothing could follow ``card`` once it is played: it would
        end the run (mark it before it is played)."""
        if state.extended:
            return ends_after(state, card)[2]
        return closed_after(state.played, card, state.wrap)

    def finish_round(self, state: RunsState) -> list[Action]:
        """The forced draws and passes from here to the next real choice or
        the end of the round (cheap: a few µs each).  For a UI that wants
        the blocked-chain drawing to take one click."""
        out = []
        while (a := self.forced_action(state)) is not None:
            out.append(a)
            state = self.apply(state, a)
        return out


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


GAME = RunsGame()

__all__ = [
    "BONUSES",
    "DEFAULT_ROUNDS",
    "GAME",
    "HAND_SIZE",
    "HOUSE_RULES",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "MIN_ROUNDS",
    "OPEN_ENDED",
    "OPTIONS",
    "TABLE_RULES",
    "RunsGame",
    "deal_round",
    "playable",
]
