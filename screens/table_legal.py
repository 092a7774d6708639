"""What the table's keys may do now, for every game: the game's families from its `actions`
hook, and the frame's own keys (undo, redo, rewind, the log), with the reason a key does
nothing said in the player's words. The table screen's `check_action` and `why_not` ask here.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core import Action
from companion.timeline import Timeline
from screens.commands import Command
from screens.recorder import PAST

MUTATING = {"next_turn", "undo", "redo", "rewind"}


def open_now(tl: Timeline | None, viewing: int | None, action: str, families: Mapping[str, Action]) -> bool | None:
    """True: open (shown); False: closed (its key says why); None: dimmed (the past is shown,
    or nothing to undo or redo)."""
    if tl is None:
        return None if action != "back" else True
    action = action.partition("(")[0]
    family = families.get(action)
    if family is not None:
        if viewing is not None:
            return None
        return family.closed is None
    if action == "rewind":
        return viewing is not None
    if action == "undo":
        return True if tl.can_undo and viewing is None else None
    if action == "redo":
        return True if tl.can_redo and viewing is None else None
    if action in MUTATING and viewing is not None:
        return None
    if action == "next_turn" and tl.view_of().finished:
        return None
    return True


def why_not(tl: Timeline | None, viewing: int | None, command: Command, families: Mapping[str, Action]) -> str:
    """Why `command` does nothing now: the game's reason for a closed family, else the frame's."""
    if tl is None:
        return "The session is still loading."
    family = families.get(command.action.partition("(")[0])
    if family is not None and family.closed is not None and viewing is None:
        return f"{command.title}: {family.closed}"
    if command.action == "rewind":
        return "Rewind needs an earlier action: tab to the log, pick one, enter, then w."
    if viewing is not None:
        return PAST
    if command.action == "undo":
        return "Nothing to undo: this is the start of the session."
    if command.action == "redo":
        return "Nothing to redo: no action has been undone."
    view = tl.view_of()
    if view.finished:
        return f"{command.title}: the game is over (ctrl+z undoes the last action)."
    if view.phase:
        return f"{command.title} is not open in the {view.phase} phase."
    return f"{command.title} is not open now."
