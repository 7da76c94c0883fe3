"""What every table says to a screen reader, once for all games.

- **The tree.**  A table describes itself as the window with its regions
  first (the grid, the pyramid, a hand, a line: its speech module's
  ``regions``, built from the same layout rects its painters use), then its
  notes as labels, then its buttons.  The focus is the focused button, else
  the card under the game's keyboard cursor (the module's ``focus``).
- **Tab between regions.**  Tab and Shift+Tab go round the regions and the
  buttons in that order; entering a region puts the game's cursor on it
  (the module's ``enter``), and the arrows move within it as they always did.
- **Announcements.**  Every move, by people and computers, in the game's
  own log words with cards named in full (:func:`game.ui.a11y.words.spoken`);
  whose turn it is when it changes; every note the table writes (refusals
  assertive, the rest polite), but a note for one seat only while that
  seat holds the device: one said while another seat has it waits, and
  goes unsaid when the device moves on without it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.core import Message
from game.engine.match import Moved, Step
from game.engine.registry import info
from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, State, Tree
from game.ui.a11y.words import spoken
from game.ui.kit.model import Note, Tone

#: a table (game.ui.kit.table.TableScene; not imported: the table imports this)
Table = Any


class Voice:
    """A table's announcements: what is waiting for its seat, and whose
    turn was said last (a turn is said when it changes hands)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pending: list[Note] = []
        self.turn_said: int | None = None

    def say(self, text: str, *, assertive: bool = False) -> None:
        if text:
            self.table.app.announce(text, assertive=assertive)

    def words(self, text: Message | str) -> str:
        return spoken(self.table._named(text) if isinstance(text, Message) else text, self.table.lang)

    # --- notes ----------------------------------------------------------------------------
    def note(self, note: Note) -> None:
        """A note was written on the table: said now when its seat (or
        everyone) may read it, else kept until that seat has the device."""
        if note.seat is None or note.seat == self.table.viewer:
            self.say(self.words(note.text), assertive=note.tone is Tone.REFUSE)
        else:
            self.pending.append(note)

    def handed_to(self, seat: int | None) -> None:
        """The device went to ``seat``: its notes still on the table are said."""
        waiting, self.pending = self.pending, []
        shown = {n.text for n in self.table.model.notes.items}
        for n in waiting:
            if n.seat == seat and n.text in shown:
                self.say(self.words(n.text), assertive=n.tone is Tone.REFUSE)

    # --- moves and turns ------------------------------------------------------------------
    def moved(self, moved: Moved) -> None:
        """Every move, in the game's log words (its table may say more or
        otherwise: ``speak_move``)."""
        self.say(self.table.speak_move(moved))
        self.turn_said = moved.seat

    def turn(self, step: Step) -> None:
        """A person is to act: their name when the turn changed hands at a
        table of more than one seat."""
        t = self.table
        if step.seat is None or t.players < 2 or step.seat == self.turn_said:
            return
        self.turn_said = step.seat
        self.say(tr("a11y.turn", player=t.seat_name(step.seat)))


def move_words(table: Table, moved: Moved) -> str:
    """The move as the table's log says it, cards named in full."""
    return spoken(table.match.describe(moved.before, moved.action), table.lang)


def last_move(table: Table) -> str:
    """ "Last: …", the log's newest line, for a table's summary (F2); ""
    before the first move."""
    log = table.match.log()
    if not (table.match.actions and log):
        return ""
    return tr("a11y.last", table.lang, what=spoken(log[-1].message, table.lang))


def title(table: Table) -> str:
    try:
        return info(table.game_id).name(table.lang)
    except KeyError:
        return table.game_id


def tree(table: Table, base: Tree) -> Tree:
    """The kit's tree of a table: its regions, its notes, its buttons."""
    notes = tuple(Node(f"note:{i}", Role.LABEL, spoken(table._named(n.text) if isinstance(n.text, Message) else n.text, table.lang)) for i, n in enumerate(table.model.shown_notes()))
    regions = tuple(with_states(r, table.lang) for r in table.a11y_regions())
    focus = base.focus if base.focus is not None or table.reader is None else table.reader.focus(table)
    if focus is None and table.a11y_region is not None:
        # a region entered with no card under its cursor (a run, a main
        # line, a pyramid with nothing to take back): the region itself
        # has the focus, so Tab is heard and not silent
        focus = table.a11y_region
    return Tree(replace(base.root, name=table.a11y_title(), children=(*regions, *notes, *base.root.children)), focus)


#: the states AT-SPI has no state for, said after a card's place
SAID_STATES = (State.PLAYABLE, State.NEW)


def with_states(node: Node, lang: str) -> Node:
    """``node`` and its children with "playable" and "new" said in their
    descriptions ("row 2, column 5; playable"): a reader hears a card's
    selected and disabled states, but has none for these."""
    children = tuple(with_states(c, lang) for c in node.children)
    said = [tr(f"a11y.state.{st.value}", lang) for st in SAID_STATES if st in node.states]
    description = "; ".join(x for x in (node.description, *said) if x)
    if children == node.children and description == node.description:
        return node
    return replace(node, children=children, description=description)


def cycle(table: Table, backward: bool) -> bool:
    """Tab or Shift+Tab over the regions, then the buttons.  True when it
    moved (False: the table has no regions, the buttons' own Tab goes)."""
    regions = [n.key for n in table.a11y_regions() if n.children]
    if not regions:
        return False
    buttons = [table._keys.get(b) for b in table._focusables if b.alive() and b.is_enabled]
    ring: list[tuple[str, Any]] = [("region", r) for r in regions] + [("button", k) for k in buttons]
    cur = table.focused()
    if cur is not None:
        at = ring.index(("button", table._keys.get(cur)))
    elif table.a11y_region is not None and ("region", table.a11y_region) in ring:
        at = ring.index(("region", table.a11y_region))
    else:
        at = -1 if not backward else len(ring)
    kind, key = ring[(at + (-1 if backward else 1)) % len(ring)]
    if kind == "button":
        table.a11y_region = None
        table.focus_key(key)
    else:
        table.drop_focus()
        table.a11y_region = key
        table.reader.enter(table, key)
    return True


__all__ = ["SAID_STATES", "Voice", "cycle", "last_move", "move_words", "title", "tree", "with_states"]
