"""The hot path's statements run on sqlite3 directly (companion/store/prebuilt.py): the same rows
reach the file as through SQLAlchemy, a statement that would need SQLAlchemy's conversions is
refused when it is built, and an error SQLite raises there is the store's error, nothing saved."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Boolean, Column, Integer, MetaData, Table, insert, select

from companion.games.free import Adjust
from companion.store.files import StoreError
from companion.store.prebuilt import Prebuilt
from companion.store.repo import Repository
from companion.store.sessions import E
from companion.store.writing import ADD_EVENT, EVENT_COLUMNS
from tests.conftest import examples
from tests.store.test_store import play

# Any text a player could type or a game could write (SQLite stores no lone surrogates, by
# either path), any whole number SQLite holds.
words = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=40)
whole = st.integers(min_value=-(2**63), max_value=2**63 - 1)
row = st.fixed_dictionaries(
    {"payload": words, "turn": words, "text": words, "created": words, "dropped": whole, "joined": whole}
)


@settings(max_examples=examples(40), deadline=None)
@given(rows=st.lists(row, min_size=1, max_size=5))
def test_prebuilt_rows_read_back_as_sqlalchemys_own(tmp_path_factory, rows):
    repo = Repository.open(tmp_path_factory.mktemp("prebuilt") / "c.db")
    try:
        ours, theirs = play(repo, 0)[0], play(repo, 0)[0]
        with repo.writing() as con:
            ADD_EVENT.run_many(con, [{**r, "session_id": ours, "seq": i} for i, r in enumerate(rows, 1)])
            con.execute(insert(E), [{**r, "session_id": theirs, "seq": i} for i, r in enumerate(rows, 1)])
        with repo.reading() as con:
            shown = [E.c[name] for name in EVENT_COLUMNS if name != "session_id"]
            read = [
                con.execute(select(*shown).where(E.c.session_id == sid).order_by(E.c.seq)).all()
                for sid in (ours, theirs)
            ]
        assert read[0] == read[1]
        assert [r.text for r in read[0]] == [r["text"] for r in rows]
    finally:
        repo.close()


def test_a_statement_that_needs_sqlalchemys_conversion_is_refused_when_built():
    flags = Table("flags", MetaData(), Column("id", Integer, primary_key=True), Column("on", Boolean))
    with pytest.raises(TypeError, match="conversion"):
        Prebuilt(insert(flags), ["id", "on"])
    assert "INSERT INTO flags (id)" in Prebuilt(insert(flags), ["id"]).sql


def test_sqlites_error_on_the_hot_path_is_the_stores_and_saves_nothing(repo, db_path):
    sid, tl = play(repo, 3)
    with repo.writing() as con:
        con.exec_driver_sql(
            "CREATE TRIGGER full BEFORE INSERT ON event BEGIN SELECT RAISE(ABORT, 'the disk is full'); END"
        )
    with pytest.raises(StoreError, match="the disk is full"):
        repo.record(sid, tl, tl.record(Adjust("HP", 0, 1)))
    raw = sqlite3.connect(db_path)
    assert raw.execute("SELECT cursor, version FROM session WHERE id = ?", (sid,)).fetchone()[0] == 3
    assert raw.execute("SELECT count(*) FROM event WHERE session_id = ?", (sid,)).fetchone() == (3,)
    raw.execute("DROP TRIGGER full")
    raw.commit()
    raw.close()
    after = tl.record(Adjust("HP", 0, 1))
    repo.record(sid, tl, after)  # the door is whole after the refusal: the same action saves now
    assert Repository.open(db_path).load(sid).timeline.cursor == 4


def test_a_statement_built_at_any_time_runs_as_written(repo):
    """Built here (not at import): a value written in the statement (`version + 1`) is kept as
    written, the values asked for are the caller's, SQLite's own syntax (an upsert) is kept."""
    from sqlalchemy import bindparam, func, update
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    from companion.store.sessions import P, S

    sid = play(repo, 1)[0]
    bump = Prebuilt(update(S).where(S.c.id == bindparam("sid")).values(version=S.c.version + 1))
    assert list(bump.fixed.values()) == [1]
    count = Prebuilt(select(func.count()).select_from(E).where(E.c.session_id == bindparam("sid")))
    with repo.writing() as con:
        before = con.execute(select(S.c.version).where(S.c.id == sid)).scalar_one()
        bump.run(con, {"sid": sid})
        assert con.execute(select(S.c.version).where(S.c.id == sid)).scalar_one() == before + 1
        assert count.run(con, {"sid": sid}).fetchone() == (1,)
        # SQLite's own names: char_length is length() there
        title = Prebuilt(select(func.char_length(S.c.title)).where(S.c.id == bindparam("sid")))
        assert title.run(con, {"sid": sid}).fetchone() == (len("Test"),)
    upsert = sqlite_insert(P)
    assert "ON CONFLICT" in Prebuilt(upsert.on_conflict_do_nothing(), ["session_id", "seq"]).sql
