"""An attack counted ("does my green guy hit twice", "does green attack twice", "a colour only
attacks once") asks how many attacks: a count, read as "how many" is (the passage that states
how attacks are counted is favoured). Twice of anything else ("do the attack step twice") or an
attack again is no count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query

HITS = ["attack", "attacks", "hit", "hits", "swing", "swings", "strike", "strikes"]


@settings(max_examples=60, deadline=None)
@given(
    who=st.sampled_from(["does green ", "my guy ", "so my green character ", "do both of them "]),
    hit=st.sampled_from(HITS),
    times=st.sampled_from(["once", "twice", "thrice"]),
    end=st.sampled_from(["", "?", " this turn", " or only once"]),
)
def test_an_attack_counted_is_a_count(who: str, hit: str, times: str, end: str) -> None:
    assert parse_query(f"{who}{hit} {times}{end}").number


@settings(max_examples=30, deadline=None)
@given(
    asked=st.sampled_from(["can i do the attack step twice", "can i attack again", "does he hit hard", "i hit him"]),
)
def test_twice_of_anything_else_is_no_count(asked: str) -> None:
    assert not parse_query(asked).number


@settings(max_examples=10, deadline=None)
@given(
    colour=st.sampled_from(["green", "red", "blue"]),
    hit=st.sampled_from(["attack", "hit"]),
)
def test_a_colour_played_twice_finds_how_attacks_are_counted(real_index: RulesIndex, colour: str, hit: str) -> None:
    answer = real_index.ask(f"two {colour} cards together, does my {colour} character {hit} twice", game="skd", limit=3)
    assert answer.covered
    assert "skd.ruling.attacks-per-card" in [s.id for place in answer.hits for s in place.shown]
