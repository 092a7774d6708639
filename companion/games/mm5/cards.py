"""Characters as the table sees them: a name, a kind and the four values typed from the card.

The rules never print card values, so a card is whatever the players typed (remembered in the
per-game catalogue). The kind carries the side and the Dark rank, so targeting order and
tie-breaks need no lookup table of card names. Each card in play gets a uid, because two
cards may share a name (three Orcs) and indexes shift as characters fall.
"""

from __future__ import annotations

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
    "mage": "companion",  # the Light companion 法師; the Dark one is 黑魔道士, the dark mage
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


def knight_name(number: int) -> str:
    return f"Holy Knight {number}"


# Cards saved since `mage` reads as the Light companion carry this mark: their kind is as typed.
KINDS_READ = 2


def catalogue_entry(spec: Spec) -> dict[str, object]:
    """What the card catalogue stores for a card (the uid and seat are per game), marked as
    saved with today's reading of the kind words (`kinds`)."""
    _name, kind, pa, pd, ma, md, knight = spec
    return {"kind": kind, "p": [pa, pd], "m": [ma, md], "knight": knight, "kinds": KINDS_READ}


def from_catalogue(name: str, data: dict[str, object]) -> Spec:
    p, m = data["p"], data["m"]
    assert isinstance(p, list) and isinstance(m, list)
    return (name, str(data["kind"]), int(p[0]), int(p[1]), int(m[0]), int(m[1]), int(data.get("knight", 0) or 0))  # type: ignore[call-overload]
