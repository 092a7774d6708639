"""A question a table really asks is never called "No rule covers this".

Each section's ``asks`` are questions its writers say it answers, written without any question
set: every one of them must be covered (a property over the real texts, not a special case:
an ask is searched as any question is). Beside it, each way the answerability decision used to
overreach on them, said in other words, and its uncovered twin that must stay uncovered.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesdb.index import RulesIndex
from rulesdb.query import cut_cjk, traditional
from rulesdb.texts import Texts, load


def test_every_ask_of_every_section_is_covered(real_index: RulesIndex) -> None:
    called_uncovered = [
        f"{section.id}: {ask}"
        for section in real_index.built.sections
        for ask in section.asks
        if not real_index.ask(ask, game=section.game, limit=1).covered
    ]
    assert called_uncovered == []


@pytest.mark.parametrize(
    ("run", "pieces"),
    [
        ("沒劍可扔咋辦", ["沒劍可扔"]),
        ("盒裡有啥配件", ["盒裡有", "配件"]),
        ("教一下唄", ["教"]),
        ("咋办", []),
        # "what happens", a greeting, "like this", "allowed", "the difference": the question's frame
        ("敵人魔力滿了會發生什麼", ["敵人魔力滿"]),
        ("抽完了会怎么样", ["抽完"]),
        ("請教一下刺擊和揮砍的差別", ["刺擊和揮砍"]),
        ("他們這樣出牌允許嗎", ["出牌"]),
    ],
)
def test_spoken_question_words_cut_a_chinese_run(run: str, pieces: list[str]) -> None:
    assert cut_cjk(traditional(run)) == pieces


@pytest.mark.parametrize(
    ("game", "question", "covered"),
    [
        # Chinese in words only the asks use (tkc's rules are English; 懶人包 is no rule's word)
        ("skd", "打一下會掉多少血", True),
        ("mm5", "有沒有規則懶人包", True),
        ("skd", "有計時器嗎", False),
        # "what happens" is the question's frame, never what it asks about
        ("skd", "敵人魔力攢夠會發生什麼", True),
        ("tkc", "遊戲有沒有計時器", False),
        # the thing a count is of: a phrase, after "copies of"; none when a verb follows
        ("skd", "how many split colour cards are in the box", True),
        ("tkc", "how many copies of each card are in the deck", True),
        ("tkc", "how many am I dealt at the start", True),
        ("tkc", "how many minutes per turn", False),
        ("skd", "how many hours does a game take", False),
        # a kind's word in the rules' sense, or a question of a kind that asks what the rules say
        ("tkc", "which attack is the strongest", True),
        ("mm5", "which character is the strongest", False),
        ("tkc", "we knocked the deck over, how many of each card should there be", True),
        ("tkc", "the piles got knocked over and mixed together, what now", False),
        ("mm5", "does the box include an expansion", True),
        ("mm5", "can we mix the expansion in", False),
        ("tkc", "is it a free-for-all or do we play in teams", True),
        ("tkc", "can we play in teams of two", False),
    ],
)
def test_a_table_question_is_covered_and_its_uncovered_twin_is_not(
    real_index: RulesIndex, game: str, question: str, covered: bool
) -> None:
    assert real_index.ask(question, game=game, limit=3).covered is covered


def test_what_happens_finds_the_rule_on_the_thing_it_happens_to(real_index: RulesIndex) -> None:
    """會發生什麼 ("what happens") is no key word: the draw pile running out is what is asked."""
    answer = real_index.ask("補充牌堆抽完了會發生什麼事", game="tkc", limit=3)
    assert answer.covered and answer.hits[0].section.id in ("tkc.ruling.end-trigger", "tkc.end.trigger")


UNSEEN = [
    ("skd", "one token is the tens and the other the units, right?"),
    ("tkc", "nobody blocked, so my attack goes through"),
    ("mm5", "can the good guys beat up other good guys"),
    ("tkc", "I've drawn my two cards and I'd rather not attack or throw anything away; am I forced to do one of them"),
]


def test_an_ask_the_index_never_saw_is_still_covered() -> None:
    """A table's question in words of its own, some of them chat (tens and units, good guys,
    goes through), is answered when a passage holds enough of its key words (``covered``):
    asked of an index built without these asks, none is called uncovered."""
    texts = load()
    unseen = {ask for _, ask in UNSEEN}
    sections = tuple(
        replace(s, asks=tuple(a for a in s.asks if not a.startswith(tuple(unseen)))) for s in texts.sections
    )
    index = RulesIndex(Texts(texts.games, sections, texts.synonyms))
    flagged = [ask for game, ask in UNSEEN if not index.ask(ask, game=game, limit=3).covered]
    assert flagged == []
