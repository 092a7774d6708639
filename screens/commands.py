"""Each command is declared once and becomes a key binding, a footer entry and a palette entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingType


@dataclass(frozen=True)
class Command:
    key: str
    action: str
    title: str
    help: str = ""
    show: bool = True
    key_display: str | None = None
    priority: bool = False

    def binding(self) -> Binding:
        return Binding(
            self.key,
            self.action,
            self.title,
            show=self.show,
            key_display=self.key_display,
            id=self.action,
            priority=self.priority,
            tooltip=self.help,  # the footer shows it over the key
        )


def bindings(*commands: Command) -> list[BindingType]:
    return [c.binding() for c in commands]


def keymap(app: App[Any]) -> Mapping[str, str]:
    """The app's keymap (command id → keys, comma-separated) as Textual applies it to bindings:
    normalized by `App.set_keymap` ("?" is "question_mark"), which keeps it on the app."""
    return app._keymap


def key_of(command: Command, keys: Mapping[str, str]) -> str:
    """The key to show for `command`: the keymap's (its first) when it moves the command."""
    moved = keys.get(command.action)
    return moved.split(",")[0] if moved else command.key_display or command.key


def keyed(commands: tuple[Command, ...], keys: Mapping[str, str]) -> dict[str, Command]:
    """Each command by the key that runs it, with the keymap's moves: a moved command leaves
    its own key, and a key the keymap gives to one command is that command's."""
    return _keyed(commands, tuple(sorted(keys.items())))


@cache
def _keyed(commands: tuple[Command, ...], moves: tuple[tuple[str, str], ...]) -> dict[str, Command]:
    moved = dict(moves)
    out = {c.key: c for c in commands if c.action not in moved}
    for c in commands:
        for key in moved.get(c.action, "").split(","):
            if key:
                out[key] = c
    return out
