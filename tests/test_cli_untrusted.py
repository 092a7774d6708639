"""The command line with hostile input: names with controls, giant dice expressions, `| head`."""

from __future__ import annotations

import subprocess
import sys

from companion.games import get_game

HOSTILE = ("x[/]", "\x1b[31mRed\x1b[0m")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_sessions_list_and_export_never_send_control_characters(repo, db_path):
    session = repo.create(get_game("free"), "\x1b]0;pwned\x07 night", HOSTILE, {}).info.id
    listed = run("--db", str(db_path), "sessions", "list")
    assert listed.returncode == 0, listed.stderr
    assert "\\x1b]0;pwned\\x07 night" in listed.stdout and "x[/], \\x1b[31mRed\\x1b[0m" in listed.stdout
    exported = run("--db", str(db_path), "sessions", "export", str(session), "--format", "md")
    assert exported.returncode == 0, exported.stderr
    assert "\\x1b[31mRed" in exported.stdout
    for out in (listed.stdout, exported.stdout):
        assert not any(c < " " and c != "\n" for c in out), "no control character but line breaks"


def test_a_giant_dice_expression_is_refused_in_one_line():
    for expr in ("2d6" + " + 1" * 20000, "2d6>=8" + " " * 50000 + "x", "d6+" * 5000 + "1"):
        out = run("odds", expr)
        assert out.returncode == 2 and out.stdout == ""
        assert "characters long; a dice expression has at most 200" in out.stderr
        assert len(out.stderr) < 200, "the expression is quoted short"
    assert run("odds", "2d6>=8" + " " * 50000).stdout.startswith("2d6>=8: 15/36"), "trailing spaces are fine"


def test_odds_into_head_ends_quietly():
    """`companion odds 30d100 | head -c 50`: the reader leaves after 50 bytes of 450 kB."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "odds", "30d100"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(50).startswith(b"30d100: ")
    process.stdout.close()
    assert process.wait(timeout=60) == 141, "as a Unix tool killed by SIGPIPE"
    assert process.stderr.read() == b"", "no BrokenPipeError traceback"
