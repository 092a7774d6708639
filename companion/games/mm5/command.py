"""`companion battle`: the exact chance that the attacker wins a Monster Maker 5 battle under
best play, and each side's best first strike, for lineups typed in the table's card notation.

    companion battle --attacker "Orc = orc P 2/1 M 0/1; Orc" --defender "Warrior = companion P 3/4 M 1/2"

Characters are numbered in the order typed, attackers first, as the strikes name them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.core import Rejected
from companion.games.mm5.advice import Advice, Best, advise
from companion.games.mm5.cards import make_card
from companion.games.mm5.notation import parse_lineup
from companion.games.mm5.strike import Fighter, fighter
from companion.text import shown

EXAMPLE = '"Orc = orc P 2/1 M 0/1; Orc; Holy Knight 3 = knight P 4/5 M 3/4 +gem"'
# The most characters a side the command takes: past it the exact solve gives up and even the
# simulation takes many seconds (16 a side: about 15 s; 45 a side ran out of stack), and no
# table fields that many.
MOST = 12


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p: argparse.ArgumentParser = sub.add_parser(
        "battle",
        help="Monster Maker 5: the exact chance of winning a battle under best play",
        description="The attacker's exact chance to win a Monster Maker 5 battle when both sides play "
        "their best (no further reinforcements or spells), and each side's best first strike.",
    )
    p.add_argument("--attacker", required=True, metavar="SPECS", help=f"the attacking side: {EXAMPLE}")
    p.add_argument("--defender", required=True, metavar="SPECS", help="the defending side, the same way")
    p.add_argument("--variant", action="store_true", help="the table plays attack as 1d6 + attack value ≥ defence")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    return p


def lineups(attacker: str, defender: str) -> tuple[tuple[Fighter, ...], tuple[Fighter, ...]]:
    sides: list[tuple[Fighter, ...]] = []
    uid = 1
    for text in (attacker, defender):
        side = []
        for spec, gem in parse_lineup(text):
            side.append(fighter(make_card(spec, uid), 1 if gem else 0))
            uid += 1
        sides.append(tuple(side))
    return sides[0], sides[1]


def _best(best: Best | None) -> dict[str, Any] | None:
    if best is None:
        return None
    return {
        "striker": best.striker.uid,
        "striker_name": best.striker.name,
        "target": best.target.uid,
        "target_name": best.target.name,
        "kind": "magic" if best.magic else "physical",
        "hit": best.hit,
        "attacker_wins_if_hit": best.if_hit,
    }


def as_json(advice: Advice, sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]]) -> dict[str, Any]:
    return {
        "attacker_wins": advice.attacker_wins,
        "exact": advice.exact,
        "rough_guess": not advice.exact,
        "best": _best(advice.firsts[0]),
        "best_defender": _best(advice.firsts[1]),
        "characters": [
            {"id": f.uid, "name": f.name, "side": side}
            for side, fs in zip(("attacker", "defender"), sides, strict=True)
            for f in fs
        ],
    }


def run(args: argparse.Namespace) -> int:
    try:
        sides = lineups(args.attacker, args.defender)
        for label, side in zip(("attacker", "defender"), sides, strict=True):
            if len(side) > MOST:
                raise Rejected(
                    f"the {label} has {len(side)} characters; this works out battles of at most {MOST} a side "
                    "(past that even the simulation takes too long)."
                )
    except Rejected as exc:
        print(f"companion battle: {shown(exc.reason)}", file=sys.stderr)
        return 2
    advice = advise(sides, args.variant)
    if args.json:
        print(json.dumps(as_json(advice, sides), ensure_ascii=False))
        return 0
    for label, side in zip(("Attacker", "Defender"), sides, strict=True):
        print(shown(f"{label}: " + ", ".join(f"#{f.uid} {f.name}" for f in side)))
    for line in advice.words():
        print(shown(line))
    return 0
