"""Store tests on a real SQLite file: create, append, reopen, undo persists, migration."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.files import StoreError
from companion.store.repo import Repository, StaleSession
from companion.store.schema_version import CURRENT_VERSION
from tests.conftest import fixed_clock

FIXTURE = Path(__file__).with_name("fixtures") / "companion-v1.db"
FREE = get_game("free")


def play(repo, n: int):
    loaded = repo.create(FREE, "Test", ("Ann", "Bob"), {"counters": "HP=20 0..40"})
    tl = loaded.timeline
    for i in range(n):
        event = NextTurn() if i % 3 == 2 else Adjust("HP", i % 2, -1)
        after = tl.record(event)
        repo.record(loaded.info.id, tl, after)
        tl = after
    return loaded.info.id, tl


def test_create_append_reopen(repo, db_path):
    sid, tl = play(repo, 7)
    repo.close()
    again = Repository.open(db_path)
    loaded = again.load(sid)
    assert loaded.timeline.state == tl.state
    assert [e.text for e in loaded.timeline.entries] == [e.text for e in tl.entries]
    assert loaded.info.summary == "round 2, Ann's turn"
    again.close()


def test_undo_persists_and_new_action_drops_the_redo_branch(repo, db_path):
    sid, tl = play(repo, 5)
    undone = tl.undo().undo()
    repo.move(sid, tl, undone)
    assert Repository.open(db_path).load(sid).timeline.cursor == 3
    after = undone.record(Adjust("HP", 0, +2))
    repo.record(sid, undone, after)
    loaded = Repository.open(db_path).load(sid)
    assert len(loaded.timeline.entries) == 4
    assert loaded.timeline.entries[-1].dropped == 2
    assert loaded.timeline.state == after.state


def test_a_second_window_is_told_to_reload(repo):
    sid, tl = play(repo, 2)
    other = tl.record(Adjust("HP", 1, -1))
    repo.record(sid, tl, other)
    with pytest.raises(StaleSession):
        repo.record(sid, tl, tl.record(Adjust("HP", 0, -1)))
    assert len(repo.load(sid).timeline.entries) == 3


def test_file_settings_are_wal_and_versioned(repo, db_path):
    play(repo, 1)
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION


def test_migration_from_the_version_1_fixture(tmp_path):
    copy = tmp_path / "old.db"
    shutil.copy(FIXTURE, copy)
    repo = Repository.open(copy, clock=fixed_clock)
    [info] = repo.list_sessions()
    assert info.title == "Old friday game" and info.players == ("Ann", "Bob")
    loaded = repo.load(info.id)
    assert loaded.timeline.cursor == 2 and len(loaded.timeline.entries) == 3
    hp = {(c.owner, c.name): c.value for c in loaded.timeline.state.counters}
    assert hp == {(0, "HP"): 15, (1, "HP"): 20}
    repo.save_card("mm5", "character", "Orc", {"P": [2, 1]})
    assert repo.cards("mm5", "character") == {"Orc": {"P": [2, 1]}}
    con = sqlite3.connect(copy)
    assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION


def test_catalogue_is_per_game_and_editable(repo):
    repo.save_card("mm5", "character", "Orc", {"P": [2, 1], "M": [0, 1]})
    repo.save_card("mm5", "character", "Orc", {"P": [3, 1], "M": [0, 1]})
    assert repo.cards("mm5", "character") == {"Orc": {"P": [3, 1], "M": [0, 1]}}
    assert repo.cards("skd", "character") == {}


def test_rename_and_delete(repo):
    sid, _ = play(repo, 2)
    assert repo.rename(sid, "  Sunday  ").title == "Sunday"
    with pytest.raises(StoreError):
        repo.rename(sid, "   ")
    repo.delete(sid)
    assert repo.list_sessions() == []
    with pytest.raises(StoreError):
        repo.load(sid)


def test_sessions_are_listed_newest_first(db_path):
    times = iter(["2026-01-01T10:00:00+00:00", "2026-01-02T10:00:00+00:00", "2026-01-03T10:00:00+00:00"])
    repo = Repository.open(db_path, clock=lambda: next(times))
    a = repo.create(FREE, "A", ("Ann", "Bob"), {})
    repo.create(FREE, "B", ("Ann", "Bob"), {})
    tl = a.timeline
    repo.record(a.info.id, tl, tl.record(NextTurn()))
    assert [s.title for s in repo.list_sessions()] == ["A", "B"]


def test_snapshots_make_reopening_replay_only_the_tail(db_path, monkeypatch):
    import companion.store.sessions as sessions_module

    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(repo, 11)
    con = sqlite3.connect(db_path)
    assert [r[0] for r in con.execute("SELECT seq FROM snapshot ORDER BY seq")] == [4, 8]
    loaded = repo.load(sid)
    assert loaded.timeline.state == tl.state
    assert sorted(loaded.timeline.known) == [0, 8, 9, 10, 11], "replayed from the snapshot at 8"
    assert [loaded.timeline.state_at(i) for i in range(12)] == [tl.state_at(i) for i in range(12)]
    # Undo below a snapshot, then a new action: the dropped branch's snapshots go with it.
    back = tl.move(6)
    repo.move(sid, tl, back)
    branched = back.record(Adjust("HP", 0, +1))
    repo.record(sid, back, branched)
    assert [r[0] for r in con.execute("SELECT seq FROM snapshot ORDER BY seq")] == [4]
    assert repo.load(sid).timeline.state == branched.state


def test_an_unreadable_snapshot_falls_back_to_replay(db_path, monkeypatch):
    import companion.store.sessions as sessions_module

    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(repo, 9)
    con = sqlite3.connect(db_path)
    con.execute("UPDATE snapshot SET data = x'00ff00'")
    con.commit()
    assert repo.load(sid).timeline.state == tl.state


def test_a_file_of_the_sqlite3_store_opens(tmp_path):
    """Schema 3, as the last store before SQLModel's return wrote it, with a pickled snapshot:
    it is upgraded, the snapshot is never unpickled, and the state is rebuilt from the events."""
    copy = tmp_path / "v3.db"
    shutil.copy(FIXTURE.with_name("companion-v3.db"), copy)
    repo = Repository.open(copy, clock=fixed_clock)
    [info] = repo.list_sessions()
    assert (info.title, info.cursor, info.summary, info.version) == ("Saturday game", 4, "round 2, Ann's turn", 0)
    loaded = repo.load(info.id)
    assert sorted(loaded.timeline.known) == [0, 1, 2, 3, 4], "replayed from the start, not the pickle"
    hp = {(c.owner, c.name): c.value for c in loaded.timeline.state.counters}
    assert hp == {(0, "HP"): 15, (1, "HP"): 17}
    assert len(loaded.timeline.entries) == 5 and loaded.timeline.can_redo
    assert repo.cards("mm5", "character") == {"Orc": {"P": [2, 1]}}
    tl = loaded.timeline
    repo.record(info.id, tl, tl.record(Adjust("HP", 1, 1)))
    repo.close()
    assert Repository.open(copy).load(info.id).timeline.cursor == 5
    con = sqlite3.connect(copy)
    assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION


def test_a_catalogue_card_can_be_forgotten(tmp_path):
    from companion.store.repo import Repository

    repo = Repository.open(tmp_path / "c.db")
    repo.save_card("mm5", "character", "Orc", {"kind": "orc"})
    assert repo.delete_card("mm5", "character", "Orc") is True
    assert repo.cards("mm5", "character") == {}
    assert repo.delete_card("mm5", "character", "Orc") is False
    repo.close()
