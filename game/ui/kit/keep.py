"""Saving and counting a game: one protocol for every table, solo rounds
included.

After every move the kit hands the move's statistics folds to
:func:`settle`, which

1. counts them, **once**: the statistics file remembers what it holds (a
   game's own id, :attr:`~game.engine.match.Match.instance`, and its
   number of moves when it, or a round of it, was counted), and the key
   goes into the file with the same write as the folds, so whatever fails
   afterwards (a save that cannot be removed, an app that is killed), the
   same game is never counted twice when its save is opened again;
2. then keeps the save: autosaved while the game runs; a finished game's
   save is removed once its statistics are written, and kept, marked
   ``uncounted``, when they could not be (a full disk): the save goes
   only once the game is safely counted.

Opening such a kept save (:func:`count_kept`) counts it then; a mark on
a game that is not over (a copied or hand-edited file) is ignored, and
the player is told.

A file that cannot be written is said once per session, by the app.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.core import Message
from game.engine.dates import today
from game.engine.match import Fold, Match
from game.i18n import msg
from game.persistence.history import result_line
from game.persistence.saves import count_once, delete_save, delete_save_named, write_save
from game.ui.scene import AppServices

#: says a message to the player: (what, whether it is a problem)
Tell = Callable[[Message, bool], None]


def toasts(app: AppServices) -> Tell:
    """Tell through the app's notices (where no table is on screen to
    hold the message)."""
    return lambda message, problem: app.toasts.show(message.render(app.settings.language), "refuse" if problem else "info", ttl=8 if problem else 6)


def count_key(match: Match[Any, Any, Any]) -> str:
    """What the statistics remember of the folds due now: the game's id
    and its moves (a Delphi game counts each round apart, at its own move)."""
    return f"{match.instance}:{len(match.actions)}"


def result_of(match: Match[Any, Any, Any]) -> dict | None:
    """The line a finished game adds to its game's history (the
    statistics' pictures), on the day it is counted; None while it runs
    (a Delphi round counted on its own adds none)."""
    return result_line(match.outcome if match.over else None, match.people(), today())


def count(app: AppServices, match: Match[Any, Any, Any], game_id: str, folds: Sequence[Fold], tell: Tell) -> bool:
    """Write ``folds`` (all of one moment, in one write) into ``game_id``'s
    statistics, unless they hold them already.  True when the statistics
    hold them now; False when the file could not be written (the app says
    so)."""
    return _write(app, match, game_id, folds, tell) is not None


def _write(app: AppServices, match: Match[Any, Any, Any], game_id: str, folds: Sequence[Fold], tell: Tell) -> bool | None:
    """:func:`count`: True when counted now, False when they were held
    already (or there was nothing to count), None when not written."""
    if not folds:
        return False
    try:
        new, problem = count_once(game_id, count_key(match), lambda stats: [fold(stats) for fold in folds], result_of(match))
    except OSError as e:
        app.write_failed("stats", e)
        return None
    if problem is not None:  # a bad file, moved aside; this game counts anew
        tell(problem, True)
    return new


def autosave(app: AppServices, match: Match[Any, Any, Any], game_id: str) -> None:
    """Keep a game under way for Continue (a finished one is settled)."""
    if match.over:
        return
    try:
        write_save(game_id, match.record().to_json(), match.save_meta())
    except OSError as e:
        app.write_failed("save", e)


def settle(app: AppServices, match: Match[Any, Any, Any], game_id: str, folds: Sequence[Fold], tell: Tell, *, keeps_save: bool = True) -> bool:
    """After a move: its statistics ``folds`` counted once, then the save:
    kept for Continue while the game runs; removed once a finished game is
    counted; kept marked ``uncounted`` while it could not be.  True when
    the folds are in the statistics."""
    counted = count(app, match, game_id, folds, tell)
    if not keeps_save:
        return counted
    if not match.over:
        autosave(app, match, game_id)
    elif counted:
        _remove(app, match, game_id)
    else:
        # the save goes only once the statistics are safely written: on a
        # full disk a finished deal was lost with them
        try:
            write_save(game_id, match.record().to_json(), match.save_meta(), uncounted=True)
            tell(msg("ui.save.kept_uncounted"), False)
        except OSError as e:
            app.write_failed("save", e)
    return counted


def count_kept(app: AppServices, match: Match[Any, Any, Any], game_id: str, tell: Tell, file: str | None = None) -> None:
    """A save opened with the ``uncounted`` mark (the file ``file``): its
    finished game is counted now (once: a game counted before adds nothing)
    and only then the save goes.  On a game under way the mark is a mistake of the file
    (copied, edited): the game goes on, nothing is counted or removed."""
    if not match.over:
        tell(msg("ui.save.uncounted_not_over"), True)
        with contextlib.suppress(OSError):  # (the next move's save drops the mark in any case)
            write_save(game_id, match.record().to_json(), match.save_meta())
        return
    new = _write(app, match, game_id, match.recount(), tell)
    if new is None:
        return  # still kept, still marked: the next opening tries again
    if new:
        tell(msg("ui.save.counted_now"), False)
    _remove(app, match, game_id, file)


def _remove(app: AppServices, match: Match[Any, Any, Any], game_id: str, file: str | None = None) -> None:
    """The save of a counted game goes: the file it was opened from, else
    the one of its setup."""
    try:
        if file is not None:
            delete_save_named(file)
        else:
            delete_save(game_id, match.record().to_json(), match.save_meta())
    except OSError as e:
        app.write_failed("save", e, "ui.save.delete_failed")


__all__ = ["Tell", "autosave", "count", "count_kept", "count_key", "settle", "toasts"]
