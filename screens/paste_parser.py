"""The terminal's bytes read so that a bracketed paste stays one paste, whatever it holds.

Textual 8.2.8's `XTermParser` reads an ESC inside a bracketed paste as the start of a key
sequence: the text after it comes out as keys (the ESC as `^`) *before* the paste event with
the text before it, so `first ESC second` pasted into a line read `^ secondfirst`. Here an ESC
inside a paste that does not start the paste's end marker is carried through the parser as
a stand-in character and given back as ESC in the Paste event; the app then shows it as
`\\x1b` like any control character in a paste (`CompanionApp.on_event`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from textual import events
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.driver import Driver
from textual.message import Message

ESC = "\x1b"
STAND_IN = "\ue01b"  # private use: never typed, given back as ESC


class PasteParser(XTermParser):
    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._pasting = False
        self._recent = ""  # the last characters passed on outside a paste: a start marker split across reads
        self._held = ""  # inside a paste: characters that may begin its end marker

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of input: what was held goes first
            held, self._held = self._held, ""
            if held:
                yield from self._given_back(super().feed(held))
            yield from super().feed(data)
            return
        carried = self._carried(data)
        if carried:  # an empty feed would tell the parser the input has ended
            yield from self._given_back(super().feed(carried))

    def _carried(self, data: str) -> str:
        out: list[str] = []
        for ch in data:
            if not self._pasting:
                out.append(ch)
                self._recent = (self._recent + ch)[-len(BRACKETED_PASTE_START) :]
                if self._recent == BRACKETED_PASTE_START:
                    self._pasting, self._recent = True, ""
                continue
            self._held += ch
            while self._held and not BRACKETED_PASTE_END.startswith(self._held):
                first, self._held = self._held[0], self._held[1:]
                out.append(STAND_IN if first == ESC else first)
            if self._held == BRACKETED_PASTE_END:
                out.append(self._held)
                self._pasting, self._held = False, ""
        return "".join(out)

    @staticmethod
    def _given_back(parsed: Iterable[Message]) -> Iterable[Message]:
        for event in parsed:
            if isinstance(event, events.Paste) and STAND_IN in event.text:
                event = events.Paste(event.text.replace(STAND_IN, ESC))
            yield event


def read_pastes_whole(driver_class: type[Driver]) -> type[Driver]:
    """Make the driver read the terminal with `PasteParser`. Textual's drivers build their
    parser from their module's `XTermParser` name, with no hook to pass another: that name is
    pointed at the subclass (only for drivers that read xterm sequences)."""
    module: Any = sys.modules[driver_class.__module__]
    if getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = PasteParser
    return driver_class
