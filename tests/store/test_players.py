"""Players on a real SQLite file: the migration that matches old sessions' names, a new
session's seats, renaming, merging, the other Ann, and never deleting a player in use."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.core import encode
from companion.games import get_game
from companion.games.free import Adjust, Finish, NextTurn
from companion.store import players
from companion.store.migrations import upgrade
from companion.store.players import PlayerRefused
from companion.store.repo import Repository
from companion.timeline import Timeline
from tests.conftest import fixed_clock

FIXTURES = Path(__file__).with_name("fixtures")
FREE = get_game("free")


def names(repo) -> dict[str, int]:
    return {p.name: p.sessions for p in players.list_players(repo)}


def seated(repo, sid) -> list[str]:
    by_id = {p.id: p.name for p in players.list_players(repo)}
    return [by_id[p] for p in players.seats(repo, sid)]


def test_the_version_3_fixture_migrates_with_its_players(tmp_path):
    copy = tmp_path / "old.db"
    shutil.copy(FIXTURES / "companion-v3.db", copy)
    repo = Repository.open(copy, clock=fixed_clock)
    [info] = repo.list_sessions()
    assert names(repo) == {"Ann": 1, "Bob": 1}
    assert seated(repo, info.id) == ["Ann", "Bob"]
    assert repo.load(info.id).timeline.cursor == 4, "the session still loads whole"
    repo.close()


def old_file(path: Path) -> None:
    """A file as schema 4 left it: the same people typed three ways, one finished game."""
    con = sqlite3.connect(path, isolation_level=None)
    upgrade(con, target=4)
    options = {"counters": "score"}
    for title, people, finished in (
        ("Monday", ["Ann", "Bob"], True),
        ("Tuesday", ["ann ", "Cleo"], False),
        ("Wednesday", ["Bob", "Cleo", "ANN"], False),
    ):
        tl = Timeline.start(FREE, FREE.setup(tuple(p.strip() for p in people), options))
        for e in (Adjust("score", 1, 5), NextTurn(), Finish()) if finished else (Adjust("score", 0, 1),):
            tl = tl.record(e)
        cur = con.execute(
            "INSERT INTO session (game, title, players, options, cursor, created, updated, summary, finished, version)"
            " VALUES ('free',?,?,?,?,?,?,?,?,0)",
            (
                title,
                json.dumps(people),
                json.dumps(options),
                tl.cursor,
                "2026-11-02T19:00:00+00:00",
                "2026-11-02T21:00:00+00:00",
                "x",
                int(finished),
            ),
        )
        for seq, entry in enumerate(tl.entries, 1):
            con.execute(
                "INSERT INTO event (session_id, seq, payload, turn, text, created, dropped) VALUES (?,?,?,?,?,?,0)",
                (
                    cur.lastrowid,
                    seq,
                    json.dumps(encode(entry.event)),
                    entry.turn,
                    entry.text,
                    f"2026-11-02T19:{10 * seq:02d}:00+00:00",
                ),
            )
    con.close()


def test_old_sessions_names_become_players_ignoring_case_and_spaces(tmp_path):
    path = tmp_path / "v4.db"
    old_file(path)
    repo = Repository.open(path, clock=fixed_clock)
    assert names(repo) == {"Ann": 3, "Bob": 2, "Cleo": 2}
    monday, tuesday, wednesday = sorted(repo.list_sessions(), key=lambda s: s.id)
    assert seated(repo, wednesday.id) == ["Bob", "Cleo", "Ann"]
    assert tuesday.players == ("ann ", "Cleo"), "the session keeps the names as typed at its table"
    found, who = players.outcomes(repo)
    [won] = found
    assert won.session_id == monday.id and [who[won.players[s]] for s in won.winners] == ["Bob"]
    assert won.scores == (0, 5) and won.seconds == 20 * 60
    repo.close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT count(*) FROM outcome").fetchone()[0] == 1, "the recount is kept"


def test_a_new_session_seats_known_players_and_new_ones(repo):
    first = repo.create(FREE, "One", ("Ann", "Bob"), {}).info.id
    second = repo.create(FREE, "Two", ("bob", "Ann K."), {}).info.id
    assert names(repo) == {"Ann": 1, "Bob": 2, "Ann K.": 1}
    assert seated(repo, first) == ["Ann", "Bob"] and seated(repo, second) == ["Bob", "Ann K."]


def test_rename_merge_and_the_other_ann(repo):
    one = repo.create(FREE, "One", ("Ann", "Bob"), {}).info.id
    two = repo.create(FREE, "Two", ("Anne", "Bob"), {}).info.id
    three = repo.create(FREE, "Three", ("Ann", "Cleo"), {}).info.id
    ids = {p.name: p.id for p in players.list_players(repo)}
    with pytest.raises(PlayerRefused, match="another player"):
        players.rename_player(repo, ids["Anne"], "ann")
    with pytest.raises(PlayerRefused, match="sat at one table"):
        players.merge_players(repo, ids["Ann"], ids["Bob"])
    players.merge_players(repo, ids["Ann"], ids["Anne"])
    assert names(repo) == {"Ann": 3, "Bob": 2, "Cleo": 1}
    assert seated(repo, two) == ["Ann", "Bob"] and repo.info(two).players == ("Anne", "Bob")
    # Session three's Ann was another Ann: her seat is set apart, under a name of her own.
    other = players.add_player(repo, "Ann K.")
    players.set_seat(repo, three, 0, other)
    assert seated(repo, three) == ["Ann K.", "Cleo"] and seated(repo, one) == ["Ann", "Bob"]
    with pytest.raises(PlayerRefused, match="already sits"):
        players.set_seat(repo, three, 1, other)
    players.rename_player(repo, ids["Ann"], "Annie")
    assert seated(repo, one) == ["Annie", "Bob"]


def test_a_player_is_never_deleted_while_a_session_names_them(repo, db_path):
    sid = repo.create(FREE, "One", ("Ann", "Bob"), {}).info.id
    ids = {p.name: p.id for p in players.list_players(repo)}
    with pytest.raises(PlayerRefused, match="1 session"):
        players.delete_player(repo, ids["Ann"])
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA foreign_keys=ON")
    with pytest.raises(sqlite3.IntegrityError):  # the file refuses it too
        con.execute("DELETE FROM player WHERE id = ?", (ids["Ann"],))
    con.close()
    repo.delete(sid)
    assert "Ann" not in names(repo), "named by no session any more: removed with the session"
