"""One table module per game: game/ui/tables/<package>.py."""
