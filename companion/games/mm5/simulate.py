"""The chance that the attacker wins the battle from here, by Monte Carlo with a passed RNG.

The exact value under best play is exact.py's; this is the fallback for lineups too large to
solve in the time budget. It plays the battle out many times with a stated policy (each
striker takes the legal target and attack kind with the best odds; no further reinforcements
or spells) and reports the estimate with its standard error and a 95% interval. The RNG is an
argument, so a seeded run is repeatable and testable.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games.mm5.battle import bonus, members
from companion.games.mm5.odds import attack_roll
from companion.games.mm5.state import State

MAX_ROUNDS = 200  # the 1/36 fallback ends every battle eventually; this only bounds the loop


@dataclass(frozen=True)
class Estimate:
    chance: float
    stderr: float
    trials: int
    unfinished: int

    def words(self) -> str:
        half = 1.96 * self.stderr
        text = (
            f"attacker wins ≈ {self.chance:.1%} ± {half:.1%} (95% interval, {self.trials:,} "
            "simulated battles from the current lineups; no further reinforcements or spells; "
            "each striker takes its best-odds target)"
        )
        if self.unfinished:
            text += f"; {self.unfinished} ran past {MAX_ROUNDS} rounds and count as not won"
        return text


# A fighter: (uid, kind, rank, patk, pdef, matk, mdef) with any gem bonus already added.
Fighter = tuple[int, str, int, int, int, int, int]


def _fighters(state: State, side: int) -> list[Fighter]:
    out = []
    for c in members(state, side):
        b = bonus(state, side, c)
        out.append((c.uid, c.kind, c.rank, c.patk + b, c.pdef + b, c.matk + b, c.mdef + b))
    return out


@cache
def _p(attack: int, defence: int, variant: bool) -> float:
    return float(attack_roll(attack, defence, variant).chance)


def _best(me: Fighter, own: list[Fighter], foes: list[Fighter], variant: bool) -> tuple[int, float]:
    """The target index and success chance of the best strike open to `me`."""
    dark = [f for f in foes if f[2] > 0]
    low = min(f[2] for f in dark) if dark else 0
    best, chance = 0, -1.0
    for i, foe in enumerate(foes):
        if dark and foe[2] != low:
            continue
        for atk, dfn in ((3, 4), (5, 6)):
            n = sum(int(f[atk]) for f in own if f[1] == "orc") if me[1] == "orc" else int(me[atk])
            p = _p(n, foe[dfn], variant)
            if p > chance:
                best, chance = i, p
    return best, chance


def _play(
    sides: list[list[Fighter]], acted: set[int], to_move: int | None, rng: random.Random, variant: bool
) -> bool | None:
    for _ in range(MAX_ROUNDS):
        if to_move is None:
            to_move = rng.randrange(2)
            acted = set()
        while True:
            if not sides[0] or not sides[1]:
                return bool(sides[0])
            ready = [[f for f in s if f[0] not in acted] for s in sides]
            if not ready[to_move]:
                to_move = 1 - to_move
                if not ready[to_move]:
                    break
            me = ready[to_move][0]
            acted.add(me[0])
            foes = sides[1 - to_move]
            i, p = _best(me, sides[to_move], foes, variant)
            if rng.random() < p:
                del foes[i]
            if not foes:
                return to_move == 0
            to_move = 1 - to_move
        to_move = None
    return None


def simulate(
    sides: tuple[tuple[Any, ...], tuple[Any, ...]],
    acted: set[int],
    to_move: int | None,
    trials: int,
    rng: random.Random,
    variant: bool,
) -> Estimate:
    """Battles from two lineups of advice Fighters (uid, name, Kind), mid-round when `to_move`."""
    start = [
        [
            (f.uid, "orc" if f.kind.orc else "", f.kind.rank, f.kind.patk, f.kind.pdef, f.kind.matk, f.kind.mdef)
            for f in side
        ]
        for side in sides
    ]
    return _run(start, acted, to_move, trials, rng, variant)


def attacker_wins(state: State, trials: int, rng: random.Random) -> Estimate:
    b = state.battle
    if b is None:
        raise ValueError("no battle")
    striking = b.stage == "strike"
    return _run(
        [_fighters(state, 0), _fighters(state, 1)],
        set(b.acted) if striking else set(),
        b.to_move if striking else None,
        trials,
        rng,
        state.variant_1d6,
    )


def _run(
    start: list[list[Fighter]], acted: set[int], to_move: int | None, trials: int, rng: random.Random, variant: bool
) -> Estimate:
    wins = unfinished = 0
    for _ in range(trials):
        outcome = _play([list(start[0]), list(start[1])], set(acted), to_move, rng, variant)
        wins += outcome is True
        unfinished += outcome is None
    p = wins / trials
    return Estimate(p, math.sqrt(p * (1 - p) / trials), trials, unfinished)
