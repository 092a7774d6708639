"""Seirei Kairo Drive: what a whole game at the table found (issue 25), each test failing before its fix."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.specs import enemy_data, parse_enemy
from companion.games.skd.stages import cannot_come_up
from companion.games.skd.view import hp_bar
from tests.core.test_skd_rulings import ann, fold, play, ready


def test_bug1_a_skill_without_its_effect_says_nothing_was_applied():
    s = fold(ready(enemy="Golem, 2, 10, 1"), ev.AdjustMana(0, 6), ev.Draw(), play("y1"))
    hp = s.enemy.hp
    s = fold(s, ev.Skill("Rin"))
    assert s.enemy.hp == hp and ann(s).mana == 4
    line = GAME.describe(s, ev.Skill("Rin"), s)
    assert "nothing applied" in s.notes[0] and "deal 3" in s.notes[0], line
    assert line == "Ann: Rin pays 2; what it does was not recorded, nothing applied (the card: deal 3)", "the log line"


def test_bug2_the_deciding_turn_in_the_normal_battle_names_the_heal_not_a_kill():
    # Wolf: 16 HP, Atk 3; the deck has 1 after the draw: only 2 cards back to the deck save it
    s = fold(ready(enemy="Wolf, 1, 16, 3"), ev.Draw(), ev.MoveCards("deck", "discard", 44))
    assert s.deck == 1
    text = GAME.banner(s)
    assert "must deal 16" not in text
    assert "heal 2" in text and "the normal battle ends" in text
    assert "the next enemy" in text, "a kill brings the next enemy, who attacks this phase too"


def test_bug2_the_deciding_turn_in_the_boss_battle_offers_the_kill_or_the_heal():
    s = fold(ready(enemy="Ogre, 1, 30, 3"), ev.Draw(), ev.MoveCards("deck", "discard", 43))
    boss = replace(s, stage="boss", enemy=replace(s.enemy, boss=True, hp=21))
    text = GAME.banner(boss)
    assert "deal 21" in text and "heal 1" in text and "the party loses" in text


def test_bug2_no_heal_can_cover_it_when_the_discard_is_short():
    s = fold(ready(enemy="Titan, 1, 30, 9"), ev.Draw())
    s = replace(s, deck=2, discard=3, pile=s.pile + s.deck - 2 + s.discard - 3)
    text = GAME.banner(s)
    assert "heal 7" in text and "the discard has 3" in text


def test_bug3_enemies_that_can_no_longer_come_up_are_left_out_of_the_list():
    catalogue = {
        name: enemy_data(parse_enemy(text))
        for name, text in (
            ("Bat", "Bat, 1, 5, 1"),
            ("Imp", "Imp, 1, 5, 1"),
            ("Wolf", "Wolf, 2, 16, 3"),
        )
    }
    s = ready(enemy="Slime, 1, 10, 2")
    s = replace(s, revealed=(*s.revealed, *((f"One{i}", 1) for i in range(5))))
    out = cannot_come_up(s, catalogue, (), after_kill=True)
    assert set(out) >= {"Bat", "Imp"} and "Wolf" not in out, "all six one-star enemies are out"
    easy = ready(enemy="Slime, 1, 10, 2", easy=True)
    assert "Wolf" in cannot_come_up(easy, catalogue, (), after_kill=True), "Easy: one-star enemies first"
    assert "Bat" in cannot_come_up(easy, catalogue, (parse_enemy("Bat, 1, 5, 1"),), after_kill=True)


def test_bug4_after_the_normal_battle_ends_the_last_enemy_is_gone_from_the_panel_and_header():
    s = fold(ready(enemy="Golem, 2, 40, 3, 3, 5"), ev.Draw(), ev.MoveCards("deck", "discard", 43))
    s = fold(s, ev.EnemyPhase())
    assert s.normal_over
    assert not any("Golem" in line for line in GAME.panel(s))
    assert "Golem" not in GAME.view(s).status
    assert not any("Golem" in value or label == "HP" for label, value in GAME.headline(s)), "nor the table display"


def test_bug7_one_card_to_the_play_pile_is_one_card():
    s = fold(ready(), ev.Draw(), ev.MoveCards("deck", "discard", 44), ev.EnemyPhase(), ev.EndTurn())
    s = fold(s, ev.RevealBoss(parse_enemy("Lord, 3, 30, 3")))
    before = s
    s = fold(s, ev.BossKeep((2, 1)))
    s2 = replace(before, seats=tuple(replace(x, hand=2) for x in before.seats))
    s2 = replace(s2, pile=s2.pile + sum(x.hand for x in before.seats) - 4)
    after = GAME.apply(s2, ev.BossKeep((2, 1)))
    assert GAME.describe(s2, ev.BossKeep((2, 1)), after).endswith("1 card to the play pile")
    assert "cards to the play pile" in GAME.describe(before, ev.BossKeep((2, 1)), s)


def test_bug7_the_box_copies_message_says_none_can_be_played():
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.Draw(), play("r2 y2"), ev.EnemyPhase(), ev.EndTurn())
    s = fold(s, ev.Draw(), play("r2 g2"), ev.EnemyPhase(), ev.EndTurn(), ev.Draw())
    with pytest.raises(Rejected) as exc:
        GAME.apply(s, play("r2 r2"))
    assert "none can be played" in exc.value.reason and "more cannot" not in exc.value.reason


def test_bug7_an_enemy_with_hp_left_never_shows_an_empty_bar():
    assert hp_bar(1, 30).startswith("█")
    assert hp_bar(0, 30) == "░" * 10


def test_bug7_a_lasting_atk_buff_shows_its_sign():
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.AdjustMana(0, 2), ev.Draw(), play("g1"))
    s = GAME.apply(s, ev.Skill("Rin", 0, (("atk", "Tao", 1, True),)))
    assert "Tao y6 (+1) L1" in GAME.view(s).rows[0].cells[3]


def test_the_race_is_stated_in_the_panel_and_the_table_view():
    # Wolf: 16 HP, Atk 3; Ann's best colour hits 5, Bob's 4; the deck runs out on Bob's turn
    s = fold(ready(enemy="Wolf, 1, 16, 3"), ev.Draw(), ev.MoveCards("deck", "discard", 40))
    race = "Wolf falls in 3 turns at one card a turn; the deck runs out in 1 turn: the boss setup comes first"
    assert f"Race: {race}" in GAME.panel(s)
    # The table view shows both times as tiles of their own: its race tile gives the outcome.
    head = dict(GAME.headline(s))
    assert head["Race"] == "the boss setup comes first"
    assert head["Deck runs out"] == "Bob's turn, 1 turn from now" and head["Enemy falls"].endswith("3 turns from now")
    boss = replace(s, stage="boss", enemy=replace(s.enemy, boss=True, hp=5))
    assert dict(GAME.headline(boss))["Race"].endswith("the party wins first")


def test_playtest_a_single_dash_for_three_lvs_is_told_how_many_dashes():
    """Playtest: `Kai, fire, 3, 2/3/4, -, 2, heal 1` was refused with "...not 1; write - for none."
    though a - was written: the refusal now shows the dashes the three LVs take."""
    from companion.games.skd.specs import parse_character

    with pytest.raises(Rejected) as refused:
        parse_character("Kai, fire, 3, 2/3/4, -, 2, heal 1")
    assert refused.value.reason == "Kai: 3 LVs need 2 level bonuses, one for each LV from LV2 (-/- for none), not 1."
    assert parse_character("Kai, fire, 3, 2/3/4, -/-, 2, heal 1")[4] == ("", "")


def test_playtest_a_catalogue_all_drafted_is_none_left_not_none_yet():
    """Playtest: Bob's draft pick read "known: none yet" right after Ann drafted Rin from it."""
    from companion.games.skd.notation import known
    from companion.games.skd.specs import character_data, parse_character

    catalogue = {"Rin": character_data(parse_character("Rin, wind, 2, 3/4/5, c/h2, 2, damage 3"))}
    assert known({}) == "none yet"
    assert known(catalogue, ("Rin",)) == "none left"
    assert known(catalogue) == "1 Rin"


def test_playtest_the_hands_in_the_count_line_are_added_not_a_fraction():
    """Playtest: "hands 5/4 · total 54" read as five of four, beside "HP 13/16" and "2/6★"."""
    s = fold(ready(), ev.Draw())
    line = GAME.panel(s)[1]
    assert " · hands 5+4 · total 54" in line, line


def test_playtest_the_mana_prompts_example_is_one_the_table_would_take():
    """Playtest: `a` read "… e.g. 2 -1" and `2 -1` was refused: "Bob has 0 mana; it cannot go below zero."."""
    from companion.games.skd.effects import give_mana
    from companion.games.skd.notation import mana_label, parse_mana

    s = fold(ready(), ev.Draw())
    assert s.seats[1].mana == 0
    label = mana_label(s)
    assert label == "Mana: +2 for the active player, or a player number and the change, e.g. 2 +1", label
    example = label.rsplit("e.g. ", 1)[1]
    give_mana(s, *parse_mana(example, s.active))  # taken, not refused
    rich = fold(s, ev.AdjustMana(1, 3))
    assert mana_label(rich).endswith("e.g. 2 -1")
