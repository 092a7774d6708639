"""The King Commands's buttons on a seat's phone: each opens what its table key opens
(companion.seat_openers), named as the table's footer names the key."""

from __future__ import annotations

from companion.seat_openers import Opener


def openers() -> tuple[Opener, ...]:
    from companion.games.tkc import notation as n
    from companion.games.tkc import prompts as p
    from companion.games.tkc.events import Draw

    return (
        Opener("start_player", "s", "Start player", lambda s, shelf: p.start_prompt(s)),
        Opener("draw", "d", "Draw 2", lambda s, shelf: Draw(), asks=False),
        Opener("crown", "k", "Crown", lambda s, shelf: n.crown_prompt(s)),
        Opener("ball", "b", "Crystal ball", lambda s, shelf: n.ball_prompt(s)),
        Opener("attack", "a", "Attack", lambda s, shelf: p.attack_prompt(s)),
        Opener("discard", "c", "Discard", lambda s, shelf: p.discard_prompt(s)),
        Opener("pass_turn", "p", "Pass", lambda s, shelf: p.pass_turn(s)),
        Opener("count", "f", "Count piles", lambda s, shelf: p.count_prompt(s)),
    )
