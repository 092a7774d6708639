"""The table frame every game shares: header, players, log, entry line, undo and redo.

The screen holds one Timeline and replaces it wholesale; every widget is painted from it.
An action goes core first (Rejected: a message, nothing changes), then the store (committed),
then the screen: nothing is shown that is not on disk. The screen is made of its jobs: the
recording (screens.recorder), the keys (game_keys, key_burst), the painting (table_paint),
moving about (table_moves) and following the file (table_follow). Game screens subclass it
for their panels alone; every key is the game's (`Game.keys`) or the frame's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.input import Selection

from companion.core import Prompt, Rejected
from companion.store.files import SessionGone, StoreError
from companion.timeline import Timeline
from screens.commands import Command
from screens.game_keys import GameKeys
from screens.recorder import Recorder
from screens.table_follow import FollowFile
from screens.table_moves import Moves
from screens.table_paint import Painter
from screens.table_parts import back_home, options_line
from screens.widgets.entry_line import EntryLine
from screens.widgets.fitted_footer import FittedFooter
from screens.widgets.log_pane import LogPane
from screens.widgets.more_line import MoreLine
from screens.widgets.players_table import PlayersTable
from screens.widgets.session_log import SessionLog

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


class TableScreen(FollowFile, Recorder, Painter, Moves, GameKeys, Screen[None]):
    """The frame, and the whole screen of a game with no panels of its own. The game's keys are
    bound by `screens.table_keys.table_class`, from `Game.keys`; a game screen subclasses this
    for its panels and names only its own stylesheet in CSS_PATH (the frame's comes first)."""

    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = None
    # Under 120 columns the log moves under the players; under 28 lines it waits behind
    # ctrl+l (the newest action is whole in the line under the header at every size).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]
    ACTIONS: ClassVar[tuple[Command, ...]] = BASE_ACTIONS
    # The game's keys, then BASE_ACTIONS (see table_keys): the footer lists the game's keys
    # first (the shared ones are the same at every table).
    BINDINGS: ClassVar[list[BindingType]] = []

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
        self._enabled: tuple[tuple[bool | None, str | None], ...] = ()
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
        self._game_panel = next(iter(self.query("#game-panel").results(Static)), None)
        self.watch(self.query_one("#log", LogPane), "cursor", self._show_selected, init=False)
        main = self.query_one("#main", VerticalScroll)
        self.watch(main, "scroll_y", self._scrolled, init=False)
        self.watch(main, "virtual_size", self._show_more, init=False)
        self.load()

    @work(thread=True, exclusive=True, group="load")
    def load(self) -> None:
        try:
            loaded = self.read_session()
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

    @on(Input.Submitted, "#entry")
    def entry_submitted(self, event: Input.Submitted) -> None:
        self._submit_entry(event.value)

    # -- actions ------------------------------------------------------------------------------

    def action_next_turn(self) -> None:
        if self.timeline is not None:
            self.record(self.timeline.game.next_turn(self.timeline.state))

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
