"""Crash safety: the real app in tmux, killed with SIGKILL at random moments, loses nothing.

Each round resumes a session of one of the registered games (rotating), presses a few of
that screen's keys (counter changes in free play; next turn, undo and redo everywhere),
reads what the screen shows as accepted, and kills the process mid-flight. Then the file
must pass `PRAGMA integrity_check`, hold every action the screen had shown, in order, and
open again in the app. The seed is fixed, so a failure replays the same way.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion.games import all_games
from companion.store.repo import Repository
from tests.conftest import fixed_clock

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

KILLS = 50
SEED = 20261129
LOG_LINE = re.compile(r"│\s+(\d+)\s{2}(R\d+ .{1,10}?)\s(.+?)\s*$")
# The newest action, whole, under the header (the log pane itself waits behind ctrl+l on a
# small terminal).
NEWEST_LINE = re.compile(r"^\s*▸ (\d+) · (R\d+ .{1,10}?) · (.+?)\s*$")
REPLACED_NOTE = re.compile(r" \(replaced \d+ undone actions?\)$")


class Tmux:
    def __init__(self, tmp: Path) -> None:
        self.socket = f"companion-crash-{os.getpid()}-{tmp.name}"
        self.tmp = tmp

    def run(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20)
        return out.stdout

    def start(self, db: Path) -> int:
        cmd = f"exec env COMPANION_DB={db} TEXTUAL_ANIMATIONS=none {sys.executable} -m companion"
        for _ in range(50):
            self.run("new-session", "-d", "-s", "app", "-x", "120", "-y", "40", cmd)
            pid = self.run("display", "-p", "-t", "app", "#{pane_pid}").strip()
            if pid:
                return int(pid)
            time.sleep(0.1)
        raise AssertionError("tmux did not start the app")

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "app", *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "app")

    def wait_for(self, text: str, timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.05)
        raise AssertionError(f"never showed {text!r}:\n{self.screen()}")

    def close(self) -> None:
        self.run("kill-server")


def seed_sessions(db: Path) -> list[tuple[int, str]]:
    repo = Repository.open(db, clock=fixed_clock)
    sessions = []
    for game in all_games():
        players = tuple(f"P{i + 1}" for i in range(max(2, game.min_players)))
        options = {"counters": "HP=50 0..100"} if game.id == "free" else {}
        loaded = repo.create(game, f"Crash {game.id}", players, options)
        sessions.append((loaded.info.id, game.id))
    repo.close()
    return sessions


def shown_log(screen: str) -> tuple[int, dict[int, str]]:
    """How many actions the screen shows (the highest number in the log pane), and the
    visible ones' first words. Undone actions count: undo only moves the cursor, so they
    are stored too until a new action replaces them, which no key sent after them does."""
    entries = {}
    for line in screen.splitlines():
        m = LOG_LINE.search(line) or NEWEST_LINE.search(line)
        if m:
            text = re.split(r"[▁▂▃▄▅▆▇█▉▊▋▌▍▎▏│]", m.group(3))[0].strip()
            # The newest line may say what it replaced: the screen's note, not the stored text.
            entries[int(m.group(1))] = REPLACED_NOTE.sub("", text)
    return max(entries, default=0), entries


def stored(db: Path, session_id: int) -> tuple[int, list[str]]:
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        cursor = con.execute("SELECT cursor FROM session WHERE id = ?", (session_id,)).fetchone()[0]
        texts = [r[0] for r in con.execute("SELECT text FROM event WHERE session_id = ? ORDER BY seq", (session_id,))]
    finally:
        con.close()
    return cursor, texts


def test_sigkill_at_random_moments_loses_nothing_shown(tmp_path):
    # Two independent tables at once (own file, own tmux server): half the wall time.
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(play_and_kill, tmp_path / f"table-{i}", SEED + i, KILLS // 2) for i in range(2)]
        checked = sum(run.result() for run in runs)
    assert checked >= KILLS // 5, "the test must have seen actions on screen to compare"


def play_and_kill(tmp_path: Path, seed: int, kills: int) -> int:
    tmp_path.mkdir()
    rng = random.Random(seed)
    db = tmp_path / "crash.db"
    sessions = seed_sessions(db)
    tmux = Tmux(tmp_path)
    checked = 0
    try:
        for kill in range(kills):
            session_id, game_id = sessions[kill % len(sessions)]
            pid = tmux.start(db)
            tmux.wait_for(f"Crash {game_id}")
            # Home lists newest first: walk down to this session's row.
            rows = [line for line in tmux.screen().splitlines() if "Crash " in line]
            index = next(i for i, line in enumerate(rows) if f"Crash {game_id}" in line)
            tmux.keys(*(["Down"] * index), "Enter")
            tmux.wait_for("Round ")
            time.sleep(0.2)
            for _ in range(rng.randint(1, 5)):
                if game_id == "free" and rng.random() < 0.6:
                    tmux.keys(str(rng.randint(1, 2)), rng.choice(["-", "+"]))
                    tmux.keys(str(rng.randint(1, 3)), "Enter")
                else:
                    tmux.keys("n")
                time.sleep(rng.uniform(0.0, 0.15))
            # Undo or redo only last, so nothing after it can replace an action already shown.
            if rng.random() < 0.3:
                tmux.keys(rng.choice(["C-z", "C-y"]))
            time.sleep(rng.uniform(0.0, 0.3))
            screen = tmux.screen()
            os.kill(pid, signal.SIGKILL)
            tmux.close()
            accepted, visible = shown_log(screen)
            _, texts = stored(db, session_id)
            assert accepted <= len(texts), f"kill {kill}: {accepted} actions shown, {len(texts)} stored"
            for seq, text in visible.items():
                assert texts[seq - 1].startswith(text[:30]), f"kill {kill}: action {seq} differs:\n{screen}"
            checked += accepted
        repo = Repository.open(db)
        for session_id, _ in sessions:
            repo.load(session_id)
        repo.close()
    finally:
        tmux.close()
    return checked
