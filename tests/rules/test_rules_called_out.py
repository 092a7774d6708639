"""A term the texts call out ("Attention! (注意!)", "**Give me your aid!** (協助我!)", a command's
name) is in the glossary as any term is: its Chinese is read as its English, so a Chinese
question that names the command ("皇冠的注意！命令") finds the command's own paragraph. A term in
bold without its "!" is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.glossary import glossary
from rulesdb.index import RulesIndex
from rulesdb.texts import Section

TERMS = [("Attention", "注意"), ("Hold fast", "堅守"), ("Give me your aid", "協助我"), ("Charge", "衝鋒")]


def _section(text: str) -> Section:
    return Section("tkc", "tkc.test", "Test", "source", (), (), (), (), text)


@settings(max_examples=40, deadline=None)
@given(
    term=st.sampled_from(TERMS),
    bold=st.booleans(),
    bang=st.sampled_from(["!", "！"]),
    cjk_bang=st.sampled_from(["!", "！", ""]),
    space=st.sampled_from([" ", ""]),
    before=st.sampled_from(["", "The crown's command ", "- "]),
)
def test_a_term_called_out_is_glossed(
    term: tuple[str, str], bold: bool, bang: str, cjk_bang: str, space: str, before: str
) -> None:
    english, chinese = term
    mark = "**" if bold else ""
    text = f"{before}{mark}{english}{bang}{mark}{space}({chinese}{cjk_bang}): you may do it twice."
    words = glossary((_section(text),))[chinese]
    assert words and words[-1] == english.lower().split()[-1]


def test_bold_without_a_call_is_read_as_before() -> None:
    assert "光明方" not in glossary((_section("*Light side* (光明方) may attack."),))


@settings(max_examples=10, deadline=None)
@given(
    command=st.sampled_from(["注意！命令", "注意!命令", "注意命令"]),
    asked=st.sampled_from(["是什么效果", "有什麼用", "怎麼用"]),
)
def test_a_command_named_in_chinese_finds_its_paragraph(real_index: RulesIndex, command: str, asked: str) -> None:
    answer = real_index.ask(f"皇冠的{command}{asked}", game="tkc", limit=1)
    assert answer.covered
    assert "tkc.crown.attention" in [s.id for s in answer.hits[0].shown]
