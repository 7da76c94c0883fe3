"""The player's settings: one JSON file in the user config directory."""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.engine.schema import Bool, Shape, Text, problems
from game.i18n import LANGUAGES, Message, msg
from game.persistence.files import load_json, save_versioned, set_aside
from game.persistence.paths import config_dir

SCHEMA = 1
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
#: multiplier applied to every animation's duration
ANIMATION_FACTORS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
#: the appearance choices, in the order the settings screen cycles them (the
#: drawing is game.ui: cardart.BACKS, widgets.FELTS, cardart.CARD_SIZES)
CARD_BACKS = ("lattice", "rings", "checks", "sunburst")
FELTS = ("green", "blue", "burgundy", "grey")
CARD_SIZES = ("small", "normal", "large")
#: the text size: the whole layout grows with it (game.ui.assets.TEXT_SIZES)
TEXT_SIZES = ("normal", "large", "largest")
#: the file is ~230 bytes
MAX_BYTES = 64 * 2**10


@dataclass
class Settings:
    language: str = "en"
    four_colour: bool = False
    animation: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    auto_draw: bool = False  # Runs: draw automatically when you cannot play
    gaps_timer: bool = True  # Gaps: the clock under the grid is shown (it runs either way)
    card_back: str = "lattice"
    felt: str = "green"
    card_size: str = "normal"
    # low vision (issue 51); a file written before these has neither and
    # loads with the defaults
    text_size: str = "normal"
    high_contrast: bool = False

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS.get(self.animation, 1.0)


#: the shape of each setting; a file may lack any (a default is used) and
#: may have keys this version does not know (they are ignored)
SHAPES: dict[str, Shape] = {
    "language": Text(10, choices=list(LANGUAGES)),
    "four_colour": Bool(),
    "animation": Text(10, choices=ANIMATION_SPEEDS),
    "sound": Bool(),
    "fullscreen": Bool(),
    "auto_draw": Bool(),
    "gaps_timer": Bool(),
    "card_back": Text(10, choices=CARD_BACKS),
    "felt": Text(10, choices=FELTS),
    "card_size": Text(10, choices=CARD_SIZES),
    "text_size": Text(10, choices=TEXT_SIZES),
    "high_contrast": Bool(),
}


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, list[Message]]:
    """Settings plus notices for the player about anything ignored.

    A damaged file is moved aside and the defaults are used.  A setting of
    the wrong type or value falls back to its default, the others are
    kept, and the file is moved aside too (the player's own file stays as
    it was; the next change writes a new one).
    """
    path = path or settings_path()
    result = load_json(path, SCHEMA, "settings", max_bytes=MAX_BYTES)
    notices = [result.problem] if result.problem else []
    s = Settings()
    bad = []
    for f in fields(Settings):
        if result.data and f.name in result.data:
            v = result.data[f.name]
            if problems(SHAPES[f.name], v):
                bad.append(f.name)
            else:
                setattr(s, f.name, v)
    if bad:
        aside = set_aside(path, msg("ui.file.why.settings_fields", fields=", ".join(bad)), kept="ui.file.kept_rest")
        notices += [aside.problem] if aside.problem else []
        if aside.moved_to is not None:
            # the settings kept are written at once (the notice says they
            # stay; the next start found no file and began in English with
            # every default)
            with contextlib.suppress(OSError):
                save_settings(s, path)
    return s, notices


def save_settings(settings: Settings, path: Path | None = None) -> None:
    save_versioned(path or settings_path(), SCHEMA, asdict(settings))
