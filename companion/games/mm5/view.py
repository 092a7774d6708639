"""What the table screen shows: one row per player plus the Dungeon, the countdown, and the
battle panel in words. Everything here is read off the state; the screen only paints it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Rejected, Row, TableView
from companion.games.mm5 import battle
from companion.games.mm5.battle import SIDE_NAMES, dungeon_roller, legal_targets, members, owner
from companion.games.mm5.cards import Card
from companion.games.mm5.events import Attack, Rescue
from companion.games.mm5.state import DUNGEON, SIDE_WORDS, State
from companion.games.mm5.table import HAND_LIMIT
from companion.games.mm5.winner import gem_tally

COLUMNS = ("Side", "Gems", "Knights", "Hand", "Field (#id name P atk/def M atk/def)")


def card_text(card: Card, bonus: int = 0) -> str:
    star = "★" if bonus else ""
    return f"#{card.uid} {card.name}{star} {card.values(bonus)}"


def appeared(state: State) -> str:
    return f"gems {len(state.gems_appeared())}/7 · knights {len(state.knights_appeared())}/7"


def countdown(state: State) -> str:
    if state.finished:
        return "the deck ran out: game over" if state.ended_by == "deck" else "game over"
    if state.end_turn is None:
        return ""
    left = state.end_turn - state.turn_no + 1
    last = state.players[(state.first + state.end_turn) % len(state.players)].name
    when = state.end_turn // len(state.players) + 1
    return (
        f"END COUNTDOWN: {left} turn{'s' if left != 1 else ''} left, the game ends after {last}'s "
        f"turn in round {when}" + (" (this one)" if left == 1 else "")
    )


def headline(state: State) -> tuple[tuple[str, str], ...]:
    """What the big table view shows above the players: what has appeared (as fractions, drawn
    as bars), the countdown, and the battle under way."""
    out = [("Gems", f"{len(state.gems_appeared())}/7"), ("Knights", f"{len(state.knights_appeared())}/7")]
    if state.end_turn is not None and not state.finished:
        out.append(("Turns left", str(state.end_turn - state.turn_no + 1)))
        out.append(("Gems held", gem_tally(state)))
    b = state.battle
    if b is not None:
        out.append(("Battle", f"{state.who(b.attacker)} against {state.who(b.defender)}, round {b.round}"))
    return tuple(out)


def knights_text(state: State, seat: int) -> str:
    s = state.players[seat]
    return " ".join(f"K{c.knight}{'+gem' if s.bonus(c) else ''}" for c in s.knights)


def view(state: State) -> TableView:
    rows = []
    for i, s in enumerate(state.players):
        hand = "" if s.hand is None else (f"{s.hand} (over 5!)" if s.hand > HAND_LIMIT else str(s.hand))
        cells = (
            SIDE_WORDS[s.faction].upper() if s.faction != "neutral" else "Neutral",
            gems_cell(s.gems),
            knights_text(state, i) or "—",
            hand,
            ", ".join(card_text(c, s.bonus(c)) for c in s.field) or "—",
        )
        rows.append(Row(s.name, cells, active=i == state.active and state.phase not in {"deal", "over"}))
    prisoners = " ".join(f"K{c.knight}" for c in state.dungeon) or "—"
    garrison = ", ".join(card_text(c) for c in state.garrison)
    rows.append(Row("Dungeon", ("Dark", "", prisoners, "", f"guards: {garrison}" if garrison else "no garrison")))
    me = state.players[state.active]
    hand_ok = me.hand is None or me.hand <= HAND_LIMIT
    status = f"Appeared: {appeared(state)}"
    if state.end_turn is not None and not state.finished:
        status += f" · gems held: {gem_tally(state)}"
    if countdown(state):
        status += " · " + countdown(state)
    return TableView(
        round=state.round,
        turn=me.name if state.phase != "deal" else "",  # the deal is no one's turn
        phase=state.phase,
        columns=COLUMNS,
        rows=tuple(rows),
        status=status,
        finished=state.finished,
        checklist=(
            ("draw", state.drawn),
            ("faction", state.declared),
            ("one action", state.acted),
            ("hand ≤ 5", hand_ok and state.declared),
        ),
    )


def mage_note(state: State) -> str:
    """A Mage in play as a Dark Mage (how `mage` was read before it meant the Light companion),
    and how to put it right: undo to before it was played, fix the card, play it again."""
    cards = [c for s in state.players for c in s.field if c.kind == "dark-mage" and "dark" not in c.name.casefold()]
    if not cards:
        return ""
    names = ", ".join(f"#{c.uid} {c.name}" for c in cards)
    return (
        f"{names} is in play as a Dark Mage: if it is the Light companion Mage, undo (ctrl+z) to before "
        "it was played, edit its kind to mage in the catalogue (c) and play it again"
    )


def initiative_title(state: State) -> str:
    """The dice tray's title for initiative: whose die comes first, and who rolls for the Dungeon."""
    b = state.battle
    if b is not None and b.defender == DUNGEON:
        roller = state.players[dungeon_roller(state)].name
        return f"Initiative: {state.who(b.attacker)}'s die, then the Dungeon's ({roller} rolls for the Dungeon)"
    return "Initiative: the attacker's die, then the defender's"


def over_limit(state: State) -> str:
    """`Ann holds 7, over 5` while the active player's hand is over the limit, else ""."""
    me = state.players[state.active]
    return f"{me.name} holds {me.hand}, over 5" if me.hand is not None and me.hand > HAND_LIMIT else ""


def forced_switch(state: State) -> str:
    """Over the hand limit with a side to leave: the forced switch (the whisper) in two lines of
    at most 78 columns, else "". The one text the panel's next step and the declaration show."""
    me = state.players[state.active]
    over = over_limit(state)
    if not over or me.faction == "neutral":
        return ""
    other = "dark" if me.faction == "light" else "light"
    return (
        f"Forced switch? {over}: if only {other.capitalize()} characters can\n"
        f"bring it down, that is the whisper: {other}! and the characters."
    )


def gems_cell(gems: tuple[int, ...]) -> str:
    """How many gems a player holds, then which: `1 (g3)`, `2 (g3 g5)`; "—" for none. A bare
    `3` read as three gems from across the table."""
    if not gems:
        return "—"
    return f"{len(gems)} ({' '.join(f'g{g}' for g in gems)})"


def next_step(state: State) -> str:
    """The panel's line saying what the turn needs next (the keys to press); "" once it is over."""
    if state.finished:
        return ""
    if state.phase == "deal":
        return "Deal: d places a dealt gem or Holy Knight (2 g3 · 2 k5), h sets hand counts, b begins"
    if state.battle is not None:
        if state.battle.stage == "reinforce":
            return "e reinforce · s spell · i initiative · o win chance"
        return "a strike (striker target p|m) · k remove a character · o win chance"
    if state.phase == "faction" and (over := over_limit(state)):
        switch = forced_switch(state)
        must = "this turn must bring it down (play, thief)"
        return (
            f"Next: f declare a faction — {must}\n{switch}" if switch else f"Next: f declare a faction — {over}: {must}"
        )
    steps = {
        "draw": "d draw",
        "faction": "f declare a faction",
        "action": action_keys(state),
        "hand-check": "n ends the turn (x if only spells keep the hand over 5)",
    }
    return "Next: " + steps.get(state.phase, "")


def action_keys(state: State) -> str:
    """The action step's keys the rules leave open now (a rescue only when the Dungeon can be
    stormed, an attack only when someone can be attacked), as the footer shows them."""
    me = state.players[state.active]
    keys = [] if me.faction == "neutral" else ["p play"]
    if any(_allowed(battle.attack, state, Attack(seat)) for seat in range(len(state.players))):
        keys.append("a attack")
    if _allowed(battle.rescue, state, Rescue((0, 0, 0, 0))):
        keys.append("r rescue")
    if me.faction != "dark":
        keys.append("t thief")
    return " · ".join(keys) + (" · or n to pass" if keys else "n to pass")


def _allowed(rule: Callable[[State, Any], State], state: State, event: Any) -> bool:
    try:
        rule(state, event)
    except Rejected:
        return False
    return True


def declare_prompt(state: State) -> tuple[str, tuple[str, ...]]:
    """The declaration's help and the words offered first: over the hand limit, the forced
    switch (the whisper) on lines of its own above the rest, and `light!`/`dark!` offered."""
    label = "Declare: light or dark, then any characters played: dark Orc, Dark Mage · ! marks the whisper"
    words: tuple[str, ...] = ("light", "dark")
    if switch := forced_switch(state):
        me = state.players[state.active]
        other = "dark" if me.faction == "light" else "light"
        label = f"{switch}\n{label}"
        words = (f"{other}!", *words)
    return label, words


def spells_of_round(state: State) -> list[tuple[str, str]]:
    """(who, note) for the spells laid this combat round: face down until initiative."""
    b = state.battle
    if b is None:
        return []
    return [(state.players[s].name, note) for r, s, note in b.spells if r == b.round]


def battle_lines(state: State) -> list[str]:
    """The battle in words for the panel: both lineups, who strikes, who may be targeted."""
    b = state.battle
    if b is None:
        return []
    title = "Rescue" if b.defender == DUNGEON else "Battle"
    lines = [f"{title}: {state.who(b.attacker)} against {state.who(b.defender)} · combat round {b.round}"]
    if b.defender == DUNGEON:
        lines[0] += f" · {state.players[dungeon_roller(state)].name} rolls for the Dungeon"
    for side in (0, 1):
        seat = owner(state, side)
        cards = members(state, side)
        bonus = (lambda c: 0) if seat == DUNGEON else state.players[seat].bonus
        shown = ", ".join(("✓" if c.uid in b.acted else "") + card_text(c, bonus(c)) for c in cards) or "nobody"
        lines.append(f"  {SIDE_NAMES[side]} {state.who(seat)}: {shown}")
    if b.stage == "reinforce":
        laid = [state.players[s].name for r, s, _ in b.spells if r == b.round]
        lines.append(
            "  reinforcements (e) and one face-down spell each (s), then initiative (i)"
            + (f" · face down: {', '.join(laid)}" if laid else "")
        )
    else:
        revealed = spells_of_round(state)
        if revealed:
            lines.append("  spells: " + "; ".join(f"{name}: {note or '(no note)'}" for name, note in revealed))
        targets, why = legal_targets(state, b.to_move)
        lines.append(
            f"  {SIDE_NAMES[b.to_move]} strikes next (a): targets "
            + ", ".join(f"#{c.uid}" for c in targets)
            + (f" — {why}" if why else "")
        )
    return lines


def strike_example(state: Any) -> str:
    """A strike the side to move may make now, as typed: `striker target p`."""
    b = state.battle
    if b is None or b.stage != "strike":
        return "3 7 p"
    strikers = [c for c in members(state, b.to_move) if c.uid not in b.acted]
    foes, _ = legal_targets(state, b.to_move)
    if not strikers or not foes:
        return "3 7 p"
    return f"{strikers[0].uid} {foes[0].uid} p"


def thief_examples(state: Any) -> str:
    """What a thief may go for now, as typed: a gem in front of another player, a Holy Knight
    in the Dungeon (the thief's number 4 as the example)."""
    said = []
    gem = next((g for s, p in enumerate(state.players) if s != state.active for g in p.gems), None)
    if gem is not None:
        said.append(f"g{gem} 4 = steal gem {gem} with a thief of 4")
    knight = next((c.knight for c in state.dungeon), None)
    if knight is not None:
        said.append(f"k{knight} 4 = free Holy Knight {knight} with 4")
    return " · ".join(said) or "no gem in front of another player and no Holy Knight in the Dungeon"
