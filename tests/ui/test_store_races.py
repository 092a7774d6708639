"""The app against a file others change: a second window's stale log, a deleted session, and
another program holding the write lock (the screen stays live while the save waits)."""

from __future__ import annotations

import sqlite3

import companion.store.door as door_module
from companion.store.repo import Repository
from tests.conftest import wait_for
from tests.ui.test_home_pilot import seed
from tests.ui.test_two_windows import open_first_session


def heard(screen) -> list[str]:
    notes: list[str] = []
    screen.notify = lambda message, **kw: notes.append(message)
    screen.app.notify = screen.notify
    return notes


async def test_undo_and_record_in_one_window_refuse_the_other(make_app, db_path):
    sid = seed(db_path)
    first, second = make_app(), make_app()
    async with first.run_test(size=(100, 30)) as p1, second.run_test(size=(100, 30)) as p2:
        a = await open_first_session(p1)
        b = await open_first_session(p2)
        b.follow_timer.pause()  # the race the version check guards: b has not looked at the file since
        await p1.press("ctrl+z")
        await wait_for(p1, lambda: a.timeline.cursor == 2)
        await p1.press("1", "minus", "4", "enter")
        await wait_for(p1, lambda: a.timeline.cursor == 3)
        assert (b.timeline.cursor, len(b.timeline.entries)) == (a.timeline.cursor, len(a.timeline.entries))
        notes = heard(b)
        await p2.press("2", "plus", "1", "enter")
        assert any("another window" in n for n in notes)
        await p2.press("escape", "ctrl+r")
        await wait_for(p2, lambda: b.timeline.state == a.timeline.state)
    loaded = Repository.open(db_path).load(sid)
    assert loaded.timeline.state == a.timeline.state


async def test_a_session_deleted_in_another_window_sends_this_one_home(make_app, db_path):
    sid = seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        notes = heard(table)
        other = Repository.open(db_path)
        other.delete(sid)
        other.close()
        await pilot.press("1", "minus", "4", "enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        assert any("deleted in another window" in n for n in notes)
        # The same for reload, from a table whose session goes after it opened.
        sid = seed(db_path, title="Again")
        await pilot.pause()
        app.screen.reload()
        table = await open_first_session(pilot)
        notes = heard(table)
        other = Repository.open(db_path)
        other.delete(sid)
        other.close()
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        assert any("deleted in another window" in n for n in notes)
        # And enter on a home list read before the session was deleted.
        sid = seed(db_path, title="Third")
        app.screen.reload()
        await pilot.pause()
        home_notes = heard(app.screen)
        other = Repository.open(db_path)
        other.delete(sid)
        other.close()
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert any(f"no session {sid}" in n for n in home_notes)


async def test_while_another_program_holds_the_lock_the_screen_stays_live(make_app, db_path):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        notes = heard(table)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await pilot.press("1", "minus", "4", "enter")
            # Were the wait on the UI thread, the press would return only once SQLite gave
            # up, with the lock still held here and the action refused.
            assert table._saving is not None and table.timeline.cursor == 3
            assert any("saving this action as soon as it lets go" in n for n in notes)
            await pilot.press("escape", "n")  # another action meanwhile: it waits its turn
            await pilot.pause(0.2)
            assert table._saving is not None and table.timeline.cursor == 3, "nothing ran ahead of the save"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        # The save lands, then the turn ends: the keys meant what they would have slowly.
        await wait_for(pilot, lambda: table.timeline.cursor == 5 and app.key_queue.idle, timeout=30)
        assert table._saving is None and any(n.startswith("Saved") for n in notes)
    assert Repository.open(db_path).load(1).timeline.cursor == 5


async def test_a_lock_never_let_go_is_said_not_saved(make_app, db_path, monkeypatch):
    monkeypatch.setattr(door_module, "BUSY_MS", 300)
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await open_first_session(pilot)
        notes = heard(table)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await pilot.press("1", "minus", "4", "enter")
            await wait_for(pilot, lambda: table._saving is None)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert table.timeline.cursor == 3
        assert any("locked by another program: not saved" in n for n in notes)
    assert Repository.open(db_path).load(1).timeline.cursor == 3
