"""The SQLModel classes and the numbered migrations describe the same tables, column by column."""

from __future__ import annotations

import sqlite3

from sqlalchemy.dialects import sqlite

from companion.store.repo import Repository
from companion.store.tables import TABLES


def file_columns(con: sqlite3.Connection, table: str) -> list[tuple[str, str, bool, int]]:
    rows = con.execute(f"PRAGMA table_info({table})").fetchall()
    # An INTEGER PRIMARY KEY is SQLite's rowid and can never be NULL, declared so or not.
    return [(name, kind, bool(notnull) or bool(pk), pk) for _, name, kind, notnull, _, pk in rows]


def class_columns(model: type) -> list[tuple[str, str, bool, int]]:
    table = model.__table__  # type: ignore[attr-defined]
    keys = [c.name for c in table.primary_key.columns]
    return [
        (
            c.name,
            c.type.compile(dialect=sqlite.dialect()),
            not c.nullable or c.primary_key,
            keys.index(c.name) + 1 if c.primary_key else 0,
        )
        for c in table.columns
    ]


def foreign_keys(con: sqlite3.Connection, table: str) -> set[tuple[str, str, str]]:
    return {(r[3], r[2], r[4]) for r in con.execute(f"PRAGMA foreign_key_list({table})")}


def test_the_classes_match_a_freshly_migrated_file(db_path):
    Repository.open(db_path).close()
    con = sqlite3.connect(db_path)
    on_file = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert on_file - {"sqlite_sequence"} == {m.__tablename__ for m in TABLES}
    for model in TABLES:
        name = model.__tablename__
        assert class_columns(model) == file_columns(con, name), name
        table = model.__table__  # type: ignore[attr-defined]
        declared = {(fk.parent.name, fk.column.table.name, fk.column.name) for fk in table.foreign_keys}
        assert declared == foreign_keys(con, name), name
    con.close()
