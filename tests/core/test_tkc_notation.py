"""What players type at The King Commands table: players, outcomes, menus, discards."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.tkc.notation import (
    parse_choice,
    parse_discard,
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
    [
        ("1", ("sword", 1)),
        ("3", ("sword", 3)),
        ("4", ("shield", 1)),
        ("5", ("relic", 1)),
        ("2 swords", ("sword", 2)),
        ("shield", ("shield", 1)),
        ("gold", ("gold", 1)),
        # The relics by name are relics (draw 5), not cards the menu does not know.
        ("crown", ("relic", 1)),
        ("excalibur", ("relic", 1)),
        ("x", ("relic", 1)),
        ("ball", ("relic", 1)),
        ("crystal ball", ("relic", 1)),
        ("relic", ("relic", 1)),
    ],
)
def test_discard_menu(text, parsed):
    assert parse_discard(text) == parsed
