"""The app's export: never onto the database, and replacing a file only after a yes."""

from __future__ import annotations

import hashlib

from textual.widgets import Input

from tests.conftest import wait_for
from tests.ui.test_home_pilot import home, seed


async def export_to(pilot, target: str) -> None:
    app = pilot.app
    await pilot.press("e")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportModal")
    app.screen.query_one(Input).value = target
    await pilot.press("enter")
    await pilot.pause()


async def test_export_refuses_the_database_and_asks_before_replacing(make_app, tmp_path):
    db = tmp_path / "games.json"  # a database whose name ends like an export
    seed(db)
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        notes: list[str] = []
        app.screen.notify = lambda message, **kw: notes.append(message)
        before = hashlib.sha256(db.read_bytes()).hexdigest()
        await export_to(pilot, str(db))
        assert any("is the database itself" in n for n in notes)
        assert hashlib.sha256(db.read_bytes()).hexdigest() == before
        target = tmp_path / "friday.md"
        target.write_text("keep me\n")
        await export_to(pilot, str(target))
        assert type(app.screen).__name__ == "ConfirmModal"
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text() == "keep me\n"
        await export_to(pilot, str(target))
        await pilot.press("y")
        await pilot.pause()
        assert target.read_text().startswith("# Friday")
        assert any(n.startswith("Exported to") for n in notes)
