"""Journey: last session's leftovers — a Guide Quest's board that does not match its Board Setup is
refused with the Quest's own Board Setup line, and two Demons Defeated by their Conditions at one
Maintenance (`defeats_waiting`) survive undo and replay exactly (a cheap property test, in-process).
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.journey import Game
from referee.journey.quests import Quest
from rulebook_index import sections as rulebook_sections
from tests.test_journey_audit import ORDER, PROFILES, RULEBOOK, SEAT
from tests.test_journey_quests_6_10 import MK, q6


@pytest.fixture
def client(module_client):
    return module_client


# == Leftover 3: a board that does not match the Quest's Board Setup ==================================


def test_a_board_unlike_quest_5s_is_refused_with_its_own_board_setup_line(client):
    """Quest 5 - Beasts, Board Setup: "- Gate x 2" (printed alike in Quests 2 and 9). A position at
    Turn 1 with 3 Gates is a player's mistake at setup: refused (422) in words, quoting Quest 5's
    line, its citation pointing at Quest 5's Board Setup (not Quest 2's)."""
    position = {"gates": [{"id": f"gate-{n}"} for n in (1, 2, 3)], "sutras": ["sutra-1"],
                "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"] * 3 + ["bharhaz"] * 2}
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"],
        "options": {"quest": "q5", "pilgrim_profiles": PROFILES}, "position": position})
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["message"].startswith(
        "The Board Setup of Quest 5 - Beasts places 2 Gates; the position has 3 Gates.")
    assert error["rule"]["quote"].startswith("- Gate x 2") and error["rule"]["quote"] in RULEBOOK
    assert error["rule"]["section_path"] == "Quest Guide › Quest 5 - Beasts › Board Setup"


def test_a_demon_the_board_setup_does_not_print_is_refused(client):
    """Quest 8 - Iron Fan's Interruption prints "- Berrok x 5" and "- Yazuiji": a Boof at Turn 1 is
    not on its Board Setup (the whole list is quoted); 4 Berroks quote its Berrok line."""
    base = {"gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"]}
    for demons, words, quote in (
            (["berrok"] * 5 + ["yazuiji", "boof"], "places no Boof (Bullserker); the position "
             "has 1 Boof (Bullserker)", "- Gate x 1\n- Mystical Box x 1\n- Well x 1\n- Berrok x 5"),
            (["berrok"] * 4 + ["yazuiji"], "places 5 Berrok (Bull Warrior); the position has 4",
             "- Berrok x 5")):
        response = client.post("/api/sessions", json={
            "game": "journey", "players": ["Ann"], "position": {**base, "demons": demons},
            "options": {"quest": "q8", "pilgrim_profiles": PROFILES,
                        "karma_upgrades": "in_position"}})
        assert response.status_code == 422, response.get_json()
        error = response.get_json()["error"]
        assert words in error["message"], error["message"]
        assert error["rule"]["quote"].startswith(quote), error["rule"]["quote"]
        assert "Quest 8" in error["rule"]["section_path"]


def every_board_line():
    for quest in Quest.__subclasses__():
        for kind, count in quest.board.items():
            for each in (count if kind == "demons" else {kind: count}):
                yield quest, each


@pytest.mark.parametrize(("quest", "kind"), list(every_board_line()),
                         ids=lambda x: getattr(x, "key", x))
def test_every_board_setup_line_is_quoted_from_its_own_quest(quest, kind):
    """Every kind a Quest's Board Setup prints is quoted from that Quest's list, and the passage
    is found there first (so the citation names the right Quest)."""
    quote = quest.board_quote(kind)
    assert quote in RULEBOOK
    assert rulebook_sections.locate("journey", quote).path[-2:] == (quest.title, "Board Setup")


# == Leftover 4: two Demons Defeated by their Conditions at one Maintenance, undone and replayed ======

BERROK_1HP = {"berrok": {"hp": 1, "sp": 2, "gkr": 2, "bkr": 1, "attack_dice": 2}}


def player(event):
    if "pilgrim" in event:
        event.setdefault("player", SEAT[event["pilgrim"]])
    event.setdefault("player", "p1")
    return event


def state(model):
    return json.dumps(model.G, sort_keys=True), model.phase


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_demons_defeated_together_by_conditions_survive_undo_and_replay(seed):
    """Asura Seal reflects Poisoned onto 2 or 3 One Hit Kill Berroks (1 HP): at the next
    Maintenance all are Defeated at once; Tripitaka Kills or Cleanses each in turn (random dice).
    A resolution entered for another Pilgrim is refused and changes nothing. Replaying the log
    gives the exact state, and undoing any event (replaying one fewer) gives the exact state
    before it, the Defeats still waiting included."""
    rng = random.Random(seed)
    demons = rng.choice([2, 3])
    setup = engine.check_setup(Game, {
        "players": ["Ann", "Ben"],
        "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "demon_profiles": BERROK_1HP},
        "position": {"demons": ["berrok"] * demons, "gates": [], "boxes": ["box-1"],
                     "pilgrims": {"tripitaka": {"hand": ["Asura Seal"]}}}})
    model = engine.start(Game, setup)
    played, states = [], [state(model)]

    def enter(**event):
        engine.apply(model, player(event))
        played.append(player(event))
        states.append(state(model))

    enter(type="maintenance")
    enter(type="play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
          duration="end_of_turn")
    for pilgrim in ORDER:
        enter(type="end_activation", pilgrim=pilgrim)
    ids = [f"berrok-{n}" for n in range(1, demons + 1)]
    if model.phase != "demons_activate" or model.G["demon_phase"].get("order") is None:
        enter(type="measure", of="demons", distances={d: n for n, d in enumerate(ids, 2)})
    for demon in ids:
        enter(type="demon_options", demon=demon, options=[
            {"actions": ["attack"], "targets": ["tripitaka"], "ends": "closer", "squares": 0}])
        enter(type="demon_plan", demon=demon, option=1)
        enter(type="demon_attack", demon=demon, target="tripitaka", attack_dice=[0, 0],
              condition="Poisoned", condition_damage=0)
    enter(type="end_turn")
    enter(type="maintenance")
    assert len(model.G.get("defeats_waiting") or []) == demons - 1
    resolved = set()
    while model.G["pending"]:
        resolved.add(model.G["pending"]["demon"])
        with pytest.raises((RuleViolation, BadRequest)):  # the Monkey King did not reflect it
            engine.apply(model, player({"type": "resolve_defeat", "pilgrim": "monkey_king",
                                        "choice": "kill"}))
        assert state(model) == states[-1]
        if rng.random() < 0.5:
            enter(type="resolve_defeat", pilgrim="tripitaka", choice="kill")
        else:
            enter(type="resolve_defeat", pilgrim="tripitaka", choice="cleanse",
                  cleanse_dice=[rng.choice([0, 1, 2, 3])])
    assert resolved == set(ids) and not model.G.get("defeats_waiting")
    assert state(engine.replay(Game, setup, played)) == states[-1]
    maintenance = len(played) - len(resolved) - 1
    for upto in range(maintenance, len(played)):
        assert state(engine.replay(Game, setup, played[:upto])) == states[upto]


# == Leftover 4: the Quests' own Demon Lords stay after attacking =====================================


def test_a_quests_own_demon_lord_stays_after_its_attack_action(client):
    """Special Card FAQ: "Spawn Demon Lord: ... As soon as the Demon makes one Attack Action
    (successful or not), remove the Demon from play." concerns a Lord the card spawns. No Quest
    gives its own Lords that rule: Quest 6's Bull Demon King ("The Bull Demon King does not move,
    but he will attack any Pilgrim that is in his attack zone/LOS.") attacks and stays, and so
    does Kogaiji; neither carries the card's flag."""
    table = q6(client)
    assert not any(demon.get("leaves_after_attack") for demon in table.G["demons"].values())
    table.to_demon_phase()
    table.do("measure", of="demons", distances={"koorogg-1": 1, "kogaiji-1": 2, "berrok-1": 3,
                                                "berrok-2": 4})
    table.do("demon_options", demon="koorogg-1",
             options=[{"actions": ["attack", "attack"], "targets": [MK], "squares": 0}])
    table.do("demon_plan", demon="koorogg-1", option=1)
    for _ in range(2):
        table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[1, 0],
                 demon_die=0, defense_dice=[0, 0])
        assert "koorogg-1" in table.G["demons"]
    assert table.G["pilgrims"][MK]["hp"] == 8


# == Third independent audit (session 6, `journey3`): scenarios written from the rulebook first ======
# Each scenario goes through the HTTP API (tests.test_journey_audit's Table: a position, events, the
# 200 or the 422 with its sentence, and the state a player reads). The numbers are worked out by hand
# from the book. Where the first two audits went is not repeated (see docs/games/journey.md).

from tests.test_journey_audit import at, demon_phase, option, refused, refused_one_of  # noqa: E402
from tests.test_journey_audit_2 import BERROK, KING, hit, profiles  # noqa: E402

VIGOR = {"fortune": ["Om Mala of Vigor"]}


def names(conditions):
    return sorted(c["name"] for c in conditions)


def test_demon_distraction_takes_no_third_action_even_with_om_mala_of_vigor(client):
    """Corruption Card FAQ: "If you have the Demon Distraction Corruption, you cannot take more than
    2 Actions per turn, under any circumstances." The Monkey King holds Om Mala of Vigor (+1 AP)."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        **VIGOR, "corruption": ["Demon Distraction"], "chi": 0}})
    response = table.post(type="play_card", pilgrim="monkey_king", card="Om Mala of Vigor",
                          kind="fortune")
    if response.status_code == 200:
        table.ok(type="rest", pilgrim="monkey_king")
        table.ok(type="move", pilgrim="monkey_king", steps=1)
        response = table.post(type="rest", pilgrim="monkey_king")
    refused(response, "If you have the Demon Distraction Corruption, you cannot take more than 2 "
                      "Actions per turn, under any circumstances.")


def test_three_action_points_make_one_triple_move(client):
    """ "Similarly, if you have 3 Action Points available, you can make one triple Move." The Monkey
    King (MV 4) with Om Mala of Vigor: 12 squares in one Move of 3 Action Points; 13 are refused."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": VIGOR})
    table.ok(type="play_card", pilgrim="monkey_king", card="Om Mala of Vigor", kind="fortune")
    assert table.activation()["ap"] == 3
    response = table.post(type="move", pilgrim="monkey_king", steps=13, action_points=3)
    assert response.status_code == 422 and response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="move", pilgrim="monkey_king", steps=12, action_points=3)
    assert table.activation()["pilgrim"] == "monk_sha"


def test_a_triple_move_needs_three_action_points(client):
    """ "Normally, each Pilgrim has 2 Action Points to spend" — a triple Move without a third Action
    Point is refused; and a Double Move after a Rest (one point left) too."""
    table = at(client, "monkey_king")
    refused_one_of(table.post(type="move", pilgrim="monkey_king", steps=9, action_points=3),
                   "Normally, each Pilgrim has 2 Action Points to spend",
                   "Similarly, if you have 3 Action Points available, you can make one triple Move.")
    table.ok(type="rest", pilgrim="monkey_king")
    refused_one_of(table.post(type="move", pilgrim="monkey_king", steps=5, action_points=2),
                   "Normally, each Pilgrim has 2 Action Points to spend",
                   "Like many other actions, the Move Action can be made twice.")
    assert table.activation()["ap"] - table.activation()["spent"] == 1


def test_lure_of_demons_third_action_may_double_up(client):
    """ "If the Pilgrim is allowed a third Action, for example by using the Fortune Card "Om Mala of
    Vigor", then they can choose any third Action, even if it doubles up." (Lure of Demons: "cannot
    Rest twice"): Rest, Move, then a second Rest as the third Action (default ruling)."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        **VIGOR, "corruption": ["Lure of Demons"], "chi": 0}})
    table.ok(type="play_card", pilgrim="monkey_king", card="Om Mala of Vigor", kind="fortune")
    table.ok(type="rest", pilgrim="monkey_king")
    refused(table.post(type="rest", pilgrim="monkey_king"),
            "The Pilgrim lacks the focus to perform the same Action twice in one turn.")
    table.ok(type="move", pilgrim="monkey_king", steps=1)
    table.ok(type="rest", pilgrim="monkey_king")
    assert table.pilgrim("monkey_king")["chi"] == 10


def test_another_pilgrim_may_drink_from_a_well_already_used(client):
    """ "each Pilgrim can only use each Water Well once per Quest" — once per Pilgrim: Monk Sha
    drinks from the Well the Monkey King used (3 -> 10, then 2 -> 9)."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 3}, "monk_sha": {"hp": 2}})
    table.ok(type="recover", pilgrim="monkey_king", well="well-1")
    table.ok(type="end_activation", pilgrim="monkey_king")
    table.ok(type="recover", pilgrim="monk_sha", well="well-1")
    assert (table.pilgrim("monkey_king")["hp"], table.pilgrim("monk_sha")["hp"]) == (10, 9)


def test_two_different_conditions_both_apply(client):
    """ "If they are different kinds of Condition Cards, for example Burned and Poisoned, both
    Conditions are applied as normal." and "Apply the effect as soon as you get the card": Poisoned
    (1) then Burned ("causes 2 damage immediately"): 10 -> 7, both cards beside the sheet."""
    table = at(client, "monkey_king")
    table.ok(type="take_condition", pilgrim="monkey_king", condition="Poisoned")
    table.ok(type="take_condition", pilgrim="monkey_king", condition="Burned", duration=2)
    monkey = table.pilgrim("monkey_king")
    assert names(monkey["conditions"]) == ["Burned", "Poisoned"]
    assert monkey["hp"] == 7


def test_a_disabled_pilgrim_still_defends(client):
    """ "Disabled: While Disabled, the Pilgrim cannot attack but the Pilgrim can make all other
    actions and can defend if attacked." A Berrok rolls 3 + 2 against the Disabled Monkey King's
    1 + 1: 10 -> 7."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK),
                        pilgrims={"monkey_king": {"conditions": [{"name": "Disabled",
                                                                  "duration": 2}]}})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["attack", "attack"], ["monkey_king"], ends="not_closer")])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(type="demon_attack", demon="berrok-1", target="monkey_king", attack_dice=[3, 2],
             defense_dice=[1, 1])
    assert table.pilgrim("monkey_king")["hp"] == 7


def test_a_demon_rolls_no_defense_dice_and_a_green_line_gives_it_nothing(client):
    """ "For example, there is no Defense Dice Attribute on the Bull Warrior Profile Sheet, so Bull
    Warriors do not roll any Defense Dice nor do they get any bonuses to Defense." Defense dice
    entered for a Berrok are refused; on a green line it gains nothing: 1 + 1 Defeats its 2 HP."""
    table = at(client, "monkey_king", demons=["berrok"], options=profiles(BERROK))
    response = hit(table, "monkey_king", "berrok-1", [1, 1], defense_dice=[1, 0])
    refused_one_of(response, "so Bull Warriors do not roll any Defense Dice nor do they get any "
                             "bonuses to Defense.",
                   "You can imagine that Demons always score 0 for defense.",
                   "Only certain characters use Defense Dice, for example the Pilgrims do and "
                   "the Bull Demons do not.")
    hit_ok = hit(table, "monkey_king", "berrok-1", [1, 1], green_square=True)
    assert hit_ok.status_code == 200, hit_ok.get_json()
    assert table.state["pending"]["demon"] == "berrok-1"
    assert any("no bonus" in e["text"] and e["rule"]["quote"].startswith("If a model does not use")
               for e in hit_ok.get_json()["effects"]), hit_ok.get_json()["effects"]


def test_a_play_anytime_card_in_the_demon_phase(client):
    """ "The Pilgrim does not need to be active, in fact, these cards can even be played during the
    Demon Phase." Wild Herbs (+3) in the Demon Phase: 5 -> 8."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK),
                        pilgrims={"monk_sha": {"hp": 5, "fortune": ["Wild Herbs"]}})
    table.ok(type="play_card", pilgrim="monk_sha", card="Wild Herbs", kind="fortune")
    assert table.pilgrim("monk_sha")["hp"] == 8


def test_a_fortune_card_prayed_for_is_played_at_once_and_then_gone(client):
    """ "GAME TIP Playing Fortune Cards at any time includes playing them immediately after they are
    drawn." Pray draws Wild Herbs; played at once (4 -> 7); played again: no longer in the hand."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 4}})
    table.ok(type="pray", pilgrim="monkey_king", box="box-1", card="Wild Herbs")
    table.ok(type="play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune")
    assert table.pilgrim("monkey_king")["hp"] == 7
    response = table.post(type="play_card", pilgrim="monkey_king", card="Wild Herbs",
                          kind="fortune")
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.pilgrim("monkey_king")["hp"] == 7


def test_healing_at_full_health_is_capped_and_the_card_discarded(client):
    """ "If you cannot use all the points above its maximum, increase the statistic to its maximum
    and discard the card normally." Wild Herbs at 9 of 10 HP: 10, and the card leaves the hand."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 9, "fortune": ["Wild Herbs"]}})
    table.ok(type="play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune")
    monkey = table.pilgrim("monkey_king")
    assert monkey["hp"] == 10 and "Wild Herbs" not in monkey["fortune"]


def test_complete_one_demon_before_activating_the_next(client):
    """ "Complete all actions for one Demon before activating the next Demon." The Berrok closest to
    Tripitaka plans; the second one's options before the first has attacked are refused."""
    table = demon_phase(client, demons=["berrok", "berrok"], options=profiles(BERROK))
    table.ok(type="measure", of="demons", distances={"berrok-1": 1, "berrok-2": 4})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(type="demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[0, 0],
             defense_dice=[0, 0])
    response = table.post(type="demon_options", demon="berrok-2", options=[
        option(["move", "move"], [], squares=4)])
    refused_one_of(response, "Complete all actions for one Demon before activating the next Demon.")


def test_condition_damage_on_an_unconscious_pilgrim_stays_at_zero(client):
    """ "If the Unconscious Pilgrim has Condition Cards, etc, follow the instructions normally ...
    the effects will generally make no difference, as the Pilgrim's Health Points are already at 0"
    Poisoned takes Monk Sha from 1 to 0 at the Maintenance (Unconscious); the Maintenance's next
    step ("Unconscious Pilgrim: If an Unconscious Pilgrim is face down, turn them on their side.")
    turns him on his side at once, the next one on his back, still at 0, Poisoned still beside him."""
    table = at(client, "monkey_king", gates=(), pilgrims={"monk_sha": {
        "hp": 1, "conditions": [{"name": "Poisoned", "tokens": 0, "duration": 3,
                                 "damage_each_turn": 1}]}})
    sha = table.pilgrim("monk_sha")
    assert (sha["hp"], sha["status"], sha["posture"]) == (0, "unconscious", "side")
    for pilgrim in ("monkey_king", "tripitaka", "cho_hakkai"):
        table.ok(type="end_activation", pilgrim=pilgrim)
    table.ok(type="end_turn")
    table.ok(type="maintenance")
    sha = table.pilgrim("monk_sha")
    assert (sha["hp"], sha["status"], sha["posture"]) == (0, "unconscious", "back")
    assert [c["name"] for c in sha["conditions"]] == ["Poisoned"]


def test_a_revived_pilgrim_keeps_his_cards_and_conditions(client):
    """ "The revived Pilgrim keeps all their Skill Cards, etc. Only Health Points and Chi are
    changed when Pilgrims are revived." Monk Sha, Unconscious and Poisoned, is revived with 2 HP and
    1 Chi; his hand and the Poisoned card (1 Turn Token) stay."""
    sha = {"hp": 0, "chi": 0, "status": "unconscious", "posture": "face_down",
           "hand": ["Brotherhood of the Skull"],
           "conditions": [{"name": "Poisoned", "tokens": 1, "duration": 3, "damage_each_turn": 1}]}
    table = at(client, "tripitaka", pilgrims={"monk_sha": sha})
    table.ok(type="revive", pilgrim="tripitaka", target="monk_sha", hp=2, chi=1, adjacent=True)
    sha = table.pilgrim("monk_sha")
    assert (sha["hp"], sha["chi"], sha["status"]) == (2, 1, "active")
    assert sha["skills"] == ["Brotherhood of the Skull"]
    assert [(c["name"], c["tokens"]) for c in sha["conditions"]] == [("Poisoned", 1)]


def test_a_dead_pilgrim_cannot_be_revived(client):
    """ "If they are on their back, the time to revive them has run out and they are dead. Remove
    the Miniature from the game board." Monk Sha on his back dies at the Maintenance; Tripitaka's
    Revive is refused."""
    table = at(client, "tripitaka", pilgrims={"monk_sha": {
        "hp": 0, "status": "unconscious", "posture": "back"}})
    assert table.pilgrim("monk_sha")["status"] == "dead"
    response = table.post(type="revive", pilgrim="tripitaka", target="monk_sha", hp=2, chi=0,
                          adjacent=True)
    refused_one_of(response, "If they are on their back, the time to revive them has run out and "
                             "they are dead.",
                   "When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive the "
                   "Pilgrim, at a cost:")


def test_a_sutra_picked_up_is_no_longer_on_the_map(client):
    """ "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile Sheet."
    The Monkey King picks up sutra-1; Monk Sha cannot pick it up again."""
    table = at(client, "monkey_king")
    table.ok(type="collect_sutra", pilgrim="monkey_king", sutra="sutra-1", adjacent=True)
    table.ok(type="end_activation", pilgrim="monkey_king")
    response = table.post(type="collect_sutra", pilgrim="monk_sha", sutra="sutra-1", adjacent=True)
    assert response.status_code in (400, 422), response.get_json()
    assert table.pilgrim("monkey_king")["sutras"] == 1 and table.pilgrim("monk_sha")["sutras"] == 0


def test_a_villager_is_rescued_once(client):
    """ "Place the Villager Token by the Pilgrim's Profile Sheet. Pilgrims gain 3 Good Karma Points
    for this heroic deed." A second rescue of the same Villager gives nothing."""
    table = at(client, "monkey_king")
    table.ok(type="rescue_villager", pilgrim="monkey_king", villager="villager-1", adjacent=True)
    table.ok(type="end_activation", pilgrim="monkey_king")
    response = table.post(type="rescue_villager", pilgrim="monk_sha", villager="villager-1",
                          adjacent=True)
    assert response.status_code in (400, 422), response.get_json()
    assert (table.pilgrim("monkey_king")["good_karma"], table.pilgrim("monk_sha")["good_karma"]) \
        == (3, 0)


def test_a_misfortune_burned_card_burns_at_once(client):
    """ "A few cards instruct you to take other cards, for example Condition Cards. You discard the
    Misfortune Card and keep the other card" — "Take a Burned Condition Card": the Burned Condition
    "causes 2 damage immediately": 8 -> 6, Burned beside Tripitaka's sheet."""
    table = at(client, "tripitaka")
    table.ok(type="meditate", pilgrim="tripitaka", box="box-1", spinner="black",
             misfortune="Fire Trap")
    table.ok(type="misfortune", pilgrim="tripitaka", card="Fire Trap", condition="Burned",
             duration=2)
    tripitaka = table.pilgrim("tripitaka")
    assert tripitaka["hp"] == 6 and names(tripitaka["conditions"]) == ["Burned"]


def test_an_all_targets_demon_attacks_in_the_order_the_players_choose(client):
    """ "This means all Targets in range and with LOS will be attacked. Resolve this as a series of
    individual attacks, in any order selected by the Players." The Bull Demon King's Attack on
    Tripitaka and Monk Sha: Monk Sha's roll first (2 + 1 vs 0: 9 -> 6), then Tripitaka's."""
    table = demon_phase(client, demons=["koorogg"], options=profiles(KING))
    table.ok(type="demon_options", demon="koorogg-1", options=[
        option(["attack", "move"], ["tripitaka", "monk_sha"])])
    table.ok(type="demon_plan", demon="koorogg-1", option=1)
    table.ok(type="demon_attack", demon="koorogg-1", target="monk_sha", attack_dice=[2, 1],
             demon_die=0, defense_dice=[0, 0])
    table.ok(type="demon_attack", demon="koorogg-1", target="tripitaka", attack_dice=[1, 0],
             demon_die=0, defense_dice=[0, 0])
    assert (table.pilgrim("monk_sha")["hp"], table.pilgrim("tripitaka")["hp"]) == (6, 7)


def test_a_new_game_starts_with_ten_chi_and_no_karma(client):
    """ "Set the Chi wheel to 10, the normal maximum value, and both Karma wheels to 0." """
    table = at(client, "monkey_king")
    for pilgrim in table.state["pilgrims"].values():
        assert (pilgrim["chi"], pilgrim["good_karma"], pilgrim["bad_karma"]) == (10, 0, 0)


def test_five_players_are_refused(client):
    """ "Welcome! Journey: Wrath of Demons is a cooperative game for 1 to 4 Players." """
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben", "Cy", "Di", "Ed"],
        "options": {"pilgrim_profiles": PROFILES}})
    assert response.status_code in (400, 422), response.get_json()
    assert "4" in response.get_json()["error"]["message"]


def test_three_players_one_of_them_with_three_pilgrims_is_refused(client):
    """ "Three Players - 2 Players have 1 Pilgrim each and the third Player controls 2 Pilgrims." """
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben", "Cy"],
        "options": {"pilgrim_profiles": PROFILES, "controllers": {
            "monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p1", "tripitaka": "p2"}}})
    assert response.status_code in (400, 422), response.get_json()


def test_master_skill_waits_for_the_mandatory_good_karma_trade(client):
    """ "The trades marked as mandatory must be made when the Karma level is met or exceeded."
    With 12 Good Karma the Permanent Skill Card is due: a Master Skill (4 Good Karma) first is
    refused; after the trade (12 -> 2) it cannot be paid."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"good_karma": 12}})
    refused(table.post(type="master_skill", pilgrim="monkey_king", card="Phase Walk"),
            "The trades marked as mandatory must be made when the Karma level is met or exceeded.")
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="good", card="Iron Body")
    assert table.pilgrim("monkey_king")["good_karma"] == 2
    response = table.post(type="master_skill", pilgrim="monkey_king", card="Phase Walk")
    refused(response, "4 Good Karma + 1 Action Point")


def test_lure_of_demons_no_second_attack(client):
    """Lure of Demons: "For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor
    Attack twice." Monk Sha's first Attack misses a Berrok; a second Attack Action is refused."""
    table = at(client, "monk_sha", demons=["berrok"], options=profiles(BERROK),
               pilgrims={"monk_sha": {"corruption": ["Lure of Demons"]}})
    assert hit(table, "monk_sha", "berrok-1", [0, 1]).status_code == 200
    refused(hit(table, "monk_sha", "berrok-1", [1, 1]),
            "The Pilgrim lacks the focus to perform the same Action twice in one turn.")


def test_curse_of_the_dead_no_double_move(client):
    """ "Some Corruption Cards, for example Curse of the Dead, prevent double Moves or double
    Actions." A Double Move by a cursed Monkey King is refused; a single Move is accepted."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"corruption": ["Curse of the Dead"]}})
    response = table.post(type="move", pilgrim="monkey_king", steps=6, action_points=2)
    refused_one_of(response, "Some Corruption Cards, for example Curse of the Dead, prevent double "
                             "Moves or double Actions.",
                   "The Pilgrim lacks the focus to perform the same Action twice in one turn.")
    table.ok(type="move", pilgrim="monkey_king", steps=4)


def test_recover_at_full_health_is_allowed_and_uses_the_well(client):
    """ "A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to drink from the well
    and recover all Health Points, up to their current maximum." Nothing forbids drinking at full
    Health: the Action Point and the Well are spent, HP stays 10; a second drink is refused."""
    table = at(client, "monkey_king")
    table.ok(type="recover", pilgrim="monkey_king", well="well-1", adjacent=True)
    assert table.pilgrim("monkey_king")["hp"] == 10
    refused(table.post(type="recover", pilgrim="monkey_king", well="well-1", adjacent=True),
            "each Pilgrim can only use each Water Well once per Quest.")


def test_a_position_above_the_maximum_health_is_refused(client):
    """ "None of these changes can ever increase a statistic above its maximum value for that
    character." and "Set the Chi wheel to 10, the normal maximum value": a Monkey King entered with
    12 of his 10 Health Points, or 11 Chi, is not a table that can be."""
    for state in ({"hp": 12}, {"chi": 11}):
        response = client.post("/api/sessions", json={
            "game": "journey", "players": ["Ann"], "options": {"pilgrim_profiles": PROFILES},
            "position": {"pilgrims": {"monkey_king": state}}})
        assert response.status_code in (400, 422), (state, response.get_json())


def test_sixteen_bull_warriors_are_more_than_the_box_holds(client):
    """Game Components: "- 15 Bull Warriors" — a position with 16 Berroks is refused."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {"pilgrim_profiles": PROFILES},
        "position": {"demons": ["berrok"] * 16}})
    assert response.status_code in (400, 422), response.get_json()


def test_an_initiative_naming_a_pilgrim_twice_is_refused(client):
    """ "Set the order of play for the game. Randomly assign the order any way you like, for example
    with dice rolls or drawing an Initiative Token for each one of the Pilgrims." One token each."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {
            "pilgrim_profiles": PROFILES,
            "initiative": ["monkey_king", "monkey_king", "tripitaka", "cho_hakkai"]}})
    assert response.status_code in (400, 422), response.get_json()


def test_the_killer_alone_gains_the_bad_karma(client):
    """ "If the Attacker chooses to Kill a Defeated Target, the Attacker must increase its Bad Karma
    by the amount shown on the Target's Profile Sheet for the Bad Karma Reward Attribute (BKR)."
    Monk Sha Kills a Berrok (BKR 1): his Bad Karma 0 -> 1, nobody else's moves."""
    table = at(client, "monk_sha", demons=["berrok"], options=profiles(BERROK))
    assert hit(table, "monk_sha", "berrok-1", [1, 1]).status_code == 200
    table.ok(type="resolve_defeat", pilgrim="monk_sha", choice="kill")
    karma = {p: s["bad_karma"] for p, s in table.state["pilgrims"].items()}
    assert karma == {"monkey_king": 0, "cho_hakkai": 0, "monk_sha": 1, "tripitaka": 0}
    assert "berrok-1" not in table.state["demons"]


def to_tripitaka(table):
    """The Maintenance, then every Pilgrim before Tripitaka ends his activation."""
    table.do("maintenance")
    while table.G["activation"]["pilgrim"] != "tripitaka":
        table.do("end_activation", pilgrim=table.G["activation"]["pilgrim"])
    return table


def test_q10b_the_seal_of_the_underworld_is_not_a_gate_to_close(client):
    """Quest 10 Part 2: "The 3-square Gate on the right of the map, outlined in green, is the broken
    Seal of the Underworld and is used by Tripitaka to end this part of the Quest." — it is sealed
    by the Sealing Ritual, not closed with one Sutra: close_gate on it is refused, the 4 Sutras
    stay with Tripitaka."""
    from tests.test_journey_quests_6_10 import q10b
    table = to_tripitaka(q10b(client))
    seal = table.G["quest_state"].get("seal") or ["gate-3"]
    answer = table.post("close_gate", pilgrim="tripitaka", gate=seal[0], adjacent=True)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.G["pilgrims"]["tripitaka"]["sutras"] == 4


def test_q6_an_inactive_gate_may_be_closed(client):
    """Quest 6: "The Gates are initially inactive." — "Tripitaka can close an adjacent Gate by
    sacrificing one Sutra Token." says nothing of its status: Tripitaka with a Sutra closes a
    sleeping Gate (it never wakes: "Closed Gates never become active again.")."""
    from tests.test_journey_quests_6_10 import q6
    table = to_tripitaka(q6(client, {"pilgrims": {"tripitaka": {"sutras": 1}}}))
    table.do("close_gate", pilgrim="tripitaka", gate="gate-1", adjacent=True)
    assert table.G["gates"]["gate-1"]["status"] == "closed"
    assert table.G["pilgrims"]["tripitaka"]["sutras"] == 0


def test_q1_a_backfired_cleanse_is_not_the_end_then_a_kill_is(client):
    """Quest 1: "The Quest ends immediately when the Demons in the house are removed" — Defeated is
    not removed ("Defeat is not the final stage of the successful attack"): Tripitaka Defeats the
    last house Berrok, his Cleanse Ritual backfires ("the ritual has backfired and reinvigorated the
    Target. The Target fully recovers from the hit."), the Quest goes on; his second Attack Defeats
    it again and the Kill removes it: Victory."""
    from tests.test_journey_quests_audit import end_activations, ev, kill, maintenance, result, start
    t = start(client, "q1")
    maintenance(t)
    t.accepted(ev("room", active=True, ids=["berrok-1", "berrok-2"]))  # in sight (session 9)
    kill(t, "monkey_king", "berrok-1")
    end_activations(t, until="tripitaka")
    nine = {"attack_dice": [3, 3], "pilgrim_die": 2, "weapon_damage": 2, "target_hp": 3}
    t.accepted(ev("attack", pilgrim="tripitaka", targets=["berrok-2"], **nine))
    assert result(t) is None
    t.accepted(ev("resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[0],
                  soul_power=2))
    assert result(t) is None and "berrok-2" in t.view()["state"]["demons"]
    t.accepted(ev("attack", pilgrim="tripitaka", targets=["berrok-2"], **nine))
    t.accepted(ev("resolve_defeat", pilgrim="tripitaka", choice="kill"))
    assert result(t)["outcome"] in ("victory", "heroic_victory")


def test_a_dead_pilgrim_is_no_demons_target_quoting_his_removal(client):
    """ "If they are on their back, the time to revive them has run out and they are dead. Remove the
    Miniature from the game board. They are completely out of the game, which may end the Quest." A
    Berrok's option attacking the dead Monk Sha is refused with that sentence (he is not Unconscious:
    the sentence about ignoring Unconscious Pilgrims is not the one that applies)."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK),
                        pilgrims={"monk_sha": {"hp": 0, "status": "dead"}})
    refused(table.post(type="demon_options", demon="berrok-1", options=[
        option(["attack", "attack"], ["monk_sha"], ends="not_closer")]),
            "They are completely out of the game, which may end the Quest.")


@pytest.mark.parametrize("ruling", ["refused", "next_activation"])
def test_om_mala_of_vigor_played_outside_ones_activation_ruling(client, ruling):
    """Table ruling `extra_ap_not_active`: "The active Pilgrim spends their Action Points to make the
    actions listed below." against "If a card does not mention a specific time it can be played, it
    can be played at almost any point in the game." Monk Sha plays Om Mala of Vigor (+1 AP) during
    the Monkey King's activation: refused (default; before, it was accepted and the point silently
    lost), or the point waits for his own activation (3 Action Points)."""
    table = at(client, "monkey_king", options={"extra_ap_not_active": ruling},
               pilgrims={"monk_sha": VIGOR})
    response = table.post(type="play_card", pilgrim="monk_sha", card="Om Mala of Vigor",
                          kind="fortune")
    if ruling == "refused":
        refused(response, "The active Pilgrim spends their Action Points to make the actions "
                          "listed below.")
        assert table.pilgrim("monk_sha")["fortune"] == ["Om Mala of Vigor"]
        return
    assert response.status_code == 200, response.get_json()
    assert table.activation()["ap"] == 2
    table.ok(type="end_activation", pilgrim="monkey_king")
    assert table.activation() == {**table.activation(), "pilgrim": "monk_sha", "ap": 3}
