"""A check box whose on and off differ in what it shows, not only in colour (NO_COLOR, a
monochrome terminal, a colour-blind player): ✓ when on, a blank when off."""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox

ON, OFF = "✓", " "


class MarkedCheckbox(Checkbox):
    @property
    def _button(self) -> Content:
        """Textual's button (its sides drawn in the button's colour), the mark inside it."""
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (ON if self.value else OFF, button_style),
            (self.BUTTON_RIGHT, side_style),
        )
