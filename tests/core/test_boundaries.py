"""The boundaries the mutation runs found untested: a free-play counter exactly at its minimum,
maximum and the ±1,000,000 limit, a counter whose minimum is its maximum, a typed number with
leading zeros, the final tally a free-play table may still make after the end, the last seat, the
round under way named as the last and one more turn as the shortest countdown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected
from companion.games.free import AddCounter, Adjust, Finish, NextTurn, SetCountdown, SetValue
from companion.games.free.game import GAME
from companion.games.free.state import FreeState
from companion.numbers import LIMIT, whole


def table(low: int | None = None, high: int | None = None, value: int = 0) -> FreeState:
    state = GAME.setup(("Ann", "Bob"), {})
    return GAME.apply(state, AddCounter("HP", 0, value, low, high))


def hp(state: FreeState) -> int:
    return next(c.value for c in state.counters if c.name == "HP" and c.owner == 0)


def test_exactly_the_minimum_and_maximum_are_accepted_one_past_is_refused() -> None:
    state = table(0, 10, 5)
    assert hp(GAME.apply(state, Adjust("HP", 0, -5))) == 0
    assert hp(GAME.apply(state, Adjust("HP", 0, 5))) == 10
    with pytest.raises(Rejected, match="cannot go below 0"):
        GAME.apply(state, Adjust("HP", 0, -6))
    with pytest.raises(Rejected, match="cannot go above 10"):
        GAME.apply(state, Adjust("HP", 0, 6))


def test_exactly_the_limit_either_way_is_accepted_one_past_is_refused() -> None:
    state = table()
    assert hp(GAME.apply(state, SetValue("HP", 0, LIMIT))) == 1_000_000
    assert hp(GAME.apply(state, SetValue("HP", 0, -LIMIT))) == -1_000_000
    for past in (LIMIT + 1, -LIMIT - 1):
        with pytest.raises(Rejected, match="Counters stay between -1,000,000 and 1,000,000"):
            GAME.apply(state, SetValue("HP", 0, past))
    assert hp(table(value=LIMIT)) == LIMIT, "a counter may start at the limit"
    with pytest.raises(Rejected, match="Counters stay between"):
        table(value=-LIMIT - 1)


def test_a_counter_whose_minimum_is_its_maximum_holds_that_value_only() -> None:
    state = table(3, 3, 3)
    assert hp(state) == 3
    for delta in (1, -1):
        with pytest.raises(Rejected):
            GAME.apply(state, Adjust("HP", 0, delta))
    with pytest.raises(Rejected, match="already 3"):
        GAME.apply(state, SetValue("HP", 0, 3))
    with pytest.raises(Rejected, match="The minimum 4 is above the maximum 3"):
        table(4, 3, 3)


@settings(max_examples=60)
@given(st.integers(-LIMIT - 5, LIMIT + 5), st.integers(0, 6))
def test_leading_zeros_are_the_same_number(n: int, zeros: int) -> None:
    text = ("-" if n < 0 else "") + "0" * zeros + str(abs(n))
    if -LIMIT <= n <= LIMIT:
        assert whole(text) == n
    else:
        with pytest.raises(Rejected, match="between -1,000,000 and 1,000,000"):
            whole(text)


def test_leading_zeros_at_the_edges() -> None:
    assert whole("007") == 7 and whole("+0012") == 12 and whole("0000") == 0 and whole("-0") == 0
    assert whole("0001000000") == LIMIT, "zeros in front do not count towards the length"
    assert whole("05", "The seat", 1, 5) == 5
    with pytest.raises(Rejected, match="between 1 and 5"):
        whole("06", "The seat", 1, 5)


def test_after_the_end_only_the_final_tally_changes() -> None:
    state = GAME.apply(table(0, None, 4), Finish())
    assert state.finished
    tallied = GAME.apply(GAME.apply(state, Adjust("HP", 0, 3)), SetValue("HP", 0, 9))
    assert hp(tallied) == 9 and tallied.finished, "the score is counted up after the end"
    assert GAME.result(tallied) is not None
    for late in (NextTurn(), AddCounter("mana", 0, 1), Finish()):
        with pytest.raises(Rejected):
            GAME.apply(tallied, late)


def test_the_last_seat_is_a_player_one_past_it_is_refused() -> None:
    state = GAME.setup(("Ann", "Bob"), {"counters": "HP=5"})
    assert GAME.apply(state, Adjust("HP", 1, 1)).counters[1].value == 6
    with pytest.raises(Rejected, match=r"^There is no player 3\.$"):
        GAME.apply(state, Adjust("HP", 2, 1))


def test_the_round_under_way_may_be_the_last_an_earlier_one_is_refused() -> None:
    state = GAME.apply(GAME.apply(table(), NextTurn()), NextTurn())
    assert state.round == 2
    last = GAME.apply(state, SetCountdown(end_round=2))
    assert GAME.view(last).status == "Final round"
    assert GAME.apply(GAME.apply(last, NextTurn()), NextTurn()).finished
    with pytest.raises(Rejected, match=r"^Round 2 is already under way; the last round must be later\.$"):
        GAME.apply(state, SetCountdown(end_round=1))


def test_one_more_turn_is_the_shortest_countdown() -> None:
    state = GAME.apply(table(), SetCountdown(more_turns=1))
    assert not state.finished and GAME.apply(state, NextTurn()).finished
    with pytest.raises(Rejected, match=r"^The number of turns left must be at least 1\.$"):
        GAME.apply(table(), SetCountdown(more_turns=0))
