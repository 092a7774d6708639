"""The repository is the one door to the file: an imported session is added by it whole
(seats, outcome and all, so the statistics keep it), and no code outside `repo.py` reaches
into its private members."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games import all_games
from companion.store import repo as repo_module
from companion.store.repo import Repository
from tests.conftest import fixed_clock
from tests.store.played import finished, record, unfinished

GAME_IDS = [g.id for g in all_games()]
ROOT = Path(__file__).resolve().parents[2]


def stats_json(capsys, db: Path) -> dict:
    assert main(["stats", "--json", "--db", str(db)]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_imported_finished_game_is_in_the_statistics(repo, db_path, tmp_path, capsys, game_id):
    record(repo, game_id, finished(game_id))
    before = stats_json(capsys, db_path)
    assert (
        main(["sessions", "export", "1", "--format", "json", "--db", str(db_path), "-o", str(tmp_path / "g.json")]) == 0
    )
    fresh = tmp_path / "fresh.db"
    assert main(["sessions", "import", str(tmp_path / "g.json"), "--db", str(fresh)]) == 0
    capsys.readouterr()
    after = stats_json(capsys, fresh)
    assert after == before and after["games"][0]["plays"] == 1


def _private_members() -> set[str]:
    cls = repo_module.Repository
    names = {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
    init = ast.parse(Path(repo_module.__file__).read_text())
    for node in ast.walk(init):
        is_self = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
        if is_self and node.attr.startswith("_") and not node.attr.startswith("__"):
            names.add(node.attr)
    return names


def test_nothing_outside_the_repository_reaches_into_it():
    """`x._member` for any private member of Repository, on anything but `self`, or an import of
    one of repo.py's private names, anywhere in the app outside repo.py."""
    members = _private_members()
    module_private = {n for n in vars(repo_module) if n.startswith("_") and not n.startswith("__")}
    found = []
    files = [p for d in ("companion", "screens", "rulesdb") for p in (ROOT / d).rglob("*.py")]
    for path in files:
        if path == Path(repo_module.__file__).resolve():
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            on_self = (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            )
            if isinstance(node, ast.Attribute) and node.attr in members and not on_self:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "companion.store.repo":
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}" for a in node.names if a.name in module_private
                ]
    assert not found, found


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game_id=st.sampled_from(GAME_IDS),
    done=st.booleans(),
    cut=st.floats(min_value=0.3, max_value=1.0),
    undo=st.integers(min_value=0, max_value=3),
)
def test_export_import_export_gives_the_same_bytes_and_statistics(tmp_path_factory, capsys, game_id, done, cut, undo):
    """Any session of any game, finished or cut short and partly undone: exported, imported
    into an empty file and exported again, it is the same file but for its id, and the
    statistics of the new file are the old file's."""
    work = tmp_path_factory.mktemp("round-trip")
    first, fresh = work / "first.db", work / "fresh.db"
    players, options, events = finished(game_id) if done else unfinished(game_id)
    if game_id == "tkc":
        options = {**options, "terse_log": False}  # an under-way export of the terse log cannot be resumed
    events = events if done else events[: max(1, int(len(events) * cut))]
    undo = 0 if done else min(undo, len(events))
    repo = Repository.open(first, clock=fixed_clock)
    record(repo, game_id, (players, options, events), undo=undo)
    repo.close()
    path = work / "s.json"
    assert main(["sessions", "export", "1", "--format", "json", "--db", str(first), "-o", str(path)]) == 0
    assert main(["sessions", "import", str(path), "--db", str(fresh)]) == 0
    capsys.readouterr()
    texts = []
    for db in (first, fresh):
        assert main(["sessions", "export", "1", "--format", "json", "--db", str(db)]) == 0
        texts.append(capsys.readouterr().out)
    if '"concealed": true' in texts[0]:  # the copy holds the face-down note the file kept back
        texts[1] = texts[1].replace('"concealed": false', '"concealed": true', 1)
    assert texts[1] == texts[0]  # both are session 1
    assert stats_json(capsys, fresh) == stats_json(capsys, first)
