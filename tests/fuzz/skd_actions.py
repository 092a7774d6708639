"""Seirei Kairo Drive actions for the fuzzer: stage-aware, so short sequences reach the battle
and the boss; plays that match the top card mixed with ones that do not."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from companion.core import Event, Game
from companion.games.skd import events as ev
from companion.games.skd.cards import parse_play
from companion.games.skd.specs import parse_character, parse_enemy
from companion.games.skd.stages import drafter
from companion.games.skd.state import ENEMY_CARDS, LV_TOKENS, PER_ELEMENT, SkdState

# A likely step as a hashable key: ("just", event), ("sampled", events) or ("matching", cards).
Step = tuple[str, Any]
Cards = tuple[tuple[Any, ...], ...]  # a play's cards as `ev.Play` takes them

CHARACTERS = [
    parse_character(t)
    for t in (
        "Rin, wind, 2, 3/4/5, c/h2, 2, deal 3",
        "Kai, fire, 3, 4/5/6, h3/c, X, burn",
        "Mio, water, 1, 2/3, h2, const, shield",
        "Tao, earth, 1, 5/6, -, -",
        "Sol, fire, 1, 3",
        "Ivy, wind, 4, 6/7, c, 1, heal",
        "Oru, water, 2, 3/4/5/6, h1/h2/c, X, wave",
        "Gan, earth, 3, 5/6/7, c/-, 3, quake",
    )
]
ENEMIES = [
    parse_enemy(t)
    for t in (
        "Slime, 1, 4, 2, 3, 4",
        "Bat, 1, 2, 1",
        "Goblin, 2, 9, 3, 2, 5",
        "Ogre, 2, 20, 8, 1, 12",
    )
]
BOSSES = [parse_enemy(t) for t in ("Faust, 3, 12, 2, 2, 6", "Lord, 3, 8, 9")]
PLAYS = [
    parse_play(t)
    for t in (
        "g1",
        "g3 y3 g3 y3",
        "r2 b2",
        "g4 r4 +r1^",
        "b23*",
        "rg",
        "y4 +y2",
        "g2**",
        "r1^",
        "b0 +b1",
        "g4 +g1 +g2",
        "g3 r4",
        "y2 g2 r2 b2",
    )
]
EFFECTS = [
    ("damage", 3),
    ("damage", 0),
    ("enemy-hp", 2),
    ("enemy-hp", -4),
    ("enemy-mana", 1),
    ("enemy-mana", -2),
    ("atk", "Rin", 2, False),
    ("atk", "Kai", -9, True),
    ("atk", "Nobody", 1, False),
    ("move", "discard", "hand", 1, None),
    ("move", "pile", "deck", 2, 1),
    ("heal", 3),
    ("heal", 0),
    ("mana", 1, 2),
    ("mana", 0, -9),
    ("teleport", 1),
    ("damage", "3"),
]
AREAS = st.sampled_from(["deck", "pile", "discard", "hand", "nowhere"])


def options() -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from(
        [
            {},
            {"easy": True},
            {"per_colour": True},
            {"easy": True, "easy_duals": 8},
            {"pairing": "wind=red, fire=green, water=blue, earth=yellow"},
        ]
    )


def events(state: SkdState) -> st.SearchStrategy[Event]:
    return _mixed(_next(state), state.stage, len(state.seats), _matching(state))


@cache
def _mixed(step: Step, stage: str, seats: int, cards: Cards) -> st.SearchStrategy[Event]:
    # Built once per likely step, stage, table size and play that matches: building strategies
    # costs more than drawing. The likely step is built twice, two objects (one_of drops a
    # repeated object), so it weighs double.
    return st.one_of(_strategy(step), _strategy(step), _events(stage, seats), _matching_strategy(cards))


def _strategy(step: Step) -> st.SearchStrategy[Event]:
    kind, value = step
    if kind == "just":
        return st.just(value)
    if kind == "sampled":
        return st.sampled_from(value)
    return _matching_strategy(value)


def _next(state: SkdState) -> Step:
    """The step a table would most likely take now, so short sequences get deep: what
    `_strategy` builds, as a key."""
    if state.stage == "draft":
        _, seat = drafter(state) or (0, 0)
        if state.seats[seat].party:
            return ("just", ev.DraftPass())
        taken = {c.name for s in state.seats for c in s.party}
        return ("sampled", tuple([ev.DraftPick(c) for c in CHARACTERS if c[0] not in taken][:3]))
    if state.stage == "first-enemy":
        return ("sampled", tuple(ev.RevealEnemy(e) for e in ENEMIES))
    if state.stage == "boss-reveal":
        return ("sampled", tuple(ev.RevealBoss(b) for b in BOSSES))
    if state.stage == "boss-keep":
        return ("just", ev.BossKeep(tuple(min(2, s.hand) for s in state.seats)))
    if state.stage == "boss-deal":
        return ("just", ev.BossDeal())
    if not state.drew:
        return ("sampled", (ev.Draw(), ev.MoveCards("deck", "discard", min(12, state.deck) or 1)))
    if not state.played and not state.attacked:
        return ("matching", _matching(state))
    if not state.attacked:
        return ("sampled", (ev.EnemyPhase(), ev.LevelUp("1"), ev.Skill("1", 1)))
    return ("just", ev.EndTurn())


def _matching(state: SkdState) -> Cards:
    """A play that matches the top card (or anything on an empty pile), with or without reveals:
    its cards, the key `_matching_strategy` builds from."""
    top = state.top
    colour = top.colours[0] if top else "g"
    number = 1 if state.easy else 4
    return (
        ((colour, (number,), 0, False, False), (colour, (2,), 0, False, True))
        if number == 4
        else ((colour, (number,), 1, True, False),)
    )


def _matching_strategy(cards: Cards) -> st.SearchStrategy[Event]:
    return st.builds(ev.Play, st.just(cards), st.lists(st.sampled_from(ENEMIES), max_size=2).map(tuple))


@cache
def _events(stage: str, seats: int) -> st.SearchStrategy[Event]:
    # Built once per stage and table size: building strategies costs more than drawing.
    anything = st.sampled_from([ev.Draw(), ev.EnemyPhase(), ev.EndTurn(), ev.DraftPass(), ev.BossDeal()])
    if stage == "draft":
        return st.one_of(
            st.builds(ev.DraftPick, st.sampled_from(CHARACTERS)),
            st.builds(ev.DraftSwap, st.sampled_from(["Rin", "Kai", "1", "Nobody"]), st.sampled_from(CHARACTERS)),
            st.just(ev.DraftPass()),
            anything,
        )
    if stage == "first-enemy":
        return st.one_of(st.builds(ev.RevealEnemy, st.sampled_from(ENEMIES)), anything)
    if stage.startswith("boss-"):
        keep = st.lists(st.integers(-1, 3), min_size=seats - 1, max_size=seats + 1).map(tuple)
        return st.one_of(
            st.builds(ev.RevealBoss, st.sampled_from(BOSSES + ENEMIES)),
            st.builds(ev.BossKeep, keep),
            st.just(ev.BossDeal()),
            anything,
        )
    return st.one_of(
        st.sampled_from([ev.Draw(), ev.EnemyPhase(), ev.EndTurn()]),
        st.builds(
            ev.Play, st.sampled_from(PLAYS).map(tuple), st.lists(st.sampled_from(ENEMIES), max_size=2).map(tuple)
        ),
        st.builds(ev.LevelUp, st.sampled_from(["1", "2", "Rin", "Kai", "x"])),
        st.builds(
            ev.Skill,
            st.sampled_from(["1", "2", "Kai", "Mio"]),
            st.integers(-1, 4),
            st.lists(st.sampled_from(EFFECTS), max_size=3).map(tuple),
            st.lists(st.sampled_from(ENEMIES), max_size=1).map(tuple),
        ),
        st.builds(
            ev.Play,
            st.sampled_from(PLAYS).map(tuple),
            st.just(()),
            st.lists(
                st.tuples(
                    st.sampled_from(["Mio", "Kai", "2"]), st.lists(st.sampled_from(EFFECTS), max_size=2).map(tuple)
                ),
                max_size=1,
            ).map(tuple),
        ),
        st.builds(ev.CorrectEnemy, st.none() | st.integers(-1, 30), st.none() | st.integers(-1, 4)),
        st.builds(ev.MoveCards, AREAS, AREAS, st.integers(-1, 40), st.none() | st.integers(-1, seats)),
        st.builds(ev.AdjustMana, st.integers(-1, seats), st.integers(-4, 8)),
    )


def invariants(game: Game[SkdState], state: SkdState) -> None:
    assert state.cards_counted() == state.total, "deck + pile + discard + hands = the circuit deck"
    assert min(state.deck, state.pile, state.discard, *(s.hand for s in state.seats)) >= 0
    assert all(s.mana >= 0 for s in state.seats)
    assert all(s.stars <= state.cap for s in state.seats), "the star cap"
    everyone = [c for s in state.seats for c in s.party]
    assert len(everyone) <= LV_TOKENS
    assert len({c.name.casefold() for c in everyone}) == len(everyone), "each character once"
    for element in ("wind", "fire", "water", "earth"):
        assert sum(c.element == element for c in everyone) <= PER_ELEMENT
    assert all(1 <= c.lv <= c.cap for c in everyone)
    assert 0 <= state.beaten <= ENEMY_CARDS and 0 <= state.active < len(state.seats)
    if state.stage in ("normal", "boss"):
        assert state.enemy is not None or state.normal_over
    if state.enemy is not None:
        assert state.enemy.hp <= state.enemy.max_hp and state.enemy.mana >= 0
        assert state.enemy.hp > 0 or state.stage == "won"
    if state.stage == "won":
        assert state.enemy is not None and state.enemy.boss and state.enemy.hp <= 0
    game.view(state)
    game.panel(state)


# Every kind is written as typed text; a skill or a play that asks more (whom a skill's mana
# goes to, X, the enemy a kill reveals) gives None.
UNTYPED: frozenset[str] = frozenset()
