"""Any bad row, never a crash: rows a newer Companion, a bad disk or a hand edit could leave.

Each bad event row makes opening the session a StoreError naming the session and the action
(never a raw TypeError), the session still opens read-only as far as it reads, `--salvage`
exports the rest, and the file's bytes are never changed. A snapshot the log does not bear out
is dropped and the log replayed from the start.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.files import SessionUnreadable
from companion.store.repo import Repository
from tests.store.test_odd_files import companion, digest

BAD_EVENTS = {
    "a wrong type": '{"type": "adjust", "name": "HP", "owner": 0, "delta": "x"}',
    "a fraction for a whole number": '{"type": "adjust", "name": "HP", "owner": 0, "delta": 1.5}',
    "true for a number": '{"type": "adjust", "name": "HP", "owner": 0, "delta": true}',
    "a list": "[1, 2]",
    "null": "null",
    "an unknown kind": '{"type": "teleport", "to": 3}',
    "a newer codec": '{"type": "adjust", "name": "HP", "owner": 0, "delta": -1, "codec": 2}',
    "not JSON": "{not json",
    "a 5,000-digit number": '{"type": "adjust", "name": "HP", "owner": 0, "delta": ' + "9" * 5000 + "}",
    "a number past 64 bits": '{"type": "adjust", "name": "HP", "owner": 0, "delta": ' + str(10**20) + "}",
    "deep nesting": '{"type": "adjust", "name": "HP", "owner": 0, "delta": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "a missing field": '{"type": "adjust", "owner": 0, "delta": 2}',
    "a refused action": '{"type": "adjust", "name": "Gold", "owner": 0, "delta": 2}',
}


def session(path: Path, actions: int = 6) -> int:
    repo = Repository.open(path)
    loaded = repo.create(get_game("free"), "Hostile", ("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    tl = loaded.timeline
    for i in range(actions):
        after = tl.record(Adjust("HP", i % 2, -1))
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()
    return loaded.info.id


def spoil(path: Path, sql: str, *args: object) -> None:
    con = sqlite3.connect(path)
    con.execute(sql, args)
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


@pytest.mark.parametrize("case", BAD_EVENTS)
def test_a_bad_event_row_is_named_and_the_rest_still_reads(tmp_path, case):
    path = tmp_path / "hostile.db"
    sid = session(path)
    spoil(path, "UPDATE event SET payload = ? WHERE seq = 4", BAD_EVENTS[case])
    before = digest(path)
    repo = Repository.open(path)
    with pytest.raises(SessionUnreadable) as err:
        repo.load(sid)
    assert err.value.session_id == sid and err.value.action == 4
    assert f"Session {sid} (Hostile) cannot be read at action 4" in str(err.value)
    loaded = repo.load_readable(sid)
    assert "Action 4 could not be read" in loaded.damage
    assert len(loaded.timeline.entries) == 5  # the other five, folded on past the bad one
    repo.close()
    assert digest(path) == before


@pytest.mark.parametrize("case", ["a wrong type", "an unknown kind", "not JSON", "deep nesting"])
def test_the_command_line_names_the_action_and_salvage_exports_the_rest(tmp_path, case):
    path = tmp_path / "hostile.db"
    sid = session(path)
    spoil(path, "UPDATE event SET payload = ? WHERE seq = 2", BAD_EVENTS[case])
    before = digest(path)
    out = companion("--db", str(path), "sessions", "export", str(sid))
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    assert "cannot be read at action 2" in out.stderr and "--salvage" in out.stderr
    target = tmp_path / "saved.json"
    out = companion("--db", str(path), "sessions", "export", str(sid), "--salvage", "-o", str(target))
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert "Action 2 could not be read" in out.stderr
    assert len(json.loads(target.read_text())["events"]) == 5
    assert digest(path) == before


BAD_CELLS = {
    "turn = x'07'": "column turn: not text (1 bytes, b'\\x07')",
    "text = x'07'": "column text: not text (1 bytes, b'\\x07')",
    "dropped = 'x'": "column dropped: not a whole number from 0 ('x')",
    "joined = 2": "column joined: not 0 or 1 (2)",
    "seq = 99": "column seq: the log's numbers do not run 1, 2, 3… (found 4) (4)",
}


@pytest.mark.parametrize("cell", BAD_CELLS)
def test_a_log_cell_that_does_not_read_is_named_with_what_to_do(tmp_path, cell):
    path = tmp_path / "hostile.db"
    sid = session(path)
    spoil(path, f"UPDATE event SET {cell} WHERE seq = 3")
    repo = Repository.open(path)
    with pytest.raises(SessionUnreadable) as err:
        repo.load(sid)
    assert str(err.value) == (
        f"Session 1 (Hostile) cannot be read at action 3: event row (session 1, action 3), {BAD_CELLS[cell]}. "
        "It opens read-only as far as it reads; export that with `companion sessions export 1 --salvage -o FILE` "
        "(or e on the home screen)."
    )
    repo.close()


def test_players_that_do_not_read_are_named_and_listed(tmp_path):
    path = tmp_path / "hostile.db"
    sid = session(path)
    spoil(path, "UPDATE session SET players = '{broken'")
    repo = Repository.open(path)
    assert [s.id for s in repo.list_sessions()] == [sid]
    with pytest.raises(SessionUnreadable, match="players or table options"):
        repo.load(sid)
    repo.close()


SNAPSHOTS = {
    "no players": lambda data: {**data, "players": []},
    "finished": lambda data: {**data, "finished": True},
    "a counter past 64 bits": lambda data: {
        **data,
        "counters": [{**c, "value": 10**20} for c in data["counters"]],
    },
    "another turn": lambda data: {**data, "active": 1 - data["active"]},
}


@pytest.mark.parametrize("case", SNAPSHOTS)
def test_a_snapshot_the_log_does_not_bear_out_is_dropped(tmp_path, case):
    path = tmp_path / "hostile.db"
    sid = session(path, actions=503)  # a snapshot at 500, three actions after it
    con = sqlite3.connect(path)
    (data,) = con.execute("SELECT data FROM snapshot WHERE seq = 500").fetchone()
    con.close()
    spoil(path, "UPDATE snapshot SET data = ? WHERE seq = 500", json.dumps(SNAPSHOTS[case](json.loads(data))).encode())
    before = digest(path)
    repo = Repository.open(path)
    loaded = repo.load(sid)
    game = get_game("free")
    truth = game.setup(("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    for e in loaded.timeline.entries:
        truth = game.apply(truth, e.event)
    assert loaded.timeline.state == truth and not loaded.damage
    repo.close()
    assert digest(path) == before


def test_opening_a_session_never_writes(tmp_path):
    """A session far from its last snapshot is opened without writing one (the write lock
    may be held by another program); the snapshot is written with the next action."""
    path = tmp_path / "long.db"
    sid = session(path, actions=1200)
    spoil(path, "DELETE FROM snapshot")
    before = digest(path)
    repo = Repository.open(path)
    loaded = repo.load(sid)
    assert digest(path) == before
    tl = loaded.timeline
    after = tl.record(Adjust("HP", 0, -1))
    repo.record(sid, tl, after)
    repo.record(sid, after, after.record(Adjust("HP", 1, -1)))  # written once, not with every action
    repo.close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT seq FROM snapshot").fetchall() == [(1201,)]
    con.close()


PILOT_ROWS = {
    "a wrong type": ("UPDATE event SET payload = ? WHERE seq = 4", BAD_EVENTS["a wrong type"]),
    "an unknown kind": ("UPDATE event SET payload = ? WHERE seq = 4", BAD_EVENTS["an unknown kind"]),
    "not JSON": ("UPDATE event SET payload = ? WHERE seq = 4", BAD_EVENTS["not JSON"]),
}


@pytest.mark.parametrize("case", [*PILOT_ROWS, "a snapshot that disagrees"])
async def test_the_running_app_stays_up_names_the_action_and_writes_nothing(tmp_path, make_app, case):
    from textual.widgets import Static

    from tests.conftest import wait_for

    path = tmp_path / "hostile.db"
    if case in PILOT_ROWS:
        sid = session(path)
        spoil(path, *PILOT_ROWS[case])
    else:
        sid = session(path, actions=503)
        con = sqlite3.connect(path)
        (data,) = con.execute("SELECT data FROM snapshot WHERE seq = 500").fetchone()
        con.close()
        spoil(path, "UPDATE snapshot SET data = ?", json.dumps({**json.loads(data), "players": []}).encode())
    before = digest(path)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) is not None)
        screen = app.screen
        if case in PILOT_ROWS:
            assert f"Session {sid} (Hostile) cannot be read at action 4" in screen.damage
            banner = screen.query_one("#banner", Static)
            assert banner.display and "Read-only" in str(banner.render())
            await pilot.press("n", "ctrl+z")  # refused: the session is read-only
            await pilot.pause()
            assert "read-only" in str(screen.query_one("#status", Static).render())
            assert len(screen.timeline.entries) == 5
        else:
            assert not screen.damage and screen.timeline.cursor == 503
        assert app.is_running
    assert digest(path) == before


def test_a_session_row_edited_by_hand_is_listed_as_its_cells_say(tmp_path):
    """An empty title is listed as the session's number; the list calls a session finished only
    when its flag and its summary line both say so."""
    path = tmp_path / "c.db"
    sid = session(path, actions=1)
    spoil(path, "UPDATE session SET title = '', finished = 1, summary = 'round 1, Bob''s turn' WHERE id = ?", sid)
    listed = Repository.open(path).list_sessions()[0]
    assert (listed.title, listed.finished, listed.damage) == (f"(session {sid})", False, "")
    spoil(path, "UPDATE session SET finished = 0, summary = 'finished' WHERE id = ?", sid)
    assert Repository.open(path).info(sid).finished is False


def test_a_redo_onto_a_damaged_row_is_not_saved(tmp_path):
    """An undone action whose row no longer reads: redoing it is refused, naming the session and
    the action, and the file keeps its undo position."""
    path = tmp_path / "c.db"
    sid = session(path, actions=3)
    repo = Repository.open(path)
    tl = repo.load(sid).timeline
    repo.move(sid, tl, tl.undo())
    repo.close()
    spoil(path, "UPDATE event SET payload = '{not json' WHERE seq = 3")
    repo = Repository.open(path)
    tl = repo.load(sid).timeline
    with pytest.raises(SessionUnreadable, match=rf"^Not saved: session {sid} action 3 cannot be read: not JSON") as err:
        repo.move(sid, tl, tl.redo())
    assert (err.value.session_id, err.value.action) == (sid, 3)  # what the screen offers to salvage
    assert f"companion sessions export {sid} --salvage" in str(err.value)
    assert repo.info(sid).cursor == 2
    repo.close()
