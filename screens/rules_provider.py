"""Command-palette source: rule sections matching what is typed, opened in the rules screen.

The index is built in a thread, started as the palette opens. `startup` does not wait for it:
Textual's providers wait for their startup inside each search, and each key typed cancels the
last search, which would cancel a startup still waiting and leave the palette finding nothing
until it is closed. A search waits for the build shielded, so a cancelled search leaves it running.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING

from textual.command import Hit, Hits, Provider

if TYPE_CHECKING:
    from rulesdb.index import RulesIndex


class RulesProvider(Provider):
    async def startup(self) -> None:
        from rulesdb import index

        self.index: asyncio.Future[RulesIndex] = asyncio.ensure_future(asyncio.to_thread(index.get_index))

    async def search(self, query: str) -> Hits:
        if not query.strip():
            return
        index = await asyncio.shield(self.index)
        game = getattr(getattr(self.screen, "timeline", None), "game", None)
        places = index.search(query, limit=5, mark=None)
        for hit in (h for place in places for h in (place, place.beside) if h is not None):  # a palette is flat
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
