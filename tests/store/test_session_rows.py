"""A session row edited by hand or written by a newer Companion is still listed, as its cells
say: each cell that does not read is named by its table, row and column, why, and the value
(every one of them, in the row's order), and a readable row is listed whole with no damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store.files import SessionUnreadable
from companion.store.repo import Repository
from tests.conftest import fixed_clock
from tests.store.played import finished, record
from tests.store.test_hostile_rows import session, spoil


def listed_and_shown(path: Path, sid: int) -> tuple[str, str]:
    """The damage the sessions list names for `sid`, and what opening that session's row says."""
    repo = Repository.open(path)
    try:
        (listed,) = repo.list_sessions()
        return listed.damage, repo.info(sid).damage
    finally:
        repo.close()


def test_a_game_this_companion_does_not_know_is_named_in_the_list(tmp_path):
    path = tmp_path / "c.db"
    sid = session(path, actions=1)
    spoil(path, "UPDATE session SET game = 'chess' WHERE id = ?", sid)
    said = f"session row {sid}, column game: a game this Companion does not know ('chess')"
    assert listed_and_shown(path, sid) == (said, said)


def test_every_bad_cell_of_a_row_is_named_once_in_order(tmp_path):
    """A game cell that is not text is named as such (not also as a game it does not know), and
    so is each other bad cell of the row, one after the other."""
    path = tmp_path / "c.db"
    sid = session(path, actions=1)
    spoil(path, "UPDATE session SET game = x'00ff', cursor = 'two' WHERE id = ?", sid)
    said = (
        f"session row {sid}, column game: not text (2 bytes, b'\\x00\\xff'); "
        f"session row {sid}, column cursor: not a whole number from 0 ('two')"
    )
    assert listed_and_shown(path, sid) == (said, said)
    repo = Repository.open(path)
    (listed,) = repo.list_sessions()
    repo.close()
    assert (listed.id, listed.game, listed.cursor, listed.players) == (sid, "?", 0, ("Ann", "Bob"))


def test_a_readable_row_is_listed_whole(tmp_path):
    path = tmp_path / "c.db"
    sid = session(path, actions=2)
    repo = Repository.open(path)
    (listed,) = repo.list_sessions()
    shown = repo.info(sid)
    repo.close()
    assert listed == shown
    assert (listed.id, listed.game, listed.title, listed.players, listed.cursor, listed.damage) == (
        sid,
        "free",
        "Hostile",
        ("Ann", "Bob"),
        2,
        "",
    )
    assert (listed.options, listed.summary, listed.finished, listed.version) == (
        {"counters": "HP=5000 0..10000"},
        "round 1, Ann's turn",
        False,
        2,
    )
    assert "" < listed.created <= listed.updated


@pytest.mark.parametrize("game_id", ["free", "tkc"])
def test_a_finished_game_without_a_shared_result_is_listed_as_finished(tmp_path, game_id):
    """Won or lost is said only of a cooperative game; a competitive one's winners are in its
    statistics."""
    repo = Repository.open(tmp_path / "c.db", clock=fixed_clock)
    sid = record(repo, game_id, finished(game_id))
    (listed,) = repo.list_sessions()
    repo.close()
    assert (listed.id, listed.summary, listed.finished) == (sid, "finished", True)


def test_options_the_game_refuses_are_named_with_its_reason(tmp_path):
    path = tmp_path / "c.db"
    sid = session(path, actions=1)
    spoil(path, """UPDATE session SET options = '{"counters": 5}' WHERE id = ?""", sid)
    repo = Repository.open(path)
    with pytest.raises(SessionUnreadable) as refused:
        repo.load_readable(sid)
    repo.close()
    assert str(refused.value) == (
        f"Session {sid} cannot be opened: its players or table options do not read "
        "(“5” is not a counter; write it like HP=20 0..40 or score.)."
    )


def test_a_session_with_a_bad_cell_opens_read_only_with_every_action(tmp_path):
    """A session row with a cell that does not read (its last change's time) opens read-only,
    naming the cell, with every action of its log: nothing is said lost."""
    path = tmp_path / "c.db"
    sid = session(path, actions=3)
    spoil(path, "UPDATE session SET updated = 'yesterday' WHERE id = ?", sid)
    repo = Repository.open(path)
    loaded = repo.load_readable(sid)
    salvaged = repo.salvage(sid)
    repo.close()
    assert (salvaged[0].damage, salvaged[1]) == (
        f"session row {sid}, column updated: not a date and time ('yesterday').",
        0,
    )
    assert loaded.damage == (
        f"Session {sid} cannot be read whole: session row {sid}, column updated: not a date and time "
        f"('yesterday'). It opens read-only as far as it reads; export that with `companion sessions "
        f"export {sid} --salvage -o FILE` (or e on the home screen)."
    )
    assert (len(loaded.timeline.entries), loaded.timeline.cursor) == (3, 3)
