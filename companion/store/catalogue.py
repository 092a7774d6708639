"""The door's other tables: the file's own settings (meta) and the card catalogue.

Each row is read through its typed reader (`rows`): a card or a setting that does not read
is left out and named, never a crash.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.dialects.sqlite import insert as upsert

from companion.games import get_game
from companion.store import rows
from companion.store.door import Door, _fetch
from companion.store.sessions import C, M, _game_ids


class Catalogue(Door):
    # -- the file's own settings (meta) ------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """A setting the file keeps (e.g. "me"), or None if it has none or it does not read
        (then named in `bad_meta`)."""
        with self._transaction(write=False) as con:
            return _meta(con, key, self.bad_meta)

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
                row = f"{key} ({name})" if type(name) is str else key  # the name a player knows it by
                self.bad_cards[(game, kind, key)] = str(rows.BadCell("card", row, "data", str(exc), data))
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


def _meta(con: Connection, key: str, bad: dict[str, str]) -> str | None:
    """A setting through its typed reader: one that does not read is None, and named in `bad`."""
    found = _fetch(con, select(M.c.key, M.c.value).where(M.c.key == key))
    if not found:
        return None
    try:
        value = rows.setting(key, found[0])
    except rows.BadCell as exc:
        bad[key] = str(exc)
        return None
    bad.pop(key, None)
    return value


def _card(catalogue: Any, kind: str, name: str, data: dict[str, Any]) -> dict[str, Any]:
    """A card's data if the game's catalogue can show it (its values of the types it reads)."""
    if catalogue is not None:
        try:
            catalogue.line(kind, name, data)
        except Exception:  # any failure of the game's reader on stored data is a bad row
            raise ValueError("not a card the game's catalogue can show") from None
    return data
