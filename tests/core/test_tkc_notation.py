"""What players type at The King Commands table: players, outcomes, menus, discards."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.tkc.cards import DEFAULT_COLOURS, EXCALIBUR
from companion.games.tkc.notation import (
    parse_attack,
    parse_choice,
    parse_discard,
    parse_outcome,
    parse_seat,
)

PLAYERS = ("Ann", "Anton", "Bob")


def test_players_by_seat_name_or_unique_start():
    assert parse_seat("3", PLAYERS) == 2
    assert parse_seat("ann", PLAYERS) == 0
    assert parse_seat("ant", PLAYERS) == 1
    with pytest.raises(Rejected, match="could be Ann or Anton"):
        parse_seat("an", PLAYERS)
    with pytest.raises(Rejected, match="no player 'Zed'"):
        parse_seat("Zed", PLAYERS)


def test_attack_entry_is_defender_then_cards():
    assert parse_attack("bob rrb", PLAYERS, DEFAULT_COLOURS) == (2, ("red", "red", "blue"))
    assert parse_attack("2 x", PLAYERS, DEFAULT_COLOURS) == (1, (EXCALIBUR,))
    with pytest.raises(Rejected, match="defender, then the cards"):
        parse_attack("bob", PLAYERS, DEFAULT_COLOURS)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("h", ("hit", (), False)), ("hit gold", ("hit", (), True)), ("b x", ("block", (EXCALIBUR,), False)),
     ("p g g", ("parry", ("green", "green"), False)), ("block r", ("block", ("red",), False))],
)
def test_outcomes(text, parsed):
    assert parse_outcome(text, DEFAULT_COLOURS) == parsed


@pytest.mark.parametrize("text", ["", "dodge", "h r"])
def test_bad_outcomes(text):
    with pytest.raises(Rejected):
        parse_outcome(text, DEFAULT_COLOURS)


def test_menu_choices_by_number_or_word():
    keys = ("lay-down", "attention", "fear", "aid", "abdication")
    assert parse_choice("3 Bob g", keys) == ("fear", "Bob g")
    assert parse_choice("abd", keys) == ("abdication", "")
    with pytest.raises(Rejected, match="Choose 1–5"):
        parse_choice("a", keys)
    with pytest.raises(Rejected, match="Choose 1–5"):
        parse_choice("6", keys)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("1", ("sword", 1)), ("3", ("sword", 3)), ("4", ("shield", 1)), ("5", ("relic", 1)),
     ("2 swords", ("sword", 2)), ("shield", ("shield", 1)), ("gold", ("gold", 1))],
)
def test_discard_menu(text, parsed):
    assert parse_discard(text) == parsed
