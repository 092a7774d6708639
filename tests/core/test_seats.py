"""The shared seat helpers in the core: who a player typed, the next seat, the end of a game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import GAME_OVER, Rejected, next_seat, parse_seat, refuse_when_over

TABLE = ("Ann", "Anna", "Bob", "7")


@pytest.mark.parametrize(
    ("typed", "seat"),
    [("Ann", 0), ("ann", 0), (" ANNA ", 1), ("b", 2), ("Bo", 2), ("7", 3), ("1", 0), ("#2", 1), ("3", 2)],
)
def test_exact_name_then_unique_prefix_then_seat_number(typed, seat):
    assert parse_seat(typed, TABLE) == seat


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("An", "'An' could be Ann or Anna: type more of the name."),
        ("Zed", "There is no player 'Zed': type a name (Ann, Anna, Bob, 7) or a seat number 1–4."),
        ("", "Type a player: a name (Ann, Anna, Bob, 7) or a seat number 1–4."),
        ("  ", "Type a player: a name"),
        ("5", "There is no player '5'"),
        ("0", "There is no player '0'"),
        ("²", "There is no player '²'"),
    ],
)
def test_refusals_say_what_to_type(typed, reason):
    with pytest.raises(Rejected) as refused:
        parse_seat(typed, TABLE)
    assert refused.value.reason.startswith(reason)


@given(
    st.lists(
        st.text(min_size=1, max_size=6).map(str.strip).filter(bool), min_size=1, max_size=8, unique_by=str.casefold
    )
)
def test_every_players_own_name_finds_their_seat(names):
    for seat, name in enumerate(names):
        assert parse_seat(name, names) == seat


def test_next_seat_goes_round_and_says_when_a_round_starts():
    assert next_seat(0, 3) == (1, False)
    assert next_seat(2, 3) == (0, True)
    assert next_seat(0, 3, first=1) == (1, True)
    assert [next_seat(s, 4, first=2)[1] for s in range(4)] == [False, True, False, False]


def test_a_game_over_refuses_with_the_shared_reason():
    refuse_when_over(False)
    with pytest.raises(Rejected, match="The game is over; undo to go back"):
        refuse_when_over(True)
    with pytest.raises(Rejected) as refused:
        refuse_when_over(True, "The race is won.")
    assert refused.value.reason == "The race is won." != GAME_OVER


@pytest.mark.parametrize("module", ["companion.games.mm5.notation", "companion.games.tkc.notation"])
def test_every_games_notation_reads_seats_the_same_way(module):
    from importlib import import_module

    read = import_module(module).parse_seat
    assert read("Ann", ("Ann", "Anna")) == 0
    assert read("Anna", ("Ann", "Anna")) == 1
    with pytest.raises(Rejected, match="could be Ann or Anna"):
        read("An", ("Ann", "Anna"))
