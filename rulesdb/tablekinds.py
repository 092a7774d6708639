"""Kinds of question about what players do round the table that no rule answers
(``rulesdb.offtable`` reads them with the other kinds): sitting out a turn, hiding a hand, playing
the cooperative skd against each other, a call the game does not have, a household thing for a
component, and a player leaving or joining halfway. Each is a question's kind and, beside it,
what a passage says when it speaks of that kind.
"""

from __future__ import annotations

from rulesdb.kinds import kind_of

# Sitting out a whole turn: the games say what a turn holds (tkc's steps may be skipped, skd's
# play skipped when no card can be played), never that a player may pass it.
SKIP = kind_of(
    "",
    r"\b(?:skip|skips|skipped|skipping|pass|passes|passed|passing|miss|misses|missed|forfeit|forfeits|sit out|sits out"
    r"|give up|giving up|lose|losing) (?:on )?(?:(?:my|our|your|his|her|their|a|the|one|this|next|that|whole|entire"
    r"|own|a whole|an entire) )*turns?\b",
    "跳過回合 跳過這回合 跳過一回合 跳過我的回合 略過回合 放棄回合 放棄這回合 放棄一回合 停一輪 休息一輪 休息一回合"
    " 暫停一回合 過一輪 跳过回合 跳过这回合 跳过一回合 跳过我的回合 放弃回合 放弃这回合 放弃一回合 停一轮 休息一轮"
    " 休息一回合 暂停一回合 过一轮",
    "skip|pass|miss|forfeit|sit out|sits out|give up|giving up|lose|losing",
)
SKIPPED = kind_of(
    "mandatory compulsory optional optionally",
    r"\b(?:skip|skips|skipped|pass|passes|passed|miss|misses|lose|loses|forfeit|forfeits) (?:\w+ ){0,2}"
    r"(?:turns?|phases?|steps?|attack|discard|draw)\b|\bdoes nothing\b|\bdo nothing\b",
    "",
    "skip|pass|miss|lose|forfeit|nothing",
)
# Hiding one's hand, or playing with it open: none of the games says either. Not "face down"
# (mm5's spells are laid face down), nor a look at a hand (tkc's crystal ball).
HIDE = kind_of(
    "",
    r"\b(?:hide|hiding|conceal|concealing|keep|kept|keeping|hold|holding)\b[^?.,]*\b(?:hands?|cards)\b[^?.,]*"
    r"\b(?:secret|hidden|private|concealed|to myself)\b|\b(?:hands?|cards in hand) (?:is |are |be |stay |kept )*"
    r"(?:secret|hidden|private|concealed|open|public)\b|\bopen[- ]hand(?:s|ed)?\b|\bhide (?:my|our|your|their) (?:hand|cards)\b"
    r"|\bsee (?:my|our|your|their) (?:whole )?hands?\b",
    "藏手牌 手牌藏起來 手牌要藏 手牌保密 手牌要保密 手牌是秘密 明牌 不讓別人看 不給別人看"
    " 遮住手牌 蓋住手牌 别人看到我的手牌 別人看到我的手牌 手牌藏起来 不让别人看 不给别人看 遮住手牌",
    "secret|hidden|private|conceal|to myself|open|public|hide|see my|see our|see your|see their",
)
HIDDEN = kind_of(
    "",
    r"\bhands?\b[^.]*\b(?:secret|hidden|private|concealed|open|public|reveal\w*|show\w*)\b"
    r"|\b(?:secret|hidden|private|concealed|open|public|reveal\w*|show\w*)\b[^.]*\bhands?\b|\bhide\b",
    "",
    "hand|hide",
)
# A competitive mode of the cooperative skd: "against each other" alone is how mm5 and tkc are
# played, and a game for two (1v1, 單挑, 一對一) is a rule. Offered as one of two ways the game is
# played (合作還是對戰, "co-op or competitive"), it asks which the game is: a rule.
_TOGETHER = r"(?:co-?op\w*|cooperat\w*|together|as a team|合作|協力|一起打|一起玩|一起合作)"
_APART = r"(?:compet\w*|pvp|versus|against each other|對戰|對抗|競爭|互打|互相|各玩各的|單打獨鬥)"
_EITHER = r"(?:\bor\b|還是|或是|或者)"
VERSUS = kind_of(
    "",
    r"\binstead of (?:together|co-?op|cooperat\w*|as a team|working together)\b|\bcompetitive(?:ly)?\b|\bpvp\b"
    r"|\bversus mode\b|\bnot co-?op(?:erative)?\b|\bnon-?co-?op(?:erative)?\b|\bwithout (?:co-?operating|co-?op)\b"
    r"|\b(?:every|each) (?:man|player|person|one) for (?:himself|herself|themselves|themself)\b",
    "對戰模式 對抗模式 競爭模式 競技模式 互相對戰 互相對抗 玩家對戰 不合作 不要合作 各自為戰 各玩各的 改成對戰"
    " 对战模式 对抗模式 竞争模式 竞技模式 互相对战 互相对抗 玩家对战 各自为战 改成对战",
    "instead of|competit|pvp|versus mode|not co|non-co|noncoop|without co|for himself|for herself|for themsel",
    rf"{_TOGETHER}[^?？。,，]{{0,16}}{_EITHER}[^?？。,，]{{0,8}}{_APART}|{_APART}[^?？。,，]{{0,16}}{_EITHER}[^?？。,，]{{0,8}}{_TOGETHER}",
)
PLAYED_AGAINST = kind_of(
    "", r"\bcompet\w*|\bversus\b|\bpvp\b|\bagainst each other\b|\bhead[- ]to[- ]head\b", "", "compet|versus|pvp|against"
)
# A call the game does not have, as UNO's: skd's texts speak of UNO, never of calling it.
CALL = kind_of(
    "shout shouts shouted shouting yell yells yelled yelling scream screamed holler",
    r"\b(?:say|says|said|saying|call|calls|called|calling|announce|declare)\b(?: out)? (?:\w+ ){0,2}uno\b"
    r"|\buno\b[^?.,]*\b(?:say|call|announce|declare)\b",
    "喊 叫uno 說uno 宣告uno 说uno",
    "uno",
)
CALLED = kind_of(
    "shout shouts yell yells call calls called announce announced declare declared loud aloud whisper", r"(?!)", "喊"
)
# A household thing standing in for a component: the texts tell what is in the box, never what
# may replace it. Not "instead of" alone (one target instead of another), nor "chips" alone
# (skd's mana chips), nor a coin alone (tkc's gold is money).
_STAND_IN = (
    r"(?:coins?|pennies|poker chips|beads|buttons|pen and paper|paper and pen|scrap paper|a piece of paper|pencil"
    r"|notepad|post-?its?|sticky notes|(?:normal|regular|standard|ordinary|plain) deck(?: of cards)?"
    r"|deck of (?:playing )?cards|poker cards|(?:my |a |our )?(?:phone|smartphone|tablet)|legos?|candies|candy"
    r"|m&ms|pebbles|bottle caps|dice roller)"
)
_SUBSTITUTE = (
    r"(?:use|using|used|play with|playing with|instead|in place|replace|replacing|substitute|substituting|make do)"
)
_ZH_THINGS = r"(?:硬幣|銅板|零錢|撲克牌|一副牌|手機|平板|紙筆|紙和筆|便條紙|糖果|豆子|積木|鈕扣|鈕釦|瓶蓋)"
STAND_IN = kind_of(
    "proxy proxies homemade",
    rf"\b{_STAND_IN}\b[^?.]*\b{_SUBSTITUTE}\b|\b{_SUBSTITUTE}\b[^?.]*\b{_STAND_IN}\b"
    r"|\bprint(?:[- ]and[- ]|[- ]n[- ]|[- ]&[- ])play\b|\bprint (?:out )?(?:my|our) own\b"
    rf"|(?:用|拿|當)[^？?。]{{0,4}}{_ZH_THINGS}|{_ZH_THINGS}[^？?。]{{0,6}}(?:代替|替代|取代|當|代用)",
    "代替 替代 取代 代用 頂替 自製 自己做 自己印 列印 影印 印出來 打印 自己印 印出来 自制",
    "coin|penn|chip|bead|button|paper|pencil|notepad|post|sticky|deck|poker|phone|tablet|lego|cand|m&m|pebble"
    "|bottle|dice roller|print|硬幣|銅板|零錢|撲克牌|一副牌|手機|平板|紙筆|紙和筆|便條紙|糖果|豆子|積木|鈕扣|鈕釦|瓶蓋",
)
REPLACED = kind_of(
    "replace replacement substitute proxy household coin coins phone",
    r"\bplaying cards\b|\bprint(?:[- ]and[- ]|[- ]n[- ]|[- ]&[- ])play\b|\bprint (?:out )?(?:your|their|our|my) own\b"
    r"|\bapps?\b(?!['’]s ruling)",  # every ruling is "the app's ruling"
    "代替",
    "playing cards|print|app",
)
# A player leaving a game, or joining one, halfway: the games are played by those who start. Not
# "join" alone (mm5's knights and reinforcements join), nor 中途 alone (tkc's score counted 中途).
_MIDWAY = r"(?:mid-?game|halfway|half way|partway|in the middle of (?:a|the) game|already (?:in progress|started))"
LEAVE = kind_of(
    "",
    rf"\b(?:leave|leaves|leaving|quit|quits|quitting|drop out|drops out|has to go|join|joins|joining|jump in)\b"
    rf"[^?.]*\b{_MIDWAY}|\b{_MIDWAY}\b[^?.]*\b(?:leave|leaves|leaving|quit|quits|join|joins|jump in)\b"
    r"|\bjoin (?:a|the|our) game (?:in progress|that has started)\b"
    r"|(?:中途|半路|半途|玩到一半|打到一半)[^？?。]*(?:加入|離開|離場|退出|要走)",  # the words apart (玩到一半可以有人加入)
    "中途離開 中途離場 中途退出 中途加入 半路加入 半途加入 玩到一半有人 有人要走 有人要離開 有人離開 中途有人"
    " 中途离开 中途离场 中途退出 玩到一半有人 有人要离开 有人离开",
    "mid-game|midgame|halfway|half way|partway|in the middle|in progress|already started|has started"
    "|中途|半路|半途|玩到一半|打到一半",
)
# A player leaving or joining the game, not a knight joining a rescuer or "leave" a card.
LEFT = kind_of(
    "quit quits",
    r"\bdrops? out\b|\bin progress\b|\b(?:leaves?|leaving|joins?|joining) (?:the|a) game\b",
    "",
    "quit|drop|in progress|game",
)
