"""How Mind the Gap is played at a table where it differs from the plain
turn loop of :class:`~game.engine.match.Match`: the hands are secret
between people unless they are open (Easy), and what a finished game adds
to the statistics.

The statistics of this game are one row per level, player count, how
many of the players were people, coins and variant, :func:`stats_key`
(``"normal-3p-1h-6c-std"``: three seats, one of them a person): games,
wins, games with the helper on at some point, games with a turn taken
back against the computers (``undo_games``), and the best total of a
finished series of five pyramids (a series with 20 coins can score far
more than one with 6, so the two never share a row; one person with two
computers plays another game than three people, so they never share one
either).  Rows written before the people were kept (``"normal-3p-6c-std"``)
and before coins and variants were (``"normal-2p"``) stay as they are:
read, shown as rows of their own, never added to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Self

from game.engine.core import Outcome
from game.engine.match import Match, Moved, Policy, TableMeta
from game.games.mind_the_gap.notation import VARIANTS, variant_name
from game.games.mind_the_gap.rules import LEVELS, State
from game.games.mind_the_gap.series import Series, points_for, series_in


@dataclass(frozen=True)
class MtgMeta(TableMeta):
    """What a game of Mind the Gap keeps beside its record: the gap help
    switched on, whether it was on at any time in this game (a game with
    help counts apart; on at the deal is on), the series the game belongs
    to, whether it is the tutorial, and whether a turn was taken back
    against the computers (such a game counts apart too).

    >>> MtgMeta(helper=True).helper_used
    True
    >>> MtgMeta.from_json({"helper": False, "helper_used": True, "series": {"points": "many"}})
    MtgMeta(helper=False, helper_used=True, series=None, tutorial=False, undo_used=False)
    """

    helper: bool = False
    helper_used: bool = False
    series: Series | None = None
    tutorial: bool = False
    undo_used: bool = False

    def __post_init__(self) -> None:
        if self.helper and not self.helper_used:
            object.__setattr__(self, "helper_used", True)

    def with_helper(self, on: bool) -> MtgMeta:
        return replace(self, helper=on)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"helper": self.helper, "helper_used": self.helper_used}
        if self.series is not None:
            out["series"] = self.series.to_json()
        if self.tutorial:
            out["tutorial"] = True
        if self.undo_used:
            out["undo_used"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(data.get("helper") is True, data.get("helper_used") is True, series_in(data), data.get("tutorial") is True, data.get("undo_used") is True)


class StatsRow(NamedTuple):
    """What a statistics row's key says; ``people`` is None in a row
    written before the people were kept, ``coins`` and ``variant`` in one
    written before the coins and the variant were."""

    level: str
    players: int
    people: int | None
    coins: int | None
    variant: str | None


def stats_key(level: str, players: int, coins: int, small: bool, jokers: bool, people: int) -> str:
    """The statistics row of a game with these settings, ``people`` of its
    ``players`` seats people (the others computers)."""
    return f"{level}-{players}p-{people}h-{coins}c-{variant_name(small, jokers)}"


def parse_stats_key(key: str) -> StatsRow:
    """What a row's key says (also of the rows of before: "normal-3p-6c-std",
    "normal-2p").  ValueError for a key that is not a statistics key."""
    parts = key.split("-")
    if len(parts) not in (2, 4, 5) or parts[0] not in LEVELS or not _count(parts[1], "p"):
        raise ValueError(f"not a statistics key: {key!r}")
    players = int(parts[1][:-1])
    if len(parts) == 2:
        return StatsRow(parts[0], players, None, None, None)
    people = None
    if len(parts) == 5:
        if not _count(parts[2], "h") or int(parts[2][:-1]) > players:
            raise ValueError(f"not a statistics key: {key!r}")
        people = int(parts[2][:-1])
    coins, variant = parts[-2], parts[-1]
    if not _count(coins, "c") or variant not in VARIANTS:
        raise ValueError(f"not a statistics key: {key!r}")
    return StatsRow(parts[0], players, people, int(coins[:-1]), variant)


def _count(part: str, unit: str) -> bool:
    return part.endswith(unit) and part[:-1].isdigit()


def fold_result(stats: dict, state: State, outcome: Outcome, meta: MtgMeta, coins: int, people: int) -> None:
    """Add the game that ended in ``state`` to ``stats`` (in place).
    ``meta`` is the match's when the game ended: whether the help was
    used, and the series as it stood before this pyramid; ``coins`` are
    the coins the game began with (its row; the state holds those left);
    ``people`` how many seats were people."""
    key = stats_key(state.level, state.players, coins, state.small, state.jokers, people)
    row = stats.setdefault(key, {"games": 0, "wins": 0, "helper_games": 0, "best_series": None})
    row["games"] += 1
    row["wins"] += 1 if outcome.won else 0
    if meta.helper_used:
        row["helper_games"] += 1
    if meta.undo_used:
        row["undo_games"] = row.get("undo_games", 0) + 1
    series = meta.series
    if series is not None:
        final = series.with_result(points_for(bool(outcome.won), state.coins))
        if final.done:
            best = row.get("best_series")
            row["best_series"] = final.total if best is None else max(best, final.total)


class MtgPolicy(Policy):
    meta_type = MtgMeta
    undo_against_computers = True

    def undone(self, match: Match) -> TableMeta:
        meta = match.meta
        return replace(meta, undo_used=True) if isinstance(meta, MtgMeta) else MtgMeta(undo_used=True)

    def secret(self, match: Match) -> bool:
        """The device is passed between people unless the hands are open."""
        return len(match.people()) > 1 and not match.state.open_hands

    def fold_game(self, stats: dict, match: Match, outcome: Outcome, meta: TableMeta) -> None:
        fold_result(stats, match.state, outcome, meta if isinstance(meta, MtgMeta) else MtgMeta(), match.options["coins"], len(match.people()))

    def moved(self, match: Match, moved: Moved) -> None:
        """A pyramid of a series that ended counts in the series (its
        statistics fold holds the series as it was before)."""
        meta = match.meta
        if moved.outcome is not None and isinstance(meta, MtgMeta) and meta.series is not None and not meta.series.done:
            match.meta = replace(meta, series=meta.series.with_result(points_for(bool(moved.outcome.won), match.state.coins)))


POLICY = MtgPolicy()
