"""Random play of The King Commands: whatever the table records, every accepted action keeps
the 108 cards and the 12 gold bags accounted for, and no pile or hand goes below zero."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected
from companion.games.tkc import GAME, cards
from companion.games.tkc.events import (
    Attack,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)

COLOURS = (*cards.DEFAULT_COLOURS, cards.EXCALIBUR)
card_lists = st.lists(st.sampled_from(COLOURS), min_size=0, max_size=6).map(tuple)
seat = st.integers(0, 3)
events = st.one_of(
    st.just(Draw()),
    st.just(NextTurn()),
    st.builds(NextTurn, passed=st.booleans()),
    st.builds(Attack, seat, seat, card_lists, st.sampled_from(["hit", "block", "parry"]), card_lists, st.booleans()),
    st.builds(
        Discard,
        st.sampled_from(["sword", "shield", "relic", "gold"]),
        st.integers(0, 4),
        st.sampled_from(["", "crown", "crystal ball", "excalibur"]),
    ),
    st.builds(
        Crown,
        st.sampled_from(["lay-down", "attention", "fear", "aid", "abdication"]),
        st.one_of(st.none(), seat),
        st.lists(st.integers(0, 2), max_size=4).map(tuple),
        st.booleans(),
    ),
    st.builds(
        CrystalBall,
        st.sampled_from(["draw", "take", "look"]),
        st.one_of(st.none(), seat),
        st.sampled_from(["sword", "shield", "crown", "crystal ball", "excalibur"]),
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(events, max_size=120))
def test_random_play_keeps_every_card_and_gold_bag(history):
    state = GAME.apply(GAME.setup(("Ann", "Bob", "Cleo", "Dan"), {}), StartDraw((5, 3, 2, 1)))
    for event in history:
        try:
            state = GAME.apply(state, event)
        except Rejected as exc:
            assert exc.reason
            continue
        total = state.draw_pile + state.discard + sum(state.hands) + sum(map(sum, state.piles))
        assert total == cards.DECK_SIZE
        assert 0 <= state.gold_scored <= cards.GOLD_BAGS
        assert sum(state.discarded) + state.relics_discarded == state.discard, (
            "every discard has its kind or is a relic"
        )
        for kind, copies in enumerate(cards.DECK):
            assert sum(p[kind] for p in state.piles) + state.discarded[kind] <= copies
        assert state.draw_pile >= 0 and min(state.hands) >= 0
        assert (state.draw_pile == 0) == (state.final_left is not None)
        GAME.describe(state, event, state)  # every accepted event has words
        GAME.view(state)
