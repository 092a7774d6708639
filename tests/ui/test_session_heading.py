"""A session's heading names its game once: the default title already starts with the game's
name ("The King Commands 2026-11-29"), so the table screen, the big table view and the table
display show the title alone then, and "game · title" for a title of the table's own. The big
table view's last change reads in local time, the zone named."""

from __future__ import annotations

from textual.widgets import Static

from companion.games import all_games, get_game
from companion.text import heading
from screens.app import CompanionApp
from screens.table_screen import TableScreen
from screens.table_view_screen import TableViewScreen
from tests.conftest import start_session, wait_for

TKC = [g.id for g in all_games()].index("tkc")


def first_line(screen) -> str:
    return str(screen.query_one("#header", Static).content).splitlines()[0]


def test_the_heading_names_the_game_once():
    assert heading("The King Commands", "The King Commands 2026-12-02") == ("The King Commands", " 2026-12-02")
    assert heading("The King Commands", "the king commands, Friday") == ("the king commands", ", Friday")
    assert heading("The King Commands", "Friday") == ("The King Commands", " · Friday")
    assert heading("Free play", "Free playground") == ("Free play", " · Free playground"), "a word of its own"
    assert heading("Free play", "Free play") == ("Free play", "")


async def test_the_table_header_does_not_repeat_the_game(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        line = first_line(screen)
        assert line.startswith("The King Commands 2026-11-29 · Round"), line
        assert line.count("The King Commands") == 1


async def test_a_title_of_its_own_follows_the_game(make_app, repo):
    repo.create(get_game("tkc"), "Friday", ("Ann", "Bob"), {})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen)
        await wait_for(pilot, lambda: "Round" in first_line(screen))
        assert first_line(screen).startswith("The King Commands · Friday · Round")


async def test_the_big_table_view_names_the_game_once_and_its_last_change_in_local_time(db_path, repo, tokyo):
    sid = repo.create(get_game("tkc"), "The King Commands 2026-11-29", ("Ann", "Bob"), {}).info.id
    app = CompanionApp(db_path=db_path, start_view=sid)
    async with app.run_test(size=(120, 34)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        title = str(screen.query_one("#tv-title", Static).content)
        assert title.startswith("The King Commands 2026-11-29") and title.count("The King Commands") == 1
        live = str(screen.query_one("#tv-live", Static).content)
        assert live.endswith("last change 2026-11-30 05:00 (JST)"), live  # the fixed clock: 20:00 UTC on the 29th
