"""Table options and player lists as typed at setup: coerced, defaulted or refused with a reason."""

from __future__ import annotations

import pytest

from companion.core import Option, Rejected, check_players, event_types, resolve_options

FLAG = Option("easy", "Easy mode", False)
COUNT = Option("duals", "Dual cards", 4, "int")
CHOICE = Option("pairing", "Pairing", "a", "choice", choices=("a", "b"))
TEXT = Option("names", "Colour names", "red", "text")


@pytest.mark.parametrize("raw", [True, "1", "yes", " Y ", "on", "TRUE"])
def test_yes_words_are_true(raw):
    assert FLAG.coerce(raw) is True


@pytest.mark.parametrize("raw", [False, "0", "no", "N", "off", "False", "", "  "])
def test_no_words_are_false(raw):
    assert FLAG.coerce(raw) is False


def test_other_answers_to_a_yes_no_option_are_refused():
    with pytest.raises(Rejected) as refused:
        FLAG.coerce("maybe")
    assert refused.value.reason == "Easy mode: answer yes or no, not 'maybe'."


def test_whole_numbers_blank_takes_the_default():
    assert COUNT.coerce(" 7 ") == 7
    assert COUNT.coerce("-2") == -2
    assert COUNT.coerce("") == 4 and COUNT.coerce(9) == 9
    with pytest.raises(Rejected) as refused:
        COUNT.coerce("four")
    assert "“four” is not a number" in refused.value.reason


def test_choices_and_text():
    assert CHOICE.coerce("b") == "b"
    with pytest.raises(Rejected) as refused:
        CHOICE.coerce("c")
    assert refused.value.reason == "Pairing: choose one of a, b."
    assert TEXT.coerce(12) == "12" and TEXT.coerce("blue") == "blue"


def test_resolve_options_defaults_coerces_and_refuses_unknown_keys():
    specs = (FLAG, COUNT, CHOICE, TEXT)
    assert resolve_options(specs, {}) == {"easy": False, "duals": 4, "pairing": "a", "names": "red"}
    assert resolve_options(specs, {"easy": "yes", "duals": "2"}) == {
        "easy": True,
        "duals": 2,
        "pairing": "a",
        "names": "red",
    }
    with pytest.raises(Rejected) as refused:
        resolve_options(specs, {"zeta": 1, "alpha": 2})
    assert refused.value.reason == "Unknown table option: alpha, zeta."


def test_player_lists_are_trimmed_and_checked():
    assert check_players([" Ann ", "Bob"], 2, 4) == ("Ann", "Bob")
    assert check_players(["Ann", "Bob", "Cy", "Di"], 2, 4) == ("Ann", "Bob", "Cy", "Di")
    for names, reason in (
        (["Ann", " "], "Every player needs a name."),
        (["Ann", "ann"], "Two players are called 'ann'; give each a different name."),
        (["Ann"], "This game takes 2–4 players, not 1."),
        (["A", "B", "C", "D", "E"], "This game takes 2–4 players, not 5."),
    ):
        with pytest.raises(Rejected) as refused:
            check_players(names, 2, 4)
        assert refused.value.reason == reason


def test_two_event_classes_may_not_share_a_kind():
    from dataclasses import dataclass

    from companion.core import Event

    @dataclass(frozen=True)
    class One(Event):
        kind = "same"

    @dataclass(frozen=True)
    class Two(Event):
        kind = "same"

    assert event_types(One) == {"same": One}
    with pytest.raises(ValueError, match="two event classes share the kind 'same'"):
        event_types(One, Two)
