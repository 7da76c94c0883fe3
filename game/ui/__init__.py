"""The pygame-ce user interface: app shell helpers, scenes, tables."""
