"""Rules from the table: F1 opens the game's rules, this phase first; search as you type."""

from __future__ import annotations

from textual.widgets import Markdown, OptionList

from companion.games import get_game
from companion.store.repo import Repository
from tests.conftest import eventually, fixed_clock, palette_highlights, settled, wait_for


async def open_rules(pilot, app, **where):  # type: ignore[no-untyped-def]
    """The rules screen pushed over the home screen (``where``: its game, section), its index built."""
    from screens.rules_screen import RulesScreen

    await wait_for(pilot, lambda: app.repo)
    app.push_screen(RulesScreen(**where))
    return await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)


async def ask(pilot, rules, question: str) -> None:  # type: ignore[no-untyped-def]
    """``question`` typed into the rules screen's box and entered, once its first place is the
    section shown (a fixed pause fell short under load)."""
    await pilot.press(*question, "enter")
    await wait_for(
        pilot,
        lambda: (
            rules.query_one("#query").value == question and rules.hits and rules.section_id == rules.hits[0].section.id
        ),
    )
    await pilot.pause()


async def ask_palette(pilot, app, text: str) -> None:  # type: ignore[no-untyped-def]
    """The command palette opened over the home screen, ``text`` typed into it."""
    await wait_for(pilot, lambda: app.repo)
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*text)


async def test_f1_opens_this_games_rules_for_this_phase_then_search(make_app, db_path):
    repo = Repository.open(db_path, clock=fixed_clock)
    repo.create(get_game("tkc"), "Knights", ("Ann", "Bob", "Cleo"), {})
    repo.close()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        table = await wait_for(pilot, lambda: getattr(app.screen, "timeline", None) and app.screen)
        phase = table.timeline.game.view(table.timeline.state).phase
        await pilot.press("f1")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)
        await pilot.pause()
        assert rules.game == "tkc"
        first = rules.hits[0].section
        assert first.game == "tkc" and phase in first.phases
        await pilot.press(*"excal")
        await pilot.pause()
        assert rules.hits[0].section.id.startswith("tkc.") and "excalibur" in rules.hits[0].section.id
        await pilot.press("enter")
        await pilot.pause()
        assert rules.section_id == rules.hits[0].section.id
        shown = rules.query_one("#section", Markdown).source
        assert "Excalibur" in shown and "王者之劍" in shown
        await pilot.press("ctrl+f", "ctrl+shift+a", "backspace", *'"thrust OR (', "enter")  # (ctrl+a is home)
        await pilot.pause()
        assert rules.query_one("#query").value == '"thrust OR ('
        assert rules.query_one("#results", OptionList).option_count >= 1, "special characters are plain words"
        assert "thrust" in rules.hits[0].section.id, "the word between them is searched"
        await pilot.press("escape")
        assert app.screen is table


async def test_the_palette_offers_rule_sections(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await ask_palette(pilot, app, "holy knight dungeon")
        await wait_for(pilot, lambda: palette_highlights(app), timeout=60)
        await pilot.press("enter")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "section_id", None) and app.screen)
        assert rules.section_id.startswith("mm5.")


async def test_ctrl_o_shows_the_original_under_the_english(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        rules = await open_rules(pilot, app, game="tkc", section_id="tkc.attack.excalibur")
        await pilot.pause()
        shown = lambda: rules.query_one("#section", Markdown).source  # noqa: E731
        assert rules.section_id == "tkc.attack.excalibur" and "Original" not in shown()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert "## Original (seed lines" in shown() and "只能被另一張王者之劍卡給回擋" in shown()
        assert shown().index("Using the Excalibur") < shown().index("只能被另一張王者之劍卡給回擋")
        rules.open_section("tkc.ruling.excalibur")
        await pilot.pause()
        assert "None: this section is the app's ruling" in shown()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert "Original" not in shown()


async def test_the_phase_list_shows_no_markdown_marks(make_app, db_path):
    repo = Repository.open(db_path, clock=fixed_clock)
    repo.create(get_game("mm5"), "Gems", ("Ann", "Bob", "Cleo"), {})
    repo.close()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.repo)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: getattr(app.screen, "timeline", None))
        await pilot.press("f1")
        rules = await wait_for(pilot, lambda: getattr(app.screen, "index", None) and app.screen)
        await pilot.pause()
        results = rules.query_one("#results", OptionList)
        prompts = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
        assert any(h.section.first_line.startswith("**") for h in rules.hits)
        assert prompts and not any("**" in prompt for prompt in prompts)


async def test_a_question_no_rule_covers_says_so_over_the_closest(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="mm5")
        await pilot.press(*"can I play this game online")
        await pilot.pause()
        results = rules.query_one("#results", OptionList)
        first = results.get_option_at_index(0)
        assert "No rule covers this." in str(first.prompt) and first.disabled
        assert results.option_count > 1, "the closest passages are still listed, under the label"
        await pilot.press("ctrl+shift+a", "backspace", *"can orcs defend together")
        await pilot.pause()
        assert "No rule covers" not in str(results.get_option_at_index(0).prompt)


async def test_a_burst_of_typing_lays_out_one_section_not_one_a_key(make_app):
    """Every key searches (the list follows the typing), but the section under the highlight is
    shown once the keys pause: laying out a section at every key made typing lag."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="tkc")
        await settled(pilot)
        shown: list[str] = []
        open_section = rules.open_section
        rules.open_section = lambda section_id: (shown.append(section_id), open_section(section_id))
        # The keys at once, as a terminal delivers them (Pilot's press waits for the screen
        # between keys: on a busy machine a wait could pass for a pause in the typing).
        for key in "excalibur":
            app.post_message(events.Key(key, key))
        await wait_for(pilot, lambda: rules.query_one("#query").value == "excalibur" and shown)
        assert "excalibur" in rules.hits[0].section.id, "the list follows every key"
        page = lambda: rules.query_one("#section", Markdown).source  # noqa: E731
        await wait_for(pilot, lambda: "Excalibur" in page())
        assert len(shown) == 1 and shown[0] == rules.hits[0].section.id, shown


async def test_keys_typed_in_a_burst_edit_the_line_in_the_order_typed(make_app):
    """A burst (a paste without bracketed paste, a fast typist on a busy machine) reaches the
    line at once, while each key's search runs: a backspace must not land after the letters
    typed after it and eat them."""
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="skd")
        await pilot.pause()
        line = rules.query_one("#query", Input)
        typed = "can we trade mana"
        burst = [("backspace", None)] * 3 + [(c if c != " " else "space", c) for c in typed]
        for key, character in [(c, c) for c in "xyz"] + burst + [("left", None), ("backspace", None)]:
            app.post_message(events.Key(key, character))
        await eventually(pilot, lambda: line.value == "can we trade maa")  # every key handled
        assert line.value == "can we trade maa" and line.cursor_position == len("can we trade ma"), line.value


async def test_at_80x24_the_answer_shows_first_at_the_top_and_see_also_never_covers_it(make_app):
    """Issue 40, bug 7: each new question opens its section at the top, with the sentence that
    answers shown first; "see also" scrolls under the section; the box suggests this game's words."""
    from textual.containers import VerticalScroll

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="mm5")
        await ask(pilot, rules, "do holy knights ever go to the discard pile")
        page = rules.query_one("#page", VerticalScroll)
        shown = rules.query_one("#section", Markdown).source
        assert shown.startswith("> **") and "discard pile" in shown.splitlines()[0]
        page.scroll_end(animate=False)
        await eventually(pilot, lambda: page.scroll_y > 0)
        assert page.scroll_y > 0, "scrolled down in the first answer"
        before = rules.section_id
        await pilot.press("ctrl+f", "ctrl+shift+a", "backspace")  # (ctrl+a is home: it asked "thiefdo holy…")
        await ask(pilot, rules, "thief")
        assert rules.section_id != before, "another section"
        assert page.scroll_y == 0, "a new question opens at the top"
        see = rules.query_one("#see", OptionList)
        assert see.parent is page, "see also scrolls with the section, under it"
        words = rules.query_one("#query").suggester.words
        assert "knight" in words and "excalibur" not in words and "mana" not in words


async def test_a_question_nothing_matches_leaves_no_other_section_beside_it(make_app):
    """The words "No rule matches" stand alone: the section an earlier word of the question showed (or was
    about to show) is cleared, so no unrelated rule reads as the answer (seen in tmux: "is there a
    sand timer" beside a crown command)."""
    from screens.rules_screen import SHOW_AFTER

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="tkc")
        page = lambda: rules.query_one("#section", Markdown).source  # noqa: E731
        first = lambda: str(rules.query_one("#results", OptionList).get_option_at_index(0).prompt)  # noqa: E731
        await pilot.press(*"excalibur")
        await wait_for(pilot, lambda: "Excalibur" in page())
        await pilot.press("ctrl+shift+a", "backspace", *"zzqx wvvq")
        await wait_for(pilot, lambda: "No rule matches" in first())
        await pilot.pause(SHOW_AFTER * 3)  # a section highlighted by an earlier key would show by now
        assert page().strip() == "" and rules.section_id is None
        assert not rules.query_one("#see", OptionList).display


async def test_a_question_of_words_no_rule_holds_says_no_rule_covers_it(make_app):
    """README: a timer is a question no rule covers. "is there a timer" in tkc said "No rule
    matches ... Try a shorter word", as if the search had failed, not the rules."""
    from rich.text import Text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="tkc")
        results = rules.query_one("#results", OptionList)
        first = lambda: Text.from_markup(str(results.get_option_at_index(0).prompt)).plain  # noqa: E731
        await pilot.press(*"is there a timer")
        await wait_for(pilot, lambda: "timer" in first())
        assert first().startswith("No rule covers this. No rule holds a word of “is there a timer”"), first()
        assert "shorter word" not in first() and rules.section_id is None


async def test_a_table_too_wide_for_the_reader_reads_as_a_list_with_no_cell_cut(make_app):
    """At 80×24 the attacks' table (five columns) cut its cells to "Blo…": it reads as a list
    there, a row an item, and as a table again once the terminal is wide enough."""
    from textual.containers import VerticalScroll

    from tests.ui.test_layout import flat

    def reads(text: str) -> bool:
        """The reader's part of the screen holds ``text`` whole (the hits beside it left out)."""
        area = rules.query_one("#page").region
        strips = app.screen._compositor.render_strips()[area.y : area.bottom]
        return flat(text) in flat(" ".join(strip.crop(area.x, area.right).text for strip in strips))

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="tkc", section_id="tkc.ruling.attack-types")
        source = lambda: rules.query_one("#section", Markdown).source  # noqa: E731
        row = "Power Chop** · Cards: 3 swords of one colour · Blocked by (阻擋): 2 shields of that colour"
        await wait_for(pilot, lambda: row in source())
        assert "\n|" not in source()
        page = rules.query_one("#page", VerticalScroll)
        for _ in range(30):  # read down the page as a player would, until the row shows whole
            if reads(row.replace("**", "")):
                break
            page.scroll_down(animate=False)
            await pilot.pause()
        assert reads(row.replace("**", "")), "the row is whole on the screen"
        await pilot.resize_terminal(240, 40)
        await wait_for(pilot, lambda: "| Power Chop |" in source())


async def test_a_ruling_and_the_rule_it_settles_are_one_place(make_app):
    """Issue 40: a ruling answered first shows, in its own place, the paragraph it settles: its
    title under the ruling's in the list, and the paragraph itself under the ruling on the page,
    labelled; the next places hold other rules."""
    from rich.text import Text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="tkc")
        await ask(pilot, rules, "I have no sword left, do I still discard something")
        first = rules.query_one("#results", OptionList).get_option_at_index(0)
        assert first.id == "tkc.ruling.lay-down-swords"
        assert "\n  + Crown command: Lay down your swords!" in Text.from_markup(str(first.prompt)).plain
        shown = rules.query_one("#section", Markdown).source
        ruling, settled = shown.split("*The rule it settles:*")
        assert "tkc.ruling.lay-down-swords" in ruling and "tkc.crown.lay-down-swords" in settled
        see = rules.query_one("#see", OptionList)
        assert "tkc.crown.lay-down-swords" not in [see.get_option_at_index(n).id for n in range(see.option_count)]
        later = [rules.hits[n].section.id for n in range(1, len(rules.hits))]
        assert "tkc.crown.lay-down-swords" not in later


async def test_the_palette_lists_both_sections_of_a_place(make_app):
    """A palette's list is flat: a ruling's place gives the ruling and the rule it settles, each
    a command of its own."""
    from textual.command import CommandList

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await ask_palette(pilot, app, "I have no sword left, do I still discard something")

        def prompts() -> list[str]:
            found = app.screen.query_one(CommandList)
            return [str(found.get_option_at_index(n).prompt) for n in range(found.option_count)]

        await wait_for(pilot, lambda: palette_highlights(app) and len(prompts()) >= 2, timeout=60)
        shown = " ".join(prompts())
        assert "Ruling: Lay down your swords!" in shown and "Crown command: Lay down your swords!" in shown


async def test_at_80x24_every_word_of_every_place_in_the_list_shows(make_app):
    """Nothing in the list is cut: each place's title, snippet and the title beside it wrap
    whole at the list's width, its scrollbar's room kept ("+ Thief: steal a gem or" lost
    "free one Holy Knight" once the scrollbar narrowed the list)."""
    from rich.text import Text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = await open_rules(pilot, app, game="mm5")
        await ask(pilot, rules, "can a thief steal a gem")
        results = rules.query_one("#results", OptionList)
        assert results.max_scroll_y > 0, "more places than fit: the scrollbar shows"
        shown = " ".join(results.render_line(y).text for y in range(results.virtual_size.height)).split()
        for n in range(min(results.option_count, 6)):
            words = Text.from_markup(str(results.get_option_at_index(n).prompt)).plain.split()
            assert all(word in shown for word in words), (n, [w for w in words if w not in shown])
