"""Produce docs/fidelity.md: how the engine and the bots compare with the
figures printed in the Mind the Gap rules text (the "seed").

    .venv/bin/python scripts/fidelity.py [--deals 5000] [--jobs 2] > docs/fidelity.md

Everything in the report is measured by this script when it runs: pyramid
counts by enumeration, card coverage and win rates by simulation with fixed
seeds (so a rerun prints the same numbers, timings aside).  Progress goes to
stderr.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.cards import Rank, derive_seed, rank_text, shuffled, standard_deck  # noqa: E402
from game.games.mind_the_gap import rules  # noqa: E402
from game.games.mind_the_gap.bots import BOTS, StrongBot  # noqa: E402
from game.games.mind_the_gap.pyramids import counts, table  # noqa: E402
from game.games.mind_the_gap.sim import margin95, play_deal  # noqa: E402

# ablations of the strong bot, for this report only (not offered to players)
BOTS.setdefault("strong-no-reading", lambda: StrongBot(read_partners=False))
BOTS.setdefault("strong-no-stuck-takeback", lambda: StrongBot(take_back_when_stuck=False))

SEED_COUNTS = {1: 4588, 2: 3352, 3: 2390, 4: 1632, 5: 1072, 6: 648, 7: 356, 8: 160, 9: 60, 10: 8}
SEED_EXPERT = {1: 34, 2: 72, 3: 54, 4: 84, 5: 62, 6: 48, 7: 16}
SEED_RATES = {  # players -> level -> win rate, from the rules text
    2: {"easy": 0.77, "normal": 0.57, "hard": 0.37, "expert": 0.28},
    3: {"easy": 0.82, "normal": 0.59, "hard": 0.39, "expert": 0.33},
    1: {"easy": 0.73, "normal": 0.53, "hard": 0.34, "expert": 0.25},
}
LEVELS = ("easy", "normal", "hard", "expert")
BASE = 7_000_001  # the report's seeds; the strong bot was tuned on other seeds


def rk(v: int) -> str:
    return rank_text(Rank(v))


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


# --- jobs (run in worker processes) ---------------------------------------------


def sim_job(job):
    """(key, options, deals, seed, bot) -> summary with per-target counts."""
    key, options, deals, seed, bot = job
    lat: list[float] = []
    cpu0 = time.process_time()
    wins = 0
    coins_won = 0
    ends: Counter = Counter()
    by_t: dict[int, list[int]] = {}
    won_deals = []
    for i in range(deals):
        st = play_deal(options, seed, i, bot, lat)
        w = st.result == "won"
        wins += w
        coins_won += st.coins if w else 0
        ends[st.result] += 1
        rec = by_t.setdefault(st.places[0].value, [0, 0])
        rec[0] += 1
        rec[1] += w
        won_deals.append(w)
    cpu = time.process_time() - cpu0
    lat.sort()
    return {
        "key": key,
        "deals": deals,
        "wins": wins,
        "coins_won": coins_won,
        "ends": dict(ends),
        "by_target": by_t,
        "cpu": cpu,
        "decision_cpu_ms": sum(lat) * 1000,
        "p95_ms": 1000 * lat[int(0.95 * (len(lat) - 1))] if lat else 0.0,
        "p50_ms": 1000 * lat[len(lat) // 2] if lat else 0.0,
        "max_ms": 1000 * lat[-1] if lat else 0.0,
        "decisions": len(lat),
        "won_deals": won_deals,
    }


def solo_hand_job(job):
    """Diagnostic: the seed bot alone, but with a bigger starting hand than
    the rules' 7 cards (the engine's hand-size table is changed in this
    worker process only for the length of the job)."""
    key, hand, level, deals, seed = job
    old = rules.HAND_SIZE[1]
    rules.HAND_SIZE[1] = hand
    try:
        r = sim_job((key, {"players": 1, "level": level}, deals, seed, "seed"))
    finally:
        rules.HAND_SIZE[1] = old
    return r


def _needs(t) -> list[list[int]]:
    """need[v][k]: pyramids needing at least k cards of value v besides the target."""
    need = [[0] * 6 for _ in range(14)]
    for bit, pyr in enumerate(t.pyramids):
        c = Counter(pyr[1:])
        for v, k in c.items():
            for j in range(1, k + 1):
                need[v][j] |= 1 << bit
    return need


def coverage_job(job):
    """Share of deals in which ``cards`` random cards (after the target is
    turned up as in setup) hold every non-target card of some finished pyramid."""
    key, cards, expert, deals, seed = job
    top = 7 if expert else 8
    needs = {}
    hits = 0
    by_t: dict[int, list[int]] = {}
    for i in range(deals):
        deck = shuffled(standard_deck(), derive_seed(seed, key, i), "deal")
        while not 1 <= deck[0].value <= top:
            deck.append(deck.pop(0))
        target = deck[0].value
        if target not in needs:
            t = table(target, expert=expert)
            needs[target] = (t.full, _needs(t))
        full, need = needs[target]
        have = Counter(c.value for c in deck[1 : 1 + cards])
        m = full
        for v in range(1, 14):
            k = have.get(v, 0) + 1
            if k <= 5:
                m &= ~need[v][k]
        ok = m != 0
        hits += ok
        rec = by_t.setdefault(target, [0, 0])
        rec[0] += 1
        rec[1] += ok
    return {"key": key, "cards": cards, "deals": deals, "hits": hits, "by_target": by_t}


# --- the report -----------------------------------------------------------------------


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Write the fidelity report (Markdown) to stdout.")
    p.add_argument("--deals", type=int, default=5000, help="deals per simulated setting (default 5000)")
    p.add_argument("--coverage-deals", type=int, default=20000)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    n = a.deals
    t_start = time.perf_counter()

    sims = []
    for players in (1, 2, 3):
        for level in LEVELS:
            sims.append((f"seed/{players}/{level}", {"players": players, "level": level}, n, derive_seed(BASE, players, level), "seed"))
    for variant in ("small", "jokers"):
        sims.append((f"seed/2/normal/{variant}", {"players": 2, "level": "normal", variant: True}, n, derive_seed(BASE, variant), "seed"))
    # the strong bot on exactly the deals the seed bot played
    strong_settings = [(2, "normal", n)] + [(pl, lv, max(1, n // 5)) for pl, lv in [(2, "easy"), (2, "hard"), (2, "expert"), (1, "normal"), (3, "normal")]]
    for players, level, deals in strong_settings:
        sims.append((f"strong/{players}/{level}", {"players": players, "level": level}, deals, derive_seed(BASE, players, level), "strong"))
    for bot in ("strong-no-reading", "strong-no-stuck-takeback"):
        sims.append((f"{bot}/2/normal", {"players": 2, "level": "normal"}, n, derive_seed(BASE, 2, "normal"), bot))
    solo = [(f"solo10/{level}", 10, level, n, derive_seed(BASE, 1, level)) for level in LEVELS]
    cov = [
        ("cov/24", 24, False, a.coverage_deals, BASE),
        ("cov/21", 21, False, a.coverage_deals, BASE),
        ("cov/20", 20, False, a.coverage_deals, BASE),
        ("cov/26", 26, False, a.coverage_deals, BASE),
        ("cov/19x", 19, True, a.coverage_deals, BASE),
    ]
    results: dict[str, dict] = {}
    with ProcessPoolExecutor(max_workers=a.jobs) as ex:
        futures = (
            [ex.submit(sim_job, j) for j in sims]
            + [ex.submit(solo_hand_job, j) for j in solo]
            + [ex.submit(coverage_job, j) for j in cov]
        )
        for k, f in enumerate(futures, 1):
            r = f.result()
            results[r["key"]] = r
            print(f"\r{k}/{len(futures)} runs done", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    wall = time.perf_counter() - t_start

    out: list[str] = []
    w = out.append
    w("# Mind the Gap: fidelity report")
    w("")
    w("Generated by `scripts/fidelity.py` (`make fidelity`); every number below was measured by that run.")
    w(f"Deals per simulated setting: {n} (strong-bot cross-checks: {max(1, n // 5)}); coverage: {a.coverage_deals} deals per row.")
    w("Deal `i` of a setting is dealt from a seed derived from the setting, so the seed bot and the strong bot play")
    w("exactly the same deals. ± figures are 95 % intervals (normal approximation).")
    w(f"Python {platform.python_version()}, {a.jobs} worker process(es), {wall:.0f} s wall time for the whole report.")
    w("")

    # 1. counts
    w("## 1. Finished pyramids by target")
    w("")
    w("A finished pyramid \"by rank\": ten values, each card resting on two being their difference, the target on top,")
    w("at most four cards of a rank. Enumerated exactly (`python -m game count-pyramids --json`).")
    w("")
    normal, expert, small = counts(), counts(expert=True), counts(small=True)
    small_expert, jokers = counts(small=True, expert=True), counts(jokers=True)
    w("| target | normal | seed | expert | seed | small | small expert | jokers as 0 |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    all_match = True
    for v in range(1, 14):
        sn, se = SEED_COUNTS.get(v), SEED_EXPERT.get(v)
        all_match &= sn is None or sn == normal.get(v, 0)
        all_match &= se is None or se == expert.get(v, 0)
        w(
            f"| {rk(v)} | {normal.get(v, 0)} | {sn if sn is not None else ''} | {expert.get(v, 0)} | {se if se is not None else ''} "
            f"| {small.get(v, 0)} | {small_expert.get(v, 0)} | {jokers.get(v, 0)} |"
        )
    w("")
    w(f"Every figure the seed gives is reproduced exactly: **{'yes' if all_match else 'NO'}**. "
      "(Jokers as 0: values 0-13, two jokers; a joker target is impossible and not listed.)")
    w("")

    # 2. coverage
    w("## 2. Card coverage")
    w("")
    w("The target is turned up as in setup (Ace-8; Expert Ace-7), then the next *k* cards of the shuffled deck are")
    w("\"seen\". A deal counts when those cards include all nine non-target cards of some finished pyramid.")
    w("")
    w("| cards seen | why this many | share with a complete pyramid | seed |")
    w("|---|---|---:|---:|")
    rows = [
        ("cov/26", "26", "three players on Normal: 12 + 8 + 6", ""),
        ("cov/24", "24", "two players on Normal: 10 + 8 + 6", "about 95 %"),
        ("cov/21", "21", "one player on Normal: 7 + 8 + 6", ""),
        ("cov/20", "20", "two players on Hard: 10 + 8 + 2", "about 89 %"),
        ("cov/19x", "19 (Expert)", "two players on Expert: 10 + 8 + 1", "about 50 %"),
    ]
    for key, label, why, seed_txt in rows:
        r = results[key]
        rate = r["hits"] / r["deals"]
        w(f"| {label} | {why} | {pct(rate)} ± {100 * margin95(rate, r['deals']):.1f} | {seed_txt} |")
    w("")
    r24 = results["cov/24"]
    w("By target, 24 cards: " + ", ".join(f"{rk(t)} {pct(h / d)}" for t, (d, h) in sorted(r24["by_target"].items())) + ".")
    w("")

    # 3. seed bot
    w("## 3. The seed's policy: win rates")
    w("")
    w("The seed bot places the card that keeps the most finished pyramids possible (counting the ranks not yet in the")
    w("pyramid or on the discard pile), discards only when no card keeps any pyramid possible (the least needed card),")
    w("and takes a card back only when the pyramid is dead. Every seat is a seed bot; each sees only its own view.")
    w("")
    w("| players | level | coins | measured | ± | seed | difference |")
    w("|---|---|---:|---:|---:|---:|---:|")
    coins = {"easy": 12, "normal": 6, "hard": 2, "expert": 1}
    for players in (2, 3, 1):
        for level in LEVELS:
            r = results[f"seed/{players}/{level}"]
            rate = r["wins"] / r["deals"]
            s = SEED_RATES[players][level]
            w(f"| {players} | {level} | {coins[level]} | {pct(rate)} | {100 * margin95(rate, r['deals']):.1f} | {pct(s)} | {100 * (rate - s):+.1f} |")
    w("")
    w("Variants, two players on Normal:")
    w("")
    w("| variant | measured | ± | seed |")
    w("|---|---:|---:|---:|")
    for variant, seed_rate in (("small", 0.77), ("jokers", 0.53)):
        r = results[f"seed/2/normal/{variant}"]
        rate = r["wins"] / r["deals"]
        w(f"| {variant} | {pct(rate)} | {100 * margin95(rate, r['deals']):.1f} | {pct(seed_rate)} |")
    w("")
    w("### By target (seed bot)")
    w("")
    w("| players, level | " + " | ".join(rk(v) for v in range(1, 9)) + " | A-3 |")
    w("|---|" + "---:|" * 9)
    for players in (2, 3, 1):
        for level in LEVELS:
            r = results[f"seed/{players}/{level}"]
            bt = r["by_target"]
            cells = []
            for v in range(1, 9):
                d, h = bt.get(v, (0, 0))
                cells.append(pct(h / d) if d else "")
            d3 = sum(bt.get(v, (0, 0))[0] for v in (1, 2, 3))
            h3 = sum(bt.get(v, (0, 0))[1] for v in (1, 2, 3))
            cells.append(pct(h3 / d3) if d3 else "")
            w(f"| {players}, {level} | " + " | ".join(cells) + " |")
    w("")
    r = results["seed/2/normal"]
    bt = r["by_target"]
    d3 = sum(bt[v][0] for v in (1, 2, 3))
    h3 = sum(bt[v][1] for v in (1, 2, 3))
    a3, e8 = h3 / d3, bt[8][1] / bt[8][0]
    w(f"Seed, two players on Normal: Ace-3 about 64 %, 8 about 43 %. Measured: Ace-3 {pct(a3)} ± {100 * margin95(a3, d3):.1f} "
      f"({d3} deals), 8 {pct(e8)} ± {100 * margin95(e8, bt[8][0]):.1f} ({bt[8][0]} deals).")
    w("")
    w("How the measured games ended (seed bot):")
    w("")
    w("| players, level | won | dead, no coin | all passed | mean coins left when won |")
    w("|---|---:|---:|---:|---:|")
    for players in (2, 3, 1):
        for level in LEVELS:
            r = results[f"seed/{players}/{level}"]
            e = r["ends"]
            mc = r["coins_won"] / r["wins"] if r["wins"] else 0
            w(f"| {players}, {level} | {e.get('won', 0)} | {e.get('dead', 0)} | {e.get('passes', 0)} | {mc:.2f} |")
    w("")

    # 4. strong vs seed
    w("## 4. The strong bot against the seed bot (same deals)")
    w("")
    w("| players, level | deals | seed bot | strong bot | difference | deals only strong won | deals only seed won |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for players, level, deals in strong_settings:
        rs = results[f"strong/{players}/{level}"]
        rb = results[f"seed/{players}/{level}"]
        base = rb["won_deals"][:deals]
        sb = sum(base) / deals
        st = rs["wins"] / deals
        only_s = sum(1 for x, y in zip(rs["won_deals"], base) if x and not y)
        only_b = sum(1 for x, y in zip(rs["won_deals"], base) if y and not x)
        w(f"| {players}, {level} | {deals} | {pct(sb)} | {pct(st)} | {100 * (st - sb):+.1f} points | {only_s} | {only_b} |")
    w("")

    w("Where the strength comes from (two players, Normal, the same deals as the first row):")
    w("")
    w("| bot | wins | rate |")
    w("|---|---:|---:|")
    for key, label in (
        ("seed/2/normal", "seed bot"),
        ("strong-no-stuck-takeback/2/normal", "strong, but taking back only when the pyramid is dead"),
        ("strong-no-reading/2/normal", "strong, without reading partners' moves"),
        ("strong/2/normal", "strong (all of it)"),
    ):
        r = results[key]
        w(f"| {label} | {r['wins']} / {r['deals']} | {pct(r['wins'] / r['deals'])} |")
    w("")
    w("The strong bot weighs each finished pyramid by the chance of getting its missing cards (its own hand counts as")
    w("certain), takes a card back when the best plan after it is clearly likelier than the best plan now, and reads")
    w("from partners' moves which ranks they did not hold. Its draw scale and take-back margin were chosen on separate")
    w("tuning deals, not on the ones measured here.")
    w("")

    # 5. speed
    w("## 5. Speed (CPU time, `time.process_time`)")
    w("")
    r = results["seed/2/normal"]
    w(f"- {r['deals']} two-player Normal deals with the seed bot: **{r['cpu']:.1f} s CPU** in one process "
      f"(whole simulation: dealing, legal moves, views, bot decisions; the requirement is at most 15 s).")
    w("- Decision time per move, CPU, over every decision of the runs above:")
    w("")
    w("| bot | setting | decisions | median | p95 | max |")
    w("|---|---|---:|---:|---:|---:|")
    for key in ("seed/2/normal", "seed/1/easy", "seed/3/hard", "strong/2/normal", "strong/2/easy", "strong/1/normal", "strong/3/normal"):
        r = results[key]
        bot, players, level = key.split("/")
        w(f"| {bot} | {players} players, {level} | {r['decisions']} | {r['p50_ms']:.2f} ms | {r['p95_ms']:.2f} ms | {r['max_ms']:.1f} ms |")
    w("")
    w("The maximum includes the first use of a target's pyramid table in a worker process (built once, then cached).")
    w("")

    # 6. discussion
    w("## 6. Where we differ from the seed, and why we think so")
    w("")
    cov_txt = []
    for key, seed_rate in (("cov/24", 0.95), ("cov/20", 0.89), ("cov/19x", 0.50)):
        r = results[key]
        rate = r["hits"] / r["deals"]
        cov_txt.append(f"{r['cards']} cards {pct(rate)} (seed about {pct(seed_rate)})")
    w(f"- **Pyramid counts** {'match exactly' if all_match else 'DO NOT match'}. **Card coverage**: " + "; ".join(cov_txt) + ".")
    for players in (2, 3, 1):
        inside, outside = [], []
        for level in LEVELS:
            r = results[f"seed/{players}/{level}"]
            rate = r["wins"] / r["deals"]
            diff = rate - SEED_RATES[players][level]
            (inside if abs(diff) <= margin95(rate, r["deals"]) else outside).append(f"{level} {100 * diff:+.1f}")
        w(f"- **{players} player{'s' if players > 1 else ''}**: within the 95 % margin of the seed on "
          f"{', '.join(inside) if inside else 'no level'}; outside it on {', '.join(outside) if outside else 'no level'} "
          "(points, measured minus seed).")
    w("")
    w("**One player.** Our solo rates are far below the seed's, while its solo row sits only a few points under its")
    w("two-player row. A solo player holds 7 cards where two players hold 5 + 5 = 10 between them, and the seed bot")
    w("wins mostly by already holding the card a gap needs. As a diagnostic (not a rule), the same seed bot alone with a")
    w("**10-card** starting hand, on the same deals:")
    w("")
    w("| level | rules (7 cards) | 10-card hand | seed |")
    w("|---|---:|---:|---:|")
    for level in LEVELS:
        r7, r10 = results[f"seed/1/{level}"], results[f"solo10/{level}"]
        w(f"| {level} | {pct(r7['wins'] / r7['deals'])} | {pct(r10['wins'] / r10['deals'])} | {pct(SEED_RATES[1][level])} |")
    w("")
    gap7 = max(abs(results[f"seed/1/{lv}"]["wins"] / n - SEED_RATES[1][lv]) for lv in LEVELS)
    gap10 = max(abs(results[f"solo10/{lv}"]["wins"] / n - SEED_RATES[1][lv]) for lv in LEVELS)
    w(f"With the rules' 7 cards the largest difference from the seed's solo row is {100 * gap7:.1f} points; with 10 cards")
    w(f"it is {100 * gap10:.1f} points. We therefore think the seed's solo simulation gave the lone player about as many")
    w("cards as two players hold together (one person playing both seats of a two-player game), not the 7 cards its")
    w("rules prescribe. Our engine deals 7, as written.")
    w("")
    diffs2 = ", ".join(f"{lv} {100 * (results[f'seed/2/{lv}']['wins'] / n - SEED_RATES[2][lv]):+.1f}" for lv in LEVELS)
    w(f"**Two players** (measured minus seed, points: {diffs2}). Our engine follows the project's binding reading")
    w("of \"still possible\" (a finished pyramid agreeing with the filled places, each rank's copies plus its discarded")
    w("copies at most 4). The seed does not say how its players broke ties between equally good placements or which")
    w("card they discarded when none fitted (with our reading, no card in hand is needed by any pyramid then, so the")
    w("choice falls to a tie-break), nor whether it counted pyramids by rank pattern or by the actual cards left. Any of")
    w("these could move the figures by a few points; we did not tune the seed bot to close the gap. The solo finding")
    w("above suggests the seed's simulation was not a literal model of its own rules either.")
    w("")
    vs = []
    for variant, seed_rate in (("small", 0.77), ("jokers", 0.53)):
        r = results[f"seed/2/normal/{variant}"]
        rate = r["wins"] / r["deals"]
        vs.append(f"{variant} {pct(rate)} ± {100 * margin95(rate, r['deals']):.1f} against the seed's {pct(seed_rate)}")
    base = results["seed/2/normal"]["wins"] / n
    w(f"**Variants** (two players, Normal; plain Normal measured {pct(base)}): " + "; ".join(vs) + ".")
    w("")
    w("The setup screen's expected win rates (`game/games/mind_the_gap/winrates.json`, made by `scripts/winrates.py`) use")
    w("the seed bot for every coin count from 0 to 20, so a player can read any of these gaps in coins.")
    w("")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
