"""The core's face: every game imports the protocol, events, prompts, actions and views from here.

`companion.core` is a package of one module per job, each importing only those before it:
`events` (typed events and their JSON codec), `prompts` (the entry line, the dice tray and
seats: what a player types, read into events), `actions` (action families, open or closed
with the reason, and their keys), `views` (what the table shows, a finished game's result)
and `game` (the `Game` protocol and `GameBase`, with the checks every game's setup and apply
share). Games, screens and tests import the names from `companion.core`, never from the
modules, so a name can move between them without touching its users.
"""

from companion.core.actions import Action, Built, Key, Opens, Reads, Shelf, open_when, probe, probed
from companion.core.events import (
    CODEC_KEY,
    EVENT_CODEC,
    Event,
    Undecodable,
    decode,
    decode_payload,
    encode,
    event_types,
)
from companion.core.game import (
    GAME_OVER,
    REQUIRED,
    Catalogue,
    Game,
    GameBase,
    Option,
    S,
    check_players,
    next_seat,
    refuse_when_over,
    resolve_options,
)
from companion.core.prompts import Card, Dice, Prompt, Roll, Typed, as_logged, parse_seat, read_roll, read_typed
from companion.core.views import Figure, Result, Row, TableView
from companion.rejected import Rejected  # defined beside the number parsing the core uses, shown here as the core's

__all__ = [
    "CODEC_KEY",
    "EVENT_CODEC",
    "GAME_OVER",
    "REQUIRED",
    "Action",
    "Built",
    "Card",
    "Catalogue",
    "Dice",
    "Event",
    "Figure",
    "Game",
    "GameBase",
    "Key",
    "Opens",
    "Option",
    "Prompt",
    "Reads",
    "Rejected",
    "Result",
    "Roll",
    "Row",
    "S",
    "Shelf",
    "TableView",
    "Typed",
    "Undecodable",
    "as_logged",
    "check_players",
    "decode",
    "decode_payload",
    "encode",
    "event_types",
    "next_seat",
    "open_when",
    "parse_seat",
    "probe",
    "probed",
    "read_roll",
    "read_typed",
    "refuse_when_over",
    "resolve_options",
]
