"""Issue 39 at 80×24, on the rendered screen: what is left (panels that fit or say so, the
rules reader, check boxes without colour, stale text)."""

from __future__ import annotations

from tests.conftest import eventually
from tests.ui.test_tables_39 import open_newest, seed
from tests.ui.test_untrusted_text import screen_text


def skd_four(*more):
    """Ann, Bob, Cleo and Dan, one character each, against a Slime; Ann has drawn."""
    from companion.games.skd import events as ev
    from companion.games.skd.specs import parse_enemy
    from tests.core.test_skd_rulings import KAI, MIO, RIN, SLIME, TAO, pick

    drafted = [pick(RIN), pick(KAI), pick(MIO), pick(TAO), *[ev.DraftPass()] * 4]
    return ("Ann", "Bob", "Cleo", "Dan"), {}, [*drafted, ev.RevealEnemy(parse_enemy(SLIME)), ev.Draw(), *more]


async def test_skd_four_players_the_panel_ends_whole_or_says_more_below(make_app, db_path):
    """Issue 39.14: with four players the hint's last line and the race line's end were
    hidden with no "more below" marker, and shift+down did not reach them."""
    from companion.games.skd.view import panel
    from screens.widgets.more_line import MORE

    seed(db_path, "skd", *skd_four())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.pause()
        last_words = panel(screen.timeline.state)[-1].split()[-3:]
        text = screen_text(app)
        assert MORE in text or " ".join(last_words) in " ".join(text.split()), text
        for _ in range(4):
            await pilot.press("shift+down")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert " ".join(last_words) in text, "shift+down brings the panel's end into view"


def reader_text(app) -> str:
    """The rules reader's column (right of the results), its lines joined as words, without
    the quote bar and the scrollbar."""
    rows = [line.split("│", 1)[1] for line in screen_text(app).splitlines() if "│" in line]
    return " ".join(" ".join(rows).translate({ord(c): " " for c in "▌▁▂▃▄▅▆▇█"}).split())


async def test_skd_the_rules_reader_at_80x24_shows_the_entrys_text_first_and_whole(make_app, db_path):
    """Issue 39.15: f1's reader showed the title, the kind, "The app's ruling (not in the
    source):" and the related entries over the body; the body is what the player came for."""
    from tests.conftest import wait_for

    seed(db_path, "skd", *skd_four())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_newest(pilot)
        await pilot.press("f1")
        await wait_for(pilot, lambda: getattr(app.screen, "index", None))
        await pilot.press(*"defeated mid play", "enter")
        body = "A kill in the middle of a play resolves at once (rewards, next enemy (敵人) revealed)"
        await eventually(pilot, lambda: body in reader_text(app))  # laid out (a fixed pause could fall short)
        assert app.screen.section_id == "skd.ruling.defeat-mid-play"
        shown = reader_text(app)
        assert body in shown, shown
        assert shown.index("Ruling: an enemy defeated") < shown.index(body), "the title, then the text"
        assert shown.count("The app's ruling") <= 1 and "(not in the source):" not in shown[: shown.index(body)], shown


async def test_skd_an_earlier_refusal_goes_when_the_next_question_opens(make_app, db_path):
    """Issue 39.4: the `k` refusal stayed under the play line typed after it. The status
    line says what the last key did: a new question or a new state clears it."""
    from tests.ui.test_tables_39 import status

    seed(db_path, "skd", *skd_four())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_newest(pilot)
        await pilot.press("k")
        await pilot.pause()
        refusal = status(screen).strip()
        assert refusal.startswith("Skill:"), refusal
        await pilot.press("g")
        await pilot.pause()
        assert screen.entry_open and status(screen).strip() == "", status(screen)
        assert refusal not in " ".join(screen_text(app).split())


async def test_mm5_a_toast_never_covers_the_open_prompt_at_100x30(make_app, db_path):
    """Issue 39.4: a toast sat over the entry line (both at the bottom right)."""
    from textual.widgets._toast import Toast

    from screens.widgets.entry_line import EntryLine
    from tests.ui import midgame

    midgame.seed(db_path, "mm5")
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await open_newest(pilot)
        for key in ("d", "h", "p", "a"):  # the first key that opens a line here
            await pilot.press(key)
            await pilot.pause()
            if screen.entry_open:
                break
        assert screen.entry_open
        app.notify("A long enough message to show how wide a toast is at this size of terminal.")
        await eventually(pilot, lambda: any(t.region.area for t in app.screen.query(Toast)))  # laid out
        await pilot.pause()
        line = screen.query_one(EntryLine).region
        toasts = list(app.screen.query(Toast))
        assert toasts and all(not t.region.overlaps(line) for t in toasts), (line, [t.region for t in toasts])


async def test_new_session_check_boxes_read_on_and_off_without_colour(make_app, monkeypatch):
    """Issue 39.18: under NO_COLOR the check boxes looked the same on and off (the X only
    changed colour). On and off now differ in the characters shown."""
    from textual.widgets import Checkbox

    from tests.conftest import wait_for
    from tests.ui.test_tkc_table import TKC

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewSessionScreen")
        for _ in range(TKC):
            await pilot.press("down")
        await wait_for(pilot, lambda: app.screen.query(Checkbox))
        box = app.screen.query(Checkbox).first()
        box.focus()
        was = box.value

        def row() -> str | None:  # the box's line as painted (None until it is)
            return next((line.strip() for line in screen_text(app).splitlines() if str(box.label) in line), None)

        first = await wait_for(pilot, row)  # painted once laid out (a fixed pause fell short under load)
        await pilot.press("space")
        await wait_for(pilot, lambda: box.value != was)
        await eventually(pilot, lambda: row() not in (None, first))  # the next frame paints it
        assert row() != first, f"on and off look the same: {first!r}"


async def test_the_rules_search_example_is_the_chosen_games_own(make_app, db_path):
    """Issue 39.2: `excal, block` (The King Commands' words) was offered in every game's rules."""
    from tests.conftest import wait_for

    seed(db_path, "skd", *skd_four())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_newest(pilot)
        await pilot.press("f1")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)
        await pilot.pause()
        example = rules.query_one("#query").placeholder
        assert "excal" not in example and rules.index.example("skd") in example, example
        await pilot.press("ctrl+g")  # the next game: The King Commands
        await pilot.pause()
        assert rules.game == "tkc" and rules.index.example("tkc") in rules.query_one("#query").placeholder
