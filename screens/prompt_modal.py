"""One line of text from the player; dismisses with the text, or None on escape."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.text import literal, shown


class PromptModal(ModalScreen[str | None]):
    CSS_PATH = "prompt_modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(literal(self.question, lines=True), id="question")
            yield Input(shown(self.value), placeholder=self.placeholder, id="answer")
            yield Static("[b]enter[/b] ok    [b]esc[/b] cancel", id="keys")

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
