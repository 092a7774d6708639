"""The real thing: `companion serve` on a free loopback port, the page in headless Chromium.

For each game mid-game: screenshots at 1920x1080 (a TV) and 390x844 (a phone held upright),
the sizes read from 3 m (getComputedStyle), every player's row, the page filling the TV and no
sideways scroll on the phone, and no secret in the DOM, in any pushed message or in any URL.
Then an action recorded at the table shows as the newest action within a second, the winner is
named at game over, and the server's memory with 1 and with 20 pages open.

The browser is the system's Chromium driven by Playwright for Python (`executable_path`: no
browser download). Screenshots go to $COMPANION_FIGURES when it is set (else the test's tmp).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import get_game
from companion.games.free import Adjust, Finish
from companion.games.skd.events import EndTurn
from companion.store.repo import Repository
from tests.core.test_tkc_secrecy import PILE_WORDS
from tests.serve.midgame import GAMES, PLAYERS, SPELL_NOTE, finished, record, skd_deciding, store

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.async_api", reason="the test extras bring Playwright")
Image = pytest.importorskip("PIL.Image", reason="the test extras bring Pillow")
BACKGROUND = (16, 20, 28)  # the page's --bg

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="chromium is not installed: `apt-get install chromium fonts-wqy-microhei` (as .ci/run does), "
        "then `pytest tests/serve/test_browser.py`",
    ),
]
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--hide-scrollbars")
TV, PHONE = {"width": 1920, "height": 1080}, {"width": 390, "height": 844}
# Every message the page receives, kept where the test can read it (installed before the page's script).
RECORD_PUSHES = """
window.__pushed = [];
const Native = window.EventSource;
window.EventSource = class extends Native {
  constructor(url, options) { super(url, options); this.addEventListener("message", (e) => window.__pushed.push(e.data)); }
};
"""
SIZE = "(selector) => [...document.querySelectorAll(selector)].map((e) => parseFloat(getComputedStyle(e).fontSize))"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen[Any]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(5)


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


def launch(
    db: Path, table: int | None, log: Path, *more: str, zone: str | None = None
) -> tuple[str, subprocess.Popen[bytes]]:
    """`companion serve` in a process of its own; `zone` is its machine's time zone (TZ)."""
    port = free_port()
    args = ["serve", "--port", str(port), "--db", str(db), *more] + (["--table", str(table)] if table else [])
    env = {**os.environ, "TZ": zone} if zone else None
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=env,
        )
    return f"http://127.0.0.1:{port}", server


def wait_listening(base: str, server: subprocess.Popen[bytes], log: Path, where: str = "0100007F") -> None:
    port = int(base.rsplit(":", 1)[1])
    deadline = time.monotonic() + 30
    while True:
        assert server.poll() is None, log.read_text()
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert time.monotonic() < deadline, f"serve never listened: {log.read_text()}"
        time.sleep(0.05)
    assert listeners(port) == {where}, f"only {where} may listen"


@contextlib.contextmanager
def serving(db: Path, table: int | None, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    base, server = launch(db, table, log)
    try:
        wait_listening(base, server, log)
        yield base, server
    finally:
        stop(server)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    async with playwright.async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(browser: Any, base: str, viewport: dict[str, int], urls: list[str] | None = None) -> Any:
    page = await browser.new_page(viewport=viewport)
    await page.add_init_script(RECORD_PUSHES)
    if urls is not None:
        page.on("request", lambda request: urls.append(request.url))
    await page.goto(base + "/")
    await page.wait_for_selector("#game:not([hidden])", timeout=15000)
    return page


def figures(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("COMPANION_FIGURES") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def sizes(page: Any, selector: str) -> list[float]:
    return list(await page.evaluate(SIZE, selector))


async def test_each_game_mid_game_on_a_tv_and_a_phone(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    sessions = {game_id: store(db, game_id) for game_id in GAMES}
    deciding = store(db, "skd", "the deciding turn", skd_deciding())
    out = figures(tmp_path)
    with contextlib.ExitStack() as servers:
        launched = {g: launch(db, sid, tmp_path / f"{g}.log") for g, sid in sessions.items()}  # started at once
        launched["skd-deciding"] = launch(db, deciding, tmp_path / "deciding.log")
        for game_id, (base, server) in launched.items():
            servers.callback(stop, server)
            wait_listening(base, server, tmp_path / f"{game_id}.log")
        bases = {game_id: base for game_id, (base, _) in launched.items()}
        async with chromium() as browser:
            # skd's deciding-turn alarm: the game marks it with a warning sign; the page makes it loud.
            alarm = await open_page(browser, bases.pop("skd-deciding"), TV)
            await alarm.screenshot(path=str(out / "display-skd-deciding-1920x1080.png"))
            assert "Deciding turn" in (await alarm.text_content("#alarms .alarm") or "")
            assert min(await sizes(alarm, "#alarms .value")) >= 32
            assert await alarm.evaluate("document.documentElement.scrollHeight") <= TV["height"]
            await alarm.close()
            for game_id, base in bases.items():
                urls: list[str] = []
                tv = await open_page(browser, base, TV, urls)
                shot = await tv.screenshot(path=str(out / f"display-{game_id}-1920x1080.png"))
                assert drawn_share_of_lower_third(shot) >= 0.6, f"{game_id}: the lower third of the TV is used"
                text = await tv.inner_text("body")
                for name in PLAYERS[game_id]:
                    assert name in text, (game_id, name)
                # Whose turn and the round at 64 px at least, the newest action at 32, every counter at 40.
                assert min(await sizes(tv, "#turn, #round")) >= 64, game_id
                assert min(await sizes(tv, "#newest-text")) >= 32, game_id
                # Every headline value too, a long one included (skd's strong attack "4 in 2 attacks").
                counters = await sizes(tv, "#players td:not(.who):not(.long), .tile .value")
                assert counters and min(counters) >= 40, (game_id, counters)
                assert min(await sizes(tv, "#players td.who")) >= 40, game_id
                # The page fills the TV: the last line sits near the bottom, nothing past it.
                bottom, height, width = await tv.evaluate(
                    "[document.querySelector('#after').getBoundingClientRect().bottom,"
                    " document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
                )
                assert bottom >= 0.9 * TV["height"] and height <= TV["height"] and width <= TV["width"], game_id
                await secrets_absent(tv, game_id, base, urls)

                phone = await open_page(browser, base, PHONE, urls)
                await phone.screenshot(path=str(out / f"display-{game_id}-390x844.png"), full_page=True)
                width = await phone.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], f"{game_id}: no sideways scroll on a phone ({width} px)"
                text = await phone.inner_text("body")
                for name in PLAYERS[game_id]:
                    assert name in text, (game_id, name)
                await secrets_absent(phone, game_id, base, urls)
                await tv.close()
                await phone.close()


async def test_game_over_names_the_winners_of_every_game_in_local_time(tmp_path: Path) -> None:
    """Each game played to its end, its server on a machine in Tokyo: the winners (or nobody) in
    the banner at 64 px, every player's row, and the last change in Tokyo's time (the store keeps UTC)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    db = tmp_path / "table.db"
    ended = {game_id: finished(game_id) for game_id in GAMES}
    sessions = {game_id: store(db, game_id, "the end", events) for game_id, (events, _) in ended.items()}
    out = figures(tmp_path)
    with contextlib.ExitStack() as servers:
        launched = {g: launch(db, sid, tmp_path / f"{g}.log", zone="Asia/Tokyo") for g, sid in sessions.items()}
        for game_id, (base, server) in launched.items():
            servers.callback(stop, server)
            wait_listening(base, server, tmp_path / f"{game_id}.log")
        async with chromium() as browser:
            for game_id, (base, _) in launched.items():
                page = await open_page(browser, base, TV)
                await page.screenshot(path=str(out / f"display-{game_id}-game-over-1920x1080.png"))
                winners = ended[game_id][1]
                said = f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}" if winners else "no winner"
                assert await page.inner_text("#winners") == f"Game over · {said}", game_id
                assert min(await sizes(page, "#winners")) >= 64, game_id
                text = await page.inner_text("body")
                assert all(name in text for name in PLAYERS[game_id]), game_id
                repo = Repository.reader(db)
                updated = repo.info(sessions[game_id]).updated
                repo.close()
                tokyo = datetime.fromisoformat(updated).astimezone(ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%d %H:%M")
                assert f"last change {tokyo} (JST)" in await page.inner_text("#after"), "the time read where it is"
                await page.close()


def drawn_share_of_lower_third(shot: bytes) -> float:
    """The share of the screenshot's lower third rows with anything but background on them."""
    import io

    image = Image.open(io.BytesIO(shot)).convert("RGB")
    width, height = image.size
    pixels = image.tobytes()
    empty = bytes(BACKGROUND) * width
    rows = range(height * 2 // 3, height)
    return sum(pixels[y * width * 3 : (y + 1) * width * 3] != empty for y in rows) / len(rows)


async def secrets_absent(page: Any, game_id: str, base: str, urls: list[str]) -> None:
    """What the table screen keeps secret is in no part of the page, its pushes or its URLs."""
    pushed: list[str] = await page.evaluate("window.__pushed")
    assert pushed, "the page received its frames through the stream"
    html = await page.content()
    everything = [html, await page.inner_text("body"), *pushed, *urls]
    for part in everything:
        assert SPELL_NOTE not in part and "Zorvath" not in part
        if game_id == "tkc":
            assert not PILE_WORDS.search(part), part[:200]
    assert all(url.startswith(base + "/") for url in urls), "nothing is loaded from another host"


async def test_the_newest_action_shows_within_a_second_and_the_winner_at_the_end(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    repo = Repository.open(db)
    title = "金曜の夜 <img src=x id=typed>"  # typed text is data: shown as typed, never run as markup
    made = repo.create(get_game("free"), title, ("Ann", "雪菜"), {"counters": "HP=20 0..20, score=0 0.."})
    repo.close()
    sid = made.info.id
    record(db, sid, Adjust("HP", 0, -7))
    async with chromium() as browser:
        with serving(db, sid, tmp_path / "serve.log") as (base, _):
            page = await open_page(browser, base, TV)
            assert "Ann: HP -7" in await page.inner_text("#newest-text")
            assert title in await page.inner_text("#title") and await page.query_selector("#typed") is None
            assert await page.inner_text("#title") == f"Free play · {title}", "the game named once"
            assert re.search(r"last change \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)", await page.inner_text("#after"))
            await record_and_wait(page, db, sid, Adjust("HP", 1, -12), "雪菜: HP -12")
            # The cell it changed is highlighted for a few seconds.
            changed = await page.eval_on_selector_all("#players td.changed", "cells => cells.map(c => c.textContent)")
            assert changed == ["8/20"], changed
            assert "fresh" in (await page.get_attribute("#newest", "class") or "")
            await record_and_wait(page, db, sid, Adjust("score", 1, 5), "雪菜: score +5")
            await record_and_wait(page, db, sid, Finish(), "")
            await page.wait_for_selector("#over:not([hidden])", timeout=5000)
            assert "Winner: 雪菜" in await page.inner_text("#winners")
            assert min(await sizes(page, "#winners")) >= 64
            await page.screenshot(path=str(figures(tmp_path) / "display-free-game-over-1920x1080.png"))


async def record_and_wait(page: Any, db: Path, sid: int, event: Any, words: str) -> None:
    """Record `event` as the table would and wait for the page's newest action to change."""
    before = await page.inner_text("#newest-text")
    await asyncio.to_thread(record, db, sid, event)
    recorded = time.monotonic()
    await page.wait_for_function(
        "([before, words]) => { const t = document.getElementById('newest-text').textContent;"
        " return t !== before && t.includes(words); }",
        arg=[before, words],
        timeout=5000,
        polling=20,
    )
    took = time.monotonic() - recorded
    print(f"{words or 'game over'!r} shown {took:.2f} s after the commit")
    assert took <= 1.0, f"the newest action took {took:.2f} s to show"


def rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    assert match, status
    return int(match[1])


def established(port: int) -> int:
    """Connections open to the server's `port` (IPv4), read from /proc."""
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "01" and int(local.partition(":")[2], 16) == port:
            count += 1
    return count


async def like_a_page(http: Any, base: str) -> Any:
    """What a page asks of the server (the page, its two files), then its stream, held open."""
    for path in ("/", "/page.css", "/page.js"):
        async with http.get(base + path) as response:
            assert response.status == 200
            await response.read()
    stream = await http.get(base + "/events")
    await next_push(stream)
    return stream


async def next_push(stream: Any) -> bytes:
    while not (line := await asyncio.wait_for(stream.content.readline(), 10)).startswith(b"data: "):
        assert line, "the stream ended"
    return bytes(line)


async def test_memory_with_one_and_with_twenty_pages(tmp_path: Path) -> None:
    """The server's RSS with one page open, then with twenty (one Chromium page and nineteen
    clients asking exactly what a page asks, so the test stays quick; the README's figure is
    the same with twenty Chromium pages)."""
    import aiohttp

    db = tmp_path / "table.db"
    sid = store(db, "skd")
    async with chromium() as browser, aiohttp.ClientSession() as http:
        with serving(db, sid, tmp_path / "serve.log") as (base, server):
            page = await open_page(browser, base, PHONE)
            await asyncio.sleep(0.5)
            one = rss_kb(server.pid)
            streams = [await like_a_page(http, base) for _ in range(19)]
            port = int(base.rsplit(":", 1)[1])
            assert established(port) >= 20, "twenty streams are open"
            await asyncio.to_thread(record, db, sid, EndTurn())  # every page gets a push
            for stream in streams:
                assert b"Bob" in await next_push(stream)
            # A function, not a string: a string is eval, which the CSP refuses unless true at once.
            await page.wait_for_function("() => window.__pushed.length >= 2", timeout=10000)
            twenty = rss_kb(server.pid)
            print(f"server RSS: 1 page {one / 1024:.1f} MB, 20 pages {twenty / 1024:.1f} MB ({twenty / one:.3f}x)")
            assert twenty <= 1.2 * one
            for stream in streams:
                stream.close()
            await page.close()


async def test_beyond_loopback_the_token_leaves_the_address_at_once(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    sid = store(db, "mm5")
    log = tmp_path / "serve.log"
    base, server = launch(db, sid, log, "--host", "0.0.0.0")
    try:
        wait_listening(base, server, log, where="00000000")
        token = re.search(r"\?token=([\w-]+)", log.read_text())
        assert token, log.read_text()
        async with chromium() as browser:
            page = await browser.new_page(viewport=TV)
            await page.add_init_script(RECORD_PUSHES)
            urls: list[str] = []
            referers: list[str | None] = []
            page.on("request", lambda r: (urls.append(r.url), referers.append(r.headers.get("referer"))))
            await page.goto(f"{base}/?token={token[1]}")
            await page.wait_for_selector("#game:not([hidden])", timeout=15000)
            assert page.url == base + "/", "the address bar no longer holds the token"
            assert [u for u in urls if token[1] in u] == [f"{base}/?token={token[1]}"], "only the address typed"
            assert referers and not any(referers), "no request carries a Referer"
            assert "Ann" in await page.inner_text("#players")
    finally:
        stop(server)
    assert log.read_text().count(token[1]) == 1, "the token is printed once, in the address, and never logged"
