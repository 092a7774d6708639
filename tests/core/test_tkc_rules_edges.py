"""The King Commands' rules at their edges, sentence by sentence: why a closed key is closed,
the final count's refusals, and the outcomes an attack can still have at each boundary of the
hand and the supply (the mutation run on tkc/rules.py and counts.py reads these)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.tkc import GAME, rules
from companion.games.tkc.cards import DEFAULT_COLOURS, EXCALIBUR, classify
from companion.games.tkc.events import Attack, CountPile, Crown, CrystalBall, Discard, Draw, NextTurn, StartDraw

R, B, G, Y = DEFAULT_COLOURS
X = EXCALIBUR


def play(s, *events):
    for e in events:
        s = GAME.apply(s, e)
    return s


def fresh():
    return GAME.setup(("Ann", "Bob"), {})


def drawn():
    return play(fresh(), StartDraw((5, 0)), Draw())


def over():
    s = drawn()
    return replace(s, step="over")


@pytest.mark.parametrize(
    ("state", "family", "reason"),
    [
        (fresh(), "draw", "First find the start player (s): enter the corner value of each player's card."),
        (over(), "draw", "The game is over: count the score piles (f)."),
        (replace(over(), confirmed=(True, True)), "count", "Every pile is counted."),
        (drawn(), "start", "The start player is already Ann."),
        (drawn(), "draw", "Ann has already drawn this turn."),
        (
            drawn(),
            "next",
            "Ann must attack or discard first, or p to pass (only if Ann cannot).",
        ),
        (drawn(), "count", "Score piles are counted when the game is over."),
        (play(drawn(), Discard("sword", 1)), "act", "Ann has already attacked or discarded; end the turn."),
        (play(drawn(), Discard("sword", 1)), "pass", "Ann has nothing left to give up: n ends the turn."),
        (play(drawn(), Crown("abdication")), "pass", "Ann has nothing left to give up: n ends the turn."),
        (play(drawn(), Crown("abdication")), "act", "Abdication skips the attack/discard phase this turn."),
        (
            play(drawn(), CrystalBall("draw")),
            "relic",
            "Only one crown or crystal ball per turn: Ann has used one already.",
        ),
        (replace(drawn(), hands=(0, 6)), "discard", "Ann holds only 0 cards, not enough for that discard."),
        (replace(drawn(), step="draw"), "pass", "Ann draws 2 first."),
        (drawn(), "act", "Not open now."),
    ],
)
def test_why_a_key_is_closed(state, family, reason):
    assert rules.why_closed(state, family) == reason


def test_the_final_count_refuses_with_reasons():
    s = over()
    with pytest.raises(Rejected, match=r"^There is no player 3\.$"):
        GAME.apply(s, CountPile(2, (0,) * 6))
    with pytest.raises(Rejected, match=r"^There is no player 0\.$"):
        GAME.apply(s, CountPile(-1, (0,) * 6))
    message = "Count six numbers, none negative: sword, shield, crown, gold, crystal ball, Excalibur."
    with pytest.raises(Rejected) as info:
        GAME.apply(s, CountPile(0, (0,) * 5))
    assert info.value.reason == message
    with pytest.raises(Rejected) as info:
        GAME.apply(drawn(), CountPile(0, (0,) * 6))
    assert info.value.reason == "Score piles are counted when the game is over."


def test_laying_down_more_than_held_says_so():
    s = replace(play(fresh(), StartDraw((5, 0))), hands=(6, 1), step="relic")
    with pytest.raises(Rejected) as info:
        GAME.apply(replace(s, draw_pile=s.draw_pile + 5), Crown("lay-down", counts=(0, 2)))
    assert info.value.reason == "Bob holds only 1 card, not enough for laying down 2 swords."


def outcomes(state, attack, defender=1):
    return rules.outcomes(state, defender, classify(attack), attack)


def test_no_gold_is_offered_once_all_twelve_are_scored():
    s = drawn()
    assert "hit-gold" in outcomes(replace(s, piles=((0, 0, 0, 11, 0, 0), (0,) * 6)), (R, R))
    assert "hit-gold" not in outcomes(replace(s, piles=((0, 0, 0, 12, 0, 0), (0,) * 6)), (R, R))


def test_a_block_or_parry_needs_exactly_enough_cards_in_hand():
    s = drawn()
    two = replace(s, hands=(8, 2))
    assert "block" in outcomes(two, (G, G, G)), "2 cards: 2 shields"
    assert "parry" in outcomes(two, (R, R)), "2 cards: a parry of 2"
    assert "parry" not in outcomes(two, (G, G, G))


def test_the_supply_bounds_of_each_defence():
    s = drawn()
    last_x = replace(s, piles=((0, 0, 0, 0, 0, 7), (0,) * 6))
    assert "block-x" in outcomes(last_x, (R, R)), "the 8th Excalibur can still block"
    assert "parry" in outcomes(last_x, (R, R)), "a sword parry needs swords, not Excalibur"
    assert "parry" not in outcomes(replace(s, piles=((0, 0, 0, 0, 0, 8), (0,) * 6)), (X,))
    assert "parry" in outcomes(replace(s, piles=((0, 0, 0, 0, 0, 6), (0,) * 6)), (X,)), "2 left: a parry"
    swords = replace(s, piles=((52, 0, 0, 0, 0, 0), (0,) * 6))
    assert "parry" in outcomes(swords, (R, R)), "4 swords left: 2 attack, 2 parry"
    assert "parry" not in outcomes(replace(s, piles=((53, 0, 0, 0, 0, 0), (0,) * 6)), (R, R))
    assert "parry" not in outcomes(replace(s, piles=((51, 0, 0, 0, 0, 0), (0,) * 6)), (R, R, R))
    shields = replace(s, piles=((0, 14, 0, 0, 0, 0), (0,) * 6))
    assert "block" in outcomes(shields, (G, G, G)), "the last 2 shields"
    assert "block" not in outcomes(replace(s, piles=((0, 15, 0, 0, 0, 0), (0,) * 6)), (G, G, G))


@pytest.mark.parametrize("name", ["crown", "crystal ball", "excalibur"])
def test_each_relic_by_name_is_discarded_as_itself(name):
    s = play(drawn(), Discard("relic", 1, name))
    assert sum(s.discarded) == 1 and s.relics_discarded == 0


def test_the_draw_after_a_turn_and_a_parry():
    s = play(drawn(), Attack(0, 1, (R,), "parry", (R,)), NextTurn())
    assert s.step == "draw" and s.piles == ((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))


def aside(s, **kw):
    return replace(s, **kw)


@pytest.mark.parametrize(
    ("state", "event", "reason"),
    [
        (
            aside(drawn(), piles=((54, 0, 0, 0, 0, 0), (0,) * 6)),
            Attack(0, 1, (R, R, R), "hit"),
            "The game has 56 swords and 54 are used (in score piles or the discard pile): there are not 3 more.",
        ),
        (
            aside(play(drawn(), Crown("attention")), piles=((0, 0, 0, 12, 0, 0), (0,) * 6), actions_left=1),
            Attack(0, 1, (R, R), "hit", (), True),
            "All 12 gold bags are already in score piles: there is none to take.",
        ),
        (
            aside(drawn(), hands=(8, 0)),
            Crown("fear", 1, (), True),
            "Bob holds only 0 cards, not enough for a gold bag.",
        ),
        (
            drawn(),
            Crown("bow"),
            "The crown's commands are: Lay down your swords!, Attention!, Fear my mighty sword!, Give me your aid!, "
            "Abdication.",
        ),
        (drawn(), Crown("fear"), "Choose the opponent: one of Ann, Bob."),
        (
            drawn(),
            Crown("aid", 1, (1, 1)),
            "Give me your aid! moves 2 cards (fewer only if the rest are gold): enter 0, 1 or 2.",
        ),
        (aside(drawn(), hands=(8, 1)), Crown("aid", 1, (2,)), "Bob holds only 1 card, not enough for giving 2 cards."),
        (
            drawn(),
            Crown("lay-down", counts=(2, 2)),
            "Enter the swords each opponent laid down (the crown's owner lays down none).",
        ),
        (
            drawn(),
            CrystalBall("take", card="sword"),
            "The discard pile holds only the crystal ball just played: nothing to take back.",
        ),
        (
            drawn(),
            CrystalBall("peek"),
            "A crystal ball does one of: draw 4 keep 2, take 1 from the discard, look at a hand.",
        ),
        (play(fresh(), StartDraw((5, 0))), NextTurn(), "Ann has not drawn yet: draw 2 first."),
    ],
)
def test_each_refusal_says_exactly_why(state, event, reason):
    with pytest.raises(Rejected) as info:
        GAME.apply(state, event)
    assert info.value.reason == reason


def test_a_discard_takes_the_last_card_of_the_pile():
    s = aside(drawn(), draw_pile=1, discard=drawn().draw_pile - 1)
    s = play(s, Discard("sword", 1))
    assert s.draw_pile == 0 and s.final_left == 2


def test_the_round_turns_at_the_start_player():
    s = play(fresh(), StartDraw((0, 5)), Draw(), Discard("sword", 1), NextTurn())
    assert (s.active, s.round) == (0, 1)
    s = play(s, Draw(), Discard("sword", 1), NextTurn())
    assert (s.active, s.round) == (1, 2)
