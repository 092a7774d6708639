"""The frozen state of a Seirei Kairo Drive table: counts, parties, the enemy, the turn.

The app tracks card counts, not cards: deck, play pile, discard and each hand, whose sum is
the session's circuit deck (54, fewer in Easy mode) at every moment; only the top card of the
play pile is known, because legality needs it. `notes` holds the words of the last action
(damage dealt, kills, bonuses) so the log line can say what happened without recomputing it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import Rejected
from companion.games.skd.cards import DUAL_NUMBER_CARDS, Card
from companion.games.skd.specs import CharacterSpec, EnemySpec
from companion.numbers import is_seat_number

FULL_DECK = 54
EASY_REMOVED_SINGLES = 16  # the 0s and 4s: 2 numbers × 8 cards
HAND = 4
MANA_CAP = 6
LEVEL_COST = 3
ENEMY_CARDS = 12
BOSS_KEEP = 2
PER_ELEMENT = 5
LV_TOKENS = 14

# stage: draft → first-enemy → normal → boss-reveal → boss-keep → boss-deal → boss → won | lost
PLAYING = ("normal", "boss")
BOSS_SETUP = ("boss-reveal", "boss-keep", "boss-deal")


def star_cap(players: int) -> int:
    return 6 if players == 2 else 5


@dataclass(frozen=True)
class Character:
    name: str
    element: str
    colour: str
    stars: int
    atk: tuple[int, ...]
    bonuses: tuple[str, ...]
    cost: str
    skill: str
    lv: int = 1
    boost: int = 0  # lasting Atk change from skills' words
    turn_boost: int = 0  # Atk change for this turn only

    @classmethod
    def from_spec(cls, spec: CharacterSpec, colour: str) -> Character:
        name, element, stars, atk, bonuses, cost, skill = spec
        return cls(name, element, colour, stars, atk, bonuses, cost, skill)

    @property
    def cap(self) -> int:
        return len(self.atk)

    @property
    def power(self) -> int:
        return max(0, self.atk[self.lv - 1] + self.boost + self.turn_boost)

    def bonus_at(self, lv: int) -> str:
        return self.bonuses[lv - 2] if 2 <= lv <= self.cap else ""


@dataclass(frozen=True)
class Enemy:
    name: str
    stars: int
    hp: int
    max_hp: int
    atk: int
    threshold: int
    strong: int
    mana: int = 0
    boss: bool = False
    ability: str = ""  # on appearance, as effect words

    @classmethod
    def from_spec(cls, spec: EnemySpec, boss: bool = False) -> Enemy:
        name, stars, hp, atk, threshold, strong, ability = spec
        return cls(name, stars, hp, hp, atk, threshold, strong, 0, boss, ability)


@dataclass(frozen=True)
class Seat:
    name: str
    mana: int = 0
    hand: int = HAND
    party: tuple[Character, ...] = ()

    @property
    def stars(self) -> int:
        return sum(c.stars for c in self.party)

    def find(self, text: str) -> Character:
        """A party character by its number in the party (1, 2, …) or its name."""
        t = text.strip()
        if is_seat_number(t, len(self.party)):
            return self.party[int(t) - 1]
        for c in self.party:
            if c.name.casefold() == t.casefold():
                return c
        names = ", ".join(f"{i} {c.name}" for i, c in enumerate(self.party, 1)) or "nobody yet"
        raise Rejected(f"{self.name}'s party has no {t!r}; it has {names}.")


@dataclass(frozen=True)
class SkdState:
    seats: tuple[Seat, ...]
    pairing: tuple[tuple[str, str], ...]
    easy: bool
    per_colour: bool
    total: int
    deck: int
    discard: int = 0
    pile: int = 0
    top: Card | None = None
    stage: str = "draft"
    picks: int = 0
    passed: tuple[bool, ...] = ()
    active: int = 0
    round: int = 1
    drew: bool = False
    played: bool = False
    acted: bool = False
    attacked: bool = False
    skills_used: tuple[str, ...] = ()
    enemy: Enemy | None = None
    beaten: int = 0
    normal_over: bool = False
    history: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    revealed: tuple[tuple[str, int], ...] = ()  # (name, stars) of every enemy card turned up
    on_pile: tuple[Card, ...] = ()  # the cards known to be on the play pile (played since the shuffle)
    auto_draw: bool = False  # the table option: each turn's draw is recorded as the turn starts

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def cap(self) -> int:
        return star_cap(len(self.seats))

    @property
    def finished(self) -> bool:
        return self.stage in ("won", "lost")

    @property
    def dual_numbers(self) -> int:
        """The dual-number cards in this session's deck (Easy mode takes some out)."""
        return self.total - (FULL_DECK - DUAL_NUMBER_CARDS) + (EASY_REMOVED_SINGLES if self.easy else 0)

    def colour_of(self, element: str) -> str:
        return dict(self.pairing)[element]

    def cards_counted(self) -> int:
        """Deck + play pile + discard + hands: always the session's circuit deck."""
        return self.deck + self.pile + self.discard + sum(s.hand for s in self.seats)

    def with_seat(self, index: int, seat: Seat) -> tuple[Seat, ...]:
        return tuple(seat if i == index else s for i, s in enumerate(self.seats))
