"""A covered question is never called "No rule covers this" for a reason that is not one.

Each kind of false alarm, on asks of the sections taken out of the index (so that no question
finds itself): a Chinese word a table uses in another game's asks (誰寫的, 職業, 盒子) or one
that stands for an English word of the rules (輪到: tkc's passages are English), a limit's
thing read from a word that names nothing ("the very end", "am I", "under") or a number word,
a focus that names nothing ("rearrange"), an unanswered question nearer than any ask while the
first answer holds most of the question.
"""

from __future__ import annotations

import zlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.coverage import word_key
from rulesdb.index import RulesIndex
from rulesdb.lemmas import nameless
from rulesdb.limits import limited
from rulesdb.offtable import TALK
from rulesdb.query import bigrams, traditional
from rulesdb.texts import Texts, load
from rulesdb.wording import NUMBER_NAMES

UNSEEN = [
    # Chinese whose pairs no passage of mm5 or tkc holds, but a table's asks of any game do
    ("mm5", "這份規則是誰寫的 從哪裡轉來的"),
    ("mm5", "黃色的是什麼職業"),
    ("tkc", "盒子裡有哪些牌"),
    # a limit asked of the hand, not of "am", "under" or "very"
    ("mm5", "am I allowed to bin a card from hand to get under the limit"),
    ("mm5", "so do I check my hand limit at the very end of my turn"),
    # a focus that names nothing: "rearrange", "earn" say what is done to the deck, the monster
    ("tkc", "can I rearrange the top of the deck"),
    ("skd", "what do we earn for taking out a monster"),
    # an unanswered question (a bumped HP marker) nearer, but the first answer holds most words
    ("skd", "enemy HP for the marker cards, where does the app get it"),
]


@pytest.fixture(scope="module")
def unseen_index() -> RulesIndex:
    texts = load()
    unseen = {ask for _, ask in UNSEEN}
    sections = tuple(replace(s, asks=tuple(a for a in s.asks if a not in unseen)) for s in texts.sections)
    return RulesIndex(Texts(texts.games, sections, texts.synonyms))


def test_a_covered_ask_the_index_never_saw_is_not_flagged(unseen_index: RulesIndex) -> None:
    flagged = [ask for game, ask in UNSEEN if not unseen_index.ask(ask, game=game, limit=3).covered]
    assert flagged == []


def test_a_chinese_word_of_any_games_asks_is_a_tables_word(unseen_index: RulesIndex) -> None:
    """A pair only another game's asks hold still vouches: 懶人包 is a table's word in any game."""
    ranker = unseen_index.ranker
    only_elsewhere = sorted(ranker.spoken["tkc"] - ranker.spoken["mm5"])
    assert only_elsewhere
    question = unseen_index.reader.read(only_elsewhere[0], "mm5")
    assert any(gram in only_elsewhere for run in question.parsed.cjk_runs for gram in bigrams(run))
    assert ranker.talked_of(question)


@pytest.mark.parametrize("game", ["tkc", "mm5"])
def test_chinese_no_passage_holds_is_read_by_the_english_it_stands_for(game: str) -> None:
    """輪到 ("a turn") in no passage (tkc's are English) nor any ask: the question is of the
    turn, a word of the rules; 計時器 stands for no word of them and stays not covered."""
    texts = load()
    sections = tuple(replace(s, asks=tuple(a for a in s.asks if "輪到" not in a)) for s in texts.sections)
    index = RulesIndex(Texts(texts.games, sections, texts.synonyms))
    assert index.ask("輪到我的時候該做什麼", game=game, limit=3).covered
    assert not index.ask("遊戲有沒有計時器", game=game, limit=3).covered


def test_a_word_the_texts_lack_that_names_nothing_weighs_less() -> None:
    """The word "through" is in no passage, but says how, not what: with the asks of the hit paragraph
    left out, an attack that got through is still of the attack, a rule (a slip at the table,
    a thing the rules lack, still weighs whole)."""
    texts = load()
    sections = tuple(replace(s, asks=()) if s.id == "tkc.attack.hit" else s for s in texts.sections)
    index = RulesIndex(Texts(texts.games, sections, texts.synonyms))
    assert index.ask("my attack got through, what now", game="tkc", limit=3).covered
    assert not index.ask("is there a timer for my attack", game="tkc", limit=3).covered


def test_a_word_that_names_no_thing_is_never_the_thing_limited() -> None:
    """The words "very", "am", "under", "put" name nothing; "checked" is of the hand check."""
    keys = nameless(("very", "am", "under", "put", "checked", "hand", "last"))
    assert {word_key(w) for w in ("very", "am", "under", "put")} <= keys
    assert not keys & {word_key("checked"), word_key("hand"), word_key("last")}
    assert not limited((1.0, (frozenset({word_key("very")}),)), "the very end", keys)
    assert limited((1.0, (frozenset({word_key("hand")}),)), "the hand limit", keys)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["one", *NUMBER_NAMES]), st.sampled_from(["star", "hand", "gem", "mana"]))
def test_a_number_word_is_never_the_thing_limited(number: str, thing: str) -> None:
    """A cap "lower with four" is of the stars, never of the four."""
    text = f"is the {thing} cap lower with {number}"
    assert not limited((1.0, (frozenset({word_key(number)}),)), text)
    assert limited((1.0, (frozenset({word_key(thing)}),)), text)


def test_a_discard_shown_to_all_asks_a_rule_not_table_talk() -> None:
    """Whether a discard is shown to everyone asks whether the pile is open; a hand shown to
    everyone is table talk."""
    assert not TALK.asked(traditional("棄牌要给大家看吗"))
    assert TALK.asked(traditional("手牌可以给大家看吗"))


def test_a_word_that_names_nothing_weighs_less_against_a_nearer_unanswered_question() -> None:
    """Asked as the asks check asks (of the half of the asks and unanswered questions without
    it): "come" names nothing, so the first answer holding the next enemy holds enough of the
    question, however near "can we peek at the next enemy card" is."""
    ask = "where does the next enemy come from"
    half = 1 - zlib.crc32(ask.encode()) % 2

    def kept(text: str) -> bool:
        return zlib.crc32(text.encode()) % 2 == half

    texts = load()
    sections = tuple(replace(s, asks=tuple(filter(kept, s.asks))) for s in texts.sections)
    games = tuple(replace(g, unanswered=tuple(filter(kept, g.unanswered))) for g in texts.games)
    index = RulesIndex(Texts(games, sections, texts.synonyms))
    assert index.ask(ask, game="skd", limit=3).covered


NEARER_ON_RULES_WORDS = [
    ("mm5", "they only have a dark queen left"),
    ("mm5", "can I go straight for the dark queen"),
    ("mm5", "is the discard pile ever reshuffled"),
]


def test_an_unanswered_question_near_only_on_the_first_answers_words_is_no_sign() -> None:
    """An unanswered question nearer than any ask, sharing with the question only key words the
    first answer holds (the dark queen's special power, looking through the discard pile), does not
    make it uncovered; one sharing a word the rules lack (a timer) still does."""
    texts = load()
    unseen = {ask for _, ask in NEARER_ON_RULES_WORDS}
    sections = tuple(replace(s, asks=tuple(a for a in s.asks if a not in unseen)) for s in texts.sections)
    index = RulesIndex(Texts(texts.games, sections, texts.synonyms))
    flagged = [ask for game, ask in NEARER_ON_RULES_WORDS if not index.ask(ask, game=game, limit=3).covered]
    assert flagged == []
    assert not index.ask("is there a timer for each knight", game="tkc", limit=3).covered
