"""What a player types, made into the words and CJK pieces the rules index looks for.

English: words, lower case, irregular verbs made regular ("won" is "win"), and stopwords,
question words and the words of conversation dropped (unless nothing else is left: what is
filler, a negation or a number word is ``rulesdb.wording``). Chinese and Japanese, written without
spaces: each run of CJK characters is cut at its question words and particles (什麼, 可以,
嗎, 幾 ...), so they never decide the ranking, and the pieces are searched as the phrases of
their neighbouring characters (``bigrams``).

``expand`` applies a game's synonym table (``rulesdb/texts/synonyms/<game>.toml``): the words a
player reaches for ("money", "kill", "jail") bring in the words the texts use ("gold",
"defeat", "dungeon"), so the texts never carry them; ``expand_cjk`` does the same for Chinese
(每個人 brings in the summary's 每位玩家).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any, TypeVar

from rulesdb.wording import IRREGULAR, NEGATED, NUMBER_NAMES, filler_of, meant

MAX_WORDS = 32
MAX_WORD_LENGTH = 40

_STOPWORDS = """
    a an and any are as at be been but by can could did do does doing for from had has have
    he her him his how i if in into is it its just ll me much many my of on or our please re
    she should so some than that the their them then there these they this those to us ve
    was we were what when where which while who whom why will with would you your whats
    don doesn didn isn aren wasn weren couldn wouldn shouldn hasn haven hadn mustn im ive
    dont doesnt didnt isnt arent wasnt werent hows wheres whens whos thats theres youre theyre
    cant wont couldnt wouldnt shouldnt hasnt havent hadnt mustnt aint vs versus
    wat wut wen plz pls cuz coz bc abt ur ya yall gonna wanna gotta lemme
"""
STOPWORDS = frozenset(_STOPWORDS.split())

# "how many", "how much", "number of", 幾 and 多少 ask for a number: the answer states one.
_NUMBER_ASKS = (("how", "many"), ("how", "much"), ("number", "of"))
# An attack counted ("does green attack twice", "my guy hits once"): how many attacks, a count.
_HITS = ("attack", "attacks", "hit", "hits", "swing", "swings", "strike", "strikes")
_ATTACKS_COUNTED = frozenset((hit, times) for hit in _HITS for times in ("once", "twice", "thrice"))
_NUMBER_WORDS = frozenset(("most", "maximum", "max", "minimum", "min", "fewest", "least"))  # a limit asked
# A limit asked for ("is there a maximum hand size"); "most" and "least" are mostly superlatives.
LIMIT_WORDS = frozenset(("maximum", "max", "minimum", "min", "limit", "cap"))
# The thing a number question counts: "how many minutes", "how much mana".
COUNTED = re.compile(r"(?:\bhow (?:many|much)|^\W*(?:many|much)|\bnumber of) ([a-z]+)")
# A head count asked as a number of players ("can 5 people play", "for 7 of us", "do 2 players
# work"): as "how many players" asks it ("3 players, what order do we draft in" counts nobody).
_HEADS = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten) (people|players|of us)\b"
_HEADS_WORDS = frozenset(("people", "players", "us"))
HEADCOUNT = re.compile(rf"\b(?:can|could|for|with) {_HEADS}|\b{_HEADS} (?:play|playing|work|works)\b")
# How many can play or join: a count of players, whoever the sentence names ("people", nobody);
# "join" then is no word of the knights that join a fight ("play" stays: the texts' "2-6 play").
JOINING = re.compile(r"\bhow many (?:people |players |of us )?(?:can|could|may|get to) (play|join)\b")
CJK_NUMBER_ASKS = ("多少", "幾", "几", "最多", "最少", "上限", "下限")

# Question words and particles, Traditional and Simplified, the spoken ones too (啥 is 什麼, 咋
# 怎麼, 唄 and 嘛 end a request), a story's links (然後, 所以, 剛剛, 玩到一半) and a check asked
# at the end (對吧, 對不對, 沒錯吧); a run is cut where one begins (the longest first), so 可以
# goes while 以 in 以上 stays.
_CJK_STOPWORDS = """
    什麼 甚麼 什么 怎麼 怎么 怎樣 怎样 如何 為什麼 为什么 為何 为何 可以 可不可以 能不能 能否
    是不是 是否 有沒有 有没有 會不會 会不会 要不要 請問 请问 如果 的話 的话 時候 时候 哪裡 哪里
    哪些 哪個 哪个 哪 還是 还是 應該 应该 一下 到底 嗎 吗 呢 吧 啊 呀 嘛 喔 哦 的 了 我 你
    誰 谁 怎 這個 这个 那個 那个 遊戲 游戏 桌遊 桌游 規則 规则 怎麼辦 怎么办
    啥 咋 咋辦 咋办 唄 呗 會發生 会发生 發生 发生 會怎樣 会怎样 會怎麼樣 会怎么样 怎麼樣 怎么样
    請教 请教 想問 想问 問一下 问一下 各位 這種 这种 這樣 这样 那樣 那样 他們 他们
    允許 允许 可行 正確 正确 犯規 犯规 違規 违规 差別 差别 區別 区别
    然後 然后 所以 剛剛 刚刚 剛才 刚才 結果 结果 可是 但是 覺得 觉得 就問 就问 玩到一半 打到一半
    對吧 对吧 對不對 对不对 對嗎 对吗 是吧 沒錯吧 没错吧 沒錯嗎 没错吗
"""
# Cut out but not cut at: 升幾級 is 升級 with a question in it, so it searches 升級.
_CJK_JOINED = ("幾", "几", "多少")
CJK_STOPWORDS = frozenset(_CJK_STOPWORDS.split())
# The question words as one pattern, the longest first: read from the left, each place takes the
# longest that begins there.
_CJK_STOP = re.compile("|".join(sorted(CJK_STOPWORDS, key=lambda word: (-len(word), word))))

QUERY_CHARACTERS = MAX_WORDS * 64  # of a question, the most read
CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_TOKEN = re.compile(rf"(?P<cjk>[{CJK}]+)|(?P<word>(?:(?![{CJK}])[^\W_])+)")


@dataclass(frozen=True)
class Query:
    words: tuple[str, ...]
    cjk_runs: tuple[str, ...]
    number: bool = False  # the question asks how many or how much

    def phrases(self, side_by_side: Callable[[str, str], bool] | None = None) -> list[tuple[str, bool]]:
        """The words' FTS5 phrases in expression order, each with whether it is a prefix; a pair
        of neighbouring words only where ``side_by_side`` says the texts may hold it (None: every
        pair), and so a number with the word after next, the noun it counts ("5 green swords")."""
        alone = len(self.words) + len(self.cjk_runs) == 1
        singles = [
            (word, prefix) for word in self.words for prefix in ((False, True) if len(word) > 1 or alone else (False,))
        ]
        counts = [
            (n, noun) for n, _, noun in zip(self.words, self.words[1:], self.words[2:], strict=False) if n.isdigit()
        ]
        pairs = [
            (first, second)
            for first, second in [*pairwise(self.words), *counts]
            if side_by_side is None or side_by_side(first, second)
        ]
        return singles + [(f"{first} {second}", False) for first, second in pairs]

    def words_expression(self, side_by_side: Callable[[str, str], bool] | None = None, prefixes: bool = True) -> str:
        """The words as an FTS5 expression; with ``prefixes`` False, whole words only."""
        phrases = self.phrases(side_by_side)
        return " OR ".join(
            f'"{text}"*' if prefix else f'"{text}"' for text, prefix in phrases if prefixes or not prefix
        )

    def marks_expression(
        self, side_by_side: Callable[[str, str], bool] | None = None, held: Container[str] | None = None
    ) -> str:
        """The phrases that mark a snippet: the search's, less each word that is also searched
        as a prefix (the prefix marks it too). snippet() reads every phrase on every row."""
        phrases = self.phrases(side_by_side)
        prefixed = {text for text, prefix in phrases if prefix}
        words = [f'"{t}"*' if p else f'"{t}"' for t, p in phrases if p or t not in prefixed]
        return " OR ".join(filter(None, (" OR ".join(words), self.cjk_expression(held=held))))

    def cjk_expression(self, common: frozenset[str] = frozenset(), held: Container[str] | None = None) -> str:
        """Each piece's neighbouring pairs, its characters (less the ``common`` ones, which say
        little and cost most), and the whole piece as a phrase. With ``held``, the characters and
        pairs the texts hold, only those (and a whole piece only if the texts hold its pairs):
        the others would match nothing."""
        grams = [gram for run in self.cjk_runs for gram in bigrams(run) if held is None or gram in held]
        chars = [
            char
            for run in self.cjk_runs
            if len(run) > 1
            for char in run
            if char not in common and (held is None or char in held)
        ]
        whole = [
            run
            for run in self.cjk_runs
            if len(run) > 2 and (held is None or all(gram in held for gram in bigrams(run)))
        ]
        return " OR ".join(f'"{" ".join(gram)}"' for gram in dict.fromkeys(grams + chars + whole))


K = TypeVar("K")
V = TypeVar("V")
REMEMBERED = 100_000  # the most entries a cache of the search keeps (questions typed are unbounded)


def recall(cache: dict[K, V], key: K, make: Callable[..., V], *args: Any) -> V:
    """The cache's value for the key: ``make(*args)`` the first time (kept unless the cache is full)."""
    if key in cache:
        return cache[key]
    value = make(*args)
    if len(cache) < REMEMBERED:
        cache[key] = value
    return value


def parse_query(text: str, converted: bool = False) -> Query:
    """A question's words and CJK pieces; ``converted``: its Chinese is Traditional already."""
    words: list[str] = []
    runs: list[str] = []
    number = False
    previous = ""
    text = text[:QUERY_CHARACTERS]
    for match in _TOKEN.finditer(normalise(text if converted else traditional(text))):
        if match["cjk"]:
            run = match["cjk"][: MAX_WORD_LENGTH * 4]
            number = number or any(ask in run for ask in CJK_NUMBER_ASKS)
            runs.extend(cut_cjk(run))
        else:
            word = match["word"].lower()[:MAX_WORD_LENGTH]
            if word[:-1].isdigit() and word.endswith("s"):  # a pair of 3s
                word = word[:-1]
            if word == "t" and previous in NEGATED:  # "can't" is "cannot"; "won't" wins nothing
                words[-1] = NEGATED[previous]
            else:
                words.append(NEGATED["can"] if word == "cant" else IRREGULAR.get(word, word))
            previous = word
    # "two shields", "three orcs": the texts write the digit ("two 3s" is a count of 3s: no digit).
    if not NUMBER_NAMES.keys().isdisjoint(words):
        words = [
            part
            for word, after in zip(words, [*words[1:], ""], strict=False)
            for part in ((word, NUMBER_NAMES[word]) if word in NUMBER_NAMES and not after.isdigit() else (word,))
        ]
    number = number or any(pair in _NUMBER_ASKS for pair in pairwise(words)) or not _NUMBER_WORDS.isdisjoint(words)
    number = number or words[:1] in (["many"], ["much"])  # a fragment: "many players?"
    number = number or any(pair in _ATTACKS_COUNTED for pair in pairwise(words))
    number = number or (not _HEADS_WORDS.isdisjoint(words) and HEADCOUNT.search(text.lower()) is not None)
    # "8 of us", "how many of us", "each of us": the players, as the texts call them.
    words += ["players"] if ("of", "us") in pairwise(words) else []
    if "many" in words and JOINING.search(text.lower()):  # "how many can join": players
        number = True
        words = [w for w in words if w != "join"] + ["players"]
    words += meant(words)
    filler = filler_of(words)
    content = [w for w in words if w not in STOPWORDS and w not in filler and not (len(w) == 1 and w.isalpha())]
    if not content and not runs:  # filler alone is the question ("one thing")
        content = [w for w in words if w not in STOPWORDS and not (len(w) == 1 and w.isalpha())]
    if content or runs:
        words = content
    return Query(tuple(dict.fromkeys(words))[:MAX_WORDS], tuple(dict.fromkeys(runs))[:MAX_WORDS], number)


_CJK_DIGITS = {"一": "1", "二": "2", "兩": "2", "两": "2", "三": "3", "四": "4", "五": "5", "六": "6"}
_CJK_DIGITS |= {"七": "7", "八": "8", "九": "9", "十": "10"}
# A CJK number word counting something (一張, 兩點, 三個, 兩把 swords): the texts mostly write the digit.
_COUNTED = re.compile(f"([{''.join(_CJK_DIGITS)}])(?=[張张點点個个次位人把級级顆颗枚回輪轮種种])")


# A number in the plural ("a pair of 3s", "all my 4s") is the number, as a question reads it.
_NUMBER_PLURAL = re.compile(r"\b(\d+)s\b")


def plain_numbers(text: str) -> str:
    """The text with each number in the plural as the number ("all my 3s" holds 3)."""
    return _NUMBER_PLURAL.sub(r"\1", text)


def normalise(text: str) -> str:
    """Text as indexed and as asked: NFKC (full-width ６ is 6) and counted CJK numbers as digits."""
    return _COUNTED.sub(lambda m: _CJK_DIGITS[m[1]], unicodedata.normalize("NFKC", text))


_HAS_CJK = re.compile(f"[{CJK}]")


def traditional(text: str) -> str:
    """Simplified Chinese written as Traditional the way Taiwan writes it, as the seeds are
    (OpenCC's s2twp: 才 and 裡, never 纔 and 裏, and Taiwan's words: 信息 is 資訊); text with
    no Simplified character (Traditional, or no CJK) comes back as it is: Taiwan's words
    applied to Traditional text would rewrite the seeds' own words (回路 as 迴路)."""
    if not _HAS_CJK.search(text):
        return text
    taiwan = _converter()
    simplified = _simplified()
    if simplified is not None and min(text) >= " " and max(text) <= "\uffff":  # each character known
        return taiwan.convert(text) if not simplified.isdisjoint(text) else text
    spaced = " ".join(text)  # character by character: a phrase rule (回路 as 迴路) is no sign of Simplified
    return taiwan.convert(text) if taiwan.convert(spaced) != spaced else text


@cache
def _simplified() -> frozenset[str] | None:
    """The characters OpenCC writes otherwise, each alone, of the Basic Multilingual Plane from
    the space on (a text holds one iff OpenCC changes it character by character, spaced out as
    ``traditional`` reads it), or None if it cannot tell them apart; about 15 ms, once."""
    taiwan = _converter()
    chars = [chr(code) for code in range(0x21, 0x10000) if not 0xD800 <= code < 0xE000]
    converted = str(taiwan.convert(" ".join(chars))).split(" ")
    if taiwan.convert("  ") != "  " or len(converted) != len(chars):
        return None
    changed = (char for char, written in zip(chars, converted, strict=True) if char != written)
    return frozenset((*changed, *map(chr, range(0xD800, 0xE000))))  # a lone surrogate: to OpenCC, as before


def taiwan_words(text: str) -> str:
    """`text` with Taiwan's words whatever its script: a term alone may read as Traditional
    while a Simplified question holding it has it rewritten (秒表 as 秒錶)."""
    return str(_converter().convert(text))


@cache
def _converter() -> Any:
    import opencc  # 50 to 100 ms: the index loads it as it is built (``load_converter``)

    return opencc.OpenCC("s2twp")


def load_converter() -> None:
    """Load OpenCC now, so that the first question in Chinese does not wait for it."""
    _simplified()


def cut_cjk(run: str) -> list[str]:
    """The pieces of a CJK run between its question words and particles."""
    for joined in _CJK_JOINED:
        run = run.replace(joined, "")
    return [piece[:MAX_WORD_LENGTH] for piece in _CJK_STOP.split(run) if piece]


def bigrams(run: str) -> list[str]:
    return [run[i : i + 2] for i in range(len(run) - 1)] if len(run) > 1 else [run]


def singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=16384)  # read for each word of each question, twice
def base_forms(word: str) -> tuple[str, ...]:
    """The word and the forms a synonym table may list it under: "tossing" and "tossed" are
    "toss", "trading" "trade", "chopping" "chop", "dice" stays."""
    forms = [word, singular(word)]
    for ending in ("ing", "ed"):
        stem = word.removesuffix(ending)
        if stem != word and len(stem) >= 3:
            forms += [stem, stem + "e"]
            if len(stem) > 3 and stem[-1] == stem[-2]:
                forms.append(stem[:-1])
    return tuple(dict.fromkeys(forms))


Synonyms = dict[str, tuple[str, ...]]


_KEYS: dict[int, tuple[Synonyms, tuple[list[tuple[str, str, tuple[str, ...]]], list[tuple[str, tuple[str, ...]]]]]] = {}


def synonym_keys(
    synonyms: Synonyms,
) -> tuple[list[tuple[str, str, tuple[str, ...]]], list[tuple[str, tuple[str, ...]]]]:
    """A table's two-word keys (first, second, words) and its CJK keys, read once a table."""
    held = _KEYS.get(id(synonyms))
    if held is None or held[0] is not synonyms:
        pairs = [
            (first, second, words)
            for key, words in synonyms.items()
            for first, _, second in [key.partition(" ")]
            if second
        ]
        cjk = [(key, words) for key, words in synonyms.items() if not key.isascii()]
        held = _KEYS[id(synonyms)] = (synonyms, (pairs, cjk))
    return held[1]


def expand(words: tuple[str, ...], synonyms: Synonyms) -> tuple[tuple[str, ...], frozenset[str]]:
    """The words with the texts' words for them added, and the words that had synonyms.

    A two-word entry ("break out", "hit points") applies when the query has both words,
    whatever stands between them; a plural is looked up as its singular too.
    """
    out: list[str] = []
    found: set[str] = set()
    forms = [base_forms(word) for word in words]
    for word, keys in zip(words, forms, strict=True):
        out.append(word)
        for key in keys:
            if key in synonyms:
                out.extend(synonyms[key])
                found.add(word)
                break
    present = {form for keys in forms for form in keys}
    for first, second, texts_words in synonym_keys(synonyms)[0] if len(words) > 1 else ():  # a pair needs two words
        if first in present and second in present:
            out.extend(texts_words)
            found.update((first, second))
    return tuple(dict.fromkeys(out))[:MAX_WORDS], frozenset(found)


def expand_cjk(runs: tuple[str, ...], synonyms: Synonyms) -> tuple[str, ...]:
    """The CJK pieces with the texts' words added for each CJK key a piece contains."""
    if not runs:
        return runs
    keys, by_first = synonym_keys(synonyms)[1], _cjk_firsts(synonyms)
    # Only the keys that begin with a character of the pieces can be in one (in table order).
    maybe = sorted({at for char in set("".join(runs)) for at in by_first.get(char, ())})
    added = [text for at in maybe if any(keys[at][0] in run for run in runs) for text in keys[at][1]]
    return tuple(dict.fromkeys(runs + tuple(added)))[:MAX_WORDS]


_FIRSTS: dict[int, tuple[Synonyms, dict[str, list[int]]]] = {}


def _cjk_firsts(synonyms: Synonyms) -> dict[str, list[int]]:
    """Each first character of a table's CJK keys, and those keys' places (``synonym_keys``)."""
    held = _FIRSTS.get(id(synonyms))
    if held is None or held[0] is not synonyms:
        firsts: dict[str, list[int]] = {}
        for at, (key, _) in enumerate(synonym_keys(synonyms)[1]):
            firsts.setdefault(key[0], []).append(at)
        held = _FIRSTS[id(synonyms)] = (synonyms, firsts)
    return held[1]
