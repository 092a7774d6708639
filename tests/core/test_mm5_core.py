"""Monster Maker 5 beyond the rulings: bad input changes nothing, replay, the win-chance estimate."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.core import Rejected, decode, encode
from companion.games.mm5 import GAME
from companion.games.mm5.events import EVENTS, Declare, Draw, EndTurn, Enter, Strike, Thief
from companion.games.mm5.odds import check_roll
from companion.games.mm5.simulate import attacker_wins
from companion.timeline import Timeline
from tests.core.test_mm5_rulings import MAGE, ORC, WARRIOR, battle, knight, refused, run, start


@pytest.mark.parametrize(
    ("dice", "faces", "total", "words"),
    [
        (1, (7,), False, "cannot come up"),
        (2, (13,), True, "cannot come up on 2 dice"),
        (2, (1,), True, "cannot come up on 2 dice"),
        (3, (1, 2), False, "enter 3 faces"),
        (2, (0, 3), False, "cannot come up"),
    ],
)
def test_impossible_rolls_are_refused(dice, faces, total, words):
    with pytest.raises(Rejected) as info:
        check_roll(dice, faces, total)
    assert words in info.value.reason


def test_a_refused_strike_changes_nothing():
    state = run(battle([MAGE], [WARRIOR]), *[])
    from companion.games.mm5.events import Initiative

    state = run(state, Initiative(6, 1))
    m, w = state.players[0].field[0].uid, state.players[1].field[0].uid
    refused(state, Strike(m, w, True, (6, 6, 7)), "cannot come up")
    refused(state, Strike(m, w, True, (19,), total=True), "cannot come up on 3 dice")
    assert state.battle.acted == () and state.players[1].field[0].uid == w


def test_bad_draws_and_steps():
    state = start(deal=[Draw("gem", 4, seat=1)])
    refused(state, Draw("gem", 4), "already in front of bob")
    refused(state, Declare("light"), "draws first")
    refused(state, EndTurn(), "draws first")
    drawn = run(state, Draw("card"))
    refused(drawn, Draw("card"), "already drawn")
    refused(drawn, Enter((ORC,)), "declares a faction first")
    refused(run(drawn, Declare("light")), Enter((ORC,)), "neutral player takes a side")
    refused(drawn, Declare("dark", (knight(2),)), "never held in hand")
    refused(drawn, Declare("dark", (ORC, WARRIOR)), "never share a field")
    refused(run(drawn, Declare("dark", (ORC,))), Thief(False, 4, 3, 3), "dark player")


def test_events_round_trip_through_json_and_replay():
    state = start(deal=[Draw("knight", 2, knight(2), seat=0)])
    events = [Draw("card"), Declare("dark", (ORC, MAGE), whisper=True), EndTurn()]
    tl = Timeline.start(GAME, state)
    for e in events:
        tl = tl.record(e)
    stored = [decode(json.loads(json.dumps(encode(e))), EVENTS) for e in events]
    assert stored == events
    again = Timeline.replay(GAME, state, tuple(tl.entries), tl.cursor)
    assert again.state == tl.state and [c.knight for c in tl.state.dungeon] == [2]
    assert "whisper" in tl.entries[1].text and "Holy Knight 2" in tl.entries[1].text


def test_win_chance_is_seeded_and_states_its_precision():
    state = run(battle([MAGE], [WARRIOR]))  # each side's strike cannot miss: initiative decides
    est = attacker_wins(state, 20_000, random.Random(7))
    assert abs(est.chance - 0.5) < 4 * est.stderr + 1e-9
    assert est == attacker_wins(state, 20_000, random.Random(7))
    assert "95% interval" in est.words() and "20,000" in est.words()
    from companion.games.mm5.events import Initiative

    first = run(state, Initiative(6, 1))
    assert attacker_wins(first, 2_000, random.Random(1)).chance == 1.0


def test_the_core_never_imports_textual():
    code = "import sys, companion.games.mm5; assert 'textual' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_draw_family_is_called_deal_only_while_the_deal_is_placed() -> None:
    from companion.games.mm5.events import Begin

    state = GAME.setup(("Ann", "Bob"), {})
    titles = lambda s: {a.name: a.title for a in GAME.actions(s)}  # noqa: E731
    assert titles(state)["draw"] == "Deal"
    assert {name for name, title in titles(state).items() if title} == {"draw"}
    begun = GAME.apply(state, Begin(0))
    assert begun.phase != "deal" and titles(begun)["draw"] is None
