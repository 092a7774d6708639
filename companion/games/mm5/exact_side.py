"""One side of a battle as the exact solver numbers it: every place the side can be in during a
round, and the facts about each place worked out once (who may strike, whom, with what chance).

Split from exact.py so the solver there reads as the fixed-point solve alone; the numbering
here is what keeps its inner loops to list lookups.
"""

from __future__ import annotations

from itertools import product

from companion.games.mm5.strike import Kind, attack_value, first_rank, may_target
from companion.games.mm5.strike import hit_chance as chance


class Side:
    """Every place one side can be in during a round, numbered: per group, how many have a strike
    left (u) and how many have struck (a), as one digit of one integer (the pairs with u + a no
    more than the group's count, in order, are its digit's values). For each number the
    facts the solver needs are worked out once. A position's key is the sum of the two sides'
    parts (`scale` times the number) and the side to move (0 or 1); `end` is subtracted instead of
    the side to move for a place where no one strikes next: one side gone, or everyone standing
    has struck (the round is over). `index` is this side's (0 attacker, 1 defender), `foes` the
    other side's kinds, against whom its hit chances are worked out."""

    def __init__(
        self, index: int, kinds: tuple[Kind, ...], counts: tuple[int, ...], foes: tuple[Kind, ...], variant: bool
    ) -> None:
        self.index, self.kinds, self.counts, self.foes, self.variant = index, kinds, counts, foes, variant
        pairs = [[(u, a) for u in range(n + 1) for a in range(n + 1 - u)] for n in counts]
        self.places: list[dict[tuple[int, int], int]] = []  # per group, each pair's part of the number
        place = 1
        for values in pairs:
            self.places.append({pair: i * place for i, pair in enumerate(values)})
            place *= len(values)
        self.size = place
        self.scale = self.end = 0  # set by the solver, which knows both sides' sizes
        self.digits: dict[int, tuple[tuple[int, int], ...]] = {}
        for combo in product(*pairs):
            self.digits[self.encode(combo)] = combo
        self.start = [0] * place  # the same characters with every strike still to come
        self.done = [0] * place  # the same characters, every one of them having struck
        self.empty = [False] * place
        self.left = [False] * place
        for s, d in self.digits.items():
            self.start[s] = self.encode(tuple((u + a, 0) for u, a in d))
            self.done[s] = self.encode(tuple((0, u + a) for u, a in d))
            self.empty[s] = not any(u + a for u, a in d)
            self.left[s] = any(u for u, _ in d)
        self._strikers: dict[int, list[tuple[int, int, int, int]]] = {}
        self._targets: dict[int, list[tuple[int, bool, int, int, int]]] = {}
        # `moves` and `falls` by number, once worked out (the inner loops read these lists)
        self.moves_at: list[list[tuple[int, bool, list[tuple[float, float]]]] | None] = [None] * place
        self.falls_at: list[tuple[tuple[int, list[tuple[int, int]]], ...] | None] = [None] * place
        self._tables: dict[tuple[int, int], list[tuple[float, float]]] = {}

    def encode(self, digits: tuple[tuple[int, int], ...]) -> int:
        return sum(places[pair] for pair, places in zip(digits, self.places, strict=True))

    def changed(self, s: int, g: int, pair: tuple[int, int]) -> int:
        """The number `s` with group g's digit made `pair`."""
        places = self.places[g]
        return s - places[self.digits[s][g]] + places[pair]

    def strikers(self, s: int) -> list[tuple[int, int, int, int]]:
        """(group, the number once it struck, physical attack, magic attack) per group
        with a strike left; orcs strike with the sum over the side's living orcs."""
        got = self._strikers.get(s)
        if got is not None:
            return got
        d = self.digits[s]
        standing = [k for (u, a), k in zip(d, self.kinds, strict=True) for _ in range(u + a)]
        out = []
        for g, ((u, a), k) in enumerate(zip(d, self.kinds, strict=True)):
            if u:
                struck = self.changed(s, g, (u - 1, a + 1))
                out.append((g, struck, attack_value(k, standing, False), attack_value(k, standing, True)))
        self._strikers[s] = out
        return out

    def targets(self, s: int) -> list[tuple[int, bool, int, int, int]]:
        """(group, already struck, the number once it fell, physical and magic defence)
        for every character that may be struck: against Dark the lowest rank first."""
        got = self._targets.get(s)
        if got is not None:
            return got
        d = self.digits[s]
        low = first_rank(k.rank for (u, a), k in zip(d, self.kinds, strict=True) if u + a)
        out = []
        for h, ((u, a), k) in enumerate(zip(d, self.kinds, strict=True)):
            if not may_target(k.rank, low):
                continue
            if u:
                out.append((h, False, self.changed(s, h, (u - 1, a)), k.pdef, k.mdef))
            if a:
                out.append((h, True, self.changed(s, h, (u, a - 1)), k.pdef, k.mdef))
        self._targets[s] = out
        return out

    def moves(self, s: int) -> list[tuple[int, bool, list[tuple[float, float]]]]:
        """`strikers` as the solver's inner loop reads them: per striker, this side's part of the
        key once it struck, whether a strike is left then, and its hit chances against each foe
        group (`table`)."""
        got = self.moves_at[s]
        if got is None:
            got = self.moves_at[s] = [
                (self.scale * struck, self.left[struck], self.table(pa, ma)) for _g, struck, pa, ma in self.strikers(s)
            ]
        return got

    def table(self, pa: int, ma: int) -> list[tuple[float, float]]:
        """Per foe group, the chance this striker hits with when a hit would raise the attacker's
        chance and when it would not: the better of its two kinds then the worse for the attacker,
        the other way round for the defender."""
        got = self._tables.get((pa, ma))
        if got is None:
            got = self._tables[pa, ma] = []
            for k in self.foes:
                pp, pm = chance(pa, k.pdef, self.variant), chance(ma, k.mdef, self.variant)
                high, low = max(pp, pm), min(pp, pm)
                got.append((low, high) if self.index else (high, low))
        return got

    def falls(self, t: int) -> tuple[tuple[int, list[tuple[int, int]]], ...]:
        """`targets` as the inner loop reads them, for a striker with no strike left after this one
        ([0]) and one with ([1]): this side's part of the key after a miss, and per target its part
        once the target fell and the target's group."""
        got = self.falls_at[t]
        if got is None:
            got = self.falls_at[t] = tuple(
                (self.part(t, more), [(self.part(fell, more), h) for h, _d, fell, _pd, _md in self.targets(t)])
                for more in (False, True)
            )
        return got

    def part(self, t: int, more: bool) -> int:
        """This side's part of the key at number `t` once the other side struck (`more`: it has a
        strike left), by the slot rule: this side strikes next if it can, else the other one, else
        the round is over (and no one strikes at all once this side is gone)."""
        if self.empty[t]:
            return self.scale * t - self.end
        if self.left[t]:
            return self.scale * t + self.index
        return self.scale * t + (1 - self.index) if more else self.scale * t - self.end
