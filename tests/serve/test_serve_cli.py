"""`companion serve` and `companion view` refuse bad input before anything is served."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion import serve
from companion.cli import main
from companion.games import get_game
from companion.table_server import TableServer

NOT_SQLITE = b"shopping list: milk, dice\n" * 40


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def session(repo) -> int:
    return repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {}).info.id


@pytest.fixture
def served(monkeypatch) -> list[tuple[str, int | None]]:
    """In-process runs: what would have been served, instead of serving it."""
    calls: list[tuple[str, int | None]] = []
    monkeypatch.setattr(TableServer, "serve", lambda self, started=None: calls.append((self.host, self.table)))
    return calls


def refused(out: subprocess.CompletedProcess[str], words: str) -> None:
    assert out.returncode == 1, out
    assert words in out.stderr, out.stderr
    assert "Serving" not in out.stdout and "table view (" not in out.stdout, "nothing was served"


# -- the three the issue names, as a player runs them -------------------------------------------


def test_unknown_session(session, db_path):
    refused(run("serve", "--table", "42", "--port", str(free_port()), "--db", str(db_path)), "no session 42")


def test_port_in_use(session, db_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        refused(
            run("serve", "--table", str(session), "--port", str(port), "--db", str(db_path)),
            f"port {port} on 127.0.0.1 is already in use",
        )


def test_database_that_cannot_be_opened(tmp_path: Path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(NOT_SQLITE)
    refused(run("serve", "--port", str(free_port()), "--db", str(bad)), f"{bad} is not an SQLite database")
    assert bad.read_bytes() == NOT_SQLITE, "the file is left untouched"


# -- more bad input, in process -----------------------------------------------------------------


def test_more_bad_input(session, db_path, tmp_path, served, capsys):
    assert main(["view", "42", "--db", str(db_path)]) == 1
    assert "no session 42" in capsys.readouterr().err
    assert main(["serve", "--port", "70000", "--db", str(db_path)]) == 1
    assert "between 1 and 65535" in capsys.readouterr().err
    assert main(["serve", "--max-viewers", "0", "--db", str(db_path)]) == 1
    assert "--max-viewers 0: choose 1 to 1000" in capsys.readouterr().err
    assert main(["serve", "--host", "no-such-host.invalid", "--db", str(db_path)]) == 1
    assert "--host no-such-host.invalid" in capsys.readouterr().err
    missing = tmp_path / "missing.db"
    assert main(["serve", "--db", str(missing)]) == 1
    assert "does not exist" in capsys.readouterr().err and not missing.exists()
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 84)
    assert main(["serve", "--db", str(damaged)]) == 1
    assert "damaged" in capsys.readouterr().err
    assert served == []


def test_loopback_and_the_warning(session, db_path, served, capsys):
    assert serve.is_loopback("127.0.0.1") and serve.is_loopback("localhost") and serve.is_loopback("::1")
    assert not serve.is_loopback("0.0.0.0") and not serve.is_loopback("192.0.2.7")
    assert serve.serve_command(str(db_path), "0.0.0.0", free_port(), session) == 0
    said = capsys.readouterr()
    assert "not a loopback address" in said.err and "/?token=" in said.out
    assert served == [("0.0.0.0", session)]
    assert serve.serve_command(str(db_path), "127.0.0.1", free_port(), None) == 0
    said = capsys.readouterr()
    assert "not a loopback address" not in said.err and "token" not in said.out
    assert served[1] == ("127.0.0.1", None) and "the session played last" in said.out


def test_serve_does_not_import_textual():
    code = (
        "import sys, companion.serve, companion.table_server; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'screens', 'textual_serve')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
