"""What the table enters: each event type as JSON Schema, with an example.

Positions are entered as the facts a rule needs ("adjacent", "in range", "blue squares entered"),
never computed from a map; dice, card draws and the spinner are entered as rolled and drawn. A
figure is named as the table names it (a Pilgrim, or a Demon by the id the referee gave it when it
was placed, e.g. "berrok-1"), so that a wrong target can be entered and refused with its rule.
"""

from __future__ import annotations

from referee.core import EventType

from .profiles import DEMON_TYPES, DIE_FACES, PILGRIMS

PILGRIM = {"enum": list(PILGRIMS), "description": "the Pilgrim acting"}
FIGURE = {"type": "string", "minLength": 1, "maxLength": 40,
          "description": "a Pilgrim (monkey_king, cho_hakkai, monk_sha, tripitaka) or a Demon id"}
TOKEN = {"type": "string", "minLength": 1, "maxLength": 40}
CARD_NAME = {"type": "string", "minLength": 1, "maxLength": 60}
FACE = {"enum": list(DIE_FACES), "description": "the face rolled: 0 for X, else 1-3"}
DICE = {"type": "array", "items": FACE, "maxItems": 6}
SMALL = {"type": "integer", "minimum": 0, "maximum": 20}
FACT = {"type": "boolean"}
CARD_USE = {
    "type": "object",
    "description": "a card played during this attack: when its text says it is played, when it "
                   "was played, and what it adds",
    "properties": {
        "pilgrim": PILGRIM, "card": CARD_NAME,
        "kind": {"enum": ["skill", "fortune"], "description": "a Skill Card (the default) or a "
                                                             "Fortune Card, from the hand"},
        "keep": {"type": "boolean",
                 "description": "the card returns to the hand (\"retained\"); else it is "
                                "discarded after use"},
        "timing": {"enum": ["anytime", "before_trigger", "after_trigger"]},
        "played": {"enum": ["before_roll", "after_roll"]},
        "damage": SMALL, "defense": SMALL,
        "chi": SMALL, "hp": SMALL,
        "attacks": {"type": "integer", "minimum": 2, "maximum": 4,
                    "description": "Attacks the card gives for this Action Point"},
        "same_target": {"type": "boolean",
                        "description": "the card limits the later Attacks to the original Target"},
        "targets": {"type": "integer", "minimum": 2, "maximum": 5,
                    "description": "Targets per Attack the card allows"},
        "range": {"type": "boolean",
                  "description": "the card changes the Attack's range and the Target is in it"},
        "reroll": {"type": "boolean",
                   "description": "a re-roll: played after the roll, the dice entered are the "
                                  "new ones"},
        "cleanse": {**SMALL, "description": "added to the Cleanse Ritual roll"},
    },
    "required": ["pilgrim", "card", "timing", "played"],
    "additionalProperties": False,
}
CARDS_USED = {"type": "array", "items": CARD_USE, "maxItems": 6}
BONUS_FROM = {"type": "array", "items": CARD_NAME, "minItems": 1, "maxItems": 6, "uniqueItems": True,
              "description": "the cards in effect whose printed text gives the bonus: in a "
                             "Pilgrim's playing area, the Corruption Cards of the attacking "
                             "Pilgrim or of a Demon's Target, or used in this event (cards); "
                             "on a Demon's attack, for its extra_damage and the Target's "
                             "extra_defense alike"}
EXTRA_DAMAGE = {**SMALL, "description": "damage a card in effect adds, as printed on it (name the "
                                        "card in bonus_from)"}
EXTRA_DEFENSE = {**SMALL, "description": "defense a card in effect adds, as printed on it (name the "
                                          "card in bonus_from)"}
CLEANSE_BONUS = {**SMALL, "description": "what cards in effect add to the roll, as printed on them "
                                         "(name them in bonus_from), plus what the Quest adds "
                                         "(Quest 7's Golden Peach: 1)"}
DEMON_OPTION = {
    "type": "object",
    "description": "one thing this Demon can do with its Action Points, read off the board",
    "properties": {
        "actions": {"type": "array", "items": {"enum": ["move", "attack"]}, "minItems": 1,
                    "maxItems": 4, "description": "its Actions in order (3 in a Demon Rage)"},
        "targets": {"type": "array", "items": FIGURE, "maxItems": 5,
                    "description": "every Pilgrim (and Quest 7's Kei Lun) in its Attack Range with "
                                   "LOS when it attacks"},
        "squares": {"type": "integer", "minimum": 0, "maximum": 40,
                    "description": "Movement Points it spends"},
        "ends": {"enum": ["closer", "not_closer"],
                 "description": "where it ends: closer on the board to Tripitaka than it began, "
                                "or not"},
        "map_tile": {"enum": ["enters_tripitakas", "leaves_its_own"],
                     "description": "it moves onto Tripitaka's Map Tile (Om Chant), or off the "
                                    "Map Tile it stands on (a Quest may forbid it)"},
        "diagonal": {**FACT, "description": "its path takes a diagonal step"},
        "obstacle": {"enum": ["through", "ends_on", "across_purple"],
                     "description": "its path goes through a wall, closed door, Miniature or "
                                    "Token (Phase March), ends on one, or crosses a purple line"},
    },
    "required": ["actions"],
    "additionalProperties": False,
}

MOVE_MISTAKES = {
    "backwards": {**FACT, "description": "a step backwards or sideways: not in the direction the "
                                         "Miniature faces (it did not turn first)"},
    "slide": {**FACT, "description": "the Miniature slid forwards or backwards as it rotated "
                                     "(Figure 7)"},
}
MV_HALVED = {**FACT, "description": "a card or Quest in play halves his MV (\"Reduce to Half: "
                                    "... Round all results down.\": a MV of 5 is 2)"}
CONTINUES = {**FACT, "description": "the Move carries on with the Movement Points an earlier Move "
                                    "left unused (it stopped, e.g. to break down a door)"}
EXTRA_MOVE = {
    "type": "object",
    "properties": {"steps": SMALL, "turns": SMALL, "blue": SMALL, "red": SMALL, "diagonal": FACT,
                   **MOVE_MISTAKES, "through_blocked": FACT, "through_purple": FACT,
                   "obstruction": {"enum": ["closed_door", "wall", "miniature", "token",
                                            "structure"]}},
    "required": ["steps"],
    "additionalProperties": False,
}

P = "monkey_king"
EVENT_TYPES = {
    "maintenance": EventType(
        "Maintenance Phase: expired cards are discarded, Conditions applied, Unconscious Pilgrims "
        "rotated, Demon Rage ended. The referee works it all out.",
        example={"type": "maintenance", "player": "p1"}),
    "move": EventType(
        "Move (1 Action Point; 2 for a Double Move, 3 for a triple): the squares stepped, the 90° "
        "turns, how many of those were into or in blue squares, red squares entered.",
        properties={"pilgrim": PILGRIM, "steps": SMALL, "turns": SMALL, "blue": SMALL, "red": SMALL,
                    "action_points": {"enum": [1, 2, 3]}, "diagonal": FACT, **MOVE_MISTAKES,
                    "continues": CONTINUES, "mv_halved": MV_HALVED,
                    "through_blocked": FACT, "through_purple": FACT,
                    "obstruction": {"enum": ["closed_door", "wall", "miniature", "token",
                                             "structure"],
                                    "description": "what a through_blocked Move passes (a card "
                                                   "lets it: Phase Walk, Shadow Walk)"}},
        required=("pilgrim", "steps"),
        example={"type": "move", "player": "p1", "pilgrim": P, "steps": 3, "turns": 1}),
    "attack": EventType(
        "Attack (1 Action Point): the Target(s), the Attack Dice and Pilgrim Die rolled, the "
        "damage read on the Weapon Card for that face.",
        properties={"pilgrim": PILGRIM, "targets": {"type": "array", "items": FIGURE,
                                                    "minItems": 1, "maxItems": 5},
                    "attack_dice": DICE, "pilgrim_die": FACE,
                    "weapon_damage": SMALL, "extra_damage": EXTRA_DAMAGE,
                    "bonus_from": BONUS_FROM, "in_range": FACT,
                    "knock_back": {**SMALL, "description": "squares of Knock Back, as read on "
                                                          "the Weapon Card or a card"},
                    "los": {**FACT, "description": "false: something blocks the Line of Sight"},
                    "same_action": {**FACT, "description": "a further Attack (or Target) a card "
                                                          "played with this Action's first "
                                                          "Attack gives, for the same Action "
                                                          "Point"},
                    "knock_back_blocked": {**SMALL, "description": "squares the Target could not "
                                                                  "be moved (Crushing Damage)"},
                    "cards": CARDS_USED,
                    "defense_dice": DICE, "green_square": FACT,
                    "target_hp": {"type": "integer", "minimum": 1, "maximum": 30,
                                  "description": "the HP on the Target's Profile Sheet, where "
                                                 "the table has not entered it at setup"}},
        required=("pilgrim", "targets", "attack_dice"),
        example={"type": "attack", "player": "p1", "pilgrim": P, "targets": ["berrok-1"],
                 "attack_dice": [2, 3], "pilgrim_die": 2, "weapon_damage": 2},
        chance=True),
    "resolve_defeat": EventType(
        "A Defeated Demon: Kill it (Bad Karma) or perform the Cleanse Ritual (the Cleanse Ritual "
        "dice rolled; Good Karma if the roll reaches its Soul Power).",
        properties={"pilgrim": PILGRIM, "choice": {"enum": ["kill", "cleanse"]},
                    "cleanse_dice": DICE, "cleanse_bonus": CLEANSE_BONUS,
                    "bonus_from": BONUS_FROM, "cards": CARDS_USED,
                    "soul_power": SMALL, "reward": SMALL},
        required=("pilgrim", "choice"),
        example={"type": "resolve_defeat", "player": "p1", "pilgrim": P, "choice": "kill"},
        chance=True),
    "pray": EventType(
        "Pray (1 Action Point) on the Map Tile of a Mystical Box: the Fortune Card drawn (none "
        "when no Fortune Card is left in the Draw Deck or the Discard Pile).",
        properties={"pilgrim": PILGRIM, "box": TOKEN, "same_tile": FACT, "card": CARD_NAME,
                    "also_drawn": {"type": "array", "items": CARD_NAME, "minItems": 1,
                                   "maxItems": 2,
                                   "description": "more Fortune Cards drawn besides `card` (a "
                                                  "Pray draws one: refused)"}},
        required=("pilgrim", "box"),
        example={"type": "pray", "player": "p1", "pilgrim": P, "box": "box-1",
                 "card": "Wild Herbs"},
        chance=True),
    "meditate": EventType(
        "Meditate (1 Action Point) on the Map Tile of a Mystical Box: the spinner (white: the 3 "
        "Fortune Cards seen and the one kept — fewer, or none, only when fewer are left in the "
        "Draw Deck and the Discard Pile; black: the Misfortune Card drawn).",
        properties={"pilgrim": PILGRIM, "box": TOKEN, "same_tile": FACT,
                    "spinner": {"enum": ["white", "black"]}, "full_rotation": FACT,
                    "seen": {"type": "array", "items": CARD_NAME, "maxItems": 6},
                    "kept": CARD_NAME,
                    "also_kept": {"type": "array", "items": CARD_NAME, "minItems": 1,
                                  "maxItems": 2,
                                  "description": "more of the Fortune Cards seen kept besides "
                                                 "`kept` (the white spin keeps 1: refused)"},
                    "misfortune": CARD_NAME, "cards": CARDS_USED},
        required=("pilgrim", "box", "spinner"),
        example={"type": "meditate", "player": "p1", "pilgrim": P, "box": "box-1",
                 "spinner": "white", "seen": ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"],
                 "kept": "Wild Ginseng"},
        chance=True),
    "break_door": EventType(
        "Break Down a Door (1 Action Point), in full base contact and facing it; name the Demons "
        "and Gates behind it that now become active.",
        properties={"pilgrim": PILGRIM, "door": TOKEN, "in_contact_facing": FACT,
                    "opens": {"type": "array", "items": TOKEN, "maxItems": 20}},
        required=("pilgrim", "door"),
        example={"type": "break_door", "player": "p1", "pilgrim": P, "door": "door-1"}),
    "collect_sutra": EventType(
        "Collect Sutra (1 Action Point) adjacent to it.",
        properties={"pilgrim": PILGRIM, "sutra": TOKEN, "adjacent": FACT},
        required=("pilgrim", "sutra"),
        example={"type": "collect_sutra", "player": "p1", "pilgrim": P, "sutra": "sutra-1"}),
    "give_sutra": EventType(
        "Hand a Sutra Token to another Pilgrim in the active Pilgrim's activation, no Action "
        "Point (table ruling sutra_hand_off: allowed; the book prints no hand-off).",
        properties={"pilgrim": PILGRIM, "to": {"enum": list(PILGRIMS),
                                               "description": "the Pilgrim given the Sutra"}},
        required=("pilgrim", "to"),
        example={"type": "give_sutra", "player": "p1", "pilgrim": P, "to": "tripitaka"}),
    "rescue_villager": EventType(
        "Rescue Villager (1 Action Point) adjacent to it: 3 Good Karma.",
        properties={"pilgrim": PILGRIM, "villager": TOKEN, "adjacent": FACT},
        required=("pilgrim", "villager"),
        example={"type": "rescue_villager", "player": "p1", "pilgrim": P,
                 "villager": "villager-1"}),
    "recover": EventType(
        "Recover (1 Action Point) adjacent to a Water Well: all Health Points back.",
        properties={"pilgrim": PILGRIM, "well": TOKEN, "adjacent": FACT},
        required=("pilgrim", "well"),
        example={"type": "recover", "player": "p1", "pilgrim": P, "well": "well-1"}),
    "rest": EventType(
        "Rest (1 Action Point): 5 Chi, up to the maximum.",
        properties={"pilgrim": PILGRIM}, required=("pilgrim",),
        example={"type": "rest", "player": "p1", "pilgrim": P}),
    "close_gate": EventType(
        "Close a Gate (Tripitaka, 1 Action Point and a Sutra Token), adjacent to it.",
        properties={"pilgrim": PILGRIM, "gate": TOKEN, "adjacent": FACT},
        required=("pilgrim", "gate"),
        example={"type": "close_gate", "player": "p2", "pilgrim": "tripitaka", "gate": "gate-1"}),
    "master_skill": EventType(
        "Master Skill (4 Good Karma and 1 Action Point): the Skill Card kept (\"discarded after "
        "use\") and the cards of the wrong type drawn before it.",
        properties={"pilgrim": PILGRIM, "card": CARD_NAME,
                    "discarded": {"type": "array", "items": CARD_NAME, "maxItems": 20}},
        required=("pilgrim", "card"),
        example={"type": "master_skill", "player": "p1", "pilgrim": P, "card": "Phase Walk"},
        chance=True),
    "revive": EventType(
        "Revive (Tripitaka, 1 Action Point) an adjacent Unconscious Pilgrim with 1-5 of his Health "
        "Points and 0-5 of his Chi.",
        properties={"pilgrim": PILGRIM, "target": FIGURE, "hp": SMALL, "chi": SMALL,
                    "adjacent": FACT},
        required=("pilgrim", "target", "hp", "chi"),
        example={"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                 "target": "cho_hakkai", "hp": 2, "chi": 1}),
    "end_activation": EventType(
        "End this Pilgrim's activation (unused Action Points are lost); say whether it stood on "
        "a red square the whole turn.",
        properties={"pilgrim": PILGRIM, "on_red_square": FACT}, required=("pilgrim",),
        example={"type": "end_activation", "player": "p1", "pilgrim": P}),
    "play_card": EventType(
        "Play or activate a Skill or Fortune Card: its cost and what it gives, as printed on it.",
        properties={"pilgrim": PILGRIM, "card": CARD_NAME,
                    "kind": {"enum": ["skill", "fortune"]},
                    "timing": {"enum": ["anytime", "before_trigger", "after_trigger"]},
                    "cost": {"type": "object", "properties": {"chi": SMALL, "hp": SMALL,
                                                              "ap": SMALL},
                             "additionalProperties": False},
                    "gain": {"type": "object", "properties": {"chi": SMALL, "hp": SMALL,
                                                              "ap": SMALL},
                             "additionalProperties": False},
                    "duration": {"enum": ["immediate", "this_action", "end_of_turn",
                                          "continuous", "turns"],
                                 "description": "as the card says (the referee knows the ones the "
                                                "rulebook prints); \"turns\": a number of Turns, "
                                                "tracked with Turn Tokens"},
                    "turns": {"type": "integer", "minimum": 1, "maximum": 20},
                    "move": {**EXTRA_MOVE, "description": "Flying Nimbus: the extra Move Action "
                                                         "made (no Action Point), its facts as "
                                                         "for a Move"},
                    "draws": {**CARD_NAME, "description": "Greedy: the Fortune Card Cho Hakkai "
                                                         "takes (no Mystical Box needed)"},
                    "seals": {"type": "array", "items": FIGURE, "maxItems": 5,
                              "uniqueItems": True,
                              "description": "Prayer of Sealing: the Gates it seals, as the "
                                             "card's text reads (they are Closed)"},
                    "selects": {**CARD_NAME, "description": "Om Mala of Knowledge: the new Skill "
                                                           "Card selected (his own deck)"},
                    "discards": {**CARD_NAME, "description": "Om Mala of Knowledge: the Skill "
                                                            "Card discarded for it (one he "
                                                            "holds; none if he holds none)"},
                    "keep": {"type": "boolean",
                             "description": "the card returns to the hand (\"retained\")"}},
        required=("pilgrim", "card", "kind"),
        example={"type": "play_card", "player": "p1", "pilgrim": P, "card": "Wild Herbs",
                 "kind": "fortune", "gain": {"hp": 3}}),
    "take_condition": EventType(
        "A Condition Card given to a Pilgrim (by a Misfortune Card, a card or a Quest): its "
        "duration and damage as printed on the card, where the data file does not have them.",
        properties={"pilgrim": PILGRIM, "condition": CARD_NAME,
                    "duration": {"type": "integer", "minimum": 1, "maximum": 20},
                    "damage_now": SMALL, "damage_each_turn": SMALL},
        required=("pilgrim", "condition"),
        example={"type": "take_condition", "player": "p1", "pilgrim": P, "condition": "Poisoned"}),
    "misfortune": EventType(
        "A Misfortune Card's effect, applied as printed on it: what the Pilgrim loses (never below "
        "0), any Condition Card it gives.",
        properties={"pilgrim": PILGRIM, "card": CARD_NAME,
                    "lose": {"type": "object",
                             "properties": {"hp": SMALL, "chi": SMALL, "good_karma": SMALL,
                                            "bad_karma": SMALL, "ap_next_turn": SMALL},
                             "additionalProperties": False},
                    "condition": CARD_NAME,
                    "duration": {"type": "integer", "minimum": 1, "maximum": 20},
                    "discard": {"type": "array", "items": CARD_NAME, "maxItems": 6,
                                "description": "the Skill Cards it makes him discard, of those he "
                                               "holds (none when he holds none)"}},
        required=("pilgrim", "card"),
        example={"type": "misfortune", "player": "p1", "pilgrim": P, "card": "Ambush",
                 "lose": {"hp": 2}}),
    "karma_trade": EventType(
        "A mandatory Karma trade at 10 points: Good — the Permanent Skill Card (\"retained\") kept "
        "and the wrong-type cards drawn before it; Bad — the Corruption Card drawn (the weapon is "
        "upgraded by the referee).",
        properties={"pilgrim": PILGRIM, "kind": {"enum": ["good", "bad"]}, "card": CARD_NAME,
                    "discarded": {"type": "array", "items": CARD_NAME, "maxItems": 20},
                    "corruption": CARD_NAME, "upgrade_weapon": FACT},
        required=("pilgrim", "kind"),
        example={"type": "karma_trade", "player": "p1", "pilgrim": P, "kind": "bad",
                 "corruption": "Permanent Limp"},
        chance=True),
    "measure": EventType(
        "Demon Phase: the distance of each active Gate (before spawning) or each Demon (before "
        "activating) to Tripitaka, as measured on the board; the referee orders them.",
        properties={"of": {"enum": ["gates", "demons"]},
                    "distances": {"type": "object", "maxProperties": 40,
                                  "additionalProperties": {"type": "integer", "minimum": 0,
                                                           "maximum": 200}}},
        required=("of", "distances"),
        example={"type": "measure", "player": "p1", "of": "gates",
                 "distances": {"gate-1": 6, "gate-2": 9}}),
    "spawn": EventType(
        "Spawn at an active Gate: the Demon Card drawn — reinforcement (the Demons placed), unique "
        "(the Demon Lord), special (its name) — or Demon Rage when no model and no promotion is "
        "left.",
        properties={"gate": TOKEN,
                    "card": {"enum": ["reinforcement", "unique", "special", "rage"]},
                    "demons": {"type": "array", "items": {"enum": list(DEMON_TYPES)},
                               "maxItems": 6},
                    "name": CARD_NAME,
                    "promoted_from": {"type": "array", "items": {"enum": list(DEMON_TYPES)},
                                      "maxItems": 6}},
        required=("gate", "card"),
        example={"type": "spawn", "player": "p1", "gate": "gate-1", "card": "reinforcement",
                 "demons": ["berrok", "berrok"]},
        chance=True),
    "flood_gate": EventType(
        "Flood Gate (a Special Demon Card): the Gate closest to Tripitaka, and for every Demon in "
        "play whether a square adjacent to that Gate is closer to Tripitaka (it moves there) or "
        "not (it stays).",
        properties={"gate": TOKEN,
                    "closer": {"type": "object", "maxProperties": 33,
                               "additionalProperties": FACT}},
        required=("gate", "closer"),
        example={"type": "flood_gate", "player": "p1", "gate": "gate-1",
                 "closer": {"berrok-1": True, "berrok-2": False}}),
    "demon_options": EventType(
        "Demon Phase: what this Demon can do now, read off the board (each way it can use its "
        "Action Points to attack: the Pilgrims it would attack, squares moved, whether it ends "
        "closer to Tripitaka). The referee picks the plan the Demon AI makes it follow.",
        properties={"demon": FIGURE, "options": {"type": "array", "items": DEMON_OPTION,
                                                 "maxItems": 4},
                    "on_monkey_kings_tile": {**FACT, "description": "Flaming War Cry is in play "
                                                                   "and this Demon is on the "
                                                                   "Monkey King's Map Tile"}},
        required=("demon", "options"),
        example={"type": "demon_options", "player": "p1", "demon": "berrok-1",
                 "options": [{"actions": ["move", "attack"], "targets": ["tripitaka"],
                              "squares": 1, "ends": "closer"}]}),
    "demon_plan": EventType(
        "Demon Phase: the option the Demon follows (the referee's choice, confirmed in one tap; "
        "a different choice is refused with the rule).",
        properties={"demon": FIGURE, "option": {"type": "integer", "minimum": 1, "maximum": 5},
                    "outside": {**FACT, "description": "Phase March: the move takes a Demon "
                                                       "inside a building outside it"}},
        required=("demon", "option"),
        example={"type": "demon_plan", "player": "p1", "demon": "berrok-1", "option": 1}),
    "demon_attack": EventType(
        "A Demon's attack roll against one Target: Attack Dice, Demon Die, the Target's Defense "
        "Dice, a green-line square, squares of Knock Back that were blocked.",
        properties={"demon": FIGURE, "target": FIGURE, "attack_dice": DICE,
                    "demon_die": FACE, "defense_dice": DICE, "green_square": FACT,
                    "extra_defense": EXTRA_DEFENSE, "bonus_from": BONUS_FROM,
                    "extra_damage": {**SMALL, "description": "the Demon Die's result read off the "
                                                             "Profile Sheet where the referee does "
                                                             "not know that face, or damage a card "
                                                             "in effect adds (name it in "
                                                             "bonus_from)"},
                    "knock_back": SMALL, "knock_back_blocked": SMALL,
                    "knock_back_red": {**SMALL, "description": "red squares the Pilgrim was "
                                                              "Knocked Back onto"},
                    "pushed_out_of_range": {**FACT, "description": "the Knock Back pushed the "
                                                                  "Target out of the Demon's "
                                                                  "Attack Range"},
                    "condition": CARD_NAME,
                    "condition_duration": {"type": "integer", "minimum": 1, "maximum": 20},
                    "cards": CARDS_USED,
                    "instead_of": {**FIGURE, "description": "Brotherhood of the Skull: the "
                                                            "Pilgrim the plan attacked, whose "
                                                            "attack Monk Sha takes"},
                    "demon_hp": {"type": "integer", "minimum": 1, "maximum": 30,
                                 "description": "Asura Seal: the HP on the Demon's Profile "
                                                "Sheet, where not entered at setup"},
                    "condition_damage": {**SMALL, "description": "Asura Seal: the damage the "
                                                                "reflected Condition Card does "
                                                                "at once"}},
        required=("demon", "target", "attack_dice"),
        example={"type": "demon_attack", "player": "p1", "demon": "berrok-1",
                 "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [1, 0]},
        chance=True),
    "follow": EventType(
        "The free \"Follow\" move right after a Knock Back: the Attacker (a Pilgrim or a Demon) "
        "moves forwards with its Target, as a single Move that costs no Action Point (0 steps: it "
        "does not or cannot Follow). A Pilgrim's Follow is entered by his Player; a Demon's, as "
        "all the Demons' moves, by any Player (listed for every seat).",
        properties={"attacker": FIGURE, "steps": {"type": "integer", "minimum": 0, "maximum": 12},
                    "turns": SMALL, "diagonal": FACT, "backwards": FACT, "through_blocked": FACT,
                    "through_purple": FACT, "blue": SMALL, "red": SMALL, "mv_halved": MV_HALVED},
        required=("attacker", "steps"),
        example={"type": "follow", "player": "p1", "attacker": "borrack-1", "steps": 1}),
    "creature_attack": EventType(
        "A Neutral Creature's attack on one Target (a Pilgrim or a Demon, never another Neutral "
        "Creature), whenever its Quest or the table's rules make it attack: its Attack Dice as "
        "rolled, the Target's Defense Dice (Pilgrims) and whether it is in range with LOS.",
        properties={"creature": TOKEN, "target": FIGURE, "attack_dice": DICE,
                    "defense_dice": DICE, "green_square": FACT, "in_range": FACT,
                    "los": {**FACT, "description": "false: something blocks the Line of Sight"},
                    "target_hp": {"type": "integer", "minimum": 1, "maximum": 30,
                                  "description": "a Demon Target's HP, where the table has not "
                                                 "entered it at setup"}},
        required=("creature", "target", "attack_dice"),
        example={"type": "creature_attack", "player": "p1", "creature": "kei-lun",
                 "target": "berrok-1", "attack_dice": [2, 3]},
        chance=True),
    "room": EventType(
        "A Pilgrim entered (active) or left (inactive) a closed room without opening its door: "
        "the Demons and Gates inside.",
        properties={"ids": {"type": "array", "items": TOKEN, "minItems": 1, "maxItems": 20},
                    "active": FACT},
        required=("ids", "active"),
        example={"type": "room", "player": "p1", "ids": ["berrok-2"], "active": True}),
    "end_turn": EventType(
        "End of Turn Phase: a Turn Token on every card that lasts several turns; name the "
        "Pilgrims passed over this turn (Paralyzed: no activation to end) who stood on a red "
        "square the whole turn.",
        properties={"on_red_square": {"type": "array", "items": {"enum": list(PILGRIMS)},
                                      "uniqueItems": True, "maxItems": 4}},
        example={"type": "end_turn", "player": "p1"}),
    "quest_result": EventType(
        "Free play (no Quest rules chosen): the table reports that the Quest's own Victory or "
        "Defeat condition was met: the outcome and the condition, in the Quest's words. With a "
        "Quest chosen the referee checks its Conditions itself and ends the Quest.",
        properties={"outcome": {"enum": ["heroic_victory", "victory", "defeat"]},
                    "condition": {"type": "string", "minLength": 1, "maxLength": 200}},
        required=("outcome", "condition"),
        example={"type": "quest_result", "player": "p1", "outcome": "victory",
                 "condition": "The Pilgrims must defeat all Demons in the Villagers' house."}),
}
