"""The home screen with damaged rows: it lists every session it can, marks the ones that do
not read whole, and opening one says why (read-only, or refused in one sentence), never a crash."""

from __future__ import annotations

import shutil

import pytest
from textual.widgets import DataTable

from tests.conftest import eventually, wait_for
from tests.store.test_every_cell import build, spoil


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("home-cells") / "played.db"
    build(path)
    return path


@pytest.mark.parametrize(
    ("column", "value", "opens"),
    [("updated", "'yesterday'", "TableScreen"), ("game", "'chess'", "HomeScreen"), ("title", "x'00ff'", "TableScreen")],
)
async def test_home_lists_and_marks_a_damaged_session_and_opening_it_says_why(
    make_app, db_path, played, column, value, opens
):
    shutil.copy(played, db_path)
    assert spoil(db_path, "session", 2, column, value)
    notes: list[str] = []
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        home = app.screen
        home.notify = lambda message, **kw: notes.append(message)
        table = home.query_one(DataTable)
        assert table.row_count == 8
        row = next(i for i, s in enumerate(home.sessions) if s.id == 2)
        assert "damaged" in str(table.get_row_at(row)[2])
        table.move_cursor(row=row)
        await pilot.press("enter")
        await eventually(pilot, lambda: notes or type(app.screen).__name__ != "HomeScreen")  # answered
        await pilot.pause()
        if opens == "TableScreen":
            screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
            assert screen.damage and f"column {column}" in screen.damage
        else:
            assert type(app.screen).__name__ == "HomeScreen"
            assert notes == [
                "Session 2 is a game this Companion does not know ('chess'): a newer Companion may open it."
            ]
