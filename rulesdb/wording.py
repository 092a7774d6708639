"""A table's English as the texts read it: the words of conversation (filler), irregular verb
forms, a negation ("can't"), number words, and phrases of filler words that say a rule's word
(telling the others a choice, "game over")."""

from __future__ import annotations

import re
from itertools import pairwise, takewhile

# Words of conversation, not of the question: a long chatty question keeps its rule words.
_FILLER = """
    ok okay so um uh like actually really basically anyway anyways guys guy buddy mate friend friends
    says said say tell told wonder wondering think thought know knew sure agree argue arguing always
    night yesterday today playing played one thing things stuff whole exactly kind sort bit
    somebody someone everybody everyone also even though still ever never
    allowed possibly maybe perhaps probably wait hey hi thanks thank question
    alright quick quickly right now here supposed honestly brother sister wife husband
    dude folks arguing argued argue wondered yes asked asks asking halfway midway partway
    lol lmao haha hehe yeah yep yup nah correct saying reckon reckons thinks tells wonders
"""
# And the game itself: every rule is the game's ("how many gems are there in the whole game").
FILLER = frozenset(_FILLER.split()) | {"game", "games"}

# Chat spellings of a word ("can 6 ppl play"): read as the word, everywhere the question is read
# (a head count, a kind, a key word), where a stop word ("pls", "ur") is only left out.
_CHAT = {"ppl": "people", "peeps": "people", "dmg": "damage", "pts": "points", "b4": "before"}
_CHATTED = re.compile(rf"\b(?:{'|'.join(_CHAT)})\b", re.IGNORECASE)


def spelled_out(text: str) -> str:
    """The text with its chat spellings written out ("ppl" is "people")."""
    return _CHATTED.sub(lambda found: _CHAT[found[0].lower()], text)


# Number words as the texts write them (not "one": "one thing", "one more" are no count).
NUMBER_NAMES = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
NUMBER_NAMES |= {"nine": "9", "ten": "10"}
IRREGULAR = {
    "won": "win",
    "lost": "lose",
    "drew": "draw",
    "drawn": "draw",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "chose": "choose",
    "chosen": "choose",
    "stole": "steal",
    "stolen": "steal",
    "dealt": "deal",
    "kept": "keep",
    "paid": "pay",
    "spent": "spend",
    "threw": "throw",
    "thrown": "throw",
    "fought": "fight",
    "got": "get",
    "went": "go",
    "began": "begin",
    "begun": "begin",
    "held": "hold",
    "beaten": "beat",
}

# A negation as the texts write it: "can't" and "cant" are "cannot" (if you cannot play a card);
# "won't" is "will" (a stop word), not "won" (a win).
NEGATED = {"can": "cannot", "won": "will"}
# What "exactly" meets when it is a rule's word: "exactly the defence", "exactly 5", "exactly equal".
_MET = frozenset(("the", "my", "their", "his", "her", "its", "equal", "same", "as", "one", *NUMBER_NAMES))


# Handing something over ("what do I have to hand over", "he handed his gold over") is giving
# it, as the texts say: the verb is no hand of cards. A hand that is someone's or over a limit
# ("my hand is over the limit", "a hand over 5") is the hand.
_HANDING = frozenset(("hand", "hands", "handed", "handing"))
_HAND_OWNERS = frozenset(("my", "your", "his", "her", "their", "our", "the", "a", "in", "whole", "full", "of"))
_OVER_A_LIMIT = frozenset(("limit", "max", "maximum", "cap", "capacity", "size", *NUMBER_NAMES))


def handed_over(words: list[str]) -> bool:
    """Whether the words hand something over (up to two words between: "hand it over")."""
    for at, word in enumerate(words):
        if word not in _HANDING or (at and words[at - 1] in _HAND_OWNERS) or "over" not in words[at + 1 : at + 4]:
            continue
        beyond = words[words.index("over", at + 1) + 1 :][:2]
        if not any(after in _OVER_A_LIMIT or after.isdigit() for after in beyond):
            return True
    return False


# Getting to do something ("does it get to attack", "who gets to pick") is being allowed to:
# talk, as "allowed" is. Getting a thing ("get mana") or to a number ("get to five") stays.
_GETTING = frozenset(("get", "gets", "getting"))


def allowed_to(words: list[str]) -> frozenset[str]:
    """The words of getting that say only "may" ("gets to pick": "gets")."""
    return frozenset(
        get
        for get, to, then in zip(words, words[1:], words[2:], strict=False)
        if get in _GETTING and to == "to" and not then.isdigit() and then not in NUMBER_NAMES
    )


def filler_of(words: list[str]) -> frozenset[str]:
    """The filler of these words: "the last card" is a rule's word, but "how long does it last"
    asks a duration, as "how long" says; "exactly the defence" or "exactly 5" is a number met,
    "what exactly happens" talk."""
    filler = FILLER | {"last", "lasts"} if "long" in words and ("how", "long") in pairwise(words) else FILLER
    if "through" in words and any(pair in _PART_WAY for pair in pairwise(words)):  # "halfway through": the story
        filler = filler | {"through"}
    if "no" in words and any(pair in _REPLIED for pair in pairwise(words)):  # "Mike says no": a reply
        filler = filler | {"no"}
    if "stop" in words and any(_PHRASES.get(pair) == ["end"] for pair in pairwise(words)):  # the end
        filler = filler | {"stop", "stops"}
    if "single" in words and ("every", "single") in pairwise(words):  # "every single enemy": all
        filler = filler | {"single"}
    if "to" in words and not _GETTING.isdisjoint(words):  # "does it get to attack": may
        filler = filler | allowed_to(words)
    if "over" in words and handed_over(words):  # "hand over the gold": a give, no hand of cards
        filler = filler | _HANDING | {"over"}
    if "exactly" not in words:  # most questions: one look
        return filler
    met = any(word == "exactly" and (after.isdigit() or after in _MET) for word, after in pairwise(words))
    return filler - {"exactly"} if met else filler


# A reply in the story, not the rules' "no" ("no cards left"): "Mike says no but I think yes".
_REPLIED = frozenset(
    (verb, "no") for verb in ("says", "said", "say", "think", "thinks", "thought", "reckon", "reckons")
)

_PART_WAY = frozenset((part, "through") for part in ("halfway", "midway", "partway"))

# Telling the others a choice ("tell everyone my side") is announcing, as the texts call it;
# "tell" alone is talk ("tell me"), and telling them what one holds is table talk, not a rule.
_TELL = frozenset(("tell", "telling", "told", "inform"))
_OTHERS = frozenset(("everyone", "everybody", "others", "other", "opponents", "opponent", "players", "table"))
_HELD = frozenset(("card", "cards", "spell", "spells", "hand", "hands"))
_ANNOUNCED = ["announce", "declare"]
# A phrase of filler or stop words that says a rule's word: "is it game over" asks whether it ends,
# "in one go" is together, and a go that is someone's ("my go", "each go") is a turn.
_PHRASES = {("game", "over"): ["end"], ("one", "go"): ["together"]}
_OWNERS = ("my", "your", "his", "her", "their", "our", "each", "every", "next", "per", "whose")
_PHRASES |= {(owner, "go"): ["turn"] for owner in _OWNERS}
# The game or its players stopping is its end ("when do we stop playing"), never a block.
_PHRASES |= {("stop", "playing"): ["end"], ("game", "stop"): ["end"], ("game", "stops"): ["end"]}
# "every single enemy" is all of them, "single" no word of its own.
_PHRASES |= {("every", "single"): ["all"]}
_LAST = frozenset(second for _, second in _PHRASES)


def told(words: list[str]) -> bool:
    """Whether the words tell the other players a choice (a word between: "tell the others")."""
    return not _TELL.isdisjoint(words) and any(
        word in _TELL and _OTHERS.intersection(words[at + 1 : at + 3]) and _HELD.isdisjoint(words[at + 1 :])
        for at, word in enumerate(words)
    )


# A guy that is someone's, of a side or counted ("my guys", "a dark guy", "1 guy left") is a
# character on the table; "guys" alone is the players addressed ("guys, who goes first").
_GUYS = frozenset(("guy", "guys"))
_HAVING = frozenset((*_OWNERS, "dark", "light", "red", "blue", "green", "yellow", *NUMBER_NAMES))


# Going after someone, or coming at them, is attacking them ("can my light side go after him",
# "2 swords coming at me"); who goes after someone is the turn's order.
_TOWARDS = frozenset(
    [(go, "after") for go in ("go", "goes", "going")] + [(come, "at") for come in ("come", "comes", "coming", "came")]
)
_AT = frozenset(("after", "at"))
_SOMEONE = frozenset(("me", "him", "her", "them", "us", "you", "someone", "somebody", "anyone", "anybody"))


def attacked(words: list[str]) -> bool:
    """Whether the words go after someone or come at them, nobody asking who goes after whom."""
    return "who" not in words and any(
        (go, at) in _TOWARDS and whom in _SOMEONE for go, at, whom in zip(words, words[1:], words[2:], strict=False)
    )


# A count of things of one colour ("2 yellow swords", "three red shields") are of the same colour,
# as the texts say it.
_COLOURS = frozenset(("red", "blue", "green", "yellow", "black", "white", "purple", "orange", "pink"))


_BOTH = frozenset(("and", "or", "plus"))


def one_colour(words: list[str]) -> bool:
    """Whether a count of two or more is followed by a colour and the thing counted, no other
    count or colour joined to it ("2 red and 2 blue swords" are two colours)."""
    padded = ["", *(word for word in words if word not in NUMBER_NAMES), ""]  # "two" is read beside its "2"
    return any(
        count.isdigit()
        and int(count) >= 2
        and colour in _COLOURS
        and thing not in _COLOURS
        and _BOTH.isdisjoint((before, thing, after))
        for before, count, colour, thing, after in zip(
            padded, padded[1:], padded[2:], padded[3:], padded[4:], strict=False
        )
    )


# Changing to a side by its name ("flipped to dark", "going light", "switch over to the dark
# side") is switching sides, as the texts call it. A word that is also a noun ("my turn",
# "each go", and "went", read as "go") changes only with "to", "over", "back" or "into" after it
# ("on my turn the dark side attacks" changes nothing).
_SIDES = frozenset(("dark", "light", "neutral"))
_CHANGING_WORDS = """
    flipped flipping turned turning going switched switching swapped swapping changed changing
    become becomes became becoming convert converts converted converting defect defects defected
"""
_CHANGING = frozenset(_CHANGING_WORDS.split())
_CHANGE_WORDS = "flip flips turn turns go goes switch switches swap swaps change changes move moves"
_CHANGE = frozenset(_CHANGE_WORDS.split())
_TOWARD = frozenset(("to", "over", "back", "into"))
_ON_THE_WAY = frozenset(("to", "over", "back", "into", "the", "a"))


def changed_side(words: list[str]) -> bool:
    """Whether the words change to a side by its name (up to two words between: "over to the")."""
    for at, word in enumerate(words):
        if word not in _CHANGING and word not in _CHANGE:
            continue
        after = words[at + 1 : at + 4]
        way = list(takewhile(_ON_THE_WAY.__contains__, after))
        side = after[len(way)] if len(way) < len(after) else ""
        if side in _SIDES and len(way) <= 2 and (word in _CHANGING or _TOWARD.intersection(way[:1])):
            return True
    return False


def meant(words: list[str]) -> list[str]:
    """The rules' words for what the question's phrases of filler words say (telling the others
    a choice is announcing it, "game over" the end, "in one go" together, "my guys" characters,
    going after someone attacking them, changing to a side by its name switching sides)."""
    said = [w for pair in pairwise(words) for w in _PHRASES.get(pair, ())] if not _LAST.isdisjoint(words) else []
    if not _AT.isdisjoint(words) and attacked(words):
        said.append("attack")
    if not _SIDES.isdisjoint(words) and changed_side(words):
        said += ["switch", "sides"]
    if "over" in words and handed_over(words):
        said.append("give")
    if not _COLOURS.isdisjoint(words) and one_colour(words):
        said += ["same", "colour"]
    if not _GUYS.isdisjoint(words) and any(
        guy in _GUYS and (owner in _HAVING or owner.isdigit()) for owner, guy in pairwise(words)
    ):
        said.append("character")
    return said + _ANNOUNCED if told(words) else said


# A player named in the story a question tells ("so Ann played two swords", "Mike says no"):
# a word typed with a capital inside a sentence, or the one who says, asks or plays. The
# reader drops such a word when the texts lack it: it names a player, not what is asked.
_NARRATED = "said|says|asked|asks|goes|went|thinks|thought|reckons|told|tells|claims|insists|played|plays|wants"
_CAPITALISED = re.compile(r"(?<=[a-z0-9,;:] )([A-Z][a-z]+)\b")
_TOLD = re.compile(rf"\b([a-z]+) ({_NARRATED})\b")
_VERB = re.compile(_NARRATED)  # looked for first: most questions tell no story


def named(text: str) -> set[str]:
    """The words of ``text`` that may name a player in its story."""
    lower = text.lower()
    names = {w.lower() for w in _CAPITALISED.findall(text)} if lower != text else set()
    return names | tellers(lower)


def tellers(text: str) -> set[str]:
    """The words of ``text`` (lower case) that say, ask or play in its story ("Mike says"):
    a player's name more surely than a capital ("a Timer")."""
    return {player for player, _ in _TOLD.findall(text)} if _VERB.search(text) else set()


def narrated(text: str, players: set[str]) -> set[str]:
    """The verbs that tell what these players did or said ("Tom goes", "Ann played")."""
    return {verb for player, verb in _TOLD.findall(text.lower()) if player in players}
