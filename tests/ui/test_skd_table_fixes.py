"""Seirei Kairo Drive at the table (issue 25): the reveal question, stored skills, fewer keys."""

from __future__ import annotations

from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.specs import enemy_data, parse_character, parse_enemy
from tests.conftest import wait_for
from tests.ui.test_skd_pilot import KAI, MIO, RIN, TAO, answer, label, typed


def session(repo, options=None, characters=(RIN, KAI, MIO, TAO), enemy="Gnat, 1, 3, 1", enemies=()):
    """Ann (Rin green 3, Tao yellow 5) and Bob (Kai red 4, Mio blue 2) against `enemy`; `enemies`
    are in the catalogue already."""
    for text in enemies:
        spec = parse_enemy(text)
        repo.save_card("skd", "enemy", spec[0], enemy_data(spec))
    loaded = repo.create(GAME, "Stored", ("Ann", "Bob"), options or {})
    tl = loaded.timeline
    for e in (
        *(ev.DraftPick(parse_character(t)) for t in characters),
        ev.DraftPass(),
        ev.DraftPass(),
        ev.RevealEnemy(parse_enemy(enemy)),
    ):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    return tl.state


async def open_table(pilot):
    app = pilot.app
    await wait_for(pilot, lambda: app.repo)
    await pilot.pause()
    await pilot.press("enter")
    return await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)


async def test_bug3_a_refused_reveal_is_not_saved_and_enemies_that_cannot_come_up_are_not_offered(make_app, repo):
    session(repo, {"easy": True}, enemies=("Wolf, 2, 16, 3", "Imp, 1, 9, 1"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        await pilot.press("d")
        await typed(pilot, "p", "g2")
        assert "the next enemy" in label(screen)
        assert label(screen).endswith("· 1 Imp"), "Easy mode: a two-star Wolf cannot be enemy 2"
        await answer(pilot, "Boar, 2, 20, 2")
        assert screen.entry_open and screen.timeline.state.enemy.name == "Gnat", "Easy: enemy 2 has 1 star"
        assert "Boar" not in app.repo.cards("skd", "enemy"), "a refused card is not remembered"
        screen.query_one("#entry").value = ""
        await answer(pilot, "Boar, 1, 20, 2")
        assert screen.timeline.state.enemy.name == "Boar" and "Boar" in app.repo.cards("skd", "enemy")


async def test_bug5_esc_at_the_next_enemy_question_goes_back_to_the_typed_play(make_app, repo):
    session(repo, enemies=("Imp, 1, 9, 1",))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        await pilot.press("d")
        await typed(pilot, "p", "g2 y2")
        assert "the next enemy" in label(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.entry_open and label(screen).startswith("Play on")
        assert screen.query_one("#entry").value == "g2 y2"
        await pilot.press("enter")
        await pilot.pause()
        await answer(pilot, "1")
        assert screen.timeline.state.enemy.name == "Imp"
