"""The King Commands attack table in full: every attack type, every block and parry, Excalibur
both ways, and the sets that form no attack (ruling "Attacks, classified as the strongest type...").
"""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.tkc import cards as deck
from companion.games.tkc.cards import EXCALIBUR as X
from companion.games.tkc.notation import check_colours, parse_cards

R, B, G, Y = deck.DEFAULT_COLOURS

CLASSIFY = [
    ((R,), "poke"),
    ((R, B), "swing"),
    ((R, R), "thrust"),
    ((G, G, G), "power-chop"),
    ((R, B, G, Y), "combination"),
    ((Y, Y, Y, Y, Y), "backstab"),
    ((X,), "excalibur"),
]


@pytest.mark.parametrize(("cards", "key"), CLASSIFY)
def test_each_attack_type_is_named_from_its_cards(cards, key):
    assert deck.classify(cards).key == key


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ((), "Enter the attacking cards"),
        ((R, R, B), "3 swords make only Power Chop (all of one colour)"),
        ((R, R, B, B), "4 swords make only Combination (each of a different colour)"),
        ((R, R, R, R), "Combination"),
        ((R, R, R, R, B), "Backstab (all of one colour)"),
        ((R,) * 6, "No attack uses 6 swords"),
        ((X, R), "Excalibur attacks alone"),
        ((X, X), "Excalibur attacks alone"),
    ],
)
def test_sets_forming_no_attack_are_rejected_with_the_reason(cards, words):
    with pytest.raises(Rejected, match=words.replace("(", r"\(").replace(")", r"\)")):
        deck.classify(cards)


# (attack cards, blocking cards, legal?) — shields by colour, X = Excalibur.
BLOCKS = [
    ((R,), (R,), True),
    ((R,), (B,), True),
    ((R,), (X,), True),
    ((R,), (R, R), False),
    ((R, B), (G,), True),
    ((R, B), (R,), True),
    ((R, B), (X,), True),
    ((R, B), (R, B), False),
    ((R, R), (R,), True),
    ((R, R), (B,), False),
    ((R, R), (X,), True),
    ((R, R), (R, R), False),
    ((G, G, G), (G, G), True),
    ((G, G, G), (G,), False),
    ((G, G, G), (G, B), False),
    ((G, G, G), (B, B), False),
    ((G, G, G), (X,), True),
    ((G, G, G), (X, G), False),
    ((R, B, G, Y), (R,), False),
    ((R, B, G, Y), (R, B), False),
    ((R, B, G, Y), (X,), True),
    ((Y,) * 5, (Y, Y), False),
    ((Y,) * 5, (Y,), False),
    ((Y,) * 5, (X,), False),
    ((X,), (R,), False),
    ((X,), (X,), False),
    ((R, R), (), False),
]


@pytest.mark.parametrize(("cards", "shields", "legal"), BLOCKS)
def test_every_block(cards, shields, legal):
    row = deck.classify(cards)
    if legal:
        deck.check_block(row, cards, shields)
    else:
        with pytest.raises(Rejected):
            deck.check_block(row, cards, shields)


# (attack cards, parrying cards, legal?)
PARRIES = [
    ((R,), (R,), True),
    ((R,), (B,), False),
    ((R,), (R, R), False),
    ((R, B), (B, R), True),
    ((R, B), (R, B), True),
    ((R, B), (R, R), False),
    ((R, B), (R, G), False),
    ((R, R), (R, R), True),
    ((R, R), (B, B), False),
    ((R, R), (R,), False),
    ((G, G, G), (G, G, G), True),
    ((G, G, G), (G, G, B), False),
    ((R, B, G, Y), (Y, G, B, R), True),
    ((R, B, G, Y), (R, B, G, G), False),
    ((Y,) * 5, (Y,) * 5, False),
    ((X,), (X,), True),
    ((X,), (R,), False),
    ((R,), (X,), False),
]


@pytest.mark.parametrize(("cards", "parry", "legal"), PARRIES)
def test_every_parry(cards, parry, legal):
    row = deck.classify(cards)
    if legal:
        deck.check_parry(row, cards, parry)
    else:
        with pytest.raises(Rejected):
            deck.check_parry(row, cards, parry)


def test_a_thrust_blocked_by_another_colour_names_the_colour_needed():
    with pytest.raises(Rejected, match="red Thrust is blocked only by red shields, not blue"):
        deck.check_block(deck.classify((R, R)), (R, R), (B,))


def test_a_parry_with_other_colours_says_what_a_parry_is():
    with pytest.raises(Rejected, match="same swords in the same colours"):
        deck.check_parry(deck.classify((R, R)), (R, R), (B, B))


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ((R,), "Blocked by 1 shield of any colour or Excalibur; parried by the same swords (red)."),
        ((R, B), "Blocked by 1 shield of any colour or Excalibur; parried by the same swords (red blue)."),
        ((R, R), "Blocked by 1 red shield or Excalibur; parried by the same swords (red red)."),
        ((G, G, G), "Blocked by 2 green shields or Excalibur; parried by the same swords (green green green)."),
        ((R, B, G, Y), "Blocked by Excalibur; parried by the same swords (red blue green yellow)."),
        ((Y,) * 5, "Nothing stops it: it cannot be blocked or parried."),
        ((X,), "Cannot be blocked; parried only by another Excalibur."),
    ],
)
def test_what_stops_each_attack(cards, text):
    assert deck.stoppers(deck.classify(cards), cards) == text


def test_fear_my_mighty_sword_cannot_be_stopped():
    assert deck.stoppers(deck.BY_KEY["fear"], ()) == "Nothing stops it: it cannot be blocked or parried."


def test_variant_poke_cannot_be_blocked_but_can_be_parried():
    row = deck.classify((R,), poke_unblockable=True)
    assert row.name == "Poke"
    for shields in ((R,), (B,), (X,)):
        with pytest.raises(Rejected):
            deck.check_block(row, (R,), shields)
    deck.check_parry(row, (R,), (R,))
    assert deck.stoppers(row, (R,)) == "Cannot be blocked; parried by the same swords (red)."


def test_only_a_poke_takes_no_gold():
    assert [a.key for a in deck.ATTACKS if not a.takes_gold] == ["poke"]


def test_card_notation_uses_the_session_colour_names():
    colours = check_colours(("Crimson", "Azure", "Gold", "Onyx"))
    assert parse_cards("c c", colours) == ("crimson", "crimson")
    assert parse_cards("cag O", colours) == ("crimson", "azure", "gold", "onyx")
    assert parse_cards("azure, x", colours) == ("azure", X)
    with pytest.raises(Rejected, match="'r' is not a card: type c = crimson"):
        parse_cards("r", colours)


@pytest.mark.parametrize(
    "names", [("red", "rose", "green", "yellow"), ("red", "blue", "xanadu", "grey"), ("", "b", "g", "y")]
)
def test_colour_names_must_be_typable(names):
    with pytest.raises(Rejected):
        check_colours(names)
