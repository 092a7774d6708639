"""The entry line tells the truth about an action that waited for another program's lock:
abandoned, it says not saved (the text kept to try again); saved late, it clears, so a
second enter cannot record the action twice."""

from __future__ import annotations

import sqlite3

from textual.widgets import Static

import companion.store.door as door_module
from companion.store.repo import Repository
from tests.conftest import wait_for
from tests.ui.test_home_pilot import seed
from tests.ui.test_two_windows import open_first_session


def entry_label(table) -> str:
    return str(table.query_one("#entry-label", Static).render())


async def test_an_abandoned_save_says_not_saved_in_the_entry_line(make_app, db_path, monkeypatch):
    monkeypatch.setattr(door_module, "BUSY_MS", 300)
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await pilot.press("1", "minus", "4", "enter")
            assert "as soon as it lets go" in entry_label(table)
            await wait_for(pilot, lambda: table._saving is None)
            await pilot.pause()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert table.entry_open and "Not saved" in entry_label(table)
        assert "as soon as it lets go" not in entry_label(table)
        assert table.timeline.cursor == 3
    assert Repository.open(db_path).load(1).timeline.cursor == 3


async def test_a_late_save_clears_the_line_and_enter_does_not_record_it_twice(make_app, db_path):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await pilot.press("1", "minus", "4", "enter")
            assert table._saving is not None and table.entry_open
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        await wait_for(pilot, lambda: table.timeline.cursor == 4)
        await pilot.pause()
        assert not table.entry_open
        await pilot.press("enter")
        await pilot.pause()
        assert table.timeline.cursor == 4
    assert Repository.open(db_path).load(1).timeline.cursor == 4
