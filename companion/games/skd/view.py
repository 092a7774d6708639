"""A Seirei Kairo Drive state as the table shows it: the players' rows, the panel, the hint."""

from __future__ import annotations

from companion.core import Row, TableView
from companion.games.skd import stages
from companion.games.skd.cards import COLOUR_NAMES, show
from companion.games.skd.effect_words import EFFECT_HELP, stored_effects
from companion.games.skd.forecast import (
    deciding,
    deciding_banner,
    falls,
    forecast_lines,
    race_verdict,
    run_out,
    when,
)
from companion.games.skd.state import BOSS_KEEP, ENEMY_CARDS, HAND, MANA_CAP, Character, Enemy, SkdState
from companion.games.skd.ways_out import ways_out_words

SPARKS = "▁▂▃▄▅▆▇█"


def hp_bar(hp: int, top: int, width: int = 10) -> str:
    filled = max(1 if hp > 0 else 0, min(width, round(width * hp / top))) if top else 0
    return "█" * filled + "░" * (width - filled)


def sparkline(values: tuple[int, ...], top: int) -> str:
    return "".join(SPARKS[min(7, v * 8 // top) if top else 0] for v in values)


def phase(state: SkdState) -> str:
    if state.finished:
        return "end"
    if state.stage in ("draft", "first-enemy", "boss-reveal", "boss-keep", "boss-deal"):
        return {"draft": "draft", "first-enemy": "setup"}.get(state.stage, "boss")
    if not state.drew:
        return "draw"
    if not state.played and not state.attacked:
        return "play"
    return "actions" if not state.attacked else "end-phase"


def view(state: SkdState) -> TableView:
    rows = []
    on_clock = stages.drafter(state) if state.stage == "draft" else None
    for i, s in enumerate(state.seats):
        # colour letter and Atk, then LV: the two things a play needs at a glance
        party = " · ".join(f"{c.name} {c.colour}{c.power}{buffs(c)} L{c.lv}" for c in s.party) or "—"
        active = i == (on_clock[1] if on_clock else state.active) and not state.finished
        mana = f"{s.mana}" + (f" (>{MANA_CAP})" if s.mana > MANA_CAP else "")
        rows.append(Row(s.name, (mana, str(s.hand), f"{s.stars}/{state.cap}", party), active=active))
    status = f"deck {state.deck}"
    if (shown := standing(state)) is not None:
        status += f" · {shown.name} {max(shown.hp, 0)}/{shown.max_hp} HP"
    if state.stage == "won":
        status = "the party won"
    elif state.stage == "lost":
        status = "the party lost"
    status = " · ".join((*table_options(state), status))
    turn_name = state.seats[on_clock[1]].name if on_clock else state.seats[state.active].name
    return TableView(
        round=state.round,
        turn=turn_name,
        phase=phase(state),
        columns=("Mana", "Hand", "Stars", "Party (colour+Atk, LV)"),
        rows=tuple(rows),
        status=status,
        finished=state.finished,
        checklist=(
            ("draw", state.drew),
            ("play", state.played),
            ("resolve", state.played),
            ("actions", state.acted),
            ("enemy attack", state.attacked),
            ("end", False),
        ),
    )


def buffs(c: Character) -> str:
    """A character's Atk changes beside the Atk they make: ` (+1)` for good, ` (+2 this turn)`."""
    parts = [f"{c.boost:+d}"] if c.boost else []
    parts += [f"{c.turn_boost:+d} this turn"] if c.turn_boost else []
    return f" ({', '.join(parts)})" if parts else ""


def standing(state: SkdState) -> Enemy | None:
    """The enemy the table faces: none once the normal battle has ended."""
    e = state.enemy
    return None if e is None or (state.normal_over and not e.boss) else e


def table_options(state: SkdState) -> tuple[str, ...]:
    """The options that change the rules at this table, for the header."""
    return (*(("Easy",) if state.easy else ()), *(("per-colour",) if state.per_colour else ()))


def strong_countdown(e: Enemy) -> str:
    """The enemy's mana and how many of its attacks until the strong one fires."""
    if e.hp <= 0:  # beaten: it attacks no more
        return "defeated"
    if not e.threshold:
        return "no strong attack"
    left = max(1, e.threshold - e.mana)
    soon = "at its next attack" if left == 1 else f"in {left} attacks"
    return f"mana {e.mana}/{e.threshold}: strong {e.strong} {soon}"


def headline(state: SkdState) -> tuple[tuple[str, str], ...]:
    """What the big table view shows above the players: the enemy, its mana and strong-attack
    countdown, the deck and its top card, the forecast, and the deciding-turn banner."""
    pairs: list[tuple[str, str]] = []
    e = standing(state)
    if e is not None:
        pairs += [("Boss" if e.boss else "Enemy", f"{e.name} · Atk {e.atk}"), ("HP", f"{max(e.hp, 0)}/{e.max_hp}")]
        if e.threshold and e.hp > 0:
            left = max(1, e.threshold - e.mana)
            pairs += [
                ("Mana", f"{e.mana}/{e.threshold}"),
                ("Strong attack", f"{e.strong} " + ("at its next attack" if left == 1 else f"in {left} attacks")),
            ]
        else:
            pairs += [("Mana", str(e.mana)), ("Strong attack", "none" if e.hp > 0 else "none: defeated")]
    pairs += [("Deck", str(state.deck)), ("Top card", show(state.top) if state.top else "none")]
    out = run_out(state)
    if out is not None:
        pairs.append(("Deck runs out", when(out.turns, state.seats[out.seat].name)))
    fall = falls(state) if e is not None and not state.normal_over else None
    if fall is not None:
        pairs.append(("Enemy falls", when(fall[1], state.seats[fall[0]].name)))
    if verdict := race_verdict(state):  # the two times stand just above it
        pairs.append(("Race", verdict))
    if need := deciding(state):
        ways = ways_out_words(state)
        pairs.append(("⚠ Deciding turn", f"{need}; {ways}" if ways else need))
    if state.finished:
        pairs.append(("Result", "won" if state.stage == "won" else "lost"))
    return tuple(pairs)


def banner(state: SkdState) -> str:
    """The deciding-turn warning shown above the panel, with every stored skill that changes
    who wins the race, or ""."""
    text = deciding_banner(state)
    ways = ways_out_words(state) if text else ""
    return f"{text} {ways[0].upper()}{ways[1:]}." if ways else text


def panel(state: SkdState) -> tuple[str, ...]:
    """The lines under the players: enemy, cards, the deck's life, forecast, the next step."""
    lines = []
    e = standing(state)
    if e is not None:
        which = "Boss" if e.boss else f"Enemy {state.beaten + 1}/{ENEMY_CARDS}"
        strong = f" · {strong_countdown(e)}"
        lines.append(
            f"{which}: {e.name} {e.stars}★  HP {hp_bar(max(e.hp, 0), e.max_hp)} {max(e.hp, 0)}/{e.max_hp}  Atk {e.atk}{strong}"
        )
    boss = state.stage.startswith("boss") or (e is not None and e.boss)
    battle = "boss battle" if boss else "normal battle"
    if state.stage in ("draft", "first-enemy"):
        battle = "setup"
    lines.append(
        f"{battle.capitalize()} · beaten {state.beaten} · deck {state.deck} · play pile {state.pile}"
        f" (top {show(state.top) if state.top else 'none'}) · discard {state.discard}"
        f" · hands {'+'.join(str(s.hand) for s in state.seats)} · total {state.cards_counted()}"
    )
    if state.history:
        lines.append(f"Life (deck per turn): {sparkline((*state.history, state.deck), state.total)} {state.deck}")
    lines += forecast_lines(state)
    lines.append(hint(state))
    return tuple(lines)


STAGE_WORDS = {
    "draft": "this is the draft (c pick, x swap, o pass)",
    "first-enemy": "the first enemy is to be revealed (v)",
    "normal": "the battle is on (the draft is over)",
    "boss": "the boss battle is on (the draft is over)",
    "boss-reveal": "this is the boss setup (b)",
    "boss-keep": "this is the boss setup (b)",
    "boss-deal": "this is the boss setup (b)",
}


def stage_words(state: SkdState) -> str:
    """Where the table is, in a few words: the one reason a key of another stage gives."""
    return STAGE_WORDS.get(state.stage, "the game is over")


def hint(state: SkdState) -> str:
    n = len(state.seats)
    if state.stage == "draft":
        turn_ = stages.drafter(state)
        assert turn_ is not None
        s = state.seats[turn_[1]]
        order = stages.snake_order(n, 2 * n, stages.initials(state.players))
        return f"Draft ({order} …): {s.name} picks (c), swaps (x) or passes (o); {s.stars}/{state.cap}★ used"
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
    return (
        f"d draw · type the cards to play ({colours}) · l level · k skill (its number) · e enemy · "
        "n end turn (the enemy phase first if still to come) · m/a/h cards, mana, enemy correction"
    )


def skill_prompt(state: SkdState) -> str:
    """The skill line's help: the active party's skills, those stored on the card applied as they are."""
    s = state.seats[state.active]
    options = []
    for i, c in enumerate(s.party, 1):
        if c.cost == "constant":
            continue
        stored = stored_effects(c.skill, 1, state.active) is not None
        what = c.skill if stored else f"{c.skill or 'no skill'} (say what it does: {c.name}: damage 3)"
        used = " (used this turn)" if c.name in state.skills_used else ""
        options.append(f"{i} {c.name} [{c.cost or '—'}] {what}{used}")
    listed = " · ".join(options) or "no skill to pay for"
    return f"Skill ({s.mana} mana): {listed} · its number or name, or Name: what it does ({EFFECT_HELP})"


def skill_words(state: SkdState) -> dict[str, str]:
    """Each active party character's skill words, as its card says them."""
    return {c.name: c.skill for c in state.seats[state.active].party}
