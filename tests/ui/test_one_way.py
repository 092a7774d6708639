"""One way to act at every table, at 80×24: a refused entry keeps its line with the reason on
the screen, esc after it closes only the line (and a reflex esc right after does not leave the
table), a key that cannot act says why at once and opens nothing, keys in a burst land in the
strike prompt and the dice tray after it, and the budgets of the common actions."""

from __future__ import annotations

from textual import events

from tests.conftest import start_session, wait_for
from tests.ui.test_layout import on_screen
from tests.ui.test_mm5_pilot import fill, index, line
from tests.ui.test_mm5_table_pilot import keys, screen_name

SIZE = (80, 24)
NAMES = {" ": "space", "\r": "enter", "-": "minus", "+": "plus", "=": "equals_sign", ",": "comma"}


def burst(app, text: str) -> None:
    """Queue every key at once, with no pause, as a terminal delivers a paste."""
    for ch in text:
        app.post_message(events.Key(NAMES.get(ch, ch), ch))


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_free_play_refusals_keep_the_line_and_esc_closes_only_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        # +0 changes nothing: refused, the text stays, the reason is on the screen
        await pilot.press("1", "plus", "0", "enter")
        await pilot.pause()
        assert screen.entry_open and screen.query_one("#entry").value == "+0"
        assert on_screen(app, "+0 changes nothing"), "the reason is shown with the line open"
        assert screen.timeline.cursor == 0
        # esc closes the line only; a reflex esc right after stays at the table and says so
        await pilot.press("escape")
        assert not screen.entry_open and app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "esc again leaves the table" in status(screen)
        # several new counters are all or nothing: one of them exists already
        await pilot.press("a")
        assert "HP=20" not in str(screen.query_one("#entry-label").render()), "the example is a free name"
        await pilot.press(*"newc=1, hp=3", "enter")
        await pilot.pause()
        assert screen.entry_open and on_screen(app, "already have 'hp'")
        assert screen.timeline.cursor == 0 and all(c.name != "newc" for c in screen.timeline.state.counters)
        await pilot.press("escape")
        # pass the turn: 1 key
        before = screen.timeline.state.active
        assert await keys(pilot, "n") == 1 and screen.timeline.state.active != before


async def test_tkc_next_turn_before_attacking_says_why_at_once(make_app):
    from tests.ui.test_entry_line import TKC

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        await pilot.press("s", *"5 2", "enter", "d")
        await pilot.pause()
        cursor = screen.timeline.cursor
        await pilot.press("n")
        await pilot.pause()
        assert "attack or discard first, or p to pass" in status(screen)
        assert not screen.entry_open and screen.timeline.cursor == cursor
        assert screen.check_action("next_turn", ()) is False, "a closed key is not offered in the footer"
        # pass the turn: p, enter (it asks first): 2 keys
        assert await keys(pilot, "p", "enter") == 2 and screen.timeline.state.active == 1


async def mm5_table(pilot):
    """Ann (Dark, two Orcs) and Bob (Light, a Warrior), Ann to play her second turn."""
    app = pilot.app
    screen = await start_session(pilot, index(), "Ann, Bob")
    app.repo.save_card("mm5", "character", "Orc", {"kind": "orc", "p": [2, 3], "m": [0, 2], "knight": 0})
    # defence 5: the two Orcs' 4 dice can miss (against 4 the strike records on the enter)
    app.repo.save_card("mm5", "character", "Warrior", {"kind": "companion", "p": [3, 5], "m": [1, 2], "knight": 0})
    await line(pilot, "d", "Bob g1")
    await line(pilot, "h", "Ann 1")
    await line(pilot, "h", "Bob 1")
    await line(pilot, "b", "Ann")
    await line(pilot, "d", "c")
    await line(pilot, "f", "dark Orc, Orc")
    await line(pilot, "n")
    await line(pilot, "d", "c")
    await line(pilot, "f", "light Warrior")
    await line(pilot, "n")
    return screen


async def test_mm5_quiet_turn_refused_declaration_and_dead_keys(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await mm5_table(pilot)
        state = lambda: screen.timeline.state  # noqa: E731
        # a quiet turn: the draw is filled in with a card, the declaration with the side kept
        count = await keys(pilot, "d", "enter", "f", "enter", "n")
        assert count == 5 and state().active == 1 and state().players[0].faction == "dark"
        assert [e.event.kind for e in screen.timeline.entries[-3:]] == ["draw", "declare", "end-turn"]
        # Bob declares Light with a Dark character: refused, the line and the text stay
        await keys(pilot, "d", "enter", "f")
        await fill(pilot, "#entry", "light Orc")
        assert screen.entry_open and screen.query_one("#entry").value == "light Orc"
        assert on_screen(app, "only Light characters may be played here")
        await pilot.press("escape")
        assert not screen.entry_open and app.screen is screen
        await pilot.press("escape")
        assert app.screen is screen, "a reflex esc after a closed line does not leave the table"
        await line(pilot, "f", "light")
        # in a battle, before initiative, a strike says why at once and opens nothing
        await line(pilot, "a", "Ann")
        assert state().battle is not None
        await pilot.press("a")
        await pilot.pause()
        assert "Roll initiative first" in status(screen) and not screen.entry_open


async def test_mm5_after_the_game_every_turn_key_says_why(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await mm5_table(pilot)
        await line(pilot, "d", "empty")
        await wait_for(pilot, lambda: screen_name(pilot) == "ConfirmModal")
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.timeline.state.finished)
        for key in "dfptesrh":
            await pilot.press(key)
            await pilot.pause()
            assert "The game is over" in status(screen), (key, status(screen))
            assert not screen.entry_open and app.screen is screen, key


async def test_mm5_a_burst_across_the_strike_prompt_and_the_dice_tray_records_the_hit(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await mm5_table(pilot)
        state = lambda: screen.timeline.state  # noqa: E731
        await line(pilot, "d", "c")
        await line(pilot, "f", "dark")
        await line(pilot, "a", "2")
        await pilot.press("i")
        await wait_for(pilot, lambda: screen_name(pilot) == "DiceTrayModal")
        await fill(pilot, "#faces", "6 1")
        await wait_for(pilot, lambda: screen.strike_advice())
        best = screen.advice[1].best
        assert best.target.name == "Warrior"
        burst(app, "a\r13\r")  # the strike line, enter takes the first listed, the dice's total 13, enter: no pause
        await wait_for(pilot, lambda: state().battle is None)
        strike = screen.timeline.entries[-1].event
        assert strike.kind == "strike" and strike.faces == (13,) and strike.total
        assert state().players[0].gems == (1,), "the Warrior fell: a hit, not a miss"


async def test_tkc_a_refused_outcome_shows_its_reason_whole_at_80x24(make_app):
    import pytest

    from companion.core import Rejected
    from companion.games.tkc.attack_line import read_attack
    from tests.ui.test_entry_line import TKC

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await pilot.press("s", *"5 2 1", "enter", "d", "a", *"2rr", "enter")
        await pilot.pause()
        assert screen.entry_open and "on Bob" in str(screen.query_one("#entry-label").render())
        await pilot.press(*" p x", "enter")
        await pilot.pause()
        typed = screen.query_one("#entry").value
        with pytest.raises(Rejected) as refused:
            read_attack(screen.timeline.state, typed)
        assert screen.entry_open and on_screen(app, refused.value.reason), "the reason is on the screen"
        assert on_screen(app, "Add the outcome:"), "and so is the help"


async def test_at_80x24_the_footer_cuts_no_label_and_the_panel_says_there_is_more(make_app, db_path):
    from textual.widgets._footer import FooterKey

    from tests.ui.midgame import seed
    from tests.ui.test_layout import screen_lines

    seed(db_path, "mm5")  # a battle: the panel runs past the screen at 80×24
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await wait_for(pilot, lambda: "Best strike" in str(screen.query_one("#mm5-odds").render()))
        await pilot.pause()
        footer = screen_lines(app)[-1]
        shown = [k for k in screen.query(FooterKey) if k.display and not k.has_class("-command-palette")]
        assert shown and all(f"{k.key_display} {k.description}" in footer for k in shown), footer
        assert "… ctrl+p" in footer, "keys left out are said to be in the palette"
        assert on_screen(app, "▼ more below: shift+down")
        below = screen.query_one("#mm5-hint").render()  # the panel's last line
        assert str(below) and not on_screen(app, str(below)), "the panel runs past the screen at first"
        await pilot.press("shift+down")
        # The scroll, then the line under it, each take a frame: read the screen once they are drawn.
        await wait_for(pilot, lambda: on_screen(app, str(below)) and not on_screen(app, "▼ more below"))
