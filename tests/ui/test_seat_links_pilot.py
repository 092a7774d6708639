"""The table's `L` (Seat links): each player's seat link as a QR code, read from the record a
live `companion serve --seats` keeps in the file; the sentence saying how to start one when
none runs; renewing in the dialog writes new tokens through the repository (the server reads
them before its next request)."""

from __future__ import annotations

import os

from companion import qr
from companion.games import get_game
from companion.seat_links import start_mark
from companion.store.repo import Repository, Serving
from tests.conftest import fixed_clock, wait_for

ADDRESS = "http://127.0.0.1:8765"
TOKENS = ("A" * 32, "B" * 32, "C" * 32)


def seated_file(db_path, serving: bool = True, pid: int | None = None) -> int:
    """A free-play session of Ann, 雪菜 and Cleo, served (by this process, as if it served) or not."""
    repo = Repository.open(db_path, clock=fixed_clock)
    sid = repo.create(get_game("free"), "Friday", ("Ann", "雪菜", "Cleo"), {}).info.id
    if serving:
        pid = pid or os.getpid()
        seats = tuple(zip(("Ann", "雪菜", "Cleo"), TOKENS, strict=True))
        repo.publish_seats(sid, Serving(ADDRESS, False, pid, start_mark(pid), seats))
    repo.close()
    return sid


async def at_table(pilot):
    await wait_for(pilot, lambda: pilot.app.repo)
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "HomeScreen")
    await pilot.press("enter")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "timeline", None))
    return pilot.app.screen


def shown(screen) -> str:
    return " ".join(str(screen.query_one(f"#{n}").render()) for n in ("heading", "code", "link", "keys"))


async def test_the_key_shows_each_seats_name_and_code_and_moves_seat_by_seat(make_app, db_path):
    seated_file(db_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_table(pilot)
        assert any(b.action == "seat_links" and b.description == "Seat links" for b in table.BINDINGS)
        assert "Seat links (L)" in [c.title for c in app.get_system_commands(table)], "in the command palette"
        await pilot.press("L")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal")
        modal = app.screen
        link = f"{ADDRESS}/seat?token={TOKENS[0]}"
        await wait_for(pilot, lambda: link in shown(modal))
        text = shown(modal)
        assert "Ann" in text and "seat 1 of 3" in text and link in text
        assert "\n".join(qr.lines(link)) in str(modal.query_one("#code").render()), "the whole code, uncut"
        await pilot.press("right")
        assert "雪菜" in shown(modal) and TOKENS[1] in shown(modal)
        await pilot.press("left", "left")
        assert "Cleo" in shown(modal) and TOKENS[2] in shown(modal)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


async def test_a_window_too_small_says_how_big_it_must_be_and_keeps_the_link(make_app, db_path):
    seated_file(db_path)
    app = make_app()
    async with app.run_test(size=(50, 16)) as pilot:
        await at_table(pilot)
        await pilot.press("L")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal" and "Ann" in shown(app.screen))
        code = str(app.screen.query_one("#code").render())
        assert "The QR code needs a window of" in code and "▀" not in code, "never a cut code"
        assert f"{ADDRESS}/seat?token={TOKENS[0]}" in str(app.screen.query_one("#link").render())


async def test_the_footer_lists_the_key_where_it_fits(make_app, db_path):
    from textual.widgets._footer import FooterKey

    seated_file(db_path)
    app = make_app()
    async with app.run_test(size=(200, 40)) as pilot:
        table = await at_table(pilot)
        await pilot.pause()
        keys = [(k.key_display, k.description) for k in table.query(FooterKey)]
        assert ("L", "Seat links") in keys, keys


async def test_no_server_says_how_to_start_it_and_its_links_show_once_it_runs(make_app, db_path):
    sid = seated_file(db_path, serving=False)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot)
        await pilot.press("L")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal")
        await wait_for(pilot, lambda: "--seats`" in shown(app.screen))
        assert f"`companion serve --table {sid} --seats`" in shown(app.screen)
        assert "token" not in shown(app.screen)
        # A server starts in another terminal while the dialog is open: its links show.
        repo = Repository.open(db_path)
        pid = os.getpid()
        repo.publish_seats(sid, Serving(ADDRESS, True, pid, start_mark(pid), (("Ann", TOKENS[0]),)))
        repo.close()
        await wait_for(pilot, lambda: TOKENS[0] in shown(app.screen))
        assert "every seat records" in shown(app.screen)


async def test_a_record_left_by_a_server_that_was_killed_is_not_shown(make_app, db_path):
    import subprocess
    import sys

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    seated_file(db_path, pid=gone.pid)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot)
        await pilot.press("L")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal")
        await wait_for(pilot, lambda: "--seats`" in shown(app.screen))
        assert TOKENS[0] not in shown(app.screen)


async def test_a_server_killed_while_the_dialog_is_open_is_seen_gone(make_app, db_path):
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        seated_file(db_path, pid=server.pid)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await at_table(pilot)
            await pilot.press("L")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal")
            await wait_for(pilot, lambda: TOKENS[0] in shown(app.screen))
            server.kill()
            server.wait(10)
            await wait_for(pilot, lambda: "--seats`" in shown(app.screen) and TOKENS[0] not in shown(app.screen))
    finally:
        server.kill()


async def test_renew_asks_then_changes_every_link_in_the_file(make_app, db_path):
    sid = seated_file(db_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot)
        await pilot.press("L")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeatLinksModal")
        modal = app.screen
        await wait_for(pilot, lambda: TOKENS[0] in shown(modal))
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        assert "Renew every seat's link? The old links stop working." in str(app.screen.query_one("#question").render())
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is modal)
        assert TOKENS[0] in shown(modal), "no: nothing changes"
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is modal and TOKENS[0] not in shown(modal))
        assert "the old ones no longer open a seat" in shown(modal)
    repo = Repository.reader(db_path)
    record = repo.serving(sid)
    repo.close()
    assert record is not None
    assert [name for name, _ in record.seats] == ["Ann", "雪菜", "Cleo"]
    assert not set(TOKENS) & {token for _, token in record.seats}
    assert len({token for _, token in record.seats}) == 3


def test_the_dialog_at_80x24(snap_compare, make_app, db_path):
    """The first seat's code whole at the smallest size, its link in words under it."""
    from tests.conftest import settled

    seated_file(db_path)

    async def before(pilot):
        await at_table(pilot)
        await pilot.press("L")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "SeatLinksModal")
        await wait_for(pilot, lambda: TOKENS[0] in shown(pilot.app.screen))
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))
