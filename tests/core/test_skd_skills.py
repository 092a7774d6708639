"""Seirei Kairo Drive: skills stored on the card, constant skills a play triggers, enemies'
abilities on appearance, the auto-draw option and the end of the turn running the enemy phase."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.notation import offer_label, parse_offer
from companion.games.skd.play import triggered
from companion.games.skd.specs import parse_enemy, show_enemy
from companion.games.skd.turn import x_question
from tests.core.test_skd_rulings import ann, fold, pick, play

RIN = "Rin, wind, 2, 3/4/5, c/h2, 2, damage 3"
KAI = "Kai, fire, 2, 4/5/6, h3/c, X, damage X, heal 1"
MIO = "Mio, water, 1, 2/3, h2, const, heal 2"
TAO = "Tao, earth, 1, 5/6, -, const, 4: mana +1"


def table(enemy="Golem, 2, 40, 1", **options):
    """Ann: Rin (green, damage 3 for 2), Tao (yellow, constant: a 4 gives +1 mana).
    Bob: Kai (red, X: damage X, heal 1), Mio (blue, constant heal 2 when it attacks)."""
    return fold(
        GAME.setup(("Ann", "Bob"), options),
        *(pick(t) for t in (RIN, KAI, MIO, TAO)),
        ev.DraftPass(),
        ev.DraftPass(),
        ev.RevealEnemy(parse_enemy(enemy)),
    )


def test_a_stored_skill_applies_its_effect_with_nothing_typed():
    s = fold(table(), ev.AdjustMana(0, 2), ev.Draw(), play("y1"))
    s = fold(s, ev.Skill("1"))
    assert s.enemy.hp == 40 - 5 - 3 and ann(s).mana == 0
    assert s.notes == ("Rin pays 2: 3 damage",)


def test_an_x_skill_uses_the_mana_paid_and_asks_for_it_first():
    s = fold(table(), ev.Draw(), ev.MoveCards("deck", "discard", 3), ev.EnemyPhase(), ev.EndTurn())
    s = fold(s, ev.AdjustMana(1, 3), ev.Draw(), play("r1"))
    assert x_question(s, "Kai", 0).startswith("Kai's skill costs X★ (damage X, heal 1): how much mana? (Bob has 3)")
    assert x_question(s, "Kai", 2) == "" and x_question(s, "Mio", 0) == ""
    hp, deck = s.enemy.hp, s.deck
    s = fold(s, ev.Skill("Kai", 2))
    assert (s.enemy.hp, s.deck, s.seats[1].mana) == (hp - 2, deck + 1, 1)


def test_a_skill_typed_with_its_effect_still_wins_over_the_card():
    s = fold(table(), ev.AdjustMana(0, 2), ev.Draw(), play("y1"))
    s = fold(s, ev.Skill("Rin", 0, (("damage", 1),)))
    assert s.enemy.hp == 40 - 5 - 1


def test_constant_skills_are_offered_when_the_play_triggers_them():
    s = fold(table(), ev.Draw())
    assert triggered(s, play("y4 +y1").cards) == (("Tao", (("mana", 0, 1),)),)
    assert triggered(s, play("g1").cards) == ()
    s = fold(s, ev.MoveCards("deck", "discard", 3), ev.EnemyPhase(), ev.EndTurn(), ev.Draw())
    assert triggered(s, play("b1").cards) == (("Mio", (("heal", 2),)),), "Mio attacks: its skill fires"
    assert triggered(s, play("r1").cards) == ()
    offers = triggered(s, play("b1").cards)
    assert parse_offer("", offers) == offers and parse_offer("n", offers) == ()
    assert parse_offer("1", offers) == offers and parse_offer("mio", offers) == offers
    with pytest.raises(Rejected, match="not one of the skills offered"):
        parse_offer("3", offers)
    assert "1 Mio: heal 2" in offer_label(offers, {"Mio": "heal 2"})
    s = fold(s, ev.Play(play("b1").cards, (), offers))
    assert s.deck == 46 - 1 - 1 - 3 - 1 + 2 and "Mio (constant): heal 2" in s.notes[-1]


def test_an_enemys_ability_on_appearance_is_applied_when_it_is_revealed():
    wolf = parse_enemy("Wolf, 1, 16, 3, enemy mana +2")
    assert wolf == ("Wolf", 1, 16, 3, 0, 0, "enemy mana +2") and parse_enemy(show_enemy(wolf)) == wolf
    assert parse_enemy("Orc, 2, 20, 3, 2, 5, move deck discard 2")[4:] == (2, 5, "move deck discard 2")
    with pytest.raises(Rejected, match="not an effect"):
        parse_enemy("Orc, 2, 20, 3, roars loudly")
    s = table(enemy="Wolf, 1, 16, 3, enemy mana +2")
    assert s.enemy.mana == 2
    s = fold(table(enemy="Gnat, 1, 3, 1"), ev.Draw())
    s = fold(s, play("g1", "Orc, 2, 20, 3, 2, 5, move deck discard 2"))
    assert (
        s.enemy.name == "Orc"
        and s.discard == 2
        and "on appearance: 2 cards from the deck to the discard" in " ".join(s.notes)
    )


def test_the_first_enemys_ability_is_in_the_log():
    before = fold(table(enemy="Gnat, 1, 3, 1"))
    s = GAME.setup(("Ann", "Bob"), {})
    s = fold(s, *(pick(t) for t in (RIN, KAI, MIO, TAO)), ev.DraftPass(), ev.DraftPass())
    e = ev.RevealEnemy(parse_enemy("Wolf, 1, 16, 3, enemy mana +2"))
    after = GAME.apply(s, e)
    assert after.enemy.mana == 2 and before.enemy.mana == 0
    assert GAME.describe(s, e, after) == "First enemy: Wolf (1★, 16 HP, Atk 3); on appearance: Wolf mana +2 (2)"


def test_the_end_of_the_turn_runs_a_pending_enemy_phase_in_the_same_action():
    s = fold(table(), ev.Draw(), play("g1"))
    after = GAME.apply(s, ev.EndTurn())
    assert (after.active, after.discard, after.deck) == (1, 1, s.deck - 1)
    assert (
        GAME.describe(s, ev.EndTurn(), after) == "Enemy phase: attack 1, deck 44 left; Ann ends the turn; Bob is next"
    )
    done = fold(s, ev.EnemyPhase())
    assert GAME.describe(done, ev.EndTurn(), GAME.apply(done, ev.EndTurn())) == "Ann ends the turn; Bob is next"


def test_auto_draw_draws_as_each_turn_starts():
    s = table(auto_draw=True)
    assert s.drew and ann(s).hand == 5
    after = fold(s, play("g1"), ev.EndTurn())
    assert after.drew and after.seats[1].hand == 5 and after.active == 1
    text = GAME.describe(fold(s, play("g1")), ev.EndTurn(), after)
    assert text.endswith("Ann ends the turn; Bob is next; Bob draws (deck 43)")
    assert not table().drew, "off by default"


def test_a_boss_uses_its_ability_on_appearance_when_it_is_revealed():
    s = fold(table(), ev.Draw(), ev.MoveCards("deck", "discard", 45), ev.EnemyPhase(), ev.EndTurn())
    e = ev.RevealBoss(parse_enemy("Lord, 3, 30, 3, 2, 6, enemy mana +1"))
    after = GAME.apply(s, e)
    assert after.enemy.mana == 1 and after.enemy.boss
    assert GAME.describe(s, e, after) == "Boss revealed: Lord (30 HP, Atk 3); on appearance: Lord mana +1 (1)"
