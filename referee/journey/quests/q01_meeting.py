"""Quest 1 - Meeting: the Villagers' house, a Villager turning into a Bull Warrior after 5 turns.

The Quest Mini-Map is a figure: which Demons stand in the Villagers' house is entered
(`quest_setup.house`, by default the Demons placed inactive behind the closed door), and a Demon
walking in later is entered with the `house` event; a Demon of the house counts until it is removed
from play ("when the Demons in the house are removed").
"""

from __future__ import annotations

from referee.core import BadRequest, EventType, Option, SetupError, citations, cites

from . import Quest, QuestEvent, all_of, any_of, facts, holds, pilgrim_down, printed_in
from .common import borrack_unique, minion_deck

Q_DECK = ("Create a simple Demon Deck containing just the reinforcement cards for Minion Demons "
          "(Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
Q_TOKENS = ("Transformation: Stack 5 Turn Tokens on the Villager Token and remove 1 Turn Token in "
            "the End Phase of each turn.")
Q_TRANSFORM = ("In the Maintenance Phase when there are no Turn Tokens on the Villagers, replace "
               "the Villager Token with a Bull Warrior.")
Q_UNIQUE = ("If a Bull General is in play and another Bull General Demon Card is drawn, discard "
            "it and draw another.")
Q_ENDS = ("The Quest ends immediately when the Demons in the house are removed, or when Tripitaka "
          "is defeated.")
Q_HEROIC = ("Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka must "
            "Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the "
            "Villagers' house.")
Q_VICTORY = "Victory: The Pilgrims must defeat all Demons in the Villagers' house."
Q_DEFEAT = "Defeat: Tripitaka is defeated."
TURN_TOKENS = 5


def state(game) -> dict:
    return game.G["quest_state"]


def house_cleared(game) -> bool:
    return not state(game)["house"]


def villagers_rescued(game) -> bool:
    return all(v in facts(game)["rescued"] for v in state(game)["villagers"])


def villager_transformed(game) -> bool:
    return bool(state(game)["transformed"])


HOUSE_CLEARED = holds("defeat all Demons in the Villagers' house", house_cleared)
TRIPITAKA_DEFEATED = pilgrim_down("tripitaka", "Tripitaka is defeated")


@cites(Q_TRANSFORM)
def transformed_villager_gone(game, event):
    """A Villager replaced by a Bull Warrior is no longer there to rescue."""
    if event["type"] == "rescue_villager" and event["villager"] in state(game)["transformed"]:
        return (f"{event['villager']} has turned into a Bull Warrior: the Villager Token was "
                "replaced.")
    return True


class Meeting(Quest):
    key = "q1"
    number = 1
    title = "Quest 1 - Meeting"
    board = {"gates": 1, "villagers": 1, "boxes": 1, "doors": 1, "demons": {"berrok": 2}}
    tracks_villagers = True
    past_facts = ("meditated", "skills_played")
    setup_schema = {
        "type": "object",
        "properties": {"house": {
            "type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 40},
            "minItems": 1, "maxItems": 6, "uniqueItems": True,
            "description": "the Demons standing in the Villagers' house (default: those placed "
                           "inactive, behind the closed door; with none, the Board Setup's "
                           "Berroks, the Demons the Villagers scream about)"}},
        "additionalProperties": False,
    }
    options = {
        "q1_transformed_villager": Option(
            "Quest 1 table ruling: the Bull Warrior that replaces a transformed Villager. "
            "\"in_house\": it stands where the Villager Token was, in the Villagers' house, so it "
            "is one of the Demons in the house the Pilgrims must defeat; \"not_counted\": only the "
            "Demons entered as in the house count.", {"enum": ["in_house", "not_counted"]},
            "in_house", citations("journey", Q_TRANSFORM, Q_VICTORY)),
    }
    rules = (minion_deck(printed_in(title, Q_DECK)), borrack_unique(printed_in(title, Q_UNIQUE)),
             transformed_villager_gone)
    event_types = {
        "house": QuestEvent(EventType(
            "Quest 1: Demons walked into the Villagers' house. A Demon once in the house is one "
            "of the Demons in the house until it is removed from play (walking out does not "
            "spare it).",
            properties={"demons": {"type": "array", "minItems": 1, "maxItems": 20,
                                   "items": {"type": "string", "minLength": 1, "maxLength": 40}}},
            required=("demons",),
            example={"type": "house", "player": "p1", "demons": ["berrok-3"]}),
            ("maintenance", "pilgrims", "demons_spawn", "demons_activate", "end")),
    }
    ends = (any_of("end", Q_ENDS,
                   holds("the Demons in the house are removed", house_cleared),
                   TRIPITAKA_DEFEATED),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("rescue the Villagers", villagers_rescued, villager_transformed),
                    holds("Tripitaka must Meditate",
                          lambda game: "tripitaka" in facts(game)["meditated"]),
                    holds("any one Pilgrim must play a Skill Card",
                          lambda game: bool(facts(game)["skills_played"])),
                    HOUSE_CLEARED)
    victory = all_of("victory", Q_VICTORY, HOUSE_CLEARED)
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_DEFEATED),)

    @classmethod
    def taken_off_by_the_quest(cls, G, kind):
        """Transformation: once the Villager's Turn Tokens ran out (the Maintenance of Turn 6) the
        token is replaced with a Bull Warrior."""
        return kind == "villagers" and G["turn"] > TURN_TOKENS + 1

    @classmethod
    def prepare(cls, G, options, entered):
        house = entered.get("house")
        if house is None:
            house = ([d for d, demon in G["demons"].items() if not demon["active"]]
                     or [d for d, demon in G["demons"].items() if demon["type"] == "berrok"])
        if not house:
            raise SetupError("Quest 1: enter which Demons stand in the Villagers' house "
                             "(quest_setup.house; the Quest Mini-Map is a figure)",
                             "options.quest_setup.house")
        unknown = [d for d in house if d not in G["demons"]]
        if unknown:
            raise SetupError(f"no Demon named {unknown[0]} on the board",
                             "options.quest_setup.house")
        if G["turn"] == 1 and G["tokens"]["doors"]:
            for demon in house:  # behind the closed door
                G["demons"][demon]["active"] = False
        # joined at a later Turn: a Villager off the board was rescued (held) or, once its Turn
        # Tokens ran out (the Maintenance of Turn 6), replaced with a Bull Warrior
        off_board = cls.villagers_off_board(G)
        G["quest_state"].update({
            "house": list(house),
            "villagers": [*G["tokens"]["villagers"], *off_board],
            # 5 Turn Tokens, one removed each End Phase: a game joined at a later Turn has lost
            # one for each Turn played
            "villager_tokens": {v: max(0, TURN_TOKENS - (G["turn"] - 1))
                                for v in G["tokens"]["villagers"]},
            "transformed": [v for v in off_board if v.startswith("gone-")],
        })

    @classmethod
    def on_end_of_turn(cls, game):
        tokens = state(game)["villager_tokens"]
        for villager in game.G["tokens"]["villagers"]:
            if tokens.get(villager):
                tokens[villager] -= 1
                game.effect(f"A Turn Token is removed from {villager}: {tokens[villager]} left.",
                            Q_TOKENS)

    @classmethod
    def on_maintenance(cls, game):
        from ..position import next_demon_id, placed_demon

        G = game.G
        for villager in list(G["tokens"]["villagers"]):
            if state(game)["villager_tokens"].get(villager, 1):
                continue
            G["tokens"]["villagers"].remove(villager)
            state(game)["transformed"].append(villager)
            demon = next_demon_id("berrok", G["demons"])
            entered = {**((game.option("demon_profiles") or {}).get("berrok") or {}),
                       **G["entered_profiles"].get("berrok", {})}  # as a spawned one
            counted = game.option("q1_transformed_villager") == "in_house"
            G["demons"][demon] = placed_demon("berrok", entered,
                                              active=not (counted and G["tokens"]["doors"]))
            if counted:
                state(game)["house"].append(demon)
            game.effect(f"{villager} has no Turn Tokens left: the Villager Token is replaced with "
                        f"a Bull Warrior, {demon}"
                        f"{' (in the Villagers house)' if counted else ''}.", Q_TRANSFORM)

    @classmethod
    def on_demon_removed(cls, game, demon, how):
        if demon in state(game)["house"]:
            state(game)["house"].remove(demon)

    @classmethod
    def event_house(cls, game, event):
        unknown = [d for d in event["demons"] if d not in game.G["demons"]]
        if unknown:
            raise BadRequest(f"no Demon named {unknown[0]} on the board", "event.demons")
        house = state(game)["house"]
        house.extend(d for d in event["demons"] if d not in house)
        game.effect(f"{', '.join(event['demons'])} went into the Villagers' house: "
                    f"{len(house)} Demon{'s' * (len(house) != 1)} of the house to defeat.")

    @classmethod
    def own_legal(cls, game):
        return [{"type": "house", "player": game.G["controllers"]["tripitaka"],
                 "open": ["demons"]}]


QUEST = Meeting
