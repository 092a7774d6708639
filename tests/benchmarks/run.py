"""One benchmark command: each figure against a baseline taken in the same run.

    python tests/benchmarks/run.py [--json] [--quick]

These machines are shared and noisy, so start-up and memory are ratios against a bare
Textual app started the same way, interleaved run by run; latencies are medians and
percentiles over many repetitions. It is not a pytest test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

CHILD = r"""
import os, resource, sys, time
kind, db = sys.argv[1], sys.argv[2]
from textual.app import App

drawn = App._display

def first_display(self, screen, renderable):  # the first frame that reaches the terminal
    if not shown and renderable is not None and not self._batch_count:
        shown.append(True)
        print("READY", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, int(time.process_time() * 1e6), flush=True)
    drawn(self, screen, renderable)

shown = []
App._display = first_display
if kind in ("bare", "bare+sqlmodel"):
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        def compose(self):
            yield Header()
            yield Static("bare")
            yield Footer()

    app = Bare()
    if kind == "bare+sqlmodel":  # the floor the product stands on: Textual + an engine on a file
        import sqlmodel
        from sqlalchemy import text

        engine = sqlmodel.create_engine(f"sqlite:///{db}")
        with engine.connect() as con:
            con.execute(text("SELECT 1"))
else:
    from pathlib import Path
    from screens.app import CompanionApp

    app = CompanionApp(db_path=Path(db))

async def first_frame(pilot):
    while not shown:
        await pilot.pause(0.01)
    while kind == "app" and pilot.app.repo is None and not pilot.app.store_error:
        await pilot.pause(0.05)  # peak memory counts the store, opened after the first frame
    await pilot.pause(0.6)
    print("PEAK", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
    os._exit(0)

app.run(headless=True, auto_pilot=first_frame, size=(100, 30))
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def start_once(kind: str, db: Path) -> tuple[float, int, int, float]:
    """Milliseconds to the first frame, memory (KB) at it, memory 0.6 s later, and the CPU
    milliseconds the process spent up to the first frame (steadier than the wall clock when
    other programs share the cores). The first frame is the first update Textual hands the
    terminal (`App._display`), the same moment for both apps whatever screen they start on.

    Both apps start from bytecode, as an installed copy does (pip compiles it): with
    PYTHONDONTWRITEBYTECODE set, the app's own modules would be compiled at every start
    while Textual's come from site-packages' caches. The cache goes beside the database."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(REPO), PYTHONPYCACHEPREFIX=str(db.parent / "pycache"))
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, str(db)], cwd=REPO, stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    ready = proc.stdout.readline().split()
    elapsed = time.perf_counter() - started
    peak = proc.stdout.readline().split()
    proc.wait(timeout=60)
    return elapsed * 1000, int(ready[1]), int(peak[1]), int(ready[2]) / 1000


def startup_and_memory(runs: int, workdir: Path) -> dict:
    bare, app, floor, bare_mem, app_mem, floor_mem = [], [], [], [], [], []
    cpu: dict[str, list[float]] = {"bare": [], "app": [], "bare+sqlmodel": []}
    for kind in ("bare", "app", "bare+sqlmodel"):  # unmeasured: fills the bytecode cache
        start_once(kind, workdir / f"warm-{kind}.db")
    for i in range(runs):
        db = workdir / f"start-{i}.db"
        for kind, times, mems in (("bare", bare, bare_mem), ("app", app, app_mem), ("bare+sqlmodel", floor, floor_mem)):
            ms, first, peak, cpu_ms = start_once(kind, db if kind != "bare+sqlmodel" else workdir / f"floor-{i}.db")
            times.append(ms)
            cpu[kind].append(cpu_ms)
            mems.append((first, peak))
    return {
        "startup_app_ms": statistics.median(app),
        "startup_bare_ms": statistics.median(bare),
        "startup_ratio": statistics.median(app) / statistics.median(bare),
        "startup_cpu_ratio": statistics.median(cpu["app"]) / statistics.median(cpu["bare"]),
        "memory_first_frame_ratio": statistics.median(m[0] for m in app_mem)
        / statistics.median(m[0] for m in bare_mem),
        "memory_app_kb": statistics.median(m[1] for m in app_mem),
        "memory_bare_kb": statistics.median(m[1] for m in bare_mem),
        "memory_bare_sqlmodel_kb": statistics.median(m[1] for m in floor_mem),
        "memory_ratio_vs_bare_textual": statistics.median(m[1] for m in app_mem)
        / statistics.median(m[1] for m in bare_mem),
        "memory_ratio": statistics.median(m[1] for m in app_mem) / statistics.median(m[1] for m in floor_mem),
    }


async def _first_repaints(app, pilot, n: int, act) -> list[float]:
    """Milliseconds from an action to the end of the first frame drawn after it, at a
    player's pace (the app idle between actions)."""
    screen = app.screen
    done: list[float] = []
    draw = screen._compositor_refresh

    def timed() -> None:
        draw()
        done.append(time.perf_counter())

    screen._compositor_refresh = timed
    latencies = []
    for i in range(-1, n):  # the first, unmeasured: a round's first action after opening
        done.clear()
        started = time.perf_counter()
        act(i)
        while not done:
            await asyncio.sleep(0)
        if i >= 0:
            latencies.append((done[0] - started) * 1000)
        await pilot.pause(0.06)
    return latencies


async def _actions(n: int, workdir: Path, rounds: int = 5) -> dict:
    """The action path against the bare cell repaint, in alternating rounds of n / rounds
    each, so a change in the machine's load falls on both alike."""
    from companion.games import get_game
    from companion.store.repo import Repository

    db = workdir / "actions.db"
    repo = Repository.open(db)
    sid = repo.create(get_game("free"), "Bench", ("Ann", "Bob", "Cleo"), {"counters": "HP=500 0..100000"}).info.id
    repo.close()
    latencies: list[float] = []
    baseline: list[float] = []
    commits: list[float] = []  # the store's part alone: the transaction and its commit
    calls = {"apply": 0, "view": 0}
    for _ in range(rounds):
        latencies += await _app_round(n // rounds, db, sid, commits, calls)
        baseline += await _bare_round(n // rounds)
    return {
        "action_p50_ms": statistics.median(latencies),
        "action_p99_ms": pct(latencies, 0.99),
        "bare_cell_repaint_p50_ms": statistics.median(baseline),
        "bare_cell_repaint_p99_ms": pct(baseline, 0.99),
        "action_p99_ratio": pct(latencies, 0.99) / pct(baseline, 0.99),
        # Of each action, the commit alone (Repository.record: one transaction).
        "commit_p50_ms": statistics.median(commits),
        "commit_p99_ms": pct(commits, 0.99),
        # Game.apply and Game.view calls per action (record, commit, repaint): one each.
        "apply_calls_per_action": calls["apply"] / len(commits),
        "view_calls_per_action": calls["view"] / len(commits),
    }


async def _app_round(n: int, db: Path, sid: int, commits: list[float], calls: dict[str, int]) -> list[float]:
    from companion.games.free import Adjust
    from screens.app import CompanionApp
    from screens.table_keys import open_table

    app = CompanionApp(db_path=db)
    async with app.run_test(size=(100, 30)) as pilot:
        while app.repo is None:
            await pilot.pause(0.02)
        open_table(app, sid)
        while getattr(app.screen, "timeline", None) is None:
            await pilot.pause(0.02)
        await pilot.pause(0.3)
        screen = app.screen
        game = screen.timeline.game

        def counted(name: str):  # type: ignore[no-untyped-def]
            real = getattr(game, name)

            def call(*args):  # type: ignore[no-untyped-def]
                calls[name] += 1
                return real(*args)

            return call

        game.apply, game.view = counted("apply"), counted("view")
        write = app.repo.record

        def timed_write(*args, **kw):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            write(*args, **kw)
            commits.append((time.perf_counter() - started) * 1000)

        app.repo.record = timed_write
        try:
            return await _first_repaints(app, pilot, n, lambda i: screen.record(Adjust("HP", i % 3, 1)))
        finally:
            del game.apply, game.view  # back to the class's own methods
            del app.repo.record


async def _bare_round(n: int) -> list[float]:
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header

    class Bare(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Header()
            yield DataTable()
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            table.add_columns("Player", "HP")
            for name in ("Ann", "Bob", "Cleo"):
                table.add_row(name, "500")

    bare = Bare()
    async with bare.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        table = bare.query_one(DataTable)
        return await _first_repaints(bare, pilot, n, lambda i: table.update_cell_at((0, 1), str(i)))


def undo_far(workdir: Path, size: int = 100_000, undos: int = 520) -> dict:
    """Undo at the end of a long session reopened from its snapshots (written every 500
    actions, as recording writes them): the first undo, and the slowest of `undos` in a row
    (they cross a snapshot), each with its commit."""
    from companion.store.repo import Repository

    db, sid = make_session(workdir, size)
    repo = Repository.open(db)
    started = time.perf_counter()
    tl = repo.load(sid).timeline
    reopened = (time.perf_counter() - started) * 1000
    times = []
    for _ in range(undos):
        started = time.perf_counter()
        after = tl.move(tl.cursor - 1)
        repo.move(sid, tl, after)
        after.state  # noqa: B018 (what the screen paints next)
        times.append((time.perf_counter() - started) * 1000)
        tl = after
    repo.close()
    return {
        f"reopen_{size}_snapshots_ms": reopened,
        f"undo_first_{size}_ms": times[0],
        f"undo_worst_of_{undos}_{size}_ms": max(times),
    }


def make_session(workdir: Path, events: int) -> tuple[Path, int]:
    """A free-play session of `events` actions, written as recording writes it (through the
    repository's public `record`, a chunk of actions per transaction): its log, its turn
    labels and words, a snapshot every SNAPSHOT_EVERY actions and its summary line."""
    from companion.games import get_game
    from companion.games.free import Adjust, NextTurn
    from companion.store.repo import SNAPSHOT_EVERY, Repository

    db = workdir / f"reopen-{events}.db"
    repo = Repository.open(db)
    game = get_game("free")
    started = repo.create(game, "Long", ("Ann", "Bob", "Cleo"), {"counters": "HP=500 0..100000"})
    sid, seen = started.info.id, started.timeline
    tl = seen
    for i in range(events):
        tl = tl.record(Adjust("HP", i % 3, 1) if i % 4 else NextTurn())
        if tl.cursor % SNAPSHOT_EVERY == 0 or i == events - 1:  # crossing a multiple: its snapshot
            repo.record(sid, seen, tl)
            seen = tl
    repo.close()
    return db, sid


def reopen(workdir: Path, sizes: tuple[int, ...]) -> dict:
    from companion.store.repo import Repository

    figures: dict = {}
    for size in sizes:
        db, sid = make_session(workdir, size)
        repo = Repository.open(db)
        repo.load(sid)
        loads, reads = [], []
        for _ in range(5):
            started = time.perf_counter()
            loaded = repo.load(sid)
            loads.append((time.perf_counter() - started) * 1000)
            assert len(loaded.timeline.entries) == size
            con = sqlite3.connect(db)
            started = time.perf_counter()
            con.execute("SELECT payload, turn, text FROM event WHERE session_id = ? ORDER BY seq", (sid,)).fetchall()
            reads.append((time.perf_counter() - started) * 1000)
            con.close()
        repo.close()
        figures[f"reopen_{size}_ms"] = statistics.median(loads)
        figures[f"read_rows_{size}_ms"] = statistics.median(reads)
    return figures


STORE_CHILD = r"""
import json, statistics, sys, time
from pathlib import Path
tree, mode, work = sys.argv[1], sys.argv[2], Path(sys.argv[3])
sys.path.insert(0, tree)
from companion.games import get_game
from companion.store.repo import Repository
if mode == "build":  # each tree writes its own files, in its own schema
    from tests.benchmarks.run import make_session
    db, sid = make_session(work, 100_000)
    repo = Repository.open(work / "home.db")
    repo.create(get_game("free"), "Session", ("Ann", "Bob", "Cleo"), {"counters": "score"})
    repo.close()
    import sqlite3
    con = sqlite3.connect(work / "home.db")
    columns = "game, title, players, options, cursor, created, updated, summary, finished, version"
    for _ in range(10):  # 1,024 sessions, each row as `create` writes it, in one transaction
        con.execute(f"INSERT INTO session ({columns}) SELECT {columns} FROM session")
    con.execute("DELETE FROM session WHERE id > 1000")
    con.commit()
    con.close()
    (work / "sid").write_text(str(sid))
else:
    sid = int((work / "sid").read_text())
    long, home = Repository.open(work / "reopen-100000.db"), Repository.open(work / "home.db")
    long.load(sid), home.list_sessions()
    loads, lists = [], []
    for _ in range(5):
        started = time.perf_counter()
        long.load(sid)
        loads.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        assert len(home.list_sessions()) == 1000
        lists.append((time.perf_counter() - started) * 1000)
    print(json.dumps({"open": statistics.median(loads), "home": statistics.median(lists)}))
"""


def store_against(workdir: Path, baseline: Path, rounds: int) -> dict:
    """Opening a 100,000-action session and listing 1,000 sessions (the home screen's read),
    this tree against another checkout (`--against DIR`, e.g. main before a change), each
    on files its own code wrote, run alternately in fresh interpreters: ratios in one run."""
    trees = {"this": REPO, "baseline": baseline.resolve()}
    for name, tree in trees.items():
        (workdir / name).mkdir()
        subprocess.run([sys.executable, "-c", STORE_CHILD, str(tree), "build", str(workdir / name)], check=True)
    found: dict[str, dict[str, list[float]]] = {n: {"open": [], "home": []} for n in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            out = subprocess.run(
                [sys.executable, "-c", STORE_CHILD, str(tree), "time", str(workdir / name)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            for key, value in json.loads(out.strip().splitlines()[-1]).items():
                found[name][key].append(value)
    med = {n: {k: statistics.median(v) for k, v in d.items()} for n, d in found.items()}
    return {
        "open_100000_ms": med["this"]["open"],
        "open_100000_baseline_ms": med["baseline"]["open"],
        "open_100000_ratio": med["this"]["open"] / med["baseline"]["open"],
        "home_1000_ms": med["this"]["home"],
        "home_1000_baseline_ms": med["baseline"]["home"],
        "home_1000_ratio": med["this"]["home"] / med["baseline"]["home"],
    }


def polls(workdir: Path, n: int) -> dict:
    """The table view's poll: with nothing new (one PRAGMA), and after one new action."""
    from companion.games.free import Adjust
    from companion.store.follow import Follower
    from companion.store.repo import Repository

    db, sid = make_session(workdir, 1000)
    writer = Repository.open(db)
    tl = writer.load(sid).timeline
    follower = Follower(Repository.reader(db), sid)
    follower.poll()
    idle, fresh = [], []
    for _ in range(n):
        started = time.perf_counter()
        changed, _ = follower.poll()
        idle.append((time.perf_counter() - started) * 1000)
        assert not changed
    for i in range(min(n, 200)):
        after = tl.record(Adjust("HP", i % 3, 1))
        writer.record(sid, tl, after)
        tl = after
        started = time.perf_counter()
        changed, loaded = follower.poll()
        fresh.append((time.perf_counter() - started) * 1000)
        assert changed and loaded is not None and loaded.timeline.cursor == tl.cursor
    assert follower.full_reads == 1
    follower.repo.close()
    writer.close()
    return {
        "poll_idle_p50_ms": statistics.median(idle),
        "poll_idle_p99_ms": pct(idle, 0.99),
        "poll_one_new_p50_ms": statistics.median(fresh),
        "poll_one_new_p99_ms": pct(fresh, 0.99),
    }


def rules() -> dict:
    sys.path.insert(0, str(REPO / "tests" / "benchmarks"))
    from bench_rules import measure

    m = measure(repeat=10)
    return {f"rules_{k}": v for k, v in m.items() if isinstance(v, (int, float))}


def odds() -> dict:
    """The slowest odds a screen shows, cold: every Monster Maker 5 attack a table can face
    (1-12 dice against defence 1-72, and the 1d6 + attack variant) and the thief; then the
    battle win-chance estimate as the screen runs it (10,000 simulated battles, in a worker)."""
    import random

    from companion import dice
    from companion.games.mm5.odds import attack_roll, thief_chance
    from companion.games.mm5.simulate import attacker_wins
    from tests.core.test_mm5_rulings import MAGE, ORC, QUEEN, WARRIOR, battle

    worst = 0.0
    for variant in (False, True):
        for attack in range(1, 13):
            for defence in range(1, 73):
                for cached in [v for v in vars(dice).values() if hasattr(v, "cache_clear")]:
                    cached.cache_clear()  # cold: every cache of the dice module emptied
                started = time.perf_counter()
                attack_roll(attack, defence, variant)
                worst = max(worst, (time.perf_counter() - started) * 1000)
    for value in range(1, 7):
        started = time.perf_counter()
        thief_chance(value)
        worst = max(worst, (time.perf_counter() - started) * 1000)
    state = battle([ORC, ORC, MAGE, QUEEN], [WARRIOR, WARRIOR, WARRIOR])
    started = time.perf_counter()
    estimate = attacker_wins(state, 10_000, random.Random(1))
    return {
        "odds_slowest_ms": worst,
        "battle_estimate_ms": (time.perf_counter() - started) * 1000,
        "battle_estimate_stderr": estimate.stderr,
    }


def battles() -> dict:
    """The exact battle value under best play, cold (a new solver, no cached chances): four
    against four, five against five and six against six distinct characters (identical ones are
    cheaper), as the advice solves them, and the 10,000-battle simulation of the five against five
    as the same-run baseline."""
    import random

    from companion.games.mm5.advice import Fighter, advise
    from companion.games.mm5.exact import Kind, chance
    from companion.games.mm5.simulate import simulate

    dark = [
        Kind(True, 1, 2, 3, 0, 2),
        Kind(False, 1, 3, 2, 1, 3),
        Kind(False, 2, 1, 3, 3, 4),
        Kind(False, 2, 3, 4, 2, 3),
        Kind(False, 4, 4, 6, 4, 6),
        Kind(False, 3, 3, 5, 2, 4),
    ]
    light = [
        Kind(False, 0, 5, 6, 4, 5),
        Kind(False, 0, 4, 5, 3, 4),
        Kind(False, 0, 3, 4, 1, 2),
        Kind(False, 0, 1, 3, 3, 3),
        Kind(False, 0, 2, 2, 2, 4),
        Kind(False, 0, 2, 4, 4, 2),
    ]
    out = {}
    for n in (4, 5, 6):
        sides = (
            tuple(Fighter(i, f"d{i}", k) for i, k in enumerate(dark[:n])),
            tuple(Fighter(10 + i, f"l{i}", k) for i, k in enumerate(light[:n])),
        )
        chance.cache_clear()
        started, cpu = time.perf_counter(), time.process_time()
        advice = advise(sides, budget=60.0, keep=False)
        out[f"battle_exact_{n}v{n}_ms"] = (time.perf_counter() - started) * 1000
        out[f"battle_exact_{n}v{n}_cpu_ms"] = (time.process_time() - cpu) * 1000  # steadier on a shared machine
        assert advice.exact
        if n == 5:
            started = time.perf_counter()
            simulate(sides, set(), None, 10_000, random.Random(1), False)
            out["battle_sim_5v5_ms"] = (time.perf_counter() - started) * 1000
            out["battle_exact_5v5_ratio"] = out["battle_exact_5v5_ms"] / out["battle_sim_5v5_ms"]
    out["battle_exact_6v6_ratio"] = out["battle_exact_6v6_ms"] / out["battle_sim_5v5_ms"]
    return out


def stats_figures(quick: bool) -> dict:
    sys.path.insert(0, str(REPO / "tests" / "benchmarks"))
    from bench_stats import measure

    return measure(screen_runs=3 if quick else 7)


GOALS = {
    "startup_ratio": ("≤ 1.15× bare Textual", lambda v: v <= 1.15),
    "action_p99_ms": ("≤ 16 ms", lambda v: v <= 16),
    "action_p99_ratio": ("≤ 1.5× bare cell repaint (issue 22)", lambda v: v <= 1.5),
    "reopen_10000_ms": ("≤ 150 ms", lambda v: v <= 150),
    "reopen_100000_ms": ("≤ 1 s", lambda v: v <= 1000),
    "apply_calls_per_action": ("1", lambda v: v == 1),
    "view_calls_per_action": ("1", lambda v: v == 1),
    "undo_first_100000_ms": ("≤ 50 ms", lambda v: v <= 50),
    "undo_worst_of_520_100000_ms": ("≤ 50 ms", lambda v: v <= 50),
    "poll_idle_p99_ms": ("≤ 1 ms", lambda v: v <= 1),
    "rules_query_p99_ms": ("≤ 2 ms", lambda v: v <= 2),
    "odds_slowest_ms": ("≤ 5 ms", lambda v: v <= 5),
    "battle_exact_4v4_ms": ("≤ 100 ms", lambda v: v <= 100),
    "battle_exact_5v5_ms": ("≤ 250 ms", lambda v: v <= 250),
    "battle_exact_6v6_ms": ("≤ 1000 ms", lambda v: v <= 1000),
    "memory_ratio": ("≤ 1.25× Textual + SQLModel", lambda v: v <= 1.25),
    "open_100000_ratio": ("≤ 1.1× --against (issue 37)", lambda v: v <= 1.1),
    "home_1000_ratio": ("≤ 1.1× --against (issue 37)", lambda v: v <= 1.1),
    "stats_open_ms": ("≤ 50 ms (1,000 sessions)", lambda v: v <= 50),
    "stats_screen_ratio": ("≤ 1.1× one session", lambda v: v <= 1.1),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parts = ("startup", "actions", "reopen", "undo", "polls", "rules", "odds", "battles", "stats")
    parser.add_argument("--only", metavar="PARTS", help=f"comma-separated, of: {', '.join(parts)}")
    parser.add_argument("--against", metavar="DIR", type=Path, help="another checkout: the store's figures as ratios")
    args = parser.parse_args()
    chosen = set(args.only.split(",")) if args.only else set(parts)
    figures: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if "startup" in chosen:
            figures.update(startup_and_memory(3 if args.quick else 7, work))
        if "actions" in chosen:
            figures.update(asyncio.run(_actions(200 if args.quick else 1000, work)))
        if "reopen" in chosen:
            figures.update(reopen(work, (1000, 10000) if args.quick else (1000, 10000, 100000)))
        if "undo" in chosen:
            figures.update(undo_far(work))
        if "polls" in chosen:
            figures.update(polls(work, 500 if args.quick else 5000))
        if args.against is not None:
            figures.update(store_against(work, args.against, 3 if args.quick else 7))
        if "stats" in chosen:
            figures.update(stats_figures(args.quick))
    for name, part in (("rules", rules), ("odds", odds), ("battles", battles)):
        if name in chosen:
            figures.update(part())
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "figures": figures,
        "goals": {
            k: {"goal": g, "value": figures.get(k), "met": (ok(figures[k]) if k in figures else None)}
            for k, (g, ok) in GOALS.items()
        },
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"Companion benchmarks · {report['date']} · {report['machine']}\n")
    print(f"{'figure':<28}{'value':>12}  {'goal':<22}met")
    for key, value in figures.items():
        goal = report["goals"].get(key)
        met = "" if goal is None else ("yes" if goal["met"] else "NO")
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        print(f"{key:<28}{shown:>12}  {(goal or {}).get('goal', ''):<22}{met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
