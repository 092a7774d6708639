"""The README's list of export formats is the table the command line and the app use."""

from __future__ import annotations

from pathlib import Path

from companion.cli_parser import parser as _parser
from companion.formats import FORMATS

README = Path(__file__).parents[1] / "README.md"


def test_the_readme_lists_the_formats_of_the_one_table():
    text = README.read_text()
    block = text.split("<!-- formats:", 1)[1].split("<!-- /formats -->", 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| `")][1:]  # under the heading
    assert rows == [f"| `{f.name}` | `{f.suffix}` | {f.label} |" for f in FORMATS]
    usage = next(line for line in text.splitlines() if line.startswith("companion sessions export"))
    assert "--format " + "|".join(f.name for f in FORMATS) in usage


def test_the_command_line_offers_every_format():
    export = _parser(["sessions"])._subparsers._group_actions[0].choices["sessions"]  # type: ignore[union-attr]
    action = export._subparsers._group_actions[0].choices["export"]
    [fmt] = [a for a in action._actions if a.dest == "format"]
    assert tuple(fmt.choices) == tuple(f.name for f in FORMATS)
