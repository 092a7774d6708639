"""Misspelt words put right against the index's own vocabulary (read from FTS5's fts5vocab).

Only a word the texts do not know, neither whole nor as the start of a longer word, is
corrected, and only to a word at most one edit away (two for words of five letters or more),
counting a swap of neighbouring letters as one edit: ``knigth`` is knight, ``dungon`` dungeon.

A word the English language knows is never corrected, even when the texts do not use it
(``cant``, ``anybody``): the word list is the English frequency dictionary that symspellpy
ships (82,765 words), read as a plain file without importing symspellpy, once, as the index is built.

Candidates come from a table of deletions (the symmetric-delete method): every vocabulary
word is filed under itself and each string it gives with one or two letters taken out, and a
query word looks itself and its own deletions up, so only a handful of words need the edit
distance worked out. Of those within reach, the nearest wins, then a word of the rules before a
common one (``orks`` is orcs before works), then one that holds every letter typed in order (a
letter left out is the commonest slip: ``moster`` is monster before master), then the one of
the query's length, then the one in most sections.

A word English and the texts do not know, one edit from a word a question is built on
("teh", "waht", "hwo", "thier"), is that word mistyped (`slip`): the question leaves it out
rather than weigh it as a word the rules lack, or correct it to a texts word ("waht" is not
"want").
"""

from __future__ import annotations

import importlib.util
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from rulesdb.query import STOPWORDS, recall

MIN_LENGTH = 4  # shorter words are left alone: "orc" and "ork" are both plausible words
LONG = 5  # from this length two edits are allowed
RULE_WORD = 0.5  # the specificity of a word of the rules ("thief", "orcs"), not a common one ("want", "works")


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


@cache
def _english() -> dict[str, float]:
    """Each English word and its rarity: log10 of the corpus size over the word's count."""
    spec = importlib.util.find_spec("symspellpy")  # finds the package without running it
    for folder in list(spec.submodule_search_locations or ()) if spec else []:
        path = Path(folder) / "frequency_dictionary_en_82_765.txt"
        if path.is_file():
            counts = {}
            for line in path.read_text(encoding="utf-8").splitlines():
                word, _, count = line.partition(" ")
                if count.isdigit():
                    counts[word] = int(count)
            total = sum(counts.values())
            return {word: math.log10(total / count) for word, count in counts.items()}
    return {}


def load_english() -> None:
    """Read the word list now, so that the first unknown word does not wait for it."""
    _english()


def english_words(word: str) -> bool:
    """Whether ``word`` (lower case) is an English word."""
    return word in _english()


# An American spelling that leaves the l single before an ending ("leveled", "dueling",
# "traveling"), where the word list and lemminflect hold the British form ("levelled").
_SINGLE_L = re.compile(r"^([a-z]*[aeiou])l(ing|ed|er|ers)$")


def british(word: str) -> str:
    """The British form of an American single-l ending ("leveled" is "levelled"), or the word."""
    found = _SINGLE_L.match(word)
    return f"{found[1]}ll{found[2]}" if found else word


COMMON, RARE = 3.5, 6.0  # rarities: "game", "work" and "cost" are common; "parry" and "orc" rare


def specificity(word: str) -> float:
    """How much a word says about what is asked, 0.15 to 1: a common English word ("work",
    "cost") little, a rare one ("parry") or one English does not know (a game's term) fully."""
    if word.isdigit():  # "I have 8 mana": the number is the player's, the rule is about mana
        return 0.15
    rarity = _english().get(word)
    if rarity is None:
        return 1.0
    return min(1.0, max(0.15, (rarity - COMMON) / (RARE - COMMON)))


def within_one(a: str, b: str) -> bool:
    """Whether ``distance(a, b, 1) <= 1``: the same, or one letter changed, added, taken out or
    swapped with its neighbour, read in one pass (a word is compared with every stop word)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) < len(b):
        a, b = b, a
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(b))
    if len(a) > len(b):
        return a[at + 1 :] == b[at:]
    swapped = a[at + 1 : at + 2] == b[at : at + 1] and a[at : at + 1] == b[at + 1 : at + 2]
    return a[at + 1 :] == b[at + 1 :] or (swapped and a[at + 2 :] == b[at + 2 :])


def holds_in_order(word: str, candidate: str) -> bool:
    letters = iter(candidate)
    return all(letter in letters for letter in word)


def reach(word: str) -> int:
    return 2 if len(word) >= LONG else 1


class Speller:
    def __init__(self, counts: dict[str, int], is_english: Callable[[str], bool] = lambda word: False) -> None:
        """``counts``: each vocabulary word and the number of sections it occurs in;
        ``is_english``: whether a word is English (never corrected)."""
        self._counts = counts
        self._is_english = is_english
        self._by_deletion: dict[str, list[str]] = {}
        for word in counts:
            if len(word) >= MIN_LENGTH - 1 and word.isalpha():
                for key in deletions(word, reach(word)):
                    self._by_deletion.setdefault(key, []).append(word)
        self._prefixes = {word[:n] for word in counts for n in range(1, len(word))}
        self._corrected: dict[str, str | None] = {}
        self._slips: dict[str, bool] = {}
        self._stopwords = tuple(word for word in STOPWORDS if len(word) >= MIN_LENGTH - 1)

    def known(self, word: str) -> bool:
        return word in self._counts or word in self._prefixes

    def spell(self, word: str) -> tuple[str, ...]:
        """The word as the texts spell it: itself when known (or English), corrected, or
        read as two words the texts hold ("tiebreak" is "tie break")."""
        corrected = self.correct(word)
        if corrected:
            return (corrected,)
        swapped = None if self.known(word) else self.unswapped(word)
        if swapped:  # "cots" for cost: an English word the texts lack, two letters from theirs
            return (word, swapped)
        if self.known(word) or len(word) < 2 * (MIN_LENGTH - 1) or not word.isalpha():
            return (word,)
        for at in range(MIN_LENGTH - 1, len(word) - MIN_LENGTH + 2):
            if word[:at] in self._counts and word[at:] in self._counts:
                return (word, word[:at], word[at:])
        return (word,)

    def slip(self, word: str) -> bool:
        """Whether ``word`` is a stop word mistyped ("teh", "waht"), worked out once a word."""
        return recall(self._slips, word, self._slip, word)

    def _slip(self, word: str) -> bool:
        if len(word) < MIN_LENGTH - 1 or not word.isascii() or not word.isalpha() or self.known(word):
            return False
        if self._is_english(word):
            return False
        near = [stop for stop in self._stopwords if within_one(word, stop)]
        corrected = self.correct(word) if near else None
        if not near or not corrected or not within_one(word, corrected):
            return bool(near)
        # As near a rule word as a stop word: two letters swapped is the likelier slip ("thier"
        # is their, "theif" thief); else the question is about the rules ("thief") rather than
        # a common word ("want").
        letters = sorted(word)
        swapped = any(sorted(stop) == letters for stop in near)
        if swapped != (sorted(corrected) == letters):
            return swapped
        return specificity(corrected) < RULE_WORD

    def unswapped(self, word: str) -> str | None:
        """The vocabulary word this one is with two neighbouring letters swapped ("cots" for
        cost), English or not: a slip more often than a word the rules lack."""
        if len(word) < MIN_LENGTH or word in self._counts or not word.isalpha():
            return None
        swaps = (word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1))
        return next((swap for swap in swaps if swap in self._counts), None)

    def correct(self, word: str) -> str | None:
        """The vocabulary word meant by an unknown ``word``, or None (worked out once a word)."""
        return recall(self._corrected, word, self._correct, word)

    def _correct(self, word: str) -> str | None:
        if len(word) < MIN_LENGTH or not word.isascii() or not word.isalpha() or self.known(word):
            return None
        if self._is_english(word):
            return None
        most = reach(word)
        candidates = {c for key in deletions(word, most) for c in self._by_deletion.get(key, ())}
        ranked = sorted(
            (
                distance(word, c, most),
                specificity(c) < RULE_WORD,
                not holds_in_order(word, c),
                abs(len(c) - len(word)),
                -self._counts[c],
                c,
            )
            for c in candidates
        )
        return ranked[0][-1] if ranked and ranked[0][0] <= most else None
