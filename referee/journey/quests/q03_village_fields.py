"""Quest 3 - Village Fields: three Gates that wake when the band steps onto the central Map Tile,
Villagers in a Safe House, a bridge no Demon may cross.

The Quest Mini-Map is a figure: which Villagers are in the house is entered
(`quest_setup.safe_house`); stepping onto the central Map Tile (`central_tile`) and a Demon crossing
the bridge into the village (`village_entered`) are entered as they happen.
"""

from __future__ import annotations

from referee.core import BadRequest, EventType, Option, SetupError, citations, cites

from . import (
    Quest,
    QuestEvent,
    all_of,
    any_of,
    facts,
    gates_closed,
    holds,
    pilgrim_killed,
    prayer_of_sealing_held,
    printed_in,
    sutras_available,
)
from .common import borrack_unique, no_demon_lord_cards

Q_DECK = "Create a simple Demon Deck by removing the special cards that spawn Demon Lords."
Q_SAFE = "Safe House: You cannot Rescue the Villagers in the house."
Q_GATES = ("Gate Activation: Once any of the band steps onto the central Map Tile, all three Gates "
           "activate.")
Q_UNIQUE = ("If a Bull General is in play and another Bull General Demon Card is drawn, discard "
            "it and draw another.")
Q_ENDS = ("The Quest ends when all the Gates are sealed, when a Pilgrim dies or when a Demon "
          "crosses the bridge into the village.")
Q_HEROIC = "Heroic Victory: The Pilgrims must (1) seal all the Gates and (2) rescue all the Villagers."
Q_VICTORY = "Victory: The Pilgrims must (1) seal all the Gates."
Q_DEFEAT = "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims fail."


def state(game) -> dict:
    return game.G["quest_state"]


def all_sealed(game) -> bool:
    return gates_closed(game) == len(game.G["gates"])


def seals_out_of_reach(game) -> bool:
    """Each Gate still open needs a Sutra Token, unless the Prayer of Sealing may seal it."""
    return (sutras_available(game) < len(game.G["gates"]) - gates_closed(game)
            and not prayer_of_sealing_held(game))


def villagers_to_rescue(game) -> list[str]:
    everyone = state(game)["villagers"]
    if game.option("q3_heroic_villagers") == "outside_safe_house":
        return [v for v in everyone if v not in state(game)["safe_house"]]
    return everyone


def villagers_out_of_reach(game) -> bool:
    return any(v in state(game)["safe_house"] and v not in facts(game)["rescued"]
               for v in villagers_to_rescue(game))


SEAL_ALL = holds("seal all the Gates", all_sealed, seals_out_of_reach)
DEMON_IN_VILLAGE = holds("a Demon enters the village",
                         lambda game: bool(state(game)["village_entered"]))


@cites(Q_SAFE)
def safe_house(game, event):
    if event["type"] == "rescue_villager" and event["villager"] in state(game)["safe_house"]:
        return f"{event['villager']} is in the house: it cannot be rescued."
    return True


FIGURE = {"type": "string", "minLength": 1, "maxLength": 40}
ANY_PHASE = ("maintenance", "pilgrims", "demons_spawn", "demons_activate", "end")


class VillageFields(Quest):
    key = "q3"
    number = 3
    title = "Quest 3 - Village Fields"
    board = {"gates": 3, "sutras": 3, "villagers": 3, "wells": 1, "boxes": 1, "broken_doors": 1,
             "demons": {"borrack": 1}}
    tracks_villagers = True
    setup_schema = {
        "type": "object",
        "properties": {"safe_house": {
            "type": "array", "items": FIGURE, "uniqueItems": True, "minItems": 1, "maxItems": 3,
            "description": "the Villagers in the house (the Safe House), from the Quest "
                           "Mini-Map (none until entered)"}},
        "additionalProperties": False,
    }
    options = {
        "q3_heroic_villagers": Option(
            "Quest 3 table ruling: the Heroic Victory's \"rescue all the Villagers\" while the "
            "Villagers in the house cannot be rescued. \"every_villager\": all of them, so the "
            "Heroic Victory is no longer possible while any Villager is in the Safe House; "
            "\"outside_safe_house\": all the Villagers who can be rescued.",
            {"enum": ["every_villager", "outside_safe_house"]}, "every_villager",
            citations("journey", Q_HEROIC, Q_SAFE)),
    }
    rules = (no_demon_lord_cards(printed_in(title, Q_DECK)),
             borrack_unique(printed_in(title, Q_UNIQUE)), safe_house)
    event_types = {
        "central_tile": QuestEvent(EventType(
            "Quest 3: a Pilgrim stepped onto the central Map Tile (all three Gates activate).",
            properties={"pilgrim": {"enum": ["monkey_king", "cho_hakkai", "monk_sha",
                                             "tripitaka"]}},
            required=("pilgrim",),
            example={"type": "central_tile", "player": "p1", "pilgrim": "monkey_king"}),
            ANY_PHASE),
        "village_entered": QuestEvent(EventType(
            "Quest 3: a Demon crossed the bridge into the village.",
            properties={"demon": FIGURE}, required=("demon",),
            example={"type": "village_entered", "player": "p1", "demon": "berrok-1"}),
            ANY_PHASE),
    }
    ends = (any_of("end", Q_ENDS, holds("all the Gates are sealed", all_sealed),
                   pilgrim_killed("a Pilgrim dies"),
                   holds("a Demon crosses the bridge into the village",
                         lambda game: bool(state(game)["village_entered"]))),)
    heroic = all_of("heroic_victory", Q_HEROIC, SEAL_ALL,
                    holds("rescue all the Villagers",
                          lambda game: all(v in facts(game)["rescued"]
                                           for v in villagers_to_rescue(game)),
                          villagers_out_of_reach))
    victory = all_of("victory", Q_VICTORY, SEAL_ALL)
    defeats = (any_of("defeat", Q_DEFEAT, pilgrim_killed("a Pilgrim was Killed"),
                      DEMON_IN_VILLAGE),)

    @classmethod
    def prepare(cls, G, options, entered):
        cls.tripitaka_last(G, options)
        safe = entered.get("safe_house", [])
        unknown = [v for v in safe if v not in G["tokens"]["villagers"]]
        if unknown:
            raise SetupError(f"no Villager named {unknown[0]} on the board",
                             "options.quest_setup.safe_house")
        if G["turn"] == 1:
            for gate in G["gates"].values():
                gate["status"] = "inactive"
        G["quest_state"].update({"safe_house": list(safe),
                                 "villagers": [*G["tokens"]["villagers"],
                                               *cls.villagers_off_board(G)],
                                 # joined later with a Gate awake: the band stepped there
                                 "central_tile": G["turn"] > 1 and any(
                                     g["status"] == "active" for g in G["gates"].values()),
                                 "village_entered": []})

    @classmethod
    def event_central_tile(cls, game, event):
        game.conscious(event)  # an Unconscious or dead Pilgrim steps nowhere
        if state(game)["central_tile"]:
            game.effect(f"{event['pilgrim']} steps onto the central Map Tile: the Gates are "
                        "already active.")
            return
        state(game)["central_tile"] = True
        woken = [g for g, gate in game.G["gates"].items() if gate["status"] == "inactive"]
        for gate in woken:
            game.G["gates"][gate]["status"] = "active"
        game.effect(f"One of the band steps onto the central Map Tile: {', '.join(woken)} "
                    "activate.", Q_GATES)

    @classmethod
    def event_village_entered(cls, game, event):
        if event["demon"] not in game.G["demons"]:
            raise BadRequest(f"no Demon named {event['demon']} on the board", "event.demon")
        state(game)["village_entered"].append(event["demon"])
        game.effect(f"{event['demon']} crosses the bridge into the village.", Q_DEFEAT)

    @classmethod
    def own_legal(cls, game):
        table = game.G["controllers"]["tripitaka"]
        out = [{"type": "village_entered", "player": table, "open": ["demon"]}]
        if not state(game)["central_tile"]:
            out.insert(0, {"type": "central_tile", "player": table, "open": ["pilgrim"]})
        return out


QUEST = VillageFields
