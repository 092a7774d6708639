"""Free play's buttons on a seat's phone: each opens what its table key opens
(companion.seat_openers), named as the table's footer names the key."""

from __future__ import annotations

from typing import Any

from companion.core import Prompt, Rejected
from companion.seat_openers import Built, Opener, Shelf


def openers() -> tuple[Opener, ...]:
    from companion.games.free import Finish
    from companion.games.free import notation as n

    def change(state: Any, shelf: Shelf) -> Built:
        """Which counter, then the change: the phone has no cursor to pick a cell with."""
        named = {f"{n.owner_name(state, c.owner)} {c.name}": c for c in state.counters}

        def pick(text: str) -> Prompt:
            folded = {name.casefold(): c for name, c in named.items()}
            counter = folded.get(" ".join(text.split()).casefold())
            if counter is None:
                raise Rejected(
                    f"No counter {text.strip()!r}: choose one of {', '.join(named) or 'none yet (New counter)'}."
                )
            return n.change_prompt(state, counter, "")

        return Prompt("Which counter? (player and counter name)", pick, choices=tuple(named), suggest=tuple(named))

    return (
        Opener("change", "±", "Change", change),
        Opener("add_counter", "a", "New counter", lambda s, shelf: n.new_counter_prompt(s)),
        Opener("countdown", "c", "Countdown", lambda s, shelf: n.countdown_prompt(s)),
        Opener("finish", "f", "Finish", lambda s, shelf: Finish(), asks=False),
    )
