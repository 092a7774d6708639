"""What happened at the table, one frozen event per action.

Card values ride inside the events as plain tuples (specs), and a play carries its cards
already parsed plus the enemies revealed during it, so one Play is one action in the log and
undo, however many enemies it defeats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import Event, event_types


@dataclass(frozen=True)
class DraftPick(Event):
    kind = "draft-pick"
    spec: tuple[Any, ...] = ()  # CharacterSpec


@dataclass(frozen=True)
class DraftSwap(Event):
    """Give back a chosen character for one still on the table (only while under the cap)."""

    kind = "draft-swap"
    out: str = ""
    spec: tuple[Any, ...] = ()


@dataclass(frozen=True)
class DraftPass(Event):
    """The player on the clock takes no more characters."""

    kind = "draft-pass"


@dataclass(frozen=True)
class RevealEnemy(Event):
    """The first enemy of the normal battle (later ones come inside the Play that needs them)."""

    kind = "reveal-enemy"
    spec: tuple[Any, ...] = ()  # EnemySpec


@dataclass(frozen=True)
class Draw(Event):
    kind = "draw"


@dataclass(frozen=True)
class Play(Event):
    kind = "play"
    cards: tuple[Any, ...] = ()  # ((colours, numbers, stars, lv, extra), …)
    reveals: tuple[Any, ...] = ()  # EnemySpecs of the enemies revealed by kills in this play
    constant: tuple[Any, ...] = ()  # ((character, effects), …): constant skills the play triggered


@dataclass(frozen=True)
class LevelUp(Event):
    kind = "level-up"
    character: str = ""


@dataclass(frozen=True)
class Skill(Event):
    kind = "skill"
    character: str = ""
    x: int = 0  # the mana chosen for an X★ skill
    effects: tuple[Any, ...] = ()  # what its words do to the table (see effects.py)
    reveals: tuple[Any, ...] = ()  # EnemySpecs of the enemies its damage turns up


@dataclass(frozen=True)
class EnemyPhase(Event):
    kind = "enemy-phase"


@dataclass(frozen=True)
class EndTurn(Event):
    kind = "end-turn"


@dataclass(frozen=True)
class RevealBoss(Event):
    kind = "reveal-boss"
    spec: tuple[Any, ...] = ()


@dataclass(frozen=True)
class BossKeep(Event):
    """How many circuit cards each player keeps (at most 2); the rest go on the play pile."""

    kind = "boss-keep"
    kept: tuple[int, ...] = ()


@dataclass(frozen=True)
class BossDeal(Event):
    """The play pile shuffled (with what is left of the deck), hands refilled to 4."""

    kind = "boss-deal"


@dataclass(frozen=True)
class MoveCards(Event):
    """Cards moved by a skill's words: between deck, pile, discard and a hand (seat)."""

    kind = "move-cards"
    source: str = ""
    target: str = ""
    count: int = 0
    seat: int | None = None


@dataclass(frozen=True)
class AdjustMana(Event):
    """Mana given or taken by a skill's words (never below zero)."""

    kind = "adjust-mana"
    seat: int = 0
    delta: int = 0


@dataclass(frozen=True)
class CorrectEnemy(Event):
    """The enemy's HP or mana set to what the tokens on the table show (a correction)."""

    kind = "correct-enemy"
    hp: int | None = None
    mana: int | None = None


EVENTS = event_types(
    DraftPick,
    DraftSwap,
    DraftPass,
    RevealEnemy,
    Draw,
    Play,
    LevelUp,
    Skill,
    EnemyPhase,
    EndTurn,
    RevealBoss,
    BossKeep,
    BossDeal,
    MoveCards,
    AdjustMana,
    CorrectEnemy,
)
