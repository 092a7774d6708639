"""Seirei Kairo Drive: what skills' words do to the table, the enemy correction, and the box
modelled card by card (circuit card copies, the enemy deck, the bosses)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.notation import (
    from_catalogue,
    known,
    parse_correction,
    parse_effects,
    parse_play_line,
    parse_skill_line,
)
from companion.games.skd.play import NeedsReveal
from tests.core.test_skd_rulings import ann, fold, parse_enemy, play, ready, refused


def skill(text, *reveals, active=0):
    name, x, effects = parse_skill_line(text, active)
    return ev.Skill(name, x, effects, tuple(parse_enemy(r) for r in reveals))


def acting(enemy="Golem, 2, 40, 1", mana=6):
    """Ann (Rin green 3 with a 2★ skill, Tao yellow 5) has drawn and played y1: her actions."""
    return fold(ready(enemy=enemy), ev.AdjustMana(0, mana), ev.Draw(), play("y1"))


# -- skills that change the table --------------------------------------------------------------


def test_a_damage_skill_moves_the_enemy_hp_in_the_same_action():
    s = acting()
    hp = s.enemy.hp
    after = fold(s, skill("Rin: damage 3"))
    assert (after.enemy.hp, ann(after).mana, after.skills_used) == (hp - 3, 4, ("Rin",))
    assert GAME.describe(s, skill("Rin: damage 3"), after) == "Ann: Rin pays 2: 3 damage"


def test_a_skill_kill_resolves_as_a_plays_kill_rewards_next_enemy_and_lost_overkill():
    s = acting(enemy="Bat, 1, 7, 1")  # 2 HP left after Tao's 5
    with pytest.raises(NeedsReveal):
        GAME.apply(s, skill("Rin: damage 5"))
    after = fold(s, skill("Rin: damage 5, damage 4", "Imp, 1, 9, 1"))
    # Bat takes 2 of the 5 (3 overkill lost), the Imp revealed takes the second instance
    assert (after.enemy.name, after.enemy.hp, after.beaten) == ("Imp", 5, 1)
    assert [x.mana for x in after.seats] == [6 - 2 + 3, 1]
    words = GAME.describe(s, skill("Rin: damage 5, damage 4", "Imp, 1, 9, 1"), after)
    assert "2 damage (3 overkill lost)" in words and "Bat defeated" in words and "Imp revealed" in words


def test_a_skill_killing_the_boss_wins():
    s = replace(acting(), enemy=replace(acting().enemy, boss=True, hp=3), stage="boss")
    assert fold(s, skill("Rin: damage 3")).stage == "won"


def test_enemy_hp_and_mana_up_or_down_atk_cards_heal_and_mana():
    s = fold(acting(enemy="Slime, 1, 10, 2, 3, 4"), ev.MoveCards("deck", "discard", 5))
    after = fold(s, skill("Rin: hp +2, enemy mana +2, atk Tao +2, heal 3, move discard hand 1, mana 2 +1"))
    assert (after.enemy.hp, after.enemy.mana) == (10 - 5 + 2, 2)
    assert {c.name: c.power for c in ann(after).party} == {"Rin": 3, "Tao": 7}
    assert (after.deck, after.discard, ann(after).hand, after.seats[1].mana) == (s.deck + 3, 1, 5, 1)
    assert after.cards_counted() == 54
    # the Atk change was for this turn; a lasting one stays
    s2 = fold(after, ev.EnemyPhase(), ev.EndTurn())
    assert {c.name: c.power for c in ann(s2).party}["Tao"] == 5
    lasting = fold(s, skill("Rin: atk Tao +1 lasting"), ev.EnemyPhase(), ev.EndTurn())
    assert {c.name: c.power for c in ann(lasting).party}["Tao"] == 6


def test_a_bad_effect_refuses_the_whole_skill_and_nothing_changes():
    s = acting()
    refused(s, skill("Rin: damage 2, heal 0"), "at least 1 card")
    refused(s, skill("Rin: atk Nobody +2"), "No party has 'nobody'")
    refused(s, skill("Rin: enemy mana -1"), "below zero")
    with pytest.raises(Rejected, match="not an effect"):
        parse_effects("teleport 3", 0)


def test_a_constant_skill_is_recorded_with_the_play_that_triggers_it():
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.Draw(), ev.EnemyPhase(), ev.EndTurn(), ev.Draw())  # Bob
    cards, constant = parse_play_line("b1; Mio: damage 2", s.easy, s.active)
    after = fold(s, ev.Play(cards, (), constant))
    assert after.enemy.hp == 40 - 2 - 2, "Mio's blue attack 2, then her constant skill's 2"
    assert "Mio (constant): 2 damage" in "; ".join(after.notes)
    cards, constant = parse_play_line("r1; Kai: damage 2", s.easy, s.active)
    refused(s, ev.Play(cards, (), constant), "not constant")


# -- the enemy correction ---------------------------------------------------------------------


def test_the_enemy_correction_sets_hp_and_mana_and_is_logged_as_one():
    s = acting(enemy="Slime, 1, 10, 2, 3, 4")
    after = fold(s, ev.CorrectEnemy(*parse_correction("hp 7 mana 2")))
    assert (after.enemy.hp, after.enemy.mana) == (7, 2)
    assert GAME.describe(s, ev.CorrectEnemy(7, 2), after) == "Correction: Slime HP 5 → 7, mana 0 → 2"
    assert parse_correction("5") == (5, None)
    refused(s, ev.CorrectEnemy(0, None), "at least 1")
    with pytest.raises(Rejected, match="what the table shows"):
        parse_correction("lots")


# -- the box, card by card ------------------------------------------------------------------


def test_a_play_cannot_use_more_copies_than_the_box_has():
    s = fold(ready(), ev.Draw(), ev.MoveCards("deck", "hand", 1))
    refused(s, play("y3 y3 y3 y3 y3"), "the box has 2 yellow 3s")
    # two yellow 3s on the play pile already: a third cannot be played later
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.Draw(), play("y3 y3"), ev.EnemyPhase(), ev.EndTurn(), ev.Draw())
    refused(s, play("y3"), "2 are on the play pile already")
    # dual-colour cards: 6 in the box
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.Draw(), ev.MoveCards("deck", "hand", 3))
    assert GAME.apply(s, play("rg3 by3 gy3 rb3 ry3 gb3"))
    refused(s, play("rg3 by3 gy3 rb3 ry3 gb3 rg3"), "the box has 6 dual-colour cards")


def test_easy_mode_counts_the_dual_number_cards_left_in_the_box():
    s = fold(ready(easy=True, easy_duals=7), ev.Draw())
    assert s.dual_numbers == 1
    refused(s, play("b23 r23"), "the box has 1 dual-number cards")


def test_the_boss_setup_shuffle_forgets_the_play_pile():
    from tests.core.test_skd_rulings import boss_setup

    s = fold(boss_setup(), ev.RevealBoss(parse_enemy("Lord, 3, 30, 3")), ev.BossKeep((1, 2)), ev.BossDeal())
    assert s.on_pile == () and s.top is None


def test_an_enemy_card_comes_up_once():
    s = fold(ready(enemy="Bat, 1, 3, 1"), ev.Draw())
    refused(s, play("g3", "Bat, 1, 3, 1"), "Bat was enemy 1 already")


def test_six_one_star_and_six_two_star_enemies_in_every_mode():
    s = fold(ready(enemy="E0, 1, 3, 1"), ev.Draw())
    s = replace(s, revealed=tuple((f"E{i}", 1) for i in range(6)))
    refused(s, play("g3", "E6, 1, 3, 1"), "6 one-star enemies and all of them are out")
    assert GAME.apply(s, play("g3", "F, 2, 3, 1")).enemy.name == "F"


def test_a_boss_cannot_be_an_enemy_card():
    from tests.core.test_skd_rulings import boss_setup

    s = boss_setup()
    refused(s, ev.RevealBoss(parse_enemy("Slime, 1, 10, 2, 3, 4")), "one of the enemy cards")
    shelf = {"Slime": {"stars": 1, "hp": 10, "atk": 2}}
    with pytest.raises(Rejected, match="Slime is an enemy card, so it cannot come up as a boss"):
        from_catalogue("Slime", {}, "boss", shelf)
    with pytest.raises(Rejected, match="cannot come up as an enemy"):
        from_catalogue("Lord, 3, 30, 3", {}, "enemy", {"Lord": {}})


def test_a_known_card_by_its_number_or_the_start_of_its_name():
    shelf = {
        "Slime": {"stars": 1, "hp": 10, "atk": 2},
        "Bat": {"stars": 1, "hp": 3, "atk": 1},
        "Basilisk": {"stars": 2, "hp": 20, "atk": 4},
    }
    assert known(shelf) == "1 Basilisk · 2 Bat · 3 Slime"
    assert known(shelf, taken=("bat",)) == "1 Basilisk · 2 Slime", "an enemy already out is not offered"
    assert from_catalogue("2", shelf, "enemy", taken=("Bat",))[0][0] == "Slime"
    assert from_catalogue("sl", shelf, "enemy") == (("Slime", 1, 10, 2, 0, 0, ""), False)
    with pytest.raises(Rejected, match="could be Basilisk, Bat"):
        from_catalogue("ba", shelf, "enemy")
    with pytest.raises(Rejected, match="no card 4"):
        from_catalogue("4", shelf, "enemy")


def test_effect_numbers_are_whole_numbers_in_range():
    with pytest.raises(Rejected, match="must be between"):
        parse_effects("damage " + "9" * 5000, 0)
    with pytest.raises(Rejected, match="not a number"):
        parse_effects("heal ③", 0)
    with pytest.raises(Rejected, match="must be between"):
        parse_correction("hp 7 mana " + "1" * 40)
    assert parse_effects("mana 2 +1, atk Kai -2 lasting", 0) == (("mana", 1, 1), ("atk", "kai", -2, True))


def test_damage_after_the_boss_falls_in_the_same_skill_is_lost_not_refused():
    s = replace(acting(), enemy=replace(acting().enemy, boss=True, hp=3), stage="boss")
    after = fold(s, skill("Rin: damage 3, damage 2"))
    assert after.stage == "won" and "2 damage with no enemy left" in after.notes[0]
