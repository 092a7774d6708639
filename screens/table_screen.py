"""The table frame every game shares: header, players, log, entry line, undo and redo.

The screen holds one Timeline and replaces it wholesale; every widget is painted from it.
An action goes core first (Rejected: a message, nothing changes), then the store (committed),
then the screen: nothing is shown that is not on disk. Game screens subclass this, add their
ACTIONS, and call `record(event)`; they hold no rules of their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from importlib import import_module
from pathlib import PurePath
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static
from textual.widgets.input import Selection

from companion.core import Action, Prompt, Rejected, TableView
from companion.store.files import SessionGone, StoreError
from companion.text import heading, literal, markup, shown
from companion.timeline import Entry, Timeline
from screens.commands import Command
from screens.key_burst import KeyBurst
from screens.recorder import PAST, Recorder
from screens.store_access import store
from screens.widgets.entry_line import EntryLine
from screens.widgets.fitted_footer import FittedFooter
from screens.widgets.log_pane import LogPane
from screens.widgets.players_table import PlayersTable

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
    Command("shift+down", "scroll_panel(1)", "Panel down", "Scroll the players and the panel down", show=False),
    Command("shift+up", "scroll_panel(-1)", "Panel up", "Scroll the players and the panel up", show=False),
)
MORE = "▼ more below: shift+down"
MUTATING = {"next_turn", "undo", "redo", "rewind"}
# A reflex esc just after a line closed (a refusal given up, an action recorded) closes nothing
# more: the first esc with no other key since the line closed stays at the table and says so.
STAY = "The line is closed; esc again leaves the table."


def open_table(app: App[Any], session_id: int) -> None:
    """Push the screen of the session's game; it loads its log in a worker."""
    repo = store(app)
    module, _, name = repo.game_of(repo.info(session_id)).screen.partition(":")  # an unknown game: StoreError
    app.push_screen(getattr(import_module(module), name)(session_id))


def back_home(app: App[Any]) -> None:
    """Pop every screen above the home screen (the session they showed is gone). The home
    screen is known by its class's name: importing it here would close the import cycle
    home → new session → table → home (`lint-imports` checks there is none)."""
    while len(app.screen_stack) > 1 and type(app.screen).__name__ != "HomeScreen":
        app.pop_screen()


def update(widget: Static, content: str, layout: bool = True) -> None:
    """Set a Static's text only when it changed. An update relays out the whole screen
    unless `layout` is False, which is right only for a line of fixed height."""
    if getattr(widget, "_shown_text", None) != content:
        widget._shown_text = content  # type: ignore[attr-defined]
        widget.update(content, layout=layout)


def update_wrapped(widget: Static, content: Content | Text) -> None:
    """Set a Static whose text wraps: the screen lays out again only when it takes a
    different number of lines than before (or its text is the same: nothing at all)."""
    plain = content.plain
    if getattr(widget, "_shown_text", None) == plain:
        return
    widget._shown_text = plain  # type: ignore[attr-defined]
    text = content if isinstance(content, Text) else Text(plain)
    lines = len(text.wrap(widget.app.console, max(widget.content_region.width, 10)))
    same = getattr(widget, "_shown_lines", None) == lines
    widget._shown_lines = lines  # type: ignore[attr-defined]
    widget.update(content, layout=not same)


def options_line(game: Any, chosen: dict[str, Any]) -> str:
    """The table options that differ from the printed game, by their labels."""
    said = []
    for option in game.options:
        value = chosen.get(option.key, option.default)
        if value == option.default:
            continue
        if option.kind == "bool":
            said.append(option.label if value else f"{option.label}: off")
        else:
            said.append(f"{option.label}: {value}")
    return "Table options: " + " · ".join(said) if said else ""


def log_words(entry: Entry, undone: bool, said: str | None = None) -> str:
    """An entry's words (`said`: as the game lets the table read them now, see `Game.public_text`)."""
    text = shown(entry.text if said is None else said)
    if entry.dropped:
        text += f" (replaced {entry.dropped} undone action{'s' if entry.dropped > 1 else ''})"
    return text + " (undone)" if undone else text


def log_line(index: int, entry: Entry, undone: bool, widths: tuple[int, int], said: str | None = None) -> Text:
    """One log line: number, turn, words in columns; an undone action is struck through."""
    number, turn = widths
    who = shown(entry.turn)
    line = f" {index + 1:>{number}}  {who}{' ' * (turn - cell_len(who))}  {log_words(entry, undone, said)}"
    return Text(line, style="dim strike" if undone else "")


class TableScreen(Recorder, KeyBurst, Screen[None]):
    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = "table_screen.tcss"
    # Under 120 columns the log moves under the players; under 28 lines it waits behind
    # ctrl+l (the newest action is whole in the line under the header at every size).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]
    ACTIONS: ClassVar[tuple[Command, ...]] = BASE_ACTIONS
    # Each game screen binds its own keys, then BASE_ACTIONS: the footer lists the game's
    # keys first (the shared ones are the same at every table).
    BINDINGS: ClassVar[list[BindingType]] = []

    # Plain vars: paint() updates the widgets that changed. A repainting reactive would
    # redraw the whole screen on every action.
    timeline: var[Timeline | None] = var(None, always_update=True)
    viewing: var[int | None] = var(None)

    def __init__(self, session_id: int) -> None:
        super().__init__()
        self.session_id = session_id
        self.rng = random.Random()  # the dice tray's, when the app rolls
        self.title_text = ""
        self.options_text = ""
        self._shown: tuple[tuple[Entry, ...], int] = ((), 0)
        self._log_widths = (0, 0)
        self._log_finished = False
        self._entry_callback: Callable[[str], str | None] | None = None
        self._back: Prompt | None = None  # the question esc at the open line goes back to
        self._asked = 0  # questions opened, so an answer can tell if it asked the next one
        self._held: list[events.Key] | None = None
        self._enabled: tuple[bool | None, ...] = ()
        self._saving: Timeline | None = None  # an action waiting for another program's lock
        self.damage = ""  # the session could be read only in part: shown read-only, saying why
        self._saving_asked: int | None = None  # the entry line whose action waits for the lock
        self._line_closed = False  # the entry line closed and no key but esc came since
        self._more_turns = 0  # the "more below" line's turns since the last paint

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
                yield Static(MORE, id="more")
            with Vertical(id="side"):
                yield Static("Log", id="log-title")
                yield LogPane(id="log")
        yield EntryLine()
        yield Static("", id="status")
        yield FittedFooter()

    def compose_panel(self) -> ComposeResult:
        """Game screens add their own panels below the players."""
        yield Static("", id="checklist")

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
        self._shown = ((), 0)
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
        self._more_turns = 0
        self.call_after_refresh(self._show_more)
        self._sync_log()
        enabled = tuple(self.check_action(c.action, ()) for c in self.ACTIONS)
        if enabled != self._enabled:
            # The footer rebuilds itself on every refresh; only ask when a key changed state.
            self._enabled = enabled
            self.refresh_bindings()

    def _show_more(self, _: object = None) -> None:
        """The line under the players and the panel says when they go on below the screen.

        The line takes a row from the panel, and a panel that fits its height (wrapping, a
        scrollbar coming or going) can then fit again: shown and hidden by turns, each a new
        layout, it flickered and burned a second of CPU on one action. That happens only
        when the panel grows into whatever height it is given (no line of it is below: with
        the line shown, all of it fits), so the line comes at most once between two paints (a
        new state, a resize, a scroll) and goes whenever all fits; a panel really longer
        than the screen keeps it."""
        main = self.query_one("#main", VerticalScroll)
        more = self.query_one("#more", Static)
        wanted = main.scroll_y < main.max_scroll_y
        if wanted != more.display and (not wanted or self._more_turns < 1):
            self._more_turns += wanted
            more.display = wanted

    def _scrolled(self, _: object = None) -> None:
        self._more_turns = 0  # a scroll by the player may end at the bottom: the line goes
        self._show_more()

    def action_scroll_panel(self, step: int) -> None:
        main = self.query_one("#main", VerticalScroll)
        main.scroll_to(y=main.scroll_y + step * max(main.size.height - 2, 1), animate=False)

    def _paint_header(self, tl: Timeline, view: TableView) -> None:
        """Game, title, round, whose turn and phase; under them what ends the game (the
        status) and the table options, each on a line of its own. Lines wrap, never cut."""
        name, rest = heading(tl.game.name, self.title_text)
        parts = [f"[b]{markup(name)}[/b]{markup(rest)}", f"Round {view.round}"]
        if view.finished:
            parts.append("[b]Game over[/b]")
        elif view.turn:  # no one's turn (the start player draw, a deal): the phase says what is going on
            parts.append(f"[b reverse] {markup(view.turn)}'s turn [/]")
        if view.phase and not view.finished:
            parts.append(f"phase: {markup(view.phase)}")
        lines = [" · ".join(parts)]
        if view.status:
            lines.append(markup(view.status))
        if self.options_text:
            lines.append(f"[dim]{markup(self.options_text)}[/]")
        update_wrapped(self.query_one("#header", Static), Content.from_markup("\n".join(lines)))
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
        self.query_one("#players", PlayersTable).show(columns, rows)

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
        if self._log_finished != tl.view_of().finished:  # the end may reveal what the log kept secret
            self._log_finished, keep = not self._log_finished, 0
        number, turn = self._log_widths if keep else (0, 0)
        fresh = tl.entries[keep:]
        widths = (
            max(number, len(str(len(tl.entries)))),
            max([turn, *(cell_len(shown(e.turn)) for e in fresh)]),
        )
        if widths != self._log_widths:
            keep = 0
        self._shown, self._log_widths = (tl.entries, tl.cursor), widths
        entries, cursor = tl.entries, tl.cursor
        log = self.query_one("#log", LogPane)
        said = tl.game.public_text
        log.show(
            len(entries),
            keep,
            lambda i: log_line(i, entries[i], i >= cursor, widths, said(tl.state, entries[i].event, entries[i].text)),
        )
        before = log.cursor
        if self.viewing is None and entries:
            log.move_to(cursor - 1)
        if log.cursor == before:  # a cursor that moved has shown its line already (the watch)
            self._show_selected()
        # The numbers count the actions; the title changes only with undo and redo, so a
        # new action repaints no more than its own line and the scroll.
        title = "Log"
        if cursor < len(entries):
            title += f" · {len(entries) - cursor} undone (ctrl+y redoes)"
        update(self.query_one("#log-title", Static), title, layout=False)

    def _show_selected(self, _: object = None) -> None:
        """The log line under the cursor (the newest, unless one is picked), whole: the log
        pane cuts long lines, this line wraps them."""
        tl = self.timeline
        if tl is None or not tl.entries:
            return
        log = self.query_one("#log", LogPane)
        index = min(log.cursor, len(tl.entries) - 1)
        entry = tl.entries[index]
        # The newest action still standing gets the arrow (after an undo too); others say why shown.
        head = "▸" if index == tl.cursor - 1 else "Undone:" if index >= tl.cursor else "Picked:"
        text = Text.assemble(
            (f"{head} {index + 1} · {shown(entry.turn)} · ", "dim"),
            log_words(entry, index >= tl.cursor, tl.game.public_text(tl.state, entry.event, entry.text)),
        )
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
        tl = self.timeline
        if tl is None:
            return "The session is still loading."
        family = self.families().get(command.action.partition("(")[0])
        if family is not None and family.closed is not None and self.viewing is None:
            return f"{command.title}: {family.closed}"
        if command.action == "rewind":
            return "Rewind needs an earlier action: tab to the log, pick one, enter, then w."
        if self.viewing is not None:
            return PAST
        if command.action == "undo":
            return "Nothing to undo: this is the start of the session."
        if command.action == "redo":
            return "Nothing to redo: no action has been undone."
        view = tl.view_of()
        if view.finished:
            return f"{command.title}: the game is over (ctrl+z undoes the last action)."
        if view.phase:
            return f"{command.title} is not open in the {view.phase} phase."
        return f"{command.title} is not open now."

    @on(Input.Submitted, "#entry")
    def entry_submitted(self, event: Input.Submitted) -> None:
        self._submit_entry(event.value)

    # -- actions ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Open keys show in the footer; a family the game says is closed is hidden (its key
        says why); while the past is shown, the game's keys are dimmed."""
        tl = self.timeline
        if tl is None:
            return None if action != "back" else True
        action = action.partition("(")[0]
        family = self.families().get(action)
        if family is not None:
            if self.viewing is not None:
                return None
            return family.closed is None
        if action == "rewind":
            return self.viewing is not None
        if action == "undo":
            return True if tl.can_undo and self.viewing is None else None
        if action == "redo":
            return True if tl.can_redo and self.viewing is None else None
        if action in MUTATING and self.viewing is not None:
            return None
        if action == "next_turn" and tl.view_of().finished:
            return None
        return True

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
