"""The web server behind `companion serve`: textual-serve's Server with the doors shut.

textual-serve answers any Host, accepts a websocket from any page, starts one app process per
websocket with whatever terminal size the client asks for, and leaves the rest to the network.
For a table display that is too open: a page on another site could reach the loopback server
through DNS rebinding (a name of its own that resolves to 127.0.0.1) or open the websocket from
the player's browser (cross-site websocket hijacking). So every request passes one aiohttp
middleware first:

- `Host` must name the address served (`localhost` too on loopback); with a wildcard address
  (0.0.0.0, ::) any name is let through, because the token below guards it;
- the websocket's `Origin` must be the page's own (same scheme, host and port);
- beyond loopback a token is required, given once in the address (`/?token=...`, printed at
  start, as Jupyter does) and then carried by a cookie bound to this host, so the page's own
  requests and its websocket need no change to textual-serve's JavaScript.

And each viewer is capped: at most `max_viewers` websockets at once (one app process each),
a terminal of at most MAX_COLUMNS x MAX_ROWS cells (a request for a giant size grew a process
to gigabytes), and when a socket closes its process is asked to quit and killed if it has not
gone within a few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

log = logging.getLogger("companion.serve")

MAX_COLUMNS, MAX_ROWS = 400, 150
"""A 4K television at a small font is under 400 columns; more is not a display but a cost."""
MAX_VIEWERS = 8
QUIT_WAIT = 5.0  # seconds a viewer process gets to quit before it is killed
COOKIE = "companion_token"
WILDCARDS = {"0.0.0.0", "::", ""}


def terminal_size(width: Any, height: Any) -> tuple[int, int]:
    """A size a client asked for, as whole numbers within 1..MAX_COLUMNS and 1..MAX_ROWS."""

    def whole(value: Any, default: int, most: int) -> int:
        text = str(value).strip()
        if not (text.isascii() and text.isdigit()):
            return default
        return max(1, min(int(text) if len(text) <= 6 else most, most))

    return whole(width, 80, MAX_COLUMNS), whole(height, 24, MAX_ROWS)


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


class CappedAppService(AppService):
    """One viewer's app process, never sized past the caps."""

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*terminal_size(width, height))

    async def end(self) -> None:
        """Ask the process to quit; kill it if it is still there after QUIT_WAIT seconds."""
        with contextlib.suppress(TimeoutError, OSError, RuntimeError):
            await asyncio.wait_for(self.stop(), QUIT_WAIT)
        process = self._process
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()


class TableServer(Server):
    def __init__(
        self, command: str, host: str, port: int, *, loopback: bool, max_viewers: int = MAX_VIEWERS, title: str = ""
    ) -> None:
        # textual-serve runs the command through /bin/sh, which (dash) forks it: with exec the
        # viewer is the shell's own process, so killing it kills the app, not just the shell.
        super().__init__(f"exec {command}", host=host, port=port, title=title)
        self.names = host_names(host, loopback)
        self.token = None if loopback else secrets.token_urlsafe(24)
        self.max_viewers = max_viewers
        self.viewers = 0

    def address(self) -> str:
        """The address to open, with the token when there is one."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/" + (f"?token={self.token}" if self.token else "")

    # -- the guard -----------------------------------------------------------------------------

    def refusal(self, request: web.Request) -> str | None:
        """Why this request is refused, or None to let it through."""
        at = _host_and_port(request.host, request.scheme)
        if at is None or at[1] != self.port or (self.names is not None and at[0] not in self.names):
            return "This server answers only for the address it listens on."
        if self.token is not None:
            given = request.query.get("token") or request.cookies.get(COOKIE) or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return "Open the address printed by `companion serve`, with its token."
        if request.path == "/ws":
            origin = request.headers.get("Origin", "")
            if origin != f"{request.scheme}://{request.host}":
                return "The table view's websocket opens only from its own page."
        return None

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()

        @web.middleware
        async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
            why = self.refusal(request)
            if why is not None:
                log.warning(
                    "refused %s %s (Host %r, Origin %r): %s",
                    request.method,
                    request.path,
                    request.host,
                    request.headers.get("Origin"),
                    why,
                )
                raise web.HTTPForbidden(text=why)
            response: web.StreamResponse = await handler(request)
            if self.token is not None and request.query.get("token") == self.token and not response.prepared:
                response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
            return response

        app.middlewares.append(guard)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `companion serve` prints its own line (textual-serve's banner has none of it)."""

    async def handle_index(self, request: web.Request) -> Any:
        # The page names the websocket's address; take it from the address the browser
        # used, so a wildcard --host such as 0.0.0.0 works from another machine.
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    # -- one viewer ----------------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's handler, with the viewer cap, the size cap and a sure end."""
        if self.viewers >= self.max_viewers:
            raise web.HTTPServiceUnavailable(
                text=f"{self.max_viewers} viewers are watching already (--max-viewers); close one first."
            )
        self.viewers += 1
        websocket = web.WebSocketResponse(heartbeat=15)
        service: CappedAppService | None = None

        async def close() -> None:
            await websocket.close()

        try:
            await websocket.prepare(request)
            service = CappedAppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,  # type: ignore[arg-type]  # textual-serve passes it so too
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await service.start(*terminal_size(request.query.get("width", 80), request.query.get("height", 24)))
            await self._messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one viewer's trouble never stops the server
            log.exception(error)
        finally:
            self.viewers -= 1
            if service is not None:
                await service.end()
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, service: CappedAppService) -> None:
        """The browser's keys, sizes and pings; anything malformed is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = json.loads(message.data)
                data = rest[0] if rest else None
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(data.get("width", 80), data.get("height", 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()
