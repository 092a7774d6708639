"""Score the rules search on the sections' own asks, each asked of an index that lacks it.

    python tests/rules/score_asks.py [--misses]

The asks (and each game's unanswered questions) are split in two halves by a hash of their
text; each half is asked of an index built with the other half only, so that no question finds
itself. Written by writers who never saw a question set, they are a large set the ranking and
the answerability were not fitted to: a change that helps only the tuning sets' wording shows
here as no gain. Counted as score_sets.py counts: top-1 (the section or a ruling that settles
it), top-3, covered asks wrongly flagged, unanswered questions answered honestly.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesdb.index import RulesIndex

REPO = Path(__file__).resolve().parents[2]


def halves() -> Iterator[tuple[RulesIndex, Callable[[str], bool]]]:
    """Each half's index, and whether an ask (or unanswered question) is in it: the asks it
    lacks are the ones to ask of it."""
    from rulesdb.index import RulesIndex
    from rulesdb.texts import Texts, load

    texts = load()
    for half in (0, 1):

        def kept(text: str, half: int = half) -> bool:
            return zlib.crc32(text.encode()) % 2 == half

        sections = tuple(replace(s, asks=tuple(filter(kept, s.asks))) for s in texts.sections)
        games = tuple(replace(g, unanswered=tuple(filter(kept, g.unanswered))) for g in texts.games)
        yield RulesIndex(Texts(games, sections, texts.synonyms)), kept


def main() -> None:
    sys.path.insert(0, str(REPO))
    from rulesdb.texts import load
    from tests.rules.test_rules_answers import first_shows

    texts = load()
    covered = top1 = top3 = flagged = uncovered = honest = 0
    misses = []
    for index, kept in halves():
        for section in texts.sections:
            for ask in (a for a in section.asks if not kept(a)):
                answer = index.ask(ask, game=section.game, limit=3)
                ids = [s.id for hit in answer.hits for s in hit.shown]  # every section of each place
                first = answer.covered and first_shows(answer.hits, section.id)
                covered += 1
                top1 += first
                top3 += answer.covered and section.id in ids
                flagged += not answer.covered
                if not first:
                    misses.append(f"{section.id}: {ask!r} got {ids} covered={answer.covered}")
        for info in texts.games:
            for ask in (a for a in info.unanswered if not kept(a)):
                answer = index.ask(ask, game=info.game, limit=3)
                uncovered += 1
                honest += not answer.covered
                if answer.covered:
                    misses.append(
                        f"{info.game}: {ask!r} is not covered, got {[s.id for h in answer.hits for s in h.shown]}"
                    )
    print(
        f"asks: top-1 {top1}/{covered}, top-3 {top3}/{covered}, wrongly flagged {flagged}, "
        f"no rule covers this {honest}/{uncovered}"
    )
    if "--misses" in sys.argv:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
