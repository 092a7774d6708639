"""Each section's best-matching ask: FTS5's bm25 over the asks, its CJK terms summed here.

A Chinese question's characters and pairs are most of the asks' search, and FTS5 pays for each
of them: it reads every row of the whole table that holds the term (for its IDF) and the size
of each row it scores. Here each CJK term's share of a row's bm25 score is worked out once, as
the index is built, with FTS5's own formula and constants, so a question's CJK terms cost one
addition a row they are in. bm25 sums its phrases' shares in the expression's order: FTS5
scores the phrases up to the last one that is not a CJK term, and the CJK terms after it add
their shares here, in that order, so every score is FTS5's own to the last bit (a test checks
it against FTS5's). Only CJK terms of letters are summed here, and only where FTS5 agrees on
how many rows hold them: each is one token in the table (an indexed ask's CJK runs are its
characters and pairs, each a token of its own).
"""

from __future__ import annotations

import math
import re
import sqlite3
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping

from rulesdb.query import CJK

K1, B = 1.2, 0.75  # FTS5's bm25 constants (fts5_aux.c)
_TERM = re.compile(f"[{CJK}]+")
_PIECE = re.compile(rf"(?<!\S)[{CJK}]\S*")  # a text's pieces between spaces that begin with a CJK character
Shares = tuple[list[int], list[float]]  # a term's rows, ascending, and its share of each one's score


def row_lengths(sizes: Mapping[int, int]) -> dict[int, float]:
    """FTS5's k1 * (1 - b + b * D / avgdl) for each row of a table, in its order of operations."""
    average = sum(sizes.values()) / len(sizes) if sizes else 1.0
    return {rowid: K1 * (1 - B + B * size / average) for rowid, size in sizes.items()}


def term_shares(
    rows: int, holding: int, frequencies: Iterable[tuple[int, float]], lengths: Mapping[int, float]
) -> list[float]:
    """A phrase's share of each row's bm25 score, for its frequency in each row it is in: FTS5's
    IDF (over `rows`, `holding` of them holding it) and formula, in its order of operations, so
    the doubles are FTS5's own."""
    idf = math.log((rows - holding + 0.5) / (holding + 0.5))
    idf = idf if idf > 0.0 else 1e-6
    return [idf * ((f * (K1 + 1.0)) / (f + lengths[r])) for r, f in frequencies]


def letters(term: str) -> bool:
    """Whether a CJK term is one token to FTS5's unicode61 as it stands: CJK letters only."""
    return term.isalpha() and bool(_TERM.fullmatch(term))  # isalpha: each character's category is L*


class AskTerms:
    """The asks table's CJK terms, each with its share of the bm25 score of each row it is in."""

    def __init__(self, db: sqlite3.Connection, table: str, rows: Iterable[tuple[int, str]], slot: int) -> None:
        self.db = db
        self.rows_sql = f"SELECT rowid, -bm25({table}) FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3"
        # Each slot's best-matching row, grouped in SQL (the rows of a slot side by side).
        self.best_sql = (
            f"WITH matched AS MATERIALIZED (SELECT rowid / {slot} AS slot, -bm25({table}) AS score FROM {table} "
            f"WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3) SELECT slot, max(score) FROM matched GROUP BY slot"
        )
        self.slot = slot
        # Each row's size in tokens, as FTS5 keeps it (one varint a column; the table has one).
        sizes = {rowid: varint(size) for rowid, size in db.execute(f"SELECT id, sz FROM {table}_docsize")}
        # Each CJK term's rows, ascending, a row once for each time it holds the term.
        found: dict[str, list[int]] = {}
        for rowid, text in sorted(rows):
            if not text.isascii():
                for term in _PIECE.findall(text):
                    found.setdefault(term, []).append(rowid)
        counts = {term: _counted(rowids) for term, rowids in found.items()}
        self.shares: dict[str, Shares] = {}
        self.ready = bool(sizes) and all(map(letters, counts)) and self._agrees(table, counts)
        if not self.ready:  # FTS5 scores every phrase then
            return
        lengths = row_lengths(sizes)
        for term, held in counts.items():
            self.shares[term] = (list(held), term_shares(len(sizes), len(held), held.items(), lengths))

    def _agrees(self, table: str, counts: dict[str, dict[int, int]]) -> bool:
        """Whether FTS5 holds these CJK terms in as many rows, as many times."""
        self.db.execute(f"CREATE VIRTUAL TABLE temp.{table}_terms USING fts5vocab(main, {table}, row)")
        try:
            found = self.db.execute(
                f"SELECT count(*), sum(doc), sum(cnt) FROM temp.{table}_terms WHERE term >= '\u3040'"
            ).fetchone()
        finally:
            self.db.execute(f"DROP TABLE temp.{table}_terms")
        ours = (len(counts), sum(map(len, counts.values())), sum(sum(held.values()) for held in counts.values()))
        return tuple(value or 0 for value in found) == ours

    def best(self, expression: str, first: int, last: int) -> list[tuple[int, float]]:
        """Each slot's best score (slots in order) among the rows first to last that match."""
        phrases = expression.split(" OR ")
        at = len(phrases)
        while self.ready and at and self._term(phrases[at - 1]):
            at -= 1
        if at == len(phrases):
            return list(self.db.execute(self.best_sql, (expression, first, last)))
        head = " OR ".join(phrases[:at])
        scores: dict[int, float] = dict(self.db.execute(self.rows_sql, (head, first, last))) if head else {}
        get = scores.get
        for phrase in phrases[at:]:
            rowids, shares = self.shares[phrase[1:-1]]
            start = bisect_left(rowids, first)
            end = bisect_right(rowids, last, start)
            for rowid, share in zip(rowids[start:end], shares[start:end], strict=True):
                scores[rowid] = get(rowid, 0.0) + share
        best: dict[int, float] = {}
        for rowid, score in scores.items():
            slot = rowid // self.slot
            if slot not in best or score > best[slot]:
                best[slot] = score
        return sorted(best.items())

    def _term(self, phrase: str) -> bool:
        """Whether an FTS5 phrase is one of the CJK terms the shares score ("水晶"): a term the
        asks lack is left to FTS5 (the question's terms are the game's asks', so it is none)."""
        return phrase[:1] == phrase[-1:] == '"' and phrase[1:-1] in self.shares


def _counted(rowids: list[int]) -> dict[int, int]:
    """How many times each row is in an ascending list of rows, in order."""
    once = dict.fromkeys(rowids, 1)
    return once if len(once) == len(rowids) else dict(Counter(rowids))


def varint(data: bytes) -> int:
    """SQLite's variable-length integer at the start of ``data`` (as FTS5 stores a row's size)."""
    value = 0
    for byte in data[:9]:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            break
    return value
