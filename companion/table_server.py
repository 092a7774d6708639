"""The web server behind `companion serve`: one aiohttp process, one reader, one page for all.

One thread follows the database read-only (`PRAGMA data_version` every POLL_SECONDS, then only
the new events: `companion.store.follow`), turns the session into its public frame
(`companion.web.display`) and hands the JSON to the event loop, which pushes it to every open
page as a server-sent event. A viewer costs its socket and nothing more. The display takes
nothing from a page: GET (and HEAD) of the page, its two files and the event stream; every
other method gets 405. With seats (`--seats`, companion.seat_routes) each player's phone also
posts its own actions, behind its own token, through the same guard.

Every request passes one guard first:

- `Host` must name the address served (`localhost` too on loopback); with a wildcard address
  (0.0.0.0, ::) any name is let through, because the token below guards it (DNS rebinding);
- a request from another site's page (`Origin` not ours, `Sec-Fetch-Site: cross-site`) is refused;
- beyond loopback a token is required: given once in the printed address (`/?token=...`), it is
  swapped at once for a cookie bound to this host and the browser is sent to `/`, so the token
  stays out of the address bar, out of any Referer (and `Referrer-Policy: no-referrer` besides)
  and out of the access log, which logs the path without its query;
- at most `max_viewers` event streams at once (503 past it).

Every response says `Referrer-Policy: no-referrer` and a Content-Security-Policy of `'self'`
only: the page loads nothing from another host. A malformed request gets aiohttp's 400 and a
line in the debug log at most (no traceback); a request that has not arrived whole within
REQUEST_SECONDS is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import threading
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from yarl import URL

from companion.seat_desk import Desk
from companion.seat_links import url
from companion.seat_routes import NOT_A_SEAT, SEAT_COOKIE, SeatRoutes
from companion.web.display import encoded, frame, message

log = logging.getLogger("companion.serve")

MAX_VIEWERS = 50
POLL_SECONDS = 0.1  # a poll with nothing new is a few microseconds (PRAGMA data_version)
HEARTBEAT_SECONDS = 15.0  # a comment line on a quiet stream, so a dead socket is noticed
REQUEST_SECONDS = 5.0  # a request must arrive whole within this (slow partial requests)
COOKIE = "companion_token"
WILDCARDS = {"0.0.0.0", "::", ""}
FILES = {
    "/": ("page.html", "text/html"),
    "/page.css": ("page.css", "text/css"),
    "/page.js": ("page.js", "text/javascript"),
}
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def host_names(host: str, loopback: bool) -> set[str] | None:
    """The names a request's Host may give; None when any will do (a wildcard address)."""
    if host in WILDCARDS:
        return None
    names = {host.strip("[]").lower()}
    if loopback:
        names.add("localhost")
    return names


def _host_and_port(value: str, scheme: str) -> tuple[str, int] | None:
    try:
        url = URL(f"{scheme}://{value}")
    except ValueError:
        return None
    if not url.host or url.port is None:
        return None
    return url.host.strip("[]").lower(), url.port


class PathOnlyLog(AbstractAccessLogger):
    """One line a request: method, path without its query (a token never lands here), status."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %s", request.remote, request.method, request.path, response.status)


class QuietBadRequests(logging.Filter):
    """aiohttp logs every malformed request with its traceback; its 400 answer is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, HttpProcessingError)


QUIET = logging.getLogger("companion.serve.http")  # aiohttp's server log, bad requests left out
QUIET.addFilter(QuietBadRequests())


class Reader:
    """The one thread that reads the database and the frame it last read (JSON)."""

    def __init__(self, path: Path, table: int | None, publish: Callable[[str], object]) -> None:
        self.path, self.table, self.publish = path, table, publish
        self.stop = threading.Event()
        self.nudged = threading.Event()  # a seat wrote: read the file now, not at the next poll
        self.thread = threading.Thread(target=self.run, name="companion-serve-reader", daemon=True)
        self._seen: int | None = None  # the file's data_version at the last look at the sessions
        self._moves: dict[int, tuple[int, int]] = {}  # each session's (log version, cursor) then
        self._newest: int | None = None

    def run(self) -> None:
        from companion.store.follow import Follower
        from companion.store.repo import Repository

        repo = Repository.reader(self.path)
        follower: Follower | None = None
        last = ""
        try:
            while not self.stop.is_set():
                try:
                    target = self.table if self.table is not None else self.newest(repo)
                    if target is None:
                        text = encoded(message("No saved sessions yet: start one in Companion and it shows here."))
                    else:
                        if follower is None or follower.session_id != target:
                            follower = Follower(repo, target)
                        changed, loaded = follower.poll()
                        if not changed and last:
                            text = last
                        elif loaded is None:
                            text = encoded(message(f"Session {target} is no longer in this database."))
                        else:
                            text = encoded(frame(loaded))
                except Exception as exc:  # SQLite refusing the file, a log this version cannot replay
                    follower = None
                    text = encoded(message(f"Cannot show the table now: {exc}"))
                if text != last:
                    last = text
                    self.publish(text)
                self.nudged.wait(POLL_SECONDS)
                self.nudged.clear()
        finally:
            repo.close()

    def newest(self, repo: Any) -> int | None:
        """The session played most recently, read again only when the file changed: the one
        whose log moved since the last look (an action, an undo), else the newest at start."""
        version = repo.data_version()
        if self._seen == version:
            return self._newest
        sessions = repo.list_sessions()  # newest first
        moves = {s.id: (s.version, s.cursor) for s in sessions}
        before = self._moves
        played = [
            s for s in sessions if (s.id in before and before[s.id] != moves[s.id]) or (before and s.id not in before)
        ]
        current = self._newest
        if played:
            # Two played since the last look (within one poll): the one whose newest action was
            # written last (`updated` is to the second; the action's row number breaks a tie).
            current = max(played, key=lambda s: (s.updated, repo.event_id(s.id, s.cursor) or 0)).id
        elif current not in moves:
            current = sessions[0].id if sessions else None
        self._seen, self._moves, self._newest = version, moves, current
        return current


class TableServer:
    def __init__(
        self,
        path: Path,
        host: str,
        port: int,
        *,
        loopback: bool,
        table: int | None = None,
        max_viewers: int = MAX_VIEWERS,
        desk: Desk | None = None,
    ) -> None:
        self.path, self.host, self.port, self.table = path, host, port, table
        self.names = host_names(host, loopback)
        self.token = None if loopback else secrets.token_urlsafe(24)
        self.max_viewers = max_viewers
        self.viewers = 0
        self.current = b""  # the newest frame as its server-sent event (encoded once for every page)
        self.changed = asyncio.Event()
        self.reader: Reader | None = None
        self.seats = SeatRoutes(desk, self.wake) if desk is not None else None

    def address(self) -> str:
        """The address to open, with the token when there is one."""
        return self.base() + "/" + (f"?token={self.token}" if self.token else "")

    def base(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}"

    def seat_links(self) -> list[tuple[str, str]]:
        """(player, the address of their seat's page) for each seat, each with its own token."""
        if self.seats is None:
            return []
        return [(seat.name, url(self.base(), seat.token)) for seat in self.seats.desk.seats]

    def wake(self) -> None:
        if self.reader is not None:
            self.reader.nudged.set()

    # -- the guard -----------------------------------------------------------------------------

    def refusal(self, request: web.BaseRequest) -> str | None:
        """Why this request is refused, or None to let it through."""
        at = _host_and_port(request.host, request.scheme)
        if at is None or at[1] != self.port or (self.names is not None and at[0] not in self.names):
            return "This server answers only for the address it listens on."
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            return "The table display answers only its own page."
        if request.headers.get("Sec-Fetch-Site") == "cross-site":
            return "The table display answers only its own page."
        seat = self.seats.seat(request) if self.seats is not None else None
        if request.path.startswith("/seat") and seat is None:
            return NOT_A_SEAT
        if self.token is not None and seat is None:
            given = request.query.get("token") or request.cookies.get(COOKIE) or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return "Open the address printed by `companion serve`, with its token."
        return None

    @web.middleware
    async def guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        why = self.refusal(request)
        if why is not None:
            origin = request.headers.get("Origin")
            log.warning(
                "refused %s %s (Host %r, Origin %r): %s", request.method, request.path, request.host, origin, why
            )
            raise web.HTTPForbidden(text=why)
        if "token" in request.query and (self.token is not None or request.path == "/seat"):
            # The token is swapped for a cookie and dropped from the address at once.
            response = web.HTTPSeeOther(request.rel_url.with_query(None))
            if request.path == "/seat":
                response.set_cookie(SEAT_COOKIE, request.query["token"], httponly=True, samesite="Strict")
            else:
                response.set_cookie(COOKIE, request.query["token"], httponly=True, samesite="Strict")
            raise response
        return await handler(request)

    @staticmethod
    async def headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(HEADERS)

    # -- the routes ----------------------------------------------------------------------------

    async def page_file(self, request: web.Request) -> web.Response:
        name, kind = FILES[request.path]
        body = resources.files("companion.web").joinpath(name).read_bytes()
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The frames, each pushed as a server-sent event while the page is open."""
        if self.viewers >= self.max_viewers:
            raise web.HTTPServiceUnavailable(
                text=f"{self.max_viewers} viewers are watching already (--max-viewers); close one first."
            )
        self.viewers += 1
        try:
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
            await response.prepare(request)
            sent = b""
            while True:
                changed = self.changed  # taken first: a frame published during the write wakes it
                if self.current is not sent:
                    sent = self.current
                    await response.write(sent)
                try:
                    await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    await response.write(b": still here\n\n")
        except ConnectionError:  # the page went away
            return response
        finally:
            self.viewers -= 1

    def publish(self, text: str) -> None:
        """A new frame (on the event loop): every open stream wakes and sends it."""
        self.current = f"data: {text}\n\n".encode()
        self.changed.set()
        self.changed = asyncio.Event()

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard], client_max_size=1024)
        for path in FILES:
            app.router.add_get(path, self.page_file)
        app.router.add_get("/events", self.events, allow_head=False)
        if self.seats is not None:
            self.seats.add(app)
        app.on_response_prepare.append(self.headers)
        return app

    # -- running -------------------------------------------------------------------------------

    async def run(self, started: Callable[[], None] | None = None) -> None:
        loop = asyncio.get_running_loop()
        self.changed = asyncio.Event()
        reader = Reader(self.path, self.table, lambda text: loop.call_soon_threadsafe(self.publish, text))
        self.reader = reader
        runner = web.AppRunner(
            self.app(),
            access_log_class=PathOnlyLog,
            access_log=logging.getLogger("companion.serve.access"),
            logger=QUIET,
            # Also from the connection's start: a request trickling in is dropped (aiohttp >= 3.14).
            keepalive_timeout=REQUEST_SECONDS,
            handler_cancellation=True,
            shutdown_timeout=1.0,
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        reader.thread.start()
        if started is not None:
            started()
        try:
            await asyncio.Event().wait()
        finally:
            reader.stop.set()
            reader.nudged.set()
            with contextlib.suppress(Exception):
                await runner.cleanup()
            await asyncio.to_thread(reader.thread.join, 2)

    def serve(self, started: Callable[[], None] | None = None) -> None:
        """Serve until ctrl+c, or a terminate signal, which stops it as cleanly (its caller then
        deletes the seats' record from the file)."""
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
        try:
            with contextlib.suppress(KeyboardInterrupt):
                asyncio.run(self.run(started))
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
