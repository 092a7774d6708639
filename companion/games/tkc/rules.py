"""The King Commands' turn rules: folding one recorded action into the card counts.

A turn is a short sequence the app enforces (draw 2, at most one crown or crystal ball, then
attack or discard, or two with Attention!, none after Abdication), because that order is where
tables slip. Card movements follow the rulings exactly; what the app cannot know (which cards a
hand holds, whether a defender has gold) is entered by the table and checked against the
counts it can know. The last card drawn, by any draw, opens the final round: the current turn
finishes, then every player takes one more turn without drawing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Event, Rejected, next_seat, refuse_when_over
from companion.games.tkc import cards, words
from companion.games.tkc.cards import (
    CORNER_VALUES,
    DECK,
    DECK_SIZE,
    EXCAL,
    GOLD,
    GOLD_BAGS,
    HAND_SIZE,
    SHIELD,
    SWORD,
)
from companion.games.tkc.events import (
    CROWN_COMMANDS,
    Attack,
    CountPile,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)
from companion.games.tkc.state import ACT, DONE, DRAW, EMPTY_PILE, OVER, RELIC, START, TkcState


def _put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _hand(state: TkcState, seat: int, delta: int) -> TkcState:
    return replace(state, hands=_put(state.hands, seat, state.hands[seat] + delta))


def _score(state: TkcState, seat: int, card_type: int, n: int = 1) -> TkcState:
    pile = state.piles[seat]
    return replace(state, piles=_put(state.piles, seat, _put(pile, card_type, pile[card_type] + n)))


def _to_discard(state: TkcState, kind: int, n: int) -> TkcState:
    """`n` cards of `kind` go on the discard pile."""
    discarded = _put(state.discarded, kind, state.discarded[kind] + n)
    return replace(state, discard=state.discard + n, discarded=discarded)


def _needs(state: TkcState, seat: int, n: int, what: str) -> None:
    if state.hands[seat] < n:
        held = words.cards(state.hands[seat])
        raise Rejected(f"{state.players[seat]} holds only {held}, not enough for {what}.")


def _draw(state: TkcState, k: int) -> TkcState:
    """The active player draws k (or what is left); the last card opens the final round."""
    if state.draw_pile == 0:
        raise Rejected("The draw pile is empty: nobody draws any more (final round).")
    got = min(k, state.draw_pile)
    state = _hand(replace(state, draw_pile=state.draw_pile - got), state.active, got)
    if state.draw_pile == 0 and state.final_left is None:
        state = replace(state, final_left=state.n)
    return state


def _seat(state: TkcState, seat: int | None, role: str) -> int:
    if seat is None or not 0 <= seat < state.n:
        raise Rejected(f"Choose the {role}: one of {', '.join(state.players)}.")
    if seat == state.active:
        raise Rejected(f"The {role} must be another player than {state.players[seat]}.")
    return seat


def apply(state: TkcState, event: Event) -> TkcState:
    """The state after `event`, or Rejected; every kind's copies are checked after each action."""
    after = _dispatch(state, event)
    if not isinstance(event, CountPile):
        _check_supply(state, after)
    return after


def _used(state: TkcState, kind: int) -> int:
    """Copies of `kind` out of the hands and the draw pile: in score piles or the discard pile
    (an older log's unnamed crystal-ball takes may have brought any kind back: one less each)."""
    return max(0, sum(p[kind] for p in state.piles) + state.discarded[kind] - state.taken_unnamed)


def _relics_used(state: TkcState) -> int:
    named = sum(sum(p[k] for p in state.piles) + state.discarded[k] for k in cards.RELIC_KINDS)
    return max(0, named + state.relics_discarded - state.taken_unnamed)


def _check_supply(before: TkcState, after: TkcState) -> None:
    """Rejected if the action used more copies of a kind, or more relics, than the game has."""
    for kind in range(len(cards.CARD_TYPES)):
        if _used(after, kind) > DECK[kind]:
            _supply(before, kind, _used(after, kind) - _used(before, kind))
    if _relics_used(after) > cards.RELIC_COPIES:
        used = _relics_used(before)
        raise Rejected(
            f"The game has {cards.RELIC_COPIES} relics (crowns, crystal balls and Excalibur) and {used} are used "
            "(in score piles or the discard pile): there is none left to play."
        )


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
            return replace(_draw(state, 2), step=RELIC)
        case Attack():
            return _act(_attack(state, event))
        case Discard():
            return _act(_discard(state, event))
        case Crown():
            return _crown(_relic(state, "crown"), event)
        case CrystalBall():
            return _ball(_relic(state, "crystal ball"), event)
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
    _seat(state, defender, "defender")
    row = cards.classify(attack, state.poke_unblockable)
    _session_cards(state, attack)
    _needs(state, attacker, len(attack), f"{words.cards(len(attack))} of attack")
    kind = EXCAL if row.key == "excalibur" else SWORD
    _supply(state, kind, len(attack))
    return row


def _session_cards(state: TkcState, played: tuple[str, ...]) -> None:
    for card in played:
        if card not in (*state.colours, cards.EXCALIBUR):
            raise Rejected(f"{card!r} is not a card of this session.")


def _supply(state: TkcState, kind: int, n: int) -> None:
    """Rejected if `n` more cards of `kind` than those already used (score piles and the
    discard pile) would exceed the game's copies."""
    used = _used(state, kind)
    if used + n > DECK[kind]:
        where = "(in score piles or the discard pile)"
        if used >= DECK[kind]:
            raise Rejected(f"The game has {DECK[kind]} {cards.kind_plural(kind)} and all {used} are used {where}.")
        raise Rejected(
            f"The game has {DECK[kind]} {cards.kind_plural(kind)} and {used} are used {where}: there are not {n} more."
        )


def outcomes(state: TkcState, defender: int, row: cards.AttackType, attack: tuple[str, ...]) -> tuple[str, ...]:
    """The outcomes this attack can still have, of "hit", "hit-gold" (a gold bag given),
    "block" (by shields), "block-x" (by Excalibur) and "parry": by the attack table, the
    defender's hand size, the gold bags left and the copies not yet in score piles."""
    held = state.hands[defender]
    possible = ["hit"]
    if row.takes_gold and state.gold_scored < GOLD_BAGS and held:
        possible.append("hit-gold")
    if row.shields and held >= row.shields and _spare(state, SHIELD, row.shields):
        possible.append("block")
    if row.excalibur_blocks and held and _spare(state, EXCAL, 1):
        possible.append("block-x")
    parry_kind = EXCAL if row.parry == "excalibur" else SWORD
    if row.parry and held >= len(attack) and _spare(state, parry_kind, 2 * len(attack)):
        possible.append("parry")
    return tuple(possible)


def _spare(state: TkcState, kind: int, n: int) -> bool:
    return _used(state, kind) + n <= DECK[kind]


def _attack(state: TkcState, e: Attack) -> TkcState:
    row = check_attack(state, e.attacker, e.defender, e.cards)
    defender = e.defender
    _session_cards(state, e.defence)
    excal = row.key == "excalibur"
    if e.gold and e.outcome != "hit":
        raise Rejected("Only a hit takes a gold bag.")
    if e.outcome == "hit":
        if e.defence:
            raise Rejected("A hit has no defending cards.")
        state = _hand(state, e.attacker, -len(e.cards))
        state = _score(state, e.attacker, EXCAL if excal else SWORD, len(e.cards))
        return _take_gold(state, row, defender) if e.gold else state
    if e.outcome == "block":
        cards.check_block(row, e.cards, e.defence)
        kept = (EXCAL, 1) if e.defence == (cards.EXCALIBUR,) else (SHIELD, len(e.defence))
    elif e.outcome == "parry":
        cards.check_parry(row, e.cards, e.defence)
        kept = (EXCAL if excal else SWORD, len(e.defence))
    else:
        raise Rejected("The outcome is hit, block or parry.")
    _needs(state, defender, len(e.defence), f"the {e.outcome}")
    state = _hand(_hand(state, e.attacker, -len(e.cards)), defender, -len(e.defence))
    if e.outcome == "block":
        state = _score(state, defender, SWORD, len(e.cards))
    else:
        state = _score(state, e.attacker, EXCAL if excal else SWORD, len(e.cards))
    return _score(state, defender, *kept)


def _take_gold(state: TkcState, row: cards.AttackType, defender: int) -> TkcState:
    if not row.takes_gold:
        raise Rejected(f"{row.name} takes no gold bag: record the hit without gold.")
    if state.gold_scored >= GOLD_BAGS:
        raise Rejected("All 12 gold bags are already in score piles: there is none to take.")
    _needs(state, defender, 1, "a gold bag")
    return _score(_hand(state, defender, -1), state.active, GOLD)


def _discard(state: TkcState, e: Discard) -> TkcState:
    _phase_open(state)
    draw = cards.discard_draw(e.card, e.count)
    if state.draw_pile == 0:
        raise Rejected("The draw pile is empty: a discard would draw nothing (no draws in the final round).")
    _needs(state, state.active, e.count, "that discard")
    state = _hand(state, state.active, -e.count)
    if e.card != "relic":
        state = _to_discard(state, SWORD if e.card == "sword" else SHIELD, e.count)
    elif e.relic:
        state = _to_discard(state, _relic_kind(e.relic), 1)
    else:
        state = replace(state, discard=state.discard + 1, relics_discarded=state.relics_discarded + 1)
    return _draw(state, draw)


def _relic_kind(name: str) -> int:
    if name not in ("crown", "crystal ball", "excalibur"):
        raise Rejected(f"{name!r} is no relic: a relic is {cards.RELICS}.")
    return cards.KIND_BY_NAME[name]


def _relic(state: TkcState, what: str) -> TkcState:
    """Checks common to crowns and crystal balls; plays the card from the hand."""
    if state.relic_used:
        raise Rejected(f"Only one crown or crystal ball per turn: {words.active(state)} has used one already.")
    if state.step == DRAW:
        raise Rejected(f"{words.active(state)} draws 2 first.")
    if state.actions_done:
        raise Rejected(f"The {what} comes before the attack or discard, not after.")
    _needs(state, state.active, 1, f"a {what}")
    return replace(_hand(state, state.active, -1), relic_used=True, step=ACT)


def _crown(state: TkcState, e: Crown) -> TkcState:
    if e.command not in CROWN_COMMANDS:
        raise Rejected(f"The crown's commands are: {', '.join(CROWN_COMMANDS.values())}.")
    if e.command == "abdication":
        return replace(_score(state, state.active, cards.CROWN), abdicated=True, actions_left=0, step=DONE)
    state = _to_discard(state, cards.CROWN, 1)
    if e.command == "attention":
        return replace(state, actions_left=2)
    if e.command == "lay-down":
        return _lay_down(state, e.counts)
    target = _seat(state, e.target, "opponent")
    if e.command == "fear":
        return _take_gold(state, cards.BY_KEY["fear"], target) if e.gold else state
    given = e.counts[0] if len(e.counts) == 1 else -1
    if not 0 <= given <= 2:
        raise Rejected("Give me your aid! moves 2 cards (fewer only if the rest are gold): enter 0, 1 or 2.")
    _needs(state, target, given, f"giving {words.cards(given)}")
    return _hand(_hand(state, target, -given), state.active, given)


def _lay_down(state: TkcState, counts: tuple[int, ...]) -> TkcState:
    if len(counts) != state.n or counts[state.active] != 0:
        raise Rejected("Enter the swords each opponent laid down (the crown's owner lays down none).")
    for seat, k in enumerate(counts):
        if not 0 <= k <= 2:
            raise Rejected(
                f"Each opponent lays down 2 swords, or all they hold: 0, 1 or 2, not {k} for {state.players[seat]}."
            )
        _needs(state, seat, k, f"laying down {k} swords")
        state = _hand(state, seat, -k)
    return _to_discard(state, SWORD, sum(counts))


def _ball(state: TkcState, e: CrystalBall) -> TkcState:
    if e.option == "draw":
        return _draw(_to_discard(state, cards.BALL, 1), 2)
    if e.option == "take":
        if state.discard == 0:
            raise Rejected("The discard pile holds only the crystal ball just played: nothing to take back.")
        return _to_discard(_take(state, e.card), cards.BALL, 1)
    if e.option == "look":
        _seat(state, e.target, "player whose hand is seen")
        return _to_discard(state, cards.BALL, 1)
    raise Rejected("A crystal ball does one of: draw 4 keep 2, take 1 from the discard, look at a hand.")


def _take(state: TkcState, card: str) -> TkcState:
    """The card a crystal ball takes back, by name, leaves the discard pile for the hand; an
    unnamed one (an older log) is counted as such."""
    state = _hand(replace(state, discard=state.discard - 1), state.active, 1)
    if not card:
        return replace(state, taken_unnamed=state.taken_unnamed + 1)
    kind = cards.KIND_BY_NAME.get(card)
    if kind is None:
        raise Rejected(f"A crystal ball takes back a {', '.join(list(cards.KIND_BY_NAME)[:-1])} or Excalibur.")
    if state.discarded[kind]:
        return replace(state, discarded=_put(state.discarded, kind, state.discarded[kind] - 1))
    if kind in cards.RELIC_KINDS and state.relics_discarded:
        return replace(state, relics_discarded=state.relics_discarded - 1)
    raise Rejected(f"The discard pile holds no {cards.KIND_WORDS[kind][0]}: nothing of that kind to take back.")


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
    piles = _put(state.piles, e.seat, tuple(e.counts))
    for i in range(len(cards.CARD_TYPES)):
        total = sum(p[i] for p in piles)
        if total > DECK[i]:
            raise Rejected(f"That makes {total} {cards.kind_plural(i)} in score piles; the game has only {DECK[i]}.")
    return replace(state, piles=piles, confirmed=_put(state.confirmed, e.seat, True))


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
            _relic(state, "crown or crystal ball")
        elif family in probes:
            apply(state, probes[family])
    except Rejected as exc:
        return exc.reason
    return "Not open now."
