"""Issue 39 in the core: each item's rule, held by the core (the screens only render it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.events import Attack, Declare, Draw, EndTurn, Initiative, Strike
from companion.games.mm5.odds import attack_roll
from tests.core.test_mm5_rulings import run, start


def battle(defender: tuple) -> object:
    """Ann (Dark: two Orcs, 4 physical dice together) attacks Bob (Light: `defender`); Ann strikes first."""
    orc = ("Orc", "orc", 2, 3, 0, 2, 0)
    state = start(("Ann", "Bob"))
    state = run(state, Draw("card"), Declare("dark", (orc, orc)), EndTurn())
    state = run(state, Draw("card"), Declare("light", (defender,)), EndTurn())
    return run(state, Draw("card"), Declare("dark"), Attack(1), Initiative(6, 1))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 12))
def test_a_strike_with_no_dice_entered_stands_exactly_when_it_cannot_miss(pdef):
    """Any defence against the two Orcs' 4 dice: no dice entered is a hit when every roll hits,
    and refused (the dice are asked) otherwise."""
    state = battle(("Warrior", "companion", 3, pdef, 1, 2, 0))
    striker, target = state.players[0].field[0].uid, state.players[1].field[0].uid
    roll = attack_roll(4, pdef)
    every_roll_hits = all(roll.succeeds(t) for t in range(4, 25))
    try:
        after = GAME.apply(state, Strike(striker, target, False, ()))
    except Rejected:
        assert not every_roll_hits
    else:
        assert every_roll_hits and not after.players[1].field


@pytest.mark.parametrize(("pdef", "sure"), [(4, True), (5, False)])
def test_mm5_a_sure_hit_records_without_dice(pdef, sure):
    state = battle(("Warrior", "companion", 3, pdef, 1, 2, 0))
    striker = state.players[0].field[0].uid
    target = state.players[1].field[0].uid
    if not sure:
        with pytest.raises(Rejected):
            GAME.apply(state, Strike(striker, target, False, ()))
        return
    after = GAME.apply(state, Strike(striker, target, False, ()))
    assert after.battle is None and not after.players[1].field
    assert "a sure hit" in GAME.describe(state, Strike(striker, target, False, ()), after)


# -- tkc: one reading of a colour letter after b, for every attack ------------------------------

TKC_ATTACKS = {"poke": "r", "swing": "rb", "thrust": "rr", "power-chop": "rrr"}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(TKC_ATTACKS)), st.sampled_from("rbgy"))
def test_tkc_one_colour_letter_after_b_is_every_shield_the_block_takes_in_that_colour(attack, letter):
    """`b g` and `b r` read alike on every attack: the letter is all the shields the block
    takes, of that colour; the rules then take or refuse that block, saying why."""
    from companion.games.tkc.cards import classify
    from companion.games.tkc.notation import read_attack
    from tests.core.test_tkc_attack_line import drawn

    state = drawn()
    cards = read_attack(state, f"2 {TKC_ATTACKS[attack]}").cards
    row = classify(cards, state.poke_unblockable)
    colour = next(c for c in state.colours if c[0] == letter)
    try:
        line = read_attack(state, f"2 {TKC_ATTACKS[attack]} b {letter}")
    except Rejected as exc:
        assert row.shield_colour == "same" and colour != cards[0], exc.reason
        assert f"b {cards[0][0]}" in exc.reason, "the refusal says what the letter stands for"
        assert "exactly" not in exc.reason
    else:
        assert line.event.defence == (colour,) * row.shields


def test_tkc_no_earlier_table_shows_hands_under_the_terse_log_and_the_final_count_shows_all():
    from companion.games.tkc import GAME as TKC
    from companion.games.tkc.events import Attack as TkcAttack
    from companion.games.tkc.events import Draw as TkcDraw
    from companion.games.tkc.events import NextTurn, StartDraw
    from companion.timeline import Timeline

    tl = Timeline.start(TKC, TKC.setup(("Lia", "Mo"), {}))
    for e in (StartDraw((5, 0)), TkcDraw(), TkcAttack(0, 1, ("red", "red"), "hit"), NextTurn(), TkcDraw()):
        tl = tl.record(e)
    for position in range(1, tl.cursor):
        assert all(cell == "—" for row in tl.view_of(position).rows for cell in row.cells), position
    assert all(cell.isdigit() for row in tl.view_of().rows for cell in row.cells), "now: the hands"
    open_tl = Timeline.start(TKC, TKC.setup(("Lia", "Mo"), {"terse_log": False}))
    for e in (StartDraw((5, 0)), TkcDraw()):
        open_tl = open_tl.record(e)
    assert all(cell.isdigit() for row in open_tl.view_of(1).rows for cell in row.cells), "no terse log: whole"
