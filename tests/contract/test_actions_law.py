"""The actions hook: one source of what may be done now, for every registered game and the fifth.

The fuzz law (tests/fuzz/machine.py) plays each game with legal and illegal events and checks
after every step that an event whose families are all closed was refused; here it runs on the
coin race too, registered through the registry only. Each family names a key of the game's
screen, and no game screen decides what is legal itself.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from companion.core import Game
from companion.games import all_games, get_game
from screens.table_keys import table_class
from screens.table_screen import TableScreen
from tests.fuzz.machine import machine_for


@pytest.fixture(params=[*(g.id for g in all_games()), "coin"])
def game(request: pytest.FixtureRequest) -> Game[Any]:
    if request.param == "coin":
        request.getfixturevalue("fifth_game")
    return get_game(request.param)


def screen_class(game: Game[Any]) -> type[TableScreen]:
    return table_class(game)


def test_the_fuzz_law_holds_for_every_game(game: Game[Any]) -> None:
    machine = machine_for(game.id)
    machine.TestCase.settings = settings(
        max_examples=60,
        stateful_step_count=15,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


def test_every_family_is_a_key_of_the_games_screen(game: Game[Any]) -> None:
    state = game.setup(("Ann", "Bob", "Cleo")[: max(game.min_players, 2)], {})
    keys = {c.action.partition("(")[0] for c in screen_class(game).ACTIONS}
    families = game.actions(state)
    assert families, "a game offers at least its next-turn family"
    assert {a.name for a in families} <= keys


def test_every_key_the_game_declares_runs_one_of_its_families(game: Game[Any]) -> None:
    """Keys are declared once, beside the actions: each names a family the actions hook gives
    (open or closed), so the footer, the palette and the dead-key reasons all come from it."""
    state = game.setup(("Ann", "Bob", "Cleo")[: max(game.min_players, 2)], {})
    families = {a.name for a in game.actions(state)}
    assert {k.name.partition("(")[0] for k in game.keys if k.screen is None} <= families
    assert len({k.key for k in game.keys}) == len(game.keys), "one key, one command"
    for key in game.keys:
        assert (key.opens, key.reads, key.screen) != (None, None, None), f"{key.key!r} opens nothing"


def test_a_game_screen_adds_panels_and_no_keys(game: Game[Any]) -> None:
    """Every key is the game's declared Key or the frame's: a game screen has no action methods
    or key handling of its own, and each key that moves the screen names a real function."""
    cls = screen_class(game)
    for base in cls.__mro__[1:]:
        if base is TableScreen:
            break
        own = [name for name in vars(base) if name.startswith(("action_", "_handle_key", "on_key"))]
        assert not own, f"{base.__name__} keeps keys of its own: {own}"
    for key in game.keys:
        if key.screen is not None:
            module, _, name = key.screen.partition(":")
            assert callable(getattr(import_module(module), name)), key


def test_no_game_screen_decides_what_is_legal(game: Game[Any]) -> None:
    cls = screen_class(game)
    for base in cls.__mro__:
        if base is TableScreen:
            break
        assert "check_action" not in vars(base), f"{base.__name__} overrides check_action"
        assert "why_not" not in vars(base), f"{base.__name__} overrides why_not"


def test_a_phone_opens_what_the_table_key_opens(game: Game[Any]) -> None:
    """One builder per family: a seat's button for a key is the key's own `build`, the one the
    table's screen runs; keys that only move the table's screen are not on the phones."""
    from companion.seat_openers import of_key

    for key in game.keys:
        opener = of_key(key)
        if key.screen is not None or not key.phone:
            assert opener is None, key
            continue
        assert opener is not None and opener.build == key.build, key
        assert opener.title == key.title
