"""The seats' server's record through the repository: published, read back as written (any
names, any tokens), renewed in one write, withdrawn only by the process that wrote it; a row
that does not read is named, never a crash. An older file is upgraded to hold it."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import seat_links
from companion.games import get_game
from companion.store.repo import Repository, Serving, ServingDamaged
from companion.store.rows import PID_LIMIT, TOKEN_CHARS
from tests.conftest import examples

TOKENS = st.text(alphabet=sorted(TOKEN_CHARS), min_size=16, max_size=100)
NAMES = st.text(min_size=1, max_size=40).filter(lambda n: "\x00" not in n)


def served(repo, sid: int, seats=(("Ann", "A" * 32), ("Bob", "B" * 32)), pid: int = 4242, started: str = "boot+7"):
    record = Serving("http://192.168.1.20:8765", False, pid, started, tuple(seats))
    repo.publish_seats(sid, record)
    return record


@pytest.fixture
def sid(repo) -> int:
    return repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {}).info.id


def test_published_read_renewed_and_withdrawn(repo, sid, db_path):
    assert repo.serving(sid) is None
    record = served(repo, sid)
    other = Repository.reader(db_path)  # another program on the file: the table's screen
    assert other.serving(sid) == record
    assert repo.renew_seats(sid, ["C" * 32, "D" * 32])
    assert other.serving(sid).seats == (("Ann", "C" * 32), ("Bob", "D" * 32))
    renewed = other.serving(sid)
    repo.withdraw_seats(sid, 4242, "boot+6")  # the same pid, another process: not its record
    repo.withdraw_seats(sid, 99, "boot+7")  # another pid started at the same mark: not its record either
    assert other.serving(sid) == renewed, "a record that is not the process's is left whole, its links too"
    repo.withdraw_seats(sid, 4242, "boot+7")
    assert other.serving(sid) is None
    assert not repo.renew_seats(sid, ["E" * 32, "F" * 32]), "nothing served: nothing renewed"
    other.close()


def test_a_record_is_its_sessions_alone(repo, sid):
    """Renewing or withdrawing one session's seats leaves another session's record whole, even
    one the same process serves."""
    second = repo.create(get_game("free"), "Saturday", ("Cleo", "Dan"), {}).info.id
    kept = served(repo, second, seats=(("Cleo", "C" * 32), ("Dan", "D" * 32)))  # the later session first
    served(repo, sid)
    assert repo.serving(sid).seats == (("Ann", "A" * 32), ("Bob", "B" * 32))
    assert repo.renew_seats(sid, ["E" * 32, "F" * 32])
    assert repo.serving(second) == kept
    repo.withdraw_seats(sid, 4242, "boot+7")
    assert repo.serving(sid) is None and repo.serving(second) == kept


def test_more_tokens_than_seats_renew_the_seats_there_are(repo, sid):
    served(repo, sid)
    assert repo.renew_seats(sid, ["E" * 32, "F" * 32, "G" * 32]), "the session is served: renewed"
    assert repo.serving(sid).seats == (("Ann", "E" * 32), ("Bob", "F" * 32))


def test_a_later_server_replaces_the_record_and_a_deleted_session_takes_it_along(repo, sid):
    served(repo, sid)
    later = served(repo, sid, seats=(("Ann", "Q" * 20),), pid=99)
    assert repo.serving(sid) == later
    repo.delete(sid)
    assert repo.serving(sid) is None


@pytest.mark.parametrize(
    ("table", "column", "value", "named"),
    [
        ("seat_link", "token", "'short'", "seat_link row 1/0, column token: not a seat link's token ('short')"),
        ("seat_link", "token", "'has a space in it, far too'", "column token: not a seat link's token"),
        ("seat_link", "name", "x'00ff'", "seat_link row 1/0, column name: not text"),
        ("seat_link", "position", "5", "seat_link row 1/5, column position: a seat missing (5)"),
        ("serving", "address", "'javascript:alert(1)'", "serving row 1, column address: not a server's address"),
        ("serving", "everyone", "7", "serving row 1, column everyone: not 0 or 1"),
        ("serving", "pid", "'me'", "serving row 1, column pid: not a process id"),
        # os.kill took these: past a C int it raised OverflowError (a crash, found by the
        # every-cell property); 0 is this process's own group, never a server's record
        ("serving", "pid", "9223372036854775807", "serving row 1, column pid: not a process id"),
        ("serving", "pid", "2147483648", "serving row 1, column pid: not a process id"),
        ("serving", "pid", "0", "serving row 1, column pid: not a process id"),
    ],
)
def test_a_damaged_row_is_named(repo, sid, db_path, table, column, value, named):
    served(repo, sid)
    con = sqlite3.connect(db_path)
    where = " AND position = 1" if table == "seat_link" and column == "position" else ""
    where += " AND position = 0" if table == "seat_link" and column != "position" else ""
    con.execute(f"UPDATE {table} SET {column} = {value} WHERE session_id = {sid}{where}")
    con.commit()
    con.close()
    with pytest.raises(ServingDamaged, match="cannot be read") as caught:
        repo.serving(sid)
    assert named in str(caught.value)
    shown = seat_links.links_now(repo, sid)
    assert shown.links == () and named in shown.said and "companion serve --table" in shown.said


def test_an_older_file_is_upgraded_to_hold_the_record(db_path):
    repo = Repository.open(db_path)
    sid = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {}).info.id
    repo.close()
    con = sqlite3.connect(db_path)
    con.executescript("DROP TABLE seat_link; DROP TABLE serving; PRAGMA user_version = 7;")
    con.close()
    repo = Repository.open(db_path)
    assert repo.info(sid).players == ("Ann", "Bob") and repo.serving(sid) is None
    served(repo, sid, seats=(("Ann", "A" * 32),))
    assert repo.serving(sid) is not None
    repo.close()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seats=st.lists(st.tuples(NAMES, TOKENS), min_size=1, max_size=8),
    renewed=st.data(),
    everyone=st.booleans(),
    pid=st.integers(1, PID_LIMIT - 1),  # any process id (the record holds this process's own)
    started=st.text(max_size=30),
)
def test_any_record_reads_back_as_written_and_renews_whole(repo, sid, seats, renewed, everyone, pid, started):
    record = Serving("http://[::1]:65535", everyone, pid, started, tuple(seats))
    repo.publish_seats(sid, record)
    assert repo.serving(sid) == record
    tokens = renewed.draw(st.lists(TOKENS, min_size=len(seats), max_size=len(seats)))
    assert repo.renew_seats(sid, tokens)
    assert repo.serving(sid) == Serving(
        record.address, everyone, pid, started, tuple(zip([n for n, _ in seats], tokens, strict=True))
    )
    repo.withdraw_seats(sid, pid, started)
    assert repo.serving(sid) is None
