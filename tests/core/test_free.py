"""Free play: counters with bounds, rounds, the countdown, the result."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.core import Event, Rejected
from companion.games.free import (
    GAME,
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    SetValue,
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


@dataclass(frozen=True)
class Shuffle(Event):
    """An action free play does not have (another game's, or a newer Companion's)."""

    kind = "shuffle"


def refusal(state, event) -> str:
    with pytest.raises(Rejected) as refused:
        GAME.apply(state, event)
    return str(refused.value)


def test_each_refusal_names_whose_counter_and_what_to_do():
    s = setup()
    shared = GAME.setup(("Ann", "Bob"), {"counters": "", "shared": "deck=54 0.."})
    cases = [
        (s, Adjust("HP", 1, 0), "Bob's HP: +0 changes nothing; type the amount to add or take."),
        (s, SetValue("HP", 2, 20), "Cleo's HP is already 20."),
        (shared, Adjust("deck", None, 0), "The table's deck: +0 changes nothing; type the amount to add or take."),
        (shared, RemoveCounter("gold", None), "The table's counters have no 'gold'."),
        (s, AddCounter("  ", owner=0), "A counter needs a name."),
        (s, AddCounter("hp", owner=1), "Bob's counters already have 'hp'."),
        (s, AddCounter("mana", 0, value=-1, low=0), "Starting mana cannot go below 0 (it would be -1)."),
        (s, SetCountdown(end_round=3, more_turns=2), "Choose a last round or a number of turns, not both."),
        (s, SetCountdown(more_turns=0), "The number of turns left must be at least 1."),
        (s, Shuffle(), "Free play has no action 'shuffle'."),
    ]
    for state, event, words in cases:
        assert refusal(state, event) == words, event
        assert GAME.apply(state, NextTurn()).turns == state.turns + 1, "the refused state still plays on"


def test_a_counter_for_one_player_is_that_players_alone():
    s = GAME.apply(setup(), AddCounter("mana", owner=1, value=3))
    assert [(c.owner, c.value) for c in s.counters if c.name == "mana"] == [(1, 3)]


def test_a_last_round_set_at_the_table_ends_the_game_after_it():
    s = GAME.apply(setup(), SetCountdown(end_round=2))
    assert s.end_round == 2 and GAME.view(s).status == "Last round: 2 (1 more after this)"
    s = run(s, *[NextTurn()] * 5)
    assert (s.round, s.finished) == (2, False)
    assert GAME.apply(s, NextTurn()).finished


def test_a_countdown_with_neither_clears_it():
    s = run(setup(), SetCountdown(more_turns=2), SetCountdown())
    assert (s.end_round, s.end_turn) == (None, None)
    assert not run(s, *[NextTurn()] * 4).finished
