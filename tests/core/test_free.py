"""Free play: counters with bounds, rounds, the countdown, the result."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.free import (
    GAME,
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    parse_counters,
)


def setup(**opts):
    return GAME.setup(("Ann", "Bob", "Cleo"), {"counters": "HP=20 0..40, score", **opts})


def run(state, *events):
    for e in events:
        state = GAME.apply(state, e)
    return state


def test_counter_spec():
    assert parse_counters("HP=20 0..40, mana=0 ..6, score") == (
        ("HP", 20, 0, 40),
        ("mana", 0, None, 6),
        ("score", 0, None, None),
    )
    assert parse_counters("gold 0..") == (("gold", 0, 0, None),)
    for bad in ("=3", "HP=x", "HP=1, hp=2"):
        with pytest.raises(Rejected):
            parse_counters(bad)


def test_bounds_are_refused_not_clamped():
    s = setup()
    with pytest.raises(Rejected, match="Ann's HP cannot go above 40"):
        GAME.apply(s, Adjust("HP", 0, 21))
    assert GAME.apply(s, Adjust("HP", 0, 20)).counters[0].value == 40
    with pytest.raises(Rejected, match="no 'mana'"):
        GAME.apply(s, Adjust("mana", 0, 1))
    with pytest.raises(Rejected, match="no player 9"):
        GAME.apply(s, Adjust("HP", 8, 1))


def test_shared_counters_and_adding_removing():
    s = GAME.setup(("Ann", "Bob"), {"counters": "", "shared": "deck=54 0.."})
    s = run(s, Adjust("deck", None, -4), AddCounter("gold", each=True, value=2))
    assert {(c.owner, c.name): c.value for c in s.counters} == {(None, "deck"): 50, (0, "gold"): 2, (1, "gold"): 2}
    with pytest.raises(Rejected, match="already have 'Gold'"):
        GAME.apply(s, AddCounter("Gold", owner=0))
    s = GAME.apply(s, RemoveCounter("gold", 1))
    assert GAME.view(s).rows[1].cells == ("", "")
    assert GAME.view(s).rows[2].label == "Table"


def test_rounds_and_the_round_countdown():
    s = setup(end_round=2)
    s = run(s, NextTurn(), NextTurn())
    assert (s.round, s.active) == (1, 2)
    assert GAME.view(s).status == "Last round: 2 (1 more after this)"
    s = run(s, NextTurn(), NextTurn(), NextTurn())
    assert (s.round, s.active, s.finished) == (2, 2, False)
    assert GAME.view(s).status == "Final round"
    s = GAME.apply(s, NextTurn())
    assert s.finished and GAME.view(s).finished
    with pytest.raises(Rejected, match="game is over"):
        GAME.apply(s, NextTurn())


def test_n_more_turns():
    s = run(setup(), NextTurn(), SetCountdown(more_turns=2))
    assert GAME.view(s).status == "2 turns left (ends after Cleo's turn)"
    s = run(s, NextTurn(), NextTurn())
    assert s.finished
    with pytest.raises(Rejected):
        GAME.apply(setup(), SetCountdown(end_round=3, more_turns=2))
    with pytest.raises(Rejected):
        GAME.apply(setup(), SetCountdown(more_turns=0))


def test_result_uses_the_score_counter_and_shares_ties():
    s = run(setup(), Adjust("score", 0, 5), Adjust("score", 2, 5), Finish())
    result = GAME.result(s)
    assert result.winners == ("Ann", "Cleo")
    assert GAME.result(setup()) is None


def test_descriptions_are_plain_words():
    s = setup()
    assert GAME.describe(s, Adjust("HP", 1, -7), GAME.apply(s, Adjust("HP", 1, -7))) == "Bob: HP -7 (20 → 13)"
    after = GAME.apply(s, NextTurn())
    assert GAME.describe(s, NextTurn(), after) == "Ann ends the turn; Bob is next"


def test_playtest_a_countdown_past_this_round_names_the_round_it_ends_in():
    """Playtest: Bob's turn, two players, `c 3`: "3 turns left (ends after Bob's turn)", though it is
    Bob's turn now and the game ends after his next one, in round 2."""
    s = run(GAME.setup(("Ann", "Bob"), {"counters": "score"}), NextTurn(), SetCountdown(more_turns=3))
    assert GAME.view(s).status == "3 turns left (ends after Bob's turn in round 2)"
    s = run(s, NextTurn())
    assert GAME.view(s).status == "2 turns left (ends after Bob's turn)"
