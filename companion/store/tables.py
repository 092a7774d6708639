"""The SQLModel tables, column for column as the numbered migrations create them.

The migrations stay the truth about a file: these classes never create a table on a user's
file, and a test checks them against a freshly migrated one (`PRAGMA table_info`). Their types
are the file's own (TEXT, INTEGER, BLOB), so `finished` is an INTEGER here and becomes a bool
at the repository's boundary; nothing above the store holds one of these rows.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, LargeBinary, Text
from sqlmodel import Field, SQLModel

AUTOINCREMENT = {"sqlite_autoincrement": True}


def text_column(**kw: Any) -> Any:
    return Field(sa_type=Text, **kw)


class SessionRow(SQLModel, table=True):
    __tablename__ = "session"
    __table_args__ = AUTOINCREMENT

    id: int | None = Field(default=None, primary_key=True)
    game: str = text_column()
    title: str = text_column()
    players: str = text_column()
    options: str = text_column()
    cursor: int = 0
    created: str = text_column()
    updated: str = text_column()
    summary: str = text_column(default="")
    finished: int = Field(default=0, sa_type=Integer)
    version: int = 0


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    __table_args__ = AUTOINCREMENT

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="session.id", ondelete="CASCADE")
    seq: int
    payload: str = text_column()
    turn: str = text_column()
    text: str = text_column()
    created: str = text_column()
    dropped: int = 0
    joined: int = Field(default=0, sa_type=Integer)  # recorded in one typed line with the action before


class CardRow(SQLModel, table=True):
    __tablename__ = "card"
    __table_args__ = AUTOINCREMENT

    id: int | None = Field(default=None, primary_key=True)
    game: str = text_column()
    kind: str = text_column()
    name: str = text_column()
    data: str = text_column()
    updated: str = text_column()


class SnapshotRow(SQLModel, table=True):
    """The state after `seq` events as JSON, so reopening a long session replays only its tail."""

    __tablename__ = "snapshot"

    session_id: int = Field(foreign_key="session.id", ondelete="CASCADE", primary_key=True)
    seq: int = Field(primary_key=True)
    version: str = text_column()
    data: bytes = Field(sa_type=LargeBinary)
    digest: str = text_column(default="")  # of the log prefix and of `data` (snapshots.digest)


class PlayerRow(SQLModel, table=True):
    """A person known across sessions; the name is unique ignoring case (an index on the file)."""

    __tablename__ = "player"
    __table_args__ = AUTOINCREMENT

    id: int | None = Field(default=None, primary_key=True)
    name: str = text_column()
    created: str = text_column()


class SeatRow(SQLModel, table=True):
    """Which player sat at a session's seat (0 = the first in seat order)."""

    __tablename__ = "seat"

    session_id: int = Field(foreign_key="session.id", ondelete="CASCADE", primary_key=True)
    position: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class OutcomeRow(SQLModel, table=True):
    """A finished session's result, play time and figures (JSON), as of the session's log version."""

    __tablename__ = "outcome"

    session_id: int = Field(foreign_key="session.id", ondelete="CASCADE", primary_key=True)
    version: int
    data: str = text_column()


class MetaRow(SQLModel, table=True):
    """A setting the file keeps for itself: "me" (the player the exports call the user)."""

    __tablename__ = "meta"

    key: str = text_column(primary_key=True)
    value: str = text_column()


class ServingRow(SQLModel, table=True):
    """Who serves a session's seats: the address the links start with, whether every seat
    records, and the serving process (pid and its start mark, to tell a live one)."""

    __tablename__ = "serving"

    session_id: int = Field(foreign_key="session.id", ondelete="CASCADE", primary_key=True)
    address: str = text_column()
    everyone: int = Field(sa_type=Integer)
    pid: int
    started: str = text_column()


class SeatLinkRow(SQLModel, table=True):
    """A served seat's player and the token its link carries."""

    __tablename__ = "seat_link"

    session_id: int = Field(foreign_key="serving.session_id", ondelete="CASCADE", primary_key=True)
    position: int = Field(primary_key=True)
    name: str = text_column()
    token: str = text_column()


TABLES = (
    SessionRow,
    EventRow,
    CardRow,
    SnapshotRow,
    PlayerRow,
    SeatRow,
    OutcomeRow,
    MetaRow,
    ServingRow,
    SeatLinkRow,
)
