"""`companion serve` answers only the table it was started for, over real HTTP on 127.0.0.1.

Each test runs the real server (companion.table_server) on a free loopback port and talks to it
with aiohttp's client: DNS rebinding (a foreign Host), cross-site websockets (a foreign Origin),
the token beyond loopback, the viewer cap, the terminal size cap, and the end of a viewer's
process when its socket closes. Waits are bounded loops, so a test stops by itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from companion import table_server
from companion.games import get_game
from companion.serve import view_command_line
from companion.table_server import MAX_COLUMNS, MAX_ROWS, TableServer

# A stand-in viewer for the caps: it speaks textual-serve's start-up line, then writes every
# packet the server sends it (size changes, quit) to a file, and exits on quit unless told not to.
RECORDER = r"""
import json, os, sys, time
out = open(sys.argv[1], "a")
out.write(json.dumps({"env": [os.environ["COLUMNS"], os.environ["ROWS"]], "pid": os.getpid()}) + "\n")
out.flush()
sys.stdout.write("__GANGLION__\n"); sys.stdout.flush()
stdin = sys.stdin.buffer
while True:
    kind = stdin.read(1)
    if not kind:
        break
    size = int.from_bytes(stdin.read(4), "big")
    payload = json.loads(stdin.read(size)) if kind == b"M" else None
    out.write(json.dumps({"meta": payload}) + "\n"); out.flush()
    if payload and payload.get("type") == "quit" and sys.argv[2] != "stubborn":
        break
if sys.argv[2] == "stubborn":
    time.sleep(600)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone for our purpose; its parent has not reaped it yet.
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


async def until(condition, timeout: float = 15.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.05)
    return value


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


class Running:
    def __init__(self, server: TableServer, runner: web.AppRunner) -> None:
        self.server, self.runner = server, runner
        self.base = f"http://127.0.0.1:{server.port}"
        self.ws = f"ws://127.0.0.1:{server.port}/ws"
        self.origin = {"Origin": self.base}


async def start(command: str, host: str = "127.0.0.1", loopback: bool = True, **kw) -> Running:  # type: ignore[no-untyped-def]
    port = free_port()
    server = TableServer(command, host, port, loopback=loopback, title="test", **kw)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return Running(server, runner)


@pytest.fixture
async def recorder(tmp_path: Path) -> AsyncIterator[tuple[Running, Path]]:
    log = tmp_path / "viewer.jsonl"
    script = tmp_path / "viewer.py"
    script.write_text(RECORDER)
    running = await start(f"{sys.executable} {script} {log} polite", max_viewers=2)
    yield running, log
    await running.runner.cleanup()


async def get(url: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        return response.status, await response.text()


async def test_a_foreign_host_is_refused(recorder):
    running, _ = recorder
    port = running.server.port
    assert (await get(running.base + "/"))[0] == 200
    assert (await get(running.base + "/", Host=f"localhost:{port}"))[0] == 200
    status, text = await get(running.base + "/", Host=f"rebind.example:{port}")
    assert status == 403 and "only for the address it listens on" in text
    assert (await get(running.base + "/", Host=f"127.0.0.1:{port + 1}"))[0] == 403
    assert (await get(running.base + "/static/css/xterm.css", Host="rebind.example"))[0] == 403


async def test_a_websocket_from_another_site_is_refused(recorder):
    running, log = recorder
    async with aiohttp.ClientSession() as http:
        for origin in ({"Origin": "http://evil.example"}, {"Origin": f"http://localhost:{running.server.port}"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(running.ws, headers=origin)
            assert refused.value.status == 403
        assert records(log) == [], "no viewer process was started"
        async with http.ws_connect(running.ws, headers=running.origin):
            await until(lambda: records(log))


async def test_the_viewer_cap(recorder):
    running, log = recorder
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(running.ws, headers=running.origin)
        second = await http.ws_connect(running.ws, headers=running.origin)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(running.ws, headers=running.origin)
        assert refused.value.status == 503
        await first.close()
        await until(lambda: running.server.viewers == 1)
        third = await http.ws_connect(running.ws, headers=running.origin)
        await until(lambda: len([r for r in records(log) if "pid" in r]) == 3)
        await second.close()
        await third.close()


async def test_the_terminal_size_is_capped(recorder):
    running, log = recorder

    def sizes() -> list[tuple[int, int]]:
        return [
            (r["meta"]["width"], r["meta"]["height"])
            for r in records(log)
            if r.get("meta") and r["meta"]["type"] == "resize"
        ]

    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(running.ws + "?width=100000&height=99999999999", headers=running.origin) as ws,
    ):
        await until(lambda: records(log))
        assert records(log)[0]["env"] == [str(MAX_COLUMNS), str(MAX_ROWS)]
        await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": "²"}]))
        await ws.send_str("not json")  # dropped, the viewer carries on
        await ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
        await until(lambda: len(sizes()) == 2)
        assert sizes() == [(MAX_COLUMNS, 24), (120, 40)]


async def test_a_stubborn_viewer_is_killed_when_its_socket_closes(tmp_path, monkeypatch):
    monkeypatch.setattr(table_server, "QUIT_WAIT", 0.5)
    log, script = tmp_path / "viewer.jsonl", tmp_path / "viewer.py"
    script.write_text(RECORDER)
    running = await start(f"{sys.executable} {script} {log} stubborn")
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(running.ws, headers=running.origin)
            pid = (await until(lambda: records(log)))[0]["pid"]
            await ws.close()
            await until(lambda: not alive(pid))
            assert any(r.get("meta", {}) and r["meta"]["type"] == "quit" for r in records(log)), "asked first"
    finally:
        await running.runner.cleanup()


async def test_a_real_viewer_process_ends_when_its_socket_closes(repo, db_path):
    session = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {}).info.id
    running = await start(view_command_line(db_path.resolve(), session))
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(running.ws + "?width=100&height=30", headers=running.origin)
            frame = await asyncio.wait_for(ws.receive(), 30)
            assert frame.type == aiohttp.WSMsgType.BINARY, "the table view is drawing"
            children = [p for p in Path("/proc").iterdir() if p.name.isdigit() and _parent(p) == os.getpid()]
            pids = [int(p.name) for p in children if "view" in (p / "cmdline").read_text()]
            assert pids, "a viewer process runs"
            await ws.close()
            await until(lambda: not any(alive(pid) for pid in pids))
            assert running.server.viewers == 0
    finally:
        await running.runner.cleanup()


def _parent(proc: Path) -> int:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


async def test_beyond_loopback_a_token_is_required(recorder, tmp_path):
    _, log = recorder
    running = await start(f"{sys.executable} {tmp_path / 'viewer.py'} {log} polite", host="0.0.0.0", loopback=False)
    token = running.server.token
    try:
        assert token and len(token) >= 24 and running.server.address().endswith(f"/?token={token}")
        assert (await get(running.base + "/"))[0] == 403
        assert (await get(running.base + "/?token=wrong"))[0] == 403
        async with aiohttp.ClientSession() as http:
            async with http.get(
                running.base + f"/?token={token}", headers={"Host": f"tv.home:{running.server.port}"}
            ) as page:
                assert page.status == 200, "a wildcard address answers the name the TV used"
                assert "companion_token" in page.headers.get("Set-Cookie", "")
                assert "HttpOnly" in page.headers["Set-Cookie"] and "SameSite=Strict" in page.headers["Set-Cookie"]
            cookie = {"Cookie": f"companion_token={token}"}
            async with http.get(running.base + "/static/css/xterm.css", headers=cookie) as asset:
                assert asset.status == 200, "the page's own requests carry the cookie"
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(running.ws, headers=running.origin)  # no token
            async with http.ws_connect(running.ws, headers={**running.origin, **cookie}):
                await until(lambda: records(log))
    finally:
        await running.runner.cleanup()


def test_the_command_prints_the_token_and_refuses_without_it(repo, db_path):
    session = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {}).info.id
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "--db",
            str(db_path),
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
            "--table",
            str(session),
            "--max-viewers",
            "3",
        ],
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
        status = asyncio.run(get(f"http://127.0.0.1:{port}/"))[0]
        assert status == 403
        assert asyncio.run(get(f"http://127.0.0.1:{port}/?token={token.group(1)}"))[0] == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        _, err = server.communicate(timeout=30)
    assert "no authentication" not in err and "token" in err, err
