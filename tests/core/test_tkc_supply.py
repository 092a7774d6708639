"""Issue 26: the supply check knows the discard pile. Crowns, crystal balls and swords played
for a command, laid down or discarded count against the box as surely as those in score piles;
a crystal ball's "take" names the card that came back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.tkc import GAME, cards
from companion.games.tkc.cards import DEFAULT_COLOURS
from companion.games.tkc.events import Attack, Crown, CrystalBall, Discard, Draw, NextTurn, StartDraw

R, B, G, Y = DEFAULT_COLOURS


def play(s, *events):
    for e in events:
        s = GAME.apply(s, e)
    return s


def drawn(names=("Ann", "Bob")):
    return play(GAME.setup(names, {}), StartDraw((5,) + (0,) * (len(names) - 1)), Draw())


def test_a_ninth_crown_is_refused_after_eight_abdications():
    s = drawn()
    for _ in range(8):
        s = play(s, Crown("abdication"), NextTurn(), Draw())
    for command in (Crown("attention"), Crown("fear", target=1), Crown("aid", target=1, counts=(2,))):
        with pytest.raises(Rejected, match="The game has 8 crowns and all 8 are used"):
            GAME.apply(s, command)


def test_crowns_played_for_commands_count_against_the_box():
    s = drawn()
    for _ in range(8):
        s = play(s, Crown("attention"), Discard("sword", 1), Discard("sword", 1), NextTurn(), Draw())
    assert s.discarded[cards.CROWN] == 8
    with pytest.raises(Rejected, match="8 crowns"):
        GAME.apply(s, Crown("abdication"))


def test_swords_in_the_discard_pile_count_against_the_box():
    s = drawn()
    s = replace(s, piles=((30, 0, 0, 0, 0, 0), (20, 0, 0, 0, 0, 0)))
    s = play(s, Discard("sword", 3))  # 53 of 56 swords used
    assert s.discarded[cards.SWORD] == 3
    with pytest.raises(Rejected, match="The game has 56 swords and 53 are used"):
        GAME.apply(replace(s, actions_left=1), Attack(0, 1, (R, B, G, Y), "hit"))
    GAME.apply(replace(s, actions_left=1), Attack(0, 1, (R, R, R), "hit"))  # the last three
    s = play(replace(s, actions_left=1), Discard("sword", 3))
    with pytest.raises(Rejected, match="The game has 56 swords and all 56 are used"):
        GAME.apply(play(s, NextTurn(), Draw()), Attack(1, 0, (R,), "hit"))


def test_laid_down_swords_count_against_the_box():
    s = drawn(("Ann", "Bob", "Cleo"))
    s = replace(s, piles=((25, 0, 0, 0, 0, 0), (25, 0, 0, 0, 0, 0), (0,) * 6))
    s = play(s, Crown("lay-down", counts=(0, 2, 2)))
    assert s.discarded[cards.SWORD] == 4
    with pytest.raises(Rejected, match="The game has 56 swords and 54 are used"):
        GAME.apply(s, Attack(0, 1, (R, R, R), "hit"))
    GAME.apply(s, Attack(0, 1, (R, R), "hit"))


def test_a_relic_discarded_by_name_counts_as_that_relic():
    s = drawn()
    s = replace(s, piles=((0, 0, 7, 0, 0, 0), (0,) * 6))
    s = play(s, Discard("relic", 1, "crown"))
    assert s.discarded[cards.CROWN] == 1
    with pytest.raises(Rejected, match="8 crowns"):
        GAME.apply(play(s, NextTurn(), Draw()), Crown("attention"))


def test_relics_discarded_without_a_name_count_against_all_relics():
    s = drawn()
    s = replace(s, piles=((0, 0, 8, 0, 0, 8), (0,) * 6), discarded=(0, 0, 0, 0, 7, 0))
    s = play(s, Discard("relic", 1))  # the last relic: the 8th crystal ball
    assert s.relics_discarded == 1
    with pytest.raises(Rejected, match="24 relics"):
        GAME.apply(play(s, NextTurn(), Draw()), Discard("relic", 1))


def test_a_crystal_ball_take_brings_back_the_card_it_names():
    s = drawn()
    s = play(s, Crown("attention"), Discard("sword", 2), Discard("relic", 1, "crown"), NextTurn(), Draw())
    assert s.discarded[cards.SWORD] == 2 and s.discarded[cards.CROWN] == 2
    s2 = play(s, CrystalBall("take", card="crown"))
    assert s2.discarded[cards.CROWN] == 1 and s2.discarded[cards.BALL] == 1
    assert s2.hands[1] == s.hands[1], "a ball played, a crown taken back"
    with pytest.raises(Rejected, match="no shield"):
        GAME.apply(s, CrystalBall("take", card="shield"))
    with pytest.raises(Rejected, match="sword, shield, crown, crystal ball or Excalibur"):
        GAME.apply(s, CrystalBall("take", card="gold"))


def test_an_old_take_without_a_name_leaves_room_for_any_kind():
    """Logs recorded before the take named its card replay: the unnamed card loosens each check by one."""
    s = drawn()
    s = play(s, Crown("attention"), Discard("sword", 1), Discard("sword", 1), NextTurn(), Draw())
    s = play(s, CrystalBall("take"))
    assert s.taken_unnamed == 1
    s = replace(s, piles=((0, 0, 6, 0, 0, 0), (0,) * 6))  # 6 scored + 1 used: the 8th is free, and one more
    GAME.apply(s, Discard("relic", 1, "crown"))


@pytest.mark.parametrize(
    ("typed", "event"),
    [
        ("5", Discard("relic", 1)),
        ("relic", Discard("relic", 1)),
        ("crown", Discard("relic", 1, "crown")),
        ("ball", Discard("relic", 1, "crystal ball")),
        ("x", Discard("relic", 1, "excalibur")),
        ("2 swords", Discard("sword", 2)),
    ],
)
def test_a_relic_typed_by_name_keeps_its_name(typed, event):
    from companion.games.tkc.notation import read_discard

    assert read_discard(typed) == event


@pytest.mark.parametrize(
    ("typed", "kind"), [("crown", "crown"), ("Swords", "sword"), ("x", "excalibur"), ("ball", "crystal ball")]
)
def test_what_a_take_brought_back_is_one_word(typed, kind):
    from companion.games.tkc.notation import parse_kind

    assert parse_kind(typed) == kind
    with pytest.raises(Rejected, match="not a kind of card"):
        parse_kind("gold")


def test_a_relic_by_a_wrong_name_is_refused():
    with pytest.raises(Rejected, match="'sword' is no relic: a relic is a crown, a crystal ball or Excalibur"):
        GAME.apply(drawn(), Discard("relic", 1, "sword"))


def test_a_take_of_an_unnamed_relic_comes_from_the_relics_discarded_without_a_name():
    s = play(drawn(), Discard("relic", 1), NextTurn(), Draw())
    assert s.relics_discarded == 1 and s.discarded == (0,) * 6
    s = play(s, CrystalBall("take", card="excalibur"))
    assert s.relics_discarded == 0 and s.discarded[cards.BALL] == 1 and s.discard == 1
    with pytest.raises(Rejected, match="The discard pile holds no crown: nothing of that kind to take back"):
        GAME.apply(play(s, Discard("sword", 1), NextTurn(), Draw()), CrystalBall("take", card="crown"))


def test_the_draw_and_the_look_put_the_ball_on_the_discard_pile():
    s = drawn(("Ann", "Bob", "Cleo"))
    assert play(s, CrystalBall("draw")).discarded[cards.BALL] == 1
    assert play(s, CrystalBall("look", 1)).discarded[cards.BALL] == 1
    assert play(s, Discard("shield", 1)).discarded[cards.SHIELD] == 1
    assert play(s, Crown("attention")).discarded[cards.CROWN] == 1
    assert play(s, Crown("abdication")).discarded == (0,) * 6, "an abdicated crown is scored, not discarded"


def test_the_ninth_crystal_ball_is_refused():
    s = replace(drawn(), discarded=(0, 0, 0, 0, 8, 0), discard=8, draw_pile=drawn().draw_pile - 8)
    with pytest.raises(Rejected, match="The game has 8 crystal balls and all 8 are used"):
        GAME.apply(s, CrystalBall("draw"))
