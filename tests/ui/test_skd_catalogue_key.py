"""Seirei Kairo Drive's remembered cards open in the shared catalogue screen from the table."""

from __future__ import annotations

from companion.games import get_game
from companion.store.repo import Repository
from tests.conftest import fixed_clock, wait_for


async def test_shift_c_lists_skds_remembered_cards(make_app, db_path):
    repo = Repository.open(db_path, clock=fixed_clock)
    repo.create(get_game("skd"), "Circuit", ("Ann", "Bob"), {})
    repo.save_card("skd", "character", "Rin", {"element": "wind", "stars": 2, "atk": [3, 4, 5]})
    repo.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None))
        await pilot.press("C")
        shown = await wait_for(pilot, lambda: type(app.screen).__name__ == "CatalogueScreen" and app.screen)
        await pilot.pause()
        assert any("Rin" in line for _, _, line in shown.shown), shown.shown
