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

from companion.games.mm5.exact_side import Side
from companion.games.mm5.strike import Kind
from companion.games.mm5.strike import hit_chance as chance

__all__ = ["TIE", "TOLERANCE", "Kind", "Move", "Solver", "Unsolved", "chance"]

TOLERANCE = 1e-12
TIE = 1e-9  # strikes this close in value are worth the same (the rest is rounding)


class Unsolved(Exception):
    """The exact solve ran past its time budget."""


# A strike as the solver sees it: (striker group, target group, target already struck, magic)
Move = tuple[int, int, bool, bool]


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
        self.sides = (Side(0, kinds[0], counts[0], kinds[1], variant), Side(1, kinds[1], counts[1], kinds[0], variant))
        self.width = self.sides[1].size
        self.end = 2 * self.sides[0].size * self.width  # above every key: a key minus it is negative
        for side, scale in zip(self.sides, (2 * self.width, 2), strict=True):
            side.scale, side.end = scale, self.end
        self.variant = variant
        self.deadline = deadline
        self.progress = progress
        # every solved place, by its key (a place where no one strikes next at the far end: its
        # negative key counts from there)
        self.values: list[float | None] = [None] * (2 * self.end)
        self.solved = 0  # lineups whose round value is known
        self.guess = 0.5  # where the next round's solve starts: the last round's value

    def key(self, a: int, d: int, mover: int) -> int:
        return (a * self.width + d) * 2 + mover

    def over(self, a: int, d: int) -> int:
        """The key of the place where the round with these lineups is over (every character has
        struck, the next round is about to begin)."""
        return (self.sides[0].done[a] * self.width + self.sides[1].done[d]) * 2 - self.end

    def options(self, key: int) -> list[tuple[int, int, list[tuple[int, bool, int, float, float]]]]:
        """The strikes from a position, grouped by striker: (striker group, after a miss,
        [(target group, already struck, after a hit, physical chance, magic chance)])."""
        m = key & 1
        a, d = divmod(key >> 1, self.width)
        me, foe = (a, d) if m == 0 else (d, a)
        mine, theirs = self.sides[m], self.sides[1 - m]
        falls, targets, variant = theirs.falls(foe), theirs.targets(foe), self.variant
        out = []
        for (g, _struck, pa, ma), (sp, more, _table) in zip(mine.strikers(me), mine.moves(me), strict=True):
            miss, fell = falls[more]
            hits = [
                (h, done, sp + part, chance(pa, pd, variant), chance(ma, md, variant))
                for (h, done, _fell, pd, md), (part, _h) in zip(targets, fell, strict=True)
            ]
            out.append((g, sp + miss, hits))
        return out

    # -- values ---------------------------------------------------------------------------

    def places(self) -> list[tuple[int, float]]:
        """Every position solved so far (someone strikes next there) with its value."""
        return [(k, v) for k, v in enumerate(self.values[: self.end]) if v is not None]

    def value(self, where: int) -> float:
        """The attacker's chance at a place; places after a character fell are solved here,
        their lineup's round first."""
        values = self.values
        v = values[where]
        if v is not None:
            return v
        if where < 0:  # no one strikes next: a side is gone, or a round begins
            a, d = divmod((where + self.end) >> 1, self.width)
            attacker, defender = self.sides
            if defender.empty[d]:
                v = 1.0
            elif attacker.empty[a]:
                v = 0.0
            else:
                v = self.round(attacker.start[a], defender.start[d])
            values[where] = v
            return v
        m = where & 1
        a, d = divmod(where >> 1, self.width)
        me, foe = (a, d) if m == 0 else (d, a)
        mine, theirs = self.sides[m], self.sides[1 - m]
        falls = theirs.falls_at[foe] or theirs.falls(foe)
        sign = -1.0 if m else 1.0  # the attacker maximises, the defender minimises
        best = -2.0  # the best of sign · value so far
        for sp, more, table in mine.moves_at[me] or mine.moves(me):
            miss, fell = falls[more]
            vm = values[sp + miss]
            if vm is None:
                vm = self.value(sp + miss)
            top = -2.0  # the most this striker's best strike adds to sign · (the value after a miss)
            for part, h in fell:
                vh = values[sp + part]
                if vh is None:
                    vh = self.value(sp + part)
                gain = vh - vm
                up, down = table[h]
                gain *= (up if gain > 0 else down) * sign
                if gain > top:
                    top = gain
            top += sign * vm
            if top > best:
                best = top
        best *= sign
        values[where] = best
        return best

    def tick(self) -> None:
        """Give up once past the deadline; checked as each round starts, a few milliseconds apart."""
        if self.deadline is not None and time.thread_time() > self.deadline:
            raise Unsolved

    def round(self, a: int, d: int) -> float:
        """The attacker's chance as a round begins with these lineups (initiative next)."""
        if self.sides[1].empty[d]:
            return 1.0
        if self.sides[0].empty[a]:
            return 0.0
        top, again = self.key(a, d, 0), self.over(a, d)
        got = self.values[again]
        if got is not None:
            return got
        self.tick()
        x, lo, hi = self.guess, 0.0, 1.0
        for _ in range(100):
            memo: dict[int, tuple[float, float]] = {}
            # Where every choice made at x stays the best one. `_line` checks each option against
            # the best one before it, in one pass: where the winner of each such pair stays ahead,
            # the last best is ahead of all (narrower than exact at worst: only another pass).
            keep = [-1.0, 2.0]
            f0, b0 = self._line(top, again, x, memo, keep)
            f1, b1 = self._line(top + 1, again, x, memo, keep)
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
        self.values[again] = self.guess = x
        values = self.values
        for k, (va, vb) in memo.items():  # positions of this lineup, now constants
            if values[k] is None:
                values[k] = va + vb * x
        self.solved += 1
        if self.progress is not None:
            self.progress(self.solved)
        return x

    def _line(
        self, key: int, again: int, x: float, memo: dict[int, tuple[float, float]], keep: list[float]
    ) -> tuple[float, float]:
        """A position before anyone fell this round as a + b·x, x the round's own value (at
        `again`), each side choosing its best at x; `keep` narrows to where those stay best."""
        got = memo.get(key)
        if got is not None:
            return got
        m = key & 1
        a, d = divmod(key >> 1, self.width)
        me, foe = (a, d) if m == 0 else (d, a)
        mine, theirs = self.sides[m], self.sides[1 - m]
        falls = theirs.falls_at[foe] or theirs.falls(foe)
        maxing, sign = not m, (-1.0 if m else 1.0)  # the attacker maximises, the defender minimises
        ba, bb, here, first = 0.0, 0.0, -2.0, True  # the option chosen and sign · its value at x
        low_x, high_x = -1.0, 2.0  # this position's part of `keep`
        values = self.values
        for sp, more, table in mine.moves_at[me] or mine.moves(me):
            miss, fell = falls[more]
            miss += sp
            if miss == again:
                ma, mb = 0.0, 1.0
            else:
                got = memo.get(miss)
                ma, mb = got if got is not None else self._line(miss, again, x, memo, keep)
            vm = ma + mb * x
            for part, h in fell:
                vh = values[sp + part]
                if vh is None:
                    vh = self.value(sp + part)
                up, down = table[h]
                p = up if vh > vm else down  # at a tie, the kind still best past it
                if mb > 0 and up != down:  # the kind to use flips where the miss is worth vh
                    cross = (vh - ma) / mb
                    if vh > vm:
                        if cross < high_x:
                            high_x = cross
                    elif cross > low_x:
                        low_x = cross
                oa, ob = ma + p * (vh - ma), mb - p * mb
                v = sign * (oa + ob * x)
                if v > here:  # a new best
                    wa, wb, la, lb = oa, ob, ba, bb
                    here, ba, bb = v, oa, ob
                    if first:
                        first = False
                        continue
                else:
                    wa, wb, la, lb = ba, bb, oa, ob
                slope = wb - lb
                if slope:
                    cross = (la - wa) / slope
                    if (slope > 0) == maxing:
                        if cross > low_x:
                            low_x = cross
                    elif cross < high_x:
                        high_x = cross
        keep[0], keep[1] = max(keep[0], low_x), min(keep[1], high_x)
        memo[key] = ba, bb
        return ba, bb

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
