"""A few SVG snapshots of the layout: home (empty and with a session), new session, table.

Plain `def` tests: snap_compare runs its own event loop. Look at the report before
running `pytest --snapshot-update`.
"""

from __future__ import annotations

import pytest

from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.repo import Repository
from tests.conftest import fixed_clock, settled, wait_for
from tests.ui import midgame

SIZE = (100, 30)


async def store_ready(pilot):
    await wait_for(pilot, lambda: pilot.app.repo)
    await wait_for(pilot, lambda: "Opening" not in str(pilot.app.screen.query_one("#status").render()))
    await settled(pilot)


def seeded(db_path):
    repo = Repository.open(db_path, clock=fixed_clock)
    loaded = repo.create(
        get_game("free"),
        "Friday night",
        ("Ann", "Bob", "Cleo"),
        {"counters": "HP=20 0..40, mana=0 0..6", "shared": "deck=54 0.."},
    )
    tl = loaded.timeline
    for e in [Adjust("HP", 1, -7), Adjust("mana", 0, 3), NextTurn(), Adjust("deck", None, -4)]:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()


def test_home_empty(snap_compare, make_app):
    assert snap_compare(make_app(), run_before=store_ready, terminal_size=SIZE)


def test_home_with_a_session(snap_compare, make_app, db_path):
    seeded(db_path)
    assert snap_compare(make_app(), run_before=store_ready, terminal_size=SIZE)


def test_new_session(snap_compare, make_app):
    async def before(pilot):
        await store_ready(pilot)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "NewSessionScreen")
        await pilot.press("tab", *"Ann, Bob")
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=SIZE)


def test_table(snap_compare, make_app, db_path):
    seeded(db_path)

    async def before(pilot):
        await store_ready(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "timeline", None))
        await wait_for(pilot, lambda: pilot.app.screen.query_one("#log").row_count == 4)
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=SIZE)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["free", "mm5", "skd", "tkc"])
def test_mid_game(snap_compare, make_app, db_path, game, size):
    """Each game in the middle of a game (tests/ui/midgame.py) at the small, common and big
    terminal sizes: nothing cut, the newest action whole, the shape changing with the size."""
    midgame.seed(db_path, game)

    async def before(pilot):
        await store_ready(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "timeline", None))
        await pilot.pause()
        if game == "mm5":  # the win chance is simulated in a worker: its text varies in time
            await wait_for(pilot, lambda: "…" not in str(pilot.app.screen.query_one("#mm5-odds").content))
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_rules_answer(snap_compare, make_app, size):
    """The rules screen answering a question: each hit's answering sentence in the list, the
    section opened at its top with that sentence first, see also under it (issue 40)."""
    from screens.rules_screen import RulesScreen

    async def before(pilot):
        await store_ready(pilot)
        pilot.app.push_screen(RulesScreen(game="tkc"))
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "index", None))
        await pilot.press(*"how many shields block a power chop", "enter")
        await wait_for(pilot, lambda: pilot.app.screen.section_id)
        await settled(pilot)

    assert snap_compare(make_app(), run_before=before, terminal_size=size)
