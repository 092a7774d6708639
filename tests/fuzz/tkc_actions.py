"""The King Commands for the fuzzer: mostly the action the turn expects, mixed with any action.

Legal-looking actions are drawn from what the state says is open (so sequences reach attacks,
crowns and the final round's edge) and arbitrary ones keep the refusals honest.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from companion.core import Event, Game
from companion.games.tkc import cards
from companion.games.tkc.events import (
    Attack,
    CountPile,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)
from companion.games.tkc.state import TkcState

CARDS = st.lists(st.sampled_from((*cards.DEFAULT_COLOURS, cards.EXCALIBUR)), max_size=6).map(tuple)


def options() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"open_scoring": st.booleans(), "poke_unblockable": st.booleans()})


def events(state: TkcState) -> st.SearchStrategy[Event]:
    step = "play" if state.step in ("relic", "act", "done") else state.step
    return _events(step, state.n, state.active, len(state.contenders))


@cache
def _events(step: str, n: int, active: int, contenders: int) -> st.SearchStrategy[Event]:
    """Strategies are built once per kind of state: building them each step is slow."""
    seat = st.integers(-1, n)
    anything = st.one_of(
        st.builds(StartDraw, st.lists(st.integers(-1, 6), max_size=7).map(tuple)),
        st.just(Draw()),
        st.builds(Attack, seat, seat, CARDS, st.sampled_from(["hit", "block", "parry", "x"]), CARDS, st.booleans()),
        st.builds(Discard, st.sampled_from(["sword", "shield", "relic", "gold"]), st.integers(0, 4)),
        st.builds(
            Crown,
            st.sampled_from(["lay-down", "attention", "fear", "aid", "abdication", "x"]),
            st.none() | seat,
            st.lists(st.integers(-1, 3), max_size=7).map(tuple),
            st.booleans(),
        ),
        st.builds(CrystalBall, st.sampled_from(["draw", "take", "look", "x"]), st.none() | seat),
        st.builds(NextTurn, st.booleans()),
        st.builds(CountPile, seat, st.lists(st.integers(-1, 14), max_size=7).map(tuple)),
    )
    likely: st.SearchStrategy[Event]
    if step == "start":
        likely = st.builds(
            StartDraw,
            st.lists(st.sampled_from(sorted(cards.CORNER_VALUES)), min_size=contenders, max_size=contenders).map(tuple),
        )
    elif step == "draw":
        likely = st.just(Draw())
    elif step == "over":
        likely = st.builds(CountPile, st.integers(0, n - 1), st.tuples(*[st.integers(0, 4)] * 6))
    else:
        others = st.sampled_from([i for i in range(n) if i != active])
        likely = st.one_of(
            st.builds(
                Attack, st.just(active), others, CARDS, st.sampled_from(["hit", "block", "parry"]), CARDS, st.booleans()
            ),
            st.builds(Discard, st.sampled_from(["sword", "shield", "relic"]), st.integers(1, 3)),
            st.builds(
                Crown,
                st.sampled_from(["lay-down", "attention", "fear", "aid", "abdication"]),
                others,
                st.lists(st.integers(0, 2), min_size=1, max_size=n).map(tuple),
                st.booleans(),
            ),
            st.builds(CrystalBall, st.sampled_from(["draw", "take", "look"]), others),
            st.builds(NextTurn, st.booleans()),
        )
    return st.one_of(likely, likely, anything)


def invariants(game: Game[TkcState], state: TkcState) -> None:
    assert 0 <= state.active < state.n
    if not state.hands:
        return
    total = state.draw_pile + state.discard + sum(state.hands) + sum(map(sum, state.piles))
    if not any(state.confirmed):  # a pile counted at the table replaces the app's records
        assert total == cards.DECK_SIZE
    assert 0 <= state.gold_scored <= cards.GOLD_BAGS
    assert state.draw_pile >= 0 and min(state.hands) >= 0 and state.discard >= 0
    assert (state.draw_pile == 0) == (state.final_left is not None)
    assert state.final_left is None or 0 <= state.final_left <= state.n
    game.view(state)
    assert (game.result(state) is not None) == state.over
