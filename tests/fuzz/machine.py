"""A Hypothesis state machine that plays any registered game with legal and illegal actions.

A game plugs in with a module `tests/fuzz/<id>_actions.py` offering `events(state)`, a
strategy of events (legal and illegal mixed; cache the strategies it builds, since building
costs far more than drawing), and `invariants(game, state)`, raising
AssertionError when the game's conservation laws break. After every step: the invariants
hold, and so does the Game contract (the rules phase is one the game declares); a refused
action left the state identical, byte for byte when pickled; undo, then redo, give the states
folded afresh from the first state and the events; replaying the stored log (JSON round trip)
gives the live state. The actions law: an event is refused when every family of the game's
`actions` hook that records its kind is closed, each closed family says why, and an open
family's example event is accepted.
"""

from __future__ import annotations

import json
import pickle
from importlib import import_module
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.core import Rejected, decode, encode, read_typed
from companion.games import get_game
from companion.timeline import Entry, Timeline


def typed_back(game: Any, plug: Any, state: Any, event: Any) -> None:
    """The notation's round trip: an accepted event is written as a player types it and the
    game's prompts read that back to the same event. `write` gives None for an event no
    question writes (a field its command does not use) and for the kinds the plug names in
    `UNTYPED` (no line of the table records them alone, or not written yet)."""
    typed = game.write(state, event)
    if typed is None:
        return
    try:
        read = read_typed(typed)
    except Rejected as exc:
        raise AssertionError(f"{event!r} typed as {typed.answers!r} is refused: {exc.reason}") from exc
    assert read == (event,), f"{event!r} typed as {typed.answers!r} reads back as {read!r}"


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
            # A deep serialization: a refusal that mutated anything inside the state shows.
            snapshot = pickle.dumps(before)
            event = data.draw(plug.events(before))
            families = [a for a in game.actions(before) if event.kind in a.kinds]
            try:
                after = self.timeline.record(event)
            except Rejected as exc:
                assert exc.reason.strip(), "a refusal must say why"
                assert self.timeline.state is before, "a refusal moved the timeline"
                assert pickle.dumps(before) == snapshot, "a refused action changed the state"
                self.refused += 1
                return
            closed = [a for a in families if a.closed is not None]
            assert not families or len(closed) < len(families), (
                f"{event!r} was accepted though its families are closed: {[(a.name, a.closed) for a in closed]}"
            )
            typed_back(game, plug, before, event)
            self._moved(after, new_entry=True)

        @precondition(lambda self: self.timeline.can_undo)
        @rule()
        def undo_redo(self) -> None:
            cursor = self.timeline.cursor
            back = self.timeline.undo()
            assert back.cursor == cursor - 1 and back.state == self.folded(cursor - 1)
            assert back.redo().state == self.folded(cursor)
            self._moved(back, new_entry=False)

        @precondition(lambda self: self.timeline.can_redo)
        @rule()
        def redo(self) -> None:
            after = self.timeline.redo()
            assert after.state == self.folded(after.cursor)
            self._moved(after, new_entry=False)

        @invariant()
        def conserved(self) -> None:
            state = self.timeline.state
            plug.invariants(game, state)
            if game.rules_phases:
                assert game.rules_phase(state) in game.rules_phases, game.rules_phase(state)
            assert all(isinstance(line, str) for line in game.panel(state))
            assert all(len(pair) == 2 for pair in game.headline(state))
            families = game.actions(state)
            assert len({a.name for a in families}) == len(families), "two families share a name"
            assert all(a.closed is None or a.closed.strip() for a in families), "a closed family must say why"
            assert {k for a in families for k in a.kinds} <= set(game.events), "a family names an unknown kind"
            for a in families:
                if a.closed is None and a.example is not None:
                    assert a.example.kind in a.kinds, (a.name, a.example)
                    game.apply(state, a.example)  # an open family's example is accepted (no Rejected)

        def folded(self, cursor: int) -> Any:
            """The state after the first `cursor` events, folded afresh (no timeline, no cache)."""
            names, options = self.setup
            state = game.setup(names, options)
            for entry in self.timeline.entries[:cursor]:
                state = game.apply(state, entry.event)
            return state

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
            entries = tuple(
                Entry(decode(json.loads(s), game.events), e.turn, e.text)
                for s, e in zip(stored, tl.entries, strict=True)
            )
            names, options = self.setup
            replayed = Timeline.replay(game, game.setup(names, options), entries, tl.cursor)
            assert replayed.state == tl.state

    GameMachine.__name__ = f"{game_id.title()}Machine"
    return GameMachine
