"""Text as our renderer can draw it.

pygame's renderer (SDL_ttf) and pygame_gui's raise ``Text has zero width``
for a text made only of zero-width characters (U+200B, U+200C typed by
Persian keyboard layouts, U+202E, the soft hyphen...) and refuse a NUL;
the app stopped with that error when such a character was typed, pasted
or read from a file.  :func:`drawable` leaves out every character that
draws nothing or nothing meaningful with our fonts: control and format
characters, unassigned and private-use code points, surrogates, line and
paragraph separators, and characters beyond the Basic Multilingual Plane
(DejaVu Sans has none of the emoji; they drew as empty boxes).  Combining
marks stay: one alone draws (measured: 6 px wide at 16 px), and a typed
accent may come in its own event after its letter.  What a player typed
otherwise stays as it was.
"""

from __future__ import annotations

import os
import unicodedata

#: categories that draw nothing (or a box): control, format, surrogate,
#: private use, unassigned, line and paragraph separators
_LEFT_OUT = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def drawable(text: str) -> str:
    """``text`` without the characters our fonts cannot draw (see the
    module's text)."""
    if text.isascii() and text.isprintable():
        return text  # (nearly every label: no work)
    out: list[str] = []
    for ch in text:
        if ord(ch) > 0xFFFF:
            continue
        if unicodedata.category(ch) in _LEFT_OUT:
            continue
        out.append(ch)
    return "".join(out)


def path_text(path: object) -> str:
    """A file system path as words: bytes that are not UTF-8 (a folder
    named on another system) shown as � instead of the lone
    surrogates Python keeps them as, which no renderer takes."""
    return os.fsencode(str(path)).decode("utf-8", "replace")


__all__ = ["drawable", "path_text"]
