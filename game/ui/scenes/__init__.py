"""The app's shared scenes (menu, settings, statistics, rules, pass the
device, dialogs).  Game tables live in game/ui/tables."""

from __future__ import annotations


def common_scene_factories(app):
    from game.ui.scenes.dialog import ConfirmScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.passdevice import PassScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.stats import StatsScene

    return [
        ("menu", lambda: MenuScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("statistics", lambda: StatsScene(app)),
        ("rules", lambda: RulesScene(app)),
        ("pass", lambda: PassScene(app, "Anna", lambda: None)),
        ("confirm", lambda: ConfirmScene(app, "Pay a coin?", "Discarding costs one coin.", lambda: None)),
    ]
