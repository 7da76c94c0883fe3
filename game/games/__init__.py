"""One package per game. No pygame import anywhere below here."""
