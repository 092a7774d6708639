"""Handing something over ("what do I have to hand over", "he handed his gold over") is giving
it, as the texts say, and no hand of cards: read as a hand, the question finds the hand's rules
(a crown's command on a hand) above what a hit gives. A hand that is someone's, or over a limit
("my hand is over the limit", "a hand over 5"), is still the hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query

HANDING = ["hand over", "hand it over", "hand them over", "handed over", "handed his gold over", "hands over"]
BEFORE = ["what do i have to ", "he ", "do i ", "so i had to ", "must the defender "]
AFTER = ["", " gold", " a bag of gold", " to the attacker", "?"]


@settings(max_examples=60, deadline=None)
@given(before=st.sampled_from(BEFORE), handing=st.sampled_from(HANDING), after=st.sampled_from(AFTER))
def test_handing_over_is_giving(before: str, handing: str, after: str) -> None:
    words = parse_query(f"{before}{handing}{after}").words
    assert "give" in words
    assert "hand" not in words and "hands" not in words


@settings(max_examples=40, deadline=None)
@given(
    owner=st.sampled_from(["my", "his", "your", "a"]),
    over=st.sampled_from(["is over the limit", "over the limit", "over 5", "is over the max", "over five cards"]),
)
def test_a_hand_over_a_limit_is_the_hand(owner: str, over: str) -> None:
    words = parse_query(f"what if {owner} hand {over}").words
    assert "hand" in words and "give" not in words


@settings(max_examples=15, deadline=None)
@given(
    who=st.sampled_from(["he attacked me", "my attack hit", "the attack got through"]),
    handing=st.sampled_from(["what do i have to hand over", "does he hand over anything", "what gets handed over"]),
)
def test_what_is_handed_over_after_a_hit_is_what_a_hit_gives(real_index: RulesIndex, who: str, handing: str) -> None:
    answer = real_index.ask(f"{who}, {handing}", game="tkc", limit=3)
    assert answer.covered
    assert "tkc.attack.hit" in [s.id for hit in answer.hits for s in hit.shown]
