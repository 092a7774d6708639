"""Ranking: the tables' bm25 scores summed into each section's best passage, and whether the
best passages answer the question at all. A section scores its title and tags (weighing most),
its text, its original, and its best matching ask; its best row (a passage, or one of its
sentences) adds its own score, and is what the hit shows. A question that quotes a seed line
puts the sections whose original holds it first; a ruling comes just above the first answer
when it settles it and answers as well, in Chinese above any paragraph it settles
(``raise_rulings``). A ruling and a paragraph it settles are then one place (``rulesdb.settled``).

Whether the best passages answer at all is its own step, ``rulesdb.answerable``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache

from rulesdb.answerable import Answerability, Scores
from rulesdb.build import CJK_RUN, GAP, NOT_WORD, Built
from rulesdb.coverage import Group
from rulesdb.offtable import game_name, unnamed
from rulesdb.query import normalise
from rulesdb.tuning import Tuning
from rulesdb.understand import Question


class Ranker(Answerability):
    def __init__(self, built: Built, tuning: Tuning) -> None:
        self.built = built
        self.tuning = tuning
        self.names = {info.game: game_name(info) for info in built.games}
        # The CJK pairs of each game's asks: the words a table uses of what its rules cover.
        self.spoken: dict[str | None, frozenset[str]] = {}
        for section, keys in zip(built.sections, built.ask_keys, strict=True):
            pairs = frozenset(key for held in keys for key in held if not key.isascii())
            self.spoken[section.game] = self.spoken.get(section.game, frozenset()) | pairs
        self.spoken[None] = frozenset().union(*self.spoken.values())
        t = tuning
        weights = {"head": f"{t.title}, {t.tags}", "body": f"{t.text}"}  # the CJK searches: built.gram_terms
        # ?1 the expression, ?2 and ?3 the game's first and last rowid.
        self.searches = {
            table: f"SELECT rowid, bm25({table}, {w}) FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3"
            for table, w in weights.items()
        }
        self.searches["section"] = self.searches["body"].replace("body", "section")

    def scores(self, question: Question, game: str | None) -> Scores:
        """Every table's matches for the question, weighed (the caller holds the index's lock)."""
        built, scores = self.built, Scores()
        bounds = {"body": built.passage_ids.get(game, (0, -1)), "asks": built.ask_ids.get(game, (0, -1))}
        for table, expression in question.expressions.items():
            if not expression:
                continue
            if table == "asks":
                self.match_asks(expression, bounds["asks"], scores)
                continue
            weight = question.weights[table]
            span = bounds.get(table, built.rowids.get(game, (0, -1)))
            rows: Iterable[tuple[int, float]]
            if table in ("cjk", "original"):  # a Chinese question's characters and pairs
                rows = built.gram_terms["section" if table == "cjk" else table].rows(expression, *span)
            else:
                rows = built.db.execute(self.searches[table], (expression, *span))
            if table == "body":  # a row is found once
                scores.found = dict(rows)  # weighed in best_rows, in its one pass over them
                continue
            sections, originals = scores.sections, scores.originals
            for rowid, rank in rows:
                sections[rowid] = sections.get(rowid, 0.0) - rank * weight
                if table == "original":
                    originals[rowid] = -rank * weight
        return scores

    def unnamed(self, query: str, game: str | None) -> str:
        """The question less its game's name, or "" (``rulesdb.offtable.unnamed``)."""
        return unnamed(query, self.names.get(game or ""))

    def match_asks(self, expression: str, bounds: tuple[int, int], scores: Scores) -> None:
        """Each section's best-matching ask, and the best-matching unanswered question (``gap``)."""
        built = self.built
        for slot, score in built.ask_terms.best(expression, *bounds):
            if built.slots[slot] == GAP:
                scores.gap = max(scores.gap, score)
            else:
                scores.asked[built.slots[slot]] = score

    def asks_scores(self, question: Question, game: str | None) -> Scores:
        """The asks' matches alone: what answerability reads of them."""
        scores = Scores()
        if question.expressions["asks"]:
            self.match_asks(question.expressions["asks"], self.built.ask_ids.get(game, (0, -1)), scores)
        return scores

    def rank(
        self, question: Question, query: str, game: str | None, judged: Question | None = None
    ) -> tuple[list[tuple[float, int]], bool]:
        """The sections' best rows, best first (as negative score and row), and whether the
        question is answered: whether ``judged`` is, when given (the question less its game's
        name: the About pages that name the game answer nothing more for it)."""
        scores = self.scores(question, game)
        asked = question.asked
        terms = len(asked.words) + sum(len(run) for run in asked.cjk_runs) / 2
        ask_weight = self.tuning.ask_weight * min(1.0, terms / self.tuning.ask_terms)
        for owner, score in scores.asked.items():
            scores.sections[owner] = scores.sections.get(owner, 0.0) + score * ask_weight
        self.raise_quoted(query, scores.sections, *self.built.rowids.get(game, (0, -1)))
        body = question.weights["body"]
        typed = frozenset(word for word in question.parsed.words if word.isdigit()) if question.parsed.number else None
        best = self.best_rows(scores.found, scores.sections, typed, body)
        coverage = self.built.coverage[game]
        # A ruling has no original: it is held to the question's English key words only.
        english = coverage.groups(asked, replace(question.parsed, cjk_runs=()), question.alternatives)
        # Read only when a ruling below the first answer is checked (a question with Chinese).
        every = cache(lambda: coverage.groups(asked, question.parsed, question.alternatives))
        self.raise_rulings(best, scores.originals, self.answers(english, every, game), bool(question.parsed.cjk_runs))
        ranked = sorted((-score, row) for score, row in best.values())
        if judged is None:
            return ranked, self.answered(question, ranked, scores, game, every())
        return ranked, self.answered(judged, ranked, self.asks_scores(judged, game), game)

    def answers(
        self, english: list[Group], every: Callable[[], list[Group]], game: str | None
    ) -> Callable[[int, int, bool], bool]:
        """Whether a ruling's row answers as well as a paragraph's: it holds ``ruling_focus`` of
        the key words (by weight) the paragraph holds, and its own passage or topics (not its
        title, the paragraph's subject) hold the focus, the heaviest key word but a number the
        paragraph holds ("which characters attack when I play a green card": not the ruling
        that counts attacks per card); below the first answer, of ``every()`` key word, Chinese
        too (a ruling's passage glosses the terms it names, 盜賊)."""
        coverage, own, t = self.built.coverage[game], self.built.ruling_keys, self.tuning
        held: dict[int, float] = {}

        def holds(row: int) -> float:  # read once a row: a ruling is checked against each paragraph
            if row not in held:
                held[row] = coverage.held(english, row)
            return held[row]

        foci: dict[tuple[int, bool], Group | None] = {}
        heaviest: dict[bool, list[Group]] = {}  # the key words but numbers, heaviest first (stable)

        def focus(paragraph: int, below: bool) -> Group | None:  # read once a paragraph
            if (paragraph, below) not in foci:
                if below not in heaviest:
                    words = (
                        g for g in (every() if below else english) if not all(k.isdigit() for p in g[1] for k in p)
                    )
                    heaviest[below] = sorted(words, key=lambda g: -g[0])
                # The first held of the heaviest first: the heaviest held (of equals, the first).
                foci[paragraph, below] = coverage.first_held(heaviest[below], paragraph)
            return foci[paragraph, below]

        def answers(ruling: int, paragraph: int, below: bool) -> bool:
            if holds(ruling) < t.ruling_focus * holds(paragraph):
                return False
            group = focus(paragraph, below)
            return group is None or any(phrase <= own.get(ruling, frozenset()) for phrase in group[1])

        return answers

    def best_rows(
        self, found: dict[int, float], sections: dict[int, float], typed: frozenset[str] | None, weight: float
    ) -> dict[int, tuple[float, int]]:
        """Each matching section's best row and its score: the row's own score (``found``: its
        bm25 rank, times ``weight`` and the row's own weight) plus its section's title, tags,
        original and ask (a section found only by those shows its first passage). A number
        question favours the rows that state a number other than those it typed (``typed``,
        None for no number question): "each opponent discards 2 swords" states no count of the
        cards two swords draw. A passage is shown by its best sentence
        found, when one of its sentences was. One pass over the rows: they are many."""
        best: dict[int, tuple[float, int]] = {}
        shown: dict[int, tuple[float, int]] = {}  # passage -> its best sentence's score, row
        rows, boost = self.built.rows, self.tuning.number_boost
        owner, parent, numbers, weights = rows.owner, rows.parent, rows.numbers, rows.weight
        for row, rank in found.items():
            score = -rank * weight * weights[row]
            section = owner[row]
            total = score + sections.get(section, 0.0)
            if typed is not None and not numbers[row] <= typed:
                total *= boost
            if total > best.get(section, (0.0, 0))[0]:
                best[section] = (total, row)
            if parent[row] != row and score > shown.get(parent[row], (0.0, 0))[0]:
                shown[parent[row]] = (score, row)
        for section, score in sections.items():
            if section not in best:
                best[section] = (score, rows.first[section])
        return {section: (total, shown[row][1] if row in shown else row) for section, (total, row) in best.items()}

    def raise_quoted(self, query: str, sections: dict[int, float], first: int, last: int) -> None:
        """A question that quotes a seed line (``quote`` CJK characters or more, punctuation
        aside; in Traditional Chinese) puts the sections whose original holds it above every other."""
        quoted = NOT_WORD.sub("", normalise(query))
        if sum(len(run) for run in CJK_RUN.findall(quoted)) < self.tuning.quote:
            return
        top = max(sections.values(), default=0.0)
        for rowid in range(first, last + 1):
            if quoted in self.built.verbatim[rowid]:
                sections[rowid] = sections.get(rowid, 0.0) + top

    def raise_rulings(
        self,
        best: dict[int, tuple[float, int]],
        originals: dict[int, float],
        answers: Callable[[int, int, bool], bool],
        chinese: bool = False,
    ) -> None:
        """A ruling that answers the question ranks just above the first answer when it settles
        it, and in a question with Chinese (``chinese``) just above any paragraph it settles.

        It answers a paragraph it settles (a source in its ``see``) that scores more when it
        scores at least ``ruling_reach`` of that paragraph's score (more for a ruling that
        settles many: ``ruling_breadth``), less what the paragraph owes to its original (a
        ruling has none), and its row answers as well (``answers``), or it scores
        ``ruling_near`` of the paragraph's whole score (so near, its score says it answers as
        well: the ruling on the dark ranks' order, asked in the ranks' names); else it stays.
        Of several rulings of one paragraph, the best is raised. Raised below the first answer,
        it and its paragraph would take two of the first three places, so in English it stays;
        a question's Chinese is matched in the originals, which a ruling lacks, so there its
        own score says less and it is raised."""
        t, settles = self.tuning, self.built.settles
        first = min(best, key=lambda section: (-best[section][0], best[section][1]), default=-1)
        raised: dict[int, tuple[float, int]] = {}  # paragraph -> the ruling's score, ruling
        for rowid in settles.keys() & best.keys():
            score, row = best[rowid]
            settled = settles[rowid] if chinese else [s for s in settles[rowid] if s == first]
            reach = t.ruling_reach + t.ruling_breadth * max(0, len(settles[rowid]) - 2)
            near = sorted(((best[s][0], s) for s in settled if s in best and score < best[s][0]), reverse=True)
            # The best paragraph it answers: by its score alone when it scores ruling_near of it,
            # else by its key words (checked last: they cost most).
            paragraph = next(
                (
                    s
                    for total, s in near
                    if score >= reach * (total - originals.get(s, 0.0))
                    and (score >= t.ruling_near * total or answers(row, best[s][1], s != first))
                ),
                None,
            )
            if paragraph is not None and score > raised.get(paragraph, (0.0, 0))[0]:
                raised[paragraph] = (score, rowid)
        for paragraph, (score, rowid) in raised.items():
            best[rowid] = (best[paragraph][0] + score * 1e-6, best[rowid][1])  # raised rulings keep their order
