"""The snippets of the hits shown: FTS5's ``snippet()`` of each row, or of its section's original."""

from __future__ import annotations

import json

from rulesdb.build import Built
from rulesdb.tuning import Tuning

OPEN, CLOSE = "\x02", "\x03"  # a snippet's marks, replaced as shown


class Snippets:
    def __init__(self, built: Built, tuning: Tuning) -> None:
        self.built = built
        # The snippets of the rows shown (?4, a JSON list), in one pass over the rows that match:
        # the unary + keeps the list from becoming one FTS5 query per row.
        self.sql = {
            table: f"SELECT rowid, snippet({table}, 0, '{OPEN}', '{CLOSE}', '…', {tokens}) "
            f"FROM {table} WHERE {table} MATCH ?1 AND rowid BETWEEN ?2 AND ?3 "
            "AND +rowid IN (SELECT value FROM json_each(?4))"
            for table, tokens in (("body", tuning.snippet_tokens), ("original", tuning.original_snippet_tokens))
        }

    def of(self, rows: list[int], marks: str, original: str) -> dict[int, str]:
        """FTS5's snippet of each row (``marks`` marks its words), or of its section's original
        where it has no hit (the caller holds the index's lock)."""
        found: dict[int, str] = {}
        if rows and marks:
            found.update(self._rows("body", marks, rows))
        wanted = {self.built.rows.owner[row]: row for row in rows if row not in found}
        if wanted and original:
            for section, snippet in self._rows("original", original, list(wanted)):
                found[wanted[section]] = snippet
        return found

    def _rows(self, table: str, expression: str, rowids: list[int]) -> list[tuple[int, str]]:
        rows = self.built.db.execute(self.sql[table], (expression, min(rowids), max(rowids), json.dumps(rowids)))
        return [(rowid, snippet) for rowid, snippet in rows if OPEN in snippet]
