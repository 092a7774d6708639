"""Odd places for a database: each refused with its own words, the file untouched, no
traceback, nothing created, and nothing that blocks (a named pipe would, if opened)."""

from __future__ import annotations

import hashlib
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import files
from companion.store.files import StoreError
from companion.store.repo import Repository

ROOT = Path(__file__).parents[2]


def companion(
    *args: str, limit: int | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    def cap() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=cap if limit else None,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def said(out: subprocess.CompletedProcess[str], words: str) -> str:
    assert out.returncode == 1, out
    assert "Traceback" not in out.stderr and words in out.stderr, out.stderr
    assert "damaged" not in out.stderr, out.stderr
    return out.stderr


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def good(tmp_path) -> Path:
    path = tmp_path / "good.db"
    Repository.open(path).close()
    return path


def test_an_empty_db_argument_is_refused_and_the_default_never_created(tmp_path):
    home = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data")}
    for args in (("--db", "", "sessions", "list"), ("sessions", "list", "--db", " "), ("--db", "", "view")):
        said(companion(*args, env=home), '--db "" names no file')
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [("sessions", "list"), ("view",), ("sessions", "export", "1")])
def test_a_named_pipe_is_refused_without_blocking(tmp_path, command):
    pipe = tmp_path / "pipe.db"
    os.mkfifo(pipe)
    said(companion("--db", str(pipe), *command), "is a named pipe")


def test_a_device_is_refused():
    said(companion("--db", os.devnull, "sessions", "list"), "is a device")


def test_a_folder_passed_to_view(tmp_path):
    said(companion("--db", str(tmp_path), "view"), "is a folder")
    said(companion("--db", str(tmp_path), "serve", "--port", "0"), "is a folder")


def test_a_full_disk_at_open_is_not_called_damage(good):
    before = digest(good)
    out = companion("--db", str(good), "sessions", "list", limit=4096)  # no -shm could be made
    assert out.returncode == 0 and "damage" not in out.stderr, "a read makes no file beside the database"
    assert digest(good) == before


def test_a_read_only_folder_with_a_writable_file(good, monkeypatch):
    """SQLite must create the -wal and -shm beside the file, so the folder decides."""
    before = digest(good)
    folder = good.parent
    if os.geteuid() == 0:  # root writes anywhere: make the folder read-only for this process
        real = os.access
        monkeypatch.setattr(
            files.os, "access", lambda p, mode: False if Path(p) == folder and mode == os.W_OK else real(p, mode)
        )
    else:
        folder.chmod(0o555)
    try:
        with pytest.raises(StoreError) as err:
            Repository.open(good)
    finally:
        folder.chmod(0o755)
    assert "the folder" in str(err.value) and "is read-only" in str(err.value) and "damaged" not in str(err.value)
    assert str(good) in str(err.value)
    assert digest(good) == before


def damaged_session(tmp_path: Path) -> tuple[Path, int]:
    """A session of 3,000 actions with one page of its log overwritten: the header and the
    schema are whole, so the file opens, and the damage shows only when the log is read."""
    import sqlite3

    from companion.games import get_game
    from companion.games.free import Adjust

    path = tmp_path / "damaged.db"
    repo = Repository.open(path)
    loaded = repo.create(get_game("free"), "Long night", ("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    tl = loaded.timeline
    for i in range(3000):
        after = tl.record(Adjust("HP", i % 2, -1))
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()
    con = sqlite3.connect(path)
    con.execute("DELETE FROM snapshot")  # so the whole log must be read
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = [r[0] for r in con.execute("SELECT pageno FROM dbstat WHERE name = 'event' AND pagetype = 'leaf'")]
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    page = pages[len(pages) // 2]
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * size)
    return path, loaded.info.id


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """`damaged_session`'s file, built once for the module."""
    return damaged_session(tmp_path_factory.mktemp("damaged"))


def copied(built: tuple[Path, int], tmp_path: Path) -> tuple[Path, int]:
    """The damaged file copied into `tmp_path`: each test reads (and digests) its own copy."""
    import shutil

    source, sid = built
    path = tmp_path / source.name
    for suffix in ("", "-wal", "-shm"):
        if (sidecar := source.with_name(source.name + suffix)).exists():
            shutil.copyfile(sidecar, path.with_name(path.name + suffix))
    return path, sid


def test_a_damaged_page_found_when_a_session_is_opened(tmp_path, damaged):
    path, sid = copied(damaged, tmp_path)
    before = digest(path)
    listed = companion("--db", str(path), "sessions", "list")
    assert listed.returncode == 0 and "Long night" in listed.stdout, listed.stderr
    out = companion("--db", str(path), "sessions", "export", str(sid))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "cannot be read whole" in out.stderr and "--salvage" in out.stderr
    target = tmp_path / "saved.json"
    out = companion("--db", str(path), "sessions", "export", str(sid), "--salvage", "-o", str(target))
    assert out.returncode == 0, out.stderr
    import json

    saved = json.loads(target.read_text())
    # Past the damaged page: only the rows on it are lost (one page held 1,720 before).
    assert 2_900 < len(saved["events"]) < 3000 and "could not be read" in out.stderr
    assert digest(path) == before


async def test_the_app_says_a_session_is_damaged_and_exports_what_it_can(tmp_path, make_app, damaged):
    from textual.widgets import Input

    from tests.conftest import wait_for

    path, _ = copied(damaged, tmp_path)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        notes: list[str] = []
        app.notify = lambda message, **kw: notes.append(message)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("cannot be read whole" in n for n in notes))
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        app.screen.notify = app.notify
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportModal")
        app.screen.query_one(Input).value = str(tmp_path / "saved.md")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(n.startswith("Exported to") for n in notes))
    assert "could not be read" in next(n for n in notes if n.startswith("Exported to"))
    assert "# Long night" in (tmp_path / "saved.md").read_text()


def test_the_view_of_a_file_not_yet_upgraded_says_so(tmp_path):
    import shutil

    old = tmp_path / "old.db"
    shutil.copy(Path(__file__).with_name("fixtures") / "companion-v3.db", old)
    before = digest(old)
    reader = Repository.reader(old)
    with pytest.raises(StoreError, match="older Companion"):
        reader.list_sessions()
    reader.close()
    assert digest(old) == before
