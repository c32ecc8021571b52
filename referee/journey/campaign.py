"""Journey campaigns: the Quests played back to back with the same Pilgrims ("Back to Back Game
Play"), and the Karma Upgrades a Quest gives at its setup.

A campaign is a sequence of sessions (`referee/core/campaigns.py` stores it); this module is the
Journey's part: which Quest may come next, what a Pilgrim carries from the end of one Quest to the
start of the next, and the Karma Upgrades taken between them, each with its sentence. It returns the
next session's options and position; the referee then sets the Quest up from them as usual.

Carried between Quests (Back to Back): Good and Bad Karma, Skill Cards (the 2 unknown starting cards
stay unknown), the Weapon Card's level, Corruption and Fortune Cards, a Misfortune Card waiting for
its trigger ("Lose 1 Action Point Next Turn"); Health and Chi back to the maximum, Condition Cards
discarded; Sutra and Villager Tokens and the Wells used stay with the Quest. Demon Profile Sheet
values the table entered are kept (the sheets do not change). Quest 10 Part 2 is "a single large
one" with Part 1: nothing is reset, the initiative is kept.
"""

from __future__ import annotations

import copy

from referee.core import BadRequest, Citation, Option, RuleViolation, citations

from .karma import Q_FULLY_UPGRADED
from .profiles import (
    CORRUPTION_CARDS,
    MAX_WEAPON_LEVEL,
    PILGRIM_NAMES,
    PILGRIMS,
    another_pilgrims_skill,
    pilgrim_profile,
    printed_deck,
)
from .quests import (
    CARD,
    Q_EARNED,
    Q_ONE_UPGRADE,
    Q_TWO_UPGRADES,  # noqa: F401  (the campaign's sentences, read as campaign.Q_…)
    QUESTS,
    UPGRADES_SCHEMA,
)
from .rules import Q_DRAW_OWN, Q_NO_CARDS, Q_OWN_DECK

G_ = "journey"

Q_IN_ORDER = ("The Quests are written as parts of a longer story, to be played one at a time, in "
              "order.")
Q_REPLAY = "If you replay the Quest, try to get the Heroic Victory."
Q_WIN_FIRST = "We recommend that you do not move on to the next Quest until you win the current one."
Q_RESET = ("Start by resetting a couple of statistics and cards in play to represent the time "
           "passing between Quests:")
Q_HEALTH = "Regain full Health and Chi. Discard any Condition Cards."
Q_KARMA = "Keep the same Good and Bad Karma Points."
Q_CARDS = ("Retain all Skill, Weapon, Corruption, Fortune and Misfortune Cards in your hand at the "
           "end of the Quest.")
Q_UPGRADE_CHOICE = ("For each Karma Upgrade, each Pilgrim has a choice of 10 Good Karma or 10 Bad "
                    "Karma Points.")
Q_UPGRADE_GOOD = "So, if you take 10 Good Karma Points, take 1 Permanent Skill Card."
Q_UPGRADE_BAD = ("If you take 10 Bad Karma Points, upgrade to the next level Weapon Card and take 1 "
                 "Corruption Card.")
Q_BLOCKS = "However, you must take the Upgrades in 10 point blocks."
Q_ADJUST = ("Feel free to make random Card draws, or to discard some Cards, to make your Pilgrims a "
            "similar strength to the Quest setup.")
Q_PART_TWO = ("Make no changes to the Pilgrims' Statistics, Cards or Initiative Markers when they "
              "start Part 2 - this is not 2 Quests, it is a single large one.")
Q_SAME_INITIATIVE = ("Keeping the same initiative order as Part 1, decide how you want to place the "
                     "Pilgrims on the Fiery Bridge, highlighted on the Map.")
Q_PART_ONE_LOST = ("Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim "
                   "reaches the Fiery Bridge.")
Q_INTERLUDE = ("As the first Pilgrim steps onto the bridge, the world shimmers and shakes.")


def violation(message: str, quote: str) -> RuleViolation:
    return RuleViolation(message, Citation(G_, quote))


def note(effects: list, text: str, citation: Citation) -> None:
    """What the carry-over did, in words, with its rule."""
    effects.append({"text": text, "quote": citation.quote})


# The Quests of the Quest Guide in their order, by the number the book gives them ("10-1" for Part 1
# of Quest 10). A Quest registered in `QUESTS` takes its place by its `number` and gives the Karma
# Upgrades its class declares (`upgrades`, with the sentence); one the book does not number (free
# play, a table's own Quest) may come at any point of a campaign and gives no Upgrade.
ORDER = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10-1", "10-2")
PART_ONE, PART_TWO = "10-1", "10-2"


def quest_number(quest_id: str) -> str | None:
    """The Quest Guide's number of a registered Quest ("6"; "10-1" for Part 1 of Quest 10), None
    for one it does not number."""
    quest = QUESTS.get(quest_id)
    number, part = getattr(quest, "number", None), getattr(quest, "part", None)
    label = f"{number}-{part}" if part else str(number)
    return label if number is not None and label in ORDER else None


UPGRADES = {quest_number(key): (quest.upgrades, quest.upgrades_quote)
            for key, quest in QUESTS.items() if quest_number(key)}
TITLES = {quest_number(key): quest.title for key, quest in QUESTS.items() if quest_number(key)}


def quest_title(quest_id: str) -> str:
    return getattr(QUESTS.get(quest_id), "title", quest_id)


START_SCHEMA = {
    "type": "object",
    "description": "The next Quest of a Journey campaign. The Pilgrims are carried from the end of "
                   "the Quest before (the first Quest of a campaign may give them in "
                   "position.pilgrims); options and position are the Quest's own (its board).",
    "properties": {
        "quest": {"enum": list(QUESTS)},
        "options": {"type": "object"},
        "position": {"type": "object"},
        "upgrades": UPGRADES_SCHEMA,
        "adjust": {
            "type": "object", "propertyNames": {"enum": list(PILGRIMS)},
            "additionalProperties": {
                "type": "object",
                "properties": {"draw": {"type": "array", "items": CARD, "maxItems": 10,
                                        "description": "Skill Cards drawn"},
                               "discard": {"type": "array", "items": CARD, "maxItems": 20,
                                           "description": "Skill or Fortune Cards discarded"}},
                "additionalProperties": False},
            "description": "between Quests, the cards drawn or discarded to bring a Pilgrim near "
                           "the Quest's setup (\"Feel free to make random Card draws, or to "
                           "discard some Cards\")",
        },
        "expected_quests": {"type": "integer", "minimum": 0,
                            "description": "how many Quests the campaign has now (a phone that "
                                           "saw an older campaign is refused with 409)"},
    },
    "required": ["quest"],
    "additionalProperties": False,
}

# The campaign page's form: rows of Upgrades per Pilgrim (one more than any Quest gives, so that
# taking too many can be entered, and refused with its sentence), and what each kind gives.
FORM_UPGRADE_ROWS = 3
FORM_UPGRADES = {"good": {"good_karma": 10}, "bad": {"bad_karma": 10},
                 "split": {"good_karma": 5, "bad_karma": 5}}

OPTIONS = {
    "quest_upgrades": Option(
        "Table ruling: the Karma Upgrades a later Quest gives at its setup, when the Pilgrims come "
        "from the Quest before. \"given\": the Quest's setup gives them as written; "
        "\"earned_only\": they stand for Skills earned in the early Quests, which a campaign "
        "carries already, so none are given.",
        {"enum": ["given", "earned_only"]}, "given",
        citations(G_, Q_ONE_UPGRADE, Q_EARNED)),
    "replay_upgrades": Option(
        "Table ruling: the Karma Upgrades of a Quest played again straight after itself. "
        "\"not_again\": the Pilgrims come from its first play, where its setup gave them, and "
        "keep what they were given (Karma and cards); none are given again; \"again\": each "
        "setup of the Quest gives them, as written.",
        {"enum": ["not_again", "again"]}, "not_again",
        citations(G_, Q_EARNED, Q_CARDS, Q_ONE_UPGRADE)),
}


class Campaign:
    """Journey's campaign rules, as `referee.core.campaigns` uses them."""

    game_id = G_
    options = OPTIONS
    start_schema = START_SCHEMA

    @classmethod
    def next_setup(cls, previous: dict | None, body: dict, rulings: dict,
                   shared: dict) -> tuple[dict, dict, dict]:
        """(options, position, carry) of the next Quest's session. `previous`: None for the first
        Quest, else {"quest", "G", "over"} of the Quest before; `body`: the request (START_SCHEMA);
        `shared`: the campaign's own options; `carry`: what was carried and given, in words with
        the rules ({"effects", "upgrades"})."""
        quest = body["quest"]
        options = copy.deepcopy(body.get("options") or {})
        position = copy.deepcopy(body.get("position") or {})
        if "quest" in options and options["quest"] != quest:
            raise BadRequest("the Quest is named once, in quest", "options.quest")
        options["quest"] = quest
        options["karma_upgrades"] = "in_position"  # the campaign gives them, between Quests
        effects: list[dict] = []
        number = quest_number(quest)
        if previous is None:
            if body.get("adjust"):
                raise BadRequest("the first Quest of a campaign enters its Pilgrims in "
                                 "position.pilgrims", "adjust")
            pilgrims = position.get("pilgrims") or {}
        else:
            if "pilgrims" in position:
                raise violation("The Pilgrims come from the end of the Quest before: they are not "
                                "entered again.", Q_CARDS)
            pilgrims = cls.carried(previous, number, options, effects)
            cls.adjust(pilgrims, body.get("adjust") or {}, number, effects)
            cls.carry_cleanse_dice(previous, options)
        entered = previous["G"].get("entered_profiles") if previous else None
        profiles = demon_profiles(shared.get("demon_profiles"), entered, options.get("demon_profiles"))
        if profiles:
            options["demon_profiles"] = profiles
        upgrades = cls.upgrades(number, quest, pilgrims, body.get("upgrades") or {}, rulings,
                                effects, cls.replays(previous, number))
        if pilgrims:
            position["pilgrims"] = pilgrims
        return options, position, {"effects": effects, "upgrades": upgrades}

    # -- which Quest comes next --------------------------------------------------------------------

    @classmethod
    def check_order(cls, previous: dict, number: str | None, effects: list[dict]) -> None:
        G, before = previous["G"], quest_number(previous["quest"])
        if not previous["over"]:
            raise violation(f"{quest_title(previous['quest'])} is not over: one Quest at a time.",
                            Q_IN_ORDER)
        won = G["result"] is not None and G["result"]["outcome"] != "defeat"
        if number is None or before is None:
            if number == PART_TWO:
                raise violation("Quest 10 Part 2 follows Part 1: they are one Quest.", Q_PART_TWO)
            return
        if before == PART_ONE and not won and number == PART_TWO:
            raise violation("Quest 10 Part 1 was lost: the Pilgrims never reached the Fiery Bridge "
                            "with the 4 Sutras.", Q_PART_ONE_LOST)
        if before == PART_ONE and won and number != PART_TWO:
            raise violation("Quest 10 Part 1 was won: Part 2 follows at once.", Q_PART_TWO)
        if number == PART_TWO and before != PART_ONE:
            raise violation("Quest 10 Part 2 follows Part 1: they are one Quest.", Q_PART_TWO)
        following = ORDER[ORDER.index(before) + 1] if before != ORDER[-1] else None
        if cls.replays(previous, number):
            note(effects, f"{TITLES[number]} is played again.", Citation(G_, Q_REPLAY))
        elif number != following:
            comes = (f"comes {TITLES[following]}" if following else
                     f"ends the Quest Guide (it may be played again from {TITLES[PART_ONE]})")
            raise violation(f"{TITLES[before]} {comes}, not {TITLES[number]}.", Q_IN_ORDER)
        elif not won:
            note(effects, f"{TITLES[before]} was lost; the table moves on all the same.",
                 Citation(G_, Q_WIN_FIRST))

    @staticmethod
    def replays(previous: dict | None, number: str | None) -> bool:
        """The next Quest is the one just played, again (Quest 10 is one Quest in two parts:
        played again, it starts again at Part 1)."""
        before = quest_number(previous["quest"]) if previous else None
        return before is not None and number == (PART_ONE if before == PART_TWO else before)

    # -- what the Pilgrims carry ---------------------------------------------------------------------

    @classmethod
    def carried(cls, previous: dict, number: str | None, options: dict,
                effects: list[dict]) -> dict:
        cls.check_order(previous, number, effects)
        G = previous["G"]
        part_two = number == PART_TWO
        if part_two:
            given = options.get("initiative")
            if given is not None and given != G["initiative"]:
                raise violation("Part 2 keeps the initiative order of Part 1.", Q_SAME_INITIATIVE)
            options["initiative"] = list(G["initiative"])
            note(effects, "Quest 10 Part 2 continues Part 1: the Pilgrims' Statistics, "
                                    "Cards and Initiative Markers are unchanged.", Citation(G_, Q_PART_TWO))
        else:
            note(effects, "Between Quests: Health and Chi back to the maximum, Condition "
                                    "Cards discarded.", Citation(G_, Q_HEALTH))
            note(effects, "Good and Bad Karma are kept.", Citation(G_, Q_KARMA))
            note(effects, "Skill, Weapon, Corruption, Fortune and Misfortune Cards are "
                                    "kept.", Citation(G_, Q_CARDS))
        out = {}
        for name in PILGRIMS:
            pilgrim = G["pilgrims"][name]
            state = {"good_karma": pilgrim["good_karma"], "bad_karma": pilgrim["bad_karma"],
                     "weapon_level": pilgrim["weapon_level"],
                     "corruption": list(pilgrim["corruption"]), "hand": list(pilgrim["skills"]),
                     "fortune": list(pilgrim["fortune"]),
                     "skills_unknown": pilgrim["skills_unknown"],
                     "ap_lost_next_turn": pilgrim["ap_lost_next_turn"]}
            if part_two:
                state.update({
                    "hp": pilgrim["hp"], "chi": pilgrim["chi"], "status": pilgrim["status"],
                    "conditions": [{key: condition[key] for key in
                                    ("name", "tokens", "duration", "damage_each_turn")}
                                   for condition in pilgrim["conditions"]],
                    "sutras": pilgrim["sutras"], "villagers": pilgrim["villagers"],
                    "in_play": [dict(card) for card in pilgrim["in_play"]]})
                if pilgrim["status"] == "unconscious":
                    state["posture"] = pilgrim["posture"]
            out[name] = state
        return out

    @classmethod
    def adjust(cls, pilgrims: dict, adjust: dict, number: str | None, effects: list[dict]) -> None:
        """Cards drawn or discarded between Quests, as the book allows."""
        if adjust and number == PART_TWO:
            raise violation("Part 2 makes no change to the Pilgrims' Cards.", Q_PART_TWO)
        for name, change in adjust.items():
            state, label = pilgrims[name], PILGRIM_NAMES[name]
            for card in change.get("discard") or []:
                held = next((kind for kind in ("hand", "fortune") if card in state[kind]), None)
                if held is None:
                    raise violation(f"{label} holds no card named {card} to discard.", Q_ADJUST)
                state[held].remove(card)
                note(effects, f"{label} discards {card} before the Quest.", Citation(G_, Q_ADJUST))
            for card in change.get("draw") or []:
                cls.check_skill_card(name, card, Q_OWN_DECK)
                state["hand"].append(card)
                note(effects, f"{label} draws the Skill Card {card} before the Quest.",
                     Citation(G_, Q_ADJUST))

    # -- Karma Upgrades -----------------------------------------------------------------------------

    @classmethod
    def upgrades(cls, number: str | None, quest: str, pilgrims: dict, entered: dict,
                 rulings: dict, effects: list[dict], replay: bool = False) -> dict:
        count, quote = UPGRADES.get(number, (0, None)) if number else (0, None)
        if count and rulings.get("quest_upgrades", "given") == "earned_only":
            note(effects, "No Karma Upgrade is given (table ruling): the Pilgrims carry "
                                    "what they earned.", Citation(G_, Q_EARNED))
            count = 0
        not_again = (count and replay
                     and rulings.get("replay_upgrades", "not_again") == "not_again")
        if not_again:
            note(effects, f"{quest_title(quest)} is played again: its Karma Upgrades were given "
                          "at its first setup and the Pilgrims carry them; none are given "
                          "again.", Citation(G_, Q_EARNED))
            count = 0
        given = {}
        for name in PILGRIMS:
            chosen = entered.get(name) or []
            label = PILGRIM_NAMES[name]
            if len(chosen) != count:
                if not_again:
                    raise violation(f"{quest_title(quest)} is played again: its Karma Upgrades "
                                    f"were given at its first setup; {label} took "
                                    f"{len(chosen)}.", Q_EARNED)
                if count == 0:
                    raise violation(f"{quest_title(quest)} gives no Karma Upgrade; {label} took "
                                    f"{len(chosen)}.", Q_EARNED if number else Q_UPGRADE_CHOICE)
                raise violation(f"{quest_title(quest)} gives each Pilgrim {count} Karma "
                                f"Upgrade{'s' * (count > 1)}; {label} took {len(chosen)}.", quote)
            state = pilgrims.setdefault(name, {})
            for index, upgrade in enumerate(chosen):
                held = sum(len(other.get("corruption") or []) for other in pilgrims.values())
                cls.apply_upgrade(name, state, upgrade, f"upgrades.{name}[{index}]", effects,
                                  corruption_held=held)
            if chosen:
                given[name] = chosen
        return given

    @staticmethod
    def carry_cleanse_dice(previous: dict, options: dict) -> None:
        """A Cleanse Ritual's dice count taken from a roll in the Quest before (not printed, not
        entered) is the Profile Sheet's in the next Quest too. The Pilgrims' profiles are carried
        whole (the campaign's own `pilgrim_profiles` would be replaced, not merged, by these)."""
        learned = {name: pilgrim["profile"]["cleanse_dice"]
                   for name, pilgrim in previous["G"]["pilgrims"].items()
                   if pilgrim_profile(name, None)["cleanse_dice"] is None
                   and pilgrim["profile"].get("cleanse_dice") is not None}
        if not learned:
            return
        profiles = copy.deepcopy(options.get("pilgrim_profiles") or {})
        for name, pilgrim in previous["G"]["pilgrims"].items():
            printed = pilgrim_profile(name, None)
            carried = {key: value for key, value in pilgrim["profile"].items()
                       if value is not None and printed[key] is None}
            profiles[name] = {**carried, **(profiles.get(name) or {})}
        options["pilgrim_profiles"] = profiles

    @classmethod
    def apply_upgrade(cls, name: str, state: dict, upgrade: dict, field: str,
                      effects: list[dict], corruption_held: int = 0) -> None:
        """One Karma Upgrade; `corruption_held`: the Corruption Cards all four Pilgrims hold (with
        all 16 held, a Bad Karma Upgrade draws none)."""
        label = PILGRIM_NAMES[name]
        good, bad = upgrade.get("good_karma", 0), upgrade.get("bad_karma", 0)
        if sorted((good, bad)) != [0, 10]:
            raise violation(f"{label}: one Karma Upgrade is 10 Good or 10 Bad Karma Points, not "
                            f"{good} Good and {bad} Bad.", Q_BLOCKS)
        if good:
            if "corruption" in upgrade:
                raise violation("10 Good Karma Points give a Permanent Skill Card, not a "
                                "Corruption Card.", Q_UPGRADE_GOOD)
            if "card" not in upgrade:
                raise BadRequest("name the Permanent Skill Card (\"retained\") kept", f"{field}.card")
            for card in (upgrade["card"], *(upgrade.get("discarded") or [])):
                cls.check_skill_card(name, card)
            if "hand" not in state:  # set up normally: the 2 Skill Cards drawn stay unknown
                state.setdefault("skills_unknown", 2)
            state.setdefault("hand", []).append(upgrade["card"])
            wrong = upgrade.get("discarded") or []
            note(effects, f"{label}'s Karma Upgrade: 10 Good Karma, the Permanent Skill "
                                    f"Card {upgrade['card']}"
                                    + (f" ({len(wrong)} wrong-type cards discarded)" if wrong
                                       else "") + ".", Citation(G_, Q_UPGRADE_GOOD))
            return
        if "card" in upgrade or "discarded" in upgrade:
            raise violation("10 Bad Karma Points give a Weapon upgrade and a Corruption Card, not "
                            "a Skill Card.", Q_UPGRADE_BAD)
        left = CORRUPTION_CARDS - corruption_held
        if "corruption" not in upgrade and left > 0:
            raise BadRequest("name the Corruption Card drawn", f"{field}.corruption")
        if "corruption" in upgrade and left <= 0:
            raise violation(f"The Pilgrims hold all {CORRUPTION_CARDS} Corruption Cards: none can "
                            "be drawn.", Q_NO_CARDS)
        deck = printed_deck(upgrade["corruption"]) if "corruption" in upgrade else None
        if deck is not None:
            raise violation(f"{upgrade['corruption']} is a {deck} Card, not a Corruption Card.",
                            Q_UPGRADE_BAD)
        level = state.get("weapon_level", 1)
        drawn = upgrade.get("corruption")
        card = f"the Corruption Card {drawn}" if drawn else "no Corruption Card (none is left)"
        state.setdefault("corruption", []).extend([drawn] if drawn else [])
        if level < MAX_WEAPON_LEVEL:
            state["weapon_level"] = level + 1
            note(effects, f"{label}'s Karma Upgrade: 10 Bad Karma, the Level {level + 1} Weapon "
                          f"Card and {card}.", Citation(G_, Q_UPGRADE_BAD))
        else:
            state["weapon_level"] = level
            note(effects, f"{label}'s Karma Upgrade: 10 Bad Karma; the weapon is fully upgraded, "
                          f"{card}.", Citation(G_, Q_FULLY_UPGRADED))

    @staticmethod
    def check_skill_card(name: str, card: str, quote: str = Q_DRAW_OWN) -> None:
        """A Karma Upgrade's Skill Cards are drawn from the Pilgrim's own deck: a card the book
        names in another Pilgrim's deck, or in another deck, is refused."""
        deck = printed_deck(card)
        if deck not in (None, "Skill"):
            raise violation(f"{card} is a {deck} Card, not a Skill Card.", quote)
        wrong = another_pilgrims_skill(name, card)
        if wrong:
            raise violation(wrong, quote)

    # -- the campaign page's form -------------------------------------------------------------------

    @classmethod
    def start_from_form(cls, form) -> dict:
        """The body of the next Quest's start from the campaign page's form (a mapping of fields):
        `quest`, `expected_quests`; each Pilgrim's Upgrades `upgrades.<pilgrim>.<n>.kind` ("good":
        10 Good Karma, "bad": 10 Bad Karma, "split": 5 of each — a mistake the table can make, and
        is refused with its rule) with the card taken in `upgrades.<pilgrim>.<n>.card`; cards drawn
        or discarded in `adjust.<pilgrim>.draw` / `.discard`, separated by commas."""
        body: dict = {"quest": form.get("quest", "")}
        expected = form.get("expected_quests", "")
        if expected.isdigit() and len(expected) <= 6:
            body["expected_quests"] = int(expected)
        upgrades, adjust = {}, {}
        for name in PILGRIMS:
            chosen = []
            for row in range(FORM_UPGRADE_ROWS):
                field = f"upgrades.{name}.{row}"
                kind, card = form.get(f"{field}.kind", ""), form.get(f"{field}.card", "").strip()
                if not kind:
                    if card:
                        raise BadRequest(f"{PILGRIM_NAMES[name]}: choose 10 Good or 10 Bad Karma "
                                         f"for {card[:60]}", f"{field}.kind")
                    continue
                if kind not in FORM_UPGRADES:
                    raise BadRequest("an Upgrade is 10 Good or 10 Bad Karma", f"{field}.kind")
                upgrade = dict(FORM_UPGRADES[kind])
                if card:
                    upgrade["corruption" if kind == "bad" else "card"] = card
                chosen.append(upgrade)
            if chosen:
                upgrades[name] = chosen
            change = {key: cards for key in ("draw", "discard")
                      if (cards := [card.strip() for card in
                                    form.get(f"adjust.{name}.{key}", "").split(",")[:20]
                                    if card.strip()])}
            if change:
                adjust[name] = change
        if upgrades:
            body["upgrades"] = upgrades
        if adjust:
            body["adjust"] = adjust
        return body

    # -- progress ----------------------------------------------------------------------------------

    @classmethod
    def next_quests(cls, previous: dict | None, rulings: dict) -> list[dict]:
        """The Quests that may start next, each with the Karma Upgrades it gives each Pilgrim."""
        out = []
        for quest in QUESTS:
            number = quest_number(quest)
            if previous is not None:
                try:
                    cls.check_order(previous, number, [])
                except RuleViolation:
                    continue
            count = UPGRADES.get(number, (0, None))[0] if number else 0
            if rulings.get("quest_upgrades", "given") == "earned_only" or (
                    cls.replays(previous, number)
                    and rulings.get("replay_upgrades", "not_again") == "not_again"):
                count = 0
            out.append({"quest": quest, "title": quest_title(quest), "upgrades": count})
        return out

    @classmethod
    def summary(cls, G: dict) -> dict:
        """Each Pilgrim as the campaign page shows it."""
        out = {}
        for name in PILGRIMS:
            pilgrim = G["pilgrims"][name]
            out[name] = {
                "name": PILGRIM_NAMES[name],
                "hp": pilgrim["hp"], "max_hp": pilgrim["profile"]["max_hp"],
                "chi": pilgrim["chi"], "status": pilgrim["status"],
                "good_karma": pilgrim["good_karma"], "bad_karma": pilgrim["bad_karma"],
                "weapon_level": pilgrim["weapon_level"],
                "corruption": list(pilgrim["corruption"]), "skills": list(pilgrim["skills"]),
                "skills_unknown": pilgrim["skills_unknown"], "fortune": list(pilgrim["fortune"]),
                "sutras": pilgrim["sutras"], "villagers": pilgrim["villagers"],
            }
        return out

    @classmethod
    def quest_label(cls, quest_id: str) -> str:
        return quest_title(quest_id)


def demon_profiles(*layers: dict | None) -> dict:
    """The Demon Profile values of the next Quest, Demon by Demon and value by value: the
    campaign's, then those entered during the Quest before, then the request's (a later layer wins
    a value, and keeps the earlier layers' other values)."""
    merged: dict = {}
    for layer in layers:
        for kind, values in (layer or {}).items():
            merged[kind] = {**merged.get(kind, {}), **values}
    return merged
