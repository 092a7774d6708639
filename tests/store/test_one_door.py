"""The repository is the one door to the file: an imported session is added by it whole
(seats, outcome and all, so the statistics keep it), and no code outside the door's modules
(`repo.py` and the modules it is built from) reaches into its private members."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games import all_games
from companion.store.repo import Repository
from tests.conftest import examples, fixed_clock
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


# The door's modules: Repository (repo.py) is built from these, and only they may use each
# other's private names and Repository's private members.
DOOR = ("repo", "door", "sessions", "reading", "writing", "catalogue", "serving")
DOOR_MODULES = [importlib.import_module(f"companion.store.{name}") for name in DOOR]
DOOR_FILES = {Path(m.__file__).resolve() for m in DOOR_MODULES}


def _private_members() -> set[str]:
    """Repository's private members: those of each class it is built from, and every
    `self._x` its modules set or use."""
    names = set()
    for cls in Repository.__mro__:
        if cls.__module__ in {m.__name__ for m in DOOR_MODULES}:
            names |= {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
    for path in DOOR_FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            is_self = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
            if is_self and node.attr.startswith("_") and not node.attr.startswith("__"):
                names.add(node.attr)
    return names


def _module_private() -> dict[str, set[str]]:
    """Each door module's private names (`_fetch`, `_put_snapshot`, ...)."""
    return {m.__name__: {n for n in vars(m) if n.startswith("_") and not n.startswith("__")} for m in DOOR_MODULES}


def reach_ins(source: str, where: str) -> list[str]:
    """`x._member` for any private member of Repository or private name of a door module, on
    anything but `self`, or an import of one of the door modules' private names."""
    private = _module_private()
    members = _private_members().union(*private.values())  # `store_module._put_snapshot` too
    found = []
    for node in ast.walk(ast.parse(source)):
        on_self = (
            isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        )
        if isinstance(node, ast.Attribute) and node.attr in members and not on_self:
            found.append(f"{where}:{node.lineno} .{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module in private:
            found += [f"{where}:{node.lineno} {a.name}" for a in node.names if a.name in private[node.module]]
    return found


def test_nothing_outside_the_door_reaches_into_it():
    """Anywhere in the app outside the door's modules (companion/store/repo.py and the
    modules it is built from), no reach into Repository's private members or their names."""
    found = []
    files = [p for d in ("companion", "screens", "rulesdb") for p in (ROOT / d).rglob("*.py")]
    for path in files:
        if path.resolve() not in DOOR_FILES:
            found += reach_ins(path.read_text(), str(path.relative_to(ROOT)))
    assert not found, found


@pytest.mark.parametrize(
    "source",
    [
        "def f(repo):\n    return repo._seen\n",
        "def f(repo, con, sid, tl):\n    repo._check_fresh(con, sid, tl)\n",
        "from companion.store import writing\nwriting._put_snapshot\n",
        "from companion.store.writing import _put_snapshot\n",
        "from companion.store.door import _fetch\n",
        "from companion.store.repo import Repository\nRepository._transaction\n",
    ],
)
def test_a_reach_into_the_door_is_found(source):
    """The check above means what it says: a private reach from outside is caught."""
    assert reach_ins(source, "outside.py")


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
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
