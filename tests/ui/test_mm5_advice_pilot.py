"""Monster Maker 5 advice at the table by keyboard (issue 24): card values typed in a refused
entry are kept, the strike prompt lists the strikes best first, the reinforcement what-if."""

from __future__ import annotations

from tests.conftest import start_session, wait_for
from tests.ui.test_mm5_pilot import answer, index, line


async def test_card_values_typed_in_a_refused_entry_are_remembered(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, index(), "Ann, Bob")
        await line(pilot, "d", "Bob g1")
        await line(pilot, "h", "Ann 1")
        await line(pilot, "b", "Ann")
        await line(pilot, "d", "c")
        await line(pilot, "f", "light")
        # Ann is Light: playing an orc is refused, but its values were typed and are kept
        await line(pilot, "p", "Goblin")
        await answer(pilot, "orc P 2/1 M 0/1")
        await wait_for(pilot, lambda: "Goblin" in app.repo.cards("mm5", "character"))
        assert app.repo.cards("mm5", "character")["Goblin"]["kind"] == "orc"
        assert not screen.timeline.state.players[0].field, "the play itself was refused"
