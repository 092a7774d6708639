"""Seirei Kairo Drive: the card notation, the legality of a play, and how attacks are counted."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.skd.cards import (
    Card,
    attack_triggers,
    check_play,
    parse_card,
    parse_play,
    show_all,
)


def top(text: str | None) -> Card | None:
    return parse_card(text) if text else None


@pytest.mark.parametrize(
    "token, card",
    [
        ("g4", Card("g", (4,))),
        ("+b2", Card("b", (2,), extra=True)),
        ("b32", Card("b", (2, 3))),
        ("rg", Card("rg", ())),
        ("rg3", Card("rg", (3,))),
        ("g2**", Card("g", (2,), stars=2)),
        ("y1^", Card("y", (1,), lv=True)),
        ("G0", Card("g", (0,))),
    ],
)
def test_notation(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize(
    "token, words",
    [
        ("q4", "not a colour"),
        ("g5", "0 to 4"),
        ("gg2", "two different colours"),
        ("rg23", "two colours and two numbers"),
        ("g", "needs its number"),
        ("b22", "two different numbers"),
        ("4g", "not a card"),
    ],
)
def test_bad_notation_says_why(token, words):
    with pytest.raises(Rejected, match=words):
        parse_card(token)


LEGAL = [
    # (top, play) — ruling: match colour or number
    ("g2", "g3"),
    ("g2", "r2"),
    # same-number groups
    ("g2", "g3 r3 y3"),
    ("g2", "r2 b2 y2"),
    # dual-colour cards are both colours, both ways
    ("r3", "rg"),
    ("g3", "rg"),
    ("rg", "r1"),
    ("rg", "g4"),
    # dual-number cards match either number or their colour, both ways
    ("g2", "b23"),
    ("r3", "b23"),
    ("b4", "b23"),
    ("b23", "g2"),
    ("b23", "r3"),
    ("b23", "b4"),
    # after a 4, one extra card of the last 4's colour
    ("g2", "g4 r4 b4 +b2"),
    ("g1", "g4 +g0"),
    ("b23", "b4 +rb"),
    # an empty play pile takes anything
    (None, "y1"),
    (None, "r4 g4 +g3"),
]

ILLEGAL = [
    ("g2", "r3", "does not match the top card g2"),
    ("g2", "r3 g3", "Put the card that matches first"),
    ("g2", "g3 r4", "must show the same number"),
    ("b3", "rg", "does not match"),
    ("rg", "b1", "does not match"),
    ("y1", "b23", "does not match"),
    ("b23", "y1", "does not match"),
    ("g2", "g4 r4 b4 +g2", "must be blue"),
    ("g2", "g4 +g1 +g2", "Only one extra card"),
    ("g2", "g3 +g1", "only allowed after a 4"),
    ("g2", "+g1", "needs a 4"),
    ("g2", "g4 +g1 g1", "played last"),
]


@pytest.mark.parametrize("top_card, play", LEGAL)
def test_legal_plays(top_card, play):
    check_play(top(top_card), parse_play(play))


@pytest.mark.parametrize("top_card, play, words", ILLEGAL)
def test_illegal_plays_give_the_reason(top_card, play, words):
    with pytest.raises(Rejected, match=words):
        check_play(top(top_card), parse_play(play))


def test_a_dual_number_card_in_a_group_of_threes_is_not_a_four():
    check_play(None, parse_play("b34 r3"))
    with pytest.raises(Rejected, match="only allowed after a 4"):
        check_play(None, parse_play("b34 r3 +r1"))


def test_attacks_per_card_the_rulings_example():
    # green 4, red 4, blue 4 + blue → green ×1, red ×1, blue ×2
    assert attack_triggers(parse_play("g4 r4 b4 +b2"), per_colour=False) == ("g", "r", "b", "b")


def test_attacks_per_distinct_colour_variant():
    cards = parse_play("g3 g3 y3")
    assert attack_triggers(cards, per_colour=False) == ("g", "g", "y")
    assert attack_triggers(cards, per_colour=True) == ("g", "y")
    # the extra card still adds its attack under the variant
    assert attack_triggers(parse_play("g4 g4 +g1"), per_colour=True) == ("g", "g")


def test_dual_colour_card_attacks_with_both_colours():
    assert attack_triggers(parse_play("rg"), per_colour=False) == ("rg",)


def test_easy_mode_has_no_zeros_or_fours():
    with pytest.raises(Rejected, match="Easy mode"):
        parse_play("g4", easy=True)
    with pytest.raises(Rejected, match="Easy mode"):
        parse_play("b34", easy=True)
    assert show_all(parse_play("g2 b23", easy=True)) == "g2 b23"


def test_the_per_colour_ruling_text_says_what_the_code_does():
    """Bug 8: read literally, the variant's text made green 4, red 4, blue 4 + blue blue ×1."""
    from collections import Counter

    from rulesdb.texts import load_all

    text = next(s.text for s in load_all() if s.id == "skd.ruling.attacks-per-card")
    variant = text[text.index("per distinct colour") :]
    assert "the extra card after a 4 still\nadds one attack of its colour" in variant
    assert "green 4, red 4, blue 4 + blue → green ×1, red ×1,\nblue ×2" in variant
    played = attack_triggers(parse_play("g4 r4 b4 +b2"), per_colour=True)
    assert Counter(played) == {"g": 1, "r": 1, "b": 2}
    assert "green 3, green 3, red 3 → green ×1, red ×1" in variant
    assert Counter(attack_triggers(parse_play("g3 g3 r3"), per_colour=True)) == {"g": 1, "r": 1}
