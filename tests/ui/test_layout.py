"""The table at 80x24, the smallest common terminal: the newest action reads whole, values
are never cut (a column grows with its value), the header keeps what matters, and the shape
changes at small sizes instead of cutting."""

from __future__ import annotations

import re

import pytest

from companion.games import all_games
from tests.conftest import start_session, wait_for
from tests.ui.midgame import GAMES, seed


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def on_screen(app, text: str) -> bool:
    """`text` is on the screen whole, allowing for the line breaks of wrapping."""
    return flat(text) in flat(" ".join(screen_lines(app)))


async def test_a_long_action_description_is_whole_on_screen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Annabelle, Bartholomew", {"counters": "HP=20 0..40"})
        name = "Dragon hoard of the northern mountains"
        await pilot.press("a", *f"table: {name}=54 0..", "enter")
        newest = screen.timeline.entries[-1].text
        assert name in newest and len(newest) > 60
        # Read as a player reads it: once the frame with the action is drawn (a loaded machine
        # draws it a little after the key).
        await wait_for(pilot, lambda: on_screen(app, newest), timeout=10)
        await pilot.press("1", "minus", "3", "enter")
        await wait_for(pilot, lambda: on_screen(app, screen.timeline.entries[-1].text), timeout=10)


async def test_after_an_undo_the_newest_line_shows_the_action_still_standing(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        await pilot.press("1", "minus", "3", "enter")
        await pilot.press("1", "minus", "5", "enter")
        await pilot.press("ctrl+z")
        await pilot.pause()
        last = str(screen.query_one("#last").render())
        assert last.startswith("▸ 1 ·") and screen.timeline.entries[0].text in flat(last), last


async def test_a_counter_growing_from_5_to_100_reads_100(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "g=5 0.."})
        await pilot.press("1", "right", "plus", "9", "5", "enter")
        assert {c.name: c.value for c in screen.timeline.state.counters if c.owner == 0}["g"] == 100
        await pilot.pause()
        ann = next(line for line in screen_lines(app) if "Ann" in line and "·" not in line)
        assert re.search(r"\b100\b", ann), ann


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_mid_game_nothing_that_matters_is_cut(make_app, db_path, game, size):
    """Every cell of the players table, the newest log line, and the header's turn, phase
    and status are whole on screen, at every size."""
    seed(db_path, game)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.pause()
        view = screen.timeline.game.view(screen.timeline.state)
        assert on_screen(app, screen.timeline.entries[-1].text)
        for row in view.rows:
            for cell in (row.label, *row.cells):
                assert on_screen(app, cell), (cell, screen_lines(app))
        for part in (view.turn, view.phase, view.status):
            assert on_screen(app, part), part
        assert not any(line.rstrip().endswith("…") for line in screen_lines(app)[:3])


async def test_at_80x24_the_log_waits_behind_ctrl_l(make_app, db_path):
    seed(db_path, "mm5")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        log = screen.query_one("#log")
        assert not log.parent.display or not log.region.height
        await pilot.press("ctrl+l")
        assert log.has_focus and log.region.height > 10
        await pilot.press("up", "enter")  # the action before the newest: the table as it was
        assert screen.viewing == len(screen.timeline.entries) - 1
        assert not log.region.height and screen.query_one("#players").region.height
        await pilot.press("escape")
        assert screen.viewing is None


def test_every_game_is_seeded():
    assert set(GAMES) == {g.id for g in all_games()} & set(GAMES) and len(GAMES) == 4
