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
from screens.table_screen import TableScreen
from tests.fuzz.machine import machine_for


@pytest.fixture(params=[*(g.id for g in all_games()), "coin"])
def game(request: pytest.FixtureRequest) -> Game[Any]:
    if request.param == "coin":
        request.getfixturevalue("fifth_game")
    return get_game(request.param)


def screen_class(game: Game[Any]) -> type[TableScreen]:
    module, _, name = game.screen.partition(":")
    cls: type[TableScreen] = getattr(import_module(module), name)
    return cls


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


def test_no_game_screen_decides_what_is_legal(game: Game[Any]) -> None:
    cls = screen_class(game)
    for base in cls.__mro__:
        if base is TableScreen:
            break
        assert "check_action" not in vars(base), f"{base.__name__} overrides check_action"
        assert "why_not" not in vars(base), f"{base.__name__} overrides why_not"
