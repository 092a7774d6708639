"""Seirei Kairo Drive at the table: the draft, plays typed as `g4 r4 +r2`, the enemy in one key.

Each key opens the entry line for one event and hands it to the core, which accepts it or says
why not. Every question, with the catalogue, the reveal of the next enemy after a kill and its
esc back to the action's line, is a Prompt the core builds (companion.games.skd.prompts); the
screen passes it the catalogue and paints its panel.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from companion.games.skd import prompts
from companion.games.skd.rules import playing_now
from companion.games.skd.view import banner, panel
from companion.text import literal
from screens.commands import Command
from screens.store_access import store
from screens.table_screen import TableScreen

# Keys of this screen (the game's own are companion.games.skd.keys).
SKD_OWN = (Command("C", "catalogue", "Catalogue", "Every remembered character, enemy and boss: filter, edit, delete"),)

PLAY_STARTS = frozenset("grby+")  # what a play's first card starts with


class SkdScreen(TableScreen):
    CSS_PATH = "skd_screen.tcss"
    OWN_ACTIONS = SKD_OWN

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        # Not a scroll of its own: the frame's #main scrolls it, so "more below" and shift+down
        # serve this panel as they serve the players' table.
        with Vertical(id="skd-column"):
            yield Static("", id="skd-banner", markup=False)
            yield Static("", id="skd-panel", markup=False)

    def paint_panel(self, view: Any) -> None:
        super().paint_panel(view)
        state = self.shown_state
        # the turn checklist means nothing during the draft, the boss setup or after the end
        self.query_one("#checklist", Static).display = state.stage in ("normal", "boss")
        warning = banner(state)
        self.query_one("#skd-banner", Static).display = bool(warning)
        self.query_one("#skd-banner", Static).update(literal(warning))
        self.query_one("#skd-panel", Static).update(literal("\n".join(panel(state)), lines=True))

    def shelves(self) -> prompts.Shelves:
        """The card catalogue, each kind's cards by name, as the store keeps it."""
        repo = store(self.app)
        return {kind: repo.cards("skd", kind) for kind in ("character", "enemy", "boss")}

    # -- the draft and the first enemy ---------------------------------------------------------

    def action_catalogue(self) -> None:
        from screens.catalogue_screen import CatalogueScreen

        if self.timeline is not None:
            self.app.push_screen(CatalogueScreen(self.timeline.game))

    def action_pick(self) -> None:
        self.act(lambda state: prompts.pick_prompt(state, self.shelves()))

    def action_swap(self) -> None:
        self.act(lambda state: prompts.swap_prompt(state, self.shelves()))

    def action_reveal(self) -> None:
        self.act(lambda state: prompts.reveal_prompt(state, self.shelves()))

    # -- the turn -----------------------------------------------------------------------------

    async def _handle_key(self, event: events.Key) -> bool:
        """In the play step a colour letter starts the play: `g4 r4 enter` is the whole play."""
        if (
            not self.entry_open
            and event.character in PLAY_STARTS
            and self.viewing is None
            and self.timeline is not None
            and playing_now(self.timeline.state)
        ):
            self.action_play(event.character)
            return True
        play = self.families().get("play")
        if (  # a card typed when no play is open (draw first, say): the core's one reason
            not self.entry_open
            and event.character in PLAY_STARTS
            and event.key not in self._key_commands()
            and self.viewing is None
            and play is not None
            and play.closed is not None
            and self.timeline is not None
            and self.timeline.state.stage in ("normal", "boss")
        ):
            self.explain(f"Play: {play.closed}")
            return True
        return await super()._handle_key(event)

    def action_play(self, typed: str = "") -> None:
        self.act(lambda state: prompts.play_prompt(state, self.shelves(), typed))

    def action_skill(self, typed: str = "") -> None:
        self.act(lambda state: prompts.skill_line_prompt(state, self.shelves(), typed))

    # -- the boss setup -------------------------------------------------------------------------

    def action_boss_step(self) -> None:
        dealing = self.shown_state.stage == "boss-deal"
        self.act(lambda state: prompts.boss_step(state, self.shelves()))
        if dealing and self.shown_state.stage != "boss-deal":
            self.explain("Shuffle the play pile, deal each hand up to 4; the rest is the new deck.")
