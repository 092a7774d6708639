"""The command line's parser: every built-in command and its options, and the games' own commands.

Each command's options are one named step, so a command reads as a block; a game's commands
join only when the command line does not name a built-in one, so built-ins never pay for
importing the games.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TypeAlias

from companion import __version__
from companion.settings import ENV as SETTINGS_ENV
from companion.settings import default_path as settings_path

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser; the games' own commands join it unless `argv` names a built-in command."""
    p = argparse.ArgumentParser(
        prog="companion",
        description="A table-side helper for card and board games: bookkeeping, rules and "
        "exact dice odds. With no command, the app starts.",
        epilog=f"`companion games` lists the games. Settings (theme, keys, BoardGameGeek ids): {settings_path()} "
        f"(${SETTINGS_ENV} reads another file).",
    )
    p.add_argument("--version", action="version", version=f"companion {__version__}")
    from companion.store.files import default_path

    p.add_argument("--db", metavar="PATH", help=f"database file (default: $COMPANION_DB, else {default_path()})")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help="database file")

    g = sub.add_parser("games", parents=[common], help="list the registered games")
    g.add_argument("--json", action="store_true")
    _add_sessions(sub, common)
    st = sub.add_parser("stats", parents=[common], help="statistics of finished sessions, per game and per player")
    st.add_argument("--game", metavar="G", help="one game (its id, as `companion games` lists them)")
    st.add_argument("--player", metavar="NAME", help="one player")
    st.add_argument("--versus", metavar="NAME", help="with --player: head-to-head against this player")
    st.add_argument("--json", action="store_true")

    from rulesdb.cli import add_arguments

    add_arguments(sub.add_parser("rules", help="search the games' rules"))
    _add_dice(sub)
    vw = sub.add_parser("view", parents=[common], help="a session's table view, big and read-only (no ID: choose one)")
    vw.add_argument("id", type=session_number, nargs="?")
    _add_serve(sub, common)
    if command_word(argv) not in sub.choices:  # built-ins never pay for importing the games
        _add_game_commands(sub)
    return p


def _add_sessions(sub: Commands, common: argparse.ArgumentParser) -> None:
    """`sessions list`, `sessions export` and `sessions import`."""
    s = sub.add_parser("sessions", help="list, export or import saved sessions")
    ss = s.add_subparsers(dest="action", metavar="ACTION", required=True)
    sl = ss.add_parser("list", parents=[common], help="list saved sessions, newest first")
    sl.add_argument("--json", action="store_true")
    se = ss.add_parser("export", parents=[common], help="export one session")
    se.add_argument("id", type=session_number)
    from companion.formats import FORMAT_NAMES

    se.add_argument("--format", choices=FORMAT_NAMES, default="json")
    se.add_argument("-o", "--output", metavar="FILE", help="write to FILE (never onto the database or an SQLite file)")
    se.add_argument("--force", action="store_true", help="replace FILE if it exists")
    se.add_argument(
        "--salvage", action="store_true", help="from a damaged file, export the actions that can still be read"
    )
    si = ss.add_parser("import", parents=[common], help="import a session from its JSON export (a new session)")
    si.add_argument("file", metavar="FILE")
    si.add_argument("--json", action="store_true")
    si.add_argument("--again", action="store_true", help="import a session the database holds already, as a new one")


def _add_dice(sub: Commands) -> None:
    """`odds` and `roll`."""
    o = sub.add_parser("odds", help="exact odds of a dice expression, e.g. 2d6>=8 or 3d6")
    o.add_argument("expr", nargs="+")
    o.add_argument("--json", action="store_true")
    rl = sub.add_parser("roll", help="roll a dice expression")
    rl.add_argument("expr", nargs="+")
    rl.add_argument("--seed", type=int)


def _add_serve(sub: Commands, common: argparse.ArgumentParser) -> None:
    """`serve`: the read-only table display, and the seats' links."""
    sv = sub.add_parser("serve", parents=[common], help="serve the read-only table display to browsers (TV, phones)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    sv.add_argument(
        "--table",
        type=session_number,
        metavar="SESSION_ID",
        help="show this session only (default: the one played last)",
    )
    sv.add_argument("--max-viewers", type=int, default=50, metavar="N", help="pages watching at once (default: 50)")
    sv.add_argument(
        "--seats",
        action="store_true",
        help="also print one link per player: their phone records their own actions (needs --table)",
    )
    sv.add_argument(
        "--qr",
        action="store_true",
        help="with --seats: print each seat's link as a QR code too, for its phone's camera",
    )
    sv.add_argument(
        "--all-seats-record", action="store_true", help="with --seats: every seat may record every player's actions"
    )


def session_number(text: str) -> int:
    """A session id as typed: a whole number SQLite can hold (a longer one is no session). Zero and
    below are read too: the app never makes them, but a file edited by hand may hold one, and the
    sessions list shows it, so its export must be reachable."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a session number (`companion sessions list` shows them)"
        ) from None
    if not -(2**63) <= number < 2**63:
        raise argparse.ArgumentTypeError(f"there is no session {text:.30} (`companion sessions list` shows them)")
    return number


def command_word(argv: Sequence[str]) -> str | None:
    """The first word that is not an option (nor --db's value): the command asked for."""
    words = iter(argv)
    for word in words:
        if word == "--db":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _add_game_commands(sub: Commands) -> None:
    """Each registered game's `commands`: modules with `add_parser(subparsers)` and `run(args)`."""
    from importlib import import_module

    from companion.games import all_games

    for game in all_games():
        for path in game.commands:
            module = import_module(path)
            module.add_parser(sub).set_defaults(game_command=module.run)
