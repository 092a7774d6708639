"""Free-play actions for the fuzzer: counters pushed anywhere, turns, countdowns, the end."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from companion.core import Event, Game
from companion.games.free import (
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    SetValue,
)
from companion.games.free.state import FreeState

NAMES = st.sampled_from(["HP", "mana", "score", "gold"])


def options() -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from([{"counters": "HP=20 0..40, mana=0 0..6"}, {"counters": "score", "shared": "deck=10 0.."}])


def events(state: FreeState) -> st.SearchStrategy[Event]:
    return _events(len(state.players))


@cache
def _events(seats: int) -> st.SearchStrategy[Event]:
    # Built once per table size: building strategies costs more than drawing from them.
    owner = st.one_of(st.none(), st.integers(-1, seats))
    return st.one_of(
        st.builds(Adjust, NAMES, owner, st.integers(-25, 25)),
        st.builds(SetValue, NAMES, owner, st.integers(-5, 50)),
        st.builds(
            AddCounter,
            NAMES,
            owner,
            st.integers(-3, 30),
            st.none() | st.integers(-5, 5),
            st.none() | st.integers(0, 40),
            st.booleans(),
        ),
        st.builds(RemoveCounter, NAMES, owner),
        st.just(NextTurn()),
        st.builds(SetCountdown, st.none() | st.integers(-1, 6), st.none() | st.integers(-1, 6)),
        st.just(Finish()),
    )


def invariants(game: Game[FreeState], state: FreeState) -> None:
    for c in state.counters:
        assert c.low is None or c.value >= c.low, c
        assert c.high is None or c.value <= c.high, c
        assert c.owner is None or 0 <= c.owner < len(state.players)
    assert 0 <= state.active < len(state.players)
    assert state.round >= 1 and state.turns >= 0
    keys = [(c.owner, c.name.casefold()) for c in state.counters]
    assert len(keys) == len(set(keys)), "one counter per name and owner"


# Kinds no line of the table records alone (`Game.write` gives None): a change or a removal
# acts on the cell picked with the arrow keys; a counter for one player only is no line.
UNTYPED = frozenset({"adjust", "set-value", "remove-counter", "add-counter"})
