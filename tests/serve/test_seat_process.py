"""`companion serve --seats` in a process of its own beside another program writing the same file
(the terminal): a phone's action reaches the other program, and the other program's next write
goes on top of it, never over it. (A process whose first connection to a WAL file was read-only
kept its writes to itself: the other program saw none and wrote over them.)"""

from __future__ import annotations

import asyncio
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

from companion.games.free import Adjust
from companion.store.files import StaleSession
from companion.store.repo import Repository
from tests.serve.seating import Phone, log_of
from tests.serve.test_seat_links import free_port


def launch(db: Path, sid: int, log: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    port = free_port()
    args = ["serve", "--db", str(db), "--table", str(sid), "--seats", "--port", str(port)]
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "companion", *args], stdout=out, stderr=out)
    deadline = time.monotonic() + 30
    while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
        assert server.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}", dict(re.findall(r"^(\S+): (http://\S+/seat\S+)$", log.read_text(), re.M))


async def test_a_phones_action_reaches_the_terminal_process_and_is_never_written_over(db_path, free_table, tmp_path):
    server, base, links = launch(db_path, free_table, tmp_path / "serve.log")
    ann = Phone(base, links["Ann"])
    try:
        assert await ann.open() == 200  # the seats' writer is open: the terminal opens its own after it
        terminal = Repository.open(db_path)
        seen = terminal.load(free_table).timeline
        assert await ann.press("±", "Ann HP", "-3") == ""
        try:
            terminal.record(free_table, seen, seen.record(Adjust("HP", 1, -1)))
            raise AssertionError("the terminal wrote over the phone's action")
        except StaleSession:
            pass  # the terminal is told the session changed in another window
        now = terminal.load(free_table).timeline
        assert now.entries[-1].text.startswith("Ann: HP -3")
        terminal.record(free_table, now, now.record(Adjust("HP", 1, -1)))
        terminal.close()
        await asyncio.sleep(0.3)
        assert (await ann.refresh())["action"] == 3, "the phone sees the terminal's action"
    finally:
        await ann.close()
        server.terminate()
        server.wait(5)
    assert [t.split(" (")[0] for t in log_of(db_path, free_table)[1:]] == ["Ann: HP -3", "雪菜: HP -1"]
