"""Shared fixtures: a real SQLite file in tmp_path, the real app under Pilot, a fixed clock."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._wait as textual_wait
from hypothesis import HealthCheck, Phase, settings

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
# Local times are shown in the machine's zone: tests (and snapshots) read them in UTC, and a
# test that wants another zone sets TZ itself.
os.environ["TZ"] = "UTC"
time.tzset()

FIXED_NOW = "2026-11-29T20:00:00+00:00"

# Pilot's idle wait, between keys and in `pause()`: Textual sleeps 20 ms at a time until a
# sleep passes with under 1 ms of CPU. The same 1 ms, looked at every 5 ms: each key waits for
# the app to go quiet as before, but no longer 40 ms at least (two idle waits), which was a
# third of a Pilot test's time. `_wait_for_screen` (every queued message handled) is unchanged.
textual_wait.SLEEP_GRANULARITY = 1 / 200
textual_wait.SLEEP_IDLE = 1 / 1000


def fixed_clock() -> str:
    return FIXED_NOW


# mutmut (docs/development.md, "Mutation testing") sets MUTANT_UNDER_TEST in every test run it
# makes. Each mutant reruns the tests that reached its function, stopping at the first that
# fails, so a mutant that survives costs them all. While it runs: the tests that killed a
# mutant before go first (the mutants of one function run one after another), then the
# cheapest; each property runs a few fixed examples (the same each run, so a verdict repeats)
# with no database of failing examples (one mutant's would be replayed against the next) and
# no shrinking (a failure kills the mutant; the smallest failure is not needed).
# Normal runs are unchanged.
UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
MUTANT_EXAMPLES = 5
KILLERS = Path("mutmut-killers.txt")  # beside mutmut's own files, in the `mutants/` copy it runs
settings.register_profile(
    "mutmut", derandomize=True, database=None, phases=(Phase.explicit, Phase.reuse, Phase.generate)
)
if UNDER_MUTMUT:
    settings.load_profile("mutmut")
# `pytest --hypothesis-profile deep tests/fuzz`: long fuzzed play. Registered here, before
# pytest reads the option (a test module is imported only after it).
DEEP = "deep"
settings.register_profile(
    DEEP, max_examples=20_000, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def examples(n: int) -> int:
    """A property's `max_examples`: `n`, or MUTANT_EXAMPLES at most while mutmut runs it."""
    return min(n, MUTANT_EXAMPLES) if UNDER_MUTMUT else n


def mutmut_order() -> Callable[[pytest.Item], tuple[int, float]]:
    """The order to run a mutant's tests in: the latest killers first, then by the time each
    took in mutmut's run that learnt which test reaches which function."""
    try:
        durations = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        durations = {}
    killers = KILLERS.read_text().splitlines() if KILLERS.exists() else []
    latest = {nodeid: -n for n, nodeid in enumerate(killers)}
    return lambda item: (latest.get(item.nodeid, 1), durations.get(item.nodeid, 0.0))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.failed and "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        with KILLERS.open("a") as killers:
            killers.write(report.nodeid + "\n")


# The longest tests, started first: on `-n auto` (work stealing, below) the other workers share
# the rest, so none of them is left running alone at the end of the suite.
LONGEST = ("tests/crash/",)


def pytest_configure(config: pytest.Config) -> None:
    """`-n auto` alone distributes by work stealing: a worker out of tests takes some queued for
    a busy one. An explicit `--dist` is kept."""
    explicit = any(arg.startswith("--dist") for arg in config.invocation_params.args)
    if (
        getattr(config.option, "dist", "no") == "load"
        and not explicit
        and not getattr(config.option, "distload", False)
    ):
        config.option.dist = "worksteal"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if UNDER_MUTMUT:
        items.sort(key=mutmut_order())
        return

    def longest(item: pytest.Item) -> bool:
        return item.get_closest_marker("slow") is not None or item.nodeid.startswith(LONGEST)

    items.sort(key=lambda item: not longest(item))  # stable: the order within each part is kept


@pytest.fixture
def tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine's zone is Asia/Tokyo (nine hours ahead of the UTC the store keeps)."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def repo(db_path: Path) -> Any:
    from companion.store.repo import Repository

    r = Repository.open(db_path, clock=fixed_clock)
    yield r
    r.close()


@pytest.fixture
def make_app(db_path: Path) -> Callable[..., Any]:
    """Build the real app on the test's database file (the same file across relaunches)."""
    from screens.app import CompanionApp

    def build(path: Path | None = None) -> Any:
        return CompanionApp(db_path=path or db_path, clock=fixed_clock)

    return build


async def wait_for(pilot: Any, condition: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Pause the pilot until `condition()` is truthy (the store opens in a worker)."""
    waited = 0.0
    while not (value := condition()):
        if waited > timeout:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.05)
        waited += 0.05
    return value


async def eventually(pilot: Any, condition: Callable[[], Any], timeout: float = 10.0) -> None:
    """Pause the pilot until `condition()` is truthy, or `timeout` passes: the assertions that
    follow then say what is wrong (where a fixed pause guessed how long the screen takes)."""
    waited = 0.0
    while not condition() and waited <= timeout:
        await pilot.pause(0.05)
        waited += 0.05


def palette_highlights(app: Any, title: str = "") -> bool:
    """The command palette is open with a command highlighted (`title`'s, when given): its
    search runs every provider in a worker, the rules index among them."""
    from textual.command import CommandList, CommandPalette

    if not isinstance(app.screen, CommandPalette):
        return False
    option = app.screen.query_one(CommandList).highlighted_option
    return option is not None and str(option.prompt).startswith(title)


async def settled(pilot: Any, timeout: float = 10.0) -> None:
    """Pause until the screen stops changing: three identical frames in a row. A snapshot
    taken while a worker or a refresh-later callback is still landing differs by timing."""
    last, same, waited = None, 0, 0.0
    while same < 2:
        if waited > timeout:
            raise AssertionError("the screen never settled")
        await pilot.pause(0.05)
        waited += 0.05
        shot = pilot.app.export_screenshot()
        same, last = (same + 1, last) if shot == last else (0, shot)


async def start_session(pilot: Any, game_index: int, players: str, options: dict[str, str] | None = None) -> Any:
    """Create a session by keyboard from the home screen and wait for its table to load.

    `game_index` is the game's position in the registry list (free play is 0); `options`
    maps option keys to text typed into that option's input (checkboxes: "x" toggles).
    """
    app = pilot.app
    await wait_for(pilot, lambda: app.repo)
    await pilot.press("n")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
    await pilot.pause()
    for _ in range(game_index):
        await pilot.press("down")
    await pilot.pause()
    await pilot.press("tab")
    await pilot.press(*players)
    for key, text in (options or {}).items():
        widget = app.screen.query_one(f"#opt-{key}")
        widget.focus()
        await pilot.pause()
        if text == "x":
            await pilot.press("space")
        else:
            widget.value = ""
            await pilot.press(*text)
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) is not None)
    await pilot.pause()
    return app.screen
