"""The table view: the live game, big and read-only, for a TV, a tablet or a second terminal.

It reads through its own read-only repository (`Repository.reader`) from one worker thread:
every half second it asks SQLite whether the file changed at all (`PRAGMA data_version`) and
then reads only the new events (`companion.store.follow`), so it follows the window that
records the actions without ever taking the write lock. It holds no write path at all: its
only keys move between sessions or leave. Every game is painted from `game.view(state)` and,
above the players, the game's `headline(state)` hook: (label, value) pairs for its headline
state, none by default (see `companion.core.Game`). The parts themselves (rows, bars, headline)
are built in table_view_paint.py; this screen follows the file and lays them out.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Digits, Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from companion import stats
from companion.core import TableView
from companion.games import all_games
from companion.text import heading, literal, shown
from screens.commands import Command, bindings
from screens.store_access import db_file
from screens.table_view_paint import compact_headline, headline_grid, rows_table, top_line, turn_words

POLL_SECONDS = 0.5
ACTIONS = (
    Command("escape", "back", "Back", "Back to the list of sessions, or to where you were", key_display="esc"),
    Command("q", "quit", "Quit", "Close the table view (nothing to save: it only reads)"),
)


@dataclass(frozen=True)
class Frame:
    """Everything the view paints, computed in the worker so a slow or failing game never
    stalls or crashes the screen."""

    game: str
    title: str
    cursor: int
    updated: str
    view: TableView
    headline: tuple[tuple[str, str], ...] | str = ()  # pairs, or why there are none
    panel: tuple[str, ...] = ()  # the game's lines of words under the players
    over: str = ""  # at game over: who won ("Winner: Ann"), from the game's result


@dataclass
class Followed(Message):
    """The worker read something new: a session (None once deleted), the list, or a problem."""

    session_id: int | None
    frame: Frame | None = None
    sessions: list[Any] | None = None
    problem: str | None = None


def frame_of(loaded: Any) -> Frame:
    tl = loaded.timeline
    game, state = tl.game, tl.state
    headline: tuple[tuple[str, str], ...] | str = ()
    try:
        headline = tuple((str(label), str(value)) for label, value in game.headline(state))
    except Exception as exc:  # a game's bug must not blank the table
        headline = f"headline unavailable: {exc}"
    try:
        panel = tuple(str(line) for line in game.panel(state))
    except Exception as exc:
        panel = (f"panel unavailable: {exc}",)
    info = loaded.info
    return Frame(
        game.name, info.title, tl.cursor, info.updated, game.view(state), headline, panel, winners(game, state)
    )


def winners(game: Any, state: Any) -> str:
    """ "Winner: Ann", "Winners: Ann, Bob" or "No winner" once the game is over; "" before."""
    try:
        result = game.result(state)
    except Exception as exc:
        return f"result unavailable: {exc}"
    if result is None:
        return ""
    names = result.winners
    return f"Winner{'s' if len(names) > 1 else ''}: {', '.join(names)}" if names else "No winner"


TALL = 40  # lines: below this the table view is compact (one top line, no boxes, rows without rules)


class TableViewScreen(Screen[None]):
    CSS_PATH = "table_view_screen.tcss"
    ACTIONS = ACTIONS
    BINDINGS = bindings(*ACTIONS)

    frame: reactive[Frame | None] = reactive(None, always_update=True)

    def __init__(self, session_id: int | None = None, db_path: Path | None = None) -> None:
        super().__init__()
        self.session_id = session_id
        self.chooser = session_id is None
        self.db_path = db_path
        self.view: TableView | None = None
        self.sessions: list[Any] = []
        self.names: dict[str, str] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Static("Companion · table view", id="tv-title")
        yield Static("Opening the database…", id="tv-message")
        yield OptionList(id="tv-chooser")
        with Vertical(id="tv-game"):
            with Horizontal(id="tv-top"):
                with Vertical(id="tv-round-box", classes="tv-box"):
                    yield Static("ROUND", classes="tv-label")
                    yield Digits("", id="tv-round")
                with Vertical(id="tv-turn-box", classes="tv-box"):
                    yield Static("TURN", classes="tv-label")
                    yield Static("", id="tv-turn")
                with Vertical(id="tv-phase-box", classes="tv-box"):
                    yield Static("PHASE", classes="tv-label")
                    yield Static("", id="tv-phase")
            yield Static("", id="tv-line")
            yield Static("", id="tv-status")
            yield Static("", id="tv-headline")
            with VerticalScroll(id="tv-body"):
                yield Static("", id="tv-rows")
                yield Static("", id="tv-panel")
            yield Static("", id="tv-checklist")
        yield Static("", id="tv-live")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.height < TALL
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            self.frame = self.frame  # painted again for the new size

    def on_mount(self) -> None:
        self.set_class(self.size.height < TALL, "-compact")
        self.query_one("#tv-chooser").display = False
        self.query_one("#tv-game").display = False
        self.follow()

    def on_unmount(self) -> None:
        self._stop.set()
        self._wake.set()

    # -- following the file (worker thread) ---------------------------------------------------

    @work(thread=True, exclusive=True, group="table-view")
    def follow(self) -> None:
        from companion.store.repo import Repository

        worker = get_current_worker()
        repo = Repository.reader(self.db_path or db_file(self.app))
        seen: Any = None
        try:
            with contextlib.suppress(Exception):  # a broken game shows its error when it loads
                self.names = {g.id: g.name for g in all_games()}  # imported here, off the UI
            while not (worker.is_cancelled or self._stop.is_set()):
                self._wake.clear()
                target = self.session_id
                try:
                    seen = self._check(repo, target, seen)
                except Exception as exc:  # SQLite refusing the file: retried every poll
                    seen = None
                    self.post_message(Followed(target, problem=f"Cannot read {repo.path}: {exc}"))
                self._wake.wait(POLL_SECONDS)
        finally:
            repo.close()

    def _check(self, repo: Any, target: int | None, seen: Any) -> Any:
        """One poll; returns what to compare the next one with. Nothing is read unless the
        file changed since the last poll (`PRAGMA data_version`)."""
        from companion.store.follow import Follower

        if target is None:
            version = repo.data_version()
            if isinstance(seen, tuple) and seen[:2] == ("list", version):
                return seen
            sessions = repo.list_sessions()
            now = ("list", version, tuple((s.id, s.title, s.summary, s.updated) for s in sessions))
            if not isinstance(seen, tuple) or seen[2] != now[2]:
                self.post_message(Followed(None, sessions=sessions))
            return now
        follower = seen if isinstance(seen, Follower) and seen.session_id == target else Follower(repo, target)
        repo.data_version()  # a file SQLite cannot open is said by the caller, not as a replay error
        try:
            changed, loaded = follower.poll()
            if changed:
                self.post_message(Followed(target, frame_of(loaded) if loaded is not None else None))
        except Exception as exc:  # a log this version cannot replay: said once, retried on change
            self.post_message(Followed(target, problem=f"Cannot show session {target}: {exc}"))
        return follower

    def on_followed(self, message: Followed) -> None:
        if message.session_id != self.session_id:
            return  # read for a session no longer shown
        if message.problem:
            self._say(message.problem)
        elif message.sessions is not None:
            self._show_sessions(message.sessions)
        elif message.frame is None:
            self._say(f"There is no session {self.session_id} in this database (was it deleted?).")
        else:
            self.frame = message.frame

    # -- painting -----------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        message = self.query_one("#tv-message", Static)
        message.update(literal(text, lines=True))
        message.display = True
        self.query_one("#tv-game").display = False
        self.query_one("#tv-chooser").display = False

    def _show_sessions(self, sessions: list[Any]) -> None:
        self.sessions = sessions
        chooser = self.query_one("#tv-chooser", OptionList)
        highlighted = chooser.highlighted
        chooser.clear_options()
        chooser.add_options(
            Option(
                Text.assemble(
                    (shown(s.title), "bold"),
                    shown(f"  {self.names.get(s.game, s.game)} · {', '.join(s.players)} · {s.summary}"),
                ),
                id=str(s.id),
            )
            for s in sessions
        )
        if sessions:
            chooser.highlighted = min(highlighted or 0, len(sessions) - 1)
            self._say("Choose a session to show at the table (enter):")
            chooser.display = True
            chooser.focus()
        else:
            self._say("No saved sessions yet. Start one in Companion; it appears here.")
        self.query_one("#tv-live", Static).update("Read-only · follows the database live")

    def watch_frame(self, frame: Frame | None) -> None:
        if frame is None:
            return
        view = self.view = frame.view
        self.query_one("#tv-message").display = False
        self.query_one("#tv-chooser").display = False
        self.query_one("#tv-game").display = True
        name, rest = heading(frame.game, frame.title)
        self.query_one("#tv-title", Static).update(
            Text.assemble((shown(name), "bold"), shown(rest), ("   ● live · read-only", "green"))
        )
        self.query_one("#tv-round", Digits).update(str(view.round))
        self.query_one("#tv-turn", Static).update(literal(turn_words(view, frame.over), style="bold"))
        self.query_one("#tv-phase", Static).update(literal(view.phase))
        self.query_one("#tv-line", Static).update(top_line(view, frame.over))
        status = self.query_one("#tv-status", Static)
        status.update(literal(view.status, style="bold"))
        status.display = bool(view.status)
        self._paint_headline(frame.headline)
        self.query_one("#tv-rows", Static).update(rows_table(view, self.has_class("-compact")))
        panel = self.query_one("#tv-panel", Static)
        panel.update(literal("\n".join(frame.panel), lines=True))
        panel.display = bool(frame.panel)
        steps = "   ".join(f"{'☑' if done else '☐'} {name}" for name, done in view.checklist)
        self.query_one("#tv-checklist", Static).update(literal(steps))
        self.query_one("#tv-checklist").display = bool(view.checklist)
        changed = f"{stats.when(frame.updated)} ({stats.zone()})"
        self.query_one("#tv-live", Static).update(f"After action {frame.cursor} · last change {changed}")

    def _paint_headline(self, headline: tuple[tuple[str, str], ...] | str) -> None:
        widget = self.query_one("#tv-headline", Static)
        widget.display = bool(headline)
        if isinstance(headline, str):
            widget.update(literal(headline, style="dim", lines=True))
        elif headline:
            widget.update(compact_headline(headline) if self.has_class("-compact") else headline_grid(headline))

    # -- keys: navigation only ----------------------------------------------------------------

    @on(OptionList.OptionSelected, "#tv-chooser")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self._open(int(event.option.id or 0))

    def _open(self, session_id: int | None) -> None:
        self.session_id = session_id
        self.frame = None
        self._say("Loading…")
        self._wake.set()

    def action_back(self) -> None:
        if self.chooser and self.session_id is not None:
            self._open(None)
        elif not getattr(self.app, "viewer", False):  # pushed over a table: go back to it
            self.app.pop_screen()
        elif not self.chooser:  # `companion view ID`: back to the list of sessions
            self.chooser = True
            self._open(None)
        else:
            self.notify("This is the list of sessions; press q to close the table view.")

    def action_quit(self) -> None:
        self.app.exit()
