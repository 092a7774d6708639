"""The asks' CJK terms summed in Python score every row exactly as FTS5's bm25 does."""

from __future__ import annotations

import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.askterms import AskTerms
from rulesdb.build import ASKS, cjk_terms
from rulesdb.index import RulesIndex

_WORDS = ["attack", "card", "many players", "shield", "draw pile", "turn", "crystal", "zzyzx"]
_CJK = ["攻擊", "玩家", "水晶", "晶", "牌", "的", "光明", "黑", "龘", "龘龘"]


def _phrases(index: RulesIndex) -> st.SearchStrategy[list[str]]:
    held = sorted(index.built.ask_terms.shares)
    terms = st.sampled_from(held) | st.sampled_from(_CJK)
    return st.lists(st.sampled_from(_WORDS) | terms, min_size=1, max_size=30)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_best_asks_are_fts5s_to_the_last_bit(real_index: RulesIndex, data: st.DataObject) -> None:
    terms = real_index.built.ask_terms
    assert terms.ready  # the real texts' CJK terms are summed in Python
    expression = " OR ".join(f'"{phrase}"' for phrase in data.draw(_phrases(real_index)))
    game = data.draw(st.sampled_from([None, *(info.game for info in real_index.games())]))
    bounds = real_index.built.ask_ids[game]
    fts5 = list(real_index.built.db.execute(terms.best_sql, (expression, *bounds)))
    assert terms.best(expression, *bounds) == fts5


def _table(asks: list[str]) -> tuple[sqlite3.Connection, list[tuple[int, str]]]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE asks USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2')")
    rows = [(rowid, cjk_terms(ask)) for rowid, ask in enumerate(asks)]
    db.executemany("INSERT INTO asks (rowid, text) VALUES (?, ?)", rows)
    return db, rows


def test_a_term_fts5_cuts_otherwise_leaves_the_scoring_to_fts5() -> None:
    # "・" is no letter: FTS5 reads ア・イ as two tokens, so no term is summed in Python.
    db, rows = _table(["ア・イ の 攻擊", "攻擊 玩家", "attack 玩家 玩家"])
    terms = AskTerms(db, "asks", rows, ASKS)
    assert not terms.ready
    expression = '"攻擊" OR "玩家" OR "ア"'
    assert terms.best(expression, 0, 10) == list(db.execute(terms.best_sql, (expression, 0, 10)))


def test_a_small_table_scores_as_fts5() -> None:
    db, rows = _table(["攻擊 玩家", "attack 玩家 玩家 and more words", "水晶球 攻擊", "how many players 攻擊"])
    terms = AskTerms(db, "asks", rows, 2)  # two rows a slot
    assert terms.ready
    for expression in (
        '"攻擊" OR "玩家"',
        '"attack" OR "玩家"',
        '"many players" OR "攻擊" OR "水晶" OR "龘"',
        '"attack"',
    ):
        assert terms.best(expression, 0, 3) == list(db.execute(terms.best_sql, (expression, 0, 3)))
        assert terms.best(expression, 1, 2) == list(db.execute(terms.best_sql, (expression, 1, 2)))
