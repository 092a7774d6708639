"""One test (at least) per bullet of the Monster Maker 5 section of shared/rulings.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core import Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.battle import attack_value, legal_targets, members, roll_for
from companion.games.mm5.cards import catalogue_entry, from_catalogue
from companion.games.mm5.events import (
    Attack,
    Begin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    HandCount,
    Initiative,
    Reinforce,
    Remove,
    Rescue,
    Spell,
    Strike,
    Thief,
)
from companion.games.mm5.notation import parse_card, parse_values
from companion.games.mm5.odds import attack_roll
from companion.games.mm5.strike import first_rank

ORC = ("Orc", "orc", 2, 3, 0, 2, 0)
MAGE = ("Dark Mage", "dark-mage", 1, 3, 3, 4, 0)
QUEEN = ("Dark Queen", "queen", 4, 6, 4, 6, 0)
WARRIOR = ("Warrior", "companion", 3, 4, 1, 2, 0)


def knight(n: int) -> tuple:
    return (f"Holy Knight {n}", "knight", 4, 5, 3, 4, n)


def run(state, *events):
    for e in events:
        state = GAME.apply(state, e)
    return state


def start(names=("Ann", "Bob", "Cleo"), deal=(), **options):
    """Dealt and begun; the hands are corrected to empty (h), so the turns here need not bring
    them down to the limit (the hand counts have their own tests)."""
    hands = [HandCount(i, 0) for i in range(len(names))]
    return run(GAME.setup(names, options), *deal, *hands, Begin(0))


def turn(state, side="light", cards=(), draw=None):
    """Draw (a card unless given) and declare."""
    return run(state, draw or Draw("card"), Declare(side, tuple(cards)))


def refused(state, event, words):
    with pytest.raises(Rejected) as info:
        GAME.apply(state, event)
    assert words.lower() in info.value.reason.lower()


def seat(state, i):
    return state.players[i]


def uids(state, i):
    return [c.uid for c in state.players[i].field]


# -- setup, components -------------------------------------------------------------------------


def test_ruling_setup_players_deal_first_player_clockwise():
    for names in (("Solo",), tuple(f"P{i}" for i in range(9))):
        with pytest.raises(Rejected):
            GAME.setup(names, {})
    state = GAME.setup(("Ann", "Bob", "Cleo"), {})
    state = run(state, Draw("gem", 2, seat=1), Draw("knight", 5, knight(5), seat=2))
    assert seat(state, 1).gems == (2,) and seat(state, 2).faction == "light", "placed at once"
    refused(state, Draw("card", seat=0), "only gems and holy knights")
    state = run(state, Begin(2))
    assert state.active == 2
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    assert state.active == 0, "clockwise from the die roll's winner"
    refused(state, Begin(1), "already begun")


def test_ruling_components_seven_gems_seven_knights_one_dungeon():
    state = start()
    refused(state, Draw("gem", 8), "no gem 8")
    refused(state, Draw("knight", 8, knight(8)), "no knight 8")
    deal = [Draw("knight", n, knight(n), seat=n % 2) for n in range(1, 8)]
    full = start(deal=deal)
    refused(full, Draw("knight", 3, knight(3)), "all 7 holy knights are already")
    assert len(full.knights_appeared()) == 7
    state = jailed()
    rescue = run(state, Declare("light"), Rescue((0, 3, 0, 3)))
    refused(rescue, Remove(rescue.dungeon_card.uid), "never discarded")
    free = run(start(), Draw("card"), Declare("light", (WARRIOR,)))  # Neutral to Light: free
    refused(free, Rescue((0, 3, 0, 3)), "no holy knights to free")


def jailed(**options):
    """Ann is Light with a Warrior; Bob switched to Dark, so Holy Knight 1 sits in the Dungeon.
    Returns the state at Ann's second turn, after her draw (she declares next)."""
    state = start(deal=[Draw("knight", 1, knight(1), seat=1), Draw("gem", 3, seat=1)], **options)
    state = run(state, Draw("card"), Declare("light", (WARRIOR,)), EndTurn())
    state = run(state, Draw("card"), Declare("dark", (ORC,)), EndTurn())
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    assert [c.knight for c in state.dungeon] == [1]
    return run(state, Draw("card"))


def test_ruling_faction_is_derived_and_a_switch_costs_the_old_side():
    state = start(deal=[Draw("knight", 1, knight(1), seat=0)])
    state = turn(state, "light", [WARRIOR])
    assert seat(state, 0).faction == "light"
    state = run(state, EndTurn(), *[Draw("card"), Declare("light"), EndTurn()] * 2)
    before = state
    state = run(state, Draw("card"), Declare("dark", (ORC,)))
    assert seat(state, 0).faction == "dark"
    assert [c.name for c in seat(state, 0).field] == ["Orc"]
    assert [c.knight for c in state.dungeon] == [1], "the Holy Knight goes to the Dungeon"
    line = GAME.describe(run(before, Draw("card")), Declare("dark", (ORC,)), state)
    assert "switches Light → Dark" in line and "discarded: Warrior" in line and "Dungeon: Holy Knight 1" in line
    # a switch with no new characters leaves the player Neutral
    empty = run(before, Draw("card"), Declare("dark"))
    assert seat(empty, 0).faction == "neutral" and seat(empty, 0).field == ()
    refused(run(before, Draw("card")), Declare("dark", (WARRIOR,)), "only dark characters")


def test_ruling_neutral_knight_joins_dark_knight_to_dungeon():
    state = start()
    neutral = run(state, Draw("knight", 3, knight(3)))
    assert seat(neutral, 0).faction == "light" and not neutral.dungeon
    dark = run(
        turn(state, "dark", [ORC]),
        EndTurn(),
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("light"),
        EndTurn(),
    )
    dark = run(dark, Draw("knight", 3, knight(3)))
    assert [c.knight for c in dark.dungeon] == [3] and seat(dark, 0).faction == "dark"


# -- battle -------------------------------------------------------------------------------------


def battle(att_cards, def_cards, att_side="dark", def_side="light", deal=(), **options):
    """Ann attacks Bob: Bob sets up his field on turn 1, Ann attacks on turn 3 (after Cleo)."""
    state = start(deal=[Draw("gem", 1, seat=1), *deal], **options)
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    state = run(state, Draw("card"), Declare(def_side, tuple(def_cards)), EndTurn())
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    return run(state, Draw("card"), Declare(att_side, tuple(att_cards)), Attack(1))


def test_ruling_dark_ranks_lowest_rank_first_and_dungeon_last():
    state = battle([WARRIOR], [QUEEN, MAGE, ORC], att_side="light", def_side="dark")
    state = run(state, Initiative(6, 1))
    orc, mage, queen = (c for c in sorted(members(state, 1), key=lambda c: c.rank))
    targets, why = legal_targets(state, 0)
    assert [c.uid for c in targets] == [orc.uid] and "lowest rank" in why
    refused(state, Strike(uids(state, 0)[0], queen.uid, False, (6, 6, 6)), "cannot be targeted yet")
    state = run(state, Remove(orc.uid, "spell"))
    assert [c.uid for c in legal_targets(state, 0)[0]] == [mage.uid]
    assert first_rank(c.rank for c in members(state, 0)) is None, "a Light side has no rank to fall first"


def test_ruling_attack_roll_n_dice_and_the_2d6_fallback():
    assert attack_roll(3, 18).chance == Fraction(1, 216)
    impossible = attack_roll(3, 19)
    assert impossible.fallback and impossible.dice == 2 and impossible.chance == Fraction(1, 36)
    assert "fallback" in impossible.words()
    assert attack_roll(2, 7).chance == Fraction(21, 36)
    assert not impossible.succeeds(11) and impossible.succeeds(12)
    variant = attack_roll(3, 7, variant=True)
    assert variant.dice == 1 and variant.need == 4 and variant.chance == Fraction(1, 2)
    assert attack_roll(1, 8, variant=True).fallback
    # the variant is a session option that changes the strike
    state = battle([WARRIOR], [ORC], att_side="light", def_side="dark", variant_1d6=True)
    state = run(state, Initiative(5, 2))
    refused(state, Strike(uids(state, 0)[0], uids(state, 1)[0], False, (3, 3, 3)), "1 faces")


def test_ruling_orcs_attack_with_the_sum_and_defend_alone():
    state = battle([ORC, ORC, ORC], [WARRIOR], att_side="dark")
    state = run(state, Initiative(6, 1))
    first = members(state, 0)[0]
    assert attack_value(state, 0, first, magic=False) == 6, "three orcs of 2 strike with 6 dice"
    w = uids(state, 1)[0]
    assert roll_for(state, first.uid, w, False)[1].dice == 6
    # one orc falls: the others now strike with 4
    fallen = run(state, Remove(first.uid, "spell"))
    assert attack_value(fallen, 0, members(fallen, 0)[0], magic=False) == 4
    # the warrior against an orc: the orc's own defence 3, not a sum
    assert roll_for(state, w, first.uid, False)[1].need == 3


def test_ruling_gem_bonus_with_own_gem():
    state = start(
        deal=[Draw("gem", 1, seat=1), Draw("knight", 1, knight(1), seat=1), Draw("knight", 2, knight(2), seat=1)]
    )
    bob = seat(state, 1)
    k1, k2 = bob.knights
    assert bob.bonus(k1) == 1 and bob.bonus(k2) == 0
    row = GAME.view(state).rows[1]
    assert "Holy Knight 1★ P 5/6 M 4/5" in row.cells[4] and "Holy Knight 2 P 4/5 M 3/4" in row.cells[4]
    assert row.cells[2] == "K1+gem K2"
    state = run(state, Draw("card"), Declare("dark", (ORC,)), Attack(1), Initiative(1, 6))
    assert battle_defence(state, k1) == 6
    assert battle_defence(state, k1, magic=True) == 5 and attack_value(state, 1, k1, magic=True) == 4, "M 3/4 +1"
    assert battle_defence(state, k2, magic=True) == 4, "Holy Knight 2's gem is not on the table"


def battle_defence(state, card, magic=False):
    from companion.games.mm5.battle import defence_value

    return defence_value(state, 1, card, magic)


def test_ruling_initiative_ties_reroll_and_each_round_anew():
    state = battle([MAGE], [WARRIOR])
    refused(state, Initiative(4, 4), "tie is rolled again")
    refused(state, Initiative(7, 1), "cannot come up")
    state = run(state, Initiative(2, 5))
    assert state.battle.to_move == 1, "the defender rolled higher"
    m, w = uids(state, 0)[0], uids(state, 1)[0]
    state = run(state, Strike(w, m, True, (1,)), Strike(m, w, False, (1,)))
    assert state.battle.stage == "reinforce" and state.battle.round == 2
    refused(state, Strike(m, w, False, (1,)), "initiative first")


def test_ruling_combat_rounds_slots_and_outcomes():
    state = battle([ORC, MAGE, QUEEN], [WARRIOR])
    state = run(state, Initiative(6, 1))
    orc, mage, queen = uids(state, 0)
    w = uids(state, 1)[0]
    refused(state, Strike(w, orc, False, (6, 6, 6)), "attacker's turn")
    state = run(state, Strike(orc, w, False, (1, 1)))
    assert state.battle.to_move == 1
    state = run(state, Strike(w, orc, False, (6, 6, 6)))
    assert orc not in uids(state, 0), "the orc fell"
    # the warrior has struck; the attacker's remaining two strike in a row
    state = run(state, Strike(mage, w, False, (1,)))
    assert state.battle.to_move == 0
    refused(state, Strike(mage, w, False, (1,)), "already attacked")
    state = run(state, Strike(queen, w, False, (6, 6, 6, 6)))
    assert state.battle is None and seat(state, 0).gems == (1,) and seat(state, 1).gems == ()
    assert [c.uid for c in seat(state, 0).field] == [mage, queen], "survivors stay"
    # attacker wiped out: nothing changes hands
    lost = battle([MAGE], [WARRIOR])
    lost = run(lost, Initiative(1, 6))
    m, w = uids(lost, 0)[0], uids(lost, 1)[0]
    lost = run(lost, Strike(w, m, False, (6, 6, 6)))
    assert lost.battle is None and seat(lost, 1).gems == (1,) and uids(lost, 1) == [w]
    assert "nothing changes hands" in GAME.describe(
        run(battle([MAGE], [WARRIOR]), Initiative(1, 6)), Strike(w, m, False, (6, 6, 6)), lost
    )


def test_ruling_combat_defeated_before_slot_does_not_attack():
    state = battle([MAGE], [WARRIOR, WARRIOR])
    state = run(state, Initiative(1, 6))
    m = uids(state, 0)[0]
    w1, w2 = uids(state, 1)
    state = run(state, Strike(w1, m, True, (1,)), Strike(m, w2, True, (6, 6, 6)))
    assert w2 not in uids(state, 1)
    assert state.battle.stage == "reinforce" and state.battle.round == 2, "w2 fell before its slot"


def test_ruling_who_may_attack():
    # Light never attacks Light
    state = start(deal=[Draw("gem", 1, seat=1)])
    state = run(
        state,
        Draw("card"),
        Declare("light", (WARRIOR,)),
        EndTurn(),
        Draw("card"),
        Declare("light", (WARRIOR,)),
        EndTurn(),
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("light"),
    )
    refused(state, Attack(1), "never attacks light")
    refused(state, Attack(2), "cannot be attacked")  # Cleo: Neutral with nothing in front
    refused(state, Attack(0), "themselves")
    # a Neutral cannot attack
    neutral = run(start(deal=[Draw("gem", 1, seat=1)]), Draw("card"), Declare("light"))
    assert seat(neutral, 0).faction == "neutral"
    refused(neutral, Attack(1), "neutral")
    # Light may attack a Neutral holding gems; that Neutral defends with Dark only
    light = run(start(deal=[Draw("gem", 1, seat=1)]), Draw("card"), Declare("light", (WARRIOR,)))
    fight = run(light, Attack(1))
    refused(fight, Reinforce(1, "defender", (WARRIOR,)), "only dark characters")
    fight = run(fight, Reinforce(1, "defender", (ORC,)))
    assert seat(fight, 1).faction == "dark"
    # the variant: Light may not attack Neutral
    spared = run(
        start(deal=[Draw("gem", 1, seat=1)], light_spares_neutral=True), Draw("card"), Declare("light", (WARRIOR,))
    )
    refused(spared, Attack(1), "may not attack a neutral")
    # a Neutral who commits no defenders loses at once
    lost = run(light, Attack(1), Initiative(0, 0))
    assert lost.battle is None and seat(lost, 0).gems == (1,)


def test_ruling_reinforcement_by_faction_and_one_spell_each():
    state = battle([ORC], [WARRIOR])  # Ann Dark attacks Bob Light; Cleo is Neutral
    refused(state, Reinforce(2, "attacker", (WARRIOR,)), "only dark characters")
    state = run(state, Reinforce(2, "defender", (WARRIOR,)))
    assert [c.name for c in seat(state, 1).field] == ["Warrior", "Warrior"], "stays with Bob"
    assert seat(state, 2).field == ()
    # Cleo, now... still Neutral (she gave her card away); a Dark giver may not help Light
    dark = battle([ORC], [WARRIOR], deal=[])
    dark = run(dark, Reinforce(0, "attacker", (MAGE,)))
    state = run(state, Spell(0, "Fireball"))
    refused(state, Spell(0, "another"), "one per player")
    refused(state, Spell(2, "Holy Light"), "only by the light side")
    state = run(state, Spell(1, "Holy Light"))
    assert len(state.battle.spells) == 2


def test_ruling_reinforcement_dark_player_cannot_help_light():
    state = start(deal=[Draw("gem", 1, seat=1)])
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    state = run(state, Draw("card"), Declare("light", (WARRIOR,)), EndTurn())
    state = run(state, Draw("card"), Declare("dark", (ORC,)), EndTurn())
    state = run(state, Draw("card"), Declare("dark", (MAGE,)), Attack(1))
    refused(state, Reinforce(2, "defender", (WARRIOR,)), "only from light or neutral")


def test_ruling_rescue_companions_fight_garrison_first_win_frees_all():
    state = jailed()
    ann = seat(state, 0)
    state = run(state, Declare("light"), Rescue((0, 3, 0, 3)))
    assert [c.name for c in members(state, 0)] == ["Warrior"]
    # Bob (Dark) garrisons the Dungeon; the guard falls before the Dungeon itself
    state = run(state, Reinforce(1, "defender", (MAGE,)), Initiative(6, 1))
    guard = state.garrison[0].uid
    w = uids(state, 0)[0]
    refused(state, Strike(w, state.dungeon_card.uid, False, (6, 6, 6)), "cannot be targeted yet")
    state = run(state, Strike(w, guard, False, (6, 6, 6)))
    assert not state.garrison
    d = state.dungeon_card.uid
    # the Dungeon strikes back with 0 physical attack: out of reach, so the 2d6-needs-12 fallback
    state = run(state, Strike(d, w, False, (6, 5)))
    assert "fallback" in state.last_roll and uids(state, 0) == [w]
    state = run(state, Initiative(6, 1), Strike(w, d, False, (2, 1, 1)))
    assert state.battle is None and not state.dungeon and state.dungeon_card is not None
    assert [c.knight for c in seat(state, 0).knights] == [1], "the freed knight joins Ann"
    assert ann.faction == "light"


def test_ruling_rescue_only_light_and_the_garrison_stays_after_a_loss():
    state = jailed()
    refused(run(state, Declare("dark", (ORC,))), Rescue((0, 3, 0, 3)), "only a light player")
    state = run(state, Declare("light"), Rescue((0, 9, 0, 9)), Reinforce(1, "defender", (MAGE,)), Initiative(1, 6))
    guard = state.garrison[0].uid
    w = uids(state, 0)[0]
    state = run(state, Strike(guard, w, False, (6,)))
    assert state.battle is None and [c.uid for c in state.garrison] == [guard]
    assert [c.knight for c in state.dungeon] == [1]


def test_ruling_thief_light_or_neutral_one_die_spent_either_way():
    state = jailed()
    dark = run(state, Declare("dark", (ORC,)))
    refused(dark, Thief(False, 3, 4, 6), "dark player cannot")
    light = run(state, Declare("light"), HandCount(0, 5))
    refused(light, Thief(False, 3, 4, 7), "cannot come up")
    refused(light, Thief(False, 5, 4, 6), "not in front of anyone")
    won = run(light, Thief(False, 3, 4, 4))
    assert seat(won, 0).gems == (3,) and seat(won, 1).gems == ()
    assert won.acted and seat(won, 0).hand == 4, "the thief is spent"
    lost = run(light, Thief(False, 3, 4, 3))
    assert seat(lost, 1).gems == (3,) and lost.acted and seat(lost, 0).hand == 4
    refused(won, Thief(True, 1, 2, 6), "already taken this turn's one action")
    freed = run(light, Thief(True, 1, 5, 5))
    assert not freed.dungeon and [c.knight for c in seat(freed, 0).knights] == [1]
    # no 2d6 fallback: a thief value of 7 or more is not a thief card
    refused(light, Thief(False, 3, 7, 6), "1–6")


def test_ruling_thief_can_rob_the_same_side():
    state = start(deal=[Draw("gem", 2, seat=1)])
    state = run(
        state,
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("light", (WARRIOR,)),
        EndTurn(),
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("light", (WARRIOR,)),
    )
    state = run(state, Thief(False, 2, 3, 3))
    assert seat(state, 0).gems == (2,)


def test_ruling_hand_check_limit_discard_and_whisper():
    state = start()
    state = run(state, HandCount(0, 5), Draw("card"), Declare("light", (WARRIOR,)), EndTurn())
    state = run(state, Draw("card"), Declare("light"), EndTurn(), Draw("card"), Declare("light"), EndTurn())
    state = run(state, Draw("card"))
    assert seat(state, 0).hand == 6, "5 dealt, one played, one drawn"
    kept = run(state, Declare("light"))
    refused(kept, EndTurn(), "limit is 5")
    refused(run(state, Declare("light", (WARRIOR,))), Discard(), "only for a hand still over 5")
    assert run(kept, Discard(), EndTurn()).active == 1
    forced = run(state, Declare("dark", (ORC,), whisper=True))
    assert seat(forced, 0).hand == 5
    line = GAME.describe(state, Declare("dark", (ORC,), whisper=True), forced)
    assert "whisper" in line and "discarded: Warrior" in line
    refused(state, Declare("light", whisper=True), "switches nothing")


def test_ruling_end_countdown_two_turns_each_and_empty_deck():
    deal = [Draw("gem", n, seat=0) for n in range(1, 8)] + [Draw("knight", n, knight(n), seat=1) for n in range(1, 7)]
    state = start(deal=deal)
    assert state.end_turn is None
    state = run(state, Draw("card"), Declare("light"), EndTurn())  # Ann
    state = run(state, Draw("card"), Declare("light"), EndTurn())  # Bob
    state = run(state, Draw("knight", 7, knight(7)))  # Cleo draws the 14th, turn 2
    assert state.end_turn == 2 + 2 * 3 - 1
    assert "ends after Bob's turn" in GAME.view(state).status and "6 turns left" in GAME.view(state).status
    state = run(state, Declare("light"), EndTurn())
    for _ in range(4):
        state = run(state, Draw("card"), Declare("light"), EndTurn())
    assert state.players[state.active].name == "Bob" and not state.finished
    state = run(state, Draw("card"), Declare("light"), EndTurn())
    assert state.finished and GAME.result(state) is not None
    refused(state, Draw("card"), "game is over")
    empty = run(start(), Draw("empty"))
    assert empty.finished and "empty deck" in GAME.describe(start(), Draw("empty"), empty)


def finished(fields, gems, deal_knights=()):
    """A finished game: fields per seat (tuples of specs), gems per seat, dealt knights."""
    names = tuple(f"P{i}" for i in range(len(fields)))
    deal = [Draw("gem", g, seat=i) for i, gs in enumerate(gems) for g in gs]
    deal += [Draw("knight", n, knight(n), seat=i) for i, ns in enumerate(deal_knights) for n in ns]
    state = run(GAME.setup(names, {}), *deal, Begin(0))
    for cards in fields:
        side = cards[0][1] if cards else "companion"
        state = run(
            state,
            Draw("card"),
            Declare("light" if side in {"companion", "knight"} else "dark", tuple(cards)),
            EndTurn(),
        )
    return run(state, Draw("empty"))


def test_ruling_winner_side_then_player_then_tie_breaks():
    r = GAME.result(finished([[WARRIOR], [ORC], [MAGE]], [[1, 2, 3, 7], [4, 5], [6]]))
    assert r.winners == ("P0",) and "Light holds 4" in r.reasoning
    r = GAME.result(finished([[WARRIOR], [ORC], [QUEEN]], [[1, 2], [3, 4], [5]]))
    assert r.winners == ("P1",), "Dark 3 beats Light 2, P1 holds the most Dark gems"
    r = GAME.result(finished([[ORC], [QUEEN], [WARRIOR]], [[1, 2], [3, 4], [5]]))
    assert r.winners == ("P1",) and "highest Dark rank" in r.reasoning
    r = GAME.result(finished([[WARRIOR], [WARRIOR], [ORC]], [[1, 2], [3, 4], [5]], [[6], [], []]))
    assert r.winners == ("P0",) and "Holy Knights in the field" in r.reasoning
    r = GAME.result(finished([[WARRIOR], [WARRIOR], [ORC]], [[1, 2], [3, 4], [5]]))
    assert r.winners == ("P0", "P1") and "shared win" in r.reasoning
    r = GAME.result(finished([[WARRIOR], [ORC], []], [[1, 2], [3, 4], [5, 6, 7]]))
    assert r.winners == () and "draw" in r.reasoning and "Neutral gems count for no side" in r.reasoning


def test_ruling_card_values_typed_and_remembered():
    assert parse_values("P 2/4 M 1/3") == (2, 4, 1, 3)
    assert parse_values("p2/4, m1/3") == (2, 4, 1, 3)
    with pytest.raises(Rejected):
        parse_values("2 4 1 3")
    spec = parse_card("Goblin Chief", "orc P 3/2 M 0/1")
    assert spec == ("Goblin Chief", "orc", 3, 2, 0, 1, 0)
    assert from_catalogue("Goblin Chief", catalogue_entry(spec)) == spec
    with pytest.raises(Rejected):
        parse_card("Bob", "wizard P 1/1 M 1/1")


def test_a_card_drawn_to_hand_carries_no_values():
    """Found by the fuzz law: a card draw with values was accepted, then stored in a shape the
    decoder refuses, so the session could not be read back."""
    state = GAME.apply(GAME.setup(("Ann", "Bob"), {}), Begin(first=0))
    with pytest.raises(Rejected, match="stays face down"):
        GAME.apply(state, Draw("card", 0, ("Orc", "orc", 1, 1, 1, 1, 0)))
    assert GAME.apply(state, Draw("card")).phase == "faction"
