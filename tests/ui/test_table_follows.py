"""The table screen follows its file: what a seat's phone records (through a Repository of its
own on the same file, as `companion serve --seats` does) shows without a key, and an open
entry line keeps its text and answers against the new state."""

from __future__ import annotations

import time

from textual.widgets import Input, Static

from companion.games.free import Adjust
from companion.store.follow import Follower
from companion.store.repo import Repository
from screens.table_follow import FOLLOW_SECONDS
from tests.conftest import fixed_clock, wait_for
from tests.ui.test_home_pilot import seed
from tests.ui.test_two_windows import open_first_session

WAIT = 20 * FOLLOW_SECONDS  # bounded: a few looks, never a key


def phone_records(db_path, sid, *events):
    """A second writer on the file, as the seat server is: load, record, close."""
    phone = Repository.open(db_path, clock=fixed_clock)
    try:
        tl = phone.load(sid).timeline
        for event in events:
            after = tl.record(event)
            phone.record(sid, tl, after)
            tl = after
    finally:
        phone.close()
    return tl


async def test_a_phones_action_shows_at_the_table_without_a_key(make_app, db_path):
    sid = seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        assert screen.timeline.cursor == 3
        phone = phone_records(db_path, sid, Adjust("HP", 1, -2))
        await wait_for(pilot, lambda: screen.timeline.cursor == 4, timeout=WAIT)
        assert screen.timeline.state == phone.state
        assert "HP -2" in str(screen.query_one("#last", Static).render())
        assert screen.query_one("#players").get_row_at(1)[1].plain.startswith("13/")
        # The table's own next action builds on it: no "changed in another window".
        await pilot.press("1", "minus", "1", "enter")
        assert screen.timeline.cursor == 5
    entries = Repository.open(db_path).load(sid).timeline.entries
    assert [e.text for e in entries][-2:] == ["Bob: HP -2 (15 → 13)", "Ann: HP -1 (17 → 16)"]


async def test_an_open_line_keeps_its_text_and_answers_against_the_new_state(make_app, db_path):
    sid = seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await pilot.press("1", "minus", "4")
        entry = screen.query_one("#entry", Input)
        typed = entry.value
        phone_records(db_path, sid, Adjust("HP", 0, -10))
        await wait_for(pilot, lambda: screen.timeline.cursor == 4, timeout=WAIT)
        assert screen.entry_open and entry.value == typed
        await pilot.press("enter")
        assert screen.timeline.cursor == 5
        assert screen.timeline.entries[-1].text == "Ann: HP -4 (7 → 3)"


async def test_a_session_deleted_elsewhere_takes_the_table_home(make_app, db_path):
    sid = seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_first_session(pilot)
        notes = []
        app.notify = lambda message, **kw: notes.append(message)
        other = Repository.open(db_path)
        other.delete(sid)
        other.close()
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen", timeout=WAIT)
        assert any("deleted in another window" in n for n in notes)


def test_an_idle_look_costs_microseconds(db_path):
    """What the table pays every FOLLOW_SECONDS when nothing changed: one PRAGMA, no read."""
    sid = seed(db_path)
    follower = Follower(Repository.reader(db_path), sid)
    follower.poll()
    reads = follower.full_reads
    start, looks = time.perf_counter(), 2000
    for _ in range(looks):
        assert follower.repo.data_version() == follower.data_version
    per_look = (time.perf_counter() - start) / looks
    follower.repo.close()
    assert follower.full_reads == reads
    print(f"idle look: {per_look * 1e6:.1f} µs, {per_look / FOLLOW_SECONDS:.6%} of the interval")


async def look(pilot, screen):
    """One look at the file now (as the timer's), and whatever it read taken in."""
    screen.follow_file()
    await wait_for(pilot, lambda: not screen._reading and screen._followed is None, timeout=WAIT)


async def test_the_table_reads_back_only_what_others_wrote(make_app, db_path, monkeypatch):
    """The window's own action is applied once and never read back from the file; a phone's
    write is read once, however often the table looks."""
    sid = seed(db_path)
    reads = []
    read = Follower._read
    monkeypatch.setattr(Follower, "_read", lambda self: reads.append(self.session_id) or read(self))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await look(pilot, screen)
        game, applies, opened = screen.timeline.game, [], len(reads)
        apply = game.apply
        with monkeypatch.context() as counting:  # the table's applies, not the phone's
            counting.setattr(game, "apply", lambda *args: applies.append(args) or apply(*args))
            for _ in range(3):
                await pilot.press("1", "minus", "1", "enter")
                await look(pilot, screen)
        assert screen.timeline.cursor == 6
        assert len(applies) == 3, "one apply per action: the window's own commit is not folded again"
        assert len(reads) == opened, "the window's own commits are not read back"
        phone_records(db_path, sid, Adjust("HP", 1, -2))
        await look(pilot, screen)
        await wait_for(pilot, lambda: screen.timeline.cursor == 7, timeout=WAIT)
        for _ in range(3):
            await look(pilot, screen)
        assert reads.count(sid) == opened + 1, "a phone's write is read once"


async def test_a_read_that_ends_while_the_app_closes_changes_nothing(make_app, db_path, monkeypatch):
    """Another window's action read by the follower just as this window closes: the screen's
    widgets are being removed, and the read is let go (it once painted into them and crashed)."""
    sid = seed(db_path)
    app = make_app()
    poll = Follower.poll

    def late(follower: Follower):
        found = poll(follower)
        deadline = time.monotonic() + 10
        screen = app.screen_stack[-1] if app.screen_stack else None
        while screen is not None and not screen._pruning:  # the window is closing
            if time.monotonic() > deadline:
                break
            time.sleep(0.001)
        return found

    monkeypatch.setattr(Follower, "poll", late)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        phone_records(db_path, sid, Adjust("HP", 1, -2))
        await wait_for(pilot, lambda: screen._reading, timeout=WAIT)
    assert Repository.open(db_path).load(sid).timeline.cursor == 4
