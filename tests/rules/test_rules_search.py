"""Search over the fixture texts: any input is safe, words match by prefix, CJK by bigrams."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from rulesdb.glossary import english_for, glossary
from rulesdb.index import RulesIndex, UnknownGameError, _mark
from rulesdb.query import parse_query
from rulesdb.texts import load_all

FIXTURES = Path(__file__).parent / "fixtures" / "texts"
NASTY = [
    '"',
    '"unbalanced',
    'un"balanced',
    '""',
    "*",
    "**",
    "-x",
    "- -",
    "a:b",
    "title:excal",
    "(",
    ")",
    "()",
    "AND",
    "and",
    "OR NOT",
    "NOT",
    "NEAR(",
    "NEAR(a b, 2)",
    "^",
    "^excal",
    "+",
    "excal*",
    "{title}: x",
    "[b]",
    "\\",
    "'",
    "%",
    "_",
    "",
    " ",
    "\t\n",
    "!!!",
    "...",
    "、。",
    "excal OR",
    "AND excal",
    "x" * 2000,
    "excal " * 400,
    "地" * 2000,
    "\x00",
    "\x02\x03",
]


def ids(hits) -> list[str]:
    return [s.id for hit in hits for s in hit.shown]


@pytest.mark.parametrize("query", NASTY)
def test_nasty_queries_never_raise(fixture_index: RulesIndex, query: str) -> None:
    for game in (None, "tkc"):
        hits = fixture_index.search(query, game=game)
        assert isinstance(hits, list)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_a_safe_query(fixture_index: RulesIndex, query: str) -> None:
    fixture_index.search(query)


def test_operators_are_plain_words(fixture_index: RulesIndex) -> None:
    assert ids(fixture_index.search("excal*"))[:1] == ["tkc.cards.excalibur"]
    assert ids(fixture_index.search('"excal'))[:1] == ["tkc.cards.excalibur"]
    assert ids(fixture_index.search("-excal"))[:1] == ["tkc.cards.excalibur"]
    assert ids(fixture_index.search("title:excal"))[:1] == ["tkc.cards.excalibur"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("excal", "tkc.cards.excalibur"),
        ("Excalibur", "tkc.cards.excalibur"),
        ("dung", "mm5.dungeon.rescue"),
        ("how do I rescue the knights from the dungeon?", "mm5.dungeon.rescue"),
        ("what happens when shields are blocked", "tkc.attack.shields"),
        ("levelling", "skd.mana.level-up"),
        ("rolls", "mm5.combat.attack-roll"),
    ],
)
def test_words_find_their_section(fixture_index: RulesIndex, query: str, expected: str) -> None:
    assert ids(fixture_index.search(query))[0] == expected


def test_title_outranks_body(fixture_index: RulesIndex) -> None:
    assert ids(fixture_index.search("shields"))[0] == "tkc.attack.shields"


@pytest.mark.parametrize(
    ("cjk", "english"),
    [("地牢", "dungeon"), ("魔力", "mana"), ("聖騎士", "holy knight"), ("王者之劍", "excalibur")],
)
def test_cjk_finds_what_english_finds(fixture_index: RulesIndex, cjk: str, english: str) -> None:
    by_cjk, by_english = ids(fixture_index.search(cjk)), ids(fixture_index.search(english))
    assert by_cjk, cjk
    assert by_cjk[0] in by_english[:3] and by_english[0] in by_cjk[:3]


def test_cjk_inside_a_longer_run_and_mixed_with_words(fixture_index: RulesIndex) -> None:
    assert ids(fixture_index.search("暗地"))[:1] == ["mm5.dungeon.rescue"]
    assert ids(fixture_index.search("劍"))[:1] == ["tkc.cards.excalibur"]
    assert ids(fixture_index.search("rescue 地牢"))[0] == "mm5.dungeon.rescue"
    assert ids(fixture_index.search("ＥＸＣＡＬ"))[:1] == ["tkc.cards.excalibur"]


def test_cjk_snippet_is_highlighted(fixture_index: RulesIndex) -> None:
    hit = fixture_index.search("地牢")[0]
    assert "[b]地牢[/b]" in hit.snippet
    assert "地牢" in hit.plain_snippet and "[b]" not in hit.plain_snippet


def test_game_filter(fixture_index: RulesIndex) -> None:
    assert {h.section.game for h in fixture_index.search("attack", game="tkc")} == {"tkc"}
    assert {h.section.game for h in fixture_index.search("attack")} >= {"mm5", "skd", "tkc"}
    assert fixture_index.search("dungeon", game="tkc") == []


def test_unknown_game_is_refused(fixture_index: RulesIndex) -> None:
    with pytest.raises(UnknownGameError, match="known: mm5, skd, tkc"):
        fixture_index.search("attack", game="chess")
    with pytest.raises(UnknownGameError):
        fixture_index.toc("chess")


def test_limit(fixture_index: RulesIndex) -> None:
    assert len(fixture_index.search("attack", limit=2)) == 2
    assert fixture_index.search("attack", limit=0) == []


def test_empty_query_is_the_table_of_contents(fixture_index: RulesIndex) -> None:
    toc = fixture_index.toc("skd")
    hits = fixture_index.search("  ", game="skd", limit=100)
    assert [h.section for h in hits] == toc
    assert {h.score for h in hits} == {0.0}
    assert hits[0].plain_snippet == toc[0].first_line
    assert [s.id for s in fixture_index.toc()][:2] == [
        "mm5.cards.holy-knights",
        "mm5.dungeon.rescue",
    ]


def test_section_lookup(fixture_index: RulesIndex) -> None:
    assert fixture_index.section("tkc.quickref").kind == "quickref"
    assert fixture_index.section("tkc.nothing") is None


def test_for_phase_puts_tagged_sections_first(fixture_index: RulesIndex) -> None:
    sections = fixture_index.for_phase("mm5", "combat")
    assert [s.id for s in sections[:3]] == [
        "mm5.dungeon.rescue",
        "mm5.combat.attack-roll",
        "mm5.ruling.impossible-roll",
    ]
    assert len(sections) == len(fixture_index.toc("mm5"))


def test_games(fixture_index: RulesIndex) -> None:
    assert [g.game for g in fixture_index.games()] == ["mm5", "skd", "tkc"]


def test_snippets_plain_and_marked(fixture_index: RulesIndex) -> None:
    hit = fixture_index.search("face")[0]
    assert "[face up]" in hit.plain_snippet
    assert Text.from_markup(hit.snippet).plain == hit.plain_snippet
    custom = fixture_index.search("excal", mark=("<", ">"))[0]
    assert "<Excalibur>" in custom.snippet
    plain = fixture_index.search("excal", mark=None)[0]
    assert plain.snippet == plain.plain_snippet


def test_scores_are_descending(fixture_index: RulesIndex) -> None:
    scores = [hit.score for hit in fixture_index.search("attack dice knight")]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


MARKED = ("\x02", "\x03")  # the index's own highlight marks, as _mark reads them


@pytest.mark.parametrize(
    "text", ["[b]x[/b]", "[face up]", "[5. 救人]", "a\\", "\\[b]", "[", "]", "[@click]", "a [", "[["]
)
def test_a_snippet_keeps_its_text_literal_beside_a_highlight(text: str) -> None:
    """The rules screen shows snippets as Textual content markup: text before a highlighted
    word reads as written, even a lone `[` right before it (it crashed the screen)."""
    from textual.markup import to_content

    raw = text + MARKED[0] + "x" + MARKED[1] + text
    shown = to_content(_mark(raw, ("[b]", "[/b]")))
    assert shown.plain.replace("\u200b", "") == text + "x" + text


@pytest.mark.parametrize(("game", "query"), [("skd", "r"), ("mm5", "rescu"), (None, "r"), (None, "dual")])
def test_every_highlighted_snippet_reads_as_markup(query: str, game: str | None) -> None:
    from textual.markup import to_content

    from rulesdb.index import get_index

    for hit in get_index().ask(query, game, limit=50).hits:
        to_content(hit.snippet)  # raises MarkupError on a broken one


def test_parse_query_drops_stopwords_unless_nothing_else() -> None:
    assert parse_query("How do I block a Swing?").words == ("block", "swing")
    assert parse_query("what is it").words == ("what", "is", "it")
    assert parse_query("黑暗地牢 and 劍").cjk_runs == ("黑暗地牢", "劍")


def test_glossary_reads_english_beside_the_original() -> None:
    terms = glossary(load_all(FIXTURES))
    assert set(terms["聖騎士"]) == {"holy", "knight"}
    assert set(terms["黑暗地牢"]) == {"dark", "dungeon"}
    assert set(english_for("地牢", terms)) == {"dungeon", "dark"}
    assert english_for("劍", terms) == ()


def test_the_tuning_is_one_frozen_value() -> None:
    """Every weight and threshold is one frozen Tuning, given to the index whole."""
    from dataclasses import FrozenInstanceError, replace

    from rulesdb.texts import load
    from rulesdb.tuning import TUNING

    with pytest.raises(FrozenInstanceError):
        TUNING.covered = 0.5  # type: ignore[misc]
    texts = load(FIXTURES)
    assert RulesIndex(texts).ask("dungeon", limit=1).covered
    assert not RulesIndex(texts, replace(TUNING, covered=1.01)).ask("dungeon", limit=1).covered
