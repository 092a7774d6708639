"""Whole numbers typed at a prompt: ASCII digits only, within a stated range.

Every prompt's numbers go through `whole` (or `is_seat_number` for "a seat number or a name").
`str.isdigit()` accepts `²` and `③`, which `int()` refuses, and `int()` refuses more than
4,300 digits: both used to end the app with a traceback. Here only 0-9 count as digits, the
length is checked before converting, and a refusal names the range, so a typo or a paste of
thousands of digits gets a sentence instead.
"""

from __future__ import annotations

import re

from companion.rejected import Rejected  # not companion.core: the core uses this module
from companion.text import fit, shown

LIMIT = 1_000_000
"""The largest size of a counter, an amount or a count typed anywhere: no table game needs
more, and it keeps every sum far from surprises."""

_WHOLE = re.compile(r"[+-]?[0-9]+")


def quoted(text: str, width: int = 24) -> str:
    """A typed entry as a refusal quotes it: shown safely and cut short with a marker."""
    return f"“{fit(shown(text), width)}”"


def whole(text: str, what: str = "The number", low: int = -LIMIT, high: int = LIMIT) -> int:
    """`text` as an int between `low` and `high`; Rejected, saying so, for anything else."""
    t = text.strip()
    if not _WHOLE.fullmatch(t):
        raise Rejected(f"{quoted(t)} is not a number: type a whole number in digits 0-9, like 12.")
    digits = t.lstrip("+-").lstrip("0")
    # The length first: int() of thousands of digits is slow and then refused.
    if len(digits) > len(str(max(abs(low), abs(high)))) or not low <= int(t) <= high:
        raise Rejected(f"{what} must be between {low:,} and {high:,}; {quoted(t)} is not.")
    return int(t)


def is_seat_number(text: str, seats: int) -> bool:
    """True if `text` is a seat number 1..seats (ASCII digits), e.g. to tell seats from names."""
    t = text.strip()
    return t.isascii() and t.isdigit() and len(t) <= len(str(seats)) and 1 <= int(t) <= seats
