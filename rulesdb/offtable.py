"""Kinds of question the rules never answer however they are put (``KINDS``).

The rules say what a player may and must do, not which choice is wise (advice), not how to mend
a slip at the table (a card shown by accident, piles knocked over, cheating, a component lost),
not how long anything takes by the clock, not what a copy costs, not what players may agree
among themselves (a trade, a gift, teams, a truce), not what they may tell each other of their
hands, not how to play an expansion, not whether a player may sit out a turn or hide a hand
(the games say neither), not how to play a cooperative game against each other, not a call the
game does not have (shouting UNO), and not what household thing may stand in for a component. A
question of such a kind is answered only by a first answer whose passage itself speaks of that
kind (each kind as a question asks it, and as an answer speaks of it); else "No rule covers
this". A kind's words are said the ways a table says them (``rulesdb.kinds``). A question of a kind that
asks what the rules do say is none of it (a slip that asks how many of each card there are, what
a box includes, whether the game is a free-for-all), and a passage that ranks a thing the
question names ("the strongest type the cards form") answers which is the strongest.

Never a hint, since each is a rule's word: "best", "weakest", "knocked" or "spill" alone ("the
best way to free my knights", "attack the weakest first", "knocked out", damage that spills
over); "time" or "how long" alone ("one more time", how long a fight lasts); "should I ... or
..." alone ("should I block or parry a backstab" asks which is allowed: only a side to be or a
card to save or hold is advice); "forgot", and "take back" but a move taken back (the rules say
what a forgotten step or tkc's crystal ball taking a card back does); 偷看 (tkc's crystal
ball); "instead of" alone (attacking one character instead of another). Kinds of what players
do round the table are in ``rulesdb.tablekinds``, house matters in ``rulesdb.housekinds``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from rulesdb.coverage import word_key, word_keys
from rulesdb.housekinds import HOUSE
from rulesdb.kinds import kind_of, trie_pattern
from rulesdb.query import STOPWORDS
from rulesdb.tablekinds import (
    CALL,
    CALLED,
    HIDDEN,
    HIDE,
    LEAVE,
    LEFT,
    PLAYED_AGAINST,
    REPLACED,
    SKIP,
    SKIPPED,
    STAND_IN,
    VERSUS,
)
from rulesdb.texts import GameTexts

_ADVICE_WORDS = "strategy strategies strategic tactic tactics tactical tip tips advice advise optimal overpowered"
_ADVICE_PHRASES = (
    r"\bwhich\b[\w\s']*?\b(?:is|are)\s+(?:the\s+)?(?:strongest|best|hardest|weakest|easiest|worst)\b"
    r"|\bis it (?:better|worth|smarter|wiser)\b|\bwould (?:it|that) be (?:better|smarter|wiser)\b"
    r"|\b(?:an|any) advantage\b|\b(?:good|bad|smart|wise) idea\b|\b(?:smart|wise) (?:move|choice|play)\b"
    r"|\bwhat(?:'s|’s| is) the best (?:strategy|opening|first move|move|card|character|team|combo|deck)\b"
    r"|\bhow (?:do|can|could|should) (?:i|we) (?:get better|improve|play better|win more)\b"
    r"|\bshould (?:i|we) (?:go|be|pick|choose|join|play as) (?:the )?(?!first\b|second\b|last\b)\w+ (?:side )?or\b"
    r"|\bshould (?:i|we)\b[^?.]*\b(?:save|hold on to|hold onto|hold)\b[^?.]*\bor\b"
    r"|\bshould (?:i|we)\b[^?.]*\bor\b[^?.]*\b(?:save|hold on to|hold onto|hold)\b"
    r"|\bbest (?:first |opening )?(?:move|moves|opening|strategy|strategies|tactic|tactics)\b|\bbest time to\b"
    # 比較好 is "better", but 比較好玩 "more fun" and 比較好看 "nicer to look at": a taste, which a
    # review may speak of (the question's text is in Traditional here).
    r"|比較好(?![玩看聽])"
)
_ADVICE_CJK = (
    "策略 戰術 攻略 技巧 訣竅 秘訣 撇步 心得 套路 最強 最厲害 最好用 最有用 最優 比較划算 比較有利"
    " 划不划算 值不值得 有優勢 佔優勢 占優勢 吃虧 必勝 致勝 怎麼才能贏 怎樣才能贏 有什麼建議 有沒有建議 推薦哪 最容易贏"
    " 最佳時機 最好的時機 什麼時候用最好 什麼時候出最好 第一步怎麼走 最佳时机 最好的时机 什么时候用最好 第一步怎么走"
    " 战术 诀窍 秘诀 最强 最厉害 最好用 最优解 比较划算 比较有利 划不划算 值不值得 有优势 占优势"
    " 吃亏 必胜 致胜 怎么才能赢 怎样才能赢 有什么建议 有没有建议 推荐哪"
)
_ADVICE_HINTS = (
    "which|better|worth|advantage|smarter|wiser|idea|smart|wise|the best|get better|improve|win more|should i|should we"
    "|best first|best opening|best move|best strateg|best tactic|best time|比較好"
)
ADVICE = kind_of(
    _ADVICE_WORDS,
    _ADVICE_PHRASES,
    _ADVICE_CJK,
    _ADVICE_HINTS,
)
# A rule that ranks what a question asks of ("attacks are classified as the strongest type the
# cards form") says which is strongest: it holds the superlative and a thing the question names.
_RANKS = re.compile(r"\b(?:strongest|weakest)\b")
_QUESTION_KEYS = frozenset(map(word_key, STOPWORDS))
_RANKED = frozenset(map(word_key, ("strongest", "weakest", "best", "worst", "which")))
SLIP = kind_of(
    "accident accidentally accidental mistake mistakes mistakenly oops misdeal misdealt torn ripped stained crumpled"
    " redo redone misplay misplayed misplays glimpse glimpsed redeal redealt mulligan mulligans mulliganed",
    r"\bknock(?:ed|s)? (?:\w+ ){0,2}over\b|\bmixed (?:\w+ ){0,2}up\b|\bgot mixed\b|\bcheat(?:s|ed|ing|er|ers)\b"
    r"|\blost (?:one|two|some|a few|a couple) of\b|\b(?:is|are|went|gone) missing\b|\bmissing from\b"
    r"|\blost (?:a|the|my|our) (?:die|dice|token|piece|marker|counter|rulebook|rule book|manual)\b"
    r"|\bspill(?:ed|t)? (?:a |my |the |some )?(?:drink|coffee|tea|water|juice|beer|soda)\b"
    r"|\bdropped (?:\w+ ){0,3}on the floor\b|\b(?:fell|falls|rolled|rolls) off the table\b|\bundo\b|\bdo (?:it |that |this )?over\b|\bdo-over\b|\bout of turn\b"
    r"|\b(?:lost|missing)\b[^?]*\bstill play\b|(?:少|缺)了?[一兩幾]張[^？?。]*還(?:能|可以)玩|骰子歪"
    r"|\btake back (?:my|our|that|the) (?:attack|move|play|action|decision)\b|\bafter (?:everyone|everybody) saw\b"
    r"|\b(?:nobody|no one) noticed\b|\b(?:got|was|were) bumped\b"
    r"|\blost (?:a|the|my|our|one) (?:\w+ )?(?:die|dice|token|tokens|marker|counter|piece)\b"
    r"|\b(?:run|runs|running|ran) out of (?:\w+ )?(?:tokens|markers|counters|chips)\b|\bnot enough (?:\w+ )?(?:tokens|markers|counters)\b"
    r"|\b(?:dealt|deal|dealing) (?:\w+ ){0,3}(?:too many|too few)\b|\bone too many\b"
    r"|\bsaw (?:his|her|their|someone['’]s|somebody['’]s|an opponent['’]s|my opponent['’]s) (?:whole )?(?:hand|cards?)\b"
    r"|\bredraw (?:my|our|a|the|his|her|their) (?:\w+ )?hand\b",  # a new hand, not tkc's tie redrawn
    "重抽手牌 手牌重抽 起手重抽 重抽起手 重新發牌 重新发牌 沒人發現 沒有人發現 沒人注意到 悔棋 悔牌 被撞到 撞到了 碰歪 没人发现 没有人发现 没人注意到 被撞到"
    " 不夠用 不够用 重來一次 重新來過 要重來 重做 拿錯 抽錯 發錯 翻錯 算錯 放錯 打錯 多抽了 多發了 少發了 少抽了 被看到 被看見 不小心 弄錯 搞錯 失誤 打翻 弄亂 撞倒 作弊 出千 耍賴 偷牌 弄丟 搞丟 遺失 不見了 掉到地上 弄壞 弄破 撕破"
    " 弄髒 灑到 潑到 手滑 破掉 被折到 折到了 折壞 掉到桌子下 掉到地上 反悔 弄错 搞错 失误 弄乱 耍赖 弄丢 搞丢 遗失 不见了 弄坏 弄脏 洒到 泼到 折坏 掉到桌子下",
    "knock|mixed|cheat|lost|missing|spill|dropped|off the table|undo|do over|do it over|do that over|do this over|do-over"
    "|out of turn|too many|too few|saw|still play|還能玩|還可以玩|骰子歪|take back|noticed|bumped"
    "|run out|running out|runs out|ran out|not enough|redraw",
    # A slip that asks how many of each card there are asks the components' count.
    r"\b(?:right|correct|full) (?:number|count)\b|\bnumber of each\b|\bhow many (?:\w+ )?(?:of each|copies)\b"
    r"|\bhow many of (?:each|every)\b|每種各|各多少張|各幾張",
)
CLOCK = kind_of(
    "hourglass stopwatch playtime",
    r"(?<![\w-])timers?\b|\bhow many (?:minutes|hours|seconds)\b|\btime limit|\bhow much time\b"
    r"|\bhow long (?:do|does|will|would|is|should) (?:(?:a|an|one|the|each|our|this|typical|full|whole|usual) )*"
    r"(?:game|session|match|playthrough)\b(?![^?.,]*\b(?:after|until|once|when|if)\b)"
    r"|\bplay(?:ing)? time\b|\bthinking time\b|\b(?:take|takes|taking) (?:too long|forever|ages)\b"
    r"|\bslow (?:player|players|poke)\b|\bhow long (?:to|does it take to) (?:play|finish)\b"
    r"|\b(?:shorter|longer|faster|quicker) (?:game|games|version|variant|session|match)\b"
    r"|\b(?:a|for|want) (?:short|long|quick) (?:game|session|match)\b|\bspeed (?:up )?the game\b"
    r"|\bmake (?:the|a) game (?:shorter|longer|faster|quicker)\b|\bseconds? to (?:decide|think|choose|answer|respond)\b"
    r"|\b(?:think|thinks|thinking|decide|decides|deciding) (?:forever|for ages|too long|so long)\b",
    "計時 沙漏 時間限制 時限 思考時間 幾分鐘 多少分鐘 幾小時 幾個小時 多少小時 拖時間 拖太久 想太久 讀秒 倒數計時"
    " 碼錶 縮短遊戲 縮短時間 玩快一點 快速玩法 加快遊戲 缩短游戏 缩短时间 玩快一点 加快游戏 计时 时间限制 时限 思考时间 几分钟 多少分钟 几小时 几个小时 多少小时 拖时间 读秒 倒计时"
    " 秒表 幾秒 多少秒 秒內 秒鐘 想很久 想好久 想半天 考慮很久 考慮太久 猶豫很久 猶豫太久 几秒 秒内 秒钟 考虑很久 考虑太久"
    " 犹豫很久 犹豫太久 限時 限时",
    "timer|minutes|hours|seconds|so long|for ages|time limit|how much time|how long|play time|playing time|thinking time"
    "|too long|forever|take ages|takes ages|taking ages|slow|short|quick|faster|longer|long game|long session"
    "|long match|speed",
)
# The price of a copy: the rules cost mana and stars, never money. Not "money", "cheap" or 貴
# alone: tkc's gold bags are money, an attack may be a cheap one, a spell 太貴 in mana.
PRICE = kind_of(
    "price prices priced purchase expensive pricey costly msrp retail dollar dollars yen euro euros preorder",
    r"\bhow much (?:is|does|do|would|will|did) (?:(?:a|an|the|this|one|my|new) )?(?:copy|game|box|reprint|edition|expansion)\b"
    r"|\bhow much (?:does|do|did|would|will) [^?]*\b(?:copy|game|box|reprint|edition|expansion)\b[^?]*\bcost\b"
    r"|\b(?:where|how) (?:can|do|could|should) (?:i|we|you) (?:buy|order)\b|\bwhere to (?:buy|order)\b"
    r"|\b(?:in stock|sold out|out of stock)\b",
    "價格 價錢 多少錢 售價 定價 哪裡買 在哪買 去哪買 哪裡可以買 買得到 買不到 便宜 貴不貴 網購 淘寶 蝦皮 缺貨"
    " 預購 團購 台幣 人民幣 价格 价钱 多少钱 售价 定价 哪里买 在哪买 去哪买 哪里可以买 买得到 买不到 贵不贵"
    " 网购 淘宝 缺货 预购 团购 人民币",
    "how much|buy|order|stock|sold out",
)
MONEY = kind_of(
    "price prices priced purchase buy expensive cheap cheaper pricey costly msrp retail dollar dollars yen"
    " euro euros money",
    r"(?!)",  # no phrase
    "價格 價錢 售價 定價",
)
# A deal between players (a trade, a gift, a team, a truce): the rules say what each player
# does, not what players may agree among themselves. Not "team" alone (skd's party is a team),
# nor "gang up" (mm5's orcs gang up in one attack), nor a swap of sides (mm5's side switch), nor
# 換牌 or "trading in" (tkc's discard for new cards), nor trading attacks or blows (a fight), nor
# 組隊 or 分隊 (skd's party is built in the draft). A passage speaks of a deal when a player gives
# another something ("gives you", "opponent gives"), not when a gem gives a bonus or 給 is said.
DEAL = kind_of(
    "alliance alliances truce bribe bribes bribing negotiate negotiating negotiation collude colluding kingmaking",
    r"\b(?:trade|trades|trading|traded|swap|swapping|exchange|exchanging|give|giving|lend|share|sharing)\b(?! sides?\b)"
    r"[^?.,]*\b(?:each other|one another|another player|other players|between players|between us|a friend"
    r"|my friend|friends|teammates?|partners?|allies|ally|someone['’]s|somebody['’]s|another player['’]s)(?!\w)"
    r"|\b(?:team up|in teams|teams of|2v2|2 vs 2|two against two|team variant|team mode|team game)\b"
    r"|\b(?:make|cut|strike|offer|propose) (?:a )?deals?\b|\bsplit the (?:points|gems|gold|loot|reward|rewards)\b"
    r"|\bwork together against\b|\btrad(?:e|es|ed|ing)\b(?! (?:in|attacks?|blows|hits|punches)\b)"
    # the partner named first ("me and my buddy just swap gems"), or the players agreeing
    r"|\b(?:me and|and me|and i)\b[^?.,]*\b(?:swap|swapping|exchange|exchanging|give|giving|lend|share|sharing)\b(?! sides?\b)"
    r"|\bif (?:we|they|you|both|everyone|everybody) (?:both |all )?agrees?\b|\b(?:we|they|you) (?:both|all) agree\b",
    "結盟 聯盟 聯手 談條件 講好 約好 跟別人交換 跟別人換 互相交換 送給別人 送人 送給朋友 分給隊友 給隊友 私下交易"
    " 交易 借給別人 借給隊友 互借 串通 勾結 聯合起來 議和 停戰 休戰 講和 二對二 2對2 兩兩一隊 分組對抗"
    " 结盟 联盟 联手 谈条件 讲好 约好 跟别人交换 跟别人换 互相交换 送给别人 送给朋友 分给队友 给队友 私下交易"
    " 借给别人 借给队友 勾结 联合起来 议和 停战 讲和 二对二 两两一队 分组对抗",
    "trad|swap|exchang|giv|lend|shar|team|2v2|2 vs 2|two against two|deal|split the|work together|agree",
    # Whether the game is every player for himself asks how it is won, which the rules say.
    r"\bfree[- ]for[- ]all\b|\b(?:every|each) (?:man|player|person|one) for (?:himself|herself|themselves|themself)\b",
)
DEALT = kind_of(
    "trade trades exchange exchanges swap alliance team teams ally together cooperative"
    " agreement agree negotiate bribe truce",
    r"\bco-op\b|\bgives? you\b|\bopponent gives\b|\b(?:make|makes|making|strike|cut) (?:a )?deals?\b|\ba deal (?:between|with)\b"
    # a give from one player to another, not a gem's bonus: mm5's reinforcements are given to,
    # and stay with, the player they reinforce
    r"|\bgiven (?:characters?|cards?)\b|\bthe receiver\b|\bbecome that player['’]s\b|\binto the field of the player\b",
    "交換 合作 交易 協議",
    "co-op|give you|gives you|opponent gives|deal|given|receiver|become that player|into the field of the player",
)
# Table talk: showing one's hand to others, or telling them what it holds, is for the players to
# agree on; the rules that look at a hand (tkc's crystal ball) or reveal a card speak of it and
# answer; a discard shown asks whether the pile is open. Not "show my spell" alone: whether a spell is shown when played is a rule; nor 說出來
# (mm5's side is declared out loud).
TALK = kind_of(
    "communicate communicating communication coordinate",
    r"\bshow (?:my|our|your|his|her|their) (?:whole )?(?:hand|cards?|spells?) to\b"
    r"|\btell (?:\w+ ){1,2}(?:what|which) (?:cards?|spells?) (?:i|we|you) (?:have|hold|got)\b"
    r"|\b(?:talk|chat) about (?:my|our|their|your) (?:hands?|cards?)\b|\btable talk\b"
    r"|\b(?:give|drop) (?:hints|clues)\b|\bsecret (?:signals?|codes?)\b|\bshow each other\b"
    r"|\b(?:talk|chat|discuss)\w* about (?:what|which) (?:cards?|spells?)\b"
    r"|\btell (?:\w+ ){1,3}(?:what|which) (?:colou?rs?|cards?|numbers?) to play\b",
    "互相看手牌 互看手牌 互相看牌 給別人看 給大家看 給隊友看 商量手牌 討論手牌 聊手牌 手上有什麼牌 手牌有什麼 報手牌 報牌 亮手牌 打暗號 使眼色"
    " 溝通 透露 告訴別人 告訴隊友 告訴大家 互相商量 给别人看 给大家看 给队友看 讨论手牌 手上有什么牌 手牌有什么"
    " 报手牌 报牌 打暗号 沟通 告诉别人 告诉队友 告诉大家",
    "show|tell|talk|say|discuss|chat|table talk|hints|clues|secret",
    "棄牌",  # a discard shown to all (棄牌要給大家看嗎) asks whether the discard pile is open: a rule
)
SHOWN = kind_of(
    "show shows shown reveal reveals revealed look looks tell talk communicate discuss declare announce aloud"
    " whisper secret hidden",
    r"(?!)",
    "看 公開 翻開",
)
# An expansion played with the game: the texts tell of expansions (their boxes, their history),
# never how to mix one in.
_USE = r"(?:mix|mixed|mixing|add|adds|added|use|using|include|including|combine|combined|shuffle)"
_EXPANSION = r"(?:expansions?|add-?ons?|promos?|promo cards?|擴充|擴展|拓展)"
_MIX_ZH = r"(?:混|加入|加進|一起|怎麼玩|怎麼用|搭配|合在一起|放進|合併)"
EXPANSION = kind_of(
    "",
    rf"\b{_EXPANSION}\b.*\b{_USE}\b|\b{_USE}\b.*\b{_EXPANSION}\b|{_EXPANSION}.*{_MIX_ZH}|(?:混|加入|加進).*{_EXPANSION}",
    "",
    "expansion|add-on|addon|promo|擴充|擴展|拓展",
    # What a box or an edition holds is its contents, not an expansion mixed in.
    r"\b(?:box|copy|set|edition|reprint|pack|version)\b (?:\w+ )?(?:includes?|contains?|comes? with|has|have)\b",
)
MIXED_IN = kind_of(
    "",
    rf"\b{_EXPANSION}\b[^.]*\b{_USE}\b|\b{_USE}\b[^.]*\b{_EXPANSION}\b|{_EXPANSION}[^。]*混",
    "",
    "expansion|add-on|addon|promo|擴充|擴展|拓展",
)
# Each kind as a question asks it, and as an answer speaks of it.
KINDS = (
    (ADVICE, ADVICE),
    (SLIP, replace(SLIP, unless=None)),  # an answer speaks of a slip whatever else it counts
    (CLOCK, CLOCK),
    (PRICE, MONEY),
    (DEAL, DEALT),
    (TALK, SHOWN),
    (EXPANSION, MIXED_IN),
    (SKIP, SKIPPED),
    (HIDE, HIDDEN),
    (VERSUS, PLAYED_AGAINST),
    (CALL, CALLED),
    (STAND_IN, REPLACED),
    (LEAVE, LEFT),
    *HOUSE,  # the copy on the table and the people round it (``rulesdb.housekinds``)
)


@cache
def _asked_hints() -> re.Pattern[str]:
    return re.compile(trie_pattern(hint for asked, _ in KINDS for hint in (*asked.english, *asked.cjk)))


def load_kinds() -> None:
    """Read each kind's Chinese (through OpenCC) and compile its patterns now, as the index is
    built, so that the first question of a kind does not wait for them (up to a few ms)."""
    _asked_hints()
    for kinds in KINDS:
        for kind in kinds:
            _ = kind.hints  # a cached property: made once


def off_table(question: str, answer: str, words: tuple[str, ...] = ()) -> bool:
    """Whether the question (in lower case, Traditional; ``words``, its English as understood,
    its Chinese's too) is of a kind the rules never answer and the answer's text does not speak
    of that kind."""
    if not _asked_hints().search(question):  # most questions: none of these kinds
        return False
    keys = _once(lambda: word_keys(question))
    kinds = [said for asked, said in KINDS if asked.asked(question, keys)]
    text = answer.lower() if kinds else ""
    said_keys = _once(lambda: word_keys(text))
    return any(not said.asked(text, said_keys) and not (said is ADVICE and _ranks(words, text)) for said in kinds)


def _once(make: Callable[[], set[str]]) -> Callable[[], set[str]]:
    """``make``, worked out at the first call only (a text's word keys, read for every kind)."""
    made: list[set[str]] = []

    def once() -> set[str]:
        if not made:
            made.append(make())
        return made[0]

    return once


def _ranks(words: tuple[str, ...], answer: str) -> bool:
    """Whether the answer ranks a thing the question's words name (``_RANKS``)."""
    things = {word_key(word) for word in words} - _QUESTION_KEYS - _RANKED
    return _RANKS.search(answer) is not None and not things.isdisjoint(word_keys(answer))


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
