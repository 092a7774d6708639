"""`companion serve` answers only its own page, for the table it was started for, over real HTTP.

Each test runs the real server (companion.table_server) in the test's event loop on a free
loopback port, reading a real SQLite file, and talks to it with aiohttp's client or a raw
socket: DNS rebinding (a foreign Host), another site's page (Origin, Sec-Fetch-Site), the token
beyond loopback (and never in the log or the address bar), the viewer cap, read-only, malformed
and slow requests, the pinned table and the session played last. Waits are bounded loops.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion import table_server
from companion.games.free import Adjust
from companion.table_server import TableServer
from tests.serve.midgame import record, store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.base = f"http://127.0.0.1:{server.port}"


@contextlib.asynccontextmanager
async def serving(path: Path, host: str = "127.0.0.1", loopback: bool = True, **kw: Any) -> AsyncIterator[Running]:
    server = TableServer(path, host, free_port(), loopback=loopback, **kw)
    started = asyncio.Event()
    task = asyncio.create_task(server.run(started.set))
    await asyncio.wait_for(started.wait(), 10)
    try:
        yield Running(server)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def get(url: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers, allow_redirects=False) as response:
        return response.status, await response.text()


async def frames(http: aiohttp.ClientSession, url: str, **headers: str) -> AsyncIterator[dict]:
    """The frames the event stream pushes, one dict each."""
    async with http.get(url, headers=headers) as response:
        assert response.status == 200, await response.text()
        assert response.headers["Content-Type"].startswith("text/event-stream")
        async for line in response.content:
            if line.startswith(b"data: "):
                yield json.loads(line[6:])


async def first_frame(url: str, where=lambda f: True, **headers: str) -> dict:  # type: ignore[no-untyped-def]
    async with aiohttp.ClientSession() as http:
        async with asyncio.timeout(10):
            async for frame in frames(http, url, **headers):
                if where(frame):
                    return frame
    raise AssertionError("the stream ended")


@pytest.fixture
def table(db_path: Path) -> int:
    return store(db_path, "free", "Friday")


async def test_a_foreign_host_is_refused(db_path, table):
    async with serving(db_path) as running:
        port = running.server.port
        assert (await get(running.base + "/"))[0] == 200
        assert (await get(running.base + "/", Host=f"localhost:{port}"))[0] == 200
        for path in ("/", "/events", "/page.js"):
            status, text = await get(running.base + path, Host=f"rebind.example:{port}")
            assert status == 403 and "only for the address it listens on" in text
        assert (await get(running.base + "/", Host=f"127.0.0.1:{port + 1}"))[0] == 403


async def test_another_sites_page_is_refused(db_path, table):
    async with serving(db_path) as running:
        events = running.base + "/events"
        assert (await get(events, Origin="http://evil.example"))[0] == 403
        assert (await get(events, Origin=f"http://localhost:{running.server.port}"))[0] == 403
        assert (await get(events, **{"Sec-Fetch-Site": "cross-site"}))[0] == 403
        frame = await first_frame(events, Origin=running.base, **{"Sec-Fetch-Site": "same-origin"})
        assert frame["title"] == "Friday"


async def test_every_answer_keeps_referrers_and_other_hosts_out(db_path, table):
    async with serving(db_path) as running, aiohttp.ClientSession() as http:
        for path in ("/", "/page.css", "/page.js", "/nothing-here"):
            async with http.get(running.base + path, headers={"Host": "rebind.example"}) as refused:
                assert refused.headers["Referrer-Policy"] == "no-referrer"
            async with http.get(running.base + path) as response:
                assert response.headers["Referrer-Policy"] == "no-referrer", path
                policy = response.headers["Content-Security-Policy"]
                assert "default-src 'none'" in policy and "http" not in policy, "nothing from another host"
                body = await response.text()
        page = (await get(running.base + "/"))[1]
        linked = re.findall(r'(?:src|href)="([^"]*)"', page)
        assert linked == ["/page.css", "/page.js"], "the page loads its own two files, nothing else"
        script = (await get(running.base + "/page.js"))[1]
        assert "innerHTML" not in script and "http" not in script, "text goes in as text, from this host only"
        assert body == "404: Not Found"


async def test_read_only_nothing_a_page_sends_changes_anything(db_path, table):
    before = hashlib.sha256(db_path.read_bytes()).hexdigest()
    async with serving(db_path) as running, aiohttp.ClientSession() as http:
        for method in ("POST", "PUT", "DELETE", "PATCH", "HEAD"):
            for path in ("/", "/events"):
                if method == "HEAD" and path == "/":
                    continue  # the page itself may be asked for its headers
                async with http.request(method, running.base + path, data=b'{"delete": 1}' * 100) as response:
                    assert response.status in (405, 413), (method, path, response.status)
        await first_frame(running.base + "/events")
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == before


async def test_the_viewer_cap(db_path, table):
    async with serving(db_path, max_viewers=2) as running, aiohttp.ClientSession() as http:
        events = running.base + "/events"
        first = await http.get(events)
        second = await http.get(events)
        await first.content.readline()
        await second.content.readline()
        async with http.get(events) as third:
            assert third.status == 503 and "2 viewers" in await third.text()
        first.close()
        deadline = time.monotonic() + 10
        while running.server.viewers != 1:
            assert time.monotonic() < deadline, "a closed page frees its place"
            await asyncio.sleep(0.05)
        assert (await first_frame(events))["title"] == "Friday"
        second.close()


async def test_beyond_loopback_a_token_is_required_and_never_logged(db_path, table, caplog):
    caplog.set_level(logging.INFO)
    async with serving(db_path, host="0.0.0.0", loopback=False) as running:
        token = running.server.token
        assert token and len(token) >= 24 and running.server.address().endswith(f"/?token={token}")
        for path in ("/", "/events", "/page.js", "/?token=wrong"):
            assert (await get(running.base + path))[0] == 403, path
        async with aiohttp.ClientSession() as http:
            host = {"Host": f"tv.home:{running.server.port}"}
            async with http.get(running.base + f"/?token={token}", headers=host, allow_redirects=False) as page:
                assert page.status == 303, "the token is swapped for a cookie at once"
                assert page.headers["Location"] == "/", "and the address bar no longer holds it"
                cookie = page.headers["Set-Cookie"]
                assert "companion_token" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
            jar = {"Cookie": f"companion_token={token}"}
            assert (await get(running.base + "/", **jar))[0] == 200
            assert (await first_frame(running.base + "/events", **jar))["title"] == "Friday"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "GET /events 200" in logged or "GET / 303" in logged, "requests are logged"
    assert token not in logged, "the token never reaches the log"


async def test_malformed_requests_cost_no_traceback(db_path, table, caplog):
    caplog.set_level(logging.DEBUG)
    async with serving(db_path) as running:
        port = running.server.port
        cpu = time.process_time()  # the server's and this client's both: they share the process
        for _ in range(300):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Bad: a\x01b\r\n\r\n".encode())
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(200), 5)
            assert re.match(rb"HTTP/1.[01] 400 ", answer), answer
            writer.close()
        spent = time.process_time() - cpu
        print(f"300 malformed requests: {spent:.2f} s of CPU (server and client)")
        assert spent < 3.0, f"300 malformed requests cost {spent:.2f} s of CPU (a traceback each cost 9.5 s)"
        assert (await get(running.base + "/"))[0] == 200, "the server carries on"
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 0


async def test_a_slow_partial_request_is_dropped(db_path, table, monkeypatch):
    monkeypatch.setattr(table_server, "REQUEST_SECONDS", 1.0)
    async with serving(db_path) as running:
        reader, writer = await asyncio.open_connection("127.0.0.1", running.server.port)
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40
        closed = False
        for byte in request:  # a byte every 0.1 s: never idle, never whole
            writer.write(bytes([byte]))
            with contextlib.suppress(ConnectionError):
                await writer.drain()
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(100), 0.1) == b"":
                    closed = True
                    break
        assert closed, "the connection was dropped before the request could trickle in whole"
        writer.close()


async def test_pinned_to_its_table(db_path, table):
    other = store(db_path, "tkc", "Saturday")
    async with serving(db_path, table=table) as running:
        frame = await first_frame(running.base + "/events")
        assert frame["session"] == table and frame["title"] == "Friday"
        # No address names another session: a query is ignored, the table stays the same.
        frame = await first_frame(running.base + f"/events?session={other}&table={other}")
        assert frame["session"] == table
        for path in ("/sessions", f"/session/{other}", "/chooser"):
            assert (await get(running.base + path))[0] == 404


async def test_with_no_table_it_follows_the_session_played_last(db_path, table):
    async with serving(db_path) as running, aiohttp.ClientSession() as http:
        stream = frames(http, running.base + "/events")
        assert (await anext(stream))["title"] == "Friday"
        other = store(db_path, "tkc", "Saturday")
        async with asyncio.timeout(10):
            frame = await anext(stream)
            while frame.get("session") != other:
                frame = await anext(stream)
        assert frame["game"] == "The King Commands"
        record(db_path, table, Adjust("HP", 1, -1))  # Friday is played again: the display goes back to it
        async with asyncio.timeout(10):
            while frame.get("session") != table:
                frame = await anext(stream)
        assert frame["newest"].startswith("雪菜: HP")
        await stream.aclose()


async def test_no_sessions_yet_says_so(db_path):
    from companion.store.repo import Repository

    Repository.open(db_path).close()
    async with serving(db_path) as running:
        frame = await first_frame(running.base + "/events")
        assert "No saved sessions yet" in frame["message"]


def test_the_command_prints_the_token_and_refuses_without_it(db_path, table):
    port = free_port()
    args = ["--db", str(db_path), "serve", "--host", "0.0.0.0", "--port", str(port), "--table", str(table)]
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        token = re.search(r"\?token=([\w-]+)", line)
        assert token, line
        for _ in range(100):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        assert asyncio.run(get(f"http://127.0.0.1:{port}/"))[0] == 403
        assert asyncio.run(get(f"http://127.0.0.1:{port}/?token={token.group(1)}"))[0] == 303
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert "not a loopback address" in err and "token" in err, err
    assert token.group(1) not in err, "the token is printed once, in the address, and never logged"
