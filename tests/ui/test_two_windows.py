"""Two windows on one database: neither corrupts the log, and the later one is told to reload."""

from __future__ import annotations

from companion.store.repo import Repository
from tests.conftest import wait_for
from tests.ui.test_home_pilot import seed


async def open_first_session(pilot):
    app = pilot.app
    await wait_for(pilot, lambda: app.repo)
    await pilot.pause()
    await pilot.press("enter")
    return await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)


async def test_the_second_window_sees_the_first_ones_actions_after_reload(make_app, db_path):
    sid = seed(db_path)
    first, second = make_app(), make_app()
    async with first.run_test(size=(100, 30)) as p1, second.run_test(size=(100, 30)) as p2:
        a = await open_first_session(p1)
        b = await open_first_session(p2)
        b.follow_timer.pause()  # the race the version check guards: b has not looked at the file since
        await p1.press("1", "minus", "4", "enter")
        assert a.timeline.cursor == 4
        notes = []
        b.notify = lambda message, **kw: notes.append(message)  # what the player would read
        await p2.press("2", "plus", "1", "enter")
        assert b.timeline.cursor == 3, "refused: the log changed in the other window"
        assert any("another window" in n for n in notes)
        await p2.press("escape", "ctrl+r")
        await wait_for(p2, lambda: b.timeline.cursor == 4)
        assert b.timeline.state == a.timeline.state
        await p2.press("2", "plus", "1", "enter")
        assert b.timeline.cursor == 5
    loaded = Repository.open(db_path).load(sid)
    assert [e.text for e in loaded.timeline.entries][-2:] == ["Ann: HP -4 (17 → 13)", "Bob: HP +1 (15 → 16)"]
