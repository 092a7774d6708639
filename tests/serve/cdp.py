"""Headless Chromium driven over the DevTools protocol with aiohttp (already a dependency of
textual-serve), so the browser test needs no Playwright: start, open a page, run JavaScript,
take screenshots, and read the websocket frames the page receives (the app's terminal output).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--window-size=1280,800", "--remote-debugging-port=0",
)


def chromium() -> str | None:
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


class Page:
    """One tab: commands by id, and every event kept in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.events: list[dict[str, Any]] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            data = msg.json()
            future = self.waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                if "error" in data:
                    future.set_exception(RuntimeError(f"DevTools: {data['error']}"))
                else:
                    future.set_result(data.get("result", {}))
            elif "method" in data:
                self.events.append(data)

    async def send(self, method: str, **params: Any) -> Any:
        n = next(self.ids)
        self.waiting[n] = future = asyncio.get_running_loop().create_future()
        await self.ws.send_json({"id": n, "method": method, "params": params})
        return await asyncio.wait_for(future, 15)

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screenshot(self) -> bytes:
        return base64.b64decode((await self.send("Page.captureScreenshot", format="png"))["data"])

    def received_text(self) -> str:
        """Everything the page's websockets received, decoded: the terminal's output stream."""
        parts = []
        for e in self.events:
            if e["method"] == "Network.webSocketFrameReceived":
                r = e["params"]["response"]
                raw = base64.b64decode(r["payloadData"]) if r["opcode"] == 2 else r["payloadData"].encode()
                parts.append(raw.decode("utf-8", "replace"))
        return "".join(parts)


class Browser:
    def __init__(self) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="companion-chromium-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.http: aiohttp.ClientSession | None = None
        self.pages: list[Page] = []

    async def start(self) -> None:
        binary = chromium()
        assert binary, "chromium is not installed"
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 20
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("chromium did not start its DevTools endpoint")
            await asyncio.sleep(0.1)
        self.port = int(port_file.read_text().split()[0])
        self.http = aiohttp.ClientSession()

    async def open(self, url: str) -> Page:
        assert self.http is not None
        async with self.http.get(f"http://127.0.0.1:{self.port}/json/list") as r:
            target = next(t for t in await r.json() if t["type"] == "page")
        ws = await self.http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        page = Page(ws)
        self.pages.append(page)
        await page.send("Network.enable")
        await page.send("Page.enable")
        await page.send("Page.navigate", url=url)
        return page

    async def close(self) -> None:
        for page in self.pages:
            page.reader.cancel()
            await page.ws.close()
        if self.http is not None:
            await self.http.close()
        stop(self.process)
        shutil.rmtree(self.profile, ignore_errors=True)


def stop(process: subprocess.Popen[Any] | None) -> None:
    """End a process started with start_new_session=True and every child in its group."""
    if process is None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    # Whatever is left of the group (a stuck leader, an app process the server started) goes too.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(5)
