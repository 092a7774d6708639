"""A free-play session by keyboard: create, adjust, undo, quit, relaunch, same state."""

from __future__ import annotations

from tests.conftest import start_session, wait_for


def counters(screen):
    return {(c.owner, c.name): c.value for c in screen.timeline.state.counters}


async def test_free_play_by_keyboard_survives_relaunch(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob, Cleo", {"counters": "HP=20 0..40, mana=0 0..6"})
        assert screen.timeline.state.players == ("Ann", "Bob", "Cleo")
        await pilot.press("2", "minus", "7", "enter")
        assert counters(screen)[(1, "HP")] == 13
        await pilot.press("right", "plus", "3", "enter")
        assert counters(screen)[(1, "mana")] == 3
        await pilot.press("plus", "9", "enter")
        assert counters(screen)[(1, "mana")] == 3, "past the maximum: refused, nothing changed"
        await pilot.press("escape")
        await pilot.press("n")
        assert screen.timeline.state.active == 1
        await pilot.press("ctrl+z")
        assert screen.timeline.state.active == 0
        assert screen.timeline.cursor == 2
    app2 = make_app()
    async with app2.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app2.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app2.screen, "timeline", None) and app2.screen)
        assert counters(screen)[(1, "HP")] == 13
        assert counters(screen)[(1, "mana")] == 3
        assert screen.timeline.cursor == 2 and len(screen.timeline.entries) == 3
        await pilot.press("ctrl+z")
        assert counters(screen)[(1, "mana")] == 0, "undo after relaunch works"
        await pilot.press("ctrl+y", "ctrl+y")
        assert screen.timeline.state.active == 1


async def test_a_burst_of_keys_is_applied_in_the_order_typed(make_app):
    """`- 1 enter ctrl+z` typed faster than the screen repaints: the -1 is recorded and then
    undone, never the other way round (which would undo the turn before and replace it)."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        await pilot.press("n")
        assert screen.timeline.cursor == 1
        await pilot.press("2")
        for key, char in (("minus", "-"), ("1", "1"), ("enter", "\r"), ("ctrl+z", None)):
            app.post_message(events.Key(key, char))  # all queued at once, as a terminal sends them
        await wait_for(pilot, lambda: app.key_queue.idle)  # every key handled, however loaded the machine
        await pilot.pause()
        texts = [e.text for e in screen.timeline.entries]
        assert texts[0].startswith("Ann ends the turn"), texts
        assert texts[1].startswith("Bob: HP -1"), texts
        assert screen.timeline.cursor == 1, "the -1 is undone; the turn before it stands"
