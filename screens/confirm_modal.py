"""A yes/no question; dismisses with True only on an explicit yes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.text import literal


class ConfirmModal(ModalScreen[bool]):
    CSS_PATH = "confirm_modal.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(literal(self.question, lines=True), id="question")
            yield Static("[b]y[/b] yes    [b]n[/b] / [b]esc[/b] no", id="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
