"""Two Chinese terms side by side read as one English phrase (角色的等級, "character level").

A question in Chinese finds the English passages through each term's English (the glossary and
the synonym tables); two terms that make one compound (增援的人物, "the reinforcing
characters") are also searched as the phrase the passages hold of them, as an English question's
neighbouring words are. Terms apart in the question make no phrase.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.coverage import word_key
from rulesdb.index import RulesIndex


def phrases(index: RulesIndex, ask: str, game: str) -> set[str]:
    """The two-word phrases the question searches in the passages."""
    question = index.reader.read(ask, game)
    return {part.strip('"') for part in question.expressions["body"].split(" OR ") if " " in part}


def test_two_terms_side_by_side_search_their_english_phrase(real_index: RulesIndex) -> None:
    """增援 (reinforcement) 的 人物 (character): the passages say "reinforcement character"."""
    assert "reinforcement character" in phrases(real_index, "增援的人物戰鬥結束後留在誰那裡", "mm5")
    assert "character level" in phrases(real_index, "角色的等級上限", "skd")


def test_terms_apart_make_no_compound(real_index: RulesIndex) -> None:
    """增援 and 人物 with words between them are two things, not one compound."""
    reader = real_index.reader
    together = reader.read("增援的人物", "mm5").together
    assert "reinforcement character" in reader.compounds(("增援", "人物"), together, "增援的人物")
    assert not reader.compounds(("增援", "人物"), together, "增援可以出幾張人物")


def test_a_compound_finds_the_passage_that_names_it(real_index: RulesIndex) -> None:
    """Where the reinforcing characters stay after a fight is the reinforcement paragraph's
    (or its ruling's), before the combat flow that only mentions reinforcement."""
    answer = real_index.ask("戰鬥結束後增援的人物留在誰那裡", game="mm5", limit=3)
    found = [s.id for hit in answer.hits for s in hit.shown]
    assert answer.covered and "mm5.combat.reinforcement" in found[:2], found


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_compound_phrase_is_one_the_texts_hold(real_index: RulesIndex, data: st.DataObject) -> None:
    """Whatever two glossary terms stand side by side, each phrase searched for them is two
    words the game's texts hold side by side (no phrase that can match nothing)."""
    game = data.draw(st.sampled_from(["mm5", "skd", "tkc"]))
    terms = sorted(term for term in real_index.reader.glossary if len(term) > 1)
    first, second = data.draw(st.sampled_from(terms)), data.draw(st.sampled_from(terms))
    joiner = data.draw(st.sampled_from(["", "的"]))
    held = real_index.built.side_by_side[game]
    for phrase in phrases(real_index, f"{first}{joiner}{second}", game):
        words = phrase.split()
        assert (word_key(words[0]), word_key(words[-1])) in held, phrase
