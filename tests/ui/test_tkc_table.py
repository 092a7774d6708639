"""The King Commands at the table by keyboard: the keystrokes of a turn, an attack checked as a
line, pass, and score piles secret on every surface (the table screen, its log, the big table
view) until the final count."""

from __future__ import annotations

import html
import re

from textual.widgets import DataTable, Input, Static

from companion.games import all_games, get_game
from companion.games.tkc.events import Attack, Crown, Discard, Draw, NextTurn, StartDraw
from screens.app import CompanionApp
from screens.table_view_screen import TableViewScreen
from screens.widgets.log_pane import LogPane
from tests.conftest import start_session, wait_for
from tests.serve.midgame import finished

TKC = [g.id for g in all_games()].index("tkc")


def label(screen) -> str:
    return str(screen.query_one("#entry-label", Static).content)


def entry(screen) -> str:
    return screen.query_one("#entry", Input).value


def screen_text(app) -> str:
    """What the terminal shows, as text (from the SVG screenshot)."""
    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


class Keys:
    """Presses keys and counts them, so a test can state what an action costs."""

    def __init__(self, pilot) -> None:
        self.pilot = pilot

    async def __call__(self, *keys: str) -> int:
        await self.pilot.press(*keys)
        await self.pilot.pause()
        return len(keys)


async def test_the_keystrokes_of_a_turn(make_app):
    """The figures for the keystroke table in docs/games.md: draw 2, attack with its outcome, discard,
    pass, end turn (enter included), at 80x24."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        keys = Keys(pilot)
        await keys("s", *"5 0", "enter")
        s = screen.timeline.state
        draw = await keys("d")
        attack = await keys("a", *"2rrhg", "enter")
        assert screen.timeline.state.piles[0] == (2, 0, 0, 1, 0, 0)
        end = await keys("n")
        assert screen.timeline.state.active == 1
        await keys("d")
        discard = await keys("c", "1", "enter")
        assert screen.timeline.state.hands[1] == 5 + 2 - 1 + 2  # Bob gave Ann a gold bag
        await keys("n", "d")
        passed = await keys("p", "enter")
        s = screen.timeline.state
        assert s.active == 1 and screen.timeline.entries[-1].event == NextTurn(passed=True)
        assert (draw, attack, discard, passed, end) == (1, 7, 3, 2, 1)
        assert attack <= 8


async def test_an_attack_line_is_checked_at_the_first_prompt(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        await pilot.press("s", *"5 0 0", "enter", "d", "a", *"1rr", "enter")
        await pilot.pause()
        assert "another player than Ann" in label(screen), "an attack on yourself is refused before the outcome"
        assert entry(screen) == "1rr" and len(screen.timeline.entries) == 2
        await pilot.press("ctrl+u", *"2 rb", "enter")
        await pilot.pause()
        assert entry(screen) == "Bob rb "
        assert "Swing" in label(screen) and "b x" in label(screen) and "p = parry with the same swords" in label(screen)
        await pilot.press(*"b", "enter")  # a block with no shield named: any colour, so it is asked
        await pilot.pause()
        assert entry(screen) == "Bob rb b" and len(screen.timeline.entries) == 2
        assert "blocked by a shield of any colour: type its letter" in label(screen)
        await pilot.press("ctrl+u", *"2 yyyyy", "enter")
        await pilot.pause()
        offered = label(screen).split("outcome:")[1]
        assert "Backstab" in label(screen) and "h g = hit" in offered
        assert " b " not in offered and " p " not in offered, "never block or parry for a Backstab"
        # The mistyped outcome goes back to the attack: edit the line, nothing retyped.
        await pilot.press(*"h g", "home", "delete", "delete", "delete", "3", "enter")
        await pilot.pause()
        assert screen.timeline.entries[-1].event == Attack(0, 2, ("yellow",) * 5, "hit", (), True)


async def test_pass_says_what_it_gives_up(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        await pilot.press("s", *"5 0", "enter", "d")
        await pilot.pause()
        shown = {b.binding.key for b in screen.active_bindings.values() if b.binding.show and b.enabled}
        assert "p" in shown, "pass is in the footer while it is open"
        await pilot.press("p")
        await pilot.pause()
        assert "Ann holds 8 cards and gives up this turn's attack or discard" in label(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.timeline.state.active == 0, "esc goes back: nothing passed"
        await pilot.press("p", "enter")
        await pilot.pause()
        assert screen.timeline.state.active == 1


async def secret_game(repo, open_scoring=False) -> int:
    loaded = repo.create(get_game("tkc"), "Secret", ("Ann", "Bob"), {"open_scoring": open_scoring})
    tl = loaded.timeline
    events = [
        StartDraw((5, 0)),
        Draw(),
        Attack(0, 1, ("red", "red"), "hit", (), True),
        NextTurn(),
        Draw(),
        Crown("abdication"),
        NextTurn(),
    ]
    for e in events:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    return loaded.info.id


LEAKS = ("Points", "Scored", "scores", "score pile", "= 7", "gold bag =", "1 gold bag")


async def test_the_table_screen_keeps_the_piles_secret(make_app, repo):
    await secret_game(repo)
    app = make_app()
    async with app.run_test(size=(120, 34)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        log = screen.query_one(LogPane)
        await wait_for(pilot, lambda: log.row_count == len(screen.timeline.entries))  # it follows the first frame
        table = screen.query_one("#players", DataTable)
        assert [str(c.label) for c in table.columns.values()][1:] == ["Hand"]
        lines = [log.row_text(i) for i in range(log.row_count)]
        assert any("Ann attacks Bob: hit, a gold bag" in line for line in lines), "the terse public log"
        assert not any("Thrust" in line for line in lines)
        shown = " ".join([screen_text(app), *lines, str(screen.query_one("#tkc-info", Static).content)])
        for leak in LEAKS:
            assert leak not in shown, leak
        assert "gold unseen 11/12" in shown and "Ann's turn" in shown and "Ann 's turn" not in shown


async def test_the_final_count_reveals_the_whole_log_on_the_screen(make_app, repo):
    """Issue 26: terse until the game is over; the last pass ends it and every attack's line is
    shown whole, the earlier lines drawn again (at 80x24)."""
    events, _ = finished("tkc")
    loaded = repo.create(get_game("tkc"), "Reveal", ("Ann", "Bob"), {})
    tl = loaded.timeline
    for e in events[:-1]:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        log = screen.query_one(LogPane)
        await wait_for(pilot, lambda: log.row_count == len(screen.timeline.entries))  # it follows the first frame

        def lines() -> str:
            return " ".join(log.row_text(i) for i in range(log.row_count))

        assert "Ann attacks Bob: hit, a gold bag" in lines() and "Thrust" not in lines()
        await pilot.press("p", "enter")
        await pilot.pause()
        assert screen.timeline.state.over
        assert "Ann's Thrust (red red) hits Bob" in lines() and "Ann attacks Bob:" not in lines()


async def test_the_big_table_view_keeps_the_piles_secret(db_path, repo):
    sid = await secret_game(repo)
    app = CompanionApp(db_path=db_path, start_view=sid)
    async with app.run_test(size=(120, 34)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        await pilot.pause()
        assert screen.view.columns == ("Hand",)
        shown = screen_text(app)
        assert "Hand" in shown
        for leak in LEAKS:
            assert leak not in shown, leak


async def test_open_scoring_shows_every_pile(db_path, repo):
    sid = await secret_game(repo, open_scoring=True)
    app = CompanionApp(db_path=db_path, start_view=sid)
    async with app.run_test(size=(120, 34)) as pilot:
        screen = await wait_for(
            pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen
        )
        assert screen.view.columns == ("Hand", "Scored cards", "Gold", "Points")
        assert {r.label: r.cells[3] for r in screen.view.rows} == {"Ann": "7", "Bob": "3"}


async def test_the_discard_menu_and_the_header_read_right(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        assert "setup's turn" not in screen_text(app) and "'s turn" not in str(
            screen.query_one("#header", Static).content
        )
        await pilot.press("s", *"5 0", "enter", "d", "c")
        await pilot.pause()
        assert "1: 1 sword → draw 2 · 2: 2 swords → draw 4" in label(screen)
        assert "Ann's turn" in str(screen.query_one("#header", Static).content)


async def test_a_closed_turn_key_says_why_in_the_cores_words(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        await pilot.press("s", *"5 0", "enter", "d", "a", *"2r h", "enter")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        status = str(screen.query_one("#status", Static).content)
        assert status == "Draw 2: Ann has already drawn this turn."
        await pilot.press("k")
        await pilot.pause()
        assert "comes before the attack or discard" in str(screen.query_one("#status", Static).content)
        await pilot.press("p")
        await pilot.pause()
        assert "n ends the turn" in str(screen.query_one("#status", Static).content)


async def test_leaving_the_log_shows_the_newest_action_again(make_app):
    """Issue 26: a line picked in the log stayed in the newest-action line after esc."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        await pilot.press("s", *"5 0", "enter", "d", "a", *"2rrh", "enter")
        await pilot.pause()
        await pilot.press("ctrl+l", "up", "up")
        await pilot.pause()
        assert str(screen.query_one("#last", Static).content).startswith("Picked:")
        await pilot.press("escape")
        await pilot.pause()
        last = str(screen.query_one("#last", Static).content)
        assert last.startswith("▸ 3"), last


async def test_a_determined_parry_or_block_is_one_key(make_app):
    """After the attack line, `p` or `b` alone and enter: the same swords, the attack's shields
    (a Power Chop parried and blocked, a Combination parried), at 80x24."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob, Cleo")
        keys = Keys(pilot)
        await keys("s", *"5 0 0", "enter", "d")
        await keys("a", *"2rrr", "enter")
        assert "Power Chop" in label(screen)
        parry = await keys("p", "enter")
        assert screen.timeline.entries[-1].event == Attack(0, 1, ("red",) * 3, "parry", ("red",) * 3)
        await keys("n", "d")
        await keys("a", *"3ggg", "enter")
        block = await keys("b", "enter")
        assert screen.timeline.entries[-1].event == Attack(1, 2, ("green",) * 3, "block", ("green",) * 2)
        await keys("n", "d")
        await keys("a", *"1rbgy", "enter")
        assert "Combination" in label(screen)
        combination = await keys("p", "enter")
        four = ("red", "blue", "green", "yellow")
        assert screen.timeline.entries[-1].event == Attack(2, 0, four, "parry", four)
        assert (parry, block, combination) == (2, 2, 2)


async def test_a_crystal_ball_take_asks_what_came_back(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_session(pilot, TKC, "Ann, Bob")
        await pilot.press("s", *"5 0", "enter", "d", "c", *"2", "enter", "n", "d", "b", "2", "enter")
        await pilot.pause()
        assert "Which card came back" in label(screen)
        await pilot.press(*"sword", "enter")
        await pilot.pause()
        event = screen.timeline.entries[-1].event
        assert event.option == "take" and event.card == "sword"
        assert "takes a sword back" in screen.timeline.entries[-1].text


async def test_the_big_table_view_names_the_winners(db_path, repo):
    """Issue 26: at the end the table view says who won, a shared win in those words."""
    loaded = repo.create(get_game("tkc"), "Tie", ("Ann", "Bob"), {})
    tl = loaded.timeline
    events = [StartDraw((5, 0)), Draw(), Attack(0, 1, ("red",), "hit")]
    for e in events:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    # The last cards: Ann discards until the pile is empty, then one more turn each.
    while not tl.state.over:
        s = tl.state
        if s.can("draw"):
            event = Draw()
        elif s.can("discard"):
            event = Discard("relic", 1)
        elif s.can("act") and s.active == 1 and s.piles[1][0] == 0:
            event = Attack(1, 0, ("red",), "hit")
        else:
            event = NextTurn(passed=not s.can("next"))
        after = tl.record(event)
        repo.record(loaded.info.id, tl, after)
        tl = after
    assert tl.state.piles[0][0] == tl.state.piles[1][0] == 1
    app = CompanionApp(db_path=db_path, start_view=loaded.info.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableViewScreen) and app.screen.view and app.screen)
        await pilot.pause()
        assert "Ann and Bob share the win with 1" in screen_text(app)


async def test_at_80x24_the_piles_line_is_shown_once(make_app):
    """Playtest: "Draw pile 88 · discard 0 · gold unseen 12/12" (and, before it, "Start player:
    Ann, Bob, Cleo each draw a card") stood under the header and again at the top of the panel."""
    from tests.ui.test_layout import screen_lines

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, TKC, "Ann, Bob, Cleo")
        lines = screen_lines(app)
        assert sum("each draw a card" in line for line in lines) == 1, lines
        await pilot.press("s", *"3 1 0", "enter")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        lines = screen_lines(app)
        assert sum("Draw pile 88 · discard 0 · gold unseen 12/12" in line for line in lines) == 1, lines
