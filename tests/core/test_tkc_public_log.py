"""Secrecy that holds in practice (issue 26): with the terse public log (a table option, on by
default) the log the table reads says who attacked whom and how it ended, never the swords that
went to a score pile, so nobody can add the scores up; the final count reveals the whole log.
Also the winner in words, the end forecast and the warning for a defender with no cards."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.cli import main
from companion.games.tkc import GAME
from companion.games.tkc.events import Attack, Draw, StartDraw
from companion.games.tkc.view import forecast, turns_left
from tests.core.test_tkc_secrecy import TURNS, R
from tests.serve.midgame import finished

SWORDS = ("red", "blue", "green", "yellow", "Excalibur", "Thrust", "Poke", "Power Chop")


def fold(options=None, events=TURNS):
    s = GAME.setup(("Ann", "Bob"), options or {})
    texts = []
    for e in events:
        after = GAME.apply(s, e)
        texts.append((e, GAME.describe(s, e, after)))
        s = after
    return s, texts


def test_the_terse_log_is_on_by_default_and_names_no_card():
    s, texts = fold()
    assert s.terse_log
    public = [GAME.public_text(s, e, text) for e, text in texts]
    assert "Ann attacks Bob: hit, a gold bag" in public
    assert "Bob attacks Ann: blocked" in public
    assert "Ann attacks Bob: parried" in public
    for line in public:
        assert not any(word in line for word in SWORDS), line
    recorded = [text for _, text in texts]
    assert "Ann's Thrust (red red) hits Bob; Bob gives a gold bag" in recorded, "the full line is kept"


def test_the_final_count_reveals_the_whole_log():
    s, texts = fold()
    over = replace(s, step="over")
    assert [GAME.public_text(over, e, text) for e, text in texts] == [text for _, text in texts]


@pytest.mark.parametrize("options", [{"terse_log": False}, {"open_scoring": True}])
def test_without_the_terse_log_or_with_open_scoring_the_log_is_whole(options):
    s, texts = fold(options)
    assert [GAME.public_text(s, e, text) for e, text in texts] == [text for _, text in texts]


def test_a_hit_without_gold_is_just_a_hit():
    s, _ = fold()
    assert GAME.public_text(s, Attack(0, 1, (R,), "hit"), "Ann's Poke (red) hits Bob") == "Ann attacks Bob: hit"


def test_an_unfinished_export_is_terse_and_a_finished_one_whole(db_path, repo, capsys, tmp_path):
    loaded = repo.create(GAME, "Secret", ("Ann", "Bob"), {})
    sid, tl = loaded.info.id, loaded.timeline
    for e in TURNS:
        after = tl.record(e)
        repo.record(sid, tl, after)
        tl = after
    assert main(["--db", str(db_path), "sessions", "export", str(sid), "--format", "md"]) == 0
    md = capsys.readouterr().out
    assert "Ann attacks Bob: hit, a gold bag" in md and "Thrust" not in md
    assert main(["--db", str(db_path), "sessions", "export", str(sid), "--format", "json"]) == 0
    texts = [e["text"] for e in json.loads(capsys.readouterr().out)["events"]]
    assert "Ann attacks Bob: hit, a gold bag" in texts
    events, _ = finished("tkc")
    done = repo.create(GAME, "Counted", ("Ann", "Bob"), {})
    tl = done.timeline
    for e in events:
        after = tl.record(e)
        repo.record(done.info.id, tl, after)
        tl = after
    for fmt in ("md", "json"):
        assert main(["--db", str(db_path), "sessions", "export", str(done.info.id), "--format", fmt]) == 0
        whole = capsys.readouterr().out
        assert "Ann's Thrust (red red) hits Bob" in whole and "Ann attacks Bob:" not in whole, fmt


def test_the_winner_is_named_in_words():
    s, _ = fold()
    over = replace(s, step="over", piles=((19, 0, 0, 0, 0, 0), (17, 1, 0, 0, 0, 0)))
    assert GAME.view(over).status.startswith("The game is over: Ann and Bob share the win with 19 · Draw pile ")
    assert dict(GAME.headline(over))["Winner"] == "Ann and Bob share the win with 19"
    three = replace(
        GAME.setup(("Ann", "Bob", "Cleo"), {}),
        step="over",
        piles=((5,) + (0,) * 5,) * 3,
        confirmed=(False,) * 3,
        hands=(0, 0, 0),
    )
    assert "Ann, Bob and Cleo share the win with 5 · Draw pile" in GAME.view(three).status
    alone = replace(over, piles=((20, 0, 0, 0, 0, 0), (19, 0, 0, 0, 0, 0)))
    assert GAME.result(alone).reasoning.startswith("Ann wins with 20.")
    assert "The app's tally: Ann, Bob" not in GAME.result(over).reasoning


def test_the_end_forecast_counts_turns_from_the_draw_pile():
    s = GAME.apply(GAME.setup(("Ann", "Bob", "Cleo"), {}), StartDraw((5, 0, 0)))
    s = replace(s, draw_pile=5)
    assert turns_left(s) == 3 + 3, "3 turns draw the last 5 cards (2, 2, 1), then one more each"
    s = GAME.apply(s, Draw())
    assert turns_left(s) == 1 + 2 + 3, "this turn, 2 that draw, 3 of the final round"
    assert "at most 6" in forecast(s)
    assert "Turns left: at most 6" in GAME.panel(s)[0]
    last = GAME.apply(replace(s, draw_pile=2, step="draw"), Draw())
    assert last.final_left == 3 and turns_left(last) == 4
    assert forecast(last) == "Turns left: 4 (final round)"


def test_a_defender_with_no_cards_is_warned_of():
    s = GAME.apply(GAME.apply(GAME.setup(("Ann", "Bob"), {}), StartDraw((5, 0))), Draw())
    assert not any("holds no cards" in line for line in GAME.panel(s))
    s = replace(s, hands=(8, 0))
    assert "Bob holds no cards: an attack on Bob can only hit, and takes no gold bag." in GAME.panel(s)
    assert ("Holds no cards", "Bob") in GAME.headline(s)
