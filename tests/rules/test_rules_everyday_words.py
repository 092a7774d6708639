"""Issue 40, bug 3: everyday words a table uses for the rules' words (扔 to discard, 獲勝 and
贏 to win, 跳槽 to switch sides, 被打敗 defeated, 初始 the start, 參戰 a fight, 得分 the
score, 抽完 and 打空 a pile run out, 剩下 the rest, 挑 to choose, 目標 the goal, 流程 a turn's
steps, 扣血 damage, 一共 the total, 幫 to help, 劍 a sword; an opening hand, a helper) find
them, in every game whose titles and topics hold the English, in either script."""

from __future__ import annotations

import pytest

from rulesdb.index import RulesIndex
from rulesdb.query import traditional


@pytest.mark.parametrize(
    ("game", "question", "words"),
    [
        ("tkc", "金袋可以扔嗎", {"discard"}),
        ("mm5", "要怎样才能获胜", {"win"}),
        ("skd", "遊戲的目標", {"goal"}),
        ("tkc", "一回合的流程", {"flow", "steps", "sequence"}),
        ("skd", "被打會扣血嗎", {"damage"}),
        ("mm5", "起手有幾張", {"starting", "start"}),
        ("mm5", "抽到寶石怎麼辦", {"draw"}),
        ("tkc", "打中了拿什麼", {"hit"}),
        ("mm5", "别人打架时我能帮谁", {"reinforcement"}),
        ("tkc", "劍可以棄幾張", {"sword"}),
        ("tkc", "最后谁赢", {"win", "winner"}),
        ("skd", "贏了就結束嗎", {"win", "winner"}),
        ("mm5", "想跳槽去另一邊", {"switch"}),
        ("mm5", "角色被打敗之後", {"defeated"}),
        ("skd", "魔王被打倒了", {"defeated"}),
        ("skd", "初始等級是多少", {"starting", "start"}),
        ("mm5", "誰要參戰", {"combat", "battle", "fight"}),
        ("tkc", "誰得分", {"score", "points"}),
        ("skd", "牌庫抽完以後呢", {"empty", "run out"}),
        ("skd", "牌庫打空了", {"empty"}),
        ("skd", "剩下的牌呢", {"remaining", "left"}),
        ("skd", "英雄怎麼挑", {"choose", "pick"}),
    ],
)
def test_everyday_chinese_is_read_as_the_rules_words(
    real_index: RulesIndex, game: str, question: str, words: set[str]
) -> None:
    understood = set(real_index.reader.read(traditional(question), game).understood.words)
    assert understood & words, understood


def test_everyday_chinese_finds_the_rule_first(real_index: RulesIndex) -> None:
    assert real_index.search("金袋可以扔嗎", game="tkc", limit=1)[0].section.id == "tkc.ruling.discard"
    assert real_index.search("要怎樣才能獲勝", game="mm5", limit=1)[0].section.id in (
        "mm5.ruling.winner",
        "mm5.end.winner",
    )


@pytest.mark.parametrize(
    ("game", "question", "word"),
    [
        ("skd", "my opening hand", "starting"),
        ("tkc", "can one shield stop it", "block"),
        ("mm5", "a helper", "reinforcement"),
    ],
)
def test_everyday_english_is_read_as_the_rules_words(
    real_index: RulesIndex, game: str, question: str, word: str
) -> None:
    """An opening hand is the starting hand, stopping an attack blocks it, a helper reinforces."""
    assert word in real_index.reader.read(question, game).understood.words


def test_helping_another_player_is_mm5s_reinforcement(real_index: RulesIndex) -> None:
    """幫 (to help), as "help" in English: in Monster Maker 5 a player helps by reinforcing."""
    for question in ("別人打架時我能幫誰", "可以出人物幫朋友嗎"):
        first = real_index.search(question, game="mm5", limit=1)[0].section.id
        assert first in ("mm5.combat.reinforcement", "mm5.ruling.reinforcement"), (question, first)


def test_a_sword_said_short_is_the_sword_card(real_index: RulesIndex) -> None:
    """劍, as a table says the 寶劍 (sword) card: discarding swords is a rule, not uncovered."""
    answer = real_index.ask("劍可以棄幾張", game="tkc", limit=3)
    assert answer.covered and "tkc.ruling.discard" in [s.id for hit in answer.hits for s in hit.shown]
