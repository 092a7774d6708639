"""What happened at the table, one frozen event each; rolls carry their faces.

Cards travel inside events as plain spec tuples (name, kind, four values, knight number), so
replay never needs the card catalogue, and a typo fixed in the catalogue later never rewrites
an old game.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import Event, event_types
from companion.games.mm5.cards import Spec


@dataclass(frozen=True)
class Draw(Event):
    """A drawn (or, during the deal, dealt) card: "card" to hand, "gem", "knight", or "empty"."""

    kind = "draw"
    what: str = "card"
    number: int = 0  # gem or knight number
    card: Spec | tuple[()] = ()  # a knight's values
    seat: int | None = None  # the deal names the seat; in play it is the active player


@dataclass(frozen=True)
class Begin(Event):
    """The deal is placed; the first player (chosen by die roll) starts."""

    kind = "begin"
    first: int = 0


@dataclass(frozen=True)
class HandCount(Event):
    kind = "hand-count"
    seat: int = 0
    count: int = 0


@dataclass(frozen=True)
class Declare(Event):
    """The turn's faction, with the new side's characters played when switching."""

    kind = "declare"
    side: str = "light"
    cards: tuple[Spec, ...] = ()
    whisper: bool = False  # the switch was forced by the hand limit


@dataclass(frozen=True)
class Enter(Event):
    kind = "enter"
    cards: tuple[Spec, ...] = ()


@dataclass(frozen=True)
class Attack(Event):
    kind = "attack"
    target: int = 0


@dataclass(frozen=True)
class Rescue(Event):
    """A Light player's battle against the Dungeon; carries the Dungeon card's values."""

    kind = "rescue"
    dungeon: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class Reinforce(Event):
    kind = "reinforce"
    seat: int = 0  # who plays the cards
    to: str = "attacker"  # attacker | defender
    cards: tuple[Spec, ...] = ()


@dataclass(frozen=True)
class Spell(Event):
    """A face-down spell; its effect is the table's to carry out (Remove for a defeat)."""

    kind = "spell"
    seat: int = 0
    note: str = ""


@dataclass(frozen=True)
class Initiative(Event):
    kind = "initiative"
    attacker: int = 0  # the attacking side's die
    defender: int = 0


@dataclass(frozen=True)
class Strike(Event):
    """One attack in a battle. `faces` are the dice, or a single total when `total`."""

    kind = "strike"
    striker: int = 0  # uid
    target: int = 0  # uid
    magic: bool = False
    faces: tuple[int, ...] = ()
    total: bool = False
    rolled: bool = False  # the app rolled it


@dataclass(frozen=True)
class Remove(Event):
    """A character leaves play outside a strike (a spell's effect, a correction)."""

    kind = "remove"
    uid: int = 0
    why: str = ""


@dataclass(frozen=True)
class Thief(Event):
    kind = "thief"
    rescue: bool = False  # steal a gem, or free a knight
    number: int = 0  # the gem or knight
    value: int = 0  # the thief card's number for that use
    face: int = 0
    rolled: bool = False


@dataclass(frozen=True)
class Discard(Event):
    """Only spells left and still over 5: the hand is shown and discarded down to 5."""

    kind = "discard"


@dataclass(frozen=True)
class EndTurn(Event):
    kind = "end-turn"


EVENTS = event_types(
    Draw,
    Begin,
    HandCount,
    Declare,
    Enter,
    Attack,
    Rescue,
    Reinforce,
    Spell,
    Initiative,
    Strike,
    Remove,
    Thief,
    Discard,
    EndTurn,
)
