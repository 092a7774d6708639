"""Characters as the table sees them: a name, a kind and the four values typed from the card.

The rules never print card values, so a card is whatever the players typed (remembered in the
per-game catalogue). The kind carries the side and the Dark rank, so targeting order and
tie-breaks need no lookup table of card names. Each card in play gets a uid, because two
cards may share a name (three Orcs) and indexes shift as characters fall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core import Rejected

# kind -> Dark rank (0 for Light characters); the Dungeon ranks above the Queen.
RANKS = {
    "knight": 0,
    "companion": 0,
    "orc": 1,
    "monster": 1,
    "dark-mage": 2,
    "dark-knight": 2,
    "grand-knight": 3,
    "queen": 4,
    "dungeon": 5,
}
LIGHT_KINDS = frozenset({"knight", "companion"})
PLAYABLE_KINDS = tuple(k for k in RANKS if k not in {"knight", "dungeon"})
KIND_WORDS = {
    "dark mage": "dark-mage",
    "mage": "dark-mage",
    "dark knight": "dark-knight",
    "grand knight": "grand-knight",
    "dark grand knight": "grand-knight",
    "grand": "grand-knight",
    "dark queen": "queen",
    "holy knight": "knight",
    "light companion": "companion",
    "warrior": "companion",
}
GEMS = range(1, 8)

# A card as events carry it: (name, kind, physical atk, physical def, magic atk, magic def, knight no.)
Spec = tuple[str, str, int, int, int, int, int]


@dataclass(frozen=True)
class Card:
    uid: int
    name: str
    kind: str
    patk: int
    pdef: int
    matk: int
    mdef: int
    knight: int = 0  # 1..7 for Holy Knights: the number of the gem that is theirs

    @property
    def side(self) -> str:
        return "light" if self.kind in LIGHT_KINDS else "dark"

    @property
    def rank(self) -> int:
        return RANKS[self.kind]

    def values(self, bonus: int = 0) -> str:
        b = bonus
        return f"P {self.patk + b}/{self.pdef + b} M {self.matk + b}/{self.mdef + b}"

    def spec(self) -> Spec:
        return (self.name, self.kind, self.patk, self.pdef, self.matk, self.mdef, self.knight)


def make_card(spec: Spec, uid: int) -> Card:
    """A card from an event's spec, or Rejected naming what is wrong with it."""
    if len(spec) != 7:
        raise Rejected("A card needs a name, a kind and four values.")
    name, kind, pa, pd, ma, md, knight = spec
    if not str(name).strip():
        raise Rejected("A card needs a name.")
    if kind not in RANKS or kind == "dungeon":
        raise Rejected(f"{kind!r} is not a kind of character; use one of {', '.join(RANKS)}.")
    for v in (pa, pd, ma, md):
        if not isinstance(v, int) or not 0 <= v <= 30:
            raise Rejected(f"{name}: card values are whole numbers from 0 to 30, not {v!r}.")
    if kind == "knight" and knight not in GEMS:
        raise Rejected(f"There are 7 Holy Knights, numbered 1–7; there is no knight {knight}.")
    if kind != "knight" and knight:
        raise Rejected(f"{name} is not a Holy Knight, so it has no knight number.")
    return Card(uid, str(name).strip(), kind, pa, pd, ma, md, knight)


VALUES = re.compile(r"^\s*p\s*(\d+)\s*/\s*(\d+)\s*,?\s*m\s*(\d+)\s*/\s*(\d+)\s*$", re.I)


def parse_values(text: str) -> tuple[int, int, int, int]:
    """`P 2/4 M 1/3` into (physical atk, physical def, magic atk, magic def)."""
    m = VALUES.match(text)
    if not m:
        raise Rejected(f"{text.strip()!r}: type the card's values like P 2/4 M 1/3 (attack/defence).")
    pa, pd, ma, md = (int(g) for g in m.groups())
    return pa, pd, ma, md


def parse_kind(text: str) -> str:
    word = " ".join(text.strip().lower().replace("-", " ").split())
    kind = KIND_WORDS.get(word, word.replace(" ", "-"))
    if kind not in PLAYABLE_KINDS:
        raise Rejected(f"{text.strip()!r} is not a kind; use one of {', '.join(PLAYABLE_KINDS)}.")
    return kind


def parse_card(name: str, text: str) -> Spec:
    """`orc P 2/1 M 0/1` (kind, then values) typed for a character not yet in the catalogue."""
    m = re.match(r"^\s*(.*?)\s*(p\s*\d.*)$", text, re.I)
    if not m or not m.group(1):
        raise Rejected(f"{text.strip()!r}: type the kind then the values, e.g. orc P 2/1 M 0/1.")
    kind = parse_kind(m.group(1))
    return (name.strip(), kind, *parse_values(m.group(2)), 0)


def knight_name(number: int) -> str:
    return f"Holy Knight {number}"


def catalogue_entry(spec: Spec) -> dict[str, object]:
    """What the card catalogue stores for a card (the uid and seat are per game)."""
    _name, kind, pa, pd, ma, md, knight = spec
    return {"kind": kind, "p": [pa, pd], "m": [ma, md], "knight": knight}


def from_catalogue(name: str, data: dict[str, object]) -> Spec:
    p, m = data["p"], data["m"]
    assert isinstance(p, list) and isinstance(m, list)
    return (name, str(data["kind"]), int(p[0]), int(p[1]), int(m[0]), int(m[1]), int(data.get("knight", 0) or 0))  # type: ignore[call-overload]


def parse_names(text: str) -> list[tuple[str, Spec | None]]:
    """`Orc, Orc, Goblin = orc P 2/1 M 0/1` into names, each with values when typed inline."""
    out: list[tuple[str, Spec | None]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, eq, values = part.partition("=")
        if not name.strip():
            raise Rejected(f"{part!r}: a character needs a name.")
        out.append((name.strip(), parse_card(name, values) if eq else None))
    return out
