"""The one search of a Gaps round, shared by the hint and the solver.

:class:`RoundSearch` is a depth-first search over the positions of the
current round (a round ends when no move is left), with a table of
positions already visited, move ordering from Gaps knowledge, and a budget
(nodes, CPU deadline, cancel flag).  The search is resumable: ``step()``
continues where the last call stopped, so a table can run it in slices
between frames or in a background thread.  The hint
(:mod:`game.games.gaps.hint`) looks for the end of highest value, the
solver (:mod:`game.games.gaps.solve`) for a complete layout.

Why depth-first with a visited table: the value of a round is decided by
the position it ends in (what stays at the redeal, or whether every row is
complete), never by the path, so a position met again through another
order of moves need not be searched twice.  Each gap can only ever take
one card (the successor of its left neighbour; any 2 in the first column),
so branching is small (at most 4 + 3 per first-column gap) and depth is
what matters: a dive reaches the end of the round in a few dozen moves.

At the end of a round that has redeals left, the value is the measured
chance that the round after the redeal can be won, from the runs kept
(see :func:`end_value`); in the last round the value is simply the score,
and 48 (won) ends the search at once.  Visited positions are kept as
62-bit Zobrist keys; with the solver's default 1.5 million positions the
chance that two of them share a key (and one is wrongly taken as already
seen) is about one in four million.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

from game.games.gaps import board as B
from game.games.gaps.state import Move

COL = B.COL
ROW = tuple(i // 13 for i in range(52))
TWOS = B.TWOS
KING = B.KING


def _zobrist() -> list[list[int]]:
    rng = random.Random(0x6A9)
    return [[rng.getrandbits(62) for _ in range(52)] for _ in range(64)]


#: ``ZOB[card][cell]``: random 62-bit numbers; a position's key is the XOR of
#: its cards' numbers, updated by three XORs per move (Zobrist hashing)
ZOB = _zobrist()


def position_key(cells: Sequence[int]) -> int:
    k = 0
    for i, c in enumerate(cells):
        if c:
            k ^= ZOB[c][i]
    return k


# --- evaluation ------------------------------------------------------------------


WIN_VALUE = 1 << 40


def _load_redeal_table() -> tuple[dict[tuple[int, ...], float], list[float]]:
    """The table made by ``scripts/gaps_values.py`` (see there): for each
    sorted vector of kept run lengths, the chance that the round after a
    redeal can be won.  Smoothed on loading so that one more card in a run
    never looks worse, except the card that completes a row (a complete
    row's gap sits dead after its King: that can really be worse)."""
    data = json.loads(resources.files("game.games.gaps").joinpath("values.json").read_text(encoding="utf-8"))
    raw = {tuple(int(x) for x in k.split(",")): float(v) for k, v in data["table"].items()}
    table: dict[tuple[int, ...], float] = {}
    for key in sorted(raw, key=sum):
        p = raw[key]
        for i, k in enumerate(key):
            if 0 < k <= 11:
                lower = tuple(sorted(key[:i] + (k - 1,) + key[i + 1 :], reverse=True))
                p = max(p, table.get(lower, 0.0))
        table[key] = p
    return table, [float(x) for x in data["row_logit"]]


_TABLES: list[Any] = []  # [table, row_logit] once loaded (on first use)
_CHANCE: dict[tuple[int, ...], float] = {}


def redeal_chance(run: Sequence[int]) -> float:
    """How likely the round after a redeal that keeps ``run`` can be won
    (from the table; a per-row logistic model below 24 kept cards)."""
    key = tuple(run)
    p = _CHANCE.get(key)
    if p is None:
        if not _TABLES:
            _TABLES.extend(_load_redeal_table())
        table, row_logit = _TABLES
        skey = tuple(sorted(key, reverse=True))
        total = sum(skey)
        if total >= 48:
            p = 1.0
        elif skey in table:
            p = table[skey]
        else:
            p = 1.0 / (1.0 + math.exp(-sum(row_logit[k] for k in skey)))
        _CHANCE[key] = p
    return p


def end_value(run: Sequence[int], redeals_left: int) -> int:
    """The value of a round's end position (every gap dead), from its runs.

    - All 48 cards in place: the deal is won, nothing is better.
    - No redeal left: the score (cards in correct runs).
    - Before a redeal only the kept runs survive the shuffle, and *how* they
      are kept matters far more than how many: a complete row's gap is
      dead behind its King for every later round, and short tails with
      four live gaps solve far more often.  (Measured: with 42 cards kept,
      runs 12-12-12-6 give a winnable next round 21 % of the time, runs
      11-11-10-10 93 %.)  So the value is the chance that the next round
      can be won, :func:`redeal_chance`, with the number kept as a
      tie-break.
    """
    total = run[0] + run[1] + run[2] + run[3]
    if total == 48:
        return WIN_VALUE
    if redeals_left <= 0:
        return total
    return int(redeal_chance(run) * 1_000_000) * 64 + total


# --- the search ------------------------------------------------------------------------


class RoundSearch:
    """Depth-first search of one round from ``cells``.

    ``objective`` is ``"max"`` (best end position by :func:`end_value`) or
    ``"win"`` (a line to a complete layout; other ends are worth nothing).
    ``twos`` = ``False`` leaves out moving a 2 that leads a run of two or
    more cards to another first-column gap (a move that breaks a run; the
    hint search skips it to stay inside its budget, the solver never does).

    ``tt`` is a table shared by successive searches of the same round
    (the hint keeps one per round): position key -> ``value << 18 | move``
    (move packed as ``card << 12 | from << 6 | to``, 0 at an end) for
    every position whose moves were all searched, with the best end value
    found below it and the move towards it.  A later
    search treats such a position as known and spends its budget on new
    ones.  (Values in the table are what was found, so they can only be too
    low, never too high: a position met again through a cycle is not
    searched twice.)
    """

    def __init__(self, cells: Sequence[int], redeals_left: int = 0, objective: str = "max",
                 twos: bool = True, first_line: Sequence[tuple[int, int, int]] = (),
                 tt: dict[int, int] | None = None) -> None:
        self.cells = list(cells)
        self.pos = B.positions(self.cells)
        self.gaps = [i for i in range(52) if self.cells[i] == 0]
        self.run = list(B.prefix_lengths(self.cells))
        self.redeals_left = redeals_left
        self.objective = objective
        self.twos = twos
        self.tt = tt
        self.tt_used = False  # a position known from an earlier search was taken as known
        root_key = position_key(self.cells)
        self.seen: set[int] = {root_key}
        self.line: list[tuple[int, int, int]] = []
        self.undo: list[tuple[int, int, int, int, int, int, int]] = []
        self.best_value = -1
        self.best_line: list[tuple[int, int, int]] = []
        self.nodes = 0
        self.done = False
        self.found_win = False
        self.pruned = False  # some move was left out (twos=False): "done" is then no proof
        # moves to try first at each depth (a previous plan), as long as we follow it
        self.first_line = list(first_line)
        root_moves = self._gen(0)
        if not root_moves:
            v = self._value()
            self._improve(v, [])
            self.done = True
            self.stack: list[list[Any]] = []
        else:
            # a frame: [ordered moves, next index, position key, best value below, best move packed]
            self.stack = [[root_moves, 0, root_key, -1, 0]]

    # -- move generation with ordering ------------------------------------------
    def _gen(self, depth: int, COL=COL, ROW=ROW, TWOS=TWOS, KING=KING) -> list[tuple[int, int, int, int]]:
        cells, pos, run = self.cells, self.pos, self.run
        f0, f1, f2, f3 = run[0], 13 + run[1], 26 + run[2], 39 + run[3]
        out = []
        for g in self.gaps:
            if COL[g] == 0:
                for t in TWOS:
                    s = pos[t]
                    if COL[s] == 0:
                        k = run[ROW[s]]
                        if k >= 2 and not self.twos:
                            self.pruned = True
                            continue
                        sc = -100 - 10 * k
                    else:
                        sc = 90
                        n = 1
                        while n < 12 and cells[g + n] == t + n:
                            n += 1
                        sc += 10 * n
                        if s - 1 != g:
                            l2 = cells[s - 1]
                            if l2 == 0 or l2 & 15 == KING:
                                sc -= 30
                    out.append((sc, t, s, g))
            else:
                left = cells[g - 1]
                if left and left & 15 != KING:
                    c = left + 1
                    s = pos[c]
                    sc = 0
                    # four == rather than ``in (f0, f1, f2, f3)``: building the tuple
                    # made the solver and the hint 6-10 % slower (measured)
                    if g == f0 or g == f1 or g == f2 or g == f3:  # noqa: SIM109
                        sc = 100
                        n = 1
                        while COL[g] + n < 12 and cells[g + n] == c + n:
                            n += 1
                        sc += 10 * n
                    if s == f0 or s == f1 or s == f2 or s == f3:  # noqa: SIM109
                        sc += 50
                    elif COL[s] == 0:
                        sc += 20
                    elif s - 1 != g:
                        l2 = cells[s - 1]
                        if l2 == 0 or l2 & 15 == KING:
                            sc -= 30
                    out.append((sc, c, s, g))
        out.sort(reverse=True)
        fl = self.first_line
        if fl and depth < len(fl):
            want = fl[depth]
            for i, m in enumerate(out):
                if m[1] == want[0] and m[3] == want[2]:
                    if i:
                        out.insert(0, out.pop(i))
                    break
        return out

    def _value(self) -> int:
        run = self.run
        total = run[0] + run[1] + run[2] + run[3]
        if total == 48:
            self.found_win = True
        if self.objective == "win":
            return total
        return end_value(run, self.redeals_left)

    def _improve(self, v: int, line: list) -> None:
        if v > self.best_value:
            self.best_value = v
            self.best_line = line

    def _tail(self, move: tuple[int, int, int]) -> list[tuple[int, int, int]] | None:
        """The best line below the position after ``line + [move]``, read
        from the table (``None`` if it cannot be followed to an end)."""
        tt = self.tt
        if tt is None:
            return None
        cells = list(self.cells)
        c, s, d = move
        cells[d], cells[s] = c, 0
        key = position_key(cells)
        out: list[tuple[int, int, int]] = []
        for _ in range(400):
            e = tt.get(key)
            if e is None:
                return None
            m = e & 0x3FFFF
            if not m:
                return out
            c, s, d = m >> 12, (m >> 6) & 63, m & 63
            if cells[s] != c or cells[d] != 0:
                return None
            cells[d], cells[s] = c, 0
            key ^= ZOB[c][s] ^ ZOB[c][d]
            out.append((c, s, d))
        return None

    # -- the resumable loop -------------------------------------------------------------
    def step(self, max_nodes: int, deadline: float | None = None,
             cancel: Callable[[], bool] | None = None) -> bool:
        """Search up to ``max_nodes`` more positions (or until the CPU clock
        ``time.process_time()`` passes ``deadline``, or ``cancel()`` is true).
        Returns ``True`` when the search is over: everything visited or a win
        found."""
        if self.done:
            return True
        cells, pos, gaps, run = self.cells, self.pos, self.gaps, self.run
        seen, line, undo, stack = self.seen, self.line, self.undo, self.stack
        gen, value = self._gen, self._value
        tt = self.tt
        zob = ZOB
        row_of = ROW
        run_length = B.run_length
        limit = self.nodes + max_nodes
        nodes = self.nodes
        tick = 0  # loop turns since the last look at the clock
        while stack:
            tick += 1
            if tick >= 400:
                tick = 0
                if deadline is not None and time.process_time() > deadline:
                    break
                if cancel is not None and cancel():
                    break
            fr = stack[-1]
            ms = fr[0]
            i = fr[1]
            if i >= len(ms):
                # every move of this position searched: it is known from now on
                stack.pop()
                if tt is not None:
                    tt[fr[2]] = (fr[3] << 18) | fr[4]
                if not undo:
                    continue
                v = fr[3]
                leaf = False
            else:
                fr[1] = i + 1
                _, c, s, d = ms[i]
                zc = zob[c]
                key = fr[2] ^ zc[s] ^ zc[d]
                if tt is not None:
                    known = tt.get(key)
                    if known is not None:
                        v = known >> 18
                        if key not in seen:
                            self.tt_used = True
                        if v > fr[3]:
                            fr[3] = v
                            fr[4] = (c << 12) | (s << 6) | d
                        if v > self.best_value:
                            tail = self._tail((c, s, d))
                            if tail is not None:
                                self._improve(v, line + [(c, s, d)] + tail)
                                if v == WIN_VALUE or (self.objective == "win" and v == 48):
                                    self.found_win = True
                                    self.nodes = nodes
                                    self.done = True
                                    return True
                        continue
                if key in seen:
                    continue
                seen.add(key)
                nodes += 1
                cells[d] = c
                cells[s] = 0
                pos[c] = d
                gaps[gaps.index(d)] = s
                rd = row_of[d]
                rs = row_of[s]
                kd = run[rd]
                ks = run[rs]
                if d == 13 * rd + kd:
                    run[rd] = run_length(cells, rd)
                if s < 13 * rs + ks:
                    run[rs] = run_length(cells, rs)
                undo.append((c, s, d, rs, ks, rd, kd))
                line.append((c, s, d))
                nxt = gen(len(line))
                if nxt:
                    stack.append([nxt, 0, key, -1, 0])
                    if nodes >= limit:
                        break
                    continue
                # the round ends here: value it, then step back
                v = value()
                if tt is not None:
                    tt[key] = v << 18
                if v > self.best_value:
                    self._improve(v, list(line))
                leaf = True
            # step back over the last move; ``v`` is the best end found below it
            c, s, d, rs, ks, rd, kd = undo.pop()
            line.pop()
            cells[s] = c
            cells[d] = 0
            pos[c] = s
            gaps[gaps.index(s)] = d
            run[rs] = ks
            run[rd] = kd
            up = stack[-1]
            if v > up[3]:
                up[3] = v
                up[4] = (c << 12) | (s << 6) | d
            if leaf:
                if self.found_win:
                    self.nodes = nodes
                    self.done = True
                    return True
                if nodes >= limit:
                    break
        self.nodes = nodes
        if not stack:
            self.done = True
        return self.done

    @property
    def exact(self) -> bool:
        """The best end found is the best there is: a win, or a search of
        this round that visited every position itself, leaving none out."""
        return self.found_win or (self.done and not self.pruned and not self.tt_used)


def ordered_moves(cells: Sequence[int], twos: bool = True) -> list[tuple[int, int, int, int]]:
    """The moves of ``cells`` as ``(score, card, from, to)``, best first:
    the order in which the search tries them."""
    return RoundSearch(cells, 0, "max", twos=twos)._gen(0)


def to_move(m: tuple[int, int, int]) -> Move:
    """A search move ``(card, from, to)`` as the engine's :class:`Move`."""
    return Move(B.CARD_OF[m[0]], m[2])
