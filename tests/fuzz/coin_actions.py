"""Coin-race actions for the fuzzer (the fifth game, registered only by a test's fixture)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from companion.core import Event, Game
from tests.contract.coin_race import CoinState, Flip, Pass, chances

EVENTS: st.SearchStrategy[Event] = st.one_of(st.builds(Flip, st.booleans()), st.just(Pass()))


def options() -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(lambda goal: {"goal": goal}, st.integers(1, 4))


def events(state: CoinState) -> st.SearchStrategy[Event]:
    return EVENTS


def invariants(game: Game[CoinState], state: CoinState) -> None:
    assert all(0 <= s <= state.goal for s in state.steps)
    assert (state.winner is not None) == (state.goal in state.steps)
    assert sum(chances(state.steps, state.active, state.goal)) == 1, "the chances to win add up to 1"
