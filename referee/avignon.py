"""Avignon: Pilgrimage — the referee.

The table: five Map Cards in a line (Avignon, Nice, Genoa, Florence, Rome) between the two players,
Rome at one end and Avignon at the other; five PATHS (numbered 1–5) cross them, each holding one
character card at one LOCATION. PUSH moves a card one location toward the acting player's opponent,
PULL one location toward the acting player; a card moved past Rome or Avignon joins that player's
Congregation and a replacement is drawn into Genoa in the same path.

Chance is explicit: whenever a card must be drawn (the five face-up cards of the setup, an
Excommunicate, a scored card's replacement) the game waits in the `draw` phase for a `draw` event
naming the character drawn, and checks that such a card can still be in the deck. An action whose
ability goes on after a draw keeps its remaining steps in `G["pending"]` and resumes after the draw.

G (plain JSON):
  board          [{path, character|None, location|None}] for paths 1–5
  deck           {character: copies still in the deck}   (the deck is what is not elsewhere)
  discard        [character, ...]                         (face up, in the order discarded)
  congregations  {"rome": [...], "avignon": [...]}
  turn           the seat whose turn it is; first_turn: the Selfless Rule applies
  actions_taken  action types taken this turn; vicar_petitioned: a Vicar was petitioned this turn
  turn_start     {board, discard, congregations} at the start of this turn
  previous_turn  {player, actions, first_turn, start, end} — start and end are the two snapshots
                 the Samaritan Rule compares
  pending        {action, player, steps, ability, draw} while an action is resolving, else None
  winner, win_reason, win_rule, last_actor

Readings of the book where it is silent or ambiguous are table rulings (see `OPTIONS`); the default
is the most literal reading. Rulings that are not options, because the book leaves one reading:
  - Excommunicate may target any character in play (never a card in a Congregation).
  - The excommunicated card goes to the discard pile before the draw, so when the deck is empty it is
    shuffled back with the rest ("shuffle all discarded cards").
  - When a card must be drawn and the deck and discard pile are both empty, there is no card to draw:
    the path stays empty until the game ends (it can happen only when one action scores many cards).
  - A draw is never refused for the Samaritan Rule: it judges the actions players choose; when the
    card drawn completes a turn, the shuffle decided the board, not the player.
  - A turn may be ended early (`end_turn`) only when no action can legally be taken.
  - The Scribe's win is checked at the start of every turn, including the turn a position starts at.
  - A Vicar's second PUSH cannot name a card not yet drawn while another Bishop is in play.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from .core.rules import (
    BadRequest,
    EventType,
    Option,
    Referee,
    RuleViolation,
    SetupError,
    citations,
    cites,
)

# -- constants and the Reference Card ---------------------------------------------------------------

SEATS = ("rome", "avignon")
LOCATIONS = ("avignon", "nice", "genoa", "florence", "rome")
PATHS = (1, 2, 3, 4, 5)
ACTIONS = ("beseech", "chastise", "excommunicate", "petition")

_CARD_DATA = json.loads(
    (Path(__file__).parent / "data" / "avignon-characters.json").read_text(encoding="utf-8")
)
COPIES = _CARD_DATA["copies_each"]
CHARACTERS = tuple(c["name"] for c in _CARD_DATA["characters"])
FACTION = {c["name"]: c["faction"] for c in _CARD_DATA["characters"]}
ABILITY = {c["name"]: c["quote"] for c in _CARD_DATA["characters"]}
UNKNOWN = "?"  # a card not yet drawn, in a dry run of an ability

# -- the rules, quoted ------------------------------------------------------------------------------

Q_COPIES = "Use both copies of the chosen characters to form a 12 card deck."
Q_BOX = "- 12 Character Cards"
# the most cards one action moves past Rome or Avignon (the Vicar's petition: two Bishops pushed,
# the new character pulled), and the most it sends to one player (the Vicar's two Bishops, the
# Scribe and the character of the path it names, the two Ascetics)
ONE_ACTION_SCORES = 3
ONE_ACTION_TO_ONE_PLAYER = 2
_BOX_HOLDS = f"the game has {COPIES} of each character"
Q_SETUP = "Draw five cards and place them face up in a row extending outwards from Genoa."
Q_MAP = ("Set up the Map Cards between the players in this order: Avignon, Nice, Genoa, Florence "
         "and Rome.")
Q_FIRST = "The Roman player goes first."
Q_FACTIONS = ("When a card references any of those names (for a Petition ability or Alternate "
              "Win), it is referring to any card in that faction.")
Q_PUSH = ("When an action instructs a player to PUSH a card, that player takes a card and moves it "
          "the distance of one Map Card toward his or her opponent.")
Q_PULL = ("When an action instructs a player to PULL a card, that player takes one card and moves "
          "it the distance of one Map Card toward themselves.")
Q_TWO = ("On his or her turn, each player takes exactly two of the actions listed below, and the "
         "same action may not be taken twice.")
Q_ALTERNATE = "Play then alternates between the players."
Q_SELFLESS = "The player who has the first turn of the game takes only a single action."
Q_BESEECH = "BESEECH: Pull a character one space."
Q_CHASTISE = "CHASTISE: Push a character one space."
Q_EXCOMMUNICATE = ("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a new "
                   "character and place it in the exact position the removed card occupied.")
Q_EXCOMMUNICATE_SHUFFLE = "If the deck is empty, shuffle all discarded cards to form a new deck."
Q_PETITION = "PETITION: Use the unique PETITION ability of one character in play."
Q_SAMARITAN = ("Players may not take actions that, at the end of their turn, have completely "
               "reversed the previous player's turn.")
Q_PARTIAL = "Partial reversals are allowed."
Q_SCORE = ("If any action causes a card to move past either the Rome or the Avignon card, it is "
           "placed face up in front of the player it was moving towards.")
Q_REPLACE = ("That player then draws a new character and places it in the same row as the removed "
             "card, equal to Genoa.")
Q_SCORE_SHUFFLE = "If the deck is empty, shuffle the discard pile to form a new deck."
Q_OUT = ("Cards in a player's Congregation are considered to be out of play and cannot be affected "
         "by actions.")
Q_END = ("The game ends when one player has three cards in his or her Congregation. That player "
         "wins the game.")
Q_TIE = ("If two players would win the game at the same time, the player who took the game's final "
         "action wins.")
Q_RIVAL = "RIVAL (Opponent)"
Q_ASCETIC_END = ("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                 "to GENOA.")
Q_SCRIBE_WIN = ("At the start of your turn, if Scribe is in GENOA and you have two in your "
                "Congregation, WIN.")
Q_SCRIBE_EXAMPLE = ("Example - The Scribe: You (the active player) win at the start of your turn "
                    "if the Scribe is in Genoa and you have two characters in your Congregation.")
Q_VICAR, Q_NUNCIO, Q_CANONIST = ABILITY["Vicar"], ABILITY["Nuncio"], ABILITY["Canonist"]
Q_COURTESAN, Q_ASCETIC, Q_SCRIBE = ABILITY["Courtesan"], ABILITY["Ascetic"], ABILITY["Scribe"]
SCRIBE_CHOICES = ("Name the path adjacent to the Scribe (target) and whether to push or pull it "
                  "(move).")
ACTION_QUOTE = {"beseech": Q_BESEECH, "chastise": Q_CHASTISE, "excommunicate": Q_EXCOMMUNICATE,
                "petition": Q_PETITION}



# -- table rulings ----------------------------------------------------------------------------------

OPTIONS = {
    "win_timing": Option(
        "When a Congregation's third card ends the game. 'end_of_action' (default): one action's "
        "moves happen at the same time, so an opponent's third card lets the rest of the action "
        "resolve (replacement draws included) before wins are judged, and if both players then "
        "have three cards, the player who took that action wins — the only reading under which the "
        "printed tie rule can apply; the game ends at once when nothing left can change the "
        "winner: at the acting player's own third card, or when only replacement draws remain "
        "(they are not made). 'immediately': the game ends the moment any third card arrives; the "
        "rest of the ability and the replacement draw do not happen.",
        {"enum": ["end_of_action", "immediately"]}, "end_of_action",
        citations("avignon", Q_END, Q_TIE),
    ),
    "samaritan_compares": Option(
        "What the Samaritan Rule compares. 'board' (default): a turn completely reverses the "
        "previous one when every path holds the same character at the same location as before the "
        "previous turn began (and that turn had changed the board). 'board_and_piles': the discard "
        "pile and both Congregations must be restored too, since a turn's excommunications and "
        "scored cards are part of what it did.",
        {"enum": ["board", "board_and_piles"]}, "board",
        citations("avignon", Q_SAMARITAN, Q_PARTIAL, Q_OUT),
    ),
    "samaritan_ascetic_step": Option(
        "Whether the Samaritan Rule judges a turn before or after the Ascetic's end-of-turn step "
        "(the book orders neither: both happen 'at the end of' the turn). 'before_the_step' "
        "(default, the literal reading): the rule forbids 'actions' that have reversed the "
        "previous turn, and the step is none of the four actions; the Ascetic's own sentence has "
        "the turn end with him still in AVIGNON or ROME — so the board the turn's actions leave "
        "is compared. 'after_the_step': the board once the Ascetic has stepped back is compared, "
        "so an Ascetic's step can complete a reversal. Either way the previous turn is what it "
        "left on the table (after its own step).",
        {"enum": ["before_the_step", "after_the_step"]}, "before_the_step",
        citations("avignon", Q_SAMARITAN, Q_ASCETIC_END, Q_TWO),
    ),
    "vicar_excommunicate": Option(
        "Whether the Vicar's 'then EXCOMMUNICATE any other character' is the turn's EXCOMMUNICATE "
        "for 'the same action may not be taken twice'. 'part_of_petition' (default, the literal "
        "reading): the action taken is PETITION, one of the four listed actions; the ability's "
        "EXCOMMUNICATE is part of it, so the EXCOMMUNICATE action may be taken in the same turn. "
        "'the_action': the card names the action, so a Vicar's Petition and the EXCOMMUNICATE "
        "action are not taken in one turn (a position's earlier Petition is not read as the "
        "Vicar's: it does not say).",
        {"enum": ["part_of_petition", "the_action"]}, "part_of_petition",
        citations("avignon", Q_TWO, Q_PETITION, Q_VICAR, Q_EXCOMMUNICATE),
    ),
    "ascetic_rival_push": Option(
        "Direction of the Ascetic's 'RIVAL PUSH'. 'rival_pushes' (default): the RIVAL is the one "
        "pushing, so the cards move toward the player using the ability. 'toward_rival': an ordinary "
        "PUSH toward the rival.",
        {"enum": ["rival_pushes", "toward_rival"]}, "rival_pushes",
        citations("avignon", Q_ASCETIC, Q_RIVAL, Q_PUSH),
    ),
    "ascetic_end_move": Option(
        "Which Ascetics move at the end of a turn. 'either_end' (default): every Ascetic in AVIGNON "
        "or ROME, whichever player ends the turn. 'own_end': only an Ascetic at the end of the "
        "player ending the turn (Rome's player: ROME), the card being read by its owner.",
        {"enum": ["either_end", "own_end"]}, "either_end",
        citations("avignon", Q_ASCETIC_END, "One player will play as Rome and the other as Avignon."),
    ),
    "samaritan_reversal": Option(
        "Which turns the Samaritan Rule forbids. 'whole_turn' (default, the literal reading): a "
        "turn whose end leaves the table exactly as before the previous turn began (as "
        "`samaritan_compares` counts it); a turn that also does something else is a partial "
        "reversal and allowed. 'undoes_previous': a turn that puts back everything the previous "
        "turn changed is illegal even if it also changes something else. Either way the turn is "
        "judged when it ends, so the refusal comes at the action that would end it (its second "
        "action, or its only one on the first turn).",
        {"enum": ["whole_turn", "undoes_previous"]}, "whole_turn",
        citations("avignon", Q_SAMARITAN, Q_PARTIAL),
    ),
    "nuncio_pulls_itself": Option(
        "Whether the Nuncio's 'PULL all characters in the same location as Nuncio' pulls the "
        "Nuncio too. true (default): yes — the card says 'other' where it means other (Vicar, "
        "Canonist). false: only the other characters there.",
        {"type": "boolean"}, True,
        citations("avignon", Q_NUNCIO, Q_VICAR, Q_CANONIST),
    ),
    "vicar_pushes_itself": Option(
        "Whether the Vicar's 'PUSH Bishop twice' may push the Vicar himself (he is a Bishop). true "
        "(default): yes — a faction's name on a card refers 'to any card in that faction', and "
        "the card says 'other' where it means other ('EXCOMMUNICATE any other character'; the "
        "Canonist's 'two other characters'). false: only the other Bishop (the second Vicar); "
        "with none in play the PUSHes cannot be made.",
        {"type": "boolean"}, True,
        citations("avignon", Q_VICAR, Q_FACTIONS, Q_CANONIST),
    ),
    "courtesan_no_target": Option(
        "The Courtesan's 'PULL a character that is closer to your RIVAL than Courtesan' when no "
        "character is (the book prints no more and sends to buttonshygames.com). 'refused' "
        "(default): the ability names a character to PULL, so with none there is no ability to "
        "use. 'nothing_moves': the Petition is taken and nothing moves (as the Ascetic's with no "
        "other character of its faction, or the Vicar's with no Bishop in play).",
        {"enum": ["refused", "nothing_moves"]}, "refused",
        citations("avignon", Q_COURTESAN, Q_PETITION),
    ),
    "ascetic_moves_itself": Option(
        "Whether the Ascetic's 'RIVAL PUSH any and all characters that share a faction with it' "
        "moves the Ascetic too. true (default): yes — the card says 'other' where it means other "
        "(Vicar, Canonist). false: only the other characters of its faction.",
        {"type": "boolean"}, True,
        citations("avignon", Q_ASCETIC, Q_VICAR, Q_CANONIST),
    ),
    "after_leaving_play": Option(
        "The rest of an ability whose own character left play mid-ability (a Nuncio or Scribe "
        "pushed past Rome or Avignon). 'nothing' (default): the card is out of play, so nothing is "
        "in its location or in a path adjacent to it. 'last_position': the rest of the ability uses "
        "the path and location the card last occupied.",
        {"enum": ["nothing", "last_position"]}, "nothing",
        citations("avignon", Q_OUT, Q_NUNCIO, Q_SCRIBE),
    ),
}

# -- events and positions -----------------------------------------------------------------------

_PATH = {"type": "integer", "minimum": 1, "maximum": 5}
_NAME = {"enum": list(CHARACTERS)}
_SEAT = {"enum": list(SEATS)}
_BOARD = {
    "type": "array",
    "description": "the cards on the map: one per path",
    "items": {
        "type": "object",
        "properties": {"path": _PATH, "character": _NAME, "location": {"enum": list(LOCATIONS)}},
        "required": ["path", "character", "location"],
        "additionalProperties": False,
    },
}
_NAMES = {"type": "array", "items": _NAME}
_CARD = {
    "type": "object",
    "description": "a card named by what it is: its character, and where it lies when that is not "
                   "clear (`path` on the map, or the `congregation` it is in); a card out of play "
                   "can be named, so that acting on it is refused with the rule",
    "properties": {"character": _NAME, "path": _PATH, "congregation": _SEAT},
    "required": ["character"],
    "additionalProperties": False,
}
_TARGET = {"oneOf": [_PATH, _CARD], "description": "a path, or a card named by what it is"}

POSITION_SCHEMA = {
    "title": "An Avignon table: the rulebook's setup, or a game in progress",
    "description": (
        "Either only `face_up` (the five cards of the setup, path 1 to 5, placed in Genoa; Rome "
        "takes the first turn), or a position: the board, both Congregations, the discard pile "
        "(the deck is the rest), whose turn it is, whether it is the game's first turn, the "
        "actions already taken this turn, and the previous turn (for the Samaritan Rule)."
    ),
    "type": "object",
    "properties": {
        "face_up": {**_NAMES, "minItems": 5, "maxItems": 5},
        "board": _BOARD,
        "congregations": {
            "type": "object",
            "properties": {"rome": _NAMES, "avignon": _NAMES},
            "additionalProperties": False,
        },
        "discard": _NAMES,
        "turn": _SEAT,
        "first_turn": {"type": "boolean"},
        "actions_taken": {"type": "array", "items": {"enum": list(ACTIONS)}, "uniqueItems": True},
        "previous_turn": {
            "type": ["object", "null"],
            "description": "the board before the previous player's turn began (board_before) and "
                           "when it ended (board_after: defaults to the board when no action has "
                           "been taken this turn)",
            "properties": {
                "player": _SEAT,
                "actions": {"type": "array", "items": {"enum": list(ACTIONS)},
                            "uniqueItems": True, "maxItems": 2},
                "board_before": _BOARD,
                "board_after": _BOARD,
            },
            "required": ["board_before"],
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}

SCORE_SCHEMA = {
    "type": "object",
    "properties": {
        "congregations": {
            "type": "object",
            "properties": {"rome": _NAMES, "avignon": _NAMES},
            "required": ["rome", "avignon"],
            "additionalProperties": False,
        },
        "last_actor": {**_SEAT, "description": "who took the game's final action (needed when "
                       "both Congregations hold three cards)"},
        "scribe_in_genoa_at_start_of": {
            **_SEAT, "description": "a Scribe stands in Genoa at the start of this player's turn "
            "(the Scribe's win is judged then)"},
    },
    "required": ["congregations"],
    "additionalProperties": False,
    "examples": [{"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"], "avignon": ["Ascetic"]},
                  "last_actor": "rome"},
                 {"congregations": {"rome": ["Vicar", "Nuncio"], "avignon": ["Ascetic"]},
                  "scribe_in_genoa_at_start_of": "rome"}],
}


def other(seat: str) -> str:
    return "avignon" if seat == "rome" else "rome"


def _distance(location: str, seat: str) -> int:
    """Map Cards between a location and a player's end (Rome's end is the Rome card)."""
    return abs(LOCATIONS.index(location) - LOCATIONS.index(seat))


def _trial_copy(G: dict) -> dict:
    """A copy of G for a dry run: what resolving an action changes in place is copied (the board's
    rows, the deck, the piles, the actions taken); the rest is only ever replaced, never altered,
    so it is shared. (Several times faster than a deep copy, and a dry run is made for every
    candidate of `legal()`.)"""
    return {**G, "board": [dict(row) for row in G["board"]], "deck": dict(G["deck"]),
            "discard": list(G["discard"]),
            "congregations": {seat: list(cards) for seat, cards in G["congregations"].items()},
            "actions_taken": list(G["actions_taken"])}


class _OutOfTurnRule:
    """The rule quoted when a player acts out of turn (the core cites `model.turn_rule`).

    In the actions phase the player refused is the one not on turn: on the game's first turn, that
    is Avignon (Rome goes first); after Rome's single first action, Rome (the Selfless Rule).
    Otherwise the player either takes a third action or cuts into the other's turn: both break
    "exactly two" and "play then alternates", so both are quoted, "exactly two" first.
    """

    def __get__(self, model, owner):
        if model is None:
            return Q_ALTERNATE
        G = model.G
        if G["first_turn"]:
            return Q_FIRST
        previous = G["previous_turn"]
        if previous and not G["actions_taken"] and previous.get("first_turn"):
            return Q_SELFLESS
        return (Q_TWO, Q_ALTERNATE)


class _EndRule:
    """The rule that ended this game (a Congregation's third card, the tie, the Scribe)."""

    def __get__(self, model, owner):
        if model is None:
            return Q_END
        return model.G.get("win_rule") or Q_END


def _empty_board() -> list[dict]:
    return [{"path": p, "character": None, "location": None} for p in PATHS]


class Game(Referee):
    """Avignon: Pilgrimage, two players: Rome (first) and Avignon."""

    game_id = "avignon"
    title = "Avignon: Pilgrimage"
    seats = SEATS
    # 6: a start-of-turn Ascetic at an end refused (session 13); 7: samaritan_ascetic_step's
    # default judges a turn before the Ascetic's step (finding 162), G["vicar_petitioned"]
    rules_version = 7
    options = OPTIONS
    states = ["actions", "draw", "over"]
    initial = "actions"
    phase_rule = Q_TWO
    phase_names = {"actions": "Turn Sequence: two actions",
                   "draw": "Drawing a new character", "over": "Game over"}
    turn_rule = _OutOfTurnRule()  # Q_ALTERNATE when read from the class
    end_rule = _EndRule()  # Q_END when read from the class
    # The setup's five face-up cards: "Draw five cards and place them face up" names no player.
    table_events = frozenset({"draw"})

    @property
    def any_turn_events(self) -> frozenset[str]:
        """A `draw` entered by the player not on turn in the actions phase is a draw when none is
        due: refused by a_draw_is_due with the sentences that say when a card is drawn, not the
        turn rule. While a card is to be drawn, every entry is judged by the draw's guards
        (no_draw_pending, drawn_by_that_player), which name whose turn it is and who draws."""
        return frozenset(self.event_types) if self.phase == "draw" else frozenset({"draw"})
    position_schema = POSITION_SCHEMA
    score_schema = SCORE_SCHEMA
    example_setup = {
        "game": "avignon",
        "players": [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "avignon"}],
        "options": {},
        "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]},
    }
    _ACTION_GUARDS = {
        "beseech": ["action_not_repeated", "target_in_play"],
        "chastise": ["action_not_repeated", "target_in_play"],
        "excommunicate": ["action_not_repeated", "target_in_play"],
        "petition": ["action_not_repeated", "petition_is_legal"],
    }
    transitions = [
        *({"trigger": kind, "source": "actions", "dest": None, "conditions": guards,
           "after": "on_action"} for kind, guards in _ACTION_GUARDS.items()),
        *({"trigger": kind, "source": "draw", "dest": None, "conditions": ["no_draw_pending"]}
          for kind in (*ACTIONS, "end_turn")),
        {"trigger": "end_turn", "source": "actions", "dest": None,
         "conditions": ["turn_cannot_go_on"], "after": "on_end_turn"},
        {"trigger": "draw", "source": "draw", "dest": None,
         "conditions": ["drawn_by_that_player", "card_can_be_in_deck"], "after": "on_draw"},
        {"trigger": "draw", "source": "actions", "dest": None, "conditions": ["a_draw_is_due"]},
        # Internal: fired by the callbacks, never an event type.
        {"trigger": "await_draw", "source": "actions", "dest": "draw"},
        {"trigger": "resume", "source": "draw", "dest": "actions"},
        {"trigger": "finish", "source": ["actions", "draw"], "dest": "over"},
    ]
    event_types = {
        "beseech": EventType(
            "BESEECH: pull a character one space toward yourself: the one in `path`, or the `card` "
            "named by its character (and its path or Congregation when that is not clear).",
            {"path": _PATH, "card": _CARD}, (), {"type": "beseech", "player": "rome", "path": 3}),
        "chastise": EventType(
            "CHASTISE: push a character one space toward your opponent (`path` or `card`).",
            {"path": _PATH, "card": _CARD}, (),
            {"type": "chastise", "player": "rome", "card": {"character": "Nuncio"}}),
        "excommunicate": EventType(
            "EXCOMMUNICATE a character (`path` or `card`); a `draw` event follows.",
            {"path": _PATH, "card": _CARD}, (),
            {"type": "excommunicate", "player": "rome", "path": 3}),
        "petition": EventType(
            "PETITION: use the ability of a character (`path` or `card`), with its choices, each a "
            "path or a card named by what it is. Vicar: `bishops` [first, second PUSH] (left out "
            "under vicar_pushes_itself: false with no other Bishop in play) and "
            "`excommunicate`; Canonist: `switch` [two cards] and `push` (the path, after the "
            "switch, of the card pushed, or that card; the other is pulled); Courtesan: `target`; "
            "Scribe: `target` (in an adjacent path) and `move` (push or pull); Nuncio and Ascetic: "
            "no choice.",
            {"path": _PATH, "card": _CARD,
             "bishops": {"type": "array", "items": _TARGET, "minItems": 2, "maxItems": 2},
             "excommunicate": _TARGET,
             "switch": {"type": "array", "items": _TARGET, "minItems": 2, "maxItems": 2},
             "push": _TARGET, "target": _TARGET, "move": {"enum": ["push", "pull"]}},
            (),
            {"type": "petition", "player": "rome", "path": 2, "target": 1, "move": "pull"}),
        "draw": EventType(
            "The character drawn from the deck (the referee checks it can still be there).",
            {"character": _NAME}, ("character",),
            {"type": "draw", "player": "rome", "character": "Vicar"}, chance=True),
        "end_turn": EventType(
            "End the turn early: accepted only when no action can legally be taken.",
            example={"type": "end_turn", "player": "rome"}),
    }

    def __init__(self, players, options, G, phase):
        super().__init__(players, options, G, phase)
        self._sim = False  # a dry run of an ability: draws give UNKNOWN cards
        self._by_draw = False  # the event being applied is (or, in a dry run, includes) a draw

    # -- setup ------------------------------------------------------------------------------------

    @classmethod
    def setup(cls, players, options, position):
        G = {
            "board": _empty_board(),
            "deck": {name: COPIES for name in CHARACTERS},
            "discard": [],
            "congregations": {"rome": [], "avignon": []},
            "turn": "rome",
            "first_turn": True,
            "actions_taken": [],
            "vicar_petitioned": False,
            "turn_start": None,
            "previous_turn": None,
            "pending": None,
            "winner": None,
            "win_reason": None,
            "win_rule": None,
            "last_actor": None,
        }
        if position is None:
            steps = [{"op": "draw", "path": p, "location": "genoa", "why": "setup", "by": "rome"}
                     for p in PATHS]
            G["pending"] = {"action": "setup", "player": "rome", "steps": steps[1:],
                            "ability": None, "draw": steps[0]}
            return G, "draw"
        if "face_up" in position:
            extra = sorted(set(position) - {"face_up"})
            if extra:
                raise SetupError("give either face_up (a new game) or a position, not both",
                                 f"position.{extra[0]}")
            G["board"] = cls._read_board(
                [{"path": p, "character": c, "location": "genoa"}
                 for p, c in zip(PATHS, position["face_up"], strict=True)], "position.face_up",
                full=True)
            cls._count_cards(G, "position.face_up")
            G["turn_start"] = cls._snap(G)
            return G, "actions"
        return cls._read_position(G, position, options)

    @classmethod
    def _read_board(cls, cards, field, full):
        board = _empty_board()
        for index, card in enumerate(cards):
            row = board[card["path"] - 1]
            if row["character"] is not None:
                raise SetupError(f"path {card['path']} holds two cards; a path holds one",
                                 f"{field}[{index}].path")
            row.update(character=card["character"], location=card["location"])
        empty = [row["path"] for row in board if row["character"] is None]
        if empty and full:
            raise SetupError(f"path {empty[0]} has no card; each path holds one character card",
                             field)
        return board

    @classmethod
    def _count_cards(cls, G, field):
        """Fill the deck with what is not elsewhere; refuse a third copy of a character."""
        seen = [row["character"] for row in G["board"] if row["character"]]
        seen += G["discard"] + G["congregations"]["rome"] + G["congregations"]["avignon"]
        for name in CHARACTERS:
            count = seen.count(name)
            if count > COPIES:
                raise SetupError(f"{count} {name} cards: {_BOX_HOLDS}", field, cls.cite(Q_BOX),
                                 (cls.cite(Q_COPIES),))
            G["deck"][name] = COPIES - count

    @classmethod
    def _read_position(cls, G, position, options):
        G["discard"] = list(position.get("discard", []))
        congregations = position.get("congregations", {})
        G["congregations"] = {seat: list(congregations.get(seat, [])) for seat in SEATS}
        G["board"] = cls._read_board(position.get("board", []), "position.board", full=False)
        cls._count_cards(G, "position")
        empty = [row["path"] for row in G["board"] if row["character"] is None]
        if empty and (sum(G["deck"].values()) or G["discard"]):
            raise SetupError(f"path {empty[0]} has no card; a path is empty only when the deck "
                             "and discard pile are both empty", "position.board")
        for seat in SEATS:
            if len(G["congregations"][seat]) >= 3:
                raise SetupError(f"{seat} has {len(G['congregations'][seat])} cards in the "
                                 "Congregation: that game is already over",
                                 f"position.congregations.{seat}")
        G["turn"] = position.get("turn", "rome")
        G["first_turn"] = position.get("first_turn", False)
        G["actions_taken"] = list(position.get("actions_taken", []))
        required = 1 if G["first_turn"] else 2
        if len(G["actions_taken"]) >= required:
            raise SetupError(f"{len(G['actions_taken'])} actions taken: that turn is over",
                             "position.actions_taken")
        previous = position.get("previous_turn")
        if G["first_turn"]:
            if G["turn"] != "rome":
                raise SetupError("Rome takes the first turn", "position.turn")
            if previous:
                raise SetupError("the first turn has no previous turn", "position.previous_turn")
            cls._check_untouched(G)
        if previous:
            if previous.get("player", other(G["turn"])) == G["turn"]:
                raise SetupError(f"the previous turn was {other(G['turn'])}'s: play alternates "
                                 "between the players", "position.previous_turn.player")
            before = cls._read_board(previous["board_before"],
                                     "position.previous_turn.board_before", full=False)
            if "board_after" in previous:
                after = cls._read_board(previous["board_after"],
                                        "position.previous_turn.board_after", full=False)
            elif G["actions_taken"]:
                raise SetupError("actions were taken this turn: give the board when the previous "
                                 "turn ended (board_after)", "position.previous_turn.board_after")
            else:
                after = G["board"]
            piles = {"discard": sorted(G["discard"]),
                     "congregations": {s: sorted(G["congregations"][s]) for s in SEATS}}
            G["previous_turn"] = {
                "player": previous.get("player", other(G["turn"])),
                "actions": list(previous.get("actions", [])),
                "first_turn": False,
                "start": {"board": cls._cells(before), **piles},
                "end": {"board": cls._cells(after), **piles},
            }
            G["turn_start"] = G["previous_turn"]["end"]
        else:
            G["turn_start"] = cls._snap(G)
        if not G["actions_taken"]:
            if not G["first_turn"]:
                cls._check_ascetic_stepped(G, options)
            G["turn_start"] = cls._snap(G)
            cls._scribe_check(G, players_name=None)
            if G["winner"]:
                return G, "over"
        return G, "actions"

    @classmethod
    def _check_ascetic_stepped(cls, G, options):
        """At the start of a turn after the first, the previous player has just ended a turn, so
        no Ascetic their end-of-turn step moves can still lie in AVIGNON or ROME."""
        previous = other(G["turn"])
        ends = ("avignon", "rome") if options["ascetic_end_move"] == "either_end" else (previous,)
        for row in G["board"]:
            if row["character"] == "Ascetic" and row["location"] in ends:
                raise SetupError(
                    f"path {row['path']} holds the Ascetic in {row['location'].title()} at the "
                    f"start of {G['turn'].title()}'s turn, but {previous.title()} has just ended "
                    "a turn with him there: he lies one space closer to Genoa, or the position "
                    "is in the middle of a turn (actions_taken)", "position.board",
                    cls.cite(Q_ASCETIC_END))

    @staticmethod
    def _check_untouched(G):
        """Before the first turn's single action nothing has moved: the five cards of the setup
        lie in Genoa, nothing is discarded and both Congregations are empty."""
        for row in G["board"]:
            if row["location"] != "genoa":
                raise SetupError(f"path {row['path']} holds {row['character']} in "
                                 f"{row['location'].title()} on the first turn: before it, the "
                                 "five cards of the setup lie in Genoa", "position.board")
        if G["discard"]:
            raise SetupError("the discard pile holds cards on the first turn: nothing has been "
                             "excommunicated before it", "position.discard")
        for seat in SEATS:
            if G["congregations"][seat]:
                raise SetupError(f"{seat}'s Congregation holds cards on the first turn: nothing "
                                 "has scored before it", f"position.congregations.{seat}")

    # -- the turn -----------------------------------------------------------------------------------

    def current_players(self) -> list[str]:
        if self.phase == "draw":
            # the setup's cards either seat draws; a card scored or excommunicated, the player who
            # draws it ("That player then draws", "Draw a new character")
            step = self.G["pending"]["draw"]
            return list(SEATS) if step["why"] == "setup" else [step["by"]]
        return [self.G["turn"]]

    def required_actions(self) -> int:
        """Two actions a turn, one on the game's first turn."""
        return 1 if self.G["first_turn"] else 2

    @cites(Q_TWO)
    def action_not_repeated(self, event):
        if event["type"] in self.G["actions_taken"]:
            return (f"{self.player_name(event['player'])} has already taken {event['type']} this "
                    "turn: the same action may not be taken twice.")
        if len(self.G["actions_taken"]) >= self.required_actions():
            raise self.violation("This turn's actions are spent.",
                                 Q_SELFLESS if self.G["first_turn"] else Q_TWO)
        if self._vicar_excommunicate_repeated(event):
            raise self.violation(
                f"{self.player_name(event['player'])} has already excommunicated this turn "
                f"({'with the Vicar' if event['type'] == 'excommunicate' else 'as an action'}): "
                "under the table ruling vicar_excommunicate=the_action the Vicar's EXCOMMUNICATE "
                "is the EXCOMMUNICATE action, and the same action may not be taken twice.",
                (Q_TWO, Q_VICAR))
        return True

    def _character(self, path: int) -> str | None:
        return self.G["board"][path - 1]["character"]

    def _vicar_excommunicate_repeated(self, event) -> bool:
        """Under vicar_excommunicate=the_action: the EXCOMMUNICATE action after a Vicar's
        Petition this turn, or a Vicar's Petition after the EXCOMMUNICATE action."""
        if self.option("vicar_excommunicate") != "the_action":
            return False
        if event["type"] == "excommunicate":
            return self.G.get("vicar_petitioned", False)
        return (event["type"] == "petition" and "excommunicate" in self.G["actions_taken"]
                and self._character(self._resolve(event)["path"]) == "Vicar")

    @cites(Q_OUT)
    def target_in_play(self, event):
        path = self._resolve(event)["path"]
        if self.G["board"][path - 1]["character"] is None:
            raise self.violation(f"Path {path} holds no character: the deck and the discard pile "
                                 "ran out, so no card could be drawn into it.",
                                 ACTION_QUOTE[event["type"]])
        return True

    # -- naming a card: by its path, or by what it is ----------------------------------------------

    @classmethod
    def options_with_defaults(cls, options: dict) -> dict:
        """Sessions started before `self_in_group` was split into one option for the Nuncio and
        one for the Ascetic keep the value they chose for both."""
        if "self_in_group" in options:
            legacy = options["self_in_group"]
            options = {"nuncio_pulls_itself": legacy, "ascetic_moves_itself": legacy,
                       **{name: value for name, value in options.items() if name != "self_in_group"}}
        return super().options_with_defaults(options)

    def _resolve(self, event) -> dict:
        """The event with every card it names (`card`, or a choice given as a card) turned into the
        path that holds it. Naming a card out of play is refused with the rule: a Congregation's
        card is out of play; the discard pile's or the deck's is not on the map."""
        if "path" not in event and "card" not in event:
            raise BadRequest("name the card acted on: its path, or card {character, path or "
                             "congregation}", "event.path")
        kind = event["type"]
        resolved = dict(event)
        if "card" in event:
            path = self._locate(event["card"], "event.card", ACTION_QUOTE[kind])
            if "path" in event and event["path"] != path:
                raise BadRequest(f"path {event['path']} and card ({event['card']['character']}, "
                                 f"in path {path}) name two different cards", "event.card")
            resolved["path"] = path
            del resolved["card"]
        if kind != "petition":
            return resolved
        name = self.G["board"][resolved["path"] - 1]["character"]
        quote = ABILITY.get(name, Q_PETITION)
        for field in ("bishops", "switch"):
            if field in event:
                resolved[field] = [self._locate(ref, f"event.{field}[{n}]", quote)
                                   for n, ref in enumerate(event[field])]
        for field in ("excommunicate", "target"):
            if field in event:
                resolved[field] = self._locate(event[field], f"event.{field}", quote)
        if isinstance(event.get("push"), dict):  # the card pushed: after the switch, in the other path
            pushed = self._locate(event["push"], "event.push", quote)
            pair = resolved.get("switch", [])
            resolved["push"] = (pair[1] if pushed == pair[0] else pair[0]) if pushed in pair \
                else pushed
        return resolved

    def _locate(self, ref, field, off_map_quote) -> int:
        """The path of a card named by a path or by what it is."""
        if isinstance(ref, int):
            return ref
        name = ref["character"]
        if "congregation" in ref:
            seat = ref["congregation"]
            if name not in self.G["congregations"][seat]:
                raise BadRequest(f"{self.player_name(seat)}'s Congregation holds no {name}", field)
            raise self.violation(f"{name} is in {self.player_name(seat)}'s Congregation: out of "
                                 "play, it cannot be affected by actions.", Q_OUT)
        paths = [row["path"] for row in self.G["board"] if row["character"] == name]
        if "path" in ref:
            if ref["path"] not in paths:
                held = self.G["board"][ref["path"] - 1]["character"]
                raise BadRequest(f"path {ref['path']} holds {held or 'no character'}, not {name}",
                                 field)
            return ref["path"]
        if len(paths) == 1:
            return paths[0]
        if paths:
            raise BadRequest(f"both {name} cards are on the map (paths {paths[0]} and {paths[1]}): "
                             "say which path", field)
        seats = [seat for seat in SEATS if name in self.G["congregations"][seat]]
        if seats:
            raise self.violation(f"{name} is in {self.player_name(seats[0])}'s Congregation: out "
                                 "of play, it cannot be affected by actions.", Q_OUT)
        where = "in the discard pile" if name in self.G["discard"] else "still in the deck"
        raise self.violation(f"No {name} is on the map ({where}): only a character in play, on "
                             "a path, can be acted on.", off_map_quote)

    @cites(Q_EXCOMMUNICATE)
    def no_draw_pending(self, event):
        step = self.G["pending"]["draw"]
        drawn_first = (f"enter the character drawn into path {step['path']} "
                       f"({step['location'].title()})")
        if step["why"] != "setup" and event["player"] != self.G["turn"]:
            # the other player cuts into the turn: the turn order first (finding 98)
            turn = self.turn_rule
            raise self.violation(
                f"It is {self.player_name(self.G['turn'])}'s turn, not "
                f"{self.player_name(event['player'])}'s (and a card is to be drawn first: "
                f"{drawn_first}).",
                (*(turn if isinstance(turn, tuple) else (turn,)), self._draw_quote(step)))
        raise self.violation(f"A card must be drawn first: {drawn_first}.", self._draw_quote(step))

    @cites(Q_EXCOMMUNICATE)
    def a_draw_is_due(self, event):
        raise self.violation("No card is to be drawn now: a card is drawn only to replace one "
                             "excommunicated or scored.", (Q_EXCOMMUNICATE, Q_REPLACE))

    @cites(Q_REPLACE)
    def drawn_by_that_player(self, event):
        """A scored card's replacement is drawn by the player it was moving towards ("That player
        then draws"), an excommunicated card's by the player who excommunicated it ("Draw a new
        character"); the setup's five cards by either."""
        step = self.G["pending"]["draw"]
        if step["why"] == "setup" or event["player"] == step["by"]:
            return True
        drawer, other_seat = self.player_name(step["by"]), self.player_name(event["player"])
        if step["why"] == "scored":
            raise self.violation(
                f"The card scored from path {step['path']} joined {drawer}'s Congregation: "
                f"{drawer} draws its replacement, not {other_seat}.", Q_REPLACE)
        raise self.violation(
            f"{drawer} excommunicated the card of path {step['path']}: {drawer} draws the new "
            f"character, not {other_seat}.", Q_EXCOMMUNICATE)

    @cites(Q_COPIES)
    def card_can_be_in_deck(self, event):
        name = event["character"]
        if self.G["deck"][name] > 0:
            return True
        where = self._whereabouts(name)
        step = self.G["pending"]["draw"]
        if "the discard pile" in where and step["why"] != "setup":
            # the deck is not empty, or the discard pile would have been shuffled into it
            shuffle = Q_EXCOMMUNICATE_SHUFFLE if step["why"] == "excommunicate" else Q_SCORE_SHUFFLE
            raise self.violation(
                f"No {name} can be in the deck: the deck still has cards, and discarded cards "
                f"are shuffled back only when it is empty ({name}: {', '.join(where)}).",
                (shuffle, Q_COPIES))
        return (f"No {name} can be in the deck: both copies are accounted for "
                f"({', '.join(where)}).")

    @cites(Q_TWO)
    def turn_cannot_go_on(self, event):
        if not self._legal_actions():
            return True
        taken = len(self.G["actions_taken"])
        # the first turn's one action is the Selfless Rule's, which modifies "exactly two"
        raise self.violation(
            f"{self.player_name(event['player'])} has taken {taken} of the "
            f"{self.required_actions()} actions this turn and can still act; the turn ends by "
            "itself when they are taken.",
            (Q_SELFLESS, Q_TWO) if self.G["first_turn"] else Q_TWO)

    def on_action(self, event):
        event = self._resolve(event)
        if event["type"] == "petition" and self._character(event["path"]) == "Vicar":
            self.G["vicar_petitioned"] = True
        self._by_draw = False
        self.G["pending"] = self._start_action(event)
        self._advance()

    def on_draw(self, event):
        self._by_draw = True
        pending = self.G["pending"]
        step, pending["draw"] = pending["draw"], None
        self._place(step, event["character"], event["player"])
        self._advance()

    def on_end_turn(self, event):
        self.effect(f"{self.player_name(event['player'])} can take no further action.", Q_TWO)
        self._end_turn(samaritan=False)
        if self.G["winner"]:
            self.trigger("finish")

    def _advance(self):
        """Run the pending steps; move to the draw phase, back to actions, or to the end."""
        outcome = self._continue()
        if outcome == "over":
            self.trigger("finish")
        elif outcome == "draw" and self.phase == "actions":
            self.trigger("await_draw")
        elif outcome == "actions" and self.phase == "draw":
            self.trigger("resume")

    # -- resolving an action, step by step -----------------------------------------------------------

    def _start_action(self, event) -> dict:
        kind, player = event["type"], event["player"]
        toward = {"PULL": player, "PUSH": other(player)}
        pending = {"action": kind, "player": player, "steps": [], "ability": None, "draw": None}
        if kind == "beseech":
            pending["steps"] = [self._mv(event["path"], "PULL", toward, Q_BESEECH)]
        elif kind == "chastise":
            pending["steps"] = [self._mv(event["path"], "PUSH", toward, Q_CHASTISE)]
        elif kind == "excommunicate":
            pending["steps"] = [{"op": "excommunicate", "path": event["path"], "by": player}]
        else:
            row = self.G["board"][event["path"] - 1]
            pending["ability"] = {"character": row["character"], "path": event["path"],
                                  "location": row["location"], "gone": False}
            pending["steps"] = self._petition_steps(event, toward)
        return pending

    @staticmethod
    def _mv(path, verb, toward, quote=None):
        return {"op": "move", "path": path, "verb": verb, "toward": toward[verb],
                "quote": quote or (Q_PUSH if verb == "PUSH" else Q_PULL)}

    def _continue(self) -> str:
        pending = self.G["pending"]
        while pending["steps"]:
            step = pending["steps"].pop(0)
            if step["op"] == "draw":
                if not self._supply_ready(step):
                    continue
                if self._sim:
                    self._by_draw = True
                    self._place(step, self._sim_take(), step["by"])
                    continue
                pending["draw"] = step
                return "draw"
            getattr(self, "_op_" + step["op"])(step)
            if self.G["winner"] or self._win_settled(pending):
                self.G["last_actor"] = pending["player"]
                self.G["pending"] = None
                return "over"
        return self._action_done()

    def _win_settled(self, pending) -> bool:
        """'end_of_action': a third card ends the game as soon as nothing left in the action can
        change who wins — the acting player's own third card (a tie would be theirs too), or any
        third card followed only by replacement draws, which are then not made."""
        if self.option("win_timing") != "end_of_action" or pending["action"] == "setup":
            return False
        actor = pending["player"]
        if len(self.G["congregations"][actor]) < 3 and not (
                any(len(self.G["congregations"][s]) >= 3 for s in SEATS)
                and all(step["op"] == "draw" for step in pending["steps"])):
            return False
        return self._judge_wins(actor)

    def _judge_wins(self, actor) -> bool:
        winners = [s for s in SEATS if len(self.G["congregations"][s]) >= 3]
        if len(winners) == 2:
            self._win(actor, f"both Congregations hold three cards; "
                      f"{self.player_name(actor)} took the game's final action", Q_TIE)
        elif winners:
            self._win(winners[0], "three cards in the Congregation", Q_END)
        return bool(winners)

    def _action_done(self) -> str:
        pending, self.G["pending"] = self.G["pending"], None
        if pending["action"] == "setup":
            self.G["turn_start"] = self._snap(self.G)
            self.effect("The five face-up cards are in place; Rome takes the first turn.",
                        Q_FIRST)
            return "actions"
        actor = pending["player"]
        self.G["last_actor"] = actor
        if self.option("win_timing") == "end_of_action" and self._judge_wins(actor):
            return "over"
        self.G["actions_taken"].append(pending["action"])
        if len(self.G["actions_taken"]) >= self.required_actions():
            self._end_turn(samaritan=not self._by_draw)
            if self.G["winner"]:
                return "over"
        return "actions"

    def _move(self, path, verb, toward, quote):
        row = self.G["board"][path - 1]
        name = row["character"]
        if name is None:
            self.effect(f"Path {path} is empty: there is nothing to {verb}.")
            return
        index = LOCATIONS.index(row["location"]) + (1 if toward == "rome" else -1)
        ability = self.G["pending"]["ability"]
        if 0 <= index < len(LOCATIONS):
            row["location"] = LOCATIONS[index]
            if ability and ability["path"] == path and not ability["gone"]:
                ability["location"] = row["location"]
            self.effect(f"{verb}: {name} (path {path}) moves to {LOCATIONS[index].title()}.",
                        quote)
            return
        self._leave_play(path)
        congregation = self.G["congregations"][toward]
        congregation.append(name)
        self.effect(f"{verb}: {name} (path {path}) moves past {row_end(toward)} and joins "
                    f"{self.player_name(toward)}'s Congregation ({len(congregation)}).", Q_SCORE)
        if self.option("win_timing") == "immediately" and len(congregation) >= 3:
            self._win(toward, "three cards in the Congregation (the table's ruling: the game "
                      "ends the moment a third card arrives)", Q_END)
            self.G["pending"]["steps"] = []
            return
        self.G["pending"]["steps"].insert(
            0, {"op": "draw", "path": path, "location": "genoa", "why": "scored", "by": toward})

    def _leave_play(self, path):
        row = self.G["board"][path - 1]
        ability = self.G["pending"]["ability"]
        if ability and ability["path"] == path and not ability["gone"]:
            ability["gone"] = True
        row["character"] = row["location"] = None

    def _supply_ready(self, step) -> bool:
        """Reshuffle the discard pile into an empty deck; False when there is nothing to draw."""
        if sum(self.G["deck"].values()):
            return True
        if self.G["discard"]:
            for name in self.G["discard"]:  # (a dry run may discard a card it never knew)
                self.G["deck"][name if name != UNKNOWN else CHARACTERS[0]] += 1
            self.effect(f"The deck is empty: the {len(self.G['discard'])} discarded cards are "
                        "shuffled to form a new deck.",
                        Q_EXCOMMUNICATE_SHUFFLE if step["why"] == "excommunicate"
                        else Q_SCORE_SHUFFLE)
            self.G["discard"] = []
            return True
        self.effect(f"The deck and the discard pile are both empty: no card can be drawn, and "
                    f"path {step['path']} stays empty.")
        return False

    def _sim_take(self) -> str:
        for name in CHARACTERS:
            if self.G["deck"][name]:
                self.G["deck"][name] -= 1
                break
        return UNKNOWN

    def _place(self, step, name, player):
        row = self.G["board"][step["path"] - 1]
        row["character"], row["location"] = name, step["location"]
        if name != UNKNOWN:
            self.G["deck"][name] -= 1
        self.effect(f"{self.player_name(player)} draws {name} into path {step['path']} "
                    f"({step['location'].title()}).", self._draw_quote(step))

    @staticmethod
    def _draw_quote(step) -> str:
        return {"setup": Q_SETUP, "excommunicate": Q_EXCOMMUNICATE}.get(step["why"], Q_REPLACE)

    def _op_move(self, step):
        self._move(step["path"], step["verb"], step["toward"], step["quote"])

    def _op_excommunicate(self, step):
        path = step["path"]
        row = self.G["board"][path - 1]
        name, location = row["character"], row["location"]
        self._leave_play(path)
        self.G["discard"].append(name)
        self.effect(f"{name} (path {path}) is excommunicated to the discard pile.",
                    Q_EXCOMMUNICATE)
        self.G["pending"]["steps"].insert(0, {"op": "draw", "path": path, "location": location,
                                              "why": "excommunicate", "by": step["by"]})

    # -- the Petition abilities ---------------------------------------------------------------------------

    @cites(Q_PETITION)
    def petition_is_legal(self, event):
        """Check the choices, then dry-run the ability (cards still to be drawn unknown)."""
        event = self._resolve(event)
        row = self.G["board"][event["path"] - 1]
        name = row["character"]
        if name is None:
            return f"Path {event['path']} holds no character in play to petition."
        allowed = {"Vicar": {"bishops", "excommunicate"}, "Canonist": {"switch", "push"},
                   "Courtesan": {"target"}, "Scribe": {"target", "move"}}.get(name, set())
        extra = sorted(set(event) - {"type", "player", "path"} - allowed)
        if extra:
            raise self.violation(f"{name}'s PETITION takes no {extra[0]}.", ABILITY[name])
        needed = {"Vicar": ("excommunicate",) if self._vicar_pushes_nothing(row)
                  else ("bishops", "excommunicate"), "Canonist": ("switch", "push"),
                  "Courtesan": () if self._courtesan_pulls_nothing(row, event["player"])
                  else ("target",)}.get(name, ())
        missing = [field for field in needed if field not in event]
        if missing:
            raise self.violation(f"{name}'s PETITION needs a choice: {', '.join(missing)}.",
                                 ABILITY[name])
        self._dry_run(event)
        return True

    def _vicar_pushes_nothing(self, row: dict) -> bool:
        """Under vicar_pushes_itself: false, the Vicar in `row` has no other Bishop in play (nor
        a card not drawn yet) to PUSH: his Petition needs no `bishops` (the PUSHes cannot be
        made; `legal` lists it with his own path twice, which says the same)."""
        return not self.option("vicar_pushes_itself") and not any(
            cell["path"] != row["path"] and (cell["character"] == UNKNOWN
                                             or FACTION.get(cell["character"]) == "Bishop")
            for cell in self.G["board"])

    def _courtesan_pulls_nothing(self, row: dict, player: str) -> bool:
        """Under courtesan_no_target: nothing_moves, the Courtesan in `row` has no character on
        the map closer to the player's RIVAL than herself: her Petition is taken with no target."""
        if self.option("courtesan_no_target") != "nothing_moves":
            return False
        rival = other(player)
        return not any(cell["character"] and cell["character"] != UNKNOWN
                       and _distance(cell["location"], rival) < _distance(row["location"], rival)
                       for cell in self.G["board"])

    def _dry_run(self, event):
        saved = self.G, self.effects, self._by_draw
        self.G, self.effects, self._sim, self._by_draw = _trial_copy(self.G), [], True, False
        try:
            self.G["pending"] = self._start_action(event)
            self._continue()
        finally:
            self.G, self.effects, self._by_draw = saved
            self._sim = False

    def _petition_steps(self, event, toward) -> list[dict]:
        player, path = event["player"], event["path"]
        name = self.G["board"][path - 1]["character"]
        board = self.G["board"]
        if name == "Vicar":
            first, second = event.get("bishops", [path, path])  # none: _vicar_pushes_nothing
            for nth, p in (("first", first), ("second", second)):
                # (only a pushed Bishop's own path can take a new card before the second PUSH)
                held = board[p - 1]["character"]
                if FACTION.get(held) != "Bishop":
                    raise self.violation(f"The {nth} PUSH must move a Bishop (a Vicar); path {p} "
                                         f"holds {held or 'no character'}.", Q_VICAR)
            return [{"op": "vicar_push", "path": first, "nth": "first", "toward": toward["PUSH"]},
                    {"op": "vicar_push", "path": second, "nth": "second",
                     "toward": toward["PUSH"]},
                    {"op": "vicar_excommunicate", "path": event["excommunicate"], "by": player},
                    self._mv(event["excommunicate"], "PULL", toward, Q_VICAR)]
        if name == "Nuncio":
            return [self._mv(path, "PUSH", toward, Q_NUNCIO), {"op": "nuncio_pull",
                                                                "toward": toward["PULL"]}]
        if name == "Canonist":
            pair, pushed = event["switch"], event["push"]
            if len(set(pair)) != 2 or path in pair:
                raise self.violation("The Canonist switches two other characters: name two "
                                     "different paths, neither the Canonist's.", Q_CANONIST)
            for p in pair:
                if board[p - 1]["character"] is None:
                    raise self.violation(f"Path {p} holds no character.", Q_CANONIST)
            if pushed not in pair:
                raise self.violation("push must be one of the two switched paths.", Q_CANONIST)
            pulled = pair[1] if pushed == pair[0] else pair[0]
            return [{"op": "switch", "paths": pair},
                    self._mv(pushed, "PUSH", toward, Q_CANONIST),
                    self._mv(pulled, "PULL", toward, Q_CANONIST)]
        if name == "Courtesan" and "target" not in event:  # courtesan_no_target: nothing_moves
            self.effect(f"No character is closer to {self.player_name(other(player))} (your "
                        "RIVAL) than the Courtesan: nothing moves (table ruling "
                        "courtesan_no_target: nothing_moves).", Q_COURTESAN)
            return []
        if name == "Courtesan":
            target, mine = board[event["target"] - 1], board[path - 1]
            rival = other(player)
            if target["character"] is None:
                raise self.violation(f"Path {event['target']} holds no character.", Q_COURTESAN)
            if _distance(target["location"], rival) >= _distance(mine["location"], rival):
                raise self.violation(
                    f"{target['character']} in {target['location'].title()} is not closer to "
                    f"{self.player_name(rival)} (your RIVAL) than the Courtesan in "
                    f"{mine['location'].title()}.", Q_COURTESAN)
            return [self._mv(event["target"], "PULL", toward, Q_COURTESAN)]
        if name == "Ascetic":
            rival_push = self.option("ascetic_rival_push") == "rival_pushes"
            direction = player if rival_push else other(player)
            rows = [row["path"] for row in board
                    if row["character"] and FACTION.get(row["character"]) == FACTION["Ascetic"]
                    and (self.option("ascetic_moves_itself") or row["path"] != path)]
            if not rows:
                self.effect("No other character shares the Ascetic's faction: nothing moves.",
                            Q_ASCETIC)
            return [{"op": "move", "path": p, "verb": "RIVAL PUSH" if rival_push else "PUSH",
                     "toward": direction, "quote": Q_ASCETIC} for p in rows]
        # Scribe: the choices are judged before its PUSH, which may end the game
        target, move = event.get("target"), event.get("move")
        if (target is None) != (move is None):
            raise self.violation(SCRIBE_CHOICES, Q_SCRIBE)
        if target is not None and abs(target - path) != 1:
            raise self.violation(f"Path {target} is not adjacent to the Scribe's path {path}.",
                                 Q_SCRIBE)
        return [self._mv(path, "PUSH", toward, Q_SCRIBE),
                {"op": "scribe_second", "target": target, "move": move, "toward": toward}]

    def _op_vicar_push(self, step):
        path = step["path"]
        name = self.G["board"][path - 1]["character"]
        bishops = [row["path"] for row in self.G["board"]
                   if row["character"] and FACTION.get(row["character"]) == "Bishop"]
        unknown = [row["path"] for row in self.G["board"] if row["character"] == UNKNOWN]
        ability = self.G["pending"]["ability"]
        if path == ability["path"] and not ability["gone"] and \
                not self.option("vicar_pushes_itself"):
            others = [p for p in bishops + unknown if p != path]
            if others:
                raise self.violation(
                    f"The Vicar pushes the other Bishop (path {others[0]}), not himself (table "
                    "ruling vicar_pushes_itself: false).", Q_VICAR)
            self.effect(f"No other Bishop is in play: the Vicar's {step['nth']} PUSH cannot be "
                        "made (table ruling vicar_pushes_itself: false).", Q_VICAR)
        elif name and FACTION.get(name) == "Bishop":
            self._move(path, "PUSH", step["toward"], Q_VICAR)
        elif name == UNKNOWN and not bishops:
            pass  # dry run: the card drawn decides whether there is a Bishop to push
        elif name == UNKNOWN:
            raise self.violation(
                f"The card in path {path} is not drawn yet; the {step['nth']} PUSH must name the "
                f"Bishop in play (path {bishops[0]}).", Q_VICAR)
        elif not bishops and not unknown:
            self.effect(f"No Bishop is in play: the Vicar's {step['nth']} PUSH cannot be made.",
                        Q_VICAR)
        else:
            can = [str(p) for p in bishops + unknown]
            raise self.violation(
                f"The {step['nth']} PUSH must move a Bishop (a Vicar); path {path} holds "
                f"{name or 'no character'}. Bishops: path {', '.join(can)}.", Q_VICAR)

    def _op_vicar_excommunicate(self, step):
        ability = self.G["pending"]["ability"]
        path = step["path"]
        if not ability["gone"] and path == ability["path"]:
            raise self.violation("The Vicar excommunicates any OTHER character, not itself.",
                                 Q_VICAR)
        if self.G["board"][path - 1]["character"] is None:
            raise self.violation(f"Path {path} holds no character to excommunicate.", Q_VICAR)
        self._op_excommunicate(step)

    def _op_nuncio_pull(self, step):
        ability = self.G["pending"]["ability"]
        if ability["gone"] and self.option("after_leaving_play") == "nothing":
            self.effect("The Nuncio has left play: no character is in its location, so none is "
                        "pulled.", Q_OUT)
            return
        location = ability["location"]
        rows = [row["path"] for row in self.G["board"]
                if row["character"] and row["location"] == location
                and (self.option("nuncio_pulls_itself") or row["path"] != ability["path"]
                     or ability["gone"])]
        pulls = [{"op": "move", "path": p, "verb": "PULL", "toward": step["toward"],
                  "quote": Q_NUNCIO} for p in rows]
        if not pulls:
            self.effect(f"No character is in {location.title()} to pull.", Q_NUNCIO)
        self.G["pending"]["steps"][:0] = pulls

    def _op_switch(self, step):
        first, second = (self.G["board"][p - 1] for p in step["paths"])
        first["character"], second["character"] = second["character"], first["character"]
        self.effect(f"The Canonist switches {second['character']} (path {first['path']}) and "
                    f"{first['character']} (path {second['path']}).", Q_CANONIST)

    def _op_scribe_second(self, step):
        ability = self.G["pending"]["ability"]
        target, move = step["target"], step["move"]
        if ability["gone"] and self.option("after_leaving_play") == "nothing":
            if target is not None or move is not None:
                raise self.violation("The Scribe's PUSH takes it out of play, so no path is "
                                     "adjacent to it: leave out target and move.", Q_OUT)
            self.effect("The Scribe has left play: no path is adjacent to it.", Q_OUT)
            return
        if target is None:  # (a target not adjacent is refused before the PUSH)
            raise self.violation(SCRIBE_CHOICES, Q_SCRIBE)
        if self.G["board"][target - 1]["character"] is None:
            raise self.violation(f"Path {target} holds no character.", Q_SCRIBE)
        verb = move.upper()
        self._move(target, verb, step["toward"][verb], Q_SCRIBE)

    # -- end of turn, the Samaritan Rule, winning ---------------------------------------------------------

    def _end_turn(self, samaritan: bool):
        player = self.G["turn"]
        acted = self._snap(self.G)  # the board the turn's actions leave, before the Ascetic's step
        self._ascetic_end_move(player)
        if samaritan:
            self._samaritan_check(player, acted if self.option("samaritan_ascetic_step")
                                  == "before_the_step" else self._snap(self.G))
        self.G["previous_turn"] = {"player": player, "actions": list(self.G["actions_taken"]),
                                   "first_turn": self.G["first_turn"],
                                   "start": self.G["turn_start"], "end": self._snap(self.G)}
        self.G["turn"] = other(player)
        self.G["actions_taken"] = []
        self.G["vicar_petitioned"] = False
        self.G["first_turn"] = False
        self.G["turn_start"] = self._snap(self.G)
        self.effect(f"{self.player_name(player)}'s turn ends; "
                    f"{self.player_name(other(player))}'s turn begins.", Q_ALTERNATE)
        self._scribe_check(self.G, self.player_name)
        if self.G["winner"]:
            self.effect(f"{self.player_name(self.G['winner'])} wins: {self.G['win_reason']}.",
                        Q_SCRIBE_WIN)

    def _ascetic_end_move(self, player):
        ends = ("avignon", "rome") if self.option("ascetic_end_move") == "either_end" \
            else (player,)
        for row in self.G["board"]:
            if row["character"] == "Ascetic" and row["location"] in ends:
                row["location"] = "nice" if row["location"] == "avignon" else "florence"
                self.effect(f"The turn ends with the Ascetic (path {row['path']}) in "
                            f"{('Avignon' if row['location'] == 'nice' else 'Rome')}: it moves "
                            f"one space closer to Genoa, to {row['location'].title()}.",
                            Q_ASCETIC_END)

    def _samaritan_check(self, player, judged):
        """`judged`: the snapshot the turn is judged on (samaritan_ascetic_step)."""
        previous = self.G["previous_turn"]
        if not previous or previous["start"] is None:
            return
        before, after, now = (self._parts(previous["start"]), self._parts(previous["end"]),
                              self._parts(judged))
        changed = [part for part in before if before[part] != after[part]]
        if not changed:
            return
        if self.option("samaritan_reversal") == "undoes_previous":
            if all(now[part] == before[part] for part in changed):
                raise self.violation(
                    f"This turn would put back everything {self.player_name(previous['player'])}'s "
                    f"turn changed ({', '.join(changed)}), even though it also does something "
                    "else: under the table ruling samaritan_reversal=undoes_previous that is a "
                    "complete reversal.", Q_SAMARITAN)
            return
        if now == before:
            how = ("every path would hold the same character at the same location as before "
                   "that turn began (judged on the board positions only)"
                   if self.option("samaritan_compares") == "board" else
                   "the board, the discard pile and both Congregations would be exactly as before "
                   "that turn began")
            raise self.violation(
                f"This would completely reverse {self.player_name(previous['player'])}'s turn: "
                f"{how}. Partial reversals are allowed.", Q_SAMARITAN)

    def _parts(self, snapshot) -> dict:
        """What the Samaritan Rule compares, part by part: each path, and with
        samaritan_compares=board_and_piles the discard pile and each Congregation."""
        parts = {f"path {n}": cell for n, cell in enumerate(snapshot["board"], start=1)}
        if self.option("samaritan_compares") != "board":
            parts["the discard pile"] = snapshot["discard"]
            parts.update({f"{seat}'s Congregation": snapshot["congregations"][seat]
                          for seat in SEATS})
        return parts

    @staticmethod
    def _cells(board):
        return [[row["character"], row["location"]] for row in board]

    @classmethod
    def _snap(cls, G):
        return {"board": cls._cells(G["board"]), "discard": sorted(G["discard"]),
                "congregations": {s: sorted(G["congregations"][s]) for s in SEATS}}

    @staticmethod
    def _scribe_check(G, players_name):
        seat = G["turn"]
        scribe = any(row["character"] == "Scribe" and row["location"] == "genoa"
                     for row in G["board"])
        if scribe and len(G["congregations"][seat]) == 2:
            G["winner"] = seat
            G["win_reason"] = ("at the start of the turn the Scribe is in Genoa and the "
                               "Congregation holds two cards")
            G["win_rule"] = Q_SCRIBE_WIN

    def _win(self, seat, reason, quote):
        self.G["winner"], self.G["win_reason"], self.G["win_rule"] = seat, reason, quote
        self.effect(f"{self.player_name(seat)} wins: {reason}.", quote)

    def _whereabouts(self, name) -> list[str]:
        where = [f"path {row['path']}" for row in self.G["board"] if row["character"] == name]
        where += ["the discard pile"] * self.G["discard"].count(name)
        for seat in SEATS:
            where += [f"{self.player_name(seat)}'s Congregation"] * \
                self.G["congregations"][seat].count(name)
        return where

    # -- what can be done now ----------------------------------------------------------------------------

    def choices(self) -> list[dict]:
        if self.game_over:
            return []
        if self.phase == "draw":
            step = self.G["pending"]["draw"]
            return [{"type": "draw", "player": step["by"], "character": name}
                    for name in CHARACTERS if self.G["deck"][name] > 0]
        found = self._legal_actions()
        if not found:
            return [{"type": "end_turn", "player": self.G["turn"]}]
        return found

    def _legal_actions(self) -> list[dict]:
        found = []
        for event in self._candidates():
            if event["type"] == "petition" and "switch" in event:
                # [a, b] and [b, a] switch the same two cards: one trial answers for both
                a, b = event["switch"]
                if a < b and self._accepts(event):
                    found += [event, {**event, "switch": [b, a]}]
            elif self._accepts(event):
                found.append(event)
        return found

    def _candidates(self):
        player = self.G["turn"]
        board = self.G["board"]
        rows = [row["path"] for row in board if row["character"]]
        for kind in ("beseech", "chastise", "excommunicate"):
            if kind not in self.G["actions_taken"] and not self._vicar_excommunicate_repeated(
                    {"type": kind}):
                for p in rows:
                    yield {"type": kind, "player": player, "path": p}
        if "petition" in self.G["actions_taken"]:
            return
        for p in rows:
            base = {"type": "petition", "player": player, "path": p}
            name = board[p - 1]["character"]
            if name == "Vicar" and self._vicar_excommunicate_repeated(base):
                continue
            if name == "Vicar":
                bishops = [q for q in rows if FACTION[board[q - 1]["character"]] == "Bishop"]
                for first, second in itertools.product(bishops, bishops):
                    for target in rows:
                        yield {**base, "bishops": [first, second], "excommunicate": target}
            elif name == "Canonist":
                others = [q for q in rows if q != p]
                for a, b in itertools.permutations(others, 2):  # [a, b] and [b, a] both accepted
                    yield {**base, "switch": [a, b], "push": a}
                    yield {**base, "switch": [a, b], "push": b}
            elif name == "Courtesan":
                if self._courtesan_pulls_nothing(board[p - 1], player):
                    yield base
                for q in rows:
                    if q != p:
                        yield {**base, "target": q}
            elif name == "Scribe":
                yield base
                for q in (p - 1, p + 1):
                    if q in rows:
                        yield {**base, "target": q, "move": "push"}
                        yield {**base, "target": q, "move": "pull"}
            else:
                yield base

    def effect(self, text: str, quote: str | None = None) -> None:
        if not self._sim:  # a dry run's effects are never shown
            super().effect(text, quote)

    def _accepts(self, event) -> bool:
        """Would the event be accepted now? Candidates are well formed, for the player on turn,
        of an action not yet taken and at a card in play, so what is left to judge is what the
        action does: a dry run of it on a copy of G (cards still to be drawn unknown), through
        the end of the turn and the Samaritan Rule when it ends the turn without a draw, exactly
        as the event would run — without the state machine, which only routes the event."""
        if event["type"] != "petition" and \
                len(self.G["actions_taken"]) + 1 < self.required_actions():
            return True  # a move or an excommunication can be refused only when it ends the turn
        saved_effects = self.effects
        try:
            if event["type"] == "petition":
                self.petition_is_legal(event)  # its checks, then the same dry run
            else:
                self._dry_run(event)
            return True
        except RuleViolation:
            return False
        finally:
            self.effects = saved_effects

    # -- scores -------------------------------------------------------------------------------------------

    def scores(self) -> dict:
        return self._score_sheet(self.G["congregations"], self.player_name, self.G["winner"],
                                 self.G["win_reason"], self.G["win_rule"])

    @classmethod
    def _score_sheet(cls, congregations, name_of, winner, reason, rule):
        card_rule = cls.cite(Q_SCORE).to_json()
        players = [{"seat": seat, "name": name_of(seat), "total": len(congregations[seat]),
                    "breakdown": [{"label": card, "points": 1, "rule": card_rule}
                                  for card in congregations[seat]]} for seat in SEATS]
        if winner is None:
            reason = reason or "No one has three cards in a Congregation yet."
            rule = rule or Q_END
        return {"players": players, "winners": [winner] if winner else [],
                "decided_by": {"text": reason, "rule": cls.cite(rule).to_json()}}

    @classmethod
    def score(cls, tallies: dict) -> dict:
        """Who has won, from both Congregations and who took the last action."""
        congregations = tallies["congregations"]
        cards = congregations["rome"] + congregations["avignon"]
        for name in CHARACTERS:
            if cards.count(name) > COPIES:
                raise BadRequest(f"{cards.count(name)} {name} cards: {_BOX_HOLDS}", "congregations",
                                 citation=cls.cite(Q_BOX), also=(cls.cite(Q_COPIES),))
        cls.reachable(congregations)
        three = [seat for seat in SEATS if len(congregations[seat]) >= 3]
        winner, reason, rule = None, None, None
        if len(three) == 2:
            actor = tallies.get("last_actor")
            if actor is None:
                raise BadRequest("both Congregations hold three cards: say who took the game's "
                                 "final action", "last_actor")
            winner, rule = actor, Q_TIE
            reason = (f"both Congregations hold three cards; {actor.title()} took the game's "
                      "final action")
        elif three:
            winner, rule = three[0], Q_END
            reason = f"{three[0].title()} has three cards in the Congregation"
        scribe_turn = tallies.get("scribe_in_genoa_at_start_of")
        if scribe_turn is not None:
            if cards.count("Scribe") == COPIES:
                raise BadRequest("both Scribes are in Congregations, out of play: no Scribe can "
                                 "be in Genoa", "scribe_in_genoa_at_start_of")
            if winner is None and len(congregations[scribe_turn]) == 2:
                winner, rule = scribe_turn, Q_SCRIBE_WIN
                reason = (f"at the start of {scribe_turn.title()}'s turn the Scribe is in Genoa "
                          "and the Congregation holds two cards")
        return cls._score_sheet(congregations, str.title, winner, reason, rule)

    @classmethod
    def reachable(cls, congregations: dict) -> None:
        """Congregations the game can end with (findings 111, 153). It ends as soon as one holds
        three (Q_END), so before the final action each held two at most. One action scores at
        most three cards, and at most two towards one player: the Vicar pushes Bishops (two
        copies) towards the rival and pulls the new character towards its user; the Scribe pushes
        itself and pushes or pulls the character in one path next to it ("any in a path
        adjacent"); the Ascetic's RIVAL PUSH moves the two Ascetics, the Peasants; the Nuncio,
        pushed away from its user first, pulls its location's characters back towards the
        middle, never past its user's end; the Courtesan's target lies farther from its user than
        the Courtesan; the Canonist moves one each way, BESEECH and CHASTISE one. So at most
        2 + 2 in one Congregation and 2 + 2 + 3 in both."""
        held = {seat: len(congregations[seat]) for seat in SEATS}
        most_one, most_both = 2 + ONE_ACTION_TO_ONE_PLAYER, 2 + 2 + ONE_ACTION_SCORES
        over = [seat for seat in SEATS if held[seat] > most_one]
        if over or sum(held.values()) > most_both:
            raise BadRequest(
                f"{held['rome']} and {held['avignon']} cards in the Congregations: the game ends "
                "as soon as one holds three, so before the final action each held two at most, "
                f"and one action scores at most {ONE_ACTION_SCORES} cards, "
                f"{ONE_ACTION_TO_ONE_PLAYER} of them towards one player ({most_one} in one "
                f"Congregation, {most_both} in both)",
                f"congregations.{over[0]}" if over else "congregations", citation=cls.cite(Q_END))


def row_end(seat: str) -> str:
    return "Rome" if seat == "rome" else "Avignon"
