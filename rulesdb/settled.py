"""A ruling and the paragraph it settles are one place in the answer.

A ruling of the app is read beside the rule it settles: shown alone, a player sees the app's
reading without the rule it reads, and shown apart, the two take two of the first three places
where a third topic could be. So a ruling's place also shows the best-matching paragraph it
settles, wherever that ranks ("discard 2 swords, draw how many": the ruling on discarding two
swords for a crown's command, with the command's own paragraph); a paragraph's place shows a
ruling that settles it when that ruling is among the first ``Tuning.beside`` hits (it matches
the question too). Which comes first is the ranking's: a place is its better hit's. A section
is shown once.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from itertools import islice

Ranked = list[tuple[float, int]]  # (negative score, row), best first
Place = tuple[tuple[float, int], tuple[float, int] | None]  # a hit, and the hit beside it


def pairs(settles: dict[int, list[int]]) -> dict[int, frozenset[int]]:
    """Each section's partners by section: a ruling's paragraphs, a paragraph's rulings."""
    found: dict[int, set[int]] = {}
    for ruling, paragraphs in settles.items():
        found.setdefault(ruling, set()).update(paragraphs)
        for paragraph in paragraphs:
            found.setdefault(paragraph, set()).add(ruling)
    return {section: frozenset(partners) for section, partners in found.items()}


def places(
    ranked: Ranked,
    owner: Sequence[int],
    partners: dict[int, frozenset[int]],
    rulings: Container[int],
    limit: int,
    window: int,
) -> list[Place]:
    """The first ``limit`` places of ``ranked``: each a section's hit and, beside it, the best
    hit below it that pairs with it (``partners``): anywhere below for one of the ``rulings``,
    among the first ``window`` hits for a paragraph."""
    taken: set[int] = set()
    shown: list[Place] = []
    for n, hit in enumerate(ranked):
        if len(shown) == limit:
            break
        if (section := owner[hit[1]]) in taken:
            continue
        taken.add(section)
        mate = None
        if section in partners:
            below = islice(ranked, n + 1, None if section in rulings else max(window, n + 1))
            mate = next((h for h in below if owner[h[1]] in partners[section] and owner[h[1]] not in taken), None)
        if mate is not None:
            taken.add(owner[mate[1]])
        shown.append((hit, mate))
    return shown


def beside_label(kind: str) -> str:
    """What the section beside a place's own is to it, by that section's kind."""
    return "The app's ruling on it" if kind == "ruling" else "The rule it settles"
