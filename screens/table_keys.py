"""A game's table screen, built from the keys the game declares beside its actions.

`Game.keys` says, as data, each action family's key, title, help and what it opens; the frame
makes of them the bindings, the footer (help is the tooltip), the command palette's entries and
what each key does. A game with panels of its own names its screen (`Game.screen`), which adds
the panels and the few keys that work on them (`OWN_ACTIONS`); a game without needs no screen.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from textual.actions import parse
from textual.app import App

from companion.core import Event, Game, Key
from screens.commands import Command, bindings
from screens.store_access import store
from screens.table_screen import BASE_ACTIONS, TableScreen

_BUILT: dict[tuple[str, str, int], type[TableScreen]] = {}


def open_table(app: App[Any], session_id: int) -> None:
    """Push the table screen of the session's game; it loads its log in a worker. A game this
    Companion does not know (a newer one's) is a StoreError saying so, never a crash."""
    repo = store(app)
    app.push_screen(table_class(repo.game_of(repo.info(session_id)))(session_id))


def command(key: Key) -> Command:
    return Command(key.key, key.name, key.title, key.help, key.show, key.key_display)


def table_class(game: Game[Any]) -> type[TableScreen]:
    """The game's screen class with the game's keys bound (built once per game)."""
    at = (game.id, game.screen, id(game.keys))
    if at not in _BUILT:
        module, _, name = game.screen.partition(":")
        base: type[TableScreen] = getattr(import_module(module), name)
        commands = tuple(command(k) for k in game.keys)
        actions = (*commands, *base.OWN_ACTIONS, *BASE_ACTIONS)
        attrs: dict[str, Any] = {
            "__module__": base.__module__,  # its CSS_PATH stays relative to the game screen's file
            "ACTIONS": actions,
            "BINDINGS": bindings(*actions),
        }
        attrs.update(_dispatch(game.keys, base))
        _BUILT[at] = type(base.__name__, (base,), attrs)
    return _BUILT[at]


def _dispatch(keys: tuple[Key, ...], base: type[TableScreen]) -> dict[str, Callable[..., None]]:
    """An `action_<family>` for each family whose keys open something: the key's arguments
    (`flip(True)`) pick which. A family without (`opens` None) is the game screen's own method."""
    opens: dict[str, dict[tuple[Any, ...], Any]] = {}
    for key in keys:
        _, family, args = parse(key.name)
        if key.opens is not None:
            opens.setdefault(family, {})[args] = key.opens
        elif not hasattr(base, f"action_{family}"):
            raise TypeError(f"{base.__name__} has no action_{family} for the key {key.key!r}, which opens nothing")
    return {f"action_{family}": _opener(by_args) for family, by_args in opens.items()}


def _opener(by_args: dict[tuple[Any, ...], Any]) -> Callable[..., None]:
    def action(self: TableScreen, *args: Any) -> None:
        opens = by_args[args]
        self.act(opens if not isinstance(opens, Event) else lambda _: opens)

    return action
