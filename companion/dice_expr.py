"""Dice expressions: the terms, the limits, and the parser that reads ``2d6+1>=8``.

Design decisions:

* Limits are checked where an expression is built (`DiceExpr.__post_init__`), so a built
  expression obeys the same limits as a parsed one.
* The parser is one pass over tokens; each error names the spot the player has to fix.
* Mistakes raise `DiceError` (a `ValueError`) with a sentence a player can act on.
  `companion.dice` is the face: odds, rolls and these names.
"""

import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple, TypeAlias

from companion.text import fit, shown

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
