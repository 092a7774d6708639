"""The door's record of who serves a session's seats, and each seat's link token.

`companion serve --seats` runs in a process of its own; the table's screen shows its links as
QR codes and renews them. The file is how the two speak, through this door like every row:
the server publishes its record once it listens and deletes it when it stops; the screen
reads it and writes new tokens; the server reads the tokens again whenever the file changed
(`PRAGMA data_version`), so an old link is refused from the next request on. Each row is read
through its typed reader (`rows`): a row that does not read is a `ServingDamaged` naming it,
never a crash. No export, statistic or page reads these tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update

from companion.store import rows
from companion.store.door import Door, _fetch
from companion.store.files import StoreError
from companion.store.tables import SeatLinkRow, ServingRow

SV = ServingRow.__table__  # type: ignore[attr-defined]
SL = SeatLinkRow.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Serving:
    """One server's record: the address its links start with, whether every seat records,
    the process serving (pid and its start mark) and each seat's (player, token) in order."""

    address: str
    everyone: bool
    pid: int
    started: str
    seats: tuple[tuple[str, str], ...]


class ServingDamaged(StoreError):
    """A serving record that does not read; the message names the row."""


SERVING_COLUMNS: dict[str, Callable[[Any], Any]] = {
    "address": rows.address,
    "everyone": rows.flag,
    "pid": rows.process_id,
    "started": rows.text,
}
LINK_COLUMNS: dict[str, Callable[[Any], Any]] = {"position": rows.whole, "name": rows.text, "token": rows.token}


class Servings(Door):
    def publish_seats(self, session_id: int, serving: Serving) -> None:
        """Keep `serving` as the session's record, in place of any earlier one."""
        with self._transaction(write=True) as con:
            con.execute(delete(SL).where(SL.c.session_id == session_id))
            con.execute(delete(SV).where(SV.c.session_id == session_id))
            con.execute(
                insert(SV).values(
                    session_id=session_id,
                    address=serving.address,
                    everyone=int(serving.everyone),
                    pid=serving.pid,
                    started=serving.started,
                )
            )
            for position, (name, token) in enumerate(serving.seats):
                con.execute(insert(SL).values(session_id=session_id, position=position, name=name, token=token))

    def serving(self, session_id: int) -> Serving | None:
        """The session's record, None when nothing serves its seats; ServingDamaged (naming the
        row) when it does not read."""
        with self._transaction(write=False) as con:
            head = _fetch(
                con,
                select(SV.c.address, SV.c.everyone, SV.c.pid, SV.c.started).where(SV.c.session_id == session_id),
            )
            links = _fetch(
                con,
                select(SL.c.position, SL.c.name, SL.c.token)
                .where(SL.c.session_id == session_id)
                .order_by(SL.c.position),
            )
        if not head:
            return None
        try:
            address, everyone, pid, started = rows.read_row("serving", session_id, head[0], SERVING_COLUMNS)
            seats = []
            for at, link in enumerate(links):
                position, name, token = rows.read_row("seat_link", f"{session_id}/{link[0]!r}", link, LINK_COLUMNS)
                if position != at:
                    raise rows.BadCell("seat_link", f"{session_id}/{position}", "position", "a seat missing", position)
                seats.append((name, token))
        except rows.BadCell as exc:
            raise ServingDamaged(f"The seat links kept in {self.path} cannot be read: {exc}.") from None
        return Serving(address, everyone, pid, started, tuple(seats))

    def renew_seats(self, session_id: int, tokens: Sequence[str]) -> bool:
        """Each seat's token replaced, in seat order, in one transaction; False when nothing
        serves the session's seats (then nothing is written)."""
        with self._transaction(write=True) as con:
            changed = 0
            for position, token in enumerate(tokens):
                statement = update(SL).where(SL.c.session_id == session_id, SL.c.position == position)
                changed += con.execute(statement.values(token=token)).rowcount
            return changed > 0

    def withdraw_seats(self, session_id: int, pid: int, started: str) -> None:
        """Delete the session's record if it is this process's (a later server's is left)."""
        with self._transaction(write=True) as con:
            mine = select(SV.c.session_id).where(
                SV.c.session_id == session_id, SV.c.pid == pid, SV.c.started == started
            )
            con.execute(delete(SL).where(SL.c.session_id.in_(mine)))
            con.execute(delete(SV).where(SV.c.session_id == session_id, SV.c.pid == pid, SV.c.started == started))
