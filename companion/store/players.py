"""Players (people known across sessions), the seats that name them, and finished sessions'
outcomes, on the repository's connection.

A session keeps the names as they were typed at its table (its log speaks of them); each of
its seats names a player. Renaming a player or merging two changes the `player` and `seat`
rows only, so no log and no outcome is rewritten and every number stays. A player is never
deleted while a seat names them (the file's foreign key refuses it too). Names are unique
ignoring case, so two people called Ann are two players with two names ("Ann", "Ann K.").

An outcome is written in the same transaction as the action that finished the game, keyed by
the session's log version; one that is missing or stale (an old file, an undo past the end)
is worked out again from the log when the statistics are read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.dialects.sqlite import insert as upsert

from companion import stats
from companion.core import Game
from companion.formats import People
from companion.games import all_games
from companion.store import rows as rows_reader
from companion.store.files import StoreError
from companion.store.tables import EventRow, MetaRow, OutcomeRow, PlayerRow, SeatRow, SessionRow
from companion.timeline import Timeline

if TYPE_CHECKING:
    from companion.store.repo import Repository

PL = PlayerRow.__table__  # type: ignore[attr-defined]
ST = SeatRow.__table__  # type: ignore[attr-defined]
O = OutcomeRow.__table__  # type: ignore[attr-defined]  # noqa: E741
S = SessionRow.__table__  # type: ignore[attr-defined]
E = EventRow.__table__  # type: ignore[attr-defined]
M = MetaRow.__table__  # type: ignore[attr-defined]
ME = "me"  # the meta key of the player the exports call the user


class PlayerRefused(StoreError):
    """A change to the players that would lose or mix up someone's history."""


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    sessions: int
    last: str  # when their latest session was last played, UTC ("" if none)


def _find(con: Connection, name: str) -> int | None:
    found = con.execute(select(PL.c.id).where(PL.c.name.collate("NOCASE") == name.strip())).scalar()
    return None if found is None else int(found)


def seat_players(con: Connection, session_id: int, names: Sequence[str], now: str) -> None:
    """Each seat of a new session names the player of that name, a new player if none has it."""
    for position, name in enumerate(names):
        pid = _find(con, name)
        if pid is None:
            pid = _new(con, name.strip(), now)
        con.execute(insert(ST).values(session_id=session_id, position=position, player_id=pid))


def list_players(repo: Repository) -> list[PlayerInfo]:
    """Every player, the most recently seen first (the order a new session offers them in)."""
    last = func.max(S.c.updated)
    query = (
        select(PL.c.id, PL.c.name, func.count(ST.c.session_id), func.coalesce(last, ""))
        .select_from(PL.outerjoin(ST, ST.c.player_id == PL.c.id).outerjoin(S, S.c.id == ST.c.session_id))
        .group_by(PL.c.id)
        .order_by(last.desc(), PL.c.name)
    )
    with repo.reading() as con:
        return [PlayerInfo(int(i), n, int(c), str(u)) for i, n, c, u in con.execute(query)]


def suggested(repo: Repository) -> list[str]:
    """The names a new session offers, most recent first: players some session names (one
    named by none, such as a deleted session's, is not offered)."""
    return [p.name for p in list_players(repo) if p.sessions]


def forget_unseated(con: Connection, keep: str | None) -> None:
    """Inside the write that deleted a session: players no session names any more go, but for
    the one kept on purpose (`keep`, the player chosen as "me", by id)."""
    unseated = delete(PL).where(~PL.c.id.in_(select(ST.c.player_id)))
    if keep is not None and keep.isdigit():
        unseated = unseated.where(PL.c.id != int(keep))
    con.execute(unseated)


def me(repo: Repository, known: Collection[int] | None = None) -> int | None:
    """The player chosen as "me" (the BG Stats user), if one is and still exists (among
    `known`, the players' ids, when the caller has them)."""
    chosen = repo.meta(ME)
    if chosen is None or not chosen.isdigit():
        return None
    ids = known if known is not None else {p.id for p in list_players(repo)}
    return int(chosen) if int(chosen) in ids else None


def set_me(repo: Repository, player: int | None) -> None:
    """Remember who "me" is in the file (None: nobody); kept even when no session names them."""
    if player is not None and not any(p.id == player for p in list_players(repo)):
        raise PlayerRefused(f"There is no player {player}.")
    repo.set_meta(ME, None if player is None else str(player))


def _name(con: Connection, player: int) -> str:
    name = con.execute(select(PL.c.name).where(PL.c.id == player)).scalar()
    if name is None:
        raise PlayerRefused(f"There is no player {player}.")
    return str(name)


def add_player(repo: Repository, name: str) -> int:
    name = _checked(name)
    with repo.writing() as con:
        if _find(con, name) is not None:
            raise PlayerRefused(f"There is already a player called {name}.")
        return _new(con, name, repo.clock())


def _new(con: Connection, name: str, now: str) -> int:
    key = con.execute(insert(PL).values(name=name, created=now)).inserted_primary_key
    assert key is not None
    return int(key[0])


def _checked(name: str) -> str:
    name = name.strip()
    if not name or "," in name or ";" in name:
        raise PlayerRefused("A player needs a name, without commas or semicolons.")
    return name


def rename_player(repo: Repository, player: int, name: str) -> None:
    name = _checked(name)
    with repo.writing() as con:
        _name(con, player)
        other = _find(con, name)
        if other is not None and other != player:
            raise PlayerRefused(f"{name} is another player: merge the two if they are one person.")
        con.execute(update(PL).where(PL.c.id == player).values(name=name))


def merge_players(repo: Repository, keep: int, gone: int) -> None:
    """`gone` is `keep` under another spelling: their seats become `keep`'s and `gone` goes."""
    with repo.writing() as con:
        kept, lost = _name(con, keep), _name(con, gone)
        if keep == gone:
            raise PlayerRefused("Choose two different players to merge.")
        both = (
            select(ST.c.session_id)
            .where(ST.c.player_id.in_((keep, gone)))
            .group_by(ST.c.session_id)
            .having(func.count() > 1)
        )
        shared = con.execute(both).scalar()
        if shared is not None:
            raise PlayerRefused(f"{kept} and {lost} sat at one table (session {shared}): they are two people.")
        con.execute(update(ST).where(ST.c.player_id == gone).values(player_id=keep))
        con.execute(update(M).where(M.c.key == ME, M.c.value == str(gone)).values(value=str(keep)))
        con.execute(delete(PL).where(PL.c.id == gone))


def delete_player(repo: Repository, player: int) -> None:
    with repo.writing() as con:
        name = _name(con, player)
        count = con.execute(select(func.count()).select_from(ST).where(ST.c.player_id == player)).scalar()
        if count:
            raise PlayerRefused(f"{name} played in {count} session(s): a player is kept while a session names them.")
        con.execute(delete(PL).where(PL.c.id == player))


def set_seat(repo: Repository, session_id: int, position: int, player: int) -> None:
    """The seat was another person than the one its name matched (the other Ann)."""
    with repo.writing() as con:
        name = _name(con, player)
        taken = con.execute(
            select(ST.c.position).where(
                ST.c.session_id == session_id, ST.c.player_id == player, ST.c.position != position
            )
        ).scalar()
        if taken is not None:
            raise PlayerRefused(f"{name} already sits at seat {taken + 1} of that session.")
        done = con.execute(
            update(ST).where(ST.c.session_id == session_id, ST.c.position == position).values(player_id=player)
        )
        if done.rowcount == 0:
            raise PlayerRefused(f"Session {session_id} has no seat {position + 1}.")


def seats(repo: Repository, session_id: int) -> tuple[int, ...]:
    with repo.reading() as con:
        rows = con.execute(select(ST.c.player_id).where(ST.c.session_id == session_id).order_by(ST.c.position))
        return tuple(r[0] for r in rows if type(r[0]) is int)  # a seat that does not read names no one


# -- outcomes --------------------------------------------------------------------------------


def put_outcome(con: Connection, session_id: int, timeline: Timeline) -> None:
    """At the end of a game, inside the write that ended it: the outcome as of the new version."""
    players, version = con.execute(select(S.c.players, S.c.version).where(S.c.id == session_id)).one()
    times = con.execute(
        select(E.c.created).where(E.c.session_id == session_id, E.c.seq <= timeline.cursor).order_by(E.c.seq)
    )
    try:
        data = stats.summarise(timeline.game, timeline, json.loads(players), [t[0] for t in times])
    except Exception:  # a game's figures that fail never stop its last action being saved
        return
    if data is not None:
        _store(con, session_id, version, data)


def _store(con: Connection, session_id: int, version: int, data: dict[str, Any]) -> None:
    statement = upsert(O).values(session_id=session_id, version=version, data=json.dumps(data))
    con.execute(
        statement.on_conflict_do_update(
            index_elements=[O.c.session_id],
            set_={"version": statement.excluded.version, "data": statement.excluded.data},
        )
    )


def outcomes(
    repo: Repository, progress: Callable[[int, int], None] | None = None, problems: list[str] | None = None
) -> tuple[list[stats.Outcome], dict[int, str]]:
    """Every finished session's outcome, and every player's name; missing ones made from the
    logs (`progress(done, total)` after each, for a screen to show). An outcome row that does
    not read (`rows.outcome`) is made again from the log too; a session left out is named
    in `problems`."""
    query = (
        select(S.c.id, S.c.game, S.c.version, O.c.version, O.c.data, S.c.title, S.c.options)
        .select_from(S.outerjoin(O, O.c.session_id == S.c.id))
        .where(S.c.finished == 1)
    )
    with repo.reading() as con:
        rows = con.execute(query).all()
        seated: dict[int, list[int]] = {}
        bad_seats: set[int] = set()
        for sid, position, pid in con.execute(
            select(ST.c.session_id, ST.c.position, ST.c.player_id).order_by(ST.c.session_id, ST.c.position)
        ):
            if position != len(seated.get(sid, ())) or type(pid) is not int:  # seats run 0, 1, 2… of players
                bad_seats.add(sid)
            seated.setdefault(sid, []).append(pid)
        names = {int(i): str(n) for i, n in con.execute(select(PL.c.id, PL.c.name))}
    bad_seats |= {sid for sid, pids in seated.items() if any(p not in names for p in pids)}
    for sid in bad_seats:
        del seated[sid]
    found = []
    known = {g.id: g for g in all_games()}  # a game this Companion does not have is not counted
    rows = [r for r in rows if r[1] in known]
    said = [] if problems is None else problems
    readable: dict[int, dict[str, Any]] = {}
    for sid, _game, version, stored, data, _title, _options in rows:
        if data is not None and stored == version:
            try:
                readable[sid] = rows_reader.outcome(data, len(seated.get(sid, ())))
            except ValueError as exc:
                said.append(str(rows_reader.BadCell("outcome", sid, "data", str(exc), data)) + ": worked out again")
    missing = sum(1 for r in rows if r[0] not in readable)
    done = 0
    for sid, game, _version, _stored, _data, title, options in rows:
        if sid in readable:
            loaded: dict[str, Any] | None = readable[sid]
        else:
            loaded = _recount(repo, sid)
            done += 1
            if progress is not None:
                progress(done, missing)
        if loaded is not None and sid in seated:
            played = _played(known[game], title, options)
            found.append(stats.outcome(sid, game, seated[sid], loaded, played))
        else:
            said.append(f"Session {sid} is left out of the statistics: its log or its seats do not read.")
    return found, names


def _played(game: Game[Any], title: Any, options: Any) -> str:
    """Free play's game name (stats.played_name) from a session row's title and options."""
    if not game.titled:
        return ""
    try:  # most sessions have no "game played": their title says it, with no JSON to read
        chosen = json.loads(options) if isinstance(options, str) and stats.PLAYED in options else {}
    except (ValueError, TypeError):
        chosen = {}
    return stats.played_name(game, str(title), chosen if isinstance(chosen, dict) else {})


def people(repo: Repository, session_id: int, bgg_ids: Mapping[str, int] | None = None) -> People:
    """Who sat at the session as the players table knows them now, with each one's first play
    of this game marked and the player chosen as "me": what every export names."""
    try:
        found, names = outcomes(repo)
        seated = seats(repo, session_id)
        chosen = me(repo, names)
    except StoreError:  # a damaged file being salvaged: the names typed at the table
        return People(bgg_ids=dict(bgg_ids or {}))
    this = next((o for o in found if o.session_id == session_id), None)
    new = () if this is None else tuple(stats.first_play(found, this, p) for p in this.players)
    return People(
        tuple(names[p] for p in seated if p in names),
        new,
        None if chosen is None else names.get(chosen),
        dict(bgg_ids or {}),
    )


def _recount(repo: Repository, session_id: int) -> dict[str, Any] | None:
    """A finished session with no outcome yet: replay its log once and keep what it says."""
    try:
        loaded = repo.load(session_id)
    except StoreError:  # damaged or gone since the list was read: left out
        return None
    times = repo.event_times(session_id)[: loaded.timeline.cursor]
    try:
        data = stats.summarise(loaded.timeline.game, loaded.timeline, loaded.info.players, times)
    except Exception:  # a game whose figures fail on this log: the session is left out, not the screen
        return None
    if data is not None and not repo.read_only:
        with repo.writing() as con:
            _store(con, session_id, loaded.info.version, data)
    return data
