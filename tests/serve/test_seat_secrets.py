"""A face-down spell typed on its owner's phone stays with its owner until it is revealed.

Monster Maker 5 mid-battle: Ann lays a spell from her phone and types its note. Every byte the
server then sends to every page (each phone's streams and answers, a viewer's stream), the
terminal's table screen on the same file and an export of the unfinished game are searched for
the note: it is in none of them. Initiative reveals it, and only then does the table read it.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from companion.export import to_json
from companion.games.mm5.events import Initiative
from companion.store.repo import Repository
from screens.app import CompanionApp
from tests.conftest import wait_for
from tests.serve.midgame import EVENTS, record, store
from tests.serve.seating import Phone, phones, seated

NOTE = "Quillmoth hex on Bob"


async def listen(phone: Phone) -> None:
    """Keep every byte of the page's event stream, as a browser's page receives it."""
    async with phone.http.get(phone.base + "/events") as response:
        async for chunk in response.content.iter_any():
            phone.heard += chunk


async def terminal_text(db: Path) -> str:
    """The table screen and its log pane, as the terminal shows them, on the same file."""
    app = CompanionApp(db_path=db)
    async with app.run_test(size=(160, 60)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None))
        shown = app.export_screenshot()
        await pilot.press("ctrl+l")
        await pilot.pause()
        return shown + app.export_screenshot()


async def test_a_face_down_note_typed_on_a_phone_reaches_no_other_page_screen_or_export(db_path: Path) -> None:
    sid = store(db_path, "mm5", "Battle night", events=EVENTS["mm5"]()[:-1])  # Ann has just attacked Bob
    async with seated(db_path, sid) as server, phones(server) as (ann, bob, cleo):
        viewer = Phone(server.base(), None)
        pages = (ann, bob, cleo, viewer)
        streams = [asyncio.create_task(listen(p)) for p in pages]
        try:
            assert await ann.press("s", "Ann", NOTE) == ""
            for phone in (bob, cleo):
                await phone.refresh()
                await phone.press("s", "Ann")  # another's spell: refused, and still no note
            await asyncio.sleep(0.5)  # the frame of the spell reaches every stream
            assert all(b"Ann lays a face-down spell" in p.heard for p in pages), "every page saw the spell laid"
            for page in pages:
                assert NOTE.encode() not in page.heard and b"Quillmoth" not in page.heard
        finally:
            for task in streams:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await viewer.close()
    repo = Repository.reader(db_path)
    try:
        loaded = repo.load(sid)
        assert "Quillmoth" not in to_json(loaded, repo.event_times(sid)), "an unfinished export keeps it back"
        assert NOTE in [getattr(e.event, "note", "") for e in loaded.timeline.entries], "recorded as typed"
    finally:
        repo.close()
    assert "Quillmoth" not in await terminal_text(db_path)
    record(db_path, sid, Initiative(6, 1))  # the reveal
    assert "Quillmoth" in await terminal_text(db_path)
