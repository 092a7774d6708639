"""A Chinese question's section and original searches summed in Python score every row as FTS5's bm25."""

from __future__ import annotations

import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.build import split_cjk
from rulesdb.gramterms import GramTerms
from rulesdb.index import RulesIndex

_OTHERS = ["龘", "龘 龘", "攻 擊 龘", "attack", "水 晶 球", "的 的", "・"]


def _phrases(terms: GramTerms, all_terms: list[GramTerms]) -> st.SearchStrategy[list[str]]:
    held = sorted(terms.shares)
    chars = sorted(terms.places)
    # Characters of the texts that the table may not hold (the other table's).
    chars += sorted(set().union(*(table.places for table in all_terms)) - set(chars))[:50]
    piece = st.lists(st.sampled_from(chars), min_size=1, max_size=5).map(" ".join)
    known = st.sampled_from(held).map(" ".join) | piece
    # Now and then a phrase FTS5 is left to score (a character no row holds, English, no letter).
    other = st.lists(st.sampled_from(_OTHERS), max_size=1)
    return st.tuples(st.lists(known, min_size=1, max_size=30), other).map(lambda drawn: drawn[0] + drawn[1])


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_gram_rows_are_fts5s_to_the_last_bit(real_index: RulesIndex, data: st.DataObject) -> None:
    built = real_index.built
    terms = built.gram_terms[data.draw(st.sampled_from(["section", "original"]))]
    assert terms.shares  # the real texts' CJK is summed in Python
    expression = " OR ".join(f'"{phrase}"' for phrase in data.draw(_phrases(terms, list(built.gram_terms.values()))))
    game = data.draw(st.sampled_from([None, *(info.game for info in real_index.games())]))
    bounds = built.rowids.get(game, (0, -1))
    fts5 = [(rowid, rank) for rowid, rank in built.db.execute(terms.sql, (expression, *bounds))]
    assert terms.rows(expression, *bounds) == [row for row in fts5 if row[0] not in terms.left_out]


def test_a_small_table_scores_as_fts5() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE section USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2')")
    texts = ["攻擊玩家", "attack 玩家玩家 and more words", "水晶球 攻擊 水晶球", "how many 水水水 players", "ア・イ"]
    db.executemany("INSERT INTO section (rowid, text) VALUES (?, ?)", [(n, split_cjk(t)) for n, t in enumerate(texts)])
    for weight, left_out in ((1.0, frozenset()), (0.4, frozenset({2})), (2.7, frozenset({0, 4}))):
        _scores_as_fts5(GramTerms(db, "section", weight, left_out))


def _scores_as_fts5(terms: GramTerms) -> None:
    for expression in (
        '"攻 擊" OR "玩 家"',
        '"水 晶 球" OR "水" OR "晶 球"',
        '"水 水" OR "水 水 水" OR "龘"',
        '"attack" OR "玩 家"',
        '"ア" OR "攻"',
    ):
        for bounds in ((0, 4), (1, 2)):
            fts5 = terms.db.execute(terms.sql, (expression, *bounds))
            assert terms.rows(expression, *bounds) == [row for row in fts5 if row[0] not in terms.left_out]
