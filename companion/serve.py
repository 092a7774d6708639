"""`companion serve`: the read-only table display in a browser, for the TV and every phone.

Everything that can be wrong is checked before anything listens: the database (the same checks
as the app), the session, the host and the port. Then one process serves the page and pushes
every change to every open page (companion.table_server holds the web server and its guards:
Host, Origin, token, viewer cap). It binds to loopback unless told otherwise; beyond loopback
the address carries a token. Textual is never imported here.
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import socket
import sys
from pathlib import Path
from typing import Any

from companion.store.files import StoreError, check_header, choose_path, prepare

UNSAFE = (
    "companion: warning: {host} is not a loopback address: anyone on the network who has the "
    "address with its token can see the table (the token is new each start; keep it to the table)."
)


class ServeError(Exception):
    """Bad input for serve or view; the message says what to change."""


def check_database(db: str | None, session_id: int | None, full: bool = True) -> Path:
    """The resolved database path, after the checks; StoreError with the reason otherwise.

    `full` (serve, once) runs the app's own checks and upgrades the schema; the light check
    (each viewer process) only reads, so a browser connecting never takes the write lock.
    """
    from companion.store.repo import Repository

    path, _ = choose_path(db)
    if not path.exists():
        raise StoreError(
            f"{path} does not exist: there is no table to show yet. Start a session with `companion`, or pass --db."
        )
    if full:
        prepare(path, False)
        Repository.open(path).close()
    else:
        check_header(path)
    if session_id is not None:
        repo = Repository.reader(path)
        try:
            repo.info(session_id)
        except StoreError as exc:
            raise StoreError(f"{exc} `companion sessions list` shows the saved sessions.") from None
        except Exception as exc:  # SQLite refusing the file
            raise StoreError(f"{path} cannot be read: {exc}") from None
        finally:
            repo.close()
    return path.resolve()


def is_loopback(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return False
    return all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def check_port(host: str, port: int) -> None:
    """Bind the address as the server will, then let it go; ServeError if that fails."""
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port}: choose a port between 1 and 65535.")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise ServeError(f"--host {host}: not an address this machine can listen on ({exc}).") from None
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as s:
            # As aiohttp does, so a socket of an earlier run in TIME_WAIT is not "in use".
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    raise ServeError(f"port {port} on {host} is already in use; pick another with --port.") from None
                raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror}.") from None


def serve_command(
    db: str | None,
    host: str,
    port: int,
    table: int | None,
    max_viewers: int = 50,
    seats: bool = False,
    everyone: bool = False,
    codes: bool = False,
) -> int:
    path = check_database(db, table)
    try:
        if not 1 <= max_viewers <= 1000:
            raise ServeError(f"--max-viewers {max_viewers}: choose 1 to 1000.")
        if seats and table is None:
            raise ServeError("--seats needs --table SESSION_ID: the seats are that session's players.")
        if (everyone or codes) and not seats:
            raise ServeError(f"{'--all-seats-record' if everyone else '--qr'} goes with --seats.")
        check_port(host, port)
        from companion.table_server import TableServer
    except ServeError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    loopback = is_loopback(host)
    if not loopback:
        print(UNSAFE.format(host=host), file=sys.stderr)
    desk = None
    if seats and table is not None:
        from companion.seat_desk import Desk

        desk = Desk.start(path, table, everyone)
    server = TableServer(path, host, port, loopback=loopback, table=table, max_viewers=max_viewers, desk=desk)
    if desk is not None and table is not None:
        try:
            publish(desk, table, server.base())
        except (ServeError, StoreError) as exc:
            desk.close()
            print(f"companion: {exc}", file=sys.stderr)
            return 1
    what = f"session {table}" if table is not None else "the session played last"
    print(
        f"Companion table display ({what}, read-only) on {server.address()} "
        f"(at most {max_viewers} pages at once); ctrl+c stops.",
        flush=True,
    )
    if desk is not None:
        print_seats(server.seat_links(), everyone, codes)
    try:
        server.serve()
    finally:
        if desk is not None:
            with contextlib.suppress(StoreError):  # the file refusing: the record is left, and reads as stopped
                desk.withdraw()
            desk.close()
    return 0


def print_seats(links: list[tuple[str, str]], everyone: bool, codes: bool) -> None:
    """One line per seat, `NAME: URL`, and with --qr its code under it."""
    who = "every seat records any action" if everyone else "each records its own player's actions"
    print(f"Seats ({who}; keep each link to its player; the table's screen shows them as QR codes):", flush=True)
    for name, link in links:
        print(f"{name}: {link}", flush=True)
        if codes:
            from companion import qr

            print("\n".join(qr.lines(link)), flush=True)


def publish(desk: Any, table: int, address: str) -> None:
    """The seats' record in the file, for the table's screen; ServeError if a live server
    already serves this session's seats (two would hand out two sets of links)."""
    from companion.seat_links import alive
    from companion.store.serving import ServingDamaged

    try:
        record = desk.repo.serving(table)
    except ServingDamaged:
        record = None  # a damaged record is replaced by this server's
    if record is not None and alive(record.pid, record.started, unsure=False):
        raise ServeError(
            f"session {table}'s seats are already served (process {record.pid}, on {record.address}): "
            "stop that one first (ctrl+c where it runs), or open its links from the table's screen."
        )
    desk.publish(address)
