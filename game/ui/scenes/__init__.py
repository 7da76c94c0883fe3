"""The app's shared scenes (menu, settings, statistics, rules, pass the
device, dialogs).  Game tables live in game/ui/tables; the list of every
scene for the tools is in game.app."""
