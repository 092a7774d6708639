"""Snapshots are JSON read back into the game's own classes: nothing in a file is ever run."""

from __future__ import annotations

import os
import pickle
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import companion.store.reading as reading_module
import companion.store.sessions as sessions_module
from companion.games import all_games, get_game
from companion.store import snapshots
from companion.store.repo import Repository
from tests.conftest import examples, fixed_clock
from tests.fuzz.machine import machine_for
from tests.store.test_store import play

ROOTS = [Path(__file__).parents[2] / name for name in ("companion", "screens", "rulesdb")]


class Planted:
    """Unpickling this would create the file it names."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (open, (self.path, "w"))


def test_a_hostile_snapshot_row_is_never_run(db_path, tmp_path, monkeypatch):
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(repo, 9)
    repo.close()
    planted = tmp_path / "planted-by-the-snapshot"
    payload = pickle.dumps(Planted(str(planted)))
    con = sqlite3.connect(db_path)
    (version,) = con.execute("SELECT version FROM snapshot WHERE seq = 8").fetchone()
    # The worst case: the row claims the current version, and an old pickle-era one too.
    con.execute("UPDATE snapshot SET data = ? WHERE seq = 8", (payload,))
    con.execute("INSERT INTO snapshot (session_id, seq, version, data) VALUES (?, 9, 'free:1', ?)", (sid, payload))
    con.commit()
    con.close()
    assert version == snapshots.state_version(get_game("free"), tl.state)
    loaded = Repository.open(db_path).load(sid)
    assert loaded.timeline.state == tl.state
    assert not planted.exists()


def test_no_product_code_uses_pickle():
    sources = [p for root in ROOTS for p in root.rglob("*.py")]
    assert sources
    assert [str(p) for p in sources if "pickle" in p.read_text(encoding="utf-8")] == []


@dataclass(frozen=True)
class Inner:
    hp: int


@dataclass(frozen=True)
class Before:
    name: str
    inner: tuple[Inner, ...]


@dataclass(frozen=True)
class Renamed:
    name: str
    inner: tuple[Inner, ...]


@dataclass(frozen=True)
class Inner2:
    hp: str


@dataclass(frozen=True)
class Changed:
    name: str
    inner: tuple[Inner2, ...]


# Named as Before and Inner are, so only the type of Inner's field tells them apart.
Changed.__qualname__ = Before.__qualname__
Inner2.__qualname__ = Inner.__qualname__


def test_the_version_follows_the_state_classes():
    game = get_game("free")
    first = snapshots.state_version(game, Before("a", ()))
    assert snapshots.state_version(game, Before("b", (Inner(1),))) == first, "values do not matter"
    assert snapshots.state_version(game, Renamed("a", ())) != first
    assert snapshots.state_version(game, Changed("a", ())) != first, "a nested field's type changed"


def test_a_snapshot_of_the_wrong_shape_is_refused():
    data = snapshots.dump(Before("a", (Inner(3),)))
    assert snapshots.load(data, Before) == Before("a", (Inner(3),))
    for bad in (
        b'{"name": "a", "inner": [{"hp": true}]}',
        b'{"name": "a"}',
        b"[1, 2]",
        b'{"name": "a", "inner": [{"hp": 1, "extra": 2}]}',
        pickle.dumps(Before("a", ())),
    ):
        with pytest.raises(snapshots.ShapeError):
            snapshots.load(bad, Before)


@pytest.mark.parametrize(
    "game_id", [g.id for g in all_games() if os.path.exists(Path(__file__).parents[1] / "fuzz" / f"{g.id}_actions.py")]
)
def test_every_games_state_survives_a_snapshot(game_id, repo, monkeypatch):
    """Fuzzed play stored with a snapshot every 2 actions reloads to the live state, and the
    snapshots are really read (a failure to read one fails the test instead of replaying)."""
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 2)
    read = []

    real = reading_module._read_snapshot

    def strict(row, cls, entries):  # type: ignore[no-untyped-def]
        if row is None:
            return None
        read.append(row[0])
        found = real(row, cls, entries)
        assert found is not None, "a snapshot the store wrote did not read back (its shape or its digest)"
        return found

    monkeypatch.setattr(reading_module, "_read_snapshot", strict)
    machine = machine_for(game_id, store=repo)
    machine.TestCase.settings = settings(
        max_examples=examples(25),
        stateful_step_count=40,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()
    assert read, "no snapshot was read"
