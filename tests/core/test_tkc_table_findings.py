"""What a table found playing whole games: each kind's copies checked per action, and the five
smaller things (relics by name, pass, the final-round checklist, the phase after Abdication,
wording). One test each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.tkc import GAME, cards
from companion.games.tkc.cards import DEFAULT_COLOURS, EXCALIBUR
from companion.games.tkc.events import Attack, Crown, Discard, Draw, NextTurn, StartDraw
from companion.games.tkc.notation import parse_discard
from companion.games.tkc.words import pile_words

R, B, G, Y = DEFAULT_COLOURS
X = EXCALIBUR


def play(s, *events):
    for e in events:
        s = GAME.apply(s, e)
    return s


def drawn(names=("Ann", "Bob")):
    return play(GAME.setup(names, {}), StartDraw((5,) + (0,) * (len(names) - 1)), Draw())


def test_excalibur_copies_are_checked_at_each_parry_not_at_the_final_count():
    """Six Excalibur parries would put 12 Excalibur cards in score piles; the game has 8."""
    s = drawn()
    for _ in range(4):  # 4 parries: 8 Excalibur cards, every copy
        s = play(s, Attack(s.active, 1 - s.active, (X,), "parry", (X,)), NextTurn(), Draw())
    assert sum(p[cards.EXCAL] for p in s.piles) == 8
    with pytest.raises(Rejected, match="The game has 8 Excalibur cards and all 8 are used") as info:
        GAME.apply(s, Attack(s.active, 1 - s.active, (X,), "parry", (X,)))
    assert "Excalibur" in info.value.reason


def test_shield_copies_are_checked_when_a_block_is_recorded():
    s = drawn()
    s = replace(s, piles=((0, 8, 0, 0, 0, 0), (0, 7, 0, 0, 0, 0)), draw_pile=s.draw_pile - 15)
    GAME.apply(s, Attack(0, 1, (R,), "block", (B,)))  # the 16th shield
    with pytest.raises(Rejected, match=r"The game has 16 shields and 15 are used .*: there are not 2 more"):
        GAME.apply(s, Attack(0, 1, (G, G, G), "block", (G, G)))
    GAME.apply(s, Attack(0, 1, (G, G, G), "hit"))  # a hit still goes


def test_crown_copies_are_checked_at_each_abdication():
    s = drawn()
    for _ in range(8):
        s = play(s, Crown("abdication"), NextTurn(), Draw())
    with pytest.raises(Rejected, match="The game has 8 crowns and all 8 are used"):
        GAME.apply(s, Crown("abdication"))


@pytest.mark.parametrize("name", ["crown", "excalibur", "ball", "crystal ball", "x"])
def test_1_relics_by_name_are_discarded_as_relics(name):
    assert parse_discard(name) == ("relic", 1)
    s = play(drawn(), Discard(*parse_discard(name)))
    assert s.hands[0] == 8 - 1 + 5, "a relic draws 5"


def test_3_the_final_round_checklist_has_no_discard():
    s = drawn()
    s = replace(s, draw_pile=0, discard=s.discard + s.draw_pile, final_left=2)
    [_, _, act] = GAME.view(s).checklist
    assert act == ("Attack (no discard: the draw pile is empty)", False)
    with pytest.raises(Rejected, match="draw pile is empty"):
        GAME.apply(s, Discard("sword", 1))
    assert GAME.view(drawn()).checklist[2] == ("Attack or discard", False)


def test_4_the_phase_after_an_abdication_is_the_end_of_the_turn():
    s = play(drawn(), Crown("abdication"))
    assert GAME.view(s).phase == "end of turn"
    assert GAME.rules_phase(s) == "relic", "the rules open on the crown's section"
    assert GAME.rules_phase(s) in GAME.rules_phases
    after_attack = play(drawn(), Attack(0, 1, (R,), "hit"))
    assert GAME.view(after_attack).phase == "end of turn" and GAME.rules_phase(after_attack) == "attack"


def test_5_wording():
    assert GAME.view(GAME.setup(("Ann", "Bob"), {})).turn == "", "no 'setup's turn' before a start player"
    with pytest.raises(Rejected) as info:
        GAME.apply(drawn(), Attack(0, 1, (Y,) * 5, "parry", (Y,) * 5))
    assert info.value.reason.startswith("A Backstab cannot be parried")
    three = drawn(("Ann", "Bob", "Cleo"))
    with pytest.raises(Rejected, match="2 swords, or all they hold: 0, 1 or 2, not 3 for Bob"):
        GAME.apply(three, Crown("lay-down", counts=(0, 3, 0)))
    s = drawn()
    blocked = Attack(0, 1, (G, G, G), "block", (G, G))
    assert GAME.describe(s, blocked, GAME.apply(s, blocked)).endswith("blocked with 2 green shields")
    assert pile_words((1, 0, 0, 3, 0, 2)) == "1 sword, 3 gold bags, 2 Excalibur cards"
    assert pile_words((0, 0, 0, 1, 0, 1)) == "1 gold bag, 1 Excalibur"


def test_closed_actions_say_why():
    from companion.games.tkc.rules import why_closed

    s = GAME.setup(("Ann", "Bob"), {})
    assert why_closed(s, "draw").startswith("First find the start player")
    s = play(s, StartDraw((5, 0)))
    assert why_closed(s, "act") == "Ann draws 2 first."
    s = replace(play(s, Draw()), draw_pile=0, discard=s.discard + s.draw_pile - 2, final_left=1)
    assert why_closed(s, "discard").startswith("The draw pile is empty")
    s = play(s, Attack(0, 1, (R,), "hit"))
    assert why_closed(s, "pass") == "Ann has nothing left to give up: n ends the turn."
    assert why_closed(s, "relic") == "The crown or crystal ball comes before the attack or discard, not after."
