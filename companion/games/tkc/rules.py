"""The King Commands' turn rules: folding one recorded action into the card counts.

A turn is a short sequence the app enforces (draw 2, at most one crown or crystal ball, then
attack or discard, or two with Attention!, none after Abdication), because that order is where
tables slip. Card movements follow the rulings exactly; what the app cannot know (which cards a
hand holds, whether a defender has gold) is entered by the table and checked against the
counts it can know. The last card drawn, by any draw, opens the final round: the current turn
finishes, then every player takes one more turn without drawing. Cards move through counts.py; the
crown's and the crystal ball's commands are in relics.py.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Event, Rejected, next_seat, refuse_when_over
from companion.games.tkc import cards, words
from companion.games.tkc.cards import CORNER_VALUES, DECK, DECK_SIZE, EXCAL, GOLD_BAGS, HAND_SIZE, SHIELD, SWORD
from companion.games.tkc.counts import (
    check_copies,
    check_session_cards,
    check_supply,
    draw_cards,
    needs,
    other_seat,
    put_at,
    spare,
    take_gold,
    to_discard,
    to_hand,
    to_pile,
)
from companion.games.tkc.events import Attack, CountPile, Crown, CrystalBall, Discard, Draw, NextTurn, StartDraw
from companion.games.tkc.relics import crown_command, crystal_ball, play_relic, relic_kind
from companion.games.tkc.state import ACT, DONE, DRAW, EMPTY_PILE, OVER, RELIC, START, TkcState


def apply(state: TkcState, event: Event) -> TkcState:
    """The state after `event`, or Rejected; every kind's copies are checked after each action."""
    after = _dispatch(state, event)
    if not isinstance(event, CountPile):
        check_supply(state, after)
    return after


def _dispatch(state: TkcState, event: Event) -> TkcState:
    if state.step == START and not isinstance(event, StartDraw):
        raise Rejected("First find the start player: enter the corner value of each player's card.")
    refuse_when_over(
        state.over and not isinstance(event, CountPile), "The game is over: count the score piles, or undo to go back."
    )
    match event:
        case StartDraw():
            return _start(state, event)
        case Draw():
            if state.step != DRAW:
                if state.draw_pile == 0:
                    raise Rejected("The draw pile is empty: nobody draws any more (final round).")
                raise Rejected(f"{words.active(state)} has already drawn this turn.")
            return replace(draw_cards(state, 2), step=RELIC)
        case Attack():
            return _act(_attack(state, event))
        case Discard():
            return _act(_discard(state, event))
        case Crown():
            return crown_command(play_relic(state, "crown"), event)
        case CrystalBall():
            return crystal_ball(play_relic(state, "crystal ball"), event)
        case NextTurn():
            return _next_turn(state, event)
        case CountPile():
            return _count(state, event)
    raise Rejected(f"The King Commands has no action {event.kind!r}.")


def _start(state: TkcState, e: StartDraw) -> TkcState:
    if state.step != START:
        raise Rejected(f"The start player is already {state.players[state.start]}.")
    who = [state.players[i] for i in state.contenders]
    if len(e.values) != len(who):
        raise Rejected(f"Enter {len(who)} corner values, one each for {', '.join(who)}.")
    if any(v not in CORNER_VALUES for v in e.values):
        raise Rejected("A card's corner value is 0, 1, 2, 3 or 5.")
    best = max(e.values)
    tied = tuple(s for s, v in zip(state.contenders, e.values, strict=True) if v == best)
    if len(tied) > 1:
        return replace(state, contenders=tied)
    n = state.n
    return replace(
        state,
        step=DRAW,
        contenders=(),
        start=tied[0],
        active=tied[0],
        draw_pile=DECK_SIZE - HAND_SIZE * n,
        hands=(HAND_SIZE,) * n,
        piles=(EMPTY_PILE,) * n,
        confirmed=(False,) * n,
    )


def _phase_open(state: TkcState) -> None:
    """Rejected unless the active player may attack or discard now."""
    if state.step == DRAW:
        raise Rejected(f"{words.active(state)} draws 2 first.")
    if state.actions_left == 0:
        if state.abdicated:
            raise Rejected("Abdication skips the attack/discard phase this turn.")
        raise Rejected(f"{words.active(state)} has already attacked or discarded; end the turn.")


def _act(state: TkcState) -> TkcState:
    left = state.actions_left - 1
    return replace(state, actions_left=left, actions_done=state.actions_done + 1, step=ACT if left else DONE)


def check_attack(state: TkcState, attacker: int, defender: int, attack: tuple[str, ...]) -> cards.AttackType:
    """Everything about an attack that is known before its outcome: the turn, the defender,
    the cards (an attack, of this session, held, and not more than the game has). Returns
    the attack's row, or Rejected with the reason."""
    _phase_open(state)
    if attacker != state.active:
        raise Rejected(f"It is {words.active(state)}'s turn: only {words.active(state)} attacks.")
    other_seat(state, defender, "defender")
    row = cards.classify(attack, state.poke_unblockable)
    check_session_cards(state, attack)
    needs(state, attacker, len(attack), f"{words.cards(len(attack))} of attack")
    kind = EXCAL if row.key == "excalibur" else SWORD
    check_copies(state, kind, len(attack))
    return row


def outcomes(state: TkcState, defender: int, row: cards.AttackType, attack: tuple[str, ...]) -> tuple[str, ...]:
    """The outcomes this attack can still have, of "hit", "hit-gold" (a gold bag given),
    "block" (by shields), "block-x" (by Excalibur) and "parry": by the attack table, the
    defender's hand size, the gold bags left and the copies not yet in score piles."""
    held = state.hands[defender]
    possible = ["hit"]
    if row.takes_gold and state.gold_scored < GOLD_BAGS and held:
        possible.append("hit-gold")
    if row.shields and held >= row.shields and spare(state, SHIELD, row.shields):
        possible.append("block")
    if row.excalibur_blocks and held and spare(state, EXCAL, 1):
        possible.append("block-x")
    parry_kind = EXCAL if row.parry == "excalibur" else SWORD
    if row.parry and held >= len(attack) and spare(state, parry_kind, 2 * len(attack)):
        possible.append("parry")
    return tuple(possible)


def _attack(state: TkcState, e: Attack) -> TkcState:
    row = check_attack(state, e.attacker, e.defender, e.cards)
    defender = e.defender
    check_session_cards(state, e.defence)
    excal = row.key == "excalibur"
    if e.gold and e.outcome != "hit":
        raise Rejected("Only a hit takes a gold bag.")
    if e.outcome == "hit":
        if e.defence:
            raise Rejected("A hit has no defending cards.")
        state = to_hand(state, e.attacker, -len(e.cards))
        state = to_pile(state, e.attacker, EXCAL if excal else SWORD, len(e.cards))
        return take_gold(state, row, defender) if e.gold else state
    if e.outcome == "block":
        cards.check_block(row, e.cards, e.defence)
        kept = (EXCAL, 1) if e.defence == (cards.EXCALIBUR,) else (SHIELD, len(e.defence))
    elif e.outcome == "parry":
        cards.check_parry(row, e.cards, e.defence)
        kept = (EXCAL if excal else SWORD, len(e.defence))
    else:
        raise Rejected("The outcome is hit, block or parry.")
    needs(state, defender, len(e.defence), f"the {e.outcome}")
    state = to_hand(to_hand(state, e.attacker, -len(e.cards)), defender, -len(e.defence))
    if e.outcome == "block":
        state = to_pile(state, defender, SWORD, len(e.cards))
    else:
        state = to_pile(state, e.attacker, EXCAL if excal else SWORD, len(e.cards))
    return to_pile(state, defender, *kept)


def _discard(state: TkcState, e: Discard) -> TkcState:
    _phase_open(state)
    draw = cards.discard_draw(e.card, e.count)
    if state.draw_pile == 0:
        raise Rejected("The draw pile is empty: a discard would draw nothing (no draws in the final round).")
    needs(state, state.active, e.count, "that discard")
    state = to_hand(state, state.active, -e.count)
    if e.card != "relic":
        state = to_discard(state, SWORD if e.card == "sword" else SHIELD, e.count)
    elif e.relic:
        state = to_discard(state, relic_kind(e.relic), 1)
    else:
        state = replace(state, discard=state.discard + 1, relics_discarded=state.relics_discarded + 1)
    return draw_cards(state, draw)


def _next_turn(state: TkcState, e: NextTurn) -> TkcState:
    who = words.active(state)
    if state.step == DRAW:
        raise Rejected(f"{who} has not drawn yet: draw 2 first.")
    if not state.actions_done and not state.abdicated and not e.passed:
        raise Rejected(f"{who} must attack or discard first, or p to pass (only if {who} cannot).")
    if state.final_left == 0:
        return replace(state, step=OVER)
    active, new_round = next_seat(state.active, state.n, state.start)
    return replace(
        state,
        active=active,
        round=state.round + new_round,
        step=DRAW if state.draw_pile else RELIC,
        relic_used=False,
        actions_left=1,
        actions_done=0,
        abdicated=False,
        final_left=None if state.final_left is None else state.final_left - 1,
    )


def _count(state: TkcState, e: CountPile) -> TkcState:
    if not state.over:
        raise Rejected("Score piles are counted when the game is over.")
    if not 0 <= e.seat < state.n:
        raise Rejected(f"There is no player {e.seat + 1}.")
    if len(e.counts) != len(cards.CARD_TYPES) or any(c < 0 for c in e.counts):
        raise Rejected("Count six numbers, none negative: " + ", ".join(cards.CARD_TYPES) + ".")
    piles = put_at(state.piles, e.seat, tuple(e.counts))
    for i in range(len(cards.CARD_TYPES)):
        total = sum(p[i] for p in piles)
        if total > DECK[i]:
            raise Rejected(f"That makes {total} {cards.kind_plural(i)} in score piles; the game has only {DECK[i]}.")
    return replace(state, piles=piles, confirmed=put_at(state.confirmed, e.seat, True))


def why_closed(state: TkcState, family: str) -> str:
    """Why a family of actions (see `TkcState.can`) is closed now, as a sentence."""
    who = words.active(state)
    if state.step == START:
        return "First find the start player (s): enter the corner value of each player's card."
    if state.over:
        return "The game is over: count the score piles (f)." if family != "count" else "Every pile is counted."
    probes: dict[str, Event] = {
        "start": StartDraw(),
        "draw": Draw(),
        "discard": Discard("relic"),
        "next": NextTurn(),
        "count": CountPile(),
    }
    if family == "pass" and (state.actions_done or state.abdicated):
        return f"{who} has nothing left to give up: n ends the turn."
    try:
        if family in ("act", "pass"):
            _phase_open(state)
        elif family == "relic":
            play_relic(state, "crown or crystal ball")
        elif family in probes:
            apply(state, probes[family])
    except Rejected as exc:
        return exc.reason
    return "Not open now."
