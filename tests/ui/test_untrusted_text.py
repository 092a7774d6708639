"""Player-typed text is data: markup is shown as typed, control characters as escapes.

The names are typed (or pasted, for the control characters) into the new-session form, then
the app is closed and reopened on the same file: home and table still open and show them.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import eventually, wait_for

HOSTILE = ("x[/]", "Bob [b]", "[afk] Bob", "\x1b[31mRed\x1b[0m")
SHOWN = ("x[/]", "Bob [b]", "[afk] Bob", "\\x1b[31mRed\\x1b[0m")
# The title sets the terminal's title (the form splits names at ; so a name cannot).
TITLE, TITLE_SHOWN = "[b]night[/b] \x1b]0;pwned\x07", "[b]night[/b] \\x1b]0;pwned\\x07"


def screen_text(app: Any) -> str:
    """What the terminal would show, one line per row (every widget, as painted)."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)


def assert_no_controls(text: str) -> None:
    bad = sorted({c for c in text if (c < " " and c != "\n") or "\x7f" <= c < "\xa0"})
    assert not bad, f"control characters reached the screen: {bad!r}"


async def test_hostile_names_show_literally_and_survive_a_restart(make_app):
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.pause()
        app.screen.query_one("#players").value = ", ".join(HOSTILE)  # a paste
        app.screen.query_one("#title").value = TITLE
        await pilot.press("ctrl+s")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        assert screen.timeline.state.players == HOSTILE, "stored exactly as typed"
        await pilot.pause()
        text = screen_text(app)
        assert_no_controls(text)
        for name in SHOWN:
            assert name in text
        assert TITLE_SHOWN in text
        # A counter named with markup, its column label shown as typed.
        await pilot.press("a", *"[red]HP[/]=20 0..40", "enter")
        await pilot.pause()
        assert "[red]HP[/]" in screen_text(app)
        # The entry line's own error quotes what was typed: `+[/]` is shown, not parsed.
        await pilot.press("1", "right", "plus", *"[/]", "enter")
        await pilot.pause()
        assert "“[/]” is not a number" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("n")  # x[/] ends the turn: the log and a notification name them
        await pilot.pause()
        text = screen_text(app)
        assert_no_controls(text)
        assert "x[/] ends the turn" in text
    app2 = make_app()
    async with app2.run_test(size=(120, 30)) as pilot:
        await wait_for(
            pilot, lambda: app2.repo and (table := app2.screen.query("#sessions")) and table.first().row_count
        )
        await pilot.pause()
        home = screen_text(app2)
        assert_no_controls(home)
        for name in SHOWN:  # the home list splits a long player list over two lines
            assert name in home
        assert TITLE_SHOWN in home
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(app2.screen, "timeline", None))
        await pilot.pause()
        text = screen_text(app2)
        assert_no_controls(text)
        for name in (*SHOWN, "[red]HP[/]"):
            assert name in text


async def test_the_rules_screen_echoes_a_query_as_typed(make_app):
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.pause()
        app.screen.query_one("#players").value = "Ann, Bob"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None))
        await pilot.press("f1")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)
        rules.query_one("#query", Input).focus()
        await pilot.pause()
        app.post_message(events.Paste("zqxj[/] \x1b[2J"))  # pasted: ESC cannot be typed
        await eventually(pilot, lambda: "No rule matches" in screen_text(app))
        assert rules.query_one("#query", Input).value == "zqxj[/] \\x1b[2J", "the paste shows the escape"
        text = screen_text(app)
        assert_no_controls(text)
        results = rules.query_one("#results")
        painted = " ".join(results.render_line(y).text.strip() for y in range(results.size.height))
        assert "No rule matches “zqxj[/] \\x1b[2J”" in " ".join(painted.split()), painted  # as wrapped
