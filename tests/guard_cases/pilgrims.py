"""Pilgrims: Curious Adventures — every refusal, with the sentence it quotes and why that one.

Positions are entered as a table would enter them (`Game.position_schema`): Ann (p1) starts in the
top-left corner, Bob (p2) in the bottom-right; the campfires and public quests are the example
setup's (campfires B1... as [row, column]: [1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]).
"""

import copy

from referee.pilgrims import Game
from referee.pilgrims.abilities import (
    Q_ABILITY_ONCE,
    Q_ANOTHER,
    Q_CLOVER_ANY_TIME,
    Q_CLOVER_DRAW_COST,
    Q_CROSSED_CLOVER,
    Q_NO_MAP_BUY,
    Q_PERFORM,
)
from referee.pilgrims.adventure import (
    Q_ADVENTURE_FROM,
    Q_AT_MOST_TWO,
    Q_CLOVER_ADVENTURE,
    Q_CLOVER_TO_MATCH,
    Q_CLOVER_TYPE,
    Q_COMPANIONS_NEEDED,
    Q_COMPLETED,
    Q_DISCOUNT,
    Q_DISCOUNT_UNCONVERTED,
    Q_LEADER_STAYS,
    Q_MULTIPLE_TYPES,
    Q_NO_PARTY_REQUIREMENT,
    Q_NOT_TWICE,
    Q_ONE_ADVENTURE,
    Q_ONE_QUILL_SPACE,
    Q_PARTICIPANTS_SHOWN,
    Q_PARTICIPATING,
    Q_PAY,
    Q_QUILL,
    Q_RETIRED_DISCARD,
    Q_TYPE_SYMBOL,
)
from referee.pilgrims.game import (
    Q_ACTIVATE,
    Q_ACTIVATE_ONE,
    Q_BOTH_DECKS_EMPTY,
    Q_CAMPFIRE_GIVES,
    Q_CLOVER_ACTIVATION,
    Q_COMPONENTS_COMPANIONS,
    Q_CORNER_ORDER,
    Q_DIFFERENT_CORNER,
    Q_GAIN_CLOVER,
    Q_GAME_END,
    Q_IN_PARTY,
    Q_ITEM_DECK,
    Q_MOVE_TOKEN,
    Q_NEXT,
    Q_ONE_BLACK_DOT,
    Q_ONE_MOVEMENT,
    Q_OTHER_GIVES,
    Q_PARTY_LIMIT,
    Q_PHASES,
    Q_RATIO_CHANGE,
    Q_REPLENISH_MAP,
    Q_RETIRED,
    Q_ROUNDS,
    Q_TAKE_FIRST,
)
from referee.pilgrims.improvements import (
    Q_CROSSED,
    Q_DIAGRAM,
    Q_EXTRA_SPACE,
    Q_PASSED_OVER,
    Q_SWAP,
    Q_TRIGGERED,
)
from referee.pilgrims.journey import (
    Q_ADVANCED,
    Q_IMMEDIATE_REWARD,
    Q_JOURNEY_DONE,
    Q_JOURNEY_EMPTY,
    Q_JOURNEY_NEXT,
)
from referee.pilgrims.solo import (
    Q_FALCONER_ARROW,
    Q_FALCONER_FIRST,
    Q_FALCONER_NEXT,
    Q_FALCONER_NOTHING,
    Q_FALCONER_QUEST_ONLY_IF,
    Q_FALCONER_SELECTS,
    Q_FALCONER_SPENDS,
    Q_FALCONER_WILD_ONLY,
    Q_SOLO_ORDER,
    Q_SOLO_TWO_SETS,
)

from . import Case


def I(adventure, activation):  # noqa: E743 - an item card, as read off the table
    return {"adventure": adventure, "activation": activation}


def C(types, activation, **more):
    return {"types": list(types), "activation": list(activation), **more}


def A(level, points, party=(), cost=(), crosses=0, **more):
    return {"level": level, "points": points, "party": list(party), "cost": list(cost),
            "crosses": crosses, "clovers": 0, "improvement": [], **more}


def M(card, holds=None):
    return {"card": card, "holds": holds}


DISPLAY = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
           A(2, 4, [], ["fist", "leaf"]), A(2, 5, [], ["speech", "speech"])]
BEAST = C(["beast"], ["star"])


def setup(position=None, players=("Ann", "Bob"), **options) -> dict:
    body = copy.deepcopy(Game.example_setup)
    del body["game"]
    body["players"] = list(players)
    body["options"].update(options)
    if len(players) != 2 and "leaders" not in options:
        body["options"]["leaders"] = {f"p{n + 1}": {"activation": ["sword"]}
                                      for n in range(len(players))}
    if position is not None:
        body["position"] = position
    return body


def seats(p1=None, p2=None, **more) -> dict:
    return {"p1": {"figure": [1, 1], **(p1 or {})}, "p2": {"figure": [5, 5], **(p2 or {})}, **more}


def activate(p1=None, p2=None, **more) -> dict:
    """Ann's turn 1 after her move: the Activate phase."""
    return setup({"phase": "activate", "display": DISPLAY,
                  "players": seats({"movement": [1], **(p1 or {})}, p2), **more})


def adventure(p1=None, p2=None, **more) -> dict:
    """Ann has gained her clover: the Adventure phase may follow."""
    return activate(p1, p2, turn={"activated": True}, **more)


SHEPHERD = C(["wanderer", "beast"], ["star"])


def with_options(body: dict, **options) -> dict:
    return {**body, "options": {**body["options"], **options}}


def ev(event_type, player="p1", **fields) -> dict:
    return {"type": event_type, "player": player, **fields}


SOLO_FALCONER = {"current": "falconer", "turns": {"p1": 1, "falconer": 0}, "display": DISPLAY,
                 "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                 "falconer": {"falcon": [3, 3], "falconer": [3, 3],
                              "hand": [I("coin", "star"), I("leaf", "star")]}}


def falconer_adventure(display=DISPLAY, **falconer) -> dict:
    """The falconer has moved both figures (arrow right): his Adventure phase."""
    return setup({"current": "falconer", "phase": "falconer_adventure",
                  "turns": {"p1": 1, "falconer": 0}, "display": display,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                               "moved": ["falcon", "falconer"], "arrow": "right", **falconer}},
                 players=("Kim",))


FOUR = ("Ann", "Bob", "Cat", "Dan")
ROUND_2_LAST = {"round": 2, "phase": "replenish", "current": "p2", "display": DISPLAY,
                "turns": {"p1": 3, "p2": 2},
                "players": seats({"movement": [1, 2, 3]}, {"movement": [1, 2, 3]})}

CASES = [
    # -- setup: the corners
    Case("corner_free", setup(), ev("choose_corner", "p2", space=[1, 2], drawn=I("leaf", "star")),
         Q_CORNER_ORDER, "[1, 2] is not a corner: the step says each player chooses one of the "
                         "corner spaces"),
    Case("corner_free", setup(), ev("choose_corner", space=[5, 5], drawn=I("leaf", "star")),
         Q_DIFFERENT_CORNER, "Bob already stands on [5, 5]: 'Each player must choose a different "
                             "corner'",
         events=[ev("choose_corner", "p2", space=[5, 5], item=I("fist", "star"),
                    drawn=I("leaf", "star"))]),
    Case("turn_rule (corners)", setup(), ev("choose_corner", space=[1, 1],
                                            item=I("fist", "star"), drawn=I("leaf", "star")),
         Q_CORNER_ORDER, "Ann chooses before Bob, the last player: the step starts with the last "
                         "player and goes counterclockwise"),
    Case("phase_rule (a second corner after the setup)", setup(),
         ev("choose_corner", space=[1, 5], item=I("fist", "star"), drawn=I("leaf", "star")),
         Q_CORNER_ORDER, "Ann has her corner and her turn has begun: the setup step gives each "
                         "player one corner, not the turn's phases (finding 120)",
         events=[ev("choose_corner", "p2", space=[5, 5], item=I("fist", "star"),
                    drawn=I("leaf", "star")),
                 ev("choose_corner", space=[1, 1], item=I("fist", "star"),
                    drawn=I("leaf", "star"))]),
    Case("phase_rule (an item bought during setup)", setup(),
         ev("buy_item", player="p2", item=I("fist", "star")),
         Q_CLOVER_ANY_TIME, "Bob, choosing his corner, spends 2 clovers on an item card: setup is "
                            "no one's turn, and a player may do this any time during their turn "
                            "(he has 1 clover too, but the time is what he broke first)"),
    # -- the Move phase
    Case("movement_space_empty",
         setup({"current": "p1", "turns": {"p1": 1, "p2": 1},
                "players": seats({"movement": [1]}, {"movement": [1]})}),
         ev("move", movement=1, to=[1, 2], card=I("leaf", "star")),
         Q_MOVE_TOKEN, "movement space 1 already holds a token: 'on any empty movement space'"),
    Case("one_black_dot_space",
         setup({"current": "p1", "turns": {"p1": 1, "p2": 1},
                "players": seats({"movement": [2]}, {"movement": [2]})}),
         ev("move", movement=1, to=[1, 2], card=[I("leaf", "star"), I("fist", "sword")]),
         Q_ONE_BLACK_DOT, "the cards of two black dot spaces taken in one move: 'Players can't "
         "gain cards from both spaces!'"),
    Case("phase_rule (a second movement)", activate(), ev("move", movement=2, to=[2, 1],
                                                          card=I("leaf", "star")),
         Q_ONE_MOVEMENT, "Ann has moved this turn: each player uses 1 movement token on their "
                         "turn, not the phase-order sentence"),
    Case("phase_rule (fixed order)", setup({"players": seats()}), ev("gain_clover"),
         Q_PHASES, "a clover (Activate) before the move: the phases come in a fixed order"),
    Case("take_at (campfire)", setup({"players": seats()}),
         ev("move", movement=1, to=[2, 2], card=I("leaf", "star")),
         Q_CAMPFIRE_GIVES, "an item card entered for campfire [2, 2]: the sentence saying campfire "
                           "spaces give companion cards, not the paragraph's first"),
    Case("take_at (other space)", setup({"players": seats()}),
         ev("move", movement=1, to=[1, 2], card=BEAST),
         Q_OTHER_GIVES, "a companion entered for [1, 2], not a campfire: other spaces give items"),
    Case("take_at (no card to draw)",
         setup({"decks": {"item": 0, "discard": 0}, "players": seats(None, {"figure": [1, 2]})},
               empty_item_deck="refuse_move"),
         ev("move", movement=1, to=[1, 2]),
         Q_ITEM_DECK, "Bob stands on [1, 2] and the item deck and its discards are empty: under the "
                      "refuse_move ruling the card cannot be drawn (the default, nothing, moves "
                      "without a card)"),
    Case("turn_rule (not your turn)", setup({"players": seats()}),
         ev("move", "p2", movement=1, to=[5, 4], card=I("leaf", "star")),
         Q_ROUNDS, "Bob moves at the start of Ann's turn: play continues clockwise from the first "
                   "player"),
    Case("turn_rule (within a turn)", activate(), ev("gain_clover", "p2"),
         Q_NEXT, "Bob acts during Ann's turn: her turn is over only after replenishing, and play "
                 "then continues clockwise; which one he broke is unclear, so both",
         also=(Q_ROUNDS,)),
    # -- the Activate phase
    Case("activation_left", activate({"hand": [I("fist", "sword"), I("leaf", "star")],
                                      "party": [M(BEAST)]}),
         ev("activate", character=1, hand=1),
         Q_ACTIVATE_ONE, "a second activation after the leader's: the Activate phase is one of "
                         "the two things", events=[ev("activate", character="leader", hand=1)]),
    Case("character_in_party", activate({"hand": [I("fist", "star")], "party": [],
                                         "retired": [BEAST]}),
         ev("activate", character={"retired": 1}, hand=1),
         Q_RETIRED, "the retired beast named: 'A player can't activate retired companion cards'"),
    Case("character_in_party", activate({"hand": [I("fist", "star")], "party": []}),
         ev("activate", character=1, hand=1),
         Q_IN_PARTY, "no companion in the party: items are played under characters in the party"),
    Case("character_in_party", activate({"hand": [I("fist", "star")], "party": [M(BEAST)]}),
         ev("activate", character=1, hand=2),
         Q_ACTIVATE, "no second item card in hand: an item card must be played to activate"),
    Case("symbol_matches", activate({"hand": [I("fist", "notes")], "party": [M(BEAST)]}),
         ev("activate", character=1, hand=1),
         Q_ACTIVATE, "a notes item under a star companion: the activation symbol must match"),
    Case("symbol_matches", activate({"hand": [I("fist", "notes")]}),
         ev("activate", character="leader", hand=1, convert=True),
         Q_CLOVER_ACTIVATION, "a clover converts a symbol 'to match a companion card', and the "
                              "leader is not one (table ruling convert_for_leader, default)"),
    Case("symbol_matches", activate({"hand": [I("fist", "star")], "clovers": 1,
                                     "party": [M(BEAST)]}),
         ev("activate", character=1, hand=1, convert=True),
         Q_CLOVER_ACTIVATION, "a clover spent on a star item for a star companion: a clover "
                              "converts a symbol 'to match a companion card', and it matches"),
    Case("not_activated", activate({"hand": [I("fist", "sword")]}), ev("gain_clover"),
         Q_ACTIVATE_ONE, "Ann activated her leader: the Activate phase is one or the other",
         events=[ev("activate", character="leader", hand=1)]),
    Case("not_activated", activate(), ev("gain_clover"),
         Q_GAIN_CLOVER, "a second clover: the player may instead gain 1 clover token",
         events=[ev("gain_clover")]),
    Case("ability_available", setup({"players": seats()}), ev("ability", kind="gain clover"),
         Q_PERFORM, "no character activated: the player performs the ability after activating"),
    Case("ability_available", activate({"hand": [I("fist", "star")],
                                        "party": [M(C(["beast"], ["star"],
                                                      abilities=["gain clover"]))]}),
         ev("ability", kind="gain clover"),
         Q_ABILITY_ONCE, "the beast's clover ability a second time in one activation",
         events=[ev("activate", character=1, hand=1), ev("ability", kind="gain clover")]),
    Case("ability_available (after the Adventure phase)",
         activate({"hand": [I("fist", "sword"), I("fist", "notes")]}),
         ev("ability", kind="move", to=[1, 2], card=I("leaf", "star")),
         Q_PHASES, "the leader was activated, then an adventure completed: its movement ability "
         "now would go back to the Activate phase, and the phases come in a fixed order (not 'after "
         "activating', which she did)",
         events=[ev("activate", character="leader", hand=1),
                 ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}])]),
    Case("crossed_clover_paid",
         activate({"hand": [I("fist", "star")], "clovers": 0,
                   "party": [M(C(["beast"], ["star"], abilities=["gain clover"]))]}),
         ev("ability", kind="gain clover", crossed_clover=True),
         Q_CROSSED_CLOVER, "no clover to pay for a crossed-out clover ability: the sentence that "
                           "says the player must spend one, not the one introducing the symbol",
         events=[ev("activate", character=1, hand=1)]),
    Case("clovers_buy_from_the_deck", activate({"clovers": 3}), ev("buy_item", space=[1, 2]),
         Q_NO_MAP_BUY, "2 clovers spent on the map's card: players can't spend clover tokens to "
                       "take an item card from the map"),
    Case("two_clovers", activate({"clovers": 1}), ev("buy_item", item=I("leaf", "star")),
         Q_CLOVER_DRAW_COST, "one clover: drawing an item card costs 2"),
    # -- the Adventure phase
    Case("activate_done", activate({"hand": [I("fist", "sword")]}),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]),
         Q_ACTIVATE_ONE, "an adventure with the Activate phase skipped: the player must do one "
         "of its two things, and the phases come in a fixed order; which sentence the player broke "
         "is unclear, so both", also=(Q_PHASES,)),
    Case("phase_rule (a quest after an adventure)",
         adventure({"hand": [I("fist", "sword"), I("fist", "notes"), I("speech", "star")]}),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]),
         Q_ONE_ADVENTURE, "a public quest after completing an adventure: either one adventure or "
                          "one public quest",
         events=[ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}])]),
    Case("complete_adventure (type symbols)",
         adventure({"hand": [I("fist", "sword")], "party": [M(C(["wanderer"], ["star"]))]},
                   display=[A(1, 3, ["beast"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]),
         Q_TYPE_SYMBOL, "a wanderer for a beast: the party must have companions with a matching "
                        "type symbol"),
    Case("complete_adventure (one companion, two symbols)",
         adventure({"hand": [I("fist", "sword")], "party": [M(BEAST), M(C(["wanderer"], ["star"]))]},
                   display=[A(1, 3, ["beast", "beast"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1, 1]),
         Q_PARTICIPANTS_SHOWN, "the beast named for both beast symbols: each symbol shows a "
                               "participating companion card (ruling multi_type_companion: "
                               "one_symbol, the default)"),
    Case("complete_adventure (the Shepherd, one type twice)",
         with_options(adventure({"hand": [I("fist", "sword")], "party": [M(SHEPHERD)]},
                                display=[A(1, 3, ["beast", "beast"], ["fist"]), *DISPLAY[1:]]),
                      multi_type_companion="each_type"),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1, 1]),
         Q_MULTIPLE_TYPES, "under each_type a two-type companion meets one symbol per type it "
                           "shows: its beast type once, not for both beast symbols"),
    Case("complete_adventure (crosses)",
         adventure({"hand": [I("fist", "sword")], "party": [M(BEAST), M(C(["wanderer"], ["star"]))]},
                   display=[A(1, 3, ["beast"], ["fist"], crosses=1), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1],
            retire=[2]),
         Q_PARTICIPATING, "the wanderer did not take part: the crosses show how many "
                          "participating companions retire"),
    Case("pay (a retired companion's item)",
         adventure({"hand": [I("fist", "sword")], "retired": [BEAST]}),
         ev("complete_adventure", source="display", index=1, pay=[{"character": {"retired": 1}}]),
         Q_RETIRED_DISCARD, "paying with an item under a retired companion: those items were "
                            "discarded when it retired"),
    Case("quest_room",
         setup({"phase": "activate", "display": DISPLAY, "turn": {"activated": True},
                "players": {"p1": {"figure": [1, 1], "movement": [1], "hand": [I("fist", "sword"),
                                                                                I("speech", "star")]},
                            "p2": {"figure": [5, 5], "quills": ["B"]},
                            "p3": {"figure": [1, 5], "quills": ["B"]},
                            "p4": {"figure": [5, 1], "quills": ["B"]}}}, players=FOUR),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]),
         Q_ONE_QUILL_SPACE, "three quills on tile B: there must be an empty quill space"),
    Case("quill_left", adventure({"hand": [I("fist", "sword"), I("speech", "star")],
                                  "quills": ["B"]}),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]),
         Q_NOT_TWICE, "Ann is on tile B already: a player can't sign up twice on the same tile"),
    Case("quill_left", adventure({"hand": [I("fist", "sword"), I("speech", "star")],
                                  "quills": ["A", "C"]}),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]),
         Q_AT_MOST_TWO, "both quills placed: at most two public quest tiles"),
    Case("quill_on_top_most", adventure({"hand": [I("fist", "sword"), I("speech", "star")]},
                                        {"quills": ["B"]}),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}], space="top"),
         Q_QUILL, "Bob's quill is on tile B's top space: Ann's goes on the top-most empty one, "
                  "the middle, not on top"),
    # -- the end of a round and of the game
    Case("end_round (the display change)", setup(ROUND_2_LAST), ev("replenish", "p2", to_bottom=1),
         Q_RATIO_CHANGE, "the card put on the bottom at the end of round 2 is the rightmost level "
                         "I card (place 3), not the one the table entered"),
    Case("replenish (display change too early)", activate(), ev("replenish", to_bottom=3),
         Q_RATIO_CHANGE, "the display changes at the end of round 2, not after Ann's turn 1",
         events=[ev("gain_clover")]),
    Case("replenish (both adventure decks empty)",
         setup({"phase": "replenish", "display": DISPLAY[:4], "decks": {"level1": 0, "level2": 0},
                "players": seats({"movement": [1]})}),
         ev("replenish", display=[A(1, 2, [], ["fist"])]),
         Q_BOTH_DECKS_EMPTY, "both adventure decks are empty, so nothing replenishes the display: "
                             "a card entered for it was not drawn"),
    Case("replenish (a space under a figure)",
         setup({"phase": "replenish", "display": DISPLAY,
                "map": [["empty", None, None, None, None]] + [[None] * 5] * 4,
                "players": seats({"movement": [1]})}),
         ev("replenish", map=[I("leaf", "star")]),
         Q_REPLENISH_MAP, "the only empty space is [1, 1], under Ann's figure: a card entered for "
                          "it replenishes a space a figure stands on"),
    Case("replenish (empty companion deck)",
         setup({"phase": "replenish", "display": DISPLAY, "decks": {"companion": 0},
                "map": [[None] * 5, [None, "empty", None, None, None]] + [[None] * 5] * 3,
                "players": seats({"movement": [1]})}),
         ev("replenish", map=[BEAST]),
         Q_COMPONENTS_COMPANIONS, "a companion entered for campfire [2, 2] while every companion "
                                  "card is out of the deck: the book is silent on an empty "
                                  "companion deck (ruling empty_companion_deck: nothing is "
                                  "drawn), so the card entered cannot be one of the 32"),
    Case("end_rule", setup({**ROUND_2_LAST, "round": 4}), ev("move", movement=1, to=[1, 2]),
         Q_GAME_END, "round 4 is over: the game has ended", events=[ev("replenish", "p2")]),
    # -- journey cards
    Case("journey_to_choose", activate(), ev("choose_journey", card={"spaces": [[2, 2], [3, 3],
                                                                              [4, 4]], "points": 2}),
         Q_ADVANCED, "journey cards belong to the advanced game, which this table did not set up"),
    Case("journey_chosen",
         setup({"players": seats({"journey": {"card": {"spaces": [[1, 2], [2, 1], [3, 3]],
                                                       "points": 3},
                                              "removed": [[2, 1], [3, 3]]},
                                  "hand": [I("fist", "sword")]},
                                 {"journey": {"card": {"spaces": [[4, 4], [3, 1], [2, 3]],
                                                       "points": 3}}})}, journey_cards=True),
         ev("gain_clover"),
         Q_JOURNEY_NEXT, "Ann completed her journey card: she draws 2 and keeps one before going on",
         events=[ev("move", movement=1, to=[1, 2], card=I("leaf", "star"))]),
    # -- the falconer
    Case("figure_in_order", setup(SOLO_FALCONER, players=("Kim",)),
         ev("falconer_move", figure="falconer", reward="none", arrow="left", to=[2, 3],
            card=I("fist", "star")),
         Q_FALCONER_NEXT, "the falconer figure before the falcon: the next card moves the "
                          "falconer, after the falcon"),
    Case("solo_card_of_the_chosen_sets", setup(SOLO_FALCONER, players=("Kim",)),
         ev("falconer_move", figure="falcon", set="C", reward="none", arrow="left", to=[2, 3],
            card=I("fist", "star")),
         "• Easy: A and B", "a set C card in an easy game: the Easy line names its sets A and "
                            "B (then the list's lead-in)", also=(Q_SOLO_TWO_SETS,)),
    Case("phase_rule (falconer's turn)", setup(SOLO_FALCONER, players=("Kim",)),
         ev("gain_clover"),
         Q_SOLO_ORDER, "Kim acts for herself during the falconer's turn: the player goes first, "
                       "then the falconer (whose turn has no Activate phase)",
         also=("The falconer's turn consists of three phases in fixed order: Move, Adventure, "
               "and Replenish. He doesn't have an Activate phase.",)),
    Case("phase_rule (the falconer's phases in order)", setup(SOLO_FALCONER, players=("Kim",)),
         ev("replenish"),
         "The falconer's turn consists of three phases in fixed order: Move, Adventure, and "
         "Replenish. He doesn't have an Activate phase.",
         "the falconer's Replenish entered before his Move: his phases come in a fixed order"),
    Case("falconer_spends",
         falconer_adventure([A(1, 1, [], ["fist"], clovers=1), *DISPLAY[1:]], clovers=1,
                            hand=[I("fist", "star")]),
         ev("falconer_adventure"),
         Q_FALCONER_SPENDS, "the adventure's clover gives him 2: he spends them immediately on "
                             "an item card, and the table entered none drawn (a printed rule, so "
                             "a 422 with it, not a 400)"),
    Case("falconer_adventure (another card)", falconer_adventure(hand=[I("speech", "star"),
                                                                      I("fist", "star")]),
         ev("falconer_adventure", completes=2, pay=[1]),
         Q_FALCONER_FIRST, "with the right arrow the first card he can pay for is place 1 (fist): "
                           "he always completes the first possible one, checked in the arrow's "
                           "direction, so both sentences", also=(Q_FALCONER_ARROW,)),
    Case("falconer_adventure (wild card)", falconer_adventure(hand=[I("coin", "star"),
                                                                   I("fist", "star")]),
         ev("falconer_adventure", completes=1, pay=[1]),
         Q_FALCONER_WILD_ONLY, "he pays with the fist, not the coin: wild cards only if absolutely "
                          "necessary"),
    Case("falconer_adventure (a quest while a card can be paid)",
         falconer_adventure(hand=[I("fist", "star"), I("leaf", "star"), I("leaf", "star")]),
         ev("falconer_adventure", signs_up="A", pay=[2, 3]),
         Q_FALCONER_QUEST_ONLY_IF, "place 1 (fist) can be paid: he checks the public quest tiles "
                                   "only 'If the falconer is unable to complete an adventure "
                                   "card' (the arrow is not what was broken: any direction finds "
                                   "a card before a tile)", also=(Q_FALCONER_FIRST,)),
    Case("falconer_adventure (another quest)",
         falconer_adventure([A(2, 4, [], ["speech"] * 3)] * 5,
                            hand=[I("leaf", "star"), I("leaf", "star"), I("fist", "star"),
                                  I("speech", "star")]),
         ev("falconer_adventure", signs_up="A", pay=[1, 2]),
         Q_FALCONER_QUEST_ONLY_IF, "no display card can be paid (each costs three speeches, "
                                   "he holds one): with the right arrow he checks the tiles from "
                                   "the left, B (fist, speech) before A"),
    Case("falconer_adventure (nothing to do)", falconer_adventure(hand=[]),
         ev("falconer_adventure", completes=1),
         Q_FALCONER_NOTHING, "no item cards: he can complete nothing, so he does nothing"),
]

# -- refusals raised in callbacks (self.violation), not only by @cites guards ----------------------

ON_FOOT = A(2, 4, improvement=["movement"], abilities=["extra space"],
            trigger={"when": "means", "means": 1})
CLOVER_TRIGGER = A(1, 2, improvement=["other"], abilities=["gain clover"],
                   trigger={"when": "corner"})
FULL_PARTY = [M(BEAST), M(C(["wanderer"], ["star"])), M(C(["scoundrel"], ["notes"]))]


def companion_with(ability) -> dict:
    """Ann's companion with `ability`, activated: its ability is the next event."""
    return activate({"hand": [I("fist", "star"), I("leaf", "star")],
                     "party": [M(C(["beast"], ["star"], abilities=[ability]))]})


CASES += [
    Case("do_move (the diagram's own space)", setup({"players": seats()}),
         ev("move", movement=1, to=[1, 1], card=I("leaf", "star")),
         Q_DIAGRAM, "a move to the space Ann stands on: the diagram's symbol marks the figure's "
                    "own position, the black dots where it may go"),
    Case("take_at (the card on the space)", setup({"players": seats()}),
         ev("move", movement=1, to=[1, 2], card=I("leaf", "star")),
         Q_TAKE_FIRST, "the map shows another card on [1, 2]: the player takes that space's card",
         events=[ev("reveal", space=[1, 2], card=I("fist", "notes"))]),
    Case("join_party (a fourth companion)", setup({"players": seats({"party": FULL_PARTY})}),
         ev("move", movement=1, to=[2, 2], card=BEAST),
         Q_PARTY_LIMIT, "a fourth companion with no companion retired: up to 3, else retire one"),
    Case("retire (the leader)", setup({"players": seats({"party": FULL_PARTY})}),
         ev("move", movement=1, to=[2, 2], card=BEAST, retire="leader"),
         Q_LEADER_STAYS, "the leader named to make room for a fourth companion: the leader never "
                         "leaves the party"),
    Case("extra_spaces (no improvement)", setup({"players": seats()}),
         ev("move", movement=1, diagram_to=[1, 2], to=[1, 3], card=BEAST),
         Q_EXTRA_SPACE, "a space beyond the diagram without a 'move 1 more space' improvement"),
    Case("extra_spaces (its crossed-out clover)",
         setup({"players": seats({"clovers": 0,
                                  "completed": [{**ON_FOOT, "crossed_clover": True}]})}),
         ev("move", movement=1, diagram_to=[1, 2], to=[1, 3], card=BEAST),
         Q_CROSSED, "the improvement shows a crossed-out clover and Ann has none: the Triggers "
                    "reference's own sentence for it"),
    Case("activation_left (the same character)", companion_with("another activation"),
         ev("activate", character=1, hand=1),
         Q_ANOTHER, "'another activation' lets the player activate ANOTHER character, not the "
                    "beast again",
         events=[ev("activate", character=1, hand=1), ev("ability", kind="another activation")]),
    Case("swap_items (not adjacent)", companion_with("swap items"),
         ev("ability", kind="swap items", swap=[[1, 2], [3, 3]]),
         Q_SWAP, "[1, 2] and [3, 3] are not mutually orthogonally adjacent",
         events=[ev("activate", character=1, hand=1)]),
    Case("take_passed_over (no travel)", companion_with("passed-over item"),
         ev("ability", kind="passed-over item", space=[1, 2], card=I("leaf", "star")),
         Q_PASSED_OVER, "Ann's figure has not travelled this turn (the position starts after her "
                        "move): no space was passed over",
         events=[ev("activate", character=1, hand=1)]),
    Case("ability_available (no such improvement)", activate({"completed": [A(1, 2)]}),
         ev("ability", kind="gain clover", improvement=2),
         Q_COMPLETED, "Ann has completed one adventure: there is no second to gain an improvement "
                      "from"),
    Case("ability_available (points only)", activate({"completed": [A(1, 2)]}),
         ev("ability", kind="gain clover", improvement=1),
         "Note: Some adventure cards only offer victory points!",
         "the completed card shows no improvement"),
    Case("improvement_allowed (another reward)", activate({"completed": [CLOVER_TRIGGER]}),
         ev("ability", kind="draw item", improvement=1, card=I("leaf", "star")),
         Q_TRIGGERED, "the improvement's reward to the arrow's right is a clover, not an item"),
    Case("improvement_allowed (not triggered)", activate({"completed": [CLOVER_TRIGGER]}),
         ev("ability", kind="gain clover", improvement=1),
         "• When the player moves their figure to a corner space on the map.",
         "the improvement is triggered by moving to a corner, which Ann has not done this turn: "
         "its trigger's own line of the reference"),
    Case("complete_adventure (from the reserve)", adventure({"hand": [I("fist", "sword")]}),
         ev("complete_adventure", source="reserve", index=1, pay=[{"hand": 1}]),
         Q_ADVENTURE_FROM, "no reserved card: a player completes a reserved card or one from the "
                           "display"),
    Case("pay (the items cost)", adventure({"hand": [I("speech", "sword")]}),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]),
         Q_PAY, "a speech card for a fist cost: discard item cards with matching adventure symbols"),
    Case("pay (a clover to convert)", adventure({"hand": [I("speech", "sword")], "clovers": 0}),
         ev("complete_adventure", source="display", index=1,
            pay=[{"hand": 1, "convert": True}]),
         Q_CLOVER_ADVENTURE, "converting an adventure symbol costs 1 clover, and Ann has none"),
    Case("pay (a clover converting a card that matches)",
         adventure({"hand": [I("fist", "sword")], "clovers": 1}),
         ev("complete_adventure", source="display", index=1,
            pay=[{"hand": 1, "convert": True}]),
         Q_CLOVER_TO_MATCH, "a clover spent on a fist card paying a fist cost: a clover converts "
                            "a symbol 'to match the items cost', and this one matches as printed"),
    Case("do_sign_up (a companion retired)",
         adventure({"hand": [I("fist", "sword"), I("speech", "sword")], "party": [M(BEAST)]}),
         ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}], retire=[1]),
         Q_NO_PARTY_REQUIREMENT, "the beast retired to sign up for tile B: public quest tiles "
                                 "have no party requirement, so nothing retires"),
    Case("pay (a discount converted)",
         adventure({"completed": [A(1, 1, improvement=["discount"], discount="fist")],
                    "clovers": 1}),
         ev("complete_adventure", source="display", index=3,
            pay=[{"improvement": 1, "convert": True}]),
         Q_DISCOUNT_UNCONVERTED, "a clover spent to make Ann's fist discount pay a leaf: the "
                                 "clover sentence's own exception for discount symbols"),
    Case("pay (a discount named)",
         adventure({"completed": [A(1, 1, improvement=["discount"], discount="fist")]}),
         ev("complete_adventure", source="display", index=3, pay=[{"improvement": 1}]),
         Q_DISCOUNT, "a fist discount named for a leaf cost: a discount is by 1 item card of the "
                     "indicated type"),
    Case("complete_adventure (the leader for a companion)",
         adventure({"hand": [I("fist", "sword")], "party": [M(BEAST)]},
                   display=[A(1, 3, ["?"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
            companions=["leader"]),
         Q_COMPANIONS_NEEDED, "the leader named for a '?': the box's symbols are companions the "
                              "party needs, and the leader is no companion card"),
    Case("complete_adventure (a converted companion not in the party)",
         adventure({"hand": [I("fist", "sword")], "clovers": 2},
                   display=[A(1, 3, ["beast"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1],
            convert_types=[1]),
         Q_TYPE_SYMBOL, "Ann has no companion: a type is converted on a companion card of her "
                        "party (a converted place was never looked up, and was accepted)"),
    Case("complete_adventure (a clover to convert a type)",
         adventure({"hand": [I("fist", "sword")], "clovers": 1,
                    "party": [M(C(["wanderer"], ["star"]))]},
                   display=[A(1, 3, ["beast"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1],
            convert_types=[1]),
         Q_CLOVER_TYPE, "converting a companion's type costs 2 clovers; Ann has 1"),
    Case("complete_adventure (a type converted that matches)",
         adventure({"hand": [I("fist", "sword")], "clovers": 2, "party": [M(BEAST)]},
                   display=[A(1, 3, ["beast"], ["fist"]), *DISPLAY[1:]]),
         ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}], companions=[1],
            convert_types=[1]),
         Q_CLOVER_TYPE, "2 clovers spent on a beast for a beast requirement: the clovers convert "
                        "a type 'to match an adventure card's party requirement', and it matches"),
    Case("falconer_destination (the numbered spaces)", setup(SOLO_FALCONER, players=("Kim",)),
         ev("falconer_move", figure="falcon", reward="none", arrow="left",
            priority=[[-1, 0], [0, 1]], to=[3, 4], card=I("fist", "star")),
         Q_FALCONER_SELECTS, "the card's space 1 ([2, 3]) is on the map: the falconer selects "
                              "the first possible numbered space"),
]

JOURNEY = {"spaces": [[4, 4], [3, 1], [2, 3]], "points": 3}
DONE_JOURNEY = {"spaces": [[1, 2], [1, 3], [1, 4]], "points": 2, "abilities": ["draw item"]}


def journey_activate(p1_journey) -> dict:
    """An advanced game: Ann in her Activate phase, both players holding a journey card."""
    return setup({"phase": "activate", "display": DISPLAY,
                  "players": seats({"movement": [1], "journey": p1_journey},
                                   {"journey": {"card": JOURNEY}})}, journey_cards=True)


CASES += [
    Case("journey_reward_allowed (none completed)", journey_activate({"card": JOURNEY}),
         ev("ability", kind="draw item", journey=1, card=I("leaf", "star")),
         Q_JOURNEY_DONE, "Ann has completed no journey card: the reward comes once the third map "
                         "token is removed"),
    Case("journey_to_choose (the deck has run out)",
         setup({"phase": "activate", "display": DISPLAY, "decks": {"journey": 0},
                "players": seats({"movement": [1], "journey": {"card": JOURNEY}},
                                 {"journey": {"card": JOURNEY}})}, journey_cards=True),
         ev("choose_journey", card=DONE_JOURNEY),
         Q_JOURNEY_EMPTY, "the journey deck has run out: 'players can only complete the cards "
                          "they already have', so none is drawn or chosen"),
    Case("journey_to_choose (none completed)", journey_activate({"card": JOURNEY}),
         ev("choose_journey", card=DONE_JOURNEY),
         Q_JOURNEY_NEXT, "in play, journey cards are drawn 'After completing a journey card', and "
                         "Ann completed none"),
    Case("journey_reward_allowed (not this turn)",
         journey_activate({"card": JOURNEY, "completed": [DONE_JOURNEY]}),
         ev("ability", kind="draw item", journey=1, card=I("leaf", "star")),
         Q_IMMEDIATE_REWARD, "the journey card was completed in an earlier turn: its reward is "
                              "immediate, taken then"),
]

WALKS_VIOLATIONS = True
UNWALKED = {
    "Instead of completing an adventure card, the player may sign up for a public quest tile. Like "
    "an adventure card, players must pay an items cost. This cost is shown on the map through the "
    "tile's top-left section. Public quest tiles do not have a party requirement.": "asks the "
    "table for a quest cost it left out at setup (a missing entry, not a player's mistake)",
}
