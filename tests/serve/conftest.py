"""`free_table`: free play with Ann, 雪菜 and Cleo, each with HP 20 (0..40) and a score."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.free import AddCounter
from tests.serve.midgame import store


@pytest.fixture
def free_table(db_path: Path) -> int:
    return store(db_path, "free", "Friday", events=[AddCounter("HP", None, 20, 0, 40, each=True)], options={})
