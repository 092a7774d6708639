"""Whether a passage answers a question: the share of the question's key words it holds.

bm25 ranks every passage that shares a word with the question, so a question the rules do
not cover still gets answers that look ordinary. Here each word the player typed (its
synonyms and spelling correction standing in for it) weighs by how rare it is in the game's
passages (inverse document frequency; a word no passage holds weighs most) times how specific
it is in English (``spelling.specificity``: "work" and "cost" say less than "parry"), and a
passage covers the share of that weight it holds; a word no passage holds weighs at least
``ABSENT`` of its rarity however common it is in English. The index calls a question covered
when some candidate passage holds enough (``COVERED`` in rulesdb.index): "how much does the
game cost" holds "game" only, a common word, and is answered "No rule covers this".

Words are compared by a crude stem (`word_key`: "blocked", "blocks" and "blocking" are
"block"), which is all a yes-or-no check needs; the ranking itself stays FTS5's.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from itertools import chain

from rulesdb.query import CJK, Query, bigrams, recall

# Verbs a question is built on rather than about ("what happens when", "how does it work").
QUESTION_VERBS = frozenset(["happen", "work", "mean", "get", "go", "need", "want", "matter", "able"])
# The least specificity of a word no passage holds (nor any of its alternatives): a common
# English word the texts never use ("heavy", "online") still says the question is elsewhere.
ABSENT = 0.35
_WORD = re.compile(rf"(?:(?![{CJK}])[^\W_])+")
Group = tuple[float, tuple[frozenset[str], ...]]  # a key word's weight, and its alternatives' keys


@lru_cache(maxsize=16384)  # the texts' few thousand words, read again at each build and question
def word_key(word: str) -> str:
    """A word's crude stem, six letters at most: "blocked", "blocks" and "blocking" are "block",
    "parries", "parried" and "parry" are "parri", "tied" and "ties" are "tie"."""
    word = word.lower()
    if len(word) > 4 and word.endswith(("ies", "ied")):
        word = word[:-3] + "i"
    elif word.endswith("ing") and len(word) >= 6:
        word = word[:-3]
    elif word.endswith("eed"):  # "need", "succeed": the word itself, not a past tense
        pass
    elif word.endswith("ed") and len(word) >= 5:
        word = word[:-2]
    elif word.endswith("ed") or (word.endswith("es") and len(word) >= 5 and word[-3] in "sxz"):
        word = word[:-1] if word.endswith("ed") else word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) >= 4:
        word = word[:-1]
    if word.endswith("y") and len(word) > 3:
        word = word[:-1] + "i"
    elif word.endswith("e") and len(word) > 4:  # "rescue" and "rescued" are "rescu"
        word = word[:-1]
    return word[:6]


def word_keys(text: str) -> set[str]:
    return {word_key(word) for word in _WORD.findall(text)}


class Coverage:
    """The key sets of a game's passages (passage rowids from `first` on)."""

    def __init__(
        self,
        keys: list[frozenset[str]],
        first: int,
        specificity: Callable[[str], float],
    ) -> None:
        self._keys = keys
        self._specificity = specificity
        self._first = first
        self._count = max(len(keys), 1)
        self._df: dict[str, int] = {}
        for held in keys:
            for key in held:
                self._df[key] = self._df.get(key, 0) + 1
        self._order = {key: at for at, key in enumerate(self._df)}  # first seen first, among equals
        self._sorted = sorted(self._df)  # for the words a word begins, by bisection
        self._groups: dict[tuple[str, tuple[str, ...] | None], Group] = {}  # (word, alternatives) or (pair, None)

    def _weight(self, word: str, alternatives: Iterable[frozenset[str]]) -> float:
        """How rare the word (or the best of its alternatives) is in the game's passages, times
        how specific it is in English: a word the texts lack weighs most, unless it is common."""
        df = max((min(self._df.get(key, 0) for key in phrase) for phrase in alternatives), default=0)
        specific = self._specificity(word)
        if df == 0:  # "heavy", "online": no passage holds it, so it says what the rules lack
            specific = max(specific, ABSENT)
        return math.log((self._count + 1) / (df + 0.5)) * specific

    def groups(self, asked: Query, understood: Query, alternatives: Mapping[str, tuple[str, ...]]) -> list[Group]:
        """The question's key words, each as its weight and its alternatives (each a set of
        keys a passage must all hold: "holy knight" needs both); CJK by its pairs."""
        groups = []
        for word in asked.words:
            # A word and its alternatives weigh the same in every question.
            alone = alternatives.get(word, ())
            group = recall(self._groups, (word, alone), self._group, word, alone)
            if group[1]:
                groups.append(group)
        for run in understood.cjk_runs:
            # A pair no passage holds is most often two words' edges (開始每人: 始每), not a
            # word the texts lack: only the pairs the texts hold count.
            for gram in dict.fromkeys(bigrams(run) if len(run) > 1 else ()):
                if gram in self._df:
                    groups.append(recall(self._groups, (gram, None), self._pair, gram))
        if not groups:  # 有計時器嗎: Chinese of which the texts hold no pair asks what they lack
            absent = math.log((self._count + 1) / 0.5) * ABSENT
            groups = [(absent, (frozenset((run,)),)) for run in understood.cjk_runs if len(run) > 1]
        return groups

    def glossed(self, groups: list[Group], asked: Query, understood: Query) -> list[Group]:
        """The groups, or, when they are Chinese of which no passage holds a pair (``groups``'
        own fallback), the English the question's Chinese stands for, when it has some (輪到 is
        "turn": tkc's passages are English): 有計時器嗎 has none, and stays absent."""
        if asked.words or not understood.words:
            return groups
        english = [word for word in understood.words if word not in asked.words]
        if any(gram in self._df for _, phrases in groups for p in phrases for gram in p):
            return groups
        return [group for word in english if (group := self._group(word, ()))[1]] or groups

    def _group(self, word: str, alternatives: tuple[str, ...]) -> Group:
        """A word's weight and alternatives (none for a verb a question is built on)."""
        if word_key(word) in QUESTION_VERBS:
            return (0.0, ())
        phrases = tuple(
            frozenset(word_key(part) for part in phrase.split()) for phrase in dict.fromkeys((word, *alternatives))
        )
        if all(key not in self._df for phrase in phrases for key in phrase):
            phrases += self._completions(word_key(word)) + self._parts(word)
        return (self._weight(word, phrases), phrases)

    def _pair(self, gram: str) -> Group:
        """A CJK pair's weight, and itself as its one alternative."""
        phrases = (frozenset((gram,)),)
        return (self._weight(gram, phrases), phrases)

    def _completions(self, key: str, most: int = 8) -> tuple[frozenset[str], ...]:
        """The texts' words a word the texts lack begins, as the search matches it ("excal" is
        the start of Excalibur)."""
        if key in self._df or len(key) < 3:
            return ()
        found = []
        for known in self._sorted[bisect_left(self._sorted, key) :]:
            if not known.startswith(key):
                break
            found.append(known)
        ranked = sorted(found, key=lambda k: (-self._df[k], self._order[k]))
        return tuple(frozenset((known,)) for known in ranked[:most])

    def _parts(self, word: str) -> tuple[frozenset[str], ...]:
        """A word the texts lack read as two words they hold: "tiebreak" is "tie" and "break"."""
        splits = ((word_key(word[:at]), word_key(word[at:])) for at in range(3, len(word) - 2))
        return tuple(frozenset(pair) for pair in splits if pair[0] in self._df and pair[1] in self._df)[:2]

    def covers(
        self,
        groups: list[Group],
        passages: list[int],
        enough: float,
        also: Iterable[frozenset[str]] = (),
    ) -> bool:
        """Whether one of the passages, or one of the key sets ``also`` (the asks of their
        sections), holds at least ``enough`` of the groups' weight (read in order, so the first
        that does ends the reading)."""
        total = sum(weight for weight, _ in groups)
        if not total:
            return True
        held_sets = (self._keys[at] for p in passages if 0 <= (at := p - self._first) < len(self._keys))
        return any(held_weight(groups, held) >= enough * total for held in chain(held_sets, also))

    def lacks(self, groups: list[Group], words: Iterable[str] = ()) -> bool:
        """Whether no passage holds a word of any group, nor any of ``words`` (the English a
        Chinese question's words stand for): 有計時器嗎 asks only of what the rules never use."""
        return all(key not in self._df for _, phrases in groups for phrase in phrases for key in phrase) and not any(
            word_key(word) in self._df for word in words
        )

    def knows(self, phrase: str) -> bool:
        """Whether some passage holds each word of the phrase."""
        return all(word_key(word) in self._df for word in phrase.split())

    def holds(self, group: Group, passage: int, also: Iterable[frozenset[str]] = ()) -> bool:
        """Whether the passage (or one of the key sets ``also``: its section's asks) holds the
        group: one of its alternatives whole."""
        at = passage - self._first
        held_sets = chain([self._keys[at]] if 0 <= at < len(self._keys) else [], also)
        return any(phrase <= held for held in held_sets for phrase in group[1])

    def holds_shared(self, groups: list[Group], other: frozenset[str], passage: int) -> bool:
        """Whether the passage holds each of the groups the key set ``other`` holds."""
        return all(self.holds(group, passage) for group in groups if any(phrase <= other for phrase in group[1]))

    def first_held(self, groups: Iterable[Group], passage: int) -> Group | None:
        """The first of the groups the passage holds."""
        at = passage - self._first
        held = self._keys[at] if 0 <= at < len(self._keys) else frozenset()
        for group in groups:
            for phrase in group[1]:
                if phrase <= held:
                    return group
        return None

    def held(self, groups: list[Group], passage: int) -> float:
        """The weight of the groups the passage holds."""
        at = passage - self._first
        if not 0 <= at < len(self._keys):
            return 0.0
        return held_weight(groups, self._keys[at])


def held_weight(groups: list[Group], held: frozenset[str]) -> float:
    """The weight of the groups the key set holds, summed in their order (a loop, not nested
    generators: read for many rows a question)."""
    weights = []
    for weight, phrases in groups:
        for phrase in phrases:
            if phrase <= held:
                weights.append(weight)
                break
    return sum(weights)
