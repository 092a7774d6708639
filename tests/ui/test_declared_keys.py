"""The keys that used to be a game screen's own methods, now declared data the frame runs:
a key asking to be sure (free play's x and f), the players' table's 1-9, and the keys that
only move the screen (Monster Maker 5's win chance, dice tray and catalogue)."""

from __future__ import annotations

from screens.confirm_modal import ConfirmModal
from tests.conftest import start_session, wait_for


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_free_plays_remove_and_finish_ask_to_be_sure_and_the_rows_keys_pick_a_player(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        await pilot.press("9")
        assert status(screen) == "There is no player 9 at this table."
        await pilot.press("2", "x")
        modal = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmModal) and app.screen)
        assert "Remove Bob's HP? (undo brings it back)" in str(modal.query_one("#question").render())
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen)
        assert [(c.owner, c.name) for c in screen.timeline.state.counters] == [(0, "HP")]
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen)
        assert not screen.timeline.state.finished, "no: nothing recorded"
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.timeline.state.finished)


async def test_monster_maker_5s_screen_keys_move_the_screen_and_record_nothing(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, 1, "Ann, Bob")
        notes = len(app._notifications)
        await pilot.press("o")
        await wait_for(pilot, lambda: len(app._notifications) > notes)
        assert "The win chance is shown during a battle" in list(app._notifications)[-1].message
        await pilot.press("D")
        await wait_for(pilot, lambda: screen.entry_open)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiceTrayModal")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("c")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CatalogueScreen")
        assert screen.timeline.cursor == 0
