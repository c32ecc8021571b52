"""Pilgrims: Curious Adventures — the referee.

The map is 5 rows of 5 spaces ("The map is divided into 25 spaces", replenished "row by row"); a
space is [row, column], 1-based from the top-left. Which six spaces show a campfire, the public quest
tiles (their mission and items cost) and the leaders' activation symbols are not printed in the
rulebook: the table enters them as options. Every card is entered as the players read it off the
table (see `cards`); a card on the map or in the display may stay unknown (null) until someone takes
it, and the `reveal` event fills it in.

Seats p1..p4 sit clockwise in that order. In the solo game the falconer is a non-human seat: the
human player (p1) enters what the falconer did (`falconer_move`, then `falconer_adventure` -- which
the referee works out itself -- then `replenish`), so during the falconer's turn `current_players()`
is ["p1"] and `G["current"]` is "falconer".

Phases (machine states): start (corners, then journey cards) -> turn (move -> activate -> replenish;
the Adventure phase is the single optional `complete_adventure` / `sign_up` event that ends
Activate) or falconer (move -> adventure -> replenish) -> ... -> over.
"""

from __future__ import annotations

import copy
from typing import ClassVar

import jsonschema

from referee.core import (
    BadRequest,
    Citation,
    EventType,
    Option,
    Referee,
    RuleViolation,
    SetupError,
    cites,
)

from . import cards, scoring
from .payment import cover_cost, falconer_payment, find_party, party_match

# --- the rules, quoted --------------------------------------------------------------------------

Q_ROUNDS = ("Pilgrims is played over 4 rounds, representing individual days. Each round begins "
            "with the first player's turn (the player with the rooster reference tile). Play then "
            "continues clockwise.")
Q_PHASES = "A player's turn consists of the following phases in a fixed order:"
Q_THREE_TURNS = ("When each player has completed 3 turns, using all of their movement tokens, one "
                 "of the 4 rounds ends.")
Q_GAME_END = "After round 4, the game ends."
Q_CORNERS = ("6. Starting with the last player (seated to the right of the first player) and "
             "proceeding counterclockwise, each player chooses one of the corner spaces, takes "
             "that space's item card and adds it to their hand, then places their figure on that "
             "space. Each player must choose a different corner.")
Q_DRAW_ONE = "4. Each player draws 1 item card from the deck and adds it to their hand."
Q_START_CLOVER = "5. Each player gains 1 clover token from the supply."
Q_SOLO_CORNER = ("1. Perform game setup as usual. During step #6 of player setup, place the "
                 "player's figure on any corner of the map.")
Q_FALCONER_SETUP = ("3. Place both of the falconer's figures on the middle space of the map. Take "
                    "the item card from that space and place it above the solo board.")
Q_FALCONER_DRAW = ("4. Draw an item card and place it above the solo board. These cards are the "
                   "falconer's hand.")
Q_MOVE_TOKEN = "During the Move phase, place a movement token on any empty movement space."
Q_TAKE_FIRST = ("The player takes that space's card, then moves their figure to the indicated "
                "space.")
Q_CARD_KIND = "Campfire map spaces give companion cards. Other map spaces give item cards."
Q_DRAW_EMPTY = ("If the player moves to a space without a card (either empty or occupied by "
                "another figure or figures), they draw a card from the corresponding deck.")
Q_HAND = "If the player takes an item card, they add it to their hand."
Q_PARTY = ("If the player takes a companion card, they place it in their party. Keep the party in "
           "a row to the leader's left, and leave some space below to play item cards.")
Q_PARTY_LIMIT = ("A player may have up to 3 companion cards in their party, in addition to their "
                 "leader. If they would gain another companion card, the player must retire an "
                 "old one to free up space. To retire a companion card, slide it under the leader "
                 "tile. Discard all item cards played under a retired companion card.")
Q_MORE_COMPANIONS = ("The player may have an additional companion card in their party. More of "
                     "these abilities can be active at the same time.")
Q_ACTIVATE = ("To activate a leader tile or a companion card, an item card must be played face-up "
              "under a character with a matching activation symbol.")
Q_ACTIVATE_ONE = "During the Activate phase, do one of the following:"
Q_NOT_RETIRED = ("Item cards can only be played under characters in the player's party. A player "
                 "can't activate retired companion cards.")
Q_ONE_ITEM = ("Each character can only hold one item card at a time. To activate a character that "
              "is already holding one, first discard the existing item card.")
Q_GAIN_CLOVER = ("If the player is unable (or doesn't want) to activate a character, they may "
                 "instead gain 1 clover token from the supply.")
Q_ABILITY_ONCE = "Each ability can be used only once per activation."
Q_LEADER = ("Each leader has two abilities: a movement diagram and reserve an adventure card.")
Q_ANOTHER = "The player may play another item card to activate another character this turn."
Q_RESERVE = ("To reserve a card, either take any one adventure card from the display or draw one "
             "from either adventure deck. Place the reserved adventure card face-up to the right "
             "of the player board.")
Q_RESERVE_ONE = "A player may only have one adventure card in their reserve at a time."
Q_RESERVE_SWAP = ("To reserve a new adventure card, first put the current reserved adventure card "
                  "on the bottom of the corresponding deck. Then, reserve the new one as usual.")
Q_MORE_RESERVE = "The player may have an additional adventure card reserved."
Q_ADVENTURE = ("The Adventure phase is optional. During this phase, the player may either complete "
               "one adventure card or sign up for one public quest (see \"Public Quests\").")
Q_ADVENTURE_FROM = ("Note: A player may complete either a reserved adventure card or one from the "
                    "display.")
Q_PARTY_REQUIREMENT = ("To complete an adventure, the player must meet the party requirement and "
                       "discard item cards.")
Q_PAY = ("1. To pay the items cost, discard item cards with matching adventure symbols. The player "
         "may discard item cards held by their party and/or item cards from their hand.")
Q_WILD = ("The wild (coin) adventure symbol can replace any other adventure symbol when completing "
          "an adventure card.")
Q_CROSSES = ("2. If there are one or more cross symbols in the party requirement, retire one "
             "companion card from the party for each cross symbol.")
Q_ANY = ("Note: The question mark means the party requirement is satisfied by any companion, "
         "regardless of the type.")
Q_COMPLETED = ("3. Slide the adventure card beneath the player board so that the bottom part of "
               "all completed adventures remains visible. The player gains the adventure card's "
               "improvement and clover token(s).")
Q_DISCOUNT = ("Discount the cost to complete an adventure or to sign up for a public quest by 1 "
              "item card of the indicated type. More discount abilities (of the same or a "
              "different type) can be used to complete a single adventure card.")
Q_QUEST_ROOM = ("There must also be at least one empty quill space on the public quest tile. Up to "
                "three players can sign up for each tile.")
Q_QUEST_PAY = ("1. Discard item cards to pay the items cost. This follows the same process as when "
               "completing an adventure card.")
Q_QUILL = "2. The player places a quill token on the tile's top-most empty quill space."
Q_TWO_QUILLS = scoring.Q_TWO_QUILLS
Q_C_CLOVER = "In addition, if a player signs up for the C tile, they immediately gain a clover token."
Q_CLOVER_ACTIVATION = ("Spend 1 clover token in the Activate phase to convert an item card's "
                       "activation symbol to match a companion card.")
Q_CLOVER_ADVENTURE = ("Spend 1 clover token in the Adventure phase to convert an item card's "
                      "adventure symbol to match the items cost and complete the adventure. "
                      "Improvement discount symbols aren't affected.")
Q_CLOVER_TYPE = ("Spend 2 clover tokens during the Adventure phase to convert a companion card's "
                 "type to match an adventure card's party requirement.")
Q_CLOVER_DRAW = ("Spend 2 clover tokens to draw an item card from the deck. The player can draw any "
                 "number of cards this way, if they have enough clover tokens. They may do this "
                 "any time during their turn.")
Q_CROSSED_CLOVER = ("Additionally, some abilities and improvements show a crossed-out clover "
                    "symbol. This indicates that the player must spend a clover token to trigger "
                    "that ability or improvement.")
Q_REPLENISH_MAP = ("Replenish the map row by row from top to bottom, and within each row from left "
                   "to right. If a figure is on a map space, that space doesn't replenish.")
Q_RATIO_12 = ("During rounds 1 and 2, replenish the display to contain 3 level I and 2 level II "
              "adventure cards.")
Q_RATIO_34 = ("During rounds 3 and 4, replenish the display to contain 2 level I and 3 level II "
              "adventure cards.")
Q_EMPTY_DECK = ("If an adventure deck has no cards remaining, instead draw from the remaining deck. "
                "If both adventure decks run out of cards, do not replenish the display.")
Q_ITEM_DECK = ("Place discarded item cards in a face-up discard pile next to the item deck. If the "
               "item deck runs out of cards, shuffle the discard pile to create a new item deck.")
Q_NEXT = ("After replenishing cards, the player's turn is over. Play proceeds clockwise to the next "
          "player.")
Q_ROUND_END = ("• Move the sun token 1 space to the right.\n"
               "• Remove all movement tokens from the player boards.")
Q_RATIO_CHANGE = ("At the end of round 2, the display's adventure card ratio changes. Put the "
                  "rightmost level I adventure card (the middle one in the display) on the bottom "
                  "of its deck. Draw a new level II adventure card, and replenish the display with "
                  "it face-up.")
Q_JOURNEY_SETUP = ("2. Each player draws 2 journey cards. They choose one and place it face-up next "
                   "to their player board. They return the second card to the bottom of the journey "
                   "deck.")
Q_JOURNEY_TOKEN = ("Journey cards reward players for visiting the marked spaces during the game. "
                   "When their figure moves onto a marked space, remove the corresponding map token.")
Q_JOURNEY_DONE = ("Once a player removes the third map token, the journey card is completed and the "
                  "player gains the reward shown in the top-right corner.")
Q_JOURNEY_NEXT = ("After completing a journey card, slide it under the upper part of the player "
                  "board. Then, draw 2 journey cards from the deck. Choose one and return the other "
                  "face-down to the bottom of the deck. Place the map tokens and continue "
                  "journeying!")
Q_JOURNEY_SAME = ("If a figure's position and a new journey card's marked space are the same, do not "
                  "remove that space's map token. The player must move their figure and return "
                  "later to remove it.")
Q_JOURNEY_EMPTY = ("A player can complete any number of journey cards. If the journey deck runs out "
                   "of cards, players can only complete the cards they already have.")
Q_SOLO_ORDER = "The game plays as usual. The player goes first, and then the falconer."
Q_FALCONER_TURN = ("The falconer's turn consists of three phases in fixed order: Move, Adventure, "
                   "and Replenish. He doesn't have an Activate phase.")
Q_FALCONER_FLIP = ("1. Flip the top card of the solo deck. The falconer gains any reward shown on "
                   "the top of the card (a clover token or an item card).")
Q_FALCONER_BOTH = "Each turn, the falconer moves both of his figures."
Q_FALCONER_NEXT = ("4. Flip the next card of the solo deck and move the falconer figure in the same "
                   "way.")
Q_FALCONER_TAKE = ("3. Take the selected space's card. Put item cards above the solo board, and "
                   "companion cards to the left of it. When the falconer takes a companion card, "
                   "they also gain 1 clover token. After taking a card, move the falcon figure to "
                   "the selected space.")
Q_FALCONER_CLOVERS = ("Any time the falconer has 2 clover tokens, he spends them immediately to "
                      "draw an item card. This is the only way the falconer spends clover tokens.")
Q_FALCONER_FIRST = ("The falconer always completes the first possible adventure card. He only needs "
                    "to meet the items cost.")
Q_FALCONER_ARROW = ("The arrow on the last flipped solo card shows the direction in which the "
                    "falconer checks the display. For example, with a right arrow he checks the "
                    "display from left to right.")
Q_FALCONER_QUEST = ("If the falconer is unable to complete an adventure card, he checks the public "
                    "quest tiles. Follow the arrow's direction as before. The falconer receives "
                    "clover tokens from adventure cards and public quest tiles as usual.")
Q_FALCONER_NOTHING = ("If falconer cannot complete an adventure card or sign up for a public quest "
                      "tile, he does nothing during this phase.")
Q_FALCONER_WILD = ("When the falconer completes an adventure card or signs up for a public quest "
                   "tile, he discards the used item cards. He only uses wild cards if absolutely "
                   "necessary. Slide the completed adventure card under the falconer's board.")
Q_SOLO_DECK = ("After 3 turns, all 6 of the solo cards have been used. Shuffle them together and "
               "create a new deck before starting the next round.")
Q_SOLO_SETS = ("Pilgrims includes four sets of 3 solo cards, marked A, B, C, and D. The solo game's "
               "difficulty is determined by which two sets are used:")
Q_SIDE_B = ("Note: For the first game, use side A of the leader tile. In advanced games, try using "
            "side B for different abilities. All players should use the same side.")
Q_CAMPFIRES = ("2. Shuffle the companion cards and create a face-down companion deck. Place it below "
               "the map. Draw 6 companion cards from the top of the deck and place one face-up on "
               "each of the 6 campfire spaces.")
Q_QUEST_TILES = ("7. Shuffle the public quest tiles and draw random tiles until 3 are drawn with "
                 "different letters in the bottom-right corner (A, B, C). Place them in a random "
                 "order on the 3 spaces to the right of the round counter. Return the remaining "
                 "tiles to the box; they won't be needed for this game.")
Q_QUEST_COST = ("Instead of completing an adventure card, the player may sign up for a public quest "
                "tile. Like an adventure card, players must pay an items cost. This cost is shown "
                "on the map through the tile's top-left section. Public quest tiles do not have a "
                "party requirement.")
Q_ADVANCED = ("Experienced players can play an advanced game of Pilgrims by using journey cards to "
              "add variety and complexity.")
Q_COMPONENTS_ITEMS = "• 64 item cards"
Q_SOLO_ADVENTURE_RESERVE = "The falconer doesn't reserve adventure cards."

DIFFICULTY = {"easy": "AB", "medium": "BC", "hard": "AD", "hardcore": "CD"}
CORNERS = ([1, 1], [1, 5], [5, 1], [5, 5])
MIDDLE = [3, 3]
SIZE = 5
DECKS = {"item": 64, "companion": 32, "level1": 20, "level2": 17, "journey": 18}
DISPLAY_RATIO = {1: (3, 2), 2: (3, 2), 3: (2, 3), 4: (2, 3)}
ROUNDS, TURNS, MOVEMENT_SPACES = 4, 3, 4
PARTY_SIZE, RESERVE_SIZE, QUILLS = 3, 1, 2
SIDE_A_LEADER_ABILITIES = ["move", "reserve"]
FALCONER = "falconer"
FIGURES = ("falcon", "falconer")

# --- event and option schemas --------------------------------------------------------------------

SPACE = cards.SPACE_SCHEMA
ITEM, COMPANION = cards.ref("item"), cards.ref("companion")
ADVENTURE, JOURNEY = cards.ref("adventure"), cards.ref("journey")
CHARACTER = {"oneOf": [{"const": "leader"}, {"type": "integer", "minimum": 1, "maximum": 8}],
             "description": "\"leader\", or a companion's place in the party (1 = next to the "
                            "leader)"}
PAYMENT = {
    "type": "array", "maxItems": 8,
    "items": {"type": "object",
              "properties": {"hand": {"type": "integer", "minimum": 1, "maximum": 99},
                             "character": CHARACTER,
                             "convert": {"type": "boolean",
                                         "description": "spend 1 clover: any adventure symbol"}},
              "additionalProperties": False,
              "minProperties": 1},
    "description": "the item cards discarded: {hand: n} (1-based position in hand) or "
                   "{character: ...} (the item it holds)",
}
RETIRE = {"type": "integer", "minimum": 1, "maximum": 8,
          "description": "the companion retired to make room (place in the party)"}


EVENT_TYPES = {
    "choose_corner": EventType(
        "Setup: choose a corner, take its item card, and draw the starting item card.",
        properties={"space": SPACE, "item": ITEM, "drawn": ITEM,
                    "falconer_items": {"type": "array", "items": ITEM, "minItems": 2,
                                       "maxItems": 2}},
        required=("space", "drawn"),
        example={"type": "choose_corner", "player": "p2", "space": [1, 1],
                 "item": {"adventure": "fist", "activation": "sword"},
                 "drawn": {"adventure": "leaf", "activation": "star"}},
        chance=True),
    "choose_journey": EventType(
        "Advanced game: keep one of the two journey cards drawn (the other goes to the bottom).",
        properties={"card": JOURNEY}, required=("card",),
        example={"type": "choose_journey", "player": "p1",
                 "card": {"spaces": [[2, 2], [4, 3], [1, 4]], "points": 3}},
        chance=True),
    "move": EventType(
        "Move: place a movement token, take the destination's card (or draw one), move the figure.",
        properties={"movement": {"type": "integer", "minimum": 1, "maximum": MOVEMENT_SPACES},
                    "to": SPACE, "card": {"oneOf": [ITEM, COMPANION]}, "retire": RETIRE},
        required=("movement", "to"),
        example={"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                 "card": {"adventure": "speech", "activation": "notes"}},
        chance=True),
    "activate": EventType(
        "Activate: play an item card from hand under a character.",
        properties={"character": CHARACTER,
                    "hand": {"type": "integer", "minimum": 1, "maximum": 99},
                    "convert": {"type": "boolean",
                                "description": "spend 1 clover to change its activation symbol"}},
        required=("character", "hand"),
        example={"type": "activate", "player": "p1", "character": "leader", "hand": 1}),
    "gain_clover": EventType(
        "Activate: gain a clover token instead of activating a character.",
        example={"type": "gain_clover", "player": "p1"}),
    "ability": EventType(
        "Use one ability of the character just activated (or of a completed adventure's "
        "improvement, with `improvement`).",
        properties={"kind": {"enum": list(cards.ABILITY_KINDS)},
                    "improvement": {"type": "integer", "minimum": 1, "maximum": 40,
                                    "description": "the completed adventure (1 = first completed) "
                                                   "whose improvement is triggered"},
                    "crossed_clover": {"type": "boolean",
                                       "description": "the ability shows a crossed-out clover"},
                    "to": SPACE, "space": SPACE, "card": {"oneOf": [ITEM, COMPANION]},
                    "retire": RETIRE,
                    "source": {"enum": ["display", "level1", "level2"]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 8},
                    "adventure": ADVENTURE,
                    "return": {"type": "integer", "minimum": 1, "maximum": 8}},
        required=("kind",),
        example={"type": "ability", "player": "p1", "kind": "gain clover"},
        chance=True),
    "buy_item": EventType(
        "Spend 2 clover tokens to draw an item card.",
        properties={"item": ITEM}, required=("item",),
        example={"type": "buy_item", "player": "p1",
                 "item": {"adventure": "coin", "activation": "compass"}},
        chance=True),
    "complete_adventure": EventType(
        "Adventure: complete a reserved adventure card or one from the display.",
        properties={"source": {"enum": ["display", "reserve"]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 8},
                    "adventure": ADVENTURE,
                    "pay": PAYMENT,
                    "companions": {"type": "array", "maxItems": 4,
                                   "items": {"type": "integer", "minimum": 1, "maximum": 8},
                                   "description": "the companion meeting each party requirement "
                                                  "symbol, in order"},
                    "convert_types": {"type": "array", "maxItems": 4, "uniqueItems": True,
                                      "items": {"type": "integer", "minimum": 1, "maximum": 8},
                                      "description": "companions whose type is converted (2 "
                                                     "clovers each)"},
                    "retire": {"type": "array", "maxItems": 4, "uniqueItems": True,
                               "items": {"type": "integer", "minimum": 1, "maximum": 8}}},
        required=("source", "index"),
        example={"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                 "pay": [{"hand": 1}], "companions": [1], "retire": []}),
    "sign_up": EventType(
        "Adventure: sign up for a public quest tile.",
        properties={"tile": {"enum": ["A", "B", "C"]}, "pay": PAYMENT,
                    "cost": {"type": "array", "maxItems": 8,
                             "items": {"enum": list(cards.ADVENTURE_SYMBOLS)},
                             "description": "the tile's items cost, when the table did not enter "
                                            "it at setup"}},
        required=("tile",),
        example={"type": "sign_up", "player": "p1", "tile": "A", "pay": [{"hand": 1}]}),
    "replenish": EventType(
        "Replenish the map and the display (the cards revealed may be left unknown: null).",
        properties={"map": {"type": "array", "maxItems": 25,
                            "items": {"oneOf": [{"type": "null"}, ITEM, COMPANION]}},
                    "display": {"type": "array", "maxItems": 5,
                                "items": {"oneOf": [{"type": "null"}, ADVENTURE]}},
                    "new_level2": {"oneOf": [{"type": "null"}, ADVENTURE],
                                   "description": "end of round 2: the level II card drawn"}},
        example={"type": "replenish", "player": "p1"},
        chance=True),
    "reveal": EventType(
        "Enter a face-up card nobody had entered yet (on the map or in the display).",
        properties={"space": SPACE, "level": {"enum": [1, 2]},
                    "index": {"type": "integer", "minimum": 1, "maximum": 5},
                    "card": {"oneOf": [ITEM, COMPANION, ADVENTURE]}},
        required=("card",),
        example={"type": "reveal", "player": "p1", "space": [3, 3],
                 "card": {"adventure": "fist", "activation": "star"}}),
    "falconer_move": EventType(
        "Solo: the falconer flips a solo card and moves one figure (falcon first, then falconer).",
        properties={"figure": {"enum": list(FIGURES)},
                    "reward": {"enum": ["none", "clover", "item"]},
                    "reward_item": ITEM,
                    "arrow": {"enum": ["left", "right"]},
                    "to": SPACE, "card": {"oneOf": [ITEM, COMPANION]},
                    "clover_items": {"type": "array", "items": ITEM, "maxItems": 4,
                                     "description": "items drawn with each 2 clover tokens"}},
        required=("figure", "reward", "arrow", "to"),
        example={"type": "falconer_move", "player": "p1", "figure": "falcon", "reward": "none",
                 "arrow": "right", "to": [3, 4],
                 "card": {"adventure": "leaf", "activation": "notes"}},
        chance=True),
    "falconer_adventure": EventType(
        "Solo: the falconer's Adventure phase (the referee finds what he does).",
        properties={"clover_items": {"type": "array", "items": ITEM, "maxItems": 4}},
        example={"type": "falconer_adventure", "player": "p1"}),
}

QUEST_OPTION = {
    "type": ["array", "null"], "minItems": 3, "maxItems": 3,
    "items": {"type": "object",
              "properties": {"tile": {"enum": ["A", "B", "C"]},
                             "mission": {"enum": list(cards.MISSION_TILE)},
                             "cost": {"type": "array", "maxItems": 8,
                                      "items": {"enum": list(cards.ADVENTURE_SYMBOLS)}}},
              "required": ["tile", "mission"], "additionalProperties": False},
}
SPACE_LIST = {"type": ["array", "null"], "items": cards.SPACE_SCHEMA}

OPTIONS = {
    "campfires": Option(
        "The 6 campfire spaces of the map, as [row, column] (the rulebook does not print the map). "
        "Required.", {**SPACE_LIST, "minItems": 6, "maxItems": 6}, None),
    "public_quests": Option(
        "The 3 public quest tiles in their places, left to right: letter, mission (1a-1d, 2a-2d, "
        "3-6) and items cost. Required.", QUEST_OPTION, None),
    "first_player": Option("The seat with the rooster tile (takes the first turn).",
                           {"enum": ["p1", "p2", "p3", "p4"]}, "p1"),
    "journey_cards": Option("Advanced game: journey cards.", {"type": "boolean"}, False),
    "leader_side": Option(
        "Leader tiles side A (movement diagram + reserve) or side B (abilities entered per "
        "leader).", {"enum": ["A", "B"]}, "A"),
    "leaders": Option(
        "Each seat's leader tile: its activation symbol(s) (and abilities for side B), by symbols "
        "or by name in the card table.",
        {"type": ["object", "null"], "propertyNames": {"enum": ["p1", "p2", "p3", "p4"]},
         "additionalProperties": cards.ref("leader")}, None),
    "solo_difficulty": Option("Solo game: which two sets of solo cards are used.",
                              {"enum": list(DIFFICULTY)}, "easy"),
    "empty_companion_deck": Option(
        "Table ruling: the rulebook says what to do when the item deck or an adventure deck runs "
        "out, but not the companion deck. \"nothing\" (the only reading that adds no rule): a "
        "campfire is not replenished and a draw gives no card.",
        {"enum": ["nothing"]}, "nothing",
        (Citation("pilgrims", Q_ITEM_DECK), Citation("pilgrims", Q_EMPTY_DECK),
         Citation("pilgrims", "• Replenish each campfire space with a companion card."))),
    "convert_for_leader": Option(
        "Table ruling: may a clover convert an item's activation symbol to activate the leader? "
        "The clover rule says \"to match a companion card\"; the activation rule covers \"a "
        "leader tile or a companion card\". Default false: the literal clover rule.",
        {"type": "boolean"}, False,
        (Citation("pilgrims", Q_CLOVER_ACTIVATION), Citation("pilgrims", Q_ACTIVATE))),
}


CARD_OR_NULL = {"oneOf": [{"type": "null"}, ITEM, COMPANION]}
MEMBER = {"type": "object", "properties": {"card": COMPANION,
                                           "holds": {"oneOf": [{"type": "null"}, ITEM]}},
          "required": ["card"], "additionalProperties": False}
PLAYER_POSITION = {
    "type": "object",
    "properties": {
        "figure": SPACE,
        "movement": {"type": "array", "uniqueItems": True, "maxItems": 3,
                     "items": {"type": "integer", "minimum": 1, "maximum": MOVEMENT_SPACES}},
        "hand": {"type": "array", "items": ITEM, "maxItems": 64},
        "leader_holds": {"oneOf": [{"type": "null"}, ITEM]},
        "party": {"type": "array", "items": MEMBER, "maxItems": 8},
        "retired": {"type": "array", "items": COMPANION, "maxItems": 32},
        "reserve": {"type": "array", "items": ADVENTURE, "maxItems": 8},
        "completed": {"type": "array", "items": ADVENTURE, "maxItems": 37},
        "clovers": {"type": "integer", "minimum": 0, "maximum": 200},
        "quills": {"type": "array", "maxItems": 2, "items": {"enum": ["A", "B", "C"]}},
        "journey": {"type": "object", "properties": {
            "card": {"oneOf": [{"type": "null"}, JOURNEY]},
            "removed": {"type": "array", "items": SPACE, "maxItems": 2},
            "completed": {"type": "array", "items": JOURNEY, "maxItems": 18}},
            "additionalProperties": False},
    },
    "additionalProperties": False,
}
POSITION_SCHEMA = {
    "type": "object",
    "description": "A game already on the table, at the start of a turn (its Move phase). Missing "
                   "parts keep their start-of-game value; quills are placed top to bottom in the "
                   "order the seats are listed.",
    "properties": {
        "round": {"type": "integer", "minimum": 1, "maximum": ROUNDS},
        "current": {"enum": ["p1", "p2", "p3", "p4", FALCONER]},
        "turns": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0,
                                                             "maximum": TURNS}},
        "map": {"type": "array", "minItems": SIZE, "maxItems": SIZE,
                "items": {"type": "array", "minItems": SIZE, "maxItems": SIZE,
                          "items": {"oneOf": [{"const": "empty"}, CARD_OR_NULL]}},
                "description": "rows top to bottom: a card, null (a card not entered) or "
                               "\"empty\""},
        "players": {"type": "object", "propertyNames": {"enum": ["p1", "p2", "p3", "p4"]},
                    "additionalProperties": PLAYER_POSITION},
        "falconer": {"type": "object", "properties": {
            "falcon": SPACE, "falconer": SPACE,
            "hand": {"type": "array", "items": ITEM},
            "companions": {"type": "array", "items": COMPANION},
            "completed": {"type": "array", "items": ADVENTURE},
            "clovers": {"type": "integer", "minimum": 0, "maximum": 1},
            "quills": {"type": "array", "maxItems": 2, "items": {"enum": ["A", "B", "C"]}}},
            "additionalProperties": False},
        "display": {"type": "array", "maxItems": 5,
                    "items": {"oneOf": [ADVENTURE, {"type": "object", "properties": {
                        "level": {"enum": [1, 2]}}, "required": ["level"],
                        "additionalProperties": False}]},
                    "description": "left to right; an unknown card as {level}"},
        "decks": {"type": "object", "properties": {
            k: {"type": "integer", "minimum": 0, "maximum": n} for k, n in
            {**DECKS, "discard": DECKS["item"]}.items()}, "additionalProperties": False},
    },
    "additionalProperties": False,
}


class Game(Referee):
    game_id = "pilgrims"
    title = "Pilgrims: Curious Adventures"
    min_players = 1
    max_players = 4
    seats = ("p1", "p2", "p3", "p4")
    score_schema: ClassVar[dict] = scoring.score_schema
    states: ClassVar[list] = [
        {"name": "start", "children": ["corners", "journeys"]},
        {"name": "turn", "children": ["move", "activate", "replenish"]},
        {"name": "falconer", "children": ["move", "adventure", "replenish"]},
        "over",
    ]
    initial = "start_corners"
    event_types = EVENT_TYPES
    options = OPTIONS
    rules_version = 1
    phase_rule = Q_PHASES
    turn_rule = Q_ROUNDS
    end_rule = Q_GAME_END

    # Each trigger's transitions are tried in order: the guards (which refuse with a cited reason)
    # come first, then plain predicates that pick where the event leads.
    _TURN = ["turn_move", "turn_activate", "turn_replenish"]
    _JOURNEY_DONE = "journey_chosen"
    transitions: ClassVar[list] = [
        # -- setup
        *[{"trigger": "choose_corner", "source": "start_corners", "dest": dest,
           "conditions": ["corner_free", *extra], "unless": unless, "before": "do_corner"}
          for dest, extra, unless in ((None, [], ["last_corner"]),
                                      ("start_journeys", ["journeys_on"], []),
                                      ("turn_move", [], []))],
        {"trigger": "choose_journey", "source": "start_journeys", "dest": None,
         "conditions": ["journey_to_choose"], "unless": ["last_journey"], "before": "do_journey"},
        {"trigger": "choose_journey", "source": "start_journeys", "dest": "turn_move",
         "conditions": ["journey_to_choose"], "before": "do_journey"},
        {"trigger": "choose_journey", "source": _TURN, "dest": None,
         "conditions": ["journey_to_choose"], "before": "do_journey"},
        # -- a player's turn
        {"trigger": "move", "source": "turn_move", "dest": "turn_activate",
         "conditions": [_JOURNEY_DONE, "movement_space_empty"], "before": "do_move"},
        {"trigger": "activate", "source": "turn_activate", "dest": None,
         "conditions": [_JOURNEY_DONE, "activation_left", "character_in_party", "symbol_matches"],
         "before": "do_activate"},
        {"trigger": "gain_clover", "source": "turn_activate", "dest": None,
         "conditions": [_JOURNEY_DONE, "not_activated"], "before": "do_gain_clover"},
        {"trigger": "ability", "source": _TURN, "dest": None,
         "conditions": [_JOURNEY_DONE, "ability_available", "crossed_clover_paid"],
         "before": "do_ability"},
        {"trigger": "buy_item", "source": _TURN, "dest": None,
         "conditions": [_JOURNEY_DONE, "two_clovers"], "before": "do_buy_item"},
        {"trigger": "complete_adventure", "source": "turn_activate", "dest": "turn_replenish",
         "conditions": [_JOURNEY_DONE, "activate_done"], "before": "do_complete"},
        {"trigger": "sign_up", "source": "turn_activate", "dest": "turn_replenish",
         "conditions": [_JOURNEY_DONE, "activate_done", "quest_room", "quill_left"],
         "before": "do_sign_up"},
        *[{"trigger": "replenish", "source": source, "dest": dest,
           "conditions": [*guards, *extra], "unless": unless, "before": "do_replenish"}
          for source, guards in (("turn_activate", [_JOURNEY_DONE, "activate_done"]),
                                 ("turn_replenish", [_JOURNEY_DONE]),
                                 ("falconer_replenish", []))
          for dest, extra, unless in (("over", ["game_ends"], []),
                                      ("falconer_move", ["falconer_next"], []),
                                      ("turn_move", [], []))],
        # -- the falconer's turn (entered by the human player)
        {"trigger": "falconer_move", "source": "falconer_move", "dest": None,
         "conditions": ["figure_in_order"], "unless": ["second_figure"],
         "before": "do_falconer_move"},
        {"trigger": "falconer_move", "source": "falconer_move", "dest": "falconer_adventure",
         "conditions": ["figure_in_order"], "before": "do_falconer_move"},
        {"trigger": "falconer_adventure", "source": "falconer_adventure",
         "dest": "falconer_replenish", "before": "do_falconer_adventure"},
        {"trigger": "reveal", "source": ["start_corners", "start_journeys", *_TURN,
                                         "falconer_move", "falconer_adventure",
                                         "falconer_replenish"],
         "dest": None, "before": "do_reveal"},
    ]

    position_schema: ClassVar[dict] = POSITION_SCHEMA
    example_setup: ClassVar[dict] = {
        "game": "pilgrims",
        "players": ["Ann", "Bob"],
        "options": {
            "campfires": [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]],
            "public_quests": [{"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
                              {"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
                              {"tile": "C", "mission": "5", "cost": ["speech", "fist", "leaf"]}],
            "leaders": {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]}},
        },
    }

    # -- setup -------------------------------------------------------------------------------------

    @classmethod
    def setup(cls, players, options, position):
        seats = [p["seat"] for p in players]
        solo = len(seats) == 1
        campfires = options.get("campfires")
        if not campfires:
            raise SetupError("enter the 6 campfire spaces of the map (row, column)",
                             "options.campfires")
        if len({tuple(s) for s in campfires}) != 6:
            raise SetupError("the 6 campfire spaces must be different", "options.campfires")
        if any(s in CORNERS for s in campfires):
            raise SetupError("a corner space has an item card, not a campfire (setup step 6)",
                             "options.campfires")
        if solo and MIDDLE in campfires:
            raise SetupError("the middle space has an item card (solo setup step 3)",
                             "options.campfires")
        quests = options.get("public_quests")
        if not quests:
            raise SetupError("enter the 3 public quest tiles (letter, mission, cost)",
                             "options.public_quests")
        if sorted(q["tile"] for q in quests) != ["A", "B", "C"]:
            raise SetupError("the public quest tiles have the letters A, B and C",
                             "options.public_quests")
        for n, quest in enumerate(quests):
            if cards.MISSION_TILE[quest["mission"]] != quest["tile"]:
                raise SetupError(f"mission {quest['mission']} is not on a {quest['tile']} tile",
                                 f"options.public_quests[{n}]")
        first = options.get("first_player", "p1")
        if first not in seats:
            raise SetupError(f"first_player must be one of {', '.join(seats)}",
                             "options.first_player")
        order = seats[seats.index(first):] + seats[:seats.index(first)]
        leaders = options.get("leaders") or {}
        if set(leaders) - set(seats):
            raise SetupError("a leader is given for a seat nobody sits in", "options.leaders")

        def leader(seat):
            given = leaders.get(seat)
            if given is None:
                return {"activation": None, "abilities": None, "holds": None}
            tile = cards.resolve("leader", given, f"options.leaders.{seat}")
            abilities = (SIDE_A_LEADER_ABILITIES if options.get("leader_side", "A") == "A"
                         else tile.get("abilities"))
            return {"activation": tile["activation"], "abilities": abilities, "holds": None,
                    **({"name": tile["name"]} if "name" in tile else {})}

        grid = [[{"card": None} for _ in range(SIZE)] for _ in range(SIZE)]
        G = {
            "order": order + ([FALCONER] if solo else []),
            "solo": solo,
            "journey": bool(options.get("journey_cards")),
            "campfires": [list(s) for s in campfires],
            "round": 1,
            "current": order[0],
            "turns": {seat: 0 for seat in order + ([FALCONER] if solo else [])},
            "corners_left": list(reversed(order)),
            "map": grid,
            "figures": {seat: None for seat in order},
            "players": {seat: {
                "movement": [], "hand": [], "leader": leader(seat), "party": [], "retired": [],
                "reserve": [], "completed": [], "clovers": 1,
                "journey": {"card": None, "removed": [], "completed": [],
                            "pending": bool(options.get("journey_cards"))},
            } for seat in order},
            "falconer": None,
            "display": [{"group": 1, "level": 1, "card": None} for _ in range(3)]
            + [{"group": 2, "level": 2, "card": None} for _ in range(2)],
            "decks": {"item": DECKS["item"] - 19 - len(order) - (1 if solo else 0),
                      "discard": 0,
                      "companion": DECKS["companion"] - 6,
                      "level1": DECKS["level1"] - 3, "level2": DECKS["level2"] - 2,
                      "journey": DECKS["journey"] - (len(order) if options.get("journey_cards")
                                                     else 0)},
            "quests": [{"tile": q["tile"], "mission": q["mission"], "cost": q.get("cost"),
                        "quills": [None, None, None]} for q in quests],
            "turn": cls.fresh_turn(),
        }
        if solo:
            G["figures"].update({"falcon": list(MIDDLE), "falconer": list(MIDDLE)})
            G["map"][2][2] = None
            G["falconer"] = {"hand": [], "companions": [], "completed": [], "clovers": 0,
                             "flipped": 0, "arrow": None, "moved": [],
                             "difficulty": options.get("solo_difficulty", "easy")}
        if position is not None:
            return position_from(cls, G, position, options)
        return G, "start_corners"

    def effect(self, text: str, quote: str | None = None) -> None:
        super().effect(text[:1].upper() + text[1:], quote)

    @staticmethod
    def fresh_turn() -> dict:
        return {"activated": False, "activations": 1, "characters": [], "active": None}

    # -- who acts ----------------------------------------------------------------------------------

    def current_players(self):
        if self.phase == "start_corners":
            return [self.G["corners_left"][0]]
        if self.phase == "start_journeys":
            return [s for s in self.human_seats() if self.G["players"][s]["journey"]["pending"]]
        if self.phase.startswith("falconer"):
            return [self.human_seats()[0]]
        if self.phase == "over":
            return []
        return [self.G["current"]]

    def legal(self):
        return legal_events(self)

    def human_seats(self) -> list[str]:
        return [s for s in self.G["order"] if s != FALCONER]

    def me(self, event) -> dict:
        return self.G["players"][event["player"]]

    # -- helpers -------------------------------------------------------------------------------------

    def cell(self, space):
        return self.G["map"][space[0] - 1][space[1] - 1]

    def set_cell(self, space, value):
        self.G["map"][space[0] - 1][space[1] - 1] = value

    def space_kind(self, space) -> str:
        return "companion" if list(space) in self.G["campfires"] else "item"

    def figures_on(self, space, mover: str | None = None) -> list[str]:
        return [who for who, at in self.G["figures"].items()
                if at is not None and list(at) == list(space) and who != mover]

    def party_limit(self, player) -> int:
        return PARTY_SIZE + sum(1 for a in player["completed"]
                                if "companion" in a.get("improvement", ()))

    def reserve_limit(self, player) -> int:
        return RESERVE_SIZE + sum(1 for a in player["completed"]
                                  if "reserve" in a.get("improvement", ()))

    def draw(self, deck: str, card, field: str):
        """Take one card off a deck; `card` is what the players read on it."""
        decks = self.G["decks"]
        if deck == "item" and decks["item"] == 0 and decks["discard"] > 0:
            decks["item"], decks["discard"] = decks["discard"], 0
            self.effect("The item deck ran out: the discard pile is shuffled into a new deck.",
                        Q_ITEM_DECK)
        if decks[deck] == 0:
            if deck == "companion" and card is None:
                self.effect("The companion deck is empty: no card is drawn.",
                            "• On campfire map spaces, they draw a companion card.")
                return None
            raise self.violation(f"The {deck} deck and its discards are empty: no card to draw.",
                                 Q_ITEM_DECK if deck == "item" else Q_EMPTY_DECK)
        if card is None:
            raise BadRequest(f"say which {deck} card was drawn", field)
        decks[deck] -= 1
        return card

    def discard_items(self, n: int) -> None:
        self.G["decks"]["discard"] += n

    def character(self, player, which):
        if which == "leader":
            return player["leader"]
        if not 1 <= which <= len(player["party"]):
            raise self.violation(f"There is no companion at place {which} in your party.",
                                 Q_NOT_RETIRED)
        return player["party"][which - 1]

    def take_at(self, who: str, space, card, retire, field: str, falconer: bool = False) -> None:
        """Take the card of `space` (or draw one), then move the figure there."""
        space = list(space)
        kind = self.space_kind(space)
        cell = self.cell(space)
        if isinstance(card, dict) and ("adventure" in card) != (kind == "item"):
            raise self.violation(f"Space {space} gives {kind} cards.", Q_CARD_KIND)
        if card is not None:
            card = cards.resolve(kind, card, f"{field}.card")
        occupied = self.figures_on(space, mover=who)
        if cell is None or occupied:
            taken = self.draw(kind, card, f"{field}.card")
            how = "draws" if taken is not None else "finds no"
            self.effect(f"{self.name_of(who)} {how} a {kind} card (space {space} is "
                        f"{'occupied' if occupied else 'empty'}).", Q_DRAW_EMPTY)
        else:
            known = cell["card"]
            if known is not None and card is not None and known != card:
                raise self.violation(f"The card on space {space} is {describe(known)}, not "
                                     f"{describe(card)}.", Q_TAKE_FIRST)
            taken = known if known is not None else card
            if taken is None:
                raise BadRequest(f"say which card lay on space {space}", f"{field}.card")
            self.set_cell(space, None)
            self.effect(f"{self.name_of(who)} takes {describe(taken)} from space {space}.",
                        Q_TAKE_FIRST)
        if taken is not None:
            if falconer:
                self.falconer_gains(taken, kind)
            elif kind == "item":
                self.G["players"][who]["hand"].append(taken)
                self.effect("The item card goes to the hand.", Q_HAND)
            else:
                self.join_party(who, taken, retire, field)
        self.G["figures"][who] = space
        if not falconer:
            self.journey_arrival(who, space)

    def join_party(self, seat, companion, retire, field):
        player = self.G["players"][seat]
        limit = self.party_limit(player)
        if len(player["party"]) >= limit:
            if retire is None:
                raise self.violation(
                    f"Your party already has {limit} companions: say which one retires "
                    "(\"retire\").", Q_PARTY_LIMIT)
            self.retire(player, retire)
        elif retire is not None:
            raise BadRequest("the party has room: no companion retires", f"{field}.retire")
        player["party"].append({"card": companion, "holds": None})
        self.effect(f"{describe(companion)} joins the party.", Q_PARTY)

    def retire(self, player, place: int) -> None:
        member = self.character(player, place)
        player["party"].remove(member)
        player["retired"].append(member["card"])
        if member["holds"] is not None:
            self.discard_items(1)
        self.effect(f"{describe(member['card'])} retires under the leader"
                    + (", its item card is discarded." if member["holds"] else "."),
                    Q_PARTY_LIMIT)

    def journey_arrival(self, seat, space) -> None:
        if not self.G["journey"]:
            return
        journey = self.G["players"][seat]["journey"]
        card = journey["card"]
        if card is None or space not in card["spaces"] or space in journey["removed"]:
            return
        journey["removed"].append(space)
        self.effect(f"Map token removed from space {space}.", Q_JOURNEY_TOKEN)
        if len(journey["removed"]) == len(card["spaces"]):
            journey["completed"].append(card)
            journey["card"], journey["removed"] = None, []
            self.G["players"][seat]["clovers"] += card.get("clovers", 0)
            self.effect(f"Journey card completed ({card['points']} points"
                        + (f", {card['clovers']} clover(s)" if card.get("clovers") else "")
                        + ").", Q_JOURNEY_DONE)
            if self.G["decks"]["journey"] > 0:
                journey["pending"] = True
                self.effect("Draw 2 journey cards and keep one.", Q_JOURNEY_NEXT)
            else:
                self.effect("The journey deck is empty: no new journey card.", Q_JOURNEY_EMPTY)

    def name_of(self, who: str) -> str:
        return "The falconer" if who in (FALCONER, *FIGURES) else self.player_name(who)

    # -- setup events --------------------------------------------------------------------------------

    @cites(Q_CORNERS)
    def corner_free(self, event):
        if list(event["space"]) not in CORNERS:
            return f"Space {event['space']} is not a corner space."
        if any(at == list(event["space"]) for at in self.G["figures"].values()):
            return "Each player must choose a different corner."
        return True

    def last_corner(self, event):
        return len(self.G["corners_left"]) == 1

    def journeys_on(self, event):
        return self.G["journey"]

    def do_corner(self, event):
        seat = event["player"]
        self.take_at(seat, event["space"], event.get("item"), None, "event")
        self.me(event)["hand"].append(cards.resolve("item", event["drawn"], "event.drawn"))
        self.effect(f"{self.player_name(seat)} draws a starting item card and has 1 clover.",
                    Q_DRAW_ONE)
        self.G["corners_left"].pop(0)
        if self.G["solo"]:
            items = event.get("falconer_items")
            if not items:
                raise BadRequest("solo game: give the falconer's two starting item cards (the "
                                 "middle space's and one drawn)", "event.falconer_items")
            self.G["falconer"]["hand"] = [cards.resolve("item", c, "event.falconer_items")
                                          for c in items]
            self.effect("The falconer takes the middle space's item card and draws one.",
                        Q_FALCONER_SETUP)
        elif event.get("falconer_items"):
            raise BadRequest("there is no falconer: this is not a solo game",
                             "event.falconer_items")

    @cites(Q_JOURNEY_SETUP)
    def journey_to_choose(self, event):
        if not self.G["journey"]:
            return "Journey cards are only used in the advanced game."
        if not self.me(event)["journey"]["pending"]:
            return "You have no journey cards to choose from now."
        return True

    def last_journey(self, event):
        return sum(self.G["players"][s]["journey"]["pending"] for s in self.human_seats()) == 1

    def do_journey(self, event):
        journey = self.me(event)["journey"]
        card = cards.resolve("journey", event["card"], "event.card")
        card = {**card, "spaces": [list(s) for s in card["spaces"]]}
        if len({tuple(s) for s in card["spaces"]}) != 3:
            raise BadRequest("a journey card marks 3 different spaces", "event.card.spaces")
        journey["card"], journey["removed"], journey["pending"] = card, [], False
        if self.phase != "start_journeys":
            self.G["decks"]["journey"] -= 1
        self.effect(f"{self.player_name(event['player'])} keeps a journey card and places 3 map "
                    "tokens; the other goes to the bottom of the deck.", Q_JOURNEY_SETUP)
        here = self.G["figures"].get(event["player"])
        if here in card["spaces"]:
            self.effect(f"Your figure already stands on {here}: that token stays until you move "
                        "away and return.", Q_JOURNEY_SAME)

    @cites(Q_JOURNEY_NEXT)
    def journey_chosen(self, event):
        if self.G["journey"] and self.me(event)["journey"]["pending"]:
            return "First keep one of the two journey cards you drew (choose_journey)."
        return True

    # -- move ------------------------------------------------------------------------------------------

    @cites(Q_MOVE_TOKEN)
    def movement_space_empty(self, event):
        if event["movement"] in self.me(event)["movement"]:
            return f"Movement space {event['movement']} already has a movement token this round."
        return True

    def do_move(self, event):
        self.me(event)["movement"].append(event["movement"])
        self.effect(f"Movement token placed on movement space {event['movement']}.", Q_MOVE_TOKEN)
        self.take_at(event["player"], event["to"], event.get("card"), event.get("retire"), "event")

    # -- activate --------------------------------------------------------------------------------------

    @cites(Q_ACTIVATE_ONE)
    def activation_left(self, event):
        turn = self.G["turn"]
        if turn["activations"] <= 0:
            return ("You have already done your Activate phase this turn."
                    if turn["activated"] else "No activation is left this turn.")
        if event["character"] in turn["characters"]:
            raise self.violation("That character was already activated this turn: another "
                                 "activation must be of another character.", Q_ANOTHER)
        return True

    @cites(Q_NOT_RETIRED)
    def character_in_party(self, event):
        self.character(self.me(event), event["character"])
        if not 1 <= event["hand"] <= len(self.me(event)["hand"]):
            return f"You have no item card at place {event['hand']} in your hand."
        return True

    @cites(Q_ACTIVATE)
    def symbol_matches(self, event):
        player = self.me(event)
        who = self.character(player, event["character"])
        symbols = who["activation"] if event["character"] == "leader" else who["card"]["activation"]
        item = player["hand"][event["hand"] - 1]
        if symbols is None:
            raise self.violation("Enter this leader's activation symbol(s) at setup (option "
                                 "\"leaders\") so the referee can check it.", Q_ACTIVATE)
        if event.get("convert"):
            if event["character"] == "leader" and not self.table_options.get("convert_for_leader"):
                raise self.violation("A clover converts an item's activation symbol to match a "
                                     "companion card, not the leader (table option "
                                     "convert_for_leader).", Q_CLOVER_ACTIVATION)
            if player["clovers"] < 1:
                raise self.violation("Converting the activation symbol costs 1 clover token.",
                                     Q_CLOVER_ACTIVATION)
            return True
        if item["activation"] not in symbols:
            return (f"A {item['activation']} item does not match {', '.join(symbols)}: "
                    "spend a clover to convert it (\"convert\": true).")
        return True

    def do_activate(self, event):
        player, turn = self.me(event), self.G["turn"]
        who = self.character(player, event["character"])
        item = player["hand"].pop(event["hand"] - 1)
        if event.get("convert"):
            player["clovers"] -= 1
            self.effect("1 clover spent to convert the item's activation symbol.",
                        Q_CLOVER_ACTIVATION)
        if who["holds"] is not None:
            self.discard_items(1)
            self.effect("The item card it held is discarded first.", Q_ONE_ITEM)
        who["holds"] = item
        turn["activated"] = True
        turn["activations"] -= 1
        turn["characters"].append(event["character"])
        if event["character"] == "leader":
            abilities = who["abilities"]
        else:
            abilities = who["card"].get("abilities")
        turn["active"] = {"character": event["character"], "abilities": abilities, "used": []}
        label = "the leader" if event["character"] == "leader" else describe(who["card"])
        self.effect(f"{describe(item)} played under {label}: its abilities may be used.",
                    Q_ACTIVATE)

    @cites(Q_GAIN_CLOVER)
    def not_activated(self, event):
        if self.G["turn"]["activated"]:
            return "You have already activated a character this turn."
        return True

    def do_gain_clover(self, event):
        self.me(event)["clovers"] += 1
        self.G["turn"].update(activated=True, activations=0)
        self.effect(f"{self.player_name(event['player'])} gains 1 clover token.", Q_GAIN_CLOVER)

    # -- abilities -------------------------------------------------------------------------------------

    @cites(Q_ABILITY_ONCE)
    def ability_available(self, event):
        kind = event["kind"]
        if "improvement" in event:
            completed = self.me(event)["completed"]
            if not 1 <= event["improvement"] <= len(completed):
                raise self.violation("You have not completed that many adventures.", Q_COMPLETED)
            if not completed[event["improvement"] - 1].get("improvement"):
                raise self.violation("That adventure card gives no improvement.",
                                     "Note: Some adventure cards only offer victory points!")
            return True
        active = self.G["turn"]["active"]
        if self.phase != "turn_activate" or active is None:
            raise self.violation("Abilities are used after activating a character.",
                                 "After activating a character, the player performs their "
                                 "ability.")
        if active["abilities"] is not None and kind not in active["abilities"]:
            quote = Q_LEADER if active["character"] == "leader" else Q_ABILITY_ONCE
            raise self.violation(f"This character has no {kind!r} ability "
                                 f"({', '.join(active['abilities']) or 'none'}).", quote)
        if kind in active["used"]:
            return f"The {kind!r} ability was already used in this activation."
        return True

    @cites(Q_CROSSED_CLOVER)
    def crossed_clover_paid(self, event):
        if event.get("crossed_clover") and self.me(event)["clovers"] < 1:
            return "This ability shows a crossed-out clover: it costs 1 clover token."
        return True

    def do_ability(self, event):
        seat, player, kind = event["player"], self.me(event), event["kind"]
        if "improvement" not in event:
            self.G["turn"]["active"]["used"].append(kind)
        if event.get("crossed_clover"):
            player["clovers"] -= 1
            self.effect("1 clover spent to trigger it.", Q_CROSSED_CLOVER)
        if kind == "move":
            if "to" not in event:
                raise BadRequest("say where the figure moves", "event.to")
            self.take_at(seat, event["to"], event.get("card"), event.get("retire"), "event")
        elif kind == "reserve":
            self.reserve(event)
        elif kind == "draw item":
            card = self.draw("item", event.get("card"), "event.card")
            player["hand"].append(cards.resolve("item", card, "event.card"))
            self.effect("Draws 1 item card.", "• Draw 1 item card from the deck.")
        elif kind == "take item":
            self.take_item(event)
        elif kind == "another activation":
            self.G["turn"]["activations"] += 1
            self.effect("Another item card may be played under another character.", Q_ANOTHER)
        elif kind == "gain clover":
            player["clovers"] += 1
            self.effect("Gains 1 clover token.", "• Gain 1 clover token.")
        elif kind == "draw companion":
            card = self.draw("companion", event.get("card"), "event.card")
            if card is not None:
                self.join_party(seat, cards.resolve("companion", card, "event.card"),
                                event.get("retire"), "event")
            self.effect("Keeps one of 2 companion cards; the other goes to the bottom of the "
                        "deck.", "• Draw 2 companion cards from the deck. Keep one, then put the "
                        "other face-down on the bottom of the companion deck.")

    def take_item(self, event):
        space = event.get("space")
        if space is None:
            raise BadRequest("say which space's item card is taken", "event.space")
        cell = self.cell(space)
        if self.space_kind(space) != "item" or cell is None:
            raise self.violation(f"There is no item card on space {space}.",
                                 "• Take any item card of the shown color from the map.")
        card = cell["card"] if cell["card"] is not None else event.get("card")
        if card is None:
            raise BadRequest(f"say which item card lay on space {space}", "event.card")
        self.me(event)["hand"].append(cards.resolve("item", card, "event.card"))
        self.set_cell(space, None)
        self.effect(f"Takes {describe(card)} from space {space}.",
                    "• Take any item card of the shown color from the map.")

    def reserve(self, event):
        player = self.me(event)
        source = event.get("source")
        if source is None:
            raise BadRequest("say where the reserved card comes from: display, level1 or level2",
                             "event.source")
        if source == "display":
            entry = self.display_entry(event.get("index"))
            card = entry["card"] or event.get("adventure")
            if card is None:
                raise BadRequest("say which adventure card it is", "event.adventure")
            card = cards.resolve("adventure", card, "event.adventure")
            self.G["display"].remove(entry)
        else:
            level = 1 if source == "level1" else 2
            card = cards.resolve("adventure", self.draw(source, event.get("adventure"),
                                                        "event.adventure"), "event.adventure")
            if card["level"] != level:
                raise BadRequest(f"a card from the level {level} deck is level {level}",
                                 "event.adventure.level")
        if len(player["reserve"]) >= self.reserve_limit(player):
            back = event.get("return", 1)
            if not 1 <= back <= len(player["reserve"]):
                raise BadRequest("no reserved card at that place", "event.return")
            old = player["reserve"].pop(back - 1)
            self.G["decks"][f"level{old['level']}"] += 1
            self.effect(f"The reserved {describe(old)} goes to the bottom of its deck.",
                        Q_RESERVE_SWAP)
        player["reserve"].append(card)
        self.effect(f"{describe(card)} is reserved.", Q_RESERVE)

    def display_entry(self, index):
        display = self.G["display"]
        if index is None or not 1 <= index <= len(display):
            raise self.violation(f"The display has {len(display)} adventure cards; there is no "
                                 f"card at place {index}.", Q_ADVENTURE_FROM)
        return display[index - 1]

    @cites(Q_CLOVER_DRAW)
    def two_clovers(self, event):
        if self.me(event)["clovers"] < 2:
            return "Drawing an item card costs 2 clover tokens."
        return True

    def do_buy_item(self, event):
        card = self.draw("item", event["item"], "event.item")
        self.me(event)["clovers"] -= 2
        self.me(event)["hand"].append(cards.resolve("item", card, "event.item"))
        self.effect("2 clover tokens spent to draw an item card.", Q_CLOVER_DRAW)

    # -- adventure -------------------------------------------------------------------------------------

    @cites(Q_PHASES)
    def activate_done(self, event):
        if not self.G["turn"]["activated"]:
            return "First the Activate phase: play an item card under a character or gain a clover."
        return True

    def pay(self, player, pay: list[dict], cost: list[str], field: str) -> None:
        """Check the payment against `cost` (with the player's discounts), then discard it."""
        paid, seen, converted = [], set(), 0
        for n, entry in enumerate(pay):
            if ("hand" in entry) == ("character" in entry):
                raise BadRequest("a payment is one hand card or one character's item",
                                 f"{field}[{n}]")
            key = ("hand", entry["hand"]) if "hand" in entry else ("character", entry["character"])
            if key in seen:
                raise BadRequest("the same card is paid twice", f"{field}[{n}]")
            seen.add(key)
            if "hand" in entry:
                if not 1 <= entry["hand"] <= len(player["hand"]):
                    raise self.violation(f"You have no item card at place {entry['hand']}.", Q_PAY)
                item = player["hand"][entry["hand"] - 1]
            else:
                item = self.character(player, entry["character"])["holds"]
                if item is None:
                    raise self.violation("That character holds no item card.", Q_PAY)
            converted += bool(entry.get("convert"))
            paid.append(None if entry.get("convert") else item["adventure"])
        if converted > player["clovers"]:
            raise self.violation(f"Converting {converted} item card(s) costs {converted} clover "
                                 "token(s).", Q_CLOVER_ADVENTURE)
        discounts = [a["discount"] for a in player["completed"] if "discount" in a]
        reason = cover_cost(cost, paid, discounts)
        if reason:
            raise self.violation(reason[0].upper() + reason[1:] + ".",
                                 Q_WILD if "coin" in str(paid) else Q_PAY)
        if converted:
            player["clovers"] -= converted
            self.effect(f"{converted} clover token(s) spent to convert adventure symbols.",
                        Q_CLOVER_ADVENTURE)
        hand_places = sorted((e["hand"] for e in pay if "hand" in e), reverse=True)
        for place in hand_places:
            player["hand"].pop(place - 1)
        for entry in pay:
            if "character" in entry:
                self.character(player, entry["character"])["holds"] = None
        self.discard_items(len(pay))
        self.effect(f"{len(pay)} item card(s) discarded to pay the items cost "
                    f"({', '.join(cost) or 'nothing'}).", Q_PAY)

    def do_complete(self, event):
        player = self.me(event)
        if event["source"] == "reserve":
            if not 1 <= event["index"] <= len(player["reserve"]):
                raise self.violation("You have no reserved adventure card at that place.",
                                     Q_ADVENTURE_FROM)
            card = player["reserve"][event["index"] - 1]
            entry = None
        else:
            entry = self.display_entry(event["index"])
            card = entry["card"] or event.get("adventure")
            if card is None:
                raise BadRequest("say which adventure card it is", "event.adventure")
            card = cards.resolve("adventure", card, "event.adventure")
        if "cost" not in card or "party" not in card:
            raise BadRequest("enter the adventure card's party requirement and items cost",
                             "event.adventure")
        # Party requirement, with companion types converted for 2 clovers each.
        requirement = card["party"]
        companions = event.get("companions")
        party = [m["card"] for m in player["party"]]
        if companions is None:
            companions = [i + 1 for i in (find_party(requirement, party) or [])]
            if len(companions) != len(requirement):
                raise self.violation("Your party does not meet the party requirement ("
                                     f"{', '.join(requirement)}).", Q_PARTY_REQUIREMENT)
        if len(set(companions)) != len(companions):
            raise self.violation("Each party requirement symbol needs its own companion.",
                                 Q_PARTY_REQUIREMENT)
        converted = event.get("convert_types", [])
        if any(c not in companions for c in converted):
            raise BadRequest("only a participating companion's type is converted",
                             "event.convert_types")
        chosen = [None if c in converted else self.character(player, c)["card"]
                  for c in companions]
        reason = party_match(requirement, chosen)
        if reason:
            raise self.violation(reason[0].upper() + reason[1:] + ".",
                                 Q_ANY if "?" in requirement else Q_PARTY_REQUIREMENT)
        if 2 * len(converted) > player["clovers"]:
            raise self.violation("Converting a companion's type costs 2 clover tokens.",
                                 Q_CLOVER_TYPE)
        retire = event.get("retire", [])
        crosses = card.get("crosses", 0)
        if len(retire) != crosses or any(r not in companions for r in retire):
            raise self.violation(f"Retire {crosses} of the participating companions (one per "
                                 "cross).", Q_CROSSES)
        if converted:
            player["clovers"] -= 2 * len(converted)
            self.effect(f"{2 * len(converted)} clover tokens spent to convert companion types.",
                        Q_CLOVER_TYPE)
        # 1. pay, 2. retire, 3. gain.
        self.pay(player, event.get("pay", []), card["cost"], "event.pay")
        for place in sorted(retire, reverse=True):
            self.retire(player, place)
        if entry is not None:
            self.G["display"].remove(entry)
        else:
            player["reserve"].pop(event["index"] - 1)
        player["completed"].append(card)
        player["clovers"] += card.get("clovers", 0)
        self.effect(f"{describe(card)} completed: {card['points']} victory points at the end"
                    + (f", {card['clovers']} clover token(s) now" if card.get("clovers") else "")
                    + (f", improvement: {', '.join(card['improvement'])}"
                       if card.get("improvement") else "") + ".", Q_COMPLETED)

    def quest(self, tile: str) -> dict:
        return next(q for q in self.G["quests"] if q["tile"] == tile)

    @cites(Q_QUEST_ROOM)
    def quest_room(self, event):
        if None not in self.quest(event["tile"])["quills"]:
            return f"Public quest tile {event['tile']} has no empty quill space."
        return True

    def quills_of(self, who: str) -> list[str]:
        return [q["tile"] for q in self.G["quests"] if who in q["quills"]]

    @cites(Q_TWO_QUILLS)
    def quill_left(self, event):
        mine = self.quills_of(event["player"])
        if event["tile"] in mine:
            return "A player can't sign up twice on the same tile."
        if len(mine) >= QUILLS:
            return "You have placed both of your quill tokens."
        return True

    def do_sign_up(self, event):
        quest = self.quest(event["tile"])
        cost = quest["cost"] if quest["cost"] is not None else event.get("cost")
        if cost is None:
            raise BadRequest("enter the tile's items cost (\"cost\")", "event.cost")
        quest["cost"] = cost
        self.pay(self.me(event), event.get("pay", []), cost, "event.pay")
        self.place_quill(event["player"], quest)

    def place_quill(self, who: str, quest: dict) -> None:
        space = quest["quills"].index(None)
        quest["quills"][space] = who
        self.effect(f"{self.name_of(who)} places a quill on the {cards.QUILL_SPACES[space]} space "
                    f"of public quest {quest['tile']}.", Q_QUILL)
        if quest["tile"] == "C":
            owner = self.G["falconer"] if who == FALCONER else self.G["players"][who]
            owner["clovers"] += 1
            self.effect("Signing up for the C tile gives a clover token now.", Q_C_CLOVER)

    # -- replenish and the end of a round -----------------------------------------------------------

    def next_seat(self) -> tuple[str, bool]:
        """Who plays next, and whether the round ends first."""
        order, current = self.G["order"], self.G["current"]
        i = order.index(current)
        last = i + 1 == len(order) and self.G["turns"][current] + 1 >= TURNS
        return order[(i + 1) % len(order)], last

    def game_ends(self, event):
        return self.next_seat()[1] and self.G["round"] == ROUNDS

    def falconer_next(self, event):
        return self.next_seat()[0] == FALCONER

    def do_replenish(self, event):
        G = self.G
        # The map, row by row, except under a figure.
        given = list(event.get("map", []))
        slots = self.map_slots()
        if len(given) > len(slots):
            raise BadRequest(f"{len(slots)} map space(s) to replenish, {len(given)} cards given",
                             "event.map")
        given += [None] * (len(slots) - len(given))
        for n, (space, card) in enumerate(zip(slots, given, strict=True)):
            kind = self.space_kind(space)
            if isinstance(card, dict) and ("adventure" in card) != (kind == "item"):
                raise self.violation(f"Space {space} is replenished with a {kind} card.",
                                     "• Replenish each empty space with an item card.")
            if card is not None:
                card = cards.resolve(kind, card, f"event.map[{n}]")
            if kind == "companion" and G["decks"]["companion"] == 0:
                continue
            if kind == "item" and G["decks"]["item"] == 0 and G["decks"]["discard"] == 0:
                continue
            self.draw(kind, card or {}, f"event.map[{n}]")
            self.set_cell(space, {"card": card})
        if slots:
            self.effect(f"{len(slots)} map space(s) replenished.", Q_REPLENISH_MAP)
        self.refill_display(list(event.get("display", [])), "event.display")
        # The turn is over.
        seat = G["current"]
        nxt, round_over = self.next_seat()
        G["turns"][seat] += 1
        G["current"], G["turn"] = nxt, self.fresh_turn()
        if G["falconer"] is not None:
            G["falconer"]["moved"] = []
        self.effect(f"{self.name_of(seat)}'s turn is over.", Q_NEXT)
        if round_over:
            self.end_round(event)
        elif "new_level2" in event:
            raise BadRequest("a new level II card is drawn only at the end of round 2",
                             "event.new_level2")

    def map_slots(self) -> list[list[int]]:
        return [[r, c] for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)
                if self.cell([r, c]) is None and not self.figures_on([r, c])]

    def display_needs(self) -> list[int]:
        """The decks (1 or 2) the display draws from now, in display order."""
        target = DISPLAY_RATIO[self.G["round"]]
        decks = {1: self.G["decks"]["level1"], 2: self.G["decks"]["level2"]}
        needs = []
        for group in (1, 2):
            have = sum(1 for e in self.G["display"] if e["group"] == group)
            for _ in range(max(0, target[group - 1] - have)):
                level = group if decks[group] > 0 else 3 - group
                if decks[level] == 0:
                    return needs
                decks[level] -= 1
                needs.append((group, level))
        return needs

    def refill_display(self, given: list, field: str) -> None:
        needs = self.display_needs()
        if len(given) > len(needs):
            raise BadRequest(f"{len(needs)} adventure card(s) to draw for the display, "
                             f"{len(given)} given", field)
        given += [None] * (len(needs) - len(given))
        for n, ((group, level), card) in enumerate(zip(needs, given, strict=True)):
            if card is not None:
                card = cards.resolve("adventure", card, f"{field}[{n}]")
                if card["level"] != level:
                    raise self.violation(f"This card is drawn from the level {level} deck.",
                                         Q_EMPTY_DECK if level != group else
                                         Q_RATIO_12 if self.G["round"] <= 2 else Q_RATIO_34)
            self.G["decks"][f"level{level}"] -= 1
            self.insert_display({"group": group, "level": level, "card": card})
        if needs:
            self.effect(f"{len(needs)} adventure card(s) added to the display.",
                        Q_RATIO_12 if self.G["round"] <= 2 else Q_RATIO_34)
        if any(level != group for group, level in needs):
            self.effect("An adventure deck is empty: drawn from the other deck.", Q_EMPTY_DECK)

    def insert_display(self, entry: dict) -> None:
        display = self.G["display"]
        at = max((i + 1 for i, e in enumerate(display) if e["group"] <= entry["group"]),
                 default=0)
        display.insert(at, entry)

    def end_round(self, event):
        G = self.G
        self.effect(f"Round {G['round']} ends.", Q_ROUND_END)
        for player in G["players"].values():
            player["movement"] = []
        G["turns"] = {seat: 0 for seat in G["turns"]}
        if G["falconer"] is not None:
            G["falconer"]["flipped"] = 0
            self.effect("The 6 solo cards are shuffled into a new solo deck.", Q_SOLO_DECK)
        if G["round"] == 2:
            level_one = [e for e in G["display"] if e["group"] == 1]
            if level_one:
                rightmost = level_one[-1]
                G["display"].remove(rightmost)
                G["decks"][f"level{rightmost['level']}"] += 1
            new = event.get("new_level2")
            level = 2 if G["decks"]["level2"] > 0 else 1
            if G["decks"][f"level{level}"] > 0:
                if new is not None:
                    new = cards.resolve("adventure", new, "event.new_level2")
                    if new["level"] != level:
                        raise BadRequest(f"the card drawn is level {level}",
                                         "event.new_level2.level")
                G["decks"][f"level{level}"] -= 1
                self.insert_display({"group": 2, "level": level, "card": new})
            self.effect("The display changes to 2 level I and 3 level II adventure cards.",
                        Q_RATIO_CHANGE)
        elif "new_level2" in event:
            raise BadRequest("a new level II card is drawn only at the end of round 2",
                             "event.new_level2")
        if G["round"] == ROUNDS:
            self.effect("The game ends.", Q_GAME_END)
        else:
            G["round"] += 1
            self.effect(f"Round {G['round']} begins with the first player.", Q_ROUNDS)

    # -- the falconer ----------------------------------------------------------------------------------

    @cites(Q_FALCONER_NEXT)
    def figure_in_order(self, event):
        moved = self.G["falconer"]["moved"]
        expected = FIGURES[len(moved)]
        if event["figure"] != expected:
            return f"The {expected} moves now (the falcon first, then the falconer)."
        return True

    def second_figure(self, event):
        return len(self.G["falconer"]["moved"]) == 1

    def falconer_gains(self, card, kind):
        falconer = self.G["falconer"]
        if kind == "item":
            falconer["hand"].append(card)
        else:
            falconer["companions"].append(card)
            falconer["clovers"] += 1
            self.effect("The falconer takes a companion card and gains 1 clover token.",
                        Q_FALCONER_TAKE)

    def falconer_spends(self, event):
        falconer = self.G["falconer"]
        drawn = list(event.get("clover_items", []))
        needed = falconer["clovers"] // 2
        if len(drawn) != needed:
            raise BadRequest(f"the falconer spends 2 clovers at once to draw an item card: give "
                             f"{needed} item card(s) drawn (\"clover_items\")",
                             "event.clover_items")
        for n, card in enumerate(drawn):
            falconer["clovers"] -= 2
            falconer["hand"].append(cards.resolve("item", self.draw("item", card,
                                                                    "event.clover_items"),
                                                  f"event.clover_items[{n}]"))
            self.effect("The falconer spends 2 clover tokens to draw an item card.",
                        Q_FALCONER_CLOVERS)

    def do_falconer_move(self, event):
        falconer = self.G["falconer"]
        if event.get("reward") == "clover":
            falconer["clovers"] += 1
        elif event.get("reward") == "item":
            card = self.draw("item", event.get("reward_item"), "event.reward_item")
            falconer["hand"].append(cards.resolve("item", card, "event.reward_item"))
        elif "reward_item" in event:
            raise BadRequest("the solo card shows no item reward", "event.reward_item")
        self.effect(f"Solo card flipped (reward: {event['reward']}, arrow: {event['arrow']}).",
                    Q_FALCONER_FLIP)
        self.take_at(event["figure"], event["to"], event.get("card"), None, "event",
                     falconer=True)
        falconer["moved"].append(event["figure"])
        falconer["flipped"] += 1
        falconer["arrow"] = event["arrow"]
        self.falconer_spends(event)

    def falconer_plan(self):
        """What the falconer does in his Adventure phase: ("adventure", display entry, used hand
        positions), ("quest", tile, used), or None. Raises when a card he must check is unknown."""
        falconer = self.G["falconer"]
        display, quests = list(self.G["display"]), list(self.G["quests"])
        if falconer["arrow"] == "left":
            display.reverse()
            quests.reverse()
        for entry in display:
            card = entry["card"]
            if card is None or "cost" not in card:
                raise self.violation("Enter the display's adventure cards (event \"reveal\") so "
                                     "the falconer's choice can be worked out.", Q_FALCONER_FIRST)
            used = falconer_payment(card["cost"], falconer["hand"])
            if used is not None:
                return "adventure", entry, used
        mine = self.quills_of(FALCONER)
        for quest in quests:
            if None not in quest["quills"] or quest["tile"] in mine or len(mine) >= QUILLS:
                continue
            if quest["cost"] is None:
                raise self.violation("Enter public quest costs at setup so the falconer's choice "
                                     "can be worked out.", Q_QUEST_COST)
            used = falconer_payment(quest["cost"], falconer["hand"])
            if used is not None:
                return "quest", quest, used
        return None

    def falconer_clover_gain(self, plan) -> int:
        if plan is None:
            return 0
        if plan[0] == "adventure":
            return plan[1]["card"].get("clovers", 0)
        return 1 if plan[1]["tile"] == "C" else 0

    def do_falconer_adventure(self, event):
        falconer = self.G["falconer"]
        side = "right" if falconer["arrow"] == "left" else "left"
        self.effect(f"The falconer checks the display from the {side}.", Q_FALCONER_ARROW)
        plan = self.falconer_plan()
        if plan is None:
            self.effect("The falconer can complete no adventure card and sign up for no public "
                        "quest: he does nothing.", Q_FALCONER_NOTHING)
        else:
            kind, target, used = plan
            for i in reversed(used):
                falconer["hand"].pop(i)
            self.discard_items(len(used))
            if kind == "adventure":
                card = target["card"]
                self.G["display"].remove(target)
                falconer["completed"].append(card)
                falconer["clovers"] += card.get("clovers", 0)
                self.effect(f"The falconer completes {describe(card)}, discarding {len(used)} "
                            "item card(s), wild ones only if needed.", Q_FALCONER_WILD)
            else:
                self.effect("The falconer can complete no adventure card: he signs up for a "
                            "public quest.", Q_FALCONER_QUEST)
                self.place_quill(FALCONER, target)
        self.falconer_spends(event)

    # -- reveal ----------------------------------------------------------------------------------------

    def do_reveal(self, event):
        if "space" in event:
            cell = self.cell(event["space"])
            if cell is None or cell["card"] is not None:
                raise BadRequest("that space holds no unknown card", "event.space")
            kind = self.space_kind(event["space"])
            if isinstance(event["card"], dict) and ("adventure" in event["card"]) != (
                    kind == "item"):
                raise self.violation(f"Space {event['space']} holds a {kind} card.", Q_CARD_KIND)
            cell["card"] = cards.resolve(kind, event["card"], "event.card")
        elif "index" in event:
            entry = self.display_entry(event["index"])
            if entry["card"] is not None:
                raise BadRequest("that display card is already entered", "event.index")
            card = cards.resolve("adventure", event["card"], "event.card")
            if "level" not in card or card["level"] != entry["level"]:
                raise BadRequest(f"that card came from the level {entry['level']} deck",
                                 "event.card.level")
            entry["card"] = card
        else:
            raise BadRequest("say where the card lies: space, or display index", "event")
        self.effect(f"{describe(event['card'])} entered.")

    # -- scores ----------------------------------------------------------------------------------------

    def tallies(self) -> list[dict]:
        out = []
        for seat in self.human_seats():
            player = self.G["players"][seat]
            journey = player["journey"]
            out.append({
                "name": self.player_name(seat), "seat": seat, "items": len(player["hand"]),
                "adventures": player["completed"], "clovers": player["clovers"],
                "companions": [m["card"] for m in player["party"]] + player["retired"],
                "quills": self.quill_tallies(seat),
                **({"journey": {"completed": [c["points"] for c in journey["completed"]],
                                "removed": len(journey["removed"])}}
                   if self.G["journey"] else {}),
            })
        if self.G["falconer"] is not None:
            falconer = self.G["falconer"]
            out.append({"name": "Falconer", "seat": FALCONER, "falconer": True,
                        "items": len(falconer["hand"]), "adventures": falconer["completed"],
                        "clovers": falconer["clovers"], "companions": falconer["companions"],
                        "quills": self.quill_tallies(FALCONER)})
        return out

    def quill_tallies(self, who: str) -> list[dict]:
        return [{"tile": q["tile"], "space": cards.QUILL_SPACES[q["quills"].index(who)]}
                for q in self.G["quests"] if who in q["quills"]]

    def scores(self):
        table = {"public_quests": {q["tile"]: q["mission"] for q in self.G["quests"]},
                 "journey_cards": self.G["journey"]}
        result = scoring.score_tallies(self.tallies(), table)
        result["final"] = self.game_over
        return result

    @classmethod
    def score(cls, tallies: dict) -> dict:
        return scoring.score(tallies)


def describe(card) -> str:
    if card is None:
        return "an unknown card"
    if isinstance(card, str):
        return card
    if card.get("name"):
        return card["name"]
    if "adventure" in card:
        return f"a {card['adventure']}/{card['activation']} item card"
    if "types" in card:
        return f"a {'/'.join(card['types'])} companion"
    if "level" in card and "points" in card:
        return f"a level {'I' * card['level']} adventure ({card['points']} points)"
    return "a card"


def position_from(game, G, position, options):
    """G for a game already on the table, from the setup G and the position entered."""

    validator = jsonschema.Draft202012Validator(POSITION_SCHEMA)
    error = jsonschema.exceptions.best_match(validator.iter_errors(position))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path)
        raise SetupError(error.message, "position" + (f".{where}" if where else ""))
    G = copy.deepcopy(G)
    seats = [s for s in G["order"] if s != FALCONER]
    G["corners_left"] = []
    G["round"] = position.get("round", 1)
    G["current"] = position.get("current", G["order"][0])
    if G["current"] not in G["order"]:
        raise SetupError("the current player is not at the table", "position.current")
    i = G["order"].index(G["current"])
    done = position.get("turns")
    if done is None:
        first = min(TURNS - 1, len(position.get("players", {}).get(G["current"], {})
                                   .get("movement", [])))
        done = {s: first + (1 if n < i else 0) for n, s in enumerate(G["order"])}
    for n, seat in enumerate(G["order"]):
        expected = done.get(G["current"], 0) + (1 if n < i else 0)
        if done.get(seat, 0) != expected:
            raise SetupError("turns go clockwise from the first player: the seats before the "
                             "current one have had one more turn this round", "position.turns")
    G["turns"] = {s: done.get(s, 0) for s in G["order"]}
    if "map" in position:
        G["map"] = [[None if c == "empty" else {"card": c} for c in row]
                    for row in position["map"]]
    for seat, given in position.get("players", {}).items():
        if seat not in seats:
            raise SetupError(f"{seat} is not at the table", f"position.players.{seat}")
        player, where = G["players"][seat], f"position.players.{seat}"
        for key in ("movement", "hand", "retired", "reserve", "completed", "clovers"):
            if key in given:
                player[key] = given[key]
        if "party" in given:
            player["party"] = [{"card": m["card"], "holds": m.get("holds")}
                               for m in given["party"]]
        if "leader_holds" in given:
            player["leader"]["holds"] = given["leader_holds"]
        if "figure" in given:
            G["figures"][seat] = list(given["figure"])
        if len(player["movement"]) != G["turns"][seat]:
            raise SetupError("each turn uses one movement token: movement spaces used must match "
                             "the turns played this round", f"{where}.movement")
        party_limit = PARTY_SIZE + sum("companion" in a.get("improvement", ())
                                       for a in player["completed"])
        if len(player["party"]) > party_limit:
            raise SetupError(f"a party holds at most {party_limit} companions",
                             f"{where}.party")
        reserve_limit = RESERVE_SIZE + sum("reserve" in a.get("improvement", ())
                                           for a in player["completed"])
        if len(player["reserve"]) > reserve_limit:
            raise SetupError(f"at most {reserve_limit} reserved adventure card(s)",
                             f"{where}.reserve")
        if "journey" in given:
            player["journey"].update(given["journey"])
            player["journey"]["pending"] = False
        for tile in given.get("quills", []):
            quest = next(q for q in G["quests"] if q["tile"] == tile)
            if seat in quest["quills"]:
                raise SetupError("A player can't sign up twice on the same tile.",
                                 f"{where}.quills")
            quest["quills"][quest["quills"].index(None)] = seat
    if G["journey"] and any(G["players"][s]["journey"]["card"] is None
                            and not G["players"][s]["journey"]["completed"] for s in seats):
        raise SetupError("advanced game: give each player's journey card", "position.players")
    if G["falconer"] is not None and "falconer" in position:
        given = position["falconer"]
        for key in ("hand", "companions", "completed", "clovers"):
            if key in given:
                G["falconer"][key] = given[key]
        for figure in FIGURES:
            if figure in given:
                G["figures"][figure] = list(given[figure])
        for tile in given.get("quills", []):
            quest = next(q for q in G["quests"] if q["tile"] == tile)
            quest["quills"][quest["quills"].index(None)] = FALCONER
    elif "falconer" in position:
        raise SetupError("there is no falconer: this is not a solo game", "position.falconer")
    for seat in seats:
        if G["figures"][seat] is None:
            raise SetupError("give each player's figure position", f"position.players.{seat}")
    if "display" in position:
        G["display"] = []
        for card in position["display"]:
            entry = {"level": card["level"], "card": card if "points" in card else None}
            entry["group"] = entry["level"]
            G["display"].append(entry)
    if "decks" in position:
        G["decks"].update(position["decks"])
    for row in range(SIZE):
        for col in range(SIZE):
            cell, space = G["map"][row][col], [row + 1, col + 1]
            if cell is not None and cell["card"] is not None:
                kind = "companion" if space in G["campfires"] else "item"
                if ("adventure" in cell["card"]) != (kind == "item"):
                    raise SetupError(f"space {space} holds {kind} cards",
                                     f"position.map.{row}.{col}")
    phase = "falconer_move" if G["current"] == FALCONER else "turn_move"
    return G, phase


# --- what can be done now -------------------------------------------------------------------------


def legal_events(game: Game) -> list[dict]:
    """Every legal event, complete where it can be; chance fields (a card drawn) are left "open"."""
    G, phase = game.G, game.phase
    if game.game_over:
        return []
    if phase == "start_corners":
        seat = G["corners_left"][0]
        out = []
        for corner in CORNERS:
            if any(at == corner for at in G["figures"].values()):
                continue
            cell = game.cell(corner)
            event = {"type": "choose_corner", "player": seat, "space": corner}
            open_fields = ["drawn"]
            if cell is not None and cell["card"] is not None:
                event["item"] = cell["card"]
            else:
                open_fields.insert(0, "item")
            if G["solo"]:
                open_fields.append("falconer_items")
            out.append({**event, "open": open_fields})
        return out
    if phase == "start_journeys":
        return [{"type": "choose_journey", "player": s, "open": ["card"]}
                for s in game.current_players()]
    if phase.startswith("falconer"):
        seat = game.human_seats()[0]
        if phase == "falconer_move":
            figure = FIGURES[len(G["falconer"]["moved"])]
            return [{"type": "falconer_move", "player": seat, "figure": figure,
                     "open": ["reward", "arrow", "to", "card", "clover_items"]}]
        if phase == "falconer_adventure":
            unknown = [n + 1 for n, e in enumerate(G["display"]) if e["card"] is None]
            if unknown:
                return [{"type": "reveal", "player": seat, "index": n, "open": ["card"]}
                        for n in unknown]
            event = {"type": "falconer_adventure", "player": seat}
            try:
                gain = game.falconer_clover_gain(game.falconer_plan())
            except RuleViolation:
                return []
            if (G["falconer"]["clovers"] + gain) // 2:
                event["open"] = ["clover_items"]
            return [event]
        return [{"type": "replenish", "player": seat}]
    seat = G["current"]
    player = G["players"][seat]
    if G["journey"] and player["journey"]["pending"]:
        return [{"type": "choose_journey", "player": seat, "open": ["card"]}]
    out: list[dict] = []
    if phase == "turn_move":
        out += move_events(game, seat, player)
    elif phase == "turn_activate":
        turn = G["turn"]
        if turn["activations"] > 0:
            out += activate_events(game, seat, player)
        if not turn["activated"]:
            out.append({"type": "gain_clover", "player": seat})
        else:
            out += ability_events(game, seat)
            out += adventure_events(game, seat, player)
            out.append({"type": "replenish", "player": seat})
    else:
        out.append({"type": "replenish", "player": seat})
    if player["clovers"] >= 2:
        out.append({"type": "buy_item", "player": seat, "open": ["item"]})
    return out


def move_events(game, seat, player) -> list[dict]:
    out = []
    full = len(player["party"]) >= game.party_limit(player)
    for movement in range(1, MOVEMENT_SPACES + 1):
        if movement in player["movement"]:
            continue
        for row in range(1, SIZE + 1):
            for col in range(1, SIZE + 1):
                space = [row, col]
                event = {"type": "move", "player": seat, "movement": movement, "to": space}
                cell = game.cell(space)
                if cell is not None and cell["card"] is not None and not game.figures_on(
                        space, mover=seat):
                    event["card"] = cell["card"]
                else:
                    event["open"] = ["card"]
                if full and game.space_kind(space) == "companion":
                    out += [{**event, "retire": n + 1} for n in range(len(player["party"]))]
                else:
                    out.append(event)
    return out


def activate_events(game, seat, player) -> list[dict]:
    out = []
    turn = game.G["turn"]
    characters = [("leader", player["leader"]["activation"])] + [
        (n + 1, m["card"]["activation"]) for n, m in enumerate(player["party"])]
    for which, symbols in characters:
        if which in turn["characters"] or symbols is None:
            continue
        for place, item in enumerate(player["hand"], start=1):
            event = {"type": "activate", "player": seat, "character": which, "hand": place}
            if item["activation"] in symbols:
                out.append(event)
            elif player["clovers"] >= 1 and (
                    which != "leader" or game.table_options.get("convert_for_leader")):
                out.append({**event, "convert": True})
    return out


def ability_events(game, seat) -> list[dict]:
    active = game.G["turn"]["active"]
    if active is None:
        return []
    open_fields = {"move": ["to", "card"], "reserve": ["source", "index", "adventure"],
                   "draw item": ["card"], "take item": ["space", "card"],
                   "draw companion": ["card"]}
    out = []
    for kind in active["abilities"] or cards.ABILITY_KINDS:
        if kind in active["used"]:
            continue
        event = {"type": "ability", "player": seat, "kind": kind}
        if kind in open_fields:
            event["open"] = open_fields[kind]
        out.append(event)
    return out


def hand_payment(cost, hand, discounts) -> list[dict] | None:
    """A payment from hand only, without clovers, if one covers `cost`."""
    used: list[int] = []
    for symbol in cost:
        pick = next((i for i, c in enumerate(hand) if i not in used and c["adventure"] == symbol),
                    None)
        if pick is not None:
            used.append(pick)
    for _ in range(len(cost) - len(used)):
        pick = next((i for i, c in enumerate(hand)
                     if i not in used and c["adventure"] == cards.WILD), None)
        if pick is not None:
            used.append(pick)
    for n in range(len(used) + 1):
        trial = used[:len(used) - n]
        if cover_cost(cost, [hand[i]["adventure"] for i in trial], discounts) is None:
            return [{"hand": i + 1} for i in trial]
    return None


def adventure_events(game, seat, player) -> list[dict]:
    out = []
    discounts = [a["discount"] for a in player["completed"] if "discount" in a]
    party = [m["card"] for m in player["party"]]
    candidates = [("reserve", n + 1, c) for n, c in enumerate(player["reserve"])] + [
        ("display", n + 1, e["card"]) for n, e in enumerate(game.G["display"])]
    for source, index, card in candidates:
        if card is None or "cost" not in card or "party" not in card:
            out.append({"type": "complete_adventure", "player": seat, "source": source,
                        "index": index, "open": ["adventure", "pay", "companions", "retire"]})
            continue
        companions = find_party(card["party"], party)
        pay = hand_payment(card["cost"], player["hand"], discounts)
        if companions is None or pay is None:
            continue
        chosen = [i + 1 for i in companions]
        out.append({"type": "complete_adventure", "player": seat, "source": source,
                    "index": index, "pay": pay, "companions": chosen,
                    "retire": chosen[:card.get("crosses", 0)]})
    mine = game.quills_of(seat)
    if len(mine) < QUILLS:
        for quest in game.G["quests"]:
            if quest["tile"] in mine or None not in quest["quills"]:
                continue
            if quest["cost"] is None:
                out.append({"type": "sign_up", "player": seat, "tile": quest["tile"],
                            "open": ["cost", "pay"]})
                continue
            pay = hand_payment(quest["cost"], player["hand"], discounts)
            if pay is not None:
                out.append({"type": "sign_up", "player": seat, "tile": quest["tile"],
                            "pay": pay})
    return out
