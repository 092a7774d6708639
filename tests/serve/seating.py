"""Seats for the server tests: a real `companion serve --seats` in the test's loop, and a
phone's page talking to it as seat.js does (the cookie from its link, JSON posts with the
log version it saw)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from companion.seat_desk import Desk
from companion.table_server import TableServer
from tests.serve.test_serve_guard import free_port


def log_of(path: Path, sid: int) -> list[str]:
    """The session's log as recorded in the file, up to its cursor."""
    from companion.store.repo import Repository

    repo = Repository.reader(path)
    try:
        tl = repo.load(sid).timeline
        return [e.text for e in tl.entries[: tl.cursor]]
    finally:
        repo.close()


class Phone:
    """One seat's page: its own cookie jar, every byte the server sent it kept in `heard`."""

    def __init__(self, base: str, link: str | None) -> None:
        self.base, self.link = base, link
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.heard = bytearray()
        self.me: dict[str, Any] = {}

    async def open(self) -> int:
        assert self.link is not None
        async with self.http.get(self.link) as response:
            self.heard += await response.read()
            status = response.status
        if status == 200:
            await self.refresh()
        return status

    async def refresh(self) -> dict[str, Any]:
        async with self.http.get(self.base + "/seat/me") as response:
            body = await response.read()
            self.heard += body
            assert response.status == 200, body
            self.me = json.loads(body)
        return self.me

    async def post(self, **body: Any) -> tuple[int, dict[str, Any]]:
        """What the page sends, with the version and action it was painted from."""
        sent = {"version": self.me.get("version"), "action": self.me.get("action"), **body}
        headers = {"Origin": self.base}
        async with self.http.post(self.base + "/seat/act", json=sent, headers=headers) as response:
            raw = await response.read()
            self.heard += raw
            answer = json.loads(raw) if response.content_type == "application/json" else {"text": raw.decode()}
        if "me" in answer:
            self.me = answer["me"]
        return response.status, answer

    async def press(self, key: str, *answers: str) -> str:
        """Press a button, then type each answer; the last reason given ("" when all went in)."""
        _, answer = await self.post(do="open", key=key)
        reason = answer.get("reason", "")
        for text in answers:
            if reason:
                break
            _, answer = await self.post(do="answer", text=text)
            reason = answer.get("reason", "")
        return reason

    async def close(self) -> None:
        await self.http.close()


@contextlib.asynccontextmanager
async def seated(
    path: Path, session_id: int, everyone: bool = False, loopback: bool = True, **kw: Any
) -> AsyncIterator[TableServer]:
    """The real server for `session_id` with seats, on a free loopback port (served as if it
    were a LAN address when `loopback` is False: then the display's pages need its token)."""
    desk = Desk.start(path, session_id, everyone)
    server = TableServer(path, "127.0.0.1", free_port(), loopback=loopback, table=session_id, desk=desk, **kw)
    started = asyncio.Event()
    task = asyncio.create_task(server.run(started.set))
    await asyncio.wait_for(started.wait(), 10)
    try:
        yield server
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def phones(server: TableServer) -> AsyncIterator[list[Phone]]:
    """A page open on every seat's link."""
    base = server.base()
    opened = [Phone(base, link) for _, link in server.seat_links()]
    try:
        for phone in opened:
            assert await phone.open() == 200
        yield opened
    finally:
        for phone in opened:
            await phone.close()
