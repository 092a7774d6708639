"""Issue 39 at 80×24, on the rendered screen: the selection follows the turn (free play)."""

from __future__ import annotations

from tests.conftest import start_session


def counters(screen):
    return {(c.owner, c.name): c.value for c in screen.timeline.state.counters}


async def test_the_selected_counter_follows_the_turn(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        await pilot.press("n")
        await pilot.pause()
        assert screen.timeline.state.active == 1
        await pilot.press("plus", "2", "enter")
        await pilot.pause()
        assert screen.timeline.entries[-1].text.startswith("Bob"), screen.timeline.entries[-1].text
        assert counters(screen)[(1, "score")] == 2
        await pilot.press("ctrl+z", "ctrl+z")  # undo the +2 and the turn: back on Ann
        await pilot.pause()
        await pilot.press("plus", "1", "enter")
        await pilot.pause()
        assert screen.timeline.entries[-1].text.startswith("Ann"), screen.timeline.entries[-1].text


async def test_tkc_the_rewind_under_the_terse_log_shows_no_trail_of_hands(make_app):
    """Issue 39.17: stepping back through the log rebuilt every score pile from the hands
    before and after each attack. Under the terse log an earlier table shows no hands."""
    from textual.widgets import DataTable

    from tests.ui.test_tkc_table import TKC

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, TKC, "Lia, Mo")
        await pilot.press("s", *"5 0", "enter", "d", "a", *"2rrh", "enter", "n", "d")
        await pilot.pause()
        assert len(screen.timeline.entries) == 5
        await pilot.press("ctrl+l", "up", "up", "enter")  # the attack's table, action 3
        await pilot.pause()
        assert screen.viewing == 3
        table = screen.query_one("#players", DataTable)
        hands = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert hands == ["—", "—"], hands
        assert "hands not shown" in str(screen.query_one("#header").render())
        await pilot.press("escape")
        await pilot.pause()
        hands = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert all(h.isdigit() for h in hands), "now, the hands are shown"


def seed(db_path, game_id: str, players: tuple[str, ...], options: dict, events) -> None:
    """A session recorded through the real store, as the app records it."""
    from companion.games import get_game
    from companion.store.repo import Repository
    from tests.conftest import fixed_clock

    repo = Repository.open(db_path, clock=fixed_clock)
    try:
        loaded = repo.create(get_game(game_id), "Table", players, options)
        tl = loaded.timeline
        for e in events:
            after = tl.record(e)
            repo.record(loaded.info.id, tl, after)
            tl = after
    finally:
        repo.close()


async def open_newest(pilot):
    from tests.conftest import wait_for

    app = pilot.app
    await wait_for(pilot, lambda: app.repo)
    await pilot.pause()
    await pilot.press("enter")
    screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
    await pilot.pause()
    return screen


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_tkc_the_crown_key_answers_at_once_once_every_crown_is_used(make_app, db_path):
    """Issue 39.1: `k` opened the crown menu after all 8 crowns were used; the refusal came
    after choosing. Now the key says why at once, in one line, and opens nothing."""
    from companion.games.tkc.events import Crown, Draw, NextTurn, StartDraw

    seed(db_path, "tkc", ("Ann", "Bob"), {}, [StartDraw((5, 0))] + [Draw(), Crown("abdication"), NextTurn()] * 8)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.press("d", "k")
        await pilot.pause()
        assert not screen.entry_open and type(app.screen).__name__ == "TkcScreen", "no menu, no line"
        said = status(screen)
        assert "crowns" in said and "all 8 are used" in said and "\n" not in said.strip(), said


def skd_midgame(*more):
    from tests.ui.midgame import GAMES

    players, options, events = GAMES["skd"]
    return players, options, [*events, *more]


async def test_skd_the_skill_key_with_no_mana_answers_at_once_and_dead_keys_say_one_reason(make_app, db_path):
    """Issue 39.1: `k` with too little mana listed the skills and refused after `1 ⏎`; the
    draft's and the reveal's keys in the battle answered with the whole three-line hint."""
    from companion.games.skd import events as ev

    players, options, events = skd_midgame(ev.AdjustMana(0, -3))
    seed(db_path, "skd", players, options, events)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.press("k")
        await pilot.pause()
        assert not screen.entry_open, "no list of skills none of which can be paid"
        assert status(screen) == "Skill: Ann has 0 mana; the cheapest skill left costs 2.", status(screen)
        for key in ("c", "v", "x"):
            await pilot.press(key)
            await pilot.pause()
            said = status(screen)
            assert "\n" not in said and "the draft is over" in said and len(said) <= 80, said


async def test_skd_a_card_typed_before_the_draw_says_draw_first(make_app, db_path):
    from companion.games.skd import events as ev

    players, options, events = skd_midgame(ev.EnemyPhase(), ev.EndTurn())
    seed(db_path, "skd", players, options, events)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert not screen.entry_open
        assert status(screen).startswith("Play: Draw first (d)"), status(screen)


async def test_home_the_now_cell_of_an_unfinished_session_wraps_or_ends_in_a_marker_at_80(make_app, db_path):
    """Issue 39.3: "round 4, U's tu" at 80 columns, cut with no marker."""
    from companion.games import get_game
    from companion.store.repo import Repository
    from tests.conftest import fixed_clock, wait_for
    from tests.ui.test_untrusted_text import screen_text

    repo = Repository.open(db_path, clock=fixed_clock)
    players = ("Ulrike-Marie Hohenzollern", "Bartholomew Featherstonehaugh", "Constantine", "Dorothea")
    repo.create(get_game("free"), "Free play at the long table, Friday", players, {})
    repo.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot,
            lambda: app.repo and app.screen.query("#sessions") and app.screen.query("#sessions").first().row_count,
        )
        await pilot.pause()
        text = screen_text(app)
        assert "round 1," in text
        assert "Ulrike-Marie Hohenzollern's turn" in text or ("Ulrike-Marie" in text and "…" in text), text


async def test_tkc_the_log_at_80x24_ends_every_cut_line_in_a_marker(make_app, db_path):
    """Issue 39.3: the log at 80×24 cut long lines with no … (the scrollbar took the last column)."""
    from companion.games.tkc.events import Attack, Draw, NextTurn
    from screens.widgets.log_pane import LogPane
    from tests.conftest import wait_for
    from tests.ui.midgame import GAMES

    players, options, events = GAMES["tkc"]
    red = events[2].cards[0]
    turns = [(Draw(), Attack(seat % 3, (seat + 1) % 3, (red, red), "hit"), NextTurn()) for seat in range(1, 9)]
    more = [e for turn in turns for e in turn][1:]  # Bob has drawn already
    seed(db_path, "tkc", players, {**options, "terse_log": False}, [*events, *more])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.press("ctrl+l")
        await pilot.pause()
        log = screen.query_one("#log", LogPane)
        # The oldest lines, the long start-player draw first. By the player's key (the cursor
        # goes there): a bare scroll was undone, under load, by the pane's own scroll to its
        # cursor (the newest line) once it was laid out.
        await pilot.press("home")
        await wait_for(pilot, lambda: log.cursor == 0 and log.scroll_offset.y == 0 and log.max_scroll_y > 0)
        await pilot.pause()
        assert log.max_scroll_y > 0, "the log scrolls: its scrollbar takes a column"
        shown = log.scrollable_content_region.width
        cut = 0
        for y in range(min(log._count, log.size.height)):
            visible = log.render_line(y).text[:shown].rstrip()
            whole = log._line(log.scroll_offset.y + y).plain.rstrip()
            if visible != whole:
                cut += 1
                assert visible.endswith("…"), (visible, whole)
        assert cut, "a line long enough to be cut"


async def test_free_play_the_end_names_its_winners_and_f_finish_is_in_the_footer(make_app):
    """Issue 39.6: the web page said "Winners: Ann, Bob · Highest score 15", the terminal nothing."""
    from tests.conftest import wait_for

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob")
        await pilot.press("plus", "5", "enter", "n", "plus", "5", "enter")
        await pilot.pause()
        shown = {key for key, b in screen.active_bindings.items() if b.binding.show}
        assert "f" in shown, "Finish is in the footer"
        await pilot.press("f")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.timeline.state.finished)
        await pilot.pause()
        header = str(screen.query_one("#header").render())
        assert "Winners: Ann, Bob" in header and "Highest score: 5" in header, header
