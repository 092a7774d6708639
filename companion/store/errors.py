"""The store's errors: what a player is told when a file or a session cannot be used.

Apart from the file checks (files.py, which reads SQLite), so a screen that only catches
them imports nothing more before its first frame.
"""

from __future__ import annotations


class StoreError(Exception):
    """A database file Companion cannot use; the message names the file and what to do."""


class StaleSession(StoreError):
    """The session changed in another window since this one loaded it."""


class SessionGone(StaleSession):
    """The session is not in the file (any more): deleted, perhaps in another window."""


class StoreBusy(StoreError):
    """Another program holds the write lock; nothing was written."""


class FileDamaged(StoreError):
    """SQLite found a damaged page while reading (the header and schema were fine)."""


class SessionUnreadable(StoreError):
    """A session's stored rows do not read back (a newer Companion, a bad disk, a hand edit):
    `action` is the first that cannot be read or replayed (0: the session's own row)."""

    def __init__(self, message: str, session_id: int, action: int) -> None:
        super().__init__(message)
        self.session_id = session_id
        self.action = action
