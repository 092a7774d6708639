"""The one exception of the rules: an action they do not allow, with the reason for the player.

Its own module so that `companion.numbers` (which refuses typed numbers with it) and
`companion.core` (which uses those numbers) import each other in one direction only; everyone
else imports it from `companion.core`.
"""

from __future__ import annotations


class Rejected(Exception):
    """An action the rules do not allow. `reason` is shown to the player as written."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
