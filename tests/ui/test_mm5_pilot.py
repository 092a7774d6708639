"""A short Monster Maker 5 game by keyboard: the deal, switches, a battle, a thief, the end."""

from __future__ import annotations

from companion.games import all_games
from tests.conftest import start_session, wait_for


def index() -> int:
    return [g.id for g in all_games()].index("mm5")


async def fill(pilot, selector: str, text: str) -> None:
    """Put a line into an input and press enter. The machine running the suite is shared, so
    the text is set in one go rather than key by key; the keys that act are real presses."""
    widget = await wait_for(pilot, lambda: _shown(pilot, selector))
    widget.value = text
    await pilot.press("enter")
    await pilot.pause()


def _shown(pilot, selector):
    found = pilot.app.screen.query(selector)
    return found.first() if found and found.first().display else None


async def line(pilot, key: str, text: str = "") -> None:
    """Press a command key, then type a line into the entry it opens."""
    await pilot.press(key)
    if key not in {"n", "escape"}:
        await fill(pilot, "#entry", text)


async def answer(pilot, text: str) -> None:
    """Answer a follow-up question in the entry line (new card values)."""
    await fill(pilot, "#entry", text)


async def dice(pilot, faces: str, record: bool = True) -> None:
    """Enter physical dice in the tray: one enter records faces that pass the check."""
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "DiceTrayModal")
    await fill(pilot, "#faces", faces)
    if record:
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "MM5Screen")
        await pilot.pause()


async def plain_turn(pilot, side: str) -> None:
    await line(pilot, "d", "c")
    await line(pilot, "f", side)
    await line(pilot, "n")


async def test_short_game_by_keyboard(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob, Cleo")
        for n in range(2, 8):
            app.repo.save_card(
                "mm5", "character", f"Holy Knight {n}", {"kind": "knight", "p": [4, 5], "m": [3, 4], "knight": n}
            )
        state = lambda: screen.timeline.state  # noqa: E731
        # the deal: gems and knights placed at once; Holy Knight 1's values are typed once
        await line(pilot, "d", "1 k1")
        await answer(pilot, "P 4/5 M 3/4")
        assert app.repo.cards("mm5", "character")["Holy Knight 1"]["p"] == [4, 5]
        for text in ("Bob g1 g5", "1 g2", "3 g3 g4 g6 g7 k2 k3 k4 k5 k6"):
            await line(pilot, "d", text)
        await line(pilot, "d", "1 g2")  # a gem already held elsewhere: refused, nothing changes
        assert state().players[0].gems == (2,) and len(screen.timeline.entries) == 13
        await line(pilot, "escape")
        await line(pilot, "b", "Ann")
        assert state().phase == "draw" and state().players[2].faction == "light"

        # Ann: a new Light Companion, typed once and remembered
        await line(pilot, "d", "c")
        await line(pilot, "f", "light Warrior")
        await answer(pilot, "companion P 3/5 M 1/2")  # defence 5: two orcs' 4 dice can miss
        assert [c.name for c in state().players[0].field] == ["Holy Knight 1", "Warrior"]
        await line(pilot, "n")
        # Bob: Dark with two orcs, attacks Ann; Light attacking Light would be refused
        await line(pilot, "d", "c")
        await line(pilot, "f", "dark Orc, Orc")
        await answer(pilot, "orc P 2/3 M 0/2")
        await line(pilot, "a", "Ann")
        assert state().battle is not None
        await pilot.press("i")
        await dice(pilot, "6 1")
        assert state().battle.to_move == 1 - 1  # the attacker (Bob) strikes first
        knight, warrior = (c.uid for c in state().players[0].field)
        orc1, orc2 = (c.uid for c in state().players[1].field)
        await line(pilot, "a", f"{orc1} {knight} p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DiceTrayModal")
        assert "4d6 ≥ 5" in str(app.screen.query_one("#chance").render())
        await pilot.press("escape")  # changed their mind: nothing recorded
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MM5Screen")
        await line(pilot, "a", f"{orc1} {warrior} p")
        await dice(pilot, "25", record=False)  # a total four dice cannot show: refused in the tray
        assert "cannot come up" in str(app.screen.query_one("#outcome").render())
        await fill(pilot, "#faces", "6 6 6 6")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MM5Screen")
        assert all(c.uid != warrior for c in state().players[0].field)
        await line(pilot, "a", f"{knight} {orc2} p")  # 4 dice vs the orc's defence 3 cannot miss: no tray
        await pilot.pause()
        assert state().battle.stage == "reinforce" and state().battle.round == 2
        await pilot.press("i")
        await dice(pilot, "1 6")
        await line(pilot, "a", f"{knight} {orc1} p")
        await wait_for(pilot, lambda: state().battle is None)
        assert state().battle is None and state().players[1].field == ()
        assert state().players[0].gems == (2,) and state().players[1].gems == (1, 5)
        assert "Bob's attack is wiped out" in screen.timeline.entries[-1].text
        await line(pilot, "n")

        # Cleo (Light) sends a thief for gem 1
        await line(pilot, "d", "c")
        await line(pilot, "f", "light")
        await line(pilot, "t", "g1 4")
        await dice(pilot, "7", record=False)  # a seven on one die: refused in the tray
        assert type(app.screen).__name__ == "DiceTrayModal"
        await fill(pilot, "#faces", "5")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MM5Screen")
        assert state().players[2].gems == (1, 3, 4, 6, 7) and state().players[1].gems == (5,)
        await line(pilot, "n")


async def test_countdown_whisper_and_winner_by_keyboard(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob, Cleo")
        for n in range(1, 8):
            app.repo.save_card(
                "mm5", "character", f"Holy Knight {n}", {"kind": "knight", "p": [4, 5], "m": [3, 4], "knight": n}
            )
        app.repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0})
        state = lambda: screen.timeline.state  # noqa: E731
        await line(pilot, "d", "Ann g2 k1")
        await line(pilot, "d", "Bob g5")
        await line(pilot, "d", "Cleo g1 g3 g4 g6 g7 k2 k3 k4 k5 k6")
        for who in ("Ann", "Bob", "Cleo"):  # h corrects the counted hands: these turns only pass
            await line(pilot, "h", f"{who} 0")
        await line(pilot, "b", "1")
        await plain_turn(pilot, "light")
        await plain_turn(pilot, "dark Orc")
        await plain_turn(pilot, "light")
        # Ann draws the last Holy Knight: the countdown starts; then the whisper switch to Dark
        await line(pilot, "d", "k7")
        assert state().end_turn == 3 + 2 * 3 - 1
        assert "ends after Cleo's turn" in str(screen.query_one("#header").render())
        await line(pilot, "f", "dark! Goblin = orc P 2/2 M 0/1")
        assert state().players[0].faction == "dark" and {c.knight for c in state().dungeon} == {1, 7}
        assert "whisper" in screen.timeline.entries[-1].text
        await line(pilot, "n")
        await plain_turn(pilot, "dark")
        await plain_turn(pilot, "light")
        await plain_turn(pilot, "dark")
        await plain_turn(pilot, "dark")
        assert not state().finished
        await plain_turn(pilot, "light")
        assert state().finished
        result = screen.timeline.game.result(state())
        assert result.winners == ("Cleo",) and "Light holds 5" in result.reasoning
        assert "Winner: Cleo" in str(screen.query_one("#mm5-hint").render())
        assert app.repo.cards("mm5", "character")["Goblin"]["kind"] == "orc", "typed inline, remembered"
