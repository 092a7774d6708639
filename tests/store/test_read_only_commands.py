"""Commands that only read never create, lock or replace a file, and read a backup on a
read-only disk; an export never lands on the live database's log, even through a symlink."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.repo import Repository
from tests.store.test_odd_files import companion, digest


def saved(path: Path) -> tuple[Repository, int]:
    repo = Repository.open(path)
    loaded = repo.create(get_game("free"), "Backup", ("Ann", "Bob"), {"counters": "HP=20"})
    tl = loaded.timeline
    for i in range(2):
        after = tl.record(Adjust("HP", i, -1))
        repo.record(loaded.info.id, tl, after)
        tl = after
    return repo, loaded.info.id


def test_an_export_through_a_symlinked_database_never_replaces_its_live_log(tmp_path):
    real = tmp_path / "real.db"
    repo, sid = saved(real)  # held open: the two actions are in real.db-wal
    link = tmp_path / "link.db"
    link.symlink_to(real)
    wal = tmp_path / "real.db-wal"
    before = digest(wal)
    for target in (wal, tmp_path / "real.db-shm", tmp_path / "link.db-wal"):
        out = companion("--db", str(link), "sessions", "export", str(sid), "-o", str(target), "--force")
        assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
        assert "database itself" in out.stderr or "beside a database" in out.stderr
    assert digest(wal) == before
    repo.close()


def test_an_export_never_replaces_any_sqlite_log_or_lock(tmp_path):
    repo, sid = saved(tmp_path / "companion.db")
    repo.close()
    other = tmp_path / "other-wal-copy"
    other.write_bytes(bytes.fromhex("377f0682") + b"\0" * 28)
    journal = tmp_path / "elsewhere.db-journal"
    journal.write_text("x")
    for target in (other, journal):
        before = digest(target)
        out = companion(
            "--db", str(tmp_path / "companion.db"), "sessions", "export", str(sid), "-o", str(target), "--force"
        )
        assert out.returncode == 1 and "beside a database" in out.stderr, out.stderr
        assert digest(target) == before


def test_a_mistyped_database_is_named_and_never_created(tmp_path):
    typo = tmp_path / "typo.db"
    for args in (["sessions", "list"], ["sessions", "export", "1"]):
        out = companion("--db", str(typo), *args)
        assert out.returncode == 1 and "does not exist" in out.stderr and "Traceback" not in out.stderr
    assert not typo.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["sessions", "export", "99999999999999999999999"],
        ["view", "99999999999999999999999"],
        ["serve", "--table", "99999999999999999999999"],
    ],
)
def test_a_session_number_too_long_for_any_session_is_refused_plainly(tmp_path, args):
    db = tmp_path / "companion.db"
    repo, _ = saved(db)
    repo.close()
    before = digest(db)
    out = companion("--db", str(db), *args)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert "there is no session 99999999999999999999999" in out.stderr and "damaged" not in out.stderr
    assert digest(db) == before


@pytest.mark.parametrize("odd", [0, -3])
def test_a_session_numbered_zero_or_below_by_hand_is_listed_and_exported(tmp_path, odd):
    """The app never numbers a session so, but a file edited by hand may: the list shows it,
    so `sessions export` takes the number the list shows (found by test_every_cell)."""
    db = tmp_path / "companion.db"
    repo, sid = saved(db)
    repo.close()
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE session SET id = ? WHERE id = ?", (odd, sid))
        for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            if any(column[1] == "session_id" for column in con.execute(f"PRAGMA table_info({table})")):
                con.execute(f"UPDATE {table} SET session_id = ? WHERE session_id = ?", (odd, sid))
    con.close()
    listed = companion("--db", str(db), "sessions", "list", "--json")
    assert [s["id"] for s in json.loads(listed.stdout)] == [odd], listed.stderr
    out = companion("--db", str(db), "sessions", "export", str(odd))
    assert out.returncode == 0 and len(json.loads(out.stdout)["events"]) == 2, out.stderr


def test_listing_and_exporting_never_write_the_file(tmp_path):
    db = tmp_path / "companion.db"
    repo, sid = saved(db)
    repo.close()
    before = digest(db)
    assert companion("--db", str(db), "sessions", "list").returncode == 0
    out = companion("--db", str(db), "sessions", "export", str(sid))
    assert out.returncode == 0 and len(json.loads(out.stdout)["events"]) == 2
    assert digest(db) == before


def test_a_backup_on_a_read_only_disk_is_listed_and_exported(tmp_path, monkeypatch, capsys):
    """A read-only mount: the folder cannot be written (os.access says so, for root too), and
    no -shm is there; SQLite reads the WAL-mode file as immutable."""
    from companion import cli
    from companion.store import engine

    db = tmp_path / "backup.db"
    repo, sid = saved(db)
    repo.close()
    assert not (tmp_path / "backup.db-shm").exists()
    real_access = os.access
    monkeypatch.setattr(engine.os, "access", lambda p, m: False if m == os.W_OK else real_access(p, m))
    before = digest(db)
    assert cli.main(["--db", str(db), "sessions", "list"]) == 0
    assert "Backup" in capsys.readouterr().out
    assert cli.main(["--db", str(db), "sessions", "export", str(sid), "--format", "md"]) == 0
    assert "# Backup" in capsys.readouterr().out
    assert digest(db) == before and not (tmp_path / "backup.db-shm").exists()
