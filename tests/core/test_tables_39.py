"""Issue 39 in the core: each item's rule, held by the core (the screens only render it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.events import Attack, Declare, Draw, EndTurn, Initiative, Strike
from companion.games.mm5.odds import attack_roll
from tests.core.test_mm5_rulings import run, start


def battle(defender: tuple, initiative: tuple[int, int] = (6, 1)) -> object:
    """Ann (Dark: two Orcs, 4 physical dice together) attacks Bob (Light: `defender`); Ann strikes first."""
    orc = ("Orc", "orc", 2, 3, 0, 2, 0)
    state = start(("Ann", "Bob"))
    state = run(state, Draw("card"), Declare("dark", (orc, orc)), EndTurn())
    state = run(state, Draw("card"), Declare("light", (defender,)), EndTurn())
    return run(state, Draw("card"), Declare("dark"), Attack(1), Initiative(*initiative))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 12))
def test_a_strike_with_no_dice_entered_stands_exactly_when_it_cannot_miss(pdef):
    """Any defence against the two Orcs' 4 dice: no dice entered is a hit when every roll hits,
    and refused (the dice are asked) otherwise."""
    state = battle(("Warrior", "companion", 3, pdef, 1, 2, 0))
    striker, target = state.players[0].field[0].uid, state.players[1].field[0].uid
    roll = attack_roll(4, pdef)
    every_roll_hits = all(roll.succeeds(t) for t in range(4, 25))
    try:
        after = GAME.apply(state, Strike(striker, target, False, ()))
    except Rejected:
        assert not every_roll_hits
    else:
        assert every_roll_hits and not after.players[1].field


@pytest.mark.parametrize(("pdef", "sure"), [(4, True), (5, False)])
def test_mm5_a_sure_hit_records_without_dice(pdef, sure):
    state = battle(("Warrior", "companion", 3, pdef, 1, 2, 0))
    striker = state.players[0].field[0].uid
    target = state.players[1].field[0].uid
    if not sure:
        with pytest.raises(Rejected):
            GAME.apply(state, Strike(striker, target, False, ()))
        return
    after = GAME.apply(state, Strike(striker, target, False, ()))
    assert after.battle is None and not after.players[1].field
    assert "a sure hit" in GAME.describe(state, Strike(striker, target, False, ()), after)


# -- tkc: one reading of a colour letter after b, for every attack ------------------------------

TKC_ATTACKS = {"poke": "r", "swing": "rb", "thrust": "rr", "power-chop": "rrr"}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(TKC_ATTACKS)), st.sampled_from("rbgy"))
def test_tkc_one_colour_letter_after_b_is_every_shield_the_block_takes_in_that_colour(attack, letter):
    """`b g` and `b r` read alike on every attack: the letter is all the shields the block
    takes, of that colour; the rules then take or refuse that block, saying why."""
    from companion.games.tkc.attack_line import read_attack
    from companion.games.tkc.cards import classify
    from tests.core.test_tkc_attack_line import drawn

    state = drawn()
    cards = read_attack(state, f"2 {TKC_ATTACKS[attack]}").cards
    row = classify(cards, state.poke_unblockable)
    colour = next(c for c in state.colours if c[0] == letter)
    try:
        line = read_attack(state, f"2 {TKC_ATTACKS[attack]} b {letter}")
    except Rejected as exc:
        assert row.shield_colour == "same" and colour != cards[0], exc.reason
        assert f"b {cards[0][0]}" in exc.reason, "the refusal says what the letter stands for"
        assert "exactly" not in exc.reason
    else:
        assert line.event.defence == (colour,) * row.shields


def test_tkc_no_earlier_table_shows_hands_under_the_terse_log_and_the_final_count_shows_all():
    from companion.games.tkc import GAME as TKC
    from companion.games.tkc.events import Attack as TkcAttack
    from companion.games.tkc.events import Draw as TkcDraw
    from companion.games.tkc.events import NextTurn, StartDraw
    from companion.timeline import Timeline

    tl = Timeline.start(TKC, TKC.setup(("Lia", "Mo"), {}))
    for e in (StartDraw((5, 0)), TkcDraw(), TkcAttack(0, 1, ("red", "red"), "hit"), NextTurn(), TkcDraw()):
        tl = tl.record(e)
    for position in range(1, tl.cursor):
        assert all(cell == "—" for row in tl.view_of(position).rows for cell in row.cells), position
    assert all(cell.isdigit() for row in tl.view_of().rows for cell in row.cells), "now: the hands"
    open_tl = Timeline.start(TKC, TKC.setup(("Lia", "Mo"), {"terse_log": False}))
    for e in (StartDraw((5, 0)), TkcDraw()):
        open_tl = open_tl.record(e)
    assert all(cell.isdigit() for row in open_tl.view_of(1).rows for cell in row.cells), "no terse log: whole"


# -- skd: a skill that cannot be used is said before anything is asked --------------------------


def test_skd_a_used_x_skill_is_refused_before_its_mana_is_asked_and_marked_used_in_the_list():
    from companion.games.skd import GAME as SKD
    from companion.games.skd import events as ev
    from companion.games.skd.prompts import skill_line_prompt
    from companion.games.skd.view import skill_prompt
    from tests.ui.midgame import GAMES

    players, options, events = GAMES["skd"]
    state = SKD.setup(players, options)
    for e in events:
        state = SKD.apply(state, e)
    state = SKD.apply(state, ev.Skill("Rin"))
    assert "1 Rin [2] deal 3" in skill_prompt(state) and "(used this turn) · 2 Tao" in skill_prompt(state)
    closed = {a.name: a.closed for a in SKD.actions(state)}
    assert closed["skill"] == "Every skill of Ann's party is used this turn (once per character per turn)."
    # an X★ skill already used: said at once, no "how much mana?" first
    kai = state.seats[1].party[0]
    assert kai.cost == "X"
    bob = replace_seat_turn(state)
    with pytest.raises(Rejected, match="used already"):
        skill_line_prompt(bob, {}).read("Kai")


def replace_seat_turn(state):
    """The same table on Bob's turn, his Kai's X★ skill used, with mana to spare."""
    from dataclasses import replace

    seats = state.with_seat(1, replace(state.seats[1], mana=3))
    return replace(state, seats=seats, active=1, skills_used=("Kai",))


def test_mm5_the_turn_hint_offers_a_rescue_only_when_the_rules_allow_one():
    from companion.games.mm5.events import Rescue
    from companion.games.mm5.view import next_step
    from tests.core.test_mm5_rulings import WARRIOR

    state = start(("Ann", "Bob"))
    state = run(state, Draw("card"), Declare("light", (WARRIOR,)))
    assert state.phase == "action" and not state.dungeon
    with pytest.raises(Rejected):
        GAME.apply(state, Rescue((0, 8, 0, 8)))
    assert "r rescue" not in next_step(state)
    assert "r rescue" not in [a.name for a in GAME.actions(state) if a.closed is None]
    assert "p play" in next_step(state) and "t thief" in next_step(state)


# -- examples built from the state, and legal ------------------------------------------------------


def test_mm5_the_strike_lines_example_is_a_strike_the_side_to_move_may_make():
    from companion.games.mm5.battle import prepare_strike
    from companion.games.mm5.notation import parse_strike
    from companion.games.mm5.prompts import strike_prompt

    for first in ((6, 1), (1, 6)):  # the attacker strikes first, then the defender
        state = battle(("Warrior", "companion", 3, 5, 1, 2, 0), first)
        label = strike_prompt(state, None).label
        example = label.split("e.g. ")[1].split("\n")[0]
        prepare_strike(state, *parse_strike(example))  # the core takes it: no Rejected


def test_mm5_the_play_line_offers_a_light_player_no_orc_and_the_thief_line_names_what_is_there():
    from companion.games.mm5.cards import catalogue_entry
    from companion.games.mm5.prompts import enter_prompt, thief_prompt
    from tests.core.test_mm5_rulings import ORC, WARRIOR

    catalogue = {s[0]: catalogue_entry(s) for s in (ORC, WARRIOR)}
    state = start(("Ann", "Bob"), deal=[Draw("gem", 2, seat=1)])
    light = run(state, Draw("card"), Declare("light", (WARRIOR,)))
    label = enter_prompt(light, catalogue).label
    assert "Orc" not in label and "orc" not in label and "Warrior" in label
    assert "g2 4 = steal gem 2" in thief_prompt(light).label and "k2" not in thief_prompt(light).label
    dark = run(state, Draw("card"), Declare("dark", (ORC,)))
    assert "Orc" in enter_prompt(dark, catalogue).label


def test_tkc_the_outcome_line_offers_no_shield_once_every_shield_is_used():
    from dataclasses import replace

    from companion.games.tkc.attack_line import read_attack
    from companion.games.tkc.cards import DECK, SHIELD
    from companion.games.tkc.prompts import outcome_prompt
    from tests.core.test_tkc_attack_line import drawn

    state = drawn()
    whole = outcome_prompt(state, read_attack(state, "2 rr")).label
    assert "shield" in whole
    piles = list(state.piles)
    pile = list(piles[2])
    pile[SHIELD] = DECK[SHIELD]  # every shield already in Cleo's score pile
    piles[2] = tuple(pile)
    used = replace(state, piles=tuple(piles))
    label = outcome_prompt(used, read_attack(used, "2 rr")).label
    assert "shield" not in label, label
    assert "Excalibur" in label and "parried" in label


def test_skd_a_character_keeps_its_draft_number_after_a_pick_and_the_list_shows_skills():
    from companion.games.skd import GAME as SKD
    from companion.games.skd.notation import parse_character
    from companion.games.skd.prompts import pick_prompt
    from companion.games.skd.specs import character_data

    specs = [
        parse_character(t)
        for t in (
            "Kai, fire, 2, 4/5/6, c/h2, X, burn",
            "Rin, wind, 2, 3/4/5, c/h2, 2, damage 3",
            "Sol, water, 1, 2/3/4, c/h2, 1, heal 2",
            "Tao, earth, 1, 5/6/7, c/h2, , ",
        )
    ]
    shelves = {"character": {s[0]: character_data(s) for s in specs}, "enemy": {}, "boss": {}}
    state = SKD.setup(("Ann", "Bob"), {})
    first = pick_prompt(state, shelves)
    assert "3 Sol" in first.label and "skill [1] heal 2" in first.label
    state = SKD.apply(state, first.read("1"))  # Ann picks Kai
    second = pick_prompt(state, shelves)
    assert "1 Kai" not in second.label and "3 Sol" in second.label, second.label
    event = second.read("3")
    assert event.spec[0] == "Sol", "3 still means Sol, not Tao"
    with pytest.raises(Rejected):
        second.read("1")  # Kai is drafted: its number is gone


def test_skd_easy_modes_boss_list_offers_only_the_boss_it_takes():
    from dataclasses import replace

    from companion.games.skd import GAME as SKD
    from companion.games.skd.notation import parse_enemy
    from companion.games.skd.prompts import boss_step
    from companion.games.skd.specs import enemy_data

    bosses = [parse_enemy(t) for t in ("Behemoth, 3, 30, 5, 4, 6", "Faust, 2, 20, 4, 3, 5")]
    shelves = {"character": {}, "enemy": {}, "boss": {b[0]: enemy_data(b) for b in bosses}}
    for easy, offered in ((True, ["Faust"]), (False, ["Behemoth", "Faust"])):
        state = replace(SKD.setup(("Ann", "Bob"), {"easy": easy}), stage="boss-reveal")
        prompt = boss_step(state, shelves)
        assert [n for n in ("Behemoth", "Faust") if n in prompt.label] == offered, prompt.label
        SKD.apply(state, prompt.read("1"))  # the first listed is taken


def test_skd_the_deciding_turn_names_every_stored_skill_that_changes_who_wins_the_race():
    """Issue 39.11: the advice said "deal 30 or heal 6", but the stored `enemy mana -1` that
    saved the game (it delays the strong attack) was not named."""
    from dataclasses import replace

    from companion.games.skd import GAME as SKD
    from companion.games.skd import events as ev
    from tests.core.test_skd_rulings import fold, ready

    s = fold(ready(enemy="Ogre, 1, 30, 1, 2, 9"), ev.Draw())
    ann = s.seats[0]
    rin, tao = ann.party
    party = (replace(rin, skill="enemy mana -1", cost="2"), replace(tao, skill="damage 3", cost="1"))
    s = replace(s, stage="boss", enemy=replace(s.enemy, boss=True, mana=1), deck=5, pile=s.pile + s.deck - 5)
    s = replace(s, seats=s.with_seat(0, replace(ann, party=party, mana=3)))
    text = SKD.banner(s)
    assert "Deciding turn" in text, text
    assert "Rin (enemy mana -1)" in text, text
    assert "Tao" not in text, "3 damage against 30 HP changes nothing"
    assert "Rin (enemy mana -1)" in dict(SKD.headline(s))["⚠ Deciding turn"]
    poor = replace(s, seats=s.with_seat(0, replace(s.seats[0], mana=1)))
    assert "Rin" not in SKD.banner(poor), "a skill the player cannot pay for is no way out"


def test_skd_a_stored_skill_that_gives_mana_asks_whom_by_player():
    """Issue 39.12: `mana 2 +1` stored on a card always fed seat 2: at a P/Q table Q paid 1 and
    got it back. The skill line asks whom, by name, as it asks X."""
    from dataclasses import replace

    from companion.games.skd import GAME as SKD
    from companion.games.skd import events as ev
    from companion.games.skd.prompts import skill_line_prompt
    from tests.core.test_skd_rulings import fold, play, ready

    s = ready(players=("P", "Q"))
    s = fold(s, ev.Draw(), play("y1"), ev.EnemyPhase(), ev.EndTurn(), ev.Draw(), play("r1"))
    q = s.seats[1]
    kai = replace(q.party[0], skill="mana 2 +1", cost="1")
    s = replace(s, seats=s.with_seat(1, replace(q, party=(kai, *q.party[1:]), mana=2)))
    before = [seat.mana for seat in s.seats]
    asked = skill_line_prompt(s, {"character": {}, "enemy": {}, "boss": {}}).read("Kai")
    assert "to which player" in asked.label and asked.choices == ("P", "Q")
    event = asked.read("1")
    after = SKD.apply(s, event)
    assert [seat.mana for seat in after.seats] == [before[0] + 1, before[1] - 1], "P got it; Q paid"


def test_skd_a_kill_mid_play_says_the_order_and_where_the_rest_of_the_damage_went():
    from companion.games.skd import GAME as SKD
    from tests.core.test_skd_rulings import GOBLIN, ev, fold, play, ready

    s = fold(ready(), ev.Draw())
    event = play("g3 y3 g3 y3", GOBLIN)
    line = SKD.describe(s, event, SKD.apply(s, event))
    assert "in order: Rin 3 hits Slime, Tao 5 hits Slime, Rin 3 kills Slime (1 lost), Tao 5 hits Goblin" in line, line
    quiet = fold(ready(), ev.Draw())
    no_kill = play("g1")
    assert "in order" not in SKD.describe(quiet, no_kill, SKD.apply(quiet, no_kill)), "no kill: the short line"


def test_skd_the_rules_text_has_the_apps_ruling_on_the_order_of_attacks_labelled():
    """A ruling of its own (not a paragraph more in the mid-play ruling, where it drowned other
    answers), labelled as the app's, and found by the real search when a table asks for it."""
    from rulesdb.index import RulesIndex

    index = RulesIndex.load()
    ruling = index.section("skd.ruling.attack-order")
    assert ruling is not None
    assert ruling.kind == "ruling" and "The app's ruling (not in the source)" in ruling.text
    assert "in the order the cards were played" in ruling.text
    hits = index.ask("in which order do the characters attack", game="skd", limit=3).hits
    assert "skd.ruling.attack-order" in [s.id for hit in hits for s in hit.shown]


def test_mm5_the_gems_column_shows_how_many_then_which():
    state = start(("Ann", "Bob"), deal=[Draw("gem", 3, seat=1)])
    rows = {r.label: r.cells for r in GAME.view(state).rows}
    assert rows["Bob"][1] == "1 (g3)", "not a bare 3, read as three gems"
    assert rows["Ann"][1] == "—"


def test_tkc_a_pass_claims_nothing_about_the_hand_and_the_scored_column_says_cards():
    from companion.games.tkc import GAME as TKC
    from companion.games.tkc.events import NextTurn
    from tests.core.test_tkc_attack_line import drawn

    state = drawn()
    after = TKC.apply(state, NextTurn(passed=True))
    line = TKC.describe(state, NextTurn(passed=True), after)
    assert "cannot" not in line and "passes" in line
    assert "Scored cards" in TKC.view(replace_open(state)).columns


def replace_open(state):
    from dataclasses import replace

    return replace(state, open_scoring=True)


def test_tkc_the_game_over_header_keeps_the_draw_and_discard_counts():
    from companion.games.tkc import GAME as TKC
    from tests.serve.midgame import finished

    events, _ = finished("tkc")
    state = TKC.setup(("Ann", "Bob"), {})
    for e in events:
        state = TKC.apply(state, e)
    assert state.over
    status = TKC.view(state).status
    assert "The game is over" in status and "Draw pile" in status and "discard" in status, status


def test_mm5_the_catalogue_flags_a_dark_mage_named_without_dark_only_if_saved_before_the_fix():
    from companion.games.mm5.catalogue import CATALOGUE

    name, data = CATALOGUE.parse("character", "Shade = dark mage P 1/3 M 3/4")
    assert "Light Mage?" not in CATALOGUE.line("character", name, data), "typed as dark mage today"
    old = {k: v for k, v in data.items() if k != "kinds"}  # as a card saved before the fix
    assert "Light Mage?" in CATALOGUE.line("character", name, old)
