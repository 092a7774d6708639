"""The kinds of question the rules never answer, each said the many ways a table says it: in
English, and in Chinese as Taiwan and the mainland write and say it.

A kind is its words (compared by ``word_key``: "accidently" is "accidentally"), its phrases
(patterns over the question in lower case and in Traditional) and its Chinese, written in either
script: each Chinese term is read as a question is (``rulesdb.query.traditional``: 搞丢 is
搞丟, 打印 is 列印), once, when a kind is first asked of. A kind's hints are what any of its
phrases holds: a text with none is never searched further. A word of a rule is never a hint:
each kind's notes say which words it leaves out and why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from rulesdb.coverage import word_key, word_keys
from rulesdb.query import normalise, taiwan_words, traditional

_Trie = dict[str, "_Trie"]


@dataclass(frozen=True)
class Kind:
    words: frozenset[str]  # word keys
    phrases: re.Pattern[str]
    written: tuple[str, ...]  # its Chinese as written, in either script
    english: tuple[str, ...]  # its words' and phrases' hints
    unless: re.Pattern[str] | None = None  # a question of it that asks what the rules do say

    @cached_property
    def cjk(self) -> tuple[str, ...]:
        """Its Chinese as a question reads it (in Traditional), alone or in a Simplified sentence."""
        return tuple(
            dict.fromkeys(
                form for term in self.written for form in (traditional(normalise(term)), taiwan_words(normalise(term)))
            )
        )

    @cached_property
    def hints(self) -> re.Pattern[str]:
        return _literals((*self.english, *self.cjk))

    def asked(self, text: str, keys: Callable[[], set[str]] | None = None) -> bool:
        """Whether a text (in lower case, its Chinese in Traditional) speaks of this kind
        (``keys``: its word keys, read once for every kind), unless it asks what the rules
        say: a slip that asks how many of each card there are asks the components' count."""
        if not self.hints.search(text) or (self.unless is not None and self.unless.search(text)):
            return False
        return (
            not self.words.isdisjoint(keys() if keys else word_keys(text))
            or self.phrases.search(text) is not None
            or any(term in text for term in self.cjk)
        )


def kind_of(words: str, phrases: str, cjk: str, hints: str = "", unless: str = "") -> Kind:
    """A kind; ``hints`` (split at "|"), what each of its phrases holds; ``unless``, what a
    question of it asks that the rules answer. A word's key is its beginning, but for an "i"
    that stands for its ending ("money" is "monei", "tidy" "tidi")."""
    keys = frozenset(word_key(word) for word in words.split())
    english = (*dict.fromkeys(key[:-1] if key.endswith("i") else key for key in keys), *filter(None, hints.split("|")))
    return Kind(keys, re.compile(phrases), tuple(cjk.split()), english, re.compile(unless) if unless else None)


def _literals(texts: Iterable[str]) -> re.Pattern[str]:
    return re.compile(trie_pattern(texts))


def trie_pattern(texts: Iterable[str]) -> str:
    """A pattern that finds any of the texts, as a trie: one branch per first character, so that
    a search tries each place in a question against a few branches, not hundreds of texts. A
    text that begins with a shorter one is found by the shorter."""
    trie: _Trie = {}
    for text in texts:
        node = trie
        for char in text:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branches(trie)


def _branches(node: _Trie) -> str:
    if "" in node:  # a text ends here: enough for a search
        return ""
    branches = [re.escape(char) + _branches(child) for char, child in sorted(node.items())]
    return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
