"""The table view's painting: players' rows, values with bars, and the headline, as Rich renderables.

Kept apart from the screen (which follows the file and lays the parts out) so each part is
built from a `TableView` alone and reads the same at any size the screen picks.
"""

from __future__ import annotations

import re

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from companion.core import TableView
from companion.text import literal, shown

FRACTION = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def value_text(value: str, width: int = 10) -> Text:
    """A value; "13/20" also gets a bar, so HP reads from across the table."""
    m = FRACTION.match(value)
    if not m or not 0 <= int(m[1]) <= int(m[2]) or int(m[2]) == 0:
        return literal(value)
    share = int(m[1]) / int(m[2])
    full = round(width * share)
    colour = "green" if share > 0.5 else "yellow" if share > 0.25 else "red"
    return Text.assemble((shown(value), "bold"), " ", ("█" * full, colour), ("░" * (width - full), "dim"))


def rows_table(view: TableView, compact: bool = False) -> Table:
    """Every player's row; `compact` (a short terminal) draws no line between rows and a short
    bar, so every row fits at 80x24. Cells wrap between words, never inside one."""
    table = Table(
        expand=True,
        box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD,
        show_lines=not compact,
        header_style="bold",
        padding=(0, 1),
    )
    table.add_column("Player", no_wrap=True)
    for name in view.columns:
        table.add_column(literal(name))
    for row in view.rows:
        label = literal(
            f"▶ {row.label} " if row.active else f"  {row.label}", style="bold reverse" if row.active else "bold"
        )
        if row.note:
            label.append(f"\n  {shown(row.note)}", style="dim")
        table.add_row(label, *(value_text(c, 5 if compact else 10) for c in row.cells))
    return table


def compact_headline(pairs: tuple[tuple[str, str], ...]) -> Text:
    """The pairs on wrapped lines, LABEL value · LABEL value, for a short terminal."""
    text = Text()
    for i, (label, value) in enumerate(pairs):
        if i:
            text.append("  ·  ", style="dim")
        text.append(shown(label.upper()), style="dim")
        text.append(" ")
        text.append(shown(str(value)), style="bold")
    return text


def turn_words(view: TableView, over: str) -> str:
    return f"GAME OVER · {over}" if over else "GAME OVER" if view.finished else view.turn


def top_line(view: TableView, over: str = "") -> Text:
    """Round, turn and phase on one line (a short terminal has no room for the boxes)."""
    turn = turn_words(view, over)
    return Text.assemble(
        ("ROUND ", "dim"), (str(view.round), "bold"), ("   TURN ", "dim"), (shown(turn), "bold reverse"),
        ("   PHASE ", "dim"), shown(view.phase),
    )  # fmt: skip


HEADLINE_COLUMNS = 4  # more pairs go on further rows, so each value stays wide enough to read
LONG_VALUE = 32  # a value longer than this (a sentence) gets a row of its own


def headline_grid(pairs: tuple[tuple[str, str], ...]) -> Group:
    """The pairs in rows of four, label over value; a sentence-long value on a row to itself."""
    rows: list[list[tuple[str, str]]] = [[]]
    for pair in pairs:
        if len(str(pair[1])) > LONG_VALUE:
            rows += [[pair], []]
        elif len(rows[-1]) == HEADLINE_COLUMNS:
            rows.append([pair])
        else:
            rows[-1].append(pair)
    grids = []
    for row in (r for r in rows if r):
        columns = 1 if len(row) == 1 and len(str(row[0][1])) > LONG_VALUE else HEADLINE_COLUMNS
        grid = Table.grid(expand=True, padding=(0, 3))
        for _ in range(columns):
            grid.add_column(ratio=1)
        blank = [Text("")] * (columns - len(row))
        grid.add_row(*(literal(label.upper(), style="dim") for label, _ in row), *blank)
        grid.add_row(*(value_text(str(value), 16) for _, value in row), *blank)
        grids.append(grid)
    return Group(*grids)
