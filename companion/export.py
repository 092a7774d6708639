"""Exports of a stored session, the writers of the one table of formats (`companion.formats`):
JSON (the whole session, which `companion sessions
import` reads back), Markdown (a readable log), a finished game as a BG Stats play file
(`.bgsplay`) and as BG Stats' push link (`createPlay.html?data=…`, shown as a QR code).

Every export of an unfinished game keeps the table's secrets (`Game.conceal`): what the
screen and the log hide is blanked in the JSON too.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from companion.clock import active_seconds, local
from companion.core import Result, encode
from companion.formats import FORMAT_NAMES, People, by_name
from companion.stats import played_name, when, zone
from companion.store.repo import Loaded
from companion.text import shown_lines

# The JSON export's layout; `companion sessions import` reads this version and older ones.
JSON_FORMAT = "companion-session"
JSON_VERSION = 1

# BG Stats' push link, as its "linking and pushing" page documents it (one play per link).
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Companion"
# Stable ids for BG Stats' records (uuid5 of this namespace and a key), so that importing the
# same play, player or game twice merges instead of duplicating.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "companion:bgstats")


class ExportError(Exception):
    pass


def _finished(loaded: Loaded) -> bool:
    tl = loaded.timeline
    return bool(tl.game.view(tl.state).finished)


def seated(loaded: Loaded, people: People | None) -> tuple[str, ...]:
    """Each seat's player as the players table knows them now (a merge or a rename followed),
    or the names typed at the table where the store knows no seats."""
    typed = loaded.info.players
    if people is None or len(people.names) != len(typed):
        return typed
    return people.names


def to_json(loaded: Loaded, times: list[str], people: People | None = None) -> str:
    info, tl = loaded.info, loaded.timeline
    events = [e.event for e in tl.entries]
    if not _finished(loaded):  # what is secret at the table stays secret in the file
        events = list(tl.game.conceal(tl.state, events, tl.cursor))
    concealed = events != [e.event for e in tl.entries]
    data: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "session": {
            "id": info.id,
            "game": info.game,
            "title": info.title,
            "players": list(info.players),
            # Each seat's player as the players table knows them now; `players` are the names
            # typed at the table, which the events speak of.
            "seated": list(seated(loaded, people)),
            "options": info.options,
            "created": info.created,
            "updated": info.updated,
            "cursor": info.cursor,
            "finished": info.finished,
            # Whether the events keep something back (a face-down note, cards nobody may count).
            "concealed": concealed,
        },
        "events": [
            {
                "seq": i + 1,
                "turn": e.turn,
                "text": tl.game.public_text(tl.state, e.event, e.text),
                "dropped": e.dropped,
                # One typed line's later actions (undone and redone with the first), when so.
                **({"joined": True} if e.joined else {}),
                "at": times[i] if i < len(times) else None,
                "event": encode(events[i]),
            }
            for i, e in enumerate(tl.entries)
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def to_markdown(loaded: Loaded, times: list[str] | None = None, people: People | None = None) -> str:
    info, tl = loaded.info, loaded.timeline
    view = tl.game.view(tl.state)
    now = seated(loaded, people)
    who = [n if n == typed else f"{n} (typed {typed})" for n, typed in zip(now, info.players, strict=True)]
    played = played_name(tl.game, info.title, info.options)
    lines = [
        f"# {info.title}",
        "",
        f"- Game: {tl.game.name} (`{info.game}`)" + (f": {played}" if played else ""),
        f"- Players, in seat order: {', '.join(who)}",
        f"- Started: {when(info.created)} ({zone()}); last played: {when(info.updated)} ({zone()})",
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


# -- BG Stats ---------------------------------------------------------------------------------


def player_uuid(name: str) -> str:
    """A player's stable BG Stats id, from their name as the players table knows it now: a
    re-import merges, and two spellings merged in Companion are one person in BG Stats."""
    return str(uuid.uuid5(NAMESPACE, f"player:{name}")).upper()


@dataclass(frozen=True)
class _Play:
    """The facts of a finished game that both BG Stats forms carry."""

    key: str  # stable across exports and imports of this session
    game_name: str
    game_key: str
    bgg_id: int
    cooperative: bool
    no_points: bool
    started: str  # local time, "YYYY-MM-DD HH:MM:SS"
    last: str
    minutes: int
    comments: str
    seats: tuple[dict[str, Any], ...]
    me: str | None


def _local_text(iso: str) -> str:
    return local(iso).strftime("%Y-%m-%d %H:%M:%S")


def _ranks(names: tuple[str, ...], result: Result, cooperative: bool) -> dict[str, int]:
    """1 for the best; players tied share a rank (winners first, then by score); 0 when unranked."""
    if cooperative:
        return {n: 0 for n in names}
    scores = dict(result.scores)
    winners = set(result.winners)
    if not any(v is not None for v in scores.values()):
        return {n: (1 if n in winners else 2) if winners else 0 for n in names}

    def order(n: str) -> tuple[bool, int]:
        return (n not in winners, -(scores.get(n) or 0))

    return {n: 1 + sum(order(m) < order(n) for m in names) for n in names}


def _bgg_id(ids: Any, keys: tuple[str, ...]) -> int:
    """The first BoardGameGeek id given for one of `keys`, 0 (unknown) otherwise."""
    found = next((ids[k] for k in keys if k in ids), 0)
    return found if type(found) is int and found > 0 else 0


def _play(loaded: Loaded, times: list[str], people: People | None) -> _Play:
    info, tl = loaded.info, loaded.timeline
    result = tl.game.result(tl.state)
    if result is None:
        raise ExportError("Only a finished game can be exported to BG Stats; finish it first.")
    people = people or People()
    # Free play is whatever game the table played: grouped by that game's name, not the title.
    named = played_name(tl.game, info.title, info.options)
    game_name = named or tl.game.name
    now = seated(loaded, people)
    new = people.new if len(people.new) == len(now) else (False,) * len(now)
    played = [info.created, *(t for t in times[: tl.cursor] if t)]  # a time the store could not read ("") left out
    scores = dict(result.scores)
    winners = set(result.winners)
    roles = dict(result.roles)
    cooperative = bool(tl.game.cooperative)
    ranks = _ranks(info.players, result, cooperative)
    seats = tuple(
        {
            "name": now[seat],
            "score": scores.get(name),
            "winner": name in winners,
            "startPlayer": name == result.start_player,
            "seatOrder": seat + 1,
            "rank": ranks[name],
            "role": roles.get(name, ""),
            "new": new[seat],
        }
        for seat, name in enumerate(info.players)
    )
    return _Play(
        key=f"{info.game}|{info.created}|{'|'.join(info.players)}",
        game_name=game_name,
        game_key=f"{info.game}:{named}" if named else info.game,
        bgg_id=_bgg_id(people.bgg_ids, (named, info.title) if named else (info.game,)),
        cooperative=cooperative,
        no_points=not any(v is not None for v in scores.values()),
        started=_local_text(info.created),
        last=_local_text(played[-1]),
        minutes=round(active_seconds(played) / 60),
        comments=f"{info.title}. {result.reasoning}".strip(),
        seats=seats,
        me=people.me,
    )


def to_bgsplay(loaded: Loaded, times: list[str], people: People | None = None) -> str:
    """A `.bgsplay` file in BG Stats' own layout: top-level players, locations, games, plays
    and userInfo, joined by integer ids, each record with a stable uuid. The layout follows
    three public sources that agree on it: the `.bgsplay` reader `PlayFile.cs` ("the raw object
    from a .bgsplay file", theiam79/hermod-bot src/Hermod.BGStats/PlayFile.cs), the BGA exporter
    that writes `output.bgsplay` (ctuncan/bga_bgstats), and Carson Boden's write-up of BG Stats'
    export (carsonboden.com/Library/Game-Design/BG-Stats: players, games, plays, locations
    joined by ids)."""
    play = _play(loaded, times, people)
    names = [s["name"] for s in play.seats]
    if play.me is not None and play.me not in names:  # "me" did not play: still named, as BG Stats' user
        names.append(play.me)
    players = [
        {"id": i + 1, "uuid": player_uuid(name), "name": name, "isAnonymous": False, "modificationDate": play.last}
        for i, name in enumerate(names)
    ]
    data = {
        "about": "A play exported by Companion (the table-side helper).",
        "players": players,
        "locations": [{"id": 1, "uuid": _uuid("location:table"), "name": "Companion", "modificationDate": play.last}],
        "games": [_bgs_game(play, loaded)],
        "plays": [_bgs_play(play)],
        # The player chosen as "me" on the stats screen; 0 (no player) until someone is.
        "userInfo": {"meRefId": names.index(play.me) + 1 if play.me is not None else 0},
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _bgs_game(play: _Play, loaded: Loaded) -> dict[str, Any]:
    """The one game record of a `.bgsplay` file."""
    g = loaded.timeline.game
    return {
        "id": 1,
        "uuid": _uuid(f"game:{play.game_key}"),
        "name": play.game_name,
        "modificationDate": play.last,
        "cooperative": play.cooperative,
        "highestWins": True,
        "noPoints": play.no_points,
        "usesTeams": False,
        "bggId": play.bgg_id,
        "bggYear": 0,
        "isBaseGame": True,
        "isExpansion": False,
        "minPlayerCount": g.min_players,
        "maxPlayerCount": g.max_players,
    }


def _bgs_play(play: _Play) -> dict[str, Any]:
    """The one play record of a `.bgsplay` file: its seats refer to the players by id, in seat order."""
    return {
        "uuid": _uuid(f"play:{play.key}"),
        "gameRefId": 1,
        "locationRefId": 1,
        "playDate": play.started,
        "entryDate": play.last,
        "modificationDate": play.last,
        "durationMin": play.minutes,
        "ignored": False,
        "manualWinner": False,
        "usesTeams": False,
        "rounds": 0,
        "board": "",
        "scoringSetting": 0,
        "comments": play.comments,
        "playerScores": [
            {
                "playerRefId": i + 1,
                "score": "" if s["score"] is None else str(s["score"]),
                "winner": s["winner"],
                "newPlayer": s["new"],
                "startPlayer": s["startPlayer"],
                "seatOrder": s["seatOrder"],
                "rank": s["rank"],
                "role": s["role"],
            }
            for i, s in enumerate(play.seats)
        ],
        "expansionPlays": [],
    }


def _uuid(key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, key)).upper()


def _short(uid: str) -> str:
    """The first 64 bits of a uuid as 16 hex digits: the push link's ids, kept short for its QR code."""
    return uid.replace("-", "")[:16]


def push_data(loaded: Loaded, times: list[str], people: People | None = None) -> dict[str, Any]:
    """The push link's data, the fields BG Stats documents for it (the same facts as `.bgsplay`)."""
    play = _play(loaded, times, people)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": _short(_uuid(f"play:{play.key}")),
        "playDate": play.started,
        "game": {
            "name": play.game_name,
            "highestWins": True,
            "noPoints": play.no_points,
            "sourceGameId": _short(_uuid(f"game:{play.game_key}")),
            **({"bggId": play.bgg_id} if play.bgg_id else {}),
        },
        "players": [
            {
                "name": s["name"],
                **({} if s["score"] is None else {"score": s["score"]}),
                "winner": s["winner"],
                "startPlayer": s["startPlayer"],
                "rank": s["rank"],
                **({"role": s["role"]} if s["role"] else {}),
                "sourcePlayerId": _short(player_uuid(s["name"])),
            }
            for s in play.seats
        ],
        "durationMin": play.minutes,
        "comments": play.comments,
    }


def push_link(loaded: Loaded, times: list[str], people: People | None = None) -> str:
    """BG Stats' `createPlay.html?data=…` link: compact JSON, percent-encoded but for what a
    query may hold as it is (RFC 3986: `:` `,` `/` `@` `!` `$` `'` `(` `)` `*` `;`), so its QR
    code stays as small as it can."""
    data = json.dumps(push_data(loaded, times, people), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_LINK + quote(data, safe=":,/@!$'()*;")


def link_text(loaded: Loaded, times: list[str], people: People | None = None) -> str:
    return push_link(loaded, times, people) + "\n"


def export(loaded: Loaded, times: list[str], fmt: str, people: People | None = None) -> str:
    """The session in format `fmt` (a name in `companion.formats.FORMATS`); `people` names
    each seat's player as the players table knows them now (store.players.people)."""
    chosen = by_name(fmt)
    if chosen is None:
        raise ExportError(f"Unknown export format {fmt!r}; choose {', '.join(FORMAT_NAMES)}.")
    return chosen.write(loaded, times, people)
