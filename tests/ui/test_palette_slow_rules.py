"""The command palette while the rules index is still being built (a slow or busy machine).

Each key typed in the palette starts a new search and cancels the last. Textual's providers wait
for their `startup` inside the search: a startup that awaits the index build is cancelled with
the first search a keystroke cuts short, and the palette then finds nothing until it is closed.
"""

from __future__ import annotations

import threading

from rulesdb import index as rules_index
from tests.conftest import palette_highlights, wait_for
from tests.ui.test_home_pilot import seed
from tests.ui.test_two_windows import open_first_session


async def test_typing_while_the_rules_index_builds_still_finds_the_command(make_app, db_path, monkeypatch):
    built = threading.Event()
    real = rules_index.get_index

    def slow_index() -> rules_index.RulesIndex:
        built.wait(timeout=30)  # released once every key is typed: the build outlasts the typing
        return real()

    monkeypatch.setattr(rules_index, "get_index", slow_index)
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.focused).__name__ == "CommandInput")
        for key in "next turn":
            await pilot.press(key)
            await pilot.pause()
        built.set()
        await wait_for(pilot, lambda: palette_highlights(app, "Next turn"), timeout=30)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.timeline.cursor == 4)
