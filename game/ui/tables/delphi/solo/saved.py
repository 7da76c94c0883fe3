"""Delphi alone's saves: a round under way is kept with Delphi's saves,
its record naming "delphi-solo" (no game of the registry, so it is
replayed here, with the solo engine and its policy).

A record whose guesses carry their verdicts replays in a few
milliseconds.  One of before (plain ``guess <rule>``, every save made
before verdicts were recorded) judges each guess again as it replays,
and a guess that differs from God's rule only rarely takes a second or
more: 29 such guesses kept the window still for 34 s at the Continue list
(docs/reliability.md).  So the list reads such a record without judging
(:func:`~game.games.delphi.solo.replay_known`: what it shows needs no
example), and Resume replays it on a worker thread behind the kit's wait
screen (Cancel goes back); the round is then saved with its verdicts,
so this happens once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.match import Match, Seat
from game.engine.records import Record, RecordError
from game.engine.runner import GameRunner
from game.games.delphi.policy import SOLO_POLICY
from game.games.delphi.solo import GUESS, SOLO, SoloAction, replay_known, unjudged, with_verdicts
from game.i18n import current, msg, tr
from game.persistence.saves import set_aside_save
from game.ui.kit import table as kit
from game.ui.kit.wait import WaitScene, Worker
from game.ui.scene import AppServices
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.tables.delphi.solo_setup import again

#: Delphi's saves hold the solo rounds
GAME_ID = "delphi"


def is_solo(save: dict) -> bool:
    """Whether a save of Delphi's is a solo round."""
    record = save.get("record")
    return isinstance(record, dict) and record.get("game") == SOLO.id


def _match(runner: GameRunner, save: dict) -> Match[Any, Any, Any]:
    meta = save.get("table") if isinstance(save.get("table"), dict) else {}
    names = meta.get("names") if isinstance(meta, dict) else None
    name = str(names[0]) if isinstance(names, list) and names and isinstance(names[0], str) else tr("ui.human")
    return Match(runner, [Seat(name)], policy=SOLO_POLICY, meta=meta)


def replay_solo(save: dict, on_guess: Callable[[], None] | None = None) -> Match[Any, Any, Any]:
    """A saved solo round replayed in full (raises as
    :func:`~game.ui.kit.entry.replay_save` does); a guess without its
    verdict is judged, and gets it.  ``on_guess`` hears of each guess
    before it is played (the wait screen counts them)."""

    def read(i: int, text: str) -> SoloAction:
        a = SOLO.action_from_text(text)
        if a.kind == GUESS and on_guess is not None:
            on_guess()
        return a

    runner = GameRunner.replay(Record.from_json(save.get("record")), SOLO, read=read)
    with_verdicts(runner)
    return _match(runner, save)


def listed_solo(save: dict) -> Match[Any, Any, Any]:
    """A saved solo round as the Continue list reads it: at once, judging
    no guess the record answers itself (its turn, points at stake and
    wrong guesses are exact; where a wrong guess of before differs from
    God's rule is left out)."""
    return _match(replay_known(Record.from_json(save.get("record"))), save)


def resume_solo(app: AppServices, save: dict) -> str | None:
    """Continue a saved solo round; a readable problem when it does not
    replay (the save is moved aside, never deleted).  A record of before
    replays behind the wait screen."""
    try:
        actions = [SOLO.action_from_text(t) for t in Record.from_json(save.get("record")).actions]
    except (RecordError, ValueError, TypeError) as e:
        return _set_aside(save, e)
    old = unjudged(actions)
    if not old:
        try:
            match = replay_solo(save)
        except (RecordError, KeyError, ValueError, TypeError) as e:
            return _set_aside(save, e)
        _open(app, save, match)
        return None
    guesses, seen = sum(a.kind == GUESS for a in actions), [0]

    def counted() -> None:
        seen[0] += 1

    job: Worker[Match[Any, Any, Any]] = Worker(lambda: replay_solo(save, counted), "delphi-solo-replay", quiet=True)

    def lines() -> list[str]:
        return [tr("delphi.solo_ui.reading_more"), tr("delphi.solo_ui.reading_progress", k=max(1, seen[0]), n=guesses)]

    def finish() -> list[str] | None:
        if job.cancelled:
            return None
        if job.result is not None:
            _open(app, save, job.result)
            kit_table = app.scenes.top
            if isinstance(kit_table, SoloTable):
                kit_table.autosave()  # with its verdicts: the next Continue replays at once
            return None
        assert job.error is not None
        if not isinstance(job.error, (RecordError, KeyError, ValueError, TypeError)):
            raise job.error
        app.to_menu()
        app.toasts.show(_set_aside(save, job.error), "refuse", ttl=8)
        return None

    app.push(WaitScene(app, tr("delphi.solo_ui.reading"), job, lines, finish))
    return None


def _open(app: AppServices, save: dict, match: Match[Any, Any, Any]) -> None:
    kit.reopen(app, save, GAME_ID, match, lambda app_, m: SoloTable(app_, m, again=lambda: again(app_)))


def _set_aside(save: dict, e: Exception) -> str:
    return set_aside_save(GAME_ID, msg("ui.save.replay_failed", detail=str(e)), save).render(current())


__all__ = ["is_solo", "listed_solo", "replay_solo", "resume_solo"]
