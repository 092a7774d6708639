"""What players type at a Monster Maker 5 table, parsed by the core (companion.games.mm5.notation),
and the two decisions the screen used to make itself: a walkover and a thief checked before its die."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.mm5 import notation as n
from companion.games.mm5.battle import walkover
from companion.games.mm5.events import Attack, Declare, Draw, Initiative, Thief
from companion.games.mm5.rules import check_thief
from tests.core.test_mm5_rulings import ORC, WARRIOR, battle, refused, run, start

PLAYERS = ("Ann", "Bob", "Cleo")


@pytest.mark.parametrize(
    ("text", "deal", "seat", "items"),
    [
        ("c", False, None, [("card", 0)]),
        ("card", False, None, [("card", 0)]),
        ("empty", False, None, [("empty", 0)]),
        ("G3", False, None, [("gem", 3)]),
        ("k5", False, None, [("knight", 5)]),
        ("2 g3 k5", True, 1, [("gem", 3), ("knight", 5)]),
        ("cleo g3 g4 k3 k6", True, 2, [("gem", 3), ("gem", 4), ("knight", 3), ("knight", 6)]),
    ],
)
def test_draw_and_deal_lines(text, deal, seat, items):
    assert n.parse_draw(text, deal, PLAYERS) == (seat, items)


@pytest.mark.parametrize(
    ("text", "deal", "words"),
    [
        ("c g3", False, "one card is drawn"),
        ("x", False, "type c (a card)"),
        ("2", True, "the player and what was placed"),
        ("2 c", True, "type c (a card)"),  # nothing goes to hand in the deal
        ("Dan g3", True, "no player"),
        ("2 g3 zz", True, "'zz'"),  # the whole line is refused before anything is recorded
    ],
)
def test_bad_draw_lines(text, deal, words):
    with pytest.raises(Rejected) as info:
        n.parse_draw(text, deal, PLAYERS)
    assert words in info.value.reason.lower()


def test_seats_by_number_or_unique_prefix():
    assert n.parse_seat("2", PLAYERS) == 1
    assert n.parse_seat("#3", PLAYERS) == 2
    assert n.parse_seat("cl", PLAYERS) == 2
    for bad in ("4", "0", "", "Dan"):
        with pytest.raises(Rejected):
            n.parse_seat(bad, PLAYERS)
    with pytest.raises(Rejected):
        n.parse_seat("A", ("Ann", "Anna"))


def test_card_lists_resolve_against_the_catalogue_and_ask_for_the_rest():
    catalogue = {"Orc": {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0}}
    cards = n.card_list("orc, Goblin, Imp = monster P 1/1 M 1/1, goblin", catalogue)
    assert cards.names == ["orc", "Goblin", "Imp", "goblin"]
    assert cards.specs[0] == ("Orc", "orc", 2, 3, 0, 2, 0)
    assert cards.specs[2] == ("Imp", "monster", 1, 1, 1, 1, 0)
    assert cards.missing() == "Goblin"
    cards.learn(n.parse_card("Goblin", "orc P 2/1 M 0/1"))
    assert cards.missing() is None and len(cards.ready()) == 4
    assert set(cards.new) == {"imp", "goblin"}, "only cards typed here are saved afterwards"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Orc = wizard P 1/1 M 1/1", "not a kind"),
        ("Orc = orc 2 1 0 1", "type the kind then the values"),
        ("= orc P 1/1 M 1/1", "needs a name"),
    ],
)
def test_bad_card_lists(text, words):
    with pytest.raises(Rejected) as info:
        n.card_list(text, {})
    assert words in info.value.reason.lower()


def test_the_other_lines():
    assert n.parse_declare("dark! Orc, Orc") == ("dark", True, "Orc, Orc")
    assert n.parse_declare("l: Warrior") == ("light", False, "Warrior")
    assert n.parse_declare("light") == ("light", False, "")
    assert n.parse_hand("Bob 6", PLAYERS) == (1, 6)
    assert n.parse_strike("#3 7 magic") == (3, 7, True)
    assert n.parse_strike("3 #7 p") == (3, 7, False)
    assert n.parse_thief("g3 4") == (False, 3, 4)
    assert n.parse_thief("k 2 5") == (True, 2, 5)
    assert n.parse_reinforce("Cleo d: Orc, Orc", PLAYERS) == (2, "defender", "Orc, Orc")
    assert n.parse_reinforce("1 attacker Warrior", PLAYERS) == (0, "attacker", "Warrior")
    assert n.parse_spell("Ann: Holy Light", PLAYERS) == (0, "Holy Light")
    assert n.parse_spell("2 Fireball", PLAYERS) == (1, "Fireball")
    assert n.parse_remove("#7 Fireball") == (7, "Fireball")
    assert n.parse_catalogue("Goblin = orc P 2/1 M 0/1") == ("Goblin", "orc", 2, 1, 0, 1, 0)
    bad = [
        (n.parse_declare, ("neutral",)),
        (n.parse_hand, ("Bob", PLAYERS)),
        (n.parse_strike, ("3 7",)),
        (n.parse_thief, ("g3",)),
        (n.parse_reinforce, ("Cleo Orc", PLAYERS)),
        (n.parse_remove, ("x",)),
        (n.parse_catalogue, ("Goblin orc P 2/1 M 0/1",)),
    ]
    for fn, args in bad:
        with pytest.raises(Rejected):
            fn(*args)


def test_a_walkover_is_the_cores_decision():
    state = start(deal=[Draw("gem", 1, seat=1)])
    state = run(state, Draw("card"), Declare("dark", (ORC,)), Attack(1))  # Bob: Neutral with a gem
    assert walkover(state) == 1
    after = run(state, Initiative())
    assert after.battle is None and after.players[0].gems == (1,)
    fought = battle([ORC], [WARRIOR])
    assert walkover(fought) is None
    refused(fought, Initiative(), "1–6")  # with both sides present the dice are needed


def test_a_thief_is_checked_before_its_die_is_rolled():
    state = run(start(deal=[Draw("gem", 1, seat=1)]), Draw("card"), Declare("light"))
    check_thief(state, False, 1, 4)  # legal: nothing raised
    for args, words in [
        ((False, 2, 4), "not in front of anyone"),
        ((True, 3, 4), "not in the dungeon"),
        ((False, 1, 7), "1–6"),
        ((False, 1, 0), "1–6"),
    ]:
        with pytest.raises(Rejected) as info:
            check_thief(state, *args)
        assert words in info.value.reason.lower()
    refused(state, Thief(False, 1, 4, 7), "cannot come up")


def test_the_strike_example_is_a_legal_strike_of_the_table():
    """The strike prompt's example is built from the battle, never `3 7 p` at a table with no #7."""
    from companion.games.mm5 import GAME
    from companion.games.mm5.battle import prepare_strike
    from companion.games.mm5.events import Attack, Begin, Declare, Draw, EndTurn, Initiative
    from companion.games.mm5.notation import parse_strike
    from companion.games.mm5.view import strike_example

    orc = ("Orc", "orc", 2, 3, 0, 2, 0)
    warrior = ("Warrior", "companion", 3, 4, 1, 2, 0)
    state = GAME.setup(("Ann", "Bob"), {})
    for event in (
        Begin(0), Draw("card"), Declare("dark", (orc, orc)), EndTurn(),
        Draw("card"), Declare("light", (warrior,)), EndTurn(),
        Draw("card"), Declare("dark"), Attack(1), Initiative(6, 1),
    ):  # fmt: skip
        state = GAME.apply(state, event)
    assert strike_example(state) == "1 3 p"
    prepare_strike(state, *parse_strike(strike_example(state)))  # legal: no Rejected


def test_the_reinforce_example_offers_the_side_its_own_faction_and_is_accepted():
    """A Light attacker's reinforcement example names Light cards, never the Dark ones."""
    from companion.games.mm5 import GAME
    from companion.games.mm5.events import Attack, Begin, Declare, Draw, EndTurn, Reinforce
    from companion.games.mm5.notation import card_list, parse_reinforce, reinforce_example

    orc = ("Orc", "orc", 2, 3, 0, 2, 0)
    warrior = ("Warrior", "companion", 3, 4, 1, 2, 0)
    catalogue = {
        "Orc": {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0},
        "Warrior": {"kind": "companion", "p": [3, 4], "m": [1, 2], "knight": 0},
    }
    state = GAME.setup(("Ann", "Bob"), {})
    for event in (
        Begin(0), Draw("card"), Declare("light", (warrior,)), EndTurn(),
        Draw("card"), Declare("dark", (orc,)), EndTurn(),
        Draw("card"), Declare("light"), Attack(1),
    ):  # fmt: skip
        state = GAME.apply(state, event)
    example = reinforce_example(state, catalogue)
    assert example == "Ann a: Warrior"
    seat, to, rest = parse_reinforce(example, ("Ann", "Bob"))
    GAME.apply(state, Reinforce(seat, to, card_list(rest, catalogue).ready()))  # accepted


def test_playtest_empty_values_are_asked_for_not_quoted_as_two_apostrophes():
    """Playtest: enter on the empty values line of a Holy Knight read "'': type the card's values …"."""
    with pytest.raises(Rejected) as refused_empty:
        n.parse_values("  ")
    assert refused_empty.value.reason == "Type the card's values, like P 2/4 M 1/3 (attack/defence)."
    with pytest.raises(Rejected, match=r"^'P 2': type the card's values like P 2/4 M 1/3"):
        n.parse_values("P 2")
