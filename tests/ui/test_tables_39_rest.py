"""Issue 39 at 80×24, on the rendered screen: what is left (panels that fit or say so, the
rules reader, check boxes without colour, stale text)."""

from __future__ import annotations

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
        await pilot.pause(0.3)
        assert app.screen.section_id == "skd.ruling.defeat-mid-play"
        shown = reader_text(app)
        body = "A kill in the middle of a play resolves at once (rewards, next enemy (敵人) revealed)"
        assert body in shown, shown
        assert shown.index("Ruling: an enemy defeated") < shown.index(body), "the title, then the text"
        assert shown.count("The app's ruling") <= 1 and "(not in the source):" not in shown[: shown.index(body)], shown
