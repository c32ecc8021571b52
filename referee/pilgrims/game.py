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

Where the rules live (one `Game` class, its guards and callbacks grouped by part of the rulebook):
  game.py       the machine table, setup, the turn: Move, Activate, Replenish, the end of a round
  abilities.py  character abilities, buying an item card with clovers
  improvements.py  Reference: Triggers; the path rules: 1 more space, passed-over space, swap
  adventure.py  the Adventure phase: completing an adventure card, signing up for a public quest
  journey.py    journey cards (the advanced game)
  solo.py       the falconer (the solo game)
  events.py     the event schemas; position.py a game already on the table; legal.py legal events
  board.py      the components as numbers; cards.py cards as data; payment.py paying a cost
  scoring.py    the end of the game
"""

from __future__ import annotations

from copy import deepcopy
from typing import ClassVar

from referee.core import BadRequest, Citation, Option, Referee, SetupError, citations, cites

from . import cards, scoring
from .abilities import (
    Q_ABILITY_ONCE,
    Q_ANOTHER,
    Q_ANY_ORDER,
    Q_CLOVER_ANY_TIME,
    Q_DRAW_ITEM,
    Q_LEADER,
    Q_PERFORM,
    Q_SIDE_B,
    AbilitiesMixin,
)
from .adventure import (
    Q_CLOVER_OPTIONS,
    Q_CLOVER_TO_MATCH,
    Q_CLOVER_TYPE,
    Q_CLOVER_WISELY,
    Q_LEADER_STAYS,
    Q_MULTIPLE_TYPES,
    Q_ONE_ADVENTURE,
    Q_PARTICIPANTS_SHOWN,
    AdventureMixin,
)
from .board import (
    CORNERS,
    DECKS,
    DIFFICULTY,
    DISPLAY_RATIO,
    FALCONER,
    FIGURES,
    MIDDLE,
    PARTY_SIZE,
    RESERVE_SIZE,
    ROUNDS,
    SIDE_A_LEADER_ABILITIES,
    SIZE,
    TURNS,
    space_name,
)
from .cards import TRIGGERS, describe
from .events import EVENT_TYPES
from .improvements import Q_PASSED_OVER, ImprovementsMixin
from .journey import Q_JOURNEY_SETUP, JourneyMixin
from .legal import legal_events
from .position import POSITION_SCHEMA, position_from
from .solo import (
    Q_FALCONER_SETUP,
    Q_FALCONER_TURN,
    Q_SOLO_CORNER,
    Q_SOLO_DECK,
    Q_SOLO_ORDER,
    FalconerMixin,
)

# --- the rules, quoted: the turn, setup, Move, Activate, Replenish and the end of a round ----------

Q_ROUNDS = ("Pilgrims is played over 4 rounds, representing individual days. Each round begins "
            "with the first player's turn (the player with the rooster reference tile). Play then "
            "continues clockwise.")
Q_PHASES = "A player's turn consists of the following phases in a fixed order:"
Q_ONE_MOVEMENT = "On their turn, each player must use 1 of their movement tokens."
Q_CORNER_ORDER = ("6. Starting with the last player (seated to the right of the first player) and "
                  "proceeding counterclockwise, each player chooses one of the corner spaces, takes "
                  "that space's item card and adds it to their hand, then places their figure on "
                  "that space.")
Q_DIFFERENT_CORNER = "Each player must choose a different corner."
Q_CAMPFIRE_GIVES = "Campfire map spaces give companion cards."
Q_OTHER_GIVES = "Other map spaces give item cards."
Q_IN_PARTY = "Item cards can only be played under characters in the player's party."
Q_RETIRED = "A player can't activate retired companion cards."
Q_RETIRED_DISCARD = "Discard all item cards played under a retired companion card."
Q_REPLENISH_CAMPFIRE = "• Replenish each campfire space with a companion card."
Q_REPLENISH_ITEM = "• Replenish each empty space with an item card."
Q_THREE_TURNS = ("When each player has completed 3 turns, using all of their movement tokens, one "
                 "of the 4 rounds ends.")
Q_GAME_END = "After round 4, the game ends."
Q_SOLO_GAME_END = "The game ends after round 4."
Q_DRAW_ONE = "4. Each player draws 1 item card from the deck and adds it to their hand."
Q_START_CLOVER = "5. Each player gains 1 clover token from the supply."
Q_MOVE_TOKEN = "During the Move phase, place a movement token on any empty movement space."
Q_ONE_BLACK_DOT = ("Note: If the movement diagram shows multiple black dot spaces, choose just one. "
                   "Players can't gain cards from both spaces!")
Q_TAKE_FIRST = ("The player takes that space's card, then moves their figure to the indicated "
                "space.")
Q_DRAW_EMPTY = ("If the player moves to a space without a card (either empty or occupied by "
                "another figure or figures), they draw a card from the corresponding deck.")
Q_CAMPFIRE_DRAW = "• On campfire map spaces, they draw a companion card."
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
Q_ONE_ITEM = ("Each character can only hold one item card at a time. To activate a character that "
              "is already holding one, first discard the existing item card.")
Q_GAIN_CLOVER = ("If the player is unable (or doesn't want) to activate a character, they may "
                 "instead gain 1 clover token from the supply.")
Q_CLOVER_ACTIVATION = ("Spend 1 clover token in the Activate phase to convert an item card's "
                       "activation symbol to match a companion card.")
Q_REPLENISH_MAP = ("Replenish the map row by row from top to bottom, and within each row from left "
                   "to right. If a figure is on a map space, that space doesn't replenish.")
Q_RATIO_12 = ("During rounds 1 and 2, replenish the display to contain 3 level I and 2 level II "
              "adventure cards.")
Q_RATIO_34 = ("During rounds 3 and 4, replenish the display to contain 2 level I and 3 level II "
              "adventure cards.")
Q_EMPTY_DECK = ("If an adventure deck has no cards remaining, instead draw from the remaining deck. "
                "If both adventure decks run out of cards, do not replenish the display.")
Q_BOTH_DECKS_EMPTY = "If both adventure decks run out of cards, do not replenish the display."
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
Q_CAMPFIRES = ("2. Shuffle the companion cards and create a face-down companion deck. Place it below "
               "the map. Draw 6 companion cards from the top of the deck and place one face-up on "
               "each of the 6 campfire spaces.")
Q_ROUND_TWO_CARD = ("Put the rightmost level I adventure card (the middle one in the display) on the "
                    "bottom of its deck.")
Q_DRAW_INSTEAD = "If an adventure deck has no cards remaining, instead draw from the remaining deck."
Q_LEVEL_ONE_LEFT = ("Draw and place 3 adventure cards from this deck face-up to the left above the "
                    "map.")
# The book says nothing of an empty companion deck: a card entered all the same cannot be in it.
Q_COMPONENTS_COMPANIONS = "• 32 companion cards"

Q_PLACE_THEM = ("Next, replenish adventure cards in the display. Draw level I and level II adventure "
                "cards according to the round counter's ratio. Place them face-up.")
Q_LEVEL_TWO_RIGHT = ("Draw and place 2 adventure cards from this deck face-up to the right above the "
                     "map.")


def placed(display: list[dict], entry: dict, gaps: list | None = None) -> None:
    """A display entry put in the first free place of its group (level I places on the left):
    after the cards of its group, or, when `gaps` (the table ruling display_refill_place:
    in_the_gap) holds a gap of its group, into the leftmost one. A gap is [its place among the
    display's places and gaps, 0-based, its group]."""
    mine = [gap for gap in gaps or [] if gap[1] == entry["group"]]
    if mine:
        where = min(mine)
        gaps.remove(where)
        display.insert(where[0] - sum(1 for gap in gaps if gap[0] < where[0]), entry)
        return
    at = max((i + 1 for i, e in enumerate(display) if e["group"] <= entry["group"]), default=0)
    display.insert(at, entry)


def the_gap_left(display: list[dict], entry: dict, gaps: list) -> None:
    """`entry` taken from the display, its place recorded as a gap (among the display's places and
    the gaps already there)."""
    index = next(n for n, e in enumerate(display) if e is entry)  # alike unknown cards are equal
    taken = {gap[0] for gap in gaps}
    place, seen = -1, -1
    while seen < index:
        place += 1
        if place not in taken:
            seen += 1
    gaps.append([place, entry["group"]])
    del display[index]


class _EndRule:
    """The end of the game: the book prints it for the solo game in its own section."""

    def __get__(self, model, owner):
        if model is None or not model.G.get("solo"):
            return Q_GAME_END
        return Q_SOLO_GAME_END


class _OutOfTurnRule:
    """The rule quoted when the wrong player enters an event: the order of the corner choice, the
    journey cards drawn, or, in a turn, the order of play; a player cutting into a turn that has
    begun breaks both 'the turn is over after replenishing' and 'play continues clockwise'."""

    def __get__(self, model, owner):
        if model is None:
            return Q_ROUNDS
        if model.phase == "start_corners":
            return Q_CORNER_ORDER
        if model.phase == "start_journeys":
            return "2. Each player draws 2 journey cards."
        if model.phase in ("turn_activate", "turn_replenish") or model.turn_taken_by_entering():
            return (Q_NEXT, Q_ROUNDS)
        return Q_ROUNDS


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
        "campfire is not replenished and a draw gives no card; a companion card entered all the "
        "same is refused (it cannot be one of the 32, all out of the deck).",
        {"enum": ["nothing"]}, "nothing",
        citations("pilgrims", Q_ITEM_DECK, Q_EMPTY_DECK,
                  "• Replenish each campfire space with a companion card.",
                  Q_COMPONENTS_COMPANIONS)),
    "empty_item_deck": Option(
        "Table ruling: an item card is to be drawn when the item deck and its discard pile are "
        "both empty (every item card is in a hand, under a character or on the map) — a figure "
        "moves to a space without a card, an ability or improvement says \"Draw 1 item card from "
        "the deck\", or the passed-over space to take from has a figure on it. \"nothing\" "
        "(default; no sentence forbids them): the move or ability is made and no card is drawn. "
        "\"refuse_move\": it is refused, since its card cannot be drawn. Clovers spent to draw "
        "an item card, or a draw of 2 keeping one, are refused either way.",
        {"enum": ["nothing", "refuse_move"]}, "nothing",
        citations("pilgrims", Q_DRAW_EMPTY, Q_ITEM_DECK, Q_DRAW_ITEM, Q_PASSED_OVER)),
    "converted_symbol": Option(
        "Table ruling: an item card whose activation symbol a clover converted — which symbol does "
        "it show for an improvement triggered by \"an item card with the shown activation "
        "symbol\"? \"converted\" (default, the literal reading: the clover converts the card's "
        "symbol to the character's): the symbol it was converted to. \"printed\": the symbol "
        "printed on the card.",
        {"enum": ["converted", "printed"]}, "converted",
        citations("pilgrims", Q_CLOVER_ACTIVATION, TRIGGERS["activation"])),
    "round_two_card": Option(
        "Table ruling: the card put on the bottom of its deck at the end of round 2 when the "
        "display's rightmost level I card is not its middle one (an adventure deck ran out, so a "
        "card of the other level fills a place). \"rightmost_level1\" (default, the literal "
        "reading: the sentence names the card by its level, and the change takes out a level I "
        "card for a level II one): the rightmost level I card, wherever it lies, to the bottom of "
        "the level I deck. \"middle\": the middle card of the display (the third from the left, "
        "the last of the 3 level I places), whatever its level, to the bottom of its own deck.",
        {"enum": ["rightmost_level1", "middle"]}, "rightmost_level1",
        citations("pilgrims", Q_ROUND_TWO_CARD, Q_DRAW_INSTEAD, Q_LEVEL_ONE_LEFT)),
    "display_refill_place": Option(
        "Table ruling: where a card replenished into the display lies when a card was taken "
        "from it (completed or reserved). The book says only \"Place them face-up.\"; it decides "
        "which card is \"the rightmost level I adventure card\" at the end of round 2, and the "
        "order the falconer checks the display in. \"after_its_level\" (default, the referee's "
        "play; the setup lays level I to the left and level II to the right): the cards left "
        "close up and the new one lies after the cards of its level. \"in_the_gap\": the new "
        "card is laid where a card was taken this turn. Display places are counted over the "
        "cards that lie there.",
        {"enum": ["after_its_level", "in_the_gap"]}, "after_its_level",
        citations("pilgrims", Q_PLACE_THEM, Q_RATIO_CHANGE, Q_LEVEL_ONE_LEFT,
                  Q_LEVEL_TWO_RIGHT)),
    "needless_conversion": Option(
        "Table ruling: a clover spent to convert what already matches (a coin, an item card "
        "paying its own symbol, an item matching the character, a companion of the required "
        "type). \"refuse\" (default, the literal reading: each clover option converts \"to "
        "match\", and a card that matches as printed is not converted to match anything): "
        "refused, quoting the option's sentence. \"accept\": the clover is spent and the card "
        "counts as printed (\"Spend clover tokens wisely…\").",
        {"enum": ["refuse", "accept"]}, "refuse",
        citations("pilgrims", Q_CLOVER_OPTIONS, Q_CLOVER_TO_MATCH, Q_CLOVER_ACTIVATION,
                  Q_CLOVER_TYPE, Q_CLOVER_WISELY)),
    "multi_type_companion": Option(
        "Table ruling: may one companion with several types (the Shepherd) meet two symbols of "
        "one party requirement? \"one_symbol\" (default, the literal reading: each symbol shows "
        "a participating companion card, and one is retired per cross): no. \"each_type\": one "
        "symbol per type it shows (its types not converted); a cross still retires a different "
        "participating companion.",
        {"enum": ["one_symbol", "each_type"]}, "one_symbol",
        citations("pilgrims", Q_PARTICIPANTS_SHOWN, Q_MULTIPLE_TYPES)),
    "abilities_after_another_activation": Option(
        "Table ruling: after \"another activation\" the player activates a second character; "
        "may the first character's unused abilities still be used this Activate phase? "
        "\"kept\" (default, the literal reading: a card's abilities are used \"in any order\", "
        "each once per activation, and no sentence ends them when another character is "
        "activated): yes, an ability event names the character (`character`) or is the last "
        "activated one's, else an earlier one's with it unused. \"ended\": the abilities are "
        "performed after their activation, so activating the second character ends the first "
        "one's.",
        {"enum": ["kept", "ended"]}, "kept",
        citations("pilgrims", Q_ANY_ORDER, Q_ABILITY_ONCE, Q_ANOTHER, Q_PERFORM)),
    "falconer_improvements_in_missions": Option(
        "Table ruling (solo): do the falconer's completed adventure cards count by their "
        "improvements for public quest missions 4 (an improvement with a means of movement) and "
        "6 (a discount improvement)? \"counted\" (default, the literal reading of the missions: "
        "\"Collect adventure cards with an improvement …\" names what the card shows, and the "
        "falconer scores \"Public quest tiles' quill spaces and missions\" as a player does; "
        "\"Ignore the improvements\" stands in his Adventure phase, where a player gains them): "
        "his cards count by their improvements, as a player's do. \"ignored\": his cards show "
        "no improvement for those missions either.",
        {"enum": list(scoring.FALCONER_IMPROVEMENTS)}, "counted",
        citations("pilgrims", scoring.Q_FALCONER_IMPROVEMENTS, scoring.Q_MISSION_MOVEMENT,
                  scoring.Q_MISSION_DISCOUNT, scoring.Q_FALCONER_SCORES,
                  scoring.Q_QUEST_CATEGORY)),
    "convert_for_leader": Option(
        "Table ruling: may a clover convert an item's activation symbol to activate the leader? "
        "The clover rule says \"to match a companion card\"; the activation rule covers \"a "
        "leader tile or a companion card\". Default false: the literal clover rule.",
        {"type": "boolean"}, False,
        citations("pilgrims", Q_CLOVER_ACTIVATION, Q_ACTIVATE)),
}


class Game(JourneyMixin, AbilitiesMixin, ImprovementsMixin, AdventureMixin, FalconerMixin,
           Referee):
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
    # 15: empty_item_deck governs every item draw (an ability, a passed-over space: nothing drawn)
    # 14: a card not entered (null) under a figure in a position is no card (finding 148, a stored
    # position replays to another map); 13: who is refused in another turn (finding 69)
    rules_version = 15
    phase_rule = Q_PHASES
    phase_names: ClassVar[dict] = {
        "start_corners": "Player setup: choosing corner spaces",
        "start_journeys": "Journey cards: choosing one", "turn_move": "Move phase",
        "turn_activate": "Activate phase", "turn_replenish": "Replenish phase",
        "falconer_move": "Falconer's turn: Move", "falconer_adventure": "Falconer's turn: Adventure",
        "falconer_replenish": "Falconer's turn: Replenish", "over": "Game over"}
    turn_rule = _OutOfTurnRule()  # Q_ROUNDS when read from the class
    end_rule = _EndRule()  # Q_GAME_END when read from the class
    # A face-up card (a map space's, a display place's) is a public fact, not a move: any seat's
    # phone may enter it whoever's turn it is, as Avignon's `draw` (finding 110).
    any_turn_events = frozenset({"reveal"})

    @classmethod
    def event_types_in_play(cls, G: dict) -> list[str]:
        """Journey cards only in the advanced game; the falconer's events only in a solo game."""
        return [kind for kind in EVENT_TYPES
                if (G["journey"] or kind != "choose_journey")
                and (G["solo"] or not kind.startswith("falconer"))]

    def turn_taken_by_entering(self) -> bool:
        """In another player's turn, the seat entering the event has played this round's turn
        before the current player's (more turns this round): it is over ("After replenishing
        cards, the player's turn is over."); a seat still to play is told the clockwise order."""
        seat, turns = self.entering, self.G["turns"]
        return (self.phase in self._TURN and seat in turns and seat != self.G["current"]
                and turns[seat] > turns[self.G["current"]])

    def refused_phase_quote(self, kind):
        """The sentence that forbids an event of type `kind` now: a corner after the setup (the
        setup step that gives each player one: finding 120), a falconer's phase out of order,
        another player's event in a turn (the turn order, before what the player on turn may not
        do: finding 95), a second movement, a second adventure or quest; else the fixed order of
        the phases."""
        phase = self.phase
        if kind == "choose_corner" and phase != "start_corners":  # one each, in the setup (120)
            return Q_SOLO_CORNER if self.G["solo"] else Q_CORNER_ORDER
        if phase.startswith("falconer"):
            if kind.startswith("falconer") or kind == "replenish":  # his phases out of order
                return Q_FALCONER_TURN
            return (Q_SOLO_ORDER, Q_FALCONER_TURN)
        if kind.startswith("falconer"):
            return Q_FALCONER_TURN
        if phase in self._TURN and self.entering not in self.current_players():
            return self.turn_rule  # not this player's turn: what they broke is the turn order
        if kind == "move" and phase in ("turn_activate", "turn_replenish"):
            return Q_ONE_MOVEMENT
        if kind in ("complete_adventure", "sign_up") and phase == "turn_replenish":
            return Q_ONE_ADVENTURE
        if kind == "buy_item" and phase in ("start_corners", "start_journeys"):
            return Q_CLOVER_ANY_TIME  # setup is no one's turn
        if phase == "start_corners":
            return Q_CORNER_ORDER
        if phase == "start_journeys":
            return Q_JOURNEY_SETUP
        return Q_PHASES

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
         "conditions": [_JOURNEY_DONE, "movement_space_empty", "one_black_dot_space"],
         "before": "do_move"},
        {"trigger": "activate", "source": "turn_activate", "dest": None,
         "conditions": [_JOURNEY_DONE, "activation_left", "character_in_party", "symbol_matches"],
         "before": "do_activate"},
        {"trigger": "gain_clover", "source": "turn_activate", "dest": None,
         "conditions": [_JOURNEY_DONE, "not_activated"], "before": "do_gain_clover"},
        {"trigger": "ability", "source": _TURN, "dest": None,
         "conditions": [_JOURNEY_DONE, "ability_available", "crossed_clover_paid"],
         "before": "do_ability"},
        {"trigger": "buy_item", "source": _TURN, "dest": None,
         "conditions": [_JOURNEY_DONE, "clovers_buy_from_the_deck", "two_clovers"],
         "before": "do_buy_item"},
        {"trigger": "complete_adventure", "source": "turn_activate", "dest": "turn_replenish",
         "conditions": [_JOURNEY_DONE, "activate_done"], "before": "do_complete"},
        {"trigger": "sign_up", "source": "turn_activate", "dest": "turn_replenish",
         "conditions": [_JOURNEY_DONE, "activate_done", "quest_room", "quill_left",
                        "quill_on_top_most"],
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
         "conditions": ["figure_in_order", "solo_card_of_the_chosen_sets"],
         "unless": ["second_figure"], "before": "do_falconer_move"},
        {"trigger": "falconer_move", "source": "falconer_move", "dest": "falconer_adventure",
         "conditions": ["figure_in_order", "solo_card_of_the_chosen_sets"],
         "before": "do_falconer_move"},
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
                raise SetupError(f"mission {quest['mission']} is not on "
                                 f"{'an' if quest['tile'] == 'A' else 'a'} {quest['tile']} tile",
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
            side_a = options.get("leader_side", "A") == "A"
            entered = given.get("abilities") if isinstance(given, dict) else None
            if side_a and entered is not None and sorted(entered) != sorted(
                    SIDE_A_LEADER_ABILITIES):
                raise SetupError("side A of a leader tile shows the movement diagram and "
                                 "reserve an adventure card, not "
                                 f"{', '.join(entered) or 'no ability'}: leave abilities out, or "
                                 "play side B (leader_side)", f"options.leaders.{seat}.abilities",
                                 Citation("pilgrims", Q_LEADER), (Citation("pilgrims", Q_SIDE_B),))
            abilities = SIDE_A_LEADER_ABILITIES if side_a else tile.get("abilities")
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
            "discard_pile": [],  # face up: every card in it, the top one last
            "deck_bottoms": [],  # cards put on the bottom of a deck: {deck, card, why}
        }
        if solo:
            G["figures"].update({"falcon": list(MIDDLE), "falconer": list(MIDDLE)})
            G["map"][2][2] = None
            G["falconer"] = {"hand": [], "companions": [], "completed": [], "clovers": 0,
                             "flipped": 0, "sets_flipped": [], "arrow": None, "moved": [],
                             "steps": [],
                             "difficulty": options.get("solo_difficulty", "easy")}
        if position is not None:
            return position_from(cls, G, position, options)
        return G, "start_corners"

    def effect(self, text: str, quote: str | None = None) -> None:
        super().effect(text[:1].upper() + text[1:], quote)

    @staticmethod
    def fresh_turn() -> dict:
        return {"activated": False, "activations": 1, "characters": [], "active": None,
                "earlier": [],
                "moves": [], "triggers": [], "improvements": [], "journey_rewards": [],
                "swap_means": None}

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

    def choices(self):
        return legal_events(self)

    # Hidden information: "A player's hand may hold any number of item cards. Don't show them to
    # other players!" Another seat (or a spectator) sees how many cards a hand holds, not which,
    # nor the starting item card a player drew (the corner's card is face up on the map), nor the
    # card a player put face down on the bottom of a deck ("Keep one, then put the other face-down
    # on the bottom of the ... deck.").
    hidden_information: ClassVar[bool] = True

    def visible_state(self, seat):
        state = deepcopy(self.G)
        for other, board in state.get("players", {}).items():
            if other != seat and isinstance(board, dict) and "hand" in board:
                board["hand"] = [None] * len(board["hand"])
        for bottom in state.get("deck_bottoms", []):
            if bottom.get("by", seat) != seat:
                bottom["card"] = None
        return state

    def visible_event(self, event, seat):
        """An item card that goes into a hand stays its owner's: the other seats and spectators
        read that a card was drawn or taken, not which (a card taken from the map was seen there)."""
        if event.get("player") == seat:
            return event
        kind = event.get("type")
        hidden = ()
        if kind == "choose_corner":
            hidden = ("drawn",)
        elif kind == "buy_item":
            hidden = ("item",)
        elif kind == "move" or (kind == "ability" and event.get("kind") == "move"):
            if "to" in event and self.space_kind(event["to"]) == "item":
                hidden = ("card",)
        elif kind == "ability" and event.get("kind") == "draw item":
            hidden = ("card", "bottom")
        elif kind == "ability" and event.get("kind") == "passed-over item":
            hidden = ("card",)  # drawn from the deck when a figure stands on the space
        elif kind == "ability" and event.get("kind") == "draw companion":
            hidden = ("bottom",)  # the kept one joins the party face up
        return {**event, **{field: None for field in hidden if field in event}}

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

    def draw(self, deck: str, card, field: str, why: str | None = None):
        """Take one card off a deck; `card` is what the players read on it. `why`: the sentence
        that has the card drawn (a move's, an ability's, a passed-over space's): such a draw from
        an empty deck finds nothing under the table's ruling (empty_companion_deck: nothing;
        empty_item_deck: nothing) and quotes it; a draw without one (clovers spent, the
        falconer's, a card put back) is refused then."""
        decks = self.G["decks"]
        if deck == "item" and decks["item"] == 0 and decks["discard"] > 0:
            decks["item"], decks["discard"] = decks["discard"], 0
            self.G["discard_pile"] = []
            self.effect("The item deck ran out: the discard pile is shuffled into a new deck.",
                        Q_ITEM_DECK)
        if decks[deck] == 0:
            if card is None and why is not None and self.draws_nothing(deck):
                empty, ruling = {"companion": ("The companion deck is", "empty_companion_deck"),
                                 "item": ("The item deck and its discard pile are",
                                          "empty_item_deck")}[deck]
                self.effect(f"{empty} empty: no card is drawn (table ruling {ruling}: "
                            "nothing).", why)
                return None
            empty = {"item": "The item deck and its discard pile are",
                     "level1": "The level I adventure deck is",
                     "level2": "The level II adventure deck is"}.get(deck, f"The {deck} deck is")
            raise self.violation(f"{empty} empty: no card to draw.",
                                 {"item": Q_ITEM_DECK, "companion": Q_COMPONENTS_COMPANIONS}
                                 .get(deck, Q_EMPTY_DECK))
        if card is None:
            raise BadRequest(f"say which {deck} card was drawn", field)
        decks[deck] -= 1
        return card

    def draws_nothing(self, deck: str) -> bool:
        """A draw from `deck`, empty, finds nothing (rather than being refused): the table's
        ruling for the companion deck (always) and for the item deck and its discard pile."""
        return deck == "companion" or (deck == "item"
                                       and self.option("empty_item_deck") == "nothing")

    def discard_items(self, items: list) -> None:
        """Item cards onto the face-up discard pile (its top is the last of `discard_pile`)."""
        self.G["decks"]["discard"] += len(items)
        self.G["discard_pile"].extend(items)

    def to_bottom(self, deck: str, card, why: str, by: str | None = None) -> None:
        """A card put on the bottom of a deck, recorded so the table can check its layout (the last
        one recorded for a deck is at its very bottom while that deck lasts). `by`: the seat that
        put it there face down, the only one who saw it (Pilgrims has no hidden information yet:
        hands are shown too)."""
        self.G["deck_bottoms"].append({"deck": deck, "card": card, "why": why,
                                       **({"by": by} if by else {})})

    def character(self, player, which, retired_quote=Q_RETIRED, missing_quote=Q_IN_PARTY):
        """The leader, a companion by its place in the party, or -- so that the mistake can be
        entered and refused -- a retired companion ({"retired": n}, 1 = the first retired); each
        refusal quoting what the character was named for."""
        if which == "leader":
            return player["leader"]
        if isinstance(which, dict):
            n = which["retired"]
            if not 1 <= n <= len(player["retired"]):
                raise BadRequest(f"you have {len(player['retired'])} retired companion(s)",
                                 "event.character")
            raise self.violation(f"{describe(player['retired'][n - 1])} is retired under the "
                                 "leader: it is no longer in the party.", retired_quote)
        if not 1 <= which <= len(player["party"]):
            raise self.violation(f"There is no companion at place {which} in your party.",
                                 missing_quote)
        return player["party"][which - 1]

    def take_at(self, who: str, space, card, retire, field: str, falconer: bool = False) -> None:
        """Take the card of `space` (or draw one), then move the figure there."""
        space = list(space)
        kind = self.space_kind(space)
        cell = self.cell(space)
        if cards.is_item(card) not in (None, kind == "item"):
            raise self.violation(f"Space {space_name(space)} gives {kind} cards.",
                                 Q_OTHER_GIVES if kind == "item" else Q_CAMPFIRE_GIVES)
        if card is not None:
            card = cards.resolve(kind, card, f"{field}.card")
        occupied = self.figures_on(space, mover=who)
        if cell is None or occupied:
            taken = self.draw(kind, card, f"{field}.card",
                              why=Q_DRAW_EMPTY if kind == "item" else Q_CAMPFIRE_DRAW)
            how = f"draws {'an' if kind == 'item' else 'a'}" if taken is not None else "finds no"
            self.effect(f"{self.name_of(who)} {how} {kind} card (space {space_name(space)} is "
                        f"{'occupied' if occupied else 'empty'}).", Q_DRAW_EMPTY)
        else:
            known = cell["card"]
            if known is not None and card is not None and known != card:
                raise self.violation(f"The card on space {space_name(space)} is {describe(known)}, not "
                                     f"{describe(card)}.", Q_TAKE_FIRST)
            taken = known if known is not None else card
            if taken is None:
                raise BadRequest(f"say which card lay on space {space_name(space)}", f"{field}.card")
            self.set_cell(space, None)
            # an item card going into a hand is its seat's only, in the effect as in the event
            shown = "the item card" if kind == "item" and not falconer else describe(taken)
            self.effect(f"{self.name_of(who)} takes {shown} from space {space_name(space)}.",
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
            if retire is None:  # over 3 with improvements: their sentence says how many
                raise self.violation(
                    f"Your party already has {limit} companions: say which one retires "
                    "(\"retire\").",
                    Q_PARTY_LIMIT if limit == PARTY_SIZE else (Q_PARTY_LIMIT, Q_MORE_COMPANIONS))
            self.retire(player, retire)
        elif retire is not None:
            raise BadRequest("the party has room: no companion retires", f"{field}.retire")
        player["party"].append({"card": companion, "holds": None})
        self.effect(f"{describe(companion)} joins the party.", Q_PARTY)

    def retire(self, player, place: int | str) -> None:
        if place == "leader":
            raise self.violation("The leader does not retire: retire a companion.", Q_LEADER_STAYS)
        member = self.character(player, place)
        self.renumber_activations(player["party"].index(member) + 1, len(player["retired"]) + 1)
        player["party"].remove(member)
        player["retired"].append(member["card"])
        if member["holds"] is not None:
            self.discard_items([member["holds"]])
        self.effect(f"{describe(member['card'])} retires under the leader"
                    + (", its item card is discarded." if member["holds"] else "."),
                    Q_RETIRED_DISCARD if member["holds"] else Q_PARTY_LIMIT)

    def renumber_activations(self, place: int, retired: int) -> None:
        """The companion at party place `place` retires (the `retired`-th under the leader): this
        turn's activations name it {"retired": n}, and the companions after it by their new
        places."""
        def renamed(which):
            if which == "leader" or isinstance(which, dict) or which < place:
                return which
            return {"retired": retired} if which == place else which - 1

        turn = self.G["turn"]
        turn["characters"] = [renamed(which) for which in turn["characters"]]
        for activation in [turn["active"], *turn["earlier"]]:
            if activation is not None:
                activation["character"] = renamed(activation["character"])

    def name_of(self, who: str) -> str:
        return "The falconer" if who in (FALCONER, *FIGURES) else self.player_name(who)

    # -- setup events --------------------------------------------------------------------------------

    @cites(Q_DIFFERENT_CORNER)
    def corner_free(self, event):
        if list(event["space"]) not in CORNERS:
            raise self.violation(f"Space {space_name(event['space'])} is not a corner space.",
                                 Q_SOLO_CORNER if self.G["solo"] else Q_CORNER_ORDER)
        if any(at == list(event["space"]) for at in self.G["figures"].values()):
            raise self.violation("Another player's figure stands on that corner.",
                                 Q_DIFFERENT_CORNER)
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

    # -- move ------------------------------------------------------------------------------------------

    @cites(Q_MOVE_TOKEN)
    def movement_space_empty(self, event):
        if event["movement"] in self.me(event)["movement"]:
            return f"Movement space {event['movement']} already has a movement token this round."
        return True

    @cites(Q_ONE_BLACK_DOT)
    def one_black_dot_space(self, event):
        if isinstance(event.get("card"), list):
            return (f"{len(event['card'])} cards taken in one move: choose one black dot space of "
                    "the movement diagram and take only its card.")
        return True

    def do_move(self, event):
        seat, movement = event["player"], event["movement"]
        swap = self.G["turn"].get("swap_means")
        if swap is not None and movement != swap:
            raise self.violation(f"You swapped item cards with an improvement triggered by moving "
                                 f"by movement space {swap}: the move must be by that means.",
                                 TRIGGERS["means"])
        self.me(event)["movement"].append(movement)
        self.effect(f"Movement token placed on movement space {movement}.", Q_MOVE_TOKEN)
        start = self.G["figures"][seat]
        via = self.extra_spaces(event)
        self.travel(seat, start, via, event["to"], event.get("over"), "event")
        self.happened(f"means:{movement}")
        self.take_at(seat, event["to"], event.get("card"), event.get("retire"), "event")

    # -- activate --------------------------------------------------------------------------------------

    @cites(Q_ACTIVATE_ONE)
    def activation_left(self, event):
        turn = self.G["turn"]
        if turn["activations"] <= 0:
            return ("You have already done your Activate phase this turn."
                    if turn["activated"] else "No activation is left this turn.")
        retired = isinstance(event["character"], dict)  # refused with its own sentence next
        if event["character"] in turn["characters"] and not retired:
            raise self.violation("That character was already activated this turn: another "
                                 "activation must be of another character.", Q_ANOTHER)
        return True

    @cites(Q_RETIRED)
    def character_in_party(self, event):
        self.character(self.me(event), event["character"])
        if not 1 <= event["hand"] <= len(self.me(event)["hand"]):
            raise self.violation(f"You have no item card at place {event['hand']} in your hand.",
                                 Q_ACTIVATE)
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
            if event["character"] == "leader" and not self.option("convert_for_leader"):
                raise self.violation("A clover converts an item's activation symbol to match a "
                                     "companion card, not the leader (table option "
                                     "convert_for_leader).", Q_CLOVER_ACTIVATION)
            if player["clovers"] < 1:
                raise self.violation("Converting the activation symbol costs 1 clover token.",
                                     Q_CLOVER_ACTIVATION)
            if event.get("convert_to", symbols[0]) not in symbols:
                raise self.violation(f"A clover converts the item's symbol to match the character "
                                     f"({', '.join(symbols)}), not to {event['convert_to']}.",
                                     Q_CLOVER_ACTIVATION)
            if item["activation"] in symbols and self.option("needless_conversion") == "refuse":
                raise self.violation(f"The {item['activation']} item already matches the "
                                     f"character ({', '.join(symbols)}): no clover converts it.",
                                     Q_CLOVER_ACTIVATION)
            return True
        if "convert_to" in event:
            raise BadRequest("convert_to goes with \"convert\": true", "event.convert_to")
        if item["activation"] not in symbols:
            return (f"A {item['activation']} item does not match {', '.join(symbols)}: "
                    "spend a clover to convert it (\"convert\": true).")
        return True

    def do_activate(self, event):
        player, turn = self.me(event), self.G["turn"]
        who = self.character(player, event["character"])
        item = player["hand"].pop(event["hand"] - 1)
        symbol = self.symbol_played(event, who, item)
        if event.get("convert"):
            player["clovers"] -= 1
            to = f" (to {symbol})" if symbol and symbol != item["activation"] else ""
            self.effect(f"1 clover spent to convert the item's activation symbol{to}.",
                        Q_CLOVER_ACTIVATION)
        if who["holds"] is not None:
            self.discard_items([who["holds"]])
            self.effect("The item card it held is discarded first.", Q_ONE_ITEM)
        who["holds"] = item
        self.happened(f"color:{item['adventure']}")
        if symbol:
            self.happened(f"activation:{symbol}")
        turn["activated"] = True
        turn["activations"] -= 1
        turn["characters"].append(event["character"])
        if turn["active"] is not None and \
                self.option("abilities_after_another_activation") == "kept":
            turn["earlier"].append(turn["active"])
        if event["character"] == "leader":
            abilities = who["abilities"]
        else:
            abilities = who["card"].get("abilities")
        turn["active"] = {"character": event["character"], "abilities": abilities, "used": []}
        label = "the leader" if event["character"] == "leader" else describe(who["card"])
        self.effect(f"{describe(item)} played under {label}: its abilities may be used.",
                    Q_ACTIVATE)

    def symbol_played(self, event, who, item) -> str | None:
        """The activation symbol the item card shows as it is played (table ruling
        converted_symbol): a clover's conversion changes it to the character's symbol — the one
        entered in `convert_to`, else the character's only one (none when it shows several)."""
        if not event.get("convert") or self.option("converted_symbol") == "printed":
            return item["activation"]
        symbols = who["activation"] if event["character"] == "leader" else who["card"]["activation"]
        return event.get("convert_to") or (symbols[0] if len(symbols) == 1 else None)

    @cites(Q_GAIN_CLOVER)
    def not_activated(self, event):
        if self.G["turn"]["characters"]:
            raise self.violation("You have already activated a character this turn: the "
                                 "Activate phase is one or the other.", Q_ACTIVATE_ONE)
        if self.G["turn"]["activated"]:
            return "You have already gained your clover this turn: the Activate phase is done."
        return True

    def do_gain_clover(self, event):
        self.me(event)["clovers"] += 1
        self.G["turn"].update(activated=True, activations=0)
        self.effect(f"{self.player_name(event['player'])} gains 1 clover token.", Q_GAIN_CLOVER)

    # -- adventure: see adventure.py; it follows the Activate phase

    @cites(Q_ACTIVATE_ONE)
    def activate_done(self, event):
        if not self.G["turn"]["activated"]:  # skipping a phase: which sentence is unclear, so both
            raise self.violation("First the Activate phase: play an item card under a character "
                                 "or gain a clover.", (Q_ACTIVATE_ONE, Q_PHASES))
        return True

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
        slots = self.empty_spaces()
        if len(given) > len(slots):
            held = [space_name(space) for space in self.empty_spaces(under_a_figure=True)]
            if len(given) <= len(slots) + len(held):  # the spaces under figures replenished too
                raise self.violation(
                    f"{len(slots)} map space(s) to replenish, {len(given)} cards given: "
                    f"{', '.join(held)} hold{'s' * (len(held) == 1)} a figure and do not "
                    "replenish.", Q_REPLENISH_MAP)
            raise BadRequest(f"{len(slots)} map space(s) to replenish, {len(given)} cards given",
                             "event.map")
        given += [None] * (len(slots) - len(given))
        filled = []
        for n, (space, card) in enumerate(zip(slots, given, strict=True)):
            kind = self.space_kind(space)
            if cards.is_item(card) not in (None, kind == "item"):
                raise self.violation(f"Space {space_name(space)} is replenished with a {kind} card.",
                                     Q_REPLENISH_ITEM if kind == "item" else Q_REPLENISH_CAMPFIRE)
            if card is not None:
                card = cards.resolve(kind, card, f"event.map[{n}]")
            if kind == "companion" and G["decks"]["companion"] == 0:
                if card is not None:  # refused, not dropped (ruling empty_companion_deck)
                    raise self.violation(f"The companion deck is empty (all 32 companion cards are "
                                         f"out of it): no card replenishes campfire "
                                         f"{space_name(space)}.", Q_COMPONENTS_COMPANIONS)
                continue
            if kind == "item" and G["decks"]["item"] == 0 and G["decks"]["discard"] == 0:
                if card is not None:  # a card entered all the same is refused, not dropped
                    raise self.violation(f"The item deck and its discard pile are empty: no card "
                                         f"replenishes space {space_name(space)}.", Q_ITEM_DECK)
                continue
            self.draw(kind, card or {}, f"event.map[{n}]")
            self.set_cell(space, {"card": card})
            filled.append(space)
        if filled:
            self.effect(f"{len(filled)} map space(s) replenished.", Q_REPLENISH_MAP)
        bare = [space for space in slots if space not in filled]
        for kind, spaces in (("item", [s for s in bare if self.space_kind(s) == "item"]),
                             ("companion", [s for s in bare if self.space_kind(s) != "item"])):
            if spaces:
                names = ", ".join(space_name(space) for space in spaces)
                self.effect(f"{names} stay{'s' * (len(spaces) == 1)} without a card: "
                            + ("the item deck and its discard pile are empty." if kind == "item"
                               else "the companion deck is empty (table ruling "
                                    "empty_companion_deck: nothing)."),
                            Q_ITEM_DECK if kind == "item" else Q_REPLENISH_CAMPFIRE)
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
        elif "new_level2" in event or "to_bottom" in event:
            raise self.violation("The display changes only at the end of round 2: this "
                                 "replenish does not end round 2.", Q_RATIO_CHANGE)

    def too_many_for_the_display(self, given: int, drawn: int) -> None:
        """More adventure cards entered for the display than it takes: the decks ran out (both
        empty: nothing is drawn), or the display already holds what its ratio asks for."""
        target = DISPLAY_RATIO[self.G["round"]]
        wanted = sum(max(0, target[group - 1]
                         - sum(1 for e in self.G["display"] if e["group"] == group))
                     for group in (1, 2))
        cards = f"{given} adventure card{'s' * (given != 1)} entered for the display"
        if drawn < wanted:
            left = (f"only {drawn} card{'s' * (drawn != 1)} could be drawn" if drawn
                    else "the display is not replenished")
            raise self.violation(f"Both adventure decks are empty: {left} ({cards}).",
                                 Q_BOTH_DECKS_EMPTY)
        raise self.violation(f"The display takes {drawn} adventure card{'s' * (drawn != 1)} "
                             f"now ({cards}).",
                             Q_RATIO_12 if self.G["round"] <= 2 else Q_RATIO_34)

    def round_two_bottom(self) -> int | None:
        """The display place of the card this replenish puts on the bottom of its deck when it ends
        round 2 (once the display is refilled), else None."""
        if self.G["round"] != 2 or not self.next_seat()[1]:
            return None
        display = [dict(e) for e in self.G["display"]]
        gaps = [list(gap) for gap in self.display_gaps()]
        for group, level in self.display_needs():
            placed(display, {"group": group, "level": level}, gaps)
        pick = self.round_two_pick(display)
        return None if pick is None else pick + 1

    def round_two_pick(self, display: list[dict]) -> int | None:
        """Where in `display` the card lies that the end of round 2 puts on the bottom of its deck
        (table ruling round_two_card): the rightmost level I card, or the middle one (the third
        from the left, the last of the level I places); None when there is none."""
        if self.option("round_two_card") == "middle":
            return DISPLAY_RATIO[2][0] - 1 if len(display) >= DISPLAY_RATIO[2][0] else None
        places = [n for n, e in enumerate(display) if e["level"] == 1]
        return places[-1] if places else None

    def empty_spaces(self, under_a_figure: bool = False) -> list[list[int]]:
        """The map's spaces with no card: those with no figure on them (the ones that replenish),
        or those under a figure."""
        return [[r, c] for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)
                if self.cell([r, c]) is None and bool(self.figures_on([r, c])) == under_a_figure]

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
        into_gaps = bool(self.display_gaps())
        if len(given) > len(needs):
            self.too_many_for_the_display(len(given), len(needs))
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
        self.G.pop("display_gaps", None)  # what is not filled closes up
        if needs:
            self.effect(f"{len(needs)} adventure card(s) added to the display"
                        + (", into the place(s) the cards were taken from first"
                           if into_gaps else "")
                        + ".", Q_RATIO_12 if self.G["round"] <= 2 else Q_RATIO_34)
        if any(level != group for group, level in needs):
            self.effect("An adventure deck is empty: drawn from the other deck.", Q_EMPTY_DECK)

    def insert_display(self, entry: dict) -> None:
        placed(self.G["display"], entry, self.display_gaps())

    def display_gaps(self) -> list:
        """The places cards were taken from this turn (the ruling display_refill_place:
        in_the_gap); none under after_its_level."""
        if self.option("display_refill_place") != "in_the_gap":
            return []
        return self.G.setdefault("display_gaps", [])

    def take_from_display(self, entry: dict) -> None:
        if self.option("display_refill_place") == "in_the_gap":
            the_gap_left(self.G["display"], entry, self.display_gaps())
        else:
            self.G["display"].remove(entry)

    def end_round(self, event):
        G = self.G
        self.effect(f"Round {G['round']} ends.", Q_ROUND_END)
        for player in G["players"].values():
            player["movement"] = []
        G["turns"] = {seat: 0 for seat in G["turns"]}
        if G["falconer"] is not None:
            G["falconer"]["flipped"] = 0
            G["falconer"]["sets_flipped"] = []
            if G["round"] < ROUNDS:  # after round 4 there is no next round to shuffle for
                self.effect("The 6 solo cards are shuffled into a new solo deck.", Q_SOLO_DECK)
        if G["round"] == 2:
            self.change_ratio(event)
        elif "new_level2" in event or "to_bottom" in event:
            raise self.violation(f"The display changes only at the end of round 2, not of round "
                                 f"{G['round']}.", Q_RATIO_CHANGE)
        if G["round"] == ROUNDS:
            self.effect("The game ends.", self.end_rule)
        else:
            G["round"] += 1
            self.effect(f"Round {G['round']} begins with the first player.", Q_ROUNDS)

    def change_ratio(self, event) -> None:
        """The end of round 2: a level I card to the bottom of its deck, a new level II card drawn
        (table ruling round_two_card for which card), then the places of rounds 3 and 4."""
        G = self.G
        middle = self.option("round_two_card") == "middle"
        pick = self.round_two_pick(G["display"])
        computed = None if pick is None else pick + 1
        which = ("the middle card of the display (the last level I place)" if middle
                 else "the rightmost level I adventure card")
        if "to_bottom" in event and event["to_bottom"] != computed:
            raise self.violation(
                f"The card put on the bottom of its deck is {which}, display place {computed}, "
                f"not place {event['to_bottom']}." if computed else
                f"There is no {'middle card' if middle else 'level I adventure card'} in the "
                "display to put on the bottom of its deck.", Q_RATIO_CHANGE)
        if pick is not None:
            out = G["display"].pop(pick)
            G["decks"][f"level{out['level']}"] += 1
            self.to_bottom(f"level{out['level']}", out["card"], f"end of round 2: {which}")
            self.effect(f"{which[:1].upper()}{which[1:]} (display place {computed}) goes to the "
                        f"bottom of the level {'I' * out['level']} deck.", Q_RATIO_CHANGE)
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
                if level == 1:
                    self.effect("The level II deck is empty: a level I card is drawn instead.",
                                Q_DRAW_INSTEAD)
        elif "new_level2" in event:
            raise self.violation("No card went to the bottom of its deck: no new level II card "
                                 "takes its place.", Q_RATIO_CHANGE)
        for n, entry in enumerate(G["display"]):  # the places of rounds 3 and 4, left to right
            entry["group"] = 1 if n < DISPLAY_RATIO[3][0] else 2
        self.effect("The display changes to 2 level I and 3 level II adventure cards.",
                    Q_RATIO_CHANGE)

    # -- reveal ----------------------------------------------------------------------------------------

    def do_reveal(self, event):
        if "space" in event:
            cell = self.cell(event["space"])
            if cell is None or cell["card"] is not None:
                raise BadRequest("that space holds no unknown card", "event.space")
            kind = self.space_kind(event["space"])
            if cards.is_item(event["card"]) not in (None, kind == "item"):
                raise self.violation(f"Space {event['space']} holds a {kind} card.",
                                     Q_OTHER_GIVES if kind == "item" else Q_CAMPFIRE_GIVES)
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
                 "journey_cards": self.G["journey"],
                 "falconer_improvements": self.option("falconer_improvements_in_missions")}
        result = scoring.score_tallies(self.tallies(), table)
        result["final"] = self.game_over
        if not self.game_over:  # the ranking is who leads; nobody has won before round 4 ends
            leaders = [self.name_of(seat) for seat in result["winners"]]
            result["winners"] = []
            result["decided_by"] = {
                "text": f"Round {self.G['round']} of 4: {' and '.join(leaders)} lead"
                        f"{'s' if len(leaders) == 1 else ''}.",
                "rule": self.cite(self.end_rule).to_json()}
        return result

    @classmethod
    def score(cls, tallies: dict) -> dict:
        return scoring.score(tallies)

