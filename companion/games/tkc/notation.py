"""What players type for The King Commands: cards as colour letters, players by name or seat.

`r r b` or `rrb` are swords (or shields) by the first letters of the session's colour names;
full names work too, and `x` is Excalibur. Parsing lives in the core so the screens stay free
of rules and the notation is tested without a terminal.
"""

from __future__ import annotations

import re

from companion.core import Rejected, parse_seat
from companion.games.tkc.cards import DISCARDS, EXCALIBUR
from companion.numbers import LIMIT, is_seat_number, whole

EXCALIBUR_WORDS = ("x", "excalibur")


def check_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    """Four names with four different first letters, none of them x (Excalibur's letter)."""
    names = tuple(c.strip().lower() for c in colours)
    if any(not n for n in names):
        raise Rejected("Every sword/shield colour needs a name.")
    letters = [n[0] for n in names]
    if len(set(letters)) != len(letters):
        raise Rejected(
            "The four colour names need different first letters, because cards are typed by "
            f"first letter ({', '.join(names)})."
        )
    if "x" in letters or any(n in EXCALIBUR_WORDS for n in names):
        raise Rejected("No colour may start with x: x is Excalibur.")
    return names


def parse_cards(text: str, colours: tuple[str, ...]) -> tuple[str, ...]:
    """`r r b`, `rrb`, `red blue` or `x` into colour names and EXCALIBUR, in the order typed."""
    by_name = {c: c for c in colours} | {c[0]: c for c in colours}
    by_name |= {w: EXCALIBUR for w in EXCALIBUR_WORDS}
    cards: list[str] = []
    for token in re.split(r"[\s,]+", text.strip().lower()):
        if not token:
            continue
        if token in by_name:
            cards.append(by_name[token])
        elif all(ch in by_name for ch in token):
            cards.extend(by_name[ch] for ch in token)
        else:
            letters = ", ".join(f"{c[0]} = {c}" for c in colours)
            raise Rejected(f"{token!r} is not a card: type {letters}, x = Excalibur.")
    return tuple(cards)


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    return tuple(whole(p) for p in parts)


def parse_attack(text: str, players: tuple[str, ...], colours: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """`Bob r r` or `2 x`: the defender, then the attacking cards."""
    who, _, rest = text.strip().partition(" ")
    if not who or not rest.strip():
        raise Rejected("Type the defender, then the cards: e.g. Bob r r, or 2 x for Excalibur.")
    return parse_seat(who, players), parse_cards(rest, colours)


OUTCOMES = {"h": "hit", "hit": "hit", "b": "block", "block": "block", "p": "parry", "parry": "parry"}


def parse_outcome(text: str, colours: tuple[str, ...]) -> tuple[str, tuple[str, ...], bool]:
    """`h`, `h g` (hit, a gold bag given), `b r` / `b x` (block), `p r r` (parry)."""
    first, _, rest = text.strip().lower().partition(" ")
    outcome = OUTCOMES.get(first)
    if outcome is None:
        raise Rejected("Type h (hit), h g (hit, a gold bag given), b and the shields, or p and the swords.")
    if outcome == "hit":
        if rest.strip() not in {"", "g", "gold"}:
            raise Rejected("A hit is h, or h g when the defender gives a gold bag.")
        return "hit", (), bool(rest.strip())
    return outcome, parse_cards(rest, colours), False


def parse_choice(text: str, keys: tuple[str, ...]) -> tuple[str, str]:
    """`2 Bob` or `attention`: one of `keys` by number or name (start), and the rest of the text."""
    first, _, rest = text.strip().partition(" ")
    f = first.lower()
    if is_seat_number(f, len(keys)):
        return keys[int(f) - 1], rest.strip()
    matches = [k for k in keys if f and k.startswith(f)]
    if len(matches) == 1:
        return matches[0], rest.strip()
    raise Rejected(f"Choose 1–{len(keys)} ({', '.join(keys)}).")


def parse_discard(text: str) -> tuple[str, int]:
    """`1`–`5` from the discard menu, or words: `2 swords`, `shield`, `relic`, `gold`."""
    t = text.strip().lower()
    if is_seat_number(t, len(DISCARDS)):
        card, count, _ = DISCARDS[int(t) - 1]
        return card, count
    m = re.fullmatch(r"(\d+)?\s*([a-z]+?)s?", t)
    if not m:
        raise Rejected(f"Choose 1–{len(DISCARDS)}, or type e.g. 2 swords, shield, relic.")
    return m.group(2), whole(m.group(1) or "1", "How many", 1, LIMIT)
