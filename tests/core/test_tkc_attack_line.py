"""One attack line: everything it says is checked at once, and the outcome prompt offers only
what this attack can have, with examples built from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.tkc import GAME, rules
from companion.games.tkc.attack_line import AttackLine, attack_text, outcome_examples, read_attack
from companion.games.tkc.cards import DEFAULT_COLOURS, EXCALIBUR, classify
from companion.games.tkc.events import Attack, Draw, StartDraw

R, B, G, Y = DEFAULT_COLOURS


def drawn(**options):
    s = GAME.setup(("Ann", "Bob", "Cleo"), options)
    return GAME.apply(GAME.apply(s, StartDraw((5, 0, 0))), Draw())


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("2 rr h g", Attack(0, 1, (R, R), "hit", (), True)),
        ("2rrhg", Attack(0, 1, (R, R), "hit", (), True)),
        ("bob rr hit gold", Attack(0, 1, (R, R), "hit", (), True)),
        ("3 r h", Attack(0, 2, (R,), "hit")),
        ("2 rb b y", Attack(0, 1, (R, B), "block", (Y,))),
        ("2rbby", Attack(0, 1, (R, B), "block", (Y,))),  # b is blue and block: the rules settle it
        ("2 r b r", Attack(0, 1, (R,), "block", (R,))),
        ("2 ggg b gg", Attack(0, 1, (G, G, G), "block", (G, G))),
        ("2 x p x", Attack(0, 1, (EXCALIBUR,), "parry", (EXCALIBUR,))),
        ("2 r r p r r", Attack(0, 1, (R, R), "parry", (R, R))),
        ("cleo red red block red", Attack(0, 2, (R, R), "block", (R,))),
    ],
)
def test_the_whole_attack_in_one_line(text, event):
    line = read_attack(drawn(), text)
    assert line.event == event
    GAME.apply(drawn(), line.event)  # and the core takes it


@pytest.mark.parametrize(
    ("text", "cards"), [("bob r r", (R, R)), ("2 rb", (R, B)), ("bob rrr", (R, R, R)), ("3x", (EXCALIBUR,))]
)
def test_the_two_step_form_stays(text, cards):
    line = read_attack(drawn(), text)
    assert line.event is None and line.cards == cards


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1 rr", "another player than Ann"),  # an attack on yourself, refused before any outcome
        ("ann rr h", "another player than Ann"),
        ("2 rrg", "forms no attack"),
        ("2 rr b b", "blocked only by red shields"),
        ("2 yyyyy b y", "No shield blocks a Backstab"),
        ("2 yyyyy p yyyyy", "cannot be parried"),
        ("2 r h g", "Poke takes no gold"),
        ("2 x b x", "Excalibur cannot block an Excalibur"),
        ("2", "defender, then the cards"),
        ("zed rr", "no player 'zed'"),
    ],
)
def test_refused_lines_say_why(text, reason):
    with pytest.raises(Rejected, match=reason):
        read_attack(drawn(), text)


def test_more_cards_than_in_hand_is_refused_at_the_first_prompt():
    s = replace(drawn(), hands=(2, 8, 8), draw_pile=drawn().draw_pile + 6)
    with pytest.raises(Rejected, match="Ann holds only 2 cards"):
        read_attack(s, "2 rrr")


def test_swords_beyond_the_supply_are_refused_at_the_first_prompt():
    s = drawn()
    piles = ((0, 0, 0, 0, 0, 8), (55, 0, 0, 0, 0, 0), (0,) * 6)
    s = replace(s, piles=piles, draw_pile=s.draw_pile - 63)
    with pytest.raises(Rejected, match="all 8 are used"):
        read_attack(s, "2 x")
    with pytest.raises(Rejected, match="The game has 56 swords and 55"):
        read_attack(s, "2 rr")
    assert read_attack(s, "2 r").event is None  # one sword is still possible


def labels(s, text):
    return dict(outcome_examples(s, read_attack(s, text)))


def test_outcomes_offered_are_those_this_attack_can_have():
    s = drawn()
    assert labels(s, "2 rr") == {
        "h": "hit",
        "h g": "hit, Bob gives a gold bag",
        "b": "block with a red shield",
        "b x": "block with Excalibur",
        "p": "parry with the same swords",
    }
    assert list(labels(s, "2 ggg")) == ["h", "h g", "b", "b x", "p"]
    assert labels(s, "2 ggg")["b"] == "block with 2 green shields"
    assert list(labels(s, "2 yyyyy")) == ["h", "h g"], "never block or parry for a Backstab"
    assert list(labels(s, "2 x")) == ["h", "h g", "p"], "Excalibur is parried with p (x), never p e"
    assert list(labels(s, "2 rbgy")) == ["h", "h g", "b", "p"], "only Excalibur blocks a Combination: b alone"
    assert list(labels(s, "2 r")) == ["h", "b r", "b x", "p"], "a Poke takes no gold"
    poke = drawn(poke_unblockable=True)
    assert list(labels(poke, "2 r")) == ["h", "p"]


def test_outcomes_follow_the_defenders_hand_and_the_supply():
    s = drawn()
    one = replace(s, hands=(8, 1, 6), draw_pile=s.draw_pile + 5)
    assert list(labels(one, "2 ggg")) == ["h", "h g", "b x"], "two shields or a parry of 3 need more cards"
    with pytest.raises(Rejected, match="Bob holds only 1 card, not enough for the block"):
        read_attack(one, "2 ggg b")  # b alone is still the 2 shields
    empty = replace(s, hands=(8, 0, 6), draw_pile=s.draw_pile + 6)
    assert list(labels(empty, "2 rr")) == ["h"]
    excal = replace(s, piles=((0, 0, 0, 0, 0, 7), (0,) * 6, (0,) * 6), draw_pile=s.draw_pile - 7)
    assert "p" not in labels(excal, "2 x"), "an Excalibur parry needs 2 of the 8 copies"
    assert rules.outcomes(excal, 1, classify((EXCALIBUR,)), (EXCALIBUR,)) == ("hit", "hit-gold")


def test_the_outcome_prompt_starts_from_the_attack():
    s = drawn()
    assert attack_text(s, AttackLine(1, (R, B))) == "Bob rb "
    spaced = GAME.apply(GAME.apply(GAME.setup(("Ann", "Mary Lou"), {}), StartDraw((5, 0))), Draw())
    assert attack_text(spaced, AttackLine(1, (EXCALIBUR,))) == "2 x "
    assert read_attack(spaced, "2 x h g").event == Attack(0, 1, (EXCALIBUR,), "hit", (), True)
