"""Answerability: whether the best passages the ranking found answer the question at all.

It is its own step (``answered``): a passage must hold enough of the question's key words by
weight (``rulesdb.coverage``), and its focus, its rarest key word when it weighs most of them,
must be in one of the best passages, else "No rule covers this"; nor is a question nearer a
game's unanswered questions than any section's ask, a limit no passage states
(``rulesdb.limits``), or a kind the rules never answer (advice, a slip, the clock...:
``rulesdb.offtable``). A question that names its game is judged with its name read as "the game".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import takewhile

from rulesdb.asides import aside_words
from rulesdb.build import Built
from rulesdb.coverage import Group, word_key
from rulesdb.lemmas import nameless
from rulesdb.limits import asks_limit, is_limit_key, limited, states_limit
from rulesdb.offtable import off_table
from rulesdb.query import COUNTED, STOPWORDS, bigrams, normalise
from rulesdb.tuning import Tuning
from rulesdb.understand import Question

# What a count is of ("copies of each card" are cards), and the words that end the thing counted.
_UNITS = frozenset(("copies", "copy", "kinds", "kind", "types", "type", "sorts", "sets", "pieces"))
_EACH = frozenset(("each", "every", "the", "a", "of"))
_ENDS = frozenset(("am", "may", "might", "must", "shall", "per", "each", "every", "come", "comes", "left"))


@dataclass
class Scores:
    sections: dict[int, float] = field(default_factory=dict)  # section rowid -> title, tags, original, asks
    originals: dict[int, float] = field(default_factory=dict)  # the part of those from the original
    asked: dict[int, float] = field(default_factory=dict)  # section rowid -> its best-matching ask's score
    gap: float = 0.0  # the best-matching question no section answers: its score
    found: dict[int, float] = field(default_factory=dict)  # body row -> its bm25 rank (negative)


class Answerability:
    """Mixed into the Ranker: the answerability checks, reading its index and weights."""

    built: Built
    tuning: Tuning
    spoken: dict[str | None, frozenset[str]]  # the CJK pairs of each game's asks (None: every game's)

    def answered(
        self,
        question: Question,
        ranked: list[tuple[float, int]],
        scores: Scores,
        game: str | None,
        keys: list[Group] | None = None,
    ) -> bool:
        """Whether the best rows answer: they hold enough of the question's key words and its
        focus, or an ask is far nearer it than any unanswered question; never when a limit asked
        for is stated by none of them, nor when an unanswered question is nearer than every ask
        (unless the first answer holds every key word). ``keys``: the question's key words, when read."""
        t, built = self.tuning, self.built
        coverage = built.coverage[game]
        told = self.untold(question, coverage.knows)
        if told is not question:  # a clause told beside it ("Bo just did this"): no key words
            question, keys = told, None
        keys = coverage.groups(question.asked, question.parsed, question.alternatives) if keys is None else keys
        keys = coverage.glossed(keys, question.asked, question.parsed)
        candidates = [row for _, row in ranked[: t.candidates]]
        owners = dict.fromkeys(built.rows.owner[row] for row in candidates[: t.ask_candidates])
        asks = (k for s in owners for k in built.ask_keys[s])
        words = question.parsed.words
        # A word that names nothing ("am", "whenever") the texts lack says less of what they lack.
        naming = nameless(words)
        light = [(w * t.nameless if p and p[0] <= naming else w, p) for w, p in keys] if naming else keys
        answered = not keys or (
            self.focused(keys, candidates, game, naming) and coverage.covers(light, candidates, t.covered, asks)
        )
        best_ask = max(scores.asked.values(), default=0.0)
        # An ask vouches for table slang beside words of the rules, never for a question none of
        # whose words the rules use (有計時器嗎, "is there a timer"): the ask matched on a scrap.
        lacks = coverage.lacks(keys, question.parsed.words) and not self.talked_of(question)
        if not answered and best_ask > t.asked_margin * scores.gap and not lacks:
            answered = True
        answered = answered and self.states_limit(question, keys, candidates[: t.ask_candidates], game)
        answered = answered and self.judged(question, candidates[:1]) and self.counted(question, game)
        # A first answer that holds most key words (``whole`` of them by weight, a word naming
        # nothing weighing less, as above; two or more: one shared word, "how long", says
        # little) answers, however near an unanswered question is: one that holds the
        # question's words and more asks about its own more (a marker "bumped").
        whole = len(keys) >= t.focus_keys and coverage.covers(light, candidates[:1], t.whole)
        near = bool(scores.gap) and scores.gap > t.gap_margin * best_ask and not whole
        return answered and not (near and not self.aside(question, keys, candidates[:1], game))

    @staticmethod
    def untold(question: Question, knows: Callable[[str], bool]) -> Question:
        """The question less the words of a clause told beside it (``rulesdb.asides``), or itself."""
        aside = aside_words(question.text, question.asked.words, knows, question.alternatives)
        if not aside:
            return question
        dropped = aside.union(*(question.alternatives.get(word, ()) for word in aside))
        asked, parsed = question.asked, question.parsed
        return replace(
            question,
            asked=replace(asked, words=tuple(word for word in asked.words if word not in dropped)),
            parsed=replace(parsed, words=tuple(word for word in parsed.words if word not in dropped)),
        )

    def aside(self, question: Question, keys: list[Group], first: list[int], game: str | None) -> bool:
        """Whether the nearest unanswered question shares with an English question only key words
        the first answer holds: nearer on what the rules say ("run out", "each knight"), it is
        no sign the question asks of what they lack (a Chinese question's pairs meet by chance)."""
        if question.parsed.cjk_runs or not first:
            return False
        unanswered = self.built.nearest_unanswered(question.expressions["asks"], game)
        return unanswered is not None and self.built.coverage[game].holds_shared(keys, unanswered, first[0])

    def talked_of(self, question: Question) -> bool:
        """Whether a pair of the question's Chinese is in an ask of any game: a word a table uses
        of what the rules cover (懶人包, 掉血, 發牌, 誰寫的), though no passage (tkc's are
        English) holds it; 有計時器嗎 asks of what no rule covers, in words no ask uses."""
        spoken = self.spoken[None]
        return any(gram in spoken for run in question.parsed.cjk_runs for gram in bigrams(run))

    def focused(
        self, keys: list[Group], candidates: list[int], game: str | None, describing: frozenset[str] = frozenset()
    ) -> bool:
        """Whether a candidate (or its section's asks) holds the question's focus: its rarest
        key word, when the question has ``focus_keys`` of them and it weighs ``focus_share``.
        A number is never the focus: "can 9 people play" is about the players, the 9 is theirs;
        nor a word that only describes or names nothing (``describing``: "stronger", "pricier" say
        how, "rearrange", "earn" what is done: the deck, the monster are what it asks of)."""
        t = self.tuning
        words = [
            group
            for group in keys
            if not all(key.isdigit() or key in describing for phrase in group[1] for key in phrase)
        ]
        if len(keys) < t.focus_keys or not words:
            return True
        focus = max(words, key=lambda group: group[0])
        if focus[0] < t.focus_share * sum(weight for weight, _ in keys):
            return True
        coverage, rows, ask_keys = self.built.coverage[game], self.built.rows, self.built.ask_keys
        return any(coverage.holds(focus, row, ask_keys[rows.owner[row]]) for row in candidates)

    def states_limit(self, question: Question, keys: list[Group], candidates: list[int], game: str | None) -> bool:
        """Whether a question that asks for a limit ("is there a maximum hand size", 上限) has a
        candidate, or an ask of its section, that states a limit (``rulesdb.limits``) and holds
        the question's rarest other key word (a starting hand's size is no hand limit)."""
        if not asks_limit(question.asked.words, question.text):
            return True
        nameless_keys = nameless(question.parsed.words)
        others = [group for group in keys if limited(group, question.text, nameless_keys)]
        if not others:
            return True
        # The rarest; or, when the limit is asked in Chinese alone (最多, 上限), whatever English
        # is typed beside it ("hold on", a number), any of its pairs (the rules may say 星數
        # where the table says 星星).
        english = question.asked.words
        chinese = bool(question.asked.cjk_runs) and not asks_limit(english, " ".join(english))
        glossed = (frozenset((word_key(word),)) for word in question.parsed.words if not word.isdigit())
        thing = (*(p for g in others for p in g[1]), *(p for p in glossed if not all(map(is_limit_key, p))))
        focus = (1.0, thing) if chinese else max(others, key=lambda group: group[0])
        built = self.built
        coverage, rows, sections = built.coverage[game], built.rows, built.sections
        for section in dict.fromkeys(rows.owner[row] for row in candidates):
            for held, ask in zip(built.ask_keys[section], sections[section].asks, strict=True):
                if coverage.holds(focus, -1, (held,)) and states_limit(normalise(ask)):
                    return True
        return any(coverage.holds(focus, row) and self.limit_stated(row) for row in candidates)

    def limit_stated(self, row: int) -> bool:
        """Whether a row, its section's title and topics, or its section's original state a limit."""
        section = self.built.sections[self.built.rows.owner[row]]
        said = f"{self.built.rows.text[row]}\n{section.title}\n{' '.join(section.topics)}"
        return states_limit(normalise(said)) or states_limit(normalise(section.original))

    def counted(self, question: Question, game: str | None) -> bool:
        """Whether the thing a number question counts ("how many minutes per turn") is a word of
        the rules, or stands for one: the rules state how many of what they name, and a count of
        what they never name (minutes, expansions) is one they do not give. The thing is the words
        before a question word or a preposition, one of which the rules name ("split colour
        cards", "mana chits"), after "copies of" or "kinds of"; none when a verb follows at once
        ("how many am I dealt")."""
        match = COUNTED.search(question.text)
        if not match:
            return True
        words = re.findall(r"[a-z]+", question.text[match.start(1) :])[:6]
        while len(words) > 2 and words[0] in _UNITS and words[1] == "of":
            words = [word for word in words[2:] if word not in _EACH] or words
        thing = list(takewhile(lambda word: word not in STOPWORDS and word not in _ENDS, words[:3]))
        thing = [word for word in thing if word in question.asked.words]
        coverage = self.built.coverage[game]
        alternatives = (a for word in thing for a in (word, *question.alternatives.get(word, ())))
        return not thing or any(coverage.knows(alternative) for alternative in alternatives)

    def judged(self, question: Question, first: list[int]) -> bool:
        """Whether a question of a kind the rules never answer (advice, a slip at the table, the
        clock: ``rulesdb.offtable``) has a first answer whose passage (the whole paragraph a
        sentence found stands in) speaks of that kind."""
        rows = self.built.rows
        answer = " ".join(rows.text[rows.parent[row]] for row in first)
        return not off_table(question.text, answer, question.parsed.words)
