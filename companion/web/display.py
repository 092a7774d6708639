"""A session as the table display shows it: a plain, JSON-ready frame of public facts.

Everything comes from the game's public hooks, the same the table view screen paints
(`view`, `headline`, `panel`, `result`) and the newest action's log line as `public_text` lets
the table read it, so a secret the table screen keeps (score piles, a face-down spell's note,
the cards of an attack under the terse public log) never reaches the page. A hook that fails
leaves its part empty with the reason, never a blank page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.stats import when, zone
from companion.text import heading

if TYPE_CHECKING:
    from companion.store.repo import Loaded


def _guarded(hook: Callable[[Any], Any], state: Any, problems: list[str], name: str) -> Any:
    try:
        return hook(state)
    except Exception as exc:  # a game's bug must not blank the display
        problems.append(f"{name} unavailable: {exc}")
        return None


def frame(loaded: Loaded) -> dict[str, Any]:
    """The public frame of a session at its cursor."""
    tl, info = loaded.timeline, loaded.info
    game, state = tl.game, tl.state
    view = game.view(state)
    problems: list[str] = []
    headline = _guarded(game.headline, state, problems, "headline") or ()
    panel = _guarded(game.panel, state, problems, "panel") or ()
    result = _guarded(game.result, state, problems, "result")
    newest = ""
    if tl.cursor:  # as the table reads the log now: a game may keep part of it back (`Game.public_text`)
        entry = tl.entries[tl.cursor - 1]
        newest = game.public_text(state, entry.event, entry.text)
    return {
        "session": info.id,
        "title": info.title,
        "heading": "".join(heading(game.name, info.title)),
        "game": game.name,
        "round": view.round,
        "turn": view.turn,
        "phase": view.phase,
        "status": view.status,
        "finished": view.finished or result is not None,
        "columns": list(view.columns),
        "rows": [
            {"label": row.label, "cells": list(row.cells), "active": row.active, "note": row.note} for row in view.rows
        ],
        "checklist": [[name, bool(done)] for name, done in view.checklist],
        "headline": [[str(label), str(value)] for label, value in headline],
        "panel": [str(line) for line in panel],
        "winners": list(result.winners) if result is not None else [],
        "reasoning": result.reasoning if result is not None else "",
        "action": tl.cursor,
        "version": info.version,  # the log version: a seat's page sends it back with what it records
        "newest": newest,
        "updated": info.updated,  # UTC, as the store keeps it
        "last_change": f"{when(info.updated)} ({zone()})",  # as the people at the table read it
        "problems": problems,
    }


def message(text: str) -> dict[str, Any]:
    """A frame with no session, only a sentence (no session yet, or it was deleted)."""
    return {"message": text}


def encoded(data: dict[str, Any]) -> str:
    """One line of JSON (a server-sent event's data may not hold a line break)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
