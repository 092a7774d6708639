"""Players are changed in one place, the stats screen: `m` merges two spellings of one person
(refused, changing nothing, for two people who sat at one table), and a player whose sessions
are not finished yet is listed there too (no plays), so a name typed wrong tonight can be put
right tonight."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from companion.games import get_game
from companion.games.free import Adjust, Finish
from companion.store import players
from companion.store.repo import Repository
from tests.conftest import fixed_clock, wait_for
from tests.ui.test_stats_pilot import SIZE, cells, open_stats


def sessions(db_path, *tables, finished=True):
    repo = Repository.open(db_path, clock=fixed_clock)
    for people in tables:
        loaded = repo.create(get_game("free"), "Night", people, {"counters": "score"})
        tl = loaded.timeline
        for e in (Adjust("score", 0, 2), Finish()) if finished else (Adjust("score", 0, 2),):
            after = tl.record(e)
            repo.record(loaded.info.id, tl, after)
            tl = after
    repo.close()


def rows(screen):
    return {r[0]: r[1:3] for r in cells(screen.query_one(DataTable))}


async def answer(pilot, key, text):
    await pilot.press(key)
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "PromptModal")
    pilot.app.screen.query_one(Input).value = ""
    await pilot.press(*text, "enter")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "StatsScreen")


async def highlight(pilot, name):
    table = pilot.app.screen.query_one(DataTable)
    table.move_cursor(row=[r[0] for r in cells(table)].index(name))
    await pilot.pause()


async def test_m_merges_two_spellings_and_refuses_two_people(make_app, db_path):
    sessions(db_path, ("Ann", "Bob"), ("Anne", "Cleo"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert rows(screen)["Anne"] == ["1", "1"] and rows(screen)["Ann"] == ["1", "1"]
        await highlight(pilot, "Bob")
        await answer(pilot, "m", "ann")
        await pilot.pause()
        assert rows(screen)["Bob"] == ["1", "0"] and "Ann" in rows(screen), "sat at one table: two people"
        await highlight(pilot, "Anne")
        await answer(pilot, "m", "ann")
        await wait_for(pilot, lambda: "Anne" not in rows(screen))
        assert rows(screen)["Ann"] == ["2", "2"], "Anne's play is Ann's now"
    repo = Repository.open(db_path)
    assert sorted(p.name for p in players.list_players(repo)) == ["Ann", "Bob", "Cleo"]
    assert repo.list_sessions()[0].players == ("Anne", "Cleo"), "the log keeps the name as typed"
    repo.close()


async def test_a_player_of_an_unfinished_session_can_be_renamed_there(make_app, db_path):
    sessions(db_path, ("Ann", "Bob"))
    sessions(db_path, ("Ann", "Bbo"), ("Ann", "Zed"), finished=False)
    repo = Repository.open(db_path)
    repo.delete(max(s.id for s in repo.list_sessions()))  # Zed's only session
    repo.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert rows(screen)["Bbo"] == ["0", "0"], "known, no finished play yet"
        assert "Zed" not in rows(screen), "no session names him"
        bbo = next(r for r in cells(screen.query_one(DataTable)) if r[0] == "Bbo")
        assert bbo[3:] == ["–", "–", "–", "–", "–", "0 min", "–"], (
            "no rate, streak, score or date without a finished play"
        )
        await highlight(pilot, "Bbo")
        await answer(pilot, "r", "Dan")
        await wait_for(pilot, lambda: "Dan" in rows(screen))
        assert rows(screen)["Ann"] == ["1", "1"] and rows(screen)["Bob"] == ["1", "0"]
