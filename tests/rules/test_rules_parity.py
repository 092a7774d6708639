"""The search's shortcuts give what they replace.

rulesdb.index makes snippets in Python, splitting, folding and stemming the texts as the FTS5
tokenizer does and picking and marking the window as snippet() does: these tests hold both
against SQLite itself. The glossary looks for its pairs only before a parenthesis: they hold
that against the plain regular expression.
"""

from __future__ import annotations

import re
import sqlite3
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import (
    _GLOSS,
    _WORDS_TOKENIZER,
    RICH_MARK,
    RulesIndex,
    _gloss_matches,
    _mark,
    _tidy,
    fts_terms,
    parse_query,
    porter,
)
from rulesdb.texts import load_all

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "texts"
QUESTIONS = REPO / "tests" / "rules_questions"
EXTRA_QUERIES = [
    "face",
    "excal",
    "attack dice knight",
    "what happens when shields are blocked",
    "levelling",
    "rolls",
    "the",
    "4",
    "holy knight",
    "rescue 地牢",
    "card draw turn",
    "crystal ball",
    "score pile",
    "star symbols",
]
STEMS = ["", "a", "y", "by", "tr", "hop", "fil", "fail", "happ", "rat", "conn", "gener"]
STEMS += ["relat", "valen", "digit", "radic", "troubl", "sens", "formal", "elect", "hope"]
STEMS += ["control", "roll", "adjust", "depend", "feed", "agre", "motor", "sing", "siz"]
STEMS += ["naïv", "Café", "ÉTÉ", "über", "日本", "黑暗地牢s", "ΑΘΗΝΑ"]
SUFFIXES = ["", "s", "es", "ies", "sses", "ed", "eed", "ing", "ational", "tional", "enci"]
SUFFIXES += ["anci", "izer", "logi", "bli", "alli", "entli", "eli", "ousli", "ization"]
SUFFIXES += ["ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti"]
SUFFIXES += ["biliti", "ical", "ness", "icate", "iciti", "ful", "ative", "alize", "al"]
SUFFIXES += ["ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent"]
SUFFIXES += ["sion", "tion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "e", "ll", "y"]
SUFFIXES += ["ly", "at", "bl", "iz", "bbed", "lled", "ssed", "zzed", "ying"]


def fts5_terms(texts: list[str]) -> list[tuple[str, ...]]:
    """What FTS5 itself indexes for each text, read back through fts5vocab."""
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize = '{_WORDS_TOKENIZER}')")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    db.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", enumerate(texts))
    found: dict[int, dict[int, str]] = {}
    for term, doc, offset in db.execute("SELECT term, doc, offset FROM v"):
        found.setdefault(doc, {})[offset] = term
    return [tuple(found.get(i, {})[k] for k in sorted(found.get(i, {}))) for i in range(len(texts))]


def asked() -> list[tuple[str | None, str]]:
    found: list[tuple[str | None, str]] = []
    for path in sorted(QUESTIONS.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(path.stem, q["ask"]) for q in data.get("q", [])]
    return found + [(None, query) for query in EXTRA_QUERIES]


def fts5_snippet(index: RulesIndex, rowid: int, query: str) -> str:
    """The snippet FTS5's snippet() makes of a section for a query, as search() shows it."""
    return _tidy(index._fts5_snippet(rowid, parse_query(query).words_expression()))


def assert_snippets_are_fts5s(index: RulesIndex, queries: list[tuple[str | None, str]]) -> int:
    """Each hit's snippet is FTS5's, or the first line where FTS5 has none; returns the count."""
    rowids = {section.id: rowid for rowid, section in enumerate(index.toc())}
    compared = 0
    for game, query in queries:
        if parse_query(query).cjk_runs:
            continue  # a CJK query shows the CJK term in context, not a snippet
        for hit in index.search(query, game=game, limit=10):
            expected = fts5_snippet(index, rowids[hit.section.id], query)
            expected = expected or _tidy(hit.section.first_line)
            assert hit.plain_snippet == _mark(expected, None), (query, hit.section.id)
            assert hit.snippet == _mark(expected, RICH_MARK), (query, hit.section.id)
            compared += 1
    return compared


def test_terms_are_the_ones_fts5_indexes() -> None:
    texts = [f"{s.title}\n{s.text}" for s in load_all(FIXTURES)]
    words = [stem + suffix for stem in STEMS for suffix in SUFFIXES]
    words += ["Ǖber-ÀÉÎÕÜ çà", "İstanbul", "a’b c'd e-f g_h", "x²", "½ ①", "ﬁne", "naı̈ve"]
    expected = fts5_terms(texts + words)
    assert [fts_terms(text) for text in texts + words] == expected


def test_terms_of_the_real_texts_are_the_ones_fts5_indexes(real_index: RulesIndex) -> None:
    texts = [f"{s.title}\n{s.text}" for s in real_index.toc()]
    texts += [ask for _, ask in asked()]
    assert [fts_terms(text) for text in texts] == fts5_terms(texts)


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("block", "block"),
        ("blocked", "block"),
        ("levelling", "level"),
        ("rolls", "roll"),
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("agreed", "agre"),
        ("hopping", "hop"),
        ("filing", "file"),
        ("happy", "happi"),
        ("relational", "relat"),
        ("effective", "effect"),
        ("controlling", "control"),
        ("at", "at"),
    ],
)
def test_porter_stems_as_fts5_does(word: str, stem: str) -> None:
    assert porter(word) == stem
    assert fts5_terms([word]) == [(stem,)]


def test_fixture_snippets_are_fts5s(fixture_index: RulesIndex) -> None:
    assert assert_snippets_are_fts5s(fixture_index, asked()) > 20


def test_real_snippets_are_fts5s(real_index: RulesIndex) -> None:
    queries = asked()
    # Typing a question: each prefix of each word is a query of its own.
    queries += [(game, ask[:cut]) for game, ask in queries[:40] for cut in range(2, len(ask), 4)]
    assert assert_snippets_are_fts5s(real_index, queries) > 1000


def test_characters_newer_than_sqlites_tables_still_get_fts5s_snippet(tmp_path: Path) -> None:
    # Armenian ֍ and the melting face are letters to some SQLite versions, not to Python.
    text = "Before the end. The clock֍face melts 🫠 slowly: draw a card. " * 4
    (tmp_path / "tkc.toml").write_text(
        'game = "tkc"\nname = "The King Commands"\nseed = "s"\n\n[[section]]\n'
        'id = "tkc.ruling.clock"\ntitle = "Ruling: the clock"\nkind = "ruling"\n'
        f'text = "{text}"\n',
        encoding="utf-8",
    )
    index = RulesIndex.load(tmp_path)
    for query in ("draw card", "slowly", "melts", "clock", "before"):
        assert assert_snippets_are_fts5s(index, [(None, query)]) == 1


PLAIN_GLOSS = re.compile(_GLOSS.pattern.removeprefix("(?<![A-Za-z])"))


def found(matches) -> list:
    return [(match.span(), match.groups()) for match in matches]


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["a", "Bc", "'", "’", "-", " ", "\n", "\u3000", "(", "（", "地", "牢", "1"]
        ),
        max_size=40,
    ).map("".join)
)
def test_glossary_finds_what_the_plain_pattern_finds(text: str) -> None:
    assert found(_gloss_matches(text)) == found(PLAIN_GLOSS.finditer(text))


def test_glossary_finds_what_the_plain_pattern_finds_in_the_texts(real_index: RulesIndex) -> None:
    for section in [*load_all(FIXTURES), *real_index.toc()]:
        assert found(_gloss_matches(section.text)) == found(PLAIN_GLOSS.finditer(section.text))
