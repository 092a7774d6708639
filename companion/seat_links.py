"""Each seat's link as the table's screen shows it, and renewing them all at once.

`companion serve --seats` runs in its own process and keeps its record in the file (the
repository's `serving`): the address its links start with and each seat's token. The screen
reads it here; a record whose process is gone (killed, so it could not delete it) counts as
nothing served. Renewing writes a new token for every seat through the repository; the server
reads the tokens again before the next request, so an old link is refused from then on.
Textual is never imported here.
"""

from __future__ import annotations

import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.store.files import StoreError

TOKEN_BYTES = 24  # 32 URL-safe characters: unguessable, and the link still fits an 80×24 QR code


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def url(address: str, token: str) -> str:
    """A seat's link: the server's address and the seat's token."""
    return f"{address}/seat?token={token}"


def start_mark(pid: int) -> str:
    """When process `pid` started, as the system counts it ("" where that cannot be read): with
    the pid it names one process, so a pid used again by another program is not taken for it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat.rpartition(")")[2].split()
    return f"boot+{fields[19]}" if len(fields) > 19 else ""


def this_process() -> tuple[int, str]:
    pid = os.getpid()
    return pid, start_mark(pid)


def alive(pid: int, started: str, unsure: bool = True) -> bool:
    """Whether the process that wrote a record still runs (`unsure` where that cannot be told)."""
    if sys.platform == "win32":  # os.kill would end the process there
        return unsure
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        pass
    return start_mark(pid) == started


def start_line(session_id: int) -> str:
    return f"companion serve --table {session_id} --seats"


def not_served(session_id: int) -> str:
    return (
        f"No seat links: nothing serves this session's seats now. Start `{start_line(session_id)}` "
        "in another terminal (add --host and this machine's network address for phones), and they show here."
    )


@dataclass(frozen=True)
class SeatLinks:
    """The links to show, each (player, link) in seat order; or none, and `said` says why."""

    links: tuple[tuple[str, str], ...] = ()
    said: str = ""
    everyone: bool = False
    pid: int = 0  # the server's process, to see that it still runs
    started: str = ""


def links_now(repo: Any, session_id: int) -> SeatLinks:
    """What the table's screen shows: the live server's links, or a sentence saying how to
    start one (nothing served, its server gone, or its record damaged)."""
    try:
        record = repo.serving(session_id)
    except StoreError as exc:
        return SeatLinks(said=f"{exc} {not_served(session_id)}")
    if record is None or not alive(record.pid, record.started):
        return SeatLinks(said=not_served(session_id))
    links = tuple((name, url(record.address, token)) for name, token in record.seats)
    return SeatLinks(links, "", record.everyone, record.pid, record.started)


def renew(repo: Any, session_id: int) -> SeatLinks:
    """A new token for every seat of the live server, written at once: the old links stop
    working. StoreError (the file refusing) leaves them as they were."""
    shown = links_now(repo, session_id)
    if not shown.links:
        return shown
    if not repo.renew_seats(session_id, [new_token() for _ in shown.links]):
        return SeatLinks(said=not_served(session_id))
    return links_now(repo, session_id)
