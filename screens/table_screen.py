"""The table frame every game shares: header, players, log, entry line, undo and redo.

The screen holds one Timeline and replaces it wholesale; every widget is painted from it.
An action goes core first (Rejected: a message, nothing changes), then the store (committed),
then the screen: nothing is shown that is not on disk. Game screens subclass this, add their
ACTIONS, and call `record(event)`; they hold no rules of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from companion.core import Event, Rejected, TableView
from companion.text import fit, literal, markup, shown
from companion.timeline import Entry, Timeline
from screens.commands import Command, bindings
from screens.widgets.log_pane import LogPane

BASE_ACTIONS = (
    Command("n", "next_turn", "Next turn", "End this turn; the next player in seat order is up"),
    Command("ctrl+z", "undo", "Undo", "Undo the last action (as far back as the session goes)"),
    Command("ctrl+y", "redo", "Redo", "Redo the action just undone"),
    Command("w", "rewind", "Rewind to here", "Undo back to the action shown, in one step"),
    Command("escape", "back", "Back", "Back to now, or to the home screen", show=False, key_display="esc"),
    Command("ctrl+r", "reload", "Reload", "Reload the session from the database", show=False),
    Command("f1", "rules", "Rules", "The rules of this game, this phase first"),
    # Shift+v: a plain v is already a game key (Seirei Kairo Drive's reveal).
    Command("V", "table_view", "Table view", "This table big and read-only, following live"),
)
MUTATING = {"next_turn", "undo", "redo", "rewind"}


def open_table(app: App[Any], session_id: int) -> None:
    """Push the screen of the session's game; it loads its log in a worker."""
    from companion.games import get_game

    info = app.repo.info(session_id)  # type: ignore[attr-defined]
    module, _, name = get_game(info.game).screen.partition(":")
    app.push_screen(getattr(import_module(module), name)(session_id))


def update(widget: Static, content: str, layout: bool = True) -> None:
    """Set a Static's text only when it changed. An update relays out the whole screen
    unless `layout` is False, which is right only for a line of fixed height."""
    if getattr(widget, "_shown_text", None) != content:
        widget._shown_text = content  # type: ignore[attr-defined]
        widget.update(content, layout=layout)


def log_words(entry: Entry, undone: bool) -> str:
    text = shown(entry.text)
    if entry.dropped:
        text += f" (replaced {entry.dropped} undone action{'s' if entry.dropped > 1 else ''})"
    return text + " (undone)" if undone else text


def log_line(index: int, entry: Entry, undone: bool, widths: tuple[int, int]) -> Text:
    """One log line: number, turn, words in columns; an undone action is struck through."""
    number, turn = widths
    who = shown(entry.turn)
    line = f" {index + 1:>{number}}  {who}{' ' * (turn - cell_len(who))}  {log_words(entry, undone)}"
    return Text(line, style="dim strike" if undone else "")


class TableScreen(Screen[None]):
    CSS_PATH = "table_screen.tcss"
    ACTIONS: tuple[Command, ...] = BASE_ACTIONS
    BINDINGS = bindings(*BASE_ACTIONS)

    # Plain vars: paint() updates the widgets that changed. A repainting reactive would
    # redraw the whole screen on every action.
    timeline: var[Timeline | None] = var(None, always_update=True)
    viewing: var[int | None] = var(None)

    def __init__(self, session_id: int) -> None:
        super().__init__()
        self.session_id = session_id
        self.title_text = ""
        self._shown: tuple[tuple[Entry, ...], int] = ((), 0)
        self._log_widths = (0, 0, 0)
        self._entry_callback: Callable[[str], str | None] | None = None
        self._enabled: tuple[bool | None, ...] = ()
        self._grid: tuple[tuple[str, ...], int] = ((), -1)

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("Loading the session…", id="header")
        yield Static("", id="banner")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield DataTable(id="players", cursor_type="cell", zebra_stripes=True)
                yield from self.compose_panel()
            with Vertical(id="side"):
                yield Static("Log", id="log-title")
                yield LogPane(id="log")
        yield Static("", id="entry-label")
        yield Input(id="entry", select_on_focus=False)
        yield Footer()

    def compose_panel(self) -> ComposeResult:
        """Game screens add their own panels below the players."""
        yield Static("", id="checklist")

    def on_mount(self) -> None:
        self.query_one("#entry", Input).display = False
        self.query_one("#banner", Static).display = False
        self.load()

    @work(thread=True, exclusive=True, group="load")
    def load(self) -> None:
        loaded = self.app.repo.load(self.session_id)  # type: ignore[attr-defined]
        self.app.call_from_thread(self._loaded, loaded)

    def _loaded(self, loaded: Any) -> None:
        self.title_text = loaded.info.title
        self._shown = ((), 0)
        self.timeline = loaded.timeline
        self.query_one("#players", DataTable).focus()

    # -- recording ----------------------------------------------------------------------------

    def record(self, event: Event) -> bool:
        """Apply, commit, then show. False (with the reason shown) if anything refused it."""
        if self.timeline is None or not self._writable():
            return False
        try:
            after = self.timeline.record(event)
        except Rejected as exc:
            self.notify(exc.reason, severity="error", title="Not allowed")
            return False
        return self._commit(after, new_entry=True)

    def _commit(self, after: Timeline, new_entry: bool) -> bool:
        repo: Any = self.app.repo
        try:
            if new_entry:
                repo.record(self.session_id, self.timeline, after)
            else:
                repo.move(self.session_id, self.timeline, after)
        except Exception as exc:  # StoreError, or SQLite refusing the write
            self.notify(str(exc), severity="error", title="Not saved")
            return False
        self.viewing = None
        self.timeline = after
        return True

    def _writable(self) -> bool:
        if self.viewing is not None:
            self.notify("You are looking at the past: press w to rewind to it, esc to come back.")
            return False
        return True

    def move_to(self, cursor: int) -> None:
        if self.timeline is None:
            return
        try:
            after = self.timeline.move(cursor)
        except Rejected as exc:
            self.notify(exc.reason, severity="warning")
            return
        self._commit(after, new_entry=False)

    # -- painting -----------------------------------------------------------------------------

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
        view = tl.game.view(self.shown_state)
        self._paint_header(tl, view)
        self._paint_players(view)
        self.paint_panel(view)
        self._sync_log()
        enabled = tuple(self.check_action(c.action, ()) for c in self.ACTIONS)
        if enabled != self._enabled:
            # The footer rebuilds itself on every refresh; only ask when a key changed state.
            self._enabled = enabled
            self.refresh_bindings()

    def _paint_header(self, tl: Timeline, view: TableView) -> None:
        parts = [f"[b]{markup(tl.game.name)}[/b] · {markup(self.title_text)}", f"Round {view.round}"]
        if view.finished:
            parts.append("[b]Game over[/b]")
        elif view.turn:  # no turn yet while, say, the start player is found
            parts.append(f"[b reverse] {markup(view.turn)}'s turn [/]")
        if view.phase and not view.finished:
            parts.append(f"phase: {markup(view.phase)}")
        if view.status:
            parts.append(markup(view.status))
        update(self.query_one("#header", Static), " · ".join(parts), layout=False)
        banner = self.query_one("#banner", Static)
        banner.display = self.viewing is not None
        if self.viewing is not None:
            banner.update(
                f"Read-only: the table after action {self.viewing} of {tl.cursor}. "
                "[b]w[/b] rewind to here · [b]esc[/b] back to now"
            )

    def _paint_players(self, view: TableView) -> None:
        table = self.query_one("#players", DataTable)
        # Names and values are player text: Text cells, never read as markup.
        labels = [literal(f"▶ {r.label}" if r.active else f"  {r.label}") for r in view.rows]
        if self._grid == (view.columns, len(view.rows)):
            # Same shape: change the cells in place, no relayout.
            for y, (label, r) in enumerate(zip(labels, view.rows, strict=True)):
                for x, cell in enumerate((label, *map(literal, r.cells))):
                    if table.get_cell_at((y, x)) != cell:
                        table.update_cell_at((y, x), cell)
            return
        self._grid = (view.columns, len(view.rows))
        row, col = table.cursor_coordinate
        table.clear(columns=True)
        table.add_column("Player", key="player")
        for name in view.columns:
            table.add_column(literal(name), key=name)
        for label, r in zip(labels, view.rows, strict=True):
            table.add_row(label, *map(literal, r.cells))
        if view.rows:
            table.move_cursor(row=min(row, len(view.rows) - 1), column=min(col, len(view.columns)))

    def paint_panel(self, view: TableView) -> None:
        """Game screens repaint their panels here; the base shows the turn checklist."""
        steps = "  ".join(f"{'☑' if done else '☐'} {markup(name)}" for name, done in view.checklist)
        update(self.query_one("#checklist", Static), steps)

    def _sync_log(self) -> None:
        """Bring the log pane in line with the timeline, from the first line that differs.

        Entries are only ever appended or cut off at the cursor, so the shown entries and
        the new ones share their prefix up to the older cursor, unless the last entry of
        that prefix is a different object (a reload): then everything is drawn again.
        """
        tl = self.timeline
        if tl is None:
            return
        old, old_cursor = self._shown
        keep = min(old_cursor, tl.cursor, len(old), len(tl.entries))
        if keep and old[keep - 1] is not tl.entries[keep - 1]:
            keep = 0
        number, turn, words = self._log_widths if keep else (0, 0, 0)
        fresh = tl.entries[keep:]
        widths = (
            max(number, len(str(len(tl.entries)))),
            max([turn, *(cell_len(e.turn) for e in fresh)]),
        )
        words = max([words, *(cell_len(log_words(e, True)) for e in fresh)])
        if widths != self._log_widths[:2]:
            keep = 0
        self._shown, self._log_widths = (tl.entries, tl.cursor), (*widths, words)
        entries, cursor = tl.entries, tl.cursor
        log = self.query_one("#log", LogPane)
        log.show(
            len(entries), keep, lambda i: log_line(i, entries[i], i >= cursor, widths),
            width=1 + widths[0] + 2 + widths[1] + 2 + words,
        )
        if self.viewing is None and entries:
            log.move_to(cursor - 1)
        # The numbers count the actions; the title changes only with undo and redo, so a
        # new action repaints no more than its own line and the scroll.
        title = "Log"
        if cursor < len(entries):
            title += f" · {len(entries) - cursor} undone (ctrl+y redoes)"
        update(self.query_one("#log-title", Static), title, layout=False)

    # -- the entry line -----------------------------------------------------------------------

    def ask(self, label: str, value: str, callback: Callable[[str], str | None]) -> None:
        """Open the entry line; `callback` returns an error to show, or None when done.
        The label and the error are plain text (they quote names and what was typed)."""
        self.query_one("#entry-label", Static).update(literal(label))
        entry = self.query_one("#entry", Input)
        entry.value = value
        entry.display = True
        # Focus now, not on the next tick, so digits typed right after the key land here.
        self.set_focus(entry)
        entry.cursor_position = len(value)
        self._entry_callback = callback

    def close_entry(self) -> None:
        self.query_one("#entry", Input).display = False
        self.query_one("#entry-label", Static).update("")
        self._entry_callback = None
        self.set_focus(self.query_one("#players", DataTable))

    async def on_key(self, event: events.Key) -> None:
        """Run this screen's keys here, in arrival order, rather than as deferred bindings.

        A burst such as `- 7 enter` (a fast typist, or a paste) then reaches the entry line
        in order: the line opens on `-`, and `7` and `enter` land in it.
        """
        entry = self.query_one("#entry", Input)
        if self._entry_callback is not None and entry.display and event.control is not entry:
            if event.key == "enter":
                # Submitted here, not through the Input's message: a key typed after enter
                # (ctrl+z, say) must not overtake the action enter records.
                event.stop()
                self._submit_entry(entry.value)
                return
            if event.is_printable and event.character:
                event.stop()
                entry.insert_text_at_cursor(event.character)
                return
        command = self._key_commands().get(event.key)
        if command is not None and self.check_action(command.action, ()):
            event.stop()
            await self.run_action(command.action)

    @classmethod
    @cache
    def _key_commands(cls) -> dict[str, Command]:
        return {c.key: c for c in cls.ACTIONS}

    @on(Input.Submitted, "#entry")
    def entry_submitted(self, event: Input.Submitted) -> None:
        self._submit_entry(event.value)

    def _submit_entry(self, value: str) -> None:
        callback = self._entry_callback
        if callback is None:
            return
        error = callback(value)
        if error:
            # One line: a long entry quoted in the error is cut, never pushed over the table.
            label = self.query_one("#entry-label", Static)
            label.update(literal(fit(shown(error), max(label.size.width, 20)), style="b red"))
        else:
            self.close_entry()

    # -- actions ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        tl = self.timeline
        if tl is None:
            return None if action != "back" else True
        if action == "rewind":
            return self.viewing is not None
        if action == "undo":
            return True if tl.can_undo and self.viewing is None else None
        if action == "redo":
            return True if tl.can_redo and self.viewing is None else None
        if action in MUTATING and self.viewing is not None:
            return None
        if action == "next_turn" and tl.game.view(tl.state).finished:
            return None
        return True

    def action_next_turn(self) -> None:
        if self.timeline is not None:
            self.record(self.timeline.game.next_turn(self.timeline.state))

    def action_undo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_undo:
                self.notify("Nothing to undo.")
                return
            self.move_to(self.timeline.cursor - 1)

    def action_redo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_redo:
                self.notify("Nothing to redo.")
                return
            self.move_to(self.timeline.cursor + 1)

    def action_rewind(self) -> None:
        if self.viewing is not None:
            target = self.viewing
            self.viewing = None
            self.move_to(target)
            self.notify(f"Rewound to action {target}; ctrl+y redoes what was undone.")

    def action_back(self) -> None:
        if self.query_one("#entry", Input).display:
            self.close_entry()
        elif self.viewing is not None:
            self.viewing = None
        else:
            self.app.pop_screen()

    def action_reload(self) -> None:
        self.load()

    def action_table_view(self) -> None:
        from screens.table_view_screen import TableViewScreen

        self.app.push_screen(TableViewScreen(self.session_id))

    def action_rules(self) -> None:
        from screens.rules_screen import RulesScreen

        tl = self.timeline
        phase = ""
        if tl is not None:
            phase = tl.game.rules_phase(tl.state)
        game = tl.game.id if tl else None
        self.app.push_screen(RulesScreen(game=game, phase=phase))

    @on(LogPane.Selected, "#log")
    def log_selected(self, event: LogPane.Selected) -> None:
        tl = self.timeline
        if tl is None:
            return
        target = event.index + 1
        self.viewing = None if target == tl.cursor else target
