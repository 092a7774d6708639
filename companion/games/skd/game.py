"""Seirei Kairo Drive as a Game: setup, the event dispatch, the log's words and the table view.

The rules live in the sibling modules (cards, stages, play, turn, forecast); this one wires
them to the framework and turns a state into the words and panels the screen shows, so the
screen only collects input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import (
    Event,
    GameBase,
    Option,
    Rejected,
    Result,
    Row,
    TableView,
    check_players,
    resolve_options,
)
from companion.games.skd import events as ev
from companion.games.skd import stages, turn
from companion.games.skd.cards import COLOUR_NAMES, show
from companion.games.skd.forecast import forecast_line
from companion.games.skd.play import resolve_play
from companion.games.skd.specs import DEFAULT_PAIRING, parse_pairing
from companion.games.skd.state import (
    BOSS_KEEP,
    EASY_REMOVED_SINGLES,
    ENEMY_CARDS,
    FULL_DECK,
    HAND,
    MANA_CAP,
    Seat,
    SkdState,
)

SPARKS = "▁▂▃▄▅▆▇█"


def hp_bar(hp: int, top: int, width: int = 20) -> str:
    filled = max(0, min(width, round(width * hp / top))) if top else 0
    return "█" * filled + "░" * (width - filled)


def sparkline(values: tuple[int, ...], top: int) -> str:
    return "".join(SPARKS[min(7, v * 8 // top) if top else 0] for v in values)


class SeireiKairoDrive(GameBase):
    id = "skd"
    name = "Seirei Kairo Drive"
    min_players = 2
    max_players = 4
    cooperative = True
    screen = "screens.skd_screen:SkdScreen"
    rules_phases = (
        "setup", "draft", "draw", "play", "resolve", "actions", "enemy", "end-phase", "boss", "end",
    )
    options = (
        Option("easy", "Easy mode (no 0 or 4 cards, one-star enemies first, boss Faust)", False),
        Option("easy_duals", "Easy mode: dual-number cards showing 0 or 4 (count them in the box)", 4, "int"),
        Option("pairing", "Element and colour pairing", DEFAULT_PAIRING, "text"),
        Option("per_colour", "Variant: attacks per distinct colour (not per card)", False),
    )
    events = ev.EVENTS

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> SkdState:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        if not 0 <= opts["easy_duals"] <= 8:
            raise Rejected("There are 8 dual-number cards; Easy mode removes 0 to 8 of them.")
        total = FULL_DECK - (EASY_REMOVED_SINGLES + opts["easy_duals"] if opts["easy"] else 0)
        return SkdState(
            seats=tuple(Seat(p) for p in players), pairing=parse_pairing(opts["pairing"]),
            easy=opts["easy"], per_colour=opts["per_colour"], total=total,
            deck=total - HAND * len(players), passed=(False,) * len(players),
        )

    def apply(self, state: SkdState, event: Event) -> SkdState:
        if state.finished:
            raise Rejected("The game is over; undo to go back, or start a new session.")
        match event:
            case ev.DraftPick(spec=spec):
                return stages.pick(state, spec)
            case ev.DraftSwap(out=out, spec=spec):
                return stages.swap(state, out, spec)
            case ev.DraftPass():
                return stages.pass_draft(state)
            case ev.RevealEnemy(spec=spec):
                return stages.reveal_first(state, spec)
            case ev.Draw():
                return turn.draw(state)
            case ev.Play(cards=cards, reveals=reveals):
                return resolve_play(state, cards, reveals)
            case ev.LevelUp(character=name):
                return turn.level_up(state, name)
            case ev.Skill(character=name, x=x):
                return turn.skill(state, name, x)
            case ev.EnemyPhase():
                return turn.enemy_phase(state)
            case ev.EndTurn():
                return turn.end_turn(state)
            case ev.RevealBoss(spec=spec):
                return stages.reveal_boss(state, spec)
            case ev.BossKeep(kept=kept):
                return stages.keep(state, tuple(kept))
            case ev.BossDeal():
                return stages.deal(state)
            case ev.MoveCards(source=src, target=dst, count=n, seat=seat):
                return turn.move_cards(state, src, dst, n, seat)
            case ev.AdjustMana(seat=seat, delta=delta):
                return turn.adjust_mana(state, seat, delta)
        raise Rejected(f"Seirei Kairo Drive has no action {event.kind!r}.")

    # -- words ------------------------------------------------------------------------------

    def describe(self, before: SkdState, event: Event, after: SkdState) -> str:
        who = before.seats[before.active].name
        notes = "; ".join(after.notes)
        match event:
            case ev.DraftPick(spec=spec) | ev.DraftSwap(spec=spec):
                _, drafter = stages.drafter(before) or (0, before.active)
                s = after.seats[drafter]
                verb = f"swaps {after.notes[0]} for" if isinstance(event, ev.DraftSwap) else "picks"
                return f"{s.name} {verb} {spec[0]} ({spec[2]}★ {spec[1]}); party {s.stars}/{after.cap}★"
            case ev.DraftPass():
                _, drafter = stages.drafter(before) or (0, 0)
                return f"{before.seats[drafter].name} takes no more characters"
            case ev.RevealEnemy(spec=spec):
                return f"First enemy: {spec[0]} ({spec[1]}★, {spec[2]} HP, Atk {spec[3]})"
            case ev.Draw():
                return f"{who} draws" + (f": {notes}" if notes else f" (deck {after.deck})")
            case ev.Play():
                return f"{who} plays {notes}"
            case ev.LevelUp() | ev.Skill():
                return f"{who}: {notes}"
            case ev.EnemyPhase():
                return f"Enemy phase: {notes}"
            case ev.EndTurn():
                text = f"{who} ends the turn" + (f" ({notes})" if notes else "")
                if after.stage == "boss-reveal":
                    return text + "; the boss setup begins"
                return text + f"; {after.seats[after.active].name} is next"
            case ev.RevealBoss(spec=spec):
                return f"Boss revealed: {spec[0]} ({spec[2]} HP, Atk {spec[3]})"
            case ev.BossKeep(kept=kept):
                return f"Boss setup: hands keep {', '.join(map(str, kept))}; {notes} cards to the play pile"
            case ev.BossDeal():
                return f"Boss setup: play pile shuffled, hands refilled to {HAND}; new deck {after.deck}"
            case ev.MoveCards(source=src, target=dst, count=n):
                return f"{n} card{'s' if n != 1 else ''} moved from the {src} to the {dst}"
            case ev.AdjustMana(seat=seat, delta=delta):
                return f"{before.seats[seat].name}: mana {delta:+d} ({after.seats[seat].mana})"
        return event.kind

    # -- views ------------------------------------------------------------------------------

    def phase(self, state: SkdState) -> str:
        if state.finished:
            return "end"
        if state.stage in ("draft", "first-enemy", "boss-reveal", "boss-keep", "boss-deal"):
            return {"draft": "draft", "first-enemy": "setup"}.get(state.stage, "boss")
        if not state.drew:
            return "draw"
        if not state.played and not state.attacked:
            return "play"
        return "actions" if not state.attacked else "end-phase"

    def view(self, state: SkdState) -> TableView:
        rows = []
        on_clock = stages.drafter(state) if state.stage == "draft" else None
        for i, s in enumerate(state.seats):
            # colour letter and Atk, then LV: the two things a play needs at a glance
            party = " · ".join(f"{c.name} {c.colour}{c.power} L{c.lv}" for c in s.party) or "—"
            active = i == (on_clock[1] if on_clock else state.active) and not state.finished
            mana = f"{s.mana}" + (f" (>{MANA_CAP})" if s.mana > MANA_CAP else "")
            rows.append(Row(s.name, (mana, str(s.hand), f"{s.stars}/{state.cap}", party), active=active))
        status = f"deck {state.deck}"
        if state.enemy is not None:
            status += f" · {state.enemy.name} {state.enemy.hp}/{state.enemy.max_hp} HP"
        if state.stage == "won":
            status = "the party won"
        elif state.stage == "lost":
            status = "the party lost"
        turn_name = state.seats[on_clock[1]].name if on_clock else state.seats[state.active].name
        return TableView(
            round=state.round, turn=turn_name, phase=self.phase(state),
            columns=("Mana", "Hand", "Stars", "Party (colour+Atk, LV)"), rows=tuple(rows), status=status,
            finished=state.finished,
            checklist=(("draw", state.drew), ("play", state.played), ("resolve", state.played),
                       ("actions", state.acted), ("enemy attack", state.attacked), ("end", False)),
        )

    def panel(self, state: SkdState) -> tuple[str, ...]:
        """The lines under the players: enemy, cards, the deck's life, forecast, the next step."""
        lines = []
        e = state.enemy
        if e is not None:
            which = "Boss" if e.boss else f"Enemy {state.beaten + 1}/{ENEMY_CARDS}"
            strong = f" · mana {e.mana}/{e.threshold} → strong {e.strong}" if e.threshold else " · no strong attack"
            lines.append(f"{which}: {e.name} {e.stars}★  HP {hp_bar(max(e.hp, 0), e.max_hp)} {max(e.hp, 0)}/{e.max_hp}  Atk {e.atk}{strong}")
        boss = state.stage.startswith("boss") or (e is not None and e.boss)
        battle = "boss battle" if boss else "normal battle"
        if state.stage in ("draft", "first-enemy"):
            battle = "setup"
        lines.append(
            f"{battle.capitalize()} · beaten {state.beaten} · deck {state.deck} · play pile {state.pile}"
            f" (top {show(state.top) if state.top else 'none'}) · discard {state.discard}"
            f" · hands {'/'.join(str(s.hand) for s in state.seats)} · total {state.cards_counted()}"
        )
        if state.history:
            lines.append(f"Life (deck per turn): {sparkline((*state.history, state.deck), state.total)} {state.deck}")
        if state.stage in ("normal", "boss") and not state.normal_over:
            lines.append(forecast_line(state))
        lines.append(self.hint(state))
        return tuple(lines)

    def hint(self, state: SkdState) -> str:
        n = len(state.seats)
        if state.stage == "draft":
            turn_ = stages.drafter(state)
            assert turn_ is not None
            s = state.seats[turn_[1]]
            order = stages.snake_order(n, 2 * n)
            return (f"Draft ({order} …): {s.name} picks (c), swaps (x) or passes (o); "
                    f"{s.stars}/{state.cap}★ used")
        if state.stage == "first-enemy":
            return "Reveal the first enemy (v)."
        if state.stage == "boss-reveal":
            return "Boss setup 1/3: reveal the boss (b)."
        if state.stage == "boss-keep":
            return f"Boss setup 2/3: each player keeps at most {BOSS_KEEP} cards, the rest go on the play pile (b)."
        if state.stage == "boss-deal":
            return f"Boss setup 3/3: shuffle the play pile, refill each hand to {HAND}, the rest is the deck (b)."
        if state.stage == "won":
            return "The boss is down: the party wins."
        if state.stage == "lost":
            return "The deck could not take the hit: the party loses."
        if state.normal_over or state.enemy is None:
            return "The normal battle is over: end the turn (n), then the boss setup."
        colours = " ".join(f"{k}={v}" for k, v in COLOUR_NAMES.items())
        return f"d draw · p play ({colours}) · l level · k skill · e enemy · n end turn · m/a cards/mana"

    def next_turn(self, state: SkdState) -> Event:
        return ev.EndTurn()

    def result(self, state: SkdState) -> Result | None:
        if not state.finished:
            return None
        scores = tuple((p, None) for p in state.players)
        boss = state.enemy.name if state.enemy else "the boss"
        if state.stage == "won":
            return Result(state.players, scores, state.players[0], f"The party defeated {boss}.")
        return Result((), scores, state.players[0], f"The deck ran out against {boss}.")


GAME = SeireiKairoDrive()
