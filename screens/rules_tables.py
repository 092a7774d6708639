"""A rule's tables, fitted to the reader: a table too wide for it is read as a list, one item a
row ("**Power Chop** · Cards: 3 swords of one colour · Blocked by: 2 shields"), so no cell is
cut to "Blo…" at 80×24. A table that fits stays a table."""

from __future__ import annotations

from rich.cells import cell_len

from rulesdb.tables import CELL, cells, is_row, is_rule


def fitted(markdown: str, width: int) -> str:
    """``markdown`` with each table wider than ``width`` cells read as a list."""
    if CELL not in markdown:
        return markdown
    out: list[str] = []
    lines = markdown.split("\n")
    at = 0
    while at < len(lines):
        if at + 1 < len(lines) and is_row(lines[at]) and is_rule(lines[at + 1]):
            end = at + 2
            while end < len(lines) and is_row(lines[end]):
                end += 1
            head, rows = cells(lines[at]), [cells(line) for line in lines[at + 2 : end]]
            out += _listed(head, rows) if _width([head, *rows]) > width else lines[at:end]
            at = end
        else:
            out.append(lines[at])
            at += 1
    return "\n".join(out)


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
