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
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.games.skd import events as ev
from companion.games.skd import prompts
from companion.games.skd.rules import playing_now
from companion.games.skd.view import banner, panel
from companion.text import literal
from screens.commands import Command, bindings
from screens.store_access import store
from screens.table_screen import BASE_ACTIONS, TableScreen

SKD_ACTIONS = (
    Command("d", "draw", "Draw", "Draw phase: the active player draws 1 (nothing if the deck is empty)"),
    Command(
        "p",
        "play",
        "Play",
        "The cards played, e.g. g4 r4 b4 +b2 (in the play step, just type them); checked and resolved",
    ),
    Command("l", "level_up", "Level up", "Actions: 3 mana for +1 LV, its bonus resolved at once"),
    Command(
        "k",
        "skill",
        "Skill",
        "Actions: a skill by its number (the card's effect applies) or Rin: damage 3 (once per character per turn)",
    ),
    Command("e", "enemy", "Enemy phase", "The enemy attacks the deck, gains 1 mana, strong attack at its threshold"),
    Command("c", "pick", "Pick", "Draft: pick a character (catalogue name or its values)"),
    Command("C", "catalogue", "Catalogue", "Every remembered character, enemy and boss: filter, edit, delete"),
    Command("x", "swap", "Swap", "Draft: swap one of yours for one still on the table (under the cap)"),
    Command("o", "pass_draft", "Pass", "Draft: take no more characters"),
    Command("v", "reveal", "Reveal enemy", "Reveal the first enemy of the normal battle"),
    Command("b", "boss_step", "Boss setup", "The next step of the boss setup"),
    Command("m", "move", "Move cards", "Cards moved by a skill: from, to, how many", show=False),
    Command("a", "mana", "Mana", "Mana given or taken by a skill: +2, or player and change", show=False),
    Command(
        "h", "correct", "Correct enemy", "Set the enemy's HP or mana to what the table shows (a correction)", show=False
    ),
)

PLAY_STARTS = frozenset("grby+")  # what a play's first card starts with


class SkdScreen(TableScreen):
    CSS_PATH = ["table_screen.tcss", "skd_screen.tcss"]
    ACTIONS = (*SKD_ACTIONS, *BASE_ACTIONS)
    BINDINGS = bindings(*SKD_ACTIONS, *BASE_ACTIONS)

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        with VerticalScroll(id="skd-scroll"):
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

    def action_pass_draft(self) -> None:
        self.record(ev.DraftPass())

    def action_reveal(self) -> None:
        self.act(lambda state: prompts.reveal_prompt(state, self.shelves()))

    # -- the turn -----------------------------------------------------------------------------

    def action_draw(self) -> None:
        self.record(ev.Draw())

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

    def action_level_up(self) -> None:
        self.act(prompts.level_up_prompt)

    def action_skill(self, typed: str = "") -> None:
        self.act(lambda state: prompts.skill_line_prompt(state, self.shelves(), typed))

    def action_enemy(self) -> None:
        self.record(ev.EnemyPhase())

    def action_move(self) -> None:
        self.act(prompts.move_prompt)

    def action_mana(self) -> None:
        self.act(prompts.mana_prompt)

    def action_correct(self) -> None:
        self.act(prompts.correct_prompt)

    # -- the boss setup -------------------------------------------------------------------------

    def action_boss_step(self) -> None:
        dealing = self.shown_state.stage == "boss-deal"
        self.act(lambda state: prompts.boss_step(state, self.shelves()))
        if dealing and self.shown_state.stage != "boss-deal":
            self.explain("Shuffle the play pile, deal each hand up to 4; the rest is the new deck.")
