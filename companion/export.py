"""Exports of a stored session: JSON (enough to rebuild it), Markdown (a readable log), and a
finished game as a play in BG Stats' import format."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from companion.core import encode
from companion.store.repo import Loaded
from companion.text import shown_lines

FORMATS = ("json", "md", "bgstats")


class ExportError(Exception):
    pass


def to_json(loaded: Loaded, times: list[str]) -> str:
    info, tl = loaded.info, loaded.timeline
    data: dict[str, Any] = {
        "format": "companion-session",
        "version": 1,
        "session": {
            "id": info.id,
            "game": info.game,
            "title": info.title,
            "players": list(info.players),
            "options": info.options,
            "created": info.created,
            "updated": info.updated,
            "cursor": info.cursor,
            "finished": info.finished,
        },
        "events": [
            {
                "seq": i + 1,
                "turn": e.turn,
                "text": tl.game.public_text(tl.state, e.event, e.text),
                "dropped": e.dropped,
                "at": times[i] if i < len(times) else None,
                "event": encode(e.event),
            }
            for i, e in enumerate(tl.entries)
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def to_markdown(loaded: Loaded) -> str:
    info, tl = loaded.info, loaded.timeline
    view = tl.game.view(tl.state)
    lines = [
        f"# {info.title}",
        "",
        f"- Game: {tl.game.name} (`{info.game}`)",
        f"- Players, in seat order: {', '.join(info.players)}",
        f"- Started: {info.created}; last played: {info.updated}",
        f"- Now: {info.summary}",
    ]
    if info.options:
        opts = ", ".join(f"{k} = {v}" for k, v in info.options.items())
        lines.append(f"- Table options: {opts}")
    lines += ["", "## Log", ""]
    for i, e in enumerate(tl.entries[: tl.cursor], 1):
        lines.append(f"{i}. **{e.turn}**: {tl.game.public_text(tl.state, e.event, e.text)}")
    if tl.cursor < len(tl.entries):
        lines += ["", f"_{len(tl.entries) - tl.cursor} undone action(s) not shown._"]
    lines += ["", "## Table now", "", _table_row("", *view.columns), "|---" * (len(view.columns) + 1) + "|"]
    lines += [_table_row(row.label, *row.cells) for row in view.rows]
    result = tl.game.result(tl.state)
    if result:
        lines += ["", "## Result", "", f"Winners: {', '.join(result.winners) or 'none'}. {result.reasoning}"]
    # A readable file: control characters in names and notes are written as their escapes.
    return shown_lines("\n".join(lines)) + "\n"


def _table_row(*cells: str) -> str:
    """One Markdown table row; a `|` in a name or a cell is escaped, a line break made a space."""
    return "| " + " | ".join(" ".join(c.replace("\\", "\\\\").replace("|", "\\|").split()) for c in cells) + " |"


def _minutes(start: str, end: str) -> int:
    try:
        delta = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return 0
    return max(0, round(delta.total_seconds() / 60))


def to_bgstats(loaded: Loaded, times: list[str]) -> str:
    info, tl = loaded.info, loaded.timeline
    result = tl.game.result(tl.state)
    if result is None:
        raise ExportError("Only a finished game can be exported to BG Stats; finish it first.")
    scores = dict(result.scores)
    winners = set(result.winners)
    start = info.created
    end = times[tl.cursor - 1] if tl.cursor and times else info.updated
    players = [
        {
            "name": name,
            "sourcePlayerId": f"companion-{name}",
            "score": "" if scores.get(name) is None else str(scores[name]),
            "winner": name in winners,
            "startPlayer": name == result.start_player,
            "seatOrder": seat + 1,
        }
        for seat, name in enumerate(info.players)
    ]
    play = {
        "sourceName": "Companion",
        "game": {
            "name": tl.game.name,
            "sourceGameId": info.game,
            "highestWins": True,
            "noPoints": not any(v is not None for v in scores.values()),
            "cooperative": tl.game.cooperative,
        },
        "playDate": start.replace("T", " ")[:19],
        "durationMin": _minutes(start, end),
        "players": players,
        "comments": f"{info.title}. {result.reasoning}".strip(),
    }
    return json.dumps(play, indent=2, ensure_ascii=False) + "\n"


def export(loaded: Loaded, times: list[str], fmt: str) -> str:
    if fmt == "json":
        return to_json(loaded, times)
    if fmt == "md":
        return to_markdown(loaded)
    if fmt == "bgstats":
        return to_bgstats(loaded, times)
    raise ExportError(f"Unknown export format {fmt!r}; choose {', '.join(FORMATS)}.")
