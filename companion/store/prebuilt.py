"""The hot path's statements: built from the tables with SQLAlchemy once, run on sqlite3.

Recording an action runs three statements; through `Connection.execute` each pays for
SQLAlchemy's execution machinery (the statement cache, events, parameter processing, a result
object): at a player's pace, with the processor's caches cold between actions, about 0.1 ms a
statement, more than SQLite's own work. A `Prebuilt` is compiled once, at import, from the
same Core statement, to SQLite's SQL with named parameters, and run straight on the held
sqlite3 connection inside the door's transaction (a value left out is sqlite3's error, never a
NULL written). It is refused at import if any of its
values would need a conversion SQLAlchemy does and sqlite3 does not (a bind processor), so
the same rows reach the file either way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.dialects import sqlite
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

_DIALECT = sqlite.dialect(paramstyle="named")


class Prebuilt:
    def __init__(self, statement: ClauseElement, columns: Sequence[str] | None = None) -> None:
        compiled = statement.compile(dialect=_DIALECT, column_keys=list(columns) if columns else None)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.fixed: dict[str, Any] = {}  # values written in the statement, e.g. the 1 of `version + 1`
        for bind, name in compiled.bind_names.items():
            if bind.type.bind_processor(_DIALECT) is not None:
                raise TypeError(f"{name} needs SQLAlchemy's conversion: run it with Connection.execute")
            if not bind.required:
                self.fixed[name] = bind.effective_value

    def run(self, con: Connection, values: Mapping[str, Any]) -> sqlite3.Cursor:
        return _raw(con).execute(self.sql, {**self.fixed, **values})

    def run_many(self, con: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        _raw(con).executemany(self.sql, [{**self.fixed, **row} for row in rows])


def _raw(con: Connection) -> sqlite3.Connection:
    raw = con.connection.driver_connection
    assert isinstance(raw, sqlite3.Connection)
    return raw
