"""The prompt zone at 80×24: while an entry line is open, its label, the reason an entry was
refused and the game's one line of advice for the question are all on the rendered screen,
under the panels (which may scroll), never scrolled away with them."""

from __future__ import annotations

from tests.conftest import start_session, wait_for
from tests.ui.test_layout import on_screen, screen_lines
from tests.ui.test_mm5_advice_pilot import a_battle
from tests.ui.test_mm5_pilot import dice
from tests.ui.test_skd_pilot import KAI, MIO, RIN, TAO, answer, typed
from tests.ui.test_skd_pilot import index as skd_index

SIZE = (80, 24)


def shown(app, *texts: str) -> bool:
    return all(on_screen(app, text) for text in texts)


async def test_mm5_the_strike_prompt_shows_label_reason_and_the_best_strike(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await a_battle(pilot, app)
        await pilot.press("i")
        await dice(pilot, "6 1")
        await wait_for(pilot, lambda: screen.strike_advice() is not None)
        best = screen.strike_advice().ranked[0]
        await pilot.press("a", *"9 9 p", "enter")
        await pilot.pause()
        assert screen.entry_open and screen.query_one("#entry").value == "9 9 p"
        reason = screen.query_one("#entry-label").render()
        lines = screen_lines(app)
        assert shown(app, "Strike: its number in the list"), lines
        assert shown(app, "Best (enter):", f"#{best.striker.uid} "), lines
        assert "#9" in str(reason) and shown(app, "#9"), lines


async def test_skd_the_play_prompt_shows_label_reason_and_the_hits_per_card(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, skd_index(), "Ann, Bob")
        for text in (RIN, KAI, MIO, TAO):
            await typed(pilot, "c", text)
        await pilot.press("o", "o")
        await typed(pilot, "v", "Slime, 1, 10, 2, 3, 4")
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await answer(pilot, "q9")
        assert screen.entry_open and screen.query_one("#entry").value == "q9"
        lines = screen_lines(app)
        assert shown(app, "Play on"), lines
        assert shown(app, "Ann hits per card:"), lines
        label = str(screen.query_one("#entry-label").render())
        reason = label.splitlines()[-1]
        assert reason and shown(app, reason), lines
