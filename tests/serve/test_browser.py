"""The real thing: `companion serve` on a free loopback port, the page in headless Chromium,
an action recorded by another process, and the change on the screen within three seconds.

The browser is the system's Chromium driven by Playwright for Python (`executable_path`: no
browser download); the screenshots are compared row by row with Pillow.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.repo import Repository

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.async_api", reason="the test extras bring Playwright")
Image = pytest.importorskip("PIL.Image", reason="the test extras bring Pillow")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="chromium is not installed: `apt-get install chromium fonts-wqy-microhei` (as .ci/run does), "
        "then `pytest tests/serve/test_browser.py`",
    ),
]
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--hide-scrollbars")

RECORD = """
import sys
from pathlib import Path
from companion.games.free import Adjust
from companion.store.repo import Repository
repo = Repository.open(Path(sys.argv[1]))
loaded = repo.load(int(sys.argv[2]))
tl = loaded.timeline
repo.record(loaded.info.id, tl, tl.record(Adjust("HP", 1, -12)))
"""


def stop(process: subprocess.Popen[Any]) -> None:
    """End a process started with start_new_session=True and every child in its group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    # Whatever is left of the group (a stuck leader, an app process the server started) goes too.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(5)


def changed_rows(before: bytes, after: bytes) -> tuple[list[int], int]:
    """The y of every pixel row that differs between two screenshots of one size, and the height."""
    a, b = (Image.open(io.BytesIO(shot)).convert("RGB") for shot in (before, after))
    assert a.size == b.size, "the screenshots differ in size"
    width, height = a.size
    pa, pb = a.tobytes(), b.tobytes()
    stride = width * 3
    rows = [y for y in range(height) if pa[y * stride : (y + 1) * stride] != pb[y * stride : (y + 1) * stride]]
    return rows, height


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listeners(port: int) -> set[str]:
    """Local addresses listening on `port`, read from /proc (IPv4 and IPv6)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


def wait_listening(server: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"serve exited {server.returncode}: {log.read_text()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"serve never listened: {log.read_text()}")


async def until(condition, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not (value := await condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)
    return value


async def steady_screenshot(page) -> bytes:  # type: ignore[no-untyped-def]
    """A screenshot once two in a row agree (the terminal has finished drawing)."""
    last = b""

    async def same() -> bytes | None:
        nonlocal last
        shot = await page.screenshot()
        done, last = shot == last, shot
        return shot if done else None

    return await until(same, 10, "the page to stop changing")


async def test_serve_follows_the_session_in_a_real_browser(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    repo = Repository.open(db)
    loaded = repo.create(get_game("free"), "金曜の夜", ("Ann", "雪菜"), {"counters": "HP=20 0..20"})
    sid = loaded.info.id
    repo.record(sid, loaded.timeline, loaded.timeline.record(Adjust("HP", 0, -7)))
    repo.close()

    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(port), "--table", str(sid), "--db", str(db)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    received: list[str] = []

    def listen(ws: Any) -> None:  # the terminal's output reaches the page over websockets
        ws.on(
            "framereceived",
            lambda payload: received.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        )

    try:
        wait_listening(server, port, log)
        assert listeners(port) == {"0100007F"}, "only 127.0.0.1 may listen"
        async with playwright.async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            page = await browser.new_page(viewport={"width": 1280, "height": 800})
            page.on("websocket", listen)
            await page.goto(f"http://127.0.0.1:{port}/")

            async def drawn() -> bool:
                text = "".join(received)
                first_byte = await page.evaluate("document.body.classList.contains('-first-byte')")
                return bool(first_byte) and "金曜の夜" in text and "13/20" in text and "After action 1" in text

            await until(drawn, 30, "the app to draw the session (not the loading splash)")
            before = await steady_screenshot(page)

            subprocess.run([sys.executable, "-c", RECORD, str(db), str(sid)], check=True, timeout=30)
            recorded = time.monotonic()

            async def changed() -> bool:
                text = "".join(received)
                return "8/20" in text and "After action 2" in text

            await until(changed, 3, "the table view to show the new action")
            assert time.monotonic() - recorded <= 3
            after = await steady_screenshot(page)
            rows, height = changed_rows(before, after)
            assert rows, "the screenshot did not change"
            assert len(rows) < height / 2, "only the changed region differs"
            assert min(rows) > height * 0.15, "the title, round and turn boxes are as they were"
            assert listeners(port) == {"0100007F"}
            await browser.close()
    finally:
        stop(server)
    assert not listeners(port), "the server stopped"
