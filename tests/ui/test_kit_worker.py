"""The kit's Worker: a function on a worker thread, its result or its
error; a quiet one pauses the cyclic garbage collector while it runs (its
full collections held the interpreter, and the frame with it, for up to
0.4 s), and the collector is as it was once the last quiet one ends."""

from __future__ import annotations

import gc
import threading

from game.ui.kit.wait import Worker


def finished(w: Worker) -> Worker:
    w.thread.join(10)
    assert w.done
    return w


def test_a_worker_hands_back_its_result_or_its_error():
    assert finished(Worker(lambda: 6 * 7, "t")).result == 42
    w = finished(Worker(lambda: 1 // 0, "t"))
    assert w.result is None and isinstance(w.error, ZeroDivisionError)


def test_quiet_workers_pause_the_collector_until_the_last_ends():
    assert gc.isenabled()
    first_in, first_go, second_in, second_go = (threading.Event() for _ in range(4))
    seen: dict[str, bool] = {}

    def work(name: str, inside: threading.Event, go: threading.Event) -> None:
        seen[name] = gc.isenabled()
        inside.set()
        go.wait(10)

    loud = finished(Worker(lambda: gc.isenabled(), "loud"))
    assert loud.result is True
    a = Worker(lambda: work("a", first_in, first_go), "a", quiet=True)
    assert first_in.wait(10)
    b = Worker(lambda: work("b", second_in, second_go), "b", quiet=True)
    assert second_in.wait(10)
    assert seen == {"a": False, "b": False}
    first_go.set()
    finished(a)
    assert not gc.isenabled()  # b still runs
    second_go.set()
    finished(b)
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off():
    gc.disable()
    try:
        finished(Worker(lambda: None, "q", quiet=True))
        assert not gc.isenabled()
    finally:
        gc.enable()
