"""We Forlorn Few: the rulebook's worked examples, and each rule's legal and illegal case."""

import copy

import pytest

from referee.core import BadRequest, RuleViolation, SetupError, engine
from referee.we_forlorn_few import Game
from referee.we_forlorn_few import quotes as q
from tests.guard_cases.we_forlorn_few import (
    HERD,
    PISTOL,
    SNARE,
    TERRAIN,
    at,
    camp,
    ravenous,
    table,
    traveler,
)


def start(position=None, players=("Ann", "Bob", "Cleo"), terrain=None, **options):
    setup = engine.check_setup(Game, table(position, players, terrain, **options))
    return engine.start(Game, setup)


def play(model, *events):
    effects = []
    for event in events:
        effects += engine.apply(model, {"player": model.current_players()[0], **event})
    return effects


def refused(model, event) -> RuleViolation:
    before, phase = copy.deepcopy(model.G), model.phase
    with pytest.raises(RuleViolation) as refusal:
        engine.apply(model, {"player": model.current_players()[0], **event})
    assert model.G == before and model.phase == phase, "a refused event changed nothing"
    return refusal.value


def board(model, seat="p1"):
    return model.G["players"][seat]


def quoted(effects) -> list[str]:
    return [e.citation.quote for e in effects if e.citation]


# -- the rulebook's examples --------------------------------------------------------------------


def test_travel_example_pays_what_she_has_and_takes_wagon_damage_for_the_wood_she_lacks():
    """The Sheriff's Daughter on a Wetlands tile travels to an adjacent face-down tile: cost one
    Food, one Water, three Wood; she has two Food, one Water, one Wood."""
    model = start(at(p1=traveler("W1", resources={"food": 2, "water": 1, "wood": 1})),
                  travelers={"p1": {"name": "The Sheriff's Daughter",
                                    "equipment": [PISTOL, {"name": "Holster", "type": "storage",
                                                           "value": 1,
                                                           "holds": {"weapon": 1}}]}})
    travel = next(e for e in model.legal() if e["type"] == "travel" and e["to"] == "D1")
    assert travel["pay"] == {"food": 1, "water": 1, "wood": 1}
    assert travel["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 2}
    assert travel["open"] == ["reveal"]
    effects = play(model, {"type": "travel", "to": "D1",
                           "reveal": {"kind": "Desert", "travel_cost": {"water": 2},
                                      "resources": ["water"]}})
    me = board(model)
    assert me["resources"] == {"food": 1, "water": 0, "wood": 0}
    assert me["ailments"]["wagon_damage"] == 2 and me["companions"] == 4
    assert me["tile"] == "D1" and model.G["tiles"]["D1"]["face_up"]
    assert model.G["tiles"]["D1"]["kind"] == "Desert" and model.phase == "turn_gathering"
    assert q.Q_PAY_RESOURCES in quoted(effects) and q.Q_ACCRUE in quoted(effects)


def test_gathering_example_tool_bonus_then_worth_two_takes_two_listed_resources():
    model = start(at("gathering", p1=traveler("P1", resources={}, equipment=[SNARE])))
    effects = play(model, {"type": "gather", "roll": 2, "take": ["water", "wood"]})
    assert board(model)["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert q.Q_TOOL_BONUS in quoted(effects) and model.phase == "turn_camp"


def test_snare_is_named_from_the_data_table():
    model = start(at("gathering", p1=traveler("P1", resources={}, equipment=["Snare"])))
    play(model, {"type": "skip_gathering"})
    assert board(model)["resources"]["food"] == 1


def test_recuperate_example_one_resource_for_one_ailment():
    model = start(camp(p1=traveler("M1", ailments={"hunger": 2, "thirst": 1, "wagon_damage": 3},
                                   resources={"food": 1, "water": 2, "wood": 3})))
    play(model, {"type": "recuperate",
                 "remove": {"hunger": 1, "thirst": 1, "wagon_damage": 3}})
    me = board(model)
    assert me["ailments"] == {"hunger": 1, "thirst": 0, "wagon_damage": 0}
    assert me["resources"] == {"food": 0, "water": 1, "wood": 0}
    assert "recuperate" not in [e["type"] for e in model.legal()], "once per Camp Phase"


def test_combat_example_dice_are_summed_and_the_winner_steals_up_to_the_result():
    """The Outpost Matriarch (two pistols: three dice, 2+1+0 = 3) attacks The Sheriff's Daughter
    on an adjacent tile (one pistol: two dice, 2+2 = 4): the Daughter wins and may steal up to
    four Value."""
    model = start(camp(p1=traveler("W1", equipment=[PISTOL, PISTOL]),
                       p2=traveler("M1", equipment=[PISTOL],
                                   resources={"food": 2, "water": 2, "wood": 2})))
    effects = play(model, {"type": "combat", "target": "p2", "dice": [2, 1, 0],
                           "target_dice": [2, 2]})
    assert model.phase == "turn_steal" and model.current_players() == ["p2"]
    assert model.G["turn"]["steal"] == {"winner": "p2", "loser": "p1", "limit": 4}
    assert q.Q_COMBAT_STEAL in quoted(effects)
    assert refused(model, {"type": "steal", "take": {"food": 1, "equipment": ["Pistol",
                                                                             "Pistol"]}}
                   ).citation.quote == q.Q_COMBAT_STEAL
    play(model, {"type": "steal", "take": {"food": 1, "equipment": ["Pistol"]}})
    assert [c["name"] for c in board(model, "p2")["equipment"]] == ["Pistol", "Pistol"]
    assert board(model)["resources"]["food"] == 0 and model.phase == "turn_camp"


def test_combat_tie_changes_nothing_and_the_combat_is_used():
    model = start(camp(p1=traveler("W1"), p2=traveler("W1")))
    before = copy.deepcopy(model.G["players"])
    effects = play(model, {"type": "combat", "target": "p2", "dice": [1], "target_dice": [1]})
    assert model.G["players"] == before and q.Q_COMBAT_TIE in quoted(effects)
    assert refused(model, {"type": "combat", "target": "p2", "dice": [1], "target_dice": [0]}
                   ).citation.quote == q.Q_CAMP_ONCE


def test_event_example_highest_die_of_a_combat_roll_then_the_bag_icon():
    model = start({**at("event", p1=traveler("W1", resources={}, equipment=[PISTOL])),
                   "bag": {"thirst": 1}})
    listed = [e for e in model.legal() if e.get("card") == HERD and "open" not in e]
    assert {tuple(e["dice"]) for e in listed} == {(2, 2), (2, 1), (2, 0), (1, 1), (1, 0), (0, 0)}
    effects = play(model, {"type": "event_card", "card": HERD, "dice": [2, 1],
                           "draws": ["thirst"]})
    me = board(model)
    assert me["resources"]["food"] == 2 and me["ailments"]["thirst"] == 1
    assert model.G["bag"]["thirst"] == 0
    assert q.Q_EVENT_HIGHEST in quoted(effects) and q.Q_EVENT_BAG in quoted(effects)
    assert model.G["current"] == "p2", "the turn ends with the Event card"


def test_event_card_worth_zero_kills_a_companion():
    model = start({**at("event", p1=traveler("W1")), "bag": {"food": 1}})
    play(model, {"type": "event_card", "card": HERD, "dice": [0], "draws": ["food"]})
    assert board(model)["companions"] == 3 and board(model)["resources"]["food"] == 2


def test_ailments_and_perishing_example():
    """The Exiled Woodsman has two Hunger and three Thirst and gains two Hunger and two Thirst:
    one Hunger is added and one Companion perishes; the Thirst kills two more."""
    model = start(at("event", p1=traveler("W1", ailments={"hunger": 2, "thirst": 3})))
    effects = play(model, {"type": "event_card", "card": "Drought",
                           "ailments": {"hunger": 2, "thirst": 2}})
    me = board(model)
    assert me["companions"] == 1
    assert me["ailments"] == {"hunger": 3, "thirst": 3, "wagon_damage": 0}
    assert quoted(effects).count(q.Q_THRESHOLD) == 3


def test_excess_ailments_kept_by_table_ruling():
    model = start(at("event", p1=traveler("W1", ailments={"hunger": 2, "thirst": 3})),
                  excess_ailments="kept")
    play(model, {"type": "event_card", "card": "Drought", "ailments": {"hunger": 2, "thirst": 2}})
    assert board(model)["ailments"] == {"hunger": 4, "thirst": 5, "wagon_damage": 0}
    assert board(model)["companions"] == 1


def test_sacrificing_example_then_travel_off_the_mountain():
    """The Outpost Matriarch, on a Mountain with three Hunger, two Thirst, one Wagon Damage and her
    last Companion, cannot pay the Travel Cost without perishing; she Sacrifices, removing two
    Hunger, one Thirst and the Wagon Damage, puts the Skull on Wagon Damage, then travels."""
    position = at(p1=traveler("M1", companions=1, resources={},
                              skulls={"hunger": 1, "thirst": 1, "wagon_damage": 0},
                              ailments={"hunger": 2, "thirst": 2, "wagon_damage": 1}))
    # Without the Sacrifice: two Hunger over a limit of two kills the last Companion, then her.
    model = start(position)
    effects = play(model, {"type": "travel", "to": "P1"})
    assert board(model)["status"] == "ravenous" and board(model)["tile"] == "M1"
    assert q.Q_PERISH_PAYING in quoted(effects) and model.G["current"] == "p2"
    model = start(position)
    play(model, {"type": "sacrifice", "remove": {"hunger": 2, "thirst": 1, "wagon_damage": 1},
                 "skull": "wagon_damage"})
    me = board(model)
    assert me["companions"] == 0 and me["skulls"]["wagon_damage"] == 1
    assert me["ailments"] == {"hunger": 0, "thirst": 1, "wagon_damage": 0}
    assert model.limit(me, "wagon_damage") == 2
    play(model, {"type": "travel", "to": "P1"})
    assert me is board(model) and me["tile"] == "P1" and me["status"] == "traveler"
    assert me["ailments"] == {"hunger": 2, "thirst": 1, "wagon_damage": 1}


def test_sacrifice_up_to_four_by_table_ruling():
    position = at(p1=traveler(ailments={"hunger": 3, "thirst": 2}))
    refused_one = refused(start(position), {"type": "sacrifice", "remove": {"hunger": 1},
                                            "skull": "wagon_damage"})
    assert refused_one.citation.quote == q.Q_SACRIFICE
    model = start(position, sacrifice_removes="up_to_four")
    play(model, {"type": "sacrifice", "remove": {"hunger": 1}, "skull": "wagon_damage"})
    assert board(model)["ailments"]["hunger"] == 2


RAVENOUS_TERRAIN = [*TERRAIN[:3], {**TERRAIN[3], "adjacent": ["NH", "B1"]}, *TERRAIN[4:],
                    {"name": "B1", "kind": "Badlands", "travel_cost": {"food": 1},
                     "resources": ["food"], "adjacent": []}]


def test_ravenous_turn_example():
    """The Ravenous Traveler moves two spaces to the Wetlands where The Self-Made Entrepreneur is,
    crossing a face-down tile it does not flip; one Hunger, one die: Worth 1 against Worth 2, it
    loses, retreats to the face-down tile and adds one Hunger."""
    model = start(at("ravenous_movement", "p3", p1=traveler("W1"), p3=ravenous("B1")),
                  terrain=RAVENOUS_TERRAIN)
    play(model, {"type": "ravenous_move", "path": ["D1", "W1"]})
    assert not model.G["tiles"]["D1"]["face_up"] and model.phase == "ravenous_combat"
    effects = play(model, {"type": "ravenous_attack", "target": "p1", "dice": [1],
                           "target_dice": [2]})
    assert model.phase == "ravenous_retreat" and q.Q_RAVENOUS_LOSE in quoted(effects)
    play(model, {"type": "retreat", "to": "D1"})
    assert board(model, "p3")["tile"] == "D1" and board(model, "p3")["hunger"] == 2
    assert not model.G["tiles"]["D1"]["face_up"]
    assert board(model)["companions"] == 4


def test_a_ravenous_win_heals_one_hunger_and_costs_the_loser_a_companion():
    model = start(at("ravenous_combat", "p3", p1=traveler("M1"), p2=traveler("M1"),
                     p3=ravenous("M1", hunger=2)))
    effects = play(model, {"type": "ravenous_attack", "target": "p1", "dice": [2, 1],
                           "target_dice": [1]})
    assert board(model, "p3")["hunger"] == 1 and board(model)["companions"] == 3
    assert q.Q_RAVENOUS_WIN in quoted(effects) and model.phase == "ravenous_combat"
    assert {e["target"] for e in model.legal() if e["type"] == "ravenous_attack"} == {"p2"}


@pytest.mark.parametrize(("ruling", "status"), [("turns_ravenous", "ravenous"),
                                                ("nothing", "traveler")])
def test_ravenous_beats_a_traveler_with_no_companion(ruling, status):
    model = start(at("ravenous_combat", "p3", p1=traveler("M1", companions=0),
                     p3=ravenous("M1")), ravenous_beats_no_companion=ruling)
    play(model, {"type": "ravenous_attack", "target": "p1", "dice": [2], "target_dice": [0]})
    assert board(model)["status"] == status


def test_the_fourth_hunger_takes_a_ravenous_player_out():
    model = start(at("ravenous_retreat", "p3", p3=ravenous("M1", hunger=3)))
    effects = play(model, {"type": "retreat", "to": "P1"})
    assert board(model, "p3")["status"] == "out" and q.Q_FOURTH_HUNGER in quoted(effects)


def test_ravenous_hunger_at_the_start_of_the_turn_by_table_ruling():
    model = start(at("camp", "p2", p2=traveler("W1"), p3=ravenous("M1")),
                  ravenous_hunger="start_of_turn")
    play(model, {"type": "end_camp"}, {"type": "event_card", "card": "Calm", "gain": {}})
    assert model.phase == "ravenous_movement" and board(model, "p3")["hunger"] == 2
    play(model, {"type": "ravenous_move", "path": []}, {"type": "end_combat"},
         {"type": "retreat", "to": "P1"})
    assert board(model, "p3")["hunger"] == 2, "no second Hunger after the Retreat"


def test_turning_ravenous_returns_everything_and_ends_the_turn():
    model = start({**at("gathering", p1=traveler("W1", companions=0, ailments={"thirst": 3},
                                                 equipment=[PISTOL])), "bag": {"thirst": 1}})
    effects = play(model, {"type": "explore", "draw": "thirst"})
    me = board(model)
    assert me["status"] == "ravenous" and me["hunger"] == 1 and me["equipment"] == []
    assert me["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert q.Q_RAVENOUS_HUNGER in quoted(effects)
    assert model.G["current"] == "p2" and model.phase == "turn_travel"


def test_a_trading_post_revealed_under_a_ravenous_traveler_moves_them_off():
    model = start(at(p1=traveler("W1", resources={"food": 1, "water": 1, "wood": 3}),
                     p3=ravenous("D1")), terrain=RAVENOUS_TERRAIN)
    reveal = {"kind": "Desert", "travel_cost": {"water": 2}, "resources": ["water"],
              "trading_post": True}
    assert refused(model, {"type": "travel", "to": "D1", "reveal": reveal,
                           "ravenous_moves": {"p3": "NH"}}).citation.quote == q.Q_RAVENOUS_RESTRICT
    play(model, {"type": "travel", "to": "D1", "reveal": reveal, "ravenous_moves": {"p3": "B1"}})
    assert board(model, "p3")["tile"] == "B1" and board(model, "p3")["hunger"] == 2


# -- travel ----------------------------------------------------------------------------------------


def test_the_cost_is_the_tile_being_left():
    model = start(at(p1=traveler("F1", resources={"water": 1, "wood": 1})))
    play(model, {"type": "travel", "to": "M1"})
    assert board(model)["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert board(model)["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_ailments_for_held_resources_by_table_ruling():
    position = at(p1=traveler("F1", resources={"water": 1, "wood": 1}))
    event = {"type": "travel", "to": "M1", "pay": {"water": 1}, "ailments": {"wagon_damage": 1}}
    assert refused(start(position), event).citation.quote == q.Q_PAY_COMBINATION
    model = start(position, ailment_for_held_resource=True)
    assert len([e for e in model.legal() if e.get("to") == "M1"]) == 4
    play(model, event)
    assert board(model)["resources"]["wood"] == 1 and board(model)["ailments"]["wagon_damage"] == 1


def test_travelling_backwards_costs_two_resources_of_any_type():
    model = start(at(p1=traveler("M1", resources={"food": 1, "wood": 2})))
    backward = [e for e in model.legal() if e.get("backward")]
    assert {e["to"] for e in backward} == {"W1", "F1"}
    assert {tuple(sorted(e["pay"].items())) for e in backward if e["to"] == "W1"} == {
        (("food", 1), ("water", 0), ("wood", 1)), (("food", 0), ("water", 0), ("wood", 2))}
    play(model, {"type": "travel", "to": "W1", "backward": True, "pay": {"wood": 2}})
    assert board(model)["resources"] == {"food": 1, "water": 0, "wood": 0}


def test_backwards_with_ailments_by_table_ruling():
    position = at(p1=traveler("M1", resources={"food": 1}))
    event = {"type": "travel", "to": "W1", "backward": True, "pay": {"food": 1},
             "ailments": {"thirst": 1}}
    assert refused(start(position), event).citation.quote == q.Q_BACKWARDS
    model = start(position, backwards_with_ailments=True)
    play(model, event)
    assert board(model)["ailments"]["thirst"] == 1


def test_staying_goes_straight_to_gathering_and_placed_items_are_picked_up():
    terrain = [TERRAIN[0], {**TERRAIN[1], "placed": {"water": 2, "hunger": 1,
                                                     "equipment": [SNARE]}}, *TERRAIN[2:]]
    model = start(at(p1=traveler(resources={"food": 1, "water": 1})), terrain=terrain)
    effects = play(model, {"type": "travel", "to": "W1"})
    me = board(model)
    assert me["resources"] == {"food": 0, "water": 2, "wood": 0}
    assert me["ailments"]["hunger"] == 1 and [c["name"] for c in me["equipment"]] == ["Snare"]
    assert model.G["tiles"]["W1"]["placed"]["water"] == 0 and q.Q_PLACED in quoted(effects)
    model = start(at())
    play(model, {"type": "stay"})
    assert model.phase == "turn_gathering"


def test_placed_items_beyond_capacity_return_or_make_room_by_ruling():
    terrain = [TERRAIN[0], {**TERRAIN[1], "placed": {"wood": 3}}, *TERRAIN[2:]]
    position = at(p1=traveler(resources={"food": 3, "water": 3}))
    model = start(position, terrain=terrain)
    effects = play(model, {"type": "travel", "to": "W1"})
    assert board(model)["resources"] == {"food": 2, "water": 2, "wood": 2}
    assert q.Q_PLACED_EXCESS in quoted(effects)
    model = start(position, terrain=terrain, placed_items_excess="choose")
    play(model, {"type": "travel", "to": "W1", "discard": {"food": 1}})
    assert board(model)["resources"] == {"food": 1, "water": 2, "wood": 3}


def test_reaching_newhaven_first_wins_and_ends_the_game():
    model = start(at(p1=traveler("P1", resources={"food": 1, "wood": 1})))
    effects = play(model, {"type": "travel", "to": "NH"})
    assert model.phase == "over" and model.scores()["winners"] == ["p1"]
    assert model.scores()["decided_by"]["rule"]["quote"] == q.Q_NEWHAVEN
    assert q.Q_RAVENOUS_GOAL in quoted(effects)


def test_play_goes_on_after_the_first_arrival_by_table_ruling():
    model = start(at(p1=traveler("P1", resources={"food": 1, "wood": 1}), p2=traveler("P1"),
                     p3=ravenous("M1")), game_ends_at="all_journeys")
    play(model, {"type": "travel", "to": "NH"})
    assert model.phase == "turn_travel" and model.G["current"] == "p2"
    assert model.scores()["winners"] == ["p1"]
    play(model, {"type": "travel", "to": "NH"})
    assert model.phase == "over" and model.scores()["winners"] == ["p1"]


# -- gathering ---------------------------------------------------------------------------------------


def test_worth_zero_draws_from_the_bag_and_explore_draws_one():
    model = start({**at("gathering", p1=traveler("W1")), "bag": {"wood": 1, "hunger": 1}})
    draws = {e["draw"] for e in model.legal() if e["type"] == "explore"}
    assert draws == {"wood", "hunger"}
    play(model, {"type": "gather", "roll": 0, "draw": "wood"})
    assert board(model)["resources"]["wood"] == 2 and model.G["bag"]["wood"] == 0


def test_an_empty_bag_gives_nothing():
    model = start(at("gathering", p1=traveler("W1")))
    assert [e["draw"] for e in model.legal() if e["type"] == "explore"] == ["nothing"]
    play(model, {"type": "explore", "draw": "nothing"})
    assert model.phase == "turn_camp"


def test_supply_capacity_at_every_gain():
    model = start(at("gathering", p1=traveler("W1", resources={"food": 3, "water": 3})))
    effects = play(model, {"type": "gather", "roll": 2, "take": ["water", "water"]})
    assert board(model)["resources"] == {"food": 3, "water": 3, "wood": 0}
    assert q.Q_CAPACITY in quoted(effects)
    model = start(at("gathering", p1=traveler("W1", resources={"food": 3, "water": 3})))
    play(model, {"type": "gather", "roll": 2, "take": ["water", "water"], "discard": {"food": 2}})
    assert board(model)["resources"] == {"food": 1, "water": 5, "wood": 0}
    model = start(at("gathering", p1=traveler("W1", resources={"food": 3, "water": 3})))
    assert refused(model, {"type": "gather", "roll": 1, "take": ["water"],
                           "discard": {"food": 2}}).citation.quote == q.Q_CAPACITY


def test_equipment_goes_in_a_slot_of_its_type_or_on_storage():
    slots = {"tool": 1, "weapon": 1, "storage": 1}
    holster = {"name": "Holster", "type": "storage", "value": 1, "holds": {"weapon": 1}}
    model = start(camp(p1=traveler("F1", resources={"food": 3, "wood": 3},
                                   equipment=[PISTOL, holster])),
                  travelers={"p1": {"slots": slots}})
    play(model, {"type": "trading_post", "offered": [PISTOL, SNARE], "buy": ["Pistol", "Snare"],
                 "pay": {"food": 3}})
    me = board(model)
    assert [c["name"] for c in me["equipment"]] == ["Pistol", "Holster", "Snare"]
    assert [c["name"] for c in me["equipment"][1]["stored"]] == ["Pistol"]
    assert model.combat_dice_of(me, "equipment") == 1 + 2 * 1


def test_discarding_or_stealing_a_storage_card_takes_what_it_carries():
    holster = {"name": "Holster", "type": "storage", "value": 1, "holds": {"weapon": 1},
               "stored": [PISTOL]}
    model = start(camp(p1=traveler("W1"), p2=traveler("W1", equipment=[holster])))
    play(model, {"type": "combat", "target": "p2", "dice": [2], "target_dice": [0, 0]})
    effects = play(model, {"type": "steal", "take": {"equipment": ["Holster"]}})
    assert [c["name"] for c in board(model)["equipment"]] == ["Holster"]
    assert board(model)["equipment"][0]["stored"] == [] and board(model, "p2")["equipment"] == []
    assert q.Q_FAQ_STEAL_STORAGE in quoted(effects)


# -- camp -------------------------------------------------------------------------------------------


def test_trade_with_a_neighbour_exchanges_at_once():
    model = start(camp(p1=traveler("W1"), p2=traveler("M1", equipment=[PISTOL])))
    play(model, {"type": "trade", "with": "p2", "give": {"food": 1, "wood": 1},
                 "get": {"equipment": ["Pistol"]}, "accepted": True})
    assert [c["name"] for c in board(model)["equipment"]] == ["Pistol"]
    assert board(model, "p2")["resources"] == {"food": 2, "water": 1, "wood": 2}


@pytest.mark.parametrize("uses", [True, False])
def test_a_rejected_trade_uses_the_camp_trade_by_ruling(uses):
    model = start(camp(p1=traveler("W1"), p2=traveler("W1")),
                  rejected_trade_uses_camp_trade=uses)
    play(model, {"type": "trade", "with": "p2", "accepted": False})
    assert ("trade" in model.G["turn"]["camp"]) is uses


def test_combat_by_highest_die_and_one_die_per_weapon_by_rulings():
    model = start(camp(p1=traveler("W1", equipment=[PISTOL, SNARE]), p2=traveler("W1")),
                  combat_result="highest", combat_dice="weapons")
    play(model, {"type": "combat", "target": "p2", "dice": [1, 1], "target_dice": [2]})
    assert model.G["turn"]["steal"]["winner"] == "p2"


def test_trading_post_equal_value_unbought_cards_go_back():
    model = start(camp(p1=traveler("F1", resources={"food": 2, "water": 1})))
    effects = play(model, {"type": "trading_post", "offered": [PISTOL, SNARE, "Tool Box"],
                           "buy": ["Pistol"], "pay": {"food": 2}})
    assert [c["name"] for c in board(model)["equipment"]] == ["Pistol"]
    assert q.Q_POST_RETURN in quoted(effects)


def test_a_card_the_table_has_not_described_asks_for_its_value():
    model = start(camp(p1=traveler("F1")))
    with pytest.raises(BadRequest) as missing:
        engine.apply(model, {"type": "trading_post", "player": "p1",
                             "offered": [{"name": "Rifle", "type": "weapon"}],
                             "buy": ["Rifle"], "pay": {"food": 1}})
    assert missing.value.field == "event.offered"


# -- rounds, seasons, the end --------------------------------------------------------------------------


def test_a_round_season_card_then_turns_to_the_left_then_the_token_passes():
    model = start({**at("season"), "first_player": "p2"}, players=("Ann", "Bob"))
    assert model.current_players() == ["p2"]
    effects = play(model, {"type": "season", "card": "Thaw", "add_to_bag": {"water": 2},
                           "place": [{"tile": "W1", "bag_draw": 1}]})
    assert model.G["bag"]["water"] == 2 and model.G["season_deck"] == 10
    assert model.G["tiles"]["W1"]["placed"]["bag_draw"] == 1 and q.Q_SEASON_BAG in quoted(effects)
    assert model.phase == "turn_travel" and model.G["current"] == "p2"
    for _ in range(2):
        play(model, {"type": "stay"}, {"type": "skip_gathering"}, {"type": "end_camp"},
             {"type": "event_card", "card": "Calm"})
    assert model.phase == "season" and model.G["first_player"] == "p1"
    assert model.G["round"] == 3  # round 2's Season phase (11 cards left) began it


def test_winter_sets_in_when_no_season_card_is_left():
    model = start({**at("event"), "round": 12, "season_deck": 0}, players=("Ann",))
    effects = play(model, {"type": "event_card", "card": "Calm"})
    assert model.phase == "over" and q.Q_WINTER in quoted(effects)
    assert model.scores()["winners"] == [] and board(model)["status"] == "out"


def test_every_traveler_ravenous_ends_the_game():
    model = start(at("event", p1=traveler("W1", companions=0, ailments={"hunger": 3}),
                     p2=ravenous("M1"), p3=ravenous("P1")))
    play(model, {"type": "event_card", "card": "Famine", "ailments": {"hunger": 1}})
    assert model.phase == "over"
    assert model.scores()["decided_by"]["rule"]["quote"] == q.Q_ALL_RAVENOUS


def test_standings_show_distance_companions_and_ailments_against_their_limits():
    model = start(at(p1=traveler("M1", companions=3, ailments={"thirst": 1},
                                 skulls={"thirst": 1}), p3=ravenous("P1", hunger=2)))
    scores = model.scores()
    ann = scores["players"][0]
    assert ann["total"] == 1 and ann["breakdown"][0]["counts"] == "2 tile(s) to go"
    assert {line["label"]: line["counts"] for line in ann["breakdown"]}["Thirst"] == "1 of 2 (1 Skull)"
    cleo = scores["players"][2]
    assert cleo["breakdown"][1]["counts"] == "Hunger 2 of 4" and scores["winners"] == []


# -- setup and positions ---------------------------------------------------------------------------------


def test_printed_starting_equipment_is_checked():
    with pytest.raises(SetupError):
        start(travelers={"p1": {"name": "The Widowed Heiress", "equipment": [PISTOL]}})


def test_terrain_needs_cities_and_a_way_through():
    with pytest.raises(SetupError):
        start(terrain=[t for t in TERRAIN if t["name"] != "NH"])
    cut_off = [{**t, "adjacent": [a for a in t["adjacent"] if a != "NH"]} for t in TERRAIN]
    with pytest.raises(SetupError):
        start(terrain=cut_off)


def test_impossible_positions_are_refused():
    for position in (at(p1=traveler("D1")), at(p3=ravenous("NH")),
                     at(p1=traveler(resources={"food": 7})),
                     at("ravenous_movement", "p1")):
        with pytest.raises(SetupError):
            start(position)


@pytest.mark.parametrize(("ruling", "carried"), [("discarded", []), ("kept", ["Pistol"])])
def test_a_traded_storage_card_and_its_load_by_ruling(ruling, carried):
    holster = {"name": "Holster", "type": "storage", "value": 1, "holds": {"weapon": 1},
               "stored": [PISTOL]}
    model = start(camp(p1=traveler("W1"), p2=traveler("W1", equipment=[holster])),
                  traded_storage_load=ruling)
    play(model, {"type": "trade", "with": "p2", "give": {"food": 1},
                 "get": {"equipment": ["Holster"]}, "accepted": True})
    assert [c["name"] for c in board(model)["equipment"][0]["stored"]] == carried


def test_an_event_of_a_later_phase_ends_the_phases_before_it_as_the_rules_allow():
    """Gathering without travelling is staying; camping without gathering keeps the Tool Bonus;
    the Event card after the Camp ends it; a Ravenous Traveler may attack without moving."""
    model = start(at(p1=traveler("W1", resources={}, equipment=[SNARE]), p2=traveler("W1")))
    effects = play(model, {"type": "trade", "with": "p2", "accepted": False})
    assert model.phase == "turn_camp" and board(model)["resources"]["food"] == 1
    assert q.Q_STAY in quoted(effects) and q.Q_TOOL_BONUS in quoted(effects)
    play(model, {"type": "event_card", "card": "Calm"})
    assert model.G["current"] == "p2"
    model = start(at("ravenous_movement", "p3", p1=traveler("M1"), p3=ravenous("M1")))
    play(model, {"type": "ravenous_attack", "target": "p1", "dice": [0], "target_dice": [1]})
    assert model.phase == "ravenous_retreat"
    assert refused(model, {"type": "ravenous_attack", "target": "p1", "dice": [2],
                           "target_dice": [0]}).citation.quote == q.Q_RAVENOUS_LOSE
    model = start(at("camp", p1=traveler("W1")))
    assert refused(model, {"type": "travel", "to": "F1"}).citation.quote == q.Q_PHASES


def test_a_bag_known_to_be_empty_needs_no_draw_entered():
    model = start(at("gathering", p1=traveler("W1")))
    play(model, {"type": "gather", "roll": 0})
    assert model.phase == "turn_camp"
    model = start({**at("gathering", p1=traveler("W1")), "bag": {"food": 1}})
    assert refused(model, {"type": "gather", "roll": 0}).citation.quote == q.Q_GATHER_ZERO
    model = start(at("event", p1=traveler("W1")))
    play(model, {"type": "event_card", "card": HERD, "dice": [1]})
    assert board(model)["resources"]["food"] == 2


@pytest.mark.parametrize(("ruling", "defense"), [("equipment", [2, 0]), ("one_die", [2])])
def test_defending_against_a_ravenous_traveler_with_a_pistol_by_ruling(ruling, defense):
    model = start(at("ravenous_combat", "p3", p1=traveler("M1", equipment=[PISTOL]),
                     p3=ravenous("M1")), defense_against_ravenous=ruling)
    wrong = [2] if len(defense) == 2 else [2, 0]
    refusal = refused(model, {"type": "ravenous_attack", "target": "p1", "dice": [1],
                              "target_dice": wrong})
    assert refusal.citation.quote == (q.Q_COMBAT_DICE if ruling == "equipment"
                                      else q.Q_EXAMPLE_DEFENSE_ONE)
    play(model, {"type": "ravenous_attack", "target": "p1", "dice": [1], "target_dice": defense})
    assert model.phase == "ravenous_retreat"
