"""Two players' phones in Chromium, the real `companion serve --seats` and the real app under Pilot,
all on one file.

Bob records on his phone: Ann's phone and the terminal's table view show it. A refused entry
shows the core's reason and keeps the text. Ann and Bob press OK at once: one lands, the other
is told, nothing doubles. A question open on Ann's page that Bob's action closes says so. Ann cannot record Bob's action. The viewer link and a wrong token
cannot post (403) and learn nothing.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games import get_game
from companion.games.free import AddCounter
from companion.store.repo import Repository
from screens.app import CompanionApp
from screens.table_view_screen import TableViewScreen
from tests.conftest import wait_for
from tests.serve.test_browser import CHROMIUM, chromium, launch, stop, wait_listening

pytest.importorskip("playwright.async_api", reason="the test extras bring Playwright")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")]
PHONE = {"width": 390, "height": 844}


def seat_links(log: Path) -> dict[str, str]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = dict(re.findall(r"^(\w+): (http://\S+/seat\?token=\S+)$", log.read_text(), re.M))
        if len(found) == 2:
            return found
        time.sleep(0.05)
    raise AssertionError(log.read_text())


def log_of(path: Path, sid: int) -> list[str]:
    repo = Repository.reader(path)
    try:
        tl = repo.load(sid).timeline
        return [e.text for e in tl.entries[: tl.cursor]]
    finally:
        repo.close()


async def phone(browser: Any, link: str) -> Any:
    context = await browser.new_context(viewport=PHONE)  # a phone of its own: its own cookie
    page = await context.new_page()
    await page.goto(link)
    await page.wait_for_selector("#seat:not([hidden]) .action", timeout=15000)
    assert "token" not in page.url, "the token leaves the address bar at once"
    return page


async def submit(page: Any) -> None:
    """OK, as a tap does it: the button's click (dispatched, so a machine starved of CPU does not
    stall the mouse's actionability wait), which submits the question's form."""
    await page.locator("#q-ok").dispatch_event("click")


async def ask(page: Any, counter: str) -> None:
    """Change → the counter's numbered choice: the change question opens."""
    await page.get_by_role("button", name="Change", exact=True).click()
    await page.locator("#q-choices button", has_text=counter).click()
    await page.wait_for_function("() => document.querySelector('#q-label').textContent.includes(' is ')")


def friday(tmp_path: Path) -> tuple[Path, int]:
    """A file with Ann and Bob's free-play session, each with 20 HP (0..40)."""
    db = tmp_path / "companion.db"
    repo = Repository.open(db)
    loaded = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {})
    sid, tl = loaded.info.id, loaded.timeline
    repo.record(sid, tl, tl.record(AddCounter("HP", None, 20, 0, 40, each=True)))
    repo.close()
    return db, sid


async def test_two_phones_and_the_terminal_on_one_file(tmp_path: Path) -> None:
    db, sid = friday(tmp_path)
    log = tmp_path / "serve.log"
    base, server = launch(db, sid, log, "--seats")
    try:
        wait_listening(base, server, log)
        links = seat_links(log)
        app = CompanionApp(db_path=db, start_view=sid)
        async with chromium() as browser, app.run_test(size=(100, 30)) as pilot:
            ann, bob = await phone(browser, links["Ann"]), await phone(browser, links["Bob"])
            view = await wait_for(
                pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
            )

            await ask(bob, "Bob HP")
            await bob.fill("#q-text", "-3")
            await submit(bob)
            await bob.wait_for_function("() => document.querySelector('#seat-status').textContent === 'Recorded.'")
            await ann.wait_for_function("() => document.querySelector('#newest-text').textContent.includes('Bob')")
            await wait_for(
                pilot, lambda: "17" in " ".join(r.cells[list(view.view.columns).index("HP")] for r in view.view.rows)
            )

            await ask(bob, "Bob HP")
            await bob.fill("#q-text", "lots")
            await submit(bob)
            await bob.wait_for_selector("#q-reason:not([hidden])")
            assert "not a number" in await bob.text_content("#q-reason")
            assert await bob.input_value("#q-text") == "lots", "the typed text stays"
            await bob.click("#q-close")

            await ask(ann, "Bob HP")
            await ann.fill("#q-text", "-1")
            await submit(ann)
            await ann.wait_for_selector("#q-reason:not([hidden])")
            assert (await ann.text_content("#q-reason")).startswith("That is Bob's to record")
            await ann.click("#q-close")

            await ask(ann, "Ann HP")
            await ask(bob, "Bob HP")
            for page in (ann, bob):
                await page.fill("#q-text", "-1")
            await asyncio.gather(submit(ann), submit(bob))
            said = "() => /Recorded|changed/.test(document.querySelector('#seat-status').textContent)"
            await asyncio.gather(ann.wait_for_function(said), bob.wait_for_function(said))
            statuses = sorted([await ann.text_content("#seat-status"), await bob.text_content("#seat-status")])
            # the other is told: its post arrived late, or the table's frame closed its question first
            assert statuses[0] == "Recorded." and statuses[1].startswith("The table changed before"), statuses
            assert len(log_of(db, sid)) == 3, "one landed, nothing doubled"

            await ask(ann, "Ann HP")  # open on Ann's page, when Bob's action lands first
            await ann.fill("#q-text", "-2")
            await ask(bob, "Bob HP")
            await bob.fill("#q-text", "-1")
            await submit(bob)
            closed = "() => document.querySelector('#seat-status').textContent.startsWith('The table changed before you answered: Bob')"
            await ann.wait_for_function(closed)
            assert await ann.evaluate("() => document.querySelector('#question').hidden"), "told, not left open"
            assert len(log_of(db, sid)) == 4
            await ask(ann, "Ann HP")
            assert await ann.input_value("#q-text") == "-2", "what she typed comes back with the same question"
            await ann.click("#q-close")

            viewer = await browser.new_context()
            for url in (f"{base}/seat/act", f"{base}/seat/me", f"{base}/seat?token=forged"):
                answer = await (viewer.request.post if url.endswith("act") else viewer.request.get)(
                    url, headers={"Origin": base}, data="{}"
                )
                assert answer.status == 403 and "Ann" not in await answer.text()
            assert len(log_of(db, sid)) == 4
    finally:
        stop(server)


async def test_a_phone_says_recorded_even_when_the_table_reached_it_before_its_answer(tmp_path: Path) -> None:
    """The page learns of its own action twice: from the answer to its post, and from the
    table's stream (which reloads the seat). However the two cross, the player is told."""
    db, sid = friday(tmp_path)
    log = tmp_path / "serve.log"
    base, server = launch(db, sid, log, "--seats")
    try:
        wait_listening(base, server, log)
        async with chromium() as browser:
            bob = await phone(browser, seat_links(log)["Bob"])
            release = asyncio.Event()

            async def hold(route: Any) -> None:  # the answer waits until the stream has been heard
                answer = await route.fetch()
                await release.wait()
                await route.fulfill(response=answer)

            await ask(bob, "Bob HP")
            await bob.fill("#q-text", "-3")
            await bob.route("**/seat/act", hold)
            await submit(bob)
            # The stream's frame reloads the seat: its question is gone, the action is in.
            await bob.wait_for_function("() => document.querySelector('#newest-text').textContent.includes('Bob')")
            await bob.wait_for_function("() => document.querySelector('#question').hidden")
            release.set()
            await bob.wait_for_function("() => document.querySelector('#seat-status').textContent === 'Recorded.'")
            assert len(log_of(db, sid)) == 2
    finally:
        stop(server)
