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

from companion.cli_parser import command_word, parser
from companion.settings import Settings
from companion.text import shown, shown_lines


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
    if args.action == "import":  # the one sessions command that writes: it may create the file
        from companion.importer import import_command
        from companion.store.files import choose_path
        from companion.store.repo import Repository

        path, may_create = choose_path(args.db)
        return import_command(Repository.open(path, may_create), args.file, args.json, args.again)
    repo = _open_repo(args.db)
    if args.action == "list":
        return _list_sessions(repo, args.json)
    return _export_session(repo, args)


def _list_sessions(repo, as_json: bool) -> int:  # type: ignore[no-untyped-def]
    rows = repo.list_sessions()
    if as_json:
        fields = ("id", "game", "title", "players", "summary", "updated", "finished")
        listed = [{f: list(r.players) if f == "players" else getattr(r, f) for f in fields} for r in rows]
        print(json.dumps(listed, indent=2, ensure_ascii=False))
    elif not rows:
        print("No saved sessions yet. Run `companion` and press n to start one.")
    from companion.stats import when, zone

    if rows and not as_json:
        print(f"Times are local ({zone()}).")
    for r in [] if as_json else rows:
        # Titles and names as typed, but never a control character to the terminal.
        print(shown(f"{r.id:>4}  {r.game:<5} {r.title}  ({', '.join(r.players)}; {r.summary}; {when(r.updated)})"))
    for r in rows:  # a row that does not read is listed as far as it reads, and named
        if r.damage:
            print(f"companion: session {r.id} does not read whole: {shown(r.damage)}", file=sys.stderr)
    return 0


def _export_session(repo, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    from companion.export import ExportError, export
    from companion.store.players import people

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
    if args.output is None:
        sys.stdout.write(text)
        return 0
    from companion.export_file import ExportRefused, write_export

    try:
        written = write_export(text, args.output, repo.path, force=args.force)
    except ExportRefused as exc:
        return _fail(str(exc), 1)
    print(f"Wrote {written}")
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
    if command_word(argv) == "rules":  # a query may start with "-"
        from rulesdb.cli import query_first

        at = argv.index("rules") + 1
        argv = argv[:at] + query_first(argv[at:])
    args = parser(argv).parse_args(argv)
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
