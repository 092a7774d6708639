"""Seirei Kairo Drive's buttons on a seat's phone: each opens what its table key opens
(companion.seat_openers), named as the table's footer names the key."""

from __future__ import annotations

from typing import Any

from companion.seat_openers import Opener, Shelf


def openers() -> tuple[Opener, ...]:
    from companion.games.skd import events as ev
    from companion.games.skd import prompts as p

    def shelves(shelf: Shelf) -> Any:
        return {kind: dict(shelf(kind)) for kind in ("character", "enemy", "boss")}

    return (
        Opener("draw", "d", "Draw", lambda s, shelf: ev.Draw(), asks=False),
        Opener("play", "p", "Play", lambda s, shelf: p.play_prompt(s, shelves(shelf))),
        Opener("level_up", "l", "Level up", lambda s, shelf: p.level_up_prompt(s)),
        Opener("skill", "k", "Skill", lambda s, shelf: p.skill_line_prompt(s, shelves(shelf))),
        Opener("enemy", "e", "Enemy phase", lambda s, shelf: ev.EnemyPhase(), asks=False),
        Opener("pick", "c", "Pick", lambda s, shelf: p.pick_prompt(s, shelves(shelf))),
        Opener("swap", "x", "Swap", lambda s, shelf: p.swap_prompt(s, shelves(shelf))),
        Opener("pass_draft", "o", "Pass", lambda s, shelf: ev.DraftPass(), asks=False),
        Opener("reveal", "v", "Reveal enemy", lambda s, shelf: p.reveal_prompt(s, shelves(shelf))),
        Opener("boss_step", "b", "Boss setup", lambda s, shelf: p.boss_step(s, shelves(shelf))),
        Opener("move", "m", "Move cards", lambda s, shelf: p.move_prompt(s)),
        Opener("mana", "a", "Mana", lambda s, shelf: p.mana_prompt(s)),
        Opener("correct", "h", "Correct enemy", lambda s, shelf: p.correct_prompt(s)),
    )
