"""Seirei Kairo Drive by keyboard: draft, plays with a kill mid-play, a heart level-up, the
enemy's strong attack, the switch to the boss battle, a win; then a loss and bad input."""

from __future__ import annotations

from textual import events
from textual.widgets import DataTable

from companion.games import all_games
from tests.conftest import start_session, wait_for

RIN = "Rin, wind, 2, 3/4/5, c/h2, 2, deal 3"
KAI = "Kai, fire, 2, 4/5/6, h3/c, X, burn"
MIO = "Mio, water, 1, 2/3, h2, const, shield"
TAO = "Tao, earth, 1, 5/6, -, -"


def index() -> int:
    return [g.id for g in all_games()].index("skd")


async def typed(pilot, key: str, text: str) -> None:
    """Open the entry line with `key`, type `text` (long card values are pasted), enter."""
    await pilot.press(key)
    await pilot.pause()
    await answer(pilot, text)


async def answer(pilot, text: str) -> None:
    if len(text) > 8:
        pilot.app.screen.query_one("#entry").post_message(events.Paste(text))
        await pilot.pause()
        await pilot.press("enter")
    else:
        await pilot.press(*text, "enter")
    await pilot.pause()


def stored(repo):
    """Ann's second turn of a stored session: Rin and Tao against a Bat, 8 cards in the deck."""
    from companion.games.skd import GAME
    from companion.games.skd import events as ev
    from companion.games.skd.cards import parse_play
    from companion.games.skd.specs import parse_character, parse_enemy

    loaded = repo.create(GAME, "Stored", ("Ann", "Bob"), {})
    tl = loaded.timeline
    for e in (
        *(ev.DraftPick(parse_character(t)) for t in (RIN, KAI, MIO, TAO)),
        ev.DraftPass(),
        ev.DraftPass(),
        ev.RevealEnemy(parse_enemy("Bat, 1, 30, 1")),
        ev.Draw(),
        ev.Play(parse_play("g1")),
        ev.EnemyPhase(),
        ev.EndTurn(),
        ev.Draw(),
        ev.EnemyPhase(),
        ev.EndTurn(),
        ev.MoveCards("deck", "discard", 34),
    ):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    assert tl.state.deck == 8 and tl.state.active == 0
    return tl.state


def label(screen) -> str:
    return str(screen.query_one("#entry-label").render())


async def test_draft_kill_mid_play_level_ups_and_strong_attack(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        st = lambda: screen.timeline.state  # noqa: E731
        for text in (RIN, KAI, MIO):
            await typed(pilot, "c", text)
        await typed(pilot, "c", "Huge, earth, 9, 3")
        assert "the cap with 2 players is 6" in label(screen) and len(st().seats[0].party) == 1
        await pilot.press("escape")
        await typed(pilot, "c", TAO)
        await pilot.press("o", "o")
        assert st().stage == "first-enemy"
        assert set(app.repo.cards("skd", "character")) == {"Rin", "Kai", "Mio", "Tao"}
        await typed(pilot, "v", "Slime, 1, 10, 2, 3, 4")

        # Ann: a kill mid-play; the rest of the play hits the Goblin revealed in the middle
        await pilot.press("d")
        await pilot.press("k")  # a skill before the play says why at once and opens nothing
        await pilot.pause()
        assert "Actions come after the play" in str(screen.query_one("#status").render())
        assert not screen.entry_open
        await typed(pilot, "p", "g3 y3 g3 y3")
        assert "Slime is defeated" in label(screen)
        await answer(pilot, "Goblin, 2, 12, 3, 2, 5")
        assert (st().enemy.name, st().enemy.hp, st().beaten) == ("Goblin", 7, 1)
        assert [s.mana for s in st().seats] == [3, 1]
        # the play key after the play says why at once and opens nothing
        await pilot.press("p")
        await pilot.pause()
        assert "One play a turn" in str(screen.query_one("#status").render())
        assert not screen.entry_open
        await typed(pilot, "l", "1")
        assert st().seats[0].party[0].lv == 2 and st().seats[0].mana == 0
        await pilot.press("e", "n")
        assert (st().active, st().deck) == (1, 42)

        # Bob: an X★ skill, then the Goblin's strong attack (2 mana) fires
        await pilot.press("d")
        await typed(pilot, "p", "r3")
        await typed(pilot, "k", "Kai 1")
        await pilot.press("k")  # every skill of Bob's party is used: the key says so at once
        await pilot.pause()
        assert "Every skill of Bob's party is used this turn" in str(screen.query_one("#status").render())
        assert not screen.entry_open
        await pilot.press("e")
        assert (st().deck, st().discard, st().enemy.mana) == (41 - 3 - 5, 3 + 8, 0)
        await pilot.press("n")

        # Ann kills the Goblin; Bob earns a star and buys Kai's LV2: heart 3
        # (both green 3s are on the play pile already: the dual-colour red/green 3 instead)
        await pilot.press("d")
        await typed(pilot, "p", "rg3")
        await answer(pilot, "Bat, 1, 30, 1")
        assert st().enemy.name == "Bat" and [s.mana for s in st().seats] == [6, 2]
        await pilot.press("e", "n", "d")
        await typed(pilot, "p", "b3*")
        deck, discard = st().deck, st().discard
        await typed(pilot, "l", "Kai")
        assert st().seats[1].party[0].lv == 2
        assert (st().deck, st().discard) == (deck + 3, discard - 3)


async def test_the_boss_setup_and_a_win(make_app, repo):
    """A stored session near the end of the normal battle, resumed from the home screen."""
    state = stored(repo)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        st = lambda: screen.timeline.state  # noqa: E731
        assert st() == state
        # the deck runs short: the normal battle ends, the boss setup is guided
        await pilot.press("d")
        await typed(pilot, "m", f"deck discard {st().deck}")
        await pilot.press("e")
        assert st().normal_over
        await pilot.press("n")
        assert st().stage == "boss-reveal"
        await typed(pilot, "b", "Lord, 3, 12, 1")
        await typed(pilot, "b", " ".join(str(min(2, s.hand)) for s in st().seats))
        await pilot.press("b")
        await pilot.pause()
        assert st().stage == "boss" and [s.hand for s in st().seats] == [4, 4]
        assert st().cards_counted() == 54
        assert set(app.repo.cards("skd", "boss")) == {"Lord"}

        # Bob, then Ann: the boss falls
        await pilot.press("d")
        await typed(pilot, "p", "r2")
        await pilot.press("e", "n", "d")
        await typed(pilot, "p", "g2 y2")
        assert st().stage == "won"
        assert "Game over" in str(screen.query_one("#header").render())
        assert app.repo.list_sessions()[0].finished
        # the home screen says how it ended, not only that it did (the first esc, right after
        # the play's line closed, stays at the table)
        await pilot.press("escape", "escape")
        home = await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen" and app.screen)
        assert "✓ finished\nwon" in [str(c) for c in home.query_one(DataTable).get_row_at(0)]


async def test_a_loss_and_bad_input(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.pause()
        for _ in range(index()):
            await pilot.press("down")
        await pilot.press("tab", *"A, B, C, D, E", "ctrl+s")
        await pilot.pause()
        assert "2–4 players" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        await pilot.pause()

        screen = await start_session(pilot, index(), "Ann, Bob")
        st = lambda: screen.timeline.state  # noqa: E731
        await typed(pilot, "c", TAO)
        await typed(pilot, "c", MIO)
        await pilot.press("o", "o")
        await typed(pilot, "v", "Ogre, 2, 40, 9")
        await pilot.press("d")
        await typed(pilot, "p", "y4 +g1")
        assert "must be yellow" in label(screen)
        await pilot.press("escape")
        await typed(pilot, "p", "y4 +y1 +y2")
        assert "Only one extra card" in label(screen)
        await pilot.press("escape")
        await typed(pilot, "a", "-1")
        assert "cannot go below zero" in label(screen)
        await pilot.press("escape")
        await typed(pilot, "p", "y4 +y1")
        # the level-up key refuses at once, with the reason, rather than opening a prompt to fail
        await pilot.press("l")
        await pilot.pause()
        assert str(screen.query_one("#status").render()) == "Level up: Ann has 0 mana; a level-up costs 3."
        assert not screen.entry_open
        before = screen.timeline.cursor
        await pilot.press("e", "n")
        assert screen.timeline.cursor == before + 2

        # the normal battle ends at once: the deck is drained by a skill's words
        await typed(pilot, "m", f"deck discard {st().deck - 5}")
        await pilot.press("d", "e", "n")
        assert st().stage == "boss-reveal"
        await typed(pilot, "b", "Lord, 3, 60, 60")
        await typed(pilot, "b", "0 0")
        await pilot.press("b")
        await pilot.pause()
        assert st().stage == "boss"
        await pilot.press("d", "e")
        assert st().stage == "lost"
        assert screen.timeline.game.result(st()).winners == ()
        assert app.repo.list_sessions()[0].summary == "finished · lost"
        await pilot.press("ctrl+z")
        assert st().stage == "boss", "undo brings the table back"


async def test_the_big_table_view_shows_the_enemy_deck_forecast_and_top_card(db_path, repo):
    from screens.app import CompanionApp
    from screens.table_view_screen import TableViewScreen

    stored(repo)
    session = repo.list_sessions()[0].id
    app = CompanionApp(db_path=db_path, start_view=session)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.frame and app.screen
        )
        pairs = dict(screen.frame.headline)
        assert pairs["Enemy"] == "Bat · Atk 1" and pairs["Mana"] == "2" and pairs["Strong attack"] == "none"
        assert pairs["Top card"] == "g1" and pairs["Deck"] == "8"
        assert pairs["Deck runs out"] == "Ann's turn, 4 turns from now"  # 8 cards: 2 a turn
        assert screen.query_one("#tv-headline").display
        # the grid is painted from the frame: wait for the paint, then read the picture
        picture = await wait_for(pilot, lambda: "STRONG" in app.export_screenshot() and app.export_screenshot())
        for words in ("TOP", "RUNS", "Bat"):
            assert words in picture


async def test_f1_in_the_action_phase_opens_on_the_level_up_rules(make_app, repo):
    """Bug 6: F1 during the actions opened on "Components: LV tokens"."""
    stored(repo)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.press("d")
        await typed(pilot, "p", "g2")
        assert screen.timeline.game.view(screen.timeline.state).phase == "actions"
        await pilot.press("f1")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)
        await pilot.pause()
        assert rules.hits[0].section.id == "skd.actions.level-up"


async def test_keystrokes_a_turn_costs(make_app, repo):
    """The keys a turn takes, counted: draw 1, a play = the cards and enter, the next enemy
    from the catalogue 2, the enemy phase 1, the end of the turn 1."""
    from companion.games.skd.specs import enemy_data, parse_enemy

    stored(repo)
    for text in ("Imp, 1, 9, 1", "Bat, 1, 30, 1"):
        spec = parse_enemy(text)
        repo.save_card("skd", "enemy", spec[0], enemy_data(spec))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        st = lambda: screen.timeline.state  # noqa: E731
        counts: dict[str, int] = {}

        async def keys(what: str, *pressed: str) -> None:
            counts[what] = counts.get(what, 0) + len(pressed)
            for key in pressed:
                await pilot.press(key)
            await pilot.pause()

        await keys("correct the enemy", "h", "2", "enter")
        assert st().enemy.hp == 2
        await keys("draw", "d")
        await keys("play", "g", "2", "enter")  # Rin's 3 fells the Bat: the next enemy is asked for
        assert "the next enemy" in label(screen) and label(screen).endswith("· 1 Imp 1★ 9 HP Atk 1"), (
            "the Bat cannot come again"
        )
        await keys("next enemy", "1", "enter")
        assert (st().enemy.name, st().beaten, st().top.numbers) == ("Imp", 1, (2,))
        await keys("enemy phase", "e")
        await keys("end turn", "n")
        assert (st().active, st().attacked) == (1, False)
        assert counts == {
            "correct the enemy": 3,
            "draw": 1,
            "play": 3,
            "next enemy": 2,
            "enemy phase": 1,
            "end turn": 1,
        }


async def test_keystrokes_a_known_character_in_the_draft(make_app, repo):
    """c, its number in the list, enter: a known character is three keys; tab completes a name."""
    from companion.games.skd import GAME
    from companion.games.skd.specs import character_data, parse_character

    for text in (RIN, KAI):
        spec = parse_character(text)
        repo.save_card("skd", "character", spec[0], character_data(spec))
    repo.create(GAME, "Draft", ("Ann", "Bob"), {})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.press("c")
        assert label(screen).endswith(
            "known: 1 Kai 2★ fire Atk 4/5/6 · skill [X] burn · 2 Rin 2★ wind Atk 3/4/5 · skill [2] deal 3"
        )
        await pilot.press("2", "enter")
        await pilot.pause()
        assert [c.name for c in screen.timeline.state.seats[0].party] == ["Rin"]
        await pilot.press("c")
        assert label(screen).endswith("known: 1 Kai 2★ fire Atk 4/5/6 · skill [X] burn"), "a drafted one is not offered"
        await pilot.press("k", "tab", "enter")
        await pilot.pause()
        assert [c.name for c in screen.timeline.state.seats[1].party] == ["Kai"]
