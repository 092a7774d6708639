"""`companion sessions import FILE`: a session's JSON export back in, as a new session.

The file is untrusted: it may come from a newer Companion, be cut short, or be made to hurt
(wrong types, unknown event kinds, huge, nested a thousand deep). So everything is checked and
the whole log replayed through the game's own rules before anything is written; then one
transaction adds the session. Any refusal is one line and leaves the database as it was.
Nothing read is ever run: events are rebuilt only as the game's event classes (`decode`, then
every field checked against the class's declared type), and the log's words are written anew
by the game (`describe`), not taken from the file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.clock import parse
from companion.core import CODEC_KEY, Event, Game, Rejected, Undecodable, decode
from companion.export import JSON_FORMAT, JSON_VERSION
from companion.shapes import LIMIT, field_names
from companion.store.rows import cut
from companion.timeline import Entry, Timeline, turn_label

MAX_BYTES = 64 * 1024 * 1024  # an export of 100,000 actions is about 30 MB
MAX_DEPTH = 16  # the deepest a real export goes is 7 (an mm5 card list in an event)
MAX_TEXT = 1000  # a title or a player's name


FILE_KEYS = {"format", "version", "session", "events"}
SESSION_KEYS = {
    "id",
    "game",
    "title",
    "players",
    "seated",
    "options",
    "created",
    "updated",
    "cursor",
    "finished",
    "concealed",
}
ACTION_KEYS = {"seq", "turn", "text", "dropped", "joined", "at", "event"}


class ImportRefused(Exception):
    """The file was not imported; the message says why in one line."""


class AlreadyImported(ImportRefused):
    """The file's session is in the database already (the same game, start time and players)."""

    def __init__(self, message: str, session_id: int) -> None:
        super().__init__(message)
        self.session_id = session_id


def _known(data: dict[str, Any], keys: set[str], what: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        raise ImportRefused(f"The {what} has a field this Companion does not know: {cut(unknown[0])}.")


@dataclass(frozen=True)
class Parsed:
    game: Game[Any]
    title: str
    players: tuple[str, ...]
    options: dict[str, Any]
    created: str
    updated: str
    timeline: Timeline
    times: tuple[str | None, ...]


def read(path: str | Path) -> Any:
    """The file's JSON, or ImportRefused: missing, not a file, too big, not UTF-8, not JSON."""
    target = Path(path).expanduser()
    try:
        if not target.is_file():
            raise ImportRefused(f"{target} is not a file." if target.exists() else f"{target} does not exist.")
        if target.stat().st_size > MAX_BYTES:
            raise ImportRefused(f"{target} is larger than {MAX_BYTES // 2**20} MB: not a session export.")
        with target.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ImportRefused(f"{target}: cannot read it ({exc.strerror or exc}).") from None
    if len(raw) > MAX_BYTES:
        raise ImportRefused(f"{target} is larger than {MAX_BYTES // 2**20} MB: not a session export.")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors save, is accepted
    except UnicodeDecodeError:
        raise ImportRefused(f"{target} is not a Companion session export (it is not JSON: not UTF-8 text).") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ImportRefused(f"{target} is nested too deeply to be a session export.") from None
    except ValueError as exc:  # json's errors are ValueErrors; so is a number of thousands of digits
        if "digits" in str(exc):
            raise ImportRefused(f"{target} holds a number of thousands of digits: not a session export.") from None
        raise ImportRefused(f"{target} is not a Companion session export (it is not JSON: {exc}).") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _depth(value: Any) -> int:
    """How deep lists and objects nest (iteratively: the value may be deep); ImportRefused for
    text that cannot be stored (a lone surrogate) or a whole number past SQLite's 64 bits,
    anywhere in the file, as the app itself never writes either."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
            stack.extend((k, depth) for k in (item if isinstance(item, dict) else ()))
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ImportRefused(f"The file holds text that is not valid Unicode ({cut(item)}).") from None
        elif type(item) is int and not -LIMIT <= item < LIMIT:
            raise ImportRefused(f"The file holds a number too large to keep ({cut(item)}).")
    return deepest


def _need(value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
        raise ImportRefused(f"The file's {what} is not {_kind_words(kind)}.")
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    words = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "an object"}
    return " or ".join(words.get(k, k.__name__) for k in _as_tuple(kind))


def _time(value: Any, what: str) -> str:
    text = _need(value, str, what)
    try:
        parse(text)
    except ValueError:
        raise ImportRefused(f"The file's {what} is not a date and time ({text[:40]!r}).") from None
    return str(text)


def _event(data: Any, game: Game[Any], n: int) -> Event:
    """Action `n`'s event, decoded through the game's event classes by the store's own
    type-directed decoder (every field checked against its class)."""
    _need(data, dict, f"action {n}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in game.events:
        shown = kind[:40] if isinstance(kind, str) else kind
        raise ImportRefused(f"Action {n} is of a kind {game.name} does not know ({shown!r}).")
    fields = set(field_names(game.events[kind]))
    unknown = sorted(set(data) - fields - {"type", CODEC_KEY})
    if unknown:
        raise ImportRefused(f"Action {n} ({kind}) has a field {game.name} does not know: {cut(unknown[0])}.")
    try:
        return decode(data, game.events)
    except Undecodable as exc:
        raise ImportRefused(f"Action {n} ({kind}) does not fit its kind: {exc}.") from None


def parse_export(data: Any) -> Parsed:
    """The session a parsed export describes, replayed in full; ImportRefused if anything is off."""
    s = _session_part(data)
    game = _game_of(s)
    title, players, options = _table(s)
    created = _time(s.get("created"), "start time")
    updated = _time(s.get("updated"), "last-played time")
    raw = _need(data.get("events"), list, "log")
    cursor = _need(s.get("cursor"), int, "undo position")
    if not 0 <= cursor <= len(raw):
        raise ImportRefused(f"The file's undo position ({cursor}) is outside its log of {len(raw)} actions.")
    try:
        state = game.setup(players, options)
    except Rejected as exc:
        raise ImportRefused(f"The file's table cannot be set up: {exc.reason}") from None
    initial = at_cursor = state
    # An export of an unfinished game may keep the table's secrets back (`Game.conceal`).
    kept_back = (
        " The file was exported before the game ended and keeps the table's secrets back, so it can be "
        "read but not resumed: export it after the end, or copy the database file to move a game in play."
        if s.get("concealed") is True
        else ""
    )
    entries: list[Entry] = []
    times: list[str | None] = []
    for n, item in enumerate(raw, 1):
        entry, at, state = _action(game, state, item, n, kept_back)
        entries.append(entry)
        times.append(at)
        if n == cursor:
            at_cursor = state
    timeline = Timeline.replay(game, initial, tuple(entries), cursor, (cursor, at_cursor) if cursor else None)
    return Parsed(game, title, players, dict(options), created, updated, timeline, tuple(times))


def _session_part(data: Any) -> dict[str, Any]:
    """The file's session object, once the file is known to be an export this Companion reads."""
    if _depth(data) > MAX_DEPTH:
        raise ImportRefused("The file is nested too deeply to be a session export.")
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise ImportRefused('This is not a Companion session export (no "format": "companion-session").')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused("The file's version is not a whole number from 1 up.")
    if version > JSON_VERSION:
        raise ImportRefused(
            f"The file was written by a newer Companion (format version {version}; this one reads up to "
            f"{JSON_VERSION}): update Companion to import it."
        )
    _known(data, FILE_KEYS, "file")
    s: dict[str, Any] = _need(data.get("session"), dict, "session")
    _known(s, SESSION_KEYS, "session")
    return s


def _game_of(s: dict[str, Any]) -> Game[Any]:
    from companion.games import all_games

    games = {g.id: g for g in all_games()}
    game_id = _need(s.get("game"), str, "game")
    game = games.get(game_id)
    if game is None:
        raise ImportRefused(f"The file holds a session of a game this Companion does not know ({game_id[:40]!r}).")
    return game


def _table(s: dict[str, Any]) -> tuple[str, tuple[str, ...], dict[str, Any]]:
    """The session's title, players and table options, each checked."""
    title = _need(s.get("title"), str, "title").strip()
    if not title or len(title) > MAX_TEXT:
        raise ImportRefused("The file's title is empty or too long.")
    players = tuple(_need(p, str, "player name") for p in _need(s.get("players"), list, "players"))
    if any(len(p) > MAX_TEXT for p in players):
        raise ImportRefused("A player's name in the file is too long.")
    options = _need(s.get("options"), dict, "table options")
    if not all(isinstance(v, str | int | bool) for v in options.values()):
        raise ImportRefused("The file's table options are not plain values.")
    return title, players, options


def _action(game: Game[Any], state: Any, item: Any, n: int, kept_back: str) -> tuple[Entry, str | None, Any]:
    """Action `n` of the log read and applied: its entry, its time, and the state after it."""
    _need(item, dict, f"action {n}")
    _known(item, ACTION_KEYS, f"action {n}")
    if item.get("seq", n) != n or type(item.get("seq", n)) is not int:
        raise ImportRefused(f"Action {n} is numbered {cut(item.get('seq'))}: the file's actions run 1, 2, 3….")
    event = _event(item.get("event"), game, n)
    dropped = _need(item.get("dropped", 0), int, f"action {n}'s count of replaced actions")
    at = item.get("at")
    time = None if at is None else _time(at, f"action {n}'s time")
    try:
        after = game.apply(state, event)
        text = game.describe(state, event, after)
    except Rejected as exc:
        raise ImportRefused(f"Action {n} ({event.kind}) is refused by the rules: {exc.reason}{kept_back}") from None
    except Exception as exc:  # a value of the right type the rules still cannot take
        raise ImportRefused(
            f"Action {n} ({event.kind}) does not fit the game ({type(exc).__name__}).{kept_back}"
        ) from None
    joined = _need(item.get("joined", False), bool, f"action {n}'s joined mark") and n > 1
    return Entry(event, turn_label(game, state), text, max(0, dropped), joined=joined), time, after


def import_file(repo: Any, path: str | Path, again: bool = False) -> tuple[int, Parsed]:
    """Import the export at `path` into `repo`: the new session's id, and what was read.
    AlreadyImported if the file's session is there already, unless `again`."""
    parsed = parse_export(read(path))
    same = repo.find_session(parsed.game.id, parsed.created, parsed.players)
    if same is not None and not again:
        raise AlreadyImported(
            f"This session is in the database already, as session {same} (the same game, start time and players).",
            same,
        )
    times = ((parsed.created, parsed.updated), parsed.times)
    sid = repo.add_session(parsed.game, parsed.title, parsed.players, parsed.options, parsed.timeline, times)
    return sid, parsed


def import_command(repo: Any, path: str, as_json: bool, again: bool = False) -> int:
    from companion.store.files import StoreError
    from companion.text import shown

    try:
        sid, parsed = import_file(repo, path, again)
    except (ImportRefused, StoreError) as exc:
        hint = " Import it again as a new session with --again." if isinstance(exc, AlreadyImported) else ""
        print(f"companion: {shown(str(exc))}{hint}", file=sys.stderr)
        return 1
    actions = len(parsed.timeline.entries)
    if as_json:
        row = {"id": sid, "game": parsed.game.id, "title": parsed.title, "actions": actions}
        print(json.dumps(row, ensure_ascii=False))
    else:
        print(shown(f"Imported session {sid}: {parsed.title} ({parsed.game.name}, {actions} actions)."))
    return 0
