"""Journey: Wrath of Demons — the referee of a cooperative game for 1-4 players.

The seats are the players (p1..p4); the four Pilgrims are always in play and each is controlled by
one seat (`controllers`, by default as the setup step deals them: one player all 4; two players 2
each; three players 1, 1 and 2; four players 1 each). Every seat may enter at any moment — a card
can be played by any Pilgrim at almost any time, and "Any of the Players can perform the required
actions" for the Demons — but a seat enters a Pilgrim's actions only for the Pilgrims it controls
(a shared phone enters them as the controlling seat, which `legal` names).

The turn (machine states): maintenance -> pilgrims (one activation at a time, in initiative order)
-> demons_spawn -> demons_activate -> end -> maintenance of the next turn; over when a Quest ends.
The referee advances between phases itself when a phase has nothing left to do (`proceed`).

The board is the table's: every rule that depends on where figures stand is checked against facts
entered with the event (adjacent, in range, blue squares entered, distance to Tripitaka...).

Where the rules live:
  game.py      the declaration, setup, the turn structure (Maintenance, activations, End of Turn)
  actions.py   the Pilgrim actions and their costs      combat.py   attacks, Defeat, Kill / Cleanse
  karma.py     Karma rewards and trades                 conditions.py  cards and Condition Cards
  demon_ai.py  the Demon Phase and the Demon AI helper  quests/     the Quests (issue 14)
  events.py    event schemas; position.py a position; profiles.py components as data; rules.py quotes
"""

from __future__ import annotations

from typing import ClassVar

from referee.core import Option, Referee, citations, cites

from . import legal as legal_module
from . import position as position_module
from .actions import Q_FINE_TUNE, Q_RED, ActionsMixin
from .card_effects import Q_SEALING, CardEffectsMixin
from .combat import CombatMixin
from .conditions import ConditionsMixin
from .demon_ai import Q_CLOSED_GATE, Q_INACTIVE_GATE, Q_ONE_CARD, Q_RAGE, DemonMixin
from .events import EVENT_TYPES
from .karma import KarmaMixin
from .profiles import PILGRIM_NAMES, PILGRIMS
from .quests import QUEST_EVENTS, QUEST_OPTIONS, QUESTS, QuestMixin, quest_transitions
from .rules import (
    Q_CONTROL,
    Q_DEAD,
    Q_END,
    Q_END_OF_TURN_CARD,
    Q_EXPIRE,
    Q_FIRST_TURN,
    Q_INITIATIVE,
    Q_MAINTENANCE_TOGETHER,
    Q_NO_RETURN,
    Q_ONGOING,
    Q_PARALYZED,
    Q_PHASE_DEMON,
    Q_PHASE_END,
    Q_PHASE_MAINTENANCE,
    Q_PHASE_PILGRIM,
    Q_QUEST_FAIL,
    Q_RAGE_ENDS,
    Q_ROTATE,
    Q_SPECIAL_DISCARD,
    Q_TRIPITAKA_DEFEATED,
    Q_TRIPITAKA_KILLED,
    Q_TURN,
    Q_TURN_TOKENS,
    Q_TWO_AP,
    Q_UNCONSCIOUS,
)
from .special_cards import SpecialCardsMixin

G_ = "journey"
QUEST_FIGURES = {"kei_lun": "Kei Lun"}  # a Target a Quest adds (Quest 7), by its printed name


def _ruling(description, values, default, *quotes):
    return Option(description, {"enum": list(values)}, default, citations(G_, *quotes))


PROFILE_ENTRY = {
    "type": "object",
    "properties": {"max_hp": {"type": "integer", "minimum": 1, "maximum": 30},
                   "max_chi": {"type": "integer", "minimum": 0, "maximum": 30},
                   "mv": {"type": "integer", "minimum": 1, "maximum": 12},
                   "attack_dice": {"type": "integer", "minimum": 0, "maximum": 6},
                   "defense_dice": {"type": "integer", "minimum": 0, "maximum": 6},
                   "cleanse_dice": {"type": "integer", "minimum": 0, "maximum": 6}},
    "additionalProperties": False,
}
DEMON_ENTRY = {
    "type": "object",
    "properties": {"mv": {"type": "integer", "minimum": 0, "maximum": 12},
                   "hp": {"type": "integer", "minimum": 1, "maximum": 30},
                   "sp": {"type": "integer", "minimum": 0, "maximum": 12},
                   "gkr": {"type": "integer", "minimum": 0, "maximum": 20},
                   "bkr": {"type": "integer", "minimum": 0, "maximum": 20},
                   "attack_dice": {"type": "integer", "minimum": 0, "maximum": 6},
                   "demon_die": {"type": "boolean"},
                   "targets": {"oneOf": [{"const": "all"},
                                         {"type": "integer", "minimum": 1, "maximum": 5}]},
                   "demon_die_results": {
                       "type": "object", "propertyNames": {"enum": ["0", "1", "2", "3"]},
                       "additionalProperties": {
                           "type": "object",
                           "properties": {"damage": {"type": "integer", "minimum": 0,
                                                     "maximum": 9},
                                          "knock_back": {"type": "integer", "minimum": 0,
                                                         "maximum": 4},
                                          "condition": {"type": ["string", "null"],
                                                        "maxLength": 40}},
                           "additionalProperties": False}}},
    "additionalProperties": False,
}

OPTIONS = {
    "quest": Option("The Quest played (its setup, special rules and Victory/Defeat Conditions: "
                    "referee/journey/quests/). \"free\": no Quest rules (the table enters the "
                    "Quest's result).", {"enum": list(QUESTS)}, "free"),
    "initiative": Option(
        "The Initiative Tokens: the Pilgrims in order of play (\"Randomly assign the order any way "
        "you like\").",
        {"type": ["array", "null"], "items": {"enum": list(PILGRIMS)}, "minItems": 4,
         "maxItems": 4}, None,
        citations("journey", "Randomly assign the order any way you like, for example with dice "
                  "rolls or drawing an Initiative Token for each one of the Pilgrims.")),
    "controllers": Option(
        "Which seat controls each Pilgrim (default: dealt as the setup step says).",
        {"type": ["object", "null"], "propertyNames": {"enum": list(PILGRIMS)},
         "additionalProperties": {"enum": ["p1", "p2", "p3", "p4"]}}, None),
    "pilgrim_profiles": Option(
        "The values on each Pilgrim Profile Sheet the rulebook does not print (max Health Points, "
        "MV, Cleanse Ritual dice...). Max HP and MV are needed for every Pilgrim.",
        {"type": ["object", "null"], "propertyNames": {"enum": list(PILGRIMS)},
         "additionalProperties": PROFILE_ENTRY}, None),
    "demon_profiles": Option(
        "The values on the Demon Profile Sheets the rulebook does not print (HP, Soul Power, "
        "Karma Rewards, Attack Dice, Demon Die results...), by Demon.",
        {"type": ["object", "null"],
         "propertyNames": {"enum": ["berrok", "bharhaz", "boof", "borrack", "kogaiji", "yazuiji",
                                    "koorogg"]},
         "additionalProperties": DEMON_ENTRY}, None),
    "third_rest": _ruling(
        "Table ruling: a third Rest in one activation with 3 Action Points. \"refused\": Rest is "
        "twice per Activation (the Rest rule); \"allowed\": a third Action may double up (the "
        "FAQ on 3 Action Points).", ("refused", "allowed"), "refused",
        "Resting can be performed twice per Activation, if required.",
        "If the Pilgrim is allowed a third Action, for example by using the Fortune Card \"Om "
        "Mala of Vigor\", then they can choose any third Action, even if it doubles up."),
    "red_square_last_hp": _ruling(
        "Table ruling: a Pilgrim with 1 Health Point entering a red square. \"may_enter\": he has "
        "the Health Point to pay and falls Unconscious; \"must_keep_one\": like a Health Point "
        "cost, he must keep 1.", ("may_enter", "must_keep_one"), "may_enter",
        "If you do not have the Movement Points (for Blue Regions) or Health Points (for Red "
        "Regions), you cannot make the move.",
        "Note the Health Point costs are a special case. Other payments can reduce the total "
        "points left to zero, but when paying Health Point costs, you must leave the Pilgrim with "
        "at least 1 Health Point."),
    "red_square_stationary": _ruling(
        "Table ruling: when a Pilgrim stationary on a red square for a full turn takes its point "
        "of damage. \"end_of_activation\": \"the end of their turn\" is the end of the Pilgrim's "
        "activation; \"end_of_turn_phase\": the End of Turn Phase.",
        ("end_of_activation", "end_of_turn_phase"), "end_of_activation",
        "The damage is applied to the Pilgrim when they enter the square, or at the end of their "
        "turn if they are stationary for the full turn.",
        "End of Turn Phase: Perform End of Turn Phase actions, such as using Turn Tokens to track "
        "passing time. All Pilgrims do this simultaneously."),
    "paralyzed_by_this_attack": _ruling(
        "Table ruling: a Pilgrim Paralyzed by a Demon's attack — does he defend that same attack? "
        "\"defends\": the Condition is the attack's result, taken after the dice; \"no_defense\": "
        "he rolls no Defense Dice against it.", ("defends", "no_defense"), "defends",
        "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.",
        "Monkey rolls 3 & 2 on his Defense Dice, more than enough to cancel the 3 damage."),
    "knock_back_damage": _ruling(
        "Table ruling: the extra point of damage that comes with a Knock Back on the Demon Die "
        "(Yazuiji). \"defended\": it is Demon Die damage, which Defense reduces; \"undefended\": "
        "like Crushing Damage it cannot be defended.", ("defended", "undefended"), "defended",
        "Defense is not applied to all damage, only to numerical damage generated from the Attack "
        "Dice (and other special dice like the Demon Die).",
        "Yazuiji rolls 2 on her Demon Die and Tripitaka is Knocked Back 2 squares and takes an "
        "additional point of Damage."),
    "demon_targets": _ruling(
        "Table ruling: how many Targets a Minion attacks. \"all\": the Demon AI says Demons attack "
        "all Targets in range; \"profile\": the Number of Targets on its Profile Sheet.",
        ("all", "profile"), "all",
        "Targeting: Demons are powerful creatures that will attack all Targets in their Attack "
        "Range.",
        "Determine the possible number of Targets. This is stated on the Miniature's Profile "
        "Sheet, below the Range Icon, but can be modified by Skill Cards, etc."),
    "activation_order": _ruling(
        "Table ruling: the Demons' activation order. \"measured_once\": measured once when the "
        "activations start; \"remeasured\": measured again before each activation, as Demons move.",
        ("measured_once", "remeasured"), "measured_once",
        "Order: Like Pilgrims, Demons are activated in order, this time starting with the Demon "
        "closest to Tripitaka and continuing to the ones further away.",
        "Demons do not cooperate: play each Demon one by one and do not consider the other Demons "
        "while controlling the current one."),
    "no_double_third_action": _ruling(
        "Table ruling: Lure of Demons (\"the same Action twice in one turn\") with a third Action "
        "Point. \"third_may_double\": the FAQ on 3 Action Points applies to it too; \"never\": "
        "Lure of Demons forbids the double even as a third Action. Curse of the Dead, which that "
        "FAQ names, may double up its third Action under both.",
        ("third_may_double", "never"), "third_may_double",
        "Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one turn.",
        "This applies to the initial 2 Actions all Pilgrims take in a normal Pilgrim Phase."),
    "war_cry_focus": _ruling(
        "Table ruling: Flaming War Cry makes the Monkey King \"the center of attention for all "
        "Demons on his Map Tile\". \"replaces_tripitaka\": their plans centre on him instead of "
        "Tripitaka (Plan 1 is attacking him, Plan 4 moving towards him); \"preferred_target\": "
        "Tripitaka stays their main focus and, between plans of the same priority, the one that "
        "attacks the Monkey King is taken first.", ("replaces_tripitaka", "preferred_target"),
        "replaces_tripitaka",
        "For example, Flaming War Cry makes Monkey the center of attention for all Demons on his "
        "Map Tile.",
        "Killing Tripitaka is the Demons' main focus, so they always attack and move towards him "
        "if possible."),
    "om_chant_inactive": _ruling(
        "Table ruling: how long Demons stopped by Om Chant stay inactive (the Skill Card FAQ "
        "prints no end). \"while_in_play\": they wake when Om Chant leaves play, like any effect "
        "of a card with a duration; \"rest_of_quest\" (the default: the sentence prints no end): "
        "they stay inactive (the table wakes them with a `room` event if something else does).",
        ("rest_of_quest", "while_in_play"),
        "rest_of_quest",
        "If they move on to the same Map Tile as Tripitaka, they stop on the first square and "
        "become inactive.",
        "Other cards are active for longer, for example until the end of the current action or "
        "the end of the current turn."),
    "card_extra_attack": _ruling(
        "Table ruling: a further Attack a card gives for the same Action Point, under Lure of "
        "Demons and Demon Distraction. \"same_action\": it is part of the one Attack Action (one "
        "Action Point); \"new_action\": each Attack is an Action (Lure of Demons forbids "
        "attacking twice, Demon Distraction counts it among the 2 Actions).",
        ("same_action", "new_action"), "same_action",
        "Many cards give you the ability to Attack twice, or multiple times, for 1 Action Point.",
        "Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one "
        "turn. For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack "
        "twice."),
    "shadow_walk": _ruling(
        "Table ruling: what Shadow Walk's Move may pass (the book prints only that the Monkey "
        "King enters a room with it without opening the door). \"door_or_wall\": a closed door "
        "or a wall, into or out of a room; \"like_phase_walk\": any Obstruction, like Phase "
        "Walk.", ("door_or_wall", "like_phase_walk"), "door_or_wall",
        "However, if a Pilgrim enters the room without opening the door (using the Monkey King's "
        "Shadow Walk Skill Card, for example), the Demons/Gates will become active until the "
        "Pilgrim leaves.",
        "For example, Phase Walk allows the Monkey King to pass through Obstructions during a "
        "Move Action."),
    "demon_condition_effects": _ruling(
        "Table ruling: a Condition Card the Asura Seal reflects onto a Demon. \"applied\": \"All "
        "effects of the Attack are reflected\" — a Disabled Demon does not attack, a Paralyzed "
        "one takes no Actions (it does not activate); \"damage_only\": the Condition Cards "
        "describe \"the effects the Pilgrim is suffering\": on a Demon only their duration and "
        "damage are tracked.", ("applied", "damage_only"), "applied",
        "All effects of the Attack are reflected, including Knock Back and Condition Cards.",
        "The text on the card describes the effects the Pilgrim is suffering and how long this "
        "effect will last."),
    "dead_pilgrim_sutras": _ruling(
        "Table ruling: the Sutra Tokens of a Pilgrim who died (on his back at a Maintenance) and "
        "the Quests that count the Sutras the Pilgrims possess (Quests 2, 5, 6, 7, 10 Part 1). "
        "\"out_of_the_game\" (default, the literal reading): he is \"completely out of the "
        "game\", and his Sutras with him; \"still_held\": only his Miniature leaves the board, "
        "the Sutras stay near his Profile Sheet and count.",
        ("out_of_the_game", "still_held"), "out_of_the_game", Q_DEAD,
        "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile "
        "Sheet."),
    "simple_deck_unique_cards": _ruling(
        "Table ruling: Quests 3 and 4's \"Create a simple Demon Deck by removing the special "
        "cards that spawn Demon Lords.\" and a Demon Lord's Unique card. \"removed\" (default, "
        "the literal reading: the book writes its game terms with capitals and \"special "
        "cards\" is in lower case, \"used generically\" — every card that spawns a Demon Lord "
        "goes, Unique ones too); \"kept\": only the Special Cards that spawn one (\"Spawn Demon "
        "Lord\") go, and a Demon Lord's Unique card spawns him as the Unique Cards say (or, in "
        "play, is discarded and another drawn).", ("removed", "kept"), "removed",
        "Create a simple Demon Deck by removing the special cards that spawn Demon Lords.",
        "Conversely, if you see a term in lower case (turn, model), it is being used "
        "generically, with no specific implications.",
        "Unique Cards: Unique Demon Cards spawn unique Demon Characters, like the Demon Lords.",
        "Special Cards: These cards give the Demons special powers and abilities."),
    "gates_sealable": Option(
        "Free play (a table's own Quest): whether the Pilgrims may seal the Gates (\"You can fine "
        "tune the challenge by making Gates inactive at the start of the game or by letting "
        "Pilgrims Close the Gates.\"). false: Close a Gate and the Prayer of Sealing are "
        "refused. A Quest sets its own.", {"type": "boolean"}, True,
        citations("journey", Q_FINE_TUNE, Q_SEALING)),
    "box_once": _ruling(
        "Table ruling: \"Each Pilgrim can only use a Mystical Box once ... each time they are "
        "Activated\" with several Mystical Boxes on the board (Quests 9 and 10 Part 1). "
        "\"any_box\": one Pray or Meditate per Activation, whichever box; \"each_box\": each box "
        "once per Activation (Pray at one, Meditate at another).", ("any_box", "each_box"),
        "any_box",
        "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are "
        "Activated, even if the Pilgrim has Action Points left.",
        "Mystical Box x 2"),
    "sutra_hand_off": _ruling(
        "Table ruling: may a Pilgrim hand a Sutra Token to another (the book prints no hand-off). "
        "\"none\" (default, the literal reading: a collected Sutra is placed near the collecting "
        "Pilgrim's Profile Sheet, and the book bids the Players think about who collects them): "
        "give_sutra is refused; \"allowed\": the active Pilgrim may hand one of his Sutras to "
        "another Pilgrim during his activation, no Action Point (the table judges where they "
        "stand).", ("none", "allowed"), "none",
        "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile Sheet.",
        "GAME TIP Think carefully about who collects the Sutras. Only Tripitaka can use them to "
        "Close Gates and Quest Conditions may require certain Pilgrims to collect the Sutras."),
    "greedy_box": _ruling(
        "Table ruling: Cho Hakkai's Greedy and the one use of a Mystical Box per Activation (the "
        "book does not say whether Greedy is such a use). \"separate\" (default, the literal "
        "reading: Greedy takes a Fortune Card with no Mystical Box, and the once-per-Activation "
        "rule counts Pray and Meditate): Cho may also Pray or Meditate in the same Activation; "
        "\"counts\": Greedy played in his own Activation is his use of a Mystical Box for it.",
        ("separate", "counts"), "separate",
        "Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether a Mystical "
        "Box is on the Map Tile or not.",
        "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are "
        "Activated, even if the Pilgrim has Action Points left."),
    "unused_demon_action": _ruling(
        "Table ruling: a Demon that had to Follow and could not (steps 0) cannot make its planned "
        "attacks on the Target its Knock Back left out of range; what it does with their Action "
        "Points, the book does not say. \"unused\" (default, the literal reading: the plan is "
        "chosen once, at the activation): they go unused and its activation ends; \"replan\": "
        "it plans again with them (the table enters its options), the harder choice for the "
        "Pilgrims.", ("unused", "replan"), "unused",
        "Look at the 4 plans offered below and select the highest priority plan that this Demon "
        "can carry out.",
        "If there is an ambiguity, quickly make a decision as a group in favor of the option that "
        "makes the game harder for the Pilgrims."),
    "flood_gate_gates": _ruling(
        "Table ruling: which Gates Flood Gate moves the Demons to. The card names \"the Gate "
        "closest to Tripitaka\" where the spawn names \"the active Gate closest to Tripitaka\". "
        "\"any\" (default, the literal reading): the closest Gate whatever its state (an "
        "inactive or Closed Gate, never measured for the spawn, is always a candidate); "
        "\"active\": the closest active Gate, since the Demons are placed \"as if they spawned "
        "there\" and only active Gates spawn.", ("any", "active"), "any",
        "Flood Gate: Look at the current positions of Demons in play and the Gate closest to "
        "Tripitaka.",
        "Starting at the active Gate closest to Tripitaka, draw one Demon Card from the Demon "
        "Deck.",
        "Place them around the Gate as if they spawned there this turn.",
        "Active: Most Gates are active. Active Gates spawn new Demons each turn."),
    "extra_ap_not_active": _ruling(
        "Table ruling: a card giving an extra Action Point (Om Mala of Vigor, +1 AP) played by a "
        "Pilgrim who is not the active one (cards are Play Anytime unless they say otherwise; the "
        "card's text is not printed). \"refused\": only the active Pilgrim spends Action Points; "
        "\"next_activation\": the point waits for that Pilgrim's next activation.",
        ("refused", "next_activation"), "refused",
        "The active Pilgrim spends their Action Points to make the actions listed below.",
        "If a card does not mention a specific time it can be played, it can be played at almost "
        "any point in the game."),
    "knocked_out_at_maintenance": _ruling(
        "Table ruling: a Pilgrim knocked out (Unconscious) by a Condition's damage at the "
        "Maintenance. \"turned_now\": the Maintenance's steps in their printed order — the damage "
        "is applied, then the Unconscious Pilgrim, face down, is turned on his side in the same "
        "Maintenance; \"next_maintenance\": the Players do the Maintenance \"simultaneously\", so "
        "only the Pilgrims Unconscious as it began are turned: he stays face down until the next "
        "Maintenance.", ("turned_now", "next_maintenance"), "turned_now",
        Q_ROTATE, Q_MAINTENANCE_TOGETHER),
    "unconscious_tripitaka": _ruling(
        "Table ruling: the Demon AI while the Pilgrim its plans centre on (Tripitaka) is "
        "Unconscious and the Quest goes on (Quests 7-9, free play under tripitaka_defeat "
        "killed). \"ignored\": Demons do not move towards an Unconscious Pilgrim — no plan ends "
        "closer to him (Plan 2 counts as Plan 3) and Plan 4 is to stay; \"plans_as_printed\": "
        "Plans 2 and 4 still measure to his square.", ("ignored", "plans_as_printed"), "ignored",
        "Demons ignore Unconscious Pilgrims completely. They do not move towards them, select "
        "them as Targets and do not roll attacks against them even if they end up in the "
        "Demon's Attack Range.",
        "Priority 4: Use the Action Points to move towards Tripitaka."),
    "setup_tokens_accounted": _ruling(
        "Table ruling: a game joined at a later Turn whose Gates, Sutras or Villager Tokens, as "
        "entered, fall short of its Quest's Board Setup with no printed way for them to have gone "
        "(a Sutra is collected or sacrificed closing a Gate, a Villager Token rescued; Quest 5's "
        "Kei Lun destroys the Sutra, Quests 1 and 9 turn Villager Tokens into Demons). "
        "\"refuse\": the book prints no other way (a Closed Gate is turned over, not taken away); "
        "\"allow\": a Fortune or Misfortune card, whose text the book does not print, may have "
        "moved one (\"The rules on the cards take precedence over rules in this book.\"). What a "
        "position does not enter is not checked.", ("refuse", "allow"), "refuse",
        "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile Sheet.",
        "The Sutra Token is sacrificed in the Gate and removed from play.",
        "Place the Villager Token by the Pilgrim's Profile Sheet.",
        "Turn the Gate Token over to indicate a Closed Gate.",
        "The rules on the cards take precedence over rules in this book."),
    "tripitaka_defeat": _ruling(
        "Free play (no Quest rules): the game ends in Defeat when Tripitaka is \"defeated\" (0 "
        "Health Points) or only when he is \"killed\" (dead after his last Maintenance). A Quest "
        "sets its own.", ("defeated", "killed"), "defeated",
        Q_TRIPITAKA_DEFEATED, Q_TRIPITAKA_KILLED),
    **QUEST_OPTIONS,
}


# Each event: the phases it may be entered in and the guards it must pass, in order. "demons" is the
# parent of demons_spawn and demons_activate: an event declared on it is possible in both (one
# transition instead of two; the machine is built for every model, so fewer is faster).
ANY_PHASE = ["maintenance", "pilgrims", "demons", "end"]
_ACT = ["no_pending_decision", "controls_pilgrim", "conscious", "not_paralyzed",
        "is_active_pilgrim", "no_trade_due", "misfortune_applied", "action_points_left",
        "within_action_limit"]
EVENT_RULES = {
    "maintenance": (["maintenance"], []),
    "move": (["pilgrims"], ["move_not_resumed", *_ACT, "not_a_double_action", "straight_move",
                            "unblocked_move", "within_movement_points", "red_square_health"]),
    "attack": (["pilgrims"], [*_ACT, "not_disabled", "not_a_double_action", "targets_demons",
                              "one_target", "further_attack", "target_on_board",
                              "target_in_range", "demon_does_not_defend", "attack_dice_rolled",
                              "weapon_damage_read", "knock_back_blocked_within",
                              "card_from_own_deck", "card_used_where_it_applies",
                              "cards_in_time", "cards_used_in_hand", "damage_bonus_named"]),
    "resolve_defeat": (["pilgrims", "demons"], ["defeat_to_resolve", "controls_pilgrim",
                                                "cleanse_possible", "cleanse_dice_rolled",
                                                "card_from_own_deck",
                                                "card_used_where_it_applies", "cards_in_time",
                                                "cards_used_in_hand", "cleanse_bonus_named"]),
    "pray": (["pilgrims"], [*_ACT, "box_on_tile", "box_once_per_activation",
                            "not_a_double_action", "fortune_to_draw", "drawn_from_its_deck"]),
    "meditate": (["pilgrims"], [*_ACT, "box_on_tile", "box_once_per_activation",
                                "not_a_double_action", "full_spin",
                                "spinner_draw", "drawn_from_its_deck", "card_from_own_deck",
                                "card_used_where_it_applies", "cards_in_time",
                                "cards_used_in_hand"]),
    "break_door": (["pilgrims"], [*_ACT, "door_closed", "door_contact", "not_a_double_action"]),
    "collect_sutra": (["pilgrims"], [*_ACT, "sutra_on_board", "not_a_double_action"]),
    "rescue_villager": (["pilgrims"], [*_ACT, "villager_on_board", "not_a_double_action"]),
    "give_sutra": (["pilgrims"], ["no_pending_decision", "controls_pilgrim", "conscious",
                                  "is_active_pilgrim", "sutra_hand_off_allowed",
                                  "sutra_to_give"]),
    "recover": (["pilgrims"], [*_ACT, "well_on_board", "well_once", "not_a_double_action"]),
    "rest": (["pilgrims"], [*_ACT, "not_a_double_action", "rest_twice"]),
    "close_gate": (["pilgrims"], [*_ACT, "tripitaka_closes", "gate_open_to_close",
                                  "adjacent_gate", "holds_sutra", "quest_allows_sealing",
                                  "not_a_double_action"]),
    "master_skill": (["pilgrims"], [*_ACT, "master_once", "not_a_double_action",
                                    "good_karma_for_skill", "card_from_own_deck"]),
    "revive": (["pilgrims"], [*_ACT, "tripitaka_revives", "target_unconscious",
                              "not_a_double_action", "revive_cost"]),
    "end_activation": (["pilgrims"], ["no_pending_decision", "controls_pilgrim",
                                      "is_active_pilgrim", "no_trade_due", "misfortune_applied",
                                      "stationary_on_red"]),
    "play_card": (ANY_PHASE, ["controls_pilgrim", "conscious", "not_paralyzed",
                              "card_in_hand", "card_from_own_deck", "card_as_printed",
                              "card_cost_affordable", "card_hp_cost",
                              "card_ap_cost", "card_action_limit", "card_ap_gain_while_active",
                              "card_extra_move", "skill_selected", "fortune_to_draw",
                              "greedy_after_a_box"]),
    "take_condition": (ANY_PHASE, ["controls_pilgrim", "on_board", "condition_known"]),
    "misfortune": (ANY_PHASE, ["controls_pilgrim", "on_board", "misfortune_drawn",
                               "condition_known", "misfortune_discards_held"]),
    "karma_trade": (ANY_PHASE, ["controls_pilgrim", "trade_is_due", "trade_draw",
                                "card_from_own_deck"]),
    "measure": (["demons"], ["measure_now", "measured_all"]),
    "spawn": (["demons_spawn"], ["gate_spawns", "gate_in_order", "spawn_card", "models_left"]),
    "flood_gate": (["demons_spawn"], ["flood_gate_drawn", "flood_gate_closest",
                                      "flood_gate_every_demon"]),
    "demon_options": (["demons_activate"], ["no_pending_decision", "no_demon_acting",
                                            "demon_activates", "war_cry_in_play",
                                            "demon_in_order", "options_within_ap",
                                            "options_within_movement_points",
                                            "options_demon_can_attack",
                                            "options_target_pilgrims",
                                            "options_ignore_unconscious", "options_all_targets",
                                            "options_passable"]),
    "demon_plan": (["demons_activate"], ["demon_is_acting", "plan_not_chosen", "option_exists",
                                         "plan_priority", "plan_preference"]),
    "demon_attack": (["demons_activate"], ["no_pending_decision", "demon_is_acting",
                                           "attack_planned", "demon_target_conscious",
                                           "brotherhood_takes_the_attack",
                                           "attack_target_planned", "demon_attack_dice",
                                           "demon_die_rolled", "card_from_own_deck",
                                           "card_used_where_it_applies",
                                           "asura_no_defense", "defense_dice_rolled",
                                           "green_square_defender", "defense_bonus_named",
                                           "demon_damage_bonus_named",
                                           "knock_back_blocked_within", "cards_in_time",
                                           "cards_used_in_hand", "follow_first"]),
    "follow": (["pilgrims", "demons", "end"], ["follow_after_knock_back", "follow_controlled",
                                               "demon_follows_to_attack_again", "follow_forwards",
                                               "follow_unobstructed", "follow_within_move",
                                               "follow_red_health"]),
    "end_turn": (["end"], ["red_square_passed_over"]),
    "room": (ANY_PHASE, ["room_members_known"]),
    "creature_attack": (ANY_PHASE, ["creature_on_board", "creature_target_other_type",
                                    "creature_target_on_board", "creature_target_in_range",
                                    "creature_target_defense"]),
    "quest_result": (ANY_PHASE, []),
}
# The chosen Quest's special rules come first: "Quest rules override Card rules".
EVENT_RULES = {kind: (sources, ["quest_rules", *guards])
               for kind, (sources, guards) in EVENT_RULES.items()}

# The referee moves on by itself when a phase has nothing left to do.
FLOW = [
    {"trigger": "begin_pilgrim_phase", "source": "maintenance", "dest": "pilgrims",
     "before": "start_pilgrim_phase"},
    {"trigger": "begin_demon_phase", "source": "pilgrims", "dest": "demons_spawn",
     "before": "start_demon_phase"},
    {"trigger": "begin_demon_activation", "source": "demons_spawn", "dest": "demons_activate"},
    {"trigger": "begin_end_of_turn", "source": "demons_activate", "dest": "end"},
    {"trigger": "begin_next_turn", "source": "end", "dest": "maintenance",
     "before": "start_next_turn"},
    {"trigger": "conclude", "source": ANY_PHASE, "dest": "over"},
]


class Game(ActionsMixin, CombatMixin, KarmaMixin, ConditionsMixin, CardEffectsMixin, DemonMixin,
           SpecialCardsMixin, QuestMixin, Referee):
    game_id = G_
    title = "Journey: Wrath of Demons"
    min_players = 1
    max_players = 4
    seats = ("p1", "p2", "p3", "p4")
    states: ClassVar[list] = ["maintenance", "pilgrims",
                              {"name": "demons", "children": ["spawn", "activate"]}, "end", "over"]
    initial = "maintenance"
    event_types = {**EVENT_TYPES, **{name: e.event_type for name, e in QUEST_EVENTS.items()}}
    options = OPTIONS
    # 25: a Demon's extra_damage names its cards unless its Demon Die face is unread (session 13)
    # 29: Flood Gate's Gate by the ruling flood_gate_gates (default any: an inactive Gate too)
    # 30: a Pilgrim who moved is not stationary on a red square; knocked out so, the next Pilgrim's
    #     activation is not ended with his (findings 123, 124)
    # 31: Quest 9: a token that broke the deception is a Bull General; after 3, the Elder Monk (133)
    # 35: each Demon a reflected Condition stopped is recorded with its Condition (stopped_by)
    # 36: a move-only option not ending closer is no plan (171); a dead carrier's tile (173)
    # 37: Quest 7 counts the Demon Card that began a Demon Rage as drawn (finding 183); Quest 3
    #     refuses central_tile for an Unconscious Pilgrim; Quest 10 Part 2 follows a Special Card
    #     drawn for the Mantra (Flood Gate, Spawn Demon Lord: finding 184); Quests 4 and 6 refuse
    #     a Flood Gate or Follow moving Kogaiji / the Bull Demon King (185)
    rules_version = 37
    phase_rule: ClassVar[dict] = {"maintenance": Q_PHASE_MAINTENANCE, "pilgrims": Q_PHASE_PILGRIM,
                                  "demons": Q_PHASE_DEMON, "end": Q_PHASE_END, "": Q_TURN}
    turn_rule = Q_CONTROL
    end_rule = Q_END
    phase_names: ClassVar[dict] = {
        "maintenance": "Maintenance Phase", "pilgrims": "Pilgrim Phase",
        "demons_spawn": "Demon Phase · spawning", "demons_activate": "Demon Phase · activations",
        "end": "End of Turn Phase", "over": "The Quest is over"}
    # What no Pilgrim does, each Player may enter (Maintenance: "each Player can act independently
    # and simultaneously during this Phase"; the Demons, which the Players run; the Quest's result):
    # listed for every seat, whoever `choices` names (the Player controlling Tripitaka)
    table_events = frozenset({
        "maintenance", "end_turn", "measure", "spawn", "flood_gate", "demon_options", "demon_plan",
        "demon_attack", "creature_attack", "quest_result", "golden_peach", "kei_lun_ally",
        "kei_lun_attacked", "lords_tiles", "mantra_spawn", "village_entered", "central_tile"})
    transitions: ClassVar[list] = [
        {"trigger": kind, "source": sources, "dest": None, "conditions": guards,
         "before": f"do_{kind}", "after": "proceed"}
        for kind, (sources, guards) in EVENT_RULES.items()
    ] + quest_transitions() + FLOW
    position_schema: ClassVar[dict] = position_module.POSITION_SCHEMA
    example_setup: ClassVar[dict] = {
        "game": G_,
        "players": ["Ann", "Ben"],
        "options": {
            "initiative": ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"],
            "pilgrim_profiles": {"monkey_king": {"max_hp": 10}, "monk_sha": {"max_hp": 9},
                                 "cho_hakkai": {"max_hp": 12, "mv": 3},
                                 "tripitaka": {"max_hp": 8, "mv": 3}},
        },
        "position": {"gates": [{"id": "gate-1"}], "demons": ["berrok", "berrok"],
                     "boxes": ["box-1"], "wells": ["well-1"], "doors": ["door-1"],
                     "villagers": ["villager-1"], "sutras": ["sutra-1"]},
    }

    def __init__(self, players, options, G, phase):
        super().__init__(players, options, G, phase)
        self.end_rule = G["result"]["quote"] if G.get("result") else Q_END

    def reset(self, G, phase):
        super().reset(G, phase)
        self.end_rule = G["result"]["quote"] if G.get("result") else Q_END

    # -- setup ----------------------------------------------------------------------------------------

    @classmethod
    def setup(cls, players, options, position):
        return position_module.setup(cls, players, options, position)

    # -- who acts -------------------------------------------------------------------------------------

    def current_players(self):
        """Cooperative: any seat may enter (a card can be played at almost any time, and any player
        runs the Demons); the guards check that a seat acts only for its own Pilgrims."""
        return [] if self.game_over else [p["seat"] for p in self.players]

    def choices(self):
        return self.quest().legal(self, legal_module.legal_events(self))

    @classmethod
    def for_the_table(cls, event):
        """A Demon's Follow is the Demons' move, which "Any of the Players can perform" (a Pilgrim's
        is his Player's, as every Pilgrim's Action)."""
        return super().for_the_table(event) or (event["type"] == "follow"
                                                and event.get("attacker") not in PILGRIMS)

    def scores(self):
        return {**legal_module.standings(self), "quest": self.quest_view()}

    @classmethod
    def score(cls, tallies):
        return legal_module.calculator(cls, tallies)

    score_schema: ClassVar[dict] = legal_module.SCORE_SCHEMA

    # -- helpers ----------------------------------------------------------------------------------------

    def pilgrim(self, name: str) -> dict:
        return self.G["pilgrims"][name]

    def name_of(self, figure: str) -> str:
        if figure in PILGRIM_NAMES:
            return PILGRIM_NAMES[figure]
        demon = self.G["demons"].get(figure)
        if demon:
            return f"{demon['name']} {figure}"
        return QUEST_FIGURES.get(figure, figure)


    def activation(self) -> dict | None:
        return self.G["activation"]

    def quest(self):
        return QUESTS[self.G["quest"]]

    @classmethod
    def event_types_in_play(cls, G: dict) -> list[str]:
        """The core game's events and the chosen Quest's own (not every Quest's)."""
        return [*EVENT_TYPES, *QUESTS[G["quest"]].event_types]

    def refused_phase_quote(self, kind: str) -> str | tuple[str, ...]:
        forbidden = self.quest().forbidden_quote(self, kind)
        phase = super().refused_phase_quote(kind)
        if kind == "spawn" and (self.G["demon_phase"] or {}).get("rage_stopped"):
            phase = Q_RAGE  # "Stop drawing Demon Cards for the rest of the Demon Phase of this Turn."
        elif kind == "spawn" and self.phase in ("demons_activate", "end") and not forbidden:
            statuses = {gate["status"] for gate in self.G["gates"].values()}
            if statuses and "active" not in statuses:  # no Gate spawned this Demon Phase: why
                forbidden = Q_CLOSED_GATE if statuses == {"closed"} else Q_INACTIVE_GATE
            elif (self.G["demon_phase"] or {}).get("spawned"):  # every active Gate has drawn
                forbidden = Q_ONE_CARD
        elif kind == "demon_attack" and self.stopped_by() is not None:
            forbidden = self.stopped_by()  # a reflected Paralyzed / Disabled
        elif self.phase == "maintenance" and self.G["turn"] == 1:
            phase = (Q_PHASE_MAINTENANCE, Q_FIRST_TURN)
        return (forbidden, *((phase,) if isinstance(phase, str) else phase)) if forbidden else phase

    def stopped_by(self) -> str | None:
        """The sentence of the reflected Condition that ended this Demon Phase the activation of
        the Demon the attempted event names (None: no Condition stopped that Demon)."""
        stopped = (self.G["demon_phase"] or {}).get("stopped_by") or {}
        return stopped.get((self.attempted or {}).get("demon"))

    def damage_pilgrim(self, name: str, amount: int, why: str, quote: str) -> None:
        """Health Points lost; at 0 the Pilgrim is Unconscious, face down."""
        if amount <= 0:
            return
        pilgrim = self.pilgrim(name)
        if pilgrim["status"] != "active":
            return
        pilgrim["hp"] = max(0, pilgrim["hp"] - amount)
        self.effect(f"{PILGRIM_NAMES[name]} loses {amount} Health Point{'s' * (amount > 1)} "
                    f"({why}): {pilgrim['hp']} left.", quote)
        if pilgrim["hp"] == 0:
            self.fall_unconscious(name)

    def fall_unconscious(self, name: str) -> None:
        pilgrim = self.pilgrim(name)
        pilgrim["status"], pilgrim["posture"] = "unconscious", "face_down"
        self.effect(f"{PILGRIM_NAMES[name]} is Unconscious (face down).",
                    "If a Pilgrim is reduced to zero Health Points, the Pilgrim is Unconscious.")
        activation = self.activation()
        if activation and activation["pilgrim"] == name:
            self.finish_activation()
        self.quest().on_pilgrim_down(self, name)
        if name == "tripitaka" and self.quest().ends_on_tripitaka(self) == "defeated":
            self.end_game("defeat", "Tripitaka is Defeated.", Q_TRIPITAKA_DEFEATED)

    def end_game(self, outcome: str, text: str, quote: str) -> None:
        if self.G["result"] is None:
            self.G["result"] = {"outcome": outcome, "text": text, "quote": quote}
            self.effect(f"The Quest ends: {outcome.replace('_', ' ')}. {text}", quote)

    # -- guards every Pilgrim action shares --------------------------------------------------------------

    @cites(Q_CONTROL)
    def controls_pilgrim(self, event):
        """A seat enters for the Pilgrims it controls (a shared phone enters as that seat)."""
        owner = self.G["controllers"][event["pilgrim"]]
        if owner == event["player"]:
            return True
        return (f"{PILGRIM_NAMES[event['pilgrim']]} is {self.player_name(owner)}'s Pilgrim, not "
                f"{self.player_name(event['player'])}'s.")

    @cites(Q_INITIATIVE)
    def is_active_pilgrim(self, event):
        activation = self.activation()
        if activation and activation["pilgrim"] == event["pilgrim"]:
            return True
        name = PILGRIM_NAMES[event["pilgrim"]]
        if event["pilgrim"] in self.G.get("passed_over", ()):
            raise self.violation(f"{name} was passed over when his place in the initiative order "
                                 "came (he could not act then): no activation is left to him "
                                 "this turn.", Q_INITIATIVE)
        if event["pilgrim"] in self.G.get("ended_early", ()):
            raise self.violation(f"{name} ended his activation early this turn: the Action Points "
                                 "he left are lost.", Q_NO_RETURN)
        if event["pilgrim"] in self.G["activated"]:
            raise self.violation(f"{name} has already been activated this turn and spent his "
                                 "Action Points.", Q_TWO_AP)
        current = PILGRIM_NAMES[activation["pilgrim"]] if activation else "nobody"
        return f"It is {current}'s activation, not {name}'s (initiative order)."

    @cites(Q_UNCONSCIOUS)
    def conscious(self, event):
        """Checked before the initiative: an Unconscious or dead Pilgrim is passed over, so the
        reason he cannot act is his state, not whose activation it is."""
        status = self.pilgrim(event["pilgrim"])["status"]
        if status == "dead":
            raise self.violation(f"{PILGRIM_NAMES[event['pilgrim']]} is dead.", Q_DEAD)
        return status == "active" or f"{PILGRIM_NAMES[event['pilgrim']]} is {status}."

    @cites(Q_PARALYZED)
    def not_paralyzed(self, event):
        return (not self.has_condition(event["pilgrim"], "paralyzed")
                or f"{PILGRIM_NAMES[event['pilgrim']]} is Paralyzed.")

    @cites(Q_TWO_AP)
    def action_points_left(self, event):
        needed = event.get("action_points", 1) if event["type"] == "move" else 1
        needed = 0 if event.get("same_action") else needed
        left = self.activation()["ap"] - self.activation()["spent"]
        return (left >= needed
                or f"{PILGRIM_NAMES[event['pilgrim']]} has {left} Action Point{'s' * (left != 1)} "
                   f"left, not {needed}.")

    # -- the turn --------------------------------------------------------------------------------------

    def proceed(self, event=None, *_):
        """After every event: end the game if a Quest condition was met, else move on through the
        phases that have nothing left to do."""
        self.G["follow"] = self.G.pop("follow_next", None)
        self.quest().after_event(self, event)
        while True:
            if self.G["result"] is not None:
                self.end_rule = self.G["result"]["quote"]
                if self.phase != "over":
                    self.conclude()
                return
            step = self.next_step()
            if step is None or self.quest().holds_phase(self):
                return
            getattr(self, step)()
            self.quest().on_phase(self, self.phase)

    def next_step(self) -> str | None:
        G = self.G
        if self.phase == "maintenance":
            return "begin_pilgrim_phase" if G["maintained"] else None
        if self.phase == "pilgrims":
            return None if G["activation"] or G["pending"] else "begin_demon_phase"
        if self.phase == "demons_spawn":
            return (None if self.gates_to_spawn() or self.flood_gate_due()
                    else "begin_demon_activation")
        if self.phase == "demons_activate":
            return (None if G["demon_phase"]["current"] or self.demons_to_activate()
                    or G["pending"] else "begin_end_of_turn")
        if self.phase == "end":
            return "begin_next_turn" if G["turn_ended"] else None
        return None

    def do_maintenance(self, event):
        G = self.G
        self.effect(f"Turn {G['turn']}: Maintenance Phase.", Q_PHASE_MAINTENANCE)
        for name in PILGRIMS:
            self.maintain_pilgrim(name)
        self.maintain_demons()
        self.release_held()
        if G["rage"]:
            G["rage"] = False
            self.effect("Demon Rage ends: the Demon Rage Card is removed from the Demon Deck.",
                        Q_RAGE_ENDS)
        lasting = [card for card in G["special_cards"] if card.get("duration")]
        for card in G["special_cards"]:
            if not card.get("duration"):
                self.effect(f"The Special Demon Card {card['name']} is discarded.",
                            Q_SPECIAL_DISCARD)
        G["special_cards"] = lasting
        self.quest().on_maintenance(self)
        G["maintained"] = True

    def maintain_pilgrim(self, name: str) -> None:
        pilgrim, label = self.pilgrim(name), PILGRIM_NAMES[name]
        down_before = pilgrim["status"] == "unconscious"
        for card in [c for c in pilgrim["in_play"] if c["duration"] == "end_of_turn"]:
            pilgrim["in_play"].remove(card)
            self.effect(f"{label}'s {card['card']} is removed from play.", Q_END_OF_TURN_CARD)
        for card in [c for c in pilgrim["in_play"]
                     if c["duration"] == "turns" and c["tokens"] >= c["turns"]]:
            pilgrim["in_play"].remove(card)
            self.effect(f"{label}'s {card['card']} has {card['tokens']} Turn Tokens: it expires.",
                        Q_EXPIRE)
        for condition in list(pilgrim["conditions"]):
            if condition["duration"] is not None and condition["tokens"] >= condition["duration"]:
                pilgrim["conditions"].remove(condition)
                self.effect(f"{label}'s {condition['name']} has {condition['tokens']} Turn Tokens: "
                            "it expires, with no effect this turn.", Q_EXPIRE)
            elif condition["damage_each_turn"]:
                self.damage_pilgrim(name, condition["damage_each_turn"], condition["name"],
                                    Q_ONGOING)
        if (pilgrim["status"] == "unconscious" and not down_before
                and self.option("knocked_out_at_maintenance") == "next_maintenance"):
            self.effect(f"{label} was knocked out during this Maintenance: he stays face down "
                        "until the next one (table ruling).", Q_MAINTENANCE_TOGETHER)
        elif pilgrim["status"] == "unconscious":
            posture = pilgrim["posture"]
            if posture == "back":
                pilgrim["status"], pilgrim["posture"] = "dead", None
                self.effect(f"{label} was on his back: the time to revive him has run out, he is "
                            "dead and removed from the board.", Q_DEAD)
                self.quest().on_pilgrim_dead(self, name)
                if name == "tripitaka" and self.quest().ends_on_tripitaka(self) == "killed":
                    self.end_game("defeat", "Tripitaka is Killed.", Q_TRIPITAKA_KILLED)
            else:
                pilgrim["posture"] = {"face_down": "side", "side": "back"}[posture]
                self.effect(f"{label} (Unconscious) is turned on his {pilgrim['posture']}.",
                            Q_ROTATE)

    def start_pilgrim_phase(self):
        self.G["activated"], self.G["passed_over"], self.G["ended_early"] = [], [], []
        for pilgrim in self.G["pilgrims"].values():
            pilgrim["actions_this_turn"] = []
            pilgrim["moved_this_turn"] = False
        self.next_activation()

    def next_activation(self) -> None:
        """The next Pilgrim in initiative order who can be activated (Unconscious, dead and
        Paralyzed Pilgrims take no actions: passed over)."""
        G = self.G
        for name in G["initiative"]:
            if name in G["activated"]:
                continue
            paralyzed = self.has_condition(name, "paralyzed")
            if G["pilgrims"][name]["status"] != "active" or paralyzed:
                G["activated"].append(name)
                G.setdefault("passed_over", []).append(name)
                G["pilgrims"][name]["ap_lost_next_turn"] = 0  # "Next Turn" came, with no actions
                if paralyzed and G["pilgrims"][name]["status"] == "active":
                    self.effect(f"{PILGRIM_NAMES[name]} is Paralyzed: no activation this turn.",
                                Q_PARALYZED)
                continue
            ap = (2 - G["pilgrims"][name]["ap_lost_next_turn"]
                  + G["pilgrims"][name].pop("ap_gained_next_activation", 0))
            G["pilgrims"][name]["ap_lost_next_turn"] = 0
            G["activation"] = {"pilgrim": name, "ap": max(0, ap), "spent": 0, "actions": [],
                               "boxes_used": [], "rests": 0, "mastered": False,
                               "strikes": None}
            self.effect(f"{PILGRIM_NAMES[name]}'s activation: {max(0, ap)} Action Points.",
                        Q_INITIATIVE)
            return
        G["activation"] = None

    def finish_activation(self) -> None:
        activation = self.G["activation"]
        self.G["activated"].append(activation["pilgrim"])
        self.G["activation"] = None
        if not self.G["pending"]:
            self.next_activation()

    @cites(Q_RED)
    def stationary_on_red(self, event):
        """A Pilgrim who moved this turn was not stationary in a square for the full turn
        (finding 124); a red square entered on the way is paid by the Move's `red`."""
        if event.get("on_red_square") and self.pilgrim(event["pilgrim"])["moved_this_turn"]:
            return (f"{PILGRIM_NAMES[event['pilgrim']]} moved this turn, so he was not stationary "
                    "on a red square for a full turn; a red square entered is paid with the "
                    "Move's red squares.")
        return True

    def do_end_activation(self, event):
        activation, name = self.activation(), event["pilgrim"]
        left = activation["ap"] - activation["spent"]
        if left:
            self.G.setdefault("ended_early", []).append(name)
            self.effect(f"{PILGRIM_NAMES[name]} ends the activation with {left} Action "
                        f"Point{'s' * (left > 1)} unused: they are lost.", Q_NO_RETURN)
        if event.get("on_red_square"):
            if self.option("red_square_stationary") == "end_of_activation":
                # knocked out, he ends his activation himself (fall_unconscious): finding 123
                self.damage_pilgrim(name, 1, "stationary on a red square", Q_RED)
            else:
                self.G["red_at_end_of_turn"].append(name)
        if self.G["activation"] is not None and self.G["activation"]["pilgrim"] == name:
            self.finish_activation()

    def start_demon_phase(self):
        self.G["demon_phase"] = {"gate_distances": None, "spawned": [], "demon_distances": None,
                                 "activated": [], "current": None, "rage_stopped": False}
        self.effect("Demon Phase: new Demons spawn, then each Demon activates.", Q_PHASE_DEMON)

    @cites(Q_RED)
    def red_square_passed_over(self, event):
        """A Pilgrim passed over (Paralyzed) stood on a red square the whole turn: entered here,
        having no activation to end; one who had an activation said so when he ended it."""
        for name in event.get("on_red_square") or []:
            if self.G["pilgrims"][name]["status"] == "dead":
                raise self.violation(f"{PILGRIM_NAMES[name]} is dead: his Miniature is off the "
                                     "board.", Q_DEAD)
            if name not in self.G.get("passed_over", ()):
                return (f"{PILGRIM_NAMES[name]} had an activation this turn: ending it said "
                        "whether he stood on a red square.")
        return True

    def may_stand_on_red(self) -> list[str]:
        """The Pilgrims the End of Turn may name on a red square: passed over (no activation to
        end) and standing now (an Unconscious one loses nothing more: "…the effects will generally
        make no difference, as the Pilgrim's Health Points are already at 0…")."""
        return [name for name in self.G.get("passed_over", ())
                if self.G["pilgrims"][name]["status"] == "active"]

    def do_end_turn(self, event):
        G = self.G
        for name in [*G["red_at_end_of_turn"], *(event.get("on_red_square") or [])]:
            self.damage_pilgrim(name, 1, "stationary on a red square", Q_RED)
        G["red_at_end_of_turn"] = []
        for name in PILGRIMS:
            for card in G["pilgrims"][name]["in_play"]:
                if card["duration"] == "turns":
                    card["tokens"] += 1
                    self.effect(f"{PILGRIM_NAMES[name]}'s {card['card']}: Turn Token "
                                f"{card['tokens']} of {card['turns']}.", Q_TURN_TOKENS)
            for condition in G["pilgrims"][name]["conditions"]:
                if condition["duration"] is not None:
                    condition["tokens"] += 1
                    self.effect(f"{PILGRIM_NAMES[name]}'s {condition['name']}: Turn Token "
                                f"{condition['tokens']} of {condition['duration']}.",
                                Q_TURN_TOKENS)
        self.demon_conditions_tick()
        self.quest().on_end_of_turn(self)
        G["turn_ended"] = True

    def start_next_turn(self):
        G = self.G
        G["turn"] += 1
        G["maintained"] = False
        G["turn_ended"] = False
        G["demon_phase"] = None

    def do_quest_result(self, event):
        quote = {"defeat": Q_QUEST_FAIL}.get(event["outcome"], Q_END)
        self.end_game(event["outcome"], f"The table reports: {event['condition']}", quote)

