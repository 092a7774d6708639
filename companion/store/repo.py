"""The repository: domain objects in and out of one SQLite file, one short transaction per action.

Every accepted action is one transaction (WAL, synchronous FULL) that also drops an undone
branch, moves the cursor and refreshes the session's summary line, so the home screen lists
sessions without replaying them. Each write first checks that the session still looks as
this window last saw it, so two windows on one file never interleave their logs; the later
one is told to reload.

It speaks SQLModel: one engine per file (`engine.py`) on one connection the repository holds
for its life, shared by the app's threads under a lock. Recording and undoing, the hot path,
run prebuilt Core statements on that connection; everything else goes through a `Session`
selecting columns. Rows become the frozen dataclasses below, so nothing above the store holds
an ORM object, and a database error leaves as a StoreError that names the file.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.dialects.sqlite import insert as upsert
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from companion.clock import utc_now
from companion.core import Game, Rejected, TableView, Undecodable, encode
from companion.games import all_games, get_game
from companion.store import players as players_store
from companion.store import rows, snapshots
from companion.store.engine import BUSY_MS, IMMEDIATE, reader_engine, writer_engine
from companion.store.files import (
    FileDamaged,
    SessionGone,
    SessionUnreadable,
    StaleSession,
    StoreBusy,
    StoreError,
    prepare,
    reason_at_open,
)
from companion.store.migrations import upgrade
from companion.store.schema_version import CURRENT_VERSION
from companion.store.tables import CardRow, EventRow, MetaRow, SessionRow, SnapshotRow
from companion.timeline import Entry, LogUnreadable, Timeline, turn_label

SNAPSHOT_EVERY = 500


def _game_ids() -> set[str]:
    """The games this Companion has now (a game registered after start-up included)."""
    return {g.id for g in all_games()}


__all__ = [
    "FileDamaged",
    "Loaded",
    "Repository",
    "SessionGone",
    "SessionInfo",
    "SessionUnreadable",
    "StaleSession",
    "StoreBusy",
    "StoreError",
]


@dataclass(frozen=True)
class SessionInfo:
    id: int
    game: str
    title: str
    players: tuple[str, ...]
    options: dict[str, Any]
    cursor: int
    created: str
    updated: str
    summary: str
    finished: bool
    version: int = 0
    damage: str = ""  # the cells of its row that do not read (named); the session is then read-only


@dataclass(frozen=True)
class Loaded:
    info: SessionInfo
    timeline: Timeline
    damage: str = ""  # salvaged: what could not be read (the session is then shown read-only)


S = SessionRow.__table__  # type: ignore[attr-defined]
E = EventRow.__table__  # type: ignore[attr-defined]
P = SnapshotRow.__table__  # type: ignore[attr-defined]
C = CardRow.__table__  # type: ignore[attr-defined]
M = MetaRow.__table__  # type: ignore[attr-defined]
SESSION_COLUMNS = (
    S.c.id,
    S.c.game,
    S.c.title,
    S.c.players,
    S.c.options,
    S.c.cursor,
    S.c.created,
    S.c.updated,
    S.c.summary,
    S.c.finished,
    S.c.version,
)

# The hot path, built once: what recording or undoing an action runs.
FRESH = select(
    S.c.version, S.c.cursor, select(func.max(E.c.seq)).where(E.c.session_id == bindparam("sid")).scalar_subquery()
).where(S.c.id == bindparam("sid"))
DROP_EVENTS = delete(E).where(E.c.session_id == bindparam("sid"), E.c.seq > bindparam("after"))
DROP_SNAPSHOTS = delete(P).where(P.c.session_id == bindparam("sid"), P.c.seq > bindparam("after"))
ADD_EVENT = insert(E)
TOUCH = (
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


SESSION_CELLS: dict[str, tuple[Callable[[Any], Any], Any]] = {
    "game": (rows.text, "?"),
    "title": (rows.text, ""),
    "players": (rows.names, ()),
    "options": (rows.options, {}),
    "cursor": (rows.whole, 0),
    "created": (rows.time, ""),
    "updated": (rows.time, ""),
    "summary": (rows.text, ""),
    "finished": (rows.flag, False),
    "version": (rows.whole, 0),
}
# A session whose game, players or options do not read cannot be set up: it is refused.
NEEDED = ("column game:", "column players:", "column options:")


def _info(row: Any, known: set[str] | None = None) -> SessionInfo:
    """A session row through its typed reader: every cell that does not read is named in
    `damage` and replaced by a stand-in, so the session can still be listed."""
    sid = row[0]
    known = _game_ids() if known is None else known
    cells, bad = rows.read_cells("session", sid, row[1:], SESSION_CELLS)
    game, title, players, options, cursor, created, updated, summary, finished, version = cells
    # A row that says over while its summary says under way is not listed as finished (the
    # log decides when it is opened; the statistics recount it from the log).
    finished = finished and summary.startswith("finished")
    if game != "?" and game not in known:
        bad.append(f"session row {sid}, column game: a game this Companion does not know ({rows.cut(game)})")
    return SessionInfo(
        sid, game, title or f"(session {sid})", players, options, cursor, created, updated, summary,
        finished, version, "; ".join(bad),
    )  # fmt: skip


def summary_of(game: Game[Any], state: Any, view: TableView | None = None) -> tuple[str, bool]:
    view = game.view(state) if view is None else view
    turn = f"{view.turn}'s turn" if view.turn else view.phase
    text = "finished" if view.finished else f"round {view.round}, {turn}"
    if view.finished and game.cooperative:
        result = game.result(state)
        if result is not None:
            text += " · won" if result.winners else " · lost"
    return text, view.finished


class Repository:
    def __init__(self, engine: Engine, path: Path, clock: Callable[[], str] = utc_now, read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self.engine = engine
        self._con: Connection | None = None
        self._lock = threading.RLock()
        # The log version of each session as this window last read or wrote it: a write is
        # refused unless the file still has it (checked in the write's own transaction).
        self._seen: dict[int, int] = {}
        self._busy_ms = BUSY_MS
        self._snapshot_due: set[int] = set()  # sessions opened far from their last snapshot
        self.bad_cards: dict[tuple[str, str, int], str] = {}  # catalogue rows left out, named

    @classmethod
    def reader(cls, path: Path, once: bool = False) -> Repository:
        """A repository that can only read: a watcher (the table view) on a file another window
        writes. Its transactions are deferred, so in WAL mode it never holds the write lock and
        the writer never waits on it; the file is opened read-only, so any write fails. It
        connects on first use, not here: a watcher retries a file that is missing or locked.
        `once`: one command's read, which leaves no -wal or -shm beside the file."""
        return cls(reader_engine(path, once), path, read_only=True)

    @classmethod
    def open(cls, path: Path, may_create_folder: bool = False, **kw: Any) -> Repository:
        """Check the file, then upgrade its schema; StoreError if it cannot be used."""
        prepare(path, may_create_folder)
        repo = cls(writer_engine(path), path, **kw)
        try:
            upgrade(repo._connection().connection.driver_connection)  # type: ignore[arg-type]
        except (DBAPIError, sqlite3.Error) as exc:  # the migrations speak sqlite3 directly
            repo.close()
            raise StoreError(reason_at_open(path, exc)) from None
        return repo

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None
            self.engine.dispose()

    def _connection(self) -> Connection:
        if self._con is None:
            con = self.engine.connect()
            if self.read_only:  # a reader never upgrades a file, so it needs one already current
                found = con.connection.driver_connection.execute("PRAGMA user_version").fetchone()[0]  # type: ignore[union-attr]
                if found == 0 or found > CURRENT_VERSION:
                    con.close()
                    raise StoreError(
                        f"{self.path} is not a Companion database (or an empty one)."
                        if found == 0
                        else f"{self.path} was written by a newer Companion (schema {found}; this one knows up to "
                        f"{CURRENT_VERSION}). Update Companion to open it."
                    )
                if found < CURRENT_VERSION:
                    con.close()
                    raise StoreError(
                        f"{self.path} was written by an older Companion (schema {found}): open it once "
                        "with `companion` (or `companion serve`), which upgrades it, and the view can follow it."
                    )
            self._con = con
        return self._con

    @contextmanager
    def _transaction(self, write: bool, wait: bool = True) -> Iterator[Connection]:
        """One transaction on the held connection, committed at the end or rolled back whole.
        A read nested in another transaction joins it, so a few reads see one snapshot.
        Without `wait`, a write lock held by another program is StoreBusy at once, so the UI
        thread never sits in SQLite's busy wait; a worker retries with waiting."""
        with self._lock:
            try:
                con = self._connection()
                if con.in_transaction():
                    yield con
                    return
                self._set_busy_wait(con, BUSY_MS if wait else 0)
                con.info[IMMEDIATE] = write
                with con.begin():
                    yield con
            except DBAPIError as exc:
                if write and _is_busy(exc):
                    raise StoreBusy(
                        f"{self.path} is locked by another program: not saved. Close that program and try again."
                    ) from None
                if "malformed" in str(exc.orig) or "corrupt" in str(exc.orig):
                    raise FileDamaged(f"{self.path} is damaged: {exc.orig}") from None
                raise StoreError(f"{self.path}: {exc.orig}") from None

    def _set_busy_wait(self, con: Connection, ms: int) -> None:
        if ms != self._busy_ms:
            # On sqlite3 directly: through SQLAlchemy the PRAGMA would open a transaction.
            con.connection.driver_connection.execute(f"PRAGMA busy_timeout={ms}")  # type: ignore[union-attr]
            self._busy_ms = ms

    def _read(self) -> Any:
        return self._transaction(write=False)

    def reading(self) -> AbstractContextManager[Connection]:
        """A read transaction on the repository's connection, for the store's own table
        modules (players, seats, outcomes), whose statements live beside their tables: the
        file is still read only through this connection, its lock and its error handling."""
        return self._transaction(write=False)

    def writing(self) -> AbstractContextManager[Connection]:
        """A write transaction (BEGIN IMMEDIATE) on the repository's connection, for the
        store's table modules; a busy file is StoreBusy, a damaged one FileDamaged."""
        return self._transaction(write=True)

    @contextmanager
    def _session(self, write: bool = False) -> Iterator[Session]:
        with self._transaction(write) as con, Session(bind=con) as s:
            yield s
            s.flush()

    # -- sessions --------------------------------------------------------------------------

    def list_sessions(self) -> list[SessionInfo]:
        with self._session() as s:
            rows = _fetch(s.connection(), select(*SESSION_COLUMNS).order_by(S.c.updated.desc(), S.c.id.desc()))
        known = _game_ids()
        return [_info(r, known) for r in rows]

    def _gone(self, session_id: int) -> SessionGone:
        if session_id in self._seen:
            return SessionGone("This session was deleted in another window.")
        return SessionGone(f"There is no session {session_id} in {self.path}.")

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
                con.execute(ADD_EVENT, [{**r, "session_id": sid} for r in rows])
            if timeline.cursor >= SNAPSHOT_EVERY:  # a long session reopens from here, not from the start
                _put_snapshot(con, sid, timeline)
            if summary_of(game, timeline.state, timeline.view_of())[1]:
                players_store.put_outcome(con, sid, timeline)
        return sid

    def find_session(self, game: str, created: str, players: tuple[str, ...]) -> int | None:
        """A session of this game started at `created` by these players (one imported before)."""
        with self._session() as s:
            found = s.execute(
                select(S.c.id).where(S.c.game == game, S.c.created == created, S.c.players == json.dumps(list(players)))
            ).first()
        return None if found is None else int(found[0])

    def info(self, session_id: int) -> SessionInfo:
        with self._session() as s:
            found = _fetch(s.connection(), select(*SESSION_COLUMNS).where(S.c.id == session_id))
        row = found[0] if found else None
        if row is None:
            raise self._gone(session_id)
        return _info(row)

    def load(self, session_id: int, whole: bool = False) -> Loaded:
        """The session with its log, its state folded from the newest snapshot that agrees
        with the log. FileDamaged (a damaged page) or SessionUnreadable (a row that does not
        read back, or a log that no longer replays) name the session, the action and what to
        do; nothing is written either way. Events before the snapshot are decoded when first
        needed, unless `whole` (an export reads them all anyway)."""
        try:
            loaded = self._load(session_id)
        except FileDamaged as exc:
            raise FileDamaged(
                f"Session {session_id} cannot be read whole: {exc}. {_salvage_hint(session_id)}"
            ) from None
        for seq, entry in enumerate(loaded.timeline.entries if whole else (), 1):
            try:
                entry.event  # noqa: B018 (decoded now: an export needs every event)
            except Undecodable as exc:
                raise self._unreadable(session_id, loaded.info, seq, str(exc)) from None
        return loaded

    def load_readable(self, session_id: int, whole: bool = False) -> Loaded:
        """The session whole, or else as far as it can still be read (salvaged, with `damage`
        saying what is missing): what the table screen opens, read-only when damaged."""
        try:
            return self.load(session_id, whole)
        except (FileDamaged, SessionUnreadable) as exc:
            loaded, _ = self.salvage(session_id)
            said = str(exc)
            return replace(loaded, damage=said if loaded.damage in said else f"{said} {loaded.damage}")

    def salvage(self, session_id: int) -> tuple[Loaded, int]:
        """The session as far as its log can still be read, and how many actions were lost.

        One read transaction; each action is read on its own through the (session, seq) index,
        so a damaged page loses only the rows on it. An action that cannot be read, decoded or
        replayed is skipped and the rest are folded on (each still checked by the rules);
        `damage` names the actions skipped."""
        info = self.info(session_id)
        game, state = self._setup(info)
        rows: list[Any] = []
        try:
            with self._transaction(write=False) as con:
                raw: Any = con.connection.driver_connection
                try:  # the index alone: the numbers the log has, whatever they are
                    found = raw.execute("SELECT seq FROM event WHERE session_id = ? ORDER BY seq", (session_id,))
                    seqs: Any = [n for (n,) in found]
                except sqlite3.DatabaseError:
                    seqs = range(1, min(info.cursor, 10**7) + 1)
                one = "SELECT payload, turn, text, dropped, joined FROM event WHERE session_id = ? AND seq = ?"
                for seq in seqs:
                    try:
                        rows.append(raw.execute(one, (session_id, seq)).fetchone())
                    except sqlite3.DatabaseError:
                        rows.append(None)
        except FileDamaged:  # SQLite ends a read that met a damaged page with an error too
            if not rows:
                raise
        known = {0: state}
        entries: list[Entry] = []
        lost: list[int] = []
        cursor = 0
        for seq, row in enumerate(rows, 1):
            try:
                entry = _entry(row, game.events)
                state = game.apply(state, entry.event)
            except Exception:  # unreadable, undecodable or refused now: skipped, and said
                lost.append(seq)
                continue
            entries.append(entry)
            known[len(entries)] = state
            if seq <= info.cursor:
                cursor = len(entries)
        timeline = Timeline(game, tuple(entries), cursor, known)
        damage = f"{_spans(lost)} could not be read; the table shown skips {'it' if len(lost) == 1 else 'them'}."
        damage = damage[0].upper() + damage[1:] if lost else ""
        damage = f"{info.damage}. {damage}".strip() if info.damage else damage
        return Loaded(info, timeline, damage), len(lost)

    def _load(self, session_id: int) -> Loaded:
        with self._session() as s:
            info = self.info(session_id)
            game, initial = self._setup(info)
            if info.damage:
                raise SessionUnreadable(
                    f"Session {session_id} cannot be read whole: {info.damage}. {_salvage_hint(session_id)}",
                    session_id,
                    0,
                )
            # The one bulk read (a whole log): Core rows off the session's connection, which
            # skip the ORM's per-row result handling (10,000 rows: 37 -> 30 ms).
            rows = _fetch(
                s.connection(),
                select(E.c.seq, E.c.payload, E.c.turn, E.c.text, E.c.dropped, E.c.joined)
                .where(E.c.session_id == session_id)
                .order_by(E.c.seq),
            )
            # The newest snapshot before the cursor: the state one step back is then known
            # too, so the first undo folds nothing.
            snap = s.execute(
                select(P.c.seq, P.c.data, P.c.digest)
                .where(
                    P.c.session_id == session_id,
                    P.c.seq < max(info.cursor, 1),
                    P.c.version == snapshots.state_version(game, initial),
                )
                .order_by(P.c.seq.desc())
                .limit(1)
            ).first()
        types = game.events
        for seq, (n, _, t, x, d, j) in enumerate(rows, 1):
            if n != seq or type(t) is not str or type(x) is not str or type(d) is not int or j not in (0, 1):
                raise self._unreadable(session_id, info, seq, _bad_event(session_id, seq, (n, t, x, d, j)))
        if info.cursor > len(rows):
            detail = f"its undo position ({info.cursor}) is past its log of {len(rows)} actions"
            raise SessionUnreadable(f"Session {session_id} cannot be read whole: {detail}. "
                                    f"{_salvage_hint(session_id)}", session_id, 0)  # fmt: skip
        entries = [Entry(None, t, x, d, payload=p, types=types, joined=j == 1) for _, p, t, x, d, j in rows]
        self._seen[session_id] = info.version
        snapshot = _read_snapshot(snap, type(initial), entries)
        digested = snap is not None and bool(snap[2])
        timeline = None
        if snapshot is not None:
            try:
                timeline = Timeline.replay(game, initial, tuple(entries), info.cursor, snapshot)
                if not digested and not _agrees(timeline, snapshot[0], info):  # from before digests
                    timeline = None
            except Exception:  # a snapshot the log does not bear out: replay from the start
                timeline = None
        trusted = timeline is not None or snapshot is None
        if timeline is None:
            try:
                timeline = Timeline.replay(game, initial, tuple(entries), info.cursor)
            except LogUnreadable as exc:
                raise self._unreadable(session_id, info, exc.position, exc.detail) from None
        if trusted:  # a long undo may then start from a nearer snapshot (each checked against the log)
            timeline = replace(timeline, earlier=self._snapshots_of(session_id, game, initial, entries))
        stale = snap is not None and (snapshot is None or not trusted or not digested)  # rewritten, digested
        if stale or timeline.cursor - (snapshot[0] if snapshot else 0) > SNAPSHOT_EVERY:
            # Written with the next action (which takes the write lock anyway): opening a
            # session only ever reads, so it never waits for another program's writer.
            self._snapshot_due.add(session_id)
        return Loaded(info, timeline)

    def game_of(self, info: SessionInfo) -> Game[Any]:
        """The session's game; SessionUnreadable in one sentence if this Companion has no such game."""
        if info.game not in _game_ids():
            raise SessionUnreadable(
                f"Session {info.id} is a game this Companion does not know ({rows.cut(info.game)}): "
                "a newer Companion may open it.",
                info.id,
                0,
            )
        return get_game(info.game)

    def _setup(self, info: SessionInfo) -> tuple[Game[Any], Any]:
        """The session's game and first state; refused in one sentence when its game is not
        one this Companion has, or its players or options do not read or fit (nothing of it
        can then be shown, so no salvage is offered)."""
        sid = info.id
        game = self.game_of(info)
        bad = [part for part in info.damage.split("; ") if part.split(", ", 1)[-1].startswith(NEEDED)]
        try:
            if bad:
                raise Rejected("; ".join(bad))
            return game, game.setup(info.players, info.options)
        except Exception as exc:  # players or options that do not read back
            raise SessionUnreadable(
                f"Session {sid} cannot be opened: its players or table options do not read ({_why(exc)}).", sid, 0
            ) from None

    def _unreadable(self, session_id: int, info: SessionInfo, action: int, detail: str) -> SessionUnreadable:
        return SessionUnreadable(
            f"Session {session_id} ({info.title}) cannot be read at action {action}: {detail}. "
            f"{_salvage_hint(session_id)}",
            session_id,
            action,
        )

    def _snapshots_of(self, session_id: int, game: Game[Any], initial: Any, entries: Sequence[Entry]) -> Any:
        """The timeline's way to a saved state at or before a position (a long undo), each
        checked against the log as it was read."""
        version = snapshots.state_version(game, initial)
        cls = type(initial)

        def earlier(position: int) -> tuple[int, Any] | None:
            with self._session() as s:
                row = s.execute(
                    select(P.c.seq, P.c.data, P.c.digest)
                    .where(P.c.session_id == session_id, P.c.seq <= position, P.c.version == version)
                    .order_by(P.c.seq.desc())
                    .limit(1)
                ).first()
            return _read_snapshot(row, cls, entries)

        return earlier

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
            s.execute(delete(E).where(E.c.session_id == session_id))
            s.execute(delete(P).where(P.c.session_id == session_id))
            s.execute(delete(S).where(S.c.id == session_id))
            players_store.forget_unseated(s.connection(), _meta(s.connection(), "me"))
        self._seen.pop(session_id, None)

    # -- the log (the hot path: prebuilt statements on the held connection) ----------------

    def _check_fresh(self, con: Connection, session_id: int, seen: Timeline) -> int:
        """The session's log version, if the file still holds the log `seen` shows."""
        # Sequence numbers run 1..n without gaps, so the highest is the count, read off the
        # (session_id, seq) index instead of counting every row on each action.
        row = con.execute(FRESH, {"sid": session_id}).first()
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
            crossed = after.cursor // SNAPSHOT_EVERY > seen.cursor // SNAPSHOT_EVERY
            if crossed or session_id in self._snapshot_due:
                _put_snapshot(con, session_id, after)
            con.execute(ADD_EVENT, rows)
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

    # -- following (the table view) ---------------------------------------------------------

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the file."""
        with self._lock:
            con = self._connection()
            # On sqlite3 directly: no transaction, no page read, a few microseconds.
            return int(con.connection.driver_connection.execute("PRAGMA data_version").fetchone()[0])  # type: ignore[union-attr]

    def adopt(self, loaded: Loaded) -> bool:
        """Take `loaded` (read by a `Follower`) as what this window shows, if it is newer than
        what this window last read or wrote: its next write then builds on it. False if not."""
        sid, version = loaded.info.id, loaded.info.version
        with self._lock:
            if sid not in self._seen or version <= self._seen[sid]:
                return False
            self._seen[sid] = version
        return True

    def snapshot(self) -> Any:
        """A read transaction: the reads inside it see the file at one moment."""
        return self._read()

    def event_id(self, session_id: int, seq: int) -> int | None:
        with self._session() as s:
            return s.execute(select(E.c.id).where(E.c.session_id == session_id, E.c.seq == seq)).scalar()

    def events_after(self, session_id: int, seq: int, types: Any) -> list[tuple[int, Entry]]:
        """The events after the first `seq`, with their row ids."""
        with self._session() as s:
            rows = _fetch(
                s.connection(),
                select(E.c.id, E.c.payload, E.c.turn, E.c.text, E.c.dropped, E.c.joined)
                .where(E.c.session_id == session_id, E.c.seq > seq)
                .order_by(E.c.seq),
            )
        return [(i, Entry(None, t, x, d, payload=p, types=types, joined=j == 1)) for i, p, t, x, d, j in rows]

    def event_times(self, session_id: int) -> list[str]:
        with self._session() as s:
            found = _fetch(s.connection(), select(E.c.created).where(E.c.session_id == session_id).order_by(E.c.seq))
        return [rows.time_or_none(r[0]) for r in found]  # a bad time counts as none

    # -- the file's own settings (meta) ------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """A setting the file keeps (e.g. "me"), or None if it has none."""
        with self._transaction(write=False) as con:
            return _meta(con, key)

    def set_meta(self, key: str, value: str | None) -> None:
        """Keep a setting in the file (None forgets it)."""
        with self._transaction(write=True) as con:
            con.execute(delete(M).where(M.c.key == key))
            if value is not None:
                con.execute(insert(M).values(key=key, value=value))

    # -- the card catalogue ----------------------------------------------------------------

    def cards(self, game: str, kind: str) -> dict[str, dict[str, Any]]:
        """The catalogue's cards of a kind. A row that does not read (its name not text, its
        data not an object the game's catalogue reads back to the same card) is left out and
        named in `bad_cards`, so one bad card never stops a session opening."""
        with self._session() as s:
            found = _fetch(
                s.connection(),
                select(C.c.id, C.c.name, C.c.data).where(C.c.game == game, C.c.kind == kind).order_by(C.c.name),
            )
        catalogue = get_game(game).catalogue if game in _game_ids() else None
        cards: dict[str, dict[str, Any]] = {}
        for key, name, data in found:
            try:
                cards[rows.text(name)] = _card(catalogue, kind, name, rows.card(data))
            except ValueError as exc:
                self.bad_cards[(game, kind, key)] = str(rows.BadCell("card", key, "data", str(exc), data))
        return cards

    def save_card(self, game: str, kind: str, name: str, data: dict[str, Any]) -> None:
        statement = upsert(C).values(
            game=game, kind=kind, name=name, data=json.dumps(data, sort_keys=True), updated=self.clock()
        )
        statement = statement.on_conflict_do_update(
            index_elements=[C.c.game, C.c.kind, C.c.name],
            set_={"data": statement.excluded.data, "updated": statement.excluded.updated},
        )
        with self._session(write=True) as s:
            s.execute(statement)

    def delete_card(self, game: str, kind: str, name: str) -> bool:
        """Forget one catalogue card; True when there was one."""
        with self._session(write=True) as s:
            result = s.connection().execute(delete(C).where(C.c.game == game, C.c.kind == kind, C.c.name == name))
            return result.rowcount > 0


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
    con.execute(
        TOUCH,
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


def _meta(con: Connection, key: str) -> str | None:
    value = con.execute(select(M.c.value).where(M.c.key == key)).scalar()
    return value if isinstance(value, str) else None


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


def _read_snapshot(row: Any, cls: type, entries: Sequence[Entry]) -> tuple[int, Any] | None:
    """The snapshot a row holds, if its digest matches the log's words up to it and its own
    JSON (a row from before digests, with none, is checked against the log by `_agrees`)."""
    if row is None:
        return None
    seq, data, digest = row
    if type(seq) is not int or not 0 < seq <= len(entries) or not isinstance(data, bytes | str):
        return None
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if digest and digest != snapshots.digest((e.text for e in entries[:seq]), raw):
        return None
    try:
        return seq, snapshots.load(raw, cls)
    except Exception:  # a snapshot that does not fit the state classes: replay from the start
        return None


def _entry(row: Any, types: Any) -> Entry:
    """An event row as an Entry, its log words checked and its event decoded; LogUnreadable
    (position 0: the caller knows it) or Undecodable otherwise."""
    if row is None:
        raise LogUnreadable(0, "its row is on a damaged page")
    payload, turn, text, dropped, joined = row
    if type(turn) is not str or type(text) is not str or type(dropped) is not int or joined not in (0, 1):
        raise LogUnreadable(0, "its log line is not text")
    entry = Entry(None, turn, text, dropped, payload=payload, types=types, joined=joined == 1)
    entry.event  # noqa: B018 (decoded here: Undecodable if it does not fit)
    return entry


def _card(catalogue: Any, kind: str, name: str, data: dict[str, Any]) -> dict[str, Any]:
    """A card's data if the game's catalogue can show it (its values of the types it reads)."""
    if catalogue is not None:
        try:
            catalogue.line(kind, name, data)
        except Exception:  # any failure of the game's reader on stored data is a bad row
            raise ValueError("not a card the game's catalogue can show") from None
    return data


def _bad_event(session_id: int, seq: int, cells: tuple[Any, ...]) -> str:
    """The first cell of action `seq`'s row that does not read, named."""
    n, turn, text, dropped, joined = cells
    key = f"(session {session_id}, action {seq})"
    if n != seq:
        return str(rows.BadCell("event", key, "seq", f"the log's numbers do not run 1, 2, 3… (found {n!r:.20})", n))
    for column, reader, value in (
        ("turn", rows.text, turn),
        ("text", rows.text, text),
        ("dropped", rows.whole, dropped),
        ("joined", rows.flag, joined),
    ):
        try:
            reader(value)
        except ValueError as exc:
            return str(rows.BadCell("event", key, column, str(exc), value))
    return "its log line is not text"


def _why(exc: Exception) -> str:
    return exc.reason if isinstance(exc, Rejected) else str(exc) or type(exc).__name__


def _salvage_hint(session_id: int) -> str:
    return (
        f"It opens read-only as far as it reads; export that with `companion sessions export {session_id} "
        "--salvage -o FILE` (or e on the home screen)."
    )


def _spans(seqs: list[int]) -> str:
    """ "action 4", "actions 4-6 and 9": the numbers of the actions lost, in runs."""
    runs: list[list[int]] = []
    for n in seqs:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    words = [f"{a}" if a == b else f"{a}–{b}" for a, b in runs[:6]]
    more = f" and {len(runs) - 6} more runs" if len(runs) > 6 else ""
    head = "action" if len(seqs) == 1 else "actions"
    return f"{head} {', '.join(words)}{more}"


def _agrees(timeline: Timeline, seq: int, info: SessionInfo) -> bool:
    """Whether a snapshot at `seq` agrees with the log: the action after it was recorded in
    the snapshot's turn, and the state it leads to has the session's stored summary line."""
    entries, game = timeline.entries, timeline.game
    if seq < len(entries) and turn_label(game, timeline.state_at(seq)) != entries[seq].turn:
        return False
    return not info.summary or summary_of(game, timeline.state, timeline.view_of()) == (info.summary, info.finished)


def _fetch(con: Connection, statement: Any) -> list[Any]:
    """A statement's rows. A text cell that is not UTF-8 would fail the whole read in sqlite3:
    then the read is made again with such cells as bytes, for their typed reader to name."""
    try:
        return list(con.execute(statement).all())
    except DBAPIError as exc:
        if "decode" not in str(exc.orig):
            raise
    raw: Any = con.connection.driver_connection
    raw.text_factory = _text
    try:
        return list(con.execute(statement).all())
    finally:
        raw.text_factory = str


def _text(data: bytes) -> str | bytes:
    try:
        return data.decode()
    except UnicodeDecodeError:
        return data


def _is_busy(exc: DBAPIError) -> bool:
    return "locked" in str(exc.orig) or "busy" in str(exc.orig)
