"""The door's writes: a session started or added whole, an action recorded, the cursor moved.

Every accepted action is one transaction (WAL; flushed to the disk just after: flush.py)
that also drops an undone branch, moves the cursor and refreshes the session's summary line,
so the home screen lists sessions without replaying them. Each write first checks that the session still looks as
this window last saw it, so two windows on one file never interleave their logs; the later
one is told to reload. Recording and undoing, the hot path, run the statements below,
built once from the tables (prebuilt.py), on the held connection.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy.dialects.sqlite import insert as upsert
from sqlmodel import Session

from companion.core import Game, encode
from companion.store import players as players_store
from companion.store import sessions, snapshots
from companion.store.catalogue import _meta
from companion.store.files import SessionUnreadable, StaleSession, StoreError
from companion.store.prebuilt import Prebuilt
from companion.store.reading import Reading, _salvage_hint
from companion.store.sessions import E, Loaded, P, S, SessionInfo, summary_of
from companion.store.tables import SessionRow
from companion.timeline import LogUnreadable, Timeline

# The hot path, built once: what recording or undoing an action runs (prebuilt.py).
FRESH = Prebuilt(
    select(
        S.c.version, S.c.cursor, select(func.max(E.c.seq)).where(E.c.session_id == bindparam("sid")).scalar_subquery()
    ).where(S.c.id == bindparam("sid"))
)
DROP_EVENTS = delete(E).where(E.c.session_id == bindparam("sid"), E.c.seq > bindparam("after"))
DROP_SNAPSHOTS = delete(P).where(P.c.session_id == bindparam("sid"), P.c.seq > bindparam("after"))
EVENT_COLUMNS = ("session_id", "seq", "payload", "turn", "text", "created", "dropped", "joined")
ADD_EVENT = Prebuilt(insert(E), EVENT_COLUMNS)
TOUCH = Prebuilt(
    update(S)
    .where(S.c.id == bindparam("sid"))
    .values(
        cursor=bindparam("new_cursor"),
        updated=bindparam("now"),
        summary=bindparam("new_summary"),
        finished=bindparam("new_finished"),
        version=S.c.version + 1,
    )
)
PUT_SNAPSHOT = upsert(P)
PUT_SNAPSHOT = PUT_SNAPSHOT.on_conflict_do_update(
    index_elements=[P.c.session_id, P.c.seq],
    set_={
        "version": PUT_SNAPSHOT.excluded.version,
        "data": PUT_SNAPSHOT.excluded.data,
        "digest": PUT_SNAPSHOT.excluded.digest,
    },
)


class Writing(Reading):
    def create(self, game: Game[Any], title: str, players: tuple[str, ...], options: dict[str, Any]) -> Loaded:
        initial = game.setup(players, options)
        now = self.clock()
        timeline = Timeline.start(game, initial)
        with self._session(write=True) as s:
            sid = _insert_session(s, game, title, players, options, timeline, now, now)
        self._seen[sid] = 0
        return Loaded(self.info(sid), timeline)

    def add_session(
        self,
        game: Game[Any],
        title: str,
        players: tuple[str, ...],
        options: dict[str, Any],
        timeline: Timeline,
        times: tuple[tuple[str, str], tuple[str | None, ...]],
    ) -> int:
        """A whole session in one transaction (an import): the session row, its seats, its
        players, its log and undo position, a snapshot if it is long, and the outcome if the
        game is over, so the statistics count it. `times` is (created, updated) and each
        action's time (None: now). The new session's id."""
        (created, updated), at = times
        now = self.clock()
        rows = [
            {
                "seq": i,
                "payload": json.dumps(encode(e.event)),
                "turn": e.turn,
                "text": e.text,
                "created": (at[i - 1] if i <= len(at) else None) or now,
                "dropped": e.dropped,
                "joined": int(e.joined),
            }
            for i, e in enumerate(timeline.entries, 1)
        ]
        with self._session(write=True) as s:
            sid = _insert_session(s, game, title, players, options, timeline, created, updated)
            con = s.connection()
            if rows:
                ADD_EVENT.run_many(con, [{**r, "session_id": sid} for r in rows])
            if timeline.cursor >= sessions.SNAPSHOT_EVERY:  # a long session reopens from here, not from the start
                _put_snapshot(con, sid, timeline)
            if timeline.view_of().finished:
                players_store.put_outcome(con, sid, timeline)
        return sid

    def rename(self, session_id: int, title: str) -> SessionInfo:
        title = title.strip()
        if not title:
            raise StoreError("A session needs a title.")
        with self._session(write=True) as s:
            if s.execute(update(S).where(S.c.id == session_id).values(title=title)).rowcount == 0:  # type: ignore[attr-defined]
                raise StoreError(f"There is no session {session_id}.")
        return self.info(session_id)

    def delete(self, session_id: int) -> None:
        with self._session(write=True) as s:
            s.execute(delete(S).where(S.c.id == session_id))  # its log, snapshots and seats by ON DELETE CASCADE
            players_store.forget_unseated(s.connection(), _meta(s.connection(), "me", self.bad_meta))
        self._seen.pop(session_id, None)

    # -- the log (the hot path: prebuilt statements on the held connection) ----------------

    def _check_fresh(self, con: Connection, session_id: int, seen: Timeline) -> int:
        """The session's log version, if the file still holds the log `seen` shows."""
        # Sequence numbers run 1..n without gaps, so the highest is the count, read off the
        # (session_id, seq) index instead of counting every row on each action.
        row = FRESH.run(con, {"sid": session_id}).fetchone()
        if row is None:
            raise self._gone(session_id)
        version, cursor, last = row
        if version != self._seen.get(session_id) or cursor != seen.cursor or (last or 0) != len(seen.entries):
            raise StaleSession("This session changed in another window; reload it (ctrl+r) to see the new actions.")
        return int(version)

    def record(self, session_id: int, seen: Timeline, after: Timeline, wait: bool = True) -> None:
        """Commit `after`'s entries past `seen`'s cursor (one action, or a typed line's several)
        on top of `seen`, dropping any undone branch: all in one transaction, or none."""
        now = self.clock()
        rows = [
            {
                "session_id": session_id,
                "seq": seq,
                "payload": json.dumps(encode(entry.event)),
                "turn": entry.turn,
                "text": entry.text,
                "created": now,
                "dropped": entry.dropped,
                "joined": int(entry.joined),
            }
            for seq, entry in enumerate(after.entries[seen.cursor : after.cursor], seen.cursor + 1)
        ]
        summary = self._summary(session_id, after)
        with self._transaction(write=True, wait=wait) as con:
            version = self._check_fresh(con, session_id, seen)
            if seen.cursor < len(seen.entries):  # an undone branch to drop
                con.execute(DROP_EVENTS, {"sid": session_id, "after": seen.cursor})
                con.execute(DROP_SNAPSHOTS, {"sid": session_id, "after": seen.cursor})
            crossed = after.cursor // sessions.SNAPSHOT_EVERY > seen.cursor // sessions.SNAPSHOT_EVERY
            if crossed or session_id in self._snapshot_due:
                _put_snapshot(con, session_id, after)
            ADD_EVENT.run_many(con, rows)
            _touch(con, session_id, after, now, summary)
        self._seen[session_id] = version + 1
        self._snapshot_due.discard(session_id)

    def move(self, session_id: int, seen: Timeline, after: Timeline, wait: bool = True) -> None:
        """Commit an undo, redo or rewind: only the cursor moves."""
        now = self.clock()
        summary = self._summary(session_id, after)
        with self._transaction(write=True, wait=wait) as con:
            version = self._check_fresh(con, session_id, seen)
            _touch(con, session_id, after, now, summary)
        self._seen[session_id] = version + 1

    def _summary(self, session_id: int, after: Timeline) -> tuple[str, bool]:
        """The session's summary line after a write, worked out before it starts: a stored
        event that no longer reads (a redo onto a damaged row) refuses the write, saving nothing."""
        try:
            return summary_of(after.game, after.state, after.view_of())
        except LogUnreadable as exc:
            raise SessionUnreadable(
                f"Not saved: session {session_id} {exc.reason}. {_salvage_hint(session_id)}", session_id, exc.position
            ) from None


def _insert_session(
    s: Session,
    game: Game[Any],
    title: str,
    players: tuple[str, ...],
    options: dict[str, Any],
    timeline: Timeline,
    created: str,
    updated: str,
) -> int:
    """The session row at `timeline`'s position and its seats (a new player for a new name)."""
    summary, finished = summary_of(game, timeline.state, timeline.view_of())
    row = SessionRow(
        game=game.id,
        title=title.strip() or game.name,
        players=json.dumps(list(players)),
        options=json.dumps(options),
        cursor=timeline.cursor,
        created=created,
        updated=updated,
        summary=summary,
        finished=int(finished),
    )
    s.add(row)
    s.flush()
    assert row.id is not None
    players_store.seat_players(s.connection(), row.id, players, created)
    return row.id


def _touch(con: Connection, session_id: int, after: Timeline, now: str, summary_line: tuple[str, bool]) -> None:
    summary, finished = summary_line
    TOUCH.run(
        con,
        {
            "sid": session_id,
            "new_cursor": after.cursor,
            "now": now,
            "new_summary": summary,
            "new_finished": int(finished),
        },
    )
    if finished:  # the game's end: its outcome, for the statistics, in the same transaction
        players_store.put_outcome(con, session_id, after)


def _put_snapshot(con: Connection, session_id: int, timeline: Timeline) -> None:
    state = timeline.state
    try:
        data = snapshots.dump(state)
    except snapshots.ShapeError:  # a state with no snapshot form: reopening replays it all
        return
    words = (e.text for e in timeline.entries[: timeline.cursor])
    con.execute(
        PUT_SNAPSHOT,
        {
            "session_id": session_id,
            "seq": timeline.cursor,
            "version": snapshots.state_version(timeline.game, state),
            "data": data,
            "digest": snapshots.digest(words, data),
        },
    )
