"""The frame the display pushes: built from the games' public hooks for any registered game,
with every player's row, the newest action in words, the winners at the end, and no secret."""

from __future__ import annotations

import json
import re

import pytest

from companion.core import Result
from companion.games.free import Adjust, Finish
from companion.games.tkc.events import NextTurn
from companion.store.repo import Repository
from companion.web.display import encoded, frame
from tests.core.test_tkc_secrecy import PILE_WORDS
from tests.serve.midgame import (
    GAMES,
    PLAYERS,
    SPELL_NOTE,
    finished,
    mm5_countdown,
    record,
    skd_deciding,
    store,
    tkc_final_round,
)


def loaded(db_path, session_id):  # type: ignore[no-untyped-def]
    repo = Repository.reader(db_path)
    try:
        return repo.load(session_id)
    finally:
        repo.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_mid_game_has_every_player_and_the_newest_action(db_path, game_id):
    sid = store(db_path, game_id)
    data = frame(loaded(db_path, sid))
    labels = [row["label"] for row in data["rows"]]
    assert set(PLAYERS[game_id]) <= set(labels)
    assert all(len(row["cells"]) == len(data["columns"]) for row in data["rows"])
    assert data["newest"] and data["action"] == len(loaded(db_path, sid).timeline.entries)
    assert not data["finished"] and data["winners"] == [] and data["problems"] == []
    assert json.loads(encoded(data)) == data and "\n" not in encoded(data), "one event line"


def test_the_game_specific_part_comes_from_the_hooks(db_path):
    skd = frame(loaded(db_path, store(db_path, "skd")))
    assert dict(skd["headline"])["HP"] == "7/10" and dict(skd["headline"])["Mana"] == "1/3"
    assert any("runs out" in line for line in skd["panel"]), "the deck forecast"
    race = "Race: Slime falls in 2 turns at one card a turn; the deck runs out in 11 turns: Slime falls first"
    assert race in skd["panel"] and dict(skd["headline"])["Race"] == "Slime falls first", "issue 25: the race"
    deciding = dict(frame(loaded(db_path, store(db_path, "skd", "deciding", skd_deciding())))["headline"])
    assert deciding["⚠ Deciding turn"].startswith("this turn must heal 1, or the normal battle ends"), deciding
    mm5 = frame(loaded(db_path, store(db_path, "mm5")))
    assert dict(mm5["headline"])["Battle"].startswith("Ann against Bob")


def test_mm5_shows_the_battles_lineups_the_attackers_exact_chance_and_the_countdown(db_path):
    mid = frame(loaded(db_path, store(db_path, "mm5")))
    battle = mid["panel"]
    assert "attacker Ann: #2 Orc P 2/3 M 0/2, #3 Dark Mage P 1/3 M 3/4" in battle
    assert "defender Bob: #1 Warrior P 3/4 M 1/2" in battle
    chance = [m[1] for line in battle if (m := re.match(r"Attacker's chance (\d+\.\d%) \(exact", line))]
    assert chance, battle
    # The chance is a headline figure too (a 40 px tile on a TV), the same as the panel's words.
    assert dict(mid["headline"])["Attacker's chance"] == chance[0]
    ending = frame(loaded(db_path, store(db_path, "mm5", "ending", mm5_countdown())))
    assert "END COUNTDOWN: 6 turns left, the game ends after Bob's turn in round 3" in ending["panel"]
    assert dict(ending["headline"])["Turns left"] == "6"


def test_tkc_shows_the_draw_pile_and_the_final_rounds_order(db_path):
    data = frame(loaded(db_path, store(db_path, "tkc", "last round", tkc_final_round())))
    headline = dict(data["headline"])
    assert headline["Draw pile"] == "0" and headline["Turns left"] == "2"
    assert headline["Final round"] == "Ann, then Bob", "who still plays, in order"


@pytest.mark.parametrize("game_id", GAMES)
def test_game_over_names_the_winners_in_every_game(db_path, game_id):
    events, winners = finished(game_id)
    data = frame(loaded(db_path, store(db_path, game_id, "the end", events)))
    assert data["finished"] and data["winners"] == list(winners), data["winners"]
    assert data["reasoning"], "why they won (or why nobody did)"


def test_tkc_a_shared_win_is_said_in_those_words(db_path):
    """Issue 26: "The app's tally: Ann, Bob." read as if both had won; the display says so."""
    events, _ = finished("tkc")
    data = frame(loaded(db_path, store(db_path, "tkc", "the end", events)))
    assert (
        data["status"]
        == "The game is over: Ann and Bob share the win with 10 · Draw pile 0 · discard 0 · gold unseen 11/12"
    )
    assert data["reasoning"].startswith("Ann and Bob share the win with 10.")
    assert dict(data["headline"])["Winner"] == "Ann and Bob share the win with 10"


def test_secrets_never_reach_the_frame(db_path):
    mm5 = encoded(frame(loaded(db_path, store(db_path, "mm5"))))
    assert SPELL_NOTE not in mm5 and "Zorvath" not in mm5, "a face-down spell's note"
    assert "face-down spell" in mm5, "that it was laid is public"
    tkc = frame(loaded(db_path, store(db_path, "tkc")))
    assert tkc["columns"] == ["Hand"]
    assert not PILE_WORDS.search(encoded(tkc)), "nothing tells what is in whose score pile"


def test_the_newest_action_on_the_display_is_the_terse_public_log(db_path):
    """The session ends on a blocked Power Chop: the display says who attacked whom and how it
    ended, as the table screen's log does, never the swords and shields that went to score piles."""
    sid = store(db_path, "tkc")
    assert frame(loaded(db_path, sid))["newest"] == "Ann attacks Bob: blocked"
    record(db_path, sid, NextTurn())
    assert frame(loaded(db_path, sid))["newest"] == "Ann ends the turn; Bob is next", "other actions in full"
    open_sid = store(db_path, "tkc", "open", options={"terse_log": False})
    assert "Power Chop (green green green)" in frame(loaded(db_path, open_sid))["newest"], "the table's choice"


def test_game_over_names_the_winner(db_path):
    repo = Repository.open(db_path)
    from companion.games import get_game

    made = repo.create(get_game("free"), "Quiz", ("Ann", "雪菜"), {"counters": "score=0 0.."})
    repo.close()
    sid = made.info.id
    record(db_path, sid, Adjust("score", 1, 5))
    record(db_path, sid, Finish())
    data = frame(loaded(db_path, sid))
    assert data["finished"] and data["winners"] == ["雪菜"] and "Highest score: 5" in data["reasoning"]


def test_a_failing_hook_says_so_and_the_rest_shows(db_path, monkeypatch):
    sid = store(db_path, "free")
    got = loaded(db_path, sid)
    game = type(got.timeline.game)

    def broken(self, state):  # type: ignore[no-untyped-def]
        raise ValueError("no luck")

    monkeypatch.setattr(game, "headline", broken)
    monkeypatch.setattr(game, "result", lambda self, state: Result(("Ann",)))
    data = frame(got)
    assert data["problems"] == ["headline unavailable: no luck"] and len(data["rows"]) == 3
    assert data["winners"] == ["Ann"] and data["finished"]


def test_a_fifth_game_needs_nothing_in_the_display(db_path, monkeypatch):
    import companion.games
    from tests.contract.coin_race import GAME, PATH, Flip, Pass

    monkeypatch.setattr(companion.games, "REGISTERED", (*companion.games.REGISTERED, PATH))  # as tests/contract does
    repo = Repository.open(db_path)
    made = repo.create(GAME, "Lunch", ("Ann", "Bob"), {"goal": 2})
    tl = made.timeline
    for event in (Flip(True), Pass()):
        after = tl.record(event)
        repo.record(made.info.id, tl, after)
        tl = after
    mid = frame(repo.load(made.info.id))
    assert [row["label"] for row in mid["rows"]][:2] == ["Ann", "Bob"] and mid["newest"] and not mid["finished"]
    repo.record(made.info.id, tl, tl.record(Flip(True)))
    end = frame(repo.load(made.info.id))
    repo.close()
    assert end["finished"] and end["winners"] == ["Ann"] and end["newest"] == "Ann throws heads and wins the race"


def test_the_heading_names_the_game_once_and_the_last_change_is_local(db_path, tokyo):
    from companion.stats import when, zone

    sid = store(db_path, "tkc", title="The King Commands 2026-12-02")
    info = loaded(db_path, sid).info
    data = frame(loaded(db_path, sid))
    assert data["heading"] == "The King Commands 2026-12-02"
    assert data["last_change"] == f"{when(info.updated)} ({zone()})" and zone() == "JST"
    assert data["updated"] == info.updated and info.updated.endswith("+00:00"), "the store keeps UTC"
    other = frame(loaded(db_path, store(db_path, "tkc", title="Friday")))
    assert other["heading"] == "The King Commands · Friday"


def test_free_play_shows_its_countdown_in_the_headline(db_path):
    """The countdown is a tile (read from 3 m as every counter), not only the status line."""
    from companion.games.free import SetCountdown

    by_round = frame(loaded(db_path, store(db_path, "free")))  # mid-game: the last round is 5
    assert dict(by_round["headline"]) == {"Last round": "5"}
    sid = store(db_path, "free", "by turns")
    record(db_path, sid, SetCountdown(None, 3))
    assert dict(frame(loaded(db_path, sid))["headline"]) == {"Turns left": "3"}
    record(db_path, sid, SetCountdown(None, None))
    assert frame(loaded(db_path, sid))["headline"] == [], "no countdown, no tile"
    events, _ = finished("free")
    assert frame(loaded(db_path, store(db_path, "free", "the end", events)))["headline"] == []
