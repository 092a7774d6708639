"""The footer, fitted: it shows the keys that fit whole, then a marker; the rest are in ctrl+p.

A table screen may give a key another word in a state (`key_title`: Monster Maker 5's draw
key is "Deal" in the deal); the footer shows that word.

Textual's footer lays every key in a row and the screen's edge cuts the last one mid-word
(`V Table` of `Table view` at 80 columns). This one measures each key as it will be drawn and
stops before the first that would not fit, so a label is never cut.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

PALETTE = 14  # the command palette's key, docked at the right
MORE = "… ctrl+p"


class FittedFooter(Footer):
    DEFAULT_CSS = """
    FittedFooter FooterLabel.-more { color: $footer-description-foreground; text-style: dim; }
    """

    def compose(self) -> ComposeResult:
        self._composed_for = self.size.width or self.app.size.width
        room = self._composed_for - PALETTE - cell_len(MORE) - 1
        used, cut = 0, False
        titled = getattr(self.screen, "key_title", None)  # a table screen's word for a key now
        for widget in super().compose():
            if titled is not None and isinstance(widget, FooterKey) and (title := titled(widget.action)):
                widget.description = title
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                # The footer's `compact`, which the key is bound to as it mounts, set already: the
                # key is styled once (it starts compact and was restyled twice for a wide footer).
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                width = cell_len(widget.key_display) + cell_len(widget.description) + (2 if self.compact else 3)
                if cut or used + width > room:
                    cut = True
                    continue
                used += width
            yield widget
        if cut:
            yield FooterLabel(MORE, classes="-more")

    def on_resize(self) -> None:
        """A new width fits other keys: compose again (only then, not on the first layout)."""
        if self.size.width != getattr(self, "_composed_for", self.size.width):
            self.refresh(recompose=True)

    def watch_compact(self, compact: bool) -> None:
        """Compact keys are narrower: more of them fit."""
        if getattr(self, "_composed_for", None) is not None:
            self.refresh(recompose=True)
