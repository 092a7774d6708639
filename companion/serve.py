"""`companion serve`: the read-only table view in a browser, through textual-serve.

Everything that can be wrong is checked before anything listens: the database (the same checks
as the app), the session, the host and the port. Then textual-serve runs one app process per
browser tab, `companion --db PATH view [ID]`, which shows only the table view and reads the file
through a read-only connection. It binds to loopback unless told otherwise; there is no
authentication, so any other address gets a warning. Textual is never imported here.
"""

from __future__ import annotations

import errno
import ipaddress
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from companion.store.files import StoreError, check_header, choose_path, prepare

UNSAFE = (
    "companion: warning: {host} is not a loopback address and there is no authentication: "
    "anyone who can reach this address can see the table."
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
        raise StoreError(f"{path} does not exist: there is no table to show yet. Start a session "
                         "with `companion`, or pass --db.")
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
    return all(ipaddress.ip_address(info[4][0].split("%")[0]).is_loopback for info in infos)


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


def view_command_line(path: Path, session_id: int | None) -> str:
    """The shell command textual-serve runs for each browser tab."""
    args = [sys.executable, "-m", "companion", "--db", str(path), "view"]
    if session_id is not None:
        args.append(str(session_id))
    return shlex.join(args)


def serve_command(db: str | None, host: str, port: int, table: int | None) -> int:
    path = check_database(db, table)
    try:
        check_port(host, port)
        from textual_serve.server import Server
    except ServeError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except ImportError:
        print("companion: serve needs textual-serve: pip install 'companion[serve]'", file=sys.stderr)
        return 1
    if not is_loopback(host):
        print(UNSAFE.format(host=host), file=sys.stderr)

    class TableServer(Server):  # type: ignore[misc]
        async def handle_index(self, request: Any) -> Any:
            # The page names the websocket's address; take it from the address the browser
            # used, so a wildcard --host such as 0.0.0.0 works from another machine.
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

    what = f"session {table}" if table is not None else "a chooser of sessions"
    url_host = f"[{host}]" if ":" in host else host
    print(f"Companion table view ({what}, read-only) on http://{url_host}:{port}/ "
          f"(add ?fontsize=24 for a TV); ctrl+c stops.", flush=True)
    server = TableServer(view_command_line(path, table), host=host, port=port, title="Companion · table view")
    server.serve()
    return 0
