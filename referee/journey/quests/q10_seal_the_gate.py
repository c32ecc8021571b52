"""Quest 10 Part 2 - Seal the Gate: the Demon Lords chant the Summoning Mantra when no Pilgrim is on
their Map Tile (2 Demon Cards each, spawned alternately from the two single Gates), respawn after
Turn Tokens when Killed (Cleansed: gone for good), and Tripitaka ends the Quest with the Sealing
Ritual at the broken Seal of the Underworld when no Demon Lord is in the lair.

Entered from the board (the Quest Mini-Map is a figure): which Gates are the two single Gates and
which three form the Seal (`quest_setup.lair_gates`, `quest_setup.seal`; by default gate-1, gate-2
and gate-3..gate-5), at the start of each Demon Phase the Demon Lords with a Pilgrim on their Map
Tile (`lords_tiles`), each Demon Card drawn for the Mantra (`mantra_spawn`; the promotion scheme is a
figure, so a card with no model left is entered with the promoted Demons and `promoted_from`, as in
the core's spawn), a Lord's option leaving his Map Tile (`map_tile` in `demon_options`: refused), and
the Sealing Ritual (`sealing_ritual`). A campaign starts this Part from the end of Part 1 (no change
to the Pilgrims).
"""

from __future__ import annotations

from referee.core import BadRequest, EventType, Option, SetupError, citations, cites

from ..profiles import demon_name, demon_profile
from . import Quest, QuestEvent, all_of, any_of, holds, pilgrim_down
from .q06_kogaiji import TOKEN, may_act, pilgrim_acts, place

Q_SETUP_SUTRAS = ("Give all 4 Sutra Tokens to Tripitaka and remove any Villager Tokens collected "
                  "in Part 1.")
Q_GATES = ("Demons spawn from the two single Gates outlined in yellow, using the special rules "
           "below.")
Q_SEAL = ("The 3-square Gate on the right of the map, outlined in green, is the broken Seal of the "
          "Underworld and is used by Tripitaka to end this part of the Quest.")
Q_ACTIVE_GATES = ("Active: Most Gates are active. Active Gates spawn new Demons each turn. Unless "
                  "there are special rules in play, a Gate on the Game Board is active.")
Q_VILLAGERS = ("A Pilgrim gets +1 ATT against the Bull Demon King for each Villager Token in their "
               "possession.")
Q_LORDS_CHECK = ("Demon Lord Actions: At the start of the Demon Phase, check the location of the "
                 "Demon Lords and the Pilgrims.")
Q_CHANT = ("If there are no Pilgrims on the Map Tile with a Demon Lord, then the Demon will chant "
           "the Summoning Mantra.")
Q_LORD_AI = ("If there is a Pilgrim on the same Map Tile, the Demon Lord will follow the Demon AI "
             "to attack.")
Q_STAY = ("Demon Lords will not leave the Map Tile that they are placed on and only react to "
          "Pilgrims on their Map Tile.")
Q_MANTRA = ("Summoning Mantra: For each Demon Lord chanting the Summoning Mantra, draw 2 Spawn "
            "Cards and alternately spawn the Demons from the two single Gates on the back tile.")
Q_LORD_KARMA = "Defeating Demon Lords: Demon Lords can be Killed or Cleansed as normal"
Q_NO_KARMA = ("Because game play is interrupted before the Demon Lord is Killed or Cleansed, the "
              "Pilgrim does not get any Karma Points.")
Q_KILLED = ("If a Demon Lord is Killed, stand them off the board behind the Seal of the "
            "Underworld. Demon Lords that are Cleansed are removed permanently.")
Q_EARTHLY = ("but the Pilgrims are only killing the earthly body of the Demon Lords and they will "
             "respawn.")
Q_TOKENS = ("Respawning Demon Lords: If a Demon Lord is Killed, move it off the Game Board and "
            "place a number of Turn Tokens beside it, see below.")
Q_COUNTDOWN = "In the End of Turn Phase, remove a Turn Token from each pile."
Q_RESPAWN = ("In the Maintenance Phase, Demon Lords with no remaining Turn Tokens will respawn, so "
             "replace the Demon on (or as close as possible to) their starting location shown in "
             "the Board Setup.")
Q_NO_LORDS = "There are no Demon Lords in the lair."
Q_ADJACENT = ("Tripitaka must be adjacent to the broken Seal of the Underworld (represented by the "
              "3 Gates on the right of the Map).")
Q_RITUAL = ("Tripitaka must spend 1 Action Point to throw the 4 Sutra Tokens collected in the "
            "Village into the broken Seal of the Underworld and utter the Sealing Mantra.")
Q_RAGE = ("Demon Rage: Place the Demon Rage Card on the Demon Card Draw Deck to mark the start of "
          "Demon Rage. Stop drawing Demon Cards for the rest of the Demon Phase of this Turn.")
Q_PROMOTE = ("First, use the promotion scheme below to spawn tougher Demons in place of the "
             "Demon(s) initially drawn.")
Q_UNIQUE = "If the unique Demon is currently in play, simply discard the card and draw again."
Q_RUN_OUT = ("Demon Rage: Players might run out of Demon Miniatures to place on the Game Board when "
             "required to spawn new Demons.")
Q_ENDS = ("This Quest ends when Tripitaka completes the Sealing Ritual or when Tripitaka is "
          "Defeated.")
Q_HEROIC = "Heroic Victory: Tripitaka completes the Sealing Ritual."
# The same words close Part 1 and Quest 5: each quote runs on from the line before it here.
Q_VICTORY = Q_HEROIC + "\nVictory: There are only Heroic Victories against the Bull Demon King!"
Q_DEFEAT = ("Victory: There are only Heroic Victories against the Bull Demon King!\nDefeat: "
            "Tripitaka is Defeated.")
LORDS = {"kogaiji": 10, "yazuiji": 7, "koorogg": 2}  # Turn Tokens when Killed
ALL_SUTRAS = 4
PILGRIM = {"enum": ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]}
GATES = {"type": "array", "items": TOKEN, "uniqueItems": True}
DEMON_KINDS = {"type": "array", "maxItems": 6, "items": {"enum": [
    "berrok", "bharhaz", "boof", "borrack", "kogaiji", "yazuiji", "koorogg"]}}


def state(game) -> dict:
    return game.G["quest_state"]


def lords_on_board(game) -> list[str]:
    return [d for d, demon in game.G["demons"].items() if demon["type"] in LORDS]


def lords_in_lair(game) -> list[str]:
    """The Demon Lords on the board, and (table ruling) those Killed and waiting to respawn."""
    waiting = list(state(game)["respawn"]) if state(game)["waiting_in_lair"] else []
    return lords_on_board(game) + waiting


@cites(Q_SEAL)
def the_seal_is_not_closed(game, event):
    if event["type"] == "close_gate" and event["gate"] in state(game)["seal"]:
        return (f"{event['gate']} is part of the broken Seal of the Underworld: Tripitaka ends the "
                "Quest there with the Sealing Ritual.")
    if event["type"] == "spawn" and event["gate"] in state(game)["seal"]:
        return f"{event['gate']} is part of the broken Seal: no Demon spawns from it."
    return True


@cites(Q_GATES)
def lair_gates_by_the_mantra(game, event):
    if (event["type"] == "spawn" and event["gate"] in state(game)["lair_gates"]
            and state(game)["mantra_only"]):
        return ("The single Gates spawn by the Summoning Mantra (enter mantra_spawn), not a card "
                "each (table ruling).")
    return True


@cites(Q_CHANT)
def chanting_lords_do_not_act(game, event):
    if event["type"] in ("demon_options", "demon_plan") and event["demon"] in state(game)[
            "chanting"]:
        return f"{game.name_of(event['demon'])} chants the Summoning Mantra this Demon Phase."
    return True


@cites(Q_STAY)
def lords_react_only_to_pilgrims_on_their_tile(game, event):
    """A Demon Lord's options target only the Pilgrims the table named on his Map Tile at the start
    of the Demon Phase (`lords_tiles` `pilgrims_on_tile`; unchecked where it was not entered)."""
    if event["type"] != "demon_options":
        return True
    on_tile = state(game).get("pilgrims_on_tile", {}).get(event["demon"])
    if on_tile is None:
        return True
    for number, option in enumerate(event["options"], 1):
        elsewhere = [p for p in option.get("targets", []) if p not in on_tile]
        if elsewhere:
            return (f"Option {number}: {game.name_of(event['demon'])} only reacts to Pilgrims on his "
                    f"Map Tile, and {game.name_of(elsewhere[0])} is not on it.")
    return True


@cites(Q_STAY)
def lords_stay_on_their_tile(game, event):
    """A Demon Lord's options never take him off his Map Tile (onto Tripitaka's elsewhere, or any
    other): the table enters an option's `map_tile` as read off the board."""
    if event["type"] != "demon_options" or game.G["demons"].get(event["demon"], {}).get(
            "type") not in LORDS:
        return True
    leaving = [n for n, option in enumerate(event["options"], 1) if option.get("map_tile")]
    return not leaving or (f"Option {leaving[0]}: {game.name_of(event['demon'])} will not leave "
                           "the Map Tile he was placed on.")


def ritual_possible(game) -> bool:
    return game.G["pilgrims"]["tripitaka"]["sutras"] >= ALL_SUTRAS


SEALED = holds("Tripitaka completes the Sealing Ritual", lambda game: state(game)["sealed"],
               lambda game: not ritual_possible(game))
TRIPITAKA_DEFEATED = pilgrim_down("tripitaka", "Tripitaka is Defeated")



def pronoun(demon: str) -> str:
    """Iron Fan (Yazuiji) is "she" in the book ("Iron Fan and her minions…"); the other Lords "he"."""
    return "she" if demon.split("-")[0] == "yazuiji" else "he"

class SealTheGate(Quest):
    key = "q10b"
    number = 10
    part = 2
    title = "Quest 10 Part 2 - Seal the Gate"
    board = {"gates": 5, "villagers": 3, "wells": 1,
             "demons": {"kogaiji": 1, "yazuiji": 1, "koorogg": 1}}
    granted = {"sutras": (ALL_SUTRAS, Q_SETUP_SUTRAS)}
    tracks_villagers = True  # a Villager Token held: an Attack Die against the Bull Demon King
    setup_schema = {
        "type": "object",
        "properties": {
            "lair_gates": {**GATES, "minItems": 2, "maxItems": 2,
                           "description": "the two single Gates outlined in yellow (default "
                                          "gate-1, gate-2)"},
            "seal": {**GATES, "minItems": 3, "maxItems": 3,
                     "description": "the 3 Gate tokens of the broken Seal of the Underworld "
                                    "(default gate-3, gate-4, gate-5)"}},
        "additionalProperties": False,
    }
    options = {
        "q10b_lair_gates": Option(
            "Quest 10 Part 2 table ruling: the two single Gates. \"mantra_only\": they spawn only "
            "by the Summoning Mantra (\"using the special rules below\"); \"also_each_turn\": as "
            "active Gates they also draw their one card each Demon Phase.",
            {"enum": ["mantra_only", "also_each_turn"]}, "mantra_only",
            citations("journey", Q_GATES, Q_ACTIVE_GATES)),
        "q10b_lord_karma": Option(
            "Quest 10 Part 2 table ruling: Karma for a Demon Lord Killed or Cleansed. "
            "\"as_normal\": the Karma Reward as for any Demon; \"none\": no Karma for a Demon "
            "Lord, as when Defeating one triggers a Quest event.",
            {"enum": ["as_normal", "none"]}, "as_normal",
            citations("journey", Q_LORD_KARMA, Q_NO_KARMA)),
        "q10b_waiting_lords": Option(
            "Quest 10 Part 2 table ruling: a Demon Lord Killed and waiting to respawn, for the "
            "Sealing Ritual. \"not_in_lair\": he stands off the board, behind the Seal, so he is "
            "not in the lair; \"in_lair\": only his earthly body was killed, he is still there.",
            {"enum": ["not_in_lair", "in_lair"]}, "not_in_lair",
            citations("journey", Q_KILLED, Q_EARTHLY)),
    }
    rules = (the_seal_is_not_closed, lair_gates_by_the_mantra, chanting_lords_do_not_act,
             lords_stay_on_their_tile, lords_react_only_to_pilgrims_on_their_tile)
    event_types = {
        "lords_tiles": QuestEvent(EventType(
            "Quest 10 Part 2, at the start of the Demon Phase: the Demon Lords that have a "
            "Pilgrim on their Map Tile (they follow the Demon AI); the others chant the "
            "Summoning Mantra.",
            properties={"with_pilgrims": {"type": "array", "items": TOKEN, "maxItems": 3},
                        "pilgrims_on_tile": {
                            "type": "object", "maxProperties": 3,
                            "additionalProperties": {"type": "array", "items": PILGRIM,
                                                     "maxItems": 4},
                            "description": "for a Demon Lord of with_pilgrims, the Pilgrims on "
                                           "his Map Tile (the only ones he reacts to)"}},
            required=("with_pilgrims",),
            example={"type": "lords_tiles", "player": "p1", "with_pilgrims": ["kogaiji-1"]}),
            ("demons_spawn",)),
        "mantra_spawn": QuestEvent(EventType(
            "Quest 10 Part 2: a Spawn Card drawn for the Summoning Mantra, spawned at one of the "
            "two single Gates (alternately): reinforcement (the Demons placed; promoted_from: the "
            "card's Demons when no model of them was left and the promotion scheme gave these), "
            "unique (the Demon Lord), special (its name), or Demon Rage when no model and no "
            "promotion is left.",
            properties={"gate": TOKEN,
                        "card": {"enum": ["reinforcement", "unique", "special", "rage"]},
                        "demons": DEMON_KINDS,
                        "name": {"type": "string", "minLength": 1, "maxLength": 60},
                        "promoted_from": DEMON_KINDS},
            required=("gate", "card"),
            example={"type": "mantra_spawn", "player": "p1", "gate": "gate-1",
                     "card": "reinforcement", "demons": ["berrok", "berrok"]}),
            ("demons_spawn", "demons_activate")),  # one too many is refused with the Mantra
        "sealing_ritual": QuestEvent(EventType(
            "Quest 10 Part 2: Tripitaka (1 Action Point), adjacent to the broken Seal of the "
            "Underworld, throws the 4 Sutra Tokens into it and utters the Sealing Mantra.",
            properties={"pilgrim": PILGRIM, "adjacent": {"type": "boolean"}},
            required=("pilgrim",),
            example={"type": "sealing_ritual", "player": "p1", "pilgrim": "tripitaka"}),
            ("pilgrims",)),
    }
    ends = (any_of("end", Q_ENDS, SEALED, TRIPITAKA_DEFEATED),)
    heroic = all_of("heroic_victory", Q_HEROIC, SEALED)
    victory = all_of("victory", Q_VICTORY,
                     holds("There are only Heroic Victories", lambda game: False,
                           lambda game: True))
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_DEFEATED),)
    defeat_at_end = Q_DEFEAT

    # -- setup -------------------------------------------------------------------------------------

    @classmethod
    def prepare(cls, G, options, entered):
        names = list(G["gates"])
        lair = entered.get("lair_gates") or names[:2]
        seal = entered.get("seal") or names[2:5]
        unknown = [g for g in (*lair, *seal) if g not in G["gates"]]
        if unknown:
            raise SetupError(f"there is no Gate named {unknown[0]}", "options.quest_setup")
        if set(lair) & set(seal):
            raise SetupError("a Gate is a single Gate or part of the Seal, not both",
                             "options.quest_setup")
        mantra_only = options.get("q10b_lair_gates", "mantra_only") == "mantra_only"
        for gate in seal:
            G["gates"][gate]["status"] = "inactive"
        for gate in lair:
            if G["gates"][gate]["status"] != "closed":
                G["gates"][gate]["status"] = "inactive" if mantra_only else "active"
        if G["turn"] == 1:
            for name, pilgrim in G["pilgrims"].items():
                pilgrim["sutras"] = ALL_SUTRAS if name == "tripitaka" else 0
                pilgrim["villagers"] = 0
        G["quest_state"].update({
            "lair_gates": list(lair), "seal": list(seal), "mantra_only": mantra_only,
            "lord_karma": options.get("q10b_lord_karma", "as_normal"),
            "waiting_in_lair": options.get("q10b_waiting_lords", "not_in_lair") == "in_lair",
            "respawn": {}, "cleansed": [], "lords_checked": False, "chanting": [],
            "pilgrims_on_tile": {},
            "mantra_draws": 0,
            "mantra_gate": None, "sealed": False, "stripped": None})

    # -- the Demon Phase: the Lords and the Mantra ----------------------------------------------------

    @classmethod
    def holds_phase(cls, game):
        if game.phase != "demons_spawn":
            return False
        quest = state(game)
        return (not quest["lords_checked"] and bool(lords_on_board(game))) or quest[
            "mantra_draws"] > 0

    @classmethod
    def held_in_the_open(cls, game, demon):
        """A Demon Lord chanting the Summoning Mantra stands in the lair."""
        return demon in state(game)["chanting"]

    @classmethod
    def own_legal(cls, game):
        table = game.G["controllers"]["tripitaka"]
        quest = state(game)
        if game.phase == "demons_spawn":
            if not quest["lords_checked"] and lords_on_board(game):
                return [{"type": "lords_tiles", "player": table, "open": ["with_pilgrims"]}]
            if quest["mantra_draws"] and not game.flood_gate_due():
                return [{"type": "mantra_spawn", "player": table, "gate": gate,
                         "open": ["card", "demons"]} for gate in cls.next_mantra_gates(game)]
        activation = game.activation()
        ritual = {"type": "sealing_ritual", "player": table, "pilgrim": "tripitaka"}
        if (activation and activation["pilgrim"] == "tripitaka" and not lords_in_lair(game)
                and ritual_possible(game) and may_act(game, ritual, "sealing_ritual")):
            return [{**ritual, "open": ["adjacent"]}]
        return []

    @classmethod
    def next_mantra_gates(cls, game) -> list[str]:
        quest = state(game)
        gates = [g for g in quest["lair_gates"] if game.G["gates"][g]["status"] != "closed"]
        if quest["mantra_gate"] in gates and len(gates) > 1:
            gates.remove(quest["mantra_gate"])
        return gates

    @classmethod
    def event_lords_tiles(cls, game, event):
        quest = state(game)
        if quest["lords_checked"]:
            raise game.violation("The Demon Lords were checked at the start of this Demon Phase.",
                                 Q_LORDS_CHECK)
        lords = lords_on_board(game)
        unknown = [d for d in event["with_pilgrims"] if d not in lords]
        if unknown:
            raise BadRequest(f"no Demon Lord named {unknown[0]} on the board",
                             "event.with_pilgrims")
        on_tile = event.get("pilgrims_on_tile", {})
        unlisted = [d for d in on_tile if d not in event["with_pilgrims"]]
        if unlisted:
            raise BadRequest(f"{unlisted[0]} is not a Demon Lord of with_pilgrims",
                             "event.pilgrims_on_tile")
        chanting = [d for d in lords if d not in event["with_pilgrims"]]
        quest.update({"lords_checked": True, "chanting": chanting, "pilgrims_on_tile": on_tile,
                      "mantra_draws": 2 * len(chanting), "mantra_gate": None})
        for lord in event["with_pilgrims"]:
            game.effect(f"A Pilgrim is on {game.name_of(lord)}'s Map Tile: {pronoun(lord)} follows "
                        "the Demon AI to attack.", Q_LORD_AI)
        for lord in chanting:
            game.G["demons"][lord]["active"] = False
            game.effect(f"No Pilgrim on {game.name_of(lord)}'s Map Tile: {pronoun(lord)} chants the "
                        "Summoning Mantra.", Q_CHANT)
        if chanting:
            game.effect(f"{2 * len(chanting)} Spawn Cards for the Summoning Mantra, spawned "
                        "alternately from the two single Gates.", Q_MANTRA)

    @classmethod
    def event_mantra_spawn(cls, game, event):
        from ..demon_ai import Q_SPAWN_LORD, SPAWN_LORD
        from ..special_cards import FLOOD_GATE, Q_DRAW_FOLLOW

        quest, G = state(game), game.G
        if game.flood_gate_due():
            raise game.violation("First carry out the Flood Gate card.", Q_DRAW_FOLLOW)
        if not quest["mantra_draws"]:
            chanting = len(quest["chanting"])
            raise game.violation(
                f"{chanting} Demon Lord{'s' * (chanting != 1)} chanting: the "
                f"{2 * chanting} Spawn Cards of the Summoning Mantra are drawn." if chanting
                else "No Demon Lord is chanting the Summoning Mantra now.", Q_MANTRA)
        if event["gate"] not in quest["lair_gates"]:
            raise game.violation(f"{event['gate']} is not one of the two single Gates.", Q_MANTRA)
        if event["gate"] not in cls.next_mantra_gates(game):
            raise game.violation(f"The Mantra spawns alternately: {event['gate']} spawned the "
                                 "last card.", Q_MANTRA)
        demons, card = event.get("demons") or [], event["card"]
        drawn = event.get("promoted_from") or []
        if drawn and card != "reinforcement":
            raise BadRequest("only a reinforcement card's Demons are promoted",
                             "event.promoted_from")
        if card == "rage":
            short = [k for k in set(demons) if game.models_free(k) < demons.count(k)]
            if not short:
                raise game.violation("There are models left for every Demon on the card: no "
                                     "Rage.", Q_RUN_OUT)
            G["rage"] = True
            quest["mantra_draws"] = 0
            game.effect("No model left: Demon Rage begins; no more Demon Cards this Demon Phase.",
                        Q_RAGE)
            return
        if card == "special":  # its instructions followed as at a Gate's draw
            if "name" not in event:
                raise BadRequest("name the Special Demon Card", "event.name")
            if event["name"] == SPAWN_LORD:
                if len(demons) != 1 or not demon_profile(demons[0], None)["lord"]:
                    raise game.violation("Spawn Demon Lord places one Demon Lord.", Q_SPAWN_LORD)
                if cls.lord_not_spawned(game, demons[0]):
                    return
                ident = place(game, demons[0])
                G["demons"][ident]["leaves_after_attack"] = True
                game.effect(f"Summoning Mantra at {event['gate']}: {ident} placed; it leaves play "
                            "after its first Attack Action.", Q_SPAWN_LORD)
            elif event["name"] == FLOOD_GATE:
                game.draw_flood_gate(event["gate"])
            else:
                G["special_cards"].append({"name": event["name"], "duration": None})
                game.effect(f"Special Demon Card from the Mantra: {event['name']}.", Q_MANTRA)
        else:
            if not demons:
                raise BadRequest("name the Demons on the card", "event.demons")
            lords = [d for d in demons if demon_profile(d, None)["lord"]]
            if (card == "unique") != bool(lords) or (card == "unique" and len(demons) != 1):
                raise game.violation("A Unique Card spawns one Demon Lord; a reinforcement card "
                                     "none.", Q_MANTRA)
            if card == "unique" and cls.lord_not_spawned(game, demons[0]):
                return
            short = [k for k in set(demons) if game.models_free(k) < demons.count(k)]
            if short:
                raise game.violation(f"No {demon_name(short[0])} model is left: promote (enter "
                                     "the Demons placed and promoted_from) or begin Demon Rage "
                                     "(card rage).", Q_RUN_OUT)
            available = [k for k in set(drawn) if game.models_free(k) >= drawn.count(k)]
            if available:
                raise game.violation(f"{demon_name(available[0])} models are left: no "
                                     "promotion.", Q_PROMOTE)
            placed = []
            for kind in demons:
                ident = place(game, kind)
                placed.append(ident)
            game.effect(f"Summoning Mantra at {event['gate']}: {', '.join(placed)} placed.",
                        Q_MANTRA)
            if drawn:
                game.effect(f"Promoted from {', '.join(demon_name(k) for k in drawn)}.",
                            Q_PROMOTE)
        quest["mantra_draws"] -= 1
        quest["mantra_gate"] = event["gate"]

    @classmethod
    def lord_not_spawned(cls, game, kind: str) -> bool:
        """A card of the Mantra that would spawn a Demon Lord in play (or Killed and waiting to
        respawn) or Cleansed ("removed permanently") is discarded and another drawn."""
        quest = state(game)
        if kind in quest["cleansed"]:
            game.effect(f"{demon_name(kind)} was Cleansed and is removed permanently: discard the "
                        "card and draw again.", Q_KILLED)
            return True
        if any(demon["type"] == kind for demon in game.G["demons"].values()) or (
                kind in quest["respawn"]):
            game.effect(f"{demon_name(kind)} is in play: discard the card and draw again.",
                        Q_UNIQUE)
            return True
        return False

    @classmethod
    def on_end_of_turn(cls, game):
        quest = state(game)
        for lord in quest["chanting"]:
            if lord in game.G["demons"]:
                game.G["demons"][lord]["active"] = True
        quest.update({"lords_checked": False, "chanting": [], "pilgrims_on_tile": {},
                      "mantra_draws": 0, "mantra_gate": None})
        for kind in list(quest["respawn"]):
            quest["respawn"][kind] -= 1
            game.effect(f"A Turn Token is removed from {demon_name(kind)}'s pile: "
                        f"{quest['respawn'][kind]} left.", Q_COUNTDOWN)

    @classmethod
    def on_maintenance(cls, game):
        quest = state(game)
        for kind in [k for k, tokens in quest["respawn"].items() if tokens <= 0]:
            del quest["respawn"][kind]
            ident = place(game, kind)
            game.effect(f"{demon_name(kind)} has no Turn Token left: {pronoun(kind)} respawns as "
                        f"{ident}, on "
                        "(or as close as possible to) his starting location.", Q_RESPAWN)

    # -- Demon Lords Killed or Cleansed ------------------------------------------------------------

    @classmethod
    def on_demon_removed(cls, game, demon, how):
        kind = next((r for r in LORDS if demon.startswith(r + "-")), None)
        if kind is None or how not in ("killed", "cleansed"):
            return
        if how == "killed":
            state(game)["respawn"][kind] = LORDS[kind]
            game.effect(f"{demon_name(kind)} is Killed: off the board behind the Seal, with "
                        f"{LORDS[kind]} Turn Tokens.", Q_TOKENS)
        else:
            state(game)["cleansed"].append(kind)
            game.effect(f"{demon_name(kind)} is Cleansed: removed permanently.", Q_KILLED)
        if state(game)["lord_karma"] == "none":
            state(game)["stripped"] = {"kind": kind, "how": how}

    @classmethod
    def after_event(cls, game, event=None):
        if event and event["type"] == "flood_gate":  # moved as if spawned, he chants all the same
            for lord in [d for d in state(game)["chanting"] if event["closer"].get(d)]:
                game.G["demons"][lord]["active"] = False
                game.effect(f"{game.name_of(lord)} chants the Summoning Mantra where the Flood "
                            "Gate put him: he does not activate.", Q_CHANT)
        stripped = state(game)["stripped"]
        if stripped and event and event["type"] == "resolve_defeat":
            state(game)["stripped"] = None
            pilgrim = game.pilgrim(event["pilgrim"])
            karma = "bad_karma" if stripped["how"] == "killed" else "good_karma"
            profile = demon_profile(stripped["kind"], {
                **((game.option("demon_profiles") or {}).get(stripped["kind"]) or {}),
                **game.G["entered_profiles"].get(stripped["kind"], {})})
            reward = event.get("reward", profile["bkr" if karma == "bad_karma" else "gkr"]) or 0
            pilgrim[karma] = max(0, pilgrim[karma] - reward)
            game.effect(f"No Karma for a Demon Lord (table ruling): {game.name_of(event['pilgrim'])}"
                        f" gives back {reward}.", Q_NO_KARMA)
        super().after_event(game, event)

    # -- the Sealing Ritual --------------------------------------------------------------------------

    @classmethod
    def event_sealing_ritual(cls, game, event):
        if event["pilgrim"] != "tripitaka":
            raise game.violation(f"{game.name_of(event['pilgrim'])} is not Tripitaka.", Q_RITUAL)
        pilgrim_acts(game, event, "sealing_ritual")
        lords = lords_in_lair(game)
        if lords:
            names = [game.name_of(d) if d in game.G["demons"] else demon_name(d) for d in lords]
            raise game.violation(f"{', '.join(names)}: still in the lair.", Q_NO_LORDS)
        if not event.get("adjacent", True):
            raise game.violation("Tripitaka is not adjacent to the broken Seal.", Q_ADJACENT)
        tripitaka = game.pilgrim("tripitaka")
        if tripitaka["sutras"] < ALL_SUTRAS:
            raise game.violation(f"Tripitaka holds {tripitaka['sutras']} Sutra Tokens, not the "
                                 "4 collected in the Village.", Q_RITUAL)
        game.spend(event, "sealing_ritual")
        tripitaka["sutras"] -= ALL_SUTRAS
        state(game)["sealed"] = True
        game.effect("Tripitaka throws the 4 Sutra Tokens into the broken Seal of the Underworld "
                    "and utters the Sealing Mantra.", Q_RITUAL)
        game.after_action()

    extra_attack_quote = Q_VILLAGERS

    @classmethod
    def extra_attack_dice(cls, game, event) -> int:
        """+1 Attack Die against the Bull Demon King for each Villager Token the attacker holds."""
        target = game.G["demons"].get(event["targets"][0], {})
        if target.get("type") != "koorogg":
            return 0
        return game.pilgrim(event["pilgrim"])["villagers"]


QUEST = SealTheGate
