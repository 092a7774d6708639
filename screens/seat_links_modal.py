"""Each seat's link as a QR code, one seat at a time, from the record `companion serve --seats`
keeps in the file (`companion.seat_links` reads it; this only draws). A phone at the table
scans its player's code and opens that seat's page.

The code is drawn as the BG Stats code is (`screens.qr_modal.drawn`): black on white, never
cut (a small window says how big it must be), the link always in words under it. `r` renews
every seat's link after asking; the old links stop working at once. When nothing serves the
session's seats, the dialog says how to start it. It reads the record again when the file
changed (a server started or stopped in another terminal while it is open), in a thread: a
file busy with another program's write never holds the screen.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

from companion import qr
from companion.seat_links import SeatLinks, alive, links_now, renew
from companion.store.files import StoreError
from companion.text import literal
from screens.commands import Command, bindings
from screens.confirm_modal import ConfirmModal
from screens.qr_modal import drawn
from screens.store_access import store

CHROME = 2  # the lines above the code: the player's name (and a spare for its wrap)
RENEW = "Renew every seat's link? The old links stop working."
SEAT_LINKS_ACTIONS = (
    Command("right", "move(1)", "Next seat", "The next player's link", key_display="→"),
    Command("left", "move(-1)", "Previous seat", "The previous player's link", key_display="←"),
    Command("r", "renew", "Renew links", "New links for every seat; the old ones stop working (asks first)"),
    Command("escape", "close", "Close", "Back to the table", key_display="esc"),
)


class SeatLinksModal(ModalScreen[None]):
    CSS_PATH = "seat_links_modal.tcss"
    BINDINGS = bindings(*SEAT_LINKS_ACTIONS)

    def __init__(self, session_id: int) -> None:
        super().__init__()
        self.session_id = session_id
        self.shown = SeatLinks()
        self.seat = 0
        self.note = ""  # what the last renew did
        self._version: int | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield Static(id="heading")
            yield Static(id="code")
            yield Static(id="link")
            yield Static(id="keys")

    def on_mount(self) -> None:
        self.shown = SeatLinks(said="Reading the seat links…")
        self.draw()
        self.look(True)
        self.set_interval(1.0, self.look)

    def on_resize(self, event: Resize) -> None:
        self.draw()

    @work(thread=True, group="seat-links")
    def look(self, always: bool = False) -> None:
        """Read the record (off the screen's thread: the file may be busy) when another program
        wrote to the file since (a server started or stopped), and see that its server still
        runs (a killed one writes nothing)."""
        try:
            repo = store(self.app)
            version = repo.data_version()
            if not always and version == self._version and not self._gone():
                return
            shown = links_now(repo, self.session_id)
        except StoreError as exc:
            version, shown = None, SeatLinks(said=str(exc))
        self.app.call_from_thread(self.show, version, shown, self.note)

    def _gone(self) -> bool:
        return bool(self.shown.links) and not alive(self.shown.pid, self.shown.started)

    def show(self, version: int | None, shown: SeatLinks, note: str) -> None:
        self._version, self.shown, self.note = version, shown, note
        self.seat = min(self.seat, max(len(shown.links) - 1, 0))
        self.draw()

    def draw(self) -> None:
        heading, code, link = (self.query_one(f"#{name}", Static) for name in ("heading", "code", "link"))
        keys = self.query_one("#keys", Static)
        links = self.shown.links
        if not links:
            heading.update(Text("Seat links", style="bold"))
            code.update(literal(self.shown.said))
            link.update("")
            keys.update(Text.assemble(self.note + "  " if self.note else "", ("esc", "bold"), " close"))
            return
        name, address = links[self.seat]
        heading.update(
            Text.assemble(
                literal(name, "bold"), f"  seat {self.seat + 1} of {len(links)}: scan with this player's phone"
            )
        )
        code.update(drawn(qr.lines(address), self.app.size, CHROME, "Or type the link below on the phone."))
        link.update(Text(address))
        who = "every seat records any action" if self.shown.everyone else "each seat records its own actions"
        keys.update(
            Text.assemble(
                *((self.note + "  ",) if self.note else (f"{who}.  ",)),
                ("← →", "bold"),
                " seat  ",
                ("r", "bold"),
                " renew  ",
                ("esc", "bold"),
                " close",
            )
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True if action == "close" or self.shown.links else None

    def action_move(self, step: int) -> None:
        self.seat = (self.seat + step) % len(self.shown.links)
        self.note = ""
        self.draw()

    def action_renew(self) -> None:
        self.app.push_screen(ConfirmModal(RENEW), self._renew)

    def _renew(self, yes: bool | None) -> None:
        if yes:
            self.renew_now()

    @work(thread=True, group="seat-links-renew", exclusive=True)
    def renew_now(self) -> None:
        try:
            repo = store(self.app)
            shown = renew(repo, self.session_id)
            version: int | None = repo.data_version()
            note = "New links: the old ones no longer open a seat." if shown.links else ""
        except StoreError as exc:
            version, shown, note = self._version, self.shown, f"Not renewed: {exc}"
        self.app.call_from_thread(self.show, version, shown, note)

    def action_close(self) -> None:
        self.dismiss(None)
