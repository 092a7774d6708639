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
                f"Night {sid}",
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
    began = time.perf_counter()
    repo = Repository.open(path)
    found, names = players.outcomes(repo)
    stats.game_stats("all", found, names)
    stats_report.report(found, names, {"free": "Free play"})
    took = time.perf_counter() - began
    repo.close()
    assert len(found) > 0
    return took


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
