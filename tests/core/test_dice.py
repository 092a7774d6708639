"""Dice: exact odds against hand-counted values, icepool and brute force; rolls; entered dice."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import dice
from companion.dice import DiceError, DiceExpr, DiceTerm, Odds

# --- exact values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "numerator", "denominator"),
    [
        ("1d6>=4", 3, 6),
        ("2d6>=8", 15, 36),
        ("2d6>=12", 1, 36),
        ("3d6>=18", 1, 216),
        ("3d6==10", 27, 216),
        ("3d6=10", 27, 216),
        ("1d6+3>=5", 5, 6),
        ("2d6>7", 15, 36),
        ("2d6<=4", 6, 36),
        ("2d6<2", 0, 36),
        ("2d6>=2", 36, 36),
        ("1d20+5>=15", 11, 20),
        ("4d6-2<10", 310, 1296),
        ("1d6-1d6>0", 15, 36),
    ],
)
def test_chance_exact(expr: str, numerator: int, denominator: int) -> None:
    assert dice.chance(expr) == Odds(numerator, denominator)


def test_odds_are_kept_unreduced_and_print_both_ways() -> None:
    odds = dice.chance("2d6>=8")
    assert (odds.numerator, odds.denominator) == (15, 36)
    assert odds.fraction == Fraction(5, 12)
    assert odds.percent == pytest.approx(41.6667, abs=1e-3)
    assert str(odds) == "15/36 (41.67%)"


@pytest.mark.parametrize(("numerator", "denominator"), [(1, 0), (-1, 6), (7, 6)])
def test_odds_refuse_impossible_probabilities(numerator: int, denominator: int) -> None:
    with pytest.raises(ValueError):
        Odds(numerator, denominator)


@pytest.mark.parametrize(
    ("percent", "text"),
    [(0.0, "0.00%"), (0.001, "<0.01%"), (41.666, "41.67%"), (99.999, ">99.99%"), (100.0, "100.00%")],
)
def test_format_percent_never_rounds_a_possibility_away(percent: float, text: str) -> None:
    assert dice.format_percent(percent) == text


@pytest.mark.parametrize(
    ("expr", "outcomes"), [("4d6", 1296), ("2d6", 36), ("d20", 20), ("2d6-1d4+3", 144), ("10d10", 10**10)]
)
def test_total_outcomes_is_the_product_of_die_sizes(expr: str, outcomes: int) -> None:
    assert dice.total_outcomes(expr) == outcomes


def test_distribution_of_2d6() -> None:
    expected = tuple((total, Fraction(6 - abs(total - 7), 36)) for total in range(2, 13))
    assert dice.distribution("2d6") == expected
    assert dice.distribution("2d6>=8") == expected  # the comparison does not change the sums


def test_outcome_counts_of_3d6() -> None:
    counts = dict(dice.outcome_counts("3d6"))
    assert counts[3] == 1 and counts[10] == 27 and counts[18] == 1
    assert sum(counts.values()) == 216


@pytest.mark.parametrize("expr", ["3d7-2d5+1d4+2", "5d6", "2d20-3", "-1d8+2d4", "3d10+1d100", "1d2+1d3+1d4+1d5"])
def test_chosen_counts_match_icepool(expr: str) -> None:
    assert list(dice.outcome_counts(expr)) == list(_icepool_die(dice.parse(expr)).items())


def test_the_most_dice_allowed_are_exact() -> None:
    assert dice.sum_at_least(30, 6, 180) == Odds(1, 6**30)
    assert dice.sum_at_least(30, 6, 30) == Odds(6**30, 6**30)
    assert dice.total_outcomes("30d100") == 100**30
    assert dice.chance("30d100>=3000") == Odds(1, 100**30)


@pytest.mark.parametrize(("n", "sides", "target"), [(1, 6, 4), (2, 6, 8), (3, 6, 18), (4, 8, 17), (7, 6, 25)])
def test_sum_at_least_matches_chance_and_icepool(n: int, sides: int, target: int) -> None:
    odds = dice.sum_at_least(n, sides, target)
    assert odds == dice.chance(f"{n}d{sides}>={target}") == _icepool_at_least(n, sides, target)


@pytest.mark.parametrize(("n", "sides"), [(0, 6), (51, 6), (3, 1), (3, 1001)])
def test_sum_at_least_refuses_dice_out_of_range(n: int, sides: int) -> None:
    with pytest.raises(DiceError):
        dice.sum_at_least(n, sides, 3)


def test_likelihood_of_exact_totals() -> None:
    assert dice.likelihood("2d6", 7) == Odds(6, 36)
    assert dice.likelihood("2d6>=8", 12) == Odds(1, 36)
    assert dice.likelihood("1d6+3", 9) == Odds(1, 6)
    assert dice.likelihood("2d6", 13) == Odds(0, 36)


def test_chance_needs_a_comparison() -> None:
    with pytest.raises(DiceError, match="no comparison"):
        dice.chance("3d6")


def test_sums_are_cached() -> None:
    dice.chance("20d6>=70")
    before = dice._sum_die.cache_info().hits
    assert dice.chance("20d6>=71") == _icepool_at_least(20, 6, 71)
    assert dice._sum_die.cache_info().hits == before + 1


# --- parsing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("2d6>=8", "2d6>=8"),
        ("d6", "1d6"),
        ("1d6+3 >= 5", "1d6+3>=5"),
        (" 4d6 - 2 < 10 ", "4d6-2<10"),
        ("2D6 = 7", "2d6==7"),
        ("3 + 2d6 - 1d4 > 2", "2d6-1d4+3>2"),
        ("-1d4+2d6", "-1d4+2d6"),
        ("1d6-5>=-2", "1d6-5>=-2"),
        ("2d6+1-1", "2d6"),
    ],
)
def test_parse_normalises(text: str, normal: str) -> None:
    assert str(dice.parse(text)) == normal


def test_parse_fields() -> None:
    assert dice.parse("3d6+1>=10") == DiceExpr((DiceTerm(3, 6, 1),), 1, ">=", 10)
    assert dice.parse("2d6-1d4") == DiceExpr((DiceTerm(2, 6, 1), DiceTerm(1, 4, -1)), 0, None, None)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2x6", '"2x6" is not a dice expression; write it like 2d6, 3d6+1 or 2d6>=8'),
        ("0d6", "use 1 to 30 dice"),
        ("31d6", "use 1 to 30 dice"),
        ("2d1", "2 to 100 sides"),
        ("2d101", "2 to 100 sides"),
        ("2d6>=", ">= needs a whole number"),
        (">=8", "nothing to roll before >="),
        ("", "Type a dice expression"),
        ("   ", "Type a dice expression"),
        ("2d6>=8>=9", "more than one comparison"),
        ("2d6+", "+ must be followed by dice or a number"),
        ("2d6 3", "put + or - between 2d6 and 3"),
        ("5", "no dice to roll"),
        ("5>=3", "no dice to roll"),
        ("2d6>=8+1", "nothing may follow the target"),
        ("2d6>=d6", "needs a whole number"),
        ("30d6+30d6", "60 dice in all"),
        ("99999999d6", "99999999 is too large"),
        ("3d", "not a dice expression"),
        ("2d6=>8", "needs a whole number"),
        ("1d6++2", "+ must be followed"),
        ("2d6>=٣", "not a dice expression"),
    ],
)
def test_bad_input_raises_a_readable_dice_error(text: str, says: str) -> None:
    with pytest.raises(DiceError) as info:
        dice.parse(text)
    assert says in str(info.value)
    assert isinstance(info.value, ValueError)


def test_built_expressions_obey_the_same_limits() -> None:
    with pytest.raises(DiceError):
        DiceExpr((DiceTerm(60, 6),))
    with pytest.raises(DiceError):
        DiceExpr(())
    with pytest.raises(DiceError):
        DiceExpr((DiceTerm(2, 6),), 0, ">=", None)
    with pytest.raises(DiceError):
        DiceExpr((DiceTerm(2, 6, 0),))


# --- rolls and entered dice ---------------------------------------------------------------------


def test_roll_uses_only_the_generator_passed_in() -> None:
    state = random.getstate()
    rng = random.Random(7)
    result = dice.roll(rng, "4d6-2<10")
    assert random.getstate() == state
    replay = random.Random(7)
    assert result.faces == tuple(replay.randint(1, 6) for _ in range(4))
    assert result.total == sum(result.faces) - 2
    assert result.success == (result.total < 10)


def test_entered_faces() -> None:
    result = dice.entered("2d6>=8", [3, 5])
    assert (result.faces, result.total, result.success) == ((3, 5), 8, True)
    assert dice.entered("3d6", (1, 1, 1)).success is None
    assert dice.entered("1d6-1d4", [2, 4]).total == -2


@pytest.mark.parametrize(
    ("expr", "faces", "message"),
    [
        ("1d6", [7], "7 is not a face of a d6 (1–6)."),
        ("2d6", [3, 0], "0 is not a face of a d6 (1–6)."),
        ("2d6>=8", [1, 2, 3], "2d6 needs 2 dice, you entered 3."),
        ("1d20", [], "1d20 needs 1 die, you entered 0."),
        ("1d6+1d4", [5, 5], "5 is not a face of a d4 (1–4)."),
    ],
)
def test_entered_refuses_impossible_faces(expr: str, faces: list[int], message: str) -> None:
    with pytest.raises(DiceError) as info:
        dice.entered(expr, faces)
    assert str(info.value) == message


def test_entered_total() -> None:
    result = dice.entered_total("2d6>=8", 12)
    assert (result.faces, result.total, result.success) == ((), 12, True)
    assert dice.entered_total("1d6+3", 4).total == 4
    with pytest.raises(DiceError) as info:
        dice.entered_total("2d6", 13)
    assert str(info.value) == "13 cannot be rolled on 2d6 (2–12)."
    with pytest.raises(DiceError, match=r"cannot be rolled on 1d6\+3 \(4–9\)"):
        dice.entered_total("1d6+3>=5", 3)


# --- properties ---------------------------------------------------------------------------------

SIDES = [2, 3, 4, 6, 8, 10, 12, 20]
OPS = [">=", ">", "<=", "<", "=="]


@st.composite
def dice_exprs(draw: st.DrawFn, max_dice: int = 5, sides: list[int] = SIDES) -> DiceExpr:
    terms = draw(
        st.lists(
            st.builds(DiceTerm, st.integers(1, 3), st.sampled_from(sides), st.sampled_from([1, -1])),
            min_size=1,
            max_size=3,
        ).filter(lambda ts: sum(t.count for t in ts) <= max_dice)
    )
    constant = draw(st.integers(-5, 5))
    if draw(st.booleans()):
        return DiceExpr(tuple(terms), constant)
    return DiceExpr(tuple(terms), constant, draw(st.sampled_from(OPS)), draw(st.integers(-20, 60)))


@given(dice_exprs())
def test_normalised_text_parses_back(e: DiceExpr) -> None:
    assert dice.parse(str(e)) == e


@given(dice_exprs())
def test_distribution_sums_to_one_over_the_full_range(e: DiceExpr) -> None:
    dist = dice.distribution(e)
    assert sum(p for _, p in dist) == 1
    assert [total for total, _ in dist] == list(range(e.lowest, e.highest + 1))
    assert all(p > 0 for _, p in dist)


@given(dice_exprs(), st.integers(-30, 70))
def test_at_least_and_below_are_complementary(e: DiceExpr, target: int) -> None:
    at_least = dice.chance(DiceExpr(e.dice, e.constant, ">=", target))
    below = dice.chance(DiceExpr(e.dice, e.constant, "<", target))
    assert at_least.denominator == below.denominator == dice.total_outcomes(e)
    assert at_least.numerator + below.numerator == at_least.denominator


@settings(max_examples=60)
@given(dice_exprs(max_dice=4, sides=[2, 3, 4, 6, 8]))
def test_counts_match_brute_force(e: DiceExpr) -> None:
    signed_sides = [(t.sides, t.sign) for t in e.dice for _ in range(t.count)]
    ranges = [range(1, sides + 1) for sides, _ in signed_sides]
    totals = Counter(
        e.constant + sum(sign * face for (_, sign), face in zip(signed_sides, faces, strict=True))
        for faces in itertools.product(*ranges)
    )
    assert dict(dice.outcome_counts(e)) == dict(totals)
    if e.op is not None:
        wins = sum(n for total, n in totals.items() if e.succeeds(total))
        assert dice.chance(e) == Odds(wins, sum(totals.values()))


@settings(max_examples=40)
@given(dice_exprs(max_dice=8))
def test_random_counts_match_icepool(e: DiceExpr) -> None:
    assert list(dice.outcome_counts(e)) == list(_icepool_die(e).items())


@given(dice_exprs(), st.integers(0, 2**32))
def test_rolls_are_in_range_consistent_and_reproducible(e: DiceExpr, seed: int) -> None:
    result = dice.roll(random.Random(seed), e)
    sides = [t.sides for t in e.dice for _ in range(t.count)]
    assert len(result.faces) == len(sides)
    assert all(1 <= face <= s for face, s in zip(result.faces, sides, strict=True))
    assert e.lowest <= result.total <= e.highest
    assert result.success == e.succeeds(result.total)
    assert dice.roll(random.Random(seed), e) == result
    assert dice.entered(e, result.faces) == result
    assert dice.likelihood(e, result.total).numerator > 0


# --- helpers ------------------------------------------------------------------------------------


def _icepool_die(e: DiceExpr) -> icepool.Die[int]:
    die: icepool.Die[int] = icepool.Die([e.constant])
    for term in e.dice:
        part = term.count @ icepool.d(term.sides)
        die = die + part if term.sign > 0 else die - part
    return die


def _icepool_at_least(n: int, sides: int, target: int) -> Odds:
    die = n @ icepool.d(sides)
    return Odds(die.quantity(">=", target), die.denominator())
