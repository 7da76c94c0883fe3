"""Positions for the tests, written in the Runs notation."""

from __future__ import annotations

from game.cards import parse_cards
from game.games.runs.deck import DECK, sort_hand
from game.games.runs.notation import NOTATION


def position(
    hands: list[str],
    chain: str = "",
    chain_seats: list[int] | None = None,
    turn: int = 0,
    pile: str | None = None,
    rest_to: int | None = None,
    wrap: bool = False,
    rounds: str = "5",
    round_: int = 1,
    dealer: int | None = None,
    phase: str = "play",
    out: list[int] | None = None,
    base: list[int] | None = None,
    points: list[int] | None = None,
    bonus: list[int] | None = None,
    seed: int = 7,
    new_run: bool = False,
    both_ends: bool = False,
    per_suit: bool = False,
    circuit: bool = False,
    stop: bool = False,
    open_runs: str | None = None,
    idle: int = 0,
):
    """A state from hands (card codes per seat), the chain, the pile (with
    ``new_run`` the house rule "new run"; ``both_ends``, ``per_suit``,
    ``circuit`` and ``stop`` issue 24's house rules, whose open runs come from the chain
    unless ``open_runs`` gives them, like ``"5H~7H,9S~9S"``, and ``idle``
    the draws and passes since the last card played).

    Every card not named goes to the pile (bottom first, in deck order),
    or, with ``rest_to``, into that seat's hand; with ``pile`` given the
    rest goes to ``rest_to`` (which must then be set)."""
    n = len(hands)
    hand_cards = [parse_cards(h) for h in hands]
    chain_cards = parse_cards(chain)
    seats = chain_seats if chain_seats is not None else [i % n for i in range(len(chain_cards))]
    pile_cards = parse_cards(pile) if pile is not None else None
    used = set(chain_cards) | {c for h in hand_cards for c in h} | set(pile_cards or [])
    rest = [c for c in DECK if c not in used]
    if pile_cards is None:
        if rest_to is None:
            pile_cards = rest
        else:
            pile_cards = []
            hand_cards[rest_to] += rest
    else:
        assert rest_to is not None or not rest, "say where the other cards go"
        if rest:
            hand_cards[rest_to] += rest
    zeros = [0] * n

    def ints(xs):
        return ",".join(map(str, xs)) or "-"

    def cards(cs):
        return ",".join(c.code for c in cs) or "-"

    house = (" two=1" if both_ends else "") + (" suits=1" if per_suit else "") + (" circuit=1" if circuit else "") + (" stop=1" if stop else "")
    if house:
        house += (f" open={open_runs}" if open_runs is not None else "") + f" idle={idle}"
    text = (
        f"p={n} seed={seed} dealer={(turn - 1) % n if dealer is None else dealer} round={round_}/{rounds} "
        f"wrap={int(wrap)}{' new=1' if new_run else ''}{house} phase={phase} turn={'-' if phase == 'over' else turn}"
        f" | chain={','.join(f'{c.code}@{s}' for c, s in zip(chain_cards, seats)) or '-'}"
        f" | hands={'/'.join(cards(sort_hand(h)) for h in hand_cards)}"
        f" | pile={cards(pile_cards)}"
        f" | out={ints(out or [])} | base={ints(base or zeros)} | points={ints(points or zeros)}"
        f" | bonus={ints(bonus or zeros)}"
    )
    return NOTATION.parse(text)
