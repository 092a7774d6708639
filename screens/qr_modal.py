"""BG Stats' push link as a QR code: a phone at the table scans it and BG Stats opens the play.

The code is drawn black on white whatever the terminal's colours, two modules a character; when
the window is too small for it the dialog says how big it must be rather than cut the code (a
cut code does not scan), and the link is always there in words. The seats' links draw theirs
the same way (`drawn`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from companion import qr

CHROME = 2  # the lines above the code: the heading (one line, a spare for its wrap)


class QrModal(ModalScreen[None]):
    CSS_PATH = "qr_modal.tcss"
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, link: str) -> None:
        super().__init__()
        self.link = link
        self.code = qr.lines(link)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield Static("Scan with the phone's camera: BG Stats opens the play.  [b]esc[/b] close", id="heading")
            yield Static(id="code")
            yield Static(Text(self.link), id="link")

    def on_mount(self) -> None:
        self.draw()

    def on_resize(self, event: Resize) -> None:
        self.draw()

    def draw(self) -> None:
        hint = "Or open the link below on the phone (e, a .txt file, saves it)."
        self.query_one("#code", Static).update(drawn(self.code, self.app.size, CHROME, hint))

    def action_close(self) -> None:
        self.dismiss(None)


def drawn(code: list[str], size: Size, chrome: int, hint: str) -> Text:
    """The code black on white if the window holds it whole with `chrome` lines beside it; else
    how big the window must be (a cut code does not scan), and `hint` (where the link is)."""
    width, height = size
    if len(code[0]) + 2 <= width and len(code) + chrome <= height:  # + its padding
        return Text("\n".join(code), style="black on white", no_wrap=True)
    need = f"{len(code[0]) + 2}×{len(code) + chrome}"
    return Text(
        f"The QR code needs a window of {need} characters (this one is {width}×{height}): "
        f"make the window bigger or the font smaller, and it appears here. {hint}"
    )
