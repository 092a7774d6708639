"""English lemmas of a question's words: the dictionary forms a crude stem does not reach.

lemminflect (MIT) gives every part of speech's lemmas from its tables, with no model: "thieves"
is "thief" (and the verb "thieve"), "knives" "knife", "fought" "fight"; and whether a word only
describes (an adjective or adverb: "stronger" is never what a question is about). Read when the
index is built, not at import.
"""

from __future__ import annotations

from functools import lru_cache

from rulesdb.coverage import QUESTION_VERBS, word_key
from rulesdb.query import STOPWORDS, recall


def lemmas(word: str) -> tuple[str, ...]:
    """The word's dictionary forms that a crude stem would not reach: "thieves" is "thief",
    "knives" "knife", "fought" "fight" (lemminflect's lemmas of every part of speech, less
    those that share the word's own stem)."""
    return recall(_LEMMAS, word, _lemmas, word)[0]


def describing(words: tuple[str, ...]) -> frozenset[str]:
    """The keys of the words that only describe ("stronger", "pricier": an adjective or an
    adverb and nothing else in lemminflect's tables): never what a question is about."""
    return frozenset(word_key(word) for word in words if _parts(word) and _parts(word) <= {"ADJ", "ADV"})


def nameless(words: tuple[str, ...]) -> frozenset[str]:
    """The keys of the words lemminflect knows, and neither they nor their lemmas as a noun
    ("very", "am", "under", "put"; "checked" is of the hand check): they name no thing, so
    never the thing a limit is asked of."""
    return frozenset(word_key(word) for word in words if _nameless(word))


@lru_cache(maxsize=16384)  # a question's words, read again for each question
def _nameless(word: str) -> bool:
    if not _parts(word):
        return False
    from lemminflect import getAllLemmas

    # The word's lemmas, those that share its stem too ("checked" is "check").
    forms = (lemma.lower() for parts in getAllLemmas(word).values() for lemma in parts)
    return not any("NOUN" in _parts(form) for form in (word, *forms))


def _parts(word: str) -> frozenset[str]:
    return recall(_LEMMAS, word, _lemmas, word)[1]


# A word -> its lemmas, and its parts of speech (one look-up in lemminflect a word).
_LEMMAS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {}


def _lemmas(word: str) -> tuple[tuple[str, ...], frozenset[str]]:
    if not word.isascii() or not word.isalpha() or len(word) < 2:
        return (), frozenset()
    from lemminflect import getAllLemmas  # read once, as the index is built (``load_lemmas``)

    parts = getAllLemmas(word)
    if len(word) < 3:  # "am": its parts of speech, but no lemma ("be" says nothing)
        return (), frozenset(parts)
    found = (lemma.lower() for forms in parts.values() for lemma in forms)
    # Not a verb a question is built on ("goes" is "go"), nor a stop word: they say nothing of
    # what it asks, and would match the asks and unanswered questions built on them.
    kept = tuple(
        dict.fromkeys(
            lemma
            for lemma in found
            if word_key(lemma) != word_key(word) and word_key(lemma) not in QUESTION_VERBS and lemma not in STOPWORDS
        )
    )
    return kept, frozenset(parts)


def load_lemmas() -> None:
    """Load lemminflect's tables now, so that the first question does not wait for them."""
    lemmas("thieves")
