"""Understanding a question: what the player typed, as the words the texts use for it.

A question is parsed (``rulesdb.query``), its Chinese cut at the games' terms
(``rulesdb.segment``), the game's own name and its mistyped stop words dropped, its words given
their lemmas ("thieves" is "thief"), the game's synonyms over the shared ones, and spelling
corrections; its CJK pieces their synonyms and the glossary's English. The result is the FTS5
expression of each table and the weight each table's score carries.

A word is matched both exactly and as a prefix ("excal" finds Excalibur), and each pair of
neighbouring words that the texts hold side by side is added as a phrase, so "crystal ball"
outranks a crystal here and a ball there. In the titles and tags a word they hold is searched
without its synonyms (it would count twice), and the word a number question counts ("how much
mana") is searched twice. The glossary's English for a question typed in CJK weighs as much of
it as its terms cover: in a sentence, the original and the glosses decide.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise

from rulesdb.build import Built, cjk_tokens
from rulesdb.coverage import word_key
from rulesdb.glossary import covered_length, english_for, glossary
from rulesdb.lemmas import known, lemmas
from rulesdb.query import (
    CJK,
    CJK_STOPWORDS,
    COUNTED,
    HEADCOUNT,
    MAX_WORDS,
    STOPWORDS,
    Query,
    Synonyms,
    expand,
    expand_cjk,
    parse_query,
    recall,
    synonym_keys,
)
from rulesdb.segment import Segmenter
from rulesdb.spelling import Speller, british, english_words
from rulesdb.texts import GameTexts, Texts
from rulesdb.tuning import Tuning
from rulesdb.wording import FILLER, named, narrated, spelled_out, tellers

Together = Callable[[str, str], bool]
CJK_COUNT = re.compile(f"幾[{CJK}]")  # a count asked in Chinese (the question is Traditional)


# A demonstrative and its measure word before a noun in one piece (那張卡 "that card", 這把劍
# "this sword") say which, not what. Alone, a piece before a term (這張 人物), it stays: read as a
# question word, it cost the asks first answers.
_THAT = re.compile("^[這那][張個把隻份些種位顆枚](?=.)")


def unpointed(runs: tuple[str, ...]) -> tuple[str, ...]:
    """The pieces less a demonstrative before a noun (那張卡 is 卡)."""
    return tuple(dict.fromkeys(_THAT.sub("", run) for run in runs))


@dataclass(frozen=True)
class Question:
    """A question as the search reads it."""

    asked: Query  # as typed, less its slips
    understood: Query  # with synonyms, lemmas and spelling
    parsed: Query  # and the glossary's English of its CJK
    alternatives: dict[str, tuple[str, ...]]  # each typed word's stand-ins in the texts
    together: Together  # whether two of its words are a phrase worth searching
    expressions: dict[str, str]  # each table's FTS5 expression
    weights: dict[str, float]  # each table's score's weight
    text: str = ""  # as typed, in lower case, a player its story names read as "they"


def together(pairs: frozenset[tuple[str, str]], kin: frozenset[frozenset[str]] = frozenset()) -> Together:
    """Whether two words (or phrases: their last and first word) are a pair of these, and
    not a word beside its own synonym (``kin``: "lose loss" is one word, not two)."""
    return lambda first, second: (
        (word_key(first.split()[-1]), word_key(second.split()[0])) in pairs and frozenset((first, second)) not in kin
    )


def game_name(info: GameTexts) -> tuple[str, ...]:
    """A game's id, then its name as a question's words hold it (its title's words, in order)."""
    return (info.game, *parse_query(info.name).words)


def without_name(asked: Query, name: tuple[str, ...]) -> Query:
    """The question less the game's name (two of its title's words or more, in order) or its
    id: every rule is the game's, so the name says nothing of which, unless it is all the
    question asks about ("what is" and the game's name)."""
    if not name or not _named(name).intersection(asked.words):  # a search of every game, or no name
        return asked
    words = [word for word in asked.words if word != name[0]]
    name = name[1:]
    for at in range(len(words)):
        length = next((n for n in range(len(name), 1, -1) if tuple(words[at : at + n]) in _starts(name, n)), 0)
        if length:
            words[at : at + length] = [""] * length
    kept = tuple(word for word in words if word)
    return replace(asked, words=kept) if kept or asked.cjk_runs else asked


@cache
def _named(name: tuple[str, ...]) -> frozenset[str]:
    return frozenset(name)


@cache
def _starts(name: tuple[str, ...], n: int) -> set[tuple[str, ...]]:
    return {name[at : at + n] for at in range(len(name) - n + 1)}


# A question reported in a story: "Sam asked, ...", "then she goes ...", 他問 / 就問我.
_REPORTED = re.compile(
    r"\b(?P<who>[A-Za-z]+) (?:asked|asks|goes|wondered|wonders|wants to know)(?: me| us)?\b[,:]?\s*"
    r"|(?:他|她|就|又|結果)問(?:我|說|大家)?[，,：:]?"
)
_ASKING = re.compile("ask|goes|wonder|wants|問")  # looked for first: most questions report none
_THEY = re.compile(r"[a-z]+")  # a word of the text, read as "they" when it names a player
_PRONOUNS = frozenset(("he", "she", "they", "someone", "somebody", "friend", "mate", "buddy"))


def english(word: str) -> bool:
    """Whether a word is English, never to be corrected: in the word list, or an American
    single-l ending of a word there or in lemminflect ("leveled", "dueling": not "revealed",
    "ruling")."""
    return english_words(word) or ((other := british(word)) != word and (english_words(other) or known(other)))


class Reader:
    """Reads questions for one index: its synonyms, speller and glossary, and what its
    tables hold. What a word or CJK piece stands for never changes: each is read once."""

    def __init__(self, texts: Texts, built: Built, tuning: Tuning) -> None:
        self.built = built
        self.tuning = tuning
        self.speller = Speller(built.vocabulary, english)
        self.synonyms = texts.synonyms
        self.all_synonyms = {k: v for table in texts.synonyms.values() for k, v in table.items()}
        self.glossary = glossary(texts.sections)
        cjk_words = (
            word for table in texts.synonyms.values() for key, words in table.items() for word in (key, *words)
        )
        self.segmenter = Segmenter([*self.glossary, *cjk_words, *CJK_STOPWORDS])
        self.names = {info.game: game_name(info) for info in texts.games}
        self._alone: dict[tuple[str | None, str], tuple[str, ...]] = {}  # (game, word) -> its alternatives
        self._glossed: dict[str, tuple[tuple[str, ...], int]] = {}  # CJK piece -> gloss
        self._cjk_synonyms: dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]] = {}  # -> expand_cjk

    def read(self, query: str, game: str | None) -> Question:
        """The question (its Chinese already Traditional) as the tables are searched."""
        query = spelled_out(query)
        parsed = parse_query(self.reported(query), converted=True)
        parsed = replace(parsed, cjk_runs=unpointed(self.segmenter.cut(parsed.cjk_runs)))
        players = self.players(query, game)
        unnamed = self.without_players(without_name(parsed, self.names.get(game or "", ())), query, players)
        # What every check of the whole text reads (a slip, the clock, a limit): each player
        # the story tells of read as "they" ("so Oop played" tells of no "oops"; a capital
        # alone names no one there: "a Timer" is asked of).
        lower = query.lower()
        told = players.intersection(tellers(lower))
        text = _THEY.sub(lambda word: "they" if word[0] in told else word[0], lower) if told else lower
        asked = self.without_slips(unnamed, game)
        understood = self.understood(asked, game)
        alternatives = self.group_alternatives(asked, game)
        kin = frozenset(frozenset((word, other)) for word, others in alternatives.items() for other in others)
        glossed = [self.gloss(run) for run in understood.cjk_runs]
        total = sum(len(run) for run in understood.cjk_runs)
        english_weight = 1.0 if understood.words or not total else sum(length for _, length in glossed) / total
        english = tuple(w for words, _ in glossed for w in words)
        parsed = replace(understood, words=tuple(dict.fromkeys(understood.words + english)))
        built = self.built
        joined = together(built.side_by_side[game], kin)
        words = parsed.words_expression(joined)
        grams = parsed.cjk_expression(built.common_in_texts, built.cjk_held[game])
        # A title that begins with a word typed is about it: ^"word" matches there only (not
        # the glossary's English of a CJK piece).
        starts = " OR ".join(f'^"{word}"' for word in understood.words if word_key(word) in built.starts[game])
        # A word the titles and tags use stands for itself there (its synonyms would count it twice).
        doubled = self.doubled(asked, alternatives, game, built.heads[game])
        head_words = (
            replace(parsed, words=tuple(w for w in parsed.words if w not in doubled)).words_expression(joined)
            if doubled
            else words
        )
        counted, asked_count = self.count_expressions(asked, alternatives, query, game)
        # Two Chinese terms as one English phrase, in the text (the titles are read by their words).
        compounds = self.compounds(asked.cjk_runs, joined, query)
        head_words, words = (
            " OR ".join(filter(None, (head_words, counted))),
            " OR ".join(filter(None, (words, counted, compounds))),
        )
        expressions = {
            "head": " OR ".join(filter(None, (head_words, starts))),
            "section": words,
            "body": words,
            "cjk": grams,
            "original": grams,
            "asks": " OR ".join(filter(None, (self.asks_expression(understood, game, kin), asked_count))),
        }
        weights = {
            "head": english_weight,
            "section": english_weight,
            "body": english_weight * self.tuning.passage_weight,
            "cjk": 1.0,
            "original": 1.0,
        }
        return Question(asked, understood, parsed, alternatives, joined, expressions, weights, text)

    def count_expressions(
        self, asked: Query, alternatives: dict[str, tuple[str, ...]], query: str, game: str | None
    ) -> tuple[str, str]:
        """What a number question counts ("how much mana") is what it is about: searched twice
        (the first expression). An ask that counts it too ("how many players can play") asks the
        same: "many players" is searched there as a phrase (the second). Not "much": "how much
        mana" asks a cost as often as a limit. In Chinese, 幾 with the measure word or noun after
        it (幾個, 幾張), as the asks hold it."""
        text = query.lower()
        counts = self.counted(asked, alternatives, text)
        how = COUNTED.search(text) or (HEADCOUNT.search(text) if asked.number else None)
        many = how is not None and not how[0].startswith("how much")
        asked_count = " OR ".join(
            [f'"many {word}"' for word in counts] * many
            + [f'"{pair}"' for pair in dict.fromkeys(CJK_COUNT.findall(query)) if pair in self.built.cjk_asked[game]]
        )
        return " OR ".join(f'"{word}"' for word in counts), asked_count

    def compounds(self, runs: tuple[str, ...], joined: Together, text: str) -> str:
        """Each two CJK pieces side by side in the question (``text``), or joined by 的, as
        the phrases of their glossary English the texts hold: 角色的等級 is a "character level", 增援的人物 a
        "reinforcement character" (a compound's words read apart are two words anywhere); an
        FTS5 expression."""
        found: dict[str, None] = {}
        for first, second in pairwise(runs):
            if first + second not in text and f"{first}的{second}" not in text:
                continue
            ends, starts = self.gloss(first)[0], self.gloss(second)[0]
            found.update(
                (f"{end} {start}", None) for end in ends for start in starts if end != start and joined(end, start)
            )
        return " OR ".join(f'"{phrase}"' for phrase in found)

    @staticmethod
    def counted(asked: Query, alternatives: dict[str, tuple[str, ...]], text: str) -> tuple[str, ...]:
        """The word a number question counts ("how many characters") and its one-word stand-ins."""
        match = COUNTED.search(text) or (HEADCOUNT.search(text) if asked.number else None)
        word = next(filter(None, match.groups())).replace("of us", "players") if match else ""
        if word not in asked.words:
            return ()
        return tuple(w for w in dict.fromkeys((word, *alternatives[word])) if w.isalnum())

    def doubled(
        self, asked: Query, alternatives: dict[str, tuple[str, ...]], game: str | None, held: frozenset[str]
    ) -> set[str]:
        """The synonyms of the typed words that ``held`` (word keys) holds themselves: there,
        "lose" is found as itself, and "loss" beside it would count it twice. Not a two-word
        key's words ("out loud" is declaring): they are the pair's, not one word's."""
        synonyms = self.synonyms_of(game)
        alone = {
            word: recall(self._alone, (game, word), self.alternatives, word, synonyms)
            for word in asked.words
            if word_key(word) in held
        }
        paired = {
            other for word, others in alternatives.items() for other in others if other not in alone.get(word, ())
        }
        own = {other for word, others in alone.items() for other in others if word_key(other) != word_key(word)}
        return own - paired

    def synonyms_of(self, game: str | None) -> Synonyms:
        """The game's synonym table (every game's, for a search of all games)."""
        return self.all_synonyms if game is None else self.synonyms.get(game, {})

    def group_alternatives(self, asked: Query, game: str | None) -> dict[str, tuple[str, ...]]:
        """For each word the player typed, the words that stand for it in the texts."""
        synonyms = self.synonyms_of(game)
        typed = set(asked.words)
        pairs: dict[str, tuple[str, ...]] = {}
        for first, second, words in synonym_keys(synonyms)[0]:
            if first in typed and second in typed:
                pairs[first] = pairs[second] = words
        alternatives: dict[str, tuple[str, ...]] = {}
        for word in asked.words:
            alone = recall(self._alone, (game, word), self.alternatives, word, synonyms)
            alternatives[word] = tuple(dict.fromkeys((*alone, *pairs.get(word, ()))))
        return alternatives

    def alternatives(self, word: str, synonyms: Synonyms) -> tuple[str, ...]:
        """A word's lemmas, its own synonyms in the texts and its spelling correction (or the
        text word it is with two letters swapped, though it is English: "cots" for cost)."""
        found, _ = expand((word, *lemmas(word)), synonyms)
        corrected = self.speller.correct(word) or self.speller.unswapped(word)
        return (*found, *((corrected,) if corrected else ()))

    def understood(self, parsed: Query, game: str | None) -> Query:
        """The query with lemmas, the game's synonyms and unknown words spelt as the texts do."""
        synonyms = self.synonyms_of(game)
        with_lemmas = tuple(dict.fromkeys(w for word in parsed.words for w in (word, *lemmas(word))))
        words, found = expand(with_lemmas, synonyms)
        corrected = [part for word in words for part in ((word,) if word in found else self.speller.spell(word))]
        runs = recall(self._cjk_synonyms, (game, parsed.cjk_runs), expand_cjk, parsed.cjk_runs, synonyms)
        # A Chinese word's synonyms in English ("背刺" is "backstab") are words, not CJK runs.
        english = [word for run in runs if run.isascii() for word in run.split()]
        cjk = tuple(run for run in runs if not run.isascii())
        return replace(parsed, words=tuple(dict.fromkeys(corrected + english))[:MAX_WORDS], cjk_runs=cjk)

    def without_slips(self, asked: Query, game: str | None) -> Query:
        """The question less its mistyped stop words ("teh", "waht"), unless a synonym table
        knows the word or they are all it has."""
        synonyms = self.synonyms_of(game)
        words = tuple(word for word in asked.words if word in synonyms or not self.speller.slip(word))
        return replace(asked, words=words) if len(words) < len(asked.words) and (words or asked.cjk_runs) else asked

    def player(self, word: str) -> bool:
        """Whether a word of a story may be a player's name: a word of its own (no stop word
        or filler) that the texts, the word forms and the speller do not know."""
        return (
            word not in STOPWORDS
            and word not in FILLER
            and word not in self.built.vocabulary
            and not lemmas(word)
            and not self.speller.correct(word)
        )

    def reported(self, query: str) -> str:
        """The question a story reports ("Priya laid down her cards and Sam asked, who keeps
        the swords", 他出完牌，然後問我…): what follows the last player who asks, when it holds a
        word; the story before it is where, not what."""
        found = next(reversed(list(_REPORTED.finditer(query))), None) if _ASKING.search(query) else None
        if found is None:
            return query
        speaker = (found["who"] or "").lower()
        if speaker and speaker not in _PRONOUNS and not self.player(speaker):
            return query
        rest = query[found.end() :]
        asked = parse_query(rest, converted=True)
        return rest if asked.words or asked.cjk_runs else query

    def players(self, query: str, game: str | None) -> frozenset[str]:
        """The players a question's story names ("so Ann played", "Mike says no"): a name the
        texts, the synonyms and the speller do not know."""
        if not (names := named(query)):
            return frozenset()
        synonyms = self.synonyms_of(game)
        return frozenset(name for name in names if name not in synonyms and self.player(name))

    def without_players(self, asked: Query, query: str, players: frozenset[str]) -> Query:
        """The question less the players its story names and what they did or said, unless
        that is all it has."""
        named_players = players.intersection(asked.words)
        told = named_players | narrated(query, set(named_players))
        words = tuple(word for word in asked.words if word not in told)
        return replace(asked, words=words) if len(words) < len(asked.words) and (words or asked.cjk_runs) else asked

    def asks_expression(self, understood: Query, game: str | None, kin: frozenset[frozenset[str]] = frozenset()) -> str:
        """The question as the asks are searched: its words as whole words, less those common
        in the asks unless all are, and its CJK pieces' pairs and less common characters (those
        the game's asks hold). Not the glossary's English of its CJK: the Chinese asks speak for it."""
        common = self.built.common_in_asks
        words = tuple(word for word in understood.words if word not in common) or understood.words
        held = self.built.cjk_asked[game]
        cjk = dict.fromkeys(t for run in understood.cjk_runs for t in cjk_tokens(run) if t in held)
        joined = together(self.built.asked_side_by_side[game], kin)
        pieces = (
            Query(words, ()).words_expression(joined, prefixes=False),
            " OR ".join(f'"{t}"' for t in cjk if len(t) > 1 or t not in common),
        )
        return " OR ".join(filter(None, pieces))

    def gloss(self, run: str) -> tuple[tuple[str, ...], int]:
        """A CJK piece's English words in the glossary, and how many of its characters the
        glossary's terms cover."""
        return recall(self._glossed, run, lambda: (english_for(run, self.glossary), covered_length(run, self.glossary)))
