"""A damaged page in a session's log: the session opens read-only as far as it reads, the
actions on the page are skipped and named, the rest are folded on (each still checked by the
rules), the undo position keeps its place among the actions left, and the file is never written."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.files import FileDamaged
from companion.store.repo import Repository
from tests.store.test_hostile_rows import session, spoil

ACTIONS, UNDONE = 300, 5


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int], list[tuple[object, ...]]]:
    """A session of 300 actions (the last 5 undone) with one leaf page of its log overwritten,
    the seq numbers that page held, and each action's log words as recorded."""
    path = tmp_path_factory.mktemp("salvage") / "damaged.db"
    repo = Repository.open(path)
    loaded = repo.create(get_game("free"), "Long night", ("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    tl = loaded.timeline
    for i in range(ACTIONS):
        after = tl.record(Adjust("HP", i % 2, -1 - i % 3))
        repo.record(loaded.info.id, tl, after)
        tl = after
    for _ in range(UNDONE):
        after = tl.undo()
        repo.move(loaded.info.id, tl, after)
        tl = after
    repo.close()
    words = [(e.turn, e.text, e.dropped, e.joined) for e in tl.entries]
    con = sqlite3.connect(path)
    con.execute("DELETE FROM snapshot")  # so the whole log must be read
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    # The log's leaf pages in the table's order: the fifth holds the rows after the first four's.
    leaves = list(
        con.execute("SELECT pageno, ncell FROM dbstat WHERE name = 'event' AND pagetype = 'leaf' ORDER BY path")
    )
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    page, held = leaves[4][0], sum(n for _, n in leaves[:4])
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * size)
    return path, list(range(held + 1, held + leaves[4][1] + 1)), words


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_damaged_page_loses_only_its_actions(built, tmp_path):
    source, lost, words = built
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    before = digest(path)
    repo = Repository.open(path)
    with pytest.raises(FileDamaged) as refused:
        repo.load(1)
    loaded = repo.load_readable(1)
    salvaged, count = repo.salvage(1)
    repo.close()
    assert digest(path) == before
    first, last = lost[0], lost[-1]
    assert first > 1 and last < ACTIONS - UNDONE  # the page lies inside the actions still in play
    said = str(refused.value)
    assert said.startswith(f"Session 1 cannot be read whole: {path} is damaged: ")
    assert said.endswith("export that with `companion sessions export 1 --salvage -o FILE` (or e on the home screen).")
    assert loaded.damage == f"{said} Actions {first}–{last} could not be read; the table shown skips them."
    assert salvaged.damage == f"Actions {first}–{last} could not be read; the table shown skips them."
    assert count == len(lost)
    timeline = loaded.timeline
    assert len(timeline.entries) == ACTIONS - len(lost)
    assert timeline.cursor == ACTIONS - UNDONE - len(lost)
    kept = [i for i in range(ACTIONS) if i + 1 not in lost]
    hp = [5000, 5000]
    for i in kept[: timeline.cursor]:
        hp[i % 2] += -1 - i % 3
    assert [c.value for c in timeline.state.counters if c.name == "HP"] == hp
    assert [(e.turn, e.text, e.dropped, e.joined) for e in timeline.entries] == [words[i] for i in kept]
    first_hp = [c.value for c in timeline.state_at(1).counters if c.name == "HP"]
    assert first_hp == [4999, 5000]  # the first action's state: one step after the start


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ((4,), "Action 4 could not be read; the table shown skips it."),
        ((3, 4, 5, 9), "Actions 3–5, 9 could not be read; the table shown skips them."),
        ((2, 4, 6, 8, 10, 12), "Actions 2, 4, 6, 8, 10, 12 could not be read; the table shown skips them."),
        (
            (2, 4, 6, 8, 10, 12, 14),
            "Actions 2, 4, 6, 8, 10, 12 and 1 more run could not be read; the table shown skips them.",
        ),
        (
            (1, 3, 5, 7, 9, 11, 13, 14, 15, 18),
            "Actions 1, 3, 5, 7, 9, 11 and 2 more runs could not be read; the table shown skips them.",
        ),
    ],
)
def test_the_actions_skipped_are_named_in_runs(tmp_path, bad, said):
    """Actions whose rows do not read: the session opens without them, naming them in runs."""
    path = tmp_path / "c.db"
    sid = session(path, actions=20)
    loaded = opened_after(
        path, sid, f"UPDATE event SET payload = '{{not json' WHERE seq IN ({', '.join(map(str, bad))})"
    )
    first = min(bad)
    assert loaded.damage.startswith(f"Session {sid} (Hostile) cannot be read at action {first}: ")
    assert loaded.damage.endswith(f" {said}")
    assert (len(loaded.timeline.entries), loaded.timeline.cursor) == (20 - len(bad), 20 - len(bad))


def test_a_damaged_index_still_says_how_many_actions_are_lost(tmp_path):
    """With the log's (session, seq) index unreadable, the actions up to the undo position are
    each looked for, and the ones not found named: the player learns how much is gone."""
    path = tmp_path / "c.db"
    sid = session(path, actions=100)
    spoil(path, "UPDATE session SET cursor = 97")  # the last three undone
    con = sqlite3.connect(path)
    (page,) = con.execute("SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_event_1'").fetchone()
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * size)
    before = digest(path)
    repo = Repository.open(path)
    loaded = repo.load_readable(sid)
    repo.close()
    assert digest(path) == before
    assert loaded.damage.endswith(" Actions 1–97 could not be read; the table shown skips them.")
    assert (loaded.timeline.entries, loaded.timeline.cursor) == ((), 0)


def test_a_damaged_session_opens_while_another_program_saves(tmp_path):
    """Salvage only reads: another program saving (holding the write lock) never stops the app
    from opening a damaged session."""
    path = tmp_path / "c.db"
    sid = session(path, actions=6)
    spoil(path, "UPDATE event SET payload = '{not json' WHERE seq = 2")
    repo = Repository.open(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        loaded = repo.load_readable(sid)
    finally:
        repo.close()
        holder.execute("ROLLBACK")
        holder.close()
    assert loaded.damage.endswith(" Action 2 could not be read; the table shown skips it.")
    assert len(loaded.timeline.entries) == 5


@pytest.mark.parametrize("cell", ["turn = x'00ff'", "text = x'00ff'", "dropped = 'x'", "joined = 2"])
def test_an_action_whose_log_words_do_not_read_is_skipped(tmp_path, cell):
    path = tmp_path / "c.db"
    sid = session(path, actions=6)
    loaded = opened_after(path, sid, f"UPDATE event SET {cell} WHERE seq = 2")
    assert loaded.damage.endswith(" Action 2 could not be read; the table shown skips it.")
    assert len(loaded.timeline.entries) == 5


def test_salvage_keeps_what_each_action_dropped_and_joined(tmp_path):
    """An action recorded after two undone ones (it dropped them) and a typed line of two joined
    actions read back as recorded when a later action is skipped."""
    path = tmp_path / "c.db"
    repo = Repository.open(path)
    loaded = repo.create(get_game("free"), "Hostile", ("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    sid, tl = loaded.info.id, loaded.timeline
    steps = [lambda t: t.record(Adjust("HP", 0, -1))] * 3 + [lambda t: t.undo()] * 2
    steps += [
        lambda t: t.record(Adjust("HP", 1, -2)),
        lambda t: t.record_all([Adjust("HP", 0, -3), Adjust("HP", 1, -4)]),
    ]
    steps += [lambda t: t.record(Adjust("HP", 0, -5))]
    for step in steps:
        after = step(tl)
        (repo.move if len(after.entries) == len(tl.entries) else repo.record)(sid, tl, after)
        tl = after
    repo.close()
    words = [(e.turn, e.text, e.dropped, e.joined) for e in tl.entries]
    assert [w[2:] for w in words] == [(0, False), (2, False), (0, False), (0, True), (0, False)]
    spoil(path, "UPDATE event SET payload = '{not json' WHERE seq = 5")
    repo = Repository.open(path)
    salvaged = repo.load_readable(sid).timeline
    repo.close()
    assert [(e.turn, e.text, e.dropped, e.joined) for e in salvaged.entries] == words[:4]
    assert [c.value for c in salvaged.state_at(0).counters] == [5000, 5000]


def opened_after(path, sid, sql):  # type: ignore[no-untyped-def]
    """The session as a player opens it after `sql` spoiled its rows."""
    spoil(path, sql)
    repo = Repository.open(path)
    try:
        return repo.load_readable(sid)
    finally:
        repo.close()
