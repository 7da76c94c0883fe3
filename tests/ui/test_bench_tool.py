"""`python -m game bench` measures what the README promises: a drag over
every built table and every bot of every built game.  (The figures
themselves live in docs/bench.md; no timing is asserted here.)"""

from game.engine.registry import GAMES, engine_available, module
from game.tools.bench import bot_bench, frame_bench
from game.ui.tables import built


def test_frame_bench_drags_over_every_table():
    res = frame_bench(frames=20)
    want = set(built())
    assert set(res) == want and want
    for gid, r in res.items():
        # the first frame sits on the press point, below the drag threshold
        assert r["frames_dragging"] >= 19, f"{gid}: the scripted drag did not hold a card"
        assert r["frames"] == 20 and r["mean_ms"] > 0


def test_bot_bench_times_every_bot():
    res = bot_bench(budget_s=0.2, max_games=2)
    want = {f"{g.id}/{name}" for g in GAMES if engine_available(g.id) for name in getattr(module(g.id), "BOTS", {})}
    assert set(res) == want
    for r in res.values():
        assert r["decisions"] > 0 and r["max_ms"] >= r["p95_ms"] >= r["median_ms"]
