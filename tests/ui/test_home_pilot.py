"""Home and new-session screens by keyboard: bad names, rename, delete, export, log, palette."""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.repo import Repository
from tests.conftest import fixed_clock, palette_highlights, wait_for

EVENTS = (Adjust("HP", 0, -3), NextTurn(), Adjust("HP", 1, -5))


def seed(db_path, title="Friday", events=EVENTS):
    repo = Repository.open(db_path, clock=fixed_clock)
    loaded = repo.create(get_game("free"), title, ("Ann", "Bob"), {"counters": "HP=20 0..40"})
    tl = loaded.timeline
    for e in events:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()
    return loaded.info.id


async def home(pilot):
    await wait_for(pilot, lambda: pilot.app.repo)
    await pilot.pause()


async def test_bad_player_names_are_refused_and_nothing_is_created(make_app, db_path):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        await pilot.press("tab", *"Ann, ann")
        await pilot.press("ctrl+s")
        assert "Two players are called" in str(app.screen.query_one("#error", Static).render())
        app.screen.query_one("#players", Input).value = "Ann,,Bob"
        await pilot.press("ctrl+s")
        assert "Every player needs a name" in str(app.screen.query_one("#error", Static).render())
        assert app.repo.list_sessions() == []
        await pilot.press("escape")
        assert type(app.screen).__name__ == "HomeScreen"


async def test_rename_delete_with_confirmation_and_export(make_app, db_path, tmp_path, monkeypatch):
    seed(db_path)
    monkeypatch.chdir(tmp_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptModal")
        app.screen.query_one(Input).value = ""
        await pilot.press(*"Saturday", "enter")
        await pilot.pause()
        assert app.repo.list_sessions()[0].title == "Saturday"
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportModal")
        await pilot.press("enter")
        await pilot.pause()
        exported = (tmp_path / "companion-1.md").read_text()
        assert "# Saturday" in exported and "Bob: HP -5 (20 → 15)" in exported
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmModal")
        await pilot.press("n")
        await pilot.pause()
        assert len(app.repo.list_sessions()) == 1, "no: nothing deleted"
        await pilot.press("d", "y")
        await pilot.pause()
        assert app.repo.list_sessions() == []
        assert "No sessions yet" in str(app.screen.query_one("#status", Static).render())


async def test_log_shows_the_past_read_only_and_rewinds_in_one_step(make_app, db_path):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        await pilot.pause()
        screen.query_one("#log").focus()
        await pilot.pause()
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert screen.viewing == 1
        assert screen.shown_state.active == 0 and screen.timeline.cursor == 3
        assert "Read-only" in str(screen.query_one("#banner", Static).render())
        await pilot.press("minus", "5", "enter")
        assert screen.timeline.cursor == 3, "the past cannot be changed"
        await pilot.press("w")
        assert screen.viewing is None and screen.timeline.cursor == 1
        assert Repository.open(db_path).load(1).timeline.cursor == 1, "rewind is saved"
        await pilot.press("ctrl+y", "ctrl+y")
        assert screen.timeline.cursor == 3
        await pilot.press("ctrl+z", "ctrl+z")
        screen.query_one("#players").focus()
        await pilot.press("1", "plus", "2", "enter")
        assert len(screen.timeline.entries) == 2 and screen.timeline.entries[-1].dropped == 2
        log = screen.query_one("#log")
        await wait_for(pilot, lambda: log.row_count == 2)  # the pane follows after the first frame
        assert "replaced 2 undone actions" in log.row_text(1)


async def test_the_palette_offers_the_screens_actions(make_app, db_path):
    seed(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        titles = [c.title for c in app.get_system_commands(screen)]
        for expected in ("Next turn (n)", "Undo (ctrl+z)", "Subtract (-)", "Countdown (c)", "Rules (f1)"):
            assert expected in titles
        assert "Redo (ctrl+y)" not in titles, "nothing to redo: not offered"
        await pilot.press("ctrl+p")
        # Typed before the palette is up, "n" would be the table's next turn: wait for it, as a player does.
        await wait_for(pilot, lambda: type(app.focused).__name__ == "CommandInput", timeout=30)
        await pilot.press(*"next turn")
        # The palette searches every provider (the rules index among them) in a worker: slow under load.
        await wait_for(pilot, lambda: palette_highlights(app, "Next turn"), timeout=60)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.timeline.cursor == 4, timeout=30)  # the palette runs it once closed
        assert screen.timeline.state.active == 0


async def test_a_long_log_lists_every_action_and_follows_the_newest(make_app, db_path):
    events = tuple(
        Adjust("HP", i % 2, -1 if i % 2 else 1) if i % 4 < 2 else Adjust("HP", i % 2, 1 if i % 2 else -1)
        for i in range(130)
    )
    seed(db_path, events=events)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await home(pilot)
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        log = screen.query_one("#log")
        await wait_for(pilot, lambda: log.row_count == 130)
        assert log.cursor == 129 and log.scroll_offset.y == log.max_scroll_y > 0, "the newest is in view"
        await pilot.press("1", "minus", "1", "enter")
        await wait_for(pilot, lambda: log.row_count == 131 and screen.timeline.cursor == 131)
        assert log.row_text(130).split()[0] == "131" and log.cursor == 130
        assert log.row_text(8).startswith("   9  "), "numbers right-aligned in one column"
        log.focus()
        await pilot.press("home")
        assert log.cursor == 0 and log.scroll_offset.y == 0
        await pilot.press("down", "enter")
        assert screen.viewing == 2
        await pilot.press("escape", "end")
        assert screen.viewing is None and log.cursor == 130


async def test_q_quits_from_the_home_screen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        assert any(b.binding.key == "q" and b.binding.show for b in app.screen.active_bindings.values()), (
            "the footer offers q"
        )
        await pilot.press("q")
        await pilot.pause()
        assert app._exit


async def test_a_session_reads_whole_on_the_home_screen_at_80_columns(make_app, db_path):
    from tests.ui.test_untrusted_text import screen_text

    repo = Repository.open(db_path, clock=fixed_clock)
    repo.create(get_game("free"), "Free play 2026-11-29", ("Annabel", "Bartholomew", "Cleo", "Dmitri"), {})
    repo.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        text = screen_text(app)
        for whole in ("Free play 2026-11-29", "2026-11-29 20:00", "Annabel", "Bartholomew", "Dmitri", "Ann"):
            assert whole in text, whole
        assert "round 1, Annabel's turn" in text


def lost_skd_session(db_path) -> None:
    """A Seirei Kairo Drive game lost to the boss: the home screen's result reads finished · lost."""
    from companion.games.skd import events as ev
    from companion.games.skd.specs import parse_character, parse_enemy

    repo = Repository.open(db_path, clock=fixed_clock)
    loaded = repo.create(
        get_game("skd"),
        "Seirei Kairo Drive at Cleo's, Friday night",
        ("Annabel", "Bartholomew", "Cleopatra", "Dmitri"),
        {},
    )
    tl = loaded.timeline
    for e in (
        ev.DraftPick(parse_character("Rin, wind, 2, 3/4/5, c/h2, 2, deal 3")),
        ev.DraftPick(parse_character("Kai, fire, 2, 4/5/6, h3/c, X, burn")),
        ev.DraftPick(parse_character("Mio, water, 1, 2/3, h2, const, shield")),
        ev.DraftPick(parse_character("Tao, earth, 1, 5/6, -, -")),
        *(ev.DraftPass() for _ in range(4)),
        ev.RevealEnemy(parse_enemy("Bat, 1, 30, 1")),
        ev.Draw(),
        ev.MoveCards("deck", "discard", 37),
        ev.EnemyPhase(),
        ev.EndTurn(),
        ev.RevealBoss(parse_enemy("Faust, 3, 40, 9")),
        ev.BossKeep((2, 2, 2, 2)),
        ev.BossDeal(),
        ev.Draw(),
        ev.EnemyPhase(),
    ):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    assert tl.state.stage == "lost"
    repo.close()


async def test_a_finished_result_reads_whole_at_80_columns(make_app, db_path):
    from tests.ui.test_untrusted_text import screen_text

    lost_skd_session(db_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        text = screen_text(app)
        assert "finished" in text and "lost" in text, text


async def test_at_80x24_the_home_footer_cuts_no_label(make_app, db_path):
    """Playtest: the home screen's footer at 80 columns ended in `q Q▏^p palette`, Quit cut to Q."""
    from textual.widgets._footer import FooterKey

    from tests.ui.test_layout import screen_lines

    seed(db_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        footer = screen_lines(app)[-1]
        shown = [k for k in app.screen.query(FooterKey) if k.display and not k.has_class("-command-palette")]
        assert shown and all(f"{k.key_display} {k.description}" in footer for k in shown), footer
        assert "… ctrl+p" in footer, footer
        assert " Q▏" not in footer, footer


async def test_at_80_columns_each_sessions_game_and_date_read_whole(make_app, db_path):
    """The title column takes what its "game · date" line needs while the players and "Now" keep
    their room: at 80 columns Seirei Kairo Drive's line was cut to "04:…"."""
    from textual.widgets import DataTable

    repo = Repository.open(db_path, clock=fixed_clock)
    for game in ("skd", "mm5", "tkc"):
        repo.create(get_game(game), f"{get_game(game).name} 2026-12-05", ("Ann", "Bob", "Cleo")[:2], {})
    repo.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home(pilot)
        table = await wait_for(pilot, lambda: app.screen.query(DataTable).first(None))
        await wait_for(pilot, lambda: table.row_count == 3)
        cells = [str(table.get_row_at(i)[0]) for i in range(3)]
        assert all("…" not in cell for cell in cells), cells
        assert any("Seirei Kairo Drive · " in cell for cell in cells), cells
