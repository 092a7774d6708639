"""Numbers typed at every prompt: `²`, `③` and thousands of digits get a sentence, never a
traceback; counters stay within ±1,000,000; a long refusal fits its line; the new-session
form's refusal is visible at any height."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from tests.conftest import start_session, wait_for
from tests.ui.test_untrusted_text import screen_text

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()


def counters(screen):
    return {(c.owner, c.name): c.value for c in screen.timeline.state.counters}


async def submit(pilot, text: str) -> str:
    """Type `text` into the open entry line (as a paste), enter, and return the label."""
    screen = pilot.app.screen
    entry = screen.query_one("#entry", Input)
    entry.value = text
    await pilot.press("enter")
    await pilot.pause()
    return str(screen.query_one("#entry-label", Static).visual)


async def test_entry_line_and_countdown_refuse_odd_digits(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20"})
        await pilot.press("1", "right", "minus")
        for typed, said in (
            ("²", "“²” is not a number"),
            ("-③", "“③” is not a number"),
            ("-" + HUGE, "between 0 and 1,000,000; “9999"),
            ("=1000001", "between 0 and 1,000,000"),
        ):
            assert said in await submit(pilot, typed), typed
        assert counters(screen)[(0, "HP")] == 20 and screen.timeline.cursor == 0, "nothing changed"
        assert "“=1000001”" in screen_text(app) or "“1000001”" in screen_text(app), "the refusal is on the screen"
        await submit(pilot, "=1000000")
        assert counters(screen)[(0, "HP")] == 1_000_000
        await pilot.press("plus")
        said = await submit(pilot, "+1")
        told = [said, *(n.message for n in app._notifications)]
        assert any("Counters stay between -1,000,000 and 1,000,000" in m for m in told), told
        assert counters(screen)[(0, "HP")] == 1_000_000
        await pilot.press("escape", "c")
        for typed in ("²", "r③", HUGE, "r" + HUGE):
            said = await submit(pilot, typed)
            assert "whole number" in said or "between 1 and 1,000,000" in said, (typed[:5], said)
        assert screen.timeline.state.end_round is None and screen.timeline.state.end_turn is None


async def test_a_long_refusal_fits_its_line_and_leaves_the_table_alone(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20"})
        table = screen.query_one("#players")
        await pilot.press("c")
        await pilot.pause()
        before = table.region
        said = await submit(pilot, "z" * 3000)
        label = screen.query_one("#entry-label", Static)
        assert "“" + "z" * 23 + "…”: type r5" in said, "the entry is quoted cut short, with a marker"
        reason = said.split("\n", 1)[1]
        assert len(reason) <= 2 * label.content_region.width, "the reason fits its lines"
        assert label.size.height <= 4, "two lines of help at most, two of reason"
        assert table.region == before, "the table keeps its place and size"


async def test_dice_count_and_dice_tray_refuse_odd_digits(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, 1, "Ann, Bob")
        await pilot.press("D")
        for typed, said in (("③", "“③” is not a number"), (HUGE, "between 1 and 12"), ("13", "between 1 and 12")):
            assert said in await submit(pilot, typed), typed
        await submit(pilot, "2")
        tray = await wait_for(pilot, lambda: type(app.screen).__name__ == "DiceTrayModal" and app.screen)
        faces = tray.query_one("#faces", Input)
        for typed, said in (
            ("² 3", "“²” is not a number"),
            (HUGE, "between -1,000,000 and 1,000,000"),
            ("", "Type the faces"),
        ):
            faces.value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert said in str(tray.query_one("#outcome", Static).visual), typed[:5]
        assert app.screen is tray and tray.ready is None
        faces.value = "3 4"
        await pilot.press("enter")
        await pilot.pause()
        # the stand-alone tray records nothing: it says what the faces mean and stays open
        assert "7 on 2d6" in str(tray.query_one("#outcome", Static).visual) and app.screen is tray
        assert screen.timeline.cursor == 0


@pytest.mark.parametrize("size", [(80, 24), (80, 12)])
async def test_new_session_refusal_is_visible_at_any_height(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.pause()
        await pilot.press("tab", *"Ann", "ctrl+s")
        await pilot.pause()
        error = app.screen.query_one("#error", Static)
        assert error.display and app.screen.region.contains_region(error.region)
        assert "Type at least 2 player names" in screen_text(app)
