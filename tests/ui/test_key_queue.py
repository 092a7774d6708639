"""Keys mean the same at any speed (issue 38): a burst lands where slow typing lands, across a
follow-up question, the dice tray, a filled-in value, a paste with an ESC in it, ctrl+s after
the names, and esc after a dead key. Each is checked on the screen or the stored log."""

from __future__ import annotations

import asyncio
import sys

from textual import events

from companion.games import all_games
from tests.conftest import start_session, wait_for
from tests.ui.test_layout import on_screen
from tests.ui.test_mm5_pilot import fill, line
from tests.ui.test_one_way import mm5_table

SIZE = (80, 24)
NAMES = {" ": "space", "\r": "enter", "\t": "tab", ",": "comma", "\x1b": "escape", "-": "minus"}
TKC = [g.id for g in all_games()].index("tkc")


async def typed(app, text: str, gap: float = 0.0, *, ctrl_s: bool = False) -> None:
    """The keys of `text` as a terminal sends them, `gap` seconds apart (0: all at once)."""
    for ch in text:
        key = "ctrl+s" if ctrl_s and ch == "\x13" else NAMES.get(ch, ch)
        app.post_message(events.Key(key, ch if ch.isprintable() else None))
        if gap:
            await asyncio.sleep(gap)


async def handled(pilot) -> None:
    """Wait until every key sent is handled (the app's queue is idle) and the screen painted."""
    await wait_for(pilot, lambda: pilot.app.key_queue.idle)
    await pilot.pause()


def on_screen_text(app) -> str:
    from tests.ui.test_layout import screen_lines

    return "\n".join(screen_lines(app))


def logged(app) -> list[str]:
    """The stored log of the session open, as the store reads it back (undone actions left out)."""
    table = next(s for s in app.screen_stack if hasattr(s, "session_id"))
    loaded = app.repo.load(table.session_id)
    return [entry.text for entry in loaded.timeline.entries[: loaded.timeline.cursor]]


async def test_roll_digits_typed_before_the_tray_mounts_are_its_faces(make_app):
    """Bug 1: `a enter 1 3 enter` 10 to 30 ms apart records the roll 13 (a hit), never a
    roll missing a digit, and nothing is left in the tray."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await mm5_table(pilot)
        await line(pilot, "d", "c")
        await line(pilot, "f", "dark")
        await line(pilot, "a", "2")
        await pilot.press("i")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiceTrayModal")
        await fill(pilot, "#faces", "6 1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MM5Screen" and screen.strike_advice())
        start = len(logged(app))
        for gap in (0.01, 0.02, 0.03):
            await typed(app, "a\r13\r", gap)
            await wait_for(pilot, lambda: len(logged(app)) > start)
            await wait_for(pilot, lambda: app.key_queue.idle)
            assert app.screen is screen, "nothing is left in the tray"
            assert "13" in logged(app)[-1] and len(logged(app)) == start + 1, logged(app)[start:]
            assert screen.timeline.entries[-1].event.faces == (13,)
            await pilot.press("ctrl+z")
            await wait_for(pilot, lambda: len(logged(app)) == start)


async def test_the_first_key_replaces_a_filled_in_value(make_app):
    """Bug 2: the Lay-down line opens with `2 2` filled in; `1 2 enter` typed in the same
    burst as the crown's keys replaces it, and the log records 1 and 2."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await pilot.press("s", *"5 2 1", "enter", "d")
        await wait_for(pilot, lambda: screen.timeline.state.step not in ("start", "draw"))
        start = len(logged(app))
        await typed(app, "k1\r1 2\r")
        await wait_for(pilot, lambda: len(logged(app)) > start)
        await handled(pilot)
        assert screen.timeline.entries[-1].event.counts == (0, 1, 2), logged(app)[start:]
        assert len(logged(app)) == start + 1 and not screen.entry_open


async def test_ctrl_s_in_the_same_burst_as_the_names_starts_the_session(make_app):
    """Bug 5: `n tab Ann, Bob ctrl+s` in one burst starts a session for Ann and Bob."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await typed(app, "n\tAnn, Bob\x13", ctrl_s=True)
        await handled(pilot)
        assert type(app.screen).__name__ == "TkcScreen" or hasattr(app.screen, "session_id"), on_screen_text(app)
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) is not None and app.screen)
        await handled(pilot)
        assert on_screen(app, "Ann") and on_screen(app, "Bob")
        assert app.repo.load(screen.session_id).timeline.state.players == ("Ann", "Bob")


async def test_esc_after_a_dead_key_stays_at_the_table(make_app):
    """Bug 6: a dead key says why; an esc right after stays at the table, as after a line closes."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await typed(app, "j\x1b")
        await handled(pilot)
        assert app.screen is screen, type(app.screen).__name__
        assert on_screen(app, "esc again leaves the table")
        await typed(app, "j\x1bj")
        await handled(pilot)
        assert app.screen is screen and on_screen(app, "j is not a key here"), "the next letters stay here too"


async def test_a_paste_with_an_esc_keeps_its_order(make_app):
    """Bug 4: a bracketed paste `first ESC second`, read from the terminal's bytes, lands in
    the rules search as one text in its order, the ESC shown, not a key."""
    from screens.rules_screen import RulesScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.repo)
        app.push_screen(RulesScreen(game="tkc"))
        await wait_for(pilot, lambda: getattr(app.screen, "index", None))
        await pilot.pause()
        driver = app.get_driver_class()  # the parser the app's terminal driver reads with
        parser = sys.modules[driver.__module__].XTermParser()
        for event in parser.feed("\x1b[200~first \x1b second\x1b[201~"):
            app.post_message(event)
        await handled(pilot)
        value = app.screen.query_one("#query").value
        assert value == "first \\x1b second", value
        assert on_screen(app, "first \\x1b second")
