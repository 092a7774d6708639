"""The King Commands by keyboard: a short game from the start-player draw to the final scores.

Covers the start player (with a tie), attacks with every outcome, a discard, each crown command,
crystal balls, refused input (nothing changes), the pile running out, the final round and the
count of the score piles.
"""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.games import all_games
from companion.games.tkc.events import Discard, Draw, NextTurn, StartDraw
from tests.conftest import start_session, wait_for

TKC = [g.id for g in all_games()].index("tkc")


def state(screen):
    return screen.timeline.state


def label(screen) -> str:
    return str(screen.query_one("#entry-label", Static).content)


def entry(screen) -> str:
    return screen.query_one("#entry", Input).value


async def typed(pilot, text: str) -> None:
    await pilot.press(*text, "enter")
    await pilot.pause()


async def test_start_player_attacks_and_discard_by_keyboard(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        # Start player: Ann and Bob tie on 5 and redraw; Ann starts.
        await pilot.press("s")
        await typed(pilot, "5 5 2")
        assert "Tie! Redraw" in label(screen) and "Ann Bob" in label(screen)
        await typed(pilot, "3 1")
        s = state(screen)
        assert (s.active, s.draw_pile, s.hands) == (0, 90, (6, 6, 6))

        # Ann: a Thrust hits Bob and takes a gold bag.
        await pilot.press("d", "a")
        await typed(pilot, "bob r r")
        assert "Thrust" in label(screen) and "1 red shield or Excalibur" in label(screen)
        assert entry(screen) == "Bob rr ", "the attack stays on the line; the outcome is added to it"
        await typed(pilot, "b b")  # a blue shield cannot block a red Thrust
        assert "blocked only by red shields" in label(screen)
        assert state(screen).piles[1] == (0,) * 6
        assert entry(screen) == "Bob rr b b", "a refused outcome keeps the line to correct"
        await pilot.press("backspace", "backspace", "backspace")
        await typed(pilot, "h g")
        assert state(screen).piles[0] == (2, 0, 0, 1, 0, 0)
        # Secret scoring (the default): no points on screen or in the log.
        assert "Points" not in screen.timeline.game.view(state(screen)).columns
        assert "point" not in " ".join(e.text for e in screen.timeline.entries).lower()
        assert "= 7" not in str(screen.query_one("#tkc-info", Static).content)
        await pilot.press("n")

        # Bob: Attention! then a Swing blocked by a yellow shield, then a discard of a sword.
        await pilot.press("d", "k")
        await typed(pilot, "2")
        await pilot.press("a")
        await typed(pilot, "ann r b")
        assert "Swing" in label(screen)
        await typed(pilot, "b y")
        assert state(screen).piles[0] == (4, 1, 0, 1, 0, 0)
        await pilot.press("c")
        await typed(pilot, "gold")
        assert "Gold bags cannot be discarded" in label(screen)
        await pilot.press("ctrl+u")
        await typed(pilot, "1")
        s = state(screen)
        assert s.actions_done == 2 and s.draw_pile == 86 - 2
        await pilot.press("n")

        # Cleo: Lay down your swords! (Ann 2, Bob 1), then a Power Chop parried by Ann.
        await pilot.press("d", "k")
        await typed(pilot, "1")
        line = screen.query_one("#entry", Input)
        assert line.value == "2 2" and line.selected_text == "2 2", "filled in and selected"
        await typed(pilot, "2 1")  # the first key replaces it
        await pilot.press("a")
        await typed(pilot, "ann g g g")
        await typed(pilot, "p g g r")
        assert "same swords in the same colours" in label(screen)
        await pilot.press("ctrl+u")
        await typed(pilot, "ann ggg p ggg")
        s = state(screen)
        assert s.piles[2] == (3, 0, 0, 0, 0, 0) and s.piles[0][0] == 7
        await pilot.press("n")


async def test_crowns_and_crystal_balls_by_keyboard(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await pilot.press("s")
        await typed(pilot, "5 0 0")
        # Ann: Give me your aid! (Bob gives 2), then a Poke: it takes no gold.
        await pilot.press("d", "k")
        await typed(pilot, "4 bob 2")
        assert state(screen).hands == (9, 4, 6)
        await pilot.press("b")  # a second relic: the key is closed
        assert not screen.query_one("#entry", Input).display
        await pilot.press("a")
        await typed(pilot, "cleo r")
        assert "h g" not in label(screen), "a Poke takes no gold: h g is not offered"
        await typed(pilot, "h g")
        assert "Poke takes no gold" in label(screen)
        await pilot.press("backspace", "backspace")
        await typed(pilot, "")
        await pilot.press("n")

        # Bob: crystal ball (draw 4 keep 2), then a Backstab on Cleo takes gold.
        await pilot.press("d", "b")
        await typed(pilot, "1")
        await pilot.press("a")
        await typed(pilot, "cleo yyyyy")
        assert "Nothing stops it" in label(screen)
        await typed(pilot, "h g")
        await pilot.press("n")

        # Cleo: Abdication, no attack or discard.
        await pilot.press("d", "k")
        await typed(pilot, "5")
        assert state(screen).piles[2][2] == 1
        await pilot.press("n")

        # Ann: Fear my mighty sword! at Bob (no gold), then Excalibur on Cleo, parried by Excalibur.
        await pilot.press("d", "k")
        await typed(pilot, "3 bob")
        await pilot.press("a")
        await typed(pilot, "cleo x")
        assert "p = parry with Excalibur" in label(screen) and "b x" not in label(screen) and "p e" not in label(screen)
        await typed(pilot, "b x")
        assert "Excalibur cannot block" in label(screen)
        await pilot.press("backspace", "backspace", "backspace")
        await typed(pilot, "p x")
        assert state(screen).piles[2][5] == 1
        await pilot.press("n")


async def test_the_pile_runs_out_final_round_and_scoring(make_app, repo):
    """Twelve turns of draw-and-discard are recorded through the store (the same actions a
    table would key in); the last cards, the final round and the count are played by keyboard."""
    game = all_games()[TKC]
    loaded = repo.create(game, "Endgame", ("Ann", "Bob", "Cleo"), {})
    tl = loaded.timeline
    events = [StartDraw((5, 0, 0))]
    for _ in range(12):
        events += [Draw(), Discard("relic", 1), NextTurn()]
    for event in events:
        after = tl.record(event)
        repo.record(loaded.info.id, tl, after)
        tl = after
    assert tl.state.draw_pile == 6 and tl.state.active == 0
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.press("d", "c")
        await typed(pilot, "4")  # a shield draws 3: one card left
        assert state(screen).draw_pile == 1
        await pilot.press("n", "d")  # Bob draws the last card: the final round opens
        s = state(screen)
        assert s.draw_pile == 0 and s.final_left == 3 and s.hands[1] == 31
        info = str(screen.query_one("#tkc-info", Static).content)
        assert "FINAL ROUND" in info and "Bob (now), Cleo, Ann, Bob" in info
        await pilot.press("n")  # Bob has not attacked or discarded yet
        assert state(screen).active == 1
        await pilot.press("a")
        await typed(pilot, "cleo r r")
        await typed(pilot, "h g")
        await pilot.press("n")
        for seat in (2, 0, 1):
            s = state(screen)
            assert (s.active, s.step) == (seat, "relic"), "nobody draws in the final round"
            await pilot.press("c")  # no discard for cards: nothing left to draw
            assert not screen.query_one("#entry", Input).display
            await pilot.press("a")
            await typed(pilot, f"{s.players[(seat + 1) % 3]} b")
            await typed(pilot, "h")
            await pilot.press("n")
        s = state(screen)
        assert s.over and screen.timeline.game.view(s).finished
        assert s.piles[1] == (3, 0, 0, 1, 0, 0)

        # Count the piles: Ann confirms, Bob corrects, Cleo confirms.
        app_tally = s.piles
        await pilot.press("f")
        assert screen.query_one("#entry", Input).value == " ".join(map(str, app_tally[0]))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Bob's score pile" in label(screen))
        await pilot.press("ctrl+u")
        await typed(pilot, "0 0 0 13 0 0")
        assert "only 12" in label(screen)
        await pilot.press("ctrl+u")
        await typed(pilot, "3 1 0 1 0 0")
        await pilot.press("enter")
        s = state(screen)
        assert all(s.confirmed) and s.piles[0] == app_tally[0] and s.piles[1] == (3, 1, 0, 1, 0, 0)
        result = screen.timeline.game.result(s)
        assert result.winners == ("Bob",) and dict(result.scores)["Bob"] == 10
        assert "Bob wins with 10." in str(screen.query_one("#tkc-info", Static).content)


async def test_open_scoring_shows_points(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob", {"open_scoring": "x"})
        assert state(screen).open_scoring
        await pilot.press("s")
        await typed(pilot, "5 0")
        await pilot.press("d", "a")
        await typed(pilot, "bob r r")
        await typed(pilot, "h g")
        assert "Ann: 2 swords, 1 gold bag = 7" in str(screen.query_one("#tkc-info", Static).content)
