"""What players type on the entry line, turned into event values (the screen only collects it).

A card already in the catalogue is entered by its name alone; a line with commas is a card's
full values, which the screen then saves to the catalogue. The other forms are short:
`Kai 2` (skill, X = 2), `discard deck 2` (move cards; a seat number may follow),
`2 +3` (mana for player 2), `2 1` (cards kept at the boss setup, in seat order).
"""

from __future__ import annotations

import re
from typing import Any

from companion.core import Rejected
from companion.games.skd.specs import (
    character_from_data,
    enemy_from_data,
    parse_character,
    parse_enemy,
)
from companion.numbers import LIMIT, whole

AREA_WORDS = {"deck": "deck", "pile": "pile", "play": "pile", "discard": "discard", "hand": "hand"}


def from_catalogue(text: str, catalogue: dict[str, dict[str, Any]], kind: str) -> tuple[tuple, bool]:
    """(spec, typed): the catalogue's card for a bare name, else the typed values."""
    t = text.strip()
    if not t:
        raise Rejected("Type a name from the catalogue, or the card's values.")
    character = kind == "character"
    if "," not in t:
        for name, data in catalogue.items():
            if name.casefold() == t.casefold():
                return (character_from_data(name, data) if character else enemy_from_data(name, data)), False
        example = "Rin, wind, 2, 3/4/5, c/h2, 2, skill words" if character else "Slime, 1, 10, 2, 3, 4"
        raise Rejected(f"{t!r} is not in the catalogue yet; type its values, e.g. {example}.")
    return (parse_character(t) if character else parse_enemy(t)), True


def known(catalogue: dict[str, dict[str, Any]], limit: int = 8) -> str:
    names = sorted(catalogue)
    if not names:
        return "none yet"
    return ", ".join(names[:limit]) + (" …" if len(names) > limit else "")


def parse_skill(text: str) -> tuple[str, int]:
    """`Kai 2` or `1 2` → (character, X); `Rin` → (character, 0)."""
    parts = text.split()
    if not parts:
        raise Rejected("Type the character (name or number) and, for an X★ skill, the mana.")
    if len(parts) > 1 and parts[-1][:1].isdigit():
        return " ".join(parts[:-1]), whole(parts[-1], "The mana", 0, LIMIT)
    return " ".join(parts), 0


def parse_move(text: str) -> tuple[str, str, int, int | None]:
    m = re.fullmatch(r"\s*(\w+)\s+(\w+)\s+(\d+)(?:\s+(\d+))?\s*", text.lower())
    if not m or m.group(1) not in AREA_WORDS or m.group(2) not in AREA_WORDS:
        raise Rejected("Type from, to and how many, e.g. discard deck 2 (areas: deck, pile, discard, hand; a player number may follow).")
    seat = whole(m.group(4), "The player number", 1, LIMIT) - 1 if m.group(4) else None
    return AREA_WORDS[m.group(1)], AREA_WORDS[m.group(2)], whole(m.group(3), "How many", 0, LIMIT), seat


def parse_mana(text: str, active: int) -> tuple[int, int]:
    """`+2` (the active player) or `2 -1` (player 2) → (seat, change)."""
    m = re.fullmatch(r"\s*(?:(\d+)\s+)?([-+]\d+)\s*", text)
    if not m:
        raise Rejected("Type the change, e.g. +2, or a player number and the change, e.g. 2 -1.")
    seat = whole(m.group(1), "The player number", 1, LIMIT) - 1 if m.group(1) else active
    return seat, whole(m.group(2), "The change")


def parse_keep(text: str, players: int) -> tuple[int, ...]:
    parts = text.replace(",", " ").split()
    if len(parts) != players:
        raise Rejected(f"Type {players} numbers, one per player in seat order, e.g. {' '.join(['2'] * players)}.")
    return tuple(whole(p, "Each number", 0, LIMIT) for p in parts)
