"""Delphi alone's table besides its match, with no pygame: the guess being
typed (the match's :class:`~game.games.delphi.policy.SoloMeta`, so a save
keeps it across Menu and Continue) and the words the table shows, made
from the person's view: the title, the header's facts, and the band of
verdicts (the last card's, a wrong guess's, what to do now; at the end
the result and God's rule).

A guess that is being judged is the table's (a worker thread and the
wait screen over the table); the refusals are the kit's notes."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.core import Outcome
from game.engine.match import Match, meta_of
from game.games.delphi.library import rule_in_words
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.policy import SoloMeta, notebook_page
from game.games.delphi.solo import GUESS, OVER, PLAY, TURNS, WRONG_GUESS, SoloAction, SoloGuess, SoloState, SoloView, difference_message, solo_score
from game.i18n import msg, render, tr
from game.ui.kit.model import TableModel

SoloMatch = Match[SoloState, SoloAction, SoloView]
#: the kit's table model for a solo round's state, actions and view
SoloTableModel = TableModel[SoloState, SoloAction, SoloView]

#: how a line of the verdict band is coloured (the painter's palette)
RIGHT, WRONG, RESULT, PLAIN, PROMPT = "right", "wrong", "result", "plain", "prompt"


@dataclass(frozen=True)
class Said:
    """A line of the verdict band and its tone (one of the names above)."""

    words: str
    tone: str


class SoloModel(SoloTableModel):
    """The solo round's model: the guess being typed, which is the match's
    (a save keeps it), and whether the end has been shown (its buttons
    come after the celebration of a solved round, which a click skips)."""

    def __init__(self, match: SoloMatch) -> None:
        super().__init__(match)
        self.result_shown = False
        #: the notebook beside the main line is open (the Notes button)
        self.notebook_open = True

    @property
    def meta(self) -> SoloMeta:
        return meta_of(self.match, SoloMeta)

    @property
    def guess(self) -> str:
        """The guess being typed (Menu and Continue bring it back)."""
        return self.meta.guess

    @guess.setter
    def guess(self, text: str) -> None:
        # never longer than a rule text may be: a save allows 5,000
        # characters here, and a longer guess made the round unreadable
        self.match.meta = replace(self.meta, guess=text[:MAX_RULE_TEXT])

    # --- the notebook: one page, the person's (the people's table's field reads it so) ---------
    def note(self, seat: int) -> str:
        return self.meta.notes

    def write_note(self, seat: int, text: str) -> None:
        self.match.meta = replace(self.meta, notes=notebook_page(text))


def title_of(v: SoloView, lang: str | None = None) -> str:
    """"Delphi alone", or today's rule with its date."""
    return tr("delphi.solo_ui.title_daily", lang, date=v.daily) if v.daily else tr("delphi.solo_ui.title", lang)


def progress(v: SoloView, lang: str | None = None) -> list[str]:
    """A round under way: the turn, the points at stake, the wrong guesses
    (the table's header and the Continue list)."""
    turn = v.turn if v.phase == GUESS else v.turn + 1
    stake = solo_score(turn, v.wrong_guesses)
    return [tr("delphi.solo_ui.turn", lang, n=turn, of=TURNS), tr("delphi.solo_ui.stake", lang, n=stake), tr("delphi.solo_ui.wrong", lang, n=v.wrong_guesses)]


def facts(v: SoloView, lang: str | None = None) -> list[str]:
    """The header's facts: the round so far, or how it went once over."""
    if v.phase == OVER:
        return [tr("delphi.solo_ui.turns_played", lang, n=v.turn, of=TURNS), tr("delphi.solo_ui.wrong", lang, n=v.wrong_guesses)]
    return [*progress(v, lang), tr("delphi.solo_ui.deck", lang, n=v.deck_size)]


def shown_example(v: SoloView) -> SoloGuess | None:
    """The wrong guess of this turn whose example the table shows in cards
    (None when there is none: no guess yet this turn, a right one, the
    round over, or a guess whose example was not worked out)."""
    last = v.guesses[-1] if v.guesses else None
    if last is None or last.correct or last.turn != v.turn or last.example is None or v.phase == OVER:
        return None
    return last


def verdict_lines(v: SoloView, outcome: Outcome | None, lang: str) -> tuple[Said, ...]:
    """What the band over the guess row says, most important first: the
    last card's verdict, a wrong guess's with where the rules differ, what
    to do now; once the round is over, how it ended and God's rule in the
    words of ``lang``."""
    if v.phase == OVER:
        out = [Said(render(outcome.reason, lang), RESULT)] if outcome is not None and outcome.reason is not None else []
        if v.rule:
            out.append(Said(tr("delphi.solo_ui.rule_was", lang, rule=rule_in_words(v.rule, lang)), PLAIN))
        return tuple(out)
    out = []
    if v.plays:
        card, right = v.plays[-1]
        said = msg("delphi.solo_ui.right" if right else "delphi.solo_ui.wrong_card", card=card)
        out.append(Said(render(said, lang), RIGHT if right else WRONG))
    last = v.guesses[-1] if v.guesses else None
    if last is not None and not last.correct and last.turn == v.turn:
        words = tr("delphi.solo_ui.wrong_guess", lang, cost=WRONG_GUESS)
        if last.example is not None:
            words += " " + render(difference_message(last.example), lang)
        out.append(Said(words, WRONG))
    prompt = {PLAY: "delphi.solo_ui.play_prompt", GUESS: "delphi.solo_ui.guess_prompt"}.get(v.phase)
    if prompt is not None:
        out.append(Said(tr(prompt, lang), PROMPT))
    return tuple(out)


__all__ = ["PLAIN", "PROMPT", "RESULT", "RIGHT", "WRONG", "Said", "SoloMatch", "SoloModel", "facts", "progress", "shown_example", "title_of", "verdict_lines"]
