"""The seats' routes of `companion serve --seats`: each player's phone, behind its own token.

A seat's link (`/seat?token=...`, printed once per player) is swapped at once for a cookie, as
the display's token is, so the token leaves the address bar and every log. Every seat request
passes the display's guard first (Host, Origin, the cross-site check); then the seat cookie
must name a seat (an old or wrong one: 403, and the answer says nothing about the table);
at most MAX_WAITING seat requests wait at once (503 past it). A write is a JSON POST from the page itself (an `Origin` of ours is required, the cookie is
SameSite=Strict), at most the server's body cap; everything else the server answers is GET.

The desk (companion.seat_desk) does the work on one thread of its own, so two phones are
taken one after the other and the event loop never waits on the file.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any

from aiohttp import web

from companion.seat_desk import Desk
from companion.store.files import StoreError

SEAT_COOKIE = "companion_seat"
NOT_A_SEAT = "Open your own seat's link, as `companion serve --seats` printed it."
MAX_WAITING = 32  # requests waiting for the desk at once; past it a phone is asked to try again
SEAT_FILES = {"/seat": ("seat.html", "text/html"), "/seat.js": ("seat.js", "text/javascript")}
DISPLAY_TITLE = "<title>Companion · table display</title>"


def seat_page() -> bytes:
    """A seat's page: the display's own page (page.html) with the seat's part (seat_part.html)
    under its header, its script and its title, so the table's markup is written once."""
    web_files = resources.files("companion.web")
    page = web_files.joinpath("page.html").read_text(encoding="utf-8")
    part = web_files.joinpath("seat_part.html").read_text(encoding="utf-8")
    for marker in (DISPLAY_TITLE, "<!--seat-head-->", "<!--seat-body-->"):
        assert page.count(marker) == 1, f"page.html must hold {marker} once"
    page = page.replace(DISPLAY_TITLE, "<title>Companion · your seat</title>")
    page = page.replace("<!--seat-head-->", '<script src="/seat.js" defer></script>')
    return page.replace("<!--seat-body-->", part.rstrip("\n")).encode("utf-8")


class SeatRoutes:
    def __init__(self, desk: Desk, wake: Any) -> None:
        self.desk = desk
        self.wake = wake  # the reader reads the file again at once after a write
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-seats")
        self.waiting = 0

    def seat(self, request: web.BaseRequest) -> int | None:
        """The seat the request's cookie (or, on the link, its token) opens."""
        given = request.cookies.get(SEAT_COOKIE) or ""
        if request.path == "/seat" and "token" in request.query:
            given = request.query["token"]
        return self.desk.seat_of(given) if given else None

    def add(self, app: web.Application) -> None:
        for path in SEAT_FILES:
            app.router.add_get(path, self.page)
        app.router.add_get("/seat/me", self.me, allow_head=False)
        app.router.add_post("/seat/act", self.act)
        app.on_shutdown.append(self.stop)

    async def stop(self, app: web.Application) -> None:
        await asyncio.get_running_loop().run_in_executor(self.pool, self.desk.close)
        self.pool.shutdown(wait=False)

    def _known(self, request: web.Request) -> int:
        seat = self.seat(request)
        if seat is None:
            raise web.HTTPForbidden(text=NOT_A_SEAT)
        return seat

    async def page(self, request: web.Request) -> web.Response:
        self._known(request)
        name, kind = SEAT_FILES[request.path]
        body = seat_page() if name == "seat.html" else resources.files("companion.web").joinpath(name).read_bytes()
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def me(self, request: web.Request) -> web.Response:
        seat = self._known(request)
        return web.json_response(await self._at_desk(self.desk.me, seat))

    async def _at_desk(self, work: Any, *args: Any) -> Any:
        """Run `work` on the desk's thread, one request after another; 503 past MAX_WAITING."""
        if self.waiting >= MAX_WAITING:
            raise web.HTTPServiceUnavailable(text="The table is busy; try again in a moment.")
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, work, *args)
        except StoreError as exc:  # the session deleted, the file refusing: said, nothing changed
            raise web.HTTPConflict(text=str(exc)) from None
        finally:
            self.waiting -= 1

    async def act(self, request: web.Request) -> web.Response:
        seat = self._known(request)
        if request.headers.get("Origin") is None:  # the page's own fetch always says where it is from
            raise web.HTTPForbidden(text="A seat's page sends its own actions.")
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(text="Send JSON.")
        try:
            body = json.loads(await request.text())
        except (ValueError, RecursionError):
            raise web.HTTPBadRequest(text="Send JSON.") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="Send a JSON object.")
        status, answer = await self._at_desk(self.desk.act, seat, body)
        self.wake()
        return web.json_response(answer, status=status)
