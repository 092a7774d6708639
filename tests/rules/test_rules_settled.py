"""Where a ruling of the app goes beside the paragraph it settles.

A ruling that scores nearly as well as the first answer it settles (``ruling_near`` of it)
answers as well by its score alone and comes just above it. A ruling shown first keeps the
paragraph it settles in the first three places: shown first on its own score with none of the
paragraphs it settles beside it, the player sees the reading without the rule. Its best
paragraph takes the third place when it scores near that place (``rulesdb.settled``); the list
keeps its length.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.settled import keep_settled
from rulesdb.texts import load
from rulesdb.tuning import TUNING

NEAR = TUNING.settled_near


NEAR_QUESTIONS = [
    ("skd", "how do I level up my character"),
    ("skd", "what does levelling up cost"),
    ("mm5", "order of the dark ranks"),
    ("mm5", "the order of ranks among orcs, mages and the queen"),
    ("tkc", "the draw pile ran out in my turn, does it stop right there"),
    ("tkc", "I have no sword left, do I still discard something"),
]


def test_a_ruling_scoring_near_the_first_answer_it_settles_comes_first(real_index: RulesIndex) -> None:
    """Leveling up: the ruling (3 mana a level) scores nearly as the level-up paragraph does,
    so it comes first, labelled, with the paragraph just below."""
    ids = [hit.section.id for hit in real_index.search("how do I level up my character", "skd", 3)]
    assert ids[:2] == ["skd.ruling.level-up-and-skills", "skd.actions.level-up"]


def test_no_ruling_that_near_is_left_below_the_answer_it_settles(real_index: RulesIndex) -> None:
    """Of two first answers, a paragraph and a ruling second that settles it, the ruling
    scores less than ``ruling_near`` of the paragraph (a raised ruling scores as its paragraph)."""
    for game, ask in NEAR_QUESTIONS:
        hits = real_index.search(ask, game, 2)
        first, second = hits[0], hits[1]
        if second.section.kind == "ruling" and first.section.id in second.section.see:
            assert second.score < TUNING.ruling_near * first.score, (ask, first.section.id, second.section.id)


def test_a_ruling_first_keeps_the_paragraph_it_settles_in_view(real_index: RulesIndex) -> None:
    """With no sword left, the ruling on "Lay down your swords!" answers first; the crown
    command's own paragraph is beside it, not a third paragraph on the turn's steps."""
    ids = [hit.section.id for hit in real_index.search("I have no sword left, do I still discard something", "tkc", 3)]
    assert ids[0] == "tkc.ruling.lay-down-swords"
    assert "tkc.crown.lay-down-swords" in ids


def test_without_it_the_paragraph_is_out_of_view() -> None:
    """The same question ranked with the rule switched off (``settled_near`` unreachable)
    shows the ruling without its paragraph: the rule, not the scores, keeps it in view."""
    index = RulesIndex(load(), replace(TUNING, settled_near=float("inf")))
    ids = [hit.section.id for hit in index.search("I have no sword left, do I still discard something", "tkc", 3)]
    assert ids[0] == "tkc.ruling.lay-down-swords"
    assert "tkc.crown.lay-down-swords" not in ids


@st.composite
def rankings(draw: st.DrawFn) -> tuple[list[tuple[float, int]], list[int], dict[int, list[int]]]:
    """A ranking of rows (best first) of a few sections, some of them rulings that settle others."""
    sections = draw(st.integers(2, 10))
    owner = draw(
        st.lists(st.integers(0, sections - 1), min_size=1, max_size=sections, unique=True)
    )  # a place a section
    scores = sorted(draw(st.lists(st.floats(0.1, 100.0), min_size=len(owner), max_size=len(owner))), reverse=True)
    ranked = [(-score, row) for row, score in enumerate(scores)]
    rulings = draw(st.sets(st.integers(0, sections - 1)))
    settles = {
        r: draw(st.lists(st.integers(0, sections - 1).filter(lambda s, r=r: s != r), max_size=3)) for r in rulings
    }
    return ranked, owner, settles


@settings(max_examples=300)
@given(rankings())
def test_the_list_keeps_its_answers_its_first_two_and_a_second_ruling_s_paragraph(
    case: tuple[list[tuple[float, int]], list[int], dict[int, list[int]]],
) -> None:
    ranked, owner, settles = case
    kept = keep_settled(ranked, owner, settles, NEAR)
    assert sorted(row for _, row in kept) == sorted(row for _, row in ranked)
    assert kept[:2] == ranked[:2]
    assert all(higher[0] <= lower[0] for higher, lower in pairwise(kept))  # best first
    if len(ranked) >= 3 and owner[ranked[2][1]] in settles.get(owner[ranked[1][1]], ()):
        assert kept == ranked  # a ruling second keeps its own paragraph third
        return
    first = owner[ranked[0][1]]
    paragraphs = set(settles.get(first, ()))
    near = [score for score, row in ranked if owner[row] in paragraphs]
    if len(ranked) >= 4 and near and near[0] <= NEAR * ranked[2][0]:
        assert any(owner[row] in paragraphs for _, row in kept[:3])
    else:
        assert kept == ranked
