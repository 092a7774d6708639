"""The battle advice the table sees: the attacker's exact chance under best play and the best
strike for the side to move, read off the real battle (or typed lineups on the command line).

The solver (exact.py) knows groups of identical characters; this module turns the table's
characters into those groups and the solver's answers back into ids and names. A solver is
kept for the battle's lineups, so the advice after each strike reuses everything solved so far
(a lineup that lost a character is one the first solve already worked out). Lineups too large
to solve within the time budget get the simulation instead, shown as a rough guess (no ±: it
simulates a simple policy, not best play) that still names the likeliest hit.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import prod

from companion.core import Rejected
from companion.dice import format_share
from companion.games.mm5.battle import SIDE_NAMES, fighters, walkover
from companion.games.mm5.exact import Solver, Unsolved
from companion.games.mm5.notation import parse_strike_or_pick
from companion.games.mm5.state import State
from companion.games.mm5.strike import Fighter, Kind

__all__ = ["BUDGET", "Advice", "Best", "Fighter", "advise", "battle_advice"]

BUDGET = 2.0  # seconds of exact solving (the thread's own time) before falling back to the simulation
# Positions (an upper bound) beyond which the exact solve is not even tried: just above six
# distinct characters against six (1,062,882), which solves in under a second of one core
# (tests/benchmarks/run.py, battle_exact_6v6_ms).
TOO_BIG = 1_100_000
TRIALS = 10_000


@dataclass(frozen=True)
class Best:
    """A strike and what it does to the attacker's chance."""

    side: int
    striker: Fighter
    target: Fighter
    magic: bool
    hit: float  # its chance to hit
    before: float  # the attacker's chance now (best play from here)
    if_hit: float | None  # the attacker's chance once it hits (None for a rough guess)

    def words(self) -> str:
        head = (
            f"#{self.striker.uid} {self.striker.name}, {'magic' if self.magic else 'physical'}, "
            f"at #{self.target.uid} {self.target.name}: "
        )
        if self.if_hit is None:
            return head + f"{format_share(self.hit)} to hit (the likeliest hit; not solved)"
        return head + (
            f"attacker's chance {format_share(self.before)} → {format_share(self.if_hit)} if it hits "
            f"({format_share(self.hit)} to hit)"
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "side": SIDE_NAMES[self.side],
            "striker": self.striker.uid,
            "target": self.target.uid,
            "kind": "magic" if self.magic else "physical",
            "hit": self.hit,
            "if_hit": self.if_hit,
        }


@dataclass(frozen=True)
class Advice:
    attacker_wins: float
    exact: bool
    best: Best | None = None  # for the side to move, once initiative is rolled
    firsts: tuple[Best | None, Best | None] = (None, None)  # before initiative: each side's first strike
    trials: int = 0  # battles simulated for a rough guess
    ranked: tuple[Best, ...] = ()  # once initiative is rolled: every strike for the side to move, best first

    def menu(self, width: int = 78, limit: int = 4) -> list[str]:
        """The strike prompt's list: numbered, best first, each with its chance to hit and the
        attacker's chance if it is made → once it hits; `a 2` enter picks the second."""
        if not self.ranked:
            return []
        side = SIDE_NAMES[self.ranked[0].side]
        head = (
            f"Strikes for the {side}, best first (attacker's chance if made → if it hits):"
            if self.exact
            else f"Strikes for the {side}, likeliest hit first (a rough guess: not solved):"
        )
        return [head[:width]] + [line(i, b, width) for i, b in enumerate(self.ranked[:limit], 1)]

    def pick(self, n: int) -> Best:
        if not 1 <= n <= len(self.ranked):
            raise Rejected(f"There is no strike {n} in the list (1–{len(self.ranked)}).")
        return self.ranked[n - 1]

    def words(self) -> list[str]:
        if self.exact:
            lines = [
                f"Attacker's chance {format_share(self.attacker_wins)} (exact: both sides' best play, no more "
                "reinforcements or spells)"
            ]
        else:
            lines = [
                f"Attacker's chance roughly {self.attacker_wins:.0%} (a rough guess: too many characters "
                f"to solve exactly in {BUDGET:.0f} s; {self.trials:,} battles simulated with each striker "
                "taking its likeliest hit, which is not best play and can be far from it)"
            ]
        if self.best is not None:
            lines.append(f"Best strike, {SIDE_NAMES[self.best.side]}: {self.best.words()}")
        for side, best in enumerate(self.firsts):
            if best is not None:
                lines.append(f"{SIDE_NAMES[side].capitalize()} first: {best.words()}")
        return lines


def strike_help(advice: Advice | None, width: int = 78, example: str = "3 7 p") -> str:
    """The strike prompt's help: how to pick (`example`: a strike the side to move may make),
    and the advised strikes once they are solved."""
    head = f"Strike: its number in the list (enter: 1), or striker target p|m, e.g. {example}"
    if advice is None or not advice.ranked:
        return head + "\n(the advised strikes appear with the win chance once it is solved)"
    return "\n".join([head, *advice.menu(width)])


def best_strike_line(advice: Advice | None, width: int = 78) -> str:
    """The strike prompt's one line of advice: the best strike and what it does, once solved."""
    if advice is None or not advice.ranked:
        return ""
    return ("Best (enter): " + line(1, advice.ranked[0], width - 13)[3:])[:width]


def strike_choice(advice: Advice | None, text: str) -> tuple[int, int, bool]:
    """The strike typed or picked at the prompt: (striker, target, magic)."""
    choice = parse_strike_or_pick(text)
    if isinstance(choice, tuple):
        return choice
    if advice is None or not advice.ranked:
        raise Rejected("The advised strikes are still being worked out: type the strike, e.g. 3 7 p.")
    b = advice.pick(choice)
    return b.striker.uid, b.target.uid, b.magic


def line(n: int, b: Best, width: int = 78) -> str:
    """`1  #7 Orc Chief P → #1 K1 · 41.7% to hit · 96.8% → 97.0%`, names shortened to fit."""
    after = "" if b.if_hit is None else f" · {format_share(b.before)} → {format_share(b.if_hit)}"
    tail = f" · {format_share(b.hit)} to hit" + after
    kind = "M" if b.magic else "P"
    room = width - len(f"{n}  #{b.striker.uid}  {kind} → #{b.target.uid} ") - len(tail)
    a, t = b.striker.name, b.target.name
    while len(a) + len(t) > max(room, 2):
        if len(a) >= len(t):
            a = a[: len(a) - 2] + "…"
        else:
            t = t[: len(t) - 2] + "…"
    return f"{n}  #{b.striker.uid} {a} {kind} → #{b.target.uid} {t}{tail}"


class Lineups:
    """Two sides' characters in groups of identical ones, with a solver that can answer for
    them and for every smaller lineup."""

    def __init__(self, sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]]) -> None:
        self.groups: tuple[list[list[Fighter]], list[list[Fighter]]] = ([], [])
        for s in (0, 1):
            index: dict[Kind, int] = {}
            for f in sides[s]:
                if f.kind not in index:
                    index[f.kind] = len(self.groups[s])
                    self.groups[s].append([])
                self.groups[s][index[f.kind]].append(f)

    def kinds(self, s: int) -> tuple[Kind, ...]:
        return tuple(g[0].kind for g in self.groups[s])

    def counts(self, s: int) -> tuple[int, ...]:
        return tuple(len(g) for g in self.groups[s])

    def size(self) -> int:
        """An upper bound on the positions the solver may visit."""
        per = [prod((n + 1) * (n + 2) // 2 for n in self.counts(s)) for s in (0, 1)]
        return per[0] * per[1] * 2

    def total(self) -> int:
        """How many lineups the solve works through (for progress)."""
        return prod(n + 1 for n in self.counts(0)) * prod(n + 1 for n in self.counts(1))


_SOLVERS: list[tuple[Lineups, bool, Solver]] = []  # the latest battles' solvers, newest last
_LOCK = threading.Lock()  # one solve at a time: a solver is not shared between threads


def _solver(
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]],
    variant: bool,
    deadline: float | None,
    progress: Callable[[int], None] | None,
    keep: bool = True,
) -> tuple[Lineups, Solver]:
    """A kept solver whose lineups hold these characters (the same battle, fewer standing), or a new one."""
    for lineups, v, solver in reversed(_SOLVERS):
        uids = [{f.uid: f.kind for g in lineups.groups[s] for f in g} for s in (0, 1)]
        if v == variant and all(uids[s].get(f.uid) == f.kind for s in (0, 1) for f in sides[s]):
            solver.deadline, solver.progress = deadline, progress
            return lineups, solver
    lineups = Lineups(sides)
    solver = Solver(
        (lineups.kinds(0), lineups.kinds(1)), (lineups.counts(0), lineups.counts(1)), variant, deadline, progress
    )
    if keep:
        _SOLVERS.append((lineups, variant, solver))
        del _SOLVERS[:-4]
    return lineups, solver


def _number(lineups: Lineups, solver: Solver, s: int, standing: tuple[Fighter, ...], acted: set[int]) -> int:
    here = {f.uid for f in standing}
    digits = []
    for g in lineups.groups[s]:
        up = [f for f in g if f.uid in here]
        done = sum(f.uid in acted for f in up)
        digits.append((len(up) - done, done))
    return solver.sides[s].encode(tuple(digits))


def advise(
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]],
    variant: bool = False,
    acted: tuple[int, ...] = (),
    to_move: int | None = None,
    budget: float = BUDGET,
    progress: Callable[[int, int], None] | None = None,
    keep: bool = True,
) -> Advice:
    """The advice for a battle: before initiative when `to_move` is None, else mid-round.
    `keep=False` solves without keeping the solver (a what-if that may never be played)."""
    if not sides[1]:
        return Advice(1.0, True)
    if not sides[0]:
        return Advice(0.0, True)
    probe = Lineups(sides)
    if probe.size() > TOO_BIG:
        return _estimate(sides, variant, acted, to_move)
    with _LOCK:
        return _advise(sides, variant, acted, to_move, budget, progress, probe.total(), keep)


def _advise(
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]],
    variant: bool,
    acted: tuple[int, ...],
    to_move: int | None,
    budget: float,
    progress: Callable[[int, int], None] | None,
    total: int,
    keep: bool = True,
) -> Advice:
    tell = (lambda done: progress(done, total)) if progress is not None else None
    lineups, solver = _solver(sides, variant, time.thread_time() + budget, tell, keep)
    done = set(acted) if to_move is not None else set()
    standing = ({f.uid for f in sides[0]}, {f.uid for f in sides[1]})
    try:
        a = _number(lineups, solver, 0, sides[0], done)
        d = _number(lineups, solver, 1, sides[1], done)
        if to_move is None:
            chance = solver.round(a, d)
            firsts = (
                _best(lineups, solver, solver.key(a, d, 0), standing, done),
                _best(lineups, solver, solver.key(a, d, 1), standing, done),
            )
            return Advice(chance, True, firsts=firsts)
        key = solver.key(a, d, to_move)
        ranked = _ranked(lineups, solver, key, standing, done)
        return Advice(solver.value(key), True, best=ranked[0], ranked=ranked)
    except Unsolved:  # what was solved stays solved: the kept solver goes on from there next time
        return _estimate(sides, variant, acted, to_move)
    finally:
        solver.deadline = solver.progress = None


def _ranked(
    lineups: Lineups, solver: Solver, key: int, standing: tuple[set[int], set[int]], acted: set[int]
) -> tuple[Best, ...]:
    """Every strike open to the side to move, best first (`before` is the attacker's chance if
    that strike is made)."""
    s = key % 2
    out = []
    for (g, h, done, magic), v, hit, if_hit in solver.ranked(key):
        striker = next(f for f in lineups.groups[s][g] if f.uid in standing[s] and f.uid not in acted)
        target = next(f for f in lineups.groups[1 - s][h] if f.uid in standing[1 - s] and (f.uid in acted) == done)
        out.append(Best(s, striker, target, magic, hit, v, if_hit))
    return tuple(out)


def _best(lineups: Lineups, solver: Solver, key: int, standing: tuple[set[int], set[int]], acted: set[int]) -> Best:
    return _ranked(lineups, solver, key, standing, acted)[0]


def _estimate(
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]], variant: bool, acted: tuple[int, ...], to_move: int | None
) -> Advice:
    """A rough guess by simulation, with the likeliest hit named as the strike to make."""
    from companion.games.mm5.simulate import likeliest, simulate

    done = set(acted) if to_move is not None else set()
    est = simulate(sides, done, to_move, TRIALS, random.Random(0), variant)

    def rough(s: int) -> tuple[Best, ...]:
        ready = [f for f in sides[s] if f.uid not in done]
        picks = [(likeliest(me, list(sides[s]), list(sides[1 - s]), variant), me) for me in ready]
        picks.sort(key=lambda pick: -pick[0][2])
        return tuple(Best(s, me, sides[1 - s][i], magic, p, est.chance, None) for (i, magic, p), me in picks)

    if to_move is None:
        firsts = tuple(next(iter(rough(s)), None) for s in (0, 1))
        return Advice(est.chance, False, firsts=(firsts[0], firsts[1]), trials=est.trials)
    ranked = rough(to_move)
    return Advice(est.chance, False, best=next(iter(ranked), None), trials=est.trials, ranked=ranked)


def battle_advice(
    state: State, budget: float = BUDGET, progress: Callable[[int, int], None] | None = None, keep: bool = True
) -> Advice:
    """The advice for the battle under way in `state`."""
    b = state.battle
    if b is None:
        raise ValueError("no battle")
    empty = walkover(state)
    if empty is not None:
        return Advice(float(empty == 1), True)
    sides = (fighters(state, 0), fighters(state, 1))
    striking = b.stage == "strike"
    return advise(
        sides, state.variant_1d6, b.acted if striking else (), b.to_move if striking else None, budget, progress, keep
    )
