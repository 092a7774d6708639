"""Adding an imported session (`companion.importer`) to the file: the session and its whole log
in one transaction, so a failure part-way leaves nothing behind."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.core import encode
from companion.store.repo import SNAPSHOT_EVERY, Repository, _put_snapshot, summary_of
from companion.store.tables import EventRow, SessionRow

if TYPE_CHECKING:
    from companion.importer import Parsed

E = EventRow.__table__  # type: ignore[attr-defined]


def add_session(repo: Repository, parsed: Parsed) -> int:
    """The new session's id; its log, undo position and times are the file's."""
    tl = parsed.timeline
    summary, finished = summary_of(parsed.game, tl.state)
    now = repo.clock()
    row = SessionRow(
        game=parsed.game.id,
        title=parsed.title,
        players=json.dumps(list(parsed.players)),
        options=json.dumps(parsed.options),
        cursor=tl.cursor,
        created=parsed.created,
        updated=parsed.updated,
        summary=summary,
        finished=int(finished),
    )
    with repo._session(write=True) as s:
        s.add(row)
        s.flush()
        sid = row.id
        assert sid is not None
        if tl.entries:
            s.connection().execute(
                E.insert(),
                [
                    {
                        "session_id": sid,
                        "seq": i,
                        "payload": json.dumps(encode(e.event)),
                        "turn": e.turn,
                        "text": e.text,
                        "created": parsed.times[i - 1] or now,
                        "dropped": e.dropped,
                    }
                    for i, e in enumerate(tl.entries, 1)
                ],
            )
        if tl.cursor >= SNAPSHOT_EVERY:  # a long session reopens from here, not from the start
            _put_snapshot(s.connection(), sid, tl)
    return sid
