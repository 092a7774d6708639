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


async def test_tkc_the_rewind_under_the_terse_log_shows_no_trail_of_hands(make_app):
    """Issue 39.17: stepping back through the log rebuilt every score pile from the hands
    before and after each attack. Under the terse log an earlier table shows no hands."""
    from textual.widgets import DataTable

    from tests.ui.test_tkc_table import TKC

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, TKC, "Lia, Mo")
        await pilot.press("s", *"5 0", "enter", "d", "a", *"2rrh", "enter", "n", "d")
        await pilot.pause()
        assert len(screen.timeline.entries) == 5
        await pilot.press("ctrl+l", "up", "up", "enter")  # the attack's table, action 3
        await pilot.pause()
        assert screen.viewing == 3
        table = screen.query_one("#players", DataTable)
        hands = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert hands == ["—", "—"], hands
        assert "hands not shown" in str(screen.query_one("#header").render())
        await pilot.press("escape")
        await pilot.pause()
        hands = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert all(h.isdigit() for h in hands), "now, the hands are shown"
