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
weighing most, then tags, then text.

``unicode61`` keeps a run of CJK characters as one token, so a third table holds the
overlapping bigrams of every CJK run and a CJK query is matched there as a bigram phrase:
地牢 finds 黑暗地牢. The texts give the original beside the English ("Dark Dungeon (黑暗地牢)"),
so those pairs form a glossary and a CJK query also searches its English words, ranking the
same sections as the English query would.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources.abc import Traversable
from itertools import pairwise
from pathlib import Path

from rulesdb.texts import GameTexts, Section, Texts, load

WEIGHTS = {"title": 10.0, "tags": 2.0, "text": 1.0, "cjk": 1.0}
SNIPPET_TOKENS = 16
MAX_WORDS = 32
MAX_WORD_LENGTH = 40
RICH_MARK = ("[b]", "[/b]")

_STOPWORDS = """
    a an and any are as at be been but by can could did do does doing for from had has have
    he her him his how i if in into is it its just ll me much many my of on or our please re
    she should so some than that the their them then there these they this those to us ve
    was we were what when where which while who whom why will with would you your
"""
STOPWORDS = frozenset(_STOPWORDS.split())

IRREGULAR = {
    "won": "win",
    "lost": "lose",
    "drew": "draw",
    "drawn": "draw",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "chose": "choose",
    "chosen": "choose",
    "stole": "steal",
    "stolen": "steal",
    "dealt": "deal",
    "kept": "keep",
    "paid": "pay",
    "spent": "spend",
    "threw": "throw",
    "thrown": "throw",
    "fought": "fight",
    "got": "get",
    "went": "go",
    "began": "begin",
    "begun": "begin",
    "held": "hold",
    "beaten": "beat",
}

_CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_TOKEN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>(?:(?![{_CJK}])[^\W_])+)")
_CJK_RUN = re.compile(rf"[{_CJK}]+")
_OPEN, _CLOSE = "\x02", "\x03"
_MARKDOWN = re.compile(r"[*`#]+")
_RICH_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
_GLOSS = re.compile(
    rf"((?:[A-Za-z][A-Za-z'’-]*\s+){{0,2}}[A-Za-z][A-Za-z'’-]*)\s*[(（]\s*([{_CJK}]+)"
)
_WORDS_TOKENIZER = "porter unicode61 remove_diacritics 2"
_TABLES = (
    ("head", "title, tags", _WORDS_TOKENIZER),
    ("body", "text", _WORDS_TOKENIZER),
    ("cjk", "grams", "unicode61"),
)


class UnknownGameError(ValueError):
    """A game id that has no rule texts."""


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float
    snippet: str
    plain_snippet: str


@dataclass(frozen=True)
class Query:
    words: tuple[str, ...]
    cjk_runs: tuple[str, ...]

    def words_expression(self) -> str:
        alone = len(self.words) + len(self.cjk_runs) == 1
        singles = [
            f'"{word}" OR "{word}"*' if len(word) > 1 or alone else f'"{word}"'
            for word in self.words
        ]
        pairs = [f'"{first} {second}"' for first, second in pairwise(self.words)]
        return " OR ".join(singles + pairs)

    def cjk_expression(self) -> str:
        return " OR ".join(
            f'"{run}"*' if len(run) == 1 else f'"{" ".join(bigrams(run))}"' for run in self.cjk_runs
        )


def parse_query(text: str) -> Query:
    words: list[str] = []
    runs: list[str] = []
    for match in _TOKEN.finditer(unicodedata.normalize("NFKC", text)[: MAX_WORDS * 64]):
        if match["cjk"]:
            runs.append(match["cjk"][:MAX_WORD_LENGTH])
        else:
            word = match["word"].lower()[:MAX_WORD_LENGTH]
            words.append(IRREGULAR.get(word, word))
    content = [w for w in words if w not in STOPWORDS and not (len(w) == 1 and w.isalpha())]
    if content or runs:
        words = content
    return Query(tuple(dict.fromkeys(words))[:MAX_WORDS], tuple(dict.fromkeys(runs))[:MAX_WORDS])


def glossary(sections: tuple[Section, ...]) -> dict[str, tuple[str, ...]]:
    """English words for each CJK term, read from the texts' "Holy Knight (聖騎士)" pairs.

    A term's English is the one or two words before its parenthesis; words that occur with
    fewer than half of a term's appearances are dropped as incidental.
    """
    seen: dict[str, list[list[str]]] = {}
    for section in sections:
        for match in _GLOSS.finditer(section.text):
            words: list[str] = []
            for word in reversed(match[1].lower().replace("’", "'").split()):
                word = word.removesuffix("'s").strip("'-")
                if word in STOPWORDS or len(words) == 2:
                    break
                if len(word) > 1:
                    words.insert(0, _singular(word))
            if words:
                seen.setdefault(unicodedata.normalize("NFKC", match[2]), []).append(words)
    terms = {}
    for term, occurrences in seen.items():
        counts = Counter(word for words in occurrences for word in dict.fromkeys(words))
        terms[term] = tuple(word for word in counts if 2 * counts[word] >= len(occurrences))
    return terms


def english_for(run: str, terms: dict[str, tuple[str, ...]], most: int = 3) -> tuple[str, ...]:
    if run in terms:
        return terms[run]
    if len(run) < 2:
        return ()
    related = [t for t in terms if run in t] or [t for t in terms if len(t) > 1 and t in run]
    return tuple(w for w, _ in Counter(w for t in related for w in terms[t]).most_common(most))


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def bigrams(run: str) -> list[str]:
    return [run[i : i + 2] for i in range(len(run) - 1)] if len(run) > 1 else [run]


def cjk_tokens(text: str) -> str:
    """Each CJK run's bigrams, then its last character so a one-character query finds it."""
    runs = _CJK_RUN.findall(unicodedata.normalize("NFKC", text))
    return " ".join(" ".join([*bigrams(run), run[-1]] if len(run) > 1 else run) for run in runs)


def rich_escape(text: str) -> str:
    escaped = _RICH_TAG.sub(lambda m: f"{m[1]}{m[1]}\\{m[2]}", text)
    return escaped + "\\" if escaped.endswith("\\") and not escaped.endswith("\\\\") else escaped


def _mark(raw: str, mark: tuple[str, str] | None) -> str:
    if mark is None:
        return raw.replace(_OPEN, "").replace(_CLOSE, "")
    pieces = re.split(f"([{_OPEN}{_CLOSE}])", raw)
    tokens = {_OPEN: mark[0], _CLOSE: mark[1]}
    return "".join(tokens.get(piece) or rich_escape(piece) for piece in pieces)


def _tidy(raw: str) -> str:
    return " ".join(_MARKDOWN.sub("", raw).split())


class RulesIndex:
    def __init__(self, texts: Texts) -> None:
        self._games = texts.games
        self._sections = texts.sections
        self._by_id = {section.id: section for section in texts.sections}
        self._glossary = glossary(texts.sections)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        try:
            for table, columns, tokenizer in _TABLES:
                self._db.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5("
                    f"{columns}, game UNINDEXED, tokenize = '{tokenizer}')"
                )
        except sqlite3.OperationalError as error:
            raise RuntimeError(f"this Python's SQLite has no FTS5 support: {error}") from error
        rows = list(enumerate(self._sections))
        self._db.executemany(
            "INSERT INTO head (rowid, title, tags, game) VALUES (?, ?, ?, ?)",
            [(i, s.title, " ".join(s.phases + s.topics), s.game) for i, s in rows],
        )
        self._db.executemany(
            "INSERT INTO body (rowid, text, game) VALUES (?, ?, ?)",
            [(i, s.text, s.game) for i, s in rows],
        )
        self._db.executemany(
            "INSERT INTO cjk (rowid, grams, game) VALUES (?, ?, ?)",
            [(i, cjk_tokens(f"{s.title}\n{s.text}"), s.game) for i, s in rows],
        )

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

    def for_phase(self, game: str, phase: str) -> list[Section]:
        sections = self.toc(game)
        return [s for s in sections if phase in s.phases] + [
            s for s in sections if phase not in s.phases
        ]

    def search(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        mark: tuple[str, str] | None = RICH_MARK,
    ) -> list[Hit]:
        self._check_game(game)
        if limit <= 0:
            return []
        if not query.strip():
            return [
                Hit(section, 0.0, _mark(_tidy(section.first_line), mark), _tidy(section.first_line))
                for section in self.toc(game)[:limit]
            ]
        parsed = parse_query(query)
        english = [w for run in parsed.cjk_runs for w in english_for(run, self._glossary)]
        parsed = replace(parsed, words=tuple(dict.fromkeys(parsed.words + tuple(english))))
        words, grams = parsed.words_expression(), parsed.cjk_expression()
        scores: dict[int, float] = {}
        with self._lock:
            for table, expression, weights in (
                ("head", words, (WEIGHTS["title"], WEIGHTS["tags"])),
                ("body", words, (WEIGHTS["text"],)),
                ("cjk", grams, (WEIGHTS["cjk"],)),
            ):
                if expression:
                    for rowid, rank in self._db.execute(
                        f"SELECT rowid, bm25({table}, {', '.join('?' * len(weights))}) "
                        f"FROM {table} WHERE {table} MATCH ? AND (? IS NULL OR game = ?)",
                        (*weights, expression, game, game),
                    ):
                        scores[rowid] = scores.get(rowid, 0.0) - rank
            best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
            snippets = self._snippets(words, [rowid for rowid, _ in best])
        hits = []
        for rowid, score in best:
            section = self._sections[rowid]
            raw = (
                _cjk_excerpt(section.text, parsed.cjk_runs)
                or snippets.get(rowid)
                or _tidy(section.first_line)
            )
            hits.append(Hit(section, score, _mark(raw, mark), _mark(raw, None)))
        return hits

    def _snippets(self, words: str, rowids: list[int]) -> dict[int, str]:
        if not words or not rowids:
            return {}
        rows = self._db.execute(
            f"SELECT rowid, snippet(body, 0, '{_OPEN}', '{_CLOSE}', '…', {SNIPPET_TOKENS}) "
            f"FROM body WHERE body MATCH ? AND rowid IN ({', '.join('?' * len(rowids))})",
            (words, *rowids),
        )
        return {rowid: _tidy(raw) for rowid, raw in rows}

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in {info.game for info in self._games}:
            known = ", ".join(info.game for info in self._games) or "none"
            raise UnknownGameError(f"no rule texts for game {game!r} (known: {known})")


def _cjk_excerpt(text: str, runs: tuple[str, ...], width: int = 30) -> str:
    flat = _tidy(unicodedata.normalize("NFKC", text))
    for run in runs:
        at = flat.find(run)
        if at >= 0:
            start, end = max(0, at - width), min(len(flat), at + len(run) + width)
            return (
                ("…" if start else "")
                + f"{flat[start:at]}{_OPEN}{run}{_CLOSE}{flat[at + len(run) : end]}"
                + ("…" if end < len(flat) else "")
            )
    return ""


@cache
def get_index() -> RulesIndex:
    return RulesIndex(load())
