"""Issue 40: the words a table uses for the rules' own (recap, rundown, nutshell, the short version,
摘要, 重點整理, 懶人包 for a summary; aim, objective for the goal; a tiebreaker a tie; buff, lap,
lore, a jailbreak, pinch ...) are the rules' words: a question in them is covered and finds its
section, never "No rule covers this"."""

from __future__ import annotations

import pytest

from rulesdb.index import RulesIndex


@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("mm5", "a rundown of the rules please"),
        ("tkc", "the rules in a nutshell"),
        ("skd", "the game in a nutshell"),
        ("skd", "有沒有規則摘要"),
        ("tkc", "有懶人包嗎"),
    ],
)
def test_a_summary_word_finds_the_quick_reference(real_index: RulesIndex, game: str, question: str) -> None:
    answer = real_index.ask(question, game=game, limit=3)
    assert answer.covered
    assert answer.hits[0].section.id == f"{game}.quickref"


def test_the_aim_is_asked_of_the_rules(real_index: RulesIndex) -> None:
    """mm5 has no goal page of its own: the aim is still a rules question, answered."""
    assert real_index.ask("what is the aim", game="mm5", limit=3).covered


@pytest.mark.parametrize("game", ["mm5", "tkc"])
def test_a_tiebreaker_is_a_tie(real_index: RulesIndex, game: str) -> None:
    assert "tie" in real_index.reader.read("is there a tiebreaker", game).understood.words


@pytest.mark.parametrize(
    ("game", "question", "word"),
    [
        ("mm5", "does the gem buff my knight", "bonus"),
        ("tkc", "what happens on the final lap", "round"),
        ("mm5", "where does the lore come from", "story"),
        ("mm5", "how does a jailbreak work", "rescue"),
        ("mm5", "can the thief pinch two gems", "steal"),
        ("tkc", "which direction do turns go", "clockwise"),
        ("skd", "may I hoard cards", "keep"),
        ("skd", "an outline of the rules", "summary"),
        ("tkc", "the basics of the game", "summary"),
        ("mm5", "rules overview", "summary"),
        ("skd", "tl;dr please", "summary"),
        ("mm5", "when may I betray the light", "switch"),
        ("skd", "can we bank spare mana", "keep"),
        ("tkc", "may I slap down two swords", "play"),
        ("skd", "I slam down a red 5", "play"),
        ("mm5", "什麼時候可以反水", "switch"),
        ("mm5", "這遊戲的世界觀", "story"),
        ("mm5", "卡牌的畫風", "artwork"),
        ("mm5", "美術是誰畫的", "artwork"),
    ],
)
def test_a_table_word_is_the_rules_word(real_index: RulesIndex, game: str, question: str, word: str) -> None:
    assert word in real_index.reader.read(question, game).understood.words


def test_a_solo_variant_is_still_uncovered(real_index: RulesIndex) -> None:
    """Solo is no word for the players: a one-player variant is what the rules lack."""
    assert not real_index.ask("is there a solo variant", game="mm5", limit=3).covered
