"""`companion coin-odds`: the coin race's own command, found by the CLI through the registry."""

from __future__ import annotations

import argparse

from tests.contract.coin_race import chances


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = subparsers.add_parser("coin-odds", help="each seat's exact chance to win a coin race")
    p.add_argument("players", type=int, help="how many race")
    p.add_argument("--goal", type=int, default=3, help="steps to win (default 3)")
    return p


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 6 or not 1 <= args.goal <= 20:
        print("companion: 2 to 6 players, a goal of 1 to 20 steps.")
        return 2
    for seat, chance in enumerate(chances((0,) * args.players, 0, args.goal), start=1):
        print(f"seat {seat}: {chance} ({float(chance):.1%})")
    return 0
