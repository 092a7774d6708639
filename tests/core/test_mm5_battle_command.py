"""`companion battle`: lineups in the table's notation, the chance and the best strikes, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.core import Rejected
from companion.games.mm5.advice import BUDGET, Fighter, advise
from companion.games.mm5.exact import Kind
from companion.games.mm5.notation import parse_lineup

SURE = "Hero = companion P 6/1 M 6/1"


def test_lineups_in_the_card_notation():
    parsed = parse_lineup("Orc = orc P 2/1 M 0/1; orc; Goblin = monster P 1/1 M 1/1")
    assert [s for s, _ in parsed] == [("Orc", "orc", 2, 1, 0, 1, 0)] * 2 + [("Goblin", "monster", 1, 1, 1, 1, 0)]
    [(spec, gem)] = parse_lineup("Holy Knight 3 = knight P 4/5 M 3/4 +gem")
    assert spec[1] == "knight" and spec[2:6] == (4, 5, 3, 4) and gem


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "at least one character"),
        ("Orc", "give its kind and values"),
        ("Orc = orc P 2/1", "type the card's values"),
        ("Orc = orc P 2/1 M 0/1 +gem", "only a holy knight"),
        ("Orc = orc P 2/1 M 0/1; Hero = companion P 1/1 M 1/1", "never share a side"),
        ("Orc = wizard P 2/1 M 0/1", "not a kind"),
    ],
)
def test_bad_lineups(text, words):
    with pytest.raises(Rejected) as info:
        parse_lineup(text)
    assert words in info.value.reason.lower()


def test_the_command_prints_the_chance_and_both_first_strikes(capsys):
    assert main(["battle", "--attacker", SURE, "--defender", SURE.replace("Hero", "Foe")]) == 0
    out = capsys.readouterr().out
    assert "Attacker's chance 50.0% (exact" in out
    assert "Attacker first: #1 Hero" in out and "at #2 Foe" in out
    assert "Defender first: #2 Foe" in out


def test_the_command_json_and_the_gem_bonus(capsys):
    attacker = "Holy Knight 3 = knight P 2/4 M 2/4"
    defender = "Orc = orc P 2/4 M 0/4"
    assert main(["battle", "--attacker", attacker, "--defender", defender, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["battle", "--attacker", attacker + " +gem", "--defender", defender, "--json"]) == 0
    gem = json.loads(capsys.readouterr().out)
    assert isinstance(plain["attacker_wins"], float) and plain["exact"] is True
    assert gem["attacker_wins"] > plain["attacker_wins"]
    assert gem["best"] == {
        "striker": 1,
        "striker_name": "Holy Knight 3",
        "target": 2,
        "target_name": "Orc",
        "kind": "physical",
        "hit": gem["best"]["hit"],
        "attacker_wins_if_hit": pytest.approx(1.0),
    }
    assert gem["best_defender"]["striker"] == 2


def test_a_bad_lineup_is_one_line_and_exit_code_2():
    out = subprocess.run(
        [sys.executable, "-m", "companion", "battle", "--attacker", "Orc", "--defender", SURE],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "give its kind and values" in out.stderr


def test_beyond_the_budget_the_simulation_is_labelled_a_rough_guess():
    kinds = [Kind(False, 0, a, a + 1, 6 - a, 7 - a) for a in range(1, 5)]
    sides = tuple(tuple(Fighter(10 * s + i, f"c{i}", k) for i, k in enumerate(kinds)) for s in (0, 1))
    advice = advise(sides, budget=0.0)
    assert not advice.exact and advice.trials > 0
    assert (
        "a rough guess" in advice.words()[0] and "±" not in advice.words()[0] and f"{BUDGET:.0f} s" in advice.words()[0]
    )
    exact = advise(sides, budget=600.0)  # a budget no loaded machine reaches: this half is not about time
    assert exact.exact and abs(exact.attacker_wins - advice.attacker_wins) < 0.1


def test_a_side_past_the_cap_is_refused_at_once_saying_so(capsys):
    """45 a side ran out of stack after minutes of work; the command now caps the lineups."""
    from companion.games.mm5.command import MOST

    many = "; ".join(f"O{i} = orc P 2/1 M 0/1" for i in range(45))
    assert main(["battle", "--attacker", many, "--defender", SURE]) == 2
    err = capsys.readouterr().err
    assert "the attacker has 45 characters" in err and f"at most {MOST} a side" in err
    assert main(["battle", "--attacker", SURE, "--defender", "; ".join([SURE] * (MOST + 1))]) == 2
    assert "the defender has 13 characters" in capsys.readouterr().err
