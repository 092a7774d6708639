"""An American spelling that leaves the l single before an ending ("leveled", "dueling",
"traveling") is an English word, never "corrected" to a rules word one letter off ("leveled"
was read as "revealed", "dueling" as "ruling"): it is read as the British form the word list
and lemminflect hold ("levelled"), and finds first what that finds first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.spelling import british

STEMS = ["level", "duel", "travel", "cancel", "model", "fuel", "total", "marvel", "quarrel", "tunnel", "rival"]


@settings(max_examples=40, deadline=None)
@given(stem=st.sampled_from(STEMS), ending=st.sampled_from(["ed", "ing"]))
def test_a_single_l_ending_is_never_corrected(real_index: RulesIndex, stem: str, ending: str) -> None:
    word = f"{stem}{ending}"
    assert british(word) == f"{stem}l{ending}"
    assert real_index.reader.speller.correct(word) is None
    assert word in real_index.reader.read(f"the knights {word} each other", "tkc").asked.words


@settings(max_examples=20, deadline=None)
@given(
    ending=st.sampled_from(["ed", "ing"]),
    asked=st.sampled_from(["i {} up my character twice this turn", "{} up a character, how much mana"]),
)
def test_a_single_l_ending_finds_what_the_british_form_finds(real_index: RulesIndex, ending: str, asked: str) -> None:
    american = real_index.ask(asked.format(f"level{ending}"), game="skd", limit=3)
    british_form = real_index.ask(asked.format(f"levell{ending}"), game="skd", limit=3)
    assert american.covered == british_form.covered
    assert american.hits[0].shown == british_form.hits[0].shown


def test_a_double_l_or_no_ending_is_left_alone() -> None:
    assert british("levelled") == "levelled" and british("level") == "level" and british("spelled") == "spelled"
