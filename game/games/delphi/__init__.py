"""Delphi, the rule-guessing game (the engine package replaces this placeholder)."""
