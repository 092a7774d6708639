"""Who may record what from a phone (companion.seats), over every game's generated play.

Each game's fuzz plug (tests/fuzz/<id>_actions.py) walks its rules with legal and illegal
events; at every state reached, every event the core accepts is recordable from exactly the
phone of the player whose action it is (every phone for the table's own events), from every
phone when the table trusts every seat, and never from nobody: a game stays playable from the
phones alone. A question addressed to the defender (mm5's strikes back) is the defender's.
"""

from __future__ import annotations

from importlib import import_module

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.games
from companion.core import Rejected
from companion.games import get_game
from companion.games.mm5.events import Spell, Strike
from companion.seats import may_record, whose
from tests.contract.coin_race import PATH
from tests.serve.midgame import EVENTS, PLAYERS

GAMES = ["coin", "free", "mm5", "skd", "tkc"]


@pytest.fixture(autouse=True)
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(companion.games, "REGISTERED", (*companion.games.REGISTERED, PATH))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_accepted_event_is_its_players_to_record_and_somebodys(game_id, data):
    game = get_game(game_id)
    plug = import_module(f"tests.fuzz.{game_id}_actions")
    n = data.draw(st.integers(game.min_players, min(game.max_players, 4)), label="players")
    players = tuple(f"P{i + 1}" for i in range(n))
    options = data.draw(plug.options()) if hasattr(plug, "options") else {}
    state = game.setup(players, options)
    for _ in range(data.draw(st.integers(1, 25), label="steps")):
        event = data.draw(plug.events(state))
        try:
            after = game.apply(state, event)
        except Rejected:
            continue
        actor = whose(game, state, event, players)
        allowed = {seat for seat in range(n) if may_record(game, state, [event], seat, players) is None}
        assert allowed == ({actor} if actor is not None else set(range(n))), (event, actor, allowed)
        assert all(may_record(game, state, [event], seat, players, everyone=True) is None for seat in range(n))
        for seat in set(range(n)) - allowed:
            assert players[actor] in (may_record(game, state, [event], seat, players) or "")  # type: ignore[index]
        state = after


def test_a_strike_back_is_the_defenders_and_a_spell_its_layers():
    game = get_game("mm5")
    state = game.setup(PLAYERS["mm5"], {})
    for event in EVENTS["mm5"]():
        state = game.apply(state, event)
    assert state.battle is not None and (state.battle.attacker, state.battle.defender) == (0, 1)
    assert whose(game, state, Spell(2, "x"), PLAYERS["mm5"]) == 2
    from dataclasses import replace

    back = replace(state, battle=replace(state.battle, stage="strike", to_move=1))
    assert whose(game, back, Strike(1, 2), PLAYERS["mm5"]) == 1, "the defender strikes back from Bob's phone"
    assert "Bob's to record" in (may_record(game, back, [Strike(1, 2)], 0, PLAYERS["mm5"]) or "")


def test_several_events_are_checked_in_the_state_each_makes():
    game = get_game("coin")
    from tests.contract.coin_race import Flip

    state = game.setup(("Ann", "Bob"), {"goal": 3})
    # Ann's throw, then Bob's: one line may not record both from Ann's phone.
    assert may_record(game, state, [Flip(False)], 0, ("Ann", "Bob")) is None
    assert "Bob's to record" in (may_record(game, state, [Flip(False), Flip(True)], 0, ("Ann", "Bob")) or "")
