"""The door's reads: the sessions, a session's log folded to its state, and the follower's reads.

A log is trusted only as far as it reads: its rows go through their typed readers, the newest
snapshot is believed only when its digest matches the log's words and its own JSON, and a
session that does not read whole opens read-only as far as it can (`salvage`), naming what
it skipped. Nothing here writes; a snapshot found stale is marked due for the next write.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import select

from companion.core import Game, Rejected, Undecodable
from companion.games import get_game
from companion.store import rows, sessions, snapshots
from companion.store.door import Door, _fetch
from companion.store.files import FileDamaged, SessionUnreadable
from companion.store.sessions import (
    NEEDED,
    SESSION_COLUMNS,
    E,
    Loaded,
    P,
    S,
    SessionInfo,
    _game_ids,
    _info,
    summary_of,
)
from companion.timeline import Entry, LogUnreadable, Timeline, turn_label


class Reading(Door):
    # -- sessions --------------------------------------------------------------------------

    def list_sessions(self) -> list[SessionInfo]:
        with self._session() as s:
            rows = _fetch(s.connection(), select(*SESSION_COLUMNS).order_by(S.c.updated.desc(), S.c.id.desc()))
        known = _game_ids()
        return [_info(r, known) for r in rows]

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
            replayed = _replayed(game, state, row)
            if replayed is None:  # skipped, and said
                lost.append(seq)
                continue
            entry, state = replayed
            entries.append(entry)
            known[len(entries)] = state
            if seq <= info.cursor:
                cursor = len(entries)
        timeline = Timeline(game, tuple(entries), cursor, known)
        damage = f"{_spans(lost)} could not be read; the table shown skips {'it' if len(lost) == 1 else 'them'}."
        damage = damage[0].upper() + damage[1:] if lost else ""
        damage = f"{info.damage}. {damage}".strip() if info.damage else damage
        return Loaded(info, timeline, damage), len(lost)

    def _read_log(self, session_id: int) -> tuple[SessionInfo, Game[Any], Any, list[Any], Any]:
        """In one read: the session, its game and first state, its log's rows (each checked to
        read, numbered 1..n, the cursor within them) and the newest snapshot row before the cursor."""
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
        for seq, (n, _, t, x, d, j) in enumerate(rows, 1):
            if n != seq or type(t) is not str or type(x) is not str or type(d) is not int or j not in (0, 1):
                raise self._unreadable(session_id, info, seq, _bad_event(session_id, seq, (n, t, x, d, j)))
        if info.cursor > len(rows):
            detail = f"its undo position ({info.cursor}) is past its log of {len(rows)} actions"
            raise SessionUnreadable(f"Session {session_id} cannot be read whole: {detail}. "
                                    f"{_salvage_hint(session_id)}", session_id, 0)  # fmt: skip
        return info, game, initial, rows, snap

    def _load(self, session_id: int) -> Loaded:
        info, game, initial, rows, snap = self._read_log(session_id)
        types = game.events
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
        if stale or timeline.cursor - (snapshot[0] if snapshot else 0) > sessions.SNAPSHOT_EVERY:
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
    """A refusal's own words (a `Rejected` says its reason), or the kind of failure if it has none."""
    return str(exc) or type(exc).__name__


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
    more = f" and {len(runs) - 6} more run{'s' if len(runs) > 7 else ''}" if len(runs) > 6 else ""
    head = "action" if len(seqs) == 1 else "actions"
    return f"{head} {', '.join(words)}{more}"


def _agrees(timeline: Timeline, seq: int, info: SessionInfo) -> bool:
    """Whether a snapshot at `seq` agrees with the log: the action after it was recorded in
    the snapshot's turn, and the state it leads to has the session's stored summary line."""
    entries, game = timeline.entries, timeline.game
    if seq < len(entries) and turn_label(game, timeline.state_at(seq)) != entries[seq].turn:
        return False
    return not info.summary or summary_of(game, timeline.state, timeline.view_of()) == (info.summary, info.finished)


def _replayed(game: Game[Any], state: Any, row: Any) -> tuple[Entry, Any] | None:
    """An event row as an Entry and the state it leads to from `state`; None if the row is on a
    damaged page, its log words are not text, its event does not decode or the rules refuse it now."""
    if row is None:
        return None
    payload, turn, text, dropped, joined = row
    if type(turn) is not str or type(text) is not str or type(dropped) is not int or joined not in (0, 1):
        return None
    entry = Entry(None, turn, text, dropped, payload=payload, types=game.events, joined=joined == 1)
    try:
        return entry, game.apply(state, entry.event)
    except Exception:  # undecodable, or refused now
        return None
