"""The rules search's weights and thresholds, in one frozen value.

Every number the ranking and the answerability check depend on is here, so a change of tuning
is one diff and an experiment is ``RulesIndex(texts, replace(TUNING, covered=0.25))``. They are
tuned on tests/rules_questions and tests/rules_blind/dev.toml only; the frozen and blind sets
are scored, never tuned on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    # bm25 weights of the columns: a title says most of what a section is about.
    title: float = 5.0
    tags: float = 4.0
    text: float = 1.0
    original: float = 1.0
    snippet_tokens: int = 24  # a sentence whole, most often: the list shows the answer without a key
    original_snippet_tokens: int = 40
    # A section's best passage counts this much beside the whole section's text, and a sentence
    # of a passage this much of its own score (a short note ranks, but a paragraph still can).
    passage_weight: float = 0.4
    sentence_weight: float = 0.6
    # A section's best-matching ask (a player's question it answers) counts ask_weight, fully
    # from ask_terms words of the question (a CJK character counting half a word).
    ask_terms: int = 3
    ask_weight: float = 2.0
    number_boost: float = 1.25  # a number question: a passage stating a number it did not type scores this much more
    # A ruling comes just above the first answer (in Chinese, any paragraph) it settles when it
    # scores ruling_reach of it (more by ruling_breadth for each paragraph beyond two it settles:
    # a summary of ten gives way) and holds ruling_focus of the question's key words the
    # paragraph holds.
    ruling_reach: float = 0.5
    ruling_breadth: float = 0.02
    ruling_focus: float = 0.75
    ruling_near: float = 0.875  # a ruling scoring this much of its paragraph answers as well by its score alone
    # A paragraph's place shows a ruling that settles it among the first `beside` hits
    # (a ruling's place shows its paragraph wherever it ranks: rulesdb.settled).
    beside: int = 10
    quote: int = 6  # CJK characters (at least) of a seed line typed as they are: its section comes first
    # The share of the originals a CJK character may be in and be searched alone, and of the
    # asks a word or CJK character may be in and still be looked for there.
    common_in_texts: float = 0.05
    common_in_asks: float = 0.05
    # Answerability: of the best `candidates` passages (and the asks of the best
    # `ask_candidates` sections) one must hold `covered` of the question's key words by
    # weight; a question of `focus_keys` key words or more whose rarest one weighs
    # `focus_share` of them all is not covered unless a candidate holds that one.
    candidates: int = 20
    ask_candidates: int = 5
    covered: float = 0.15
    nameless: float = 0.5  # a key word that names nothing (a verb, an adverb) weighs this much there
    focus_keys: int = 2
    focus_share: float = 0.6
    # A question nearer a game's unanswered question than any ask (by gap_margin: a near tie
    # is no evidence) is not covered; one far nearer an ask than any unanswered one
    # (asked_margin) is, even with key words no passage holds (a typo that is a word, slang).
    # ... unless the first answer holds `whole` of its key words (by weight, two or more): the
    # unanswered question shares what the rules hold ("the enemy HP"), not what it lacks.
    gap_margin: float = 1.05
    whole: float = 0.7
    asked_margin: float = 2.5


TUNING = Tuning()
