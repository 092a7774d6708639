"""The King Commands' relics: playing a crown or a crystal ball, and what each command does.

One crown or crystal ball per turn, after the draw and before the attack or discard; the
crown's five commands and the ball's three options move cards through counts.py.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Rejected
from companion.games.tkc import cards, words
from companion.games.tkc.cards import SWORD
from companion.games.tkc.counts import draw_cards, needs, other_seat, put_at, take_gold, to_discard, to_hand, to_pile
from companion.games.tkc.events import CROWN_COMMANDS, Crown, CrystalBall
from companion.games.tkc.state import ACT, DONE, DRAW, TkcState


def relic_kind(name: str) -> int:
    if name not in ("crown", "crystal ball", "excalibur"):
        raise Rejected(f"{name!r} is no relic: a relic is {cards.RELICS}.")
    return cards.KIND_BY_NAME[name]


def play_relic(state: TkcState, what: str) -> TkcState:
    """Checks common to crowns and crystal balls; plays the card from the hand."""
    if state.relic_used:
        raise Rejected(f"Only one crown or crystal ball per turn: {words.active(state)} has used one already.")
    if state.step == DRAW:
        raise Rejected(f"{words.active(state)} draws 2 first.")
    if state.actions_done:
        raise Rejected(f"The {what} comes before the attack or discard, not after.")
    needs(state, state.active, 1, f"a {what}")
    return replace(to_hand(state, state.active, -1), relic_used=True, step=ACT)


def crown_command(state: TkcState, e: Crown) -> TkcState:
    if e.command not in CROWN_COMMANDS:
        raise Rejected(f"The crown's commands are: {', '.join(CROWN_COMMANDS.values())}.")
    if e.command == "abdication":
        return replace(to_pile(state, state.active, cards.CROWN), abdicated=True, actions_left=0, step=DONE)
    state = to_discard(state, cards.CROWN, 1)
    if e.command == "attention":
        return replace(state, actions_left=2)
    if e.command == "lay-down":
        return _lay_down(state, e.counts)
    target = other_seat(state, e.target, "opponent")
    if e.command == "fear":
        return take_gold(state, cards.BY_KEY["fear"], target) if e.gold else state
    given = e.counts[0] if len(e.counts) == 1 else -1
    if not 0 <= given <= 2:
        raise Rejected("Give me your aid! moves 2 cards (fewer only if the rest are gold): enter 0, 1 or 2.")
    needs(state, target, given, f"giving {words.cards(given)}")
    return to_hand(to_hand(state, target, -given), state.active, given)


def _lay_down(state: TkcState, counts: tuple[int, ...]) -> TkcState:
    if len(counts) != state.n or counts[state.active] != 0:
        raise Rejected("Enter the swords each opponent laid down (the crown's owner lays down none).")
    for seat, k in enumerate(counts):
        if not 0 <= k <= 2:
            raise Rejected(
                f"Each opponent lays down 2 swords, or all they hold: 0, 1 or 2, not {k} for {state.players[seat]}."
            )
        needs(state, seat, k, f"laying down {k} swords")
        state = to_hand(state, seat, -k)
    return to_discard(state, SWORD, sum(counts))


def crystal_ball(state: TkcState, e: CrystalBall) -> TkcState:
    if e.option == "draw":
        return draw_cards(to_discard(state, cards.BALL, 1), 2)
    if e.option == "take":
        if state.discard == 0:
            raise Rejected("The discard pile holds only the crystal ball just played: nothing to take back.")
        return to_discard(_take(state, e.card), cards.BALL, 1)
    if e.option == "look":
        other_seat(state, e.target, "player whose hand is seen")
        return to_discard(state, cards.BALL, 1)
    raise Rejected("A crystal ball does one of: draw 4 keep 2, take 1 from the discard, look at a hand.")


def _take(state: TkcState, card: str) -> TkcState:
    """The card a crystal ball takes back, by name, leaves the discard pile for the hand; an
    unnamed one (an older log) is counted as such."""
    state = to_hand(replace(state, discard=state.discard - 1), state.active, 1)
    if not card:
        return replace(state, taken_unnamed=state.taken_unnamed + 1)
    kind = cards.KIND_BY_NAME.get(card)
    if kind is None:
        raise Rejected(f"A crystal ball takes back a {', '.join(list(cards.KIND_BY_NAME)[:-1])} or Excalibur.")
    if state.discarded[kind]:
        return replace(state, discarded=put_at(state.discarded, kind, state.discarded[kind] - 1))
    if kind in cards.RELIC_KINDS and state.relics_discarded:
        return replace(state, relics_discarded=state.relics_discarded - 1)
    raise Rejected(f"The discard pile holds no {cards.KIND_WORDS[kind][0]}: nothing of that kind to take back.")
