"""A legal script for a game, from its fuzz machine's events, as the keys a player types.

`script(game, plug, data)` plays the game's fuzz strategy from the start: every accepted event
before the first one the notation can write (`Game.write`) is the session's history, loaded
from the store; the events after it that can be written are the script. `keys(typed, state)`
turns one written event into keys: the action's key, each answer's characters and enter (a
yes-or-no question's `y` alone), and esc when a follow-up question stays open after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from textual.keys import _character_to_key

from companion.core import Dice, Event, Prompt, Rejected, Typed
from companion.timeline import Timeline


@dataclass(frozen=True)
class Script:
    names: tuple[str, ...]
    options: dict[str, Any]
    history: tuple[Event, ...]  # recorded before the table opens
    typed: tuple[tuple[Event, tuple[str, ...]], ...]  # each event and the keys that type it


def screen_keys(game: Any) -> dict[str, str]:
    """The key of each action on the game's table screen (the game's declared keys bound), by
    the action it runs."""
    from screens.table_keys import table_class

    return {c.action: c.key for c in table_class(game).ACTIONS}


def key_name(ch: str) -> str:
    return "space" if ch == " " else ch if ch.isalnum() else _character_to_key(ch)


def keys(typed: Typed, state: Any, after: Any, by_action: dict[str, str]) -> tuple[str, ...]:
    pressed = [by_action[typed.action]]
    outcome: Any = typed.opens
    asked: Prompt | None = None
    for answer in typed.answers:
        if isinstance(outcome, Prompt) and outcome.confirm:
            pressed.append("y")
            outcome, asked = outcome.read(""), outcome
            continue
        pressed.extend(key_name(ch) for ch in answer)
        pressed.append("enter")
        if isinstance(outcome, Prompt):
            line = (answer or outcome.default) if outcome.default else outcome.value + answer
            outcome, asked = outcome.read(line), outcome
        elif isinstance(outcome, Dice):
            outcome = None  # the tray records and closes
    if asked is not None and not asked.confirm and asked.then is not None and asked.then(after) is not None:
        pressed.append("escape")  # the next question opened on the line: close it
    return tuple(pressed)


def script(game: Any, plug: Any, data: Any, typed_events: int = 3, draws: int = 120) -> Script:
    n = data.draw(st.integers(game.min_players, min(game.max_players, 4)), label="players")
    options = data.draw(plug.options()) if hasattr(plug, "options") else {}
    names = tuple(f"P{i + 1}" for i in range(n))
    state = game.setup(names, options)
    by_action = screen_keys(game)
    history: list[Event] = []
    typed: list[tuple[Event, tuple[str, ...]]] = []
    for drawn in range(draws):
        if len(typed) >= typed_events:
            break
        event = data.draw(plug.events(state))
        try:
            after = game.apply(state, event)
        except Rejected:
            continue
        written = game.write(state, event)
        if written is not None and not typed and written.action == "next_turn" and drawn < draws // 2:
            written = None  # the game goes on a while first, so the script reaches its questions
        if written is None or written.action not in by_action:
            if typed:
                continue  # once typing has begun, every event is typed
            history.append(event)
        else:
            typed.append((event, keys(written, state, after, by_action)))
        state = after
    return Script(names, options, tuple(history), tuple(typed))


def store_history(repo: Any, game: Any, s: Script) -> int:
    """The session with the script's history recorded, as a table left mid-game."""
    session_id: int = repo.create(game, "burst", s.names, s.options).info.id
    timeline = Timeline.start(game, game.setup(s.names, s.options))
    for event in s.history:
        after = timeline.record(event)
        repo.record(session_id, timeline, after)
        timeline = after
    return session_id
