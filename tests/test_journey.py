"""Journey: Wrath of Demons referee — each rule legal (and illegal where the guard walk does not
already show it), and the rulebook's worked examples, driven through referee.core.engine."""

import pytest

from referee.core import BadRequest, RuleViolation, SetupError, engine
from referee.journey import Game
from referee.journey import actions as A
from referee.journey import card_effects as E
from referee.journey import combat as C
from referee.journey import conditions as CO
from referee.journey import demon_ai as D
from referee.journey import karma as K
from referee.journey import rules as R
from referee.journey import special_cards as S
from referee.journey.combat import (
    Q_CRUSH,
    Q_DEMON_FOLLOW,
    Q_FOLLOW,
    Q_FOLLOW_BLOCKED,
    Q_FOLLOW_MOVE,
    Q_FOLLOW_ONLY,
    Q_KNOCK_BACK,
    Q_PURPLE,
)
from rulebook_index import sections

PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")
MK, CH, MS, TP = PILGRIMS
PROFILES = {MK: {"max_hp": 10}, CH: {"max_hp": 12, "mv": 3}, MS: {"max_hp": 9},
            TP: {"max_hp": 8, "mv": 3}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "boof": {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 3},
          "bharhaz": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "borrack": {"hp": 7, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 2},
          "yazuiji": {"hp": 8, "sp": 3, "gkr": 4, "bkr": 4, "attack_dice": 2}}


class Table:
    """A game driven through the engine, as a table would enter it."""

    def __init__(self, position=None, players=("Solo",), **options):
        body = {"players": list(players),
                "options": {"pilgrim_profiles": PROFILES, "demon_profiles": DEMONS, **options},
                "position": position or {}}
        self.model = engine.start(Game, engine.check_setup(Game, body))

    @property
    def G(self):
        return self.model.G

    @property
    def phase(self):
        return self.model.phase

    def pilgrim(self, name):
        return self.G["pilgrims"][name]

    def do(self, type_, player="p1", **fields):
        return [e.text for e in engine.apply(self.model, {"type": type_, "player": player,
                                                          **fields})]

    def refuse(self, quote, type_, player="p1", **fields):
        with pytest.raises(RuleViolation) as caught:
            engine.apply(self.model, {"type": type_, "player": player, **fields})
        assert caught.value.citation.quote == quote, caught.value.citation.quote
        assert sections.locate("journey", quote) is not None
        return caught.value.message

    def end(self, *names):
        for name in names:
            self.do("end_activation", pilgrim=name)

    def to_demons(self, skip=()):
        self.do("maintenance")
        self.end(*[p for p in self.G["initiative"] if p not in skip])

    def activate(self, demon, *options, pick=None, **facts):
        self.do("demon_options", demon=demon, options=list(options), **facts)
        current = self.G["demon_phase"]["current"]
        return current["best"] if pick is None else self.do("demon_plan", demon=demon, option=pick)


def option(targets=(), actions=("move", "attack"), squares=1, closer=False):
    return {"actions": list(actions), "targets": list(targets), "squares": squares,
            "ends": "closer" if closer else "not_closer"}


# -- setup and seats ------------------------------------------------------------------------------

@pytest.mark.parametrize("players, deal", [
    (1, ["p1"] * 4), (2, ["p1", "p1", "p2", "p2"]), (3, ["p1", "p2", "p3", "p3"]),
    (4, ["p1", "p2", "p3", "p4"])])
def test_the_pilgrims_are_dealt_to_the_players_as_the_setup_says(players, deal):
    table = Table(players=[f"P{n}" for n in range(players)])
    assert [table.G["controllers"][p] for p in PILGRIMS] == deal


def test_a_deal_the_setup_does_not_allow_and_missing_profiles_are_setup_errors():
    with pytest.raises(SetupError):
        Table(players=("A", "B", "C"), controllers={MK: "p1", CH: "p1", MS: "p1", TP: "p2"})
    with pytest.raises(SetupError):
        Table(initiative=[MK, MK, CH, TP])
    with pytest.raises(SetupError) as missing:
        engine.start(Game, engine.check_setup(Game, {"players": ["A"]}))
    assert "max_hp" in missing.value.message


def test_a_new_game_starts_as_the_setup_says():
    table = Table()
    assert table.phase == "maintenance" and table.G["turn"] == 1
    for name in PILGRIMS:
        pilgrim = table.pilgrim(name)
        assert pilgrim["chi"] == 10 and pilgrim["good_karma"] == pilgrim["bad_karma"] == 0
        assert pilgrim["hp"] == PROFILES[name]["max_hp"] and pilgrim["weapon_level"] == 1
    assert table.pilgrim(MK)["profile"]["mv"] == 4  # printed: "The Monkey King, MV 4"


def test_a_seat_enters_only_for_its_own_pilgrims_and_anyone_for_the_demons():
    table = Table(players=("Ann", "Ben"))
    table.do("maintenance", "p2")
    table.refuse(R.Q_CONTROL, "rest", "p2", pilgrim=MK)
    table.do("rest", "p1", pilgrim=MK)


# -- the turn ----------------------------------------------------------------------------------------

def test_a_turn_runs_maintenance_activations_in_initiative_order_demons_and_end_of_turn():
    table = Table(initiative=[TP, MS, CH, MK])
    table.do("maintenance")
    assert table.phase == "pilgrims" and table.G["activation"]["pilgrim"] == TP
    assert table.G["activation"]["ap"] == 2
    table.refuse(R.Q_INITIATIVE, "rest", pilgrim=MK)
    table.end(TP, MS, CH)
    assert table.G["activation"]["pilgrim"] == MK
    table.end(MK)
    assert table.phase == "end"  # no Gates and no Demons: the Demon Phase has nothing to do
    table.do("end_turn")
    assert table.phase == "maintenance" and table.G["turn"] == 2


def test_two_action_points_then_the_activation_ends_and_unused_points_are_lost():
    table = Table({"pilgrims": {MK: {"chi": 2}}})
    table.do("maintenance")
    table.do("rest", pilgrim=MK)
    assert table.pilgrim(MK)["chi"] == 7
    table.do("rest", pilgrim=MK)
    assert table.pilgrim(MK)["chi"] == 10  # "up to their current maximum"
    assert table.G["activation"]["pilgrim"] == CH
    effects = table.do("end_activation", pilgrim=CH)
    assert any("lost" in e for e in effects)
    table.refuse(R.Q_NO_RETURN, "rest", pilgrim=CH)


def test_an_unconscious_pilgrim_is_skipped_rotated_each_maintenance_then_dead():
    table = Table({"pilgrims": {CH: {"hp": 0}}}, tripitaka_defeat="killed")
    table.do("maintenance")
    assert table.pilgrim(CH)["posture"] == "side"
    table.end(MK)
    assert table.G["activation"]["pilgrim"] == MS
    table.end(MS, TP)
    table.do("end_turn")
    table.do("maintenance")
    assert table.pilgrim(CH)["posture"] == "back"
    table.end(MK, MS, TP)
    table.do("end_turn")
    effects = table.do("maintenance")
    assert table.pilgrim(CH)["status"] == "dead"
    assert any("dead" in e for e in effects)


def test_tripitaka_defeated_ends_free_play_in_defeat_and_the_refusal_quotes_it():
    table = Table({"demons": ["berrok"], "pilgrims": {TP: {"hp": 2}}})
    table.to_demons()
    table.activate("berrok-1", option([TP]), pick=1)
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 2],
             defense_dice=[0, 0])
    assert table.model.game_over and table.G["result"]["outcome"] == "defeat"
    assert table.model.scores()["winners"] == []
    table.refuse(R.Q_TRIPITAKA_DEFEATED, "end_turn")


def test_the_table_reports_a_quest_victory_and_everyone_wins():
    table = Table(players=("Ann", "Ben"))
    table.do("quest_result", outcome="victory", condition="All Demons in the house defeated.")
    scores = table.model.scores()
    assert scores["winners"] == ["p1", "p2"] and scores["decided_by"]["rule"]["quote"] == R.Q_END


# -- Move ----------------------------------------------------------------------------------------------

def test_movement_examples_turning_costs_movement_points():
    table = Table(initiative=[MS, MK, CH, TP])
    table.do("maintenance")
    table.do("move", pilgrim=MS, steps=1, turns=2)  # Figure 4: 2 to rotate, 1 step, all 3
    table.refuse(A.Q_TURN_COST, "move", pilgrim=MS, steps=3, turns=1)


def test_blue_squares_cost_two_and_a_double_move_counts_as_one_long_move():
    table = Table()
    table.do("maintenance")
    table.refuse(A.Q_RED_HP, "move", pilgrim=MK, steps=3, blue=2)  # Figure 29
    table.do("move", pilgrim=MK, steps=5, blue=3, action_points=2)  # Figure 30: 8 of 8
    assert table.G["activation"]["pilgrim"] == CH


def test_permanent_limp_takes_one_point_from_the_double_move():
    table = Table({"pilgrims": {MK: {"corruption": ["Permanent Limp"]}}})
    table.do("maintenance")
    table.do("move", pilgrim=MK, steps=7, action_points=2)  # "a Double Move of 7"


def test_red_squares_cost_a_health_point_and_the_last_one_is_a_table_ruling():
    table = Table({"pilgrims": {MK: {"hp": 3}}})
    table.do("maintenance")
    table.do("move", pilgrim=MK, steps=2, red=1)
    assert table.pilgrim(MK)["hp"] == 2
    literal = Table({"pilgrims": {MK: {"hp": 1}}})
    literal.do("maintenance")
    literal.do("move", pilgrim=MK, steps=1, red=1)
    assert literal.pilgrim(MK)["status"] == "unconscious"
    keep = Table({"pilgrims": {MK: {"hp": 1}}}, red_square_last_hp="must_keep_one")
    keep.do("maintenance")
    keep.refuse(R.Q_HP_COST, "move", pilgrim=MK, steps=1, red=1)  # finding 121


def test_standing_on_a_red_square_for_a_full_turn_costs_one_point_at_the_ruled_moment():
    table = Table()
    table.do("maintenance")
    table.do("end_activation", pilgrim=MK, on_red_square=True)
    assert table.pilgrim(MK)["hp"] == 9
    moved = Table()
    moved.do("maintenance")
    moved.do("move", pilgrim=MK, steps=1)
    moved.refuse(A.Q_RED, "end_activation", pilgrim=MK, on_red_square=True)  # finding 124
    assert moved.pilgrim(MK)["hp"] == 10
    late = Table(red_square_stationary="end_of_turn_phase")
    late.do("maintenance")
    late.do("end_activation", pilgrim=MK, on_red_square=True)
    assert late.pilgrim(MK)["hp"] == 10
    late.end(CH, MS, TP)
    late.do("end_turn")
    assert late.pilgrim(MK)["hp"] == 9


def test_lure_of_demons_third_action_is_a_table_ruling():
    position = {"pilgrims": {MK: {"corruption": ["Lure of Demons"],
                                  "fortune": ["Om Mala of Vigor"]}}}
    vigor = {"pilgrim": MK, "card": "Om Mala of Vigor", "kind": "fortune", "gain": {"ap": 1}}
    table = Table(position)
    table.do("maintenance")
    table.do("play_card", **vigor)
    table.do("rest", pilgrim=MK)
    table.do("move", pilgrim=MK, steps=1)
    table.do("rest", pilgrim=MK)  # the third Action may double up
    strict = Table(position, no_double_third_action="never")
    strict.do("maintenance")
    strict.do("play_card", **vigor)
    strict.do("rest", pilgrim=MK)
    strict.do("move", pilgrim=MK, steps=1)
    strict.refuse(R.Q_LURE, "rest", pilgrim=MK)


def test_a_third_rest_with_three_action_points_is_a_table_ruling():
    position = {"pilgrims": {MK: {"fortune": ["Om Mala of Vigor"], "chi": 0}}}
    table = Table(position, third_rest="allowed")
    table.do("maintenance")
    table.do("play_card", pilgrim=MK, card="Om Mala of Vigor", kind="fortune", gain={"ap": 1})
    for _ in range(3):
        table.do("rest", pilgrim=MK)
    assert table.pilgrim(MK)["chi"] == 10


# -- Pray, Meditate, tokens ---------------------------------------------------------------------------

def test_pray_draws_a_fortune_card_and_meditate_black_forces_a_misfortune():
    table = Table({"boxes": ["box-1"]})
    table.do("maintenance")
    table.do("pray", pilgrim=MK, box="box-1", card="Wild Herbs")
    assert table.pilgrim(MK)["fortune"] == ["Wild Herbs"]
    table.end(MK)
    table.do("meditate", pilgrim=CH, box="box-1", spinner="black", misfortune="Trap")
    table.refuse(CO.Q_MISFORTUNE_NOW, "rest", pilgrim=CH)
    table.do("misfortune", pilgrim=CH, card="Trap", lose={"chi": 15, "hp": 3})
    table.refuse(A.Q_BOX_ONCE, "pray", pilgrim=CH, box="box-1", card="Wild Ginseng")
    assert table.pilgrim(CH)["chi"] == 0 and table.pilgrim(CH)["hp"] == 9
    table.refuse(CO.Q_MISFORTUNE_FROM, "misfortune", pilgrim=CH, card="Trap")


def test_a_misfortune_can_reduce_health_to_zero():
    table = Table({"boxes": ["box-1"], "pilgrims": {MK: {"hp": 2}}})
    table.do("maintenance")
    table.do("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Ambush")
    table.do("misfortune", pilgrim=MK, card="Ambush", lose={"hp": 3})
    assert table.pilgrim(MK)["hp"] == 0 and table.pilgrim(MK)["status"] == "unconscious"
    assert table.G["activation"]["pilgrim"] == CH


def test_meditate_white_keeps_one_of_three():
    table = Table({"boxes": ["box-1"]})
    table.do("maintenance")
    table.do("meditate", pilgrim=MK, box="box-1", spinner="white",
             seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Ginseng")
    assert table.pilgrim(MK)["fortune"] == ["Wild Ginseng"]


def test_rescue_collect_recover_break_door_and_close_a_gate():
    table = Table({"villagers": ["v1"], "sutras": ["s1"], "wells": ["w1"], "doors": ["d1"],
                   "gates": [{"id": "g1", "status": "inactive"}, {"id": "g2"}],
                   "inactive_demons": ["berrok"],
                   "pilgrims": {MK: {"hp": 3}, CH: {"hp": 5}}}, initiative=[MK, TP, CH, MS])
    table.do("maintenance")
    table.do("rescue_villager", pilgrim=MK, villager="v1")
    assert table.pilgrim(MK)["good_karma"] == 3 and table.pilgrim(MK)["villagers"] == 1
    table.do("recover", pilgrim=MK, well="w1")
    assert table.pilgrim(MK)["hp"] == 10
    table.do("collect_sutra", pilgrim=TP, sutra="s1")
    table.do("close_gate", pilgrim=TP, gate="g2")
    assert table.G["gates"]["g2"]["status"] == "closed" and table.pilgrim(TP)["sutras"] == 0
    table.do("break_door", pilgrim=CH, door="d1", opens=["berrok-1", "g1"])
    assert table.G["demons"]["berrok-1"]["active"] and table.G["gates"]["g1"]["status"] == "active"
    assert table.G["tokens"]["broken_doors"] == ["d1"]
    table.do("recover", pilgrim=CH, well="w1")  # each Pilgrim once per Well
    assert table.pilgrim(CH)["hp"] == 12


def test_revive_transfers_health_and_chi_as_printed():
    table = Table({"pilgrims": {CH: {"hp": 0}, TP: {"chi": 4}}}, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("revive", pilgrim=TP, target=CH, hp=2, chi=4)
    assert (table.pilgrim(TP)["hp"], table.pilgrim(TP)["chi"]) == (6, 0)
    assert (table.pilgrim(CH)["hp"], table.pilgrim(CH)["chi"]) == (2, 4)
    assert table.pilgrim(CH)["status"] == "active"
    table.end(TP, MK)
    assert table.G["activation"]["pilgrim"] == CH  # revived before his turn: he acts


# -- combat --------------------------------------------------------------------------------------------

def test_kill_gives_bad_karma_cleanse_good_karma_and_a_failed_cleanse_restores_the_target():
    table = Table({"demons": ["berrok", "berrok", "boof"]},
                  pilgrim_profiles={**PROFILES, MK: {"max_hp": 10, "cleanse_dice": 2}})
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[2, 1], pilgrim_die=1,
             weapon_damage=1)
    assert table.G["pending"]["demon"] == "berrok-1"
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert "berrok-1" not in table.G["demons"] and table.pilgrim(MK)["bad_karma"] == 2
    table.do("attack", pilgrim=MK, targets=["berrok-2"], attack_dice=[3, 1], pilgrim_die=0,
             weapon_damage=0)
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[1, 1])
    assert "berrok-2" not in table.G["demons"] and table.pilgrim(MK)["good_karma"] == 2
    table.do("attack", pilgrim=CH, targets=["boof-1"], attack_dice=[3, 3], pilgrim_die=0,
             weapon_damage=0)
    effects = table.do("resolve_defeat", pilgrim=CH, choice="cleanse", cleanse_dice=[2],
                       cleanse_bonus=0)
    assert "boof-1" in table.G["demons"] and any("backfires" in e for e in effects)


def test_monkey_king_cannot_one_hit_the_bull_demon_king_with_six():
    table = Table({"demons": ["koorogg"]})
    table.do("maintenance")
    effects = table.do("attack", pilgrim=MK, targets=["koorogg-1"], attack_dice=[3, 2],
                       pilgrim_die=1, weapon_damage=1)
    assert "koorogg-1" in table.G["demons"] and table.G["pending"] is None
    assert any("One Hit Kill" in e for e in effects)


def test_bull_demon_king_attacks_monkey_five_against_three():
    table = Table({"demons": ["koorogg"], "pilgrims": {MK: {"hp": 4}}})
    table.to_demons()
    table.activate("koorogg-1", option([MK]), pick=1)
    table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[3, 2], demon_die=0,
             defense_dice=[2, 1])
    assert table.pilgrim(MK)["hp"] == 2


def test_kogaiji_burns_monkey_through_his_defense():
    table = Table({"demons": ["kogaiji"]})
    table.to_demons()
    table.activate("kogaiji-1", option([MK]), pick=1)
    table.do("demon_attack", demon="kogaiji-1", target=MK, attack_dice=[1, 0], demon_die=2,
             defense_dice=[3, 2], condition_duration=2)
    assert table.pilgrim(MK)["hp"] == 8  # 3 damage fully defended, 2 from Burned
    assert [c["name"] for c in table.pilgrim(MK)["conditions"]] == ["Burned"]


def test_knock_back_into_an_obstacle_is_crushing_damage():
    table = Table({"demons": ["borrack"]})
    table.to_demons()
    table.activate("borrack-1", option([MK]), pick=1)
    table.do("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1], demon_die=1,
             defense_dice=[1, 1], knock_back_blocked=1)  # Figure 21
    assert table.pilgrim(MK)["hp"] == 9


@pytest.mark.parametrize("ruling, hp", [("defended", 8), ("undefended", 7)])
def test_yazuijis_extra_point_with_knock_back_is_a_table_ruling(ruling, hp):
    table = Table({"demons": ["yazuiji"]}, knock_back_damage=ruling)
    table.to_demons()
    table.activate("yazuiji-1", option([TP]), pick=1)
    table.do("demon_attack", demon="yazuiji-1", target=TP, attack_dice=[1, 0], demon_die=2,
             defense_dice=[2, 0])
    assert table.pilgrim(TP)["hp"] == hp


def test_a_green_line_square_adds_one_to_a_pilgrims_defense():
    table = Table({"demons": ["berrok"]})
    table.to_demons()
    table.activate("berrok-1", option([MK]), pick=1)
    table.do("demon_attack", demon="berrok-1", target=MK, attack_dice=[3, 1],
             defense_dice=[1, 1], green_square=True)
    assert table.pilgrim(MK)["hp"] == 9


def test_too_late_for_wild_herbs_once_the_dice_are_rolled():
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hp": 3,
                                                                       "fortune": ["Wild Herbs"]}}})
    table.to_demons()
    table.activate("berrok-1", option([MK]), pick=1)
    card = {"pilgrim": MK, "card": "Wild Herbs", "timing": "anytime", "played": "after_roll",
            "defense": 3}
    table.refuse(R.Q_NO_INTERRUPT, "demon_attack", demon="berrok-1", target=MK,
                 attack_dice=[3, 1], defense_dice=[0, 0], cards=[card])
    table.do("demon_attack", demon="berrok-1", target=MK, attack_dice=[3, 1], defense_dice=[0, 0])
    assert table.pilgrim(MK)["status"] == "unconscious"


@pytest.mark.parametrize("ruling, roll", [("defends", [2, 2]), ("no_defense", [])])
def test_a_pilgrim_paralyzed_by_the_attack_defending_it_is_a_table_ruling(ruling, roll):
    table = Table({"demons": ["koorogg"]}, paralyzed_by_this_attack=ruling)
    table.to_demons()
    table.activate("koorogg-1", option([MK]), pick=1)
    wrong = [] if roll else [1, 1]
    with pytest.raises(RuleViolation):
        table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[1, 1], demon_die=3,
                 defense_dice=wrong, condition_duration=1)
    table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[1, 1], demon_die=3,
             defense_dice=roll, condition_duration=1)
    assert any(c["name"] == "Paralyzed" for c in table.pilgrim(MK)["conditions"])


def test_a_demon_hp_entered_once_is_remembered_for_its_kind():
    table = Table({"demons": ["bharhaz", "bharhaz"]},
                  demon_profiles={"berrok": DEMONS["berrok"]})
    table.do("maintenance")
    with pytest.raises(BadRequest):
        table.do("attack", pilgrim=MK, targets=["bharhaz-1"], attack_dice=[1, 1], pilgrim_die=0,
                 weapon_damage=0)
    table.do("attack", pilgrim=MK, targets=["bharhaz-1"], attack_dice=[1, 1], pilgrim_die=0,
             weapon_damage=0, target_hp=5)
    assert table.G["demons"]["bharhaz-2"]["profile"]["hp"] == 5


# -- Conditions --------------------------------------------------------------------------------------

def test_poisoned_figures_1_and_2_three_turns_then_discarded_without_damage():
    table = Table()
    table.do("maintenance")
    table.do("take_condition", pilgrim=MK, condition="Poisoned")
    assert table.pilgrim(MK)["hp"] == 9  # applied as soon as you get the card
    hp = []
    for _ in range(4):
        table.end(*[p for p in PILGRIMS if table.G["activation"]
                    and p not in table.G["activated"]])
        table.do("end_turn")
        table.do("maintenance")
        hp.append(table.pilgrim(MK)["hp"])
    assert hp == [8, 7, 7, 7]  # 1 and 2 Turn Tokens: damage; 3 (Figure 1): expired, no damage
    assert table.pilgrim(MK)["conditions"] == []


def test_a_duplicate_condition_replaces_the_old_card_and_its_tokens():
    table = Table()
    table.do("take_condition", pilgrim=MK, condition="Disabled", duration=3)
    table.do("maintenance")
    table.end(*PILGRIMS)
    table.do("end_turn")
    assert table.pilgrim(MK)["conditions"][0]["tokens"] == 1
    effects = table.do("take_condition", pilgrim=MK, condition="Disabled", duration=3)
    assert table.pilgrim(MK)["conditions"][0]["tokens"] == 0
    assert len(table.pilgrim(MK)["conditions"]) == 1 and any("discarded" in e for e in effects)


def test_a_disabled_pilgrim_still_moves_and_defends_a_paralyzed_one_plays_no_card():
    table = Table({"demons": ["berrok"], "pilgrims": {
        MK: {"conditions": [{"name": "Disabled", "duration": 2}]},
        CH: {"conditions": [{"name": "Paralyzed", "duration": 2}], "fortune": ["Wild Herbs"]}}})
    table.do("maintenance")
    table.do("move", pilgrim=MK, steps=2)
    table.refuse(R.Q_PARALYZED, "play_card", pilgrim=CH, card="Wild Herbs", kind="fortune")


def test_card_gains_are_capped_and_costs_must_be_affordable():
    table = Table({"pilgrims": {MK: {"hp": 8, "fortune": ["Wild Herbs"], "hand": ["Phase Walk"],
                                     "chi": 3}}})
    table.do("play_card", pilgrim=MK, card="Wild Herbs", kind="fortune", gain={"hp": 3})
    assert table.pilgrim(MK)["hp"] == 10 and table.pilgrim(MK)["fortune"] == []
    table.do("play_card", pilgrim=MK, card="Phase Walk", kind="skill", cost={"chi": 3, "hp": 9},
             keep=True)
    assert (table.pilgrim(MK)["chi"], table.pilgrim(MK)["hp"]) == (0, 1)


# -- Karma ----------------------------------------------------------------------------------------------

def test_ten_bad_karma_forces_the_weapon_upgrade_and_a_corruption_card():
    table = Table({"demons": ["boof"], "pilgrims": {MK: {"bad_karma": 8}}})
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["boof-1"], attack_dice=[3, 3], pilgrim_die=0,
             weapon_damage=0)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.pilgrim(MK)["bad_karma"] == 11
    table.refuse(K.Q_MANDATORY, "rest", pilgrim=MK)
    table.do("karma_trade", pilgrim=MK, kind="bad", corruption="Permanent Limp")
    pilgrim = table.pilgrim(MK)
    assert (pilgrim["bad_karma"], pilgrim["weapon_level"], pilgrim["corruption"]) == (
        1, 2, ["Permanent Limp"])


def test_at_level_three_only_a_corruption_card():
    table = Table({"pilgrims": {MK: {"bad_karma": 10, "weapon_level": 3}}})
    table.do("karma_trade", pilgrim=MK, kind="bad", corruption="Lure of Demons")
    assert table.pilgrim(MK)["weapon_level"] == 3 and table.pilgrim(MK)["bad_karma"] == 0


def test_ten_good_karma_gives_a_permanent_skill_and_four_master_a_skill():
    table = Table({"pilgrims": {MK: {"good_karma": 14}}})
    table.do("maintenance")
    table.do("karma_trade", pilgrim=MK, kind="good", card="Shadow Walk",
             discarded=["Phase Walk"])
    table.do("master_skill", pilgrim=MK, card="Flying Nimbus")
    assert table.pilgrim(MK)["good_karma"] == 0
    assert table.pilgrim(MK)["skills"] == ["Shadow Walk", "Flying Nimbus"]


# -- the Demon Phase -----------------------------------------------------------------------------------

def test_gates_spawn_closest_to_tripitaka_first_and_a_unique_demon_in_play_is_drawn_again():
    table = Table({"gates": [{"id": "g1"}, {"id": "g2"}], "demons": ["kogaiji"]})
    table.to_demons()
    table.refuse(D.Q_GATE_ORDER, "spawn", gate="g1", card="reinforcement", demons=["berrok"])
    table.do("measure", of="gates", distances={"g1": 7, "g2": 4})
    table.refuse(D.Q_GATE_ORDER, "spawn", gate="g1", card="reinforcement", demons=["berrok"])
    effects = table.do("spawn", gate="g2", card="unique", demons=["kogaiji"])
    assert any("draw again" in e for e in effects) and table.phase == "demons_spawn"
    table.do("spawn", gate="g2", card="reinforcement", demons=["berrok", "berrok"])
    table.do("spawn", gate="g1", card="special", name="Wild Attacks")
    assert table.phase == "demons_activate"
    assert sorted(table.G["demons"]) == ["berrok-1", "berrok-2", "kogaiji-1"]


def test_demon_rage_three_action_points_then_it_ends_at_the_next_maintenance():
    table = Table({"gates": [{"id": "g1"}, {"id": "g2"}],
                   "demons": ["borrack", "borrack"]})
    table.to_demons()
    table.do("measure", of="gates", distances={"g1": 2, "g2": 4})
    table.do("spawn", gate="g1", card="rage", demons=["borrack"])
    assert table.G["rage"] and table.phase == "demons_activate"  # no more Demon Cards
    table.do("measure", of="demons", distances={"borrack-1": 3, "borrack-2": 5})
    table.do("demon_options", demon="borrack-1",
             options=[option([MK], ("move", "attack", "move"), closer=True)])
    assert table.G["demon_phase"]["current"]["ap"] == 3
    table.do("demon_plan", demon="borrack-1", option=1)
    table.do("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1], demon_die=0,
             defense_dice=[1, 1])
    table.do("demon_options", demon="borrack-2", options=[])
    table.do("demon_plan", demon="borrack-2", option=1)
    table.do("end_turn")
    effects = table.do("maintenance")
    assert not table.G["rage"] and any("Rage ends" in e for e in effects)


def test_figure_33_plan_1_two_attacks_on_tripitaka_and_the_lazy_archer():
    table = Table({"demons": ["berrok", "bharhaz"]})
    table.to_demons()
    table.do("measure", of="demons", distances={"berrok-1": 1, "bharhaz-1": 5})
    best = table.activate("berrok-1", option([TP], ("attack", "attack"), squares=0),
                          option([TP], ("attack", "move"), squares=1))
    assert best == [1]
    table.do("demon_plan", demon="berrok-1", option=1)
    for _ in range(2):
        table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[0, 0],
                 defense_dice=[0, 0])
    best = table.activate("bharhaz-1", option([TP], ("move", "attack"), squares=1),
                          option([TP], ("move", "attack"), squares=3))
    assert best == [1]


def test_figure_34_plan_2_attack_then_move_closer():
    table = Table({"demons": ["bharhaz"]})
    table.to_demons()
    best = table.activate("bharhaz-1", option([MK], ("attack", "move"), closer=True),
                          option([MK], ("attack", "attack"), squares=0))
    assert best == [1]
    assert table.G["demon_phase"]["current"]["options"][0]["priority"] == 2


def test_figure_35_plan_3_two_attacks_rather_than_ending_further_away():
    table = Table({"demons": ["berrok"]})
    table.to_demons()
    best = table.activate("berrok-1", option([MK], ("attack", "attack"), squares=0),
                          option([MK], ("attack", "move"), squares=1, closer=False))
    assert best == [1]
    assert table.G["demon_phase"]["current"]["options"][0]["priority"] == 3


def test_figure_36_plan_4_double_move_towards_tripitaka():
    table = Table({"demons": ["berrok"]})
    table.to_demons()
    assert table.activate("berrok-1") == [1]
    current = table.G["demon_phase"]["current"]
    assert current["options"][0]["priority"] == 4 and current["options"][0]["actions"] == [
        "move", "move"]
    table.do("demon_plan", demon="berrok-1", option=1)
    assert table.phase == "end"


def test_figure_37_the_bullserker_moves_two_squares_to_attack_two():
    table = Table({"demons": ["boof"]})
    table.to_demons()
    best = table.activate("boof-1", option([MS], squares=1, closer=True),
                          option([MK], squares=4, closer=True),
                          option([MS, MK], squares=2, closer=True))
    assert best == [3]
    table.refuse(D.Q_MOST, "demon_plan", demon="boof-1", option=2)


def test_figure_38_plan_1_beats_two_targets():
    table = Table({"demons": ["boof"]})
    table.to_demons()
    best = table.activate("boof-1", option([MK, MS], squares=1, closer=True),
                          option([TP], squares=3, closer=True))
    assert best == [2]
    table.refuse(D.Q_PRIORITY[1], "demon_plan", demon="boof-1", option=1)


def test_figure_39_raging_berrok_move_attack_move_is_plan_2():
    table = Table({"gates": [{"id": "g1"}],
                   "demons": ["berrok", "borrack", "borrack"]})
    table.to_demons()
    table.do("spawn", gate="g1", card="rage", demons=["borrack"])
    table.do("measure", of="demons", distances={"berrok-1": 1, "borrack-1": 4, "borrack-2": 5})
    best = table.activate("berrok-1", option([MK], ("move", "attack", "move"), closer=True),
                          option([MK], ("attack", "attack", "attack"), squares=0))
    assert best == [1]


def test_preferences_weakest_target_and_equal_options_left_to_the_table():
    table = Table({"demons": ["berrok", "berrok"],
                   "pilgrims": {MS: {"hp": 3}}})
    table.to_demons()
    table.do("measure", of="demons", distances={"berrok-1": 2, "berrok-2": 3})
    best = table.activate("berrok-1", option([MK], closer=True), option([MS], closer=True))
    assert best == [2]
    table.refuse(D.Q_WEAKEST, "demon_plan", demon="berrok-1", option=1)
    table.do("demon_plan", demon="berrok-1", option=2)
    table.do("demon_attack", demon="berrok-1", target=MS, attack_dice=[0, 0], defense_dice=[0, 0])
    best = table.activate("berrok-2", option([MK], closer=True), option([CH], closer=True))
    assert best == [1]  # both 10+ HP... Monkey 10 is weaker than Cho Hakkai 12
    tie = Table({"demons": ["berrok"]})
    tie.to_demons()
    assert tie.activate("berrok-1", option([MK]), option([MK])) == [1, 2]
    tie.do("demon_plan", demon="berrok-1", option=2)


def test_wild_attacks_skips_plans_1_and_2():
    table = Table({"demons": ["berrok"], "special_cards": ["Wild Attacks"]})
    table.G["special_cards"][0]["duration"] = "this turn"
    table.to_demons()
    best = table.activate("berrok-1", option([TP]), option([MK, MS], squares=2))
    assert best == [2]


def test_demons_ignore_unconscious_pilgrims_and_the_legal_list_offers_the_ai_choice():
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hp": 0}}})
    table.to_demons(skip=(MK,))
    table.refuse(D.Q_IGNORE, "demon_options", demon="berrok-1", options=[option([MK])])
    table.do("demon_options", demon="berrok-1", options=[option([MS])])
    legal = table.model.legal()
    assert {"type": "demon_plan", "player": "p1", "demon": "berrok-1", "option": 1} in legal


def test_the_activation_order_remeasured_is_a_table_ruling():
    table = Table({"demons": ["berrok", "berrok", "berrok"]},
                  activation_order="remeasured")
    table.to_demons()
    table.do("measure", of="demons", distances={"berrok-1": 1, "berrok-2": 2, "berrok-3": 3})
    table.do("demon_options", demon="berrok-1", options=[])
    table.do("demon_plan", demon="berrok-1", option=1)
    table.refuse(D.Q_ORDER, "demon_options", demon="berrok-2", options=[])
    table.do("measure", of="demons", distances={"berrok-2": 4, "berrok-3": 2})
    table.do("demon_options", demon="berrok-3", options=[])


# -- the page data: standings -----------------------------------------------------------------------

def test_standings_show_each_pilgrims_health_chi_karma_and_conditions():
    table = Table({"pilgrims": {MK: {"hp": 6, "conditions": [{"name": "Poisoned", "tokens": 1}]}}},
                  players=("Ann", "Ben"))
    scores = table.model.scores()
    ann = scores["players"][0]
    labels = {line["label"]: line for line in ann["breakdown"]}
    assert labels["Monkey King: Health Points"]["counts"].startswith("6/10")
    assert labels["Monkey King: Poisoned"]["counts"] == "2 turns left"
    assert "Cho Hakkai: Chi" in labels and "Monk Sha: Chi" not in labels


def test_spawn_demon_lord_leaves_after_one_attack_action_without_karma():
    table = Table({"gates": [{"id": "g1"}]},
                  demon_profiles={**DEMONS, "koorogg": {"attack_dice": 2}})
    table.to_demons()
    table.do("spawn", gate="g1", card="special", name="Spawn Demon Lord", demons=["koorogg"])
    assert table.G["demons"]["koorogg-1"]["leaves_after_attack"]
    table.activate("koorogg-1", option([MK], ("attack", "move"), squares=1), pick=1)
    table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[0, 0], demon_die=0,
             defense_dice=[0, 0])
    assert "koorogg-1" not in table.G["demons"]
    assert table.G["removed"][-1]["how"] == "left"
    assert all(table.pilgrim(p)["bad_karma"] == 0 for p in PILGRIMS)


def test_a_pilgrim_walking_into_a_closed_room_wakes_its_demons_until_he_leaves():
    table = Table({"inactive_demons": ["berrok"], "gates": [{"id": "g1", "status": "inactive"}]})
    table.do("room", ids=["berrok-1", "g1"], active=True)
    assert table.G["demons"]["berrok-1"]["active"] and table.G["gates"]["g1"]["status"] == "active"
    table.do("room", ids=["berrok-1", "g1"], active=False)
    assert not table.G["demons"]["berrok-1"]["active"]


def test_an_action_point_cost_is_paid_by_the_active_pilgrim_and_can_end_the_activation():
    table = Table({"pilgrims": {MK: {"hand": ["Flaming War Cry"]}}})
    table.do("maintenance")
    table.do("rest", pilgrim=MK)
    table.do("play_card", pilgrim=MK, card="Flaming War Cry", kind="skill", cost={"ap": 1},
             duration="end_of_turn")
    assert table.G["activation"]["pilgrim"] == CH
    assert table.pilgrim(MK)["in_play"] == [{"card": "Flaming War Cry", "kind": "skill",
                                             "duration": "end_of_turn"}]
    table.end(CH, MS, TP)
    table.do("end_turn")
    table.do("maintenance")
    assert table.pilgrim(MK)["in_play"] == []  # removed in the next Maintenance Phase


def test_lose_one_action_point_next_turn():
    table = Table({"boxes": ["box-1"]})
    table.do("maintenance")
    table.do("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Exhaustion")
    table.do("misfortune", pilgrim=MK, card="Exhaustion", lose={"ap_next_turn": 1})
    table.end(MK, CH, MS, TP)
    table.do("end_turn")
    table.do("maintenance")
    assert table.G["activation"] == {**table.G["activation"], "pilgrim": MK, "ap": 1}


def test_demon_distraction_still_allows_two_actions():
    table = Table({"pilgrims": {MK: {"corruption": ["Demon Distraction"]}}})
    table.do("maintenance")
    table.do("move", pilgrim=MK, steps=3, action_points=2)
    assert table.G["activation"]["pilgrim"] == CH


def test_a_karma_trade_and_a_card_outside_the_pilgrims_own_activation():
    table = Table({"demons": ["berrok"], "pilgrims": {MS: {"good_karma": 10,
                                                           "fortune": ["Wild Herbs"],
                                                           "hp": 5}}})
    table.do("maintenance")
    table.do("karma_trade", pilgrim=MS, kind="good", card="Spirit of Fortune")
    table.end(MK, CH, MS, TP)
    table.do("play_card", pilgrim=MS, card="Wild Herbs", kind="fortune", gain={"hp": 3})
    assert table.pilgrim(MS)["hp"] == 8 and table.phase == "demons_activate"


def test_a_move_only_option_entered_by_the_table_is_plan_4_like_the_referees_own():
    table = Table({"demons": ["berrok"]})
    table.to_demons()
    best = table.activate("berrok-1", {"actions": ["move", "move"], "squares": 3})
    assert best == [1, 2]


# -- Knock Back: red squares and the free "Follow" move ------------------------------------------

def borrack_knocks_back(table, target=MK, **fields):
    table.do("demon_attack", demon="borrack-1", target=target, attack_dice=[1, 1], demon_die=1,
             defense_dice=[1, 1], **fields)


def test_a_pilgrim_knocked_back_onto_a_red_square_takes_its_point_of_damage():
    table = Table({"demons": ["borrack"]})
    table.to_demons()
    table.activate("borrack-1", option([MK]), pick=1)
    table.refuse(Q_KNOCK_BACK, "demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1],
                 demon_die=1, defense_dice=[1, 1], knock_back=1, knock_back_blocked=1,
                 knock_back_red=1)
    borrack_knocks_back(table, knock_back_red=1)
    assert table.pilgrim(MK)["hp"] == 9  # 2 against 2 defended; the red square is not


def test_a_demon_with_another_attack_follows_one_with_none_leaves_the_space():
    table = Table({"demons": ["borrack"]}, demon_profiles={**DEMONS, "borrack": {
        **DEMONS["borrack"], "mv": 3}})
    table.to_demons()
    table.activate("borrack-1", option([MK], ("attack", "attack")), pick=1)
    borrack_knocks_back(table, pushed_out_of_range=True)
    table.refuse(Q_DEMON_FOLLOW, "demon_attack", demon="borrack-1", target=MK,
                 attack_dice=[1, 1], demon_die=0, defense_dice=[1, 1])
    table.refuse(Q_FOLLOW_ONLY, "follow", attacker="borrack-1", steps=1, turns=1)
    table.refuse(Q_FOLLOW_BLOCKED, "follow", attacker="borrack-1", steps=1, diagonal=True)
    table.refuse(Q_FOLLOW_BLOCKED, "follow", attacker="borrack-1", steps=1, through_blocked=True)
    table.refuse(Q_PURPLE, "follow", attacker="borrack-1", steps=1, through_purple=True)
    table.refuse(Q_FOLLOW_MOVE, "follow", attacker="borrack-1", steps=4)
    effects = table.do("follow", attacker="borrack-1", steps=1)
    assert any("Follows" in e for e in effects) and table.G["follow"] is None
    borrack_knocks_back(table)  # the second attack; its Knock Back is the last
    assert table.G["demon_phase"]["current"] is None
    table.refuse(Q_DEMON_FOLLOW, "follow", attacker="borrack-1", steps=1)
    table.do("follow", attacker="borrack-1", steps=0)


def test_follow_only_right_after_the_knock_back():
    table = Table({"demons": ["borrack", "berrok"]})
    table.to_demons()
    table.do("measure", of="demons", distances={"borrack-1": 1, "berrok-1": 2})
    table.refuse(Q_FOLLOW, "follow", attacker="borrack-1", steps=1)
    table.activate("borrack-1", option([MK], ("attack", "attack")), pick=1)
    borrack_knocks_back(table, knock_back_blocked=1)  # blocked: the Target did not move
    table.refuse(Q_FOLLOW, "follow", attacker="borrack-1", steps=1)


def test_a_pilgrims_knock_back_and_his_follow_into_a_red_square():
    table = Table({"demons": ["boof"]})
    table.do("maintenance")
    table.refuse(Q_CRUSH, "attack", pilgrim=MK, targets=["boof-1"], attack_dice=[1, 1],
                 pilgrim_die=1, weapon_damage=1, knock_back_blocked=1)
    table.do("attack", pilgrim=MK, targets=["boof-1"], attack_dice=[1, 1], pilgrim_die=1,
             weapon_damage=1, knock_back=2)
    assert any(e["type"] == "follow" for e in table.model.legal())
    table.refuse(Q_FOLLOW_MOVE, "follow", attacker=MK, steps=4, blue=1)
    table.do("follow", attacker=MK, steps=2, red=1)
    assert table.pilgrim(MK)["hp"] == 9
    assert table.G["activation"]["spent"] == 1  # the Follow costs no Action Point


# -- Special Demon Cards: Flood Gate and Phase March ---------------------------------------------

def test_flood_gate_moves_the_demons_it_brings_closer_before_the_next_gate_spawns():
    table = Table({"gates": [{"id": "g1"}, {"id": "g2"}], "demons": ["berrok", "boof"]})
    table.to_demons()
    table.do("measure", of="gates", distances={"g1": 7, "g2": 4})
    table.do("spawn", gate="g2", card="special", name="Flood Gate")
    assert any(e["type"] == "flood_gate" and e["gate"] == "g2" for e in table.model.legal())
    table.refuse(S.Q_DRAW_FOLLOW, "spawn", gate="g1", card="reinforcement", demons=["berrok"])
    table.refuse(S.Q_FLOOD, "flood_gate", gate="g1", closer={"berrok-1": True, "boof-1": False})
    table.refuse(S.Q_FLOOD_MOVE, "flood_gate", gate="g2", closer={"berrok-1": True})
    effects = table.do("flood_gate", gate="g2", closer={"berrok-1": True, "boof-1": False})
    assert any("adjacent to g2" in e for e in effects)
    assert table.G["special_cards"] == [] and table.phase == "demons_spawn"
    table.refuse(S.Q_FLOOD, "flood_gate", gate="g2", closer={"berrok-1": True, "boof-1": False})
    table.do("spawn", gate="g1", card="reinforcement", demons=["berrok"])
    assert table.phase == "demons_activate"


def test_phase_march_demons_pass_obstacles_and_wake_inside_buildings():
    table = Table({"gates": [{"id": "g1"}], "demons": ["berrok"], "inactive_demons": ["boof"]})
    table.to_demons()
    through = {**option([MK]), "obstacle": "through"}
    table.do("spawn", gate="g1", card="special", name="Phase March")
    assert table.phase == "demons_activate"
    table.do("measure", of="demons", distances={"berrok-1": 3, "boof-1": 5})
    table.refuse(Q_PURPLE, "demon_options", demon="berrok-1",
                 options=[{**through, "obstacle": "across_purple"}])
    table.refuse(S.Q_MARCH_END, "demon_options", demon="berrok-1",
                 options=[{**through, "obstacle": "ends_on"}])
    table.activate("berrok-1", {"actions": ["move", "move"], "squares": 4,
                                "obstacle": "through"}, pick=1)
    table.do("demon_options", demon="boof-1", options=[option([MK])])
    table.do("demon_plan", demon="boof-1", option=1, outside=False)
    assert not table.G["demons"]["boof-1"]["active"]
    table.do("demon_attack", demon="boof-1", target=MK, attack_dice=[0, 0, 0],
             defense_dice=[0, 0])
    assert table.phase == "end"


def test_without_phase_march_a_demon_cannot_pass_obstacles_and_inside_demons_sleep():
    table = Table({"demons": ["berrok"], "inactive_demons": ["boof"]})
    table.to_demons()
    table.refuse(A.Q_BLOCKED, "demon_options", demon="berrok-1",
                 options=[{**option([MK]), "obstacle": "through"}])
    table.refuse(A.Q_BLOCKED, "demon_options", demon="berrok-1",
                 options=[{**option([MK]), "obstacle": "ends_on"}])
    table.refuse(D.Q_ROOMS, "demon_options", demon="boof-1", options=[])


def test_a_demon_leaving_the_building_under_phase_march_stays_active():
    table = Table({"gates": [{"id": "g1"}], "inactive_demons": ["boof"]})
    table.to_demons()
    table.do("spawn", gate="g1", card="special", name="Phase March")
    table.do("demon_options", demon="boof-1", options=[])
    table.do("demon_plan", demon="boof-1", option=1, outside=True)
    assert table.G["demons"]["boof-1"]["active"]
    table.do("end_turn")
    table.do("maintenance")
    assert table.G["special_cards"] == []  # no explicit duration: discarded


# -- Card effects the rulebook prints -------------------------------------------------------------

def card(pilgrim, name, played="before_roll", timing="before_trigger", **fields):
    return {"pilgrim": pilgrim, "card": name, "timing": timing, "played": played, **fields}


def test_a_skill_card_of_another_pilgrims_deck_is_refused():
    table = Table({"pilgrims": {MK: {"good_karma": 4}}})
    table.do("maintenance")
    table.refuse(E.Q_OWN_DECK, "play_card", pilgrim=MK, card="Asura Seal", kind="skill",
                 duration="end_of_turn")
    table.refuse(E.Q_DRAW_OWN, "master_skill", pilgrim=MK, card="Om Chant")
    table.do("master_skill", pilgrim=MK, card="Phase Walk")


def test_phase_walk_passes_obstructions_for_this_move_only_never_a_purple_line():
    table = Table({"pilgrims": {MK: {"hand": ["Phase Walk", "Phase Walk"]}}})
    table.do("maintenance")
    table.refuse(A.Q_BLOCKED, "move", pilgrim=MK, steps=2, through_blocked=True)
    table.refuse(E.Q_THIS_ACTION, "play_card", pilgrim=MK, card="Phase Walk", kind="skill",
                 duration="end_of_turn")
    table.do("play_card", pilgrim=MK, card="Phase Walk", kind="skill")
    table.refuse(Q_PURPLE, "move", pilgrim=MK, steps=2, through_purple=True)
    effects = table.do("move", pilgrim=MK, steps=2, through_blocked=True)
    assert any("Phase Walk" in e for e in effects)
    table.refuse(A.Q_BLOCKED, "move", pilgrim=MK, steps=2, through_blocked=True)


def test_prayer_of_mercy_ignores_every_effect_of_the_attack():
    table = Table({"demons": ["borrack"], "pilgrims": {TP: {"hand": ["Prayer of Mercy"]}}})
    table.do("maintenance")
    table.refuse(E.Q_MERCY, "play_card", pilgrim=TP, card="Prayer of Mercy", kind="skill")
    table.end(*PILGRIMS)
    table.activate("borrack-1", option([TP]), pick=1)
    table.do("demon_attack", demon="borrack-1", target=TP, attack_dice=[3, 3], demon_die=1,
             defense_dice=[0, 0], knock_back_blocked=1,
             cards=[card(TP, "Prayer of Mercy")])
    assert table.pilgrim(TP)["hp"] == 8 and table.G["follow"] is None


def asura_table(**options):
    table = Table({"demons": ["berrok", "boof"], "pilgrims": {TP: {"hand": ["Asura Seal"]}}},
                  **options)
    table.do("maintenance")
    table.do("play_card", pilgrim=TP, card="Asura Seal", kind="skill", duration="end_of_turn")
    table.end(*PILGRIMS)
    table.do("measure", of="demons", distances={"berrok-1": 1, "boof-1": 2})
    return table


def test_the_asura_seal_reflects_the_attack_and_tripitaka_kills_or_cleanses_the_demon():
    table = asura_table()
    table.activate("berrok-1", option([TP], ("attack", "attack")), pick=1)
    table.refuse(E.Q_ASURA, "demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 1],
                 defense_dice=[1, 1])
    effects = table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[1, 1])
    assert any("survives" in e for e in effects) and table.pilgrim(TP)["hp"] == 8
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 1])
    assert table.G["pending"] == {"kind": "defeated", "pilgrim": TP, "demon": "berrok-1"}
    assert table.phase == "demons_activate"
    table.refuse(A.Q_CHOOSE_OPTION, "demon_options", demon="boof-1", options=[])
    table.do("resolve_defeat", pilgrim=TP, choice="kill")
    assert "berrok-1" not in table.G["demons"] and table.pilgrim(TP)["bad_karma"] == 2
    assert table.pilgrim(TP)["hp"] == 8


def test_a_failed_cleanse_of_a_reflected_demon_lets_it_go_on_attacking():
    table = asura_table()
    table.activate("berrok-1", option([TP], ("attack", "attack")), pick=1)
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 1])
    table.do("resolve_defeat", pilgrim=TP, choice="cleanse", cleanse_dice=[0])
    assert table.G["demon_phase"]["current"]["demon"] == "berrok-1"
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[0, 0])
    assert table.G["demon_phase"]["current"] is None


def test_brotherhood_of_the_skull_monk_sha_takes_the_attack_and_defends_it():
    table = Table({"demons": ["berrok"], "pilgrims": {MS: {"hand": ["Brotherhood of the Skull"]}}})
    table.to_demons()
    table.activate("berrok-1", option([TP]), pick=1)
    brotherhood = [card(MS, "Brotherhood of the Skull")]
    table.refuse(E.Q_BROTHERHOOD, "demon_attack", demon="berrok-1", target=MK, instead_of=TP,
                 attack_dice=[3, 3], defense_dice=[0, 0], cards=brotherhood)
    table.do("demon_attack", demon="berrok-1", target=MS, instead_of=TP, attack_dice=[3, 3],
             defense_dice=[1, 0], cards=brotherhood)
    assert table.pilgrim(MS)["hp"] == 4 and table.pilgrim(TP)["hp"] == 8
    assert table.phase == "end"


def test_om_chant_a_demon_moving_onto_tripitakas_tile_stops_and_becomes_inactive():
    table = Table({"demons": ["berrok"], "pilgrims": {TP: {"hand": ["Om Chant"]}}})
    table.do("maintenance")
    table.do("play_card", pilgrim=TP, card="Om Chant", kind="skill", duration="end_of_turn")
    table.end(*PILGRIMS)
    table.activate("berrok-1", {**option([TP], closer=True), "map_tile": "enters_tripitakas"},
                   pick=1)
    berrok = table.G["demons"]["berrok-1"]
    assert not berrok["active"] and berrok["held_by"] == "Om Chant" and table.phase == "end"


def test_flaming_war_cry_makes_the_monkey_king_the_demons_first_target_on_his_tile():
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hand": ["Flaming War Cry"]}}})
    table.to_demons()
    table.refuse(E.Q_WAR_CRY, "demon_options", demon="berrok-1", on_monkey_kings_tile=True,
                 options=[option([MK])])
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hand": ["Flaming War Cry"]}}})
    table.do("maintenance")
    table.do("play_card", pilgrim=MK, card="Flaming War Cry", kind="skill")
    assert table.pilgrim(MK)["in_play"] == [{"card": "Flaming War Cry", "kind": "skill",
                                             "duration": "end_of_turn"}]
    table.end(*PILGRIMS)
    best = table.activate("berrok-1", option([TP]), option([MK]), on_monkey_kings_tile=True)
    assert best == [2]
    current = table.G["demon_phase"]["current"]
    assert current["options"][1]["priority"] == 1 and current["why"][0]["quote"] == E.Q_WAR_CRY


def test_a_card_giving_two_attacks_for_one_action_point_limited_to_the_original_target():
    table = Table({"demons": ["berrok", "berrok"]})
    table.do("maintenance")
    table.refuse(E.Q_TWICE, "attack", pilgrim=MK, targets=["berrok-1"], same_action=True,
                 attack_dice=[0, 0], pilgrim_die=0, weapon_damage=0)
    twice = [card(MK, "Double Strike", attacks=2, same_target=True)]
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 0], pilgrim_die=0,
             weapon_damage=0, cards=twice)
    table.refuse(E.Q_SAME_TARGET, "attack", pilgrim=MK, targets=["berrok-2"], same_action=True,
                 attack_dice=[0, 0], pilgrim_die=0, weapon_damage=0)
    table.do("attack", pilgrim=MK, targets=["berrok-1"], same_action=True, attack_dice=[3, 3],
             pilgrim_die=0, weapon_damage=0)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.G["activation"]["spent"] == 1 and table.G["activation"]["strikes"] is None


def test_the_last_action_point_waits_for_the_cards_further_attacks():
    table = Table({"demons": ["berrok", "berrok"]})
    table.do("maintenance")
    table.refuse(E.Q_SEPARATE, "attack", pilgrim=MK, targets=["berrok-1", "berrok-2"],
                 attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0,
                 cards=[card(MK, "Whirlwind", targets=2)])
    table.do("rest", pilgrim=MK)
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 0], pilgrim_die=0,
             weapon_damage=0, cards=[card(MK, "Whirlwind", targets=2)])
    assert table.G["activation"]["pilgrim"] == MK
    assert any(e.get("same_action") for e in table.model.legal())
    table.refuse(E.Q_TARGETS_BY_CARD, "attack", pilgrim=MK, targets=["berrok-1"],
                 same_action=True, attack_dice=[0, 0], pilgrim_die=0, weapon_damage=0)
    table.do("attack", pilgrim=MK, targets=["berrok-2"], same_action=True, attack_dice=[0, 0],
             pilgrim_die=0, weapon_damage=0)
    assert table.G["activation"]["pilgrim"] == CH


def test_a_re_roll_is_played_after_the_dice_and_a_range_card_reaches_further():
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hand": ["Cleansing Flame", "Long Reach"]}}})
    table.do("maintenance")
    table.refuse(C.Q_RANGE, "attack", pilgrim=MK, targets=["berrok-1"], in_range=False,
                 attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0)
    table.refuse(E.Q_LOS, "attack", pilgrim=MK, targets=["berrok-1"], los=False,
                 attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0)
    table.refuse(R.Q_NO_INTERRUPT, "attack", pilgrim=MK, targets=["berrok-1"],
                 attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0,
                 cards=[card(MK, "Lucky Charm", played="after_roll", timing="anytime")])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], in_range=False, attack_dice=[1, 0],
             pilgrim_die=0, weapon_damage=0,
             cards=[card(MK, "Long Reach", range=True),
                    card(MK, "Cleansing Flame", played="after_roll", timing="anytime",
                         reroll=True)])


def test_printed_fortune_gains_ninth_cycle_scripture_and_cards_lasting_turns():
    table = Table({"demons": ["berrok"],
                   "pilgrims": {MK: {"fortune": ["Om Mala of Vigor"]},
                                TP: {"hp": 5, "hand": ["Ninth Cycle Scripture", "Shining Seal"]}}})
    table.do("maintenance")
    table.do("play_card", pilgrim=MK, card="Om Mala of Vigor", kind="fortune")
    assert table.G["activation"]["ap"] == 3  # "+1 AP", as the book prints it
    table.end(MK, CH, MS)
    table.do("attack", pilgrim=TP, targets=["berrok-1"], attack_dice=[3, 3], pilgrim_die=0,
             weapon_damage=0)
    assert table.pilgrim(TP)["hp"] == 6  # continuous: healed on Defeating an enemy
    table.do("resolve_defeat", pilgrim=TP, choice="kill")
    table.do("play_card", pilgrim=TP, card="Shining Seal", kind="skill", duration="turns",
             turns=1)
    table.end(TP)
    table.do("end_turn")
    assert table.pilgrim(TP)["in_play"] == [{"card": "Shining Seal", "kind": "skill",
                                             "duration": "turns", "tokens": 1, "turns": 1}]
    table.do("maintenance")
    assert table.pilgrim(TP)["in_play"] == []


def test_spirit_of_fortune_only_with_a_fortune_wheel_spin_prayer_of_sealing_if_the_quest_allows():
    table = Table({"boxes": ["box-1"], "pilgrims": {MS: {"hand": ["Spirit of Fortune"]},
                                                    TP: {"hand": ["Prayer of Sealing"]}}})
    table.do("maintenance")
    table.refuse(E.Q_SPIRIT, "play_card", pilgrim=MS, card="Spirit of Fortune", kind="skill")
    table.do("meditate", pilgrim=MK, box="box-1", spinner="white", kept="Wild Herbs",
             cards=[card(MS, "Spirit of Fortune", played="after_roll", timing="after_trigger",
                         chi=2)])
    assert table.pilgrim(MS)["chi"] == 8  # its cost is paid
    table.do("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")


def test_the_demons_attack_pilgrims_never_a_neutral_creature():
    table = Table({"demons": ["berrok"], "neutral_creatures": ["kei-lun"]})
    table.to_demons()
    table.refuse(D.Q_ATTACKS_PILGRIMS, "demon_options", demon="berrok-1",
                 options=[option(["kei-lun"])])
    with pytest.raises(BadRequest):
        table.do("demon_options", demon="berrok-1", options=[option(["nobody"])])
    with pytest.raises(SetupError):
        Table({"neutral_creatures": ["monkey_king"]})
