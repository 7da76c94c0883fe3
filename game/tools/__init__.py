"""Developer and CI tools behind python -m game (shots, bench, soak)."""
