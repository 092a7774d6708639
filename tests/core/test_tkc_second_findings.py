"""What two whole 4-player games found (issue 26): the draw in the final round, the Attention!
checklist, a Backstab that also reads as a blocked Power Chop, and the wording. One test each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.tkc import GAME, rules, words
from companion.games.tkc.attack_line import read_attack
from companion.games.tkc.cards import DEFAULT_COLOURS
from companion.games.tkc.events import Attack, CountPile, Crown, CrystalBall, Discard, Draw, NextTurn, StartDraw
from companion.timeline import Timeline

R, B, G, Y = DEFAULT_COLOURS
FOUR = ("Ann", "Bob", "Cleo", "Dan")


def play(s, *events):
    for e in events:
        s = GAME.apply(s, e)
    return s


def drawn(names=FOUR):
    return play(GAME.setup(names, {}), StartDraw((5,) + (0,) * (len(names) - 1)), Draw())


def final_round(names=FOUR):
    """Ann draws the last 2 cards; the final round starts."""
    s = drawn(names)
    return play(replace(s, step="draw", draw_pile=2, discard=s.discard + s.draw_pile - 2), Draw())


def test_2_a_draw_in_the_final_round_says_the_pile_is_empty():
    s = play(final_round(), Attack(0, 1, (R,), "hit"), NextTurn())
    assert s.draw_pile == 0 and s.active == 1
    with pytest.raises(Rejected) as info:
        GAME.apply(s, Draw())
    assert "draw pile is empty" in info.value.reason
    assert "already drawn" not in info.value.reason
    assert "draw pile is empty" in rules.why_closed(s, "draw"), "the d key says the same"


def test_4_attention_ticks_the_attack_only_after_both_phases():
    s = play(drawn(), Crown("attention"), Discard("sword", 1))
    [_, relic, act] = GAME.view(s).checklist
    assert relic[1] and not act[1], act
    assert "1 of 2" in act[0]
    s = play(s, Discard("sword", 1))
    assert GAME.view(s).checklist[2][1]


def test_5_a_backstab_that_also_reads_as_a_blocked_power_chop_says_so():
    s = drawn()
    line = read_attack(s, "2bbbbb")
    assert line.cards == (B,) * 5 and line.event is None, "read as a Backstab, its outcome asked next"
    assert "Power Chop" in line.note and "2 blue shields" in line.note
    assert read_attack(s, "2 bbbbb").note, "the same letters with a space read the same"
    assert not read_attack(s, "2rrrrr").note, "r is no outcome: one reading"


def test_6_the_lay_down_question_reads_right():
    s = drawn()
    question = words.lay_down_question(s)
    assert "(2, or all it has)" not in question
    assert "2 each, or all they hold" in question


def test_6_the_pass_question_reads_right():
    s = drawn()
    question = words.pass_question(s)
    assert "or be discard." not in question
    assert "none of them can attack or be discarded" in question
    s = replace(s, draw_pile=0, final_left=3)
    assert "none of them can attack." in words.pass_question(s)


@pytest.mark.parametrize(
    ("pile", "said"), [(1, "draws the last card and keeps it"), (3, "draws 3, keeps 2, puts 1 back")]
)
def test_6_a_crystal_ball_draw_from_a_short_pile_says_what_happened(pile, said):
    s = drawn()
    s = replace(s, draw_pile=pile, discard=s.discard + s.draw_pile - pile)
    after = GAME.apply(s, CrystalBall("draw"))
    line = GAME.describe(s, CrystalBall("draw"), after)
    assert said in line and "draw 4, keep 2" not in line


def test_6_final_count_actions_are_filed_under_the_final_count():
    s = final_round(("Ann", "Bob"))
    tl = Timeline.start(GAME, GAME.setup(("Ann", "Bob"), {}))
    for e in (
        Attack(0, 1, (R,), "hit"),
        NextTurn(),
        Attack(1, 0, (R,), "hit"),
        NextTurn(),
        Attack(0, 1, (R,), "hit"),
        NextTurn(),
    ):
        s = GAME.apply(s, e)
    assert s.over
    tl = Timeline.start(GAME, s)
    tl = tl.record(CountPile(0, s.piles[0]))
    assert tl.entries[-1].turn.endswith("final count"), tl.entries[-1].turn
    assert "Ann" not in tl.entries[-1].turn and "Bob" not in tl.entries[-1].turn
