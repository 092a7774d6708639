"""The home screen is the app's first screen (Textual's default one, not pushed over it): the
first frame drawn is its header and "Opening the database…", and its keys follow unasked."""

from __future__ import annotations

from typing import Any

from textual.app import App

from tests.conftest import wait_for


async def test_the_first_frame_is_the_home_screen_and_its_keys_follow(make_app, monkeypatch):
    frames: list[str] = []
    display = App._display

    def drawn(self: App[Any], screen: Any, renderable: Any) -> None:
        if renderable is not None and not self._batch_count:  # what reaches the terminal
            frames.append("\n".join(strip.text for strip in screen._compositor.render_strips()))
        display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", drawn)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: frames)
        assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen"], "no screen under home"
        assert "Opening the database…" in frames[0]
        keys = ("n New session", "r Rename", "d Delete", "e Export", "i Import", "s Stats", "q Quit")
        await wait_for(pilot, lambda: all(key in frames[-1].splitlines()[-1] for key in keys))
