"""A Chinese question's search of the sections' text or the originals: FTS5's bm25, summed here.

That search is the question's CJK characters, pairs and whole pieces, each a phrase of
single-character tokens ("水 晶"), and FTS5 pays for each: it reads every row of the whole table
that holds the phrase (for its IDF) and the size of each row it scores. Here each character's
and pair's share of a row's score is worked out once, as the index is built, from the places
FTS5 itself holds each CJK token at, with FTS5's formula and constants (``rulesdb.askterms``);
a longer piece's shares are worked out the first time it is asked. bm25 sums its phrases'
shares in the expression's order, and so does ``rows``: every score is FTS5's own to the last
bit (a test checks it against FTS5's). A phrase with a character no row holds matches nothing
(it adds nothing to any score); an expression with any other phrase is left to FTS5.
Rows whose scores the search never reads (a section with an original, in the sections' CJK
search: its original speaks for it) are left out of the sums, though counted for the IDF.
"""

from __future__ import annotations

import sqlite3
from bisect import bisect_left, bisect_right
from itertools import pairwise

from rulesdb.askterms import Shares, letters, row_lengths, term_shares, varint
from rulesdb.query import recall

Places = dict[int, list[int]]  # a row -> the places (token offsets) a character or pair begins at, ascending


class GramTerms:
    """A one-column table's CJK tokens: where each is, and the bm25 shares of its characters and pairs."""

    def __init__(
        self, db: sqlite3.Connection, table: str, weight: float = 1.0, left_out: frozenset[int] = frozenset()
    ) -> None:
        self.db = db
        self.weight = weight  # the column's bm25 weight
        self.left_out = left_out  # rows whose scores no one reads: never returned, nor summed
        self.sql = (
            f"SELECT rowid, bm25({table}, {weight}) FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3"
        )
        sizes = {rowid: varint(size) for rowid, size in db.execute(f"SELECT id, sz FROM {table}_docsize")}
        self.places: dict[str, Places] = {}
        at: dict[int, dict[int, str]] = {}  # a row -> its CJK tokens by place
        db.execute(f"CREATE VIRTUAL TABLE temp.{table}_places USING fts5vocab(main, {table}, instance)")
        try:
            found = db.execute(f"SELECT term, doc, offset FROM temp.{table}_places WHERE term >= '\u3040'")
            kept: dict[str, bool] = {}  # whether a term is one CJK letter: read once a term
            for term, rowid, offset in found:
                letter = kept.get(term)
                if letter is None:
                    letter = kept[term] = len(term) == 1 and letters(term)
                if letter:
                    self.places.setdefault(term, {}).setdefault(rowid, []).append(offset)
                    at.setdefault(rowid, {})[offset] = term
        finally:
            db.execute(f"DROP TABLE temp.{table}_places")
        self.count = len(sizes)
        self.lengths = row_lengths(sizes)
        for rowid in sorted(at):  # the pairs' places: where each of two neighbours begins
            tokens = at[rowid]
            for offset, char in sorted(tokens.items()):
                following = tokens.get(offset + 1)
                if following is not None:
                    self.places.setdefault(char + following, {}).setdefault(rowid, []).append(offset)
        self.shares: dict[str, Shares] = {
            term: self._shares({rowid: len(found) for rowid, found in rows.items()})
            for term, rows in self.places.items()
        }
        self.pieces: dict[str, Shares] = {}  # a longer piece's shares, worked out when first asked

    def _shares(self, counts: dict[int, int]) -> Shares:
        """The rows holding a phrase (as many times as counted), ascending, and its share of each."""
        rows = sorted(counts.keys() - self.left_out)
        frequencies = [(r, self._frequency(counts[r])) for r in rows]
        return rows, term_shares(self.count, len(counts), frequencies, self.lengths)

    def _frequency(self, times: int) -> float:
        """A phrase's frequency in a row as FTS5 counts it: the column's weight added once a time."""
        frequency = 0.0
        for _ in range(times):
            frequency += self.weight
        return frequency

    def _piece(self, tokens: list[str]) -> Shares:
        """A phrase of two or more characters: the rows holding it, and its share of each. Its
        pairs' places are read, from the rows of the rarest pair only."""
        pairs = [self.places.get(first + second, {}) for first, second in pairwise(tokens)]
        rarest = min(range(len(pairs)), key=lambda n: len(pairs[n]))
        counts: dict[int, int] = {}
        for rowid, found in pairs[rarest].items():
            held = sum(
                all(at - rarest + n in pairs[n].get(rowid, ()) for n in range(len(pairs)) if n != rarest)
                for at in found
            )
            if held:
                counts[rowid] = held
        return self._shares(counts)

    def rows(self, expression: str, first: int, last: int) -> list[tuple[int, float]]:
        """The rows first to last that match, ascending, each with its bm25 rank (negative)."""
        found: list[Shares] = []
        shares = self.shares
        for phrase in expression.split(" OR "):
            inner = phrase[1:-1]
            term = inner[::2]  # a phrase of single characters, each after a space: "水 晶"
            if term in shares and inner[1::2] == " " * (len(term) - 1) and phrase[0] == phrase[-1] == '"':
                found.append(shares[term])  # a character or a pair (the only terms shares holds)
                continue
            tokens = inner.split(" ")
            if (
                phrase[:1] != '"'
                or phrase[-1:] != '"'
                or not all(len(token) == 1 and letters(token) for token in tokens)
            ):
                found_rows = self.db.execute(self.sql, (expression, first, last))
                return [(rowid, rank) for rowid, rank in found_rows if rowid not in self.left_out]
            if all(token in self.places for token in tokens):  # else a character no row holds: no match
                found.append(recall(self.pieces, "".join(tokens), self._piece, tokens))
        scores: dict[int, float] = {}
        get = scores.get
        for rowids, held in found:
            start = bisect_left(rowids, first)
            end = bisect_right(rowids, last, start)
            for rowid, share in zip(rowids[start:end], held[start:end], strict=True):
                scores[rowid] = get(rowid, 0.0) + share
        return [(rowid, -scores[rowid]) for rowid in sorted(scores)]
