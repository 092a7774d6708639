"""The one prompt shape (companion.core.Prompt) and free play's notation in the core."""

from __future__ import annotations

import pytest

from companion.core import Prompt, Rejected
from companion.games.free import GAME, AddCounter, Adjust, SetCountdown, SetValue
from companion.games.free.notation import (
    change_prompt,
    countdown_prompt,
    new_counter_prompt,
    parse_change,
    parse_countdown,
    parse_new_counters,
)


def table():
    return GAME.setup(("Ann", "Bob"), {"counters": "HP=20 0..40"})


def test_numbered_choices_pick_by_number_and_refuse_one_out_of_range():
    prompt = Prompt("Strike", lambda text: text.upper(), choices=("3 2 p", "4 2 m"))  # type: ignore[arg-type,return-value]
    assert prompt.shown_label() == "Strike · 1 3 2 p · 2 4 2 m"
    assert prompt.read("2") == "4 2 M"
    assert prompt.read("5 1 p") == "5 1 P", "anything else is read as typed"
    with pytest.raises(Rejected, match="Choose 1–2"):
        prompt.read("3")


def test_free_play_changes_are_read_in_the_core():
    hp = table().counters[0]
    assert parse_change("-7", hp) == Adjust("HP", 0, -7)
    assert parse_change("+3", hp) == Adjust("HP", 0, 3)
    assert parse_change("12", hp) == Adjust("HP", 0, 12)
    assert parse_change("=12", hp) == SetValue("HP", 0, 12)
    with pytest.raises(Rejected, match="not a number"):
        parse_change("-x7", hp)
    assert "HP is 20" in change_prompt(table(), hp, "-").label


def test_a_change_that_changes_nothing_is_refused():
    state = table()
    with pytest.raises(Rejected, match=r"\+0 changes nothing"):
        GAME.apply(state, Adjust("HP", 0, 0))
    with pytest.raises(Rejected, match="already 20"):
        GAME.apply(state, SetValue("HP", 0, 20))


def test_new_counters_for_the_table_and_the_examples_are_free_names():
    assert parse_new_counters("table: deck=54 0..") == (AddCounter("deck", None, 54, 0, None, each=False),)
    assert [e.name for e in parse_new_counters("newc=1, hp=3")] == ["newc", "hp"]
    label = new_counter_prompt(table()).label
    assert "HP=20" not in label and "mana=20" in label, "the example never names a counter already there"
    assert label == "New counter: mana=20 0..40 for every player · table: deck=54 0.. for the table", label
    each, shared = (part.split(": ", 1)[1].rsplit(" for ", 1)[0] for part in label.split(" · "))
    GAME.apply(table(), parse_new_counters(each)[0])  # the examples are accepted
    GAME.apply(table(), parse_new_counters("table: " + shared)[0])


def test_countdowns_are_read_in_the_core():
    assert parse_countdown("r5") == SetCountdown(end_round=5)
    assert parse_countdown("3") == SetCountdown(more_turns=3)
    assert parse_countdown("0") == SetCountdown()
    with pytest.raises(Rejected, match="type r5"):
        parse_countdown("soon")
    assert "r5" in countdown_prompt(table()).label  # round 1: four rounds on
