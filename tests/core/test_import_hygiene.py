"""The core and the rules database never import Textual (checked in a fresh interpreter)."""

import os
import subprocess
import sys

import pytest


def test_core_and_rulesdb_do_not_import_textual():
    code = (
        "import sys, companion.core, companion.timeline, companion.games, companion.store.repo, "
        "companion.export, companion.cli, rulesdb.index, rulesdb.cli\n"
        "from companion.games import all_games; all_games()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'screens'))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_importing_the_app_touches_no_disk(tmp_path):
    code = "import screens.app, companion.cli, companion.store.repo"
    env_home = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, **env_home}, cwd=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


STORE_STACK = ("sqlalchemy", "sqlmodel", "pydantic")


@pytest.mark.parametrize("argv", [["games"], ["rules", "attack"], ["odds", "2d6>=8"], ["roll", "2d6", "--seed", "1"]])
def test_commands_that_need_no_store_never_import_sqlmodel(argv, tmp_path):
    """SQLAlchemy, SQLModel and pydantic cost 15 MB and a quarter second to import: only the
    store pays for them, so a quick look-up on the command line never does."""
    code = (
        "import contextlib, io, sys\n"
        "from companion.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main({argv!r})\n"
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {STORE_STACK!r})))"
    )
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "COMPANION_DB": str(tmp_path / "companion.db"),
    }
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""
    assert not (tmp_path / "companion.db").exists()


def test_the_app_module_imports_no_store_stack_before_the_first_frame():
    code = (
        "import sys, screens.app, companion.store.files\n"
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {STORE_STACK!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


HEAVY = (
    "numpy",
    "lemminflect",
    "jieba",
    "sqlalchemy",
    "sqlmodel",
    "pydantic",
    "aiohttp",
    "icepool",
    "plotext",
    "tomli_w",
)


def test_the_first_frame_loads_none_of_the_heavy_libraries(tmp_path):
    """What `companion` does up to its first frame (the settings file read, the store path
    chosen, the app started, the home screen drawn) imports none of the libraries that only
    later work needs: the store, the rules search, dice odds, charts, writing settings, and
    the home screen's sessions table."""
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from companion.cli import _settings\n"
        "from companion.store.files import choose_path, prepare\n"
        "path, may_create = choose_path(None)\n"
        "prepare(path, may_create)\n"
        "from screens.app import CompanionApp\n"
        "app = CompanionApp(db_path=path, may_create_folder=may_create, settings=_settings())\n"
        "async def first_frame(pilot):\n"
        f"    heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
        # The sessions table is mounted once the store has opened, not styled for the first frame.
        "    heavy += ['DataTable'] if 'textual.widgets._data_table' in sys.modules else []\n"
        "    print(','.join(heavy), flush=True)\n"
        "    os._exit(0)\n"
        "app.run(headless=True, auto_pilot=first_frame, size=(100, 30))\n"
    )
    (tmp_path / "settings.toml").write_text('theme = "nord"\n', encoding="utf-8")
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "COMPANION_SETTINGS": str(tmp_path / "settings.toml"),
        "COMPANION_DB": str(tmp_path / "companion.db"),
    }
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""
