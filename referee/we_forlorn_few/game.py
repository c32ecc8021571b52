"""We Forlorn Few — the referee.

The terrain is entered as the table lays it out (option `terrain`: each tile named by the players,
its kind, face up or down, its Travel Cost and Resources once face up, a Trading Post, the tiles
adjacent to it, and anything placed on it). Chance is entered: dice as the Worth each die shows,
tokens drawn from the Exploration Bag, Season, Event and Equipment cards by name and what they
print. Cards the rulebook does not print come from referee/data/we-forlorn-few-*.json or are
entered with the event that needs them.

Seats p1..p5 sit in that order; the Player "to the left" of pN is the next seat (p5's is p1).

Phases (machine states): season (the First Player resolves a Season card) -> each Player's turn,
from the First Player to the left: turn_travel -> turn_gathering -> turn_camp (turn_trade while the
partner of a proposed Trade answers it; turn_steal after a Combat someone won) -> turn_event; a
Ravenous Player's turn: ravenous_movement -> ravenous_combat -> ravenous_retreat -> ... -> the
token passes left, a new round -> over.

Every event is an internal transition whose `after` callback, `advance`, moves the machine on to
the phase the event led to (the next phase, the next Player's turn, a new round, the end): which one
depends on what the event did (a Traveler who turns Ravenous ends their turn at once).

Where the rules live (one `Game` class, its guards and callbacks grouped by part of the rulebook):
  game.py      the machine table, options, setup, rounds and Season cards, the end of the game
  travel.py    the Travel Phase and the Gathering Phase
  camp.py      the Camp Phase, the Event Phase, Sacrificing Companions
  ravenous.py  a Ravenous Player's turn
  supply.py    the Player board: Supply capacity, Ailments and Perishing, turning Ravenous, the bag
  events.py the event schemas; position.py a game already on the table; legal.py legal events;
  scoring.py standings and the winner; board.py the components; cards.py cards as data;
  quotes.py the rules quoted.
"""

from __future__ import annotations

from typing import ClassVar

from referee.core import BadRequest, Option, Referee, SetupError, citations, cites

from . import cards, scoring
from .board import (
    AILMENTS,
    ARRIVED,
    BAG_TOKENS,
    CEDAR_FALLS,
    CITIES,
    COMPANIONS,
    EQUIPMENT_TYPES,
    NEWHAVEN,
    OUT,
    RAVENOUS,
    RESOURCES,
    SEASON_DECK,
    TERRAINS,
    TRAVELER,
    city,
    counts,
    placed_from,
    season_of,
    tiles_from,
    words,
)
from .camp import CampMixin
from .events import EVENT_TYPES, RESOURCE_COUNTS, SEATS, TILE
from .legal import legal_events
from .position import POSITION_SCHEMA, position_from
from .quotes import (
    Q_ALL_RAVENOUS,
    Q_BACKWARDS,
    Q_BAG_SETUP,
    Q_CAMP_ONCE,
    Q_CAPACITY,
    Q_COMBAT_DICE,
    Q_COMBAT_STEAL,
    Q_COMBAT_SUM,
    Q_COMBAT_WHO,
    Q_END_ALL,
    Q_EVENT,
    Q_EXAMPLE_COMPLETE_CARD,
    Q_EXAMPLE_DEFENSE_ONE,
    Q_EXAMPLE_DEFENSE_PISTOL,
    Q_EXAMPLE_ONE_ADDED,
    Q_FAQ_CITY,
    Q_FAQ_DISCARD_STORAGE,
    Q_FAQ_PERISH_END_TURN,
    Q_FAQ_STEAL_STORAGE,
    Q_FLIP_IMPLIED,
    Q_FOURTH_HUNGER,
    Q_GATHER_EXAMPLE,
    Q_GATHER_ROLL,
    Q_GATHERING,
    Q_NEWHAVEN,
    Q_NO_COMPANION,
    Q_NOT_REMOVED,
    Q_PAY_AILMENTS,
    Q_PAY_COMBINATION,
    Q_PHASES,
    Q_PLACED_EXCESS,
    Q_POST_AFFORD,
    Q_QRG_BACKWARDS,
    Q_QRG_COMBAT_DICE,
    Q_QRG_COMBAT_HIGHEST,
    Q_QRG_POST_EQUAL,
    Q_QRG_SACRIFICE,
    Q_QRG_TOOL_MAY,
    Q_QRG_TRAVEL,
    Q_RAVENOUS_COMBAT,
    Q_RAVENOUS_GOAL,
    Q_RAVENOUS_HUNGER,
    Q_RAVENOUS_LOSE,
    Q_RAVENOUS_MOVE,
    Q_RAVENOUS_PHASES,
    Q_RAVENOUS_WIN,
    Q_RAVENOUS_WINS_A_COMBAT,
    Q_RETREAT,
    Q_RETREAT_HUNGER,
    Q_REVEAL_RAVENOUS,
    Q_ROUND,
    Q_SACRIFICE,
    Q_SEASON_BAG,
    Q_SEASON_DRAW,
    Q_SEASON_EFFECT,
    Q_SEASON_ORDER,
    Q_SELECTS,
    Q_STARTING,
    Q_STAY,
    Q_TOKEN_PASSES,
    Q_TOOL_BONUS,
    Q_TRADE_ACCEPT,
    Q_TRADE_WHERE,
    Q_TURN_RAVENOUS,
    Q_WINTER,
)
from .ravenous import RavenousMixin
from .supply import SupplyMixin
from .travel import TravelMixin

GAME = "we-forlorn-few"


EQUIPMENT_OR_NAME = {"oneOf": [cards.NAME, cards.EQUIPMENT_SCHEMA]}
SLOTS = {"type": ["object", "null"],
         "properties": {kind: {"type": "integer", "minimum": 0, "maximum": 6}
                        for kind in EQUIPMENT_TYPES},
         "required": list(EQUIPMENT_TYPES), "additionalProperties": False,
         "description": "Equipment slots of each type on the board (not printed in the rulebook; "
                        "null: not checked)"}
TERRAIN = {
    "type": ["array", "null"], "maxItems": 25,
    "items": {
        "type": "object",
        "properties": {
            "name": TILE,
            "kind": {"enum": [*TERRAINS, *CITIES, None]},
            "face_up": {"type": "boolean"},
            "travel_cost": {"oneOf": [{"type": "null"}, RESOURCE_COUNTS]},
            "resources": {"type": ["array", "null"], "maxItems": 3, "uniqueItems": True,
                          "items": {"enum": list(RESOURCES)}},
            "trading_post": {"type": "boolean"},
            "adjacent": {"type": "array", "maxItems": 12, "items": TILE},
            "placed": {"type": "object",
                       "properties": {**{key: {"type": "integer", "minimum": 0, "maximum": 12}
                                         for key in (*BAG_TOKENS, "bag_draw")},
                                      "equipment": {"type": "array", "maxItems": 6,
                                                    "items": EQUIPMENT_OR_NAME}},
                       "additionalProperties": False},
            "removed": {"type": "boolean"},
        },
        "required": ["name", "adjacent"],
        "additionalProperties": False,
    },
    "description": "the tiles as laid out, each named by the table (e.g. by coordinates), with "
                   "the names of the tiles adjacent to it",
}
TRAVELERS = {
    "type": ["object", "null"], "propertyNames": {"enum": SEATS},
    "additionalProperties": {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 60},
                       "equipment": {"type": "array", "maxItems": 8, "items": EQUIPMENT_OR_NAME},
                       "slots": SLOTS},
        "additionalProperties": False,
    },
    "description": "each seat's Traveler board, its starting Equipment (printed for three "
                   "Travelers; entered for the others) and its Equipment slots",
}

OPTIONS = {
    "terrain": Option("The terrain as the table laid it out. Required.", TERRAIN, None),
    "travelers": Option("Each seat's Traveler, starting Equipment and slots.", TRAVELERS, None),
    "equipment_cards": Option(
        "The table's own Equipment cards as read off them (the rulebook prints only that a Pistol "
        "adds a Combat die and that a Snare is a Tool giving one Food): entered once here, a card "
        "is then named by its name alone (at setup and in every event); what is left out comes "
        "from referee/data/we-forlorn-few-equipment.json. A card's Value is needed when it is "
        "bought, stolen or paid.",
        {"type": ["array", "null"], "maxItems": 17, "items": cards.EQUIPMENT_SCHEMA}, None),
    "first_player": Option("The seat with the First-Player token (who travelled furthest to "
                           "play).", {"enum": SEATS}, "p1"),
    "excess_ailments": Option(
        "Table ruling: an Ailment token over a track's limit kills a Companion; is the token "
        "itself placed? \"discarded\" (the worked example: of two Hunger taken over the limit "
        "only one is added) or \"kept\" (the note: Ailments are not removed when a Companion "
        "perishes).", {"enum": ["discarded", "kept"]}, "discarded",
        citations(GAME, Q_EXAMPLE_ONE_ADDED, Q_NOT_REMOVED)),
    "backwards_with_ailments": Option(
        "Table ruling: may travelling backwards be paid with Ailments for Resources one lacks? "
        "false: only two Resource tokens (the Travel text); true: the Quick Reference's payment "
        "by Resources, Ailments or both.", {"type": "boolean"}, False,
        citations(GAME, Q_BACKWARDS, Q_QRG_TRAVEL)),
    "backwards_when": Option(
        "Table ruling: when may a Traveler travel backwards for two Resource tokens? \"any_turn\" "
        "(default): the Travel Phase lists it among the three choices with no condition; "
        "\"stuck\": only when stuck (Quick Reference). The book does not say what \"stuck\" "
        "is; this ruling reads it as not holding all of the Resources the Travel Cost of the "
        "tile being left asks (the Travel text's \"If Players do not have all of the resources "
        "required to pay the Travel Costs\"), since a forward Travel can always be paid with "
        "Ailments.", {"enum": ["any_turn", "stuck"]}, "any_turn",
        citations(GAME, Q_BACKWARDS, Q_QRG_BACKWARDS, Q_PAY_AILMENTS)),
    "ailment_for_held_resource": Option(
        "Table ruling: may a Traveler take an Ailment for a Resource they hold? false: Ailments "
        "only for the Resources one does not have (Travel text); true: any mix (Quick Reference).",
        {"type": "boolean"}, False, citations(GAME, Q_PAY_COMBINATION, Q_QRG_TRAVEL)),
    "game_ends_at": Option(
        "Table ruling: \"first_arrival\": the first Traveler to reach Newhaven ends the game (the "
        "Ravenous goal); \"all_journeys\": play goes on until every Traveler's journey is over, "
        "the first to arrive still the winner.", {"enum": ["first_arrival", "all_journeys"]},
        "first_arrival", citations(GAME, Q_RAVENOUS_GOAL, Q_END_ALL, Q_NEWHAVEN)),
    "all_ravenous_winners": Option(
        "Table ruling: who wins when every Traveler has turned Ravenous and nobody reached "
        "Newhaven. \"none\" (default): nobody — the book's only winner sentence is the first "
        "to reach Newhaven's; \"surviving_ravenous\": every Ravenous Player still in the game "
        "has met the Ravenous Goal (\"To survive until all Players have perished…\") and wins.",
        {"enum": ["none", "surviving_ravenous"]}, "none",
        citations(GAME, Q_ALL_RAVENOUS, Q_NEWHAVEN, Q_RAVENOUS_GOAL)),
    "ravenous_hunger": Option(
        "Table ruling: a Ravenous Player adds one Hunger \"after_retreat\" (the Retreat Phase) or "
        "\"start_of_turn\" (the note on the fourth Hunger).",
        {"enum": ["after_retreat", "start_of_turn"]}, "after_retreat",
        citations(GAME, Q_RETREAT_HUNGER, Q_FOURTH_HUNGER)),
    "sacrifice_removes": Option(
        "Table ruling: a Sacrifice removes \"four\" Ailment tokens (as many as there are, up to "
        "four: the rule) or \"up_to_four\" (any number up to four: the Quick Reference).",
        {"enum": ["four", "up_to_four"]}, "four", citations(GAME, Q_SACRIFICE, Q_QRG_SACRIFICE)),
    "combat_result": Option(
        "Table ruling: a Combat result is the \"sum\" of the dice (Combat rules) or the "
        "\"highest\" die (Quick Reference: highest roll result wins).",
        {"enum": ["sum", "highest"]}, "sum", citations(GAME, Q_COMBAT_SUM, Q_QRG_COMBAT_HIGHEST)),
    "combat_dice": Option(
        "Table ruling: extra Combat dice come from \"equipment\" that allows them (each card's "
        "dice, e.g. a Pistol: one) or one per \"weapons\" card (Quick Reference).",
        {"enum": ["equipment", "weapons"]}, "equipment", citations(GAME, Q_COMBAT_DICE, Q_QRG_COMBAT_DICE)),
    "defense_against_ravenous": Option(
        "Table ruling: a Traveler attacked by a Ravenous Traveler rolls \"equipment\" dice (one "
        "plus what their Equipment adds: the Combat rules, whose example's defender rolls for her "
        "pistol) or \"one_die\" (the Ravenous Turn example: the Self-Made Entrepreneur, whose "
        "printed starting Equipment is a Pistol, \"rolls one die\" in defense; the example never "
        "says he still holds it).", {"enum": ["equipment", "one_die"]}, "equipment",
        citations(GAME, Q_EXAMPLE_DEFENSE_PISTOL, Q_EXAMPLE_DEFENSE_ONE)),
    "placed_items_excess": Option(
        "Table ruling: tokens and cards picked up from a tile beyond the Supply's capacity are "
        "\"returned\" (Placed Items note) or the Traveler may \"choose\" to discard from the "
        "Supply instead (the capacity rule).", {"enum": ["returned", "choose"]}, "returned",
        citations(GAME, Q_PLACED_EXCESS, Q_CAPACITY)),
    "gather_same_kind": Option(
        "Table ruling: may a Worth 2 Gather take two tokens of the same Resource? true: the "
        "roll says how many tokens; false: two different tokens listed on the tile (the "
        "example), one where the tile lists one kind.", {"type": "boolean"}, True,
        citations(GAME, Q_GATHER_ROLL, Q_GATHER_EXAMPLE)),
    "trading_post_payment": Option(
        "Table ruling: a Trading Post purchase is paid with \"equal\" Value (Quick Reference) or "
        "\"at_least\" the Value (the Trading Post text: enough Value to afford each item; no "
        "change given).", {"enum": ["equal", "at_least"]}, "equal",
        citations(GAME, Q_QRG_POST_EQUAL, Q_POST_AFFORD)),
    "flip_tiles": Option(
        "Table ruling (the rulebook never says when a Traveler flips a face-down tile; it says a "
        "Ravenous Traveler does not, and that another Traveler may): \"on_arrival\": a Traveler "
        "flips it on moving onto it; \"on_declaring\": on declaring travel to it, before paying.",
        {"enum": ["on_arrival", "on_declaring"]}, "on_arrival",
        citations(GAME, Q_FLIP_IMPLIED, Q_REVEAL_RAVENOUS,
              "The Sheriff's Daughter is on a Wetlands tile and declares that they will travel to "
              "an adjacent face-down tile.")),
    "rejected_trade_uses_camp_trade": Option(
        "Table ruling: does a proposed Trade that is rejected use the Camp Phase's Trade? true "
        "(proposing is the action) or false.", {"type": "boolean"}, True,
        citations(GAME, Q_CAMP_ONCE, Q_TRADE_ACCEPT)),
    "ravenous_beats_no_companion": Option(
        "Table ruling: when a Ravenous Traveler beats a Traveler with no Companion left to "
        "discard: \"turns_ravenous\" (a Companion must perish and there is none) or \"nothing\" "
        "(there is no Companion to discard).", {"enum": ["turns_ravenous", "nothing"]},
        "turns_ravenous", citations(GAME, Q_RAVENOUS_WIN, Q_NO_COMPANION)),
    "attack_ravenous": Option(
        "Table ruling: may a Traveler initiate Combat with a Ravenous Player? true (\"another "
        "Player\"; a Ravenous Player has no Supply to steal from or into) or false.",
        {"type": "boolean"}, True, citations(GAME, Q_COMBAT_WHO, Q_TURN_RAVENOUS)),
    "trade_with_ravenous": Option(
        "Table ruling: may a Traveler trade with a Ravenous Player? true (\"other Players\"; a "
        "Ravenous Player has no Supply, only other terms) or false.",
        {"type": "boolean"}, True, citations(GAME, Q_TRADE_WHERE, Q_TURN_RAVENOUS)),
    "attack_from_city": Option(
        "Table ruling: the FAQ forbids attacking a Traveler in a city; may a Traveler in Cedar "
        "Falls or Newhaven attack one on an adjacent tile? true (only the target's tile is "
        "named) or false.", {"type": "boolean"}, True, citations(GAME, Q_FAQ_CITY, Q_COMBAT_WHO)),
    "traded_storage_load": Option(
        "Table ruling: the FAQ says what happens to the cards on a Storage card that is "
        "discarded or stolen, not traded: \"discarded\" (as when stolen) or \"kept\" (they go "
        "with it).", {"enum": ["discarded", "kept"]}, "discarded",
        citations(GAME, Q_FAQ_STEAL_STORAGE, Q_FAQ_DISCARD_STORAGE, Q_TRADE_ACCEPT)),
    "ravenous_wins_camp_combat": Option(
        "Table ruling: a Traveler attacks a Ravenous Player in the Camp Phase and the Ravenous "
        "Player wins. \"feeds\": \"If the Ravenous Traveler wins a Combat\" they remove one "
        "Hunger and the losing Traveler discards a Companion (the Combat Outcomes speak of any "
        "Combat); \"nothing\": those outcomes belong to the Ravenous Combat Phase, and a Camp "
        "Combat's winner only steals, which a Ravenous Player cannot.",
        {"enum": ["feeds", "nothing"]}, "feeds",
        citations(GAME, Q_RAVENOUS_WINS_A_COMBAT, Q_RAVENOUS_WIN, Q_RAVENOUS_COMBAT,
                  Q_COMBAT_STEAL)),
    "ravenous_attacks_ravenous": Option(
        "Table ruling: may a Ravenous Player attack another Ravenous Player on their tile? true: "
        "\"each opponent on their current tile\" (a win removes one Hunger; the loser has no "
        "Companion to discard); false: only Travelers, the outcome being that \"the losing "
        "Traveler discards a Companion\".", {"type": "boolean"}, True,
        citations(GAME, Q_RAVENOUS_COMBAT, Q_RAVENOUS_WIN)),
    "card_after_ravenous": Option(
        "Table ruling: the rulebook does not say what becomes of the rest of an Event card once it "
        "has turned the active Traveler Ravenous. \"stops\": their turn ends at once, so what the "
        "card would still do (to other Players too) is not resolved; \"completes\": the card is "
        "resolved to its end for the other Players (Event cards no longer affect the Ravenous). "
        "What the card did to the others before (`others_first`) stands either way.",
        {"enum": ["stops", "completes"]}, "stops",
        citations(GAME, Q_RAVENOUS_HUNGER, Q_FAQ_PERISH_END_TURN, Q_EVENT, Q_EXAMPLE_COMPLETE_CARD)),
    "tool_bonus_optional": Option(
        "Table ruling: may a Traveler add fewer Tool Bonus tokens than their Tools give (the "
        "event's tool_bonus; left out, every token is added)? true: \"You may add one token per "
        "card.\" (Quick Reference; the Gathering Phase: Players \"can take\" its actions) or "
        "false: Travelers \"begin their Gathering Phase by adding\" them (the Tool Bonus text).",
        {"type": "boolean"}, True, citations(GAME, Q_QRG_TOOL_MAY, Q_GATHERING, Q_TOOL_BONUS)),
    "starting_bag": Option(
        "Table ruling: what the Exploration Bag holds at the start. The rulebook gives no "
        "placement step for it, and only Season cards add tokens to it. \"empty\" (default): "
        "nothing, so the bag holds what the Season cards added and a draw of any other token is "
        "refused; \"not_tracked\": the table's own start, not counted: any token drawn is "
        "accepted (the position's `bag: null`). A position's `bag` is what it holds then, under "
        "either ruling.", {"enum": ["empty", "not_tracked"]}, "empty",
        citations(GAME, Q_SEASON_BAG, Q_BAG_SETUP)),
    "empty_bag": Option(
        "Table ruling: the rulebook does not say what a draw from an empty Exploration Bag does; "
        "\"nothing\" (the only reading that adds no rule): nothing is drawn.",
        {"enum": ["nothing"]}, "nothing", citations(GAME, Q_SEASON_BAG, Q_SEASON_DRAW)),
}

TURN = ["turn_travel", "turn_gathering", "turn_camp", "turn_event"]
RAVENOUS_TURN = ["ravenous_movement", "ravenous_combat", "ravenous_retreat"]
LEAVES = ["season", *TURN, "turn_trade", "turn_steal", "ravenous_movement", "ravenous_combat",
          "ravenous_retreat", "over"]


def event(trigger: str, source, guards=(), skip_to: str | None = None) -> dict:
    """An event of `source` phases. Entered in an earlier phase of the same turn, it first ends the
    phases in between as the rules allow (`skip_to`): staying on the tile, neither Gathering nor
    Exploring (the Tool Bonus still comes), ending the Camp; a Ravenous Traveler not moving, not
    attacking."""
    return {"trigger": trigger, "source": source, "dest": None, "conditions": list(guards),
            "prepare": [f"skip_to_{skip_to}"] if skip_to else [], "before": f"do_{trigger}",
            "after": "advance"}


class TurnRule:
    """The rule quoted when the wrong Player enters an event: only the First Player resolves the
    Season card; only the partner of a proposed Trade answers it; only the Combat's winner steals;
    otherwise turns go to the left."""

    def __get__(self, model, owner):
        if model is None:
            return Q_ROUND
        return {"season": Q_SEASON_DRAW, "turn_trade": Q_TRADE_ACCEPT,
                "turn_steal": Q_COMBAT_STEAL}.get(model.phase, Q_ROUND)


class EndRule:
    """The rule that ended this game (Newhaven, Winter, every Traveler Ravenous)."""

    def __get__(self, model, owner):
        if model is None or not model.G.get("end"):
            return Q_NEWHAVEN
        return model.G["end"]["quote"]


class Game(TravelMixin, CampMixin, RavenousMixin, SupplyMixin, Referee):
    game_id = GAME
    title = "We Forlorn Few"
    min_players = 1
    max_players = 5
    seats = tuple(SEATS)
    states: ClassVar[list] = [
        "season",
        {"name": "turn", "children": ["travel", "gathering", "camp", "trade", "steal", "event"]},
        {"name": "ravenous", "children": ["movement", "combat", "retreat"]},
        "over",
    ]
    initial = "season"
    event_types = EVENT_TYPES
    options = OPTIONS
    # 2: a Season card relocation obeys Newhaven and the Ravenous restrictions (session 7);
    # 3: a Gather takes no more tokens than the tile can give (none listed; one of each kind
    #    under gather_same_kind=false) (session 8); 4: tokens left to draw when the Traveler
    #    turns Ravenous mid-draw stay in the bag (session 8); 5: a Sacrifice while the winner of
    #    a Combat steals (session 8); 6-8: session 9; 9: a Ravenous attack on a Traveler in a city
    #    is refused, and a Season card's relocation or placement off the board (session 10);
    #    10: a Trade proposal's needless discard and a position's to_play of absent or repeated
    #    seats are refused (session 12, outsider findings 64 and 65); 11: a position's to_play
    #    that leaves out a seat still to play this round is refused (session 13); 12: a
    #    position's round and Season deck must go together (finding 68), all_ravenous_winners;
    #    13: positions of findings 70, 71, 78 refused
    rules_version = 14
    phase_rule: ClassVar[dict] = {"season": Q_SEASON_DRAW, "turn": Q_PHASES, "turn_trade": Q_TRADE_ACCEPT,
                                  "turn_steal": Q_COMBAT_STEAL, "ravenous": Q_RAVENOUS_PHASES,
                                  "": Q_ROUND}
    phase_names: ClassVar[dict] = {
        "season": "Season card", "turn_travel": "Travel Phase", "turn_gathering": "Gathering Phase",
        "turn_camp": "Camp Phase", "turn_trade": "Camp: a Trade to answer",
        "turn_steal": "Combat: the winner steals", "turn_event": "Event Phase",
        "ravenous_movement": "Ravenous: Movement", "ravenous_combat": "Ravenous: Combat",
        "ravenous_retreat": "Ravenous: Retreat", "over": "Game over"}
    turn_rule = TurnRule()
    # "At any time during their turn": the Active Player's turn goes on while the partner answers a
    # Trade or the defender who won steals; the guard sacrifice_in_own_turn checks the player
    any_turn_events = frozenset({"sacrifice"})
    end_rule = EndRule()
    score_schema: ClassVar[dict] = scoring.SCORE_SCHEMA
    position_schema: ClassVar[dict] = POSITION_SCHEMA

    transitions: ClassVar[list] = [
        event("season", "season", ["season_in_order"]),
        # -- a Traveler's turn
        event("travel", "turn_travel",
              ["travel_to_adjacent", "backward_toward_cedar_falls", "backwards_only_when_stuck",
               "pays_travel_cost"]),
        event("stay", "turn_travel"),
        event("gather", TURN[:2], ["tool_bonus_chosen", "gather_listed", "gather_as_rolled"],
              "gathering"),
        event("explore", TURN[:2], ["explore_draws_one", "tool_bonus_chosen"], "gathering"),
        event("skip_gathering", TURN[:2], ["tool_bonus_chosen"], "gathering"),
        event("recuperate", TURN[:3],
              ["camp_action_left", "recuperate_corresponds", "recuperate_pays"], "camp"),
        event("trade", TURN[:3], ["camp_action_left", "trade_partner_near", "trade_goods_held"],
              "camp"),
        event("trade_answer", "turn_trade"),
        event("combat", TURN[:3],
              ["camp_action_left", "combat_target_near", "not_in_city", "combat_dice_count"],
              "camp"),
        event("steal", "turn_steal", ["steal_within_value"]),
        event("trading_post", TURN[:3],
              ["camp_action_left", "at_trading_post", "three_cards_offered", "pays_equal_value"],
              "camp"),
        event("end_camp", TURN[:3], skip_to="camp"),
        event("event_card", TURN, ["event_as_printed", "event_not_on_ravenous"], "event"),
        event("sacrifice", [*TURN, "turn_trade", "turn_steal"],
              ["sacrifice_in_own_turn", "companion_to_sacrifice", "removes_four", "skull_slot_free"]),
        # -- a Ravenous Player's turn
        event("ravenous_move", "ravenous_movement", ["ravenous_path", "ravenous_does_not_flip",
                                                     "ravenous_pays_nothing",
                                                     "ravenous_picks_nothing_up",
                                                     "ravenous_may_enter"]),
        event("ravenous_attack", RAVENOUS_TURN[:2],
              ["ravenous_target_here", "ravenous_once_each", "ravenous_dice_count"], "combat"),
        event("end_combat", RAVENOUS_TURN[:2], skip_to="combat"),
        event("retreat", RAVENOUS_TURN, ["retreat_adjacent", "ravenous_does_not_flip",
                                         "ravenous_pays_nothing", "ravenous_picks_nothing_up"],
              "retreat"),
        # -- where an event leads (not events: `advance` takes them)
        *[{"trigger": f"go_{leaf}", "source": "*", "dest": leaf} for leaf in LEAVES],
    ]

    example_setup: ClassVar[dict] = {
        "game": GAME,
        "players": ["Ann", "Bob", "Cleo"],
        "options": {
            "terrain": [
                {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
                 "adjacent": ["A1", "A2"]},
                {"name": "A1", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
                 "resources": ["food", "water", "wood"], "adjacent": ["A2", "B1"],
                 "placed": {"water": 1}},
                {"name": "A2", "kind": "Forest", "travel_cost": {"water": 1, "wood": 1},
                 "resources": ["wood"], "adjacent": ["B1", "B2"]},
                {"name": "B1", "kind": "Wetlands", "travel_cost": {"food": 1, "water": 1, "wood": 3},
                 "resources": ["water", "food"], "trading_post": True, "adjacent": ["B2", "NH"]},
                {"name": "B2", "kind": "Mountain", "travel_cost": {"food": 2, "wood": 1},
                 "resources": ["water"], "adjacent": ["NH"]},
                {"name": "NH", "kind": "Newhaven", "adjacent": []},
            ],
            "travelers": {
                "p1": {"name": "The Sheriff's Daughter",
                       "equipment": [{"name": "Pistol", "type": "weapon", "value": 2},
                                     {"name": "Holster", "type": "storage", "value": 1,
                                      "holds": {"weapon": 1, "tool": 0}}]},
                "p2": {"name": "The Self-Made Entrepreneur",
                       "equipment": [{"name": "Pistol", "type": "weapon", "value": 2},
                                     {"name": "Tool Box", "type": "tool", "value": 2,
                                      "bonus": "wood"}]},
            },
        },
        "position": {
            "phase": "travel", "round": 1, "season_deck": 11,
            "bag": {"food": 2, "water": 1, "thirst": 1, "hunger": 1},
            "players": {"p3": {"status": "ravenous", "tile": "A2", "hunger": 1}},
        },
    }

    # -- setup -------------------------------------------------------------------------------------

    @classmethod
    def setup(cls, players, options, position):
        seats = [p["seat"] for p in players]
        first = options["first_player"]
        if first not in seats:
            raise SetupError(f"first_player must be one of {', '.join(seats)}",
                             "options.first_player")
        tiles = tiles_from(options.get("terrain"))
        try:
            entered = cards.entered_cards(options.get("equipment_cards"))
        except BadRequest as twice:
            raise SetupError(twice.message, twice.field) from None
        for name, tile in tiles.items():
            tile["placed"]["equipment"] = [
                cls.setup_card(card, f"options.terrain.{name}.placed.equipment", entered)
                for card in tile["placed"]["equipment"]]
        travelers = options.get("travelers") or {}
        if set(travelers) - set(seats):
            raise SetupError("a Traveler is given for a seat nobody sits in", "options.travelers")
        names = {p["seat"]: p["name"] for p in players}
        chosen: dict[str, str] = {}
        at = seats.index(first)
        for seat in seats[at:] + seats[:at]:  # the order Players select: the later one is refused
            name = (travelers.get(seat) or {}).get("name")
            if name and name.casefold() in chosen:
                raise SetupError(f"{name} is already {chosen[name.casefold()]}'s Traveler: each "
                                 "Player plays a different Traveler (" + Q_SELECTS + ")",
                                 f"options.travelers.{seat}.name")
            if name:
                chosen[name.casefold()] = names[seat]
        G = {
            "order": seats,
            "first_player": first,
            "round": 1,
            "current": first,
            "season_deck": SEASON_DECK,
            "season": None,
            "tiles": tiles,
            "bag": counts(BAG_TOKENS, {}) if options["starting_bag"] == "empty" else None,
            "players": {seat: cls.new_board(seat, travelers.get(seat) or {},
                                            city(tiles, CEDAR_FALLS), entered)
                        for seat in seats},
            "queue": [],
            "turn": cls.fresh_turn(),
            "arrivals": [],
            "end": None,
        }
        if position is None:
            return G, "season"
        G, phase = position_from(cls, G, position, entered)
        if G["arrivals"] and options["game_ends_at"] == "first_arrival":
            raise SetupError(f"{names[G['arrivals'][0]]} reached Newhaven and the game ended "
                             "(table option game_ends_at: first_arrival): there is no game to go "
                             "on with", "position.arrivals")
        return G, phase

    @classmethod
    def setup_card(cls, card, field: str, entered: dict) -> dict:
        try:
            return cards.equipment(card, field, entered)
        except BadRequest as missing:
            raise SetupError(missing.message, missing.field) from None

    @classmethod
    def new_board(cls, seat: str, given: dict, start: str, entered: dict) -> dict:
        field = f"options.travelers.{seat}"
        printed = cards.traveler(given["name"]) if given.get("name") else None
        equipment = given.get("equipment")
        if printed and printed["starting_equipment"] is not None:
            names = sorted(c if isinstance(c, str) else c["name"] for c in equipment or [])
            if equipment is not None and [n.casefold() for n in names] != sorted(
                    n.casefold() for n in printed["starting_equipment"]):
                raise SetupError(f"{printed['name']} starts with "
                                 f"{', '.join(printed['starting_equipment'])} ({Q_STARTING})",
                                 field + ".equipment")
            if equipment is None:
                equipment = list(printed["starting_equipment"])
        slots = given.get("slots") or (printed or {}).get("slots")
        board = {
            "traveler": given.get("name"),
            "status": TRAVELER,
            "tile": start,
            "companions": COMPANIONS,
            "skulls": counts(AILMENTS, {}),
            "ailments": counts(AILMENTS, {}),
            "resources": counts(RESOURCES, {"food": 1, "water": 1, "wood": 1}),
            "equipment": [],
            "slots": slots,
            "hunger": 0,
        }
        for n, card in enumerate(equipment or []):
            full = cls.setup_card(card, f"{field}.equipment[{n}]", entered)
            board["equipment"].append(full)
        cls.check_slots(board, field)
        return board

    @staticmethod
    def check_slots(board: dict, field: str) -> None:
        if board["slots"] is None:
            return
        for kind in EQUIPMENT_TYPES:
            held = sum(1 for card in board["equipment"] if card["type"] == kind)
            if held > board["slots"][kind]:
                raise SetupError(f"{held} {kind} cards on a board with {board['slots'][kind]} "
                                 f"{kind} slot(s)", field + ".equipment")

    @staticmethod
    def fresh_turn() -> dict:
        return {"camp": [], "attacked": [], "moved": False, "trade": None, "steal": None,
                "ended": False, "to": None}

    # -- who acts ----------------------------------------------------------------------------------

    def current_players(self):
        if self.phase == "over":
            return []
        if self.phase == "season":
            return [self.G["first_player"]]
        if self.phase == "turn_trade":
            return [self.G["turn"]["trade"]["with"]]
        if self.phase == "turn_steal":
            return [self.G["turn"]["steal"]["winner"]]
        return [self.G["current"]]

    def choices(self):
        return legal_events(self)

    @classmethod
    def decided_by_others(cls, event: dict) -> tuple[str, ...]:
        """A Trade entered with `accepted` enters the partner's answer too."""
        if event.get("type") == "trade" and "accepted" in event and event.get("with") in SEATS:
            return (event["with"],)
        return ()

    def tile(self, name: str, field: str = "event.to") -> dict:
        tile = self.G["tiles"].get(name)
        if tile is None:
            raise BadRequest(f"there is no tile {name!r} on the table (tiles: "
                             f"{', '.join(self.G['tiles'])})", field)
        return tile

    def seat_playing(self, seat: str, field: str) -> dict:
        if seat not in self.G["players"]:
            raise BadRequest(f"nobody sits in seat {seat}", field)
        return self.G["players"][seat]

    # -- where an event leads ------------------------------------------------------------------------

    def advance(self, event=None):
        G = self.G
        self.check_end()
        if G["end"]:
            target = "over"
        elif G["turn"]["ended"]:
            target = self.next_turn()
        else:
            target = G["turn"]["to"] or self.phase
            G["turn"]["to"] = None
        if target != self.phase:
            self.trigger(f"go_{target}")

    def skip_to_gathering(self, event) -> None:
        if self.phase == "turn_travel":
            self.effect(f"{self.player_name(event['player'])} stays on "
                        f"{self.here(event['player'])}.", Q_STAY)
            self.go_on("turn_gathering")

    def skip_to_camp(self, event) -> None:
        if self.phase in TURN[:2]:
            self.skip_to_gathering(event)
            seat = event["player"]
            self.gain(seat, self.tool_bonus(seat, {}))
            self.effect("Neither Gather nor Explore: the Gathering Phase is over.", Q_GATHERING)
            self.go_on("turn_camp")

    def skip_to_event(self, event) -> None:
        if self.phase in TURN[:3]:
            self.skip_to_camp(event)
            self.effect("The Camp Phase is over.", Q_CAMP_ONCE)
            self.go_on("turn_event")

    def skip_to_combat(self, event) -> None:
        if self.phase == "ravenous_movement":
            self.effect(f"{self.player_name(event['player'])} (Ravenous) does not move.",
                        Q_RAVENOUS_MOVE)
            self.go_on("ravenous_combat")

    def skip_to_retreat(self, event) -> None:
        if self.phase in RAVENOUS_TURN[:2]:
            self.skip_to_combat(event)
            self.effect("No more Combat: the Retreat Phase begins.", Q_RETREAT)
            self.go_on("ravenous_retreat")

    def refused_turn_quote(self, kind: str) -> str:
        return Q_SACRIFICE if kind == "sacrifice" else self.turn_rule

    def refused_phase_quote(self, kind: str) -> str:
        if kind == "season":
            return Q_SEASON_DRAW
        if kind == "sacrifice":  # outside a Traveler's turn: the Season card, a Ravenous turn
            return (Q_SACRIFICE, self.phase_quote(self.phase))
        if kind == "steal":
            return Q_COMBAT_STEAL
        if self.phase == "season" and self.entering != self.G["first_player"]:
            # another Player before the First Player's Season card: the turn order, then the step
            # that waits (the standing ruling, as findings 101 and 105); the First Player is told
            # that step alone
            return (Q_ROUND, Q_SEASON_DRAW)
        if kind in ("stay", "travel", "ravenous_move") and self.phase == "turn_event":
            return Q_EVENT  # the next turn waits for the Event card
        if self.phase in ("turn_trade", "turn_steal") and self.entering != self.G["current"]:
            # the partner, a defender who won, a third Player: the turn order, then the step that
            # waits (findings 101, 105); the Active Player is told that step alone
            return (Q_ROUND, self.phase_quote(self.phase))
        if self.phase in (*TURN, *RAVENOUS_TURN) and self.entering != self.G["current"]:
            return self.turn_rule  # another Player's turn: what they broke is the turn order
        if kind in ("ravenous_attack", "end_combat") and self.phase == "ravenous_retreat":
            return Q_RAVENOUS_LOSE
        if kind in ("gather", "explore", "skip_gathering") and self.phase in ("turn_camp", "turn_steal",
                                                                              "turn_event"):
            return (Q_GATHERING, Q_PHASES)
        return self.phase_quote(self.phase)

    def go_on(self, phase: str) -> None:
        """After this event, the machine moves on to `phase`."""
        self.G["turn"]["to"] = phase

    def end_turn(self) -> None:
        self.G["turn"]["ended"] = True

    def next_turn(self) -> str:
        G = self.G
        while G["queue"]:
            seat = G["queue"].pop(0)
            player = G["players"][seat]
            if player["status"] not in (TRAVELER, RAVENOUS):
                continue
            G["current"], G["turn"] = seat, self.fresh_turn()
            self.effect(f"{self.player_name(seat)}'s turn.", Q_ROUND)
            if player["status"] == RAVENOUS:
                if self.option("ravenous_hunger") == "start_of_turn":
                    self.ravenous_hunger(seat, "at the start of the turn", Q_FOURTH_HUNGER)
                    if player["status"] == OUT:
                        continue
                return "ravenous_movement"
            return "turn_travel"
        return self.end_round()

    def end_round(self) -> str:
        G = self.G
        order = G["order"]
        at = order.index(G["first_player"])
        in_game = [s for s in order[at + 1:] + order[:at + 1]
                   if G["players"][s]["status"] in (TRAVELER, RAVENOUS)]
        if in_game:
            G["first_player"] = in_game[0]
        self.effect(f"The First-Player token passes to {self.player_name(G['first_player'])}.",
                    Q_TOKEN_PASSES)
        G["round"] += 1
        G["current"] = G["first_player"]
        G["turn"] = self.fresh_turn()
        if G["season_deck"] == 0:
            perished = [seat for seat, player in G["players"].items()
                        if player["status"] in (TRAVELER, RAVENOUS)]
            for seat in perished:
                G["players"][seat].update(status=OUT, tile=None)
            self.finish("winter", "Winter sets in: no Season card is left, every Traveler still "
                                  "in the wilderness perishes and the game is over.", Q_WINTER)
            G["end"]["perished"] = perished
            return "over"
        return "season"

    def check_end(self) -> None:
        G = self.G
        if G["end"]:
            return
        statuses = [p["status"] for p in G["players"].values()]
        if TRAVELER in statuses:
            return
        if G["arrivals"]:
            self.finish("newhaven", "Every Traveler's journey is over.", Q_END_ALL)
        else:
            self.finish("ravenous", "Every Traveler has turned Ravenous: the game is over.",
                        Q_ALL_RAVENOUS)

    def finish(self, reason: str, text: str, quote: str) -> None:
        self.G["end"] = {"reason": reason, "text": text, "quote": quote}
        self.effect(text, quote)

    def arrive(self, seat: str) -> None:
        G = self.G
        G["players"][seat]["status"] = ARRIVED
        G["arrivals"].append(seat)
        first = len(G["arrivals"]) == 1
        self.effect(f"{self.player_name(seat)} reaches Newhaven"
                    + (" first and wins." if first else ": their journey is over."), Q_NEWHAVEN)
        if self.option("game_ends_at") == "first_arrival":
            self.finish("newhaven", f"{self.player_name(seat)} reached Newhaven: the game ends.",
                        Q_RAVENOUS_GOAL)
        else:
            self.end_turn()

    # -- the round: a Season card --------------------------------------------------------------------

    @cites(Q_SEASON_ORDER)
    def season_in_order(self, event):
        expected = season_of(self.G["season_deck"])
        if event.get("season") not in (None, expected):
            return (f"The top Season card is a {expected.title()} card: the deck is Spring on top, "
                    "then Summer, Fall and Winter.")
        return True

    def do_season(self, event):
        G = self.G
        season = season_of(G["season_deck"])
        G["season_deck"] -= 1
        G["season"] = {"card": event.get("card"), "season": season}
        self.effect(f"{self.player_name(event['player'])} resolves the Season card "
                    f"{event.get('card') or '(unnamed)'} ({season.title()}); "
                    f"{G['season_deck']} left.", Q_SEASON_DRAW)
        added = counts(BAG_TOKENS, event.get("add_to_bag"))
        if any(added.values()):
            if G["bag"] is not None:
                for kind, n in added.items():
                    G["bag"][kind] += n
            self.effect(f"{words(added)} added to the Exploration Bag.", Q_SEASON_BAG)
        for n, name in enumerate(event.get("remove_tiles", [])):
            tile = self.tile(name, f"event.remove_tiles[{n}]")
            if tile["kind"] in CITIES:
                raise BadRequest(f"{tile['kind']} is not a Terrain tile a Season card removes",
                                 f"event.remove_tiles[{n}]")
            tile["removed"] = True
            self.effect(f"Tile {name} is removed.", Q_SEASON_EFFECT)
        for n, place in enumerate(event.get("place", [])):
            tile = self.tile(place["tile"], f"event.place[{n}].tile")
            if tile["removed"]:
                raise BadRequest(f"tile {place['tile']} has been removed from the board: nothing "
                                 "is placed on it", f"event.place[{n}].tile")
            for key in (*BAG_TOKENS, "bag_draw"):
                tile["placed"][key] += place.get(key, 0)
            tile["placed"]["equipment"] += [cards.equipment(card, f"event.place[{n}].equipment",
                                                            self.entered_cards())
                                            for card in place.get("equipment", [])]
            shown = {**placed_from(place), "equipment": place.get("equipment", [])}
            self.effect(f"Placed on {place['tile']}: {self.placed_words(shown)}.", Q_SEASON_EFFECT)
        relocate = event.get("relocate", {})
        for seat, player in G["players"].items():
            on_removed = player["tile"] is not None and G["tiles"][player["tile"]]["removed"]
            if on_removed and seat not in relocate:
                raise BadRequest(f"{self.player_name(seat)}'s piece is on removed tile "
                                 f"{player['tile']}: say where the card moves it",
                                 "event.relocate")
        for seat in event.get("draws", {}):
            if seat not in relocate:
                raise BadRequest(f"the card moves no piece of {self.player_name(seat)}: nothing "
                                 "is picked up", f"event.draws.{seat}")
        for seat, to in relocate.items():
            player = self.seat_playing(seat, f"event.relocate.{seat}")
            self.partner_out_of_reach(seat)
            tile = self.tile(to, f"event.relocate.{seat}")
            if tile["removed"]:
                raise BadRequest(f"tile {to} has been removed from the board",
                                 f"event.relocate.{seat}")
            if player["status"] == RAVENOUS:
                self.check_ravenous_may_enter(to)
            elif tile["kind"] == NEWHAVEN:
                raise BadRequest("a piece moved off a removed tile is put on the trail: Newhaven "
                                 "is reached by travelling to it", f"event.relocate.{seat}")
            elif not tile["face_up"]:
                raise BadRequest(f"tile {to} is face down: a Season card moves a Traveler onto a "
                                 "face-up tile (a tile is flipped by travelling onto it)",
                                 f"event.relocate.{seat}")
            player["tile"] = to
            self.effect(f"{self.player_name(seat)} is moved to {to}.", Q_SEASON_EFFECT)
            if player["status"] == TRAVELER:
                self.pick_up(seat, self.draws_of(event.get("draws", {}), seat,
                                                 tile["placed"]["bag_draw"]), None)
        order = G["order"]
        at = order.index(G["first_player"])
        G["queue"] = order[at:] + order[:at]
        self.end_turn()

    @staticmethod
    def placed_words(placed: dict) -> str:
        parts = [words({k: v for k, v in placed.items() if k != "equipment"})]
        names = [c if isinstance(c, str) else c["name"] for c in placed.get("equipment", [])]
        if names:
            parts.append(", ".join(names))
        return ", ".join(p for p in parts if p != "nothing") or "nothing"

    # -- scores --------------------------------------------------------------------------------------

    def scores(self):
        return scoring.standings(self)

    @classmethod
    def score(cls, tallies: dict) -> dict:
        return scoring.score(tallies)
