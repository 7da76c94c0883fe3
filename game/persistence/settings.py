"""The player's settings: one JSON file in the user config directory."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.persistence import config_dir, load_json, save_versioned

SCHEMA = 1
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
#: multiplier applied to every animation's duration
ANIMATION_FACTORS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}


@dataclass
class Settings:
    language: str = "en"
    four_colour: bool = False
    animation: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    auto_draw: bool = False  # Runs: draw automatically when you cannot play

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS.get(self.animation, 1.0)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _valid(name: str, value: object) -> bool:
    if name == "language":
        from game.i18n import LANGUAGES

        return value in LANGUAGES
    if name == "animation":
        return value in ANIMATION_SPEEDS
    return isinstance(value, bool)


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Settings plus a list of readable notices about anything ignored.

    A damaged file is moved aside; a field with a wrong type or value falls
    back to its default and the rest are kept.
    """
    path = path or settings_path()
    result = load_json(path, SCHEMA, "settings")
    notices = [result.problem] if result.problem else []
    s = Settings()
    if result.data:
        bad = []
        for f in fields(Settings):
            if f.name in result.data:
                v = result.data[f.name]
                if _valid(f.name, v):
                    setattr(s, f.name, v)
                else:
                    bad.append(f.name)
        if bad:
            notices.append(
                "Some settings had values this version does not understand and were reset: "
                + ", ".join(bad)
                + "."
            )
    return s, notices


def save_settings(settings: Settings, path: Path | None = None) -> None:
    save_versioned(path or settings_path(), SCHEMA, asdict(settings))
