"""The settings file: read and checked at start; a bad key is named in one line, its default
used, and the file left byte for byte; the theme picked in the app is remembered; the keymap
really moves a key (its action, the footer, the palette)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.settings import CHECKS, DEFAULT_THEME, Settings, load, save_theme
from companion.text import shown
from tests.conftest import fixed_clock, start_session, wait_for

# Any TOML value: what a hand edit may leave under any key.
SCALARS = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
KEYS = st.sampled_from([*CHECKS, "Theme", "keymap", "colour"])


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_a_missing_file_is_every_default(tmp_path: Path) -> None:
    s = load(tmp_path / "none.toml")
    assert (s.theme, dict(s.keymap), dict(s.bgg_ids), s.problem) == (DEFAULT_THEME, {}, {}, "")
    assert not (tmp_path / "none.toml").exists()


def test_a_good_file_is_read_whole(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "theme": "nord",
            "keys": {"undo": "ctrl+u", "next_turn": "space"},
            "bgg": {"mm5": 1234, "Carcassonne": 822},
        },
    )
    s = load(path)
    assert s.problem == "" and s.theme == "nord"
    assert dict(s.keymap) == {"undo": "ctrl+u", "next_turn": "space"}
    assert dict(s.bgg_ids) == {"mm5": 1234, "Carcassonne": 822}


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(KEYS, VALUES, min_size=1, max_size=4))
def test_a_bad_key_is_named_its_default_used_and_the_file_untouched(data: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), data)
        before = path.read_bytes()
        s = load(path)
        in_file = tomllib.loads(before.decode())  # the file's own order: tables come last
        bad = [k for k, v in in_file.items() if not (k in CHECKS and _accepted(k, v))]
        if not bad:
            assert s.problem == ""
        else:
            assert "\n" not in s.problem and f"{path}: {shown(bad[0])}" in s.problem, s.problem
            assert s.problem.endswith("using the default for it.")
            assert save_theme(s, "nord") is s, "a file with a problem is never written"
            assert path.read_bytes() == before
        defaults = Settings()
        for key, name in (("theme", "theme"), ("keys", "keymap"), ("bgg", "bgg_ids")):
            if key in bad or key not in in_file:
                assert getattr(s, name) == getattr(defaults, name), key


def _accepted(key: str, value: Any) -> bool:
    try:
        CHECKS[key](value)
    except ValueError:
        return False
    return True


def test_a_file_that_is_not_toml_is_named_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'theme = "nord\n\xff[keys')
    s = load(path)
    assert str(path) in s.problem and "TOML" in s.problem and s.theme == DEFAULT_THEME
    assert save_theme(s, "nord") is s
    assert path.read_bytes() == b'theme = "nord\n\xff[keys'


def test_the_theme_is_written_back_keeping_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, {"keys": {"undo": "ctrl+u"}, "bgg": {"mm5": 1234}})
    after = save_theme(load(path), "nord")
    again = load(path)
    assert after.theme == again.theme == "nord"
    assert dict(again.keymap) == {"undo": "ctrl+u"} and dict(again.bgg_ids) == {"mm5": 1234}


def test_help_names_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    env = {**os.environ, "COMPANION_SETTINGS": str(path), "PYTHONPATH": str(Path(__file__).parents[1])}
    out = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True, env=env).stdout
    assert str(path) in "".join(out.split()), out  # argparse may wrap the line anywhere


async def test_the_keymap_moves_a_key_and_the_footer_shows_it(tmp_path: Path) -> None:
    from screens.app import CompanionApp

    settings_file = write(tmp_path, {"keys": {"countdown": "k"}})
    app = CompanionApp(db_path=tmp_path / "c.db", clock=fixed_clock, settings=load(settings_file))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await start_session(pilot, 0, "Ann, Bob", {"counters": "HP=20 0..40"})
        shown = {b.binding.action: b.binding.key for b in screen.active_bindings.values() if b.binding.show}
        assert shown.get("countdown") == "k", shown
        await pilot.press("c")
        await wait_for(pilot, lambda: "not a key here" in str(screen.query_one("#status").content))
        assert not screen.entry_open, "the old key no longer opens the countdown"
        await pilot.press("k")
        await wait_for(pilot, lambda: screen.entry_open)
        await pilot.press("r", "3", "enter")
        await wait_for(pilot, lambda: screen.timeline.cursor == 1)
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "Countdown (k)" in titles, titles


async def test_a_theme_picked_in_the_app_is_remembered(tmp_path: Path) -> None:
    from screens.app import CompanionApp

    path = tmp_path / "settings.toml"
    app = CompanionApp(db_path=tmp_path / "c.db", clock=fixed_clock, settings=load(path))
    async with app.run_test() as pilot:
        app.theme = "nord"
        await wait_for(pilot, lambda: path.exists())
    assert load(path).theme == "nord"
    again = CompanionApp(db_path=tmp_path / "c.db", clock=fixed_clock, settings=load(path))
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == "nord"
