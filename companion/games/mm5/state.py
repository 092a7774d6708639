"""The frozen table: seats with their fields and gems, the Dungeon, the turn and any battle.

A player's faction is never stored: it is read off the field (Light if a Light character is
there, Dark if a Dark one, Neutral if none), so a switch, a loss or a rescue can never leave a
stale faction behind. "Appeared so far" is read off the table too: gems never leave play and
Holy Knights are either in a field or in the Dungeon.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.core import Rejected
from companion.games.mm5.cards import Card

DUNGEON = -1  # the defender seat of a rescue
SIDE_WORDS = {"light": "Light", "dark": "Dark", "neutral": "Neutral"}


@dataclass(frozen=True)
class Seat:
    name: str
    field: tuple[Card, ...] = ()
    gems: tuple[int, ...] = ()
    hand: int | None = None  # cards in hand: five dealt, counted by the app (h corrects it)

    @property
    def faction(self) -> str:
        if not self.field:
            return "neutral"
        return self.field[0].side

    def bonus(self, card: Card) -> int:
        """+1 to all four values for a Holy Knight whose own gem lies in the same field."""
        return 1 if card.kind == "knight" and card.knight in self.gems else 0

    @property
    def knights(self) -> tuple[Card, ...]:
        return tuple(c for c in self.field if c.kind == "knight")


@dataclass(frozen=True)
class Battle:
    attacker: int
    defender: int  # a seat, or DUNGEON for a rescue
    round: int = 1
    stage: str = "reinforce"  # reinforce (and spells) | strike
    to_move: int = 0  # 0: the attacking side strikes next, 1: the defending side
    acted: tuple[int, ...] = ()  # uids that have attacked this combat round
    spells: tuple[tuple[int, int, str], ...] = ()  # (combat round, seat, note)
    dungeon_down: bool = False


@dataclass(frozen=True)
class State:
    players: tuple[Seat, ...]
    variant_1d6: bool = False
    light_spares_neutral: bool = False
    dungeon: tuple[Card, ...] = ()  # imprisoned Holy Knights
    garrison: tuple[Card, ...] = ()  # Dark characters left guarding the Dungeon
    dungeon_card: Card | None = None  # its values, once typed
    phase: str = "deal"  # deal | draw | faction | action | battle | hand-check | over
    active: int = 0
    first: int = 0
    turn_no: int = 0  # turns begun since play started, the first is 0
    drawn: bool = False
    declared: bool = False
    acted: bool = False
    end_turn: int | None = None  # the turn_no after which the game ends
    ended_by: str = ""
    battle: Battle | None = None
    next_uid: int = 1
    last_roll: str = ""  # the latest roll in words, for the panel

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        return self.turn_no // len(self.players) + 1

    def seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.players):
            raise Rejected(f"There is no player {index + 1}.")
        return self.players[index]

    def with_seat(self, index: int, seat: Seat) -> State:
        players = list(self.players)
        players[index] = seat
        return replace(self, players=tuple(players))

    def gems_appeared(self) -> tuple[int, ...]:
        return tuple(sorted(g for s in self.players for g in s.gems))

    def knights_appeared(self) -> tuple[int, ...]:
        here = [c.knight for s in self.players for c in s.knights]
        return tuple(sorted(here + [c.knight for c in self.dungeon]))

    def gem_holder(self, gem: int) -> int | None:
        for i, s in enumerate(self.players):
            if gem in s.gems:
                return i
        return None

    def find(self, uid: int) -> tuple[int, Card]:
        """Where a character is: a seat index, or DUNGEON for the garrison and the Dungeon card."""
        for i, s in enumerate(self.players):
            for c in s.field:
                if c.uid == uid:
                    return i, c
        for c in self.garrison:
            if c.uid == uid:
                return DUNGEON, c
        if self.dungeon_card is not None and self.dungeon_card.uid == uid:
            return DUNGEON, self.dungeon_card
        raise Rejected(f"There is no character #{uid} in play.")

    def who(self, seat: int) -> str:
        return "the Dungeon" if seat == DUNGEON else self.players[seat].name
