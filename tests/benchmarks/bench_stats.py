"""Statistics over 1,000 finished sessions of 200 actions each (200,000 actions).

    python tests/benchmarks/bench_stats.py [--sessions 1000] [--actions 200]

Writes a file as the app leaves it: every session's log, seats and the outcome summarised at
its end (made by `stats.summarise`, as the last action's write makes it), then times what the
stats screen and `companion stats` do when they open: a fresh Repository on the file, every
outcome and player read, and the numbers per game and per player folded (median of 5 cold
runs), and the stats screen itself under Pilot (from `s` on the home screen to its painted
table and plots). For comparison it also times working outcomes out from the logs (what an old file
costs once), on a tenth of the sessions. Not a pytest test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion import stats, stats_report
from companion.core import encode
from companion.games import get_game
from companion.games.free import Adjust, Finish, NextTurn
from companion.store import players
from companion.store.repo import Repository
from companion.timeline import Timeline

PEOPLE = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")


def build(path: Path, sessions: int, actions: int) -> None:
    Repository.open(path).close()  # the schema, as the app makes it
    import sqlite3

    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA synchronous=OFF")
    con.execute("BEGIN")
    con.executemany(
        "INSERT INTO player (name, created) VALUES (?, '2026-01-01T00:00:00+00:00')", [(p,) for p in PEOPLE]
    )
    game = get_game("free")
    rng = random.Random(1)
    start = datetime(2026, 1, 1, 19, tzinfo=UTC)
    for sid in range(1, sessions + 1):
        seats = rng.sample(range(len(PEOPLE)), rng.randint(2, 5))
        names = tuple(PEOPLE[i] for i in seats)
        tl = Timeline.start(game, game.setup(names, {"counters": "score"}))
        for i in range(actions - 1):
            tl = tl.record(NextTurn() if i % 3 == 2 else Adjust("score", rng.randrange(len(names)), rng.randint(1, 6)))
        tl = tl.record(Finish())
        begun = start + timedelta(days=sid)
        times = [(begun + timedelta(seconds=45 * i)).isoformat(timespec="seconds") for i in range(actions)]
        con.execute(
            "INSERT INTO session (id, game, title, players, options, cursor, created, updated, summary, finished, version)"
            " VALUES (?, 'free', ?, ?, ?, ?, ?, ?, 'finished', 1, ?)",
            (
                sid,
                f"Free play {begun:%Y-%m-%d}",  # the default title: one game played, by its date
                json.dumps(names),
                json.dumps({"counters": "score"}),
                actions,
                times[0],
                times[-1],
                actions,
            ),
        )
        con.executemany(
            "INSERT INTO event (session_id, seq, payload, turn, text, created, dropped) VALUES (?,?,?,?,?,?,0)",
            [(sid, n, json.dumps(encode(e.event)), e.turn, e.text, times[n - 1]) for n, e in enumerate(tl.entries, 1)],
        )
        con.executemany(
            "INSERT INTO seat (session_id, position, player_id) VALUES (?,?,?)",
            [(sid, pos, i + 1) for pos, i in enumerate(seats)],
        )
        data = stats.summarise(game, tl, names, times)
        con.execute("INSERT INTO outcome VALUES (?, ?, ?)", (sid, actions, json.dumps(data)))
    con.execute("COMMIT")
    con.close()


def open_stats(path: Path) -> float:
    """What the stats screen's worker and `companion stats --json` do: open the file, read
    every outcome and player, and work out every figure (per game, per player, the table)."""
    began = time.perf_counter()
    repo = Repository.open(path)
    found, names = players.outcomes(repo)
    stats_report.report(found, names, {"free": "Free play"})
    took = time.perf_counter() - began
    repo.close()
    assert len(found) > 0
    return took


BASELINE = "27e3908"  # the statistics before issue 41's figures: plays, wins, scores, time


def baseline_report(revision: str = BASELINE) -> Any:
    """`report` of companion/stats.py as it was at `revision`, imported beside today's."""
    import subprocess
    import types

    root = Path(__file__).resolve().parents[2]
    source = subprocess.run(
        ["git", "-C", str(root), "show", f"{revision}:companion/stats.py"], capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType("baseline_stats")
    sys.modules["baseline_stats"] = module
    exec(compile(source, "baseline_stats", "exec"), module.__dict__)  # this repository's own code, from git
    return module.report


def fold_only(path: Path, runs: int = 9) -> tuple[float, float, float]:
    """(reading the outcomes, working out every figure from them, and the same with the
    baseline's fewer figures), medians in seconds, interleaved: the figures' own cost."""
    old = baseline_report()
    repo = Repository.open(path)
    read, fold, before = [], [], []
    for _ in range(runs):
        began = time.perf_counter()
        found, names = players.outcomes(repo)
        read.append(time.perf_counter() - began)
        began = time.perf_counter()
        stats_report.report(found, names, {"free": "Free play"})
        fold.append(time.perf_counter() - began)
        began = time.perf_counter()
        old(found, names, {"free": "Free play"})
        before.append(time.perf_counter() - began)
    repo.close()
    return statistics.median(read), statistics.median(fold), statistics.median(before)


def measure(sessions: int = 1000, actions: int = 200, screen_runs: int = 5) -> dict[str, float]:
    """The figures run.py reports: the open over `sessions` finished sessions, and the stats
    screen's paint against its paint with one session, interleaved in one run."""
    with tempfile.TemporaryDirectory() as tmp:
        path, small = Path(tmp) / "stats.db", Path(tmp) / "one.db"
        build(path, sessions, actions)
        build(small, 1, actions)
        opened = statistics.median(open_stats(path) for _ in range(5))
        read, fold, before = fold_only(path)
        screen, baseline = [], []
        for _ in range(screen_runs):
            screen += open_screen(path, 1)
            baseline += open_screen(small, 1)
    return {
        "stats_open_ms": 1000 * opened,
        "stats_read_ms": 1000 * read,
        "stats_fold_ms": 1000 * fold,
        "stats_fold_baseline_ms": 1000 * before,
        "stats_fold_ratio": fold / before,
        "stats_screen_ms": 1000 * statistics.median(screen),
        "stats_screen_one_ms": 1000 * statistics.median(baseline),
        "stats_screen_ratio": statistics.median(screen) / statistics.median(baseline),
    }


def open_screen(path: Path, runs: int = 5) -> list[float]:
    """The stats screen itself, under Pilot at 80x24: from `s` on the home screen until its
    table has its rows and both plots are drawn (a worker reads the outcomes)."""
    import asyncio

    from textual.widgets import DataTable

    from screens.app import CompanionApp

    async def once() -> float:
        app = CompanionApp(db_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            while app.repo is None:
                await pilot.pause(0.01)
            await pilot.pause()
            began = time.perf_counter()
            await pilot.press("s")
            while type(app.screen).__name__ != "StatsScreen" or not app.screen.query_one(DataTable).row_count:
                await pilot.pause(0.005)
                if time.perf_counter() - began > 60:
                    raise RuntimeError("the stats screen never showed its table")
            await pilot.pause()  # the paint that follows
            return time.perf_counter() - began

    return [asyncio.run(once()) for _ in range(runs)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--actions", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stats.db"
        began = time.perf_counter()
        build(path, args.sessions, args.actions)
        print(
            f"built {args.sessions} sessions, {args.sessions * args.actions} actions in {time.perf_counter() - began:.1f} s"
        )
        runs = [open_stats(path) for _ in range(5)]
        print(
            f"stats open (outcomes summarised at each game's end): median {1000 * statistics.median(runs):.0f} ms, "
            f"best {1000 * min(runs):.0f} ms over 5 cold runs"
        )
        small = Path(tmp) / "one.db"
        build(small, 1, args.actions)
        screen, baseline = [], []
        for _ in range(5):  # interleaved: the machine's load falls on both alike
            screen += open_screen(path, 1)
            baseline += open_screen(small, 1)
        print(
            f"stats screen open under Pilot at 80x24 (s pressed until the table and plots are painted): "
            f"median {1000 * statistics.median(screen):.0f} ms over 5 runs; with one session "
            f"{1000 * statistics.median(baseline):.0f} ms (x{statistics.median(screen) / statistics.median(baseline):.2f})"
        )
        import sqlite3

        tenth = max(1, args.sessions // 10)
        con = sqlite3.connect(path, isolation_level=None)
        con.execute("DELETE FROM outcome WHERE session_id <= ?", (tenth,))
        con.close()
        slow = open_stats(path)
        print(
            f"the same with {tenth} outcomes worked out from their logs first: {1000 * slow:.0f} ms "
            f"(about {slow / tenth * 1000:.1f} ms a session, so {slow / tenth * args.sessions:.1f} s for all of them)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
