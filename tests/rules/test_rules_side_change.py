"""Changing to a side by its name ("flipped to dark", "going light", "switched over to the dark
side") is switching sides, as mm5's texts call it: read so, the question finds the paragraph on
what a switch does to one's characters. A turn or a go that is a noun ("on my turn the dark side
attacks") changes nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query

CHANGING = ["flipped", "flipping", "turned", "going", "switched", "swapped", "changed", "became"]
CHANGE = ["flip", "turn", "go", "switch", "swap", "change"]
WAY = ["", "to ", "over to ", "back to ", "to the "]
SIDES = ["dark", "light", "neutral"]
WHO = ["i ", "bob just ", "if my friend ", "so we "]


@settings(max_examples=60, deadline=None)
@given(
    who=st.sampled_from(WHO),
    verb=st.sampled_from(CHANGING),
    way=st.sampled_from(WAY),
    side=st.sampled_from(SIDES),
    rest=st.sampled_from(["", " side", ", what now", ". what happens to my guys"]),
)
def test_changing_to_a_named_side_is_switching(who: str, verb: str, way: str, side: str, rest: str) -> None:
    assert "switch" in parse_query(f"{who}{verb} {way}{side}{rest}").words


@settings(max_examples=40, deadline=None)
@given(verb=st.sampled_from(CHANGE), way=st.sampled_from(["to ", "over to ", "back to "]), side=st.sampled_from(SIDES))
def test_a_word_that_is_also_a_noun_changes_with_to(verb: str, way: str, side: str) -> None:
    assert "switch" in parse_query(f"can i {verb} {way}{side} now").words
    noun = "go" if verb in ("go", "swap", "switch") else "turn"
    assert "switch" not in parse_query(f"on my {noun} the {side} side attacks first").words
    assert "switch" not in parse_query(f"which {side} guy do i go after").words
    assert "switch" not in parse_query(f"i went {side}").words  # "went" is read as "go"


@settings(max_examples=20, deadline=None)
@given(
    who=st.sampled_from(["I just", "my friend", "if i"]),
    verb=st.sampled_from(["flipped to", "turned to", "switched over to", "went over to"]),
    side=st.sampled_from(["dark", "light"]),
    rest=st.sampled_from([". what happens to the warriors he had out", ", what happens to my characters on the table"]),
)
def test_a_side_changed_to_finds_what_switching_does(
    real_index: RulesIndex, who: str, verb: str, side: str, rest: str
) -> None:
    answer = real_index.ask(f"{who} {verb} {side}{rest}", game="mm5", limit=3)
    assert answer.covered
    assert "mm5.turn.switch" in [s.id for hit in answer.hits for s in hit.shown]
