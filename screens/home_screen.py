"""Home: saved sessions, newest first, with keys to resume, start, rename, delete, export and import.

The first frame is the header, "Opening the database…" and the footer, whose keys are drawn in
the next frame. The sessions table (Textual's DataTable: its module, stylesheet and styling) is
mounted when the store has opened, before the list fills it. It was hidden until then, so the
first screen looks the same, and a key typed meanwhile waits behind the mount in the screen's
queue.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Header, Static

from companion.store.errors import StoreError
from companion.text import fit, literal, markup_lines
from screens.commands import Command, bindings
from screens.confirm_modal import ConfirmModal
from screens.prompt_modal import PromptModal
from screens.widgets.fitted_footer import FittedFooter

if TYPE_CHECKING:
    from textual.widgets import DataTable

    from companion.store.repo import Repository, SessionInfo

EMPTY = (
    "[b]No sessions yet.[/b]\n\n"
    "Press [b]n[/b] to start one: pick a game, type the players' names in seat order, "
    "and play. Every action is saved as it happens; come back here to resume tomorrow.\n"
    "Press [b]ctrl+p[/b] for every command, [b]q[/b] to quit."
)


class HomeScreen(Screen[None]):
    CSS_PATH = "home_screen.tcss"
    ACTIONS = (
        Command("enter", "resume", "Resume", "Open the highlighted session", priority=True),
        Command("n", "new", "New session", "Start a new session"),
        Command("r", "rename", "Rename", "Rename the highlighted session"),
        Command("d", "delete", "Delete", "Delete the highlighted session (asks first)"),
        Command("e", "export", "Export", "Export the highlighted session to a file, or to BG Stats by QR code"),
        Command("i", "import", "Import", "Import a session from its JSON export"),
        Command("s", "stats", "Stats", "Statistics per game and per player, with plots"),
        Command("q", "quit", "Quit", "Leave Companion (everything is saved)"),
    )
    BINDINGS = bindings(*ACTIONS)

    def _repo(self) -> Repository:
        """The app's store, imported here: the home screen draws its first frame before
        SQLAlchemy is loaded."""
        from screens.store_access import store

        return store(self.app)

    def __init__(self) -> None:
        super().__init__()
        self.sessions: list[SessionInfo] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Opening the database…", id="status")
        # Its keys follow in the next frame, as in any Textual app's footer.
        yield FittedFooter()

    async def on_store_opened(self, message: Any) -> None:
        if not self.query("#sessions"):
            from textual.widgets import DataTable

            table = DataTable[Text](id="sessions", cursor_type="row", zebra_stripes=True)
            table.display = False
            await self.mount(table, before=self.query_one(FittedFooter))
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def _table(self) -> DataTable[Text]:
        from textual.widgets import DataTable

        return self.query_one("#sessions", DataTable)

    def reload(self) -> None:
        app: Any = self.app
        status = self.query_one("#status", Static)
        if app.store_error:
            status.update(f"[b]Cannot open the database.[/b]\n\n{markup_lines(app.store_error)}")
            status.add_class("error")
            return
        if app.repo is None or not self.query("#sessions"):
            return
        from companion.games import all_games
        from companion.stats import when, zone

        names = {g.id: g.name for g in all_games()}
        self.sessions = app.repo.list_sessions()
        table = self._table()
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(Text(f"Session ({zone()})"), Text("Players"), Text("Now"))  # times are local, the zone named
        rows = [
            # Two lines a row, so a session reads whole at 80 columns: title over game and date.
            (
                (s.title, f"{names.get(s.game, s.game)} · {when(s.updated)}"),
                _two_lines(s.players),
                ("⚠ damaged", "opens read-only")
                if s.damage  # a row that does not read whole: listed as far as it reads; enter says why
                else tuple(f"✓ {s.summary}".split(" · "))
                if s.finished
                else (s.summary,),  # won/lost under
            )
            for s in self.sessions
        ]
        # Every cell fits the width: the title and the players end in … past their share, and
        # the "Now" cell wraps into what is left (at least 16 cells), ending in … if still longer.
        natural = [max((cell_len(x) for r in rows for x in r[i]), default=0) for i in (0, 1)]
        total = self.size.width - 3 * 2 - 2  # the cells' padding and the scrollbar
        # The title over its game and date takes what it needs while the players keep 12 cells
        # and "Now" 16; at least half the width is always the title's.
        first = min(natural[0], max(total // 2, total - min(natural[1], 12) - 16))
        second = min(natural[1], max(total - first - 16, 12))
        room = max(total - first - second, 10)
        for s, (title, players, now) in zip(self.sessions, rows, strict=True):
            cells = (
                tuple(fit(x, first) for x in title),
                tuple(fit(x, second) for x in players),
                _now_lines(now, room),
            )
            table.add_row(*(Text("\n").join(map(literal, lines)) for lines in cells), key=str(s.id), height=2)
        table.display = bool(self.sessions)
        status.display = not self.sessions
        status.update(EMPTY)
        if self.sessions:
            table.move_cursor(row=min(row, len(self.sessions) - 1))
            table.focus()
        self.refresh_bindings()

    def selected(self) -> SessionInfo | None:
        if not self.sessions:
            return None
        return self.sessions[self._table().cursor_row]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":  # enter on the table's row resumes; with no row there is nothing to offer
            return self.selected() is not None
        if action in {"rename", "delete", "export"}:
            return True if self.selected() else None
        if action in {"new", "import", "stats"}:
            return True if getattr(self.app, "repo", None) else None
        return True

    def on_data_table_row_selected(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        chosen = self.selected()
        if chosen:
            from screens.table_keys import open_table

            try:
                open_table(self.app, chosen.id)
            except StoreError as exc:  # deleted in another window since the list was read
                self.notify(str(exc), severity="error", title="Cannot open", markup=False)
                self.reload()

    def action_quit(self) -> None:
        self.app.exit()

    def action_stats(self) -> None:
        from screens.stats_screen import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_new(self) -> None:
        from screens.new_session_screen import NewSessionScreen

        self.app.push_screen(NewSessionScreen())

    def action_rename(self) -> None:
        chosen = self.selected()
        if not chosen:
            return

        def done(title: str | None) -> None:
            if title is None:
                return
            try:
                self._repo().rename(chosen.id, title)
            except Exception as exc:  # a StoreError; the store is imported lazily
                self.notify(str(exc), severity="error")
            self.reload()

        self.app.push_screen(PromptModal("New title for this session:", chosen.title), done)

    def action_delete(self) -> None:
        chosen = self.selected()
        if not chosen:
            return

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    self._repo().delete(chosen.id)
                except StoreError as exc:
                    self.notify(str(exc), severity="error", title="Not deleted", markup=False)
                else:
                    self.notify(f"Deleted “{chosen.title}”.")
                self.reload()

        question = f"Delete “{chosen.title}” and its whole log? This cannot be undone."
        self.app.push_screen(ConfirmModal(question), done)

    def action_export(self) -> None:
        chosen = self.selected()
        if not chosen:
            return
        from screens.export_modal import ExportModal

        def done(answer: tuple[str, str] | None) -> None:
            if answer is None:
                return
            if answer[0] == "qr":
                self._show_qr(chosen.id)
            else:
                self._export(chosen.id, answer[1])

        modal = ExportModal(chosen.title, f"companion-{chosen.id}.md", chosen.finished)
        self.app.push_screen(modal, done)

    def _show_qr(self, session_id: int) -> None:
        from companion.export import ExportError, push_link
        from companion.store.players import people
        from screens.qr_modal import QrModal
        from screens.store_access import bgg_ids

        repo = self._repo()
        try:
            link = push_link(
                repo.load(session_id), repo.event_times(session_id), people(repo, session_id, bgg_ids(self.app))
            )
        except (ExportError, StoreError) as exc:
            self.notify(str(exc), severity="error", title="No QR code", markup=False)
            return
        self.app.push_screen(QrModal(link))

    def action_import(self) -> None:
        question = "Import a session from its JSON export (the file's path):"
        self.app.push_screen(PromptModal(question, "", placeholder="companion-1.json"), self._import)

    def _import(self, path: str | None) -> None:
        if not path or not path.strip():
            return
        self.notify("Importing…", timeout=2)
        self.run_worker(lambda: self._import_in_worker(path.strip()), thread=True, group="import")

    def _import_in_worker(self, path: str, again: bool = False) -> None:
        from companion.importer import AlreadyImported, ImportRefused, import_file

        try:
            sid, parsed = import_file(self._repo(), path, again)
        except AlreadyImported as exc:  # asked: a second copy only if the player means it
            self.app.call_from_thread(self._import_again, path, str(exc))
            return
        except (ImportRefused, StoreError) as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error", title="Not imported", markup=False)
            return
        words = (
            f"Imported “{parsed.title}” ({parsed.game.name}, {len(parsed.timeline.entries)} actions) as session {sid}."
        )
        self.app.call_from_thread(self.notify, words, markup=False)
        self.app.call_from_thread(self.reload)

    def _import_again(self, path: str, said: str) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(lambda: self._import_in_worker(path, again=True), thread=True, group="import")

        self.app.push_screen(ConfirmModal(f"{said} Import it again as a new session?"), answered)

    def _export(self, session_id: int, target: str | None, force: bool = False) -> None:
        if not target:
            return
        from companion.export import ExportError, export
        from companion.export_file import ExportRefused, NeedsForce, write_export
        from companion.formats import by_suffix, suffixes
        from companion.store.players import people
        from screens.store_access import bgg_ids

        path = Path(target).expanduser()
        chosen = by_suffix(path.name)
        if chosen is None:
            self.notify(f"End the file name with {suffixes()}.", severity="error")
            return
        fmt = chosen.name
        repo = self._repo()
        salvaged = ""
        try:
            loaded = repo.load_readable(session_id, whole=True)  # damaged: what can still be read
            if loaded.damage:
                salvaged = f" (as far as it reads: {loaded.damage})"
            times = repo.event_times(session_id) if not salvaged else []
            text = export(loaded, times, fmt, people(repo, session_id, bgg_ids(self.app)))
            write_export(text, path, repo.path, force=force)
        except NeedsForce:
            question = f"{path} already exists. Replace it with this export?"
            self.app.push_screen(
                ConfirmModal(question), lambda yes: self._export(session_id, target, True) if yes else None
            )
            return
        except (ExportError, ExportRefused, StoreError) as exc:
            self.notify(str(exc), severity="error", title="Not exported", markup=False)
            self.reload()
            return
        self.notify(f"Exported to {path}{salvaged}", markup=False)


def _now_lines(lines: tuple[str, ...], room: int) -> tuple[str, ...]:
    """A session's "Now" in at most two lines of `room` cells: a long line wraps at its comma
    ("round 4," over "Ulrike's turn"), and a line still too long ends in …."""
    if len(lines) == 1 and cell_len(lines[0]) > room and ", " in lines[0]:
        head, _, tail = lines[0].partition(", ")
        lines = (head + ",", tail)
    return tuple(fit(line, room) for line in lines[:2])


def _two_lines(players: tuple[str, ...]) -> tuple[str, ...]:
    """The players split over two lines near the middle of the list (one line for a short list)."""
    text = ", ".join(players)
    if len(text) <= 20 or len(players) < 2:
        return (text,)
    half = (len(players) + 1) // 2
    return (", ".join(players[:half]) + ",", ", ".join(players[half:]))
