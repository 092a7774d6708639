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
        assert label(screen).endswith("· 1 Imp 1★ 9 HP Atk 1"), "Easy mode: a two-star Wolf cannot be enemy 2"
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


STORED = (
    "Rin, wind, 2, 3/4/5, c/h2, 2, damage 3",
    "Kai, fire, 2, 4/5/6, h3/c, X, damage X",
    "Mio, water, 1, 2/3, h2, const, heal 2",
    "Tao, earth, 1, 5/6, -, const, 4: mana +1",
)


async def test_keystrokes_a_stored_skill_is_three_keys_and_an_x_skill_asks_the_mana(make_app, repo):
    session(repo, characters=STORED, enemy="Golem, 2, 40, 1")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        st = lambda: screen.timeline.state  # noqa: E731
        await typed(pilot, "a", "+2")
        await pilot.press("d")
        await typed(pilot, "p", "g1")
        assert st().enemy.hp == 37
        pressed = ("k", "1", "enter")
        await pilot.press(*pressed)
        await pilot.pause()
        assert len(pressed) == 3 and st().enemy.hp == 34 and st().seats[0].mana == 0
        assert screen.timeline.entries[-1].text == "Ann: Rin pays 2: 3 damage"
        await pilot.press("n")  # the enemy phase still to come runs with the end of the turn
        await pilot.pause()
        assert st().active == 1 and st().discard == 1
        await typed(pilot, "a", "+3")
        await pilot.press("d")
        await typed(pilot, "p", "r1")
        await pilot.press("k", "K", "a", "i", "enter")
        await pilot.pause()
        assert label(screen).startswith("Kai's skill costs X★ (damage X): how much mana? (Bob has 3)")
        await pilot.press("2", "enter")
        await pilot.pause()
        assert st().enemy.hp == 34 - 4 - 2 and st().seats[1].mana == 1


async def test_a_constant_skill_the_play_triggers_is_offered_and_enter_takes_it(make_app, repo):
    session(repo, characters=STORED, enemy="Golem, 2, 40, 1")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        st = lambda: screen.timeline.state  # noqa: E731
        await pilot.press("d")
        await typed(pilot, "p", "y4 +y1")
        assert "This play triggers constant skills: 1 Tao: 4: mana +1" in label(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert st().played and st().seats[0].mana == 1, "one key to accept"
        await pilot.press("ctrl+z")
        await pilot.pause()
        await typed(pilot, "p", "y4 +y1")
        await pilot.press("n", "enter")
        await pilot.pause()
        assert st().played and st().seats[0].mana == 0, "n declines"


async def test_keystrokes_a_whole_turn_with_auto_draw(make_app, repo):
    """Auto-draw on: a 2-card play, the enemy phase and the next turn take 7 keys (the draw none)."""
    session(repo, {"auto_draw": True}, enemy="Golem, 2, 40, 1")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        st = lambda: screen.timeline.state  # noqa: E731
        assert st().drew, "the first turn drew as it started"
        pressed = ("g", "1", "space", "y", "1", "enter", "n")
        await pilot.press(*pressed)
        await pilot.pause()
        assert st().active == 1 and st().drew and st().seats[1].hand == 5 and st().discard == 1
        assert len(pressed) == 7
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert st().active == 0 and st().played, "one undo takes back the enemy phase, the end and the draw"


async def test_a_remembered_enemys_ability_on_appearance_is_applied_when_picked_from_the_list(make_app, repo):
    """The ability is part of the remembered card: picked by its number, it is used at the reveal, in the log."""
    session(repo, enemies=("Imp, 1, 9, 1, enemy mana +2",))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot)
        await pilot.press("d")
        await typed(pilot, "p", "g2")
        assert "the next enemy" in label(screen) and "1 Imp" in label(screen)
        await answer(pilot, "1")
        state = screen.timeline.state
        assert state.enemy.name == "Imp" and state.enemy.mana == 2
        assert "on appearance: Imp mana +2 (2)" in screen.timeline.entries[-1].text


async def test_a_card_the_store_cannot_keep_is_said_and_the_play_stands(make_app, repo, monkeypatch):
    """A locked database while a new enemy is remembered: the reveal is recorded, the table
    says the card is not remembered, and the app stays up."""
    from companion.store.files import StoreBusy

    session(repo)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(pilot)
        notes: list[str] = []
        screen.notify = lambda message, **kw: notes.append(message)

        def locked(*args, **kw):
            raise StoreBusy("the file is locked by another program: not saved")

        monkeypatch.setattr(app.repo, "save_card", locked)
        await pilot.press("d")
        await typed(pilot, "p", "g2")
        await answer(pilot, "Boar, 1, 20, 2")
        assert screen.timeline.state.enemy.name == "Boar", "the reveal is recorded"
        assert any("Boar is not remembered" in n for n in notes), notes
