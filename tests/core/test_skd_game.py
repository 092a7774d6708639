"""Seirei Kairo Drive as a whole: the card-count invariant under any sequence of actions, replay
through the JSON codec, the forecast, and the words the log and panels show."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected, encode
from companion.games.skd import GAME
from companion.games.skd import events as ev
from companion.games.skd.forecast import phases_survived
from companion.games.skd.play import NeedsReveal
from companion.games.skd.state import Enemy
from companion.timeline import Entry, Timeline
from tests.core.test_skd_rulings import GOBLIN, SLIME, fold, parse_enemy, play, ready

CANDIDATES = [
    ev.Draw(), ev.EnemyPhase(), ev.EndTurn(), ev.LevelUp("1"), ev.LevelUp("2"), ev.Skill("1"),
    ev.Skill("2", 1), play("g1"), play("y2 g2"), play("g4 r4 +r1^"), play("b23*"), play("rg"),
    play("g3 y3 g3 y3", GOBLIN, SLIME), ev.AdjustMana(0, 3), ev.MoveCards("discard", "deck", 2),
    ev.MoveCards("deck", "discard", 9), ev.RevealBoss(parse_enemy("Lord, 3, 25, 3, 2, 5")),
    ev.BossKeep((2, 2)), ev.BossKeep((1, 0)), ev.BossDeal(),
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


def test_forecast_counts_enemy_phases_with_strong_attacks():
    slime = Enemy.from_spec(parse_enemy(SLIME))
    assert phases_survived(46, slime) == 14
    plain = Enemy.from_spec(parse_enemy("Bat, 1, 3, 2"))
    assert phases_survived(5, plain) == 2
    assert phases_survived(5, plain, draw_first=True, draws=True) == 1
    assert phases_survived(5, Enemy.from_spec(parse_enemy("Bug, 1, 3, 0"))) is None


def test_panel_shows_enemy_bar_cards_life_forecast_and_damage():
    s = fold(ready(), ev.Draw(), play("g1"), ev.EnemyPhase(), ev.EndTurn())
    lines = GAME.panel(s)
    assert lines[0].startswith("Enemy 1/12: Slime 1★  HP ") and "7/10" in lines[0]
    assert "mana 1/3 → strong 4" in lines[0]
    assert "deck 43 · play pile 1 (top g1) · discard 2 · hands 4/4 · total 54" in lines[1]
    assert lines[2].startswith("Life (deck per turn): ") and lines[2].endswith(" 43")
    assert "Deck 43 vs Slime:" in lines[3] and "Bob hits per card: red 4, blue 2" in lines[3]


def test_view_rows_and_turn_checklist():
    s = fold(ready(), ev.Draw(), play("g1"))
    view = GAME.view(s)
    assert view.columns == ("Mana", "Hand", "Stars", "Party (colour+Atk, LV)")
    assert view.rows[0].cells[3] == "Rin g3 L1 · Tao y5 L1" and view.rows[0].active
    assert dict(view.checklist) == {"draw": True, "play": True, "resolve": True, "actions": False,
                                    "enemy attack": False, "end": False}
    assert view.phase == "actions"
