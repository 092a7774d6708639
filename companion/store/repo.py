"""The repository: domain objects in and out of one SQLite file, one short transaction per action.

`Repository` is the one door to the file: nothing else reads or writes its rows (the store's
table modules, players and seats, run their statements in its `reading()` / `writing()`
transactions). It is built by job from the door's modules: `door.py` opens and locks the
file and runs the transactions, `reading.py` lists sessions and folds their logs,
`writing.py` starts, adds, records and moves, `catalogue.py` keeps the file's settings and
card catalogue, `serving.py` the record of who serves a session's seats and their tokens. Rows become the frozen dataclasses of `sessions.py`, so nothing above the
store holds an ORM object, and a database error leaves as a StoreError that names the file.
"""

from __future__ import annotations

from companion.store.catalogue import Catalogue
from companion.store.files import FileDamaged, SessionGone, SessionUnreadable, StaleSession, StoreBusy, StoreError
from companion.store.serving import Serving, ServingDamaged, Servings
from companion.store.sessions import SNAPSHOT_EVERY, Loaded, SessionInfo, summary_of
from companion.store.writing import Writing

__all__ = [
    "SNAPSHOT_EVERY",
    "FileDamaged",
    "Loaded",
    "Repository",
    "Serving",
    "ServingDamaged",
    "SessionGone",
    "SessionInfo",
    "SessionUnreadable",
    "StaleSession",
    "StoreBusy",
    "StoreError",
    "summary_of",
]


class Repository(Writing, Catalogue, Servings):
    """The one door to the file: its sessions, their logs, its settings, its catalogue and the
    seats' server's record."""
