"""A passive 被 marks the verb's compound that follows it: 牌庫被打空 is 被 and 打空 ("emptied"),
被打中 被 and 打中 ("hit"), not 被打 ("attacked") and a character alone; 被打 with nothing
after it that makes a word is still "attacked"."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex


def test_the_passive_keeps_the_compound_after_it(real_index: RulesIndex) -> None:
    segmenter = real_index.reader.segmenter
    assert segmenter.words("牌庫被打空") == ("牌庫", "被", "打空")
    assert "打中" in segmenter.words("被打中了")
    assert segmenter.words("被打") == ("被打",)


def test_an_emptied_pile_reads_as_empty(real_index: RulesIndex) -> None:
    assert "empty" in real_index.reader.read("牌庫被打空了", "skd").understood.words


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="被打空中死倒敗牌庫了人", max_size=12))
def test_no_passive_takes_the_first_character_of_a_word(real_index: RulesIndex, run: str) -> None:
    """Every character kept, and 被打 never followed by characters of no word that begin one
    with 打."""
    segmenter = real_index.reader.segmenter
    words = segmenter.words(run)
    assert "".join(words) == run
    known = segmenter._tokenizer.FREQ
    for word, after in pairwise(words):
        assert not (word == "被打" and known.get("打" + after[0]) and not known.get(after)), words
