"""Command line: argument parsing, and the app started lazily.

Sub-commands import only what they use, so `companion odds` never pays for Textual and the
app's first frame never pays for SQLModel (the store is opened in a worker after it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.settings import ENV as SETTINGS_ENV
from companion.settings import Settings
from companion.settings import default_path as settings_path
from companion.text import shown, shown_lines


def _parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
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

    st = sub.add_parser("stats", parents=[common], help="statistics of finished sessions, per game and per player")
    st.add_argument("--game", metavar="G", help="one game (its id, as `companion games` lists them)")
    st.add_argument("--player", metavar="NAME", help="one player")
    st.add_argument("--versus", metavar="NAME", help="with --player: head-to-head against this player")
    st.add_argument("--json", action="store_true")

    from rulesdb.cli import add_arguments

    add_arguments(sub.add_parser("rules", help="search the games' rules"))

    o = sub.add_parser("odds", help="exact odds of a dice expression, e.g. 2d6>=8 or 3d6")
    o.add_argument("expr", nargs="+")
    o.add_argument("--json", action="store_true")

    rl = sub.add_parser("roll", help="roll a dice expression")
    rl.add_argument("expr", nargs="+")
    rl.add_argument("--seed", type=int)

    vw = sub.add_parser("view", parents=[common], help="a session's table view, big and read-only (no ID: choose one)")
    vw.add_argument("id", type=session_number, nargs="?")
    sv = sub.add_parser("serve", parents=[common], help="serve the read-only table display to browsers (TV, phones)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    sv.add_argument(
        "--table",
        type=session_number,
        metavar="SESSION_ID",
        help="show this session only (default: the one played last)",
    )
    sv.add_argument(
        "--max-viewers",
        type=int,
        default=50,
        metavar="N",
        help="pages watching at once (default: 50)",
    )
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
        "--all-seats-record",
        action="store_true",
        help="with --seats: every seat may record every player's actions",
    )

    if _command_word(argv) not in sub.choices:  # built-ins never pay for importing the games
        _add_game_commands(sub)
    return p


def session_number(text: str) -> int:
    """A session id as typed: a whole number SQLite can hold (a longer one is no session)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a session number (`companion sessions list` shows them)"
        ) from None
    if not 0 < number < 2**63:
        raise argparse.ArgumentTypeError(f"there is no session {text:.30} (`companion sessions list` shows them)")
    return number


def _command_word(argv: Sequence[str]) -> str | None:
    """The first word that is not an option (nor --db's value): the command asked for."""
    words = iter(argv)
    for word in words:
        if word == "--db":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _add_game_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Each registered game's `commands`: modules with `add_parser(subparsers)` and `run(args)`."""
    from importlib import import_module

    from companion.games import all_games

    for game in all_games():
        for path in game.commands:
            module = import_module(path)
            module.add_parser(sub).set_defaults(game_command=module.run)


def _fail(message: str, code: int = 2) -> int:
    print(f"companion: {shown_lines(message)}", file=sys.stderr)
    return code


def _open_repo(db: str | None):  # type: ignore[no-untyped-def]
    """The database for a command that only reads (list, export): opened read-only, so it
    never creates a file (a mistyped --db), never takes the write lock, and reads a backup
    on a read-only disk."""
    from companion.store.files import StoreError, choose_path, inspect
    from companion.store.repo import Repository

    path, _ = choose_path(db)
    if not path.exists():
        raise StoreError(
            f"{path} does not exist: no sessions are saved there (a command that only reads never creates "
            "a file). Check the name, or run `companion` to start one."
        )
    inspect(path, write=False)
    return Repository.reader(path, once=True)


def _games(as_json: bool) -> int:
    from companion.games import all_games

    rows = [
        {"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players} for g in all_games()
    ]
    if as_json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['id']:<6} {r['name']} ({r['min_players']}–{r['max_players']} players)")
    return 0


def _sessions(args: argparse.Namespace) -> int:
    from companion.export import ExportError, export
    from companion.store.players import people

    if args.action == "import":  # the one sessions command that writes: it may create the file
        from companion.importer import import_command
        from companion.store.files import choose_path
        from companion.store.repo import Repository

        path, may_create = choose_path(args.db)
        return import_command(Repository.open(path, may_create), args.file, args.json, args.again)
    repo = _open_repo(args.db)
    if args.action == "list":
        rows = repo.list_sessions()
        if args.json:
            print(
                json.dumps(
                    [
                        {
                            "id": r.id,
                            "game": r.game,
                            "title": r.title,
                            "players": list(r.players),
                            "summary": r.summary,
                            "updated": r.updated,
                            "finished": r.finished,
                        }
                        for r in rows
                    ],
                    indent=2,
                    ensure_ascii=False,
                )
            )
        elif not rows:
            print("No saved sessions yet. Run `companion` and press n to start one.")
        from companion.stats import when, zone

        if rows and not args.json:
            print(f"Times are local ({zone()}).")
        for r in [] if args.json else rows:
            # Titles and names as typed, but never a control character to the terminal.
            print(shown(f"{r.id:>4}  {r.game:<5} {r.title}  ({', '.join(r.players)}; {r.summary}; {when(r.updated)})"))
        for r in rows:  # a row that does not read is listed as far as it reads, and named
            if r.damage:
                print(f"companion: session {r.id} does not read whole: {shown(r.damage)}", file=sys.stderr)
        return 0
    if args.salvage:
        loaded, lost = repo.salvage(args.id)
        if lost:
            print(f"companion: {loaded.damage} Exporting the other {len(loaded.timeline.entries)}.", file=sys.stderr)
    else:
        loaded = repo.load(args.id, whole=True)
    try:
        ids = _settings().bgg_ids  # the settings file's BoardGameGeek ids, by game or free-play name
        text = export(
            loaded, [] if args.salvage else repo.event_times(args.id), args.format, people(repo, args.id, ids)
        )
    except ExportError as exc:
        return _fail(str(exc), 1)
    if args.output is not None:
        from companion.export_file import ExportRefused, write_export

        try:
            written = write_export(text, args.output, repo.path, force=args.force)
        except ExportRefused as exc:
            return _fail(str(exc), 1)
        print(f"Wrote {written}")
    else:
        sys.stdout.write(text)
    return 0


def _stats(args: argparse.Namespace) -> int:
    from companion import stats, stats_report
    from companion.games import all_games
    from companion.store.players import outcomes

    names = {g.id: g.name for g in all_games()}
    if args.game is not None and args.game not in names:
        return _fail(f"There is no game {args.game!r}: one of {', '.join(names)}.", 1)
    if args.versus is not None and args.player is None:
        return _fail("--versus needs --player: the two players to set against each other.", 1)
    problems: list[str] = []
    found, players = outcomes(_open_repo(args.db), problems=problems)
    for problem in problems:  # on stderr: --json's output stays the report alone
        print(f"companion: {shown(problem)}", file=sys.stderr)
    try:
        player = None if args.player is None else stats.find_player(players, args.player)
        versus = None if args.versus is None else stats.find_player(players, args.versus)
    except ValueError as exc:
        return _fail(str(exc), 1)
    data = stats_report.report(found, players, names, args.game, player, versus)
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:  # names as typed, but never a control character to the terminal
        sys.stdout.write(shown_lines(stats_report.text(data)))
    return 0


def _run_app(db: str | None) -> int:
    from companion.store.files import choose_path, prepare

    path, may_create = choose_path(db)
    prepare(path, may_create)
    from screens.app import CompanionApp

    CompanionApp(db_path=path, may_create_folder=may_create, settings=_settings()).run()
    return 0


def _settings() -> Settings:
    """The settings file, checked before the app starts: a problem is one line on standard
    error (the app says it again), and the defaults stand in for what was wrong."""
    from companion.settings import load

    settings = load()
    if settings.problem:
        print(f"companion: {shown_lines(settings.problem)}", file=sys.stderr)
    return settings


def _run_view(db: str | None, session_id: int | None) -> int:
    from companion.serve import check_database

    path = check_database(db, session_id, full=False)
    from screens.app import CompanionApp

    CompanionApp(db_path=path, start_view=session_id, viewer=True, settings=_settings()).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit code. A reader that goes away (`| head`) ends it quietly."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # here, so a closed pipe is met inside the try
    except BrokenPipeError:
        # As the Python docs advise: point stdout at devnull so the flush at exit is silent,
        # and exit as a Unix tool killed by SIGPIPE does (128 + 13).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return code


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if _command_word(argv) == "rules":  # a query may start with "-"
        from rulesdb.cli import query_first

        at = argv.index("rules") + 1
        argv = argv[:at] + query_first(argv[at:])
    args = _parser(argv).parse_args(argv)
    from companion.core import Rejected
    from companion.store.files import StoreError

    try:
        if (game_command := vars(args).get("game_command")) is not None:
            return int(game_command(args))
        match args.command:
            case None:
                return _run_app(args.db)
            case "games":
                return _games(args.json)
            case "sessions":
                return _sessions(args)
            case "stats":
                return _stats(args)
            case "rules":
                from rulesdb.cli import run

                return run(args)
            case "odds":
                from companion.dice_cli import odds_command

                return odds_command(" ".join(args.expr), args.json)
            case "view":
                return _run_view(args.db, args.id)
            case "serve":
                from companion.serve import serve_command

                return serve_command(
                    args.db,
                    args.host,
                    args.port,
                    args.table,
                    args.max_viewers,
                    args.seats,
                    args.all_seats_record,
                    args.qr,
                )
            case "roll":
                from companion.dice_cli import roll_command

                return roll_command(" ".join(args.expr), args.seed)
    except (StoreError, Rejected) as exc:
        return _fail(str(exc), 1)
    return _fail(f"unknown command {args.command!r}")
