"""Issue 40: a question typed at a busy table. A chat spelling ("ppl") is read as the word it
spells, wherever the question is read (a head count, a key word)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex

CHAT = {"ppl": "people", "peeps": "people", "dmg": "damage", "pts": "points", "b4": "before"}
WORDS = ("can", "we", "play", "with", "the", "crown", "how", "many", "4", "do", "take", "draw", "after", "swords")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=5), st.sampled_from(sorted(CHAT)), st.booleans())
def test_a_chat_spelling_is_read_as_its_word(real_index: RulesIndex, words: list[str], chat: str, upper: bool) -> None:
    typed = " ".join([*words, chat.upper() if upper else chat, "play"])
    spelled = " ".join([*words, CHAT[chat], "play"])
    read, meant = real_index.reader.read(typed, "tkc"), real_index.reader.read(spelled, "tkc")
    assert read.asked.words == meant.asked.words
    assert read.expressions == meant.expressions


def test_a_head_count_in_chat_is_the_players(real_index: RulesIndex) -> None:
    answer = real_index.ask("can 6 ppl play", game="tkc", limit=3)
    assert answer.covered
    assert answer.hits[0].section.id == "tkc.ruling.components"
