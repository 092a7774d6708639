"""The player's settings: one TOML file in the user config folder, read and checked at start.

The file is the player's: a key that is wrong (a misspelt name, a number where text goes, a
file that is not TOML) is named in one line, its default is used, and the file is left as it
is, byte for byte. Only the app writes it back, and only the theme the player picked there,
and never over a file that had a problem (it would lose what the player meant to fix).

    theme = "textual-dark"          # any theme the app's ctrl+p "Change theme" lists

    [keys]                          # a command's id = the key (or keys, comma-separated)
    undo = "ctrl+u"
    next_turn = "space"

    [bgg]                           # BoardGameGeek ids, by game id or by a free-play title
    mm5 = 1234
    "Carcassonne" = 822

`COMPANION_SETTINGS=PATH` reads (and writes) another file, as tests do.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.text import shown

ENV = "COMPANION_SETTINGS"
DEFAULT_THEME = "textual-dark"
# A key as Textual names it ("ctrl+z", "f1", "question_mark", "V"), several joined by commas.
KEY = re.compile(r"^[A-Za-z0-9_+\-]+(,[A-Za-z0-9_+\-]+)*$")
COMMAND_ID = re.compile(r"^[a-z_][a-z0-9_]*(\(.*\))?$")
BGG_MAX = 2**31 - 1  # BoardGameGeek's ids are positive 32-bit numbers
HEADER = (
    "# Companion's settings (the README's Settings section lists every key and its default).\n"
    "# The app writes this file when the theme is changed; comments are not kept.\n\n"
)


def default_path() -> Path:
    """`$COMPANION_SETTINGS`, else settings.toml in the user config folder."""
    if env := os.environ.get(ENV):
        return Path(env)
    from platformdirs import user_config_path

    return user_config_path("companion") / "settings.toml"


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Settings:
    """What the file says, checked; each key the file lacks or gets wrong at its default."""

    path: Path | None = None  # None: nowhere to write (the app under test)
    theme: str = DEFAULT_THEME
    keymap: Mapping[str, str] = field(default_factory=_empty)
    bgg_ids: Mapping[str, int] = field(default_factory=_empty)
    problem: str = ""  # the one line naming what was wrong, "" when the file was fine

    @property
    def writable(self) -> bool:
        """The app may write the theme back: there is a file to write and it had no problem."""
        return self.path is not None and not self.problem


def load(path: Path | None = None) -> Settings:
    """The settings in `path` (default: `default_path()`); a missing file is all defaults."""
    import tomllib  # here: with no settings file, start-up never pays for the parser

    path = default_path() if path is None else path
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(path)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(path, problem=shown(f"{path}: cannot be read as TOML ({exc}); using the defaults."))
    return _checked(path, data)


def _checked(path: Path, data: Mapping[str, Any]) -> Settings:
    """Each known key checked; the first wrong one named, every wrong one at its default."""
    wrong: list[str] = []
    out: dict[str, Any] = {}
    for key, value in data.items():
        check = CHECKS.get(key)
        if check is None:
            wrong.append(f"{key} is not a setting (one of {', '.join(CHECKS)})")
            continue
        try:
            out[key] = check(value)
        except ValueError as exc:
            wrong.append(f"{key}{exc}")
    settings = Settings(path, **{_FIELD.get(k, k): v for k, v in out.items()})
    if not wrong:
        return settings
    more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
    # One line whatever the file holds: a key with a line break in it is shown escaped.
    return replace(settings, problem=shown(f"{path}: {wrong[0]}{more}; using the default for it."))


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.isprintable():
        raise ValueError(" must be text on one line, in quotes")
    return value


def _keys(value: Any) -> Mapping[str, str]:
    table = _table(value, 'a command\'s id = a key, such as undo = "ctrl+u"')
    for name, key in table.items():
        if not COMMAND_ID.match(name):
            raise ValueError(f".{name} is not a command's id (such as next_turn or undo)")
        if not isinstance(key, str) or not KEY.match(key.replace(" ", "")):
            raise ValueError(f'.{name} must be a key name in quotes, such as "ctrl+u" (several: "u,ctrl+u")')
    return MappingProxyType({name: key.replace(" ", "") for name, key in table.items()})


def _bgg(value: Any) -> Mapping[str, int]:
    table = _table(value, "a game's id or a free-play title = its BoardGameGeek number")
    for name, number in table.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= BGG_MAX:
            raise ValueError(f".{name} must be a BoardGameGeek id: a whole number from 1, without quotes")
    return MappingProxyType(dict(table))


def _table(value: Any, shape: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f" must be a table ([section] lines of {shape})")
    return value


def _theme(value: Any) -> str:
    theme = _text(value)
    if not re.match(r"^[a-z0-9][a-z0-9\-]*$", theme):
        raise ValueError(' must be a theme\'s name, such as "textual-dark"')
    return theme


CHECKS = {"theme": _theme, "keys": _keys, "bgg": _bgg}
_FIELD = {"keys": "keymap", "bgg": "bgg_ids"}


def save_theme(settings: Settings, theme: str) -> Settings:
    """Write `theme` into the file, keeping its other settings; the settings now. Nothing is
    written when the file had a problem or there is no file to write (see `writable`)."""
    if not settings.writable or theme == settings.theme:
        return settings
    assert settings.path is not None
    import tomli_w

    data: dict[str, Any] = {"theme": theme}
    if settings.keymap:
        data["keys"] = dict(settings.keymap)
    if settings.bgg_ids:
        data["bgg"] = dict(settings.bgg_ids)
    settings.path.parent.mkdir(parents=True, exist_ok=True)
    temporary = settings.path.with_name(settings.path.name + ".tmp")
    temporary.write_text(HEADER + tomli_w.dumps(data), encoding="utf-8")
    temporary.replace(settings.path)  # whole or not at all
    return replace(settings, theme=theme)
