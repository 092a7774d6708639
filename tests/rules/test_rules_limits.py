"""Issue 40, bug 1: a limit asked for is answered only by a limit stated of the thing asked, in
English or Chinese; a limit phrase is its words side by side, never "up" here and "to" there."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.coverage import word_key
from rulesdb.index import RulesIndex
from rulesdb.lemmas import describing
from rulesdb.limits import asks_limit, limited, states_limit


def test_a_limit_phrase_is_its_words_side_by_side() -> None:
    assert states_limit("you may hold at most 5 cards") and states_limit("up to three knights")
    assert states_limit("角色的合計星等不能超過合計上限")
    assert not states_limit("three knights are locked up, I want to free them")
    assert not states_limit("at the end, the one with most gems wins")
    assert not states_limit("he attacks one more time")


def test_a_sum_or_a_rise_to_a_number_states_no_limit() -> None:
    """A sum ("adds up to 6") or a rise ("goes up to 4") states no limit; "may hold up to 4" does."""
    assert not states_limit("the two cards add up to 6") and not states_limit("its attack goes up to 4")
    assert not states_limit("the knight levels up to a space with a heart")
    assert states_limit("each player may hold up to 4 cards")


@pytest.mark.parametrize(
    "ask",
    [
        "is there a limit on how many characters may level up per turn",
        "any limit to how many of my characters level up per turn",
    ],
)
def test_a_limit_counted_per_turn_is_a_limit_of_the_thing_not_of_per(real_index: RulesIndex, ask: str) -> None:
    """The word "per" says how a limit is counted: the thing limited is the characters, and no
    passage states a limit of them (a level's cost, per LV, is none)."""
    answer = real_index.ask(ask, game="skd", limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]


def test_a_limit_is_asked_in_either_language() -> None:
    assert asks_limit(("is", "there", "a", "cap"), "is there a cap") and asks_limit((), "手牌有上限嗎")
    assert not asks_limit(("how", "many", "cards"), "how many cards") and not asks_limit((), "手牌有幾張")


def test_a_limit_is_asked_the_ways_a_table_asks_it() -> None:
    """A cap, a ceiling, 封頂 and 頂多 (the mainland's 封顶 and 顶多 read as Taiwan's); "at most
    how many" asks a count, not a limit."""
    assert asks_limit(("is", "it", "capped"), "is it capped") and asks_limit((), "is there a ceiling")
    assert asks_limit((), "有封頂嗎") and asks_limit((), "手牌頂多幾張")
    assert not asks_limit(("at", "most"), "at most how many swords can i lose")


@pytest.mark.parametrize(
    ("game", "ask"), [("tkc", "is the number of gold bags capped"), ("tkc", "金袋有封顶吗"), ("tkc", "金袋有封頂嗎")]
)
def test_a_limit_the_rules_lack_is_not_covered_however_it_is_asked(real_index: RulesIndex, game: str, ask: str) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]


def test_a_chinese_limit_the_rules_lack_is_not_covered(real_index: RulesIndex) -> None:
    answer = real_index.ask("分數堆有沒有上限", game="tkc", limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]
    assert answer.hits, "the closest passages are still given, labelled as such"


def test_a_chinese_limit_the_rules_state_is_answered_in_the_rules_words(real_index: RulesIndex) -> None:
    """星星 (stars) where the rules say 星等: any word of the thing, or its English, will do."""
    answer = real_index.ask("兩個人玩星星上限多少", game="skd", limit=3)
    assert answer.covered and "skd.setup.star-limit" in [s.id for hit in answer.hits for s in hit.shown]


@pytest.mark.parametrize("aside", ["hang on, {}", "sorry, {}", "{} one sec", "hold up {}"])
def test_a_chinese_limit_with_english_beside_it_is_still_read_in_chinese(real_index: RulesIndex, aside: str) -> None:
    """English typed beside a limit asked in Chinese ("hang on") is not the thing limited: the
    rules' 星等 still answers the table's 星星, and a limit they lack stays uncovered."""
    answer = real_index.ask(aside.format("星星加起來最多幾顆"), game="skd", limit=3)
    assert answer.covered and "skd.setup.star-limit" in [s.id for hit in answer.hits for s in hit.shown]
    assert not real_index.ask(aside.format("分數堆有沒有上限"), game="tkc", limit=3).covered


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["up", "to", "at", "most", "more", "than", "the", "knight", "locked", "free"])))
def test_a_limit_phrase_split_by_another_word_states_no_limit(words: list[str]) -> None:
    text = " ".join(words)
    together = any(f"{a} {b}" in {"up to", "at most", "more than"} for a, b in pairwise(words))
    assert states_limit(text) == together


@pytest.mark.parametrize("word", ["per", "each", "fewer", "lower", "bigger"])
def test_a_word_that_counts_or_compares_a_limit_is_never_the_thing_limited(word: str) -> None:
    """A limit "per turn" or "bigger with fewer players" is of another word of the question."""
    assert not limited((1.0, (frozenset({word_key(word)}),)), f"is the cap {word}")
    assert limited((1.0, (frozenset({word_key("star")}),)), "is the star cap lower")


def test_a_word_that_only_describes_is_never_the_focus(real_index: RulesIndex) -> None:
    """A word that only describes ("stronger", "pricier") says how, not what: a question whose
    rarest word only describes is judged by the words that name things (the knight)."""
    assert describing(("stronger", "pricier", "knight", "hide", "online")) >= {
        word_key("stronger"),
        word_key("pricier"),
    }
    assert not describing(("knight", "hide", "timer"))
    keys = [(3.0, (frozenset({word_key("stronger")}),)), (0.5, (frozenset({word_key("knight")}),))]
    assert not real_index.ranker.focused(keys, [], "mm5")
    assert real_index.ranker.focused(keys, [], "mm5", describing(("stronger", "knight")))


def test_a_player_count_states_the_most_players() -> None:
    """ "2–6 players" is the players' least and most; "the number of" players counts them and
    is never the thing limited, so "max number of players" is answered by the player count."""
    assert states_limit("2–6 players (from public sources)")
    assert states_limit("for 2 to 4 players")
    assert not states_limit("draw 2 cards, then 4 players score")
    text = "max number of players"
    assert not limited((1.0, (frozenset({word_key("number")}),)), text)
    assert limited((1.0, (frozenset({word_key("players")}),)), text)
