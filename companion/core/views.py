"""What the table shows and how a game ended: the values a game hands the screens and exports.

`TableView` is a state flattened to rows and columns for the shared table frame, `Result` a
finished game's outcome for the log and the statistics, `Figure` one of a game's own numbers
for them. Plain frozen values, so the screens and exports render them without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One line of the table: a player (or the shared area) and its cells by column."""

    label: str
    cells: tuple[str, ...]
    active: bool = False
    note: str = ""


@dataclass(frozen=True)
class TableView:
    """What the shared table frame shows for any game."""

    round: int
    turn: str
    phase: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    status: str = ""
    finished: bool = False
    checklist: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Result:
    """A finished game's outcome, for the log and for statistics exports."""

    winners: tuple[str, ...]
    scores: tuple[tuple[str, int | None], ...] = ()
    start_player: str | None = None
    reasoning: str = ""
    roles: tuple[tuple[str, str], ...] = ()  # (player, the side or role they ended in), where the game has one


# One of a finished game's own figures for the statistics: (a player's name at the table, or
# None for the whole table; a label; a value). Numbers are totalled and averaged over plays,
# words are counted by value ("winning side": "Light" becomes "Light 3, Dark 2").
Figure = tuple[str | None, str, int | float | str]
