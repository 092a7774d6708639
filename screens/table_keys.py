"""A game's table screen, built from the keys the game declares beside its actions.

`Game.keys` says, as data, each action family's key, title, help and what it opens; the frame
makes of them the bindings, the footer (help is the tooltip), the command palette's entries and
what each key does: run its builder (`Recorder.run_key`, the builder a seat's phone runs too),
or, for a key that only moves the screen, the screens' function it names (`Key.screen`). A
game with panels of its own names its screen (`Game.screen`), which adds the panels alone; a
game without needs no screen file.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from textual.actions import parse
from textual.app import App

from companion.core import Game, Key
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
        actions = (*(command(k) for k in game.keys), *BASE_ACTIONS)
        attrs: dict[str, Any] = {
            "__module__": base.__module__,  # its CSS_PATH stays relative to the game screen's file
            "ACTIONS": actions,
            "BINDINGS": bindings(*actions),
            "GAME_KEYS": game.keys,
        }
        attrs.update(_dispatch(game.keys))
        _BUILT[at] = type(base.__name__, (base,), attrs)
    return _BUILT[at]


def _dispatch(keys: tuple[Key, ...]) -> dict[str, Callable[..., None]]:
    """An `action_<family>` for each family: the key's arguments (`flip(True)`) pick its key."""
    by_family: dict[str, dict[tuple[Any, ...], Key]] = {}
    for key in keys:
        _, family, args = parse(key.name)
        if key.opens is None and key.reads is None and key.screen is None:
            raise TypeError(f"The key {key.key!r} ({key.name}) opens nothing: give it opens, reads or screen")
        by_family.setdefault(family, {})[args] = key
    return {f"action_{family}": _runner(by_args) for family, by_args in by_family.items()}


def _runner(by_args: dict[tuple[Any, ...], Key]) -> Callable[..., None]:
    def action(self: TableScreen, *args: Any) -> None:
        key = by_args[args]
        if key.screen is None:
            self.run_key(key)
            return
        module, _, name = key.screen.partition(":")
        getattr(import_module(module), name)(self, *args)

    return action
