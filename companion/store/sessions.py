"""A session's row as the store hands it out, and the tables' handles the door's modules share.

A session row is read through its typed reader (`rows.read_cells`): a cell that does not read
is named in `SessionInfo.damage` and replaced by a stand-in, so the session is still listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Game, TableView
from companion.games import all_games
from companion.store import rows
from companion.store.tables import CardRow, EventRow, MetaRow, SessionRow, SnapshotRow
from companion.timeline import Timeline

SNAPSHOT_EVERY = 500  # actions between the snapshots a session reopens from (read as sessions.SNAPSHOT_EVERY)


def _game_ids() -> set[str]:
    """The games this Companion has now (a game registered after start-up included)."""
    return {g.id for g in all_games()}


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
