"""The coin race, registered only through the registry, works everywhere a game does (the
contract tests in test_game_contract.py run on it too):
the fuzzer, the store, the rules texts, the command line and the app."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from companion.cli import main
from companion.core import Game, Rejected
from companion.games import all_games, get_game
from companion.store.repo import Repository
from companion.timeline import Timeline
from rulesdb.texts import TextsError, load
from screens.app import CompanionApp
from tests.conftest import examples, start_session, wait_for
from tests.contract.coin_race import Flip, Pass, chances
from tests.fuzz.machine import machine_for


def test_unregistered_it_is_unknown() -> None:
    assert "coin" not in [g.id for g in all_games()]
    with pytest.raises(Rejected, match="Unknown game 'coin'"):
        get_game("coin")


def test_the_chances_are_exact() -> None:
    assert chances((0, 0), 0, 1) == (Fraction(2, 3), Fraction(1, 3))
    assert sum(chances((0, 0, 0), 0, 3)) == 1
    assert chances((2, 0), 1, 3)[0] > chances((0, 2), 1, 3)[0]


def test_fuzzed_play_keeps_every_law(fifth_game: Game[Any], repo: Repository) -> None:
    machine = machine_for("coin", store=repo)
    machine.TestCase.settings = settings(
        max_examples=examples(60),
        stateful_step_count=15,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


def test_a_session_is_stored_and_reloaded(fifth_game: Game[Any], repo: Repository) -> None:
    loaded = repo.create(fifth_game, "Lunch", ("Ann", "Bob"), {"goal": 2})
    tl = loaded.timeline
    for event in (Flip(True), Pass(), Flip(True)):
        after = tl.record(event)
        repo.record(loaded.info.id, tl, after)
        tl = after
    again = repo.load(loaded.info.id)
    assert again.timeline.state == tl.state and tl.state.winner == 0
    assert [e.text for e in again.timeline.entries][-1] == "Ann throws heads and wins the race"
    result = fifth_game.result(tl.state)
    assert result is not None and result.winners == ("Ann",)


def test_its_rules_text_is_checked_against_its_phases(fifth_game: Game[Any], tmp_path: Path) -> None:
    declared = ", ".join(f'"{phase}"' for phase in fifth_game.rules_phases)  # as data: rulesdb imports no game
    text = (
        f'game = "coin"\nname = "Coin race"\nseed = "none"\nphases = [{declared}]\n\n[[section]]\nid = "coin.turn"\n'
        'title = "A turn"\nkind = "ruling"\nphases = ["PHASE"]\ntext = "Throw the coin."\n'
    )
    (tmp_path / "coin.toml").write_text(text.replace("PHASE", "flip"), encoding="utf-8")
    assert [s.phases for s in load(tmp_path).sections] == [("flip",)]
    (tmp_path / "coin.toml").write_text(text.replace("PHASE", "combat"), encoding="utf-8")
    with pytest.raises(TextsError, match=r"unknown phase.*combat; coin has flip, end"):
        load(tmp_path)


def test_its_command_is_on_the_command_line(fifth_game: Game[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coin-odds", "2", "--goal", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["seat 1: 2/3 (66.7%)", "seat 2: 1/3 (33.3%)"]
    assert main(["coin-odds", "9"]) == 2
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "coin-odds" in capsys.readouterr().out


def test_without_it_the_command_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["coin-odds", "2"])
    assert "invalid choice: 'coin-odds'" in capsys.readouterr().err


def test_the_fold_matches_a_fresh_timeline(fifth_game: Game[Any]) -> None:
    state = fifth_game.setup(("Ann", "Bob", "Cleo"), {"goal": 2})
    tl = Timeline.start(fifth_game, state)
    for event in (Flip(False), Flip(True), Pass(), Pass(), Flip(True)):
        tl = tl.record(event)
    assert tl.state.winner == 1 and tl.state.steps == (0, 2, 0)
    with pytest.raises(Rejected, match="race is over"):
        tl.record(Flip(True))


async def test_it_is_played_in_the_app(fifth_game: Game[Any], make_app: Callable[..., CompanionApp]) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        index = [g.id for g in all_games()].index("coin")
        screen = await start_session(pilot, index, "Ann, Bob", {"goal": "2"})
        assert type(screen).__name__ == "TableScreen", "a game with no panels of its own needs no screen"
        await pilot.press("h", "t", "h")
        await wait_for(pilot, lambda: screen.timeline.state.winner == 0)
        assert "Ann: ●● 100% to win" in str(screen.query_one("#game-panel").render())
        await pilot.press("ctrl+z")
        assert screen.timeline.state.winner is None and screen.timeline.state.steps == (1, 0)
