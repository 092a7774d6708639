"""The seats' figures, each against a baseline taken in the same run, on loopback.

    python tests/benchmarks/bench_seats.py [--actions 200] [--json]

`companion serve --seats` runs in a process of its own on a real file, as at the table:

- action → committed → shown: a phone posts an action and another phone's event stream shows
  it; the baseline is the same action written straight to the file (as the terminal writes)
  until the stream shows it. p50/p99 in ms and the ratio of the p99s.
- memory: the server's resident memory with 8 seats and 20 viewers open, over its memory with
  one viewer (the goal is ≤ 1.2×).
- hostile requests: server CPU per refused request (a forged seat, a foreign Host, a cross-site
  post, a body past the cap, JSON that is not an object), in ms, and its ratio to the CPU of
  one ordinary page file request.

Not a pytest test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from companion.games import get_game  # noqa: E402
from companion.games.free import AddCounter, Adjust  # noqa: E402
from companion.store.repo import Repository  # noqa: E402

PLAYERS = tuple(f"P{i}" for i in range(1, 9))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status)[1])  # type: ignore[index]


def cpu_ms(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def make_table(db: Path) -> int:
    repo = Repository.open(db)
    try:
        loaded = repo.create(get_game("free"), "Bench", PLAYERS, {})
        tl = loaded.timeline
        repo.record(loaded.info.id, tl, tl.record(AddCounter("HP", None, 10**6, None, None, each=True)))
        return loaded.info.id
    finally:
        repo.close()


def start_server(db: Path, sid: int, log: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = ["serve", "--db", str(db), "--table", str(sid), "--seats", "--port", str(port), "--max-viewers", "100"]
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=REPO, stdout=out, stderr=out)
    deadline = time.monotonic() + 30
    while True:
        links = dict(re.findall(r"^(P\d): (\S+)$", log.read_text(), re.M))
        if len(links) == len(PLAYERS):
            break
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(log.read_text())
        time.sleep(0.05)
    while socket.socket().connect_ex(("127.0.0.1", port)) != 0:  # the links print before it listens
        time.sleep(0.05)
    return proc, f"http://127.0.0.1:{port}", links


async def phone(base: str, link: str) -> aiohttp.ClientSession:
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    async with http.get(link) as response:
        await response.read()
    return http


async def seen_action(stream: aiohttp.StreamReader, action: int) -> None:
    async for line in stream:
        if line.startswith(b"data: ") and json.loads(line[6:]).get("action") == action:
            return


async def latency(base: str, links: dict[str, str], db: Path, sid: int, n: int) -> dict[str, float]:
    writer, watcher = await phone(base, links["P1"]), await phone(base, links["P2"])
    stream = await watcher.get(base + "/events")
    seat, file_ms = [], []
    try:
        async with writer.get(base + "/seat/me") as response:
            me = await response.json()
        repo = Repository.open(db)
        for i in range(n):
            action = me["action"] + 1
            started = time.perf_counter()
            if i % 2:  # the baseline: the terminal's write, straight to the file
                tl = repo.load(sid).timeline
                repo.record(sid, tl, tl.record(Adjust("HP", 1, -1)))
                await seen_action(stream.content, action)
                file_ms.append((time.perf_counter() - started) * 1000)
                async with writer.get(base + "/seat/me") as response:
                    me = await response.json()
                continue
            for step in ({"do": "open", "key": "±"}, {"do": "answer", "text": "P1 HP"}):  # the question
                body = {"version": me["version"], "action": me["action"], **step}
                async with writer.post(base + "/seat/act", json=body, headers={"Origin": base}) as response:
                    me = (await response.json())["me"]
            started = time.perf_counter()  # the player presses OK on "-1"
            body = {"version": me["version"], "action": me["action"], "do": "answer", "text": "-1"}
            async with writer.post(base + "/seat/act", json=body, headers={"Origin": base}) as response:
                me = (await response.json())["me"]
            await seen_action(stream.content, action)
            seat.append((time.perf_counter() - started) * 1000)
        repo.close()
    finally:
        stream.close()
        await writer.close()
        await watcher.close()
    return {
        "seat_action_p50_ms": statistics.median(seat),
        "seat_action_p99_ms": pct(seat, 0.99),
        "file_action_p99_ms": pct(file_ms, 0.99),
        "seat_over_file_p99": pct(seat, 0.99) / pct(file_ms, 0.99),
    }


async def memory(base: str, links: dict[str, str], pid: int) -> dict[str, float]:
    viewer = aiohttp.ClientSession()
    streams: list[Any] = [await viewer.get(base + "/events")]
    await asyncio.sleep(1.0)
    one = rss_kb(pid)
    sessions = [viewer]
    for link in links.values():
        http = await phone(base, link)
        sessions.append(http)
        async with http.get(base + "/seat/me") as response:
            await response.read()
        streams.append(await http.get(base + "/events"))
    for _ in range(19):
        streams.append(await viewer.get(base + "/events"))
    await asyncio.sleep(1.0)
    many = rss_kb(pid)
    for stream in streams:
        stream.close()
    for http in sessions:
        await http.close()
    return {"memory_one_viewer_kb": one, "memory_8_seats_20_viewers_kb": many, "memory_ratio": many / one}


async def hostile(base: str, pid: int, n: int) -> dict[str, float]:
    port = base.rsplit(":", 1)[1]
    attempts = [
        ("post", "/seat/act", {"Origin": base, "Cookie": "companion_seat=forged"}, b"{}"),
        ("get", "/events", {"Host": f"rebind.example:{port}"}, b""),
        ("post", "/seat/act", {"Origin": "http://evil.example"}, b"{}"),
        ("post", "/seat/act", {"Origin": base, "Content-Type": "application/json"}, b"x" * 4096),
        ("get", "/seat/me", {}, b""),
    ]
    async with aiohttp.ClientSession() as http:

        async def run(requests: list[tuple[str, str, dict[str, str], bytes]]) -> float:
            before = cpu_ms(pid)
            for method, path, headers, body in requests:
                async with http.request(method, base + path, headers=headers, data=body or None) as response:
                    await response.read()
            return (cpu_ms(pid) - before) / len(requests)

        plain = await run([("get", "/page.css", {}, b"")] * n)
        refused = await run(attempts * (n // len(attempts)))
    return {"hostile_cpu_ms": refused, "page_file_cpu_ms": plain, "hostile_over_page_file": refused / plain}


async def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "companion.db"
        sid = make_table(db)
        proc, base, links = start_server(db, sid, Path(tmp) / "serve.log")
        try:
            figures = await latency(base, links, db, sid, n)
            figures.update(await memory(base, links, proc.pid))
            figures.update(await hostile(base, proc.pid, 1000))
            return figures
        finally:
            proc.terminate()
            proc.wait(5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(measure(args.actions))
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:<32}{value:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
