"""Each commit reaches the disk just after it, off the action's path (companion/store/flush.py):
a killed process loses nothing, every commit is followed by an fsync of the log that holds
it, and a log that cannot be flushed from the side puts the commits back to fsyncing
themselves."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.store import flush
from companion.store.repo import Repository
from tests.store.test_store import play

REPO = Path(__file__).resolve().parents[2]


def _synchronous(repo: Repository) -> int:
    with repo.reading() as con:
        return int(con.connection.driver_connection.execute("PRAGMA synchronous").fetchone()[0])  # type: ignore[union-attr]


@settings(max_examples=15, deadline=None)
@given(steps=st.lists(st.sampled_from(["record", "undo"]), min_size=1, max_size=12))
def test_every_commit_is_followed_by_a_flush_of_the_log_holding_it(tmp_path_factory, steps):
    flushed: list[int] = []  # the log's size at each fsync from the side
    real = os.fsync

    def fsync(fd: int) -> None:
        real(fd)
        flushed.append(os.fstat(fd).st_size)

    db = tmp_path_factory.mktemp("flush") / "c.db"
    wal = Path(f"{db}-wal")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flush.os, "fsync", fsync)
        repo = Repository.open(db)
        try:
            sid, tl = play(repo, 1)
            for step in steps:
                undo = step == "undo" and tl.cursor > 0
                after = tl.move(tl.cursor - 1) if undo else tl.record(play_event(tl))
                (repo.move if undo else repo.record)(sid, tl, after)
                committed = wal.stat().st_size  # the log as the commit left it
                repo._flusher.wait()  # type: ignore[union-attr]
                assert flushed and flushed[-1] >= committed
                tl = after
            assert _synchronous(repo) == 1  # NORMAL: the commit itself does not wait for the disk
        finally:
            repo.close()


def play_event(tl):  # type: ignore[no-untyped-def]
    from companion.games.free import Adjust

    return Adjust("HP", tl.cursor % 2, -1)


def test_a_log_that_cannot_be_flushed_from_the_side_makes_each_commit_flush_itself(db_path, monkeypatch):
    def refused(*_args: object, **_kw: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(flush.os, "open", refused)
    repo = Repository.open(db_path)
    try:
        repo._flusher.wait()  # type: ignore[union-attr]
        assert repo._flusher.failed is not None  # type: ignore[union-attr]
        sid, tl = play(repo, 3)
        assert _synchronous(repo) == 2  # FULL again: nothing waits on the side any more
        assert repo._flusher is None  # let go: its thread is stopped
        assert repo.load(sid).timeline.cursor == tl.cursor
    finally:
        repo.close()


def test_closing_flushes_what_is_left(db_path, monkeypatch):
    calls: list[int] = []
    real = os.fsync
    monkeypatch.setattr(flush.os, "fsync", lambda fd: (real(fd), calls.append(fd))[0])
    repo = Repository.open(db_path)
    play(repo, 5)
    repo.close()
    assert calls, "the log was never flushed"
    assert repo._flusher._done == repo._flusher._asked  # type: ignore[union-attr]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX: run on Linux or macOS to check a killed writer")
def test_a_writer_killed_right_after_its_commits_loses_none_of_them(db_path):
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(REPO)!r})
        from pathlib import Path
        from companion.store.repo import Repository
        from tests.store.test_store import play
        repo = Repository.open(Path({str(db_path)!r}))
        sid, tl = play(repo, 40)
        os.kill(os.getpid(), signal.SIGKILL)  # no close, no flush thread given a chance
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == -9, done.stderr.decode()
    repo = Repository.open(db_path)
    try:
        (info,) = repo.list_sessions()
        assert repo.load(info.id).timeline.cursor == 40
    finally:
        repo.close()


def test_the_flush_waits_for_the_repaint_and_a_closing_one_does_not(db_path, monkeypatch):
    """Each flush waits SETTLE after its commit (the screen shows the action meanwhile, and the
    flush's thread would take the interpreter's lock from that repaint); closing flushes at once."""
    said: list[str] = []
    real_sleep, real_fsync = flush.time.sleep, flush.os.fsync
    monkeypatch.setattr(flush.time, "sleep", lambda s: said.append(f"sleep {s}") or real_sleep(s))
    monkeypatch.setattr(flush.os, "fsync", lambda fd: said.append("fsync") or real_fsync(fd))
    repo = Repository.open(db_path)
    repo._flusher.wait()  # type: ignore[union-attr]
    said.clear()
    sid, tl = play(repo, 0)
    repo._flusher.wait()  # type: ignore[union-attr]
    assert said[-2:] == [f"sleep {flush.SETTLE}", "fsync"], said
    said.clear()
    repo.record(sid, tl, tl.record(play_event(tl)))
    repo.close()  # asked while the flush may still wait: at most the one wait, then the fsync
    assert said.count("fsync") >= 1 and said.count(f"sleep {flush.SETTLE}") <= 1
