"""The `odds` and `roll` commands: text for a player at the table, JSON for scripts.

Both return an exit code instead of exiting, so `companion.cli` and the tests call them
directly. The streams default to the *current* `sys.stdout`/`sys.stderr`, looked up at call
time, so that redirection (and pytest's capture) sees everything. A bad expression prints the
`DiceError` message on stderr and returns 2, the usual code for bad command-line input.
"""

import json
import random
import sys
from typing import Any, TextIO

from companion.dice import DiceError, DiceExpr, Roll, chance, format_percent, outcome_counts, parse
from companion.dice import roll as roll_dice

__all__ = ["BAR_WIDTH", "describe_roll", "odds_command", "roll_command"]

BAR_WIDTH = 40
# Eighth blocks let bars differ by less than a whole character.
_PARTIAL_BLOCKS = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
_FULL_BLOCK = "█"
BAD_INPUT = 2


def odds_command(expr: str, as_json: bool, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the chance of a comparison, or the whole distribution of a plain sum."""
    out = out or sys.stdout
    try:
        e = parse(expr)
    except DiceError as exc:
        return _bad_input(exc, err)
    if e.op is not None:
        _print_chance(e, as_json, out)
    else:
        _print_distribution(e, as_json, out)
    return 0


def roll_command(expr: str, seed: int | None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Roll the expression and print the faces, the total and, with a comparison, the verdict."""
    out = out or sys.stdout
    # A seed makes a roll reproducible; without one, a fresh generator seeded from the OS.
    rng = random.Random(seed) if seed is not None else random.Random()
    try:
        result = roll_dice(rng, expr)
    except DiceError as exc:
        return _bad_input(exc, err)
    print(describe_roll(result), file=out)
    return 0


def describe_roll(result: Roll) -> str:
    """``2d6>=8: 3 + 5 = 8 → success``; a single die on its own is just its face."""
    e = result.expr
    signs = [term.sign for term in e.dice for _ in range(term.count)]
    pairs = list(zip(signs, result.faces, strict=True))
    parts = [f"{'' if pairs[0][0] > 0 else '-'}{pairs[0][1]}"]
    parts += [f"{'+' if sign > 0 else '-'} {face}" for sign, face in pairs[1:]]
    if e.constant:
        parts.append(f"{'+' if e.constant > 0 else '-'} {abs(e.constant)}")
    text = f"{e}: {' '.join(parts)}"
    if len(parts) > 1 or signs[0] < 0:
        text += f" = {result.total}"
    if result.success is not None:
        text += f" → {'success' if result.success else 'failure'}"
    return text


def _bad_input(exc: DiceError, err: TextIO | None) -> int:
    print(exc, file=err or sys.stderr)
    return BAD_INPUT


def _print_chance(e: DiceExpr, as_json: bool, out: TextIO) -> None:
    odds = chance(e)
    if not as_json:
        print(f"{e}: {odds.numerator}/{odds.denominator} = {format_percent(odds.percent)}", file=out)
        return
    payload = {
        "expr": str(e),
        "probability": f"{odds.numerator}/{odds.denominator}",
        "fraction": str(odds.fraction),
        "percent": round(odds.percent, 2),
        "numerator": odds.numerator,
        "denominator": odds.denominator,
    }
    _print_json(payload, out)


def _print_distribution(e: DiceExpr, as_json: bool, out: TextIO) -> None:
    counts = outcome_counts(e)
    total = sum(ways for _, ways in counts)
    if as_json:
        rows = [
            {
                "outcome": outcome,
                "count": ways,
                "probability": f"{ways}/{total}",
                "percent": round(100 * ways / total, 2),
            }
            for outcome, ways in counts
        ]
        _print_json({"expr": str(e), "total": total, "distribution": rows}, out)
        return
    print(f"{e}: {total} equally likely outcomes", file=out)
    for line in _table_lines(counts, total):
        print(line, file=out)


def _table_lines(counts: tuple[tuple[int, int], ...], total: int) -> list[str]:
    most = max(ways for _, ways in counts)
    cells = [
        (str(outcome), f"{ways}/{total}", format_percent(100 * ways / total), _bar(ways, most))
        for outcome, ways in counts
    ]
    widths = [max(len(cell[i]) for cell in cells) for i in range(3)]
    return [f"{o:>{widths[0]}}  {w:>{widths[1]}}  {p:>{widths[2]}}  {bar}".rstrip() for o, w, p, bar in cells]


def _bar(ways: int, most: int) -> str:
    """A bar scaled so the likeliest total is BAR_WIDTH blocks; any possible total shows a sliver."""
    eighths = max((ways * BAR_WIDTH * 8 + most // 2) // most, 1 if ways else 0)
    return _FULL_BLOCK * (eighths // 8) + _PARTIAL_BLOCKS[eighths % 8]


def _print_json(payload: dict[str, Any], out: TextIO) -> None:
    print(json.dumps(payload, ensure_ascii=False), file=out)
