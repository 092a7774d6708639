"""Free play's "game played" field at setup: stored with the session, offered again from
earlier sessions (the rest dimmed, tab or right takes it), and the name the statistics and
BG Stats group free play by; tab in the players' line never swaps an exact known name."""

from __future__ import annotations

from textual.widgets import Input

from companion.games import get_game
from companion.stats import played_name
from companion.store.repo import Repository
from tests.conftest import start_session, wait_for


async def test_the_game_played_is_kept_and_offered_again(make_app, db_path):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, 0, "Dan, Danny", {"played": "Catan"})
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.pause()
        await pilot.press("tab", *"Dan", "tab")
        names = app.screen.query_one("#players", Input)
        assert names.value == "Dan", "an exact known name is never swapped for a longer one"
        played = app.screen.query_one("#opt-played", Input)
        played.focus()
        await pilot.press(*"Ca")
        await wait_for(pilot, lambda: played._suggestion == "Catan")
        await pilot.press("right")
        assert played.value == "Catan"
    repo = Repository.open(db_path)
    [info] = repo.list_sessions()
    repo.close()
    assert info.options["played"] == "Catan" and played_name(get_game("free"), info.title, info.options) == "Catan"
