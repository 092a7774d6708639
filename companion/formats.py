"""The export formats, one table: the command line's `--format`, the home screen's export
dialog (a file name's ending chooses the format) and the README's list all read it.

It names each writer by its dotted path, imported when used, so building the command line
never loads the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store.repo import Loaded


@dataclass(frozen=True)
class People:
    """Who sat at a session as the players table knows them now, for the exports (the log
    keeps the names typed at the table). Empty where the store knows no seats."""

    names: tuple[str, ...] = ()  # each seat's player, by their name now
    new: tuple[bool, ...] = ()  # each seat: the player's first finished play of this game
    me: str | None = None  # the player chosen as "me" (BG Stats' user), by name
    # BoardGameGeek ids by game id, or by free play's game name (or title); 0 where unknown.
    bgg_ids: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Format:
    name: str  # --format NAME
    suffix: str  # the file name's ending that chooses it in the app
    label: str  # what it is, in a few words
    writer: str  # "module:function", called with (loaded, event times, people) and returning the text

    def write(self, loaded: Loaded, times: list[str], people: People | None = None) -> str:
        module, function = self.writer.split(":")
        text: Any = getattr(import_module(module), function)(loaded, times, people)
        return str(text)


FORMATS = (
    Format("json", ".json", "the whole session, to import again", "companion.export:to_json"),
    Format("md", ".md", "a readable log", "companion.export:to_markdown"),
    Format("bgstats", ".bgsplay", "a BG Stats play file (a finished game)", "companion.export:to_bgsplay"),
    Format("bgstats-link", ".txt", "BG Stats' push link (a finished game)", "companion.export:link_text"),
)
FORMAT_NAMES = tuple(f.name for f in FORMATS)


def by_name(name: str) -> Format | None:
    return next((f for f in FORMATS if f.name == name), None)


def by_suffix(file_name: str) -> Format | None:
    suffix = PurePath(file_name).suffix.lower()
    return next((f for f in FORMATS if f.suffix == suffix), None)


def suffixes() -> str:
    """The endings, as a sentence lists them: ".json, .md, .bgsplay or .txt"."""
    names = [f.suffix for f in FORMATS]
    return ", ".join(names[:-1]) + " or " + names[-1]
