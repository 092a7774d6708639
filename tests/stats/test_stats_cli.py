"""`companion stats` on the played fixture: the same numbers as the screen, text or JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion.cli import main
from companion.store.repo import Repository

PLAYED = Path(__file__).with_name("fixtures") / "played.db"


def run(capsys, db, *args):
    code = main(["stats", "--db", str(db), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_stats_in_words_and_as_json(tmp_path, capsys):
    db = tmp_path / "played.db"
    shutil.copy(PLAYED, db)
    Repository.open(db).close()  # the fixture is schema 5: opened once by the app, as a player's file is
    code, out, _ = run(capsys, db)
    assert code == 0 and out.startswith("Times are local (UTC).")
    assert "Free play 2: 1 play(s)" in out and "Ann K." in out and "winning side: Light 2" in out

    code, out, _ = run(capsys, db, "--json", "--game", "mm5")
    data = json.loads(out)
    [mm5] = data["games"]
    assert mm5["game"] == "mm5" and mm5["plays"] == 2 and mm5["figures"]["winning side"] == {"counts": {"Light": 2}}
    assert {p["name"] for p in mm5["players"]} == {"Ann", "Ann K.", "Bob", "Cleo", "Dan"}
    assert all(p["last_played"].endswith("+00:00") for p in mm5["players"]), "JSON keeps UTC"

    code, out, _ = run(capsys, db, "--json", "--player", "ann k.", "--versus", "Cleo")
    data = json.loads(out)
    assert all([p["name"] for p in g["players"]] == ["Ann K."] for g in data["games"])
    h = data["head_to_head"]
    assert h["players"] == ["Ann K.", "Cleo"] and h["together"] == sum(h["wins"]) + h["both_won"] + h["neither_won"]


def test_a_name_nobody_has_is_refused_with_the_players_named(tmp_path, capsys):
    db = tmp_path / "played.db"
    shutil.copy(PLAYED, db)
    Repository.open(db).close()  # the fixture is schema 5: opened once by the app, as a player's file is
    code, _, err = run(capsys, db, "--player", "Zed")
    assert code == 1 and "no player called 'Zed'" in err and "Ann K." in err
    code, _, err = run(capsys, db, "--game", "chess")
    assert code == 1 and "no game 'chess'" in err
    code, _, err = run(capsys, db, "--versus", "Bob")
    assert code == 1 and "--versus needs --player" in err


def test_an_empty_file_says_how_statistics_come(tmp_path, capsys):
    code, _, err = run(capsys, tmp_path / "new.db")
    assert code == 1 and "does not exist" in err and not (tmp_path / "new.db").exists(), "a read never creates a file"
    Repository.open(tmp_path / "new.db").close()
    code, out, _ = run(capsys, tmp_path / "new.db")
    assert code == 0 and "No finished sessions yet" in out


def test_a_long_or_wide_name_is_cut_with_a_marker_and_the_columns_stay_in_line(tmp_path, capsys):
    from rich.cells import cell_len

    from companion.store import players

    db = tmp_path / "played.db"
    shutil.copy(PLAYED, db)
    Repository.open(db).close()  # the fixture is schema 5: opened once by the app, as a player's file is
    repo = Repository.open(db)
    ids = {p.name: p.id for p in players.list_players(repo)}
    players.rename_player(repo, ids["Bob"], "Bartholomew-Alexander")
    players.rename_player(repo, ids["Cleo"], "雪菜雪菜雪菜雪菜")
    repo.close()
    code, out, _ = run(capsys, db, "--game", "tkc")
    assert code == 0
    lines = out.splitlines()
    header = next(line for line in lines if "plays" in line)
    rows = {line.split()[0]: line for line in lines if line.startswith("  ") and "%" in line}
    assert "Bartholomew-A…" in rows and "雪菜雪菜雪菜…" in rows, rows.keys()
    for row in rows.values():
        assert cell_len(row[: row.index("%")]) == cell_len(header[: header.index("%")]), row


def test_the_command_line_docs_name_every_field_of_stats_json(tmp_path, capsys):
    db = tmp_path / "played.db"
    shutil.copy(PLAYED, db)
    Repository.open(db).close()  # the fixture is schema 5: opened once by the app, as a player's file is
    code, out, _ = run(capsys, db, "--json", "--player", "Ann K.", "--versus", "Bob")
    assert code == 0
    data = json.loads(out)
    game = data["games"][0]
    keys = {*data, *game, *game["players"][0], *data["head_to_head"]}
    documented = (Path(__file__).parents[2] / "docs/command-line.md").read_text(encoding="utf-8")
    section = documented[documented.index("- `stats --json`") : documented.index("- `sessions import FILE --json`")]
    assert not [k for k in keys if f"`{k}`" not in section]
