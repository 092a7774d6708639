"""Seirei Kairo Drive as a whole: the card-count invariant under any sequence of actions, replay
through the JSON codec, the forecast, and the words the log and panels show."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected, encode
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.cards import show
from companion.games.skd.forecast import RunOut, run_out
from companion.games.skd.play import NeedsReveal
from companion.timeline import Entry, Timeline
from tests.core.test_skd_rulings import GOBLIN, SLIME, fold, parse_enemy, play, ready

CANDIDATES = [
    ev.Draw(),
    ev.EnemyPhase(),
    ev.EndTurn(),
    ev.LevelUp("1"),
    ev.LevelUp("2"),
    ev.Skill("1"),
    ev.Skill("2", 1),
    play("g1"),
    play("y2 g2"),
    play("g4 r4 +r1^"),
    play("b23*"),
    play("rg"),
    play("g3 y3 g3 y3", GOBLIN, SLIME),
    ev.AdjustMana(0, 3),
    ev.MoveCards("discard", "deck", 2),
    ev.MoveCards("deck", "discard", 9),
    ev.RevealBoss(parse_enemy("Lord, 3, 25, 3, 2, 5")),
    ev.BossKeep((2, 2)),
    ev.BossKeep((1, 0)),
    ev.BossDeal(),
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CANDIDATES), max_size=80))
def test_cards_are_conserved_whatever_is_accepted(events):
    state = ready()
    for e in events:
        try:
            after = GAME.apply(state, e)
        except Rejected:
            continue  # refused: nothing changes, and the next action goes on the same state
        assert after.cards_counted() == after.total == 54
        assert min(after.deck, after.pile, after.discard, *(s.hand for s in after.seats)) >= 0
        assert all(s.mana >= 0 for s in after.seats)
        state = after


def test_a_session_replays_through_the_codec():
    tl = Timeline.start(GAME, ready())
    for e in (ev.Draw(), play("g3 y3 g3 y3", GOBLIN), ev.EnemyPhase(), ev.EndTurn()):
        tl = tl.record(e)
    stored = tuple(
        Entry(None, x.turn, x.text, x.dropped, payload=json.dumps(encode(x.event)), types=GAME.events)
        for x in tl.entries
    )
    again = Timeline.replay(GAME, ready(), stored, len(stored))
    assert again.state == tl.state
    assert "Slime defeated" in tl.entries[1].text and "Goblin revealed" in tl.entries[1].text


def test_the_play_log_line_tells_attacks_damage_kills_and_bonuses():
    s = fold(ready(), ev.Draw())
    after = GAME.apply(s, play("g3 y3 g3 y3*", GOBLIN))
    line = GAME.describe(s, play("g3 y3 g3 y3*", GOBLIN), after)
    # each character named with its attacks (not "green ×2", read as two green cards); the
    # overkill on Slime (Rin 3 against its last 2 HP) is not counted in the damage
    assert line.startswith("Ann plays g3 y3 g3 y3*; attacks: Rin ×2, Tao ×2; 15 damage")
    assert "everyone +1 mana, Ann +2 more" in line and "star symbols: +1 mana" in line


def test_needs_reveal_counts_the_enemies_used_so_far():
    s = fold(ready(enemy="Bat, 1, 3, 1"), ev.Draw())
    try:
        GAME.apply(s, play("g3 y3 g3", "Imp, 1, 5, 1"))
    except NeedsReveal as exc:
        assert (exc.beaten, exc.count) == ("Imp", 1)
    else:
        raise AssertionError("two kills need two reveals")


def test_forecast_walks_the_turns_with_draws_and_strong_attacks():
    # Slime: Atk 2, strong 4 at 3 mana; deck 44, Ann has not drawn yet
    s = ready()
    out = run_out(s)
    assert out is not None and out.boss is False
    deck, mana, seat = s.deck, 0, 0
    for turns in range(40):  # noqa: B007 (the same walk by hand, as the table would do it)
        deck -= min(1, deck)
        if deck < 2:
            break
        deck, mana = deck - 2, mana + 1
        if mana >= 3:
            if deck < 4:
                break
            deck, mana = deck - 4, mana - 3
        seat = (seat + 1) % 2
    assert (out.seat, out.turns) == (seat, turns)
    assert run_out(fold(ready(enemy="Bug, 1, 3, 0"))) is None


def test_forecast_in_the_end_phase_counts_the_next_turns_draw():
    """Bug 1: deck 3 against an Atk-3 enemy after this turn's enemy phase: the next turn draws
    first, so the next enemy phase already runs the deck out (it said "1 more enemy phase")."""
    s = fold(ready(enemy="Ogre, 1, 30, 3"), ev.Draw(), ev.MoveCards("deck", "discard", 39), ev.EnemyPhase())
    assert (s.deck, s.attacked) == (3, True)
    assert run_out(s) == RunOut(seat=1, turns=1, hit=3, deck=2, boss=False)
    assert "Deck 3 vs Ogre: runs out on Bob's enemy phase, 1 turn from now (the normal battle ends)" in GAME.panel(s)


def test_the_deciding_turn_banner_says_what_it_takes_to_survive():
    s = fold(ready(enemy="Ogre, 1, 30, 3"), ev.Draw(), ev.MoveCards("deck", "discard", 43))
    assert s.deck == 2
    assert GAME.banner(s) == (
        "⚠ Deciding turn: this turn must heal 1, or the normal battle ends at this enemy phase; a kill brings "
        "the next enemy, who attacks in this phase too (Ogre's next hit, 3, is more than the deck's 2)."
    )
    assert dict(GAME.headline(s))["⚠ Deciding turn"].startswith("this turn must heal 1, or the normal battle ends")
    assert GAME.banner(fold(s, ev.EnemyPhase())) == "", "no banner once the attack is done"
    assert GAME.banner(fold(ready(enemy="Ogre, 1, 30, 3"), ev.Draw())) == ""
    boss = replace(s, stage="boss", enemy=replace(s.enemy, boss=True, hp=21))
    assert "the boss has 21 HP: this turn must deal 21 or heal 1, or the party loses" in GAME.banner(boss)


def test_turns_to_defeat_the_enemy_at_the_partys_present_attack():
    # Ann's best colour hits 5 (Tao), Bob's 4 (Kai): a 12 HP Goblin falls on Bob's second turn
    s = ready(enemy="Goblin, 2, 12, 3, 2, 5")
    assert "Goblin 12 HP falls on Ann's turn, 2 turns from now" in GAME.panel(s)[-3]
    s = fold(s, ev.Draw(), play("y1"))
    assert "Goblin 7 HP falls on Ann's turn, 2 turns from now" in GAME.panel(s)[-3]


def test_panel_shows_enemy_bar_cards_life_forecast_and_damage():
    s = fold(ready(), ev.Draw(), play("g1"), ev.EnemyPhase(), ev.EndTurn())
    lines = GAME.panel(s)
    assert lines[0].startswith("Enemy 1/12: Slime 1★  HP ") and "7/10" in lines[0]
    assert "mana 1/3: strong 4 in 2 attacks" in lines[0]
    assert "deck 43 · play pile 1 (top g1) · discard 2 · hands 4+4 · total 54" in lines[1]
    assert lines[2].startswith("Life (deck per turn): ") and lines[2].endswith(" 43")
    assert lines[3] == "Deck 43 vs Slime: runs out on Bob's enemy phase, 10 turns from now (the normal battle ends)"
    assert "Bob hits per card: red 4, blue 2" in lines[4]


def test_view_rows_and_turn_checklist():
    s = fold(ready(), ev.Draw(), play("g1"))
    view = GAME.view(s)
    assert view.columns == ("Mana", "Hand", "Stars", "Party (colour+Atk, LV)")
    assert view.rows[0].cells[3] == "Rin g3 L1 · Tao y5 L1" and view.rows[0].active
    assert dict(view.checklist) == {
        "draw": True,
        "play": True,
        "resolve": True,
        "actions": False,
        "enemy attack": False,
        "end": False,
    }
    assert view.phase == "actions"


# -- bugs found at the table (each test failed before its fix) ---------------------------------


def test_bug2_the_top_card_has_no_extra_card_marker():
    s = fold(ready(enemy="Golem, 2, 40, 1"), ev.Draw(), play("y4 +y1"))
    assert show(s.top) == "y1" and "(top y1)" in GAME.panel(s)[1]
    assert GAME.headline(s)[5] == ("Top card", "y1")


def test_bug4_the_enemys_mana_is_not_stale_when_its_strong_attack_ends_the_battle():
    # Goblin: Atk 3, strong 5 at 2 mana; 1 mana already, 7 cards: the attack takes 3 (mana 2),
    # the strong attack's 5 is more than the 4 left
    s = fold(ready(enemy="Goblin, 2, 12, 3, 2, 5"), ev.Draw(), ev.MoveCards("deck", "discard", 38))
    s = fold(replace(s, enemy=replace(s.enemy, mana=1)), ev.EnemyPhase())
    assert s.normal_over and s.enemy.mana == 2
    assert s.deck == 0 and s.discard == 38 + 7


def test_bug5_the_draft_hint_uses_the_players_initials():
    s = GAME.setup(("Pia", "Quinn"), {})
    assert GAME.panel(s)[-1].startswith("Draft (P Q Q P …): Pia picks")
    s = GAME.setup(("Pia", "Paul"), {})
    assert GAME.panel(s)[-1].startswith("Draft (Pia Paul Paul Pia …)")


def test_the_header_shows_the_table_options():
    s = ready(easy=True, per_colour=True, enemy="Bat, 1, 3, 1")
    assert GAME.view(s).status.startswith("Easy · per-colour · deck ")
    assert GAME.view(ready()).status.startswith("deck ")


def test_the_big_table_view_headline_has_the_enemys_mana_countdown_forecast_and_top_card():
    s = fold(ready(), ev.Draw(), play("g1"), ev.EnemyPhase())
    assert dict(GAME.headline(s)) == {
        "Enemy": "Slime · Atk 2",
        "HP": "7/10",
        "Mana": "1/3",
        "Strong attack": "4 in 2 attacks",
        "Deck": "43",
        "Top card": "g1",
        "Deck runs out": "Bob's turn, 11 turns from now",
        "Enemy falls": "Ann's turn, 2 turns from now",  # Bob's red 4, then Ann's yellow 5
        "Race": "Slime falls first",
    }
