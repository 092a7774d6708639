"""A ruling shown first keeps the paragraph it settles in the first three places.

A ruling of the app is read beside the rule it settles: shown first on its own score (it
matched the question best), with none of the paragraphs it settles beside it, a player sees the
app's reading without the rule it reads. Its best paragraph then takes the third place when it
scores near that place (``Tuning.settled_near`` of its score): "discard 2 swords, draw how
many" answered by the ruling on discarding two swords for a crown's command keeps that
command's own paragraph in view, not a third paragraph on another subject. A paragraph far below
stays where it scores, and so does a paragraph third that a ruling second settles; the list
keeps its length, one section a place.
"""

from __future__ import annotations

from collections.abc import Sequence

Ranked = list[tuple[float, int]]  # (negative score, row), best first


def keep_settled(ranked: Ranked, owner: Sequence[int], settles: dict[int, list[int]], near: float) -> Ranked:
    """``ranked`` with the first answer's best settled paragraph in third place, when the first
    answer is a ruling (``settles``: ruling section -> the paragraphs it settles, by section),
    none of them is among the first three, and the best of them scores ``near`` the third; never
    in place of the paragraph a ruling second settles (that ruling keeps its own in view)."""
    if len(ranked) < 4 or (first := owner[ranked[0][1]]) not in settles:
        return ranked
    paragraphs = set(settles[first])
    shown = [owner[row] for _, row in ranked[:3]]
    if paragraphs.intersection(shown) or shown[2] in settles.get(shown[1], ()):  # the second's own stays
        return ranked
    place = next((n for n, (_, row) in enumerate(ranked) if owner[row] in paragraphs), None)
    if place is None or ranked[place][0] > near * ranked[2][0]:  # negative scores: further down
        return ranked
    third = (ranked[2][0], ranked[place][1])  # it scores as the third does: the scores stay in order
    return [*ranked[:2], third, *ranked[2:place], *ranked[place + 1 :]]
