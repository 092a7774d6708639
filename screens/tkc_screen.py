"""The King Commands at the table: one key per step of the turn, typed card notation.

Every question is a Prompt the core builds (companion.games.tkc.prompts and notation): what is
legal, what an attack is called and what stops it all come from there, so a refused entry keeps
the line open with the core's reason in its label. Multi-step actions (an attack, then its
outcome) chain prompts and record a single event at the end, so one undo takes back the whole action.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import TableView
from companion.games.tkc.events import Draw
from companion.games.tkc.notation import ball_prompt, crown_prompt
from companion.games.tkc.prompts import attack_prompt, count_prompt, discard_prompt, pass_turn, start_prompt
from companion.games.tkc.state import TkcState
from companion.games.tkc.view import final_line
from companion.text import markup
from screens.commands import Command, bindings
from screens.table_screen import BASE_ACTIONS, TableScreen

TKC_ACTIONS = (
    Command("s", "start_player", "Start player", "Enter the corner value of each player's card"),
    Command("d", "draw", "Draw 2", "The active player draws 2 cards"),
    Command("k", "crown", "Crown", "Use a crown: one of the five commands"),
    Command("b", "ball", "Crystal ball", "Use a crystal ball: one of its three options"),
    Command("a", "attack", "Attack", "Enter defender and cards; the app names the attack"),
    Command("c", "discard", "Discard", "Discard for cards: swords, a shield or a relic"),
    Command("p", "pass_turn", "Pass", "End the turn without attacking or discarding (only if you cannot)"),
    Command("f", "count", "Count piles", "At the end: confirm or correct each score pile"),
)


class TkcScreen(TableScreen):
    CSS_PATH = ["table_screen.tcss", "tkc_screen.tcss"]
    ACTIONS = (*TKC_ACTIONS, *BASE_ACTIONS)
    BINDINGS = bindings(*TKC_ACTIONS, *BASE_ACTIONS)

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        yield Static("", id="tkc-info")

    @property
    def game_state(self) -> TkcState:
        state: TkcState = self.shown_state
        return state

    def paint_panel(self, view: TableView) -> None:
        super().paint_panel(view)
        s = self.game_state
        lines: list[str] = []  # the piles (counts_line) stand under the header: the status
        if s.step == "start":
            lines.append("Each player draws a card: press [b]s[/b] and type the corner values.")
        if final := final_line(s):
            lines.append(f"[b reverse] {markup(final)} [/]")
        if s.over and not all(s.confirmed):
            lines.append("[b]Game over.[/b] Press [b]f[/b] to confirm or correct each score pile.")
        game = self.timeline.game if self.timeline else None
        if game is not None:
            lines.extend(markup(line) for line in game.panel(s))  # the piles, when the game shows them
        result = game.result(s) if game else None
        if result is not None:
            lines.append(f"[b]{markup(result.reasoning)}[/b]")
        self.query_one("#tkc-info", Static).update("\n".join(lines))

    # -- actions: each opens the question the core builds from the state ----------------------

    def action_start_player(self) -> None:
        self.prompt(start_prompt(self.game_state))

    def action_draw(self) -> None:
        self.record(Draw())

    def action_pass_turn(self) -> None:
        if reason := self.take(pass_turn(self.game_state)):
            self.explain(reason)

    def action_attack(self) -> None:
        self.prompt(attack_prompt(self.game_state))

    def action_discard(self) -> None:
        self.prompt(discard_prompt(self.game_state))

    def action_crown(self) -> None:
        self.prompt(crown_prompt(self.game_state))

    def action_ball(self) -> None:
        self.prompt(ball_prompt(self.game_state))

    def action_count(self) -> None:
        self.prompt(count_prompt(self.game_state))
