"""Seirei Kairo Drive's remembered cards open in the shared catalogue screen from the table; an edit
or a deletion there reaches every later prompt, and the draft prompt lists every card."""

from __future__ import annotations

from companion.games import get_game
from companion.games.skd.specs import character_data, parse_character
from companion.store.repo import Repository
from tests.conftest import fixed_clock, start_session, wait_for
from tests.ui.test_skd_pilot import index, label, typed
from tests.ui.test_skd_table_fixes import open_table, session
from tests.ui.test_untrusted_text import screen_text


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


async def test_an_enemy_edited_or_deleted_in_the_catalogue_leaves_the_next_enemy_list(make_app, repo):
    """Issue 25: a mistyped card, fixed or forgotten with shift+c, is gone from every later prompt."""
    session(repo, enemies=("Imp, 1, 9, 1", "Bat, 1, 5, 1"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await pilot.press("C")
        cat = await wait_for(pilot, lambda: type(app.screen).__name__ == "CatalogueScreen" and app.screen)
        await pilot.press(*"imp", "enter")
        edit = cat.query_one("#cat-edit")
        assert edit.display and edit.value == "Imp, 1, 9, 1"
        edit.value = "Imp, 1, 12, 1"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.repo.cards("skd", "enemy")["Imp"]["hp"] == 12)
        cat.query_one("#cat-filter").value = "bat"
        await pilot.pause()
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        await pilot.press("y")
        await wait_for(pilot, lambda: "Bat" not in app.repo.cards("skd", "enemy"))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        await pilot.press("d")
        await typed(pilot, "p", "g2")
        assert "the next enemy" in label(table)
        assert "Imp 1★ 12 HP Atk 1" in label(table) and "Bat" not in label(table), label(table)


async def test_the_draft_prompt_shows_every_remembered_character_at_80_columns(make_app):
    """Issue 25: twenty remembered characters, all on screen with stars, element and Atk (not the first 9)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, index(), "Ann, Bob")
        for i in range(20):
            name = f"Hero{i:02}"
            app.repo.save_card(
                "skd", "character", name, character_data(parse_character(f"{name}, wind, 1, {i % 5 + 1}"))
            )
        await pilot.press("c")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "1 Hero00 1★ wind Atk 1" in text and "20 Hero19 1★ wind Atk 5" in text, text
