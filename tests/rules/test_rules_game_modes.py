"""A question that offers the two ways a game could be played, together or against each other
("合作還是對戰", "co-op or competitive"), asks which one the game is: the rules say (skd is
cooperative), so it is answered, never "No rule covers this". Asking for the other way as a
mode of its own (對戰模式, "can we play competitively") is still a variant no rule covers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import normalise, traditional
from rulesdb.tablekinds import VERSUS

TOGETHER_ZH = ["一起合作", "合作", "大家一起打魔王", "一起玩", "協力", "合作的"]
APART_ZH = ["互相對戰", "對戰", "互打的", "各玩各的", "互相競爭", "对战", "互相对抗"]
EITHER_ZH = ["還是", "还是", "或是"]
TOGETHER_EN = ["co-op", "cooperative", "coop", "played together"]
APART_EN = ["competitive", "pvp", "versus", "against each other"]


def _read(text: str) -> str:
    return traditional(normalise(text)).lower()


@settings(max_examples=40, deadline=None)
@given(
    before=st.sampled_from(["", "這款是大家", "这个游戏是", "請問這遊戲是"]),
    together=st.sampled_from(TOGETHER_ZH),
    either=st.sampled_from(EITHER_ZH),
    apart=st.sampled_from(APART_ZH),
    flipped=st.booleans(),
    end=st.sampled_from(["", "？", "啊", "的?"]),
)
def test_a_choice_of_the_two_ways_in_chinese_asks_a_rule(
    real_index: RulesIndex, before: str, together: str, either: str, apart: str, flipped: bool, end: str
) -> None:
    first, second = (apart, together) if flipped else (together, apart)
    question = f"{before}{first}{either}{second}{end}"
    assert not VERSUS.asked(_read(question)), question
    answer = real_index.ask(question, game="skd", limit=3)
    assert answer.covered, question


@settings(max_examples=20, deadline=None)
@given(
    together=st.sampled_from(TOGETHER_EN),
    apart=st.sampled_from(APART_EN),
    flipped=st.booleans(),
    before=st.sampled_from(["is it ", "is this game ", "quick one, is it "]),
)
def test_a_choice_of_the_two_ways_in_english_is_no_variant(
    together: str, apart: str, flipped: bool, before: str
) -> None:
    first, second = (apart, together) if flipped else (together, apart)
    assert not VERSUS.asked(_read(f"{before}{first} or {second}?"))


def test_the_other_way_asked_for_is_still_a_variant() -> None:
    for question in ("可以改成對戰模式嗎", "合作模式玩膩了，有對戰模式嗎", "can we play competitive instead of co-op"):
        assert VERSUS.asked(_read(question)), question
