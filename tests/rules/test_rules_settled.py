"""Where a ruling of the app goes beside the paragraph it settles.

A ruling that scores nearly as well as the first answer it settles (``ruling_near`` of it)
answers as well by its score alone and comes just above it. A ruling and a paragraph it settles
are one place (``rulesdb.settled``): a ruling's place shows the best-matching paragraph it
settles wherever it ranks, a paragraph's place a ruling that settles it among the first
``Tuning.beside`` hits; a section is shown once, and the first places hold at least the
sections the first hits would.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import traditional
from rulesdb.settled import pairs, places
from rulesdb.tuning import TUNING

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
    so it comes first, labelled, with the paragraph beside it in the same place."""
    first = real_index.search("how do I level up my character", "skd", 3)[0]
    assert [s.id for s in first.shown] == ["skd.ruling.level-up-and-skills", "skd.actions.level-up"]


def test_no_ruling_that_near_is_left_below_the_answer_it_settles(real_index: RulesIndex) -> None:
    """A paragraph first with a ruling that settles it beside: the ruling scores less than
    ``ruling_near`` of the paragraph (a raised ruling scores as its paragraph, and comes first)."""
    for game, ask in NEAR_QUESTIONS:
        first = real_index.search(ask, game, 1)[0]
        if first.beside is not None and first.beside.section.kind == "ruling":
            assert first.beside.score < TUNING.ruling_near * first.score, (ask, first.section.id)


def test_a_ruling_first_shows_the_paragraph_it_settles_in_its_place(real_index: RulesIndex) -> None:
    """With no sword left, the ruling on "Lay down your swords!" answers first, the crown
    command's own paragraph beside it; the next places hold other topics."""
    hits = real_index.search("I have no sword left, do I still discard something", "tkc", 3)
    assert [s.id for s in hits[0].shown] == ["tkc.ruling.lay-down-swords", "tkc.crown.lay-down-swords"]
    assert len(hits) == 3
    assert not {s.id for h in hits[1:] for s in h.shown} & {"tkc.ruling.lay-down-swords", "tkc.crown.lay-down-swords"}


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


@settings(max_examples=400)
@given(rankings(), st.integers(1, 6), st.integers(0, 8))
def test_places_show_each_section_once_and_hold_the_first_hits(
    case: tuple[list[tuple[float, int]], list[int], dict[int, list[int]]], limit: int, window: int
) -> None:
    ranked, owner, settles = case
    partners = pairs(settles)
    shown = places(ranked, owner, partners, settles, limit, window)
    sections = [owner[hit[1]] for place in shown for hit in place if hit is not None]
    assert len(sections) == len(set(sections))  # a section once
    assert len(shown) == limit or set(sections) == {owner[row] for _, row in ranked}  # short only when all shown
    firsts = [ranked.index(first) for first, _ in shown]
    assert firsts == sorted(firsts) and firsts[:1] in ([], [0])  # the ranking's order, the best first
    held = {owner[row] for _, row in ranked[: len(shown)]}
    assert held <= set(sections)  # the first places hold at least the first hits' sections
    before: set[int] = set()  # the sections of the places above
    for (first, mate), n in zip(shown, firsts, strict=True):
        section = owner[first[1]]
        if mate is None:  # nothing below it pairs with it that a place above shows not
            reach = ranked[n + 1 :] if section in settles else ranked[n + 1 : window]
            assert all(owner[row] not in partners.get(section, ()) or owner[row] in before for _, row in reach)
        before |= {section} | ({owner[mate[1]]} if mate else set())
        if mate is None:
            continue
        assert owner[mate[1]] in partners[section]
        assert ranked.index(mate) > n
        assert section in settles or ranked.index(mate) < window  # a paragraph's ruling among the first hits


def _asks() -> list[tuple[str, str]]:
    from rulesdb.texts import load

    return [(section.game, ask) for section in load().sections for ask in section.asks[:2]]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(_asks()), st.integers(1, 6))
def test_an_answer_s_places_pair_only_a_ruling_and_a_paragraph_it_settles(
    real_index: RulesIndex, asked: tuple[str, str], limit: int
) -> None:
    """Every answer of the real index: at most ``limit`` places, a section in one of them only,
    the first the ranking's first, and beside a place only the ruling on it or the rule it settles."""
    game, ask = asked
    hits = real_index.search(ask, game, limit)
    shown = [s.id for h in hits for s in h.shown]
    assert len(hits) <= limit and len(shown) == len(set(shown))
    query = traditional(ask)
    ranked, _ = real_index.ranker.rank(real_index.reader.read(query, game), query, game)
    assert hits[0].section is real_index.built.sections[real_index.built.rows.owner[ranked[0][1]]]
    for hit in hits:
        if hit.beside is not None:
            ruling, paragraph = sorted((hit.section, hit.beside.section), key=lambda s: s.kind != "ruling")
            assert ruling.kind == "ruling" and paragraph.kind == "source" and paragraph.id in ruling.see
