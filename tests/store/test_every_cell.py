"""Any one cell of any table, never a crash: a real file holding a session of every game (under
way and finished, with a catalogue, players, seats, outcomes, snapshots and a seats' server's
record) has one cell changed to a value its column never holds, and every surface that reads
the file (the sessions list, each session's export in each format, the repository's open of
each session, the statistics, the seat links the table's screen shows) answers with output
or a message, never a traceback, and leaves the file's bytes as they were. A session row (or a
seat link's) that does not read is named by its table, row and column."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import traceback
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import companion.store.sessions as sessions_module
from companion import seat_links
from companion.cli import main
from companion.formats import FORMAT_NAMES
from companion.games import all_games, get_game
from companion.store import players as players_store
from companion.store.files import StoreError
from companion.store.repo import Repository, Serving
from tests.conftest import examples, fixed_clock
from tests.store.played import finished, record, unfinished

TABLES = ("session", "event", "snapshot", "card", "player", "seat", "outcome", "meta", "serving", "seat_link")
VALUES = {
    "text": "'yesterday'",
    "null": "NULL",
    "huge": "9223372036854775807",
    "negative": "-3",
    "fraction": "1.5",
    "not utf-8": "CAST(x'ff41c3' AS TEXT)",
    "blob": "x'00ff'",
    "future version": "99",
    "a newer game": "'chess'",
    "broken json": "'{\"a\": '",
    "empty": "''",
    "json of the wrong shape": "'[1, {\"x\": true}]'",
}


def build(path: Path) -> None:
    """Every game twice (finished; under way with an undone action), snapshots every 4 actions,
    a catalogue card of each kind the games keep, and a player chosen as "me" (a meta row)."""
    repo = Repository.open(path, clock=fixed_clock)
    saved = sessions_module.SNAPSHOT_EVERY
    sessions_module.SNAPSHOT_EVERY = 4
    try:
        for game in all_games():
            record(repo, game.id, finished(game.id), title=f"{game.name} done")
            record(repo, game.id, unfinished(game.id), title=f"{game.name} on", undo=1)
        repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 1], "m": [0, 1]})
        repo.save_card("skd", "enemy", "Slime", {"stars": 1})
        players_store.set_me(repo, players_store.list_players(repo)[0].id)
        seats = (("Ann", "A" * 32), ("Bob", "B" * 32))
        repo.publish_seats(1, Serving("http://127.0.0.1:8765", False, 1, "boot+1", seats))
    finally:
        sessions_module.SNAPSHOT_EVERY = saved
        repo.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("every-cell") / "played.db"
    build(path)
    return path


def cells(path: Path) -> list[tuple[str, int, str]]:
    con = sqlite3.connect(path)
    try:
        found = []
        for table in TABLES:
            columns = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
            for (rowid,) in con.execute(f"SELECT rowid FROM {table}"):
                found += [(table, rowid, c) for c in columns]
        return found
    finally:
        con.close()


def spoil(path: Path, table: str, rowid: int, column: str, value: str) -> bool:
    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute(f"UPDATE {table} SET {column} = {value} WHERE rowid = ?", (rowid,))
        return True
    except sqlite3.Error:  # NOT NULL, UNIQUE: a value the file itself refuses
        return False
    finally:
        con.close()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except BaseException:
        raise AssertionError(f"{argv}: {traceback.format_exc()}") from None
    out = capsys.readouterr()
    assert "Traceback" not in out.err, (argv, out.err)
    return code, out.out, out.err


def surfaces(capsys, path: Path) -> str:
    """Every reading surface but the UI; all they said, for the test to look for the bad row in."""
    said = []
    db = ("--db", str(path))
    for argv in (("sessions", "list"), ("sessions", "list", "--json"), ("stats",), ("stats", "--json")):
        said.append(run(capsys, *argv, *db)[2])
    repo = Repository.reader(path, once=True)
    try:
        ids = [s.id for s in repo.list_sessions()]
        for sid in ids:
            try:
                loaded = repo.load_readable(sid)
                said.append(loaded.damage)
                loaded.timeline.view_of()
            except StoreError as exc:
                said.append(str(exc))
        repo.cards("mm5", "character")
        repo.cards("skd", "enemy")
        said += repo.bad_cards.values()
        repo.meta(players_store.ME)
        said += repo.bad_meta.values()
        said += [seat_links.links_now(repo, sid).said for sid in ids]
    finally:
        repo.close()
    for sid in ids:
        for fmt in FORMAT_NAMES:
            said.append(run(capsys, "sessions", "export", str(sid), "--format", fmt, *db)[2])
    return "\n".join(said)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_one_bad_cell_never_crashes_a_surface_nor_changes_the_file(played, tmp_path, capsys, data):
    path = tmp_path / "spoiled.db"
    shutil.copy(played, path)
    table = data.draw(st.sampled_from(TABLES), label="table")
    table_cells = [c for c in cells(path) if c[0] == table]
    _, rowid, column = data.draw(st.sampled_from(table_cells), label="cell")
    kind = data.draw(st.sampled_from(sorted(VALUES)), label="value")
    assume(spoil(path, table, rowid, column, VALUES[kind]))
    before = digest(path)
    said = surfaces(capsys, path)
    assert digest(path) == before, "a reader changed the file"
    assert not path.with_name(path.name + "-wal").exists() and not path.with_name(path.name + "-shm").exists()
    wrong_type = kind in ("not utf-8", "blob") or (kind in ("text", "empty", "broken json") and column in INTEGERS)
    if table == "session" and column != "id" and wrong_type:
        assert f"session row {rowid}, column {column}" in said, said
    if table == "meta" and column == "value" and kind not in ("huge", "future version"):
        # (a whole number is kept as its digits in a text column: a player's number, perhaps gone)
        assert "meta row 'me', column value" in said, said
    if table in ("serving", "seat_link") and column != "session_id" and wrong_type:
        assert f"{table} row 1" in said, said


INTEGERS = {
    "cursor",
    "finished",
    "version",
    "seq",
    "dropped",
    "joined",
    "position",
    "player_id",
    "session_id",
    "everyone",
    "pid",
}


def test_the_catalogue_reads_the_good_cards_and_names_the_bad(played, tmp_path):
    path = tmp_path / "cards.db"
    shutil.copy(played, path)
    spoil(path, "card", 1, "data", "'{not json'")
    repo = Repository.reader(path, once=True)
    assert repo.cards("mm5", "character") == {}
    assert repo.cards("skd", "enemy") == {"Slime": {"stars": 1}}
    assert list(repo.bad_cards.values()) == ["card row 1 (Orc), column data: not JSON ('{not json')"]
    repo.close()


def test_a_bad_updated_time_lists_the_rest_and_names_the_row(played, tmp_path, capsys):
    path = tmp_path / "when.db"
    shutil.copy(played, path)
    spoil(path, "session", 2, "updated", "'yesterday'")
    code, out, err = run(capsys, "sessions", "list", "--db", str(path))
    assert code == 0 and out.count("\n") == 1 + 2 * len(all_games())
    assert "session row 2, column updated: not a date and time ('yesterday')" in err
    damage = Repository.reader(path, once=True).load_readable(2).damage
    assert damage.startswith("Session 2 cannot be read whole: session row 2, column updated: not a date")


def test_a_game_this_companion_does_not_know_is_refused_in_one_sentence(played, tmp_path):
    path = tmp_path / "chess.db"
    shutil.copy(played, path)
    spoil(path, "session", 1, "game", "'chess'")
    repo = Repository.reader(path, once=True)
    with pytest.raises(StoreError) as refused:
        repo.load_readable(1)
    assert (
        str(refused.value)
        == "Session 1 is a game this Companion does not know ('chess'): a newer Companion may open it."
    )
    assert get_game("free")  # the others still open
    assert repo.load_readable(2).timeline.cursor > 0


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("'abc'", "column cursor: not a whole number"),
        ("-3", "column cursor: not a whole number"),
        ("1000000", "past its log"),
    ],
)
def test_a_cursor_off_the_log_opens_read_only_as_damaged(played, tmp_path, value, why):
    path = tmp_path / "cursor.db"
    shutil.copy(played, path)
    spoil(path, "session", 2, "cursor", value)
    loaded = Repository.reader(path, once=True).load_readable(2)
    assert why in loaded.damage


@pytest.mark.parametrize("seq", ["-1", "99", "seq + 100"])
def test_sequence_numbers_that_do_not_run_1_to_n_open_read_only_as_damaged(played, tmp_path, seq):
    path = tmp_path / "seq.db"
    shutil.copy(played, path)
    con = sqlite3.connect(path)
    (first,) = con.execute("SELECT min(rowid) FROM event WHERE session_id = 2 AND seq = 3").fetchone()
    con.close()
    spoil(path, "event", first, "seq", seq)
    loaded = Repository.reader(path, once=True).load_readable(2)
    assert "column seq: the log's numbers do not run 1, 2, 3" in loaded.damage


def test_a_bad_outcome_is_worked_out_again_and_a_session_left_out_is_said(played, tmp_path, capsys):
    path = tmp_path / "outcome.db"
    shutil.copy(played, path)
    _, good, _ = run(capsys, "stats", "--json", "--db", str(path))
    spoil(path, "outcome", 1, "data", '\'{"winners": "Ann"}\'')
    code, out, err = run(capsys, "stats", "--json", "--db", str(path))
    assert code == 0 and out == good
    assert "outcome row 1, column data" in err


def test_a_time_that_is_no_time_in_any_row_never_crashes_a_surface(played, tmp_path, capsys):
    """Every column holding a date and time, in the first row of each table, read as text that
    is no time ('chess'): every surface reads past it (the property above draws 25 cells of
    hundreds, so the columns a surface parses as times are each tried here)."""
    con = sqlite3.connect(played)
    try:
        timed = [
            (table, column)
            for table in TABLES
            for column in (r[1] for r in con.execute(f"PRAGMA table_info({table})"))
            if column in ("created", "updated", "at", "played", "time")
        ]
    finally:
        con.close()
    assert timed, "the file has columns of times"
    for table, column in timed:
        path = tmp_path / f"{table}-{column}.db"
        shutil.copy(played, path)
        rowid = next(r for t, r, c in cells(path) if t == table and c == column)
        assert spoil(path, table, rowid, column, VALUES["a newer game"])
        before = digest(path)
        surfaces(capsys, path)
        assert digest(path) == before


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("x'00ff'", "not a player's number (2 bytes"),
        ("CAST(x'ff41c3' AS TEXT)", "not a player's number (3 bytes"),
        ("'yesterday'", "not a player's number ('yesterday')"),
        ("-3", "not a player's number ('-3')"),
    ],
)
def test_a_bad_setting_is_named_and_read_as_none(played, tmp_path, capsys, value, why):
    """The file's settings (meta) read through their typed reader: a "me" that is not a player's
    number is nobody, named, and every surface still reads the file."""
    path = tmp_path / "meta.db"
    shutil.copy(played, path)
    spoil(path, "meta", 1, "value", value)
    repo = Repository.reader(path, once=True)
    assert repo.meta(players_store.ME) is None
    assert repo.bad_meta["me"].startswith(f"meta row 'me', column value: {why}"), repo.bad_meta
    assert players_store.me(repo) is None
    repo.close()
    assert run(capsys, "stats", "--json", "--db", str(path))[0] == 0
