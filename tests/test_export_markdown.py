"""The Markdown export's table holds whatever players typed: a `|` never adds a column."""

from __future__ import annotations

import re

from companion.export import to_markdown
from companion.games import get_game
from companion.games.free import Adjust


def test_pipes_in_names_and_counters_are_escaped(repo):
    loaded = repo.create(get_game("free"), "Pipes", ("A|nn", "Bob\\"), {"counters": "hp|x=20 0..40, score"})
    tl = loaded.timeline
    repo.record(loaded.info.id, tl, tl.record(Adjust("hp|x", 0, -3)))
    md = to_markdown(repo.load(loaded.info.id))
    table = md.split("## Table now\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert table[0] == r"|  | hp\|x | score |"
    assert table[2] == r"| A\|nn | 17/40 | 0 |"
    assert table[3] == r"| Bob\\ | 20/40 | 0 |"
    unescaped = re.compile(r"(?<!\\)(?:\\\\)*\|")
    assert {len(unescaped.findall(line)) for line in table} == {4}, "every row has the same three columns"


def test_the_readable_log_gives_local_times_with_the_zone(repo, tokyo):
    """The fixed clock is 2026-11-29 20:00 UTC: 05:00 on the 30th in Tokyo. The JSON keeps UTC."""
    loaded = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {"counters": "score"})
    md = to_markdown(repo.load(loaded.info.id))
    assert "- Started: 2026-11-30 05:00 (JST); last played: 2026-11-30 05:00 (JST)" in md
    assert "2026-11-29T20:00" not in md
