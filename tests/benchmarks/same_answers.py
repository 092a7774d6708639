"""Whether the rules search answers every question exactly as a git revision's does.

    python tests/benchmarks/same_answers.py [--baseline REVISION]

For a change meant to leave every answer as it was (speed work). Every question of every set
is asked of both the current rulesdb package and the revision's (``bench_rules.index_module``,
on today's texts): the tuning sets (tests/rules_questions), the blind sets, the frozen set,
and every section's asks and every game's unanswered questions; each of its game and of every
game, 10 hits. Two verdicts a set: the hits (each section id, in order, and the covered flag)
and the whole answer (each hit's score, snippets and passage, and the reason too). Only counts
are printed, never a question nor an answer: the held-out sets stay unread. With ``--show``, the
questions whose hits differ are printed for the tuning sets and the asks (never the held-out ones).

It is not a pytest test: it imports a second rulesdb package. Exit status 1 if any hits differ.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_rules import REPO, index_module

TUNING = sorted((REPO / "tests" / "rules_questions").glob("*.toml"))
HELD_OUT = [REPO / "tests" / "rules_blind" / name for name in ("dev.toml", "val.toml", "blind2.toml")]
HELD_OUT += [REPO / "tests" / "rules_frozen" / "frozen.toml"]


def asked(path: Path) -> list[tuple[str, str]]:
    """A set's questions, each with its game."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [(q.get("game", path.stem), q["ask"]) for q in data.get("q", [])]


def answer(index: Any, query: str, game: str | None) -> tuple[tuple, tuple]:
    """The hits as compared (ids in order, covered) and the whole answer."""
    found = index.ask(query, game, 10)
    hits = (tuple(s.id for hit in found.hits for s in getattr(hit, "shown", (hit.section,))), found.covered)
    whole = tuple((h.score, h.snippet, h.plain_snippet, h.passage) for h in found.hits), found.reason
    return hits, whole


def sets(texts: Any) -> Iterator[tuple[str, list[tuple[str, str]], bool]]:
    """Each set's name, questions and whether its questions may be shown."""
    for path in TUNING:
        yield path.stem, asked(path), True
    for path in HELD_OUT:
        if path.is_file():
            yield path.stem, asked(path), False
    yield "section asks", [(s.game, a) for s in texts.sections for a in s.asks], True
    yield "unanswered", [(info.game, a) for info in texts.games for a in info.unanswered], True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD", help="a git revision (default HEAD: the work tree against it)")
    parser.add_argument("--show", action="store_true", help="print the shown sets' questions whose hits differ")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from rulesdb.texts import load

    texts = load()
    before, now = (index_module(revision).RulesIndex(texts) for revision in (args.baseline, None))
    games = {info.game for info in texts.games}
    total = same_hits = same_whole = 0
    for name, questions, shown in sets(texts):
        count = hits_equal = whole_equal = 0
        for game, query in questions:
            for at in dict.fromkeys([game if game in games else None, None]):
                count += 1
                (old_hits, old_whole), (new_hits, new_whole) = answer(before, query, at), answer(now, query, at)
                hits_equal += old_hits == new_hits
                whole_equal += old_hits == new_hits and old_whole == new_whole
                if old_hits != new_hits and shown and args.show:
                    print(f"  differs: {name} game={at} {query!r}")
        print(f"{name:>14}: hits identical {hits_equal} of {count}, whole answers identical {whole_equal} of {count}")
        total, same_hits, same_whole = total + count, same_hits + hits_equal, same_whole + whole_equal
    print(f"all: hits identical {same_hits} of {total}; whole answers identical {same_whole} of {total}")
    return 0 if same_hits == total else 1


if __name__ == "__main__":
    sys.exit(main())
