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

A search must answer in under 2 ms (p99; ``tests/benchmarks/bench_rules.py`` measures it).
Each table is searched by one prepared statement, over the game's rowids only, and prefix
indexes answer the "word"* phrases. The snippets are not FTS5's ``snippet()``, which took one
more MATCH query per search, dearer than the search itself: they are made in Python from the
body's tokens, prepared with the index, by FTS5's rules, and come out the same (see
"Snippets" below; tests/rules/test_rules_parity.py compares them with ``snippet()``'s).
"""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache, reduce
from importlib.resources.abc import Traversable
from itertools import accumulate, pairwise
from operator import or_
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
_MARKS = re.compile(f"([{_OPEN}{_CLOSE}])")
_MARKDOWN = re.compile(r"[*`#]+")
_RICH_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
_GLOSS = re.compile(  # (?<!...) only skips starts inside a word, which never match first
    rf"(?<![A-Za-z])((?:[A-Za-z][A-Za-z'’-]*\s+){{0,2}}[A-Za-z][A-Za-z'’-]*)\s*[(（]\s*([{_CJK}]+)"
)
_GLOSS_END = re.compile(rf"[(（]\s*[{_CJK}]+")
_GLOSS_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'’-")
_WORDS_TOKENIZER = "porter unicode61 remove_diacritics 2"
# Prefix indexes (lengths in characters) answer a "word"* phrase from one list instead of
# merging the lists of every longer term: half the query time for a few ms of build.
_PREFIXES = ", prefix = '1 2 3 4 5 6 7 8 9 10 11 12'"
_TABLES = (
    ("head", "title, tags", _WORDS_TOKENIZER, _PREFIXES),
    ("body", "text", _WORDS_TOKENIZER, _PREFIXES),
    ("cjk", "grams", "unicode61", ""),
)
# ?1 the expression, ?2 and ?3 the game's first and last rowid.
_SEARCHES = tuple(
    f"SELECT rowid, bm25({table}, {weights}) FROM {table} "
    f"WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3"
    for table, weights in (
        ("head", f"{WEIGHTS['title']}, {WEIGHTS['tags']}"),
        ("body", f"{WEIGHTS['text']}"),
        ("cjk", f"{WEIGHTS['cjk']}"),
    )
)
_FTS5_SNIPPET = (
    f"SELECT snippet(body, 0, '{_OPEN}', '{_CLOSE}', '…', {SNIPPET_TOKENS}) "
    "FROM body WHERE body MATCH ? AND rowid = ?"
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

    def phrases(self) -> list[tuple[str, bool]]:
        """The words' FTS5 phrases in expression order, each with whether it is a prefix."""
        alone = len(self.words) + len(self.cjk_runs) == 1
        singles = [
            (word, prefix)
            for word in self.words
            for prefix in ((False, True) if len(word) > 1 or alone else (False,))
        ]
        return singles + [(f"{first} {second}", False) for first, second in pairwise(self.words)]

    def words_expression(self) -> str:
        return " OR ".join(
            f'"{text}"*' if prefix else f'"{text}"' for text, prefix in self.phrases()
        )

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
        for match in _gloss_matches(section.text):
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


def _gloss_matches(text: str) -> Iterator[re.Match[str]]:
    """``_GLOSS.finditer(text)``, without trying every letter as a start.

    A match ends at a parenthesis before a CJK term and starts at most three words before
    it, so the search for each such parenthesis starts there: at the third word back, or
    where the words and white space before the parenthesis begin.
    """
    done = 0  # where the last match ended: nothing before it is tried again
    for end in _GLOSS_END.finditer(text):
        at = end.start()
        while at > done and text[at - 1].isspace():
            at -= 1
        start = at
        for _ in range(3):
            word = at
            while word > done and text[word - 1] in _GLOSS_WORD:
                word -= 1
            if word == at:
                break
            start = at = word
            while at > done and text[at - 1].isspace():
                at -= 1
            if at == word:
                break
        match = _GLOSS.search(text, start, end.end())
        if match:
            done = match.end()
            yield match


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
    if "[" not in text and "\\" not in text:
        return text
    escaped = _RICH_TAG.sub(lambda m: f"{m[1]}{m[1]}\\{m[2]}", text)
    return escaped + "\\" if escaped.endswith("\\") and not escaped.endswith("\\\\") else escaped


def _mark(raw: str, mark: tuple[str, str] | None) -> str:
    if mark is None:
        return raw.replace(_OPEN, "").replace(_CLOSE, "")
    if "[" not in raw and "\\" not in raw:  # nothing to escape
        return raw.replace(_OPEN, mark[0]).replace(_CLOSE, mark[1])
    pieces = _MARKS.split(raw)
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
            for table, columns, tokenizer, prefixes in _TABLES:
                self._db.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5("
                    f"{columns}, game UNINDEXED, tokenize = '{tokenizer}'{prefixes})"
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
        # Each game's first and last rowid, so that a game's search reads only its rows.
        # (They are contiguous as loaded; were they not, the rows are filtered again.)
        self._rowids: dict[str | None, tuple[int, int]] = {None: (0, len(rows) - 1)}
        for i, section in rows:
            first, last = self._rowids.get(section.game, (i, i))
            self._rowids[section.game] = (min(first, i), max(last, i))
        # The body's tokens for the snippets. A section with a character that this SQLite's
        # Unicode tables class otherwise than Python's (one newer than them, say), or where
        # FTS5 counted other tokens, gets its snippets from FTS5 instead.
        self._tokens = [_Tokens.of(section.text) for section in self._sections]
        chars = set("".join(section.text for section in self._sections))
        unlike = _unlike_sqlite(
            self._db, {c for c in chars if not (c.isascii() or _surely_alike(c))}
        )
        counted = dict(self._db.execute("SELECT id, sz FROM body_docsize"))
        self._same_tokens = [
            _first_varint(counted.get(i, b"")) == len(tokens.terms)
            and not (unlike and unlike.intersection(self._sections[i].text))
            for i, tokens in enumerate(self._tokens)
        ]
        self._vocabulary = sorted({term for tokens in self._tokens for term in tokens.at})
        self._flats: list[str | None] = [None] * len(self._sections)
        self._first_lines: list[str | None] = [None] * len(self._sections)

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
        first, last = self._rowids.get(game, (0, -1))
        with self._lock:
            for sql, expression in zip(_SEARCHES, (words, words, grams), strict=True):
                if expression:
                    for rowid, rank in self._db.execute(sql, (expression, first, last)):
                        scores[rowid] = scores.get(rowid, 0.0) - rank
        if game is not None:
            scores = {r: score for r, score in scores.items() if self._sections[r].game == game}
        # Best score first, then the lower rowid, as (-score, rowid) sorts.
        best = sorted((-score, rowid) for rowid, score in scores.items())[:limit]
        matcher = _Phrases(
            [(fts_terms(text), prefix) for text, prefix in parsed.phrases()], self._vocabulary
        )
        hits = []
        for negative, rowid in best:
            raw = (
                (parsed.cjk_runs and _cjk_excerpt(self._flat(rowid), parsed.cjk_runs))
                or (words and _tidy(self._snippet(rowid, matcher, words)))
                or self._first_line(rowid)
            )
            hits.append(Hit(self._sections[rowid], -negative, _mark(raw, mark), _mark(raw, None)))
        return hits

    def _snippet(self, rowid: int, phrases: _Phrases, words: str) -> str:
        """The body's snippet for the phrases; "" if none of them is in the body."""
        if self._same_tokens[rowid]:
            text, tokens = self._sections[rowid].text, self._tokens[rowid]
            return _snippet(text, tokens, phrases, SNIPPET_TOKENS)
        return self._fts5_snippet(rowid, words)

    def _fts5_snippet(self, rowid: int, words: str) -> str:
        with self._lock:
            row = self._db.execute(_FTS5_SNIPPET, (words, rowid)).fetchone()
        return row[0] if row else ""

    def _flat(self, rowid: int) -> str:
        flat = self._flats[rowid]
        if flat is None:
            flat = self._flats[rowid] = _tidy(
                unicodedata.normalize("NFKC", self._sections[rowid].text)
            )
        return flat

    def _first_line(self, rowid: int) -> str:
        line = self._first_lines[rowid]
        if line is None:
            line = self._first_lines[rowid] = _tidy(self._sections[rowid].first_line)
        return line

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in {info.game for info in self._games}:
            known = ", ".join(info.game for info in self._games) or "none"
            raise UnknownGameError(f"no rule texts for game {game!r} (known: {known})")


def _cjk_excerpt(flat: str, runs: tuple[str, ...], width: int = 30) -> str:
    """The first run found in the NFKC-normalised, tidied text, marked, with some context."""
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


# --- Snippets ------------------------------------------------------------------------------
#
# FTS5's snippet() took a second MATCH query per search (MATCH with ``rowid IN``), which
# evaluated the whole expression again for each row and cost more than the search. The
# snippets are made here instead, with the same result, from tokens prepared with the index:
# the text is split where ``unicode61`` splits it, each token folded as ``remove_diacritics 2``
# folds it and stemmed as FTS5's ``porter`` stems it (a port of ext/fts5/fts5_tokenize.c); the
# query's phrases are found among those terms, and the window is chosen and marked as
# snippet() does it (ext/fts5/fts5_aux.c). tests/rules checks the terms against FTS5's index and
# the snippets against snippet()'s.

_TOKEN_CHAR = r"[^\W_]|[\ue000-\uf8ff]"  # unicode61's default categories: L* N* Co
# The combining marks unicode61 keeps inside a token (and then drops, removing diacritics).
_DIACRITICS = "\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331"
_FTS_TOKEN = re.compile(rf"(?:{_TOKEN_CHAR})(?:{_TOKEN_CHAR}|[{_DIACRITICS}])*")
_PLAIN_TOKEN = re.compile(r"[^\W_]+")  # the same where no diacritic or private character is
_NOT_PLAIN = re.compile(rf"[{_DIACRITICS}\ue000-\uf8ff]")
_DIACRITIC = re.compile(f"[{_DIACRITICS}]")
_SENTENCE_END = re.compile(r"[.:][ \t\n\r]+")
_PORTER_MAX = 64
_VOWELS = frozenset(b"aeiou")
_HAS_VOWEL = re.compile(rb"[aeiou]|(?<=.)y", re.DOTALL)
_FOLD = {"µ": "μ", "ſ": "s"}


def fold(token: str) -> str:
    """Lower case without diacritics, as ``unicode61 remove_diacritics 2`` folds a token."""
    if token.isascii():
        return token.lower()
    out = []
    for char in _DIACRITIC.sub("", token):
        char = char.lower()  # one by one: "Σ" is "σ" at the end of a word too
        # A Latin letter loses its diacritics; other scripts keep theirs.
        parts = unicodedata.normalize("NFD", char)
        out.append(parts[0] if len(parts) > 1 and parts[0].isascii() else _FOLD.get(char, char))
    return "".join(out)


def _vowel(c: int, y_is_vowel: bool) -> bool:
    return c in _VOWELS or (y_is_vowel and c == 0x79)  # y


def _gobble_vc(stem: bytes, start: int, previous_consonant: bool) -> int:
    """The index after stem[start:]'s first vowel-consonant sequence, or 0."""
    consonant = previous_consonant
    i, n = start, len(stem)
    while i < n:
        consonant = not _vowel(stem[i], consonant)
        if not consonant:
            break
        i += 1
    i += 1
    while i < n:
        consonant = not _vowel(stem[i], consonant)
        if consonant:
            return i + 1
        i += 1
    return 0


def _m_gt0(stem: bytes) -> bool:
    return _gobble_vc(stem, 0, False) > 0


def _m_gt1(stem: bytes) -> bool:
    n = _gobble_vc(stem, 0, False)
    return n > 0 and _gobble_vc(stem, n, True) > 0


def _m_eq1(stem: bytes) -> bool:
    n = _gobble_vc(stem, 0, False)
    return n > 0 and _gobble_vc(stem, n, True) == 0


def _o_star(stem: bytes) -> bool:
    if not stem or stem[-1] in b"wxy":
        return False
    mask, consonant = 0, False
    for c in stem:
        consonant = not _vowel(c, consonant)
        mask = (mask << 1) | consonant
    return mask & 0b111 == 0b101


def _has_vowel(stem: bytes) -> bool:
    return _HAS_VOWEL.search(stem) is not None  # FTS5 counts a y as a vowel after the start


def _m_gt1_s_or_t(stem: bytes) -> bool:
    return stem[-1:] in (b"s", b"t") and _m_gt1(stem)


_STEP2 = tuple(
    (suffix.encode(), out.encode(), _m_gt0)
    for suffix, out in (
        ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"),
        ("izer", "ize"), ("logi", "log"), ("bli", "ble"), ("alli", "al"), ("entli", "ent"),
        ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"), ("ator", "ate"),
        ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"),
        ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"),
    )
)  # fmt: skip
_STEP3 = tuple(
    (suffix.encode(), out.encode(), _m_gt0)
    for suffix, out in (
        ("ical", "ic"), ("ness", ""), ("icate", "ic"), ("iciti", "ic"), ("ful", ""),
        ("ative", ""), ("alize", "al"),
    )
)  # fmt: skip
_STEP4 = tuple(
    (suffix.encode(), b"", _m_gt1_s_or_t if suffix == "ion" else _m_gt1)
    for suffix in (
        "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion",
        "ou", "ism", "ate", "iti", "ous", "ive", "ize",
    )
)  # fmt: skip


def _by_second_last(rules: tuple[tuple[bytes, bytes, Callable[[bytes], bool]], ...]) -> dict:
    """The rules by their suffix's second last letter, the only ones a word can end with."""
    grouped: dict[int, list[tuple[bytes, bytes, Callable[[bytes], bool]]]] = {}
    for rule in rules:
        grouped.setdefault(rule[0][-2], []).append(rule)
    return grouped


_STEP2, _STEP3, _STEP4 = map(_by_second_last, (_STEP2, _STEP3, _STEP4))


def _apply(
    word: bytes, rules: dict[int, list[tuple[bytes, bytes, Callable[[bytes], bool]]]]
) -> bytes:
    """The first rule whose suffix ends the word decides, whether or not its test passes."""
    for suffix, out, test in rules.get(word[-2], ()) if len(word) > 1 else ():
        if len(word) > len(suffix) and word.endswith(suffix):
            stem = word[: -len(suffix)]
            return stem + out if test(stem) else word
    return word


def porter(term: str) -> str:
    """A folded token stemmed exactly as FTS5's ``porter`` tokenizer stems it (on UTF-8)."""
    word = term.encode()
    if not 3 <= len(word) <= _PORTER_MAX:
        return term
    # Step 1a.
    if word.endswith(b"s"):
        if word[-2:-1] == b"e":
            if (len(word) > 4 and word[-4:-2] == b"ss") or (len(word) > 3 and word[-3] == 0x69):
                word = word[:-2]
            else:
                word = word[:-1]
        elif word[-2:-1] != b"s":
            word = word[:-1]
    # Step 1b.
    removed = False
    if len(word) > 3 and word.endswith(b"eed"):
        if _m_gt0(word[:-3]):
            word = word[:-1]
    elif len(word) > 2 and word.endswith(b"ed"):
        if _has_vowel(word[:-2]):
            word, removed = word[:-2], True
    elif len(word) > 3 and word.endswith(b"ing") and _has_vowel(word[:-3]):
        word, removed = word[:-3], True
    if removed:
        if len(word) > 2 and word[-2:] in (b"at", b"bl", b"iz"):
            word += b"e"
        elif (
            len(word) > 1
            and not _vowel(word[-1], False)
            and word[-1] not in b"lsz"
            and word[-1] == word[-2]
        ):
            word = word[:-1]
        elif _m_eq1(word) and _o_star(word):
            word += b"e"
    # Step 1c.
    if word.endswith(b"y") and _has_vowel(word[:-1]):
        word = word[:-1] + b"i"
    word = _apply(_apply(_apply(word, _STEP2), _STEP3), _STEP4)
    # Step 5.
    if word.endswith(b"e") and (
        _m_gt1(word[:-1]) or (_m_eq1(word[:-1]) and not _o_star(word[:-1]))
    ):
        word = word[:-1]
    if len(word) > 1 and word.endswith(b"ll") and _m_gt1(word[:-1]):
        word = word[:-1]
    return word.decode(errors="surrogateescape")


@lru_cache(maxsize=1 << 16)
def _term(token: str) -> str:
    return porter(fold(token))


@lru_cache(maxsize=4096)
def fts_terms(text: str) -> tuple[str, ...]:
    """The terms FTS5's ``porter unicode61 remove_diacritics 2`` makes of ``text``."""
    return tuple(_term(match[0]) for match in _FTS_TOKEN.finditer(text))


@dataclass(frozen=True)
class _Tokens:
    """A text's tokens as FTS5 sees them: spans, terms, each term's positions, sentences."""

    spans: tuple[tuple[int, int], ...]
    terms: tuple[str, ...]
    at: dict[str, list[int]]
    sentences: tuple[int, ...]  # the positions of the tokens that begin a sentence

    @classmethod
    def of(cls, text: str) -> _Tokens:
        words = (_FTS_TOKEN if _NOT_PLAIN.search(text) else _PLAIN_TOKEN).findall(text)
        spans = []
        find, end = text.find, 0
        for word in words:  # each word is the next run of word characters
            start = find(word, end)
            end = start + len(word)
            spans.append((start, end))
        terms = tuple(map(_term, words))
        at: dict[str, list[int]] = {}
        for position, term in enumerate(terms):
            at.setdefault(term, []).append(position)
        # FTS5 starts a sentence at the first token, and at one after "." or ":" and space.
        starts = [start for start, _ in spans]
        sentences = [0]
        for match in _SENTENCE_END.finditer(text):
            position = bisect_left(starts, match.end())
            if 0 < position < len(starts) and starts[position] == match.end():
                sentences.append(position)
        return cls(tuple(spans), terms, at, tuple(sentences))


def _surely_alike(char: str) -> bool:
    """Whether any FTS5 surely splits and folds at ``char`` as fts_terms does.

    True of caseless letters and digits, and of punctuation, symbols and spaces, that Unicode
    3.2 (older than SQLite's tables, 6.1) already had in the same category. The others are
    tried on SQLite (_unlike_sqlite).
    """
    category = unicodedata.category(char)
    return (
        category in ("Lo", "Lm", "Nd", "Nl", "No") or category[0] in "PSZ"
    ) and unicodedata.ucd_3_2_0.category(char) == category


def _unlike_sqlite(db: sqlite3.Connection, chars: set[str]) -> set[str]:
    """The characters that FTS5 (this SQLite) tokenizes or folds otherwise than fts_terms.

    Each is tried inside a word, where a letter joins the word, a separator splits it, and a
    diacritic is dropped: all in one text, and one by one only if that text comes out unlike.
    """
    tried = [f"q{c}q" for c in sorted(chars)]
    if not tried or _fts5_terms(db, [" ".join(tried)]) == [fts_terms(" ".join(tried))]:
        return set()
    return {
        text[1]
        for text, terms in zip(tried, _fts5_terms(db, tried), strict=True)
        if terms != fts_terms(text)
    }


def _fts5_terms(db: sqlite3.Connection, texts: list[str]) -> list[tuple[str, ...]]:
    """The terms FTS5 indexes for each text, from a scratch table."""
    db.execute(f"CREATE VIRTUAL TABLE temp.tried USING fts5(x, tokenize = '{_WORDS_TOKENIZER}')")
    try:
        db.execute("CREATE VIRTUAL TABLE temp.tried_terms USING fts5vocab(temp, tried, instance)")
        db.executemany("INSERT INTO temp.tried (rowid, x) VALUES (?, ?)", enumerate(texts))
        terms: dict[int, list[str]] = {}
        for term, i in db.execute("SELECT term, doc FROM temp.tried_terms ORDER BY doc, offset"):
            terms.setdefault(i, []).append(term)
        db.execute("DROP TABLE temp.tried_terms")
    finally:
        db.execute("DROP TABLE temp.tried")
    return [tuple(terms.get(i, ())) for i in range(len(texts))]


def _first_varint(data: bytes) -> int:
    """The first of the SQLite varints in ``data`` (FTS5's docsize: tokens per column)."""
    value = 0
    for byte in data[:9]:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            break
    return value


Phrase = tuple[tuple[str, ...], bool]  # a phrase's terms, and whether the last is a prefix


class _Phrases:
    """A query's phrases, ready to look for in the texts, as bits: phrase i is 1 << i.

    ``single`` maps each term that one-term phrases match (a prefix matches many) to their
    bits; ``multi`` keeps the longer phrases, to check position by position.
    """

    def __init__(self, phrases: list[Phrase], vocabulary: list[str]) -> None:
        self.single: dict[str, int] = {}
        self.multi: list[tuple[int, tuple[str, ...], bool]] = []
        self.sizes = [len(terms) for terms, _ in phrases]
        self.multi_bits = 0
        for index, (terms, prefix) in enumerate(phrases):
            if len(terms) == 1:
                matched = [terms[0]]
                if prefix:
                    i = bisect_left(vocabulary, terms[0])
                    matched = []
                    while i < len(vocabulary) and vocabulary[i].startswith(terms[0]):
                        matched.append(vocabulary[i])
                        i += 1
                for term in matched:
                    self.single[term] = self.single.get(term, 0) | 1 << index
            elif terms:
                self.multi.append((index, terms, prefix))
                self.multi_bits |= 1 << index

    def reach(self, bits: int) -> int:
        """How many tokens the longest of the phrases covers."""
        longer = [len(terms) for index, terms, _ in self.multi if bits >> index & 1]
        return max(longer) if longer else 1


def _hits(tokens: _Tokens, phrases: _Phrases) -> dict[int, int]:
    """The phrases (as bits) that begin at each token where any does."""
    at, single = tokens.at, phrases.single
    hits: dict[int, int] = {}
    for term in single.keys() & at.keys():
        bits = single[term]
        for offset in at[term]:
            hits[offset] = hits.get(offset, 0) | bits
    terms = tokens.terms
    for index, phrase, prefix in phrases.multi:
        size, rest, last = len(phrase), phrase[1:-1], phrase[-1]
        for start in at.get(phrase[0], ()):
            end = start + size - 1
            if (
                end < len(terms)
                and terms[start + 1 : end] == rest
                and (terms[end].startswith(last) if prefix else terms[end] == last)
            ):
                hits[start] = hits.get(start, 0) | 1 << index
    return hits


def _snippet(text: str, tokens: _Tokens, phrases: _Phrases, width: int) -> str:
    """FTS5's snippet(): the best window of ``width`` tokens, its hits between _OPEN/_CLOSE.

    The window holding the most distinct phrases wins, centred on its hits; a window starting
    at a sentence gets a small bonus. "" when no phrase occurs in the text.
    """
    hits = _hits(tokens, phrases)
    if not hits:
        return ""
    size = len(tokens.terms)
    offsets = sorted(hits)
    bits = [hits[offset] for offset in offsets]
    before = list(accumulate((b.bit_count() for b in bits), initial=0))  # hits before each
    sizes = phrases.sizes

    def score(lo: int, hi: int) -> int:
        """1000 for each distinct phrase in hits[lo:hi], and 1 for each repeat."""
        return 999 * reduce(or_, bits[lo:hi], 0).bit_count() + before[hi] - before[lo]

    def centred(first: int, last: int) -> int:
        """Where FTS5 starts a window to centre the hits from token first to token last."""
        spare = width - (last - first)
        start = first - (spare // 2 if spare >= 0 else -(-spare // 2))  # C division
        return max(0, min(start, size - width))

    # Each window starting at a hit, centred; then the one from the start of its sentence,
    # which scores a little more. FTS5 ends a window's hits at the end of the last phrase
    # in its order, (offset, phrase): the highest phrase at the last offset.
    best, best_start = 0, 0
    sentences, by_sentence = tokens.sentences, {}
    for lo, start in enumerate(offsets):
        hi = bisect_left(offsets, start + width, lo)
        total = score(lo, hi)
        if total > best:
            last = offsets[hi - 1] + sizes[bits[hi - 1].bit_length() - 1]
            best, best_start = total, centred(start, last)
        if size > width:
            sentence = sentences[bisect_right(sentences, start) - 1]
            if sentence < start:
                if sentence not in by_sentence:
                    first = bisect_left(offsets, sentence, 0, lo)
                    by_sentence[sentence] = score(first, bisect_left(offsets, sentence + width))
                total = by_sentence[sentence] + (120 if sentence == 0 else 100)
                if total > best:
                    best, best_start = total, sentence

    # Mark the window's hits, overlapping ones as one run (a run that starts before the
    # window is not marked), and end with "…" unless the window reaches the end of the text.
    end = best_start + width - 1
    spans = tokens.spans
    cursor = spans[best_start][0] if best_start else 0
    out = ["…"] if best_start else []
    first, last = -1, -1  # the run being gathered, first to last token
    multi = phrases.multi_bits
    for offset, hit in [*zip(offsets, bits, strict=True), (size, 0)]:
        if offset > end and first > end:
            break
        reach = offset + (phrases.reach(hit) if hit & multi else 1) - 1
        if first >= 0 and offset <= last:
            last = max(last, reach)
            continue
        if best_start <= first <= end:
            stop = spans[min(last, end)][1]
            out += [text[cursor : spans[first][0]], _OPEN, text[spans[first][0] : stop], _CLOSE]
            cursor = stop
        first, last = offset, reach
    if end >= size - 1:
        out.append(text[cursor:])
    else:
        out += [text[cursor : spans[end][1]], "…"]
    return "".join(out)


@cache
def get_index() -> RulesIndex:
    return RulesIndex(load())
