"""Import is export read back through the same door: text that cannot be stored, numbers past
what the app keeps, fields nobody knows and a log out of order are refused by name; a BOM is
accepted; a second import of the same session says so and is made only when asked; the
command never prints a traceback."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from tests.store.played import finished, record
from tests.store.test_import import export_json, import_file


@pytest.fixture
def good(repo, db_path, capsys) -> dict:
    return export_json(capsys, db_path, record(repo, "free", finished("free")))


def spoiled(good: dict, how: str) -> str:
    first = good["events"][0]
    match how:
        case "lone surrogate in the title":
            return json.dumps({**good, "session": {**good["session"], "title": "Done \ud800 game"}})
        case "a number past 64 bits":
            return json.dumps({**good, "events": [{**first, "dropped": 9223372036854775808}, *good["events"][1:]]})
        case "5,000 digits":
            return json.dumps(good).replace('"dropped": 0', '"dropped": ' + "9" * 5000, 1)
        case "an unknown field in an event":
            event = {**first["event"], "bonus": 3}
            return json.dumps({**good, "events": [{**first, "event": event}, *good["events"][1:]]})
        case "an unknown field in an action":
            return json.dumps({**good, "events": [{**first, "cheat": True}, *good["events"][1:]]})
        case "seq out of order":
            return json.dumps({**good, "events": [{**first, "seq": 2}, *good["events"][1:]]})
    raise AssertionError(how)


REFUSED = {
    "lone surrogate in the title": "text that is not valid Unicode ('Done \\ud800 game')",
    "a number past 64 bits": "a number too large to keep (a number of more than 18 digits)",
    "5,000 digits": "a number of thousands of digits",
    "an unknown field in an event": "Action 1 (adjust) has a field Free play does not know: 'bonus'.",
    "an unknown field in an action": "The action 1 has a field this Companion does not know: 'cheat'.",
    "seq out of order": "Action 1 is numbered 2: the file's actions run 1, 2, 3….",
}


@pytest.mark.parametrize("how", sorted(REFUSED))
def test_a_bad_file_is_refused_by_name_and_nothing_is_written(good, db_path, tmp_path, capsys, how):
    path = tmp_path / "bad.json"
    path.write_text(spoiled(good, how), encoding="utf-8", errors="surrogatepass")
    code, _, err = import_file(capsys, db_path, path)
    assert code == 1 and REFUSED[how] in err and "Traceback" not in err, err
    assert main(["sessions", "list", "--json", "--db", str(db_path)]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_a_bom_is_accepted(good, tmp_path, capsys):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode())
    code, out, err = import_file(capsys, tmp_path / "fresh.db", path)
    assert code == 0 and out.startswith("Imported session 1"), err


def test_a_second_import_of_the_same_session_says_so_and_needs_again(good, tmp_path, capsys):
    path, fresh = tmp_path / "once.json", tmp_path / "fresh.db"
    path.write_text(json.dumps(good))
    assert import_file(capsys, fresh, path, again=False)[0] == 0
    code, _, err = import_file(capsys, fresh, path, again=False)
    assert code == 1 and "already, as session 1" in err and "--again" in err
    assert main(["sessions", "import", str(path), "--again", "--db", str(fresh)]) == 0
    assert "Imported session 2" in capsys.readouterr().out
