"""What a table screen gives the mixins it is made of (`Recorder`, `KeyBurst`, `Painter`...).

The mixins hold the recording and the key handling; the screen holds the widgets. This
Protocol is the one list of what the mixins reach for on the screen, typed, so a change to
the screen that a mixin relies on is a type error rather than a crash at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar, overload

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.css.query import DOMQuery
from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.widget import Widget

from companion.core import Key, Prompt, Shelf
from screens.commands import Command

W = TypeVar("W", bound=Widget)


class TableHost(Protocol):
    """The table screen's members the mixins use: Textual's own and the frame's."""

    app: App[object]

    @property
    def entry_open(self) -> bool:
        """The entry line is open (a question is being answered)."""
        ...

    @overload
    def query_one(self, selector: str) -> Widget: ...
    @overload
    def query_one(self, selector: type[W]) -> W: ...
    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...

    @overload
    def query(self, selector: str | None = None) -> DOMQuery[Widget]: ...
    @overload
    def query(self, selector: type[W]) -> DOMQuery[W]: ...

    def has_class(self, *class_names: str) -> bool: ...

    def add_class(self, *class_names: str, update: bool = True) -> Any: ...

    def remove_class(self, *class_names: str, update: bool = True) -> Any: ...

    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None: ...

    def refresh_bindings(self) -> None: ...

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    async def run_action(self, action: str, namespaces: Mapping[str, DOMNode] | None = None) -> None: ...

    def prompt(self, prompt: Prompt) -> None: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None: ...

    def close_entry(self) -> None: ...

    def explain(self, reason: str) -> None: ...

    def why_not(self, command: Command) -> str: ...

    def keys_open(self) -> tuple[tuple[bool | None, str | None], ...]: ...

    def session_gone(self, message: str) -> None: ...

    def _writable(self) -> bool:
        """Whether an action may be recorded now (not while the past is shown), saying why not."""
        ...

    def move_to(self, cursor: int) -> None: ...

    def shelf(self) -> Shelf:
        """What a game's key reads besides the state (screens.game_keys)."""
        ...

    def run_key(self, key: Key, typed: str = "") -> None: ...

    def ask(
        self,
        label: str | Content | Text,
        value: str,
        callback: Callable[[str], str | None],
        suggest: Iterable[str] = (),
        select: bool = False,
        advice: str = "",
        secret: bool = False,
    ) -> None: ...
