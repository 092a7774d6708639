"""The table screen follows its session's file: what a seat's phone (or another window)
records shows here without a key.

Every FOLLOW_SECONDS the screen asks its own door whether another connection committed to the
file since the last look (`PRAGMA data_version` on the window's own connection: a few
microseconds, no page read). SQLite never counts a connection's own commits there, so the
window's own actions are never read back nor folded again: its timeline is already what it
wrote. Only another's commit starts a worker reading the session, with a
`companion.store.follow.Follower` on a read-only connection (just the events after the ones it
holds). What it read is shown when the screen can take it: not while an action of this window
waits for the write lock (that save settles first), nor while another screen or a modal is
over the table. An open entry line stays open with its text, and its Enter is judged against
the state shown by then; a write that still races another one is refused by the store's
version check, with its message.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from textual import work
from textual.timer import Timer

from companion.store.files import StoreError
from companion.store.follow import Follower
from companion.store.repo import Loaded, Repository
from companion.timeline import Timeline
from screens.store_access import db_file, store
from screens.table_host import TableHost
from screens.table_parts import options_line

FOLLOW_SECONDS = 0.5  # an idle look costs microseconds (see tests/ui/test_table_follows.py)
GONE = "This session was deleted in another window."

# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class FollowFile(_Host):
    """Mixed into TableScreen, which gives the timeline and paints it when it is replaced."""

    timeline: Timeline | None
    viewing: int | None
    session_id: int
    _saving: Timeline | None
    damage: str
    title_text: str
    options_text: str
    _follower: Follower | None = None
    _others: int | None = None  # the door's data_version at the last look: others' commits
    _followed: tuple[Loaded | None] | None = None  # read, not shown yet; (None,) once deleted
    _reading = False  # a worker is reading the file
    _follow_ended = False  # the screen is gone: the worker closes the reader when it ends
    follow_timer: Timer | None = None

    def on_mount(self) -> None:
        self.follow_timer = self.set_interval(FOLLOW_SECONDS, self.follow_file)  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        self._follow_ended = True
        if not self._reading:
            self._close_follower()

    @property
    def _closing_down(self) -> bool:
        """The screen is being removed (its window closing): its widgets may be gone already."""
        return self._follow_ended or self._pruning or self._closing  # type: ignore[attr-defined]

    def follow_file(self) -> None:
        """One look: show what was read if the screen can take it now; else, if another
        connection committed to the file since the last look, read the session in a worker."""
        if self._closing_down or not self.is_current or self.timeline is None or self.damage:  # type: ignore[attr-defined]
            return
        if self._followed is not None:
            if self._saving is None:
                self._take(self._followed[0])
            return
        if self._reading or self._saving is not None:
            return
        try:
            version = store(self.app).data_version_now()
            if version is None or version == self._others:
                return
            if self._follower is None:
                self._follower = Follower(Repository.reader(db_file(self.app)), self.session_id)
        except Exception:  # a file SQLite refuses now: the next look tries again; ctrl+r says why
            return
        self._others = version
        self._reading = True
        self._read_file(self._follower)

    def read_session(self) -> Loaded:
        """The session, read whole through the window's door (from the load worker). The door's
        data_version is noted first: a commit by another landing during the read is looked at."""
        repo = store(self.app)
        self._others = repo.data_version()
        return repo.load_readable(self.session_id)

    @work(thread=True, group="follow")
    def _read_file(self, follower: Follower) -> None:
        changed, loaded = False, None
        with contextlib.suppress(Exception):  # a log this version cannot replay: ctrl+r says why
            changed, loaded = follower.poll()
        self.app.call_from_thread(self._read_done, changed, loaded)

    def _read_done(self, changed: bool, loaded: Loaded | None) -> None:
        self._reading = False
        if self._closing_down:
            if self._follow_ended:
                self._close_follower()
            return
        if changed:
            self._followed = (loaded,)
            self.follow_file()  # shown now, if the screen is free

    def _take(self, loaded: Loaded | None) -> None:
        self._followed = None
        if loaded is None:
            self.session_gone(GONE)
            return
        try:
            newer = store(self.app).adopt(loaded)  # the window's next write builds on it
        except StoreError:
            return
        if not newer:  # what this window wrote itself (or older than that)
            return
        tl: Any = loaded.timeline
        self.title_text = loaded.info.title
        self.options_text = options_line(tl.game, loaded.info.options)
        if self.viewing is not None and self.viewing >= tl.cursor:
            self.viewing = None  # the action looked at was undone elsewhere
        self.timeline = tl

    def _close_follower(self) -> None:
        if self._follower is not None:
            self._follower.repo.close()
            self._follower = None
