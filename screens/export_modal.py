"""The export dialog: a file name, whose ending chooses the format (the table in
`companion.formats`), or BG Stats' push link as a QR code for a phone at the table."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.formats import FORMATS
from companion.text import literal, shown

QR = ("qr", "")  # what the dialog returns when the player asks for the QR code


class ExportModal(ModalScreen[tuple[str, str] | None]):
    """Dismisses with ("file", name), QR, or None on escape."""

    CSS_PATH = "export_modal.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+b", "qr", "BG Stats QR code", priority=True),
    ]

    def __init__(self, title: str, value: str, finished: bool) -> None:
        super().__init__()
        self.session_title = title
        self.value = value
        self.finished = finished

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(literal(f"Export “{self.session_title}” to a file:"), id="question")
            yield Input(shown(self.value), id="answer")
            yield Static("\n".join(f"{f.suffix:<9} {f.label}" for f in FORMATS), id="formats", markup=False)
            qr = "[b]ctrl+b[/b] BG Stats QR code" if self.finished else "(QR code for BG Stats: a finished game)"
            yield Static(f"[b]enter[/b] export    {qr}    [b]esc[/b] cancel", id="keys")

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(("file", event.value))

    def action_qr(self) -> None:
        if self.finished:
            self.dismiss(QR)
        else:
            self.notify("Only a finished game goes to BG Stats; finish it first.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
