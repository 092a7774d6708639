"""The exact chance that the attacker wins a battle when both sides play their best.

Each striker's side picks which of its characters that have not struck this round strikes, a
legal target and physical or magic; the attacker maximises the chance, the defender minimises
it; no further reinforcements or spells. The rest is the table's rules as battle.py applies
them: initiative 1/2 each side every round, single strikes alternating and a side with strikes
left finishing them in a row, a defeated character losing its strike, orcs striking with the
sum over their side's living orcs, the gem bonus, the Dark target order and the 2d6 fallback.

A round in which nobody falls returns to the same lineups, so the value of a lineup is a fixed
point x = f(x), where f is the round played out with x waiting at its end. f is piecewise
linear with slope below 1 (every strike hits with chance ≥ 1/36), so it is solved by policy
iteration: fix both sides' choices at a guess, solve the linear equation they give, repeat
until the choices stop changing (a bracket of the root guards each step), starting from the
value of the lineup solved last, which is usually close. Lineups that lose a character are
solved first, recursively and memoised, so each is solved once. Identical characters are
counted rather than told apart (three Orcs are one group of three), which is what keeps five
against five small.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import product

from companion.games.mm5.strike import Kind, attack_value, first_rank, may_target
from companion.games.mm5.strike import hit_chance as chance

__all__ = ["TIE", "TOLERANCE", "Kind", "Move", "Solver", "Unsolved", "chance"]

TOLERANCE = 1e-12
TIE = 1e-9  # strikes this close in value are worth the same (the rest is rounding)


class Unsolved(Exception):
    """The exact solve ran past its time budget."""


# A strike as the solver sees it: (striker group, target group, target already struck, magic)
Move = tuple[int, int, bool, bool]


class Side:
    """Every place one side can be in during a round, numbered: per group, how many have a strike
    left (u) and how many have struck (a), as the digits of one integer. For each number the
    facts the solver needs are worked out once; `scale` is what one unit of this side's number
    adds to a position's key (the key is a sum of the two sides' parts and the side to move)."""

    def __init__(self, kinds: tuple[Kind, ...], counts: tuple[int, ...], scale: int = 2) -> None:
        self.kinds, self.counts = kinds, counts
        self.up: list[int] = []  # place value of u for each group; a's is up * (n + 1)
        place = 1
        for n in counts:
            self.up.append(place)
            place *= (n + 1) ** 2
        self.size = place
        self.scale = scale
        self.digits: dict[int, tuple[tuple[int, int], ...]] = {}
        for combo in product(*[[(u, a) for u in range(n + 1) for a in range(n + 1 - u)] for n in counts]):
            self.digits[self.encode(combo)] = combo
        self.start = [0] * place
        self.empty = [False] * place
        self.left = [False] * place
        for s, d in self.digits.items():
            self.start[s] = self.encode(tuple((u + a, 0) for u, a in d))
            self.empty[s] = not any(u + a for u, a in d)
            self.left[s] = any(u for u, _ in d)
        self._strikers: dict[int, list[tuple[int, int, int, int]]] = {}
        self._targets: dict[int, list[tuple[int, bool, int, int, int]]] = {}
        self._moves: dict[int, list[tuple[int, bool, int, int, int]]] = {}
        self._falls: dict[int, list[tuple[int, bool, bool, int, int, int]]] = {}

    def encode(self, digits: tuple[tuple[int, int], ...]) -> int:
        return sum(u * up + a * up * (n + 1) for (u, a), up, n in zip(digits, self.up, self.counts, strict=True))

    def strikers(self, s: int) -> list[tuple[int, int, int, int]]:
        """(group, change of number when it strikes, physical attack, magic attack) per group
        with a strike left; orcs strike with the sum over the side's living orcs."""
        got = self._strikers.get(s)
        if got is not None:
            return got
        d = self.digits[s]
        standing = [k for (u, a), k in zip(d, self.kinds, strict=True) for _ in range(u + a)]
        out = []
        for g, ((u, _a), k, up, n) in enumerate(zip(d, self.kinds, self.up, self.counts, strict=True)):
            if u:
                out.append((g, up * n, attack_value(k, standing, False), attack_value(k, standing, True)))
        self._strikers[s] = out
        return out

    def targets(self, s: int) -> list[tuple[int, bool, int, int, int]]:
        """(group, already struck, change of number when it falls, physical and magic defence)
        for every character that may be struck: against Dark the lowest rank first."""
        got = self._targets.get(s)
        if got is not None:
            return got
        d = self.digits[s]
        low = first_rank(k.rank for (u, a), k in zip(d, self.kinds, strict=True) if u + a)
        out = []
        for h, ((u, a), k, up, n) in enumerate(zip(d, self.kinds, self.up, self.counts, strict=True)):
            if not may_target(k.rank, low):
                continue
            if u:
                out.append((h, False, up, k.pdef, k.mdef))
            if a:
                out.append((h, True, up * (n + 1), k.pdef, k.mdef))
        self._targets[s] = out
        return out

    def moves(self, s: int) -> list[tuple[int, bool, int, int, int]]:
        """`strikers` as the solver's inner loop reads them: per striker, this side's part of the
        key once it struck, whether a strike is left then, the part of the next round's key, and
        the two attacks."""
        got = self._moves.get(s)
        if got is None:
            got = self._moves[s] = [
                (self.scale * (s + step), self.left[s + step], self.scale * self.start[s + step], pa, ma)
                for _g, step, pa, ma in self.strikers(s)
            ]
        return got

    def falls(self, s: int) -> list[tuple[int, bool, bool, int, int, int]]:
        """`targets` as the inner loop reads them: per target, this side's part of the key once it
        fell, whether the side is gone then, whether it has a strike left, the part of the next
        round's key, and the two defences."""
        got = self._falls.get(s)
        if got is None:
            got = self._falls[s] = [
                (
                    self.scale * (s - drop),
                    self.empty[s - drop],
                    self.left[s - drop],
                    self.scale * self.start[s - drop],
                    pd,
                    md,
                )
                for _h, _d, drop, pd, md in self.targets(s)
            ]
        return got


# Where a strike leads, as one int: a position's key (>= 0), or a round about to start with
# those lineups (-3 - key), or the end of the battle (WON, LOST).
WON, LOST = -1, -2


class Solver:
    """Memoised values for one battle: two lists of groups of identical characters and their
    counts; `deadline` is a time.thread_time() (the computing thread's own seconds, steady on
    a busy machine) past which the solve gives up (Unsolved)."""

    def __init__(
        self,
        kinds: tuple[tuple[Kind, ...], tuple[Kind, ...]],
        counts: tuple[tuple[int, ...], tuple[int, ...]],
        variant: bool = False,
        deadline: float | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        defender = Side(kinds[1], counts[1])
        self.sides = (Side(kinds[0], counts[0], 2 * defender.size), defender)
        self.width = defender.size
        self.variant = variant
        self.deadline = deadline
        self.progress = progress
        self.values: dict[int, float] = {WON: 1.0, LOST: 0.0}  # every solved place, by its int
        self.solved = 0  # lineups whose round value is known

        self.work = 0
        self.guess = 0.5  # where the next round's solve starts: the last round's value
        # the hit chances by attack, each row indexed by defence, made as strikes need them
        self.defences = max((v for side in kinds for k in side for v in (k.pdef, k.mdef)), default=0) + 1
        self.rows: dict[int, list[float]] = {}

    def key(self, a: int, d: int, mover: int) -> int:
        return (a * self.sides[1].size + d) * 2 + mover

    def unkey(self, key: int) -> tuple[int, int, int]:
        ad, mover = divmod(key, 2)
        a, d = divmod(ad, self.sides[1].size)
        return a, d, mover

    def after(self, me: int, foe: int, m: int) -> int:
        """Where the battle stands once side `m` struck (its number `me`, the other's `foe`),
        by the slot rule: the other side strikes if it can, else this one, else a new round."""
        mine, theirs = self.sides[m], self.sides[1 - m]
        if theirs.empty[foe]:
            return WON if m == 0 else LOST
        a, d = (me, foe) if m == 0 else (foe, me)
        width = self.width
        if theirs.left[foe]:
            return (a * width + d) * 2 + 1 - m
        if mine.left[me]:
            return (a * width + d) * 2 + m
        return -3 - (self.sides[0].start[a] * width + self.sides[1].start[d]) * 2

    def options(self, key: int) -> list[tuple[int, int, list[tuple[int, bool, int, float, float]]]]:
        """The strikes from a position, grouped by striker: (striker group, after a miss,
        [(target group, already struck, after a hit, physical chance, magic chance)])."""
        a, d, m = self.unkey(key)
        me, foe = (a, d) if m == 0 else (d, a)
        mine, theirs = self.sides[m], self.sides[1 - m]
        out = []
        targets = theirs.targets(foe)
        after, variant = self.after, self.variant
        for g, step, pa, ma in mine.strikers(me):
            struck = me + step
            hits = [
                (h, done, after(struck, foe - drop, m), chance(pa, pd, variant), chance(ma, md, variant))
                for h, done, drop, pd, md in targets
            ]
            out.append((g, after(struck, foe, m), hits))
        return out

    def strikes(self, key: int) -> list[tuple[int, list[tuple[int, float, float]]]]:
        """What the solver needs of `options`: per striker, after a miss and, per target, after a
        hit with the better and the worse of the two kinds' chances. The same as `options`
        read through `after`, written out flat because the solve spends most of its time here:
        a key is the sum of the two sides' parts and the side to move."""
        m = key & 1
        a, d = divmod(key >> 1, self.width)
        me, foe = (a, d) if m == 0 else (d, a)
        mine, theirs = self.sides[m], self.sides[1 - m]
        ended, other = (WON, 1) if m == 0 else (LOST, 0)
        falls = theirs.falls(foe)
        fp, foe_left, fs = theirs.scale * foe, theirs.left[foe], theirs.scale * theirs.start[foe]
        rows = self.rows
        plan = []
        for sp, more_mine, ss, pa, ma in mine.moves(me):
            rowp, rowm = rows.get(pa) or self.row(pa), rows.get(ma) or self.row(ma)
            hits = []
            for fp2, gone, more, fs2, pd, md in falls:
                if gone:
                    hit = ended
                elif more:  # the other side strikes next
                    hit = sp + fp2 + other
                elif more_mine:  # this side finishes its strikes
                    hit = sp + fp2 + m
                else:  # a new round
                    hit = -3 - ss - fs2
                pp, pm = rowp[pd], rowm[md]
                hits.append((hit, pp, pm) if pp >= pm else (hit, pm, pp))
            miss = sp + fp + other if foe_left else sp + fp + m if more_mine else -3 - ss - fs
            plan.append((miss, hits))
        return plan

    def row(self, attack: int) -> list[float]:
        """The hit chances of an attack against every defence in the battle."""
        got = self.rows[attack] = [chance(attack, dfn, self.variant) for dfn in range(self.defences)]
        return got

    # -- values ---------------------------------------------------------------------------

    def value(self, where: int) -> float:
        """The attacker's chance at a place; places after a character fell are solved here,
        their lineup's round first."""
        v = self.values.get(where)
        if v is not None:
            return v
        if where < 0:
            a, d, _ = self.unkey(-3 - where)
            return self.round(a, d)
        sign = -1.0 if where & 1 else 1.0  # the attacker maximises, the defender minimises
        best = -2.0  # the best of sign · value so far
        values = self.values
        for miss, hits in self.strikes(where):
            try:
                vm = values[miss]
            except KeyError:
                vm = self.value(miss)
            svm = sign * vm
            for hit, high, low in hits:
                try:
                    vh = values[hit]
                except KeyError:
                    vh = self.value(hit)
                gain = sign * (vh - vm)
                v = svm + (high if gain > 0 else low) * gain
                if v > best:
                    best = v
        best *= sign
        values[where] = best
        self.tick()
        return best

    def tick(self) -> None:
        self.work += 1
        if self.deadline is not None and not self.work % 256 and time.thread_time() > self.deadline:
            raise Unsolved

    def round(self, a: int, d: int) -> float:
        """The attacker's chance as a round begins with these lineups (initiative next)."""
        if self.sides[1].empty[d]:
            return 1.0
        if self.sides[0].empty[a]:
            return 0.0
        top = self.key(a, d, 0)
        got = self.values.get(-3 - top)
        if got is not None:
            return got
        x, lo, hi = self.guess, 0.0, 1.0
        for _ in range(100):
            memo: dict[int, tuple[float, float]] = {}
            keep = [-1.0, 2.0]  # where every choice made at x stays the best one
            f0, b0 = self._line(top, -3 - top, x, memo, keep)
            f1, b1 = self._line(top + 1, -3 - top, x, memo, keep)
            fa, fb = (f0 + f1) / 2, (b0 + b1) / 2  # f(y) = fa + fb·y for the choices made at x
            fx = fa + fb * x
            if abs(fx - x) <= TOLERANCE:
                break
            y = fa / (1 - fb) if fb < 1 else -1.0
            if keep[0] - TOLERANCE <= y <= keep[1] + TOLERANCE and 0 <= y <= 1:
                x = y  # the same choices are best at y, so y is the fixed point: no second pass
                break
            lo, hi = (x, hi) if fx > x else (lo, x)
            x = min(max(y, lo), hi) if lo - TOLERANCE <= y <= hi + TOLERANCE else (lo + hi) / 2
        self.values[-3 - top] = self.guess = x
        for k, (va, vb) in memo.items():  # positions of this lineup, now constants
            self.values.setdefault(k, va + vb * x)
        self.solved += 1
        if self.progress is not None:
            self.progress(self.solved)
        return x

    def _line(
        self, key: int, again: int, x: float, memo: dict[int, tuple[float, float]], keep: list[float]
    ) -> tuple[float, float]:
        """A position before anyone fell this round, as a + b·x where x is the round's own
        value (`again` is its place); each side's choice is its best at the guess x, and
        `keep` narrows to the values of x for which it stays the best (a round solved on the way,
        for a smaller lineup, has its own)."""
        got = memo.get(key)
        if got is not None:
            return got
        maxing = not key & 1
        sign = 1.0 if maxing else -1.0
        best, here = (0.0, 0.0), -2.0  # the option chosen and sign · its value at x
        values = self.values
        seen = []
        for miss, hits in self.strikes(key):
            if miss == again:
                ma, mb = 0.0, 1.0
            else:
                got = memo.get(miss)
                ma, mb = got if got is not None else self._line(miss, again, x, memo, keep)
            vm = ma + mb * x
            for hit, high, low in hits:
                try:
                    vh = values[hit]
                except KeyError:
                    vh = self.value(hit)
                gain = vh - vm
                p = high if (gain > 0) == maxing else low  # at a tie, the kind still best past it
                if mb > 0 and high != low:  # the kind to use flips where the miss is worth vh
                    cross = (vh - ma) / mb
                    if gain > 0:
                        if cross < keep[1]:
                            keep[1] = cross
                    elif cross > keep[0]:
                        keep[0] = cross
                option = (p * vh + (1 - p) * ma, (1 - p) * mb)
                seen.append(option)
                v = sign * (vm + p * gain)
                if v > here:
                    here, best = v, option
        ba, bb = best
        for oa, ob in seen:  # the others stay no better while (ba - oa) + (bb - ob)·x keeps its sign
            slope = bb - ob
            if slope:
                cross = (oa - ba) / slope
                if (slope > 0) == maxing:
                    if cross > keep[0]:
                        keep[0] = cross
                elif cross < keep[1]:
                    keep[1] = cross
        self.tick()
        memo[key] = best
        return best

    # -- the best strike ------------------------------------------------------------------

    def ranked(self, key: int) -> list[tuple[Move, float, float, float]]:
        """The strikes from a position, best first for the side to move: (move, the attacker's
        chance if it is chosen, its chance to hit, the attacker's chance if it hits). Strikes
        worth the same rank by the chance to hit, then by what a hit leaves the other side."""
        out = []
        for g, miss, hits in self.options(key):
            vm = self.value(miss)
            for h, done, hit, pp, pm in hits:
                vh = self.value(hit)
                for magic, p in ((False, pp), (True, pm)):
                    out.append(((g, h, done, magic), vm + p * (vh - vm), p, vh))
        sign = 1 if key % 2 == 0 else -1  # the attacker maximises, the defender minimises
        out.sort(key=lambda m: (-sign * m[1], -m[2], -sign * m[3]))
        tied = [m for m in out if abs(m[1] - out[0][1]) < TIE]  # a prefix: sorted by value first
        tied.sort(key=lambda m: (-m[2], -sign * m[3]))
        return tied + out[len(tied) :]
