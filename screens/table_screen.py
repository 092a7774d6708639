"""The table frame every game shares: header, players, log, entry line, undo and redo.

The screen holds one Timeline and replaces it wholesale; every widget is painted from it.
An action goes core first (Rejected: a message, nothing changes), then the store (committed),
then the screen: nothing is shown that is not on disk. Game screens subclass this, add their
ACTIONS, and call `record(event)`; they hold no rules of their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static
from textual.widgets.input import Selection

from companion.core import Action, Prompt, Rejected, TableView
from companion.store.files import SessionGone, StoreError
from companion.text import literal, markup
from companion.timeline import Timeline
from screens.commands import Command
from screens.key_burst import KeyBurst
from screens.recorder import Recorder
from screens.store_access import store
from screens.table_follow import FollowFile
from screens.table_legal import open_now, why_not
from screens.table_parts import back_home, header_markup, options_line, update, update_wrapped
from screens.widgets.entry_line import EntryLine
from screens.widgets.fitted_footer import FittedFooter
from screens.widgets.log_pane import LogPane
from screens.widgets.more_line import MoreLine
from screens.widgets.players_table import PlayersTable
from screens.widgets.session_log import SessionLog, log_title

BASE_ACTIONS = (
    Command("n", "next_turn", "Next turn", "End this turn; the next player in seat order is up"),
    Command("ctrl+z", "undo", "Undo", "Undo the last action (as far back as the session goes)"),
    Command("ctrl+y", "redo", "Redo", "Redo the action just undone"),
    Command("w", "rewind", "Rewind to here", "Undo back to the action shown, in one step"),
    Command("escape", "back", "Back", "Back to now, or to the home screen", show=False, key_display="esc"),
    Command("ctrl+l", "log", "Log", "The log: every action; enter on one shows the table then"),
    Command("ctrl+r", "reload", "Reload", "Reload the session from the database", show=False),
    Command("f1", "rules", "Rules", "The rules of this game, this phase first"),
    # Shift+v: a plain v is already a game key (Seirei Kairo Drive's reveal).
    Command("V", "table_view", "Table view", "This table big and read-only, following live"),
    Command("L", "seat_links", "Seat links", "Each player's seat link as a QR code (companion serve --seats)"),
    Command("shift+down", "scroll_panel(1)", "Panel down", "Scroll the players and the panel down", show=False),
    Command("shift+up", "scroll_panel(-1)", "Panel up", "Scroll the players and the panel up", show=False),
)
FRAME_CSS = Path(__file__).with_name("table_screen.tcss")
# A reflex esc just after a line closed (a refusal given up, an action recorded) or after a key
# that only said why it does nothing leaves nothing: it stays at the table and says so.
STAY = "Still at the table: esc again leaves the table."


class TableScreen(FollowFile, Recorder, KeyBurst, Screen[None]):
    """The frame, and the whole screen of a game with no panels of its own. The game's keys are
    bound by `screens.table_keys.table_class`, from `Game.keys`; a game screen subclasses this
    for its panels and names only its own stylesheet in CSS_PATH (the frame's comes first)."""

    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = None
    # Under 120 columns the log moves under the players; under 28 lines it waits behind
    # ctrl+l (the newest action is whole in the line under the header at every size).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]
    ACTIONS: ClassVar[tuple[Command, ...]] = BASE_ACTIONS
    # The game's keys, then OWN_ACTIONS, then BASE_ACTIONS (see table_keys): the footer lists
    # the game's keys first (the shared ones are the same at every table).
    BINDINGS: ClassVar[list[BindingType]] = []
    # Keys a game screen adds for its panels (free play's 1-9 pick a player's row): no family.
    OWN_ACTIONS: ClassVar[tuple[Command, ...]] = ()

    # Plain vars: paint() updates the widgets that changed. A repainting reactive would
    # redraw the whole screen on every action.
    timeline: var[Timeline | None] = var(None, always_update=True)
    viewing: var[int | None] = var(None)

    def __init__(self, session_id: int) -> None:
        super().__init__()
        self.css_path = [FRAME_CSS, *(p for p in self.css_path if p != FRAME_CSS)]
        self.session_id = session_id
        self.rng = random.Random()  # the dice tray's, when the app rolls
        self.title_text = ""
        self.options_text = ""
        self._entry_callback: Callable[[str], str | None] | None = None
        self._back: Prompt | None = None  # the question esc at the open line goes back to
        self._asked = 0  # questions opened, so an answer can tell if it asked the next one
        self._enabled: tuple[bool | None, ...] = ()
        self._saving: Timeline | None = None  # an action waiting for another program's lock
        self.damage = ""  # the session could be read only in part: shown read-only, saying why
        self._saving_asked: int | None = None  # the entry line whose action waits for the lock
        self._line_closed = False  # the entry line closed (or a key did nothing) and no key but esc came since
        self._active_row: int | None = None  # the active player's row at the last paint

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("Loading the session…", id="header")
        yield Static("", id="banner")
        yield Static("", id="last")
        with Horizontal(id="body"):
            with Vertical(id="main-column"):
                with VerticalScroll(id="main", can_focus=False):
                    yield PlayersTable(id="players")
                    yield from self.compose_panel()
                yield MoreLine(id="more")
            with Vertical(id="side"):
                yield Static("Log", id="log-title")
                yield SessionLog(id="log")
        yield EntryLine()
        yield Static("", id="status")
        yield FittedFooter()

    def compose_panel(self) -> ComposeResult:
        """Game screens add their own panels below the players; the frame shows the turn's
        checklist and the lines of the game's `panel` hook."""
        yield Static("", id="checklist")
        yield Static("", id="game-panel", markup=False)

    def on_mount(self) -> None:
        self.query_one("#banner", Static).display = False
        self.watch(self.query_one("#log", LogPane), "cursor", self._show_selected, init=False)
        main = self.query_one("#main", VerticalScroll)
        self.watch(main, "scroll_y", self._scrolled, init=False)
        self.watch(main, "virtual_size", self._show_more, init=False)
        self.load()

    @work(thread=True, exclusive=True, group="load")
    def load(self) -> None:
        try:
            loaded = store(self.app).load_readable(self.session_id)
        except StoreError as exc:
            self.app.call_from_thread(self.session_gone if isinstance(exc, SessionGone) else self.load_failed, str(exc))
            return
        self.app.call_from_thread(self._loaded, loaded)

    def session_gone(self, message: str) -> None:
        self.app.notify(message, severity="error", title="Session gone", markup=False)
        back_home(self.app)

    def load_failed(self, message: str) -> None:
        self.query_one("#header", Static).update(Text(f"Cannot open this session: {message}"))
        self.notify(message, severity="error", title="Cannot open the session", markup=False)

    def _loaded(self, loaded: Any) -> None:
        self.title_text = loaded.info.title
        self.options_text = options_line(loaded.timeline.game, loaded.info.options)
        self.query_one("#log", SessionLog).forget()  # a reload: every line drawn again
        self.damage = loaded.damage
        if self.damage:
            self.notify(self.damage, severity="error", title="Opened read-only", markup=False, timeout=30)
        self.timeline = loaded.timeline
        self.query_one("#players", DataTable).focus()

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
        view = tl.view_of(self.viewing)
        self._paint_header(tl, view)
        self._paint_players(view)
        self.paint_panel(view)
        self.query_one("#more", MoreLine).reset()
        self.call_after_refresh(self._show_more)
        self._sync_log()
        enabled = tuple(self.check_action(c.action, ()) for c in self.ACTIONS)
        if enabled != self._enabled:
            # The footer rebuilds itself on every refresh; only ask when a key changed state.
            self._enabled = enabled
            self.refresh_bindings()

    def _show_more(self, _: object = None) -> None:
        self.query_one("#more", MoreLine).follow(self.query_one("#main", VerticalScroll))

    def _scrolled(self, _: object = None) -> None:
        self.query_one("#more", MoreLine).reset()  # a scroll by the player may end at the bottom
        self._show_more()

    def action_scroll_panel(self, step: int) -> None:
        main = self.query_one("#main", VerticalScroll)
        main.scroll_to(y=main.scroll_y + step * max(main.size.height - 2, 1), animate=False)

    def _paint_header(self, tl: Timeline, view: TableView) -> None:
        """Game, title, round, whose turn and phase; under them what ends the game (the
        status) and the table options, each on a line of its own. Lines wrap, never cut."""
        header = header_markup(tl.game.name, self.title_text, view, self.options_text)
        update_wrapped(self.query_one("#header", Static), Content.from_markup(header))
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
        lines = self.query("#game-panel")
        if lines and self.timeline is not None:  # the frame's own panel (a game screen has its own)
            text = "\n".join(self.timeline.game.panel(self.shown_state))
            lines.first(Static).display = bool(text)
            update(lines.first(Static), text)

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

    def _show_selected(self, _: object = None) -> None:
        """The log line under the cursor (the newest, unless one is picked), whole: the log
        pane cuts long lines, this line wraps them."""
        if self.timeline is not None and (text := self.query_one("#log", SessionLog).selected(self.timeline)):
            update_wrapped(self.query_one("#last", Static), text)

    def on_resize(self, event: events.Resize) -> None:
        """The wrapped lines may take more or fewer lines now: measure them again."""
        self.query_one(Footer).compact = event.size.width < 120
        for line in self.query("#header, #last"):
            line._shown_text = None  # type: ignore[attr-defined]
        if self.timeline is not None:
            self.call_after_refresh(self.paint)

    # -- the entry line and the status line -------------------------------------------------

    def ask(
        self,
        label: str | Content | Text,
        value: str,
        callback: Callable[[str], str | None],
        suggest: Iterable[str] = (),
        select: bool = False,
        advice: str = "",
        secret: bool = False,
    ) -> None:
        """Open the entry line with `label` as its help and `value` typed in already (with
        `select`, filled in and selected: enter accepts it, the first key typed replaces it).
        A str label is plain text (it quotes names and what was typed); a Text or Content
        label keeps its styles.

        `callback(text)` returns the reason to show when it refuses (the text stays, the
        help stays, the reason goes under it), or None when done: the line closes, unless
        the callback asked the next question itself (then that one is open). `suggest`: the
        words the app knows here (players, cards, legal outcomes), in the order to offer
        them; tab takes the suggestion. Esc closes the line only. `advice`: the game's one line
        of advice for this question, shown under the help while the line is open.
        """
        self._asked += 1
        self._back = None
        self.explain("")  # what an earlier key said is stale under a new question
        entry = self.query_one(EntryLine).open(label, value, suggest, advice)
        entry.password = secret  # hidden as it is typed (a face-down spell's note)
        if select and value:
            entry.selection = Selection(0, len(value))
        # Focus now, not on the next tick, so digits typed right after the key land here.
        self.set_focus(entry)
        self._entry_callback = callback

    @property
    def entry_open(self) -> bool:
        return self._entry_callback is not None

    def close_entry(self) -> None:
        self.query_one(EntryLine).close()
        self._entry_callback = None
        self._line_closed = True
        self.set_focus(self.query_one("#players", DataTable))

    def explain(self, reason: str) -> None:
        """Say in the status line why a key did nothing (or what just happened). Plain text."""
        status = self.query_one("#status", Static)
        if getattr(status, "_shown_text", "") != reason:  # unchanged: no relayout
            status._shown_text = reason  # type: ignore[attr-defined]
            status.update(Content(reason))
            status.set_class(bool(reason), "shown")

    def families(self) -> dict[str, Action]:
        """The game's action families for the state now, by the action their key runs."""
        tl = self.timeline
        if tl is None:
            return {}
        cached = getattr(self, "_families", None)
        if cached is None or cached[0] is not tl.state:
            cached = (tl.state, {a.name: a for a in tl.game.actions(tl.state)})
            self._families = cached
        return cached[1]

    def why_not(self, command: Command) -> str:
        """Why `command` does nothing now: the game's reason for a closed family, else the frame's."""
        return why_not(self.timeline, self.viewing, command, self.families())

    @on(Input.Submitted, "#entry")
    def entry_submitted(self, event: Input.Submitted) -> None:
        self._submit_entry(event.value)

    # -- actions ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Open keys show in the footer; a family the game says is closed is hidden (its key
        says why); while the past is shown, the game's keys are dimmed."""
        return open_now(self.timeline, self.viewing, action, self.families())

    def action_next_turn(self) -> None:
        if self.timeline is not None:
            self.record(self.timeline.game.next_turn(self.timeline.state))

    def action_undo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_undo:
                self.explain("Nothing to undo.")
                return
            self.move_to(self.timeline.undo().cursor)  # a typed line's actions are one step

    def action_redo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_redo:
                self.explain("Nothing to redo.")
                return
            self.move_to(self.timeline.redo().cursor)

    def action_rewind(self) -> None:
        if self.viewing is not None:
            target = self.viewing
            self.viewing = None
            self.move_to(target)
            self.explain(f"Rewound to action {target}; ctrl+y redoes what was undone.")

    def action_log(self) -> None:
        """Open the log (at small sizes it takes the place of the players), or close it."""
        if self.has_class("-log"):
            self.remove_class("-log")
            self.set_focus(self.query_one("#players", DataTable))
        else:
            self.add_class("-log")
            self.set_focus(self.query_one("#log", LogPane))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.set_class(event.widget.id == "log", "-log")
        if event.widget.id != "log" and self.viewing is None and self.timeline is not None:
            self.query_one("#log", LogPane).move_to(self.timeline.cursor - 1)  # leaving the log: the newest again

    def action_back(self) -> None:
        if self.entry_open:
            self.close_entry()
        elif self.viewing is not None:
            self.viewing = None
        elif self.has_class("-log"):
            self.action_log()
        elif self._line_closed:
            self._line_closed = False  # the next esc leaves
            self.explain(STAY)
        else:
            self.app.pop_screen()

    def action_reload(self) -> None:
        self.load()

    def action_table_view(self) -> None:
        from screens.table_view_screen import TableViewScreen

        self.app.push_screen(TableViewScreen(self.session_id))

    def action_seat_links(self) -> None:
        from screens.seat_links_modal import SeatLinksModal

        self.app.push_screen(SeatLinksModal(self.session_id))

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
        try:
            tl.state_at(target)
        except Rejected as exc:  # an older action of a damaged log: say so, stay on now
            self.explain(exc.reason)
            return
        self.viewing = None if target == tl.cursor else target
        if self.has_class("-short", "-narrow"):  # the log covers the table: show the table then
            self.action_log()
