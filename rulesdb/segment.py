"""Chinese word segmentation of a question, with the games' own terms as the dictionary.

A question's CJK pieces (cut at question words by ``rulesdb.query.cut_cjk``) are cut again at
the games' terms: the glossary's (黑暗方, 聖騎士, 王者之劍), the synonym tables' and the
question words. jieba (MIT) finds the most likely cut over that dictionary; characters of no
term stay together as one piece, as before, so 黑暗方平手 is 黑暗方 and 平手, and the pair 方平
that straddles two words is neither searched nor counted as a key word.

The dictionary is built once an index, in memory (never jieba's 20 MB default dictionary, nor
its cache file on disk), and jieba is imported when the index is built, not with the package.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from typing import Any

from rulesdb.query import recall


class Segmenter:
    def __init__(self, terms: Iterable[str]) -> None:
        import jieba  # about 0.05 s: with the index, not at import

        jieba.setLogLevel(logging.WARNING)
        words = sorted({term for term in terms if len(term) > 1 and not term.isascii() and " " not in term})
        self._tokenizer: Any = jieba.Tokenizer()
        dictionary = "".join(f"{word} 1000\n" for word in words).encode("utf-8")
        self._tokenizer.FREQ, self._tokenizer.total = self._tokenizer.gen_pfdict(io.BytesIO(dictionary))
        self._tokenizer.initialized = True
        self._cuts: dict[str, tuple[str, ...]] = {}

    def cut(self, runs: tuple[str, ...]) -> tuple[str, ...]:
        """The runs cut at the dictionary's terms (a run of no term stays whole)."""
        return tuple(dict.fromkeys(piece for run in runs for piece in self.words(run)))

    def words(self, run: str) -> tuple[str, ...]:
        """One run's pieces, in order: together they are the run."""
        return recall(self._cuts, run, self._cut_now, run)

    def _cut_now(self, run: str) -> tuple[str, ...]:
        pieces: list[str] = []
        alone = ""  # characters of no term, kept together
        for word in _passive(self._tokenizer.lcut(run, HMM=False), self._tokenizer.FREQ):
            if len(word) == 1:
                alone += word
                continue
            pieces += [alone, word] if alone else [word]
            alone = ""
        return tuple([*pieces, alone] if alone else pieces)


def _passive(words: list[str], known: dict[str, int]) -> list[str]:
    """被打 before a character that makes a word with 打 (被打空 is 被 and 打空, "emptied"): the
    passive marks the verb's compound; jieba's tie between the two cuts takes the left one."""
    for at in range(len(words) - 1):
        word, after = words[at], words[at + 1]
        if len(word) == 2 and word[0] == "被" and len(after) == 1 and known.get(word[1] + after):
            words[at : at + 2] = [word[0], word[1] + after]
    return words
