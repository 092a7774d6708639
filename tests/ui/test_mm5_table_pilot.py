"""Monster Maker 5 at the table by keyboard: the best strike shown and filled in (keys counted),
deal lines with several new knights, knights refused before their values, the empty deck
confirmed, the spell's note typed hidden, the stand-alone dice tray."""

from __future__ import annotations

from tests.conftest import start_session, wait_for
from tests.ui.test_mm5_pilot import answer, dice, fill, index, line

KNIGHT = {"kind": "knight", "p": [4, 5], "m": [3, 4]}


async def keys(pilot, *pressed: str) -> int:
    """Press real keys one at a time; returns how many were pressed."""
    for key in pressed:
        await pilot.press(key)
        await pilot.pause()
    return len(pressed)


def screen_name(pilot) -> str:
    return type(pilot.app.screen).__name__


async def test_the_best_strike_is_shown_and_listed_first_and_the_keys_are_few(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        app.repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0})
        # Defence 5 against the two Orcs' 4 dice: the dice matter (against 4 they cannot miss)
        app.repo.save_card("mm5", "character", "Warrior", {"kind": "companion", "p": [3, 5], "m": [1, 2], "knight": 0})
        state = lambda: screen.timeline.state  # noqa: E731
        await line(pilot, "d", "Bob g1")
        await line(pilot, "h", "Ann 1")
        await line(pilot, "h", "Bob 1")
        await line(pilot, "b", "Ann")
        counts = {"draw": await keys(pilot, "d", "enter")}  # a card is filled in
        assert state().phase == "faction"
        await line(pilot, "f", "dark Orc, Orc")
        await line(pilot, "n")
        await line(pilot, "d", "c")
        await line(pilot, "f", "light Warrior")
        await line(pilot, "n")
        await line(pilot, "d", "c")
        await line(pilot, "f", "dark")
        counts["attack"] = await keys(pilot, "a", "enter")  # Bob, the only one Ann can attack, is filled in
        assert state().battle is not None
        await pilot.press("i")
        await dice(pilot, "6 1")
        odds = lambda: str(screen.query_one("#mm5-odds").render())  # noqa: E731
        await wait_for(pilot, lambda: "Best strike, attacker" in odds())
        assert "(exact: both sides' best play" in odds()
        best = screen.advice[1].best
        assert best.target.name == "Warrior" and "at #" in odds() and "→" in odds()
        # the strike: a opens the line listing the strikes best first, enter takes the first, the
        # total of the dice and enter record it
        await keys(pilot, "a")
        label = str(screen.query_one("#entry-label").render())
        assert f"1  #{best.striker.uid} {best.striker.name} {'M' if best.magic else 'P'} → #{best.target.uid}" in label
        assert screen.query_one("#entry").value == ""
        counts["strike"] = 1 + await keys(pilot, "enter")
        await wait_for(pilot, lambda: screen_name(pilot) == "DiceTrayModal")
        counts["strike"] += await keys(pilot, "1", "3", "enter")  # four dice, their total 13
        await wait_for(pilot, lambda: screen_name(pilot) == "MM5Screen")
        assert state().battle is None and state().players[0].gems == (1,), "the Warrior fell"
        counts["end turn"] = await keys(pilot, "n")
        assert state().active == 1
        assert counts == {"draw": 2, "attack": 2, "strike": 5, "end turn": 1}
        print("keystrokes:", counts)


async def test_deal_lines_knights_the_empty_deck_and_hidden_spells(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob, Cleo")
        state = lambda: screen.timeline.state  # noqa: E731
        # bug 8: the deal is no one's turn ("Dealer 's turn" before)
        header = str(screen.query_one("#header").render())
        assert "'s turn" not in header and "Dealer" not in header and "phase: deal" in header
        # bug 1: two new Holy Knights on one deal line: both are asked for, in turn
        await line(pilot, "d", "3 g3 g4 k3 k6")
        await answer(pilot, "P 4/5 M 3/4")
        await answer(pilot, "P 5/6 M 2/3")
        assert [c.knight for c in state().players[2].knights] == [3, 6]
        assert state().players[2].gems == (3, 4)
        assert app.repo.cards("mm5", "character")["Holy Knight 6"]["p"] == [5, 6]
        # bug 5: a knight that cannot exist is refused before its values are asked
        await line(pilot, "d", "1 k8")
        assert "no knight 8" in str(screen.query_one("#entry-label").render()) or "no knight 8" in " ".join(
            str(w.render()) for w in screen.query("Static")
        )
        assert "values from the card" not in str(screen.query_one("#entry-label").render())
        await pilot.press("escape")
        for who in ("Ann", "Bob", "Cleo"):
            await line(pilot, "h", f"{who} 0")
        await line(pilot, "b", "1")
        # bug 7: an empty deck ends the game only once confirmed
        await line(pilot, "d", "e")
        await wait_for(pilot, lambda: screen_name(pilot) == "ConfirmModal")
        await pilot.press("n")
        await wait_for(pilot, lambda: screen_name(pilot) == "MM5Screen")
        assert not state().finished and state().phase == "draw"
        await line(pilot, "d", "c")
        await line(pilot, "f", "dark Orc = orc P 2/3 M 0/2")
        await line(pilot, "a", "Cleo")
        # a face-down spell: the player first, then the note in a hidden entry
        await line(pilot, "s", "Bob")
        entry = await wait_for(pilot, lambda: screen.query_one("#entry").password and screen.query_one("#entry"))
        await fill(pilot, "#entry", "Fireball")
        assert state().battle.spells[-1][2] == "Fireball"
        assert "Fireball" not in screen.timeline.entries[-1].text
        assert "Fireball" not in str(screen.query_one("#mm5-battle").render())
        await line(pilot, "e", "Ann a: Orc")
        assert entry.password is False, "only the spell's note is hidden"


async def test_the_stand_alone_dice_tray_records_nothing_and_says_so(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        before = len(screen.timeline.entries)
        await pilot.press("D")
        await fill(pilot, "#entry", "2")
        await wait_for(pilot, lambda: screen_name(pilot) == "DiceTrayModal")
        assert "records" not in str(app.screen.query_one("#keys").render())
        await fill(pilot, "#faces", "3 4")
        shown = str(app.screen.query_one("#outcome").render())
        assert "7 on 2d6" in shown and "records" not in shown
        await pilot.press("enter")
        assert screen_name(pilot) == "DiceTrayModal", "enter does not close a tray that records nothing"
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen_name(pilot) == "MM5Screen")
        assert len(screen.timeline.entries) == before


async def test_over_the_hand_limit_the_whisper_is_offered(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        app.repo.save_card("mm5", "character", "Holy Knight 1", {**KNIGHT, "knight": 1})
        state = lambda: screen.timeline.state  # noqa: E731
        await line(pilot, "d", "Ann k1")
        await line(pilot, "b", "Ann")
        await line(pilot, "d", "c")
        assert state().players[0].hand == 5, "five dealt, the knight placed, one drawn"
        await line(pilot, "h", "Ann 6")
        await pilot.press("f")
        label = str(screen.query_one("#entry-label").render())
        assert "holds 6" in label and "the whisper: dark!" in label
        await fill(pilot, "#entry", "dark! Orc = orc P 2/3 M 0/2")
        assert state().players[0].faction == "dark" and state().players[0].hand == 5
        assert "whisper" in screen.timeline.entries[-1].text


async def test_the_draw_key_reads_deal_in_the_deal_and_draw_once_the_game_begins(make_app):
    from textual.widgets._footer import FooterKey

    def words() -> list[str]:
        return [k.description for k in app.screen.query(FooterKey) if k.key == "d"]

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_session(pilot, index(), "Ann, Bob")
        await wait_for(pilot, lambda: words() == ["Deal"])
        await line(pilot, "d", "Bob g1")
        await line(pilot, "b", "Ann")
        await wait_for(pilot, lambda: words() == ["Draw"])
