"""Store tests on a real SQLite file: create, append, reopen, undo persists, migration."""

from __future__ import annotations

import re
import shutil
import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import pytest

import companion.store.door as door_module
import companion.store.sessions as sessions_module
from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.files import StoreError
from companion.store.repo import Repository, Serving, SessionGone, StaleSession, StoreBusy
from companion.store.schema_version import CURRENT_VERSION
from companion.store.sessions import summary_of
from companion.timeline import Timeline
from tests.conftest import fixed_clock
from tests.core.test_skd_effects import acting, skill
from tests.store import played

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


def test_catalogue_is_per_game_and_editable(repo, db_path):
    repo.save_card("mm5", "character", "Orc", {"P": [2, 1], "M": [0, 1]})
    repo.save_card("mm5", "character", "Orc", {"P": [3, 1], "M": [0, 1]})
    assert repo.cards("mm5", "character") == {"Orc": {"P": [3, 1], "M": [0, 1]}}
    assert repo.cards("skd", "character") == {}
    stored = sqlite3.connect(db_path).execute("SELECT data FROM card").fetchall()
    assert stored == [('{"M": [0, 1], "P": [3, 1]}',)], "one card, its keys in order: the same card, the same bytes"


def test_rename_and_delete(repo, db_path):
    sid, _ = play(repo, 2)
    assert repo.rename(sid, "  Sunday  ").title == "Sunday"
    with pytest.raises(StoreError, match=r"^A session needs a title\.$"):
        repo.rename(sid, "   ")
    with pytest.raises(StoreError, match=r"^There is no session 99\.$"):
        repo.rename(99, "Monday")
    repo.delete(sid)
    assert repo.list_sessions() == []
    with pytest.raises(SessionGone, match=rf"^There is no session {sid} in {re.escape(str(db_path))}\.$"):
        repo.load(sid)  # deleted here, not in another window


def test_deleting_a_session_leaves_the_others_whole(db_path, monkeypatch):
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    gone, _ = play(repo, 5)
    kept, tl = play(repo, 5)
    repo.delete(gone)
    con = sqlite3.connect(db_path)
    assert con.execute("SELECT DISTINCT session_id FROM event").fetchall() == [(kept,)]
    assert con.execute("SELECT session_id, seq FROM snapshot").fetchall() == [(kept, 4)]
    con.close()
    assert repo.load(kept).timeline.state == tl.state
    repo.close()


def test_a_session_imported_before_is_found_by_its_game_start_and_players(repo):
    sid = repo.create(FREE, "Friday", ("Ann", "Bob"), {}).info.id
    created = repo.info(sid).created
    assert repo.find_session("free", created, ("Ann", "Bob")) == sid
    assert repo.find_session("mm5", created, ("Ann", "Bob")) is None
    assert repo.find_session("free", "2026-01-01T00:00:00+00:00", ("Ann", "Bob")) is None
    assert repo.find_session("free", created, ("Ann", "Cleo")) is None


def test_writes_while_another_program_holds_the_lock_are_refused_as_busy(repo, db_path, monkeypatch):
    sid, tl = play(repo, 1)
    now = fixed_clock()
    repo.save_card("mm5", "character", "Orc", {"kind": "orc"})
    before = sqlite3.connect(db_path).execute("SELECT count(*) FROM event").fetchone()
    monkeypatch.setattr(door_module, "BUSY_MS", 0)  # no 5-second busy wait in a test
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    busy = rf"^{re.escape(str(db_path))} is locked by another program: not saved\. Close that program and try again\.$"
    try:
        for write in (
            lambda: repo.create(FREE, "New", ("Ann", "Bob"), {}),
            lambda: repo.rename(sid, "Mine"),
            lambda: repo.delete(sid),
            lambda: repo.delete_card("mm5", "character", "Orc"),
            lambda: repo.set_meta("me", "Ann"),
            lambda: repo.save_card("mm5", "character", "Elf", {"kind": "companion"}),
            lambda: repo.add_session(FREE, "Imported", ("Ann", "Bob"), {}, tl, ((now, now), ())),
            lambda: repo.publish_seats(
                sid, Serving("http://192.168.1.20:8765", False, 7, "boot", (("Ann", "A" * 32),))
            ),
            lambda: repo.renew_seats(sid, ["B" * 32]),
            lambda: repo.withdraw_seats(sid, 7, "boot"),
            lambda: repo.record(sid, tl, tl.record(Adjust("HP", 0, -1))),
            lambda: repo.move(sid, tl, tl.undo()),
        ):
            with pytest.raises(StoreBusy, match=busy):
                write()
        # Reading never waits for the lock: the table, the list, the catalogue and the seats' record.
        assert repo.load(sid).timeline.state == tl.state and repo.info(sid).title == "Test"
        assert [s.id for s in repo.list_sessions()] == [sid] and repo.serving(sid) is None
        assert repo.cards("mm5", "character") == {"Orc": {"kind": "orc"}} and repo.meta("me") is None
        assert repo.event_times(sid) == [now]
    finally:
        other.rollback()
        other.close()
    assert [s.id for s in repo.list_sessions()] == [sid] and repo.info(sid).title == "Test"
    assert repo.cards("mm5", "character") == {"Orc": {"kind": "orc"}}
    assert sqlite3.connect(db_path).execute("SELECT count(*) FROM event").fetchone() == before


def test_a_save_waits_for_another_programs_lock_unless_told_not_to(repo, db_path):
    """The UI thread saves without waiting (busy at once, a worker retries); a worker waits for
    the lock and then saves, an action or an undo alike."""
    sid, tl = play(repo, 1)
    after = tl.record(Adjust("HP", 0, -1))
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    for save in (lambda: repo.record(sid, tl, after), lambda: repo.move(sid, after, after.undo())):
        other.execute("BEGIN IMMEDIATE")
        release = threading.Timer(1.5, other.rollback)
        release.start()
        try:
            with pytest.raises(StoreBusy):
                repo.record(sid, tl, after, wait=False)
            with pytest.raises(StoreBusy):
                repo.move(sid, tl, tl.undo(), wait=False)
            save()  # waits until the other program lets go
        finally:
            release.join()
    other.close()
    loaded = repo.load(sid).timeline
    assert (loaded.cursor, len(loaded.entries)) == (1, 2)


def test_a_write_takes_the_write_lock_from_its_start(repo, db_path):
    """BEGIN IMMEDIATE: a freshness check and the write it guards are one step."""
    with repo.writing():
        other = sqlite3.connect(db_path, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        other.close()
    for read in (repo.reading, repo.snapshot):
        with read():
            other = sqlite3.connect(db_path, timeout=0, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")  # a read never holds up a writer
            other.rollback()
            other.close()


def test_the_events_after_a_position_are_the_sessions_own_as_logged(repo):
    """What the follower reads: the rows past what it holds, of this session only, each as logged
    (its turn, dropped count and joined line) under its row id."""
    play(repo, 3)
    loaded = repo.create(FREE, "Second", ("Ann", "Bob"), {"counters": "HP=20 0..40"})
    sid, tl = loaded.info.id, loaded.timeline
    after = tl.record(Adjust("HP", 0, -1)).undo().record(Adjust("HP", 1, -1))
    after = after.record_all([NextTurn(), Adjust("HP", 0, -2)])
    repo.record(sid, tl, after)
    logged = repo.load(sid).timeline.entries
    assert [(e.dropped, e.joined) for e in logged] == [(1, False), (0, False), (0, True)]
    for held in (0, 1):
        rows = repo.events_after(sid, held, FREE.events)
        assert [entry for _, entry in rows] == list(logged[held:])
        assert [i for i, _ in rows] == [repo.event_id(sid, seq) for seq in range(held + 1, 4)]
    assert repo.event_id(sid, 1) not in (repo.event_id(1, 1), None) and repo.event_id(sid, 4) is None


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
    for game, kind, name in (("skd", "character", "Orc"), ("mm5", "spell", "Orc"), ("mm5", "character", "Elf")):
        repo.save_card(game, kind, name, {"kind": "orc"})
    assert repo.delete_card("mm5", "character", "Orc") is True
    left = sqlite3.connect(tmp_path / "c.db").execute("SELECT game, kind, name FROM card ORDER BY 1, 2, 3").fetchall()
    assert left == [("mm5", "character", "Elf"), ("mm5", "spell", "Orc"), ("skd", "character", "Orc")], "that card only"
    assert repo.delete_card("mm5", "character", "Orc") is False
    repo.close()


def test_a_session_added_whole_keeps_its_log_times_and_snapshot(db_path, monkeypatch):
    """An import: each action's dropped count, its joined line and its time as the file gave
    them (now where it gave none), and a snapshot once the log reaches SNAPSHOT_EVERY."""
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    tl = FREE.setup(("Ann", "Bob"), {"counters": "HP=20 0..40"})
    tl = Timeline.start(FREE, tl).record(Adjust("HP", 0, -1)).undo().record(Adjust("HP", 0, -2))
    tl = tl.record_all([Adjust("HP", 1, -3), NextTurn(), Adjust("HP", 0, -4)])
    times = ("2026-01-01T10:00:00+00:00", "2026-01-01T10:01:00+00:00")
    sid = repo.add_session(FREE, "Imported", ("Ann", "Bob"), {"counters": "HP=20 0..40"}, tl, (times, (*times, None)))
    loaded = repo.load(sid).timeline
    assert [(e.dropped, e.joined) for e in loaded.entries] == [(1, False), (0, False), (0, True), (0, True)]
    assert repo.event_times(sid) == [*times, fixed_clock(), fixed_clock()]
    assert loaded.state == tl.state
    snapshots = sqlite3.connect(db_path).execute("SELECT seq FROM snapshot WHERE session_id = ?", (sid,)).fetchall()
    assert snapshots == [(4,)], "a log of exactly SNAPSHOT_EVERY actions reopens from its end"
    repo.close()


def test_a_sessions_line_says_whose_turn_the_phase_or_how_it_ended(repo):
    """The home screen's line: whose turn it is, the phase while it is no one's (Monster Maker's
    deal), and for Seirei Kairo Drive, a cooperative game, whether the table lost or won."""
    players, options, _ = played.unfinished("mm5")
    assert repo.create(get_game("mm5"), "Deal", players, options).info.summary == "round 1, deal"
    assert repo.create(FREE, "Turns", ("Ann", "Bob"), {}).info.summary == "round 1, Ann's turn"
    sid = played.record(repo, "skd", played.finished("skd"))
    assert (repo.info(sid).summary, repo.info(sid).finished) == ("finished · lost", True)
    assert repo.list_sessions()[0].summary == "finished · lost"
    won = replace(acting(), enemy=replace(acting().enemy, boss=True, hp=3), stage="boss")
    won = get_game("skd").apply(won, skill("Rin: damage 3"))
    assert summary_of(get_game("skd"), won) == ("finished · won", True)
