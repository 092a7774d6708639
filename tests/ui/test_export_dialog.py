"""The export dialog's BG Stats QR code scans back to the push link (decoded by zxing-cpp from
the characters the screen draws), never shows cut; `i` on home imports a JSON export."""

from __future__ import annotations

import json

import zxingcpp
from PIL import Image
from textual.widgets import Input, Static

from companion.cli import main
from companion.qr import BLOCKS
from companion.store.repo import Repository
from tests.conftest import fixed_clock, wait_for
from tests.store.played import finished, record, unfinished
from tests.ui.test_home_pilot import home

MODULES = {char: pair for pair, char in BLOCKS.items()}


def decode(text: str) -> list[str]:
    """What a phone's reader finds in the drawn code: each character back to its two modules,
    painted 6 pixels a module, black on white, and read by zxing-cpp."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        pairs = [MODULES[c] for c in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    scale, width = 6, max(len(r) for r in rows)
    image = Image.new("L", (width * scale, len(rows) * scale), 255)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return [b.text for b in zxingcpp.read_barcodes(image)]


def seeded(db_path, game_id: str, script) -> int:
    repo = Repository.open(db_path, clock=fixed_clock)
    try:
        return record(repo, game_id, script)
    finally:
        repo.close()


async def open_qr(pilot) -> None:
    app = pilot.app
    await home(pilot)
    await pilot.press("e")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportModal")
    await pilot.press("ctrl+b")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "QrModal")
    await pilot.pause()


async def test_the_qr_code_scans_back_to_the_push_link(make_app, db_path, capsys):
    sid = seeded(db_path, "mm5", finished("mm5"))
    assert main(["sessions", "export", str(sid), "--format", "bgstats-link", "--db", str(db_path)]) == 0
    link = capsys.readouterr().out.strip()
    app = make_app()
    async with app.run_test(size=(130, 70)) as pilot:
        await open_qr(pilot)
        drawn = str(app.screen.query_one("#code", Static).render())
        assert decode(drawn) == [link]
        assert link in str(app.screen.query_one("#link", Static).render()).replace("\n", "")
        await pilot.press("escape")
        assert type(app.screen).__name__ == "HomeScreen"


async def test_at_80x24_the_dialog_says_how_big_the_code_needs_rather_than_cut_it(make_app, db_path):
    seeded(db_path, "free", finished("free"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_qr(pilot)
        shown = str(app.screen.query_one("#code", Static).render())
        assert "The QR code needs a window of" in shown and "█" not in shown


async def test_an_unfinished_game_offers_no_qr_code(make_app, db_path):
    seeded(db_path, "tkc", unfinished("tkc"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportModal")
        assert "a finished game" in str(app.screen.query_one("#keys", Static).render())
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExportModal"


async def import_by_keys(pilot, path, notes: list[str], words: str, again: bool = False) -> None:
    app = pilot.app
    await pilot.press("i")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptModal")
    app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")
    if again:  # the file already holds this session: the app asks before a second copy
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal", timeout=30)
        assert "Import it again as a new session?" in str(app.screen.query_one("#question", Static).render())
        await pilot.press("y")
    await wait_for(pilot, lambda: any(words in n for n in notes), timeout=30)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_i_imports_a_json_export_and_refuses_a_newer_one(make_app, db_path, tmp_path, capsys):
    players, options, events = unfinished("tkc")  # the full log: an export that can be resumed
    sid = seeded(db_path, "tkc", (players, {**options, "terse_log": False}, events))
    assert main(["sessions", "export", str(sid), "--format", "json", "--db", str(db_path)]) == 0
    backup = tmp_path / "backup.json"
    backup.write_text(capsys.readouterr().out)
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "companion-session", "version": 7}))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        notes: list[str] = []
        app.screen.notify = lambda message, **kw: notes.append(message)
        await import_by_keys(pilot, newer, notes, "newer Companion")
        assert len(app.repo.list_sessions()) == 1, "refused: nothing written"
        await import_by_keys(pilot, backup, notes, "Imported “Friday night”", again=True)
        assert [s.title for s in app.repo.list_sessions()] == ["Friday night", "Friday night"]
        assert app.screen.query_one("DataTable").row_count == 2, "the list shows it"
