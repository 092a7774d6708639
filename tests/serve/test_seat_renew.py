"""Renewing the seats' links from the table's screen, with `companion serve --seats` in a process
of its own on a real file: the renew goes through the repository as the screen does it, the old
link is refused (403) from the next request on and the new one opens the seat. The server keeps
its record in the file while it listens and deletes it when it stops; a second server for the
same seats is refused while the first runs."""

from __future__ import annotations

import signal
import subprocess
import sys

from companion import seat_links
from companion.store.repo import Repository
from tests.serve.seating import Phone
from tests.serve.test_seat_links import free_port
from tests.serve.test_seat_process import launch


async def test_a_renewed_link_is_refused_and_the_new_one_works(db_path, free_table, tmp_path):
    server, base, printed = launch(db_path, free_table, tmp_path / "serve.log")
    terminal = Repository.open(db_path)
    old = Phone(base, printed["Ann"])
    try:
        shown = seat_links.links_now(terminal, free_table)
        assert dict(shown.links) == printed, "the screen shows the links the server printed"
        assert await old.open() == 200
        _, answer = await old.post(do="open", key="±")
        assert answer["me"]["question"] is not None, "Ann's page asks which counter"
        renewed = seat_links.renew(terminal, free_table)
        assert [name for name, _ in renewed.links] == ["Ann", "雪菜", "Cleo"]
        assert not set(dict(renewed.links).values()) & set(printed.values())
        status, _ = await old.post(do="open", key="±")
        assert status == 403, "the page opened with the old link is shut out at once"
        async with old.http.get(printed["Ann"], allow_redirects=False) as response:
            assert response.status == 403, "and the old link itself opens nothing"
        new = Phone(base, dict(renewed.links)["Ann"])
        try:
            assert await new.open() == 200
            assert new.me["name"] == "Ann" and new.me["question"] is None, "the open question went with the old link"
            assert await new.press("±", "Ann HP", "-3") == ""
        finally:
            await new.close()
    finally:
        await old.close()
        server.send_signal(signal.SIGTERM)
        server.wait(10)
    assert terminal.serving(free_table) is None, "a clean stop deletes its record"
    assert seat_links.links_now(terminal, free_table).said.startswith("No seat links")
    terminal.close()


def test_a_second_server_for_the_same_seats_is_refused_while_the_first_runs(db_path, free_table, tmp_path):
    server, _, printed = launch(db_path, free_table, tmp_path / "serve.log")
    try:
        args = ["serve", "--db", str(db_path), "--table", str(free_table), "--seats", "--port", str(free_port())]
        second = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        assert f"session {free_table}'s seats are already served (process {server.pid}" in second.stderr
        assert second.stdout == "", "no link of its own printed"
        repo = Repository.reader(db_path)
        assert dict(seat_links.links_now(repo, free_table).links) == printed, "the first's links stand"
        repo.close()
    finally:
        server.kill()
        server.wait(10)
    repo = Repository.reader(db_path)
    assert repo.serving(free_table) is not None, "killed: its record stays in the file"
    assert seat_links.links_now(repo, free_table).said.startswith("No seat links"), "but reads as stopped"
    repo.close()
    again, _, links = launch(db_path, free_table, tmp_path / "again.log")
    try:
        repo = Repository.reader(db_path)
        assert dict(seat_links.links_now(repo, free_table).links) == links != printed, "a new server takes its place"
        repo.close()
    finally:
        again.terminate()
        again.wait(10)


async def test_no_token_reaches_an_export_the_statistics_the_display_or_another_seat(
    db_path, free_table, tmp_path, capsys
):
    from companion.cli import main
    from companion.formats import FORMAT_NAMES

    server, base, printed = launch(db_path, free_table, tmp_path / "serve.log")
    tokens = {name: link.rpartition("=")[2] for name, link in printed.items()}
    pages = {name: Phone(base, link) for name, link in printed.items()}
    viewer = Phone(base, None)
    try:
        for phone in pages.values():
            assert await phone.open() == 200
        assert await pages["Ann"].press("±", "Ann HP", "-3") == ""
        for phone in pages.values():
            await phone.refresh()
        async with viewer.http.get(base + "/") as response:
            viewer.heard += await response.read()
        async with viewer.http.get(base + "/events") as response:
            viewer.heard += await response.content.readuntil(b"\n\n")
        assert b"HP" in viewer.heard, "the display page shows the table"
        said = []
        db = ["--db", str(db_path)]
        for argv in (["sessions", "list", "--json"], ["stats"], ["stats", "--json"]):
            assert main([*argv, *db]) == 0
            said.append(capsys.readouterr().out)
        for fmt in FORMAT_NAMES:
            out = tmp_path / f"export.{fmt}"
            if main(["sessions", "export", str(free_table), "--format", fmt, "-o", str(out), *db]) == 0:
                said.append(out.read_text(errors="replace"))  # (BG Stats takes a finished game only)
        assert len(said) >= 5, "the JSON and Markdown exports at least"
        for token in tokens.values():
            assert token.encode() not in viewer.heard
            assert not any(token in text for text in said)
        for name, phone in pages.items():
            others = [t for n, t in tokens.items() if n != name]
            assert not any(t.encode() in phone.heard for t in others), f"{name}'s page carries another seat's token"
    finally:
        for phone in (*pages.values(), viewer):
            await phone.close()
        server.terminate()
        server.wait(10)
