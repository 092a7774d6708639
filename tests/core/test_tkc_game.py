"""The King Commands rulings, one test (or more) per bullet of shared/rulings.md, plus bad input.

Each test names the ruling it covers. `play` applies events in order; a Rejected event must leave
the state exactly as it was, which `refused` checks.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Rejected
from companion.games import all_games
from companion.games.tkc import GAME, cards
from companion.games.tkc.cards import EXCALIBUR as X
from companion.games.tkc.events import (
    Attack,
    CountPile,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)

R, B, G, Y = cards.DEFAULT_COLOURS
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus")


def play(state, *events):
    for e in events:
        state = GAME.apply(state, e)
        check_invariants(state)
    return state


def refused(state, event, words=""):
    with pytest.raises(Rejected, match=words) as info:
        GAME.apply(state, event)
    assert info.value.reason.strip()
    return info.value.reason


def check_invariants(s):
    if not s.hands:
        return
    total = s.draw_pile + s.discard + sum(s.hands) + sum(sum(p) for p in s.piles)
    if not any(s.confirmed):  # a pile counted at the table replaces the app's records
        assert total == cards.DECK_SIZE
    assert 0 <= s.gold_scored <= cards.GOLD_BAGS
    assert s.draw_pile >= 0 and min(s.hands) >= 0


def started(n=3, **options):
    """Ann starts (her card shows 5)."""
    s = GAME.setup(NAMES[:n], options)
    return play(s, StartDraw((5,) + (0,) * (n - 1)))


def drawn(n=3, **options):
    return play(started(n, **options), Draw())


# -- Ruling: 2–6 players; 108 cards; point values; colours named per session ------------------


def test_two_to_six_players_and_a_seventh_is_refused():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for n in range(2, 7):
        GAME.setup(NAMES[:n], {})
    with pytest.raises(Rejected, match="2–6 players, not 7"):
        GAME.setup(NAMES[:7], {})


def test_the_deck_and_the_point_values():
    assert cards.DECK_SIZE == 108 and cards.DECK == (56, 16, 8, 12, 8, 8)
    assert dict(zip(cards.CARD_TYPES, cards.POINTS, strict=True)) == {
        "sword": 1,
        "shield": 2,
        "crown": 3,
        "gold": 5,
        "crystal ball": 0,
        "Excalibur": 0,
    }


def test_colours_are_named_per_session():
    s = GAME.setup(("Ann", "Bob"), {"colour1": "Crimson", "colour2": "azure", "colour3": "jade", "colour4": "ochre"})
    assert s.colours == ("crimson", "azure", "jade", "ochre")
    with pytest.raises(Rejected, match="different first letters"):
        GAME.setup(("Ann", "Bob"), {"colour1": "blue", "colour2": "black"})


def test_registered():
    assert "tkc" in [g.id for g in all_games()]


# -- Ruling: setup: highest corner value starts, ties redraw, deal 6 -------------------------


def test_start_player_ties_redraw_among_the_tied_then_deal_six():
    s = GAME.setup(NAMES[:4], {})
    s = play(s, StartDraw((3, 5, 0, 5)))
    assert s.contenders == (1, 3) and s.step == "start"
    three = GAME.setup(NAMES[:3], {})
    said = GAME.describe(three, StartDraw((3, 3, 3)), play(three, StartDraw((3, 3, 3))))
    assert said.endswith("Ann, Bob and Cleo tie and draw again"), said
    refused(s, StartDraw((3, 5, 0, 5)), "Enter 2 corner values, one each for Bob, Dan")
    s = play(s, StartDraw((2, 1)))
    assert (s.start, s.active, s.step) == (1, 1, "draw")
    assert s.draw_pile == 108 - 6 * 4 and s.hands == (6, 6, 6, 6)


def test_corner_values_are_card_values_and_nothing_happens_before_the_start_player():
    s = GAME.setup(NAMES[:2], {})
    refused(s, StartDraw((4, 1)), "0, 1, 2, 3 or 5")
    refused(s, Draw(), "start player")
    assert GAME.view(s).phase == "setup"


@pytest.mark.parametrize("n", range(2, 7))
def test_draw_pile_starts_at_108_minus_6_per_player(n):
    assert started(n).draw_pile == 108 - 6 * n


# -- Ruling: the turn: draw 2, at most one crown or crystal ball, attack or discard ----------


def test_turn_order_is_enforced():
    s = started()
    refused(s, Discard("sword", 1), "draws 2 first")
    refused(s, Crown("attention"), "draws 2 first")
    refused(s, NextTurn(), "has not drawn yet")
    s = play(s, Draw())
    assert s.hands[0] == 8 and s.draw_pile == 88
    refused(s, Draw(), "already drawn")
    refused(s, NextTurn(), "must attack or discard")
    s = play(s, CrystalBall("look", target=1))
    refused(s, Crown("attention"), "Only one crown or crystal ball per turn")
    s = play(s, Attack(0, 1, (R,), "hit"))
    refused(s, Discard("sword", 1), "already attacked or discarded")
    s = play(s, NextTurn())
    assert s.active == 1 and s.step == "draw"


def test_a_relic_after_the_attack_is_refused():
    s = play(drawn(), Discard("shield", 1))
    refused(s, CrystalBall("draw"), "Only one crown|before the attack")


def test_the_checklist_follows_the_turn():
    s = drawn()
    assert GAME.view(s).checklist == (
        ("Draw 2", True),
        ("Crown or crystal ball (optional)", False),
        ("Attack or discard", False),
    )
    s = play(s, Crown("attention"), Discard("sword", 1))
    assert GAME.view(s).checklist[2] == ("Attack or discard (1 of 2, Attention!)", False)
    s = play(s, Discard("sword", 1))
    assert GAME.view(s).checklist[2] == ("Attack or discard (2 of 2, Attention!)", True)


def test_a_player_who_cannot_attack_or_discard_passes():
    s = play(drawn(), NextTurn(passed=True))
    assert s.active == 1


# -- Ruling: discard for cards ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "count", "draw"), [("sword", 1, 2), ("sword", 2, 4), ("sword", 3, 6), ("shield", 1, 3), ("relic", 1, 5)]
)
def test_discard_draws(card, count, draw):
    s = drawn()
    after = play(s, Discard(card, count))
    assert after.draw_pile == s.draw_pile - draw
    assert after.discard == count and after.hands[0] == s.hands[0] - count + draw


@pytest.mark.parametrize(
    ("card", "count", "words"),
    [
        ("gold", 1, "Gold bags cannot be discarded"),
        ("sword", 4, "1, 2 or 3 swords"),
        ("shield", 2, "exactly one shield"),
        ("relic", 2, "exactly one relic"),
        ("hat", 1, "cannot be discarded"),
    ],
)
def test_illegal_discards(card, count, words):
    refused(drawn(), Discard(card, count), words)


# -- Ruling: outcomes ------------------------------------------------------------------------


def test_hit_moves_a_gold_bag_and_the_swords_to_the_attacker():
    s = play(drawn(), Attack(0, 1, (R, R), "hit", gold=True))
    assert s.piles[0] == (2, 0, 0, 1, 0, 0) and s.hands == (6, 5, 6) and s.gold_scored == 1


def test_a_poke_takes_no_gold():
    s = drawn()
    refused(s, Attack(0, 1, (R,), "hit", gold=True), "Poke takes no gold")
    assert play(s, Attack(0, 1, (R,), "hit")).piles[0] == (1, 0, 0, 0, 0, 0)


def test_block_gives_the_defender_swords_and_shields():
    s = play(drawn(), Attack(0, 2, (G, G, G), "block", (G, G)))
    assert s.piles == ((0,) * 6, (0,) * 6, (3, 2, 0, 0, 0, 0)) and s.hands == (5, 6, 4)


def test_excalibur_block_goes_to_the_defenders_pile():
    s = play(drawn(), Attack(0, 1, (R, B, G, Y), "block", (X,)))
    assert s.piles[1] == (4, 0, 0, 0, 0, 1)


def test_parry_each_side_scores_its_own_swords():
    s = play(drawn(), Attack(0, 1, (R, B), "parry", (B, R)))
    assert s.piles[0] == (2, 0, 0, 0, 0, 0) and s.piles[1] == (2, 0, 0, 0, 0, 0)


def test_excalibur_parried_by_excalibur_and_hitting_with_gold():
    s = play(drawn(), Attack(0, 1, (X,), "parry", (X,)))
    assert s.piles[0][cards.EXCAL] == 1 and s.piles[1][cards.EXCAL] == 1
    s = play(drawn(), Attack(0, 1, (X,), "hit", gold=True))
    assert s.piles[0] == (0, 0, 0, 1, 0, 1)


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (Attack(0, 1, (R, R, B), "hit"), "forms no attack"),
        (Attack(0, 1, (R, R), "block", (B,)), "blocked only by red shields"),
        (Attack(0, 1, (R, R), "parry", (B, B)), "same swords in the same colours"),
        (Attack(0, 1, (Y,) * 5, "block", (X,)), "Excalibur cannot block a Backstab"),
        (Attack(0, 1, (X,), "block", (X,)), "Excalibur cannot block"),
        (Attack(0, 1, (R, R), "block", (R,), gold=True), "Only a hit takes a gold bag"),
        (Attack(1, 2, (R,), "hit"), "only Ann attacks"),
        (Attack(0, 0, (R,), "hit"), "another player"),
        (Attack(0, 1, (R,) * 5 + (R,), "hit"), "No attack uses 6"),
        (Attack(0, 1, (R,), "dodge"), "hit, block or parry"),
        (Attack(0, 1, (R,), "hit", (R,)), "A hit has no defending cards"),
        (Attack(0, 1, ("purple",), "hit"), "not a card of this session"),
    ],
)
def test_bad_attacks_change_nothing(event, words):
    s = drawn()
    refused(s, event, words)


def test_cards_beyond_what_a_hand_holds_are_refused():
    s = drawn(2)
    s = replace(s, hands=(8, 1), discard=s.discard + 5)  # Bob lost 5 cards somewhere
    refused(s, Attack(0, 1, (R, R), "parry", (R, R)), "Bob holds only 1 card")
    refused(s, Crown("aid", target=1, counts=(2,)), "Bob holds only 1 card")
    s = replace(s, hands=(2, 6), discard=s.discard - 1)
    refused(s, Attack(0, 1, (R, R, R), "hit"), "Ann holds only 2 cards")


def test_gold_is_conserved_at_twelve():
    s = drawn(2)
    for i in range(12):
        s = play(s, Attack(s.active, 1 - s.active, (R, R), "hit", gold=True), NextTurn(), Draw())
        assert s.gold_scored == i + 1
    refused(s, Attack(s.active, 1 - s.active, (R, R), "hit", gold=True), "All 12 gold bags")


# -- Ruling: crown commands ------------------------------------------------------------------


def test_lay_down_your_swords_each_opponent_two_or_all_it_has():
    s = drawn()
    after = play(s, Crown("lay-down", counts=(0, 2, 1)))
    assert after.hands == (7, 4, 5) and after.discard == 1 + 3
    refused(s, Crown("lay-down", counts=(0, 3, 2)), "0, 1 or 2")
    refused(s, Crown("lay-down", counts=(1, 2, 2)), "lays down none")


def test_attention_gives_two_phases_each_chosen_freely():
    s = play(drawn(), Crown("attention"), Attack(0, 1, (R,), "hit"), Discard("shield", 1))
    assert s.actions_done == 2 and s.step == "done"
    refused(s, Discard("sword", 1), "already attacked or discarded")


def test_attention_second_phase_is_optional():
    s = play(drawn(), Crown("attention"), Discard("sword", 1), NextTurn())
    assert s.active == 1


def test_fear_my_mighty_sword_takes_a_gold_bag_then_the_phase_follows():
    s = play(drawn(), Crown("fear", target=2, gold=True))
    assert s.piles[0] == (0, 0, 0, 1, 0, 0) and s.discard == 1 and s.hands == (7, 6, 5)
    s = play(s, Attack(0, 1, (R,), "hit"))
    assert s.actions_done == 1
    no_gold = play(drawn(), Crown("fear", target=1))
    assert no_gold.piles[0] == (0,) * 6


def test_give_me_your_aid_two_non_gold_cards_or_a_reveal():
    s = play(drawn(), Crown("aid", target=1, counts=(2,)))
    assert s.hands == (9, 4, 6)
    s = play(drawn(), Crown("aid", target=1, counts=(0,)))
    assert s.hands == (7, 6, 6)
    refused(drawn(), Crown("aid", target=1, counts=(3,)), "0, 1 or 2")
    refused(drawn(), Crown("aid", target=0, counts=(2,)), "another player")


def test_abdication_scores_the_crown_and_skips_the_phase():
    s = play(drawn(), Crown("abdication"))
    assert s.piles[0] == (0, 0, 1, 0, 0, 0) and s.discard == 0
    refused(s, Attack(0, 1, (R,), "hit"), "Abdication skips")
    refused(s, Discard("sword", 1), "Abdication skips")
    assert play(s, NextTurn()).active == 1


def test_unknown_crown_command():
    refused(drawn(), Crown("dance"), "The crown's commands are")


# -- Ruling: crystal ball --------------------------------------------------------------------


def test_crystal_ball_draw_four_keep_two():
    s = play(drawn(), CrystalBall("draw"))
    assert s.draw_pile == 86 and s.hands[0] == 9 and s.discard == 1


def test_crystal_ball_take_back_needs_a_card_other_than_the_ball():
    refused(drawn(), CrystalBall("take"), "only the crystal ball just played")
    s = play(drawn(), Discard("sword", 2), NextTurn(), Draw())
    after = play(s, CrystalBall("take"))
    assert after.discard == 2 and after.hands[1] == s.hands[1]


def test_crystal_ball_look_at_a_hand():
    s = play(drawn(), CrystalBall("look", target=2))
    assert s.hands == (7, 6, 6) and s.discard == 1
    refused(drawn(), CrystalBall("look"), "Choose the player")


# -- Ruling: end: last card drawn, finish the turn, everyone one more turn, no draws ----------


def with_pile(s, k):
    """The same table with k cards left in the draw pile (the rest moved to the discard)."""
    return replace(s, draw_pile=k, discard=s.discard + s.draw_pile - k)


def test_the_last_card_opens_the_final_round_and_everyone_plays_once_more():
    s = with_pile(drawn(), 3)
    assert s.final_left is None
    s = play(s, Discard("shield", 1))
    assert s.draw_pile == 0 and s.final_left == 3 and s.hands[0] == 10
    assert GAME.view(s).status.endswith("FINAL ROUND, still to play: Ann (now), Bob, Cleo, Ann")
    order = []
    for _ in range(3):
        s = play(s, NextTurn())
        order.append(s.active)
        assert s.step == "relic", "no draw in the final round"
        refused(s, Draw(), "draw pile is empty")
        refused(s, Discard("sword", 1), "draw pile is empty")
        refused(s, CrystalBall("draw"), "draw pile is empty")
        s = play(s, Attack(s.active, (s.active + 1) % 3, (R,), "hit"))
    assert order == [1, 2, 0]
    assert GAME.view(s).status.endswith("FINAL ROUND, still to play: Ann (now)")
    s = play(s, NextTurn())
    assert s.over and GAME.view(s).finished and GAME.view(s).phase == "end"
    refused(s, Draw(), "game is over")


def test_the_turn_draw_can_take_the_last_card_then_the_turn_finishes():
    s = play(with_pile(started(), 1), Draw())
    assert s.draw_pile == 0 and s.hands[0] == 7 and s.final_left == 3
    refused(s, NextTurn(), "must attack or discard")
    s = play(s, Attack(0, 1, (R,), "hit"), NextTurn())
    assert s.active == 1 and s.final_left == 2


def test_a_crystal_ball_can_take_the_last_card():
    s = play(with_pile(drawn(), 2), CrystalBall("draw"))
    assert s.draw_pile == 0 and s.hands[0] == 9 and s.final_left == 3


def test_a_discard_draws_only_what_is_left():
    s = play(with_pile(drawn(), 4), Discard("sword", 3))
    assert s.draw_pile == 0 and s.hands[0] == 8 - 3 + 4


# -- Ruling: secret score piles, open scoring, final score, ties -----------------------------


def test_secret_scoring_hides_points_in_view_and_log():
    before = drawn()
    after = play(before, Attack(0, 1, (R, R), "hit", gold=True))
    view = GAME.view(after)
    assert "Points" not in view.columns
    line = GAME.describe(before, Attack(0, 1, (R, R), "hit", gold=True), after)
    assert "point" not in line.lower() and "7" not in line
    opened = drawn(open_scoring=True)
    after = play(opened, Attack(0, 1, (R, R), "hit", gold=True))
    assert GAME.view(after).columns[-1] == "Points" and GAME.view(after).rows[0].cells[-1] == "7"
    assert "Ann 7" in GAME.describe(opened, Attack(0, 1, (R, R), "hit", gold=True), after)


def finished(*events):
    """A two-player game played to its end after `events` in Ann's first turn."""
    s = play(with_pile(drawn(2), 2), *events, NextTurn(), Draw())
    assert s.final_left == 2
    s = play(s, NextTurn(passed=True), NextTurn(passed=True))
    assert not s.over, "Bob drew the last card: Ann, then Bob, take one more turn each"
    s = play(s, NextTurn(passed=True))
    assert s.over
    return s


def test_final_scores_confirmation_correction_and_shared_win():
    s = finished(Attack(0, 1, (R, R), "hit", gold=True))
    assert s.piles[0] == (2, 0, 0, 1, 0, 0)
    res = GAME.result(s)
    assert res.winners == ("Ann",) and dict(res.scores) == {"Ann": 7, "Bob": 0}
    assert "Points" in GAME.view(s).columns, "scores are shown once the game is over"
    s2 = play(s, CountPile(0, (2, 0, 0, 1, 0, 0)), CountPile(1, (1, 0, 2, 0, 0, 0)))
    res = GAME.result(s2)
    assert res.winners == ("Ann", "Bob") and "Ann and Bob share the win with 7" in res.reasoning
    assert GAME.describe(s, CountPile(0, (2, 0, 0, 1, 0, 0)), s2).startswith("Ann confirms")
    refused(s, CountPile(1, (0, 0, 0, 12, 0, 0)), "13 gold bags")
    refused(s, CountPile(1, (0, 0, 0, 1)), "six numbers")
    refused(drawn(), CountPile(0, (0,) * 6), "when the game is over")


def test_every_event_survives_the_json_codec():
    from companion.core import decode, encode

    for e in (
        StartDraw((5, 3)),
        Draw(),
        Attack(0, 1, (R, R), "block", (R,)),
        Discard("relic", 1),
        Crown("lay-down", counts=(0, 2)),
        CrystalBall("look", 1),
        NextTurn(True),
        CountPile(1, (1,) * 6),
    ):
        assert decode(encode(e), GAME.events) == e
