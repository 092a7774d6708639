"""The `fifth_game` fixture: the coin race registered for one test, through the registry only."""

from __future__ import annotations

import pytest

import companion.games
from tests.contract.coin_race import GAME, PATH


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(companion.games, "REGISTERED", (*companion.games.REGISTERED, PATH))
    return GAME
