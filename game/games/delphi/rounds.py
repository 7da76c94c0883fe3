"""Delphi, the rule-guessing game of the Eleusis family (Abbott 1963,
Kruskal's Delphi): a round as pure state transitions, judged by God's
rule or by God's seat.

How the text's rules are read where it is silent (each is also in the
rules screen and the report):

- Seats run clockwise in seat order.  The first player is found by
  counting the starter card's value (A 1 … K 13) around the players from
  God's left, God not counted; with several starters the last one counts.
- The starter card(s) count as played cards (the text's example counts its
  starter among the 22 cards played), so they take play numbers 1…k.
- A wrong play expels its player when at least 30 cards had been played
  before it (the 31st card on), and only while no Prophet stands.  A
  Prophet declared when ``m`` cards have been played moves that threshold
  to ``max(30, m + 20)``: a Prophet never brings expulsions forward.  When
  a Prophet is cast down the threshold is 30 again.  A No Play never
  expels.
- "The last player is expelled": the round ends when no player other than
  God and a standing Prophet is left in it.  It also ends as soon as a
  player's hand is empty, after a right No Play with four cards or fewer,
  and when God's deck could not pay a penalty or a new hand in full (the
  player takes what is left, the play is settled, then the round ends).
- Cards from No Play hands go back under God's deck.
- When God picks a card from a No Play hand (written rules), God takes the
  lowest fitting card (by rank, then spades, hearts, diamonds, clubs).
- Only a play (right or wrong) opens the chance to declare oneself
  Prophet; a No Play does not.  A player expelled by that play cannot.
  The chance lasts until the next player plays or declares No Play: the
  player is asked right after the play (``DECLARE``), and one who passes
  there may still declare while the next player is on turn
  (``declarer``), so a table need not stop for the question.
- "Selected if necessary": when no card at all can follow the dealt
  starter(s), God may lay other starters from the deck (``STARTER``, see
  :mod:`~game.games.delphi.deal`).  A play before God has chosen keeps
  the dealt ones (records from before this choice replay so).
- God may give a hint before writing the rule (``hint``, ``libhint``); it
  stays on the table for the round and is shown with its result.
- The high count includes expelled players' hands.

Who acts is always one seat (``current_player``): the player on turn, the
Prophet when a verdict or a pick is due, the player who just played when
they may declare themselves Prophet, and God's seat when God writes the
rule, judges by hand, or starts the next round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.cards import Card
from game.engine.core import IllegalAction, Message, NotationError, msg
from game.games.delphi.deal import choose_starters, deal, open_line, starter_options
from game.games.delphi.hands import remove, replace, set_at, sort_cards
from game.games.delphi.log import LogEntry, entry, god_title, player_name, render_entry
from game.games.delphi.options import MAX_NOTE, MAX_RULE_TEXT
from game.games.delphi.ruleapi import Parser, RuleLike, accepts_string, default_parser, starters_for
from game.games.delphi.scoring import round_result
from game.games.delphi.state import (
    DECLARE,
    EXPEL_AFTER,
    FALSE_PROPHET_PENALTY,
    GAME_OVER,
    GOD_CHECK_PICK,
    GOD_PICK,
    GOD_VERDICT,
    MAX_STARTERS,
    NO_PLAY_PENALTY,
    NO_PLAY_SHRINK,
    PROPHET_GRACE,
    PROPHET_PICK,
    PROPHET_VERDICT,
    ROUND_OVER,
    SETRULE,
    STARTER,
    TURN,
    WRONG_CARD_PENALTY,
    DelphiState,
    NoPlayEvent,
    SidePlay,
    god_of_round,
)


class RoundRules:
    """How a round of Delphi goes, move by move.  ``parser`` turns rule
    texts into rules; the default is the rule language.  Tests pass
    stand-in parsers.  :class:`~game.games.delphi.engine.DelphiGame` adds
    the game around it (options, the view, text forms)."""

    def __init__(self, parser: Parser | None = None) -> None:
        self._parser: Parser = parser or default_parser
        self._cache: dict[str, RuleLike] = {}
        self._starters: tuple[tuple, list[tuple[Card, ...]]] | None = None

    # --- rules ------------------------------------------------------------
    def rule_for(self, text: str) -> RuleLike:
        r = self._cache.get(text)
        if r is None:
            r = self._parser(text)
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[text] = r
        return r

    def truth_play(self, s: DelphiState, cards: Sequence[Card]) -> bool:
        return accepts_string(self.rule_for(s.rule), cards, s.main)

    def fits(self, s: DelphiState, card: Card) -> bool:
        return self.rule_for(s.rule).accepts(card, s.main)

    def truth_noplay(self, s: DelphiState, hand: Sequence[Card]) -> bool:
        rule = self.rule_for(s.rule)
        return not any(rule.accepts(c, s.main) for c in set(hand))

    def god_choice(self, s: DelphiState, hand: Sequence[Card], avoid: Card | None = None) -> Card:
        """God's pick from a No Play hand: the lowest card that fits."""
        rule = self.rule_for(s.rule)
        for c in sort_cards(hand):
            if c != avoid and rule.accepts(c, s.main):
                return c
        raise AssertionError("God was asked to pick from a hand with no fitting card")

    def starter_choices(self, s: DelphiState) -> list[tuple[Card, ...]]:
        """The starters offered to God instead of dealt ones that no card
        can follow (see :func:`~game.games.delphi.deal.starter_options`)."""
        key = (s.rule, s.main, s.deck)
        if self._starters is None or self._starters[0] != key:
            self._starters = (key, starter_options(self.rule_for(s.rule).accepts, s.main, s.deck))
        return self._starters[1]

    def _after_deal(self, s: DelphiState) -> DelphiState:
        """God chooses the starters when no card can follow the dealt ones
        and other starters would leave the line open."""
        if s.by_hand or s.phase != TURN or open_line(self.rule_for(s.rule).accepts, s.main):
            return s
        return replace(s, phase=STARTER) if self.starter_choices(s) else s

    def _choose_starters(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        if s.phase != STARTER:
            raise IllegalAction(msg("delphi.err.starter_not_now"))
        return choose_starters(s, cards, self.rule_for(s.rule).accepts)

    # --- who acts -----------------------------------------------------------
    def current_player(self, s: DelphiState) -> int | None:
        p = s.phase
        if p in (TURN, DECLARE):
            return s.turn
        if p in (PROPHET_VERDICT, PROPHET_PICK):
            return s.prophet
        if p in (SETRULE, STARTER, GOD_VERDICT, GOD_CHECK_PICK, GOD_PICK):
            return s.god
        if p == ROUND_OVER:
            return god_of_round(s.first_god, s.round + 1, s.players)  # the next round's God goes on
        return None

    def status(self, s: DelphiState) -> Message:
        """What the table waits for, as a sentence."""
        seat = self.current_player(s)
        who = player_name(s, seat) if seat is not None else ""
        return msg("delphi.wait." + s.phase.replace("-", "_"), player=who, god=god_title(s), seat=-1 if seat is None else seat)

    # --- the Prophet's conditions --------------------------------------------
    def _active(self, s: DelphiState, exclude: int = -1) -> list[int]:
        """Players still in the round: not God, not expelled, not the Prophet."""
        return [p for p in range(s.players) if p != s.god and not s.expelled[p] and p != s.prophet and p != exclude]

    def prophet_blocker(self, s: DelphiState, seat: int) -> Message | None:
        """Why ``seat`` may not declare itself Prophet now (``None``: it may)."""
        if s.phase in (SETRULE, STARTER, ROUND_OVER, GAME_OVER):
            return msg("delphi.err.prophet_not_now")
        if seat == s.god:
            return msg("delphi.err.prophet_god", god=god_title(s))
        if s.prophet >= 0:
            if s.prophet == seat:
                return msg("delphi.err.prophet_already_you")
            return msg("delphi.err.prophet_exists", player=player_name(s, s.prophet))
        if s.been_prophet[seat]:
            return msg("delphi.err.prophet_again")
        if s.expelled[seat]:
            return msg("delphi.err.expelled")
        if len(self._active(s, exclude=seat)) < 2:
            return msg("delphi.err.prophet_too_few")
        if not ((s.phase == DECLARE and s.turn == seat) or (s.phase == TURN and s.declarer == seat)):
            return msg("delphi.err.prophet_after_play")
        return None

    def _may_declare(self, s: DelphiState, seat: int) -> bool:
        return s.prophet < 0 and not s.been_prophet[seat] and not s.expelled[seat] and seat != s.god and len(self._active(s, exclude=seat)) >= 2

    def _not_now(self, s: DelphiState) -> IllegalAction:
        return IllegalAction(msg("delphi.err.not_now", waiting=self.status(s)))

    # setting the rule at the table
    def _set_rule(self, s: DelphiState, text: str) -> DelphiState:
        if s.phase != SETRULE:
            raise IllegalAction(msg("delphi.err.rule_not_due"))
        text = text.strip()
        if not text:
            raise IllegalAction(msg("delphi.err.rule_empty"))
        if len(text) > MAX_RULE_TEXT:
            raise IllegalAction(msg("delphi.err.rule_long", n=MAX_RULE_TEXT))
        try:
            rule = self.rule_for(text)
        except NotationError as e:
            raise IllegalAction(msg("delphi.err.bad_rule", column=e.column or 0, error=str(e))) from None
        except ValueError as e:
            raise IllegalAction(msg("delphi.err.rule_unusable", error=str(e))) from None
        s = replace(s, log=s.log + (entry("delphi.log.rule_written", god=True),))
        return self._after_deal(deal(s, text, False, starters_for(rule), ""))

    def _set_by_hand(self, s: DelphiState, starters: int, note: str) -> DelphiState:
        if s.phase != SETRULE:
            raise IllegalAction(msg("delphi.err.rule_not_due"))
        if not 1 <= starters <= MAX_STARTERS:
            raise IllegalAction(msg("delphi.err.starters", n=MAX_STARTERS))
        if len(note) > MAX_NOTE:
            raise IllegalAction(msg("delphi.err.note_long", n=MAX_NOTE))
        s = replace(s, log=s.log + (entry("delphi.log.by_hand", god=True, n=starters),))
        return deal(s, "", True, starters, note.strip())

    # a play
    def _play(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        if s.phase == STARTER:  # the first player goes on: the dealt starters stay
            s = replace(s, phase=TURN)
        if s.phase != TURN:
            raise self._not_now(s)
        if not cards:
            raise IllegalAction(msg("delphi.err.no_cards"))
        hand = s.hands[s.turn]
        if len(cards) == 1:
            if cards[0] not in hand:
                raise IllegalAction(msg("delphi.err.not_in_hand", card=cards[0]))
        else:
            need, have = Counter(cards), Counter(hand)
            for c, k in need.items():
                if have[c] < k:
                    if have[c] == 0:
                        raise IllegalAction(msg("delphi.err.not_in_hand", card=c))
                    raise IllegalAction(msg("delphi.err.not_enough", card=c, n=have[c]))
        s = replace(
            s,
            hands=set_at(s.hands, s.turn, remove(hand, cards)),
            pending=tuple(cards),
            pending_kind="play",
            prophet_says=-1,
            declarer=-1,
            log=s.log + (entry("delphi.log.play", player=s.turn, cards=tuple(cards), n=len(cards)),),
        )
        if s.prophet >= 0:
            return replace(s, phase=PROPHET_VERDICT)
        if s.by_hand:
            return replace(s, phase=GOD_VERDICT)
        return self._settle_play(s, self.truth_play(s, cards), exempt=False)

    def _noplay(self, s: DelphiState) -> DelphiState:
        if s.phase == STARTER:
            s = replace(s, phase=TURN)
        if s.phase != TURN:
            raise self._not_now(s)
        hand = s.hands[s.turn]
        s = replace(
            s,
            pending=(),
            pending_kind="noplay",
            prophet_says=-1,
            picked=None,
            exempt=False,
            declarer=-1,
            log=s.log + (entry("delphi.log.noplay", player=s.turn, cards=tuple(hand)),),
        )
        if s.prophet >= 0:
            return replace(s, phase=PROPHET_VERDICT)
        if s.by_hand:
            return replace(s, phase=GOD_VERDICT)
        return self._settle_noplay(s, self.truth_noplay(s, hand))

    # verdicts: the Prophet's, or God's by hand
    def _verdict(self, s: DelphiState, right: bool) -> DelphiState:
        if s.phase == PROPHET_VERDICT:
            s = replace(
                s,
                prophet_says=int(right),
                log=s.log + (self._verdict_msg(s, s.prophet, right),),
            )
            if s.by_hand:
                return replace(s, phase=GOD_VERDICT)
            truth = self.truth_play(s, s.pending) if s.pending_kind == "play" else self.truth_noplay(s, s.hands[s.turn])
            return self._after_prophet(s, truth)
        if s.phase == GOD_VERDICT:
            s = replace(s, log=s.log + (self._verdict_msg(s, s.god, right),))
            if s.prophet_says < 0:
                if s.pending_kind == "play":
                    return self._settle_play(s, right, exempt=False)
                return self._settle_noplay(s, right)
            return self._after_prophet(s, right)
        if s.phase == GOD_CHECK_PICK:
            if not right and not self._other_card(s):
                # God has said a card fits; this is the only card there is
                raise IllegalAction(msg("delphi.err.only_card", card=s.picked))
            s = replace(s, log=s.log + (self._verdict_msg(s, s.god, right, pick=True),))
            return self._settle_prophet_pick(s, right)
        raise IllegalAction(msg("delphi.err.no_verdict_due", waiting=self.status(s)))

    def _other_card(self, s: DelphiState) -> bool:
        """Does the shown hand hold a card other than the Prophet's pick?"""
        return any(c != s.picked for c in s.hands[s.turn])

    def _verdict_msg(self, s: DelphiState, judge: int, right: bool, pick: bool = False) -> LogEntry:
        if pick:
            what = "pick"
        else:
            what = "noplay" if s.pending_kind == "noplay" else "play"
        key = f"delphi.log.verdict_{what}_{'right' if right else 'wrong'}"
        return entry(key, judge=judge, player=s.turn, card=s.picked)

    def _after_prophet(self, s: DelphiState, truth: bool) -> DelphiState:
        """God checks the Prophet's verdict on the pending play or No Play."""
        says = bool(s.prophet_says)
        if s.pending_kind == "play":
            if says == truth:
                return self._settle_play(s, truth, exempt=False)
            s = self._cast_down(s)
            return self._settle_play(s, truth, exempt=True)
        # a No Play
        if says and truth:
            return self._settle_noplay(s, True)
        if says and not truth:  # the Prophet saw no play, God sees one
            s = self._cast_down(s)
            return self._settle_noplay(replace(s, exempt=True), False)
        if not says and truth:  # the Prophet saw a play, there is none
            s = self._cast_down(s)
            return self._settle_noplay(s, True)
        # both see a play: the Prophet must find one
        return replace(s, phase=PROPHET_PICK)

    def _cast_down(self, s: DelphiState) -> DelphiState:
        p = s.prophet
        hands, deck, got, short = self._draw(s, p, FALSE_PROPHET_PENALTY)
        return replace(
            s,
            prophet=-1,
            prophet_at=0,
            prophet_anchor=-1,
            expel_after=EXPEL_AFTER,
            hands=hands,
            deck=deck,
            short=s.short or short,
            log=s.log + (entry("delphi.log.cast_down", player=p, n=got),),
        )

    def _draw(self, s: DelphiState, seat: int, k: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int, bool]:
        """``seat`` takes ``k`` cards from God's deck (fewer when it runs
        short): the hands, the deck, how many came, whether it ran short."""
        got = s.deck[:k]
        hands = set_at(s.hands, seat, sort_cards(s.hands[seat] + got))
        return hands, s.deck[len(got) :], len(got), len(got) < k

    # settling a play
    def _settle_play(self, s: DelphiState, right: bool, exempt: bool) -> DelphiState:
        seat, cards = s.turn, s.pending
        nums = tuple(range(s.played + 1, s.played + 1 + len(cards)))
        log = s.log
        if right:
            s = replace(s, main=s.main + cards, main_nums=s.main_nums + nums)
            log += (entry("delphi.log.right", player=seat, cards=tuple(cards), n=len(cards)),)
            expel = False
        else:
            side = SidePlay(anchor=len(s.main) - 1, cards=cards, first=nums[0], seat=seat)
            # the threshold already holds a standing Prophet's 20-card grace
            expel = not exempt and s.wrong_play_expels
            s = replace(s, side=s.side + (side,))
            if exempt:
                log += (entry("delphi.log.wrong_spared", player=seat, cards=tuple(cards), n=len(cards)),)
            else:
                hands, deck, got, short = self._draw(s, seat, WRONG_CARD_PENALTY * len(cards))
                s = replace(s, hands=hands, deck=deck, short=s.short or short)
                log += (entry("delphi.log.wrong", player=seat, cards=tuple(cards), n=got),)
            if expel:
                s = replace(s, expelled=set_at(s.expelled, seat, True))
                log += (entry("delphi.log.expelled", player=seat),)
        s = replace(
            s,
            played=s.played + len(cards),
            pending=(),
            pending_kind="",
            prophet_says=-1,
            log=log,
        )
        end = self._round_end_reason(s, seat)
        if end is not None:
            return self._end_round(s, end)
        if self._may_declare(s, seat):
            return replace(s, phase=DECLARE, turn=seat)
        return self._next_turn(s, seat)

    # settling a No Play
    def _settle_noplay(self, s: DelphiState, correct: bool) -> DelphiState:
        seat = s.turn
        hand = s.hands[seat]
        if correct:
            event = NoPlayEvent(seat=seat, anchor=len(s.main) - 1, cards=hand, correct=True)
            deck = s.deck + hand
            if len(hand) <= NO_PLAY_SHRINK:
                s = replace(
                    s,
                    hands=set_at(s.hands, seat, ()),
                    deck=deck,
                    noplays=s.noplays + (event,),
                    log=s.log + (entry("delphi.log.noplay_right_out", player=seat),),
                )
            else:
                k = len(hand) - NO_PLAY_SHRINK
                s = replace(
                    s,
                    hands=set_at(s.hands, seat, sort_cards(deck[:k])),
                    deck=deck[k:],
                    noplays=s.noplays + (event,),
                    log=s.log + (entry("delphi.log.noplay_right", player=seat, n=k),),
                )
            return self._after_noplay(s, seat)
        # there was a play: God picks one
        if s.by_hand:
            return replace(s, phase=GOD_PICK)
        return self._place_pick(s, self.god_choice(s, hand, avoid=s.picked), by_god=True)

    def _place_pick(self, s: DelphiState, card: Card, by_god: bool) -> DelphiState:
        """A fitting card from the No Play hand goes to the main line; the
        player takes 5 penalty cards unless a False Prophet spares them."""
        seat = s.turn
        hand = s.hands[seat]
        event = NoPlayEvent(
            seat=seat,
            anchor=len(s.main) - 1,
            cards=hand,
            correct=False,
            rejected=s.picked if by_god else None,
        )
        s = replace(
            s,
            hands=set_at(s.hands, seat, remove(hand, (card,))),
            main=s.main + (card,),
            main_nums=s.main_nums + (s.played + 1,),
            played=s.played + 1,
            noplays=s.noplays + (event,),
        )
        who = s.god if by_god else s.prophet
        log = s.log + (entry("delphi.log.noplay_wrong", player=seat, judge=who, card=card),)
        if s.exempt:
            log += (entry("delphi.log.spared", player=seat),)
        else:
            hands, deck, got, short = self._draw(s, seat, NO_PLAY_PENALTY)
            s = replace(s, hands=hands, deck=deck, short=s.short or short)
            log += (entry("delphi.log.penalty", player=seat, n=got),)
        return self._after_noplay(replace(s, log=log), seat)

    def _after_noplay(self, s: DelphiState, seat: int) -> DelphiState:
        s = replace(s, pending=(), pending_kind="", prophet_says=-1, picked=None, exempt=False)
        end = self._round_end_reason(s, seat)
        if end is not None:
            return self._end_round(s, end)
        return self._next_turn(s, seat)

    # picks from the shown hand after a wrong No Play
    def _shown_card(self, s: DelphiState, phase: str, cards: tuple[Card, ...]) -> Card:
        """The one card picked from the shown hand in ``phase``."""
        if s.phase != phase:
            raise IllegalAction(msg("delphi.err.pick_not_due", waiting=self.status(s)))
        if len(cards) != 1:
            raise IllegalAction(msg("delphi.err.pick_one"))
        card = cards[0]
        if card not in s.hands[s.turn]:
            raise IllegalAction(msg("delphi.err.pick_not_shown", card=card))
        return card

    def _prophet_pick(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        card = self._shown_card(s, PROPHET_PICK, cards)
        s = replace(s, picked=card, log=s.log + (entry("delphi.log.pick", player=s.prophet, card=card),))
        if s.by_hand:
            return replace(s, phase=GOD_CHECK_PICK)
        return self._settle_prophet_pick(s, self.fits(s, card))

    def _settle_prophet_pick(self, s: DelphiState, right: bool) -> DelphiState:
        if right:
            card = s.picked
            assert card is not None  # set by the Prophet's pick
            s = replace(s, picked=None)
            return self._place_pick(s, card, by_god=False)
        # the pick does not fit: the Prophet falls, the card stays in the hand,
        # God picks, and the player is spared
        s = self._cast_down(replace(s, exempt=True))
        if s.by_hand:
            return replace(s, phase=GOD_PICK)
        return self._place_pick(s, self.god_choice(s, s.hands[s.turn], avoid=s.picked), by_god=True)

    def _god_pick(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        card = self._shown_card(s, GOD_PICK, cards)
        if card == s.picked:
            raise IllegalAction(msg("delphi.err.pick_rejected", card=card))
        return self._place_pick(s, card, by_god=True)

    # declaring oneself Prophet
    def _declare(self, s: DelphiState) -> DelphiState:
        seat = s.declarer if s.phase == TURN and s.declarer >= 0 else self.current_player(s)
        if seat is None:
            raise IllegalAction(msg("engine.game_over"))
        why = self.prophet_blocker(s, seat)
        if why is not None:
            raise IllegalAction(why)
        s = replace(
            s,
            prophet=seat,
            prophet_at=s.played,
            prophet_anchor=len(s.main) - 1,
            been_prophet=set_at(s.been_prophet, seat, True),
            expel_after=max(EXPEL_AFTER, s.played + PROPHET_GRACE),
            log=s.log + (entry("delphi.log.prophet", player=seat, n=s.played),),
        )
        return self._next_turn(s, seat)

    # turns and the end of a round
    def _next_turn(self, s: DelphiState, after: int) -> DelphiState:
        n = s.players
        for k in range(1, n + 1):
            p = (after + k) % n
            if p != s.god and p != s.prophet and not s.expelled[p]:
                return replace(s, phase=TURN, turn=p, declarer=-1)
        raise AssertionError("no player left, yet the round goes on")  # _round_end_reason prevents this

    def _round_end_reason(self, s: DelphiState, seat: int) -> LogEntry | None:
        for p in range(s.players):
            if p != s.god and not s.hands[p]:
                return entry("delphi.end.out", player=p)
        if s.short:
            return entry("delphi.end.deck", god=True)
        if not self._active(s):
            return entry("delphi.end.expelled")
        return None

    def _end_round(self, s: DelphiState, reason: LogEntry) -> DelphiState:
        result = round_result(s, render_entry(reason, s))
        return replace(
            s,
            results=s.results + (result,),
            phase=GAME_OVER if s.round + 1 >= len(s.plans) else ROUND_OVER,
            pending=(),
            pending_kind="",
            prophet_says=-1,
            picked=None,
            exempt=False,
            log=s.log + (reason,),
        )
