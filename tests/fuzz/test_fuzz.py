"""Fuzzed play: 1,000 sequences per game in the normal suite (`--hypothesis-profile deep` for more)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from companion.games import all_games
from companion.store.repo import Repository
from tests.conftest import DEEP
from tests.fuzz.machine import machine_for

SEQUENCES = 1_000
STEPS = 15
PLUGGED = [g.id for g in all_games() if os.path.exists(os.path.join(os.path.dirname(__file__), f"{g.id}_actions.py"))]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PLUGGED)
def test_random_play_keeps_every_law(game_id: str) -> None:
    machine = machine_for(game_id)
    deep = settings.get_profile(DEEP) if settings._current_profile == DEEP else None
    machine.TestCase.settings = deep or settings(
        max_examples=SEQUENCES,
        stateful_step_count=STEPS,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


def test_every_registered_game_is_fuzzed() -> None:
    assert [g.id for g in all_games()] == PLUGGED, "each game needs tests/fuzz/<id>_actions.py"


@pytest.mark.parametrize("game_id", PLUGGED)
def test_random_play_reloads_from_the_database(game_id: str, repo: Repository) -> None:
    machine = machine_for(game_id, store=repo)
    machine.TestCase.settings = settings(
        max_examples=25,
        stateful_step_count=STEPS,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()
