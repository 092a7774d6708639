"""rulesdb is usable without the UI: importing and searching it never loads textual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_rulesdb_does_not_import_textual() -> None:
    code = (
        "import sys, rulesdb, rulesdb.cli\n"
        "rulesdb.get_index().search('attack')\n"
        "leaked = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'screens'))\n"
        "print(leaked)\n"
        "sys.exit(1 if leaked else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
