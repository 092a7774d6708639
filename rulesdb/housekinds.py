"""House matters: kinds of question about the copy on the table and the people round it that no
rule answers (``rulesdb.offtable`` reads them with the other kinds).

Card sleeves, a player's age, colour blindness, playing online, the language printed on the
cards, who shuffles, looking through or counting a pile, a series of games, and a harder mode. Each is a question's kind and, beside
it, what a passage says when it speaks of that kind (skd's box page speaks of sleeved cards, so
a question about sleeves in the box is answered there). Never a hint, since each is a rule's word
or an ask's: "kids" alone (skd's easy mode is for them), "edition" (the About pages tell of
editions), "shuffle" alone (every setup shuffles), "how many cards are left" (tkc's end), going or
digging through the discard pile for a card (tkc's crystal ball takes one back).
"""

from __future__ import annotations

from rulesdb.kinds import Kind, kind_of

_SLEEVE_WORDS = "sleeve sleeves sleeved sleeving"
_SLEEVE_CJK = "牌套 卡套"
SLEEVES = kind_of(_SLEEVE_WORDS, r"(?!)", _SLEEVE_CJK, "sleev")
AGE = kind_of(
    "",
    r"\bwhat age\b|\bhow old\b|\byears?[- ]olds?\b|\bage (?:range|rating|limit|group)\b|\bold enough\b",
    "幾歲 年齡 歲以上 歲的小孩 歲小孩 小朋友 兒童 几岁 年龄 岁以上 岁的小孩 儿童",
    "what age|how old|year old|years old|year-old|years-old|age range|age rating|age limit|age group|old enough",
)
AGED = kind_of(
    "",
    r"\bages? \d|\b\d+\+|\byears? old\b|\bage (?:range|rating|group)\b|\bchildren\b",
    "歲 兒童",
    "age|+|years old|year old|children",
)
_BLIND = r"\bcolou?r[- ]?blind(?:ness)?\b|\bcolou?r[- ]?deficien\w*"
COLOUR_BLIND = kind_of("", _BLIND, "色盲 色弱", "blind|deficien")
COLOUR_BLINDED = kind_of("", _BLIND, "色盲 色弱", "blind|deficien")
_ONLINE = (
    r"\bonline\b|\bdigital (?:version|edition|app)\b|\b(?:board game arena|tabletop simulator|steam)\b"
    r"|\bplay (?:it |this )?(?:remotely|over (?:the internet|video|zoom|discord))\b"
)
_ONLINE_CJK = "線上 網上 線上版 電腦版 手機版 網路版 遠端 线上 网上 线上版 电脑版 手机版 网络版 远程"
_ONLINE_HINTS = "online|digital|board game arena|tabletop simulator|steam|remotely|over the internet|over video"
# 在线等 ("waiting online", read 線上等: an answer wanted soon) asks nothing of playing online,
# when no other word of it is there.
_WAITING = r"^(?![\s\S]*(?:線上(?!等)|網上|遠端|版|online|digital|remote))[\s\S]*線上等"
ONLINE = kind_of("", _ONLINE, _ONLINE_CJK, _ONLINE_HINTS + "|over zoom|over discord", _WAITING)
PLAYED_ONLINE = kind_of("", _ONLINE, _ONLINE_CJK, _ONLINE_HINTS + "|over zoom|over discord")
LANGUAGE = kind_of(
    "",
    r"\b(?:read|speak|understand|know) (?:any )?(?:japanese|chinese|english)\b|\blanguage[- ](?:independent|dependent)\b"
    r"|\b(?:english|chinese|japanese) (?:edition|version|translation)s?\b",
    "看不懂日文 懂日文 會日文 看得懂日文 看不懂日语 懂日语 中文版 英文版 日文版",
    "japanese|chinese|english|language",
)
WORDED = kind_of("", r"\blanguage\b|\btext on the cards\b", "文字", "language|text on the cards")
WHO_SHUFFLES = kind_of(
    "",
    r"\bwho (?:shuffles|should shuffle|has to shuffle|gets to shuffle|must shuffle|cuts the deck)\b",
    "誰洗牌 誰負責洗牌 誰來洗牌 誰要洗牌 谁洗牌 谁负责洗牌 谁来洗牌 谁要洗牌",
    "who shuffles|who should shuffle|who has to shuffle|who gets to shuffle|who must shuffle|who cuts",
)
# Not as words: "shuffler" is "shuffle" by its key, and every setup shuffles.
SHUFFLER = kind_of(
    "",
    r"\b(?:dealer|shuffler)\b|\b(?:player|person) (?:who|that) shuffles\b",
    "洗牌的人 發牌的人 莊家",
    "dealer|shuffler|player|person",
)
_PILES = (
    r"\b(?:look|looking|looks|flip|flipping|leaf|leafing|browse|browsing) (?:back )?through "
    r"(?:the |a |my |our )?(?:discard|draw|score)?[- ]?(?:piles?|decks?)\b"
    r"|\bcount (?:how many )?(?:the )?cards (?:are )?(?:left|remaining)\b"
)
_PILES_CJK = "翻看棄牌堆 翻棄牌堆 查看棄牌堆 數牌堆 翻看弃牌堆 翻弃牌堆 查看弃牌堆 数牌堆"
PILES = kind_of("", _PILES, _PILES_CJK, "through|count how|count the|count cards")
LOOKED_THROUGH = kind_of("", _PILES, _PILES_CJK, "through|count")
# A series of games, or a mode the games lack: "running totals" is tkc's open scoring, and skd's
# easy mode is a rule (an easier game is not a harder one).
_SERIES = (
    r"\b(?:several|multiple|a few|a series of|a couple of) games\b|\bbest (?:of|out of) (?:three|five|3|5)\b"
    r"|\bcampaign\b|\b(?:over|across|between) games\b|\bfrom game to game\b"
)
_SERIES_CJK = "多玩幾局 連續幾局 連玩幾局 三戰兩勝 五戰三勝 戰役模式 多玩几局 连续几局 三战两胜 五战三胜 战役模式"
SERIES = kind_of("", _SERIES, _SERIES_CJK, " games|best of|best out of|campaign|game to game")
_MODE = (
    r"\b(?:hard|harder|expert|difficult|advanced|nightmare|veteran|heroic) (?:mode|difficulty|variant|version|setting)s?\b"
    r"|\bmake (?:it|the game) (?:harder|more difficult|more challenging)\b|\bmore (?:difficult|challenging)\b"
    r"|\bdifficulty (?:levels?|settings?)\b"
)
_MODE_CJK = "困難模式 高難度 專家模式 地獄模式 更難一點 加難度 困难模式 高难度 专家模式 地狱模式 更难一点 加难度"
_MODE_HINTS = "hard|expert|difficult|advanced|nightmare|veteran|heroic|challenging"
MODE = kind_of("", _MODE, _MODE_CJK, _MODE_HINTS)
HOUSE: tuple[tuple[Kind, Kind], ...] = (
    (SLEEVES, SLEEVES),  # a passage speaks of sleeves in the words a question asks with
    (AGE, AGED),
    (COLOUR_BLIND, COLOUR_BLINDED),
    (ONLINE, PLAYED_ONLINE),
    (LANGUAGE, WORDED),
    (WHO_SHUFFLES, SHUFFLER),
    (PILES, LOOKED_THROUGH),
    (SERIES, SERIES),
    (MODE, MODE),
)
