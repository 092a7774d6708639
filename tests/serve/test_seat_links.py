"""`companion serve --table ID --seats` prints one link per player after the display's, each with
its own token; a LAN address given with --host is the one the links carry."""

from __future__ import annotations

import re
import socket

import pytest

from companion.cli import main
from companion.games import get_game
from companion.table_server import TableServer
from tests.serve.test_serve_cli import free_port


@pytest.fixture
def session(repo) -> int:
    return repo.create(get_game("free"), "Friday", ("Ann", "雪菜", "Cleo"), {}).info.id


@pytest.fixture
def served(monkeypatch) -> list[TableServer]:
    """In-process runs: the server that would have served, instead of serving."""
    calls: list[TableServer] = []
    monkeypatch.setattr(TableServer, "serve", lambda self, started=None: calls.append(self))
    return calls


def lan_address() -> str | None:
    """An address of this machine a phone on its network could reach, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
        except OSError:
            return None
        address = s.getsockname()[0]
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_one_line_per_seat_after_the_displays_each_with_its_own_token(session, db_path, served, capsys):
    port = free_port()
    assert main(["serve", "--table", str(session), "--seats", "--port", str(port), "--db", str(db_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Companion table display (session")
    links = [re.fullmatch(r"(.+): (http://127\.0\.0\.1:\d+/seat\?token=([\w-]{32}))", line) for line in lines[2:]]
    assert [m[1] for m in links if m] == ["Ann", "雪菜", "Cleo"], lines
    assert len({m[3] for m in links if m}) == 3, "each seat its own token"
    assert [name for name, _ in served[0].seat_links()] == ["Ann", "雪菜", "Cleo"]


def test_seats_need_a_table_and_trusting_every_seat_needs_seats(session, db_path, served, capsys):
    assert main(["serve", "--seats", "--port", str(free_port()), "--db", str(db_path)]) == 1
    assert "--seats needs --table" in capsys.readouterr().err
    assert main(["serve", "--all-seats-record", "--port", str(free_port()), "--db", str(db_path)]) == 1
    assert "--all-seats-record goes with --seats" in capsys.readouterr().err
    assert served == []


def test_a_lan_address_is_the_one_the_links_carry(session, db_path, served, capsys):
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback")
    port = free_port()
    args = ["serve", "--table", str(session), "--seats", "--host", address, "--port", str(port), "--db", str(db_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"http://{address}:{port}/?token=" in out, "beyond loopback the display needs its token too"
    assert out.count(f"http://{address}:{port}/seat?token=") == 3


def test_qr_prints_each_seats_code_under_its_link(session, db_path, served, capsys):
    from companion import qr

    args = ["serve", "--table", str(session), "--seats", "--qr", "--port", str(free_port()), "--db", str(db_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    for name, link in served[0].seat_links():
        assert f"{name}: {link}\n" + "\n".join(qr.lines(link)) in out
    assert main(["serve", "--qr", "--port", str(free_port()), "--db", str(db_path)]) == 1
    assert "--qr goes with --seats" in capsys.readouterr().err
