"""Full-text search over the rule texts: in-memory SQLite FTS5 tables ranked with bm25.

The index is derived data: it is built in memory from the TOML texts on first use and cached
for the process (``get_index``), so it follows the texts and is never migrated.

A player's query is plain words, never FTS5 syntax. It is tokenised here; stopwords go, and
each word is matched both exactly and as a prefix ("excal" finds Excalibur, while a whole
word outranks the longer words it begins). Words are OR-ed so the section matching most of
them ranks first, and each pair of neighbouring words is added as a phrase so "crystal ball"
outranks a crystal here and a ball there; FTS5's ``porter`` tokenizer stems both sides
("blocked" finds "block").

Titles and tags sit in their own table (``head``), apart from the body text, because FTS5's
bm25 normalises by the length of the whole row: in one table a long section would lose to a
short one even when its title is the question. The scores of the tables are summed, titles
weighing most, then tags, then text, then the original.

Chinese is written without spaces, and ``unicode61`` would keep a whole run of CJK characters
as one token. So each CJK character is made a token of its own before it is indexed (a zero
width space, a separator to ``unicode61``, goes between neighbours) and a CJK query becomes
the phrases of its neighbouring characters: 地牢 is the phrase "地 牢", which finds 黑暗地牢.
Bigrams, not FTS5's ``trigram`` tokenizer: most Chinese words are two characters, and a
trigram index cannot match a query shorter than three. The ``original`` table holds the seed
lines each source section translates, so a question in Chinese finds the paragraph it is
about; the texts also give the original beside the English ("Dark Dungeon (黑暗地牢)"), and
those pairs form a glossary through which a CJK query also searches its English words. A
section's CJK is searched once: in its original where it has one, else in its glosses (rulings,
the quick reference); not passage by passage, as a passage's glosses are the glossary's English.

Of a question's word pairs, CJK characters and CJK pairs, only those a game's texts hold
(for the asks: its asks) are searched, and ^"word" only for the words its titles and tags
begin with: the others would match nothing and cost a term each.

Each section's asks (questions players ask that it answers) and each game's unanswered
questions share the ``asks`` table, where a CJK run is its characters and pairs as tokens of
their own; a section's best ask adds to its score, and a question at least as near an
unanswered question as any ask is not covered.

Snippets are FTS5's own ``snippet()``, computed in the query that ranks the rows.
A search must answer in under 2 ms (p99; ``tests/benchmarks/bench_rules.py`` measures it).
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources.abc import Traversable
from itertools import pairwise
from pathlib import Path

from companion.text import markup
from rulesdb.coverage import Coverage, word_key, word_keys
from rulesdb.glossary import covered_length, english_for, glossary
from rulesdb.lemmas import lemmas, load_lemmas
from rulesdb.passages import passages, sentences
from rulesdb.query import (
    CJK,
    MAX_WORDS,
    QUERY_CHARACTERS,
    STOPWORDS,
    Query,
    bigrams,
    expand,
    expand_cjk,
    load_converter,
    normalise,
    parse_query,
    recall,
    synonym_keys,
    traditional,
)
from rulesdb.spelling import Speller, english_words, load_english, specificity
from rulesdb.texts import MOST_ASKS, GameTexts, Section, Texts, load

WEIGHTS = {"title": 5.0, "tags": 4.0, "text": 1.0, "original": 1.0}
SNIPPET_TOKENS = 16
ORIGINAL_SNIPPET_TOKENS = 40
RICH_MARK = ("[b]", "[/b]")
RULING_REACH = 0.5
# A ruling that settles many paragraphs is a summary of them (tkc's attack types: ten): for each
# paragraph beyond two it needs this much more of the paragraph's score to come first.
RULING_BREADTH = 0.02
RULING_FOCUS = 0.75  # of the key words the paragraph holds, the share its ruling must hold to come first
SENTENCE_WEIGHT = 0.6  # a sentence's score beside its passage's
ASK_TERMS = 3
ASK_WEIGHT = 2.0  # a section's best-matching ask (a player's question it answers) counts this much
PASSAGE_WEIGHT = 0.4  # a section's best passage counts this much beside the whole section's text
NUMBER_BOOST = 1.25  # a number question: a passage that states a number scores this much more
ASK_CANDIDATES = 5  # the best sections whose asks the coverage check reads too
COMMON_IN_TEXTS = 0.05  # the share of the sections' originals a CJK character may be in and be searched alone
COMMON_IN_ASKS = 0.05  # the share of asks a word or CJK character may be in and still be looked for there
ASKS = MOST_ASKS  # the rows of a slot: a section's asks, or a game's unanswered questions
GAP = -1  # the slot of a game's questions that no section answers
GAP_MARGIN = 1.0  # a question nearer an unanswered one than any ask, by this much, is not covered
# A question far nearer an ask than any unanswered question (by this much) is covered, even with
# key words no passage holds: a typo that is a word ("duel" for dual) or table slang ("slap down").
ASKED_MARGIN = 2.5
CANDIDATES = 20  # the best sections whose passages the coverage check reads
FOCUS_KEYS = 2  # a question of this many key words or more has a focus: its rarest one
FOCUS_SHARE = 0.6  # the focus weighs this share of the key words or more
COVERED = 0.2  # the share of a question's key words (by weight) a passage must hold to answer it
NO_RULE = "No rule covers this."
# Between two CJK characters, and between a CJK character and a digit or a Latin letter
# (Easy模式 is "easy 模 式", 6點 is "6 點").
_CJK_PAIR = re.compile(rf"(?<=[{CJK}])(?=[{CJK}0-9A-Za-z])|(?<=[0-9A-Za-z])(?=[{CJK}])")
_DIGIT = re.compile(r"[0-9]")
_CJK_RUN = re.compile(f"[{CJK}]+")
_CJK_CHAR = re.compile(f"[{CJK}]")
_NOT_WORD = re.compile(r"[\W_]+")
QUOTE = 6  # CJK characters (at least) of a seed line typed as they are: its section comes first
_WORDS = re.compile(rf"(?:(?![{CJK}])[^\W_])+")
_SPLIT = "\u200b"  # between CJK characters in the index: a separator to unicode61
_OPEN, _CLOSE = "\x02", "\x03"
_MARKS = re.compile(f"([{_OPEN}{_CLOSE}])")
_MARKDOWN = re.compile(r"[*`#]+")
_TOKENIZER = "porter unicode61 remove_diacritics 2"
# Prefix indexes (lengths in characters) answer a "word"* phrase from one list instead of
# merging the lists of every longer term.
_PREFIXES = ", prefix = '1 2 3 4 5 6 7 8 9 10 11 12'"
_TABLES = (
    ("head", "title, tags", _PREFIXES),
    ("body", "text", _PREFIXES),
    ("section", "text", _PREFIXES),
    ("original", "text", ""),
    ("asks", "text", ""),  # searched for whole words only
)


# ?1 the expression, ?2 and ?3 the game's first and last rowid.
_SEARCHES = {
    table: f"SELECT rowid, bm25({table}, {weights}) FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3"
    for table, weights in (
        ("head", f"{WEIGHTS['title']}, {WEIGHTS['tags']}"),
        ("body", f"{WEIGHTS['text']}"),
        ("original", f"{WEIGHTS['original']}"),
    )
}
_SEARCHES["section"] = _SEARCHES["body"].replace("body", "section")
# The asks: each section's best-matching ask (rows grouped by section), or with no grouping
# the best of all (the questions no section answers).
_BEST_ASKS = (
    f"WITH matched AS MATERIALIZED (SELECT rowid / {ASKS} AS slot, -bm25(asks) AS score FROM asks "
    "WHERE asks MATCH ?1 AND rowid BETWEEN ?2 AND ?3) SELECT slot, max(score) FROM matched GROUP BY slot"
)
_SEARCHES["cjk"] = _SEARCHES["section"]  # the glosses: the CJK words of the English texts
# The snippets of the rows shown (?4, a JSON list), in one pass over the rows that match:
# the unary + keeps the list from becoming one FTS5 query per row.
_SNIPPETS = {
    table: f"SELECT rowid, snippet({table}, 0, '{_OPEN}', '{_CLOSE}', '…', {tokens}) "
    f"FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3 "
    "AND +rowid IN (SELECT value FROM json_each(?4))"
    for table, tokens in (("body", SNIPPET_TOKENS), ("original", ORIGINAL_SNIPPET_TOKENS))
}


class UnknownGameError(ValueError):
    """A game id that has no rule texts."""


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float
    snippet: str
    plain_snippet: str
    passage: str = ""  # the paragraph or list item that answers, as written in the section


@dataclass(frozen=True)
class Answer:
    """A search's answer: the hits, and whether any of them answers the question.

    When none holds the question's key words, `covered` is False, `reason` says so, and the
    hits are only the closest passages, to be shown as such, never as answers.
    """

    hits: tuple[Hit, ...]
    covered: bool
    reason: str = ""


def split_cjk(text: str) -> str:
    """The text as indexed: normalised, each CJK character a token of its own, digits apart."""
    return _CJK_PAIR.sub(_SPLIT, normalise(text))


def _cjk_pairs(text: str) -> frozenset[str]:
    """The neighbouring pairs (or the lone character) of each CJK run of a normalised text."""
    return frozenset(pair for run in _CJK_RUN.findall(text) for pair in bigrams(run))


def cjk_terms(text: str) -> str:
    """An ask as indexed: its words, and each CJK run as its characters and neighbouring pairs,
    each a token of its own (one term a pair, so a pair is read from one list, not a phrase)."""
    return _CJK_RUN.sub(lambda run: f" {' '.join(cjk_tokens(run[0]))} ", normalise(text))


def cjk_tokens(run: str) -> list[str]:
    """A CJK run's characters and neighbouring pairs."""
    return [*run, *(bigrams(run) if len(run) > 1 else ())]


def _mark(raw: str, mark: tuple[str, str] | None) -> str:
    if mark is None:
        return raw.replace(_OPEN, "").replace(_CLOSE, "")
    if "[" not in raw and "\\" not in raw:  # nothing to escape
        return raw.replace(_OPEN, mark[0]).replace(_CLOSE, mark[1])
    pieces = _MARKS.split(raw)
    tokens = {_OPEN: mark[0], _CLOSE: mark[1]}
    # Each piece escaped for Textual's content markup, which the rules screen shows: every `[`
    # (a lone one at a piece's end would join the mark after it, `[[b]`, and break the markup).
    return "".join(tokens.get(piece) or markup(piece) for piece in pieces)


def _tidy(raw: str) -> str:
    """A snippet for one line: no Markdown marks, no index separators, single spaces."""
    return " ".join(_MARKDOWN.sub("", raw.replace(_SPLIT, "")).split())


class RulesIndex:
    def __init__(self, texts: Texts) -> None:
        self._games = texts.games
        # A game's sections side by side (in their order), so that its rows are one rowid range.
        order = {game: n for n, game in enumerate(dict.fromkeys(section.game for section in texts.sections))}
        self._sections = tuple(sorted(texts.sections, key=lambda section: order[section.game]))
        self._by_id = {section.id: section for section in texts.sections}
        self._glossary = glossary(texts.sections)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        try:
            for table, columns, prefixes in _TABLES:
                self._db.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5({columns}, tokenize = '{_TOKENIZER}'{prefixes})"
                )
        except sqlite3.OperationalError as error:
            raise RuntimeError(f"this Python's SQLite has no FTS5 support: {error}") from error
        rows = list(enumerate(self._sections))
        self._has_original = [bool(section.original) for section in self._sections]
        self._db.executemany(
            "INSERT INTO head (rowid, title, tags) VALUES (?, ?, ?)",
            [(i, split_cjk(s.title), " ".join(s.phases + s.topics)) for i, s in rows],
        )
        # The passages, in section order: passage p is part of section _owner[p].
        self._passages: list[str] = []
        self._owner: list[int] = []
        self._weight: list[float] = []  # a row's weight: a sentence of a passage weighs less
        self._parent: list[int] = []  # a row's passage: itself, or the passage a sentence is of
        self._first_passage: list[int] = []
        for i, section in rows:
            self._first_passage.append(len(self._passages))
            for passage in passages(section.text):
                parts = sentences(passage)
                self._parent += [len(self._passages)] * (1 + len(parts))
                self._passages += [passage, *parts]
                self._owner += [i] * (1 + len(parts))
                self._weight += [1.0] + [SENTENCE_WEIGHT] * len(parts)
        self._numbered = [bool(_DIGIT.search(passage)) for passage in self._passages]
        self._db.executemany(
            "INSERT INTO body (rowid, text) VALUES (?, ?)", [(p, split_cjk(t)) for p, t in enumerate(self._passages)]
        )
        self._db.executemany(
            "INSERT INTO section (rowid, text) VALUES (?, ?)", [(i, split_cjk(s.text)) for i, s in rows]
        )
        self._db.executemany(
            "INSERT INTO original (rowid, text) VALUES (?, ?)",
            [(i, split_cjk(s.original)) for i, s in rows if s.original],
        )
        # The asks: the questions players ask that a section answers, and after each game's
        # sections, the questions no section of it answers (scored alike in the same table).
        # Ask k of slot n is row n * ASKS + k, so that SQLite groups them by slot; a slot is a
        # section's rowid, or GAP for a game's unanswered questions.
        self._slots: list[int] = []
        asks: list[tuple[int, str]] = []
        unanswered = {info.game: info.unanswered for info in self._games}
        for i, section in rows:
            asks += [(len(self._slots) * ASKS + k, ask) for k, ask in enumerate(section.asks[:ASKS])]
            self._slots.append(i)
            if i + 1 == len(rows) or rows[i + 1][1].game != section.game:
                asks += [
                    (len(self._slots) * ASKS + k, ask) for k, ask in enumerate(unanswered.get(section.game, ())[:ASKS])
                ]
                self._slots.append(GAP)
        asks = [(rowid, cjk_terms(ask)) for rowid, ask in asks]
        self._db.executemany("INSERT INTO asks (rowid, text) VALUES (?, ?)", asks)
        # The words and CJK characters in more than COMMON_IN_ASKS of the asks ("card", "turn";
        # "的" and "能") say little of which ask a question is, and cost most: a question's
        # common words are not looked for in the asks (its common CJK characters, in pairs only).
        # Counted as typed, not stemmed, since a question's words are compared as typed.
        self._db.execute(
            "CREATE VIRTUAL TABLE temp.ask_words USING fts5(text, content = '', tokenize = 'unicode61 remove_diacritics 2')"
        )
        self._db.execute("CREATE VIRTUAL TABLE temp.ask_terms USING fts5vocab(temp, ask_words, row)")
        self._db.executemany("INSERT INTO temp.ask_words (rowid, text) VALUES (?, ?)", asks)
        self._common_in_asks = frozenset(
            term
            for term, df in self._db.execute("SELECT term, doc FROM temp.ask_terms")
            if df > COMMON_IN_ASKS * max(1, len(asks)) and (term.isascii() or len(term) == 1)
        )
        self._db.execute("DROP TABLE temp.ask_terms")
        self._db.execute("DROP TABLE temp.ask_words")
        self._db.execute("CREATE VIRTUAL TABLE temp.original_terms USING fts5vocab(main, original, row)")
        self._common_in_texts = frozenset(
            term
            for term, df in self._db.execute("SELECT term, doc FROM temp.original_terms")
            if len(term) == 1 and _CJK_RUN.match(term) and df > COMMON_IN_TEXTS * len(rows)
        )
        self._db.execute("DROP TABLE temp.original_terms")
        for table, _, _ in _TABLES:  # one b-tree a table, not the segments of the inserts: faster reads
            self._db.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
        self._speller = Speller(self._vocabulary(rows), english_words)
        self._synonyms = texts.synonyms
        # What a question's words and CJK pieces stand for does not change: each is read once.
        self._alone: dict[tuple[str | None, str], tuple[str, ...]] = {}  # (game, word) -> its alternatives
        self._glossed: dict[str, tuple[tuple[str, ...], int]] = {}  # CJK piece -> _gloss
        self._cjk_synonyms: dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]] = {}  # -> expand_cjk
        self._all_synonyms = {k: v for table in texts.synonyms.values() for k, v in table.items()}
        # Each game's first and last rowid, so that a game's search reads only its rows.
        self._rowids: dict[str | None, tuple[int, int]] = {None: (0, len(rows) - 1)}
        for i, section in rows:
            first, last = self._rowids.get(section.game, (i, i))
            self._rowids[section.game] = (min(first, i), max(last, i))
        self._passage_ids = {
            game: (self._first_passage[first], self._last_passage(last)) for game, (first, last) in self._rowids.items()
        }
        # Each section's asks as the coverage check reads them (its words and CJK pairs).
        self._ask_keys: list[list[frozenset[str]]] = [[self._text_keys(ask) for ask in s.asks] for _, s in rows]
        slot_of = {section: slot for slot, section in enumerate(self._slots) if section != GAP}
        # A game's asks run from its first section's slot to its unanswered questions' slot.
        self._ask_ids = {
            game: (slot_of[first] * ASKS, (slot_of[last] + 2) * ASKS - 1)
            for game, (first, last) in self._rowids.items()
        }
        self._coverage = {
            game: Coverage([self._keys(p) for p in range(first, last + 1)], first, specificity)
            for game, (first, last) in self._passage_ids.items()
        }
        rowid_of = {section.id: i for i, section in rows}
        self._settles = {
            i: settled
            for i, section in rows
            if section.kind == "ruling"
            and (settled := [rowid_of[s] for s in section.see if self._by_id[s].kind == "source"])
        }
        self._first_lines = [section.first_line for section in self._sections]
        # Each original as one run of word characters: a line of the seed typed or pasted finds it.
        self._verbatim = [_NOT_WORD.sub("", normalise(section.original)) for section in self._sections]
        # Each two words that stand side by side somewhere in a game's texts, and in its asks (by
        # word_key): a pair of the question's words that never do is no phrase worth searching.
        self._side_by_side: dict[str | None, frozenset[tuple[str, str]]] = {}
        self._asked_side_by_side: dict[str | None, frozenset[tuple[str, str]]] = {}
        # The words a game's titles and tags begin with (by word_key): ^"word" for no other.
        self._starts: dict[str | None, frozenset[str]] = {}
        # The CJK characters and pairs a game's texts (and originals) hold, and its asks: only
        # those of a question are searched, as no other matches.
        self._cjk_held: dict[str | None, frozenset[str]] = {}
        self._cjk_asked: dict[str | None, frozenset[str]] = {}
        for game in dict.fromkeys([*(info.game for info in self._games), *(g for g in self._rowids if g is not None)]):
            sections = [section for section in self._sections if section.game == game]
            game_asks = [ask for s in sections for ask in s.asks[:ASKS]] + list(unanswered.get(game, ())[:ASKS])
            self._side_by_side[game] = _word_pairs(
                text for s in sections for text in (s.title, " ".join(s.phases + s.topics), s.text)
            )
            self._starts[game] = frozenset(
                word_key(words[0])
                for s in sections
                for words in (_WORDS.findall(normalise(s.title)), _WORDS.findall(" ".join(s.phases + s.topics)))
                if words
            )
            self._cjk_held[game] = _cjk_held(text for s in sections for text in (s.text, s.original))
            self._cjk_asked[game] = _cjk_held(game_asks)
            self._asked_side_by_side[game] = _word_pairs(game_asks)
        for held in (self._side_by_side, self._starts, self._cjk_held, self._cjk_asked, self._asked_side_by_side):
            held[None] = frozenset().union(*held.values())  # every game's
        # Start-up pays for OpenCC and the English word list (about 0.1 s together), not the
        # first question in Chinese or with a word the texts lack.
        load_converter()
        load_english()
        load_lemmas()

    @staticmethod
    def _together(
        pairs: frozenset[tuple[str, str]], kin: frozenset[frozenset[str]] = frozenset()
    ) -> Callable[[str, str], bool]:
        """Whether two words (or phrases: their last and first word) are a pair of these, and
        not a word beside its own synonym (``kin``: "lose loss" is one word, not two)."""
        return lambda first, second: (
            (word_key(first.split()[-1]), word_key(second.split()[0])) in pairs
            and frozenset((first, second)) not in kin
        )

    def _last_passage(self, section: int) -> int:
        following = section + 1
        return self._first_passage[following] - 1 if following < len(self._first_passage) else len(self._passages) - 1

    @staticmethod
    def _text_keys(text: str) -> frozenset[str]:
        """A text's word keys and CJK pairs, as the coverage check compares them."""
        text = normalise(text)
        return frozenset(word_keys(text)) | _cjk_pairs(text)

    def _keys(self, passage: int) -> frozenset[str]:
        """What a passage holds, for the coverage check: its words and its section's title and
        topics (as word keys), and the CJK pairs of the passage and of its section's original."""
        section = self._sections[self._owner[passage]]
        held = self._text_keys(f"{self._passages[passage]}\n{section.title}\n{' '.join(section.topics)}")
        return held | _cjk_pairs(normalise(section.original))

    def _vocabulary(self, rows: list[tuple[int, Section]]) -> dict[str, int]:
        """The words of the texts (not stemmed) and how many sections each is in."""
        self._db.execute(
            "CREATE VIRTUAL TABLE temp.words USING fts5(text, content = '', tokenize = 'unicode61 remove_diacritics 2')"
        )
        self._db.execute("CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(temp, words, row)")
        self._db.executemany(
            "INSERT INTO temp.words (rowid, text) VALUES (?, ?)",
            [(i, f"{s.title}\n{' '.join(s.topics)}\n{s.text}") for i, s in rows],
        )
        counts = dict(self._db.execute("SELECT term, doc FROM temp.vocabulary"))
        self._db.execute("DROP TABLE temp.vocabulary")
        self._db.execute("DROP TABLE temp.words")
        return {t: n for t, n in counts.items() if t.isascii() and t not in STOPWORDS}

    @classmethod
    def load(cls, texts_dir: Path | Traversable | None = None) -> RulesIndex:
        return cls(load(texts_dir))

    def games(self) -> tuple[GameTexts, ...]:
        return self._games

    def section(self, section_id: str) -> Section | None:
        return self._by_id.get(section_id)

    def toc(self, game: str | None = None) -> list[Section]:
        self._check_game(game)
        return [section for section in self._sections if game in (None, section.game)]

    def words(self, game: str | None = None) -> tuple[str, ...]:
        """The words of a game's titles and topics (every game's for None), the most used
        first: what a search box may complete a word to."""
        self._check_game(game)
        counts: dict[str, int] = {}
        for section in self.toc(game):
            for word in _WORDS.findall(f"{section.title} {' '.join(section.topics)}".lower()):
                if len(word) > 2 and word.isalpha() and word not in STOPWORDS:
                    counts[word] = counts.get(word, 0) + 1
        return tuple(sorted(counts, key=lambda word: -counts[word]))

    def for_phase(self, game: str, phase: str) -> list[Section]:
        sections = self.toc(game)
        return [s for s in sections if phase in s.phases] + [s for s in sections if phase not in s.phases]

    def search(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        mark: tuple[str, str] | None = RICH_MARK,
    ) -> list[Hit]:
        """The sections that match best, each with the passage that matches best."""
        return list(self.ask(query, game, limit, mark).hits)

    def ask(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        mark: tuple[str, str] | None = RICH_MARK,
    ) -> Answer:
        """The search, and whether it answers: `covered` is False when no passage holds the
        question's key words (then the hits are the closest passages, not answers)."""
        self._check_game(game)
        if limit <= 0:
            return Answer((), True)
        if not query.strip():
            return Answer(tuple(line_hit(section, mark) for section in self.toc(game)[:limit]), True)
        query = traditional(query[:QUERY_CHARACTERS])
        asked = self._without_slips(parse_query(query, converted=True), game)
        parsed = self._understood(asked, game)
        alternatives = self._group_alternatives(asked, game)
        kin = frozenset(frozenset((word, other)) for word, others in alternatives.items() for other in others)
        # The glossary's English for a question typed in CJK weighs as much of it as its
        # terms cover: in a sentence, the original and the glosses decide.
        glossed = [self._gloss(run) for run in parsed.cjk_runs]
        total = sum(len(run) for run in parsed.cjk_runs)
        english_weight = 1.0 if parsed.words or not total else sum(length for _, length in glossed) / total
        # A title that begins with a word typed is about it: ^"word" matches there only.
        starts = " OR ".join(f'^"{word}"' for word in parsed.words if word_key(word) in self._starts[game])
        english = [w for words, _ in glossed for w in words]
        understood = parsed
        parsed = replace(parsed, words=tuple(dict.fromkeys(parsed.words + tuple(english))))
        together = self._together(self._side_by_side[game], kin)
        words, grams = (
            parsed.words_expression(together),
            parsed.cjk_expression(self._common_in_texts, self._cjk_held[game]),
        )
        head = " OR ".join(filter(None, (words, starts)))
        expressions = {
            "head": head,
            "section": words,
            "body": words,
            "cjk": grams,
            "original": grams,
            "asks": self._asks_expression(understood, game, kin),
        }
        weights = {
            "head": english_weight,
            "section": english_weight,
            "body": english_weight * PASSAGE_WEIGHT,
            "cjk": 1.0,
            "original": 1.0,
        }
        sections: dict[int, float] = {}  # section rowid -> its title, tags and original's score
        originals: dict[int, float] = {}  # the part of those from the original
        asked_best: dict[int, float] = {}  # section rowid -> its best-matching ask's score
        gap = 0.0  # the best-matching question no section answers: its score
        found: dict[int, float] = {}  # passage rowid -> its text's score
        first, last = self._rowids.get(game, (0, -1))
        first_passage, last_passage = self._passage_ids.get(game, (0, -1))
        with self._lock:
            for table, expression in expressions.items():
                if not expression:
                    continue
                if table == "asks":
                    for slot, score in self._db.execute(_BEST_ASKS, (expression, *self._ask_ids.get(game, (0, -1)))):
                        if self._slots[slot] == GAP:
                            gap = max(gap, score)
                        else:
                            asked_best[self._slots[slot]] = score
                    continue
                bounds = (first_passage, last_passage) if table == "body" else (first, last)
                weight = weights[table]
                rows: Iterable[tuple[int, float]] = self._db.execute(_SEARCHES[table], (expression, *bounds))
                if table == "body":  # a passage is found once
                    found = {rowid: -rank * weight * self._weight[rowid] for rowid, rank in rows}
                    continue
                if table == "cjk":  # a section with an original: its original speaks for it
                    rows = [(rowid, rank) for rowid, rank in rows if not self._has_original[rowid]]
                for rowid, rank in rows:
                    sections[rowid] = sections.get(rowid, 0.0) - rank * weight
                    if table == "original":
                        originals[rowid] = -rank * weight
            # A question of a word or two is any ask that holds them: the asks weigh in fully from
            # ASK_TERMS words (a CJK character counting half a word).
            terms = len(asked.words) + sum(len(run) for run in asked.cjk_runs) / 2
            ask_weight = ASK_WEIGHT * min(1.0, terms / ASK_TERMS)
            for owner, score in asked_best.items():
                sections[owner] = sections.get(owner, 0.0) + score * ask_weight
            self._raise_quoted(query, sections, first, last)
            best = self._best_passages(found, sections, parsed.number)
            keys = self._coverage[game].groups(asked, parsed, alternatives)
            # A ruling has no original: it is held to the question's English key words only.
            english_keys = self._coverage[game].groups(asked, replace(parsed, cjk_runs=()), alternatives)
            self._raise_rulings(best, originals, lambda p: self._coverage[game].held(english_keys, p))
            ranked = sorted((-score, passage) for score, passage in best.values())
            ranked, focused = self._by_focus(ranked, keys, game)
            candidates = [passage for _, passage in ranked[:CANDIDATES]]
            asks = (
                k for s in dict.fromkeys(self._owner[p] for p in candidates[:ASK_CANDIDATES]) for k in self._ask_keys[s]
            )
            answered = not keys or (focused and self._coverage[game].covers(keys, candidates, COVERED, asks))
            best_ask = max(asked_best.values(), default=0.0)
            if not answered and best_ask > ASKED_MARGIN * gap:
                answered = True
            if gap and gap > GAP_MARGIN * best_ask:
                answered = False
            shown = ranked[:limit]
            snippets = self._snippets(
                [passage for _, passage in shown], parsed.marks_expression(together, self._cjk_held[game]), expressions
            )
        hits = []
        for negative, passage in shown:
            section = self._owner[passage]
            raw = _tidy(snippets.get(passage) or self._passages[passage])
            hits.append(
                Hit(self._sections[section], -negative, _mark(raw, mark), _mark(raw, None), self._passages[passage])
            )
        return Answer(tuple(hits), answered, "" if answered else NO_RULE)

    def _by_focus(
        self, ranked: list[tuple[float, int]], keys: list[tuple[float, tuple[frozenset[str], ...]]], game: str | None
    ) -> tuple[list[tuple[float, int]], bool]:
        """The candidates that hold the question's focus (its rarest key word) first, in their
        order, and whether any does: a question whose focus no candidate holds is not covered."""
        if len(keys) < FOCUS_KEYS:
            return ranked, True
        focus = max(keys, key=lambda group: group[0])
        if focus[0] < FOCUS_SHARE * sum(weight for weight, _ in keys):
            return ranked, True
        coverage = self._coverage[game]
        top = ranked[:CANDIDATES]
        holding = [(score, p) for score, p in top if coverage.holds(focus, p, self._ask_keys[self._owner[p]])]
        if not holding:
            return ranked, False
        return ranked, True

    def _best_passages(
        self, found: dict[int, float], sections: dict[int, float], number: bool
    ) -> dict[int, tuple[float, int]]:
        """Each matching section's best passage and its score: the passage's own score plus
        its section's title, tags and original (a section found only by those shows its first
        passage). A number question favours the passages that state a number."""
        best: dict[int, tuple[float, int]] = {}
        owner, numbered = self._owner, self._numbered
        for passage, score in found.items():
            section = owner[passage]
            total = score + sections.get(section, 0.0)
            if number and numbered[passage]:
                total *= NUMBER_BOOST
            if total > best.get(section, (0.0, 0))[0]:
                best[section] = (total, passage)
        for section, score in sections.items():
            if section not in best:
                best[section] = (score, self._first_passage[section])
        # A passage is shown by its best sentence found, when one of its sentences was.
        shown: dict[int, tuple[float, int]] = {}
        for row, score in found.items():
            parent = self._parent[row]
            if row != parent and score > shown.get(parent, (0.0, 0))[0]:
                shown[parent] = (score, row)
        for section, (total, row) in best.items():
            if row in shown:
                best[section] = (total, shown[row][1])
        return best

    def _synonyms_of(self, game: str | None) -> dict[str, tuple[str, ...]]:
        """The game's synonym table (every game's, for a search of all games)."""
        return self._all_synonyms if game is None else self._synonyms.get(game, {})

    def _group_alternatives(self, asked: Query, game: str | None) -> dict[str, tuple[str, ...]]:
        """For each word the player typed, the words that stand for it in the texts."""
        synonyms = self._synonyms_of(game)
        alternatives: dict[str, tuple[str, ...]] = {}
        typed = set(asked.words)
        pairs: dict[str, tuple[str, ...]] = {}
        for first, second, words in synonym_keys(synonyms)[0]:
            if first in typed and second in typed:
                pairs[first] = pairs[second] = words
        for word in asked.words:
            alone = recall(self._alone, (game, word), self._alternatives, word, synonyms)
            alternatives[word] = tuple(dict.fromkeys((*alone, *pairs.get(word, ()))))
        return alternatives

    def _alternatives(self, word: str, synonyms: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
        """A word's own synonyms in the texts and its spelling correction."""
        found, _ = expand((word, *lemmas(word)), synonyms)
        corrected = self._speller.correct(word)
        return (*found, *((corrected,) if corrected else ()))

    def _snippets(self, passages: list[int], body: str, expressions: dict[str, str]) -> dict[int, str]:
        """FTS5's snippet of each passage (``body`` marks its words), or of its section's
        original where it has no hit."""
        snippets: dict[int, str] = {}
        if passages and body:
            snippets.update(self._snippet_rows("body", body, passages))
        wanted = {self._owner[p]: p for p in passages if p not in snippets}
        if wanted and expressions["original"]:
            for section, snippet in self._snippet_rows("original", expressions["original"], list(wanted)):
                snippets[wanted[section]] = snippet
        return snippets

    def _snippet_rows(self, table: str, expression: str, rowids: list[int]) -> list[tuple[int, str]]:
        rows = self._db.execute(_SNIPPETS[table], (expression, min(rowids), max(rowids), json.dumps(rowids)))
        return [(rowid, snippet) for rowid, snippet in rows if _OPEN in snippet]

    def _understood(self, parsed: Query, game: str | None) -> Query:
        """The query with the game's synonyms added and unknown words spelt as the texts do."""
        synonyms = self._synonyms_of(game)
        words, found = expand(tuple(dict.fromkeys(w for word in parsed.words for w in (word, *lemmas(word)))), synonyms)
        corrected = [part for word in words for part in ((word,) if word in found else self._speller.spell(word))]
        runs = recall(self._cjk_synonyms, (game, parsed.cjk_runs), expand_cjk, parsed.cjk_runs, synonyms)
        # A Chinese word's synonyms in English ("背刺" is "backstab") are words, not CJK runs.
        english = [word for run in runs if run.isascii() for word in run.split()]
        cjk = tuple(run for run in runs if not run.isascii())
        return replace(parsed, words=tuple(dict.fromkeys(corrected + english))[:MAX_WORDS], cjk_runs=cjk)

    def _without_slips(self, asked: Query, game: str | None) -> Query:
        """The question less its mistyped stop words ("teh", "waht"), unless a synonym table
        knows the word or they are all it has."""
        synonyms = self._synonyms_of(game)
        words = tuple(word for word in asked.words if word in synonyms or not self._speller.slip(word))
        return replace(asked, words=words) if len(words) < len(asked.words) and (words or asked.cjk_runs) else asked

    def _asks_expression(
        self, understood: Query, game: str | None, kin: frozenset[frozenset[str]] = frozenset()
    ) -> str:
        """The question as the asks are searched: its words as whole words, less those common
        in the asks unless all are, and its CJK pieces' pairs and less common characters (those
        the game's asks hold). Not the glossary's English of its CJK: the Chinese asks speak for it."""
        words = tuple(word for word in understood.words if word not in self._common_in_asks) or understood.words
        held = self._cjk_asked[game]
        cjk = dict.fromkeys(t for run in understood.cjk_runs for t in cjk_tokens(run) if t in held)
        together = self._together(self._asked_side_by_side[game], kin)
        return " OR ".join(
            filter(
                None,
                (
                    Query(words, ()).words_expression(together, prefixes=False),
                    " OR ".join(f'"{t}"' for t in cjk if len(t) > 1 or t not in self._common_in_asks),
                ),
            )
        )

    def _gloss(self, run: str) -> tuple[tuple[str, ...], int]:
        """A CJK piece's English words in the glossary, and how many of its characters the
        glossary's terms cover."""
        return recall(
            self._glossed, run, lambda: (english_for(run, self._glossary), covered_length(run, self._glossary))
        )

    def _raise_quoted(self, query: str, sections: dict[int, float], first: int, last: int) -> None:
        """A question that quotes a seed line (QUOTE CJK characters or more, punctuation aside;
        in Traditional Chinese) puts the sections whose original holds it above every other."""
        quoted = _NOT_WORD.sub("", normalise(query))
        if len(_CJK_CHAR.findall(quoted)) < QUOTE:
            return
        top = max(sections.values(), default=0.0)
        for rowid in range(first, last + 1):
            if quoted in self._verbatim[rowid]:
                sections[rowid] = sections.get(rowid, 0.0) + top

    def _raise_rulings(
        self, best: dict[int, tuple[float, int]], originals: dict[int, float], held: Callable[[int], float]
    ) -> None:
        """A ruling that answers the question ranks just above the paragraph it settles.

        It answers a paragraph it settles (a source in its ``see``) that scores more when it
        scores at least RULING_REACH of that paragraph's score (more for a ruling that settles
        many: RULING_BREADTH), leaving out what the paragraph owes to its original (a ruling
        has none), and when its passage holds as much of the question's key words as the
        paragraph's (``held``): a ruling that does not answer the focus stays where it scores. It is raised above the best paragraph it answers; of several rulings of one
        paragraph, the best is raised.
        """
        raised: dict[int, tuple[float, int]] = {}  # paragraph -> the ruling's score, ruling
        for rowid in self._settles.keys() & best.keys():
            score = best[rowid][0]
            settled = self._settles[rowid]
            reach = RULING_REACH + RULING_BREADTH * max(0, len(settled) - 2)
            answered = [
                (best[s][0], s)
                for s in settled
                if s in best
                and score < best[s][0]
                and score >= reach * (best[s][0] - originals.get(s, 0.0))
                and held(best[rowid][1]) >= RULING_FOCUS * held(best[s][1])
            ]
            if answered:
                paragraph = max(answered)[1]
                if score > raised.get(paragraph, (0.0, 0))[0]:
                    raised[paragraph] = (score, rowid)
        for paragraph, (score, rowid) in raised.items():
            best[rowid] = (best[paragraph][0] + score * 1e-6, best[rowid][1])  # raised rulings keep their order

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in {info.game for info in self._games}:
            known = ", ".join(info.game for info in self._games) or "none"
            raise UnknownGameError(f"no rule texts for game {game!r} (known: {known})")


def _cjk_held(texts: Iterable[str]) -> frozenset[str]:
    """The CJK characters and neighbouring pairs of the texts."""
    return frozenset(token for text in texts for run in _CJK_RUN.findall(normalise(text)) for token in cjk_tokens(run))


def _word_pairs(texts: Iterable[str]) -> frozenset[tuple[str, str]]:
    """Each two words that stand side by side in the texts, by word_key."""
    return frozenset(pair for text in texts for pair in pairwise(word_key(w) for w in _WORDS.findall(normalise(text))))


def line_hit(section: Section, mark: tuple[str, str] | None = RICH_MARK) -> Hit:
    """A section as a hit that shows its first line, Markdown marks taken out."""
    line = _tidy(section.first_line)
    return Hit(section, 0.0, _mark(line, mark), line)


@cache
def get_index() -> RulesIndex:
    return RulesIndex(load())
