"""The log pane: one line per action, newest at the bottom, a cursor to pick one.

Lines are drawn through Textual's line API and kept once drawn, so a new action costs one
new line and a scroll. (A DataTable re-renders every visible row, and relays out the
screen, whenever a row is added: 8-10 ms a frame, one frame after every action.) The
screen says how many lines there are, from which one they changed, and how to make line i.
A line wider than the pane is cut with a marker (…); the screen shows the selected line
whole elsewhere, so the pane never scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import var
from textual.scroll_view import ScrollView
from textual.strip import Strip


class LogPane(ScrollView, can_focus=True):
    ALLOW_SELECT = False  # lines are picked with the cursor; no text selection to offset for
    COMPONENT_CLASSES = {"log-pane--cursor"}
    DEFAULT_CSS = """
    LogPane {
        background: $surface;
        color: $foreground;
        & > .log-pane--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .log-pane--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1_000_000_000)", "First", show=False),
        Binding("end", "move(1_000_000_000)", "Last", show=False),
        Binding("enter", "select", "Show this action", show=False),
    ]

    class Selected(Message):
        """A line was chosen (enter, or a click on the highlighted line)."""

        def __init__(self, pane: LogPane, index: int) -> None:
            super().__init__()
            self.pane = pane
            self.index = index

        @property
        def control(self) -> LogPane:
            return self.pane

    cursor: var[int] = var(0)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._count = 0
        self._drawn_width = 0
        self._line: Callable[[int], Text] = lambda i: Text()
        self._drawn: LRUCache[int, Strip] = LRUCache(maxsize=500)
        self._drawn_style: Style | None = None
        self._styles = (Style(), Style())  # plain and cursor lines, fixed for one paint

    @property
    def row_count(self) -> int:
        return self._count

    def row_text(self, index: int) -> str:
        return self._line(index).plain

    def show(self, count: int, changed_from: int, line: Callable[[int], Text]) -> None:
        """`count` lines, made by `line(i)`; those before `changed_from` are as last shown."""
        if changed_from == 0:
            self._drawn.clear()
        for i in range(changed_from, self._count):
            self._drawn.discard(i)
        self._count, self._line = count, line
        size = Size(0, count)
        if size != self.virtual_size:
            # Textual's own path for a size change that moves no other widget (as in
            # Widget._size_updated with layout=False): the scrollbars follow, and only a
            # scrollbar appearing or going costs a relayout. Assigning virtual_size would
            # relayout, and so repaint, the whole screen on every new line.
            self.set_reactive(LogPane.virtual_size, size)
            self._refresh_scrollbars()
            self.vertical_scrollbar.window_virtual_size = count
            self.scroll_y = self.validate_scroll_y(self.scroll_y)
        self.refresh()

    def move_to(self, index: int) -> None:
        """Put the cursor on line `index` and scroll it into view now (not a frame later)."""
        self.cursor = max(0, min(index, self._count - 1))
        self._scroll_to_cursor()
        # Again after the layout: a horizontal scrollbar that appears takes a line.
        self.call_after_refresh(self._scroll_to_cursor)

    def _scroll_to_cursor(self) -> None:
        self.scroll_to_region(Region(0, self.cursor, 1, 1), animate=False, immediate=True, force=True)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A pane given its size after the lines arrived (the first layout, a terminal
        resized) keeps its cursor in view: a scroll asked of a pane with no height yet does
        nothing, so a session opened on a busy machine showed its oldest lines."""
        self._scroll_to_cursor()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()

    # -- drawing ------------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        base = self.rich_style  # once per paint, not once per line
        room = self.scrollable_content_region.width  # the scrollbar, shown with focus, takes a column
        if base != self._drawn_style or room != self._drawn_width:
            self._drawn.clear()  # focus tints the background, or the cut moved: draw again
            self._drawn_style, self._drawn_width = base, room
        self._styles = (base, base + self.get_component_rich_style("log-pane--cursor"))
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.size.width
        base, cursor = self._styles
        if index >= self._count:
            return Strip.blank(width, base)
        if index == self.cursor:
            style, strip = cursor, self._draw(index, cursor)
        else:
            style = base
            drawn = self._drawn.get(index)
            if drawn is None:
                drawn = self._draw(index, base)
                self._drawn.set(index, drawn)
            strip = drawn
        return strip.crop_extend(0, width, style)

    def _draw(self, index: int, style: Style) -> Strip:
        text = self._line(index)
        room = self.scrollable_content_region.width
        if text.cell_len > room:
            text.truncate(room, overflow="ellipsis")
        # Text.render leaves out the base style; the line's own (dim, strike) stays on top.
        return Strip(list(text.render(self.app.console)), text.cell_len).apply_style(style)

    # -- keys and mouse -----------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, direction: int) -> None:
        self.move_to(self.cursor + direction * max(1, self.scrollable_content_region.height - 1))

    def action_select(self) -> None:
        if self._count:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.scroll_offset.y + offset.y
        if index >= self._count:
            return
        if index == self.cursor:
            self.action_select()
        else:
            self.move_to(index)
