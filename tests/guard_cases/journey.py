"""Journey: Wrath of Demons — one refusal per guard (and per distinct reason a guard gives), each
with the sentence that forbids what was attempted and why that sentence."""

from __future__ import annotations

from referee.journey import actions as A
from referee.journey import card_effects as E
from referee.journey import combat as C
from referee.journey import conditions as CO
from referee.journey import demon_ai as D
from referee.journey import karma as K
from referee.journey import rules as R
from referee.journey import special_cards as S
from referee.journey.quests import q05_beasts as Q5

from . import Case

PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")
PROFILES = {"monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
            "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3, "cleanse_dice": 1}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "boof": {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 3}}


def setup(position=None, players=("Solo",), **options) -> dict:
    return {"players": list(players),
            "options": {"pilgrim_profiles": PROFILES, "demon_profiles": DEMONS, **options},
            "position": position or {}}


def ev(type_, player="p1", **fields) -> dict:
    return {"type": type_, "player": player, **fields}


M = ev("maintenance")
MK = "monkey_king"
CH = "cho_hakkai"


def end(pilgrim, player="p1"):
    return ev("end_activation", player, pilgrim=pilgrim)


TO_DEMONS = [M, *(end(p) for p in PILGRIMS)]
MK_PARALYZED_TO_DEMONS = [M, *(end(p) for p in PILGRIMS[1:])]  # he is passed over
TRIPITAKA_FIRST = {"initiative": ["tripitaka", "monkey_king", "cho_hakkai", "monk_sha"]}
ONE_BERROK = {"demons": ["berrok"]}
TWO_DEMONS = {"demons": ["berrok", "boof"]}
HIT = {"attack_dice": [3, 3], "pilgrim_die": 1, "weapon_damage": 1}
VIGOR = {"fortune": ["Om Mala of Vigor"]}
PLAY_VIGOR = ev("play_card", pilgrim=MK, card="Om Mala of Vigor", kind="fortune", gain={"ap": 1})


GREEDY_COUNTS = setup({"boxes": ["box-1"], "pilgrims": {CH: {"hand": ["Greedy"]}}},
                      greedy_box="counts",
                      initiative=[CH, MK, "monk_sha", "tripitaka"])


def options_for(demon, *options):
    return ev("demon_options", demon=demon, options=list(options))


def attack_option(targets, actions=("move", "attack"), squares=1, closer=True):
    return {"actions": list(actions), "targets": list(targets), "squares": squares,
            "ends": "closer" if closer else "not_closer"}


CASES = [
    # -- who enters, and when ------------------------------------------------------------------------
    Case("controls_pilgrim", setup(players=("Ann", "Ben")), ev("rest", "p2", pilgrim=MK), R.Q_CONTROL,
         "Ben enters an action for Ann's Pilgrim: the seat model is the sentence on Pilgrims being "
         "controlled by the Players", [M]),
    Case("is_active_pilgrim", setup(), ev("rest", pilgrim="cho_hakkai"), R.Q_INITIATIVE,
         "Cho Hakkai acts while the Monkey King, first by initiative, is active: the order of "
         "activation by Initiative Tokens", [M]),
    Case("is_active_pilgrim", setup(), ev("rest", pilgrim=MK), R.Q_NO_RETURN,
         "the Monkey King ended his activation and tries to use the Action Points he left: the "
         "sentence that he cannot come back to them", [M, end(MK)]),
    Case("conscious", setup({"pilgrims": {MK: {"hp": 0}}}),
         ev("play_card", pilgrim=MK, card="Wild Herbs", kind="fortune", gain={"hp": 3}),
         R.Q_UNCONSCIOUS, "an Unconscious Pilgrim plays a card: the exception to playing cards at "
         "any time", [M]),
    Case("not_paralyzed", setup({"pilgrims": {MK: {"conditions": [{"name": "Paralyzed",
                                                                     "duration": 2}]}}}),
         ev("rest", pilgrim=MK), R.Q_PARALYZED,
         "a Paralyzed Pilgrim takes an action: the Paralyzed FAQ", [M]),
    Case("action_points_left", setup(), ev("move", pilgrim=MK, steps=2, action_points=3),
         R.Q_TWO_AP, "a triple Move with 2 Action Points: the sentence giving each Pilgrim 2",
         [M]),
    Case("within_action_limit",
         setup({"pilgrims": {MK: {**VIGOR, "bad_karma": 10}}}),
         ev("rest", pilgrim=MK), R.Q_DISTRACTION,
         "a third Action after taking Demon Distraction: its FAQ, no more than 2 Actions per turn",
         [M, PLAY_VIGOR, ev("karma_trade", pilgrim=MK, kind="bad", corruption="Demon Distraction"),
          ev("move", pilgrim=MK, steps=1), ev("rest", pilgrim=MK)]),
    Case("not_a_double_action", setup({"pilgrims": {MK: {"corruption": ["Lure of Demons"]}}}),
         ev("move", pilgrim=MK, steps=6, action_points=2), R.Q_LURE,
         "a Double Move with Lure of Demons: its FAQ names Double Moves", [M]),
    Case("not_a_double_action", setup({"pilgrims": {MK: {"corruption": ["Lure of Demons"]}}}),
         ev("rest", pilgrim=MK), R.Q_LURE,
         "a second Rest in the turn with Lure of Demons: its FAQ names resting twice",
         [M, ev("rest", pilgrim=MK)]),
    Case("not_a_double_action", setup({"pilgrims": {MK: {"corruption": ["Curse of the Dead"]}}}),
         ev("move", pilgrim=MK, steps=6, action_points=2), R.Q_CURSE,
         "a Double Move with Curse of the Dead: the FAQ sentence that names that card", [M]),
    # -- Move ------------------------------------------------------------------------------------------
    Case("straight_move", setup(), ev("move", pilgrim=MK, steps=2, diagonal=True), A.Q_DIAGONAL,
         "a diagonal step: the sentence forbidding diagonal moves", [M]),
    Case("move_not_resumed", setup({"doors": ["door-1"]}),
         ev("move", pilgrim=MK, steps=2, continues=True), A.Q_RESUME,
         "carrying on with a stopped Move's Movement Points after breaking down a door: the "
         "sentence that they are lost", [M, ev("move", pilgrim=MK, steps=2),
                                           ev("break_door", pilgrim=MK, door="door-1")]),
    Case("unblocked_move", setup(), ev("move", pilgrim=MK, steps=2, through_blocked=True),
         A.Q_BLOCKED, "moving through an occupied or blocked square: the blocked-square sentence",
         [M]),
    Case("within_movement_points", setup(), ev("move", pilgrim=MK, steps=5), A.Q_MV,
         "5 squares with MV 4: the Movement Points sentence", [M]),
    Case("within_movement_points", setup(), ev("move", pilgrim=MK, steps=4, turns=1),
         A.Q_TURN_COST, "4 steps and a turn with MV 4: only the turn's cost makes it too long",
         [M]),
    Case("within_movement_points", setup(), ev("move", pilgrim=MK, steps=3, blue=2), A.Q_RED_HP,
         "3 steps, 2 of them into water, with MV 4: only the blue squares' double cost is too much; "
         "the sentence that he cannot make the move, with the blue squares' cost",
         [M], also=(A.Q_BLUE,)),
    Case("within_movement_points", setup({"pilgrims": {MK: {"fortune": ["Om Mala of Vigor"]}}}),
         ev("move", pilgrim=MK, steps=13, action_points=3), A.Q_TRIPLE,
         "a triple Move of 13 with MV 4: the triple Move's sentence",
         [M, ev("play_card", pilgrim=MK, card="Om Mala of Vigor", kind="fortune")]),
    Case("within_movement_points", setup({"pilgrims": {MK: {"corruption": ["Permanent Limp"]}}}),
         ev("move", pilgrim=MK, steps=8, action_points=2), R.Q_LIMP,
         "a Double Move of 8 with MV 4 and Permanent Limp: the Limp takes the eighth point", [M]),
    Case("red_square_health", setup({"pilgrims": {MK: {"hp": 1}}}),
         ev("move", pilgrim=MK, steps=2, red=2), A.Q_RED_HP,
         "two red squares with 1 Health Point: the sentence that he cannot make the move", [M]),
    Case("red_square_health", setup({"pilgrims": {MK: {"hp": 1}}}, red_square_last_hp="must_keep_one"),
         ev("move", pilgrim=MK, steps=2, red=1), R.Q_HP_COST,
         "one red square with 1 Health Point under must_keep_one: he has the point; the Note that "
         "he must keep 1 is the ruling's reading (finding 121)", [M]),
    Case("stationary_on_red", setup(), ev("end_activation", pilgrim=MK, on_red_square=True),
         A.Q_RED, "he moved this turn, so he was not stationary on a red square for a full turn "
         "(finding 124)", [M, ev("move", pilgrim=MK, steps=1)]),
    Case("sutra_hand_off_allowed", setup({"pilgrims": {MK: {"sutras": 1}}}),
         ev("give_sutra", pilgrim=MK, to="tripitaka"), A.Q_SUTRA_COLLECTED,
         "a Sutra handed on under sutra_hand_off: none (the default): a collected Sutra is placed "
         "near the collecting Pilgrim's Profile Sheet", [M]),
    Case("sutra_to_give", setup(sutra_hand_off="allowed"),
         ev("give_sutra", pilgrim=MK, to="tripitaka"), A.Q_SUTRA_COLLECTED,
         "a Sutra handed on by a Pilgrim who holds none", [M]),
    # -- Pray, Meditate -------------------------------------------------------------------------------
    Case("box_on_tile", setup({"boxes": ["box-1"]}),
         ev("pray", pilgrim=MK, box="box-1", same_tile=False, card="Wild Herbs"), A.Q_PRAY_TILE,
         "praying off the Mystical Box's Map Tile: the Pray sentence on the same Map Tile", [M]),
    Case("box_on_tile", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", same_tile=False, spinner="black",
            misfortune="Ambush"), A.Q_MEDITATE_TILE,
         "meditating off the Map Tile: the Meditate sentence, not the Pray one", [M]),
    Case("drawn_from_its_deck", setup({"boxes": ["box-1"]}),
         ev("pray", pilgrim=MK, box="box-1", card="Phase Walk"), A.Q_PRAY,
         "a Pray drawing a Skill Card the book names: the Pray draws a Fortune Card", [M]),
    Case("drawn_from_its_deck", setup({"boxes": ["box-1"]}),
         ev("pray", pilgrim=MK, box="box-1", card="Wild Herbs", also_drawn=["Wild Ginseng"]),
         A.Q_PRAY, "a Pray drawing two Fortune Cards: it draws a Fortune Card", [M]),
    Case("box_once_per_activation", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Ambush"),
         A.Q_BOX_ONCE, "Meditating after Praying in one activation: once per activation",
         [M, ev("pray", pilgrim=MK, box="box-1", card="Wild Herbs")]),
    Case("box_once_per_activation", GREEDY_COUNTS,
         ev("pray", pilgrim=CH, box="box-1", card="Wild Herbs"), A.Q_BOX_ONCE,
         "Praying after taking a Fortune Card with Greedy under greedy_box: counts: Greedy was "
         "his use of a Mystical Box this activation",
         [M, ev("play_card", pilgrim=CH, card="Greedy", kind="skill", draws="Wild Ginseng")]),
    Case("greedy_after_a_box", GREEDY_COUNTS,
         ev("play_card", pilgrim=CH, card="Greedy", kind="skill", draws="Wild Ginseng"),
         A.Q_BOX_ONCE, "Greedy after a Pray under greedy_box: counts: once per activation",
         [M, ev("pray", pilgrim=CH, box="box-1", card="Wild Herbs")]),
    Case("full_spin", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="white", full_rotation=False,
            kept="Wild Herbs"), A.Q_SPIN, "a spin of less than a full rotation", [M]),
    Case("spinner_draw", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="black", kept="Wild Herbs",
            misfortune="Ambush"), A.Q_BLACK,
         "keeping a Fortune Card on black: the black-area sentence", [M]),
    Case("spinner_draw", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="white",
            seen=["Wild Herbs", "Wild Ginseng", "Greedy"], kept="Om Mala of Vigor"), A.Q_WHITE,
         "keeping a card that is not one of the three drawn: the white-area sentence", [M]),
    Case("spinner_draw", setup({"boxes": ["box-1"]}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="white",
            seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Herbs",
            also_kept=["Wild Ginseng"]), A.Q_WHITE,
         "keeping two of the three drawn: the white-area sentence (keeps 1)", [M]),
    Case("spinner_draw", setup({"boxes": ["box-1"], "pilgrims": {MK: {"fortune": ["Wild Herbs"] * 18}}}),
         ev("meditate", pilgrim=MK, box="box-1", spinner="white",
            seen=["Wild Herbs", "Wild Ginseng", "Greedy"], kept="Wild Herbs"), A.Q_NO_CARDS,
         "three Fortune Cards seen when the Pilgrims hold 18 of the 20: only 2 are left in the "
         "Draw Deck and the Discard Pile, the sentence on both being empty", [M],
         also=(A.Q_RESHUFFLE,)),
    Case("red_square_passed_over", setup(), ev("end_turn", on_red_square=[MK]), A.Q_RED,
         "the End of Turn naming the Monkey King, who had his activation, as stationary on a red "
         "square: the sentence on standing there a full turn (his end of activation said it)",
         TO_DEMONS),
    Case("fortune_to_draw", setup({"boxes": ["box-1"], "pilgrims": {MK: {"fortune": ["Wild Herbs"] * 20}}}),
         ev("pray", pilgrim=MK, box="box-1", card="Wild Herbs"), A.Q_NO_CARDS,
         "a Fortune Card drawn praying when the Pilgrims hold all 20: none can be drawn until some "
         "are discarded", [M], also=(A.Q_RESHUFFLE,)),
    # -- the board's tokens ---------------------------------------------------------------------------
    Case("door_closed", setup({"broken_doors": ["door-1"]}),
         ev("break_door", pilgrim=MK, door="door-1"), A.Q_DOOR_OPEN,
         "breaking a door that is broken down already: it stays Open", [M]),
    Case("door_contact", setup({"doors": ["door-1"]}),
         ev("break_door", pilgrim=MK, door="door-1", in_contact_facing=False), A.Q_DOOR_CONTACT,
         "not in base contact facing the door: the position sentence", [M]),
    Case("sutra_on_board", setup({"sutras": ["sutra-1"]}),
         ev("collect_sutra", pilgrim=MK, sutra="sutra-1", adjacent=False), A.Q_SUTRA,
         "collecting a Sutra that is not adjacent", [M]),
    Case("villager_on_board", setup({"villagers": ["villager-1"]}),
         ev("rescue_villager", pilgrim=MK, villager="villager-1", adjacent=False), A.Q_VILLAGER,
         "rescuing a Villager that is not adjacent", [M]),
    Case("well_on_board", setup({"wells": ["well-1"]}),
         ev("recover", pilgrim=MK, well="well-1", adjacent=False), A.Q_WELL,
         "drinking from a Well that is not adjacent", [M]),
    Case("well_once", setup({"wells": ["well-1"], "pilgrims": {MK: {"hp": 5,
                                                                     "wells_used": ["well-1"]}}}),
         ev("recover", pilgrim=MK, well="well-1"), A.Q_WELL_ONCE,
         "a second drink from the same Well in the Quest", [M]),
    Case("rest_twice", setup({"pilgrims": {MK: VIGOR}}), ev("rest", pilgrim=MK), A.Q_REST_TWICE,
         "a third Rest with 3 Action Points (table ruling third_rest: refused)",
         [M, PLAY_VIGOR, ev("rest", pilgrim=MK), ev("rest", pilgrim=MK)]),
    Case("tripitaka_closes", setup({"gates": [{"id": "gate-1"}], "pilgrims": {MK: {"sutras": 1}}}),
         ev("close_gate", pilgrim=MK, gate="gate-1"), A.Q_ONLY_TRIPITAKA_CLOSES,
         "the Monkey King closing a Gate: only Tripitaka can", [M]),
    Case("gate_open_to_close",
         setup({"gates": [{"id": "gate-1", "status": "closed"}],
                "pilgrims": {"tripitaka": {"sutras": 1}}}, **TRIPITAKA_FIRST),
         ev("close_gate", pilgrim="tripitaka", gate="gate-1"), A.Q_CLOSED_GATE,
         "closing a Gate that is already Closed", [M]),
    Case("adjacent_gate", setup({"gates": [{"id": "gate-1"}],
                                 "pilgrims": {"tripitaka": {"sutras": 1}}}, **TRIPITAKA_FIRST),
         ev("close_gate", pilgrim="tripitaka", gate="gate-1", adjacent=False), A.Q_CLOSE,
         "Tripitaka closing a Gate he is not adjacent to", [M]),
    Case("holds_sutra", setup({"gates": [{"id": "gate-1"}]}, **TRIPITAKA_FIRST),
         ev("close_gate", pilgrim="tripitaka", gate="gate-1"), A.Q_CLOSE,
         "Tripitaka without a Sutra Token closing a Gate", [M]),
    Case("tripitaka_revives", setup({"pilgrims": {"cho_hakkai": {"hp": 0}}}),
         ev("revive", pilgrim=MK, target="cho_hakkai", hp=1, chi=0), A.Q_ONLY_TRIPITAKA_REVIVES,
         "the Monkey King reviving: only Tripitaka can", [M]),
    Case("target_unconscious", setup(**TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=1, chi=0), A.Q_REVIVE_ADJACENT,
         "reviving a Pilgrim who is not Unconscious", [M]),
    Case("revive_cost", setup({"pilgrims": {"cho_hakkai": {"hp": 0}, "tripitaka": {"hp": 1}}},
                              **TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=1, chi=0), A.Q_REVIVE_NEEDS,
         "Tripitaka with 1 Health Point: he needs 2", [M]),
    Case("revive_cost", setup({"pilgrims": {"cho_hakkai": {"hp": 0}, "tripitaka": {"hp": 4}}},
                              **TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=4, chi=0), A.Q_REVIVE_OWN,
         "giving all 4 of his Health Points: he cannot go below 1", [M]),
    Case("revive_cost", setup({"pilgrims": {"cho_hakkai": {"hp": 0}}}, **TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=0, chi=3), A.Q_REVIVE_TARGET,
         "reviving with 0 Health Points: the revived Pilgrim needs at least 1", [M]),
    # -- Karma ----------------------------------------------------------------------------------------
    Case("master_once", setup({"pilgrims": {MK: {"good_karma": 8}}}),
         ev("master_skill", pilgrim=MK, card="Flying Nimbus"), K.Q_MASTER_ONCE,
         "a second Master Skill in one activation",
         [M, ev("master_skill", pilgrim=MK, card="Phase Walk")]),
    Case("good_karma_for_skill", setup({"pilgrims": {MK: {"good_karma": 3}}}),
         ev("master_skill", pilgrim=MK, card="Phase Walk"), K.Q_MASTER_ROW,
         "Master Skill with 3 Good Karma: the trade table's 4 Good Karma row", [M]),
    Case("no_trade_due", setup({"pilgrims": {MK: {"good_karma": 10}}}), ev("rest", pilgrim=MK),
         K.Q_MANDATORY, "acting with 10 Good Karma untraded: the mandatory-trade sentence", [M]),
    Case("trade_is_due", setup({"pilgrims": {MK: {"good_karma": 5}}}),
         ev("karma_trade", pilgrim=MK, kind="good", card="Phase Walk"), K.Q_GOOD_ROW,
         "a Permanent Skill for 5 Good Karma: the 10 Good Karma row", [M]),
    Case("trade_draw", setup({"pilgrims": {MK: {"bad_karma": 10}}}),
         ev("karma_trade", pilgrim=MK, kind="bad", corruption="Permanent Limp",
            upgrade_weapon=False), K.Q_UPGRADE,
         "a Bad Karma trade at Level 1 without the weapon upgrade", [M]),
    Case("trade_draw", setup({"pilgrims": {MK: {"bad_karma": 10, "weapon_level": 3}}}),
         ev("karma_trade", pilgrim=MK, kind="bad", corruption="Permanent Limp",
            upgrade_weapon=True), K.Q_FULLY_UPGRADED,
         "a weapon upgrade past Level 3: the fully-upgraded sentence", [M]),
    Case("trade_draw", setup({"pilgrims": {MK: {"bad_karma": 10, "weapon_level": 3,
                                                "corruption": [f"C{n}" for n in range(16)]}}}),
         ev("karma_trade", pilgrim=MK, kind="bad", corruption="Permanent Limp"), R.Q_NO_CARDS,
         "a 17th Corruption Card drawn: the game has 16, never discarded, and none can be drawn "
         "until some are discarded", [M]),
    Case("red_square_passed_over", setup({"pilgrims": {CH: {"hp": 0, "status": "dead"}}}),
         ev("end_turn", on_red_square=[CH]), R.Q_DEAD,
         "the End of Turn naming dead Cho Hakkai on a red square: his Miniature was removed from "
         "the board", [M, *(end(p) for p in PILGRIMS if p != CH)]),
    # -- attacks ---------------------------------------------------------------------------------------
    Case("no_pending_decision", setup(ONE_BERROK), ev("rest", pilgrim=MK), A.Q_CHOOSE_OPTION,
         "resting before choosing Kill or Cleanse for a Defeated Berrok",
         [M, ev("attack", pilgrim=MK, targets=["berrok-1"], **HIT)]),
    Case("defeat_to_resolve", setup(ONE_BERROK),
         ev("resolve_defeat", pilgrim=MK, choice="kill"),
         "Once a Miniature is Defeated, the Attacker may have some options.",
         "Kill with nothing Defeated: the options come only once a Miniature is Defeated", [M]),
    Case("cleanse_dice_rolled", setup(ONE_BERROK, **TRIPITAKA_FIRST),
         ev("resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[2, 1]),
         C.Q_CLEANSE_ROLL, "two dice for Tripitaka's one-die Cleanse Ritual",
         [M, ev("attack", pilgrim="tripitaka", targets=["berrok-1"], **HIT)]),
    Case("damage_bonus_named", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], extra_damage=2, **HIT), C.Q_CARDS_IN_PLAY,
         "extra damage with no card named to give it: the rolls are modified by cards in play",
         [M]),
    Case("cleanse_bonus_named", setup(ONE_BERROK, **TRIPITAKA_FIRST),
         ev("resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[1],
            cleanse_bonus=1, bonus_from=["Unprinted Card"]), C.Q_CLEANSE_ROLL,
         "a Cleanse Ritual bonus named to a card not in effect: bonuses come from cards and skills "
         "in effect", [M, ev("attack", pilgrim="tripitaka", targets=["berrok-1"], **HIT)]),
    Case("not_disabled", setup({**ONE_BERROK, "pilgrims": {MK: {"conditions": [
        {"name": "Disabled", "duration": 2}]}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **HIT), R.Q_DISABLED,
         "a Disabled Pilgrim attacks: the Disabled FAQ", [M]),
    Case("targets_demons", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["cho_hakkai"], **HIT), C.Q_SAME_TYPE,
         "the Monkey King attacks Cho Hakkai: Pilgrims cannot target Pilgrims", [M]),
    Case("one_target", setup(TWO_DEMONS),
         ev("attack", pilgrim=MK, targets=["berrok-1", "boof-1"], **HIT), C.Q_ONE_TARGET,
         "two Targets in one Attack Action: the Number of Targets sentence", [M]),
    Case("target_on_board", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-7"], **HIT), C.Q_RANGE,
         "a Target that is not on the board cannot be in range", [M]),
    Case("target_in_range", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], in_range=False, **HIT), C.Q_RANGE,
         "a Target out of range or Line of Sight", [M]),
    Case("attack_dice_rolled", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 1, 1], pilgrim_die=1,
            weapon_damage=1), C.Q_ATTACK_DICE,
         "3 Attack Dice for a Pilgrim who rolls 2", [M]),
    Case("weapon_damage_read", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 1]), C.Q_WEAPON_DIE,
         "no Pilgrim Die with a Weapon Card equipped", [M]),
    Case("weapon_damage_read", setup({**ONE_BERROK, "pilgrims": {MK: {"weapon_level": 0}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 1], pilgrim_die=2),
         C.Q_NO_WEAPON, "a Pilgrim Die rolled with no weapon", [M]),
    Case("cards_in_time", setup({**ONE_BERROK, "pilgrims": {MK: {"hand": ["Iron Fist"]}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **HIT,
            cards=[{"pilgrim": MK, "card": "Iron Fist", "timing": "anytime",
                    "played": "after_roll", "damage": 2}]), R.Q_NO_INTERRUPT,
         "a Play Anytime card after the dice are revealed: no interrupting a revealed result",
         [M]),
    Case("cards_in_time", setup({**ONE_BERROK, "pilgrims": {MK: {"hand": ["Iron Fist"]}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **HIT,
            cards=[{"pilgrim": MK, "card": "Iron Fist", "timing": "before_trigger",
                    "played": "after_roll", "damage": 2}]), R.Q_BEFORE_TRIGGER,
         "a before-the-trigger card declared after seeing the roll", [M]),
    # -- cards and Conditions -------------------------------------------------------------------------
    Case("on_board", setup({"pilgrims": {MK: {"hp": 0, "status": "dead"}}}),
         ev("take_condition", pilgrim=MK, condition="Poisoned"), CO.Q_OUT,
         "a Condition for a dead Pilgrim: he is out of the game", [M]),
    Case("misfortune_drawn", setup(), ev("misfortune", pilgrim=MK, card="Ambush",
                                         lose={"hp": 2}), CO.Q_MISFORTUNE_FROM,
         "a Misfortune Card that was not drawn meditating", [M]),
    Case("card_in_hand", setup({"pilgrims": {MK: {"hand": ["Phase Walk"]}}}),
         ev("play_card", pilgrim=MK, card="Flying Nimbus", kind="skill"), R.Q_HAND,
         "playing a Skill Card that is not in the hand", [M]),
    Case("card_cost_affordable", setup({"pilgrims": {MK: {"chi": 2, "hand": ["Phase Walk"]}}}),
         ev("play_card", pilgrim=MK, card="Phase Walk", kind="skill", cost={"chi": 5}),
         R.Q_AFFORD, "a 5 Chi card with 2 Chi", [M]),
    Case("card_hp_cost", setup({"pilgrims": {MK: {"hp": 3, "hand": ["Phase Walk"]}}}),
         ev("play_card", pilgrim=MK, card="Phase Walk", kind="skill", cost={"hp": 3}),
         R.Q_HP_COST, "a 3 Health Point cost with 3 Health Points: he must keep 1", [M]),
    Case("card_ap_cost", setup({"pilgrims": {"cho_hakkai": {"hand": ["Greedy"]}}}),
         ev("play_card", pilgrim="cho_hakkai", card="Greedy", kind="skill", cost={"ap": 1}),
         R.Q_AP_COST, "an Action Point cost while not the active Pilgrim", [M]),
    Case("card_action_limit", setup({"pilgrims": {MK: {**VIGOR,
                                                        "corruption": ["Demon Distraction"]}}}),
         PLAY_VIGOR, R.Q_DISTRACTION, "an extra Action Point with Demon Distraction", [M]),
    Case("card_ap_gain_while_active", setup({"pilgrims": {"monk_sha": VIGOR}}),
         ev("play_card", pilgrim="monk_sha", card="Om Mala of Vigor", kind="fortune"),
         CO.Q_ACTIVE_SPENDS, "an extra Action Point for Monk Sha during the Monkey King's "
         "activation (table ruling: refused)", [M]),
    # -- the Demon Phase --------------------------------------------------------------------------------
    Case("measure_now", setup(TWO_DEMONS), ev("measure", of="gates", distances={}),
         D.Q_PHASE_ORDER, "measuring Gates once the Demons activate: spawning comes first",
         TO_DEMONS),
    Case("measure_now", setup(TWO_DEMONS),
         ev("measure", of="demons", distances={"berrok-1": 3, "boof-1": 2}), D.Q_ORDER,
         "measuring again (table ruling: measured once)",
         [*TO_DEMONS, ev("measure", of="demons", distances={"berrok-1": 2, "boof-1": 3})]),
    Case("measured_all", setup({"gates": [{"id": "g1"}, {"id": "g2"}]}),
         ev("measure", of="gates", distances={"g1": 3}), D.Q_GATE_ORDER,
         "measuring one of two active Gates: the order runs through every Gate", TO_DEMONS),
    Case("gate_spawns", setup({"gates": [{"id": "g1"}, {"id": "g2", "status": "closed"}]}),
         ev("spawn", gate="g2", card="reinforcement", demons=["berrok"]), D.Q_CLOSED_GATE,
         "a Closed Gate spawning", TO_DEMONS),
    Case("gate_spawns", setup({"gates": [{"id": "g1"}, {"id": "g2", "status": "inactive"}]}),
         ev("spawn", gate="g2", card="reinforcement", demons=["berrok"]), D.Q_INACTIVE_GATE,
         "an inactive Gate spawning", TO_DEMONS),
    Case("gate_in_order", setup({"gates": [{"id": "g1"}, {"id": "g2"}]}),
         ev("spawn", gate="g2", card="reinforcement", demons=["berrok"]), D.Q_GATE_ORDER,
         "the further Gate spawning first",
         [*TO_DEMONS, ev("measure", of="gates", distances={"g1": 2, "g2": 5})]),
    Case("spawn_card", setup({"gates": [{"id": "g1"}]}),
         ev("spawn", gate="g1", card="reinforcement", demons=["koorogg"]), D.Q_UNIQUE_SPAWN,
         "a Demon Lord from a Reinforcement Card: Unique Cards spawn them", TO_DEMONS),
    Case("spawn_card", setup({"gates": [{"id": "g1"}]}),
         ev("spawn", gate="g1", card="special", name="Flood Gate", demons=["berrok"]), D.Q_SPECIAL,
         "Demons placed from a Special Card", TO_DEMONS),
    Case("models_left", setup({"gates": [{"id": "g1"}], "demons": ["borrack",
                                                                   "borrack"]}),
         ev("spawn", gate="g1", card="reinforcement", demons=["borrack"]), D.Q_RUN_OUT,
         "a third Bull General from 2 models: they have run out",
         [M, *(end(p) for p in PILGRIMS)]),
    Case("models_left", setup({"gates": [{"id": "g1"}]}),
         ev("spawn", gate="g1", card="rage", demons=["berrok"]), D.Q_RUN_OUT,
         "Demon Rage while Berrok models are left", TO_DEMONS),
    Case("models_left", setup({"gates": [{"id": "g1"}]}),
         ev("spawn", gate="g1", card="reinforcement", demons=["boof"], promoted_from=["berrok"]),
         D.Q_PROMOTE, "a promotion while the Demon drawn still has models", TO_DEMONS),
    Case("no_demon_acting", setup(TWO_DEMONS), options_for("boof-1", attack_option([MK])),
         D.Q_ONE_AT_A_TIME, "a second Demon before the first has made its attacks",
         [*TO_DEMONS, ev("measure", of="demons", distances={"berrok-1": 2, "boof-1": 4}),
          options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("demon_activates", setup({"demons": ["boof"], "inactive_demons": ["berrok"]}),
         options_for("berrok-1"), D.Q_ROOMS, "a Demon inside a closed room", TO_DEMONS),
    Case("demon_activates", setup(ONE_BERROK), options_for("boof-3"), D.Q_PHASE_ORDER,
         "a Demon that is not on the board", TO_DEMONS),
    Case("demon_in_order", setup(TWO_DEMONS), options_for("boof-1"), D.Q_ORDER,
         "the further Demon first",
         [*TO_DEMONS, ev("measure", of="demons", distances={"berrok-1": 2, "boof-1": 4})]),
    Case("options_within_ap", setup(ONE_BERROK),
         options_for("berrok-1", attack_option([MK], ("move", "attack", "attack"))), D.Q_DEMON_AP,
         "3 actions without Demon Rage", TO_DEMONS),
    Case("options_within_movement_points", setup(ONE_BERROK),
         options_for("berrok-1", attack_option([MK], squares=3)), D.Q_DEMON_MOVE,
         "a Berrok (MV 2) spending 3 Movement Points in one Move", TO_DEMONS),
    Case("options_target_pilgrims", setup(TWO_DEMONS),
         options_for("berrok-1", attack_option(["boof-1"])), C.Q_SAME_TYPE,
         "a Demon targeting a Demon",
         [*TO_DEMONS, ev("measure", of="demons", distances={"berrok-1": 2, "boof-1": 4})]),
    Case("options_ignore_unconscious", setup({**ONE_BERROK, "pilgrims": {MK: {"hp": 0}}}),
         options_for("berrok-1", attack_option([MK])), D.Q_IGNORE,
         "a Demon targeting an Unconscious Pilgrim", [M, *(end(p) for p in PILGRIMS[1:])]),
    Case("options_all_targets",
         setup(ONE_BERROK, demon_targets="profile",
               demon_profiles={**DEMONS, "berrok": {**DEMONS["berrok"], "targets": 1}}),
         options_for("berrok-1", attack_option([MK, "monk_sha"])), D.Q_NUMBER_OF_TARGETS,
         "two Targets for a 1-Target Berrok (table ruling demon_targets: profile)", TO_DEMONS),
    Case("demon_is_acting", setup(ONE_BERROK), ev("demon_plan", demon="berrok-1", option=1),
         D.Q_ONE_AT_A_TIME, "a plan for a Demon that is not acting", TO_DEMONS),
    Case("plan_not_chosen", setup(ONE_BERROK), ev("demon_plan", demon="berrok-1", option=1),
         D.Q_PLAN, "a second plan for the same activation",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("option_exists", setup(ONE_BERROK), ev("demon_plan", demon="berrok-1", option=5),
         D.Q_PLAN, "option 5 of 2", [*TO_DEMONS, options_for("berrok-1", attack_option([MK]))]),
    Case("plan_priority", setup(ONE_BERROK), ev("demon_plan", demon="berrok-1", option=2),
         D.Q_PRIORITY[1], "moving towards Tripitaka when it can attack him: Priority 1 says what "
         "it must do", [*TO_DEMONS, options_for("berrok-1", attack_option(["tripitaka"]))]),
    Case("plan_priority", setup({**ONE_BERROK, "pilgrims": {"tripitaka": {"hp": 0}}},
                                tripitaka_defeat="killed"),
         ev("demon_plan", demon="berrok-1", option=1), D.Q_IGNORE,
         "a Move towards the Unconscious Tripitaka (ruling unconscious_tripitaka, default "
         "ignored): the sentence that Demons do not move towards Unconscious Pilgrims",
         [M, *(end(p) for p in PILGRIMS[:3]),
          options_for("berrok-1", {"actions": ["move", "move"], "targets": [], "squares": 4,
                                   "ends": "closer"})]),
    Case("plan_preference", setup(ONE_BERROK), ev("demon_plan", demon="berrok-1", option=1),
         D.Q_MOST, "attacking one Pilgrim when the same plan attacks two",
         [*TO_DEMONS, options_for("berrok-1", attack_option(["monk_sha"]),
                                  attack_option(["monk_sha", MK], squares=2))]),
    Case("plan_preference", setup({**ONE_BERROK, "pilgrims": {"monk_sha": {"hp": 3}}}),
         ev("demon_plan", demon="berrok-1", option=1), D.Q_WEAKEST,
         "attacking the 10 HP Monkey King instead of the 3 HP Monk Sha",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK]), attack_option(["monk_sha"]))]),
    Case("plan_preference", setup({"demons": ["boof"]}), ev("demon_plan", demon="boof-1", option=1),
         D.Q_LAZY, "moving 3 squares when 1 gets the same attack: Demons are lazy",
         [*TO_DEMONS, options_for("boof-1", attack_option([MK], squares=3),
                                  attack_option([MK], squares=1))]),
    Case("attack_planned", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], defense_dice=[0, 0]),
         D.Q_PLAN, "rolling before the plan is chosen",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK]))]),
    Case("attack_target_planned", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[1, 1],
            defense_dice=[0, 0]), D.Q_TARGETING, "rolling against a Pilgrim the plan does not attack",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("attack_target_planned",
         setup(ONE_BERROK, demon_targets="profile",
               demon_profiles={**DEMONS, "berrok": {**DEMONS["berrok"], "targets": 1}}),
         ev("demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[1, 1],
            defense_dice=[0, 0]), D.Q_NUMBER_OF_TARGETS,
         "under demon_targets: profile the table set 'all Targets' aside: the Profile Sheet's "
         "number of Targets is what leaves Monk Sha out of a one-Target plan (finding 128)",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("demon_target_conscious", setup({**ONE_BERROK, "pilgrims": {"monk_sha": {"hp": 2}}}),
         ev("demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[3, 3],
            defense_dice=[0, 0]), D.Q_IGNORE, "a second roll against a Pilgrim the first knocked out",
         [*TO_DEMONS, options_for("berrok-1", attack_option(["monk_sha", MK],
                                                            ("attack", "attack"), squares=0)),
          ev("demon_plan", demon="berrok-1", option=1),
          ev("demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[3, 3],
             defense_dice=[0, 0])]),
    Case("demon_attack_dice", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1, 1],
            defense_dice=[0, 0]), C.Q_ATTACK_DICE, "3 Attack Dice for a 2-dice Berrok",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("demon_die_rolled", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], demon_die=2,
            defense_dice=[0, 0]), C.Q_DEMON_DIE, "a Demon Die for a Berrok, whose Profile Sheet "
         "shows none", [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
                        ev("demon_plan", demon="berrok-1", option=1)]),
    Case("defense_dice_rolled", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1],
            defense_dice=[0, 0, 1]), C.Q_DEFENSE_DICE, "3 Defense Dice for a Pilgrim who rolls 2",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("defense_dice_rolled", setup({**ONE_BERROK, "pilgrims": {MK: {"conditions": [
        {"name": "Paralyzed", "duration": 2}]}}}),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], defense_dice=[2, 2]),
         R.Q_PARALYZED, "a Paralyzed Pilgrim defending",
         [*MK_PARALYZED_TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("green_square_defender", setup({**ONE_BERROK, "pilgrims": {MK: {"conditions": [
        {"name": "Paralyzed", "duration": 2}]}}}),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], green_square=True),
         R.Q_PARALYZED, "a green-line bonus for a Paralyzed Pilgrim, who does not defend",
         [*MK_PARALYZED_TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("knock_back_blocked_within", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], defense_dice=[0, 0],
            knock_back_blocked=2), C.Q_CRUSH, "Crushing Damage with no Knock Back",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("defense_bonus_named", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], defense_dice=[0, 0],
            extra_defense=2), C.Q_CARDS_IN_PLAY,
         "extra defense with no card named to give it: the rolls are modified by cards in play",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    Case("demon_damage_bonus_named", setup(ONE_BERROK),
         ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[1, 1], defense_dice=[0, 0],
            extra_damage=2), C.Q_CARDS_IN_PLAY,
         "a Demon's extra damage with no card named, and no Demon Die rolled: the rolls are "
         "modified by cards in play",
         [*TO_DEMONS, options_for("berrok-1", attack_option([MK])),
          ev("demon_plan", demon="berrok-1", option=1)]),
    # -- phases and the end ------------------------------------------------------------------------------
    Case("phase", setup(), ev("rest", pilgrim=MK), R.Q_PHASE_MAINTENANCE,
         "an action before the Maintenance Phase is done: Pilgrims act in the Pilgrim Phase, after "
         "it; at the first Turn the Game Setup's last step says the same",
         also=(R.Q_FIRST_TURN,)),
    Case("phase", setup(), ev("maintenance"), R.Q_PHASE_PILGRIM,
         "Maintenance again during the Pilgrim Phase", [M]),
    Case("over", setup(), ev("maintenance"), R.Q_QUEST_FAIL,
         "an event after the Quest was lost: the refusal quotes the rule that ended it",
         [ev("quest_result", outcome="defeat", condition="Tripitaka is defeated.")]),
]

from .journey_quests import CASES as QUEST_CASES  # noqa: E402  (the Quests' own refusals)

CASES += QUEST_CASES

CASES += [
    Case("demon_does_not_defend", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], defense_dice=[1, 1], **HIT),
         C.Q_DEMON_NO_DEFENSE, "Defense Dice rolled for a Berrok: the Bull Demons roll none", [M]),
    Case("cards_in_time", setup({**ONE_BERROK, "pilgrims": {CH: {"hp": 0,
                                                                 "fortune": ["Iron Fist"]}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **HIT,
            cards=[{"pilgrim": CH, "card": "Iron Fist", "timing": "anytime",
                    "played": "before_roll", "damage": 2}]), R.Q_UNCONSCIOUS,
         "an Unconscious Pilgrim's card in an attack", [M]),
]

CASES += [
    Case("spawn_card", setup({"gates": [{"id": "g1"}]}),
         ev("spawn", gate="g1", card="special", name="Spawn Demon Lord", demons=["berrok"]),
         D.Q_SPAWN_LORD, "Spawn Demon Lord placing a Minion", TO_DEMONS),
    Case("room_members_known", setup({"gates": [{"id": "g1", "status": "closed"}]}),
         ev("room", ids=["g1"], active=True), D.Q_CLOSED_GATE,
         "a Closed Gate waking because a Pilgrim walked into its room: Closed Gates never return",
         [M]),
]

CASES += [
    Case("misfortune_applied", setup({"boxes": ["box-1"]}), ev("rest", pilgrim=MK),
         CO.Q_MISFORTUNE_NOW, "resting before the Misfortune Card drawn meditating is applied",
         [M, ev("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Ambush")]),
]

# -- Knock Back, the free Follow move ------------------------------------------------------------------
BORRACK = {"demons": ["borrack"]}
BORRACK_TWICE = [*TO_DEMONS, options_for("borrack-1", attack_option([MK], ("attack", "attack"))),
                 ev("demon_plan", demon="borrack-1", option=1)]
KNOCKED = ev("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1], demon_die=1,
             defense_dice=[1, 1])


def follow(attacker="borrack-1", steps=1, **facts):
    return ev("follow", attacker=attacker, steps=steps, **facts)


CASES += [
    Case("knock_back_blocked_within", setup(BORRACK),
         ev("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1], demon_die=1,
            defense_dice=[1, 1], knock_back_blocked=1, knock_back_red=1), C.Q_KNOCK_BACK,
         "a red square entered by a Knock Back that was blocked: the Target moved 0 squares",
         BORRACK_TWICE),
    Case("knock_back_blocked_within", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], knock_back_blocked=1, **HIT), C.Q_CRUSH,
         "Crushing Damage from a Pilgrim's attack with no Knock Back on his weapon", [M]),
    Case("follow_first", setup(BORRACK),
         ev("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1], demon_die=0,
            defense_dice=[1, 1]), C.Q_DEMON_FOLLOW,
         "a second attack by a Demon that pushed its Target out of Range without Following it",
         [*BORRACK_TWICE, {**KNOCKED, "pushed_out_of_range": True}]),
    Case("follow_after_knock_back", setup(BORRACK), follow(), C.Q_FOLLOW,
         "a Follow move with no Knock Back before it", BORRACK_TWICE),
    Case("demon_follows_to_attack_again", setup(BORRACK), follow(), C.Q_DEMON_FOLLOW,
         "a Demon Following after its last Attack: it leaves the space between them",
         [*TO_DEMONS, options_for("borrack-1", attack_option([MK])),
          ev("demon_plan", demon="borrack-1", option=1), KNOCKED]),
    Case("follow_forwards", setup(BORRACK), follow(turns=1), C.Q_FOLLOW_ONLY,
         "a Follow move that turns: it is only for moving with the Target",
         [*BORRACK_TWICE, KNOCKED]),
    Case("follow_forwards", setup(BORRACK), follow(backwards=True), C.Q_FOLLOW_BLOCKED,
         "a Follow move backwards", [*BORRACK_TWICE, KNOCKED]),
    Case("follow_unobstructed", setup(BORRACK), follow(through_blocked=True), C.Q_FOLLOW_BLOCKED,
         "a Follow move through an obstruction", [*BORRACK_TWICE, KNOCKED]),
    Case("follow_unobstructed", setup(BORRACK), follow(through_purple=True), C.Q_PURPLE,
         "a Follow move across a purple line", [*BORRACK_TWICE, KNOCKED]),
    Case("follow_within_move", setup(ONE_BERROK), follow(MK, steps=5), C.Q_FOLLOW_MOVE,
         "a Follow of 5 squares by the MV 4 Monkey King: it is a single Move",
         [M, ev("attack", pilgrim=MK, targets=["berrok-1"], knock_back=1, **HIT)]),
    Case("follow_controlled", setup(ONE_BERROK, players=("Ann", "Ben")),
         ev("follow", "p2", attacker=MK, steps=1), R.Q_CONTROL,
         "Ben enters the Follow of Ann's Monkey King",
         [M, ev("attack", pilgrim=MK, targets=["berrok-1"], knock_back=1, **HIT)]),
    Case("follow_red_health", setup({**ONE_BERROK, "pilgrims": {MK: {"hp": 1}}}),
         follow(MK, steps=2, red=2), A.Q_RED_HP,
         "a Follow into two red squares with 1 Health Point",
         [M, ev("attack", pilgrim=MK, targets=["berrok-1"], knock_back=2, **HIT)]),
]

# -- Special Demon Cards: Flood Gate, Phase March -----------------------------------------------------
TWO_GATES = {"gates": [{"id": "g1"}, {"id": "g2"}], "demons": ["berrok"]}
FLOODED = [*TO_DEMONS, ev("measure", of="gates", distances={"g1": 7, "g2": 4}),
           ev("spawn", gate="g2", card="special", name="Flood Gate")]
MARCHING = [*TO_DEMONS, ev("spawn", gate="g1", card="special", name="Phase March")]

CASES += [
    Case("gate_spawns", setup(TWO_GATES),
         ev("spawn", gate="g1", card="reinforcement", demons=["berrok"]), S.Q_DRAW_FOLLOW,
         "the next Gate's card drawn before the Flood Gate card's instructions are followed",
         FLOODED),
    Case("flood_gate_drawn", setup(TWO_GATES), ev("flood_gate", gate="g2",
                                                  closer={"berrok-1": True}), S.Q_FLOOD,
         "Demons moved to a Gate with no Flood Gate card drawn",
         [*TO_DEMONS, ev("measure", of="gates", distances={"g1": 7, "g2": 4})]),
    Case("flood_gate_closest", setup(TWO_GATES), ev("flood_gate", gate="g1",
                                                    closer={"berrok-1": True}), S.Q_FLOOD,
         "the Demons moved to the Gate further from Tripitaka", FLOODED),
    Case("flood_gate_every_demon", setup({**TWO_GATES, "demons": ["berrok", "boof"]}),
         ev("flood_gate", gate="g2", closer={"berrok-1": True}), S.Q_FLOOD_MOVE,
         "a Demon in play left out of the Flood Gate: each one moves if the Gate is closer",
         FLOODED),
    Case("options_passable", setup(ONE_BERROK),
         options_for("berrok-1", {**attack_option([MK]), "obstacle": "through"}), A.Q_BLOCKED,
         "a Demon's move through an obstacle without Phase March", TO_DEMONS),
    Case("options_passable", setup({"gates": [{"id": "g1"}], **ONE_BERROK}),
         options_for("berrok-1", {**attack_option([MK]), "obstacle": "ends_on"}),
         S.Q_MARCH_END, "a Phase March move ending on an obstacle", MARCHING),
    Case("options_passable", setup({"gates": [{"id": "g1"}], **ONE_BERROK}),
         options_for("berrok-1", {**attack_option([MK]), "obstacle": "across_purple"}), C.Q_PURPLE,
         "a Phase March move across a purple line: impassable under all circumstances",
         MARCHING),
]

# -- card effects the rulebook prints ------------------------------------------------------------------


def used(pilgrim, name, played="before_roll", timing="before_trigger", **fields):
    return {"pilgrim": pilgrim, "card": name, "timing": timing, "played": played, **fields}


MISS = {"attack_dice": [1, 0], "pilgrim_die": 0, "weapon_damage": 0}
TP = "tripitaka"
ASURA = setup({**ONE_BERROK, "pilgrims": {TP: {"hand": ["Asura Seal"]}}})
SEALED = [M, ev("play_card", pilgrim=TP, card="Asura Seal", kind="skill", duration="end_of_turn"),
          *(end(p) for p in PILGRIMS), options_for("berrok-1", attack_option([TP])),
          ev("demon_plan", demon="berrok-1", option=1)]

CASES += [
    Case("card_from_own_deck", setup(), ev("play_card", pilgrim=MK, card="Asura Seal",
                                           kind="skill", duration="end_of_turn"), E.Q_OWN_DECK,
         "the Monkey King plays Tripitaka's Asura Seal: each Pilgrim has his own deck", [M]),
    Case("card_from_own_deck", setup({"pilgrims": {MK: {"good_karma": 4}}}),
         ev("master_skill", pilgrim=MK, card="Om Chant"), E.Q_DRAW_OWN,
         "the Monkey King Masters a skill from Tripitaka's deck: he draws from his own", [M]),
    Case("card_as_printed", setup({"pilgrims": {MK: {"hand": ["Phase Walk"]}}}),
         ev("play_card", pilgrim=MK, card="Phase Walk", kind="skill", duration="end_of_turn"),
         E.Q_THIS_ACTION, "Phase Walk kept in play for the turn: it lasts the action it affects",
         [M]),
    Case("card_as_printed", setup({"pilgrims": {TP: {"hand": ["Prayer of Mercy"]}}}),
         ev("play_card", pilgrim=TP, card="Prayer of Mercy", kind="skill"), E.Q_MERCY,
         "Prayer of Mercy played with no attack: it ignores the effects of an Attack", [M]),
    Case("card_as_printed", setup({"pilgrims": {"monk_sha": {"hand": ["Spirit of Fortune"]}}}),
         ev("play_card", pilgrim="monk_sha", card="Spirit of Fortune", kind="skill"), E.Q_SPIRIT,
         "Spirit of Fortune played without a spin: it can only affect a Fortune Wheel spin", [M]),
    Case("unblocked_move", setup(), ev("move", pilgrim=MK, steps=2, through_purple=True),
         C.Q_PURPLE, "a Move across a purple line: impassable under all circumstances", [M]),
    Case("one_target", setup({"demons": ["berrok", "berrok"]}),
         ev("attack", pilgrim=MK, targets=["berrok-1", "berrok-2"], **MISS,
            cards=[used(MK, "Whirlwind", targets=2)]), E.Q_SEPARATE,
         "two Targets with one roll: a card allows them, but each is a separate attack", [M]),
    Case("further_attack", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], same_action=True, **MISS), E.Q_TWICE,
         "a second Attack for the same Action Point with no card that gives it", [M]),
    Case("further_attack", setup({"demons": ["berrok", "berrok"]}),
         ev("attack", pilgrim=MK, targets=["berrok-2"], same_action=True, **MISS),
         E.Q_SAME_TARGET, "the second Attack on another Target when the card limits it to the "
         "original", [M, ev("attack", pilgrim=MK, targets=["berrok-1"], **MISS,
                             cards=[used(MK, "Double Strike", attacks=2, same_target=True)])]),
    Case("further_attack", setup({"demons": ["berrok", "berrok"]}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], same_action=True, **MISS),
         E.Q_TARGETS_BY_CARD, "the same Target twice in one Attack of a card's several Targets",
         [M, ev("attack", pilgrim=MK, targets=["berrok-1"], **MISS,
                cards=[used(MK, "Whirlwind", targets=2)])]),
    Case("target_in_range", setup(ONE_BERROK),
         ev("attack", pilgrim=MK, targets=["berrok-1"], los=False, **MISS), E.Q_LOS,
         "an attack with the Line of Sight blocked", [M]),
    Case("target_in_range", setup({"inactive_demons": ["berrok"], "doors": ["door-1"]}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **MISS), E.Q_LOS,
         "an attack in free play on a Demon behind a closed door, no Pilgrim in its room: the "
         "Line of Sight sentence (tokens and walls block it), with the closed rooms' sentence",
         [M], also=(R.Q_ROOMS,)),
    Case("asura_no_defense", ASURA,
         ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 1], defense_dice=[1, 1]),
         E.Q_ASURA, "Tripitaka rolling Defense Dice under the Asura Seal", SEALED),
    Case("brotherhood_takes_the_attack",
         setup({**ONE_BERROK, "pilgrims": {"monk_sha": {"hand": ["Brotherhood of the Skull"]}}}),
         ev("demon_attack", demon="berrok-1", target=MK, instead_of=TP, attack_dice=[1, 1],
            defense_dice=[0, 0], cards=[used("monk_sha", "Brotherhood of the Skull")]),
         E.Q_BROTHERHOOD, "Brotherhood of the Skull moving the attack onto the Monkey King: Monk "
         "Sha becomes the Target", [*TO_DEMONS, options_for("berrok-1", attack_option([TP])),
                                    ev("demon_plan", demon="berrok-1", option=1)]),
    Case("war_cry_in_play", setup(ONE_BERROK),
         ev("demon_options", demon="berrok-1", on_monkey_kings_tile=True,
            options=[attack_option([MK])]), E.Q_WAR_CRY,
         "a Demon drawn to the Monkey King with no Flaming War Cry in play", TO_DEMONS),
    Case("no_pending_decision", ASURA, ev("demon_options", demon="berrok-1", options=[]),
         A.Q_CHOOSE_OPTION, "the Demon Phase going on before Tripitaka Kills or Cleanses the "
         "Demon his Asura Seal Defeated",
         [*SEALED[:-2], options_for("berrok-1", attack_option([TP], ("attack", "attack"))),
          ev("demon_plan", demon="berrok-1", option=1),
          ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 3])]),
]

CASES += [
    Case("options_target_pilgrims", setup({**ONE_BERROK, "neutral_creatures": ["kei-lun"]}),
         options_for("berrok-1", attack_option(["kei-lun"])), D.Q_ATTACKS_PILGRIMS,
         "a Demon planning to attack a Neutral Creature: the Demons attack the Pilgrims",
         TO_DEMONS),
]

# -- cards used inside an attack, the table rulings on cards, a table's own Quest -------------------
WAR_CRY = setup({**ONE_BERROK, "pilgrims": {MK: {"hand": ["Flaming War Cry"]}}},
                war_cry_focus="preferred_target")
SHADOW = setup({"pilgrims": {MK: {"hand": ["Shadow Walk"]}}})
NO_SEALING = setup({"gates": [{"id": "gate-1"}], "pilgrims": {TP: {"hand": ["Prayer of Sealing"],
                                                                    "sutras": 1}}},
                   gates_sealable=False, **TRIPITAKA_FIRST)

CASES += [
    Case("cards_used_in_hand", setup({**ONE_BERROK, "pilgrims": {MK: {"hand": []}}}),
         ev("attack", pilgrim=MK, targets=["berrok-1"], **MISS, cards=[used(MK, "Tiger Claw")]),
         R.Q_HAND, "a Skill Card used in an attack that the Monkey King does not hold: the cards "
         "a Pilgrim can use are the ones in his hand", [M]),
    Case("cards_used_in_hand", setup({**ONE_BERROK, "pilgrims": {TP: {"hand": ["Prayer of Mercy"]}}}),
         ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 1], defense_dice=[0, 0],
            cards=[used(TP, "Prayer of Mercy")]), R.Q_HAND,
         "Prayer of Mercy used a second time: it was discarded after the first attack",
         [*TO_DEMONS, options_for("berrok-1", attack_option([TP], ("attack", "attack"))),
          ev("demon_plan", demon="berrok-1", option=1),
          ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 1], defense_dice=[0, 0],
             cards=[used(TP, "Prayer of Mercy")])]),
    Case("card_used_where_it_applies",
         setup({**ONE_BERROK, "pilgrims": {"monk_sha": {"hand": ["Spirit of Fortune"]}}},
               initiative=["monk_sha", MK, CH, TP]),
         ev("attack", pilgrim="monk_sha", targets=["berrok-1"], **MISS,
            cards=[used("monk_sha", "Spirit of Fortune")]), E.Q_SPIRIT,
         "Spirit of Fortune used in an attack: it can only affect a Fortune Wheel spin", [M]),
    Case("misfortune_discards_held",
         setup({"boxes": ["box-1"], "pilgrims": {MK: {"hand": ["Phase Walk"]}}}),
         ev("misfortune", pilgrim=MK, card="Forgetful", discard=["Flying Nimbus"]), R.Q_HAND,
         "a Misfortune's discard of a Skill Card the Monkey King does not hold",
         [M, ev("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Forgetful")]),
    Case("misfortune_discards_held",
         setup({"boxes": ["box-1"], "pilgrims": {MK: {"hand": [], "skills_unknown": 0}}}),
         ev("misfortune", pilgrim=MK, card="Forgetful", discard=["Flying Nimbus"]),
         CO.Q_NO_SKILLS, "a Misfortune's discard with no Skill Card in the hand: the Misfortune "
         "FAQ's own case (no effect)",
         [M, ev("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Forgetful")]),
    Case("skill_selected",
         setup({"pilgrims": {MK: {"hand": ["Phase Walk"], "fortune": ["Om Mala of Knowledge"]}}}),
         ev("play_card", pilgrim=MK, card="Om Mala of Knowledge", kind="fortune",
            selects="Flying Nimbus"), CO.Q_KNOWLEDGE,
         "Om Mala of Knowledge while holding Phase Walk, discarding nothing: the new Skill Card is "
         "selected for one discarded (the FAQ's exception is having none)", [M]),
    Case("skill_selected",
         setup({"pilgrims": {MK: {"hand": ["Phase Walk"], "fortune": ["Om Mala of Knowledge"]}}}),
         ev("play_card", pilgrim=MK, card="Om Mala of Knowledge", kind="fortune",
            selects="Flying Nimbus", discards="Shadow Walk"), R.Q_HAND,
         "Om Mala of Knowledge discarding a Skill Card the Monkey King does not hold", [M]),
    Case("skill_selected",
         setup({"pilgrims": {MK: {"hand": [], "fortune": ["Om Mala of Knowledge"]}}}),
         ev("play_card", pilgrim=MK, card="Om Mala of Knowledge", kind="fortune",
            selects="Asura Seal"), E.Q_OWN_DECK,
         "Om Mala of Knowledge selecting Tripitaka's Asura Seal: each Pilgrim has his own deck",
         [M]),
    Case("plan_preference", WAR_CRY, ev("demon_plan", demon="berrok-1", option=1), E.Q_WAR_CRY,
         "ruling preferred_target: between two Plan 2 attacks, the one not on the Monkey King "
         "under his Flaming War Cry (he is the center of attention on his Map Tile)",
         [M, ev("play_card", pilgrim=MK, card="Flaming War Cry", kind="skill"),
          *(end(p) for p in PILGRIMS),
          ev("demon_options", demon="berrok-1", on_monkey_kings_tile=True,
             options=[attack_option(["monk_sha"]), attack_option([MK])])]),
    Case("unblocked_move", SHADOW,
         ev("move", pilgrim=MK, steps=2, through_blocked=True, obstruction="miniature"),
         A.Q_BLOCKED, "ruling door_or_wall: Shadow Walk's Move through a Miniature; it takes the "
         "Monkey King through a closed door or a wall into a room, the blocked-square rule stands",
         [M, ev("play_card", pilgrim=MK, card="Shadow Walk", kind="skill",
                duration="this_action")]),
    Case("not_a_double_action",
         setup({"demons": ["berrok", "berrok"], "pilgrims": {MK: {"corruption": ["Lure of Demons"]}}},
               card_extra_attack="new_action"),
         ev("attack", pilgrim=MK, targets=["berrok-2"], same_action=True, **MISS), R.Q_LURE,
         "ruling new_action: a card's second Attack is attacking twice, which Lure of Demons "
         "forbids", [M, ev("attack", pilgrim=MK, targets=["berrok-1"], **MISS,
                            cards=[used(MK, "Double Strike", attacks=2)])]),
    Case("card_as_printed", NO_SEALING,
         ev("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill"), E.Q_SEALING,
         "the table's own Quest says the Gates cannot be sealed: the Prayer of Sealing FAQ", [M]),
    Case("quest_allows_sealing", NO_SEALING, ev("close_gate", pilgrim=TP, gate="gate-1"),
         A.Q_FINE_TUNE, "Close a Gate in a table's own Quest that does not let the Pilgrims Close "
         "Gates: the Quest decides whether they may", [M]),
]

NIMBUS = ev("play_card", pilgrim=MK, card="Flying Nimbus", kind="skill", move={"steps": 1})
CASES += [
    Case("card_extra_move",
         setup({"pilgrims": {MK: {"hand": ["Flying Nimbus"], "corruption": ["Demon Distraction"]}}}),
         NIMBUS, R.Q_DISTRACTION, "Flying Nimbus's extra Move as a third Action under Demon "
         "Distraction: no more than 2 Actions per turn, under any circumstances",
         [M, ev("rest", pilgrim=MK), ev("move", pilgrim=MK, steps=1)]),
    Case("card_extra_move",
         setup({"pilgrims": {MK: {"hand": ["Flying Nimbus"], "corruption": ["Lure of Demons"]}}}),
         NIMBUS, R.Q_LURE, "Flying Nimbus's extra Move after a Move under Lure of Demons: the "
         "same Action twice in one turn", [M, ev("move", pilgrim=MK, steps=1)]),
    Case("within_movement_points", setup({"pilgrims": {MK: {"hand": ["Flying Nimbus"]}}}),
         ev("play_card", pilgrim=MK, card="Flying Nimbus", kind="skill", move={"steps": 5}),
         A.Q_MV, "Flying Nimbus's extra Move of 5 squares: a single Move has the Monkey King's MV",
         [M]),
]


def reflected(condition):
    """A Condition Card the Asura Seal reflected onto berrok-1, then the next turn's Demon Phase."""
    return [*SEALED, ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 0],
                        condition=condition, condition_duration=2),
            ev("end_turn"), M, *(end(p) for p in PILGRIMS)]


CASES += [
    Case("options_demon_can_attack", ASURA, options_for("berrok-1", attack_option([TP])),
         R.Q_DISABLED, "ruling applied: a Demon Disabled by the Asura Seal's reflection planning "
         "an attack; the Disabled Card says it cannot attack", reflected("Disabled")),
    Case("demon_activates", setup({**TWO_DEMONS, "pilgrims": {TP: {"hand": ["Asura Seal"]}}}),
         options_for("berrok-1", attack_option([TP])), R.Q_PARALYZED,
         "ruling applied: a Demon Paralyzed by the Asura Seal's reflection activating; the "
         "Paralyzed Card says no actions",
         [M, ev("play_card", pilgrim=TP, card="Asura Seal", kind="skill", duration="end_of_turn"),
          *(end(p) for p in PILGRIMS), ev("measure", of="demons",
                                          distances={"berrok-1": 1, "boof-1": 2}),
          options_for("berrok-1", attack_option([TP])), ev("demon_plan", demon="berrok-1", option=1),
          ev("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 0],
             condition="Paralyzed", condition_duration=2),
          options_for("boof-1"), ev("demon_plan", demon="boof-1", option=1),
          ev("end_turn"), M, *(end(p) for p in PILGRIMS)]),
]

CREATURES = setup({**TWO_DEMONS, "neutral_creatures": ["kei-lun", "spirit"],
                   "pilgrims": {"monk_sha": {"status": "dead", "hp": 0}}})
CASES += [
    Case("creature_target_other_type", CREATURES,
         ev("creature_attack", creature="kei-lun", target="spirit", attack_dice=[3]), C.Q_SAME_TYPE,
         "a Neutral Creature attacking another: the sentence on Targets of the same type", [M]),
    Case("creature_target_on_board", CREATURES,
         ev("creature_attack", creature="kei-lun", target="monk_sha", attack_dice=[3]), R.Q_DEAD,
         "a Neutral Creature attacking a dead Pilgrim: he is removed, out of the game", [M]),
    Case("creature_target_in_range", CREATURES,
         ev("creature_attack", creature="kei-lun", target="berrok-1", attack_dice=[3],
            in_range=False), C.Q_RANGE, "a Neutral Creature attacking out of its range", [M]),
    Case("creature_target_in_range", CREATURES,
         ev("creature_attack", creature="kei-lun", target="berrok-1", attack_dice=[3], los=False),
         E.Q_LOS, "a Neutral Creature attacking through a blocked Line of Sight", [M]),
    Case("creature_target_defense", CREATURES,
         ev("creature_attack", creature="kei-lun", target=MK, attack_dice=[3], defense_dice=[1]),
         C.Q_DEFENSE_DICE, "the Monkey King defending with 1 die of his 2", [M]),
    Case("creature_target_defense", CREATURES,
         ev("creature_attack", creature="kei-lun", target="boof-1", attack_dice=[3],
            defense_dice=[1]), C.Q_DEMON_NO_DEFENSE, "a Demon rolling Defense Dice against a "
         "Neutral Creature: the Bull Demons do not", [M]),
]

# -- session 8's Quest 5 push facts and the Prayer of Sealing's Gates --------------------------------
Q5_KEI_LUN_DUE = [M, *(end(p) for p in ("monkey_king", "monk_sha", "cho_hakkai", "tripitaka"))]
Q5_SETUP = setup(quest="q5", karma_upgrades="in_position",
                 initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
CASES += [
    Case("kei_lun_pushes_only_moving_forwards", Q5_SETUP,
         ev("kei_lun", in_range=[], die=1, pushed=["monk_sha"], crushed=["monk_sha"]), Q5.Q_BLOCKED,
         "a push entered as crushing Monk Sha against a wall: Quest 5 says what a blocked push does "
         "(Kei Lun turns about), which overrides the Knock Back's Crushing Damage", Q5_KEI_LUN_DUE),
    Case("kei_lun_pushes_only_moving_forwards", Q5_SETUP,
         ev("kei_lun", in_range=[], die=1, pushed=["berrok-1"], pushed_red=["berrok-1"]),
         C.Q_RED_DEMONS, "a Berrok pushed onto a red square entered as hurt: red squares damage "
         "the Pilgrims, not the Demons", Q5_KEI_LUN_DUE),
    Case("card_as_printed",
         setup({"gates": [{"id": "gate-1", "status": "closed"}],
                "pilgrims": {TP: {"hand": ["Prayer of Sealing"]}}}),
         ev("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill", seals=["gate-1"]),
         E.Q_CLOSED_GATE, "the Prayer of Sealing sealing a Gate that is already Closed", [M]),
]

CASES += [
    Case("revive_cost", setup({"pilgrims": {"cho_hakkai": {"hp": 0}}}, **TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=6, chi=0), A.Q_REVIVE_HP_RANGE,
         "Tripitaka giving 6 Health Points: the cost list's 1-5 Health Points (it quoted the Chi "
         "line)", [M]),
    Case("revive_cost", setup({"pilgrims": {"cho_hakkai": {"hp": 0}}}, **TRIPITAKA_FIRST),
         ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=6), A.Q_REVIVE_RANGE,
         "Tripitaka giving 6 Chi: the cost list's 0-5 Chi Points", [M]),
]
