"""A limit asked for, and a limit stated: "is there a maximum hand size" is answered only by a
passage that states a limit of the thing asked about (a starting hand's size is no hand limit).

A limit is asked by a limit word (maximum, limit, cap, capped, ceiling; 上限, 最多, 限制, 封頂,
頂多: the mainland's 封顶 and 顶多 read as these), never by "at most" (at most how many swords
may I lose asks a count), and stated by one, or by a phrase of one whose words stand side by
side ("at most", "no more than", "up to"): "more" or "only" alone is no limit ("attacks one
more time", "its own gem only"), nor "up" and "to" apart ("locked up, I want to free them"). A
passage states it in its English, its section's title and topics, or its section's original
(上限, 最多, 超過); a player count ("2–6 players") states the most players. "The number of"
players are the thing limited, never the number.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulesdb.coverage import Group, word_key
from rulesdb.query import LIMIT_WORDS
from rulesdb.wording import NUMBER_NAMES

# The keys of a limit's own words, never the thing limited.
LIMIT_KEYS = frozenset(word_key(word) for word in (*LIMIT_WORDS, "most", "least", "more", "up", "exceed", "only"))
# Words that say how a limit is counted ("per turn", "each round") or compare it ("is the cap
# lower with four", "bigger with fewer players"), never the thing limited.
_MEASURES = "per each every apiece fewer less lower higher greater bigger smaller larger number amount"
MEASURE_KEYS = frozenset(word_key(word) for word in _MEASURES.split())
_COUNTING = MEASURE_KEYS | {word_key(word) for word in ("one", *NUMBER_NAMES)}
CJK_LIMITS = ("上限", "下限", "最多", "至多", "頂多", "封頂", "最少", "至少", "限制", "超過", "超过", "以內", "以内")
# The Chinese a question asks a limit by, as a question reads it in Traditional (顶多 and 封顶
# are 頂多 and 封頂; 最少 and 至少 are a need, not a limit asked).
CJK_ASKED = ("上限", "最多", "至多", "頂多", "封頂", "限制", "限幾", "限多少", "有沒有限")
# The English a question asks a limit by, beside a limit's own words.
_ASKED = re.compile(r"\b(?:ceiling|limited|limits|caps|capped)\b")
_STATED = re.compile(
    r"\b(?:maximum|max|minimum|min|limits?|limited|caps?|capped|exceeds?|exceeding|exceeded"
    r"|at most|at least|more than|fewer than|less than|up to)\b"
    r"|\b\d+ ?(?:–|-|to) ?\d+ players\b"  # a player count is its own least and most
)


def asks_limit(words: tuple[str, ...], text: str) -> bool:
    """Whether a question (its English words, its text in Traditional) asks for a limit."""
    if not LIMIT_WORDS.isdisjoint(words) or any(term in text for term in CJK_ASKED):
        return True
    return _ASKED.search(text) is not None


def is_limit_key(key: str) -> bool:
    """Whether a key word or CJK pair is a limit's own (上限), not the thing limited."""
    return key in LIMIT_KEYS or any(key in term for term in CJK_LIMITS)


def limited(group: Group, text: str, nameless: frozenset[str] = frozenset()) -> bool:
    """Whether a key word may be the thing a limit is asked of (``text``, the question): not a
    limit's own word, nor a number (in digits or words) or a word that counts or compares
    (``MEASURE_KEYS``), nor a word that names no thing (``nameless``: "the very end", "am I
    allowed", "combined"), nor a CJK pair the question does not hold (上限's synonyms stand in
    for it)."""
    if group[1] and group[1][0] <= nameless:
        return False
    return not any(
        all(map(is_limit_key, phrase)) or all(key.isdigit() or key in _COUNTING for key in phrase)
        for phrase in group[1]
    ) and all(key.isascii() or key in text for phrase in group[1] for key in phrase)


# A sum or a rise that comes to a number ("add up to 6", "goes up to 4", "levels up to"), or a
# change by an amount ("boost it by more than one"): no limit.
_RISES = re.compile(
    r"\b(?:adds?|added|adding|goes|went|rises|rose|levels?|levelled|leveled) up to\b"
    r"|\bby (?:more than|at most|at least|up to|less than|fewer than)\b"
)


@lru_cache(maxsize=8192)
def states_limit(text: str) -> bool:
    """Whether an English text or a Chinese original states a limit."""
    return _STATED.search(_RISES.sub(" ", text.lower())) is not None or any(term in text for term in CJK_LIMITS)
