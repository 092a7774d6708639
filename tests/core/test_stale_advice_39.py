"""Issue 39.4: advice is built from the state it is read in, never kept from an earlier one.

The log keeps what happened (it is read long after: advice in it goes stale the moment the
key is pressed); the panel, the hint and the table view say what to do now."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.view import headline
from tests.core.test_skd_rulings import boss_battle, fold, play, ready

KEY_ADVICE = ("(n)", "press n", "end the turn")


def test_the_log_line_of_the_normal_battles_end_gives_no_advice_the_hint_does():
    s = fold(
        ready(), ev.AdjustMana(0, 8), ev.Draw(), play("y1"), ev.LevelUp("Tao"), ev.MoveCards("deck", "discard", 44)
    )
    after = fold(s, ev.EnemyPhase())
    line = GAME.describe(s, ev.EnemyPhase(), after)
    assert "the normal battle ends" in line and not any(a in line for a in KEY_ADVICE), line
    assert "end the turn (n)" in GAME.panel(after)[-1], "the hint, built from now, says it"


STRONG_BOSS = "Lord, 3, 9, 3, 2, 6"  # strong 6 once it holds 2 mana


def test_a_defeated_boss_has_no_strong_attack_coming():
    s = boss_battle(STRONG_BOSS)
    s = fold(s, ev.Draw(), play("r2 b2"), ev.EnemyPhase(), ev.EndTurn(), ev.Draw(), play("y2 g2"))
    assert s.stage == "won"
    shown = " ".join(GAME.panel(s)) + " ".join(v for _, v in headline(s))
    assert "strong" not in shown.lower() and "next attack" not in shown, shown


@settings(max_examples=25, deadline=None)
@given(hp=st.integers(min_value=-5, max_value=0), mana=st.integers(min_value=0, max_value=5))
def test_no_enemy_at_zero_hp_or_less_is_said_to_attack(hp, mana):
    """Whatever the HP below zero and the mana left, a defeated enemy threatens nothing."""
    from dataclasses import replace

    s = boss_battle(STRONG_BOSS)
    s = replace(s, enemy=replace(s.enemy, hp=hp, mana=mana), stage="won")
    shown = " ".join(GAME.panel(s)) + " ".join(v for _, v in headline(s))
    assert "strong" not in shown.lower(), shown
