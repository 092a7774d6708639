"""Monster Maker 5 advice at the table by keyboard (issue 24): card values typed in a refused
entry are kept, the strike prompt lists the strikes best first, the reinforcement what-if."""

from __future__ import annotations

from tests.conftest import start_session, wait_for
from tests.ui.test_mm5_pilot import answer, dice, index, line


async def test_card_values_typed_in_a_refused_entry_are_remembered(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        await line(pilot, "d", "Bob g1")
        await line(pilot, "h", "Ann 1")
        await line(pilot, "b", "Ann")
        await line(pilot, "d", "c")
        # Declaring Light with an orc is refused, but the orc's values were typed and are kept
        await line(pilot, "f", "light Goblin")
        await answer(pilot, "orc P 2/1 M 0/1")
        await wait_for(pilot, lambda: "Goblin" in app.repo.cards("mm5", "character"))
        assert app.repo.cards("mm5", "character")["Goblin"]["kind"] == "orc"
        assert not screen.timeline.state.players[0].field, "the play itself was refused"


async def a_battle(pilot, app):
    """Ann (Dark: two Orcs) attacks Bob (Light: a Warrior); initiative rolled, Ann strikes."""
    screen = await start_session(pilot, index(), "Ann, Bob")
    app.repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0})
    app.repo.save_card("mm5", "character", "Warrior", {"kind": "companion", "p": [3, 4], "m": [1, 2], "knight": 0})
    for key, text in (("d", "Bob g1"), ("h", "Ann 1"), ("h", "Bob 1"), ("b", "Ann"), ("d", "c")):
        await line(pilot, key, text)
    await line(pilot, "f", "dark Orc, Orc")
    await line(pilot, "n")
    await line(pilot, "d", "c")
    await line(pilot, "f", "light Warrior")
    await line(pilot, "n")
    await line(pilot, "d", "c")
    await line(pilot, "f", "dark")
    await line(pilot, "a", "2")
    return screen


async def test_the_strike_prompt_lists_the_strikes_and_a_number_picks_one(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_battle(pilot, app)
        await pilot.press("i")
        await dice(pilot, "6 1")
        await wait_for(pilot, lambda: screen.strike_advice() is not None)
        ranked = screen.strike_advice().ranked
        assert len(ranked) == 2 and ranked[0].before >= ranked[1].before
        await pilot.press("a")
        await pilot.pause()
        label = str(screen.query_one("#entry-label").render())
        lines = label.splitlines()
        assert any(x.startswith("1  #") for x in lines) and any(x.startswith("2  #") for x in lines)
        assert all(len(x) <= 80 for x in lines)
        assert "to hit" in label and "→" in label
        second = ranked[1]
        await pilot.press("2", "enter")
        tray = await wait_for(pilot, lambda: type(app.screen).__name__ == "DiceTrayModal" and app.screen)
        kind = "magic" if second.magic else "physical"
        assert f"#{second.striker.uid}" in tray.request.title and f"({kind})" in tray.request.title
        total = str(6 * tray.request.dice)  # the dice's total, all sixes
        for key in (*total, "enter"):
            await pilot.press(key)
            await pilot.pause()
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MM5Screen")
        assert f"#{second.striker.uid}" in screen.timeline.entries[-1].text
        pressed = 3 + len(total) + 1  # a 2 enter, the total, enter
        assert pressed == 6
        print("keystrokes: a strike picked from the list", pressed)


async def test_the_what_if_list_shows_with_no_key_and_a_known_card_is_committed_in_three_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_battle(pilot, app)
        app.repo.save_card("mm5", "character", "Goblin", {"kind": "monster", "p": [3, 3], "m": [3, 3], "knight": 0})
        await pilot.press("o")  # the panel is worked out again (the card came in by the back door)
        odds = lambda: str(screen.query_one("#mm5-odds").render())  # noqa: E731
        await wait_for(pilot, lambda: "What if" in odds())
        found = screen.reinforce_whatifs()
        assert found and "1  with " in odds() and "→" in odds()
        first = found[0]
        before = len(screen.timeline.state.players[first.seat].field)
        pressed = 0
        for key in ("e", "1", "enter"):
            await pilot.press(key)
            await pilot.pause()
            pressed += 1
        await wait_for(pilot, lambda: len(screen.timeline.state.players[first.seat].field) == before + 1)
        assert screen.timeline.state.players[first.seat].field[-1].name == first.spec[0]
        assert pressed == 3
        print("keystrokes: reinforcement with a known card", pressed)
