"""Indexes for the rules tests: a small fixture set, and the real texts once they exist."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.index import RulesIndex
from rulesdb.texts import texts_root

FIXTURE_TEXTS = Path(__file__).parent / "fixtures" / "texts"


@pytest.fixture(scope="session")
def fixture_index() -> RulesIndex:
    return RulesIndex.load(FIXTURE_TEXTS)


@pytest.fixture(scope="session")
def real_index() -> RulesIndex:
    if not any(entry.name.endswith(".toml") for entry in texts_root().iterdir()):
        pytest.skip("no rulesdb/texts/*.toml yet")
    return RulesIndex.load()
