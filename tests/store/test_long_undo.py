"""A long session: reopening folds from a snapshot before the cursor (the first undo folds
nothing), a long undo folds from the nearest snapshot rather than from the start, and one
action applies its event once and computes the table view once."""

from __future__ import annotations

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.repo import Repository
from tests.store.test_hostile_rows import session


class Counting:
    """The free-play game with its apply and view calls counted."""

    def __init__(self, monkeypatch) -> None:
        self.calls = {"apply": 0, "view": 0}
        game = get_game("free")
        for name in self.calls:
            real = getattr(game, name)

            def call(*args, _real=real, _name=name):
                self.calls[_name] += 1
                return _real(*args)

            monkeypatch.setattr(game, name, call)


def test_the_first_undo_and_a_long_one_fold_little(tmp_path, monkeypatch):
    path = tmp_path / "long.db"
    sid = session(path, actions=1500)  # snapshots at 500, 1000 and 1500
    repo = Repository.open(path)
    counting = Counting(monkeypatch)
    tl = repo.load(sid).timeline
    assert counting.calls["apply"] == 500  # from the snapshot at 1000: the state one step back is known
    counting.calls["apply"] = 0
    tl.state_at(1499)
    assert counting.calls["apply"] == 0
    tl.state_at(600)  # far back: from the snapshot at 500, not from the start
    assert counting.calls["apply"] == 100
    repo.close()


def test_one_action_applies_once_and_views_once(tmp_path, monkeypatch):
    path = tmp_path / "short.db"
    sid = session(path, actions=3)
    repo = Repository.open(path)
    tl = repo.load(sid).timeline
    tl.view_of()  # the screen has painted the state the action starts from
    counting = Counting(monkeypatch)
    after = tl.record(Adjust("HP", 0, -2))
    repo.record(sid, tl, after)
    after.view_of()  # the repaint
    assert counting.calls == {"apply": 1, "view": 1}
    repo.close()


def test_a_long_undo_folds_from_its_own_sessions_snapshot_only(tmp_path, monkeypatch):
    """Another session's snapshot nearer the position is never taken (nor its digest's refusal
    paid for with a fold from the start): the fold starts at this session's own."""
    import companion.store.sessions as sessions_module

    path = tmp_path / "two.db"
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 100)
    mine = session(path, actions=300)  # snapshots at 100, 200 and 300
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 150)
    repo = Repository.open(path)
    other = repo.create(get_game("free"), "Other", ("Cy", "Di"), {"counters": "HP=5000 0..10000"})
    tl = other.timeline
    for i in range(160):  # its snapshot at 150, of another log
        after = tl.record(Adjust("HP", i % 2, 1))
        repo.record(other.info.id, tl, after)
        tl = after
    counting = Counting(monkeypatch)
    tl = repo.load(mine).timeline
    counting.calls["apply"] = 0
    state = tl.state_at(190)  # far before the state the load kept (200): from its snapshot at 100
    assert counting.calls["apply"] == 90
    assert state == tl.state_at(190)
    assert all("4905" in " ".join(row.cells) for row in tl.view_of(190).rows)  # 95 of -1 each
    repo.close()
