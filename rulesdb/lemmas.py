"""English lemmas of a question's words: the dictionary forms a crude stem does not reach.

lemminflect (MIT) gives every part of speech's lemmas from its tables, with no model: "thieves"
is "thief" (and the verb "thieve"), "knives" "knife", "fought" "fight"; and whether a word only
describes (an adjective or adverb: "stronger" is never what a question is about). Read when the
index is built, not at import.
"""

from __future__ import annotations

from rulesdb.coverage import QUESTION_VERBS, word_key
from rulesdb.query import STOPWORDS, recall
from rulesdb.spelling import british


def lemmas(word: str) -> tuple[str, ...]:
    """The word's dictionary forms that a crude stem would not reach: "thieves" is "thief",
    "knives" "knife", "fought" "fight" (lemminflect's lemmas of every part of speech, less
    those that share the word's own stem)."""
    return recall(_LEMMAS, word, _lemmas, word)[0]


def known(word: str) -> bool:
    """Whether lemminflect's tables hold the word."""
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word))


def describing(words: tuple[str, ...]) -> frozenset[str]:
    """The keys of the words that only describe ("stronger", "pricier": an adjective or an
    adverb and nothing else in lemminflect's tables): never what a question is about."""
    return frozenset(word_key(word) for word in words if recall(_LEMMAS, word, _lemmas, word)[1])


def nameless(words: tuple[str, ...]) -> frozenset[str]:
    """The keys of the words lemminflect knows, and neither they nor their lemmas as a noun
    ("very", "am", "under", "put"; "checked" is of the hand check), and of those that only
    describe: they name no thing, so never the thing a limit is asked of, nor a question's focus."""
    return frozenset(word_key(word) for word in words if any(recall(_LEMMAS, word, _lemmas, word)[1:]))


# A word -> its lemmas, whether it only describes, and whether it names nothing (one look-up in
# lemminflect a word; a word that is no noun, its lemmas' too).
_LEMMAS: dict[str, tuple[tuple[str, ...], bool, bool]] = {}


def _lemmas(word: str) -> tuple[tuple[str, ...], bool, bool]:
    if not word.isascii() or not word.isalpha() or len(word) < 2:
        return (), False, False
    from lemminflect import getAllLemmas  # read once, as the index is built (``load_lemmas``)

    parts = getAllLemmas(word) or getAllLemmas(british(word))  # "leveled": "levelled" is "level"
    found = tuple(dict.fromkeys(lemma.lower() for forms in parts.values() for lemma in forms))
    describes = bool(parts) and set(parts) <= {"ADJ", "ADV"}
    names_none = bool(parts) and "NOUN" not in parts and not any("NOUN" in getAllLemmas(form) for form in found)
    if len(word) < 3:  # "am": what it names, but no lemma ("be" says nothing)
        return (), describes, names_none
    # Not a verb a question is built on ("goes" is "go"), nor a stop word: they say nothing of
    # what it asks, and would match the asks and unanswered questions built on them.
    kept = tuple(
        lemma
        for lemma in found
        if word_key(lemma) != word_key(word) and word_key(lemma) not in QUESTION_VERBS and lemma not in STOPWORDS
    )
    return kept, describes, names_none


def load_lemmas() -> None:
    """Load lemminflect's tables now, so that the first question does not wait for them."""
    lemmas("thieves")
