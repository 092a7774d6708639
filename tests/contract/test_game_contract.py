"""The Game contract (companion.core.Game), checked on every registered game and the fifth."""

from __future__ import annotations

import argparse
import inspect
from importlib import import_module
from typing import Any

import pytest

from companion.core import Event, Game, GameBase, Result, TableView, decode, encode
from companion.games import all_games, get_game

CONTRACT = sorted(
    {*Game.__annotations__, *(n for n, v in vars(Game).items() if inspect.isfunction(v) and not n.startswith("_"))}
)


def players(game: Game[Any]) -> tuple[str, ...]:
    return ("Ann", "Bob", "Cleo")[: max(game.min_players, min(3, game.max_players))]


@pytest.fixture(params=[*(g.id for g in all_games()), "coin"])
def game(request: pytest.FixtureRequest) -> Game[Any]:
    """Every registered game, and the coin race registered for the test (tests/contract/conftest.py)."""
    if request.param == "coin":
        request.getfixturevalue("fifth_game")
    return get_game(request.param)


def test_the_contract_names_every_hook() -> None:
    assert {"rules_phase", "state_version", "cooperative", "headline", "panel", "commands", "rules_phases"} <= set(
        CONTRACT
    )


def test_a_game_has_every_part_of_the_contract(game: Game[Any]) -> None:
    assert isinstance(game, GameBase)
    missing = [name for name in CONTRACT if not hasattr(game, name)]
    assert not missing, f"{game.id} lacks {missing}"
    assert game.id.isidentifier() and game.id == game.id.lower()
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.state_version, int) and game.state_version >= 1
    assert isinstance(game.cooperative, bool)
    module, _, name = game.screen.partition(":")
    assert module and name


def test_a_game_missing_a_required_method_cannot_be_made() -> None:
    class Half(GameBase[Any]):
        id = "half"

        def setup(self, players, options):  # type: ignore[no-untyped-def]
            return players

    with pytest.raises(TypeError, match="abstract"):
        Half()  # type: ignore[abstract]


def test_a_whole_game_lacking_a_required_attribute_is_refused_when_its_class_is_made() -> None:
    from tests.contract.coin_race import CoinRace

    with pytest.raises(TypeError, match="NoScreen needs min_players, screen"):

        class NoScreen(CoinRace):  # every method, but no screen and a player count as text
            screen = None  # type: ignore[assignment]
            min_players = "2"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="needs id, name, min_players, max_players, events, screen"):

        class Bare(GameBase[int]):
            def setup(self, players, options):  # type: ignore[no-untyped-def]
                return 0

            def apply(self, state, event):  # type: ignore[no-untyped-def]
                return state

            def describe(self, before, event, after):  # type: ignore[no-untyped-def]
                return ""

            def view(self, state):  # type: ignore[no-untyped-def]
                return None

            def next_turn(self, state):  # type: ignore[no-untyped-def]
                return Event()

            def result(self, state):  # type: ignore[no-untyped-def]
                return None


def test_the_first_state_answers_every_hook(game: Game[Any]) -> None:
    state = game.setup(players(game), {})
    assert isinstance(game.view(state), TableView)
    phase = game.rules_phase(state)
    assert isinstance(phase, str)
    if game.rules_phases:
        assert phase in game.rules_phases, (game.id, phase)
    headline = game.headline(state)
    assert isinstance(headline, tuple) and all(len(pair) == 2 for pair in headline)
    panel = game.panel(state)
    assert isinstance(panel, tuple) and all(isinstance(line, str) for line in panel)
    assert game.result(state) is None or isinstance(game.result(state), Result)


def test_the_next_turn_event_is_one_of_the_games_events_and_round_trips(game: Game[Any]) -> None:
    state = game.setup(players(game), {})
    event = game.next_turn(state)
    assert isinstance(event, Event) and game.events[event.kind] is type(event)
    assert decode(encode(event), game.events) == event


def test_every_option_default_is_accepted(game: Game[Any]) -> None:
    state = game.setup(players(game), {o.key: o.default for o in game.options})
    assert isinstance(game.view(state), TableView)


def test_a_games_commands_add_a_parser_and_run(game: Game[Any]) -> None:
    for path in game.commands:
        module = import_module(path)
        sub = argparse.ArgumentParser().add_subparsers()
        assert isinstance(module.add_parser(sub), argparse.ArgumentParser)
        assert callable(module.run)
