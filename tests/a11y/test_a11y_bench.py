"""scripts/a11y_bench.py measures what docs/bench.md says it does: every
mode's frames, and with a reader the bridge really active and a tree
served every frame.  (No timing is asserted; the figures are in
docs/bench.md.)"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is Linux's")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "a11y_bench.py"


def test_the_bridge_bench_times_every_mode(atspi):
    bench = runpy.run_path(str(SCRIPT), run_name="a11y_bench")
    tree = bench["sixty_nodes"](7)
    assert len(list(tree.root.walk())) == 61  # the window and 60 nodes
    res = bench["one_run"](atspi, 20)
    assert {"off", "no_reader", "on", "serve"} <= set(res)
    assert all(len(res[m]) == 20 and min(res[m]) > 0 for m in ("off", "no_reader", "on"))
    assert res["trees_no_reader"] == 0, "with no reader no tree is built"
    assert res["trees_on"] == 20, "with a reader a tree is built and handed over every frame"
