"""Monster Maker 5 as tried through a whole game at the table: hands the app counts, spells
that stay face down, and the bugs found there (each test here failed before its fix)."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.events import (
    Attack,
    Begin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    Enter,
    HandCount,
    Initiative,
    Remove,
    Spell,
    Thief,
)
from companion.games.mm5.odds import attack_roll
from companion.games.mm5.rules import check_knight
from companion.games.mm5.view import battle_lines
from tests.core.test_mm5_rulings import MAGE, ORC, WARRIOR, battle, knight, refused, run, start


def dealt(*deal):
    return run(GAME.setup(("Ann", "Bob", "Cleo"), {}), *deal)


def hands(state):
    return [s.hand for s in state.players]


# -- hands counted by the app --------------------------------------------------------------------


def test_hands_start_at_five_less_what_the_deal_placed():
    state = dealt(Draw("gem", 3, seat=1), Draw("knight", 5, knight(5), seat=1), Draw("gem", 1, seat=2))
    assert hands(state) == [5, 3, 4]
    state = run(state, Begin(0), Draw("card"))
    assert hands(state) == [6, 3, 4]
    state = run(state, Declare("dark", (ORC, MAGE)))
    assert hands(state)[0] == 4, "two played from the hand"
    state = run(state, EndTurn(), Draw("gem", 2))
    assert hands(state)[1] == 3, "a drawn gem is placed at once, never held"


def test_spells_thieves_and_discards_count():
    state = run(dealt(Draw("gem", 3, seat=1)), Begin(0), Draw("card"), Declare("light"))
    state = run(state, Thief(False, 3, 4, 2))
    assert hands(state)[0] == 5, "6 after the draw, the thief spent"
    state = run(dealt(), Begin(0), Draw("card"), Declare("light"), HandCount(0, 8), Discard())
    assert hands(state)[0] == 5
    fight = battle([ORC], [WARRIOR])
    before = fight.players[2].hand
    assert run(fight, Spell(2, "Fireball")).players[2].hand == before - 1


def test_the_hand_limit_holds_from_the_first_turn():
    state = run(dealt(), Begin(0), Draw("card"), Declare("light"))
    refused(state, EndTurn(), "holds 6 cards")
    assert run(state, HandCount(0, 5), EndTurn()).active == 1, "h stays as a correction"


# -- spells stay face down -------------------------------------------------------------------------


def test_a_spell_stays_face_down_until_initiative_reveals_them_all():
    state = battle([ORC], [WARRIOR])
    after = run(state, Spell(0, "Dark Cloud"))
    line = GAME.describe(state, Spell(0, "Dark Cloud"), after)
    assert "face-down spell" in line and "Dark Cloud" not in line
    both = run(after, Spell(1, "Holy Light"))
    assert not any("Dark Cloud" in x or "Holy Light" in x for x in battle_lines(both))
    assert "face down: Ann, Bob" in "\n".join(battle_lines(both))
    rolled = run(both, Initiative(6, 1))
    line = GAME.describe(both, Initiative(6, 1), rolled)
    assert line.startswith("Spells revealed: Ann: Dark Cloud; Bob: Holy Light — Initiative")
    assert "spells: Ann: Dark Cloud; Bob: Holy Light" in "\n".join(battle_lines(rolled))


# -- the bugs --------------------------------------------------------------------------------------


def test_bug2_a_keep_declaration_that_plays_characters_is_the_turns_action():
    state = start(deal=[Draw("gem", 1, seat=1)])
    state = run(state, Draw("card"), Declare("dark", (ORC,)), EndTurn())  # Ann: Neutral to Dark, free
    state = run(state, Draw("card"), Declare("light"), EndTurn(), Draw("card"), Declare("light"), EndTurn())
    state = run(state, Draw("card"))
    kept = run(state, Declare("dark", (MAGE,)))
    assert kept.acted and kept.phase == "hand-check"
    refused(kept, Attack(1), "already taken this turn's one action")
    assert "(the turn's action)" in GAME.describe(state, Declare("dark", (MAGE,)), kept)
    switched = run(state, Declare("light", (WARRIOR,)))
    assert not switched.acted, "a switch's own play is part of the declaration"


def test_bug3_a_spell_that_removes_the_attackers_last_character_ends_the_battle():
    state = battle([ORC], [WARRIOR])
    orc = state.players[0].field[0].uid
    after = run(state, Remove(orc, "Fireball"))
    assert after.battle is None and after.phase == "hand-check"
    line = GAME.describe(state, Remove(orc, "Fireball"), after)
    assert "attack is wiped out" in line and "no defenders" not in line.lower()
    warrior = state.players[1].field[0].uid
    won = run(state, Remove(warrior, "Fireball"))
    assert won.battle is None and won.players[0].gems == (1,), "the defenders fell to a spell"


def test_bug3_a_neutral_defender_who_commits_nobody_still_loses_at_initiative():
    state = run(
        dealt(Draw("gem", 1, seat=1)), HandCount(0, 0), Begin(0), Draw("card"), Declare("dark", (ORC,)), Attack(1)
    )
    assert state.battle is not None, "a Neutral may still commit defenders"
    after = run(state, Initiative())
    assert "No defenders were committed" in GAME.describe(state, Initiative(), after)


def test_bug4_a_failed_thief_fails_to_steal():
    state = run(dealt(Draw("gem", 2, seat=1)), Begin(0), Draw("card"), Declare("light"))
    missed = run(state, Thief(False, 2, 5, 3))
    line = GAME.describe(state, Thief(False, 2, 5, 3), missed)
    assert "fails to steal gem 2 from Bob" in line and "steals" not in line
    got = run(state, Thief(False, 2, 5, 6))
    assert "Ann's thief steals gem 2 from Bob" in GAME.describe(state, Thief(False, 2, 5, 6), got)


def test_bug5_a_knight_that_cannot_exist_is_refused_before_its_values():
    state = run(dealt(), Begin(0))
    for number, words in [(8, "no knight 8"), (0, "no knight 0")]:
        with pytest.raises(Rejected) as info:
            check_knight(state, number)
        assert words in info.value.reason
    placed = run(state, Draw("knight", 3, knight(3)))
    with pytest.raises(Rejected) as info:
        check_knight(placed, 3)
    assert "already on the table" in info.value.reason


def test_bug6_the_hand_limit_message_advises_only_what_is_still_possible():
    state = run(dealt(), Begin(0), Draw("card"), Declare("light"))
    with pytest.raises(Rejected) as info:
        GAME.apply(state, EndTurn())
    assert "switch" not in info.value.reason and "use a thief (t)" in info.value.reason.lower()
    acted = run(
        dealt(Draw("gem", 2, seat=1)), Begin(0), Draw("card"), Declare("light"), HandCount(0, 7), Thief(False, 2, 5, 1)
    )
    with pytest.raises(Rejected) as info:
        GAME.apply(acted, EndTurn())
    assert "action is taken" in info.value.reason and "play characters" not in info.value.reason


def test_bug8_the_countdown_says_which_of_the_last_players_turns():
    deal = [Draw("gem", n, seat=0) for n in range(1, 8)] + [Draw("knight", n, knight(n), seat=1) for n in range(1, 8)]
    state = run(dealt(*deal), Begin(0))
    assert state.end_turn == 5
    assert "ends after Cleo's turn in round 2" in GAME.view(state).status


def test_bug9_an_attack_of_0_is_not_worded_0d6():
    for roll in (attack_roll(0, 4), attack_roll(0, 0)):
        assert "0d6" not in roll.words()
    assert "an attack of 0" in attack_roll(0, 4).words() and "1/36" in attack_roll(0, 4).words()
    assert "without a roll" in attack_roll(0, 0).words()


def test_enter_still_plays_characters_as_the_action():
    state = run(dealt(), HandCount(0, 3), Begin(0), Draw("card"), Declare("light", (WARRIOR,)))
    assert not state.acted
    assert run(state, Enter((WARRIOR,))).acted


def test_bug10_the_rules_list_shows_no_raw_markdown_marks():
    from rulesdb.index import RulesIndex, line_hit

    index = RulesIndex.load()
    lines = [line_hit(s).snippet for s in index.toc("mm5")]
    for word in ("knight", "dungeon", "gem", "thief", "spell", "initiative", "聖騎士"):
        lines += [f"{h.section.title} {h.snippet}" for h in index.search(word, game="mm5")]
    assert lines and not [x for x in lines if "**" in x]


def test_the_big_table_view_shows_what_has_appeared_and_the_battle():
    state = battle([ORC], [WARRIOR], deal=[Draw("knight", 2, knight(2), seat=2)])
    assert dict(GAME.headline(state)) == {
        "Gems": "1/7",
        "Knights": "1/7",
        "Battle": "Ann against Bob, round 1",
        "Attacker's chance": "45.8%",
    }
    assert "Attacker's chance 45.8% (exact: both sides' best play, no more reinforcements or spells)" in GAME.panel(
        state
    ), "the panel says how the headline's chance was found"
