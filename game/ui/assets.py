"""Where bundled files live, fonts by size, and the pygame_gui theme.

Assets sit in the top-level ``assets/`` folder; in the packaged app
PyInstaller puts that folder under ``sys._MEIPASS``.  Fonts are DejaVu Sans
(it has ♠♥♦♣; pygame's default font does not), loaded by path.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame


def asset_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset(*parts: str) -> Path:
    return asset_root().joinpath(*parts)


FONT_REGULAR = "fonts/DejaVuSans.ttf"
FONT_BOLD = "fonts/DejaVuSans-Bold.ttf"


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at a pixel size (cached; sizes below 6 are raised to 6)."""
    return pygame.font.Font(str(asset(FONT_BOLD if bold else FONT_REGULAR)), max(6, int(size)))


# --- colours: one palette for the whole table ---------------------------------
FELT = (24, 92, 60)
FELT_DARK = (14, 62, 40)
FELT_LIGHT = (36, 118, 78)
INK = (244, 240, 226)  # text on felt
INK_DIM = (190, 208, 194)
GOLD = (232, 190, 84)
HIGHLIGHT = (255, 214, 92)  # legal targets, focus
REFUSE = (224, 86, 70)
PANEL = (10, 40, 28)
CARD_RED = (196, 30, 42)
CARD_BLACK = (24, 24, 28)
FOUR_COLOUR = {"S": (24, 24, 28), "H": (196, 30, 42), "D": (20, 86, 196), "C": (20, 130, 60)}


# --- the high-contrast look (issue 51, low vision) ----------------------------
# A plain black table, white text, white faces with a thick black edge and
# darker suit colours, a thick yellow focus ring with black edges.  Every
# text pair has at least WCAG's enhanced 7:1 (tests/ui/test_high_contrast.py
# computes them): the table's INK, INK_DIM, GOLD and HIGHLIGHT on this felt
# 11.9-18.4:1 (on green, GOLD had 4.5:1), the suit colours on the white
# paper 7.4-21:1 (the normal red 5.6:1 on its cream).
HC_FELT = (0, 0, 0)
HC_RED = (176, 0, 0)
HC_BLACK = (0, 0, 0)
HC_FOUR_COLOUR = {"S": (0, 0, 0), "H": (176, 0, 0), "D": (0, 0, 200), "C": (0, 100, 0)}
HC_FOCUS = (255, 230, 0)  # the focus ring: 16.6:1 on the black felt
HC_FOCUS_EDGE = (0, 0, 0)  # its edges, so it reads on a white card (21:1)

#: whether the high-contrast look is on (set by ``set_high_contrast``, as
#: the language is set in game.i18n)
_contrast = [False]


def set_high_contrast(on: bool) -> bool:
    """Draw the high-contrast look from now on (or not); True when this
    changed it (the caller drops the images drawn in the other look)."""
    changed = _contrast[0] != bool(on)
    _contrast[0] = bool(on)
    return changed


def high_contrast() -> bool:
    return _contrast[0]


#: the text size setting -> factor on the layout scale.  Text grows with
#: everything around it (buttons, bands, panels, line heights), so a window
#: laid out with factor ``f`` is laid out as a window ``f`` times smaller
#: is at normal size: the bound is the room the screens were made for, not
#: the window (at 800x500 the app draws on its 1024x640 surface, scale 0.8,
#: the same 1280x800 of layout room).  Measured with the text-fit check
#: (``python -m game textfit --text-size largest``, both languages): at 1.15
#: every screen fits at 800x500, 1280x800 and 1920x1080 (once the Gaps bar
#: let a long label take its width); at 1.2, 14 findings at 800x500 and 30
#: at the two others (the setup forms' footers, a Delphi seat button, the
#: Gaps bar), at 1.3, 87 at 800x500 alone.  Cards' indices grow more
#: (cardart: the large index).
TEXT_SIZES = {"normal": 1.0, "large": 1.1, "largest": 1.15}


def text_factor(name: str) -> float:
    """The factor of the text size setting ``name`` (1 for an unknown one)."""
    return TEXT_SIZES.get(name, 1.0)


def scale_for(size: tuple[int, int], text: float = 1.0) -> float:
    """Layout scale relative to the 1280×800 design size, times the text
    size factor ``text``."""
    w, h = size
    return max(0.5, min(w / 1280, h / 800)) * text


def theme(scale: float, contrast: bool = False) -> dict:
    """The pygame_gui theme for a window scale (in the high-contrast look
    with ``contrast``).  Fonts are set per element type: pygame_gui ignores
    a font in its "defaults" block."""
    regular, bold = str(asset(FONT_REGULAR)), str(asset(FONT_BOLD))

    def f(size: float) -> dict:
        return {
            "name": "dejavu",
            "size": str(max(9, round(size * scale))),
            "regular_path": regular,
            "bold_path": bold,
            "italic_path": regular,
            "bold_italic_path": bold,
        }

    colours = {
        "normal_bg": "#1d5c3f",
        "hovered_bg": "#2a7852",
        "disabled_bg": "#203a2e",
        "selected_bg": "#c89b3c",
        "active_bg": "#c89b3c",
        "dark_bg": "#0e3321",
        "normal_text": "#f4f0e2",
        "hovered_text": "#ffffff",
        "disabled_text": "#7f9487",
        "selected_text": "#1b1b1b",
        "active_text": "#1b1b1b",
        "normal_border": "#e8be54",
        "hovered_border": "#ffd65c",
        "disabled_border": "#3f5a4b",
        "selected_border": "#ffd65c",
        "active_border": "#ffd65c",
        "link_text": "#ffd65c",
        "link_hover": "#ffffff",
        "link_selected": "#ffffff",
        "filled_bar": "#e8be54",
        "unfilled_bar": "#203a2e",
        "text_cursor": "#ffffff",
    }
    shape = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(max(4, round(8 * scale))),
        "border_width": "2",
        "shadow_width": "0",
    }
    primary = {**colours, "normal_bg": "#c89b3c", "normal_text": "#1b1b1b", "hovered_bg": "#e0b450", "hovered_text": "#000000"}
    if contrast:
        # black buttons with white text and a white edge; hovered, selected
        # and pressed ones turn yellow with black text; a primary one is
        # white.  Disabled text is grey at 8.0:1 on black (WCAG asks nothing
        # of disabled controls; it stays readable anyway)
        colours = {
            **colours,
            "normal_bg": "#000000", "hovered_bg": "#ffe600", "disabled_bg": "#000000",
            "selected_bg": "#ffe600", "active_bg": "#ffe600", "dark_bg": "#000000",
            "normal_text": "#ffffff", "hovered_text": "#000000", "disabled_text": "#a0a0a0",
            "selected_text": "#000000", "active_text": "#000000",
            "normal_border": "#ffffff", "hovered_border": "#ffe600", "disabled_border": "#707070",
            "selected_border": "#ffffff", "active_border": "#ffffff",
            "link_text": "#ffe600", "link_hover": "#ffffff", "link_selected": "#ffffff",
            "filled_bar": "#ffe600", "unfilled_bar": "#404040", "text_cursor": "#ffe600",
        }
        shape = {**shape, "border_width": str(max(3, round(3 * scale)))}
        primary = {**colours, "normal_bg": "#ffffff", "normal_text": "#000000", "normal_border": "#ffe600"}
    dark = colours["dark_bg"] if contrast else "#0e3321"
    t = {
        "button": {"colours": colours, "font": f(18), "misc": shape},
        "label": {"colours": {**colours, "normal_text": colours["normal_text"]}, "font": f(18)},
        "text_box": {"colours": {**colours, "dark_bg": dark}, "font": f(17), "misc": {"padding": "12,10"}},
        "text_entry_box": {"colours": {**colours, "dark_bg": dark}, "font": f(17), "misc": {"padding": "10,8"}},
        "text_entry_line": {"colours": {**colours, "dark_bg": dark}, "font": f(18), "misc": shape},
        "panel": {"colours": {**colours, "dark_bg": "#000000" if contrast else "#0b2b1d"}, "misc": shape},
        # a tooltip's box grows with its font above scale 1: in pygame_gui's
        # 170 px the German tooltip of the high-contrast switch stood 956 px
        # tall at 1920x1080 with the largest text, out of the window
        "tool_tip": {"colours": colours, "font": f(15), "misc": {"rect_width": str(round(170 * max(1.0, scale)))}},
        "vertical_scroll_bar": {"colours": colours},
        "#title": {"font": f(44), "colours": {"normal_text": colours["normal_text"]}},
        "#heading": {"font": f(28), "colours": {"normal_text": colours["normal_text"]}},
        "#small": {"font": f(14)},
        "#big_button": {"font": f(22)},
        "#primary": {"colours": primary},
    }
    # pygame_gui resolves ids like "#title" only on elements that use them;
    # give each id block the element fonts too so text never falls back to Noto.
    return t


@lru_cache(maxsize=1)
def app_icon() -> pygame.Surface | None:
    p = asset("icon.png")
    if p.is_file():
        try:
            return pygame.image.load(str(p))
        except pygame.error:
            return None
    return None
