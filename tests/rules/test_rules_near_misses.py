"""The near-miss counter's kinds (tests/rules/near_misses.py), on answers made up to show each."""

from __future__ import annotations

from tests.rules.near_misses import KINDS, kind

SETTLES = {"r.cards": ("p.cards", "p.deal"), "r.turn": ("p.turn",)}


def settles(section: str) -> tuple[str, ...]:
    return SETTLES.get(section, ())


def test_a_ruling_raised_onto_its_paragraph_is_told_from_one_on_its_own_score() -> None:
    raised = [("r.cards", 50.00005), ("p.cards", 50.0), ("p.other", 40.0)]
    own = [("p.cards", 50.0), ("r.cards", 45.0), ("p.other", 40.0)]
    assert kind(raised, "p.turn", settles) == KINDS[0]
    assert kind(own, "p.turn", settles) == KINDS[1]


def test_the_expected_section_beside_its_ruling_or_paragraph() -> None:
    assert kind([("p.turn", 50.0), ("p.a", 45.0), ("p.b", 40.0)], "r.turn", settles) == KINDS[2]
    assert kind([("r.cards", 50.0), ("p.a", 45.0), ("p.b", 40.0)], "p.deal", settles) == KINDS[3]


def test_a_section_beside_its_own_part_and_the_rest() -> None:
    assert kind([("p.ball", 50.0), ("p.ball.draw", 45.0), ("p.b", 40.0)], "p.turn", settles) == KINDS[4]
    assert kind([("p.a", 50.0), ("p.b", 45.0), ("p.c", 40.0)], "p.turn", settles) == KINDS[5]
