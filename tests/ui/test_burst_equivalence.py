"""Keys mean the same at any speed, for every registered game and the fixture game.

Hypothesis builds a legal script from the game's fuzz strategy (tests/ui/burst_script.py):
the keys a player types for each event the notation writes (the action's key, its lines, the
dice tray's faces, a yes-or-no question's `y`, esc on a follow-up left open). The real app
plays it twice on real SQLite files: once waiting for the screen after every key, once with
every key posted to the app's queue at once, as a terminal delivers a burst. The stored logs
must be the same, and the same as the script. A test does it again with a CPU-bound process
on each core, as on a shared machine; the last one types the script that lost actions there
with the widgets a key bubbles through made late, so a key is still on its way up to the
screen when the queue looks.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from textual import events
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key
from textual.message_pump import MessagePump

import companion.games
from companion.core import encode
from companion.games import all_games, get_game
from companion.games.tkc.events import Draw, StartDraw
from tests.conftest import fixed_clock, wait_for
from tests.contract.coin_race import PATH as COIN_RACE
from tests.ui.burst_script import Script, keys, screen_keys, script, store_history

GAMES = [*(g.id for g in all_games()), "coin"]


def key_event(app: Any, key: str) -> events.Key:
    """The key as the terminal's driver sends it: its character (as Pilot's press gives it)
    and the app as its sender (`Driver.process_message`)."""
    try:
        # As Pilot's press names it: `minus` is HYPHEN-MINUS, `plus` PLUS SIGN (REPLACED_KEYS).
        character: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        character = key if len(key) == 1 else None
    event = events.Key(key, character)
    event.set_sender(app)
    return event


async def play(db: Path, game: Any, s: Script, burst: bool) -> list[tuple[Any, str]]:
    """The stored log (events and lines, undone ones left out) after typing the script."""
    from screens.app import CompanionApp
    from screens.table_keys import open_table

    app = CompanionApp(db_path=db, clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        session_id = store_history(app.repo, game, s)
        open_table(app, session_id)
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) is not None)
        await pilot.pause()
        pressed = [key for _, typed in s.typed for key in typed]
        if burst:
            for key in pressed:
                app.post_message(key_event(app, key))
        else:
            for key in pressed:
                await pilot.press(key)
                await wait_for(pilot, lambda: app.key_queue.idle)
        await wait_for(pilot, lambda: app.key_queue.idle, timeout=60)
        await pilot.pause()
        loaded = app.repo.load(session_id)
    return [(encode(e.event), e.text) for e in loaded.timeline.entries[: loaded.timeline.cursor]]


def check_bursts(game_id: str, tmp_path: Path, examples: int) -> None:
    game = get_game(game_id)
    plug = import_module(f"tests.fuzz.{game_id}_actions")
    runs = itertools.count()

    @settings(
        max_examples=examples,
        deadline=None,
        phases=(Phase.explicit, Phase.generate),  # a failure is reported as found: each example is two app runs
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def bursts(data: Any) -> None:
        s = script(game, plug, data)
        assume(s.typed)
        run = next(runs)
        slow = asyncio.run(play(tmp_path / f"slow{run}.db", game, s, burst=False))
        fast = asyncio.run(play(tmp_path / f"burst{run}.db", game, s, burst=True))
        expected = [encode(e) for e in (*s.history, *(event for event, _ in s.typed))]
        assert [event for event, _ in slow] == expected, f"slow typing of {s.typed} recorded {slow}"
        assert fast == slow, f"the burst {s.typed} recorded {fast}, slow typing {slow}"

    bursts()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(companion.games, "REGISTERED", (*companion.games.REGISTERED, COIN_RACE))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_burst_records_what_slow_typing_records(game_id, tmp_path, registered):
    check_bursts(game_id, tmp_path, examples=2)


@pytest.fixture
def cpu_load() -> Iterator[None]:
    """A CPU-bound process on each core for the test's length."""
    spin = "while True: pass"
    busy = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(os.cpu_count() or 1)]
    try:
        yield
    finally:
        for process in busy:
            process.kill()
            process.wait()


def test_a_burst_under_load_records_what_slow_typing_records(tmp_path, registered, cpu_load):
    check_bursts("tkc", tmp_path, examples=2)


# The widgets a key typed at the table bubbles through on its way up to the table screen.
BUBBLED_THROUGH = {"players", "main", "main-column", "body"}


def tied_start() -> Script:
    """Three players tie five times (esc closes the redraw the tie opens), then P1 starts and draws."""
    game = get_game("tkc")
    names = ("P1", "P2", "P3")
    options = {"open_scoring": False, "poke_unblockable": False}
    state, by_action = game.setup(names, options), screen_keys(game)
    typed = []
    for event in (*[StartDraw((5, 5, 5))] * 5, StartDraw((2, 0, 0)), Draw()):
        after = game.apply(state, event)
        typed.append((event, keys(game.write(state, event), state, after, by_action)))
        state = after
    return Script(names, options, (), tuple(typed))


def test_a_key_on_its_way_up_to_the_screen_holds_the_keys_behind_it(tmp_path, monkeypatch):
    """The script that lost actions under load: a tie's `s 5 space 5 space 5 enter esc`.

    Here the widgets between the players' table and the screen take each message 10 ms late,
    as a loaded machine runs them. Before a pump handles a message, Textual takes the next
    one off its queue to look at it, so the `s` on its way up sits in no queue while the
    queue looks; the digits behind it went to the players' table, not to the question the
    `s` opened. They wait for it now, and the burst records the script."""
    on_time = MessagePump._get_message

    async def late(pump: MessagePump) -> Any:
        if getattr(pump, "id", None) in BUBBLED_THROUGH:
            await asyncio.sleep(0.01)
        return await on_time(pump)

    monkeypatch.setattr(MessagePump, "_get_message", late)
    s = tied_start()
    recorded = asyncio.run(play(tmp_path / "burst.db", get_game("tkc"), s, burst=True))
    assert [event for event, _ in recorded] == [encode(event) for event, _ in s.typed]
