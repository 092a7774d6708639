"""The exact battle value under best play (companion.games.mm5.exact / advice): cases checked by
hand, symmetry, monotonicity, and battles played through the real rules agreeing with it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.games.mm5 import GAME
from companion.games.mm5.advice import Fighter, advise, battle_advice
from companion.games.mm5.battle import roll_for
from companion.games.mm5.events import Initiative, Strike
from companion.games.mm5.exact import Kind, Solver, chance
from companion.games.mm5.odds import attack_roll
from tests.core.test_mm5_rulings import ORC, WARRIOR, battle

SURE = Kind(False, 0, 6, 1, 6, 1)  # hits anything with defence ≤ 6 and falls to any strike


def value(att, dfn, variant=False) -> float:
    """Lineups as lists of Kinds (equal ones grouped by the solver's caller, as here)."""
    sides = tuple(
        tuple(Fighter(i + 10 * s, f"c{i}", k) for i, k in enumerate(side)) for s, side in enumerate((att, dfn))
    )
    return advise(sides, variant).attacker_wins


def test_one_against_one_where_every_strike_hits_is_a_coin_flip():
    assert value([SURE], [SURE]) == pytest.approx(0.5, abs=1e-12)


def test_a_fallback_only_attacker():
    # 0 attack against any defence: the 2d6 fallback, 1/36; the defender always hits. The attacker
    # wins only by winning initiative and rolling the 12 at once: 1/2 · 1/36.
    weak = Kind(False, 0, 0, 1, 0, 1)
    strong = Kind(False, 0, 6, 30, 6, 30)
    assert attack_roll(0, 30).chance == Fraction(1, 36)
    assert value([weak], [strong]) == pytest.approx(1 / 72, abs=1e-12)


def test_a_dark_side_whose_order_forces_the_target():
    # Two sure heroes against an Orc and a Queen who also kill with every strike; each side kills
    # the foe who has not struck yet when it can. Against Dark the Orc must fall first.
    # Heroes first: the Orc falls, the Queen kills the hero still to strike, then one against one:
    # 1/2. Defenders first: the Orc kills a hero, the other must spend his strike on the Orc, and
    # the Queen kills him: 0. So 1/2 · 1/2 + 1/2 · 0. With free targets (two Light defenders) the
    # defenders first lose the one still to strike and it is one against one either way: 1/2.
    orc = Kind(True, 1, 6, 1, 6, 1)
    queen = Kind(False, 4, 6, 1, 6, 1)
    assert value([SURE, SURE], [orc, queen]) == pytest.approx(0.25, abs=1e-12)
    assert value([SURE, SURE], [Kind(False, 0, 6, 1, 6, 1), Kind(False, 0, 6, 2, 6, 1)]) == pytest.approx(
        0.5, abs=1e-12
    )


@pytest.mark.parametrize(("a", "b"), [(1, 1), (4, 5), (2, 7), (0, 3), (3, 18), (5, 30)])
def test_one_against_one_matches_the_formula(a, b):
    # x = 1/2 (W0 + W1): W0 = p + (1-p)(1-q)x, W1 = (1-q)(p + (1-p)x), p and q the two best chances.
    p = max(attack_roll(a, b).chance, attack_roll(a, b + 1).chance)
    q = attack_roll(b, a + 1).chance
    exact = Fraction(1, 2) * (p + (1 - q) * p) / (1 - (1 - p) * (1 - q))
    mine, theirs = Kind(False, 0, a, a + 1, a, a + 1), Kind(False, 0, b, b + 1, b, b)
    assert float(q) == chance(b, a + 1, False)
    assert value([mine], [theirs]) == pytest.approx(float(exact), abs=1e-9)


def random_kind(rng: random.Random) -> Kind:
    kind = rng.choice(["orc", "dark-mage", "queen", "warrior", "orc"])
    rank = {"orc": 1, "dark-mage": 2, "queen": 4, "warrior": 0}[kind]
    return Kind(kind == "orc", rank, *(rng.randint(0, 6) for _ in range(4)))


@pytest.mark.parametrize("seed", range(6))
def test_swapping_the_sides_gives_the_complement(seed):
    rng = random.Random(seed)
    att = [random_kind(rng) for _ in range(rng.randint(1, 3))]
    dfn = [random_kind(rng) for _ in range(rng.randint(1, 3))]
    assert value(att, dfn) + value(dfn, att) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_an_attacker_never_loses_by_gaining_a_character(seed):
    rng = random.Random(100 + seed)
    att = [random_kind(rng) for _ in range(rng.randint(1, 2))]
    dfn = [random_kind(rng) for _ in range(rng.randint(1, 3))]
    more = [*att, random_kind(rng)]
    assert value(more, dfn) >= value(att, dfn) - 1e-9
    assert value(att, [*dfn, random_kind(rng)]) <= value(att, dfn) + 1e-9


def test_the_variant_changes_the_odds():
    k1, k2 = Kind(False, 0, 2, 5, 1, 6), Kind(False, 0, 3, 6, 0, 4)
    assert value([k1], [k2]) != pytest.approx(value([k1], [k2], variant=True), abs=1e-6)


def test_the_value_before_a_strike_is_its_two_outcomes_weighted():
    rng = random.Random(7)
    att, dfn = [random_kind(rng) for _ in range(3)], [random_kind(rng) for _ in range(3)]
    solver = Solver((tuple(att), tuple(dfn)), ((1, 1, 1), (1, 1, 1)))
    a, d = solver.sides[0].encode(((1, 0),) * 3), solver.sides[1].encode(((1, 0),) * 3)
    for mover in (0, 1):
        key = solver.key(a, d, mover)
        (_move, v, _p, _vh), *rest = solver.ranked(key)
        assert v == pytest.approx(solver.value(key), abs=1e-12)
        assert all((w <= v + 1e-12) if mover == 0 else (w >= v - 1e-12) for _, w, _, _ in rest)


def test_battles_played_by_the_rules_agree_with_the_exact_value():
    """Play the advised strikes through the real rules with real dice; the share of wins must
    lie within the 99.9% interval of the exact value."""
    mage = ("Dark Mage", "dark-mage", 1, 3, 3, 4, 0)
    start = battle([ORC, ORC, mage], [WARRIOR, ("Cleric", "companion", 1, 3, 3, 3, 0)])
    exact = battle_advice(start).attacker_wins
    rng = random.Random(3)
    trials, wins = 600, 0
    for _ in range(trials):
        state = start
        while state.battle is not None:
            b = state.battle
            if b.stage == "reinforce":
                a = rng.randint(1, 6)
                d = rng.choice([f for f in range(1, 7) if f != a])
                state = GAME.apply(state, Initiative(a, d))
                continue
            best = battle_advice(state).best
            assert best is not None
            _, roll = roll_for(state, best.striker.uid, best.target.uid, best.magic)
            faces = tuple(rng.randint(1, 6) for _ in range(roll.dice))
            state = GAME.apply(state, Strike(best.striker.uid, best.target.uid, best.magic, faces))
        wins += bool(state.players[0].gems)
    share = wins / trials
    half = 3.3 * (exact * (1 - exact) / trials) ** 0.5
    assert abs(share - exact) <= half, (share, exact)


def test_the_solve_reports_its_progress_in_lineups():
    rng = random.Random(11)
    kinds = [[random_kind(rng) for _ in range(3)] for _ in range(2)]
    sides = tuple(
        tuple(Fighter(50 + 10 * s + i, f"p{i}", k) for i, k in enumerate(side)) for s, side in enumerate(kinds)
    )
    seen: list[tuple[int, int]] = []
    advise(sides, progress=lambda done, total: seen.append((done, total)))
    assert seen and [d for d, _ in seen] == sorted({d for d, _ in seen})
    assert all(0 < d <= t for d, t in seen) and len({t for _, t in seen}) == 1


@pytest.mark.parametrize(
    ("att", "dfn", "variant"),
    [
        (  # a smaller lineup's round, solved in the middle of this one's, once loosened its check
            ((Kind(True, 1, 3, 3, 0, 5), 1), (Kind(True, 1, 5, 6, 5, 3), 1), (Kind(False, 5, 5, 6, 5, 6), 1)),
            ((Kind(False, 0, 5, 6, 5, 2), 2), (Kind(True, 1, 5, 3, 2, 3), 1), (Kind(True, 1, 3, 4, 4, 5), 1)),
            True,
        ),
    ],
)
def test_every_solved_position_is_worth_its_best_strike(att, dfn, variant):
    solver = Solver(
        (tuple(k for k, _ in att), tuple(k for k, _ in dfn)),
        (tuple(n for _, n in att), tuple(n for _, n in dfn)),
        variant,
    )
    solver.round(
        solver.sides[0].encode(tuple((n, 0) for _, n in att)), solver.sides[1].encode(tuple((n, 0) for _, n in dfn))
    )
    for key, v in solver.places():
        outcomes = [
            solver.value(miss) + p * (solver.value(hit) - solver.value(miss))
            for _g, miss, hits in solver.options(key)
            for _h, _done, hit, pp, pm in hits
            for p in (pp, pm)
        ]
        assert v == pytest.approx(max(outcomes) if key % 2 == 0 else min(outcomes), abs=1e-12)


def plain_value(att: list[Kind], dfn: list[Kind], variant: bool) -> float:
    """The same game solved the plain way, as a check on the solver's bookkeeping: every
    character told apart, each position's best strike written out from the rules, and the round
    values found by repeating the whole solve until they stop changing (value iteration)."""
    from companion.games.mm5.strike import attack_value, hit_chance, targets

    sides = (att, dfn)
    rounds: dict[tuple[frozenset[int], frozenset[int]], float] = {}

    def round_value(alive: tuple[frozenset[int], frozenset[int]]) -> float:
        if not alive[1]:
            return 1.0
        if not alive[0]:
            return 0.0
        return rounds.get((alive[0], alive[1]), 0.5)

    def position(alive: tuple[frozenset[int], frozenset[int]], struck: frozenset[tuple[int, int]], m: int) -> float:
        own = [sides[m][i] for i in alive[m]]
        outcomes = []
        for i in alive[m]:
            if (m, i) in struck:
                continue
            done = struck | {(m, i)}
            for j in targets(sorted(alive[1 - m]), lambda j: sides[1 - m][j].rank):
                for magic in (False, True):
                    p = hit_chance(attack_value(sides[m][i], own, magic), sides[1 - m][j].defence(magic), variant)
                    fell = list(alive)
                    fell[1 - m] = alive[1 - m] - {j}
                    outcomes.append(
                        p * after((fell[0], fell[1]), done - {(1 - m, j)}, m) + (1 - p) * after(alive, done, m)
                    )
        return max(outcomes) if m == 0 else min(outcomes)

    def after(alive: tuple[frozenset[int], frozenset[int]], struck: frozenset[tuple[int, int]], m: int) -> float:
        if not alive[1 - m]:
            return round_value(alive)
        left = [any((s, i) not in struck for i in alive[s]) for s in (0, 1)]
        if left[1 - m]:
            return position(alive, struck, 1 - m)
        if left[m]:
            return position(alive, struck, m)
        return round_value(alive)

    everyone = (frozenset(range(len(att))), frozenset(range(len(dfn))))
    lineups = [
        (frozenset(a), frozenset(d))
        for a in (frozenset(i for i in everyone[0] if mask >> i & 1) for mask in range(1, 1 << len(att)))
        for d in (frozenset(i for i in everyone[1] if mask >> i & 1) for mask in range(1, 1 << len(dfn)))
    ]
    for _ in range(5000):
        new = {lu: (position(lu, frozenset(), 0) + position(lu, frozenset(), 1)) / 2 for lu in lineups}
        change = max(abs(new[lu] - rounds.get(lu, 0.5)) for lu in lineups)
        rounds = new
        if change < 1e-14:
            break
    return rounds[everyone]


@pytest.mark.parametrize("seed", range(8))
def test_the_solver_agrees_with_a_plain_value_iteration(seed):
    # orcs summing, Dark target order, the variant; attacks of 2 or more so rounds are decided fast
    rng = random.Random(500 + seed)

    def kind() -> Kind:
        k = random_kind(rng)
        return Kind(k.orc, k.rank, rng.randint(2, 6), k.pdef, rng.randint(2, 6), k.mdef)

    att = [kind() for _ in range(rng.randint(1, 3))]
    dfn = [kind() for _ in range(rng.randint(1, 3 if len(att) < 3 else 2))]
    variant = seed % 3 == 2
    assert value(att, dfn, variant) == pytest.approx(plain_value(att, dfn, variant), abs=1e-10)
