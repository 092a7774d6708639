"""Misspelt words put right against the index's own vocabulary (read from FTS5's fts5vocab).

Only a word the texts do not know, neither whole nor as the start of a longer word, is
corrected, and only to a word at most one edit away (two for words of five letters or more),
counting a swap of neighbouring letters as one edit: ``knigth`` is knight, ``dungon`` dungeon.

Candidates come from a table of deletions (the symmetric-delete method): every vocabulary
word is filed under itself and each string it gives with one or two letters taken out, and a
query word looks itself and its own deletions up, so only a handful of words need the edit
distance worked out. Of those within reach, the nearest wins, then the one of the query's
length, then the one in most sections.
"""

from __future__ import annotations

MIN_LENGTH = 4  # shorter words are left alone: "orc" and "ork" are both plausible words
LONG = 5  # from this length two edits are allowed


def deletions(word: str, most: int) -> set[str]:
    """The word and every string made by taking out up to ``most`` of its letters."""
    found, last = {word}, {word}
    for _ in range(most):
        last = {w[:i] + w[i + 1 :] for w in last if len(w) > 2 for i in range(len(w))}
        found |= last
    return found


def distance(a: str, b: str, most: int) -> int:
    """Optimal string alignment distance (a swap is one edit); most + 1 once beyond ``most``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before, row = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (ca != cb))
            if before is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        if min(current) > most:
            return most + 1
        before, row = row, current
    return row[-1]


def reach(word: str) -> int:
    return 2 if len(word) >= LONG else 1


class Speller:
    def __init__(self, counts: dict[str, int]) -> None:
        """``counts``: each vocabulary word and the number of sections it occurs in."""
        self._counts = counts
        self._by_deletion: dict[str, list[str]] = {}
        for word in counts:
            if len(word) >= MIN_LENGTH - 1 and word.isalpha():
                for key in deletions(word, reach(word)):
                    self._by_deletion.setdefault(key, []).append(word)
        self._prefixes = {word[:n] for word in counts for n in range(1, len(word))}

    def known(self, word: str) -> bool:
        return word in self._counts or word in self._prefixes

    def correct(self, word: str) -> str | None:
        """The vocabulary word meant by an unknown ``word``, or None."""
        if len(word) < MIN_LENGTH or not word.isascii() or not word.isalpha() or self.known(word):
            return None
        most = reach(word)
        candidates = {c for key in deletions(word, most) for c in self._by_deletion.get(key, ())}
        ranked = sorted((distance(word, c, most), abs(len(c) - len(word)), -self._counts[c], c) for c in candidates)
        return ranked[0][3] if ranked and ranked[0][0] <= most else None
