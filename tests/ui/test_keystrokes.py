"""Keystroke budgets, counted from the table screen as a player types them, enter included:
ending a turn, undo and redo in one key; a free-play change in three or four. The table of
keystrokes per action in docs/games.md quotes these counts."""

from __future__ import annotations

from tests.conftest import start_session


class Keys:
    """Presses keys and counts them."""

    def __init__(self, pilot) -> None:
        self.pilot, self.count = pilot, 0

    async def __call__(self, *keys: str) -> int:
        self.count = len(keys)
        await self.pilot.press(*keys)
        await self.pilot.pause()
        return self.count


def counters(screen):
    return {(c.owner, c.name): c.value for c in screen.timeline.state.counters}


async def test_the_shared_keys_take_one_key_each(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        press = Keys(pilot)
        assert await press("n") == 1 and screen.timeline.state.active == 1, "end the turn"
        assert await press("ctrl+z") == 1 and screen.timeline.state.active == 0, "undo"
        assert await press("ctrl+y") == 1 and screen.timeline.state.active == 1, "redo"


async def test_free_play_changes_in_three_or_four_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob, Cleo", {"counters": "HP=20 0..40, mana=0 0..6"})
        press = Keys(pilot)
        assert await press("2", "minus", "7", "enter") == 4, "choose the player, then -7"
        assert counters(screen)[(1, "HP")] == 13
        assert await press("minus", "3", "enter") == 3, "the same cell again"
        assert counters(screen)[(1, "HP")] == 10
        assert await press("equals_sign", "2", "0", "enter") == 4
        assert counters(screen)[(1, "HP")] == 20
        assert await press("right", "plus", "2", "enter") == 4, "the next counter"
        assert counters(screen)[(1, "mana")] == 2
        assert await press("c", "r", "5", "enter") == 4, "a countdown: ends after round 5"
        assert screen.timeline.state.end_round == 5


async def test_mm5_a_strike_that_cannot_miss_records_on_a_bare_enter(make_app):
    """Two Orcs strike with 4 dice at a Warrior's defence 4: the dice cannot miss, so `a`
    enter records the hit (the best strike is first in the list); no total is typed."""
    from tests.conftest import wait_for
    from tests.ui.test_mm5_advice_pilot import a_battle
    from tests.ui.test_mm5_pilot import dice

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_battle(pilot, app)
        await pilot.press("i")
        await dice(pilot, "6 1")
        await wait_for(pilot, lambda: screen.strike_advice() is not None)
        press = Keys(pilot)
        assert await press("a", "enter") <= 3
        await wait_for(pilot, lambda: screen.timeline.state.battle is None)
        assert type(app.screen).__name__ == "MM5Screen", "no dice tray opened"
        assert "a sure hit" in screen.timeline.entries[-1].text and "Warrior" in screen.timeline.entries[-1].text


def choice_number(label: str, choice: str) -> int:
    """The number a prompt's label gives `choice` (`· 3 Cleo → attacker…`)."""
    import re

    flat = " ".join(label.split())
    found = re.search(r"(?:^|· )(\d+) " + re.escape(choice), flat)
    assert found, (choice, flat)
    return int(found.group(1))


async def test_mm5_any_player_who_may_reinforce_commits_a_known_card_in_six_keys(make_app):
    """Four players: Dan (Dark) attacks Bob (Light); Ann and Cleo have no side yet. Every
    player who may reinforce is a numbered choice of the prompt (on screen at 80×24, not
    below the fold); Cleo's Orc for the attacker is `e`, her number, enter, the Orc's, enter."""
    from tests.conftest import wait_for
    from tests.ui.test_mm5_pilot import index, line

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob, Cleo, Dan")
        app.repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0})
        app.repo.save_card("mm5", "character", "Warrior", {"kind": "companion", "p": [3, 4], "m": [1, 2], "knight": 0})
        await line(pilot, "d", "Bob g1")
        for name in ("Ann", "Bob", "Cleo", "Dan"):
            await line(pilot, "h", f"{name} 0")
        await line(pilot, "b", "Bob")
        for declared in ("light Warrior", "dark", "dark Orc, Orc"):
            await line(pilot, "d", "c")
            await line(pilot, "f", declared)
            if declared != "dark Orc, Orc":
                await line(pilot, "n")
        await line(pilot, "a", "Bob")
        assert screen.timeline.state.battle is not None
        dan = len(screen.timeline.state.players[3].field)
        press = Keys(pilot)
        count = await press("e")
        label = screen.query_one("#entry-label")
        shown = str(label.render())
        assert label.region.bottom <= 24 and label.region.height > 0
        for name in ("Ann", "Bob", "Cleo", "Dan"):
            assert f"{name} → " in shown, (name, shown)
        number = choice_number(shown, "Cleo → attacker…")
        count += await press(*str(number), "enter")
        shown = str(screen.query_one("#entry-label").render())
        orc = choice_number(shown, "Orc")
        count += await press(*str(orc), "enter")
        await wait_for(pilot, lambda: len(screen.timeline.state.players[3].field) == dan + 1)
        assert "Cleo" in screen.timeline.entries[-1].text
        assert count <= 6
