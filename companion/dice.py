"""Dice for every game: parse an expression, give its exact odds, roll it or check a physical roll.

Design decisions:

* Odds are exact integers. An expression's dice have ``product(sides ** count)`` equally likely
  outcomes and every answer is a count of them (`Odds` keeps 15/36 unreduced, because a player
  can check "15 of the 36 ways" on a table, while 5/12 hides where it came from).
* The counts come from icepool, the library made for exact dice distributions; the tests check
  them against brute-force enumeration too. icepool convolves die by die, so the limits are
  table-sized (30 dice of up to 100 sides; 20d6 takes a few milliseconds, once).
* Each distinct set of dice is computed once and kept as one icepool die (`functools.lru_cache`);
  icepool answers every later question about it (`Die.quantity`, with or without a comparison)
  from the cumulative counts it keeps, so any target costs a lookup.
* Randomness only comes through the `random.Random` passed to `roll`; nothing here touches the
  global generator, so a seeded game replays the same.
* Mistakes raise `DiceError` (a `ValueError`) with a sentence a player can act on.
* Reading an expression lives in `companion.dice_expr`; this module is the face for both.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from random import Random

import icepool

from companion.dice_expr import (
    MAX_DICE,
    MAX_SIDES,
    MIN_SIDES,
    Comparison,
    DiceError,
    DiceExpr,
    DiceTerm,
    ExprLike,
    parse,
)

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "MIN_SIDES",
    "Comparison",
    "DiceError",
    "DiceExpr",
    "DiceTerm",
    "ExprLike",
    "Odds",
    "Roll",
    "chance",
    "distribution",
    "entered",
    "entered_total",
    "format_percent",
    "likelihood",
    "outcome_counts",
    "parse",
    "roll",
    "sum_at_least",
    "total_outcomes",
]


@dataclass(frozen=True, slots=True)
class Odds:
    """`numerator` of `denominator` equally likely outcomes; kept unreduced on purpose."""

    numerator: int
    denominator: int

    def __post_init__(self) -> None:
        if self.denominator <= 0 or not 0 <= self.numerator <= self.denominator:
            raise ValueError(f"odds {self.numerator}/{self.denominator} are not a probability")

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)

    @property
    def percent(self) -> float:
        return 100 * self.numerator / self.denominator

    def __str__(self) -> str:
        return f"{self.numerator}/{self.denominator} ({format_percent(self.percent)})"


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of `expr`: the faces in term order (empty when only a total was entered)."""

    expr: DiceExpr
    faces: tuple[int, ...]
    total: int
    success: bool | None


def format_percent(percent: float) -> str:
    """Two decimals, but never "0.00%" or "100.00%" for something that can go either way."""
    if 0 < percent < 0.005:
        return "<0.01%"
    if 99.995 <= percent < 100:
        return ">99.99%"
    return f"{percent:.2f}%"


def format_share(share: float) -> str:
    """A chance from 0 to 1 to one decimal, but never "0.0%" or "100.0%" for something that can go
    either way (an attacker at 99.96% can still lose)."""
    if 0 < share < 0.0005:
        return "<0.1%"
    if 0.9995 <= share < 1:
        return ">99.9%"
    return f"{share:.1%}"


# --- exact counts ----------------------------------------------------------------------------


def _dice_key(dice: tuple[DiceTerm, ...]) -> tuple[DiceTerm, ...]:
    # Order of terms does not change the sum, so 1d4+2d6 and 2d6+1d4 share one die.
    return tuple(sorted(dice))


@lru_cache(maxsize=32)
def _sum_die(dice: tuple[DiceTerm, ...]) -> icepool.Die[int]:
    """The sum of the dice as one icepool die whose quantities count the outcomes.

    icepool reduces quantities by their common factor; `multiply_to_denominator` scales them
    back, so the denominator is product(sides ** count) and every quantity a count of ways.
    """
    total = icepool.Die([0])
    for term in dice:
        die = term.count @ icepool.d(term.sides)
        total = total + (-die if term.sign < 0 else die)
    return total.multiply_to_denominator(math.prod(term.sides**term.count for term in dice))


# --- questions -------------------------------------------------------------------------------


def total_outcomes(expr: ExprLike) -> int:
    """How many equally likely outcomes the dice have: the product of the die sizes."""
    e = parse(expr)
    return int(_sum_die(_dice_key(e.dice)).denominator())


@lru_cache(maxsize=64)
def _outcome_counts(e: DiceExpr) -> tuple[tuple[int, int], ...]:
    die = _sum_die(_dice_key(e.dice))
    totals = range(die.min_outcome(), die.max_outcome() + 1)
    return tuple((total + e.constant, die.quantity(total)) for total in totals)


def outcome_counts(expr: ExprLike) -> tuple[tuple[int, int], ...]:
    """(total, ways) for every total the expression can show, lowest first; ignores a comparison."""
    e = parse(expr)
    return _outcome_counts(e.without_comparison())


@lru_cache(maxsize=64)
def _distribution(e: DiceExpr) -> tuple[tuple[int, Fraction], ...]:
    total = total_outcomes(e)
    return tuple((outcome, Fraction(ways, total)) for outcome, ways in _outcome_counts(e))


def distribution(expr: ExprLike) -> tuple[tuple[int, Fraction], ...]:
    """Exact probability of every total, lowest first; a comparison in `expr` is ignored."""
    e = parse(expr)
    return _distribution(e.without_comparison())


def chance(expr: ExprLike) -> Odds:
    """The chance a comparison succeeds, e.g. ``2d6>=8`` gives 15/36."""
    e = parse(expr)
    if e.op is None or e.target is None:
        raise DiceError(f'"{e}" has no comparison to win or lose; write it like {e}>=8.')
    die = _sum_die(_dice_key(e.dice))
    # Compare the dice alone against the target with the constant moved across.
    return Odds(die.quantity(e.op, e.target - e.constant), die.denominator())


def sum_at_least(n_dice: int, sides: int, target: int) -> Odds:
    """The chance that `n_dice` dice with `sides` sides add up to `target` or more."""
    return chance(DiceExpr((DiceTerm(n_dice, sides),), 0, ">=", target))


def likelihood(expr: ExprLike, total: int) -> Odds:
    """How likely exactly `total` was; a comparison in `expr` is ignored (see `chance`)."""
    e = parse(expr)
    die = _sum_die(_dice_key(e.dice))
    return Odds(die.quantity(total - e.constant), die.denominator())


# --- rolls -----------------------------------------------------------------------------------


def roll(rng: Random, expr: ExprLike) -> Roll:
    """Roll every die with `rng` (the caller owns the seed), in term order."""
    e = parse(expr)
    faces = tuple(rng.randint(1, term.sides) for term in e.dice for _ in range(term.count))
    return _finish(e, faces)


def entered(expr: ExprLike, faces: Sequence[int]) -> Roll:
    """A roll of physical dice typed by a player, faces in term order; refuses impossible faces."""
    e = parse(expr)
    if len(faces) != e.dice_count:
        need = f"{e.dice_count} {'die' if e.dice_count == 1 else 'dice'}"
        raise DiceError(f"{e.without_comparison()} needs {need}, you entered {len(faces)}.")
    for face, sides in zip(faces, _sides_in_order(e), strict=True):
        if not 1 <= face <= sides:
            raise DiceError(f"{face} is not a face of a d{sides} (1–{sides}).")
    return _finish(e, tuple(faces))


def entered_total(expr: ExprLike, total: int) -> Roll:
    """A roll given only by its total (constant included); refuses totals the dice cannot make."""
    e = parse(expr)
    # Sums of dice numbered 1..S fill their whole range, so the ends are the only check.
    if not e.lowest <= total <= e.highest:
        raise DiceError(f"{total} cannot be rolled on {e.without_comparison()} ({e.lowest}–{e.highest}).")
    return Roll(e, (), total, e.succeeds(total))


def _sides_in_order(e: DiceExpr) -> list[int]:
    return [term.sides for term in e.dice for _ in range(term.count)]


def _finish(e: DiceExpr, faces: tuple[int, ...]) -> Roll:
    signs = [term.sign for term in e.dice for _ in range(term.count)]
    total = sum(sign * face for sign, face in zip(signs, faces, strict=True)) + e.constant
    return Roll(e, faces, total, e.succeeds(total))
