"""A clause told beside the question: a story or a remark ("Bo just did this", "my friend says
yes but idk") holds none of the rules' words, so its words say nothing of what the rules lack.

A question typed at a busy table often carries one: before or after the question, split from it
by a comma or a full stop, it tells who did what or who said what. Its words are no key words of
the answerability check (the clause's names and chat would weigh as the rarest words, the focus,
and call a covered question uncovered). A clause is such an aside only when it is told of someone
(a pronoun or a name read as "they"), holds no word of the rules (nor a word standing for one),
asks nothing (no question word, not followed by "?") and is in English; and only when the rest
of the question holds a word of the rules: "a timer, is there one" keeps its timer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

# Where a clause ends: a comma, a full stop, a dash between spaces (a "?" ends one that asks).
_CLAUSES = re.compile(r"([,;.!?，。！？；]+|\s[-–—]+\s)")
_WORD = re.compile(r"[a-z]+")  # "we're" is "we" and "re"
# Words of a question: a clause holding one asks ("what", "ok?"), or begun by one that asks when
# it begins it ("can I ...": "this is unclear" and "I can't tell" tell).
_ASKING_WORDS = "what how when where who whom which why whose if allowed ok okay legal"
_ASKING = frozenset(_ASKING_WORDS.split())
_ASKING_FIRST_WORDS = "can could do does did is are was were should would will may must shall am any"
_ASKING_FIRST = frozenset(_ASKING_FIRST_WORDS.split())
# Whom a story is told of (a player a story names is read as "they").
_TOLD_OF_WORDS = "i we he she they you it this that someone somebody everyone everybody nobody"
_TOLD_OF = frozenset(_TOLD_OF_WORDS.split())
# A remark on the asker or the question ("newbie here", "dumb question", "sanity check") or a
# sound or a chat word said beside it ("hmm", "idk", "btw"): no key word wherever it stands,
# when the rules lack it.
_REMARK_WORDS = """
    noob noobs newbie newbies rookie dumb stupid silly sanity q
    hmm hmmm hm huh ugh oops welp omg idk tbh imo imho btw ngl fwiw bruh
"""
REMARKS = frozenset(_REMARK_WORDS.split())


def aside_words(
    text: str, words: tuple[str, ...], knows: Callable[[str], bool], alternatives: Mapping[str, tuple[str, ...]]
) -> frozenset[str]:
    """The question's ``words`` (its key words, as read) that only an aside clause of ``text``
    (the question in lower case) holds, and its remarks the rules lack; ``knows``: whether the
    rules hold a word."""

    def held(word: str) -> bool:
        return knows(word) or any(knows(other) for other in alternatives.get(word, ()))

    aside = {word for word in REMARKS.intersection(words) if not held(word)}
    split = any(mark in text for mark in ",.;!-，。；！")
    if not aside and not split:
        return frozenset()
    parts = _CLAUSES.split(text) if split else [text]
    kept: set[str] = set()
    asked = frozenset(words)
    for clause, end in zip(parts[::2], [*parts[1::2], ""], strict=True):
        tokens = _WORD.findall(clause)
        told = [token for token in tokens if token in asked]  # its key words (chat is none)
        if (
            told
            and "?" not in end
            and "？" not in end
            and clause.isascii()
            and _TOLD_OF.intersection(tokens)
            and _ASKING.isdisjoint(tokens)
            and tokens[0] not in _ASKING_FIRST
            and not any(map(held, told))
        ):
            aside.update(told)
        else:
            kept.update(tokens)
    lone = aside - (kept - REMARKS)
    rest = [word for word in words if word not in lone]
    if not lone or (not any(map(held, rest)) and text.isascii()):
        return frozenset()
    return frozenset(word for word in words if word in lone)
