"""Seirei Kairo Drive: one or more tests per bullet of the rulings (shared/rulings.md).

Every state reached through `fold` is checked for the card-count invariant: deck + play pile
+ discard + hands = the session's circuit deck (54, fewer in Easy mode).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.cards import parse_play
from companion.games.skd.play import NeedsReveal
from companion.games.skd.specs import parse_character, parse_enemy
from companion.games.skd.stages import drafter, snake_order

RIN = "Rin, wind, 2, 3/4/5, c/h2, 2, deal 3"  # green, Atk 3
KAI = "Kai, fire, 2, 4/5/6, h3/c, X, burn"  # red, Atk 4
MIO = "Mio, water, 1, 2/3, h2, const, shield"  # blue, Atk 2
TAO = "Tao, earth, 1, 5/6, -, -"  # yellow, Atk 5
SLIME = "Slime, 1, 10, 2, 3, 4"
GOBLIN = "Goblin, 2, 12, 3, 2, 5"


def fold(state, *events):
    for e in events:
        state = GAME.apply(state, e)
        assert state.cards_counted() == state.total, f"cards not conserved after {e}"
    return state


def pick(text):
    return ev.DraftPick(parse_character(text))


def play(text, *reveals):
    return ev.Play(parse_play(text), tuple(parse_enemy(r) for r in reveals))


def ready(players=("Ann", "Bob"), enemy=SLIME, **options):
    """Ann: Rin (green 3), Tao (yellow 5). Bob: Kai (red 4), Mio (blue 2). First enemy out."""
    state = GAME.setup(players, options)
    return fold(
        state,
        pick(RIN),
        pick(KAI),
        pick(MIO),
        pick(TAO),
        ev.DraftPass(),
        ev.DraftPass(),
        ev.RevealEnemy(parse_enemy(enemy)),
    )


def refused(state, event, words):
    with pytest.raises(Rejected, match=words):
        GAME.apply(state, event)


def ann(state):
    return state.seats[0]


def party(state, seat=0):
    return {c.name: c for c in state.seats[seat].party}


# -- card counts, players, colours -------------------------------------------------------


def test_cooperative_for_two_to_four_players():
    assert GAME.cooperative is True
    for n in (2, 3, 4):
        assert len(GAME.setup(tuple("ABCD"[:n]), {}).seats) == n
    for names in (("A",), ("A", "B", "C", "D", "E")):
        with pytest.raises(Rejected, match="2–4 players"):
            GAME.setup(names, {})


def test_the_circuit_deck_is_54_and_each_player_is_dealt_4():
    s = GAME.setup(("A", "B", "C"), {})
    assert (s.total, s.deck, [x.hand for x in s.seats]) == (54, 42, [4, 4, 4])


def test_default_element_colours_and_a_custom_pairing():
    s = GAME.setup(("A", "B"), {})
    assert dict(s.pairing) == {"wind": "g", "fire": "r", "water": "b", "earth": "y"}
    s = GAME.setup(("A", "B"), {"pairing": "wind=red, fire=green, water=blue, earth=yellow"})
    s = fold(s, pick(RIN))
    assert ann(s).party[0].colour == "r"
    with pytest.raises(Rejected, match="own colour"):
        GAME.setup(("A", "B"), {"pairing": "wind=green, fire=green, water=blue, earth=yellow"})


def test_five_characters_per_element():
    s = GAME.setup(("A", "B", "C"), {})
    s = fold(s, *(pick(f"W{i}, wind, 1, 2") for i in range(5)))
    refused(s, pick("W5, wind, 1, 2"), "only 5 wind")


def test_fourteen_lv_tokens_cap_the_characters():
    s = GAME.setup(("A", "B", "C", "D"), {})
    elements = ("wind", "fire", "water", "earth")
    s = fold(s, *(pick(f"C{i}, {elements[i % 4]}, 1, 2") for i in range(14)))
    refused(s, pick("C14, earth, 1, 2"), "14 LV tokens")


def test_enemies_have_one_or_two_stars():
    s = GAME.setup(("A", "B"), {})
    s = fold(s, pick(RIN), pick(KAI), ev.DraftPass(), ev.DraftPass())
    refused(s, ev.RevealEnemy(parse_enemy("Titan, 3, 20, 2")), "1 or 2 stars")


# -- setup and the draft -------------------------------------------------------------------


def test_snake_draft_order():
    assert snake_order(3, 9) == "A B C C B A A B C"
    s = GAME.setup(("A", "B", "C"), {})
    seats = []
    for i in range(6):
        seats.append(drafter(s)[1])
        s = fold(s, pick(f"P{i}, {('wind', 'fire', 'water')[i % 3]}, 1, 2"))
    assert seats == [0, 1, 2, 2, 1, 0]


@pytest.mark.parametrize("players, cap", [(2, 6), (3, 5), (4, 5)])
def test_star_cap_by_player_count(players, cap):
    s = GAME.setup(tuple("ABCD"[:players]), {})
    assert s.cap == cap
    refused(s, pick(f"Big, wind, {cap + 1}, 9"), f"the cap with {players} players is {cap}")
    s = fold(s, pick(f"Big, wind, {cap}, 9"))
    assert drafter(s)[1] == 1, "a player at the cap is done"


def test_swaps_while_under_the_cap_take_the_draft_turn():
    s = GAME.setup(("Ann", "Bob"), {})
    s = fold(s, pick(RIN), pick(KAI))
    s2 = fold(s, ev.DraftSwap("Kai", parse_character("Sol, fire, 1, 3")))
    assert [c.name for c in s2.seats[1].party] == ["Sol"]
    assert drafter(s2)[1] == 0, "the swap took Bob's draft turn: Ann is next"
    refused(s, ev.DraftSwap("Kai", parse_character(RIN)), "already in Ann's party")
    refused(s, ev.DraftSwap("Kai", parse_character("Huge, fire, 7, 3")), "cap is 6")
    # at the cap, Bob is skipped (A B B A A [B B skipped] A): a full party cannot swap
    s3 = fold(s, pick("Max, water, 4, 3"), pick(TAO), pick(MIO))
    assert drafter(s3) == (7, 0)


def test_everyone_starts_at_lv1_and_one_enemy_is_revealed():
    s = GAME.setup(("Ann", "Bob"), {})
    refused(s, ev.DraftPass(), "no character yet")
    s = fold(s, pick(RIN), pick(KAI), ev.DraftPass(), ev.DraftPass())
    assert s.stage == "first-enemy"
    assert all(c.lv == 1 for seat in s.seats for c in seat.party)
    refused(s, ev.Draw(), "Reveal the first enemy")
    s = fold(s, ev.RevealEnemy(parse_enemy(SLIME)))
    assert (s.stage, s.enemy.name, s.enemy.hp) == ("normal", "Slime", 10)
    refused(s, ev.RevealEnemy(parse_enemy(GOBLIN)), "already out")


# -- the turn -------------------------------------------------------------------------------


def test_drawing_from_an_empty_deck_gives_nothing_and_ends_nothing():
    s = fold(ready(), ev.MoveCards("deck", "discard", 46))
    s = fold(s, ev.Draw())
    assert (s.drew, ann(s).hand, s.stage) == (True, 4, "normal")


def test_the_turn_goes_in_order():
    s = ready()
    refused(s, play("g1"), "Draw first")
    refused(s, ev.EndTurn(), "Draw first")
    s = fold(s, ev.Draw())
    refused(s, ev.Draw(), "one card a turn")
    refused(s, ev.LevelUp("Rin"), "after the play")
    ended = fold(s, ev.EndTurn())
    assert (ended.active, ended.discard) == (1, s.discard + 2), "the end of the turn runs the enemy phase first"
    s = fold(s, play("g1"))
    refused(s, play("g2"), "One play a turn")
    s = fold(s, ev.EnemyPhase())
    refused(s, ev.EnemyPhase(), "attacked this turn already")
    refused(s, ev.Skill("Rin"), "before the enemy attack")
    s = fold(s, ev.EndTurn())
    assert (s.active, s.round, s.drew) == (1, 1, False)
    s = fold(s, ev.Draw(), ev.EnemyPhase(), ev.EndTurn())
    assert (s.active, s.round) == (0, 2), "a player who cannot play goes to the enemy attack"


def test_end_phase_drops_every_players_mana_above_6_to_6():
    s = fold(ready(), ev.AdjustMana(0, 9), ev.AdjustMana(1, 7), ev.Draw(), ev.EnemyPhase(), ev.EndTurn())
    assert [x.mana for x in s.seats] == [6, 6]
    refused(s, ev.AdjustMana(0, -7), "cannot go below zero")


# -- attacks, kills, bonuses ------------------------------------------------------------------


def test_attacks_per_card_with_the_atk_of_the_current_lv():
    big = "Golem, 2, 40, 1"
    s = fold(ready(enemy=big), ev.Draw(), play("g3 g3 y3"))
    assert s.enemy.hp == 40 - (3 + 3 + 5)
    s = fold(ready(enemy=big, per_colour=True), ev.Draw(), play("g3 g3 y3"))
    assert s.enemy.hp == 40 - (3 + 5), "variant: each distinct colour once"
    s = fold(
        ready(enemy=big),
        ev.AdjustMana(0, 3),
        ev.Draw(),
        play("y1"),
        ev.LevelUp("Rin"),
        ev.EnemyPhase(),
        ev.EndTurn(),
        ev.Draw(),
        ev.EnemyPhase(),
        ev.EndTurn(),
        ev.Draw(),
        play("g1"),
    )
    assert party(s)["Rin"].lv == 2 and s.enemy.hp == 40 - 5 - 4


def test_a_kill_mid_play_resolves_at_once_and_the_rest_hits_the_next_enemy():
    s = fold(ready(), ev.Draw())
    # Rin 3 (7), Tao 5 (2), Rin 3 (kill, 1 overkill lost), Tao 5 → Goblin 12 → 7
    with pytest.raises(NeedsReveal, match="defeats Slime"):
        GAME.apply(s, play("g3 y3 g3 y3"))
    after = fold(s, play("g3 y3 g3 y3", GOBLIN))
    assert (after.enemy.name, after.enemy.hp, after.beaten) == ("Goblin", 7, 1)
    assert [x.mana for x in after.seats] == [3, 1], "everyone +1★, the defeating player +2 more"
    refused(s, play("g3 y3 g3 y3", GOBLIN, SLIME), "needs 1 revealed enemies, not 2")


def test_the_newly_revealed_enemy_attacks_in_this_enemy_phase():
    s = fold(ready(), ev.Draw(), play("g3 y3 g3 y3", GOBLIN))
    deck = s.deck
    s = fold(s, ev.EnemyPhase())
    assert s.deck == deck - 3 and s.enemy.mana == 1


def test_card_bonuses_star_symbols_and_lv_symbol():
    s = fold(ready(), ev.Draw(), play("g2**"))
    assert ann(s).mana == 2
    s = fold(ready(), ev.MoveCards("deck", "discard", 3), ev.Draw(), play("g1^"))
    rin = party(s)["Rin"]
    assert rin.lv == 2 and s.enemy.hp == 10 - 3, "the LV symbol comes after the attack"
    assert (ann(s).hand, s.discard) == (5, 2), "Rin's LV2 card bonus: 1 card from the discard"


def test_level_up_bonuses_heart_moves_discards_back_to_the_deck():
    s = fold(ready(), ev.Draw(), ev.EnemyPhase(), ev.EndTurn())  # discard 2
    s = fold(s, ev.AdjustMana(1, 3), ev.Draw(), play("r1"))
    deck = s.deck
    s = fold(s, ev.LevelUp("Kai"))
    assert party(s, 1)["Kai"].lv == 2 and s.seats[1].mana == 0
    assert (s.deck, s.discard) == (deck + 2, 0), "heart 3 with 2 discards moves 2"


def test_card_bonus_with_an_empty_discard_is_skipped():
    s = fold(ready(), ev.AdjustMana(0, 3), ev.Draw(), play("y1"), ev.LevelUp("Rin"))
    assert (ann(s).hand, s.discard) == (4, 0)


# -- level-ups and skills ------------------------------------------------------------------------


def test_level_up_costs_3_mana_per_lv_up_to_the_card():
    s = fold(ready(), ev.AdjustMana(0, 8), ev.Draw(), play("y1"))
    refused(s, ev.LevelUp("Nobody"), "has no 'Nobody'")
    s = fold(s, ev.LevelUp("2"))
    assert party(s)["Tao"].lv == 2 and ann(s).mana == 5
    refused(s, ev.LevelUp("Tao"), "the highest on the card")
    s = fold(s, ev.LevelUp("Rin"))
    refused(s, ev.LevelUp("Rin"), "has 2 mana; a level-up costs 3")


def test_skills_once_per_character_per_turn_and_their_costs():
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.AdjustMana(0, 6), ev.Draw(), play("y1"))
    s = fold(s, ev.Skill("Rin"))
    assert ann(s).mana == 4
    refused(s, ev.Skill("Rin"), "used already this turn")
    refused(s, ev.Skill("Tao"), "no skill")
    s = fold(s, ev.EnemyPhase(), ev.EndTurn(), ev.AdjustMana(1, 3), ev.Draw(), play("r1"))
    refused(s, ev.Skill("Kai", 0), "at least 1")
    refused(s, ev.Skill("Kai", 4), "has 3 mana")
    refused(s, ev.Skill("Mio"), "constant")
    s = fold(s, ev.Skill("Kai", 2))
    assert s.seats[1].mana == 1
    s = fold(s, ev.EnemyPhase(), ev.EndTurn(), ev.Draw(), play("g1"), ev.Skill("Rin"))
    assert ann(s).mana == 2, "a new turn, the skill is usable again"


# -- the enemy phase ---------------------------------------------------------------------------


def test_enemy_attack_mana_and_strong_attack():
    s = ready()  # Slime: Atk 2, strong 4 at 3 mana
    decks = []
    for _ in range(3):
        s = fold(s, ev.Draw(), ev.EnemyPhase())
        decks.append(s.deck)
        s = fold(s, ev.EndTurn())
    assert decks == [43, 40, 33], "2, 2, then 2 + the strong attack 4"
    assert s.enemy.mana == 0 and s.discard == 2 + 2 + 6


def test_damage_equal_to_the_deck_empties_it_and_play_goes_on():
    s = fold(ready(), ev.Draw(), ev.MoveCards("deck", "discard", 43), ev.EnemyPhase())
    assert (s.deck, s.stage, s.normal_over) == (0, "normal", False)


def test_damage_greater_than_the_deck_ends_the_normal_battle():
    s = fold(
        ready(),
        ev.AdjustMana(0, 8),
        ev.Draw(),
        play("y1"),
        ev.LevelUp("Tao"),
        ev.MoveCards("deck", "discard", 44),
        ev.EnemyPhase(),
    )
    assert s.normal_over and s.stage == "normal" and s.deck == 0
    refused(s, ev.RevealBoss(parse_enemy("Lord, 3, 30, 3")), "when the normal battle ends")
    s = fold(s, ev.EndTurn())
    assert s.stage == "boss-reveal" and s.enemy is None
    assert ann(s).mana == 5 and party(s)["Tao"].lv == 2, "the end phase ran; levels carry over"


def test_beating_the_whole_enemy_deck_ends_the_normal_battle():
    s = fold(replace(ready(), beaten=11), ev.Draw(), play("g3 y3 g3 y3"))
    assert s.enemy is None and s.normal_over and s.beaten == 12
    refused(s, ev.EnemyPhase(), "No enemy is left")
    assert fold(s, ev.EndTurn()).stage == "boss-reveal"


def boss_setup():
    """The normal battle won by beating the 12th enemy: Ann's play of 4 cards, Bob is next."""
    s = fold(replace(ready(), beaten=11), ev.Draw(), play("g3 y3 g3 y3"), ev.EndTurn())
    assert (s.stage, s.active, s.deck, s.pile, s.discard) == ("boss-reveal", 1, 45, 4, 0)
    assert [x.hand for x in s.seats] == [1, 4]
    return s


def test_boss_setup_step_by_step():
    s = boss_setup()
    refused(s, ev.BossDeal(), "step 3")
    refused(s, ev.Draw(), "boss setup")
    s = fold(s, ev.RevealBoss(parse_enemy("Lord, 3, 30, 3, 2, 6")))
    assert s.stage == "boss-keep" and s.enemy.boss
    refused(s, ev.BossKeep((1, 3)), "keeps 0 to 2")
    refused(s, ev.BossKeep((2, 1)), "has only 1 card")
    refused(s, ev.BossKeep((2,)), "each of the 2 players")
    s = fold(s, ev.BossKeep((1, 2)))
    assert (s.pile, [x.hand for x in s.seats]) == (6, [1, 2])
    s = fold(s, ev.BossDeal())
    assert s.stage == "boss" and s.top is None
    assert [x.hand for x in s.seats] == [4, 4] and (s.deck, s.pile, s.discard) == (46, 0, 0)


def test_boss_deal_gives_what_the_pile_has():
    s = fold(boss_setup(), ev.RevealBoss(parse_enemy("Lord, 3, 30, 3")), ev.BossKeep((0, 0)))
    s = fold(s, ev.MoveCards("deck", "discard", 45), ev.MoveCards("pile", "discard", 5), ev.BossDeal())
    assert [x.hand for x in s.seats] == [0, 4], "Bob, the next player, is dealt first"
    assert s.deck == 0


# -- the boss battle -------------------------------------------------------------------------------


def boss_battle(boss="Lord, 3, 9, 3"):
    return fold(boss_setup(), ev.RevealBoss(parse_enemy(boss)), ev.BossKeep((1, 2)), ev.BossDeal())


def test_boss_hp_zero_or_less_wins():
    s = boss_battle()
    assert s.active == 1  # Bob, after Ann's turn ended the normal battle
    s = fold(s, ev.Draw(), play("r2 b2"))
    assert s.enemy.hp == 3 and not s.finished
    s = fold(s, ev.EnemyPhase(), ev.EndTurn(), ev.Draw(), play("y2 g2"))
    assert s.stage == "won" and GAME.result(s).winners == ("Ann", "Bob")
    refused(s, ev.EnemyPhase(), "The game is over")


def test_boss_damage_greater_than_the_deck_loses_and_equal_does_not():
    s = boss_battle()
    s = fold(s, ev.Draw())
    s = fold(s, ev.MoveCards("deck", "discard", s.deck - 3), ev.EnemyPhase())
    assert (s.deck, s.stage) == (0, "boss"), "3 left, 3 damage: play goes on"
    s = fold(s, ev.EndTurn(), ev.Draw(), ev.EnemyPhase())
    assert s.stage == "lost"
    assert GAME.result(s).winners == ()


# -- Easy mode ---------------------------------------------------------------------------------------


def test_easy_mode_deck_enemy_order_and_faust():
    s = GAME.setup(("A", "B"), {"easy": True})
    assert s.total == 54 - 16 - 4 and s.cards_counted() == s.total
    assert GAME.setup(("A", "B"), {"easy": True, "easy_duals": 2}).total == 36
    s = fold(s, pick(RIN), pick(KAI), ev.DraftPass(), ev.DraftPass())
    refused(s, ev.RevealEnemy(parse_enemy(GOBLIN)), "one-star enemies above the two-star")
    s = fold(s, ev.RevealEnemy(parse_enemy(SLIME)), ev.Draw())
    refused(s, ev.Play((("g", (4,), 0, False, False),)), "Easy mode")
    weak = replace(s.enemy, hp=3)
    s6 = fold(replace(s, beaten=4, enemy=weak), play("g3", "Pixie, 1, 8, 1"))
    assert (s6.beaten, s6.enemy.name) == (5, "Pixie"), "enemy 6 is still one-star"
    refused(replace(s, beaten=5, enemy=weak), play("g3", "Pixie, 1, 8, 1"), "enemy 7 has 2 stars, not 1")
    s8 = replace(s, stage="boss-reveal", enemy=None)
    refused(s8, ev.RevealBoss(parse_enemy("Lord, 3, 30, 3")), "Faust")
    assert fold(s8, ev.RevealBoss(parse_enemy("Faust, 3, 30, 3"))).enemy.name == "Faust"


# -- values typed from the cards ------------------------------------------------------------------------


def test_card_values_are_typed_and_remembered_per_game(repo):
    from companion.games.skd.specs import (
        character_data,
        character_from_data,
        enemy_data,
        enemy_from_data,
    )

    rin = parse_character(RIN)
    assert rin == ("Rin", "wind", 2, (3, 4, 5), ("card", "heart2"), "2", "deal 3")
    repo.save_card("skd", "character", "Rin", character_data(rin))
    repo.save_card("skd", "enemy", "Slime", enemy_data(parse_enemy(SLIME)))
    assert character_from_data("Rin", repo.cards("skd", "character")["Rin"]) == rin
    assert enemy_from_data("Slime", repo.cards("skd", "enemy")["Slime"]) == ("Slime", 1, 10, 2, 3, 4, "")
    assert repo.cards("mm5", "character") == {}
    with pytest.raises(Rejected, match="3 LVs need 2 level bonuses"):
        parse_character("Rin, wind, 2, 3/4/5, c")
    with pytest.raises(Rejected, match="strong attack at 3 mana needs its damage"):
        parse_enemy("Slime, 1, 10, 2, 3, 0")
