"""The Textual app: built by a factory with explicit paths; nothing touches disk at import.

The first frame comes before the store: SQLModel is imported and the file opened in a
worker thread, and the home screen fills in when `StoreOpened` arrives. The command palette
offers every command of the current screen (each declared once in the screen's ACTIONS).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import App, InvalidThemeError, SystemCommand
from textual.driver import Driver
from textual.message import Message
from textual.screen import Screen

from companion.settings import Settings, save_theme
from companion.text import shown, shown_lines
from screens.commands import key_of, keymap
from screens.home_screen import HomeScreen
from screens.key_queue import KeyQueue
from screens.paste_parser import read_pastes_whole

if TYPE_CHECKING:
    from companion.store.repo import Repository


def rules_provider() -> type[Any]:
    """The palette's rule search, imported when the palette first opens, not at start-up."""
    from screens.rules_provider import RulesProvider

    return RulesProvider


@dataclass
class StoreOpened(Message):
    error: str | None = None


class CompanionApp(App[None]):
    TITLE = "Companion"
    # The home screen is the default screen (get_default_screen), which Textual installs without
    # reading the screen's CSS_PATH: its stylesheet is read with the app's.
    CSS_PATH = ["app.tcss", "home_screen.tcss"]
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = App.COMMANDS | {rules_provider}

    def __init__(
        self,
        db_path: Path,
        may_create_folder: bool = False,
        clock: Callable[[], str] | None = None,
        start_view: int | None = None,
        viewer: bool = False,
        settings: Settings | None = None,
    ) -> None:
        super().__init__()
        # The player's settings file (companion.settings); none given: the defaults, never written.
        self.settings = settings or Settings()
        self.db_path = db_path
        self.may_create_folder = may_create_folder
        self.clock = clock
        self.repo: Repository | None = None
        self.store_error: str | None = None
        # Viewer mode (companion view): only the read-only table view, never the writable store.
        self.viewer = viewer or start_view is not None
        self.start_view = start_view
        self.key_queue = KeyQueue(self, self._deliver)

    def get_driver_class(self) -> type[Driver]:
        return read_pastes_whole(super().get_driver_class())

    def get_default_screen(self) -> Screen[Any]:
        """The home screen is the app's first screen, not pushed over Textual's empty default
        one: one screen fewer styled, laid out and drawn before the first frame."""
        return super().get_default_screen() if self.viewer else HomeScreen()

    def on_mount(self) -> None:
        self._apply_settings()
        if self.viewer:
            from screens.table_view_screen import TableViewScreen

            self.push_screen(TableViewScreen(self.start_view))
            return
        # Shortly after the first frame: importing SQLModel holds the GIL for a while, and
        # the home screen should be on screen (saying it is opening the file) before that.
        self.set_timer(0.1, self.open_store)

    def _apply_settings(self) -> None:
        """The keymap moves keys (bindings, footer, palette and the table's own key handling);
        the theme is the one last picked. A problem in the file is said once, in one line."""
        if self.settings.keymap:
            self.set_keymap(dict(self.settings.keymap))
        try:
            self.theme = self.settings.theme
        except InvalidThemeError:
            themes = ", ".join(sorted(self.available_themes))
            problem = f"{self.settings.path}: theme {self.settings.theme!r} is not one of {themes}; using the default."
            self.settings = replace(self.settings, theme=self.theme, problem=self.settings.problem or problem)
        if self.settings.problem:
            self.notify(self.settings.problem, title="Settings", severity="warning", timeout=20)

    def watch_theme(self, theme: str) -> None:
        """A theme picked in the app is remembered (unless the file had a problem to fix)."""
        self.settings = save_theme(self.settings, theme)

    @work(thread=True, exclusive=True, group="store")
    def open_store(self) -> None:
        from companion.store.files import StoreError
        from companion.store.repo import Repository

        kw: dict[str, Any] = {"clock": self.clock} if self.clock else {}
        try:
            self.repo = Repository.open(self.db_path, self.may_create_folder, **kw)
        except StoreError as exc:
            self.store_error = str(exc)
        self.call_from_thread(self._store_opened)

    def _store_opened(self) -> None:
        # The cycle collector, left automatic, runs in the middle of repaints and its full
        # passes grow with the session (measured: the p99 of an action's repaint grew from
        # 46 to 277 ms over 600 actions, and stayed near 25 ms without it). So start-up
        # objects are frozen out of its sight, and it runs on a timer between actions:
        # the young generations every second, a full pass every half minute.
        gc.collect()
        gc.freeze()
        gc.disable()
        self._gc_ticks = 0
        self.set_interval(1.0, self._collect)
        self.screen.post_message(StoreOpened(self.store_error))

    def _collect(self) -> None:
        self._gc_ticks += 1
        gc.collect(2 if self._gc_ticks % 30 == 0 else 1)

    def on_unmount(self) -> None:
        gc.enable()
        if self.repo is not None:
            self.repo.close()

    async def on_event(self, event: events.Event) -> None:
        """Keys and pastes from the terminal go through the one ordered queue (screens/key_queue.py)."""
        if isinstance(event, events.Key | events.Paste) and not event.is_forwarded:
            # A paste is typed text: a control character in it (ESC starts a terminal sequence)
            # becomes its visible escape, `\x1b`, before any input sees it.
            if isinstance(event, events.Paste) and not event.text.replace("\n", "").isprintable():
                event = events.Paste(shown_lines(event.text))
            await self.key_queue.put(event)
            return
        await super().on_event(event)

    async def _deliver(self, event: events.Event) -> None:
        await super().on_event(event)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Any = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is plain text: messages quote player names and typed entries,
        so markup in them is never read (`markup` is ignored) and controls are made visible."""
        kw: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
        super().notify(shown_lines(message), title=shown(title), severity=severity, markup=False, **kw)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in getattr(screen, "ACTIONS", ()):
            if not screen.check_action(command.action, ()):
                continue
            title = f"{command.title} ({key_of(command, keymap(self))})"
            yield SystemCommand(title, command.help, partial(screen.run_action, command.action))
        yield from super().get_system_commands(screen)
