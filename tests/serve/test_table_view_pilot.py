"""The table view under Pilot: it shows the session, follows another writer on the same file
within a second, has no key that changes anything, and is reachable from the table (shift+v)."""

from __future__ import annotations

import time

import pytest

import companion.games.free as free
from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from screens.app import CompanionApp
from screens.table_view_screen import TableViewScreen
from tests.conftest import eventually, fixed_clock, settled, wait_for
from tests.serve.midgame import GAMES, PLAYERS, finished, store


@pytest.fixture
def session(repo) -> int:
    loaded = repo.create(get_game("free"), "金曜の夜", ("Ann", "雪菜"), {"counters": "HP=20 0..20, mana=0 0..6"})
    repo.record(loaded.info.id, loaded.timeline, loaded.timeline.record(Adjust("HP", 0, -7)))
    return loaded.info.id


def record(repo, session_id: int, event) -> None:  # type: ignore[no-untyped-def]
    tl = repo.load(session_id).timeline
    repo.record(session_id, tl, tl.record(event))


def cells(screen: TableViewScreen) -> dict[str, tuple[str, ...]]:
    assert screen.view is not None
    return {r.label: r.cells for r in screen.view.rows}


async def test_shows_the_session_and_follows_another_writer(db_path, repo, session):
    app = CompanionApp(db_path=db_path, start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        assert cells(screen) == {"Ann": ("13/20", "0/6"), "雪菜": ("20/20", "0/6")}
        assert "金曜の夜" in str(screen.query_one("#tv-title").render())
        assert app.repo is None, "viewer mode never opens the writable store"

        record(repo, session, Adjust("HP", 1, -12))
        start = time.monotonic()
        await wait_for(pilot, lambda: cells(screen)["雪菜"][0] == "8/20", timeout=3)
        assert time.monotonic() - start < 1.5
        record(repo, session, NextTurn())
        await wait_for(pilot, lambda: screen.view.turn == "雪菜", timeout=3)
        assert "After action 3" in str(screen.query_one("#tv-live").render())


async def test_no_key_changes_anything(db_path, repo, session):
    assert {b.action for b in TableViewScreen.BINDINGS} == {"back", "quit"}
    app = CompanionApp(db_path=db_path, start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        before = repo.info(session)
        await pilot.press(*"n-7+3=12wdrxaecf1", "enter", "space", "ctrl+z", "ctrl+y", "ctrl+r", "escape", "V")
        await settled(pilot)
        assert app.screen is screen and repo.info(session) == before
        assert cells(screen)["Ann"] == ("13/20", "0/6")


async def test_shift_v_from_the_table_and_back(make_app, session):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # The sessions table is mounted a moment after the store opens: wait for it, then its rows.
        await wait_for(
            pilot,
            lambda: app.repo and app.screen.query("DataTable") and app.screen.query("DataTable").first().row_count,
        )
        await pilot.press("enter")
        table = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.press("V")
        view = await wait_for(pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen)
        assert view.session_id == session and cells(view)["Ann"][0] == "13/20"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


async def test_chooser_lists_sessions_and_opens_one(db_path, repo, session):
    other = repo.create(get_game("free"), "Saturday", ("Cleo", "Dan"), {}).info.id
    app = CompanionApp(db_path=db_path, viewer=True, clock=fixed_clock)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.sessions and app.screen
        )
        assert [s.id for s in screen.sessions] == [other, session]
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: screen.view is not None and screen.session_id == session)
        assert cells(screen)["Ann"][0] == "13/20"
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.session_id is None and screen.query_one("#tv-chooser").display)


async def test_unknown_session_missing_file_and_a_headline(db_path, repo, session, monkeypatch):
    app = CompanionApp(db_path=db_path, start_view=999)
    async with app.run_test(size=(100, 30)) as pilot:
        message = app.screen.query_one("#tv-message")
        await wait_for(pilot, lambda: "no session 999" in str(message.render()))
    app = CompanionApp(db_path=db_path.with_name("missing.db"), start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        message = app.screen.query_one("#tv-message")
        await wait_for(pilot, lambda: "Cannot read" in str(message.render()))
        assert not db_path.with_name("missing.db").exists(), "the viewer creates nothing"
    # On the class: patching the instance would leave the original bound method on it after the
    # test, hiding a later test's patch of the class.
    monkeypatch.setattr(
        type(free.GAME), "headline", lambda self, state: (("Boss HP", "12/20"), ("Round", str(state.round)))
    )
    app = CompanionApp(db_path=db_path, start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view)
        headline = app.screen.query_one("#tv-headline")
        await pilot.pause()
        svg = app.export_screenshot()
        assert headline.display and "BOSS" in svg and "12/20" in svg


async def test_a_failing_headline_does_not_blank_the_table(db_path, repo, session, monkeypatch):
    def broken(self, state):  # type: ignore[no-untyped-def]
        raise KeyError("boss")

    monkeypatch.setattr(type(free.GAME), "headline", broken)
    app = CompanionApp(db_path=db_path, start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        assert cells(screen)["Ann"][0] == "13/20"
        assert "headline unavailable" in str(screen.query_one("#tv-headline").render())


async def test_esc_goes_back_to_the_sessions_and_q_quits(db_path, repo, session):
    app = CompanionApp(db_path=db_path, start_view=session, clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.session_id is None and screen.query_one("#tv-chooser").display)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit, "q closes the table view"


async def shown_view(pilot) -> TableViewScreen:  # type: ignore[no-untyped-def]
    """The big table view once it shows its session, and a moment to settle."""
    app = pilot.app
    screen = await wait_for(pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen)
    await settled(pilot)
    return screen


def screen_text(app) -> str:  # type: ignore[no-untyped-def]
    """The words on the screen as drawn (the SVG's text, spaces as spaces)."""
    import html

    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_players_row_reads_at_80x24(db_path, game_id):
    sid = store(db_path, game_id)
    app = CompanionApp(db_path=db_path, start_view=sid, viewer=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown_view(pilot)
        shown = screen_text(app)
        for name in PLAYERS[game_id]:
            assert name in shown, f"{game_id}: {name}'s row is on the screen"
        assert screen.view.phase in shown, f"{game_id}: the phase reads whole ({screen.view.phase!r})"
        assert screen.view.turn in shown


@pytest.mark.parametrize("size", [(80, 24), (120, 45)])
async def test_game_over_names_the_winner(db_path, repo, size):
    made = repo.create(get_game("free"), "Quiz", ("Ann", "雪菜"), {"counters": "score=0 0.."})
    record(repo, made.info.id, Adjust("score", 1, 5))
    record(repo, made.info.id, free.Finish())
    app = CompanionApp(db_path=db_path, start_view=made.info.id, viewer=True)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view)
        await eventually(pilot, lambda: "GAME OVER" in screen_text(app))
        assert "GAME OVER · Winner: 雪菜" in screen_text(app)


@pytest.mark.parametrize("game_id", GAMES)
async def test_game_over_names_the_winners_of_every_game_at_80x24(db_path, game_id):
    events, winners = finished(game_id)
    sid = store(db_path, game_id, "the end", events)
    app = CompanionApp(db_path=db_path, start_view=sid, viewer=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown_view(pilot)
        named = f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}" if winners else "No winner"
        shown = screen_text(app)
        assert f"GAME OVER · {named}" in shown, game_id
        assert all(name in shown for name in PLAYERS[game_id]), f"{game_id}: every player's row at the end too"


@pytest.mark.parametrize("game_id", GAMES)
async def test_no_word_is_broken_at_80x24(db_path, game_id):
    """Every word of the players' cells, the headline and the status reads whole on the screen
    (a line may wrap between words, never inside one)."""
    sid = store(db_path, game_id)
    app = CompanionApp(db_path=db_path, start_view=sid, viewer=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown_view(pilot)
        shown = screen_text(app)
        view, pairs = screen.frame.view, screen.frame.headline
        assert isinstance(pairs, tuple), pairs
        texts = [view.status, *(cell for row in view.rows for cell in row.cells), *(value for _, value in pairs)]
        words = {word for text in texts for word in text.split() if word.isprintable()}
        broken = sorted(word for word in words if word not in shown)
        assert not broken, f"{game_id}: words broken or missing at 80x24: {broken}"
