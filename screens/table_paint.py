"""How the table screen paints: the header, the players' table, the panel, the log, the footer.

The screen holds one Timeline and replaces it wholesale; every widget is painted from it (and
from the action picked in the log, `viewing`), never read back. Widgets are updated only where
what they show changed: a repainting reactive would redraw the whole screen on every action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Static

from companion.core import TableView
from companion.text import literal, markup
from companion.timeline import Timeline
from screens.commands import Command
from screens.table_host import TableHost
from screens.table_parts import header_markup, update, update_wrapped
from screens.widgets.more_line import MoreLine
from screens.widgets.players_table import PlayersTable
from screens.widgets.session_log import SessionLog, log_title

# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class Painter(_Host):
    """Mixed into TableScreen, which gives the widgets these paint (the members `TableHost` lists)."""

    ACTIONS: ClassVar[tuple[Command, ...]]
    timeline: Timeline | None
    viewing: int | None
    title_text: str
    options_text: str
    damage: str
    _enabled: tuple[tuple[bool | None, str | None], ...]
    _active_row: int | None  # the active player's row at the last paint
    _game_panel: Static | None  # the frame's own panel, found once at mount (not queried per paint)

    @property
    def shown_state(self) -> Any:
        tl = self.timeline
        assert tl is not None
        return tl.state_at(self.viewing) if self.viewing is not None else tl.state

    def watch_timeline(self, tl: Timeline | None) -> None:
        if tl is not None:
            self.paint()

    def watch_viewing(self) -> None:
        if self.timeline is not None:
            self.paint()

    def paint(self) -> None:
        tl = self.timeline
        assert tl is not None
        view = tl.view_of(self.viewing)
        self._paint_header(tl, view)
        self._paint_players(view)
        self.paint_panel(view)
        self.query_one("#more", MoreLine).reset()
        # The line under the header says what just happened in this frame; the log pane
        # follows once it is drawn (its new line and scroll take Textual a frame of their own).
        self._show_selected(self._selected_after(tl))
        self.call_after_refresh(self._after_paint)
        enabled = self.keys_open()
        if enabled != self._enabled:
            # The footer rebuilds itself on every refresh; only ask when a key changed state.
            self._enabled = enabled
            self.refresh_bindings()

    def _after_paint(self) -> None:
        self._sync_log()
        self._show_more()

    def _selected_after(self, tl: Timeline) -> int:
        """The log line the pane selects when it follows `tl`: the newest action standing,
        unless an earlier one is being viewed (then the pane's cursor stays where it is)."""
        if self.viewing is not None:
            return self.query_one("#log", SessionLog).cursor
        return max(0, tl.cursor - 1)

    def _show_more(self, _: object = None) -> None:
        self.query_one("#more", MoreLine).follow(self.query_one("#main", VerticalScroll))

    def _scrolled(self, _: object = None) -> None:
        self.query_one("#more", MoreLine).reset()  # a scroll by the player may end at the bottom
        self._show_more()

    def _paint_header(self, tl: Timeline, view: TableView) -> None:
        """Game, title, round, whose turn and phase; under them what ends the game (the
        status) and the table options, each on a line of its own. Lines wrap, never cut."""
        header = header_markup(tl.game.name, self.title_text, view, self.options_text)
        line = self.query_one("#header", Static)
        if getattr(line, "_shown_markup", None) != header:  # parsed only when it changed
            line._shown_markup = header  # type: ignore[attr-defined]
            update_wrapped(line, Content.from_markup(header))
        banner = self.query_one("#banner", Static)
        banner.display = self.viewing is not None or bool(self.damage)
        if self.damage:
            banner.update(Text(f"Read-only: {self.damage}"))
        elif self.viewing is not None:
            banner.update(
                f"Read-only: the table after action {self.viewing} of {tl.cursor}. "
                "[b]w[/b] rewind to here · [b]esc[/b] back to now"
            )

    def _paint_players(self, view: TableView) -> None:
        # Names and values are player text: Text cells, never read as markup.
        rows = [(literal(f"▶ {r.label}" if r.active else f"  {r.label}"), *map(literal, r.cells)) for r in view.rows]
        columns = [literal("Player"), *map(literal, view.columns)]
        table = self.query_one("#players", PlayersTable)
        table.show(columns, rows)
        # The selection follows the turn: a new active player's row is selected, same column.
        active = next((i for i, r in enumerate(view.rows) if r.active), None)
        if active is not None and active != self._active_row:
            table.move_cursor(row=active, column=table.cursor_column, animate=False)
        self._active_row = active

    def paint_panel(self, view: TableView) -> None:
        """Game screens repaint their panels here; the base shows the turn checklist."""
        steps = "  ".join(f"{'☑' if done else '☐'} {markup(name)}" for name, done in view.checklist)
        update(self.query_one("#checklist", Static), steps)
        lines = self._game_panel  # the frame's own panel (a game screen has its own)
        if lines is not None and self.timeline is not None:
            text = "\n".join(self.timeline.game.panel(self.shown_state))
            lines.display = bool(text)
            update(lines, text)

    def _sync_log(self) -> None:
        """Bring the log pane in line with the timeline (the pane keeps what it shows)."""
        tl = self.timeline
        if tl is None:
            return
        log = self.query_one("#log", SessionLog)
        before = log.cursor
        log.follow(tl, self.viewing)
        if log.cursor == before:  # a cursor that moved has shown its line already (the watch)
            self._show_selected()
        update(self.query_one("#log-title", Static), log_title(tl), layout=False)

    def _show_selected(self, index: int | None = None) -> None:
        """The log line under the cursor (the newest, unless one is picked), or line `index`,
        whole: the log pane cuts long lines, this line wraps them."""
        log = self.query_one("#log", SessionLog)
        if self.timeline is not None and (text := log.selected(self.timeline, log.cursor if index is None else index)):
            update_wrapped(self.query_one("#last", Static), text)

    def on_resize(self, event: events.Resize) -> None:
        """The wrapped lines may take more or fewer lines now: measure them again."""
        self.query_one(Footer).compact = event.size.width < 120
        for line in self.query("#header, #last"):
            line._shown_text = None  # type: ignore[attr-defined]
            line._shown_markup = None  # type: ignore[attr-defined]
        if self.timeline is not None:
            self.call_after_refresh(self.paint)
