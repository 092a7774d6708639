"""What players type for The King Commands: cards as colour letters, players by name or seat.

`r r b` or `rrb` are swords (or shields) by the first letters of the session's colour names;
full names work too, and `x` is Excalibur. Parsing lives in the core so the screens stay free
of rules and the notation is tested without a terminal.
"""

from __future__ import annotations

import re

from companion.core import Rejected
from companion.games.tkc.rules import EXCALIBUR

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


def parse_seat(text: str, players: tuple[str, ...]) -> int:
    """A player by seat number (1 = first), full name, or the start of a name."""
    t = text.strip()
    if t.isdigit() and 1 <= int(t) <= len(players):
        return int(t) - 1
    exact = [i for i, p in enumerate(players) if p.casefold() == t.casefold()]
    if exact:
        return exact[0]
    matches = [i for i, p in enumerate(players) if t and p.casefold().startswith(t.casefold())]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise Rejected(f"{t!r} could be {' or '.join(players[i] for i in matches)}: type more of the name.")
    raise Rejected(f"There is no player {t!r}: type a name ({', '.join(players)}) or a seat number.")


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not all(re.fullmatch(r"-?\d+", p) for p in parts):
        raise Rejected(f"{text.strip()!r}: type whole numbers separated by spaces.")
    return tuple(int(p) for p in parts)
