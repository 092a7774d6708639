"""The stats screen under Pilot at 80×24 on the played fixture, the players picked with tab
in a new session, local time in a new session's title, and an SVG snapshot of the stats."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from companion.store import players
from companion.store.repo import Repository
from tests.conftest import settled, wait_for

FIRST_ROW = ["8", "4", "50%"]  # the fixture played.db: Bob leads on wins
PLAYED = Path(__file__).parents[1] / "stats" / "fixtures" / "played.db"
SIZE = (80, 24)


@pytest.fixture
def played_db(db_path):
    shutil.copy(PLAYED, db_path)
    return db_path


async def open_stats(pilot):
    await wait_for(pilot, lambda: pilot.app.repo)
    await pilot.pause()
    await pilot.press("s")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "StatsScreen")
    await wait_for(pilot, lambda: pilot.app.screen.query_one(DataTable).row_count)
    await pilot.pause()


def cells(table):
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def whole_on_screen(widget, size):
    region = widget.region
    return region.x >= 0 and region.right <= size[0] and region.bottom <= size[1] - 1 and region.height > 0


async def test_the_stats_screen_reads_at_80x24_and_renames_in_one_place(make_app, played_db):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        screen = app.screen
        table = screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == [
            "Player",
            "Plays",
            "Wins",
            "Win %",
            "Streak",
            "h",
            "Avg",
            "Best",
            "Time",
            "Last",
        ]
        for wid in ("#choice", "#wins", "#rate", "#table"):
            assert whole_on_screen(screen.query_one(wid), SIZE), wid
        assert table.virtual_size.width <= SIZE[0], "every column fits at 80 columns"
        first = cells(table)[0]
        assert first[0] == "Bob" and first[1:4] == FIRST_ROW, first
        assert "Every game: 12 play(s)" in str(screen.query_one("#choice", Static).render())

        await pilot.press("g")  # the most played game first, and its figures
        assert "The King Commands: 4 play(s)" in str(screen.query_one("#choice", Static).render())
        assert "by player count: 2 players 1, 3 players 1, 4 players 2" in str(screen.query_one("#figures").render())
        while "Every game" not in str(screen.query_one("#choice", Static).render()):
            await pilot.press("g")  # round to every game again

        before = cells(table)[0][1:4]
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptModal")
        answer = app.screen.query_one(Input)
        answer.value = ""
        await pilot.press(*"Annika", "enter")
        await wait_for(pilot, lambda: table.row_count and cells(table)[0][0] == "Annika")
        assert cells(table)[0][1:4] == before, "a rename keeps every number"

        await pilot.press("h")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptModal")
        await pilot.press(*"annika, Cleo", "enter")
        await wait_for(pilot, lambda: "Annika v Cleo: 6 together" in str(screen.query_one("#figures").render()))
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
    repo = Repository.open(played_db)
    assert "Annika" in {p.name for p in players.list_players(repo)}
    repo.close()


async def test_a_new_session_offers_the_known_players_with_tab(make_app, played_db):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: pilot.app.repo)
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        known = str(app.screen.query_one("#known", Static).render())
        assert "Bob" in known and "Ann K." in known
        await pilot.press("tab", *"Cl", "tab", *", Ann", "space", "K", "tab")
        assert app.screen.query_one("#players", Input).value == "Cleo, Ann K."
        await pilot.press(*", Zed", "ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ != "NewSessionScreen")
    repo = Repository.open(played_db)
    newest = max(repo.list_sessions(), key=lambda s: s.id)
    ids = {p.id: p.name for p in players.list_players(repo)}
    assert [ids[p] for p in players.seats(repo, newest.id)] == ["Cleo", "Ann K.", "Zed"]
    repo.close()


async def test_a_new_sessions_title_has_the_local_date(make_app, tokyo):
    # The fixed clock is 2026-11-29 20:00 UTC: already the 30th in Tokyo.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: pilot.app.repo)
        await pilot.pause()
        labels = [str(c.label) for c in app.screen.query_one(DataTable).columns.values()]
        assert labels[0] == "Session (JST)", "home's times are local, the zone named"
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        assert app.screen.query_one("#title", Input).placeholder == "Free play 2026-11-30"


def test_local_time_is_labelled_with_the_zone(tokyo):
    from companion import stats

    assert stats.when("2026-12-01T20:00:00+00:00") == "2026-12-02 05:00" and stats.zone() == "JST"


def test_the_stats_screen_snapshot(snap_compare, make_app, played_db):
    async def before(pilot):
        await open_stats(pilot)
        await pilot.press("g")  # The King Commands (the most played): its figures, the first player's card
        await pilot.app.workers.wait_for_complete()  # the figures under the table come from a worker
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=SIZE)


async def test_names_with_markup_are_shown_as_typed(make_app, db_path):
    from companion.games import get_game
    from companion.games.free import Adjust, Finish
    from tests.conftest import fixed_clock

    repo = Repository.open(db_path, clock=fixed_clock)
    loaded = repo.create(get_game("free"), "[b]Night[/", ("[red]Ann[/", "Bob[/]"), {"counters": "score"})
    tl = loaded.timeline
    for e in (Adjust("score", 0, 2), Finish()):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        rows = cells(app.screen.query_one(DataTable))
        assert [r[0] for r in rows] == ["[red]Ann[/", "Bob[/]"] and rows[0][2] == "1"
        await pilot.press("g")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen", "the plots took the names as text"


async def test_the_other_ann_is_set_apart_in_one_session(make_app, db_path):
    from companion.games import get_game
    from companion.games.free import Adjust, Finish
    from tests.conftest import fixed_clock

    repo = Repository.open(db_path, clock=fixed_clock)
    for people in (("Ann", "Bob"), ("Ann", "Cleo")):
        loaded = repo.create(get_game("free"), "Night", people, {"counters": "score"})
        tl = loaded.timeline
        for e in (Adjust("score", 0, 2), Finish()):
            after = tl.record(e)
            repo.record(loaded.info.id, tl, after)
            tl = after
    repo.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        table = app.screen.query_one(DataTable)
        assert cells(table)[0][:3] == ["Ann", "2", "2"]
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptModal")
        await pilot.press(*"2 Ann K.", "enter")
        await wait_for(pilot, lambda: table.row_count == 4)
        rows = {r[0]: r[1:3] for r in cells(table)}
        assert rows["Ann"] == ["1", "1"] and rows["Ann K."] == ["1", "1"], "the second Ann is another person"


async def test_the_figures_under_the_table_scroll_by_keyboard_with_a_more_line(make_app, played_db):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        screen = app.screen
        more = screen.query_one("#more", Static)
        figures = str(screen.query_one("#figures").render())
        assert "Bob: 8 play(s), 4 win(s) (50%), streak 1 (longest 3)" in figures and "v Cleo: 6 together" in figures
        assert "▼ more below" in str(more.render()), "the card runs past its lines: said, not cut"
        for wid in ("#details", "#more", "#table", "#wins", "#rate"):
            assert whole_on_screen(screen.query_one(wid), SIZE), wid
        for _ in range(10):
            await pilot.press("shift+down")
        await wait_for(pilot, lambda: "more" not in str(more.render()))
        details = screen.query_one("#details")
        assert details.scroll_y == details.max_scroll_y > 0
        await pilot.press("p")  # the right plot: plays per month, a game's first play marked
        await pilot.pause()
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "Plays per month" in shot and "25-11*" in shot, "a month with a game's first play is marked"


async def test_i_makes_the_highlighted_player_me_and_the_file_remembers(make_app, played_db):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await pilot.press("down", "i")  # Ann K., the second row
        await wait_for(pilot, lambda: "me: Ann K." in str(app.screen.query_one("#choice", Static).render()))
    repo = Repository.open(played_db)
    assert {p.id: p.name for p in players.list_players(repo)}[players.me(repo)] == "Ann K."
    repo.close()


async def test_a_long_table_of_players_says_more_and_scrolls_by_keyboard(make_app, db_path):
    from companion.games import get_game
    from companion.games.free import Finish
    from tests.conftest import fixed_clock

    repo = Repository.open(db_path, clock=fixed_clock)
    free = get_game("free")
    people = tuple(f"Player {n}" for n in range(1, 13))
    loaded = repo.create(free, "Big table", people, {"counters": "score"})
    repo.record(loaded.info.id, loaded.timeline, loaded.timeline.record(Finish()))
    repo.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        more = app.screen.query_one("#more", Static)
        await wait_for(pilot, lambda: "more players" in str(more.render()))
        for _ in range(12):
            await pilot.press("down")
        await wait_for(pilot, lambda: "more players" not in str(more.render()))
        assert cells(app.screen.query_one(DataTable))[app.screen.query_one(DataTable).cursor_row][0] == "Player 9"
