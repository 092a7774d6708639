"""Coin-race actions for the fuzzer (the fifth game, registered only by a test's fixture)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.contract.coin_race import Flip, Pass, chances

EVENTS = st.one_of(st.builds(Flip, st.booleans()), st.just(Pass()))


def options():
    return st.builds(lambda goal: {"goal": goal}, st.integers(1, 4))


def events(state):
    return EVENTS


def invariants(game, state):
    assert all(0 <= s <= state.goal for s in state.steps)
    assert (state.winner is not None) == (state.goal in state.steps)
    assert sum(chances(state.steps, state.active, state.goal)) == 1, "the chances to win add up to 1"
