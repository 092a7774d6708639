"""A snapshot is checked before it is believed: one of the right shape but the wrong values, or
standing for another log, is ignored and the log replayed; an intact one is used as it is, with
no replay; one from before digests still opens."""

from __future__ import annotations

import json
import sqlite3

import companion.store.sessions as sessions_module
from companion.store.repo import Repository
from companion.timeline import Timeline
from tests.conftest import fixed_clock
from tests.store.test_store import play


def hp(loaded) -> dict:
    return {(c.owner, c.name): c.value for c in loaded.timeline.state.counters}


def saved(db_path, monkeypatch) -> tuple[int, dict]:
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    sid, _ = play(repo, 9)
    truth = hp(repo.load(sid))
    repo.close()
    return sid, truth


def edit(db_path, sql: str, *args) -> None:
    con = sqlite3.connect(db_path)
    con.execute(sql, args)
    con.commit()
    con.close()


def test_a_snapshot_of_the_right_shape_but_wrong_values_is_not_believed(db_path, monkeypatch):
    sid, truth = saved(db_path, monkeypatch)
    con = sqlite3.connect(db_path)
    (data,) = con.execute("SELECT data FROM snapshot WHERE seq = 8").fetchone()
    con.close()
    state = json.loads(data)
    for counter in state["counters"]:
        counter["value"] = 1098  # the shape the classes read, values the log never made
    edit(db_path, "UPDATE snapshot SET data = ? WHERE seq = 8", json.dumps(state).encode())
    loaded = Repository.open(db_path).load(sid)
    assert hp(loaded) == truth and 1098 not in hp(loaded).values()


def test_a_snapshot_of_another_log_is_not_believed(db_path, monkeypatch):
    sid, truth = saved(db_path, monkeypatch)
    edit(db_path, "UPDATE event SET text = 'another log' WHERE seq = 2")
    assert hp(Repository.open(db_path).load(sid)) == truth


def test_an_intact_snapshot_is_used_with_no_replay(db_path, monkeypatch):
    sid, truth = saved(db_path, monkeypatch)
    folded: list[int] = []
    real = Timeline.state_at

    def counting(self, position):  # type: ignore[no-untyped-def]
        if position not in self.known:
            folded.append(position)
        return real(self, position)

    monkeypatch.setattr(Timeline, "state_at", counting)
    loaded = Repository.open(db_path).load(sid)
    assert hp(loaded) == truth and folded == [9], "folded from the snapshot at 8 only"


def test_a_snapshot_from_before_digests_still_opens_and_is_rewritten(db_path, monkeypatch):
    sid, truth = saved(db_path, monkeypatch)
    edit(db_path, "UPDATE snapshot SET digest = ''")
    repo = Repository.open(db_path)
    loaded = repo.load(sid)
    assert hp(loaded) == truth and sid in repo._snapshot_due


def folds(monkeypatch) -> list[int]:
    """The positions folded from the log from now on (a state not already known)."""
    folded: list[int] = []
    real = Timeline.state_at

    def counting(self, position):  # type: ignore[no-untyped-def]
        if position not in self.known:
            folded.append(position)
        return real(self, position)

    monkeypatch.setattr(Timeline, "state_at", counting)
    return folded


def test_an_intact_snapshot_from_before_digests_is_used_with_no_replay(db_path, monkeypatch):
    sid, truth = saved(db_path, monkeypatch)
    edit(db_path, "UPDATE snapshot SET digest = ''")
    folded = folds(monkeypatch)
    assert hp(Repository.open(db_path).load(sid)) == truth and folded == [9], "its turn and summary agree"


def undigested(db_path, monkeypatch, **change) -> tuple[int, object]:
    """The session's true state, and its snapshot at 8 rewritten with no digest and `change`."""
    sid, _ = saved(db_path, monkeypatch)
    truth = Repository.open(db_path).load(sid).timeline.state
    con = sqlite3.connect(db_path)
    (data,) = con.execute("SELECT data FROM snapshot WHERE seq = 8").fetchone()
    con.close()
    edit(db_path, "UPDATE snapshot SET digest = '', data = ? WHERE seq = 8", json.dumps(json.loads(data) | change))
    return sid, truth


def test_a_snapshot_from_before_digests_in_another_turn_is_not_believed(db_path, monkeypatch):
    sid, truth = undigested(db_path, monkeypatch, active=1)  # action 9 was recorded in Ann's turn, not Bob's
    assert Repository.open(db_path).load(sid).timeline.state == truth


def test_a_snapshot_from_before_digests_leading_to_another_summary_is_not_believed(db_path, monkeypatch):
    sid, truth = undigested(db_path, monkeypatch, end_round=1)  # its next turn would end the game
    assert Repository.open(db_path).load(sid).timeline.state == truth
