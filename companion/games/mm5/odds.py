"""Exact odds of one attack or one thief, with icepool; rolls are taken as entered faces.

The attack rule is implemented literally: N attack means N six-sided dice against the
defence, and when the defence is out of reach of N dice (D > 6N) the roll becomes 2d6 where
only 12 succeeds, so a barely possible roll can be less likely than an impossible one; the
panel names the fallback so nobody thinks the app is wrong. Under the "1d6 + attack" variant
the fallback applies when D > 6 + N. The sums themselves come from companion.dice; this
module only adds the Monster Maker reading of them (the fallback, the variant, the thief).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion import dice
from companion.core import Rejected


def at_least(n: int, target: int) -> Fraction:
    """P(sum of n d6 >= target), exact."""
    if target <= n:
        return Fraction(1)
    if target > 6 * n:
        return Fraction(0)
    return dice.sum_at_least(n, 6, target).fraction


def exactly(n: int, total: int) -> Fraction:
    if not n:
        return Fraction(total == 0)
    return dice.likelihood(f"{n}d6", total).fraction


@dataclass(frozen=True)
class AttackRoll:
    """How one attack is rolled: `dice` d6, succeeding when the sum reaches `need`."""

    attack: int
    defence: int
    dice: int
    need: int  # the sum (or, in the variant, the one face) that succeeds
    fallback: bool
    variant: bool
    chance: Fraction

    def succeeds(self, total: int) -> bool:
        return total >= self.need

    def words(self) -> str:
        pct = f"{float(self.chance):.1%}"
        if not self.dice:
            return f"an attack of {self.attack} against defence {self.defence}: it hits without a roll — 100%"
        if self.fallback:
            reach = "6 + attack" if self.variant else (f"{self.attack}d6" if self.attack else "an attack of 0")
            return (
                f"defence {self.defence} is out of reach of {reach}: roll 2d6, only 12 wins "
                f"— 1/36 = {pct} (the fallback rule)"
            )
        if self.variant:
            return f"1d6 + {self.attack} ≥ {self.defence}: need {self.need}+ on one die — {self.chance} = {pct}"
        return f"{self.dice}d6 ≥ {self.defence} — {self.chance} = {pct}"


def attack_roll(attack: int, defence: int, variant: bool = False) -> AttackRoll:
    if variant:
        if defence > 6 + attack:
            return AttackRoll(attack, defence, 2, 12, True, True, Fraction(1, 36))
        need = max(1, defence - attack)
        return AttackRoll(attack, defence, 1, need, False, True, at_least(1, need))
    if defence > 6 * attack:
        return AttackRoll(attack, defence, 2, 12, True, False, Fraction(1, 36))
    return AttackRoll(attack, defence, attack, defence, False, False, at_least(attack, defence))


def check_roll(dice: int, faces: tuple[int, ...], total: bool = False) -> int:
    """The sum of a physical roll, or Rejected when those dice cannot show it."""
    if dice == 0:
        if faces and (faces != (0,)):
            raise Rejected("No dice are rolled for an attack of 0; enter nothing.")
        return 0
    if total:
        if len(faces) != 1:
            raise Rejected("A total is one number.")
        if not dice <= faces[0] <= 6 * dice:
            raise Rejected(f"{faces[0]} cannot come up on {dice} dice (they show {dice}–{6 * dice}).")
        return faces[0]
    if len(faces) != dice:
        raise Rejected(f"This roll is {dice} dice; enter {dice} faces (or their total), not {len(faces)}.")
    for f in faces:
        if not 1 <= f <= 6:
            raise Rejected(f"A six-sided die shows 1–6; {f} cannot come up.")
    return sum(faces)


def likelihood(dice: int, total: int) -> str:
    """How likely a rolled total was, for the dice tray."""
    if dice == 0:
        return "no dice"
    return (
        f"{total} on {dice}d6: exactly {float(exactly(dice, total)):.1%}, "
        f"this or more {float(at_least(dice, total)):.1%}"
    )


def thief_chance(value: int) -> Fraction:
    """1d6 ≥ the thief card's number; no 2d6 fallback for thieves."""
    return at_least(1, value) if value <= 6 else Fraction(0)
