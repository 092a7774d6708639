"""The King Commands at the table: one key per step of the turn, typed card notation.

Every prompt is the shared entry line; what is legal, what an attack is called and what stops
it all come from the core (companion.games.tkc), so a refused entry keeps the line open with the
core's reason in its label. Multi-step actions (an attack, then its outcome) chain prompts and
record a single event at the end, so one undo takes back the whole action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import Event, Prompt, Rejected, TableView
from companion.games.tkc import cards as deck
from companion.games.tkc import words
from companion.games.tkc.events import (
    CountPile,
    Draw,
    NextTurn,
    StartDraw,
)
from companion.games.tkc.notation import (
    AttackLine,
    attack_text,
    ball_prompt,
    crown_prompt,
    outcome_examples,
    parse_numbers,
    read_attack,
    read_discard,
)
from companion.games.tkc.state import TkcState
from companion.games.tkc.view import counts_line, final_line
from companion.text import literal, markup
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
        lines = [f"[dim]{markup(counts_line(s))}[/]"]
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

    # -- helpers ------------------------------------------------------------------------------

    def _prompt(self, label: str | Text, value: str, parse: Callable[[str], Any]) -> None:
        """Ask; `parse` returns an event to record, a follow-up callable, or raises Rejected."""

        def submit(text: str) -> str | None:
            try:
                outcome = parse(text)
            except Rejected as exc:
                return exc.reason
            if isinstance(outcome, Event):
                return self.attempt(outcome)
            if callable(outcome):
                self.call_after_refresh(outcome)
            return None

        self.ask(label, value, submit)

    def _letters(self) -> str:
        return " ".join(f"{c[0]}={c}" for c in self.game_state.colours) + " x=Excalibur"

    # -- actions --------------------------------------------------------------------------------

    def action_start_player(self) -> None:
        s = self.game_state
        names = " ".join(s.players[i] for i in s.contenders)

        def parse(text: str) -> Any:
            event = StartDraw(parse_numbers(text))
            if error := self.attempt(event):
                raise Rejected(error)
            return self.action_start_player if self.game_state.step == "start" else None

        again = "Tie! Redraw: " if len(s.contenders) < s.n else ""
        self._prompt(f"{again}corner value (0 1 2 3 5) of each card drawn, in order: {names}", "", parse)

    def action_draw(self) -> None:
        self.record(Draw())

    def action_pass_turn(self) -> None:
        """Passing gives up the attack or discard: asked first, unless the hand is empty."""
        s = self.game_state
        held = s.hands[s.active]
        if not held:
            self.record(NextTurn(passed=True))
            return
        label = words.pass_question(s)

        def submit(text: str) -> str | None:
            if text.strip():
                return "Leave the line empty and press enter to pass, or esc to go back."
            return self.attempt(NextTurn(passed=True))

        self.ask(label, "", submit)

    def action_attack(self) -> None:
        s = self.game_state
        me = s.players[s.active]
        other = next(i for i in range(s.n) if i != s.active)
        example = f"{other + 1}{s.colours[0][0] * 2}"
        label = (
            f"{me} attacks: defender (seat or name), cards, and the outcome if you like: {example} "
            f"(then asks the outcome) or {example} h g in one go  ({self._letters()})"
        )
        others = [p for i, p in enumerate(s.players) if i != s.active]
        self.ask(label, "", self._submit_attack, suggest=others)

    def _submit_attack(self, text: str) -> str | None:
        """Record a whole attack line, or ask its outcome; the reason if the line is refused."""
        try:
            line = read_attack(self.game_state, text)
        except Rejected as exc:
            return exc.reason
        if line.event is not None:
            return self.attempt(line.event)
        self._ask_outcome(line)
        return None

    def _ask_outcome(self, line: AttackLine) -> None:
        """The attack typed so far stays on the line; the player adds the outcome (or edits
        the attack). Only the outcomes this attack can have are offered."""
        s = self.game_state
        row = deck.classify(line.cards, s.poke_unblockable)
        who = s.players[line.defender]
        offered = " · ".join(f"{key} = {text}" for key, text in outcome_examples(s, line))
        label = literal(words.attack_name(row, line.cards), style="b") + literal(f" on {who}. ")
        label += literal(line.note, style="b") if line.note else literal(deck.stoppers(row, line.cards))
        label += literal(f"\nAdd the outcome: {offered}", lines=True)
        self.ask(label, attack_text(s, line), self._submit_attack, suggest=[k for k, _ in outcome_examples(s, line)])

    def action_discard(self) -> None:
        s = self.game_state
        menu = " · ".join(f"{i}: {deck.discard_label(k, n)} → draw {d}" for i, (k, n, d) in enumerate(deck.DISCARDS, 1))
        cap = f" (only {s.draw_pile} left to draw)" if s.draw_pile < 6 else ""
        self.prompt(Prompt(f"Discard for cards{cap}: {menu}  (relic: {deck.RELICS})", read_discard))

    def action_crown(self) -> None:
        self.prompt(crown_prompt(self.game_state))

    def action_ball(self) -> None:
        self.prompt(ball_prompt(self.game_state))

    def action_count(self) -> None:
        s = self.game_state
        todo = [i for i in range(s.n) if not s.confirmed[i]] or list(range(s.n))
        seat = todo[0]
        tally = " ".join(str(n) for n in s.piles[seat])

        def parse(text: str) -> Any:
            if error := self.attempt(CountPile(seat, parse_numbers(text))):
                raise Rejected(error)
            return self.action_count if not all(self.game_state.confirmed) else None

        self._prompt(
            f"{s.players[seat]}'s score pile, counted by type: {', '.join(deck.CARD_TYPES)} "
            "(enter keeps the app's tally)",
            tally,
            parse,
        )
