"""Issue 39 at 80×24, on the rendered screen: the selection follows the turn (free play)."""

from __future__ import annotations

from tests.conftest import start_session


def counters(screen):
    return {(c.owner, c.name): c.value for c in screen.timeline.state.counters}


async def test_the_selected_counter_follows_the_turn(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        await pilot.press("n")
        await pilot.pause()
        assert screen.timeline.state.active == 1
        await pilot.press("plus", "2", "enter")
        await pilot.pause()
        assert screen.timeline.entries[-1].text.startswith("Bob"), screen.timeline.entries[-1].text
        assert counters(screen)[(1, "score")] == 2
        await pilot.press("ctrl+z", "ctrl+z")  # undo the +2 and the turn: back on Ann
        await pilot.pause()
        await pilot.press("plus", "1", "enter")
        await pilot.pause()
        assert screen.timeline.entries[-1].text.startswith("Ann"), screen.timeline.entries[-1].text
