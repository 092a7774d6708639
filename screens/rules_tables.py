"""A rule's tables, fitted to the reader: a table too wide for it is read as a list, one item a
row ("**Power Chop** · Cards: 3 swords of one colour · Blocked by: 2 shields"), so no cell is
cut to "Blo…" at 80×24. A table that fits stays a table."""

from __future__ import annotations

import re

from rich.cells import cell_len

_RULE = re.compile(r"\s*\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?\s*)?")  # the line under a table's head


def fitted(markdown: str, width: int) -> str:
    """``markdown`` with each table wider than ``width`` cells read as a list."""
    if "|" not in markdown:
        return markdown
    out: list[str] = []
    lines = markdown.split("\n")
    at = 0
    while at < len(lines):
        if at + 1 < len(lines) and _is_row(lines[at]) and _RULE.fullmatch(lines[at + 1]):
            end = at + 2
            while end < len(lines) and _is_row(lines[end]):
                end += 1
            head, rows = _cells(lines[at]), [_cells(line) for line in lines[at + 2 : end]]
            out += _listed(head, rows) if _width([head, *rows]) > width else lines[at:end]
            at = end
        else:
            out.append(lines[at])
            at += 1
    return "\n".join(out)


def _is_row(line: str) -> bool:
    return line.strip().startswith("|")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _width(rows: list[list[str]]) -> int:
    """The table's width with every cell on one line: its widest cell a column, and the rules."""
    columns = max(len(row) for row in rows)
    widest = [max((cell_len(row[c]) for row in rows if c < len(row)), default=0) for c in range(columns)]
    return sum(widest) + 3 * columns + 1


def _listed(head: list[str], rows: list[list[str]]) -> list[str]:
    """Each row an item: its first cell in bold, then each other cell after its column's head."""
    items = []
    for row in rows:
        first, *rest = row
        said = [f"{name}: {cell}" if name else cell for name, cell in zip(head[1:], rest, strict=False) if cell]
        items.append(" · ".join([f"**{first}**" if first else "", *said]).strip(" ·"))
    return ["", *(f"- {item}" for item in items), ""]
