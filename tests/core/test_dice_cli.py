"""The odds and roll commands: their text, their JSON and their exit codes."""

import io
import json
import random

import pytest

from companion import dice
from companion.dice_cli import BAR_WIDTH, describe_roll, odds_command, roll_command


def run_odds(expr: str, as_json: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = odds_command(expr, as_json, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_roll(expr: str, seed: int | None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = roll_command(expr, seed, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_odds_of_a_comparison() -> None:
    assert run_odds("2d6>=8") == (0, "2d6>=8: 15/36 = 41.67%\n", "")
    assert run_odds("1d6 + 3 >= 5") == (0, "1d6+3>=5: 5/6 = 83.33%\n", "")


def test_odds_json() -> None:
    code, out, _ = run_odds("2d6>=8", as_json=True)
    assert code == 0
    payload = json.loads(out)
    assert payload["expr"] == "2d6>=8"
    assert payload["probability"] == "15/36"
    assert payload["fraction"] == "5/12"
    assert payload["percent"] == 41.67


def test_distribution_table() -> None:
    code, out, _ = run_odds("3d6")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "3d6: 216 equally likely outcomes"
    rows = lines[1:]
    assert len(rows) == 16
    assert rows[0].split()[:3] == ["3", "1/216", "0.46%"]
    assert rows[7].split()[:3] == ["10", "27/216", "12.50%"]
    bars = [row.split()[3] for row in rows]
    assert max(len(bar) for bar in bars) == BAR_WIDTH
    assert bars[7] == "█" * BAR_WIDTH
    assert set("".join(bars)) <= set("█▏▎▍▌▋▊▉")
    assert bars == bars[::-1]  # 3d6 is symmetric, so its bars are too


def test_distribution_json() -> None:
    code, out, _ = run_odds("2d6", as_json=True)
    payload = json.loads(out)
    assert code == 0 and payload["expr"] == "2d6"
    rows = payload["distribution"]
    assert [row["outcome"] for row in rows] == list(range(2, 13))
    assert rows[5] == {"outcome": 7, "count": 6, "probability": "6/36", "percent": 16.67}
    assert sum(row["count"] for row in rows) == 36


@pytest.mark.parametrize("expr", ["2x6", "0d6", "2d6>=", ">=8", "", "2d6>=8>=9"])
def test_bad_expressions_go_to_stderr_with_code_2(expr: str) -> None:
    for code, out, err in (run_odds(expr), run_odds(expr, as_json=True), run_roll(expr, 1)):
        assert code == 2
        assert out == ""
        assert err.strip()


def test_the_error_text_is_the_dice_message() -> None:
    _, _, err = run_odds("2x6")
    assert err == '"2x6" is not a dice expression; write it like 2d6, 3d6+1 or 2d6>=8.\n'


def test_roll_with_a_seed_is_reproducible_and_consistent() -> None:
    code, out, err = run_roll("2d6>=8", 42)
    assert code == 0 and err == ""
    assert run_roll("2d6>=8", 42)[1] == out
    expected = dice.roll(random.Random(42), "2d6>=8")
    a, b = expected.faces
    verdict = "success" if expected.success else "failure"
    assert out == f"2d6>=8: {a} + {b} = {expected.total} → {verdict}\n"


def test_roll_without_a_seed_still_rolls() -> None:
    code, out, _ = run_roll("3d6", None)
    assert code == 0 and out.startswith("3d6: ")


@pytest.mark.parametrize(
    ("expr", "faces", "text"),
    [
        ("1d6", [4], "1d6: 4"),
        ("2d6>=8", [3, 5], "2d6>=8: 3 + 5 = 8 → success"),
        ("4d6-2<10", [6, 1, 2, 3], "4d6-2<10: 6 + 1 + 2 + 3 - 2 = 10 → failure"),
        ("-1d4+2d6+1", [3, 1, 1], "-1d4+2d6+1: -3 + 1 + 1 + 1 = 0"),
    ],
)
def test_describe_roll(expr: str, faces: list[int], text: str) -> None:
    assert describe_roll(dice.entered(expr, faces)) == text


def test_streams_default_to_the_current_stdout_and_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_command("2d6>=8", False) == 0
    assert roll_command("2x6", None) == 2
    captured = capsys.readouterr()
    assert captured.out == "2d6>=8: 15/36 = 41.67%\n"
    assert "not a dice expression" in captured.err
