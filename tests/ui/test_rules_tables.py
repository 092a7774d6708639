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


def test_a_passage_with_a_table_is_quoted_in_words_or_not_at_all() -> None:
    """The answer quoted above a section reads a table's rows as words, never as pipes; and a
    passage the section begins with is not quoted again, its table listed or not."""
    from rulesdb.index import get_index
    from screens.rules_screen import section_markdown

    index = get_index()
    section = index.section("tkc.ruling.attack-types")
    for width in (0, 40, 200):
        hits = index.ask("can I block a power chop with excalibur", game="tkc", limit=10).hits
        opening = next(hit.passage for hit in hits if hit.section.id == section.id)
        assert not section_markdown(section, index, passage=opening, width=width).startswith(">")
    table = next(passage for passage in _passages(section.text) if "| Power Chop |" in passage)
    quote = section_markdown(section, index, passage=table + "\nmore", width=40).splitlines()[0].replace("\\", "")
    assert quote.startswith("> **") and "|" not in quote and "Power Chop: 3 swords of one colour" in quote


def _passages(text: str) -> tuple[str, ...]:
    from rulesdb.passages import passages

    return passages(text)
