"""The rules' Markdown tables, read one way for every place that shows them: a line is a row
when it holds the cell mark, the line under a table's head is its rule, and a row's cells are
what lie between the marks. The hits' snippets read rows as words (``rulesdb.index.one_line``)
and the rules screen lists a table too wide for its reader (``screens.rules_tables``)."""

from __future__ import annotations

import re

CELL = "|"  # a Markdown table's cells end at it
_RULE = re.compile(r"\s*\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?\s*)?")


def is_rule(line: str) -> bool:
    """Whether the line is the one under a table's head (``|---|:--:|``)."""
    return bool(_RULE.fullmatch(line))


def is_row(line: str) -> bool:
    """Whether the line begins a table's row."""
    return line.strip().startswith(CELL)


def cells(line: str) -> list[str]:
    """A row's cells, each stripped (an empty cell kept, in its place)."""
    return [cell.strip() for cell in line.strip().strip(CELL).split(CELL)]
