"""A hit's snippet from a table reads as words ("sword: 1; shield: 2"), never as the table's
pipes and rule lines: the list of hits is one line of text a player reads at a glance."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rulesdb.index import RulesIndex, one_line

# A cell: any text but a pipe, a line break or a Markdown mark (every snippet drops those).
_CELL = st.text(st.characters(exclude_characters="|\n\x00*`#", exclude_categories=("Cs", "Cc")), max_size=12)
_ROW = st.lists(_CELL, min_size=1, max_size=5)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


@given(head=_ROW, rows=st.lists(_ROW, max_size=4), before=_CELL)
def test_a_table_reads_as_its_words_in_order(head: list[str], rows: list[list[str]], before: str) -> None:
    table = [f"| {' | '.join(head)} |", "|" + "---|" * len(head), *(f"| {' | '.join(row)} |" for row in rows)]
    text = "\n".join([before, *table])
    tidy = one_line(text)
    assert "|" not in tidy and "---" not in tidy
    assert _words(tidy) == _words(text.replace("---", ""))


def test_every_table_row_of_the_rules_reads_without_pipes(real_index: RulesIndex) -> None:
    rows = real_index.built.rows
    tables = [text for text in rows.text if "\n|" in text]
    assert tables, "the rules hold tables"
    for text in tables:
        assert "|" not in one_line(text), text[:60]


def test_the_hits_of_a_table_say_which_row(real_index: RulesIndex) -> None:
    hit = real_index.ask("points of a crown", game="tkc", limit=3).hits[0]
    assert "|" not in hit.plain_snippet and "crown (皇冠): 3" in hit.plain_snippet
