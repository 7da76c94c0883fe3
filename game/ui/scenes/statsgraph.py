"""What the statistics' pictures show, as values: a pure function from a
game's history (:mod:`game.persistence.history`: a line per finished
game) to the bars and marks the statistics screen paints.  No pygame: the
tests build these from made-up histories, empty ones and lines that do
not fit included."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.engine.dates import is_date

#: the days with games the day chart shows, the latest
DAYS_SHOWN = 14
#: the results the strip of the latest games shows
RECENT_SHOWN = 30
#: the score chart's bars at most (one per score when there are no more scores than this)
BINS = 12


@dataclass(frozen=True)
class Day:
    """A day with games: how many, how many won, the best score."""

    day: str
    games: int
    wins: int
    best: float | None


@dataclass(frozen=True)
class Bin:
    """Scores from ``low`` to ``high`` (both in), and how many games had one."""

    low: float
    high: float
    count: int


@dataclass(frozen=True)
class Graphs:
    """A game's pictures: its latest days, its latest results (oldest
    first), its streaks of wins, how its scores spread."""

    days: tuple[Day, ...] = ()
    recent: tuple[bool, ...] = ()
    streak: int = 0
    best_streak: int = 0
    bins: tuple[Bin, ...] = ()
    games: int = 0
    wins: int = 0
    day_count: int = 0
    low: float | None = None
    high: float | None = None
    mean: float | None = None

    @property
    def empty(self) -> bool:
        return self.games == 0


def _lines(history: Any) -> list[tuple[str, bool, float | None]]:
    """The lines that can be read (a hand-edited line is passed over)."""
    out = []
    for line in history if isinstance(history, list) else []:
        if not isinstance(line, dict) or not is_date(line.get("day")) or not isinstance(line.get("won"), bool):
            continue
        score = line.get("score")
        number = float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else None
        out.append((line["day"], line["won"], number if number is not None and math.isfinite(number) else None))
    return out


def graphs(history: Any) -> Graphs:
    """A game's pictures from its history (a file of before the history
    has none: the empty pictures)."""
    lines = _lines(history)
    if not lines:
        return Graphs()
    by_day: dict[str, list[tuple[bool, float | None]]] = {}
    for day, won, score in lines:
        by_day.setdefault(day, []).append((won, score))
    days = []
    for day in sorted(by_day)[-DAYS_SHOWN:]:
        rows = by_day[day]
        scores = [s for _, s in rows if s is not None]
        days.append(Day(day, len(rows), sum(1 for w, _ in rows if w), max(scores) if scores else None))
    streak = best = 0
    for _, won, _ in lines:
        streak = streak + 1 if won else 0
        best = max(best, streak)
    scores = [s for _, _, s in lines if s is not None]
    return Graphs(
        days=tuple(days),
        recent=tuple(w for _, w, _ in lines[-RECENT_SHOWN:]),
        streak=streak,
        best_streak=best,
        bins=bins(scores),
        games=len(lines),
        wins=sum(1 for _, w, _ in lines if w),
        day_count=len(by_day),
        low=min(scores) if scores else None,
        high=max(scores) if scores else None,
        mean=sum(scores) / len(scores) if scores else None,
    )


def bins(scores: list[float]) -> tuple[Bin, ...]:
    """The scores counted into at most :data:`BINS` bars of equal width:
    one per score when they are whole numbers and few enough, so a game
    scored 0-7 shows every score."""
    if not scores:
        return ()
    low, high = min(scores), max(scores)
    whole = all(float(s).is_integer() for s in scores)
    if whole and high - low + 1 <= BINS:
        return tuple(Bin(v, v, sum(1 for s in scores if s == v)) for v in (low + i for i in range(int(high - low) + 1)))
    if whole:
        step = math.ceil((high - low + 1) / BINS)
        edges = [(low + i * step, low + (i + 1) * step - 1) for i in range(math.ceil((high - low + 1) / step))]
        return tuple(Bin(a, b, sum(1 for s in scores if a <= s <= b)) for a, b in edges)
    if high == low:
        return (Bin(low, high, len(scores)),)
    width = (high - low) / BINS
    out = []
    for i in range(BINS):
        a = low + i * width
        b = high if i == BINS - 1 else low + (i + 1) * width
        out.append(Bin(a, b, sum(1 for s in scores if a <= s < b or (i == BINS - 1 and s == high))))
    return tuple(out)
