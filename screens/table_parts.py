"""The table screen's pieces that need no screen: going home, updating a line only when it
changed (an update relays out the whole screen), and the header's and options' words."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.widgets import Static

from companion.core import TableView
from companion.text import heading, markup


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
    width = max(widget.content_region.width, 10)
    if "\n" not in plain and cell_len(plain) <= width:
        lines = 1  # what wrapping it would say, without wrapping it
    else:
        text = content if isinstance(content, Text) else Text(plain)
        lines = len(text.wrap(widget.app.console, width))
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


def header_markup(game_name: str, title: str, view: TableView, options: str) -> str:
    """Game, title, round, whose turn and phase; under them what ends the game (the status)
    and the table options, each on a line of its own (markup, every player word escaped)."""
    name, rest = heading(game_name, title)
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
    if options:
        lines.append(f"[dim]{markup(options)}[/]")
    return "\n".join(lines)
