"""The glossary of the texts: the English beside each printed CJK term.

The texts give the original beside the English the first time a term appears in a section
("Dark Dungeon (黑暗地牢)"); those pairs say which English words a CJK query is about, so a
question in Chinese also searches the English sections, rulings included (they have no
original of their own).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

from rulesdb.query import CJK, STOPWORDS, singular
from rulesdb.texts import Section

_GLOSS = re.compile(  # (?<!...) only skips starts inside a word, which never match first
    rf"(?<![A-Za-z])((?:[A-Za-z][A-Za-z'’-]*\s+){{0,2}}[A-Za-z][A-Za-z'’-]*)(?:[!！]\**)?\s*[(（]\s*([{CJK}]+)"
)
_GLOSS_END = re.compile(rf"[(（]\s*[{CJK}]+")
_GLOSS_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'’-")


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
                    words.insert(0, singular(word))
            if words:
                seen.setdefault(unicodedata.normalize("NFKC", match[2]), []).append(words)
    terms = {}
    for term, occurrences in seen.items():
        counts = Counter(word for words in occurrences for word in dict.fromkeys(words))
        terms[term] = tuple(word for word in counts if 2 * counts[word] >= len(occurrences))
    return terms


def _gloss_matches(text: str) -> Iterator[re.Match[str]]:
    """``_GLOSS.finditer(text)``, without trying every letter as a start.

    A match ends at a parenthesis before a CJK term (a term called out, "Attention! (注意!)",
    in bold or not) and starts at most three words before it, so the search for each such parenthesis starts there: at the third word back, or
    where the words and white space before the parenthesis begin.
    """
    done = 0  # where the last match ended: nothing before it is tried again
    for end in _GLOSS_END.finditer(text):
        at = end.start()
        while at > done and text[at - 1].isspace():
            at -= 1
        called = at  # a term called out, maybe in bold: "**Attention!** (注意!)"
        while called > done and text[called - 1] == "*":
            called -= 1
        if called > done and text[called - 1] in "!！":
            at = called - 1
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


def covered_length(run: str, terms: dict[str, tuple[str, ...]]) -> int:
    """How many characters of a CJK piece glossary terms cover: all of 王者之劍, fewer of a
    sentence with one term in it."""
    index = _index(terms)
    if run in terms or (len(run) > 1 and index.holding(run)):
        return len(run)
    return min(len(run), sum(len(t) for t in index.within(run)))


def english_for(run: str, terms: dict[str, tuple[str, ...]], most: int = 3) -> tuple[str, ...]:
    if run in terms:
        return terms[run]
    if len(run) < 2:
        return ()
    index = _index(terms)
    holding = index.holding(run)
    if holding:
        shared = _shared(run, holding, terms)
        if shared:
            return shared[:most]
        return tuple(w for w, _ in Counter(w for t in holding for w in _part(run, t, terms[t])).most_common(most))
    return tuple(w for w, _ in Counter(w for t in index.within(run) for w in terms[t]).most_common(most))


def _shared(run: str, holding: list[str], terms: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """What a part of glossary terms says in them: each term's words less those of its rest,
    when the rest is a term of its own (招式 of 攻擊招式 "attack move" is the move, 攻擊 being
    the attack; 騎士 of 聖騎士 a knight), the words all such readings share; none when no
    term's rest is a term."""
    readings = [r for r in (_without_rest(run, term, terms) for term in holding) if r]
    if not readings:
        return ()
    return tuple(w for w in dict.fromkeys(readings[0]) if all(w in reading for reading in readings))


def _without_rest(run: str, term: str, terms: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    rest = term.replace(run, "", 1)
    rest_words = set(terms.get(rest, ())) if rest != term else set()
    left = tuple(w for w in terms[term] if w not in rest_words)
    return left if rest_words and left else ()


def _part(run: str, term: str, english: tuple[str, ...]) -> tuple[str, ...]:
    """The English of the part of a term a piece is. A Chinese compound names its kind last:
    its last half is still the term's thing (金幣 of 一袋金幣 is the bag of gold, 上限 of 合計上限
    a cap), but its first half or less is a word of its own, the first of the term's words
    (決定 of 決定陣營 "decide faction" is "decide", not a faction). A larger part says them all."""
    if 2 * len(run) > len(term) or len(english) < 2:
        return english
    share = max(1, len(english) * len(run) // len(term))
    return english[:share] if term.startswith(run) else english


class _Index:
    """A glossary's terms by their characters, so that a new piece reads the few terms that
    share a character with it, not all of them (a question's pieces are mostly new)."""

    def __init__(self, terms: dict[str, tuple[str, ...]]) -> None:
        self.order = {term: at for at, term in enumerate(terms)}
        self.by_char: dict[str, list[str]] = {}  # a character -> the terms that hold it, in order
        self.by_first: dict[str, list[str]] = {}  # a character -> the terms it begins, in order
        for term in terms:
            for char in dict.fromkeys(term):
                self.by_char.setdefault(char, []).append(term)
            if term:
                self.by_first.setdefault(term[0], []).append(term)

    def holding(self, run: str) -> list[str]:
        """The terms the (non-empty) piece is part of, in the glossary's order."""
        return [term for term in self.by_char.get(run[0], ()) if run in term]

    def within(self, run: str) -> list[str]:
        """The terms of two characters or more that are part of the piece, in the glossary's order."""
        found = {term for char in set(run) for term in self.by_first.get(char, ()) if len(term) > 1 and term in run}
        return sorted(found, key=self.order.__getitem__)


_INDEXES: dict[int, tuple[dict[str, tuple[str, ...]], _Index]] = {}


def _index(terms: dict[str, tuple[str, ...]]) -> _Index:
    """The glossary's index, made once a glossary."""
    held = _INDEXES.get(id(terms))
    if held is None or held[0] is not terms:
        held = _INDEXES[id(terms)] = (terms, _Index(terms))
    return held[1]
