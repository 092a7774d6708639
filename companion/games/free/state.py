"""Free play's frozen state: the players, their counters and the table's, rounds and the countdown."""

from __future__ import annotations

from dataclasses import dataclass

SCORE_NAMES = ("score", "points", "vp")


@dataclass(frozen=True)
class Counter:
    owner: int | None
    name: str
    value: int
    low: int | None = None
    high: int | None = None

    def shown(self) -> str:
        return f"{self.value}/{self.high}" if self.high is not None else str(self.value)


@dataclass(frozen=True)
class FreeState:
    players: tuple[str, ...]
    counters: tuple[Counter, ...] = ()
    round: int = 1
    active: int = 0
    turns: int = 0
    end_round: int | None = None
    end_turn: int | None = None
    finished: bool = False
