"""SQLModel tables as the current schema has them (the DDL itself lives in migrations)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class SessionRow(SQLModel, table=True):
    __tablename__ = "session"

    id: int | None = Field(default=None, primary_key=True)
    game: str
    title: str
    players: str
    options: str
    cursor: int = 0
    created: str
    updated: str
    summary: str = ""
    finished: bool = False


class EventRow(SQLModel, table=True):
    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="session.id")
    seq: int
    payload: str
    turn: str
    text: str
    created: str
    dropped: int = 0


class CardRow(SQLModel, table=True):
    __tablename__ = "card"

    id: int | None = Field(default=None, primary_key=True)
    game: str
    kind: str
    name: str
    data: str
    updated: str


class SnapshotRow(SQLModel, table=True):
    """A pickled state after `seq` events, so reopening a long session replays only its tail."""

    __tablename__ = "snapshot"

    session_id: int = Field(foreign_key="session.id", primary_key=True)
    seq: int = Field(primary_key=True)
    version: str
    data: bytes
