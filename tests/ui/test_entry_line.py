"""The shared entry line: keys in a burst across follow-up questions, refusals that keep the
typed text and the help, esc closing only the line, suggestions taken with tab, and keys
that do nothing saying why in the status line."""

from __future__ import annotations

from textual import events

from companion.games import all_games
from tests.conftest import eventually, start_session

TKC = [g.id for g in all_games()].index("tkc")


def burst(app, text: str) -> None:
    """Queue every key at once, as a terminal delivers a paste or a fast typist."""
    names = {" ": "space", "\r": "enter", "-": "minus", "+": "plus", "=": "equals_sign"}
    for ch in text:
        app.post_message(events.Key(names.get(ch, ch), ch))


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector).content)


async def test_a_burst_across_a_follow_up_question_loses_nothing(make_app):
    """`a`, `Bob r r` enter, `h g` enter typed in one go: the attack's outcome question opens
    after the repaint, and the `h g` typed before it opened is its answer."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await pilot.press("s", *"5 2 1", "enter")
        assert screen.timeline.state.active == 0
        burst(app, "daBob r r\rh g\r")
        await eventually(pilot, lambda: screen.timeline.state.piles[0] == (2, 0, 0, 1, 0, 0) and not screen.entry_open)
        assert screen.timeline.state.piles[0] == (2, 0, 0, 1, 0, 0), [e.text for e in screen.timeline.entries]
        assert not screen.entry_open


async def test_a_refusal_keeps_the_text_and_the_help_and_esc_closes_only_the_line(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        await pilot.press("1", "minus", *"x7", "enter")
        assert screen.entry_open
        assert screen.query_one("#entry").value == "-x7", "the typed text stays"
        label = shown(screen, "#entry-label")
        assert "HP is 20" in label and "not a number" in label, label
        await pilot.press("escape")
        assert not screen.entry_open and app.screen is screen, "esc closed the line, not the table"
        assert screen.timeline.cursor == 0


async def test_tab_takes_the_suggested_word(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        answers = []
        screen.ask("Who?", "", lambda text: answers.append(text), suggest=("Ann", "Bob"))
        await pilot.press("b", "tab", "enter")
        assert answers == ["Bob"]
        screen.ask("Who and what?", "", lambda text: answers.append(text), suggest=("Ann", "Bob", "red", "blue"))
        await pilot.press("a", "tab", "space", "r", "tab", "enter")
        assert answers[-1] == "Ann red"


async def test_a_key_that_does_nothing_says_why(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        await pilot.press("ctrl+z")
        assert "Nothing to undo" in shown(screen, "#status")
        await pilot.press("ctrl+y")
        assert "Nothing to redo" in shown(screen, "#status")
        await pilot.press("w")
        assert "earlier action" in shown(screen, "#status")
        await pilot.press("j")
        assert "not a key here" in shown(screen, "#status")
        await pilot.press("n")
        assert shown(screen, "#status") == "", "an action that works clears the reason"


async def test_dead_keys_typed_in_a_row_are_named_together(make_app):
    """A player who types `jv` (keys of no command here) reads both
    keys named, not the v alone; a key that works in between starts afresh."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        await pilot.press("j", "v")
        assert shown(screen, "#status").startswith("j, v are not keys here")
        await pilot.press("ctrl+z", "j")
        assert shown(screen, "#status").startswith("j is not a key here")


async def test_backspaces_in_a_burst_edit_the_line_in_the_order_typed(make_app):
    """A slip put right inside a burst (`Bxo`, two backspaces, `ob`, enter): the backspaces
    act where they were typed, not after the letters that followed them."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        answers: list[str] = []
        screen.ask("Who?", "", answers.append, suggest=("Ann", "Bob"))
        await pilot.pause()
        burst(app, "Bxo")
        for _ in range(2):
            app.post_message(events.Key("backspace", None))
        burst(app, "ob\r")
        await eventually(pilot, lambda: answers)
        assert answers == ["Bob"]
