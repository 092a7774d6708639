"""The home screen is the app's first screen (Textual's default one, not pushed over it), and
the first frame drawn is its header, "Opening the database…" and its footer's keys."""

from __future__ import annotations

from typing import Any

from textual.app import App

from tests.conftest import wait_for


async def test_the_first_frame_is_the_home_screen_with_its_keys(make_app, monkeypatch):
    first: list[str] = []
    display = App._display

    def drawn(self: App[Any], screen: Any, renderable: Any) -> None:
        if not first and renderable is not None and not self._batch_count:  # what reaches the terminal
            first.append("\n".join(strip.text for strip in screen._compositor.render_strips()))
        display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", drawn)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: first)
        assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen"], "no screen under home"
        assert "Opening the database…" in first[0]
        footer = first[0].splitlines()[-1]
        for key in ("n New session", "r Rename", "d Delete", "e Export", "i Import", "s Stats", "q Quit"):
            assert key in footer, f"{key!r} missing from the first frame's footer: {footer!r}"
        assert "Resume" not in footer, "nothing to resume before the store has opened"
