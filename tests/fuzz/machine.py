"""A Hypothesis state machine that plays any registered game with legal and illegal actions.

A game plugs in with a module `tests/fuzz/<id>_actions.py` offering `events(state)`, a
strategy of events (legal and illegal mixed; cache the strategies it builds, since building
costs far more than drawing), and `invariants(game, state)`, raising
AssertionError when the game's conservation laws break. After every step: the invariants
hold; a refused action left the state identical; undo then redo gives the same state;
replaying the stored log (JSON round trip) gives the live state.
"""

from __future__ import annotations

import copy
import json
from importlib import import_module
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.core import Rejected, decode, encode
from companion.games import get_game
from companion.timeline import Entry, Timeline


def machine_for(game_id: str, store: Any = None) -> type[RuleBasedStateMachine]:
    """The machine for one game; with a Repository as `store`, each sequence is also written
    to the database action by action and must reload to the same state."""
    game = get_game(game_id)
    plug = import_module(f"tests.fuzz.{game_id}_actions")
    seats = st.integers(game.min_players, min(game.max_players, 6))

    class GameMachine(RuleBasedStateMachine):
        timeline: Timeline

        @initialize(n=seats, data=st.data())
        def start(self, n: int, data: Any) -> None:
            options = data.draw(plug.options()) if hasattr(plug, "options") else {}
            names = tuple(f"P{i + 1}" for i in range(n))
            self.setup = (names, options)
            self.timeline = Timeline.start(game, game.setup(names, options))
            self.refused = 0
            if store is not None:
                self.session_id = store.create(game, "fuzz", names, options).info.id

        def _moved(self, after: Timeline, new_entry: bool) -> None:
            if store is not None:
                (store.record if new_entry else store.move)(self.session_id, self.timeline, after)
            self.timeline = after

        @rule(data=st.data())
        def act(self, data: Any) -> None:
            before = self.timeline.state
            # States are frozen, so a copy taken now shows whether a refusal mutated anything.
            snapshot = copy.copy(before)
            event = data.draw(plug.events(before))
            try:
                after = self.timeline.record(event)
            except Rejected as exc:
                assert exc.reason.strip(), "a refusal must say why"
                assert self.timeline.state is before and before == snapshot, "a refused action changed the state"
                self.refused += 1
                return
            self._moved(after, new_entry=True)

        @precondition(lambda self: self.timeline.can_undo)
        @rule()
        def undo_redo(self) -> None:
            now = self.timeline.state
            back = self.timeline.undo()
            assert back.redo().state == now
            self._moved(back, new_entry=False)

        @precondition(lambda self: self.timeline.can_redo)
        @rule()
        def redo(self) -> None:
            self._moved(self.timeline.redo(), new_entry=False)

        @invariant()
        def conserved(self) -> None:
            plug.invariants(game, self.timeline.state)

        def teardown(self) -> None:
            if not hasattr(self, "timeline"):
                return
            self.replay_equals_live()
            if store is not None:
                loaded = store.load(self.session_id)
                assert loaded.timeline.cursor == self.timeline.cursor
                assert loaded.timeline.state == self.timeline.state, "the database reloads differently"

        def replay_equals_live(self) -> None:
            tl = self.timeline
            stored = [json.dumps(encode(e.event)) for e in tl.entries]
            entries = tuple(Entry(decode(json.loads(s), game.events), e.turn, e.text) for s, e in zip(stored, tl.entries, strict=True))
            names, options = self.setup
            replayed = Timeline.replay(game, game.setup(names, options), entries, tl.cursor)
            assert replayed.state == tl.state

    GameMachine.__name__ = f"{game_id.title()}Machine"
    return GameMachine
