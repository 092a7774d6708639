"""The rules reader's tables: one too wide for the reader reads as a list that keeps every
cell's words in order; one that fits stays as written; text around a table is untouched."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from screens.rules_tables import fitted

_CELL = st.from_regex(r"[A-Za-z0-9 ()]{1,14}", fullmatch=True).map(str.strip).filter(bool)


def _table(head: list[str], rows: list[list[str]]) -> str:
    line = lambda cells: "| " + " | ".join(cells) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "---|" * len(head), *(line(row) for row in rows)])


@settings(max_examples=60)
@given(
    columns=st.integers(1, 5),
    cells=st.lists(st.lists(_CELL, min_size=5, max_size=5), min_size=2, max_size=5),
    width=st.integers(10, 120),
)
def test_a_table_is_listed_only_when_too_wide_and_keeps_every_word(
    columns: int, cells: list[list[str]], width: int
) -> None:
    head, *rows = [row[:columns] for row in cells]
    table = _table(head, rows)
    text = f"Before the table.\n\n{table}\n\nAfter it."
    out = fitted(text, width)
    assert out.startswith("Before the table.") and out.endswith("After it.")
    # Laid out with its columns aligned: each as wide as its widest cell, " | " between.
    aligned = sum(max(len(row[c]) for row in (head, *rows)) for c in range(columns)) + 3 * columns + 1
    if aligned <= width:
        assert out == text, "a table that fits stays a table"
    else:
        assert "|" not in out, "a table too wide reads as a list"
        body = [w for row in rows for w in re.findall(r"\w+", " ".join(row))]
        listed = re.findall(r"\w+", out)
        assert all(word in listed for word in body)
        assert len(re.findall(r"^- ", out, flags=re.M)) == len(rows), "one item a row"
