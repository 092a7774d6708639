"""The strike model: how hard a character strikes, whom it may strike, and how likely it hits.

One place for the rules of a single strike, used by the live battle (battle.py), the solver
(exact.py), the simulation (simulate.py), the advice and the battle command: orcs strike with
the sum over their side's living orcs, a Holy Knight beside its own gem has +1 on all four
values, against a Dark side the lowest rank falls first (the Dungeon ranks above the Queen),
and the roll is N dice against the defence with the 2d6 fallback (odds.py). A new kind of
card with a strike rule of its own is written here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from companion.games.mm5.cards import Card
from companion.games.mm5.odds import attack_roll


@dataclass(frozen=True)
class Kind:
    """What a character strikes and defends with, any gem bonus added; two characters of one
    Kind are interchangeable in a battle."""

    orc: bool  # strikes with the sum over its side's orcs
    rank: int  # 0 for Light; the Dark rank otherwise
    patk: int
    pdef: int
    matk: int
    mdef: int

    def attack(self, magic: bool) -> int:
        return self.matk if magic else self.patk

    def defence(self, magic: bool) -> int:
        return self.mdef if magic else self.pdef


@dataclass(frozen=True)
class Fighter:
    """A character in a battle: its id on the table, its name and its Kind."""

    uid: int
    name: str
    kind: Kind


def kind_of(card: Card, bonus: int) -> Kind:
    """The card's Kind, `bonus` (its gem's, 0 or 1) added to all four values."""
    b = bonus
    return Kind(card.kind == "orc", card.rank, card.patk + b, card.pdef + b, card.matk + b, card.mdef + b)


def fighter(card: Card, bonus: int) -> Fighter:
    return Fighter(card.uid, card.name, kind_of(card, bonus))


def attack_value(me: Kind, side: Iterable[Kind], magic: bool) -> int:
    """Orcs strike with the sum over every orc standing on their side (`side` includes `me`);
    every other character with its own value."""
    if me.orc:
        return sum(k.attack(magic) for k in side if k.orc)
    return me.attack(magic)


def first_rank(ranks: Iterable[int]) -> int | None:
    """The Dark rank that must fall first among these (None when no one is Dark)."""
    dark = [r for r in ranks if r > 0]
    return min(dark) if dark else None


def may_target(rank: int, first: int | None) -> bool:
    return first is None or rank == first


T = TypeVar("T")


def targets(foes: Sequence[T], rank: Callable[[T], int]) -> tuple[T, ...]:
    """The foes that may be struck now: all of a Light side, the lowest rank of a Dark one."""
    low = first_rank(rank(f) for f in foes)
    return tuple(f for f in foes if may_target(rank(f), low))


@cache
def hit_chance(attack: int, defence: int, variant: bool = False) -> float:
    return float(attack_roll(attack, defence, variant).chance)
