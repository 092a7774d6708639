"""Kinds of question the rules never answer however they are put: advice, a slip at the table,
the clock, a price, a deal between players, table talk, an expansion mixed in.

The rules say what a player may and must do, not which choice is wise ("which character is the
strongest", a strategy, tips), not how to mend a slip (a card shown by accident, piles knocked
over and mixed up, cheating, a component lost), not how long anything takes by the clock (a
timer, minutes, a time limit, how long a game lasts), not what a copy costs, not what players may
agree among themselves (a trade, a gift to a friend, teams, showing one's hand), and not how to
play an expansion. A question of such a kind is answered only by a first answer whose passage
itself speaks of that kind (``KINDS``: each kind as a question asks it, and as an answer speaks
of it); else "No rule covers this".

Each kind is its words (compared by ``word_key``: "accidently" is "accidentally"), its phrases
(patterns over the question in lower case) and its Chinese (over the question in Traditional).
Not "best", "weakest", "knocked" or "spill" alone: "the best way to free my knights", "attack
the weakest first", "knocked out" and damage that spills over are rules. Not "time" alone:
"one more time" is a rule; nor "how long" alone: how long a fight lasts is a rule, and so is
how long the game goes on after the draw pile runs out. Not "should I ... or ...": "should I
block or parry a backstab" asks which is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from rulesdb.coverage import word_key, word_keys
from rulesdb.texts import GameTexts


@dataclass(frozen=True)
class Kind:
    words: frozenset[str]  # word keys
    phrases: re.Pattern[str]
    cjk: tuple[str, ...]
    hints: re.Pattern[str]  # a text of this kind holds one of these: the others are never searched

    def asked(self, text: str, keys: Callable[[], set[str]] | None = None) -> bool:
        """Whether a text (in lower case, its Chinese in Traditional) speaks of this kind
        (``keys``: its word keys, read once for every kind)."""
        if not self.hints.search(text):
            return False
        return (
            not self.words.isdisjoint(keys() if keys else word_keys(text))
            or self.phrases.search(text) is not None
            or any(term in text for term in self.cjk)
        )


def _kind(words: str, phrases: str, cjk: str, hints: str = "") -> Kind:
    """A kind; ``hints`` (split at "|"), what each of its phrases holds. A word's key is its
    beginning, but for an "i" that stands for its ending ("money" is "monei", "tidy" "tidi")."""
    keys = frozenset(word_key(word) for word in words.split())
    found = (*dict.fromkeys(key[:-1] if key.endswith("i") else key for key in keys), *filter(None, hints.split("|")))
    found += tuple(cjk.split())
    return Kind(keys, re.compile(phrases), tuple(cjk.split()), _literals(found))


def _literals(texts: Iterable[str]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, texts)))


ADVICE = _kind(
    "strategy strategies tactic tactics tip tips advice",
    r"\bwhich\b[\w\s']*?\b(?:is|are)\s+(?:the\s+)?(?:strongest|best|hardest|weakest|easiest|worst)\b"
    r"|\bis it (?:better|worth)\b|\b(?:an|any) advantage\b",
    "策略 戰術 攻略 技巧 訣竅 最強 最厲害 比較好 比較划算 比較有利 有優勢 佔優勢 吃虧",
    "which|better|worth|advantage",
)
SLIP = _kind(
    "accident accidentally accidental mistake mistakes mistakenly",
    r"\bknock(?:ed|s)? (?:\w+ ){0,2}over\b|\bmixed (?:\w+ ){0,2}up\b|\bgot mixed\b|\bcheat(?:s|ed|ing|er|ers)\b"
    r"|\blost (?:one|two|some|a few|a couple) of\b|\b(?:is|are|went|gone) missing\b|\bmissing from\b",
    "不小心 弄錯 搞錯 失誤 打翻 弄亂 撞倒 作弊 弄丟 搞丟 遺失 不見了",
    "knock|mixed|cheat|lost|missing",
)
CLOCK = _kind(
    "hourglass stopwatch",
    r"(?<![\w-])timers?\b|\bhow many (?:minutes|hours|seconds)\b|\btime limit|\bhow much time\b"
    r"|\bhow long (?:do|does|will|would|is|should) (?:(?:a|an|one|the|each|our|this|typical|full|whole|usual) )*game\b"
    r"(?![^?.,]*\b(?:after|until|once|when|if)\b)",
    "計時 沙漏 時間限制 時限 思考時間 幾分鐘 多少分鐘 幾小時 幾個小時 多少小時",
    "timer|minutes|hours|seconds|time limit|how much time|how long",
)
# The price of a copy: the rules cost mana and stars, never money. Not "money" or "cheap":
# tkc's gold bags are money, and an attack may be a cheap one.
PRICE = _kind(
    "price prices priced purchase expensive msrp retail dollar dollars yen euro euros",
    r"\bhow much (?:is|does|do|would|will|did) (?:(?:a|an|the|this|one|my|new) )?(?:copy|game|box|reprint|edition|expansion)\b"
    r"|\bhow much (?:does|do|did|would|will) [^?]*\b(?:copy|game|box|reprint|edition|expansion)\b[^?]*\bcost\b"
    r"|\b(?:where|how) (?:can|do|could|should) (?:i|we|you) (?:buy|order)\b",
    "價格 價錢 多少錢 售價 定價 哪裡買 在哪買 便宜 貴不貴",
    "how much|buy|order",
)
MONEY = _kind(
    "price prices priced purchase buy expensive cheap cheaper msrp retail dollar dollars yen euro euros money",
    r"(?!)",  # no phrase
    "價格 價錢 售價 定價",
)
# A deal between players (a trade, a gift, a team): the rules say what each player does, not
# what players may agree among themselves. Not "team" alone (skd's party is a team), nor "gang
# up" (mm5's orcs gang up in one attack), nor a swap of sides (mm5's side switch), nor 換牌
# (tkc's discard for new cards), nor 組隊 (skd's party is built in the draft).
DEAL = _kind(
    "alliance alliances",
    r"\b(?:trade|trades|trading|traded|swap|swapping|exchange|exchanging|give|giving|lend|share|sharing)\b(?! sides?\b)"
    r"[^?.,]*\b(?:each other|one another|another player|other players|between players|between us|a friend"
    r"|my friend|friends|teammates?|partners?|allies|ally|someone['’]s|somebody['’]s|another player['’]s)(?!\w)"
    r"|\b(?:team up|in teams|teams of|2v2|2 vs 2|two against two)\b",
    "結盟 聯盟 聯手 談條件 講好 約好 跟別人交換 跟別人換 互相交換 送給別人 送人 送給朋友 分給隊友 給隊友",
    "trad|swap|exchang|giv|lend|shar|team|2v2|2 vs 2|two against two",
)
DEALT = _kind(
    "trade trades exchange exchanges swap give gives alliance team teams ally together cooperative",
    r"\bco-op\b",
    "交換 給 合作",
    "co-op",
)
# Table talk: showing one's hand to others, or telling them what it holds, is for the players to
# agree on; the rules that look at a hand (tkc's crystal ball) or reveal a card speak of it and
# answer. Not "show my spell" alone: whether a spell is shown when played is a rule.
TALK = _kind(
    "",
    r"\bshow (?:my|our|your|his|her|their) (?:whole )?(?:hand|cards?|spells?) to\b"
    r"|\btell (?:\w+ ){1,2}(?:what|which) (?:cards?|spells?) (?:i|we|you) (?:have|hold|got)\b"
    r"|\b(?:talk|chat) about (?:my|our|their|your) (?:hands?|cards?)\b",
    "給別人看 給大家看 給隊友看 商量手牌 討論手牌 聊手牌 手上有什麼牌 手牌有什麼 報手牌",
    "show|tell|talk|say|discuss|chat",
)
SHOWN = _kind("show shows shown reveal reveals revealed look looks tell talk", r"(?!)", "看 公開 翻開")
# An expansion played with the game: the texts tell of expansions (their boxes, their history),
# never how to mix one in.
_USE = r"(?:mix|mixed|mixing|add|adds|added|use|using|include|including|combine|combined|shuffle)"
EXPANSION = _kind(
    "",
    rf"\bexpansions?\b.*\b{_USE}\b|\b{_USE}\b.*\bexpansions?\b|擴充.*(?:混|加入|加進|一起|怎麼玩|怎麼用)|(?:混|加入|加進).*擴充",
    "",
    "expansion|擴充",
)
MIXED_IN = _kind(
    "", rf"\bexpansions?\b[^.]*\b{_USE}\b|\b{_USE}\b[^.]*\bexpansions?\b|擴充[^。]*混", "", "expansion|擴充"
)
# Each kind as a question asks it, and as an answer speaks of it.
KINDS = (
    (ADVICE, ADVICE),
    (SLIP, SLIP),
    (CLOCK, CLOCK),
    (PRICE, MONEY),
    (DEAL, DEALT),
    (TALK, SHOWN),
    (EXPANSION, MIXED_IN),
)
_ASKED_HINTS = re.compile("|".join(asked.hints.pattern for asked, _ in KINDS))


def off_table(question: str, answer: str) -> bool:
    """Whether the question (in lower case, Traditional) is of a kind the rules never answer
    and the answer's text does not speak of that kind."""
    if not _ASKED_HINTS.search(question):  # most questions: none of these kinds
        return False
    keys = lru_cache(maxsize=1)(lambda: word_keys(question))
    kinds = [said for asked, said in KINDS if asked.asked(question, keys)]
    text = answer.lower() if kinds else ""
    said_keys = lru_cache(maxsize=1)(lambda: word_keys(text))
    return any(not said.asked(text, said_keys) for said in kinds)


def game_name(info: GameTexts) -> re.Pattern[str]:
    """The ways a question names its game: its id, and its name less "the" and an edition
    ("Monster Maker 5 Rev." is monster maker 5, or monster maker), as whole words."""
    words = re.findall(r"\w+", info.name.lower())
    words = words[1:] if words[:1] == ["the"] else words
    words = words[:-1] if words[-1:] == ["rev"] else words
    names = {info.game, " ".join(words), " ".join(word for word in words if not word.isdigit())}
    spaced = (r"\s+".join(map(re.escape, name.split())) for name in sorted(names, key=len, reverse=True))
    alternatives = "|".join(spaced)
    return re.compile(rf"\b(?:the\s+)?(?:{alternatives})\b", re.I)


def unnamed(query: str, name: re.Pattern[str] | None) -> str:
    """The question with its game's name read as "the game" ("how long does a game of monster
    maker 5 last" asks how long a game lasts: the About pages that name the game do not answer
    it; "how much is seirei kairo drive" asks what the game costs), or "" when it does not name
    it or is nothing else."""
    if name is None or not name.search(query):
        return ""
    if not re.search(r"\w", name.sub(" ", query)):
        return ""
    return " ".join(name.sub(" the game ", query).split())
