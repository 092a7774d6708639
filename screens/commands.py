"""Each command is declared once and becomes a key binding, a footer entry and a palette entry."""

from __future__ import annotations

from dataclasses import dataclass

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
        )


def bindings(*commands: Command) -> list[BindingType]:
    return [c.binding() for c in commands]
