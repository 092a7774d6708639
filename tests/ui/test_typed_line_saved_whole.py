"""A typed line that makes several events (mm5's deal `1 g3 g4`) is one transaction and one
undo step: while another program holds the write lock, all of it is saved once it lets go, or
none of it, and the screen says which."""

from __future__ import annotations

import sqlite3

from textual.widgets import Static

import companion.store.door as door_module
from companion.games import get_game
from companion.store.repo import Repository
from tests.conftest import fixed_clock, wait_for
from tests.ui.test_mm5_pilot import line
from tests.ui.test_store_races import heard
from tests.ui.test_two_windows import open_first_session


def deal(db_path) -> None:
    repo = Repository.open(db_path, clock=fixed_clock)
    repo.create(get_game("mm5"), "Deal", ("Ann", "Bob", "Cleo"), {})
    repo.close()


def stored_gems(db_path) -> list[str]:
    con = sqlite3.connect(db_path)
    try:
        return [r[0] for r in con.execute("SELECT text FROM event ORDER BY seq")]
    finally:
        con.close()


async def test_the_whole_line_is_saved_once_the_other_program_lets_go(make_app, db_path):
    deal(db_path)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_first_session(pilot)
        notes = heard(table)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await line(pilot, "d", "1 g3 g4")
            assert table._saving is not None and stored_gems(db_path) == []
            assert any("all 2 actions of the line as soon as it lets go" in n for n in notes)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        await wait_for(pilot, lambda: table.timeline.cursor == 2)
        assert any(n.startswith("Saved all 2 actions of the line") for n in notes)
        assert len(stored_gems(db_path)) == 2
        assert not table.entry_open
        await pilot.press("ctrl+z")  # the line is one undo step
        await wait_for(pilot, lambda: table.timeline.cursor == 0)
    assert Repository.open(db_path).load(1).timeline.cursor == 0


async def test_none_of_the_line_is_saved_when_the_lock_is_never_let_go(make_app, db_path, monkeypatch):
    monkeypatch.setattr(door_module, "BUSY_MS", 300)
    deal(db_path)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_first_session(pilot)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await line(pilot, "d", "1 g3 g4")
            await wait_for(pilot, lambda: table._saving is None)
            await pilot.pause()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        said = str(table.query_one("#entry-label", Static).render())
        assert "Not saved" in said and "none of 2 actions of the line" in said
        assert table.timeline.cursor == 0
    assert stored_gems(db_path) == []


async def test_an_undone_line_names_every_action_it_undid(make_app, db_path):
    """The line under the header says the whole line was undone (1–2, both gems), not its first only."""
    deal(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        await line(pilot, "d", "1 g3 g4")
        await wait_for(pilot, lambda: table.timeline.cursor == 2)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: table.timeline.cursor == 0)
        said = str(table.query_one("#last", Static).render())
        assert "Undone: 1–2" in said and "gem 3" in said and "gem 4" in said, said


async def test_keys_typed_behind_a_line_waiting_for_the_lock_wait_with_it(make_app, db_path):
    """A burst (`d 1 g3 ⏎ d 3 g5 ⏎`) typed while another program holds the lock: the second
    line waits for the first to be saved, as a slow typist would, and both land in order."""
    from tests.ui.test_burst_equivalence import key_event

    deal(db_path)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_first_session(pilot)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            for key in ("d", "1", "space", "g", "3", "enter", "d", "3", "space", "g", "5", "enter"):
                app.post_message(key_event(app, key))
            await wait_for(pilot, lambda: table._saving is not None)
            await pilot.pause(0.3)
            assert stored_gems(db_path) == [] and table.timeline.cursor == 0  # shown once saved
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        await wait_for(pilot, lambda: table.timeline.cursor == 2 and app.key_queue.idle, timeout=30)
    assert [t.split(" (")[0] for t in stored_gems(db_path)] == ["Ann places gem 3", "Cleo places gem 5"]
