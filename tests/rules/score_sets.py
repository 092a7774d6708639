"""Score the rules search on the tuning sets (tests/rules_questions/*.toml), file by file.

    python tests/rules/score_sets.py [--misses]

As a player sees it: the first answer is right when it is the expected section (or a ruling
that settles it) and the question is not flagged "No rule covers this"; top-3 likewise. Also
how many covered questions are wrongly flagged, and how many uncovered ones (`expect = ""`)
are answered honestly. The README reports these figures; the frozen set has its own scorer.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "tests" / "rules_questions"


def main() -> None:
    sys.path.insert(0, str(REPO))
    from rulesdb.index import RulesIndex
    from tests.rules.test_rules_answers import first_shows

    index = RulesIndex.load()
    totals = [0, 0, 0, 0, 0, 0]  # covered, top-1, top-3, flagged, uncovered, honest
    misses = []
    for path in sorted(QUESTIONS.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        row = [0, 0, 0, 0, 0, 0]
        for q in data.get("q", []):
            game, ask, expect = q.get("game", path.stem), q["ask"], q["expect"]
            answer = index.ask(ask, game=game, limit=3)
            ids = [s.id for hit in answer.hits for s in hit.shown]  # every section of each place
            if not expect:
                row[4] += 1
                row[5] += not answer.covered
                if answer.covered:
                    misses.append(f"{path.stem} {game}: {ask!r} is not covered, got {ids}")
                continue
            first = first_shows(answer.hits, expect)
            row[0] += 1
            row[1] += answer.covered and first
            row[2] += answer.covered and expect in ids
            row[3] += not answer.covered
            if not (answer.covered and first):
                misses.append(f"{path.stem} {game}: {ask!r} expected {expect}, got {ids} covered={answer.covered}")
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(f"{path.stem:>12}: {_line(row)}")
    print(f"{'all':>12}: {_line(totals)}")
    if "--misses" in sys.argv:
        print("\n".join(misses))


def _line(row: list[int]) -> str:
    covered, top1, top3, flagged, uncovered, honest = row
    return (
        f"top-1 {top1}/{covered}, top-3 {top3}/{covered}, wrongly flagged {flagged}, "
        f"no rule covers this {honest}/{uncovered}"
    )


if __name__ == "__main__":
    main()
