"""The players table: every value whole, at any width.

Columns take the width of their widest value (header included), so a counter that grows
from 5 to 100 widens its column rather than showing 10. When the columns together are wider
than the table, the widest are narrowed to a shared cap and their cells wrap inside their
row, which grows taller: nothing is ever cut. Cells change in place while the shape (the
columns, their widths and the row heights) stays; any change of shape rebuilds the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable

PAD = 2  # DataTable's cell padding, one cell each side
NARROWEST = 6  # a wrapped column is never narrower than this


def natural_width(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.split("\n")), default=0)


def fit_widths(natural: Sequence[int], room: int) -> tuple[int, ...]:
    """The natural widths, or, when they do not fit in `room` cells, the same with the
    widest capped at the largest value that fits (never below NARROWEST)."""
    if sum(natural) + PAD * len(natural) <= room or not natural:
        return tuple(natural)
    low, high = NARROWEST, max(natural)
    while low < high:  # the largest cap that fits
        cap = (low + high + 1) // 2
        if sum(min(w, cap) for w in natural) + PAD * len(natural) <= room:
            low = cap
        else:
            high = cap - 1
    return tuple(min(w, low) for w in natural)


class PlayersTable(DataTable[Text]):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="cell", zebra_stripes=True)
        self._shape: tuple[object, ...] = ()
        self._columns: tuple[Text, ...] = ()
        self._rows: tuple[tuple[Text, ...], ...] = ()

    @property
    def room(self) -> int:
        """The cells the columns may take: the table's width less a vertical scrollbar."""
        width = self.size.width or self.app.size.width
        return max(width - self.styles.scrollbar_size_vertical, NARROWEST + PAD)

    def show(self, columns: Sequence[Text], rows: Sequence[Sequence[Text]]) -> None:
        """Show `columns` (their headers) and `rows` (one Text per column)."""
        shown = self._rows  # what the table holds while its shape stays
        self._columns = tuple(columns)
        n = len(self._columns)  # a short row is padded, as DataTable itself does
        self._rows = tuple((*r[:n], *(Text(),) * (n - len(r))) for r in rows)
        natural = [natural_width(c) for c in self._columns]
        for row in self._rows:
            natural = [max(n, natural_width(cell)) for n, cell in zip(natural, row, strict=True)]
        widths = fit_widths(natural, self.room)
        heights = tuple(self._height(row, widths) for row in self._rows)
        header = self._height(self._columns, widths)
        shape = (tuple(c.plain for c in self._columns), widths, heights, header)
        if shape == self._shape:
            for y, (row, was) in enumerate(zip(self._rows, shown, strict=True)):
                if row != was:
                    for x, (cell, old) in enumerate(zip(row, was, strict=True)):
                        if cell != old:
                            self._put(Coordinate(y, x), cell)
            return
        self._shape = shape
        at_row, at_col = self.cursor_coordinate
        self.clear(columns=True)
        self.header_height = header
        for column, width in zip(self._columns, widths, strict=True):
            self.add_column(column, width=width, key=column.plain)
        for cells, height in zip(self._rows, heights, strict=True):
            self.add_row(*cells, height=height)
        if self._rows:
            self.move_cursor(row=min(at_row, len(self._rows) - 1), column=min(at_col, len(self._columns) - 1))

    def _put(self, coordinate: Coordinate, cell: Text) -> None:
        """Set one cell, repainting its row alone. DataTable's `update_cell_at` repaints every
        row: its render caches are keyed by a count of updates that it bumps, then it refreshes
        the whole table. The count is bumped here too (nothing stale is read from its caches),
        but only the row's lines are marked for repainting; the other rows are the same, and
        the screen keeps their lines as drawn."""
        row_key, column_key = self.coordinate_to_cell_key(coordinate)
        self._data[row_key][column_key] = cell
        self._update_count += 1
        self.refresh_row(coordinate.row)

    def _height(self, row: Sequence[Text], widths: Sequence[int]) -> int:
        lines = 1
        for cell, width in zip(row, widths, strict=True):
            if "\n" in cell.plain or natural_width(cell) > width:
                lines = max(lines, len(cell.wrap(self.app.console, width)))
        return lines

    def on_resize(self, event: events.Resize) -> None:
        if self._columns:
            self.show(self._columns, self._rows)
