"""Count the near misses by kind: covered questions answered, whose expected section is not
among the first three answers.

    python tests/rules/near_misses.py [SET ...] [--asks] [--show]

SET: stems of tests/rules_questions/*.toml to read (name only the sets whose misses may be
read); --asks adds the sections' own asks, each asked of the index that lacks it
(score_asks.py's halves); --show prints each near miss under its kind. A near miss is counted
once, under the first kind that fits, in this order: a ruling and a paragraph it settles take
two of the first three places (the ruling raised onto the paragraph's score, or each on its
own), the expected ruling is below a paragraph it settles, the expected paragraph is below a
ruling that settles it, a section is beside one of its own parts, or none of these.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesdb.index import RulesIndex

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "tests" / "rules_questions"
KINDS = (
    "a ruling raised onto a paragraph it settles",
    "a ruling and a paragraph it settles, each on its own score",
    "the expected ruling below a paragraph it settles",
    "the expected paragraph below a ruling that settles it",
    "a section beside one of its own parts",
    "none of these",
)
SAME = 1e-4  # a raised ruling scores its paragraph's score and a millionth of its own


def kind(shown: Sequence[tuple[str, float]], expect: str, settles: Callable[[str], Sequence[str]]) -> str:
    """The kind of a near miss: ``shown`` the first three answers' ids and scores, ``settles``
    the paragraphs a section settles (none unless it is a ruling)."""
    ids = [section for section, _ in shown]
    pairs = [(a, b) for a in shown for b in shown if b[0] in settles(a[0])]
    if any(abs(a[1] - b[1]) <= SAME * max(a[1], b[1]) for a, b in pairs):
        return KINDS[0]
    if pairs:
        return KINDS[1]
    if set(settles(expect)) & set(ids):
        return KINDS[2]
    if any(expect in settles(section) for section in ids):
        return KINDS[3]
    if any(a != b and b.startswith(f"{a}.") for a in ids for b in ids):
        return KINDS[4]
    return KINDS[5]


def main() -> None:
    sys.path.insert(0, str(REPO))
    from rulesdb.index import RulesIndex
    from rulesdb.texts import load
    from tests.rules.score_asks import halves

    names = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    asked: list[tuple[RulesIndex, str, str, str]] = []  # index, game, question, expected section
    if names:
        index = RulesIndex.load()
        for name in names:
            data = tomllib.loads((QUESTIONS / f"{name}.toml").read_text(encoding="utf-8"))
            asked += [(index, q.get("game", name), q["ask"], q["expect"]) for q in data.get("q", []) if q["expect"]]
    if "--asks" in sys.argv:
        sections = load().sections
        for index, kept in halves():
            asked += [(index, s.game, a, s.id) for s in sections for a in s.asks if not kept(a)]
    counts: Counter[str] = Counter()
    shown: dict[str, list[str]] = {k: [] for k in KINDS}
    for index, game, question, expect in asked:
        answer = index.ask(question, game=game, limit=10, mark=None)
        ids = [s.id for hit in answer.hits for s in hit.shown]
        if not answer.covered or expect in ids[:3]:
            continue
        found = kind([(hit.section.id, hit.score) for hit in answer.hits[:3]], expect, partial(_settles, index))
        counts[found] += 1
        place = ids.index(expect) + 1 if expect in ids else "below 10"
        shown[found].append(f"  {game}: {question!r} expected {expect} ({place}), got {ids[:3]}")
    print(f"near misses: {sum(counts.values())} of {len(asked)} covered questions")
    for name in KINDS:
        print(f"{counts[name]:>5}  {name}")
        if "--show" in sys.argv and shown[name]:
            print("\n".join(shown[name]))


def _settles(index: RulesIndex, section_id: str) -> tuple[str, ...]:
    section = index.section(section_id)
    return section.see if section is not None and section.kind == "ruling" else ()


if __name__ == "__main__":
    main()
