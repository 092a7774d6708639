"""The chance that the attacker wins the battle from here, by Monte Carlo with a passed RNG.

The exact value under best play is exact.py's; this is the fallback for lineups too large to
solve in the time budget. It plays the battle out many times with a stated policy (each
striker takes the legal target and attack kind with the best odds; no further reinforcements
or spells) and reports the estimate with its standard error and a 95% interval. The interval
is about that policy, not about best play, which can be far off it (12 % against 0.01 %): the
advice shows the result as a rough guess, with no ±. The RNG is an argument, so a seeded run
is repeatable and testable.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from companion.games.mm5.battle import fighters
from companion.games.mm5.state import State
from companion.games.mm5.strike import Fighter, Kind, attack_value, first_rank, hit_chance, may_target

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


def likeliest(me: Fighter, own: list[Fighter], foes: list[Fighter], variant: bool) -> tuple[int, bool, float]:
    """The policy: the legal target and kind of attack most likely to hit for `me` (index into
    `foes`, magic, chance); between equal chances, the foe that strikes hardest falls first."""
    return _likeliest(me.kind, tuple(f.kind for f in own), tuple(f.kind for f in foes), variant)


@lru_cache(maxsize=4096)  # lineups seen in simulated battles: few, and each asked thousands of times
def _likeliest(me: Kind, own: tuple[Kind, ...], foes: tuple[Kind, ...], variant: bool) -> tuple[int, bool, float]:
    low = first_rank(k.rank for k in foes)
    best: tuple[float, int, int, bool] = (-1.0, -1, 0, False)
    for i, foe in enumerate(foes):
        if not may_target(foe.rank, low):
            continue
        threat = max(foe.patk, foe.matk)
        for magic in (False, True):
            p = hit_chance(attack_value(me, own, magic), foe.defence(magic), variant)
            if (p, threat) > best[:2]:
                best = (p, threat, i, magic)
    return best[2], best[3], best[0]


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
            ready = [[f for f in s if f.uid not in acted] for s in sides]
            if not ready[to_move]:
                to_move = 1 - to_move
                if not ready[to_move]:
                    break
            me = ready[to_move][0]
            acted.add(me.uid)
            foes = sides[1 - to_move]
            i, _magic, p = likeliest(me, sides[to_move], foes, variant)
            if rng.random() < p:
                del foes[i]
            if not foes:
                return to_move == 0
            to_move = 1 - to_move
        to_move = None
    return None


def simulate(
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]],
    acted: set[int],
    to_move: int | None,
    trials: int,
    rng: random.Random,
    variant: bool,
) -> Estimate:
    """Battles from two lineups, mid-round when `to_move` is a side."""
    return _run([list(sides[0]), list(sides[1])], acted, to_move, trials, rng, variant)


def attacker_wins(state: State, trials: int, rng: random.Random) -> Estimate:
    b = state.battle
    if b is None:
        raise ValueError("no battle")
    striking = b.stage == "strike"
    return _run(
        [list(fighters(state, 0)), list(fighters(state, 1))],
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
