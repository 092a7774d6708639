"""The core and the rules database never import Textual (checked in a fresh interpreter)."""

import subprocess
import sys


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
    import os

    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, **env_home}, cwd=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
