"""Getting to do something ("does a new enemy get to attack", "who gets to pick") is being
allowed to: talk, as "allowed" is, and no key word ("get" would meet the asks on getting mana).
Getting a thing ("how much mana do I get") or to a number ("get to five mana") is still asked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query

VERBS = ["attack", "pick", "draw", "play", "keep", "level", "choose", "swing", "see"]


@settings(max_examples=60, deadline=None)
@given(
    before=st.sampled_from(["does the enemy ", "who ", "do i ", "so my character "]),
    get=st.sampled_from(["get", "gets", "got", "getting"]),
    verb=st.sampled_from(VERBS),
    after=st.sampled_from(["", " first", " right away", " again?"]),
)
def test_getting_to_do_is_no_key_word(before: str, get: str, verb: str, after: str) -> None:
    words = parse_query(f"{before}{get} to {verb}{after}").words
    assert "get" not in words and "gets" not in words and "getting" not in words
    assert verb in words


@settings(max_examples=30, deadline=None)
@given(get=st.sampled_from(["get", "gets"]), thing=st.sampled_from(["mana", "gold", "gems", "to five mana", "to 6"]))
def test_getting_a_thing_or_a_number_is_asked(get: str, thing: str) -> None:
    assert get in parse_query(f"how does the enemy {get} {thing}").words


@settings(max_examples=10, deadline=None)
@given(get=st.sampled_from(["get to", "gets to"]), when=st.sampled_from(["right away", "this turn", "at once"]))
def test_getting_to_attack_finds_what_attacking_finds(real_index: RulesIndex, get: str, when: str) -> None:
    allowed = real_index.ask(f"does a newly revealed enemy {get} attack {when}", game="skd", limit=1)
    plain = real_index.ask(f"does a newly revealed enemy attack {when}", game="skd", limit=1)
    assert allowed.covered and plain.covered
    assert allowed.hits[0].shown == plain.hits[0].shown
