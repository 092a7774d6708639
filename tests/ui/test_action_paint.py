"""An action's paint does no work the last paint already did: the header's markup is parsed
only when its words change, and the keys' state is read from the game's families once per
paint (`keys_open`), not asked key by key through `check_action`. Counts, never times."""

from __future__ import annotations

from textual.content import Content

from companion.games.free import Adjust, NextTurn
from screens import table_paint
from screens.widgets.players_table import PlayersTable
from tests.conftest import wait_for
from tests.ui.test_home_pilot import seed
from tests.ui.test_two_windows import open_first_session


async def test_an_action_parses_the_header_only_when_it_changes_and_asks_no_key(make_app, db_path, monkeypatch):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await pilot.pause()
        parsed: list[str] = []
        asked: list[str] = []

        class Counting(Content):
            @classmethod
            def from_markup(cls, markup, **variables):  # type: ignore[no-untyped-def, override]
                parsed.append(markup)
                return Content.from_markup(markup, **variables)

        monkeypatch.setattr(table_paint, "Content", Counting)
        check = type(screen).check_action
        monkeypatch.setattr(type(screen), "check_action", lambda self, a, p: asked.append(a) or check(self, a, p))
        cursor, hp = screen.timeline.cursor, screen.timeline.state
        assert screen.record(Adjust("HP", 0, 1))
        await pilot.pause()
        assert screen.timeline.cursor == cursor + 1 and screen.timeline.state != hp
        assert parsed == [], "a counter moved: the header's words are the same, so not parsed again"
        assert asked == [], "the paint reads every key's state from the families at once"
        assert screen.record(NextTurn())
        await pilot.pause()
        assert len(parsed) == 1 and "Ann's turn" in parsed[0], "a new turn: the header parsed once"
        assert "Ann's turn" in str(screen.query_one("#header").render())


async def test_a_counter_that_moves_repaints_its_own_row_and_the_table_shows_it_whole(make_app, db_path, monkeypatch):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await pilot.pause()
        table = screen.query_one("#players", PlayersTable)
        painted: list[int] = []
        draw = PlayersTable.render_line
        monkeypatch.setattr(PlayersTable, "render_line", lambda self, y: painted.append(y) or draw(self, y))
        assert screen.record(Adjust("HP", 1, 1))
        await pilot.pause()
        assert painted == [2], "Bob's counter moved: his line alone (under the header and Ann's) is drawn"
        shown = [strip.text for strip in table.render_lines(table.size.region)]
        table._styles_cache.clear()  # every line drawn anew: the kept lines were not stale
        assert shown == [strip.text for strip in table.render_lines(table.size.region)]
        bob = screen.timeline.view_of(None).rows[1]
        assert bob.label in shown[2] and all(cell in shown[2] for cell in bob.cells)
        painted.clear()
        assert screen.record(NextTurn())
        await pilot.pause()
        assert sorted(set(painted)) == [1, 2], "the turn moved on: the arrow leaves one row for the next, two lines"


async def test_the_line_under_the_header_says_the_action_before_any_frame_and_the_log_follows(make_app, db_path):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_session(pilot)
        await pilot.pause()
        log = screen.query_one("#log")
        lines = log.row_count
        assert screen.record(Adjust("HP", 1, 1))
        newest = screen.timeline.entries[-1].text
        # Set with the paint itself, so the first frame drawn after the action has it.
        assert newest in str(screen.query_one("#last").render())
        # The pane follows once the first frame is drawn (its line and scroll take a frame of their own).
        await wait_for(pilot, lambda: log.row_count == lines + 1)
        assert log.cursor == lines, "the log has the new line, selected"
        assert newest in log.row_text(lines)
