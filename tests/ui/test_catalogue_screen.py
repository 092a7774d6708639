"""The catalogue screen (any game's `catalogue`), from the Monster Maker 5 table with c: every
remembered card listed, filtered as you type, edited (a refusal keeps the line), deleted after a
confirmation; card names are shown as typed, never as markup."""

from __future__ import annotations

import sqlite3

from tests.conftest import start_session, wait_for
from tests.ui.test_mm5_pilot import index

MAGE = {"kind": "dark-mage", "p": [0, 2], "m": [3, 3], "knight": 0}
ORC = {"kind": "orc", "p": [2, 1], "m": [0, 1], "knight": 0}


def listed(screen) -> list[str]:
    listing = screen.query_one("#cat-list")
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


def said(screen) -> str:
    return str(screen.query_one("#cat-reason").render())


async def test_the_catalogue_lists_filters_edits_and_deletes(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_session(pilot, index(), "Ann, Bob")
        repo = app.repo
        repo.save_card("mm5", "character", "Mage", MAGE)
        repo.save_card("mm5", "character", "Goblin", ORC)
        repo.save_card("mm5", "character", "[b]Odd[/b]", ORC)
        repo.save_card("mm5", "dungeon", "Dark Dungeon", {"p": [0, 8], "m": [0, 8]})
        await pilot.press("c")
        screen = await wait_for(pilot, lambda: type(app.screen).__name__ == "CatalogueScreen" and app.screen)
        lines = listed(screen)
        assert "Characters" in lines and "The Dark Dungeon" in lines
        assert "  [b]Odd[/b] · orc · P 2/1 M 0/1" in lines, "a name is shown as typed"
        assert any("Mage · dark mage" in x and "Light Mage?" in x for x in lines)
        # filter by typing, then fix the Mage saved as Dark: enter opens its edit line
        await pilot.press(*"mage")
        await pilot.pause()
        assert [x for x in listed(screen) if x.startswith("  ")] == [x for x in lines if "Mage ·" in x]
        await pilot.press("enter")
        edit = screen.query_one("#cat-edit")
        assert edit.display and edit.value == "Mage = dark mage P 0/2 M 3/3"
        edit.value = "Mage = wizard P 0/2 M 3/3"
        await pilot.press("enter")
        await pilot.pause()
        assert "not a kind" in said(screen) and edit.value == "Mage = wizard P 0/2 M 3/3", "refused: the line stays"
        assert repo.cards("mm5", "character")["Mage"] == MAGE, "nothing saved"
        edit.value = "Mage = mage P 0/2 M 3/3"
        await pilot.press("enter")
        await pilot.pause()
        assert repo.cards("mm5", "character")["Mage"]["kind"] == "companion"
        assert not edit.display and "Saved: Mage · Light companion" in said(screen)
        # delete, after a confirmation
        screen.query_one("#cat-filter").value = "goblin"
        await pilot.pause()
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        await pilot.press("y")
        await wait_for(pilot, lambda: "Goblin" not in repo.cards("mm5", "character"))
        assert "Forgotten: Goblin" in said(screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


async def test_a_stored_card_that_does_not_read_is_named_and_the_rest_are_listed(make_app, db_path):
    """A card row another program spoiled is left out of the list, and the screen says which
    and how to mend it, in plain text (the bad value shown as stored, never as markup)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, index(), "Ann, Bob")
        app.repo.save_card("mm5", "character", "Mage", MAGE)
        app.repo.save_card("mm5", "character", "Goblin", ORC)
        with sqlite3.connect(db_path) as con:
            con.execute("UPDATE card SET data = '[b]not json' WHERE name = 'Goblin'")
        row = sqlite3.connect(db_path).execute("SELECT id FROM card WHERE name = 'Goblin'").fetchone()[0]
        await pilot.press("c")
        screen = await wait_for(pilot, lambda: type(app.screen).__name__ == "CatalogueScreen" and app.screen)
        bad = str(screen.query_one("#cat-bad").render())
        assert screen.query_one("#cat-bad").display
        assert f"Left out, it does not read: card row {row} (Goblin), column data:" in bad and "[b]not json" in bad
        assert "Enter the card again to replace it." in bad
        assert [x for x in listed(screen) if x.startswith("  ")] == [x for x in listed(screen) if "Mage" in x]
