"""The command-line tools, the catalogs and the rules texts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game import i18n
from game.__main__ import main
from game.engine import IllegalAction
from game.games.runs import GAME, NOTATION


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_sim_prints_one_json_object(capsys):
    code, out, err = run(capsys, "sim", "runs", "--players", "3", "--bots", "strong,simple,random",
                         "--games", "6", "--seed", "5", "--rounds", "5", "--samples", "10", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["games"] == 6 and d["players"] == 3 and d["bots"] == ["strong", "simple", "random"]
    assert len(d["seats"]) == 3 and {"mean_score", "win_share"} <= set(d["seats"][0])
    assert abs(sum(s["win_share"] for s in d["seats"]) - 1) < 2e-4  # each rounded to 4 places (ties share)
    assert set(d["by_bot"]) == {"strong", "simple", "random"}
    assert d["rounds_played"] == 30 and d["mean_turns_per_round"] > 0
    assert isinstance(d["seconds"], float) and "strong-simple" in d["mean_score_difference"]
    assert d["by_bot"]["strong"]["latency_cpu_choices"]["decisions"] > 0
    assert err == ""  # no progress bar when stderr is not a terminal


def test_sim_refuses_bad_arguments(capsys):
    assert run(capsys, "sim", "runs", "--bots", "strong,clever", "--json")[0] == 2
    assert run(capsys, "sim", "runs", "--players", "2", "--rounds", "3", "--json")[0] == 2
    assert run(capsys, "sim", "runs", "--players", "7", "--json")[0] == 2


def test_sim_is_reproducible(capsys):
    args = ("sim", "runs", "--players", "2", "--bots", "simple,random", "--games", "4", "--seed", "9", "--json")
    a = json.loads(run(capsys, *args)[1])
    b = json.loads(run(capsys, *args)[1])
    assert a["seats"] == b["seats"] and a["mean_turns_per_round"] == b["mean_turns_per_round"]


def test_position_tool(capsys):
    s = GAME.new_game({"players": 2, "dealer": 0}, 3)
    code, out, _ = run(capsys, "position", "runs", NOTATION.format(s), "--json")
    assert code == 0
    d = json.loads(out)
    assert d["turn"] == 1 and len(d["legal"]) == 7 and d["pile"] == 38 and d["chain_dead"] is False
    assert run(capsys, "position", "runs", "p=2 nonsense", "--json")[0] == 2


def test_catalogs_have_every_key_the_engine_uses_in_both_languages():
    en, de = i18n.catalog("en"), i18n.catalog("de")
    ours = {k for k in en if k.startswith("runs.")}
    assert ours == {k for k in de if k.startswith("runs.")}
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(Path("game/games/runs").glob("*.py")))
    used = set(re.findall(r'"(runs\.[a-z_.]+)"', source))
    used |= {f"runs.suit.{s}" for s in "SHDC"} | {f"runs.place.{k}" for k in (1, 2, 3)}
    used |= {f"runs.round.{r}" for r in ("out", "blocked")}
    missing = {k for k in used if k not in en} | {k for k in used if k not in de}
    assert not missing


def test_every_message_of_random_games_renders(monkeypatch):
    rng = random.Random(4)
    seen = set()
    for g in range(60):
        # every third game with the house rule "new run"
        s = GAME.new_game({"players": 2 + g % 5, "rounds": 0, "new_run": g % 3 == 0}, g)
        msgs = []
        while GAME.outcome(s) is None:
            legal = GAME.legal_actions(s)
            a = rng.choice(legal)
            msgs.append(GAME.describe_action(s, a))
            if s.phase == "play":
                wrong = [b for b in (GAME.action_from_text("draw"), GAME.action_from_text("pass")) if b not in legal]
                for b in wrong:
                    with pytest.raises(IllegalAction) as refused:
                        GAME.apply(s, b)
                    msgs.append(refused.value.reason)
            s = GAME.apply(s, a)
            if s.phase == "break":
                msgs.append(GAME.describe_round(s.history[-1]))
                if len(s.history) > 1:
                    s = GAME.apply(s, GAME.action_from_text("stop"))
        msgs.append(GAME.outcome(s).reason)
        for m in msgs:
            seen.add(m.key)
            for lang in ("en", "de"):
                text = m.render(lang)
                assert text != m.key and "{" not in text, (m.key, lang, text)
    assert {"runs.log.play", "runs.log.draw", "runs.err.must_play_not_draw", "runs.round.blocked"} <= seen
    assert {"runs.log.play_closes", "runs.log.play_new", "runs.log.play_new_closed"} <= seen


def test_rules_texts_exist_and_name_the_other_title():
    en = i18n.rules_text("runs", "en")
    de = i18n.rules_text("runs", "de")
    assert en and de and en != de
    assert "Mind the Gap" in en and "Mind the Gap" in de
    for text in (en, de):
        assert text.startswith("# Runs")
        assert "15" in text and "10" in text and "5" in text
