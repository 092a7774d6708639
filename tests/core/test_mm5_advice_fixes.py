"""Monster Maker 5 advice as a table acts on it: the bugs of issue 24 (each test here failed
before its fix): the Light Mage, an honest fallback, ties broken by the chance to hit, who
rolls for the Dungeon."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.mm5 import GAME
from companion.games.mm5.advice import Fighter, advise
from companion.games.mm5.events import Declare, Draw, Initiative, Rescue
from companion.games.mm5.notation import parse_card, parse_kind
from companion.games.mm5.strike import Kind
from companion.games.mm5.view import battle_lines, initiative_title
from tests.core.test_mm5_rulings import jailed, run, start

# -- the Light companion Mage ------------------------------------------------------------------


def test_mage_is_the_light_companion_and_dark_mage_the_dark_one():
    assert parse_kind("mage") == "companion"
    assert parse_kind("Dark Mage") == "dark-mage"
    assert parse_kind("dark-mage") == "dark-mage"
    mage = parse_card("Mage", "mage P 0/2 M 3/3")
    assert mage[1] == "companion"
    state = run(start(), Draw("card"), Declare("light", (mage,)))
    assert state.players[0].faction == "light", "f light Mage = mage … is a Light character"


# -- the fallback is honest --------------------------------------------------------------------


def lineup(seed: int, n: int) -> tuple[tuple[Fighter, ...], tuple[Fighter, ...]]:
    rng = random.Random(seed)

    def kind() -> Kind:
        return Kind(False, 0, rng.randint(1, 4), rng.randint(2, 9), rng.randint(1, 4), rng.randint(2, 9))

    return tuple(tuple(Fighter(10 * s + i, f"c{s}{i}", kind()) for i in range(n)) for s in (0, 1))  # type: ignore[return-value]


def test_an_estimate_past_the_budget_is_a_rough_guess_with_no_interval_and_still_names_a_strike():
    sides = lineup(5, 4)
    advice = advise(sides, budget=0.0)
    assert not advice.exact
    text = "\n".join(advice.words())
    assert "±" not in text and "rough guess" in text
    assert advice.firsts[0] is not None and advice.firsts[1] is not None, "a first strike for each side"
    mid = advise(sides, acted=(), to_move=0, budget=0.0)
    assert mid.best is not None and mid.best.side == 0
    assert "Best strike, attacker" in "\n".join(mid.words())


@pytest.mark.slow
def test_six_distinct_characters_against_six_get_the_exact_chance():
    light, dark = lineup(6, 6)
    dark = tuple(replace(f, kind=replace(f.kind, rank=1 + i // 2)) for i, f in enumerate(dark))  # the Dungeon's
    advice = advise((light, dark), budget=600.0, keep=False)  # a budget no loaded machine reaches: not about time
    assert advice.exact and "±" not in "\n".join(advice.words())
    assert advice.firsts[0] is not None and advice.firsts[0].if_hit is not None


# -- ties go to the likelier hit -----------------------------------------------------------------


def test_a_tie_is_broken_by_the_chance_to_hit():
    """Bob's Mage: physical 0 against defence 2 hits only by the 2d6 fallback (2.8 %), magic 3
    against 3 always; either way the Warrior after it wins, so both are worth 100 %."""
    mage = Fighter(1, "Mage", Kind(False, 0, 0, 2, 3, 3))
    warrior = Fighter(2, "Warrior", Kind(False, 0, 5, 4, 1, 2))
    orc = Fighter(3, "Orc", Kind(True, 1, 1, 1, 1, 1))
    advice = advise(((mage, warrior), (orc,)), acted=(3,), to_move=0)
    assert advice.attacker_wins == 1.0
    assert advice.best is not None and advice.best.hit == 1.0, advice.best


# -- who rolls for the Dungeon -------------------------------------------------------------------


def test_a_rescue_says_who_rolls_for_the_dungeon():
    state = jailed()  # Ann and Cleo Light, Bob Dark
    before = run(state, Declare("light"))
    after = run(before, Rescue((0, 3, 0, 3)))
    line = GAME.describe(before, Rescue((0, 3, 0, 3)), after)
    assert "Bob rolls for the Dungeon" in line
    assert "Bob rolls for the Dungeon" in initiative_title(after)
    assert any("Bob rolls for the Dungeon" in x for x in battle_lines(after))
    struck = run(after, Initiative(6, 1))
    assert any("Bob rolls for the Dungeon" in x for x in battle_lines(struck))


def test_with_no_dark_player_the_next_player_rolls_for_the_dungeon():
    from companion.games.mm5.battle import dungeon_roller

    state = run(jailed(), Declare("light"), Rescue((0, 3, 0, 3)))
    assert dungeon_roller(state) == 1
    light = state.with_seat(1, replace(state.players[1], field=()))
    assert light.players[1].faction != "dark"
    assert dungeon_roller(light) == 1, "no Dark player: the next player in seat order"


# -- what a reinforcement would do ---------------------------------------------------------------


def test_the_what_if_list_weighs_each_card_a_side_may_commit_ranked_by_its_gain():
    from companion.games.mm5.cards import catalogue_entry
    from companion.games.mm5.whatif import choice, lines, what_ifs
    from tests.core.test_mm5_rulings import MAGE, ORC, WARRIOR, battle

    state = battle([ORC], [WARRIOR])  # Ann (Dark) attacks Bob (Light)
    goblin = ("Goblin", "monster", 3, 3, 3, 3, 0)
    cleric = ("Cleric", "companion", 2, 5, 2, 5, 0)
    catalogue = {s[0]: catalogue_entry(s) for s in (goblin, cleric, MAGE)}
    found = what_ifs(state, catalogue)
    by = {(w.side, w.spec[0]): w for w in found}
    assert (0, "Goblin") in by and (1, "Cleric") in by
    assert (0, "Cleric") not in by and (1, "Goblin") not in by, "Dark never commits Light, nor Light Dark"
    assert by[(0, "Goblin")].after > by[(0, "Goblin")].before, "a character more helps its side"
    assert by[(1, "Cleric")].after < by[(1, "Cleric")].before
    assert [w.gain for w in found] == sorted((w.gain for w in found), reverse=True)
    shown = lines(state, found)
    assert shown[1].startswith("  1  with ") and "→" in shown[1]
    event = choice(found, "1")
    assert event == found[0].event()
    after = run(state, event)
    assert len(after.players[found[0].seat].field) == len(state.players[found[0].seat].field) + 1
    assert choice(found, "Cleo d: Orc") is None
    assert what_ifs(run(state, Initiative(6, 1)), catalogue) == [], "only in the reinforcement step"


# -- the end countdown and the forced switch, where the table looks --------------------------------


def test_the_gem_tally_shows_in_the_header_while_the_end_countdown_runs():
    from companion.games.mm5.view import headline, view

    state = jailed()
    assert "gems held" not in view(state).status
    counting = replace(state, end_turn=state.turn_no + 2)
    assert "gems held: Light 0 · Dark 1" in view(counting).status  # Bob (Dark) holds gem 3
    assert ("Gems held", "Light 0 · Dark 1") in headline(counting)


def test_the_forced_switch_is_said_on_lines_of_its_own_where_the_declaration_is_typed():
    from companion.games.mm5.events import HandCount
    from companion.games.mm5.view import declare_prompt

    state = jailed()  # Ann is Light, she drew
    label, words = declare_prompt(state)
    assert "Forced switch" not in label and words[0] == "light"
    label, words = declare_prompt(run(state, HandCount(0, 7)))
    first = label.splitlines()[0]
    assert first.startswith("Forced switch? Ann holds 7") and words[0] == "dark!"
    assert "dark! and the characters" in label
    assert all(len(x) <= 78 for x in label.splitlines()[:2])


def test_the_panel_and_the_declaration_say_the_forced_switch_in_the_same_words():
    from companion.games.mm5.events import HandCount
    from companion.games.mm5.view import declare_prompt, forced_switch, next_step

    over = run(jailed(), HandCount(0, 7))  # Ann is Light, she drew, she holds 7
    switch = forced_switch(over)
    assert switch.startswith("Forced switch? Ann holds 7") and "dark! and the characters" in switch
    assert switch in next_step(over) and switch in declare_prompt(over)[0]
    assert next_step(over).startswith("Next: f declare a faction")
    assert forced_switch(jailed()) == "" and "Forced switch" not in next_step(jailed())


def test_a_session_holding_a_mage_played_as_dark_says_how_to_fix_it():
    from companion.games.mm5.view import mage_note

    old = ("Mage", "dark-mage", 0, 2, 3, 3, 0)  # as `mage` was read before the fix
    state = run(start(), Draw("card"), Declare("dark", (old,)))
    note = mage_note(state)
    assert "#1 Mage is in play as a Dark Mage" in note and "catalogue (c)" in note and "undo" in note
    dark = run(start(), Draw("card"), Declare("dark", (("Dark Mage", "dark-mage", 1, 3, 3, 4, 0),)))
    assert mage_note(dark) == ""


# -- a chance that can go either way never reads as certain -----------------------------------


def test_an_uncertain_chance_never_reads_100_or_0_percent():
    """Playtest at 80x24: Orc and Dark Mage against Holy Knight 5 read "Attacker's chance
    100.0% (exact: ...)" and "100.0% → 100.0% if it hits (83.3% to hit)" though Ann can win."""
    from companion.games.mm5.advice import Advice

    nearly = Advice(attacker_wins=0.9996, exact=True).words()[0]
    assert nearly.startswith("Attacker's chance >99.9% (exact"), nearly
    hardly = Advice(attacker_wins=0.0004, exact=True).words()[0]
    assert hardly.startswith("Attacker's chance <0.1% (exact"), hardly
    assert Advice(attacker_wins=1.0, exact=True).words()[0].startswith("Attacker's chance 100.0%")
    assert Advice(attacker_wins=0.0, exact=True).words()[0].startswith("Attacker's chance 0.0%")
