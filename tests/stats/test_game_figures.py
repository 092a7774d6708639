"""Each game's own figures with known answers, from logs played through the real rules:
Monster Maker 5's battles and the battles the attackers won (a raid on a player, a rescue of the
Dungeon, each won and lost), and Seirei Kairo Drive's mode, boss and deck from the played file."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.games.mm5 import GAME as MM5
from companion.games.mm5.events import Declare, Initiative, Reinforce, Rescue, Strike
from companion.store.repo import Repository
from tests.core.test_mm5_rulings import MAGE, ORC, QUEEN, WARRIOR, battle, jailed, uids

PLAYED = Path(__file__).with_name("fixtures") / "played.db"


def played(state, *events):
    """The steps (before, event, after) of `events` applied to `state`, and the last state."""
    steps = []
    for e in events:
        after = MM5.apply(state, e)
        steps.append((state, e, after))
        state = after
    return steps, state


def battles(steps, final) -> dict:
    return {label: value for who, label, value in MM5.figures(final, steps) if who is None and "battles" in label}


def raid_won():
    state = run_to_strikes(battle([ORC, MAGE, QUEEN], [WARRIOR]), Initiative(6, 1))
    orc, mage, queen = uids(state, 0)
    w = uids(state, 1)[0]
    return played(
        state,
        Strike(orc, w, False, (1, 1)),
        Strike(w, orc, False, (6, 6, 6)),
        Strike(mage, w, False, (1,)),
        Strike(queen, w, False, (6, 6, 6, 6)),
    )


def raid_lost():
    state = run_to_strikes(battle([MAGE], [WARRIOR]), Initiative(1, 6))
    return played(state, Strike(uids(state, 1)[0], uids(state, 0)[0], False, (6, 6, 6)))


def run_to_strikes(state, *events):
    for e in events:
        state = MM5.apply(state, e)
    return state


def test_mm5_counts_battles_and_the_ones_the_attackers_won():
    won, after_won = raid_won()
    lost, after_lost = raid_lost()
    assert after_won.battle is None and after_lost.battle is None, "both battles are over"
    assert battles(won, after_won) == {"battles": 1, "battles won by attackers": 1}
    assert battles(lost, after_lost) == {"battles": 1, "battles won by attackers": 0}
    assert battles(won + lost, after_lost) == {"battles": 2, "battles won by attackers": 1}
    sides = {who: value for who, label, value in MM5.figures(after_won, won) if label == "side at the end"}
    assert sides == {"Ann": "Dark", "Bob": "Neutral", "Cleo": "Neutral"}, "an empty field is Neutral"


def test_mm5_a_rescue_is_a_battle_the_light_attacker_wins_or_loses():
    state = run_to_strikes(jailed(), Declare("light"), Rescue((0, 9, 0, 9)), Reinforce(1, "defender", (MAGE,)))
    state = run_to_strikes(state, Initiative(1, 6))
    lost, after = played(state, Strike(state.garrison[0].uid, uids(state, 0)[0], False, (6,)))
    assert after.battle is None and battles(lost, after) == {"battles": 1, "battles won by attackers": 0}

    state = run_to_strikes(jailed(), Declare("light"), Rescue((0, 3, 0, 3)), Reinforce(1, "defender", (MAGE,)))
    state = run_to_strikes(state, Initiative(6, 1))
    w = uids(state, 0)[0]
    state = run_to_strikes(state, Strike(w, state.garrison[0].uid, False, (6, 6, 6)))
    d = state.dungeon_card.uid
    state = run_to_strikes(state, Strike(d, w, False, (6, 5)), Initiative(6, 1))
    won, after = played(state, Strike(w, d, False, (2, 1, 1)))
    assert after.battle is None and not after.dungeon, "the knight is freed"
    assert battles(won, after) == {"battles": 1, "battles won by attackers": 1}


def test_skd_figures_say_the_mode_the_boss_and_the_deck_of_each_finished_game(tmp_path):
    copy = tmp_path / "played.db"
    shutil.copy(PLAYED, copy)
    repo = Repository.open(copy)
    try:
        finished = [s for s in repo.list_sessions() if s.finished and s.game == "skd"]
        assert finished, "the fixture has finished skd games"
        for info in finished:
            tl = repo.load(info.id).timeline
            final = tl.state
            figures = {label: value for who, label, value in tl.game.figures(final, ()) if who is None}
            won = bool(tl.game.result(final).winners)
            mode = "Easy mode" if info.options.get("easy") else "Normal mode"
            assert figures[mode] == ("won" if won else "lost"), info.id
            assert figures["bosses defeated"] == int(won)
            assert figures["deck left at the end"] == final.deck and figures["enemies beaten"] == final.beaten
    finally:
        repo.close()
