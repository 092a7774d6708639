"""The two helpers every prompt and every screen use: whole numbers and safe player text."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.free import parse_counters
from companion.numbers import LIMIT, is_seat_number, whole
from companion.text import fit, literal, markup, shown


@pytest.mark.parametrize("typed, value", [("12", 12), (" -7 ", -7), ("+3", 3), ("007", 7), ("1000000", LIMIT)])
def test_whole_reads_ascii_digits(typed, value):
    assert whole(typed) == value


@pytest.mark.parametrize(
    "typed, said",
    [
        ("²", "is not a number"),
        ("③", "is not a number"),
        ("٣", "is not a number"),
        ("1.5", "is not a number"),
        ("", "is not a number"),
        ("1e9", "is not a number"),
        ("9" * 5000, "between -1,000,000 and 1,000,000"),
        ("1000001", "between -1,000,000 and 1,000,000"),
        ("-1000001", "between -1,000,000 and 1,000,000"),
    ],
)
def test_whole_refuses_with_a_sentence(typed, said):
    with pytest.raises(Rejected) as caught:
        whole(typed)
    assert said in caught.value.reason
    assert len(caught.value.reason) < 120, "the typed text is quoted short"


def test_whole_names_its_range():
    with pytest.raises(Rejected, match="The number of dice must be between 1 and 12"):
        whole("13", "The number of dice", 1, 12)


def test_seat_numbers():
    assert is_seat_number("2", 3) and not is_seat_number("4", 3) and not is_seat_number("0", 3)
    assert not is_seat_number("²", 3) and not is_seat_number("③", 3) and not is_seat_number("9" * 5000, 3)


def test_counter_specs_refuse_odd_numbers():
    assert parse_counters("HP=20 0..40") == (("HP", 20, 0, 40),)
    for spec in ("HP=" + "9" * 5000, "HP=1 0.." + "9" * 5000, "HP=2000000"):
        with pytest.raises(Rejected, match="between -1,000,000 and 1,000,000"):
            parse_counters(spec)


@pytest.mark.parametrize(
    "typed, seen",
    [
        ("x[/]", "x[/]"),
        ("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07"),
        ("a\nb\tc", "a\\nb\\tc"),
        ("\u202eevil", "\\u202eevil"),
        ("\x9b31m", "\\x9b31m"),
        ("Zoë 👍🏽", "Zoë 👍🏽"),
    ],
)
def test_shown_makes_controls_visible(typed, seen):
    assert shown(typed) == seen
    assert literal(typed).plain == seen


@pytest.mark.parametrize("typed", ["x[/]", "Bob [b]", "[afk] Bob", "a\\", "x\\[b]y", "[@click=app.quit]q", "\\\\[/]"])
def test_markup_escape_shows_the_text_as_typed(typed):
    from textual.content import Content

    shown = Content.from_markup(f"[b]{markup(typed)}[/b] [dim]x[/dim]")
    assert shown.plain.replace("\u200b", "") == f"{typed} x"  # a zero-width space ends a final \\
    assert [(s.start, s.end) for s in shown.spans] == [
        (0, len(shown.plain) - 2),
        (len(shown.plain) - 1, len(shown.plain)),
    ]


def test_fit_marks_a_cut():
    assert fit("short", 10) == "short"
    assert fit("a" * 30, 10) == "a" * 9 + "…"
    assert fit("漢字漢字漢字", 8) == "漢字漢…", "the marker follows the last whole wide character"
