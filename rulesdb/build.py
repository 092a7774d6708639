"""Building the rules index: in-memory SQLite FTS5 tables and what the search reads beside them.

Titles and tags sit in their own table (``head``), apart from the body text, because FTS5's
bm25 normalises by the length of the whole row: in one table a long section would lose to a
short one even when its title is the question. ``body`` holds the passages (paragraphs and list
items, ``rulesdb.passages``) and each of their sentences, so a short decisive note is a row of
its own; ``section`` the whole texts; ``original`` the seed lines a source section translates;
``asks`` each section's asks and each game's unanswered questions.

Chinese is written without spaces, and ``unicode61`` would keep a whole run of CJK characters
as one token. So each CJK character is made a token of its own before it is indexed (a zero
width space, a separator to ``unicode61``, goes between neighbours), and a CJK query becomes
the phrases of its neighbouring characters. Bigrams, not FTS5's ``trigram`` tokenizer: most
Chinese words are two characters, and a trigram index cannot match a query shorter than three.

A game's sections lie side by side, so its rows are one rowid range and a game's search reads
only its rows. The asks table numbers ask k of slot n as row n * ASKS + k, so SQLite groups
them by slot; a slot is a section's rowid, or GAP for a game's unanswered questions.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from itertools import pairwise

from rulesdb.askterms import AskTerms
from rulesdb.coverage import Coverage, word_key, word_keys
from rulesdb.gramterms import GramTerms
from rulesdb.passages import passages, sentences
from rulesdb.query import CJK, STOPWORDS, bigrams, normalise, plain_numbers
from rulesdb.settled import pairs
from rulesdb.spelling import specificity
from rulesdb.texts import MOST_ASKS, GameTexts, Section, Texts
from rulesdb.tuning import Tuning

ASKS = MOST_ASKS  # the rows of a slot: a section's asks, or a game's unanswered questions
GAP = -1  # the slot of a game's questions that no section answers
SPLIT = "\u200b"  # between CJK characters in the index: a separator to unicode61
# Between two CJK characters, and between a CJK character and a digit or a Latin letter
# (Easy模式 is "easy 模 式", 6點 is "6 點").
_CJK_PAIR = re.compile(rf"(?<=[{CJK}])(?=[{CJK}0-9A-Za-z])|(?<=[0-9A-Za-z])(?=[{CJK}])")
_NUMBER = re.compile(r"[0-9]+")
CJK_RUN = re.compile(f"[{CJK}]+")
NOT_WORD = re.compile(r"[\W_]+")
WORDS = re.compile(rf"(?:(?![{CJK}])[^\W_])+")
_TOKENIZER = "porter unicode61 remove_diacritics 2"
_PLAIN = "tokenize = 'unicode61 remove_diacritics 2'"
# Prefix indexes (lengths in characters) answer a "word"* phrase from one list instead of
# merging the lists of every longer term.
_PREFIXES = ", prefix = '1 2 3 4 5 6 7 8 9 10 11 12'"
TABLES = (
    ("head", "title, tags", _PREFIXES),
    ("body", "text", _PREFIXES),
    ("section", "text", _PREFIXES),
    ("original", "text", ""),
    ("asks", "text", ""),  # searched for whole words only
)

Range = tuple[int, int]
ByGame = dict[str | None, frozenset[str]]


def split_cjk(text: str) -> str:
    """The text as indexed: normalised, each CJK character a token of its own, digits apart."""
    return _CJK_PAIR.sub(SPLIT, normalise(text))


def cjk_pairs(text: str) -> frozenset[str]:
    """The neighbouring pairs (or the lone character) of each CJK run of a normalised text."""
    return frozenset(pair for run in CJK_RUN.findall(text) for pair in bigrams(run))


def cjk_terms(text: str) -> str:
    """An ask as indexed: its words, and each CJK run as its characters and neighbouring pairs,
    each a token of its own (one term a pair, so a pair is read from one list, not a phrase)."""
    return CJK_RUN.sub(lambda run: f" {' '.join(cjk_tokens(run[0]))} ", plain_numbers(normalise(text)))


def cjk_tokens(run: str) -> list[str]:
    """A CJK run's characters and neighbouring pairs."""
    return [*run, *(bigrams(run) if len(run) > 1 else ())]


def cjk_held(texts: Iterable[str]) -> frozenset[str]:
    """The CJK characters and neighbouring pairs of the texts."""
    return frozenset(token for text in texts for run in CJK_RUN.findall(normalise(text)) for token in cjk_tokens(run))


def word_pairs(texts: Iterable[str]) -> frozenset[tuple[str, str]]:
    """Each two words that stand side by side in the texts, by word_key."""
    return frozenset(
        pair for text in texts for pair in pairwise(word_key(w) for w in WORDS.findall(plain_numbers(normalise(text))))
    )


def text_keys(text: str) -> frozenset[str]:
    """A text's word keys and CJK pairs, as the coverage check compares them."""
    text = normalise(text)
    return frozenset(word_keys(text)) | cjk_pairs(text)


class Rows:
    """The body table's rows in section order: each passage, then its sentences (if more than
    one). Row p belongs to section ``owner[p]`` and to passage ``parent[p]``."""

    def __init__(self, sections: tuple[Section, ...], sentence_weight: float) -> None:
        self.text: list[str] = []
        self.owner: list[int] = []
        self.parent: list[int] = []
        self.weight: list[float] = []  # a sentence weighs less than its passage
        self.first: list[int] = []  # each section's first row
        for i, section in enumerate(sections):
            self.first.append(len(self.text))
            for passage in passages(section.text):
                parts = sentences(passage)
                self.parent += [len(self.text)] * (1 + len(parts))
                self.text += [passage, *parts]
                self.owner += [i] * (1 + len(parts))
                self.weight += [1.0] + [sentence_weight] * len(parts)
        # The numbers each row states (a number question favours the rows that state one).
        self.numbers = [frozenset(_NUMBER.findall(text)) for text in self.text]

    def last(self, section: int) -> int:
        following = section + 1
        return self.first[following] - 1 if following < len(self.first) else len(self.text) - 1


class Built:
    """The index's tables and what the search reads beside them, built once from the texts."""

    def __init__(self, texts: Texts, tuning: Tuning) -> None:
        self.games: tuple[GameTexts, ...] = texts.games
        # A game's sections side by side (in their order), so that its rows are one rowid range.
        order = {game: n for n, game in enumerate(dict.fromkeys(section.game for section in texts.sections))}
        self.sections = tuple(sorted(texts.sections, key=lambda section: order[section.game]))
        self.by_id = {section.id: section for section in texts.sections}
        self.rows = Rows(self.sections, tuning.sentence_weight)
        self.has_original = [bool(section.original) for section in self.sections]
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self._create()
        self.slots, asks = self._insert()
        self.common_in_asks, self.common_in_texts = self._common(asks, tuning)
        for table, _, _ in TABLES:  # one b-tree a table, not the segments of the inserts: faster reads
            self.db.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
        self.ask_terms = AskTerms(self.db, "asks", asks, ASKS)
        # The CJK searches of the sections' text and the originals, summed in Python.
        # A section with an original: its original speaks for it (the sections' CJK search skips it).
        originals = frozenset(rowid for rowid, held in enumerate(self.has_original) if held)
        self.gram_terms = {
            "section": GramTerms(self.db, "section", tuning.text, originals),
            "original": GramTerms(self.db, "original", tuning.original),
        }
        self.vocabulary = self._vocabulary()
        self._ranges()
        self._checks()
        self._per_game()

    def _create(self) -> None:
        try:
            for table, columns, prefixes in TABLES:
                self.db.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5({columns}, tokenize = '{_TOKENIZER}'{prefixes})"
                )
        except sqlite3.OperationalError as error:
            raise RuntimeError(f"this Python's SQLite has no FTS5 support: {error}") from error

    def _insert(self) -> tuple[list[int], list[tuple[int, str]]]:
        """Fill the tables; the asks' slots, and the asks as indexed."""
        rows = list(enumerate(self.sections))
        insert = self.db.executemany
        insert(
            "INSERT INTO head (rowid, title, tags) VALUES (?, ?, ?)",
            [(i, split_cjk(s.title), " ".join(s.phases + s.topics)) for i, s in rows],
        )
        insert(
            "INSERT INTO body (rowid, text) VALUES (?, ?)", [(p, split_cjk(t)) for p, t in enumerate(self.rows.text)]
        )
        insert("INSERT INTO section (rowid, text) VALUES (?, ?)", [(i, split_cjk(s.text)) for i, s in rows])
        insert(
            "INSERT INTO original (rowid, text) VALUES (?, ?)",
            [(i, split_cjk(s.original)) for i, s in rows if s.original],
        )
        # After each game's sections, the questions no section of it answers (scored alike).
        slots: list[int] = []
        asks: list[tuple[int, str]] = []
        unanswered = {info.game: info.unanswered for info in self.games}
        for i, section in rows:
            asks += [(len(slots) * ASKS + k, ask) for k, ask in enumerate(section.asks[:ASKS])]
            slots.append(i)
            if i + 1 == len(rows) or rows[i + 1][1].game != section.game:
                asks += [(len(slots) * ASKS + k, ask) for k, ask in enumerate(unanswered.get(section.game, ())[:ASKS])]
                slots.append(GAP)
        asks = [(rowid, cjk_terms(ask)) for rowid, ask in asks]
        insert("INSERT INTO asks (rowid, text) VALUES (?, ?)", asks)
        return slots, asks

    def _common(self, asks: list[tuple[int, str]], tuning: Tuning) -> tuple[frozenset[str], frozenset[str]]:
        """The words and CJK characters in more than common_in_asks of the asks ("card", "turn";
        "的" and "能"), which say little of which ask a question is and cost most (counted as
        typed, not stemmed, as a question's words are compared as typed); and the CJK
        characters in more than common_in_texts of the originals."""
        self.db.execute(f"CREATE VIRTUAL TABLE temp.ask_words USING fts5(text, content = '', {_PLAIN})")
        self.db.execute("CREATE VIRTUAL TABLE temp.ask_terms USING fts5vocab(temp, ask_words, row)")
        self.db.executemany("INSERT INTO temp.ask_words (rowid, text) VALUES (?, ?)", asks)
        in_asks = frozenset(
            term
            for term, df in self.db.execute("SELECT term, doc FROM temp.ask_terms")
            if df > tuning.common_in_asks * max(1, len(asks)) and (term.isascii() or len(term) == 1)
        )
        self.db.execute("DROP TABLE temp.ask_terms")
        self.db.execute("DROP TABLE temp.ask_words")
        self.db.execute("CREATE VIRTUAL TABLE temp.original_terms USING fts5vocab(main, original, row)")
        in_texts = frozenset(
            term
            for term, df in self.db.execute("SELECT term, doc FROM temp.original_terms")
            if len(term) == 1 and CJK_RUN.match(term) and df > tuning.common_in_texts * len(self.sections)
        )
        self.db.execute("DROP TABLE temp.original_terms")
        return in_asks, in_texts

    def _vocabulary(self) -> dict[str, int]:
        """The words of the texts (not stemmed) and how many sections each is in."""
        self.db.execute(f"CREATE VIRTUAL TABLE temp.words USING fts5(text, content = '', {_PLAIN})")
        self.db.execute("CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(temp, words, row)")
        self.db.executemany(
            "INSERT INTO temp.words (rowid, text) VALUES (?, ?)",
            [(i, f"{s.title}\n{' '.join(s.topics)}\n{s.text}") for i, s in enumerate(self.sections)],
        )
        counts = dict(self.db.execute("SELECT term, doc FROM temp.vocabulary"))
        self.db.execute("DROP TABLE temp.vocabulary")
        self.db.execute("DROP TABLE temp.words")
        return {t: n for t, n in counts.items() if t.isascii() and t not in STOPWORDS}

    def _ranges(self) -> None:
        """Each game's first and last section rowid, passage row and ask row (None: all games)."""
        self.rowids: dict[str | None, Range] = {None: (0, len(self.sections) - 1)}
        for i, section in enumerate(self.sections):
            first, last = self.rowids.get(section.game, (i, i))
            self.rowids[section.game] = (min(first, i), max(last, i))
        rows = self.rows
        self.passage_ids = {game: (rows.first[first], rows.last(last)) for game, (first, last) in self.rowids.items()}
        slot_of = {section: slot for slot, section in enumerate(self.slots) if section != GAP}
        # A game's asks run from its first section's slot to its unanswered questions' slot.
        self.ask_ids = {
            game: (slot_of[first] * ASKS, (slot_of[last] + 2) * ASKS - 1) for game, (first, last) in self.rowids.items()
        }

    def nearest_unanswered(self, expression: str, game: str | None) -> frozenset[str] | None:
        """The key words of the game's unanswered question that best matches the expression."""
        questions = next((info.unanswered for info in self.games if info.game == game), ())
        if not expression or not questions or game not in self.ask_ids:
            return None
        last = self.ask_ids[game][1]
        start = last - ASKS + 1
        row = self.db.execute(
            self.ask_terms.rows_sql + " ORDER BY 2 DESC LIMIT 1", (expression, start, last)
        ).fetchone()
        return None if row is None else text_keys(questions[row[0] - start])

    def _checks(self) -> None:
        """What the coverage check, the rulings and a quoted seed line read."""
        self.ask_keys: list[list[frozenset[str]]] = [[text_keys(ask) for ask in s.asks] for s in self.sections]
        keys = self._keys()  # each row's once: a game's rows are every game's too
        self.coverage = {
            game: Coverage(keys[first : last + 1], first, specificity)
            for game, (first, last) in self.passage_ids.items()
        }
        rowid_of = {section.id: i for i, section in enumerate(self.sections)}
        self.settles = {
            i: settled
            for i, section in enumerate(self.sections)
            if section.kind == "ruling"
            and (settled := [rowid_of[s] for s in section.see if self.by_id[s].kind == "source"])
        }
        self.partners = pairs(self.settles)  # a ruling and a paragraph it settles are one place
        # A ruling's own words, by row: its passage and its topics (its title names its subject,
        # which it shares with the paragraphs it settles).
        self.ruling_keys = {
            row: text_keys(f"{self.rows.text[self.rows.parent[row]]}\n{' '.join(section.topics)}")
            for row, owner in enumerate(self.rows.owner)
            if (section := self.sections[owner]).kind == "ruling"
        }
        # Each original as one run of word characters: a line of the seed typed or pasted finds it.
        self.verbatim = [NOT_WORD.sub("", normalise(section.original)) for section in self.sections]

    def _keys(self) -> list[frozenset[str]]:
        """What each row holds, for the coverage check: its words and its section's title and
        topics (as word keys), and the CJK pairs of the row and of its section's original."""
        sections = self.sections
        originals = [cjk_pairs(normalise(section.original)) for section in sections]  # each read once
        return [
            text_keys(f"{text}\n{sections[owner].title}\n{' '.join(sections[owner].topics)}") | originals[owner]
            for text, owner in zip(self.rows.text, self.rows.owner, strict=True)
        ]

    def _per_game(self) -> None:
        """Of each game (and of all, None): the word pairs side by side in its texts and in its
        asks (by word_key: a pair of a question's words that never are is no phrase worth
        searching), the words its titles and tags begin with (^"word" for no other), and the
        CJK characters and pairs its texts and its asks hold (no other matches)."""
        self.side_by_side: dict[str | None, frozenset[tuple[str, str]]] = {}
        self.asked_side_by_side: dict[str | None, frozenset[tuple[str, str]]] = {}
        self.starts: ByGame = {}
        self.heads: ByGame = {}
        self.cjk_held: ByGame = {}
        self.cjk_marked: ByGame = {}
        self.cjk_asked: ByGame = {}
        unanswered = {info.game: info.unanswered for info in self.games}
        for game in dict.fromkeys([*(info.game for info in self.games), *(g for g in self.rowids if g is not None)]):
            sections = [section for section in self.sections if section.game == game]
            game_asks = [ask for s in sections for ask in s.asks[:ASKS]] + list(unanswered.get(game, ())[:ASKS])
            self.side_by_side[game] = word_pairs(
                text for s in sections for text in (s.title, " ".join(s.phases + s.topics), s.text)
            )
            self.heads[game] = frozenset(
                word_key(word) for s in sections for word in WORDS.findall(normalise(f"{s.title} {' '.join(s.topics)}"))
            )
            self.starts[game] = frozenset(
                word_key(words[0])
                for s in sections
                for words in (WORDS.findall(normalise(s.title)), WORDS.findall(" ".join(s.phases + s.topics)))
                if words
            )
            in_texts = cjk_held(s.text for s in sections)
            self.cjk_held[game] = in_texts | cjk_held(s.original for s in sections)
            # A snippet marks the body rows, whose CJK is the texts' (not the originals'): a
            # piece with a character no row of them holds marks nothing there.
            in_rows = {token for token in in_texts if len(token) == 1}
            self.cjk_marked[game] = frozenset(t for t in self.cjk_held[game] if in_rows.issuperset(t))
            self.cjk_asked[game] = cjk_held(game_asks)
            self.asked_side_by_side[game] = word_pairs(game_asks)
        self.side_by_side[None] = frozenset().union(*self.side_by_side.values())
        self.asked_side_by_side[None] = frozenset().union(*self.asked_side_by_side.values())
        for held in (self.starts, self.heads, self.cjk_held, self.cjk_marked, self.cjk_asked):
            held[None] = frozenset().union(*held.values())  # every game's
