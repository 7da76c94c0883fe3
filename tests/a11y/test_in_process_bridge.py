"""The Windows and macOS bridge's own logic, with a stand-in for
AccessKit's SubclassingAdapter (the real ones cannot run here: see
docs/accessibility.md): activation, trees sent only when changed, the
events AccessKit returns raised, a reader's press delivered, the view's
focus on macOS."""

from __future__ import annotations

import pytest

from game.ui.a11y.nodes import Announcement, Node, Politeness, Role, Tree


class Events:
    raised = 0

    def raise_events(self) -> None:
        Events.raised += 1


class FakeAdapter:
    def __init__(self, activate, act) -> None:
        self.activate, self.act = activate, act
        self.updates: list = []
        self.focus: list[bool] = []
        self.on = False

    def update_if_active(self, factory):
        if not self.on:
            return None
        self.updates.append(factory())
        return Events()

    def update_view_focus_state(self, focused: bool):
        self.focus.append(focused)
        return Events()


def test_the_in_process_bridge():
    ak = pytest.importorskip("accesskit")
    from game.ui.a11y.windows_mac import InProcessBridge

    made: list[FakeAdapter] = []
    b = InProcessBridge(lambda activate, act: made.append(FakeAdapter(activate, act)) or made[-1])
    adapter = made[0]
    assert not b.active
    tree = Tree(Node("window", Role.WINDOW, "Mind the Gap", (0, 0, 1280, 800), children=(Node("button:menu.rules", Role.BUTTON, "Rules", (10, 10, 100, 40), pressable=True),)), "button:menu.rules")
    adapter.on = True
    first = adapter.activate()  # AccessKit asks for the whole tree
    assert b.active and first.nodes
    Events.raised = 0
    b.update(tree)
    b.update(Tree(tree.root, tree.focus))  # equal: not sent again
    assert len(adapter.updates) == 1 and Events.raised == 1
    b.announce(Announcement("Rules opened", Politeness.ASSERTIVE))
    assert len(adapter.updates) == 2 and Events.raised == 2
    b.window((0, 0, 1280, 800), True)
    assert adapter.focus == [True]
    rules_id = next(i for i, n in adapter.updates[0].nodes if n.label == "Rules")
    req = type("Req", (), {"action": ak.Action.CLICK, "target": rules_id})()
    adapter.act(req)
    got = b.requests()
    assert [(r.action, r.key) for r in got] == [("press", "button:menu.rules")]
    assert b.requests() == []


def test_an_adapter_that_fails_is_left_alone_and_the_game_goes_on():
    pytest.importorskip("accesskit")
    from game.ui.a11y.windows_mac import InProcessBridge

    class Failing(FakeAdapter):
        def update_if_active(self, factory):
            raise RuntimeError("no UI Automation here")

    made: list[FakeAdapter] = []
    b = InProcessBridge(lambda activate, act: made.append(Failing(activate, act)) or made[-1])
    made[0].activate()
    assert b.active
    b.update(Tree(Node("window", Role.WINDOW, "Mind the Gap")))
    assert not b.active, "a failed adapter is not fed again"
    b.announce(Announcement("nothing"))
