"""The app's one ordered queue of keys: a key, and everything it sets off, is done before the
next key is delivered, so a burst means exactly what the same keys typed slowly mean.

Textual (8.2.8) runs a priority binding as soon as a key reaches the app, hands the key to the
focused widget's own message queue, runs other bindings only once the key has bubbled back up
through more queues, mounts a question or a modal in its own queue, and gives a modal's answer
to the screen under it through yet another. Keys that arrive together (a fast typist, a
terminal's burst, a loaded machine) could overtake each other there: ctrl+s before the names
typed ahead of it, digits sent to a dice tray not yet mounted, a key to the widget going away.

Here every key and paste waits in one queue. The next is delivered only when the screen on
top has mounted (with its focus set) and no message pump of the app's screens is busy: the
state slow typing gives every key. Nothing is dropped and nothing is delivered twice.

A pump's waiting messages are its queue and the one it has taken out to look at: before it
handles a message, Textual takes the next one off the queue (`_pending_message`, to merge
messages that replace each other), so a key bubbling up to its screen sits there, in no
queue, while the pump handles the message before it. A look at the queues alone would send
the next key to the widget focused before that key had opened its question.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Iterator
from functools import partial
from typing import Any

from textual import events, messages
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump

# A pump that went away while a key waited for it never answers: look again after this long.
PATIENCE = 0.1
# While an action waits for another program's lock, the keys behind it wait too: looked at this often.
SAVE_LOOK = 0.05
# What a key's handling waits for is what decides the meaning of the next key (a key bubbling,
# an answer's message, a callback, a focus); a repaint, a layout or a timer's tick never does.
PAINTING = (
    messages.Update,
    messages.Layout,
    messages.UpdateScroll,
    messages.Prompt,
    messages.InvokeLater,
    events.Idle,
    events.Timer,
    events.Resize,
    events.Show,
    events.Hide,
    events.Compose,
    events.Mount,
)


def waiting(pump: MessagePump) -> Iterator[Message]:
    """The messages `pump` has not handled yet: the one it took off its queue to look at
    while it handles the message before it, then its queue."""
    held: Message | None = pump._pending_message
    if held is not None:
        yield held
    queued: Iterable[Message | None] = pump._message_queue.values
    yield from (message for message in queued if message is not None)


def busy(pump: MessagePump) -> bool:
    """Messages that can change what a key means (or callbacks due after the message being
    handled) are waiting in `pump`."""
    if pump._next_callbacks:
        return True
    return any(not isinstance(message, PAINTING) and not arriving(message) for message in waiting(pump))


def arriving(message: Message) -> bool:
    """A key or paste from the terminal, not yet in the queue: it is the queue's to order."""
    return isinstance(message, events.Key | events.Paste) and not message.is_forwarded


class KeyQueue:
    def __init__(self, app: App[Any], deliver: Callable[[events.Event], Awaitable[None]]) -> None:
        self.app = app
        self._deliver = deliver
        self._keys: deque[events.Event] = deque()
        self._waiting = False  # a key was delivered and what it set off is still running
        self._round = 0  # which look at the pumps a callback answers
        self._delivered = 0  # keys delivered so far
        self._quiet = 0  # rounds in a row that found nothing to wait for
        self._answers = 0  # callbacks answered, all rounds

    @property
    def idle(self) -> bool:
        """No key is waiting or running (tests wait for this, as a player waits for the screen)."""
        return not self._keys and not self._waiting and next(waiting(self.app), None) is None

    @property
    def typing_ahead(self) -> bool:
        """Keys have arrived that are not delivered yet (a screen waiting for a pause in the
        typing waits for them too)."""
        return bool(self._keys) or any(arriving(m) for m in waiting(self.app))

    async def put(self, event: events.Event) -> None:
        """Queue a key (or a paste) as it arrives; delivered at once if nothing is running."""
        self._keys.append(event)
        await self._next()

    async def _next(self) -> None:
        if self._waiting or not self._keys:
            return
        self._waiting = True
        self._delivered += 1
        event = self._keys.popleft()
        try:
            await self._deliver(event)
        finally:
            self._look()
            self.app.set_timer(PATIENCE, partial(self._stuck, self._delivered, self._answers))

    def _stuck(self, delivered: int, answers: int) -> None:
        """Still waiting on the same key and no callback answered since the last look: a pump
        went away without answering, so look again (a slow round on a loaded machine goes on)."""
        if not self._waiting or delivered != self._delivered:
            return
        if answers == self._answers:
            self._look()
        self.app.set_timer(PATIENCE, partial(self._stuck, delivered, self._answers))

    def _pumps(self) -> Iterator[MessagePump]:
        """Where what a key sets off runs: the app, every screen (a modal's answer runs in the
        screen under it), and the widgets of the screen on top."""
        yield self.app
        stack = self.app.screen_stack
        yield from stack
        if stack:
            yield from stack[-1].walk_children()

    def _chain(self) -> Iterator[MessagePump]:
        """Where a key and what it sets off are handled: the app, every screen, and the
        focused widget with its ancestors (a key bubbles up them, an Input's answer too)."""
        yield self.app
        stack = self.app.screen_stack
        yield from stack
        focused = stack[-1].focused if stack else None
        if focused is not None:
            yield from (node for node in focused.ancestors_with_self if node not in stack and node is not self.app)

    def _look(self) -> None:
        """A round: a callback queued behind whatever each pump holds or is handling now (a
        handler waiting on an await has taken its message off the queue: only a callback that
        runs after it shows it is done). Two quiet rounds in a row, and the next key goes."""
        self._round += 1
        look = self._round
        pumps = list(self._chain())
        left = len(pumps)

        def done() -> None:
            nonlocal left
            left -= 1
            self._answers += 1
            if left == 0 and look == self._round:
                self._after(look)

        for pump in pumps:
            if not pump.call_later(done):  # closing: it runs nothing more
                done()

    def _saving(self) -> bool:
        """An action waits for another program's write lock (the recorder's "save" worker):
        whether it lands decides what the keys typed after it mean, as a slow typist would
        wait to see it saved, so they wait too (looked at again every SAVE_LOOK seconds)."""
        return any(w.group == "save" and not w.is_finished for w in self.app.workers)

    def _after(self, look: int) -> None:
        stack = self.app.screen_stack
        if self._saving():
            self._quiet = 0
            self.app.set_timer(SAVE_LOOK, self._look)
            return
        if any(busy(p) for p in self._pumps()) or (stack and not stack[-1].is_mounted):
            self._quiet = 0
        else:
            self._quiet += 1
        if self._quiet < 2:
            self._look()
        else:
            self.app.call_later(self._resume, look)

    async def _resume(self, look: int) -> None:
        if look != self._round:
            return
        if busy(self.app):  # a key bubbled up to the app meanwhile
            self._quiet = 0
            self._look()
            return
        self._quiet = 0
        self._waiting = False
        await self._next()
