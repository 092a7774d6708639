"""Monster Maker 5's remembered cards as the catalogue screen lists and edits them.

Two kinds are kept: the characters typed at the table (`Goblin = orc P 2/1 M 0/1`, the Holy
Knights with their numbers) and the Dark Dungeon's values. A line shows a card as players read
it; the edit line is the same notation the table takes, so a mistyped card (a Light Mage saved
as a Dark Mage before the fix) is corrected by editing its kind, and later sessions use the
corrected card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.core import Rejected
from companion.games.mm5.cards import GEMS, KINDS_READ, catalogue_entry, from_catalogue
from companion.games.mm5.notation import parse_catalogue, parse_values

KIND_LABELS = {
    "knight": "Holy Knight",
    "companion": "Light companion",
    "orc": "orc",
    "monster": "monster",
    "dark-mage": "dark mage",
    "dark-knight": "dark knight",
    "grand-knight": "grand knight",
    "queen": "queen",
}
DUNGEON = "Dark Dungeon"


def _values(data: Mapping[str, Any]) -> str:
    p, m = data["p"], data["m"]
    return f"P {int(p[0])}/{int(p[1])} M {int(m[0])}/{int(m[1])}"


class MM5Catalogue:
    kinds: tuple[tuple[str, str], ...] = (("character", "Characters"), ("dungeon", "The Dark Dungeon"))

    def line(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        try:
            if kind == "dungeon":
                return f"{name} · {_values(data)}"
            spec = from_catalogue(name, dict(data))
        except (KeyError, IndexError, TypeError, ValueError, AssertionError):
            return f"{name} · unreadable values: edit it to type them again"
        label = KIND_LABELS.get(spec[1], spec[1])
        text = f"{name} · {label} · {_values(data)}"
        if spec[1] == "dark-mage" and "dark" not in name.casefold() and data.get("kinds", 1) < KINDS_READ:
            # saved before `mage` read as the Light companion: perhaps the Light Mage
            text += " · the Light Mage? Edit its kind to mage"
        return text

    def text(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        try:
            if kind == "dungeon":
                return _values(data)
            spec = from_catalogue(name, dict(data))
        except (KeyError, IndexError, TypeError, ValueError, AssertionError):
            return f"{name} = " if kind != "dungeon" else ""
        kind_word = spec[1].replace("-", " ")
        return f"{name} = {kind_word} {_values(data)}"

    def parse(self, kind: str, text: str) -> tuple[str, dict[str, Any]]:
        if kind == "dungeon":
            pa, pd, ma, md = parse_values(text)
            return DUNGEON, {"p": [pa, pd], "m": [ma, md]}
        if kind != "character":
            raise Rejected(f"Monster Maker 5 keeps no {kind!r} cards.")
        name, _, rest = text.partition("=")
        if re.match(r"^\s*(holy\s+)?knight\b", rest, re.I):
            number = re.search(r"(\d+)\s*$", name.strip())
            if not number or int(number.group(1)) not in GEMS:
                raise Rejected("A Holy Knight's name ends with its number, 1–7: Holy Knight 3 = knight P 4/5 M 3/4.")
            values = re.sub(r"^\s*(holy\s+)?knight\s*", "", rest, flags=re.I)
            spec = (name.strip(), "knight", *parse_values(values), int(number.group(1)))
        else:
            spec = parse_catalogue(text)
        if not spec[0]:
            raise Rejected("A card needs a name before the =.")
        return spec[0], catalogue_entry(spec)


CATALOGUE = MM5Catalogue()
