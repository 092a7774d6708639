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
"""

import math
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from random import Random
from typing import Literal, NamedTuple, TypeAlias

import icepool

from companion.text import fit, shown

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

MAX_DICE = 30
MIN_SIDES = 2
MAX_SIDES = 100
# Keeps int() away from Python's digit limit and the numbers meaningful at a table.
_MAX_DIGITS = 7

Comparison: TypeAlias = Literal[">=", ">", "<=", "<", "=="]
_EXAMPLES = "write it like 2d6, 3d6+1 or 2d6>=8"


class DiceError(ValueError):
    """A dice expression or an entered roll that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True, order=True)
class DiceTerm:
    """`count` dice with `sides` sides, added (sign 1) or subtracted (sign -1).

    A dataclass rather than a NamedTuple because `count` would shadow `tuple.count`; it still
    unpacks as ``count, sides, sign = term``.
    """

    count: int
    sides: int
    sign: int = 1

    def __iter__(self) -> Iterator[int]:
        return iter((self.count, self.sides, self.sign))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed expression such as ``2d6+1>=8``; `str()` gives the normalised text."""

    dice: tuple[DiceTerm, ...]
    constant: int = 0
    op: Comparison | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        # Checked here rather than in parse() so that built expressions obey the same limits.
        if not self.dice:
            raise DiceError(f"There are no dice to roll; {_EXAMPLES}.")
        for term in self.dice:
            _check_term(term)
        if self.dice_count > MAX_DICE:
            raise DiceError(f'"{self}" rolls {self.dice_count} dice in all; use at most {MAX_DICE}.')
        if (self.op is None) != (self.target is None):
            raise DiceError("A comparison needs both an operator and a target, like 2d6>=8.")

    def __str__(self) -> str:
        text = ""
        for i, term in enumerate(self.dice):
            if term.sign < 0:
                text += "-"
            elif i:
                text += "+"
            text += str(term)
        if self.constant:
            text += f"{self.constant:+d}"
        if self.op is not None:
            text += f"{self.op}{self.target}"
        return text

    @property
    def dice_count(self) -> int:
        return sum(term.count for term in self.dice)

    @property
    def lowest(self) -> int:
        """The smallest total: added dice show 1, subtracted dice their top face."""
        return self.constant + sum(t.count * (1 if t.sign > 0 else -t.sides) for t in self.dice)

    @property
    def highest(self) -> int:
        return self.constant + sum(t.count * (t.sides if t.sign > 0 else -1) for t in self.dice)

    def without_comparison(self) -> "DiceExpr":
        return DiceExpr(self.dice, self.constant)

    def succeeds(self, total: int) -> bool | None:
        """Whether `total` meets the comparison; None when there is no comparison."""
        if self.op is None or self.target is None:
            return None
        return _COMPARE[self.op](total, self.target)


ExprLike: TypeAlias = str | DiceExpr


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


# --- parsing ---------------------------------------------------------------------------------

MAX_LENGTH = 200  # characters: the longest sum a table needs is a few dozen

_TOKEN = re.compile(
    r"\s*(?:(?P<dice>(?P<count>[0-9]*)[dD](?P<sides>[0-9]+))"
    r"|(?P<num>[0-9]+)|(?P<cmp>>=|<=|==|=|>|<)|(?P<sign>[+-]))"
)
_NORMAL_OP: dict[str, Comparison] = {">=": ">=", ">": ">", "<=": "<=", "<": "<", "==": "==", "=": "=="}
_COMPARE: dict[Comparison, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "==": operator.eq,
}


class _Token(NamedTuple):
    kind: str
    text: str


def parse(expr: ExprLike) -> DiceExpr:
    """Read ``[N]dS`` terms and integers joined by + and -, then optionally one comparison."""
    if isinstance(expr, DiceExpr):
        return expr
    return _parse_text(expr)


@lru_cache(maxsize=256)
def _parse_text(text: str) -> DiceExpr:
    if not text.strip():
        raise DiceError(f"Type a dice expression: {_EXAMPLES}.")
    if len(text.strip()) > MAX_LENGTH:
        raise DiceError(
            f'"{_quoted(text)}" is {len(text.strip()):,} characters long; a dice expression '
            f"has at most {MAX_LENGTH}, like 2d6+1>=8."
        )
    tokens = _tokenize(text)
    parser = _Parser(text, tokens)
    return parser.expression()


def _quoted(text: str) -> str:
    """The expression as an error quotes it: controls made visible, cut short with a marker."""
    return fit(shown(text.strip()), 40)


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    end = len(text.rstrip())  # once: measured in the loop it made a long expression quadratic
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None:
            raise DiceError(f'"{_quoted(text)}" is not a dice expression; {_EXAMPLES}.')
        kind = match.lastgroup if match.lastgroup in ("num", "cmp", "sign") else "dice"
        token = _Token(kind, match.group(0).strip())
        for number in re.findall("[0-9]+", token.text):
            if len(number) > _MAX_DIGITS:
                raise DiceError(f'"{_quoted(text)}": {fit(number, 12)} is too large a number for dice.')
        tokens.append(token)
        pos = match.end()
    return tokens


class _Parser:
    """One pass over the tokens; each error names the spot the player has to fix."""

    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = _quoted(text)
        self.tokens = tokens
        self.pos = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def expression(self) -> DiceExpr:
        first = self.peek()
        if first is not None and first.kind == "cmp":
            raise DiceError(f'"{self.text}" has nothing to roll before {first.text}; write it like 2d6>=8.')
        dice, constant = self.sum()
        op, target = self.comparison()
        if not dice:
            raise DiceError(f'"{self.text}" has no dice to roll; {_EXAMPLES}.')
        return DiceExpr(tuple(dice), constant, op, target)

    def sum(self) -> tuple[list[DiceTerm], int]:
        dice: list[DiceTerm] = []
        constant = 0
        sign = self.sign()
        while True:
            token = self.peek()
            if token is None or token.kind in ("sign", "cmp"):
                raise DiceError(
                    f'"{self.text}": {self.tokens[self.pos - 1].text} must be followed by dice or a number, like 2d6+1.'
                )
            self.take()
            if token.kind == "num":
                constant += sign * int(token.text)
            else:
                dice.append(_dice_term(token.text, sign))
            after = self.peek()
            if after is None or after.kind == "cmp":
                return dice, constant
            if after.kind != "sign":
                raise DiceError(f'"{self.text}": put + or - between {token.text} and {after.text}.')
            sign = self.sign()

    def sign(self) -> int:
        token = self.peek()
        if token is None or token.kind != "sign":
            return 1
        self.take()
        return -1 if token.text == "-" else 1

    def comparison(self) -> tuple[Comparison | None, int | None]:
        token = self.peek()
        if token is None:
            return None, None
        op = self.take().text
        sign = self.sign()
        number = self.peek()
        if number is None or number.kind != "num":
            raise DiceError(f'"{self.text}": {op} needs a whole number after it, like 2d6>=8.')
        self.take()
        rest = self.peek()
        if rest is not None:
            if rest.kind == "cmp":
                raise DiceError(f'"{self.text}" has more than one comparison; use just one, like 2d6>=8.')
            raise DiceError(
                f'"{self.text}": nothing may follow the target {number.text}; '
                "put modifiers on the dice side, like 2d6+1>=8."
            )
        return _NORMAL_OP[op], sign * int(number.text)


def _dice_term(token: str, sign: int) -> DiceTerm:
    count_text, sides_text = token.lower().split("d")
    return DiceTerm(int(count_text) if count_text else 1, int(sides_text), sign)


def _check_term(term: DiceTerm) -> None:
    if not 1 <= term.count <= MAX_DICE:
        raise DiceError(f"{term} rolls {term.count} dice; use 1 to {MAX_DICE} dice.")
    if not MIN_SIDES <= term.sides <= MAX_SIDES:
        raise DiceError(f"{term}: a die has {MIN_SIDES} to {MAX_SIDES} sides, not {term.sides}.")
    if term.sign not in (1, -1):
        raise DiceError(f"{term} must be added (sign 1) or subtracted (sign -1).")


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
