"""Full-text search over the rule texts, and whether its answer answers: the index's face.

The index is derived data: it is built in memory from the TOML texts on first use and cached
for the process (``get_index``), so it follows the texts and is never migrated. Three jobs,
one module each: building the tables (``rulesdb.build``), understanding a question
(``rulesdb.understand``) and ranking with the answerability check (``rulesdb.rank``); every
weight and threshold is one frozen ``Tuning`` (``rulesdb.tuning``).

A player's query is plain words, never FTS5 syntax. Each hit is a section with the row that
answers best: a passage, or one sentence of it, shown first. Snippets are FTS5's own
``snippet()``. A search must answer in under 2 ms (p99; ``tests/benchmarks/bench_rules.py``).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path

from companion.text import markup
from rulesdb.build import SPLIT, WORDS, Built
from rulesdb.lemmas import load_lemmas
from rulesdb.offtable import load_kinds
from rulesdb.query import QUERY_CHARACTERS, STOPWORDS, Query, load_converter, traditional
from rulesdb.rank import Ranker
from rulesdb.settled import places
from rulesdb.snippets import CLOSE, OPEN, Snippets
from rulesdb.spelling import english_words, load_english
from rulesdb.tables import CELL, cells, is_rule
from rulesdb.texts import GameTexts, Section, Texts, load
from rulesdb.tuning import TUNING, Tuning
from rulesdb.understand import Reader

RICH_MARK = ("[b]", "[/b]")
NO_RULE = "No rule covers this."
NO_MATCH = "No rule matches"  # and no word of the question is a word: a slip, or letters typed by chance
WARM_UP = "attack 攻擊"  # asked as the index is built (see ``RulesIndex.__init__``)
_MARKS = re.compile(f"([{OPEN}{CLOSE}])")
_MARKDOWN = re.compile(r"[*`#]+")


class UnknownGameError(ValueError):
    """A game id that has no rule texts."""


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float
    snippet: str
    plain_snippet: str
    passage: str = ""  # the sentence, paragraph or list item that answers, as written in the section
    beside: Hit | None = None  # shown with it as one place: the paragraph a ruling settles, or its ruling

    @property
    def shown(self) -> tuple[Section, ...]:
        """The sections this place shows: its own, then the one beside it."""
        return (self.section,) if self.beside is None else (self.section, self.beside.section)


@dataclass(frozen=True)
class Answer:
    """A search's answer: the hits, and whether any of them answers the question.

    When none holds the question's key words, `covered` is False, `reason` says so, and the
    hits are only the closest passages, to be shown as such, never as answers.
    """

    hits: tuple[Hit, ...]
    covered: bool
    reason: str = ""


def _mark(raw: str, mark: tuple[str, str] | None) -> str:
    if mark is None:
        return raw.replace(OPEN, "").replace(CLOSE, "")
    if "[" not in raw and "\\" not in raw:  # nothing to escape
        return raw.replace(OPEN, mark[0]).replace(CLOSE, mark[1])
    pieces = _MARKS.split(raw)
    tokens = {OPEN: mark[0], CLOSE: mark[1]}
    # Each piece escaped for Textual's content markup, which the rules screen shows: every `[`
    # (a lone one at a piece's end would join the mark after it, `[[b]`, and break the markup).
    return "".join(tokens.get(piece) or markup(piece) for piece in pieces)


def one_line(raw: str) -> str:
    """A snippet for one line: no Markdown marks, no index separators, single spaces; a
    table's rows read as words ("sword: 1; shield: 2"), never as pipes."""
    if CELL not in raw:  # most rows: no table
        return " ".join(_MARKDOWN.sub("", raw.replace(SPLIT, "")).split())
    lines = [line for line in raw.replace(SPLIT, "").split("\n") if not is_rule(line)]
    text = ""
    for at, line in enumerate(lines):  # rows apart by "; ", any other line by a space
        text += ("; " if CELL in lines[at - 1] and CELL in line else " ") * bool(at) + _row(line)
    return " ".join(_MARKDOWN.sub("", text).split())


def _row(line: str) -> str:
    """A Markdown table's row as words: its first cell, then the others ("Power Chop: 3 swords
    of one colour, 2 shields of that colour"); any other line as it is."""
    if CELL not in line:  # a snippet may begin or end inside a row: any line with a cell mark
        return line
    first, *rest = [cell for cell in cells(line) if cell] or [""]
    return f"{first}: {', '.join(rest)}" if rest else first


def worded(asked: Query) -> bool:
    """Whether a question holds a word: Chinese, or an English word that is no filler ("timer",
    "xylophone"). A question of words that no rule holds is one no rule covers; "zqxj" may be a
    slip, and the player is told to try a shorter word."""
    return bool(asked.cjk_runs) or any(english_words(word) for word in asked.words if word not in STOPWORDS)


class RulesIndex:
    def __init__(self, texts: Texts, tuning: Tuning = TUNING) -> None:
        self.built = Built(texts, tuning)
        self.reader = Reader(texts, self.built, tuning)
        self.ranker = Ranker(self.built, tuning)
        self.snippets = Snippets(self.built, tuning)
        self._lock = threading.Lock()
        # Start-up pays for OpenCC, the English word list and the lemmas (about 0.2 s together),
        # not the first question in Chinese or with a word the texts lack.
        load_converter()
        load_english()
        load_lemmas()
        load_kinds()
        # And SQLite prepares the search's statements (and FTS5 its own, a table each) and jieba
        # makes its first cut now, not as the first question waits: a question in English and
        # Chinese runs each of them once (its answer is dropped; nothing it reads changes another).
        self.ask(WARM_UP)

    @classmethod
    def load(cls, texts_dir: Path | Traversable | None = None) -> RulesIndex:
        return cls(load(texts_dir))

    def games(self) -> tuple[GameTexts, ...]:
        return self.built.games

    def section(self, section_id: str) -> Section | None:
        return self.built.by_id.get(section_id)

    def toc(self, game: str | None = None) -> list[Section]:
        self._check_game(game)
        return [section for section in self.built.sections if game in (None, section.game)]

    def words(self, game: str | None = None) -> tuple[str, ...]:
        """The words of a game's titles and topics (every game's for None), the most used
        first: what a search box may complete a word to."""
        counts: dict[str, int] = {}
        for section in self.toc(game):
            for word in WORDS.findall(f"{section.title} {' '.join(section.topics)}".lower()):
                if len(word) > 2 and word.isalpha() and word not in STOPWORDS:
                    counts[word] = counts.get(word, 0) + 1
        return tuple(sorted(counts, key=lambda word: -counts[word]))

    def example(self, game: str | None = None) -> str:
        """A search example from the game's own words: the start of its most used long word
        (a word half remembered), another of its words whole, and its most used term as
        printed on its cards (CJK), one whose English is among its words."""
        words = [w for w in self.words(game) if w not in ("ruling", "rulings")]  # every game's titles say it
        long = next((w for w in words if len(w) >= 7), words[0] if words else "")
        whole = next((w for w in words if w != long and len(w) >= 4), "")
        text = " ".join(section.text for section in self.toc(game))
        known = set(words)
        terms = [t for t, english in self.reader.glossary.items() if len(t) > 1 and known & set(english)]
        printed = max(terms, key=text.count, default="")
        return ", ".join(w for w in (long[:5], whole, printed) if w)

    def for_phase(self, game: str, phase: str) -> list[Section]:
        sections = self.toc(game)
        return [s for s in sections if phase in s.phases] + [s for s in sections if phase not in s.phases]

    def search(
        self, query: str, game: str | None = None, limit: int = 10, mark: tuple[str, str] | None = RICH_MARK
    ) -> list[Hit]:
        """The sections that match best, each with the passage that matches best."""
        return list(self.ask(query, game, limit, mark).hits)

    def ask(
        self, query: str, game: str | None = None, limit: int = 10, mark: tuple[str, str] | None = RICH_MARK
    ) -> Answer:
        """The search, and whether it answers: `covered` is False when no passage holds the
        question's key words or its focus (then the hits are the closest passages, not answers)."""
        self._check_game(game)
        if limit <= 0:
            return Answer((), True)
        if not query.strip():
            return Answer(tuple(line_hit(section, mark) for section in self.toc(game)[:limit]), True)
        query = traditional(query[:QUERY_CHARACTERS])
        question = self.reader.read(query, game)
        plain = self.ranker.unnamed(query, game)  # the game's name answers nothing about it
        judged = self.reader.read(plain, game) if plain else None
        with self._lock:
            ranked, answered = self.ranker.rank(question, query, game, judged)
            built = self.built
            shown = places(ranked, built.rows.owner, built.partners, built.settles, limit, self.ranker.tuning.beside)
            marks = question.parsed.marks_expression(question.together, self.built.cjk_marked[game])
            found = [row for place in shown for _, row in filter(None, place)]
            snippets = self.snippets.of(found, marks, question.expressions["original"])
        rows, sections = self.built.rows, self.built.sections

        def hit(negative: float, row: int, beside: Hit | None = None) -> Hit:
            raw = one_line(snippets.get(row) or rows.text[row])
            section = sections[rows.owner[row]]
            return Hit(section, -negative, _mark(raw, mark), _mark(raw, None), rows.text[row], beside)

        hits = [hit(*first, hit(*mate) if mate else None) for first, mate in shown]
        if not hits:  # no passage holds a word of it: uncovered, unless it holds no word at all
            return Answer((), False, NO_RULE if worded(question.asked) else NO_MATCH)
        return Answer(tuple(hits), answered, "" if answered else NO_RULE)

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in {info.game for info in self.built.games}:
            known = ", ".join(info.game for info in self.built.games) or "none"
            raise UnknownGameError(f"no rule texts for game {game!r} (known: {known})")


def line_hit(section: Section, mark: tuple[str, str] | None = RICH_MARK) -> Hit:
    """A section as a hit that shows its first line, Markdown marks taken out."""
    line = one_line(section.first_line)
    return Hit(section, 0.0, _mark(line, mark), line)


@cache
def get_index() -> RulesIndex:
    return RulesIndex(load())
