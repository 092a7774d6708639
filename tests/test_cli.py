"""The command line as a player runs it: games, sessions, export, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.games import get_game
from companion.games.free import Adjust, Finish, NextTurn


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_version_and_help():
    assert run("--version").stdout.startswith("companion ")
    out = run("--help")
    assert out.returncode == 0 and "sessions" in out.stdout and "rules" in out.stdout


def test_games_json_lists_free_play_first():
    games = json.loads(run("games", "--json").stdout)
    assert games[0] == {"id": "free", "name": "Free play", "min_players": 2, "max_players": 12}


@pytest.fixture
def finished(repo):
    game = get_game("free")
    loaded = repo.create(game, "Friday", ("Ann", "Bob"), {"counters": "score"})
    tl = loaded.timeline
    for e in [Adjust("score", 0, 4), NextTurn(), Adjust("score", 1, 6), Finish()]:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    return loaded.info.id


def test_sessions_list_and_exports(finished, db_path, capsys):
    assert main(["sessions", "list", "--json", "--db", str(db_path)]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["title"] == "Friday" and row["finished"] is True

    assert main(["sessions", "export", str(finished), "--format", "json", "--db", str(db_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["event"]["type"] for e in data["events"]] == ["adjust", "next-turn", "adjust", "finish"]
    assert data["session"]["options"] == {"counters": "score"}

    assert main(["sessions", "export", str(finished), "--format", "md", "--db", str(db_path)]) == 0
    md = capsys.readouterr().out
    assert "# Friday" in md and "Bob: score +6 (0 → 6)" in md and "Winners: Bob" in md

    assert main(["sessions", "export", str(finished), "--format", "bgstats", "--db", str(db_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"][0]["name"] == "Friday", "free play: the session's title names the game"
    names = {p["id"]: p["name"] for p in data["players"]}
    scores = data["plays"][0]["playerScores"]
    assert [(names[p["playerRefId"]], p["score"], p["winner"]) for p in scores] == [
        ("Ann", "4", False),
        ("Bob", "6", True),
    ]


def test_unfinished_game_has_no_bgstats_play(repo, db_path, capsys):
    loaded = repo.create(get_game("free"), "Open", ("Ann", "Bob"), {})
    code = main(["sessions", "export", str(loaded.info.id), "--format", "bgstats", "--db", str(db_path)])
    assert code == 1 and "finished" in capsys.readouterr().err


def test_unknown_session_and_bad_arguments(repo, db_path):
    out = run("sessions", "export", "42", "--db", str(db_path))
    assert out.returncode == 1 and "no session 42" in out.stderr
    out = run("sessions", "export", "abc", "--db", str(db_path))
    assert out.returncode == 2 and "'abc' is not a session number" in out.stderr
    assert run("dance").returncode == 2


def test_export_writes_a_file(finished, db_path, tmp_path):
    target = tmp_path / "out.md"
    assert main(["sessions", "export", str(finished), "--format", "md", "-o", str(target), "--db", str(db_path)]) == 0
    assert target.read_text().startswith("# Friday")
