"""A clause told beside a question ("Pim just did this") is no part of what it asks: its names and
chat are no key words, so a covered question is not called "No rule covers this" for them, and a
question the rules do not cover stays uncovered whatever is told beside it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.asides import aside_words
from rulesdb.index import RulesIndex

RULE_WORDS = frozenset(("mana", "hand", "limit", "crown", "gold", "bag", "draw", "excalibur", "backstab"))
NAMES = ("ottilie", "fenwick", "marlowe", "quenby", "zorvath")
TOLD = ("{} just did this", "{} just tried it", "they says yes but {}", "{} did it anyway")


def knows(word: str) -> bool:
    return word in RULE_WORDS


@settings(max_examples=60)
@given(
    st.sampled_from(NAMES),
    st.sampled_from(TOLD),
    st.sampled_from(("how much mana at most", "hand limit", "does excalibur stop a backstab")),
    st.booleans(),
)
def test_a_told_clause_of_no_rule_word_is_aside(name: str, told: str, asked: str, before: bool) -> None:
    clause = told.format(name)
    text = f"{clause}, {asked}" if before else f"{asked}, {clause}"
    words = (*(w for w in asked.split() if w in RULE_WORDS), name)
    assert aside_words(text, words, knows, {}) == {name}


@settings(max_examples=60)
@given(st.sampled_from(NAMES), st.sampled_from(TOLD))
def test_a_clause_that_asks_or_holds_a_rule_word_is_not_aside(name: str, told: str) -> None:
    """Not when it asks ("is there a ..." or a "?"), names a rule's word, or is all there is."""
    clause = told.format(name)
    for text, words in (
        (f"is there a {name}, {clause}", (name,)),  # the rest holds no rule word
        (f"{clause}?, hand limit", ("hand", "limit", name)),
        (f"{clause} with the crown, hand limit", ("crown", "hand", "limit", name)),
        (f"{clause}", (name,)),
        (f"how many {name} can we hold, hand limit", ("hand", "limit", name)),
    ):
        assert aside_words(text, words, knows, {}) == frozenset(), text


def test_a_remark_on_the_asker_or_a_contracted_pronoun_is_aside() -> None:
    """A remark the rules lack ("rookie here", "dumb q") is no key word wherever it stands; "I'm"
    and "we're" tell of someone as "I" and "we" do."""
    assert aside_words("rookie here what does the crown do", ("rookie", "crown"), knows, {}) == {"rookie"}
    assert aside_words("dumb q but hand limit", ("dumb", "q", "hand", "limit"), knows, {}) == {"dumb", "q"}
    assert aside_words("i'm baffled, hand limit", ("baffled", "hand", "limit"), knows, {}) == {"baffled"}
    assert aside_words("we're lost - hand limit", ("lost", "hand", "limit"), knows, {}) == {"lost"}
    assert aside_words("noob timer", ("noob", "timer"), knows, {}) == frozenset(), "nothing of the rules is left"


def test_a_sound_or_a_chat_word_and_a_clause_that_tells_are_aside() -> None:
    """ "hmm", "idk", "btw" are no key words; "this is murky" tells (a question word begins a clause
    that asks: "is it murky" asks)."""
    assert aside_words("hmm what does the crown do", ("hmm", "crown"), knows, {}) == {"hmm"}
    assert aside_words("idk, btw hand limit", ("idk", "btw", "hand", "limit"), knows, {}) == {"idk", "btw"}
    assert aside_words("this is murky, hand limit", ("murky", "hand", "limit"), knows, {}) == {"murky"}
    assert aside_words("is it murky, hand limit", ("murky", "hand", "limit"), knows, {}) == frozenset()


COVERED = [
    ("skd", "Ottilie just did this, how much mana at most after my turn"),
    ("tkc", "Fenwick just did this, can I get rid of a gold bag to draw"),
    ("mm5", "Marlowe just did this, hand limit"),
    ("mm5", "rookie here, what does a thief do"),
    ("skd", "imo this is murky, how much mana can we hold"),
    ("tkc", "idk where does the crown go when the king steps down"),
]
UNCOVERED = [
    ("mm5", "Pim keeps stalling, is there a timer"),
    ("mm5", "is there a timer, Pim takes forever"),
    ("skd", "Pim just did this, can we play online"),
    ("mm5", "rookie here, is there a timer"),
    ("skd", "dumb q, can we play online"),
    ("mm5", "hmm, is there a timer"),
    ("skd", "that is puzzling, can we play online"),
]


def test_a_covered_question_with_a_story_beside_it_is_answered(real_index: RulesIndex) -> None:
    flagged = [ask for game, ask in COVERED if not real_index.ask(ask, game=game, limit=3).covered]
    assert flagged == []


def test_an_uncovered_question_with_a_story_beside_it_stays_uncovered(real_index: RulesIndex) -> None:
    answered = [ask for game, ask in UNCOVERED if real_index.ask(ask, game=game, limit=3).covered]
    assert answered == []
