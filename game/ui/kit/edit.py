"""What a text field holds, as a value, with no pygame: the text, the
cursor and the other end of a selection (:class:`Edit`), the edits a
person makes, and :func:`fit`, what of a typed or pasted text goes in.

Every typed text of the app goes through :func:`fit` before it reaches a
field (:mod:`game.ui.kit.textfield`): line ends made one kind, the
characters the field cannot take left out, and the rest cut to the room
the field's limit leaves.  The work it does is bounded by the room, not
by the paste: a paste of a million characters into a name field looks at
a few hundred of them (the field's own text is at most its limit long, so
an edit costs time in proportion to the limit at most).

>>> e = Edit("red black").to(4).to(9, select=True)
>>> e.selected
'black'
>>> e.put("odd").text
'red odd'
>>> fit("one\\r\\ntwo\\rthree", 9, lines=True)
('one\\ntwo\\nt', True)
>>> fit("one\\ntwo", 20, lines=False)
('one two', False)
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.i18n.plain import drawable

#: characters of a paste looked at for each character of room: a paste
#: that is mostly characters the fonts cannot draw still fills the room,
#: and a paste of any length costs at most this much per character kept
SCAN_FACTOR = 8
#: and at least this many (a small room after a paste of emoji)
SCAN_LEAST = 4096


@dataclass(frozen=True)
class Edit:
    """A field's text, its cursor (0 to ``len(text)``) and the selection's
    other end (``anchor``; the same as ``cursor``: nothing selected)."""

    text: str = ""
    cursor: int = 0
    anchor: int = 0

    @classmethod
    def of(cls, text: str) -> Edit:
        """``text`` with the cursor at its end."""
        return cls(text, len(text), len(text))

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.cursor, self.anchor), max(self.cursor, self.anchor)

    @property
    def selected(self) -> str:
        lo, hi = self.selection
        return self.text[lo:hi]

    def room(self, limit: int) -> int:
        """Characters that may still go in (the selection is replaced)."""
        lo, hi = self.selection
        return max(0, limit - (len(self.text) - (hi - lo)))

    # --- edits ---------------------------------------------------------------------------------
    def put(self, words: str) -> Edit:
        """``words`` in place of the selection (or at the cursor)."""
        lo, hi = self.selection
        at = lo + len(words)
        return Edit(self.text[:lo] + words + self.text[hi:], at, at)

    def to(self, i: int, select: bool = False) -> Edit:
        """The cursor at ``i``; ``select`` keeps the selection's other end."""
        i = max(0, min(len(self.text), i))
        return replace(self, cursor=i, anchor=self.anchor if select else i)

    def back(self, word: bool = False) -> Edit:
        """Backspace: the selection, or the character (``word``: the word)
        before the cursor."""
        if self.cursor != self.anchor:
            return self.put("")
        start = self.word_left(self.cursor) if word else max(0, self.cursor - 1)
        return Edit(self.text[:start] + self.text[self.cursor :], start, start)

    def delete(self, word: bool = False) -> Edit:
        """Delete: the selection, or the character (``word``: the word)
        after the cursor."""
        if self.cursor != self.anchor:
            return self.put("")
        end = self.word_right(self.cursor) if word else min(len(self.text), self.cursor + 1)
        return Edit(self.text[: self.cursor] + self.text[end:], self.cursor, self.cursor)

    def all(self) -> Edit:
        return Edit(self.text, len(self.text), 0)

    def word_at(self, i: int) -> Edit:
        """The word around ``i`` selected (a double click)."""
        t = self.text
        lo = hi = max(0, min(len(t), i))
        while lo > 0 and not t[lo - 1].isspace():
            lo -= 1
        while hi < len(t) and not t[hi].isspace():
            hi += 1
        return Edit(t, hi, lo)

    # --- where words are -----------------------------------------------------------------------
    def word_left(self, i: int) -> int:
        """The start of the word before ``i`` (Ctrl+Left)."""
        t = self.text
        while i > 0 and t[i - 1].isspace():
            i -= 1
        while i > 0 and not t[i - 1].isspace():
            i -= 1
        return i

    def word_right(self, i: int) -> int:
        """The end of the word after ``i`` (Ctrl+Right)."""
        t = self.text
        while i < len(t) and t[i].isspace():
            i += 1
        while i < len(t) and not t[i].isspace():
            i += 1
        return i


Advance = Callable[[str], int]


@dataclass(frozen=True)
class Rows:
    """Where a field's text is on screen: each row's start and end
    (indices into the text; a row ends before its line break), given how
    far each character moves the pen (``advance``, in pixels).

    >>> rows = Rows.wrapped("red after black\\nodd", 10 * 6, lambda ch: 10)
    >>> [rows.text[a:b] for a, b in rows.spans]
    ['red ', 'after ', 'black', 'odd']
    >>> rows.of(4), rows.of(16), rows.x(1, 6, lambda ch: 10), rows.nearest(1, 26, lambda ch: 10)
    (1, 3, 20, 7)
    """

    text: str
    spans: tuple[tuple[int, int], ...]

    @classmethod
    def one(cls, text: str) -> Rows:
        return cls(text, ((0, len(text)),))

    @classmethod
    def wrapped(cls, text: str, width: int, advance: Advance) -> Rows:
        """``text`` in rows at most ``width`` wide: broken after a space
        where a row has one, else inside the word; a line break starts a
        row, and spaces may hang past the width."""
        spans: list[tuple[int, int]] = []
        start = 0
        while True:
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            i, x, brk = start, 0, -1
            for j in range(start, end):
                ch = text[j]
                w = advance(ch)
                if x + w > width and j > i and ch != " ":
                    cut = brk if brk > i else j
                    spans.append((i, cut))
                    x = sum(advance(c) for c in text[cut:j])
                    i, brk = cut, -1
                x += w
                if ch == " ":
                    brk = j + 1
            spans.append((i, end))
            if end >= len(text):
                return cls(text, tuple(spans))
            start = end + 1

    def of(self, i: int) -> int:
        """The row the index ``i`` is on (where a row wraps: the later one)."""
        return max(0, bisect.bisect_right([a for a, _ in self.spans], i) - 1)

    def x(self, r: int, i: int, advance: Advance) -> int:
        """How far into row ``r`` the index ``i`` is."""
        return sum(advance(c) for c in self.text[self.spans[r][0] : i])

    def nearest(self, r: int, x: int, advance: Advance) -> int:
        """The index of row ``r`` nearest ``x`` from the row's start."""
        start, end = self.spans[r]
        at = 0
        for j in range(start, end):
            w = advance(self.text[j])
            if x < at + w / 2:
                return j
            at += w
        return end


def line_ends(text: str, lines: bool) -> str:
    """Every line end (``\\r\\n``, ``\\r``, ``\\n``) as ``\\n`` in a field of
    lines, as a space in a field of one line; a tab is a space."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    return text if lines else text.replace("\n", " ")


def keep_drawable(text: str) -> str:
    """What our fonts draw of ``text``, its line breaks kept."""
    return "\n".join(drawable(part) for part in text.split("\n"))


def fit(text: str, room: int, *, lines: bool, clean: Callable[[str], str] = keep_drawable) -> tuple[str, bool]:
    """What of ``text`` goes into a field with ``room`` characters left,
    and whether some of it was left out for want of room.  ``clean``
    leaves out what the field cannot take (by default what our fonts
    cannot draw); it sees the text in pieces, after :func:`line_ends`.
    At most ``SCAN_FACTOR`` characters a character of room are looked at
    (at least ``SCAN_LEAST``): what lies beyond is left out, and said."""
    room = max(0, room)
    step = max(room, 64)
    scan = max(SCAN_LEAST, SCAN_FACTOR * room)
    kept: list[str] = []
    n = i = 0
    left_out = False
    while i < len(text):
        if n >= room or i >= scan:
            # (the rest may hold nothing the field takes; looking would
            # cost as much as the paste is long)
            left_out = True
            break
        end = i + step
        if text[end - 1 : end] == "\r":  # (a \r\n is not split between two pieces)
            end += 1
        piece = clean(line_ends(text[i:end], lines))
        if len(piece) > room - n:
            piece, left_out = piece[: room - n], True
        kept.append(piece)
        n += len(piece)
        i = end
    return "".join(kept), left_out


__all__ = ["SCAN_FACTOR", "SCAN_LEAST", "Advance", "Edit", "Rows", "fit", "keep_drawable", "line_ends"]
