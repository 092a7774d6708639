"""Issue 40, bug 1: house matters (card sleeves, a player's age, colour blindness, playing online,
the language on the cards, who shuffles, looking through or counting a pile, a series of games, a
harder mode) are answered "No rule covers this" in English and in Chinese in either script; the same words where a rule or the
box page speaks of them are still answered."""

from __future__ import annotations

import pytest

from rulesdb.housekinds import AGE, HOUSE, LANGUAGE, MODE, PILES, SERIES, SLEEVES, WHO_SHUFFLES
from rulesdb.index import RulesIndex
from rulesdb.offtable import KINDS, off_table

HOUSE_MATTERS = [
    ("tkc", "is it ok for a 6 year old"),
    ("tkc", "who shuffles before the game"),
    ("mm5", "谁来洗牌"),
    ("tkc", "誰負責洗牌"),
    ("skd", "can I look through the discard pile during the fight"),
    ("mm5", "may I count the cards left in the deck"),
    ("tkc", "do these cards need sleeves"),
    ("skd", "my friend is colour blind, can she play"),
    ("mm5", "可以線上玩嗎"),
    ("skd", "do you need to understand Japanese to play"),
    # A series of games, a mode the game lacks, a deal, a card lost or a die askew, a redeal.
    ("tkc", "can we play a best of three and total the points"),
    ("skd", "is there an expert mode for veterans"),
    ("tkc", "缺了兩張牌還可以玩嗎"),
    ("mm5", "骰子歪掉了算幾點"),
    ("tkc", "the cards were dealt wrong, should we redeal"),
    ("skd", "is there a chinese version of this game"),
]

ANSWERED = [
    # The box page speaks of sleeved cards; the crystal ball takes a card back from the pile;
    # skd's easy mode is for kids.
    ("skd", "do sleeved cards still fit in the third edition box", "skd.about.box-editions"),
    ("tkc", "can I dig through the discard pile with a crystal ball", "tkc.crystal-ball.take-back"),
    ("skd", "my kids find it hard, is there an easier setup", "skd.easy.mode"),
    ("mm5", "how do we pick the first player, by age or by a roll", "mm5.ruling.initiative"),
    # Dealing is no deal between players; an easier mode is skd's own.
    ("tkc", "how many cards does each player get in the deal", "tkc.setup.deal"),
    ("skd", "is there an easier mode for beginners", "skd.easy.mode"),
    ("skd", "what editions of the box are there", "skd.about.box-editions"),
]


@pytest.mark.parametrize(("game", "ask"), HOUSE_MATTERS)
def test_a_house_matter_is_not_covered(real_index: RulesIndex, game: str, ask: str) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]
    assert answer.hits, "the closest passages are still given, labelled as such"


@pytest.mark.parametrize(("game", "ask", "expect"), ANSWERED)
def test_the_same_words_where_a_rule_speaks_of_them_still_answer(
    real_index: RulesIndex, game: str, ask: str, expect: str
) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert answer.covered and expect in [s.id for hit in answer.hits for s in hit.shown]


def test_each_house_kind_reads_a_table_not_a_rule() -> None:
    assert WHO_SHUFFLES.asked("who shuffles the cards") and not WHO_SHUFFLES.asked("shuffle the deck and deal 6")
    assert PILES.asked("can i flip through the discard pile") and PILES.asked("can we count the cards left")
    assert not PILES.asked("can i go through the discard pile for a card")
    assert AGE.asked("what age is it for") and AGE.asked("幾歲可以玩") and not AGE.asked("do my kids get an easy mode")
    assert SLEEVES.asked("what size sleeves") and SLEEVES.asked("要套牌套嗎")
    assert LANGUAGE.asked("do i need to read japanese") and not LANGUAGE.asked("read the card out loud")
    assert LANGUAGE.asked("is there an english edition") and not LANGUAGE.asked("is there a second edition")
    assert SERIES.asked("can we play several games in a row") and not SERIES.asked("show the running totals")
    assert MODE.asked("is there a hard mode") and not MODE.asked("is there an easy mode")


def test_an_answer_that_speaks_of_the_kind_answers() -> None:
    """Who shuffles is answered by a passage naming a dealer, not by one that shuffles."""
    assert off_table("who shuffles first", "shuffle all the cards, then deal each player 6 cards.")
    assert not off_table("who shuffles first", "the dealer shuffles and deals 6 cards.")
    assert all(pair in KINDS for pair in HOUSE)


@pytest.mark.parametrize(
    ("game", "ask", "covered"),
    [
        ("tkc", "在线等 盾怎么挡 power chop", True),  # "waiting online": an answer wanted soon
        ("skd", "在线等，有线上版吗", False),  # and an online edition asked for
        ("mm5", "在线等 能不能网上玩", False),
    ],
)
def test_waiting_online_for_an_answer_asks_nothing_of_playing_online(
    real_index: RulesIndex, game: str, ask: str, covered: bool
) -> None:
    assert real_index.ask(ask, game=game, limit=3).covered is covered
