"""`companion sessions import`: a JSON export comes back as the same session (undo history
included), and a newer, damaged or hostile file is refused in one line with nothing written."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import all_games
from companion.store.repo import Repository
from tests.store.played import finished, record, unfinished

GAME_IDS = [g.id for g in all_games()]


def export_text(capsys, db_path, sid: int) -> str:
    assert main(["sessions", "export", str(sid), "--format", "json", "--db", str(db_path)]) == 0
    return capsys.readouterr().out


def export_json(capsys, db_path, sid: int) -> dict:
    return json.loads(export_text(capsys, db_path, sid))


_ID_LINE = re.compile(r'^    "id": \d+,\n', re.MULTILINE)  # the session's id, the file's only line so indented


def import_file(capsys, db_path, path: Path, again: bool = True) -> tuple[int, str, str]:
    """Import into `db_path` (by default `--again`: these tests import back into the file exported from)."""
    code = main(["sessions", "import", str(path), "--db", str(db_path), *(["--again"] if again else [])])
    out = capsys.readouterr()
    return code, out.out, out.err


def without_ids(data: dict) -> dict:
    return {**data, "session": {**data["session"], "id": None}}


def resumable(game_id: str):
    """A game in play whose export can be resumed: The King Commands with its full log (the
    terse public log keeps an attack's cards out of the file, see the test below)."""
    players, options, events = unfinished(game_id)
    return players, {**options, "terse_log": False} if game_id == "tkc" else options, events


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("played", ["finished", "unfinished, two actions undone"])
def test_export_import_export_is_the_same_session(repo, db_path, tmp_path, capsys, game_id, played):
    script = finished(game_id) if played == "finished" else resumable(game_id)
    sid = record(repo, game_id, script, undo=0 if played == "finished" else 2)
    first = export_json(capsys, db_path, sid)
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(first, ensure_ascii=False, indent=2))
    code, out, err = import_file(capsys, db_path, path)
    assert code == 0, err
    new = int(out.split()[2].rstrip(":"))
    assert new != sid and out.startswith(f"Imported session {new}: Friday night")
    second = export_json(capsys, db_path, new)
    if played != "finished" and game_id == "mm5":  # the copy holds the face-down text as its note
        assert first["session"]["concealed"] and not second["session"]["concealed"]
        second["session"]["concealed"] = True
    assert without_ids(second) == without_ids(first)
    # byte for byte too, but for the session's id (the import keeps the times)
    texts = [export_text(capsys, db_path, n) for n in (sid, new)]
    if played != "finished" and game_id == "mm5":
        texts[1] = texts[1].replace('"concealed": false', '"concealed": true', 1)
    assert [_ID_LINE.sub("", t, count=1) for t in texts[1:]] == [_ID_LINE.sub("", texts[0], count=1)]
    original, imported = Repository.open(db_path).load(sid), Repository.open(db_path).load(new)
    assert imported.timeline.cursor == original.timeline.cursor
    if played == "finished" or game_id != "mm5":  # mm5's face-down note is hidden in the file
        assert imported.timeline.state == original.timeline.state
        assert imported.timeline.entries == original.timeline.entries, "the whole log, undone actions too"
        if original.timeline.can_redo:  # the undone actions can be redone, to the same table
            assert imported.timeline.redo().redo().state == original.timeline.redo().redo().state
    else:  # the same table but for the spell's note, which the file never held
        assert imported.timeline.redo().redo().state.battle.spells == ((1, 1, "(face down when exported)"),)
    assert imported.info.summary == original.info.summary


def test_the_json_export_of_an_unfinished_battle_hides_a_face_down_spell(repo, db_path, capsys):
    sid = record(repo, "mm5", unfinished("mm5"))
    data = export_json(capsys, db_path, sid)
    text = json.dumps(data)
    assert "Holy Light" not in text
    [spell] = [e["event"] for e in data["events"] if e["event"]["type"] == "spell"]
    assert spell == {"type": "spell", "seat": 1, "note": "(face down when exported)"}
    assert main(["sessions", "export", str(sid), "--format", "md", "--db", str(db_path)]) == 0
    assert "Holy Light" not in capsys.readouterr().out


def test_a_revealed_spell_is_exported_whole(repo, db_path, capsys):
    from companion.games.mm5.events import Initiative

    players, options, events = unfinished("mm5")
    sid = record(repo, "mm5", (players, options, [*events, Initiative(6, 2)]))
    assert "Holy Light on Orc 9" in json.dumps(export_json(capsys, db_path, sid))


def digest(db: Path) -> str:
    """The hash of everything the file holds (its dump, read through SQLite, so a checkpoint of
    another connection's log that moves pages but changes nothing does not count)."""
    con = sqlite3.connect(db)
    try:
        return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
    finally:
        con.close()


def good_export(capsys, db_path, repo) -> dict:
    return export_json(capsys, db_path, record(repo, "tkc", resumable("tkc")))


def hostile(name: str, good: dict) -> bytes | dict | list:
    events = good["events"]
    first = events[0]
    match name:
        case "newer version":
            return {**good, "version": 99}
        case "not json":
            return b"\x89PNG\r\n\x1a\n not a session"
        case "cut short":
            return json.dumps(good).encode()[:300]
        case "another format":
            return {**good, "format": "bgstats"}
        case "unknown event kind":
            return {**good, "events": [{**first, "event": {"type": "os.system", "command": "rm -rf /"}}, *events[1:]]}
        case "wrong field type":
            return {**good, "events": [{**first, "event": {**first["event"], "values": "five"}}, *events[1:]]}
        case "a bool for a number":
            return {
                **good,
                "events": [{**first, "event": {**first["event"], "values": [True, False, False]}}, *events[1:]],
            }
        case "an illegal action":
            return {**good, "events": [{**events[1], "seq": 1}, *events[1:]]}
        case "players not a list":
            return {**good, "session": {**good["session"], "players": "Ann, Bob"}}
        case "cursor past the log":
            return {**good, "session": {**good["session"], "cursor": 999}}
        case "a bad time":
            return {**good, "events": [{**first, "at": "yesterday"}, *events[1:]]}
        case "unknown game":
            return {**good, "session": {**good["session"], "game": "chess"}}
        case "nested deep":
            return b'{"format": "companion-session", "events": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
        case "nested under the limit of json":
            return {**good, "events": [{**first, "event": {**first["event"], "values": _nest(40)}}, *events[1:]]}
        case "a number JSON forbids":
            return json.dumps(good).replace('"dropped": 0', '"dropped": NaN', 1).encode()
    raise AssertionError(name)


def _nest(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


CASES = [
    ("newer version", "newer Companion"),
    ("not json", "not JSON"),
    ("cut short", "not JSON"),
    ("another format", "not a Companion session export"),
    ("unknown event kind", "does not know ('os.system')"),
    ("wrong field type", "values: expected a list"),
    ("a bool for a number", "values: expected int, found True"),
    ("an illegal action", "refused by the rules"),
    ("players not a list", "players is not a list"),
    ("cursor past the log", "outside its log"),
    ("a bad time", "not a date and time"),
    ("unknown game", "does not know ('chess')"),
    ("nested deep", "nested too deeply"),
    ("nested under the limit of json", "nested too deeply"),
    ("a number JSON forbids", "not JSON"),
]


@pytest.mark.parametrize(("case", "words"), CASES, ids=[c for c, _ in CASES])
def test_a_hostile_file_is_refused_in_one_line_and_nothing_is_written(repo, db_path, tmp_path, capsys, case, words):
    good = good_export(capsys, db_path, repo)
    repo.close()
    before = digest(db_path), len(Repository.open(db_path).list_sessions())
    content = hostile(case, good)
    path = tmp_path / "hostile.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    code, out, err = import_file(capsys, db_path, path)
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and "Traceback" not in err and out == "", err
    assert words in lines[0]
    assert (digest(db_path), len(Repository.open(db_path).list_sessions())) == before


def test_a_100_mb_file_is_refused_unread(repo, db_path, tmp_path, capsys):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: 100 MB that take no disk
    repo.close()
    before = digest(db_path)
    code, _, err = import_file(capsys, db_path, path)
    assert code == 1 and "larger than 64 MB" in err and len(err.strip().splitlines()) == 1
    assert digest(db_path) == before


def test_a_missing_file_is_named(db_path, tmp_path, capsys):
    code, _, err = import_file(capsys, db_path, tmp_path / "nowhere.json")
    assert code == 1 and "nowhere.json does not exist" in err


def test_import_json_output(repo, db_path, tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(good_export(capsys, db_path, repo)))
    assert main(["sessions", "import", str(path), "--json", "--again", "--db", str(db_path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row == {"id": 2, "game": "tkc", "title": "Friday night", "actions": len(resumable("tkc")[2])}


def test_the_terse_log_keeps_an_attacks_cards_out_of_an_unfinished_export(repo, db_path, tmp_path, capsys):
    """Nobody may count the score piles while the game is on: with the terse public log (the
    default) the file says who attacked whom and how it ended, never with what, so it cannot
    be replayed; the import says why and writes nothing. The final count reveals it all."""
    players, options, events = unfinished("tkc")
    sid = record(repo, "tkc", (players, options, events))
    data = export_json(capsys, db_path, sid)
    attacks = [e["event"] for e in data["events"] if e["event"]["type"] == "tkc-attack"]
    assert attacks and all(a["cards"] == [] and a["defence"] == [] for a in attacks)
    assert data["session"]["concealed"] is True
    assert "red" not in json.dumps(data["events"]), "no sword colour anywhere in the log"
    path = tmp_path / "in-play.json"
    path.write_text(json.dumps(data))
    repo.close()
    before = digest(db_path)
    code, out, err = import_file(capsys, db_path, path)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
    assert "keeps the table's secrets back" in err and "copy the database file" in err
    assert digest(db_path) == before
    finished_sid = record(Repository.open(db_path), "tkc", finished("tkc"))
    whole = export_json(capsys, db_path, finished_sid)
    assert whole["session"]["concealed"] is False
    assert any(e["event"]["type"] == "tkc-attack" and e["event"]["cards"] for e in whole["events"])
