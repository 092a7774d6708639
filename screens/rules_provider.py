"""Command-palette source: rule sections matching what is typed, opened in the rules screen."""

from __future__ import annotations

import asyncio
from functools import partial

from textual.command import Hit, Hits, Provider


class RulesProvider(Provider):
    async def startup(self) -> None:
        from rulesdb.index import get_index

        self.index = await asyncio.to_thread(get_index)

    async def search(self, query: str) -> Hits:
        if not query.strip():
            return
        game = getattr(getattr(self.screen, "timeline", None), "game", None)
        for hit in self.index.search(query, limit=5, mark=None):
            score = 0.5 + (0.2 if game is not None and hit.section.game == game.id else 0.0)
            yield Hit(
                score,
                f"Rule: {hit.section.title} ({hit.section.game})",
                partial(self.open, hit.section.id),
                help=hit.plain_snippet,
            )

    def open(self, section_id: str) -> None:
        from screens.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(section_id=section_id))
