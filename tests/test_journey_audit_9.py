"""Journey: Wrath of Demons — the ninth independent audit (round 9, `audj`): session 11's leftovers
(finding 53: a bonus with no card named; a Demon's plan naming Kei Lun by his id; the quote for an
action before the first Maintenance; a Kill or a Cleanse entered without its dice) and the audit of
the rules earlier rounds touched least, played through the HTTP API (Flask test client,
in-process). Each scenario quotes its rule in its docstring. Findings are recorded in
docs/games/journey.md ("Independent audit, ninth round").
"""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation
from tests.test_journey import Table
from tests.test_journey_audit_6 import free_table
from tests.test_journey_quests_audit import (
    Q7_PEACH,
    activate_until,
    end_activations,
    ev,
    maintenance,
    refused,
    start,
    state,
)
from tests.test_journey_quests_audit_2 import Q7_LATER


@pytest.fixture
def client(module_client):
    return module_client


MK = "monkey_king"
Q_CARDS_IN_PLAY = ("The base rolls for both the Attacker and the Target are modified by any cards "
                   "in play.")
Q_CLEANSE_ROLL = ("Roll the dice specified in the Attacker's Cleanse Ritual Attribute and apply any "
                  "bonuses from cards and skills that are in effect.")
Q_FIRST_TURN = "You are ready to begin the first turn, which starts with the Maintenance Phase."
Q_MAINTENANCE = ("At the start of each Turn, each Player should examine the active cards to see if "
                 "anything needs to be updated.")
# A card whose text the rulebook does not print: its bonus is the table's to read off the card.
CARD = "Unprinted Card"
IN_PLAY = {"in_play": [{"card": CARD, "duration": "continuous"}]}
MISS = {"attack_dice": [1, 0], "pilgrim_die": 0, "weapon_damage": 0}  # 1 damage: not the Berrok's 3
HIT = {"attack_dice": [3, 3], "pilgrim_die": 0, "weapon_damage": 0}


def attack(**fields):
    return ev("attack", pilgrim=MK, targets=["berrok-1"], **fields)


def cleanse(**fields):
    return ev("resolve_defeat", pilgrim=MK, choice="cleanse", **fields)


def bad_request(table, event, field):
    seq = table.seq
    response = table.send(event)
    body = response.get_json()
    assert response.status_code == 400, body
    assert body["error"]["field"] == field, body["error"]
    assert table.seq == seq
    return body["error"]


# == Finding 53: a bonus comes from a card in effect, named =======================================

def test_extra_damage_with_no_card_named_is_refused(client):
    """"The base rolls for both the Attacker and the Target are modified by any cards in play." An
    Attack entered with 2 extra damage and nothing named to give it was accepted (and Defeated the
    Berrok with a roll of 1): refused with that sentence; the game does not move."""
    table = free_table(client, {"demons": ["berrok"]})
    error = refused(table, attack(extra_damage=2, **MISS), Q_CARDS_IN_PLAY)
    assert "bonus_from" in error["message"]
    assert "berrok-1" in state(table)["demons"]


def test_extra_damage_named_to_a_card_not_in_effect_is_refused(client):
    """The same sentence: the card named must be in play. The Monkey King's playing area is empty
    and the card is not used in this Attack: refused, naming the card."""
    table = free_table(client, {"demons": ["berrok"]})
    error = refused(table, attack(extra_damage=2, bonus_from=[CARD], **MISS), Q_CARDS_IN_PLAY)
    assert CARD in error["message"]


def test_extra_damage_from_a_card_in_play_is_added_and_named(client):
    """The legal case: the card is in the Monkey King's playing area (continuous). 1 rolled + 2
    from the card = 3, the Berrok's Health Points (a One Hit Kill): Defeated, and the effect line
    names the card that gave the 2."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {MK: IN_PLAY}})
    answer = table.accepted(attack(extra_damage=2, bonus_from=[CARD], **MISS))
    texts = [effect["text"] for effect in answer["effects"]]
    assert f"+2 damage from {CARD}." in texts
    assert state(table)["pending"] == {"kind": "defeated", "pilgrim": MK, "demon": "berrok-1"}


def test_extra_damage_from_another_pilgrims_card_in_play_is_accepted(client):
    """"…modified by any cards in play": a card in another Pilgrim's playing area counts too (the
    book's example, Flaming War Cry, affects "many Miniatures")."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {"monk_sha": IN_PLAY}})
    table.accepted(attack(extra_damage=2, bonus_from=[CARD], **MISS))
    assert state(table)["pending"]["demon"] == "berrok-1"


def test_a_card_named_with_no_bonus_entered_is_a_400(client):
    """A bonus named with no amount is malformed: a 400 naming `extra_damage`, nothing written."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {MK: IN_PLAY}})
    bad_request(table, attack(bonus_from=[CARD], **MISS), "event.extra_damage")


@settings(max_examples=40, deadline=None)
@given(bonus=st.integers(0, 4), named=st.lists(st.sampled_from(["In Play", "Corruption", "Used",
                                                               "Elsewhere"]),
                                               max_size=3, unique=True),
       used=st.booleans())
def test_a_bonus_is_added_exactly_when_every_card_named_is_in_effect(bonus, named, used):
    """Property, both sentences: an Attack's `extra_damage` and a Cleanse's `cleanse_bonus` are
    accepted — and added — exactly when no bonus is entered with nothing named, or a bonus is
    entered with every card named in effect: "In Play" in the Monk Sha's playing area,
    "Corruption" among the Monkey King's Corruption Cards, "Used" when it is used in the event
    (`cards`); "Elsewhere" is in effect nowhere. Otherwise refused with the sentence (unnamed or
    not in effect) or a 400 (named with no amount); a refusal changes nothing."""
    cards = [{"pilgrim": MK, "card": "Used", "timing": "before_trigger", "played": "before_roll"}]
    in_effect = {"In Play", "Corruption"} | ({"Used"} if used else set())
    fine = (not named) if bonus == 0 else bool(named) and set(named) <= in_effect
    for kind in ("attack", "cleanse"):
        table = Table({"demons": ["berrok"], "pilgrims": {
            MK: {"corruption": ["Corruption"], "hand": ["Used"]},
            "monk_sha": {"in_play": [{"card": "In Play", "duration": "continuous"}]}}})
        table.do("maintenance")
        roll = {"attack_dice": [1, 0], "pilgrim_die": 0, "weapon_damage": 0}  # 1 of the 4 HP
        fields = {"cards": cards} if used else {}
        if bonus:
            fields["extra_damage" if kind == "attack" else "cleanse_bonus"] = bonus
        if named:
            fields["bonus_from"] = named
        if kind == "cleanse":
            table.do("attack", pilgrim=MK, targets=["berrok-1"], **{**roll, "attack_dice": [3, 3]})
        before = copy.deepcopy(table.G)
        try:
            if kind == "attack":
                table.do("attack", pilgrim=MK, targets=["berrok-1"], **roll, **fields)
            else:
                table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[0, 0],
                         **fields)
        except (RuleViolation, BadRequest) as refusal:
            assert not fine, refusal
            assert isinstance(refusal, BadRequest) == (bonus == 0 and bool(named))
            assert table.G == before
            continue
        assert fine
        # 1 rolled (attack) or 0 (cleanse, Soul Power 2): the bonus alone decides the outcome
        if kind == "attack":
            assert (table.G["pending"] is not None) == (1 + bonus >= 4)
        else:
            assert ("berrok-1" not in table.G["demons"]) == (bonus >= 2)


def test_a_card_used_with_its_own_bonus_is_not_named_again(client):
    """A card used in the Attack carries its own bonus (`cards[].damage`); naming it again for
    `extra_damage` would add it twice: a 400 naming `bonus_from`. Used without its own bonus, it
    may be named."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {MK: {"hand": [CARD]}}})
    used = {"pilgrim": MK, "card": CARD, "timing": "before_trigger", "played": "before_roll"}
    bad_request(table, attack(extra_damage=2, bonus_from=[CARD], cards=[{**used, "damage": 2}],
                              **MISS), "event.bonus_from")
    table.accepted(attack(extra_damage=2, bonus_from=[CARD], cards=[used], **MISS))
    assert state(table)["pending"]["demon"] == "berrok-1"


def defeated_berrok(client, pilgrims=None):
    table = free_table(client, {"demons": ["berrok"], "pilgrims": pilgrims or {}})
    table.accepted(attack(**HIT))
    return table


def test_a_cleanse_bonus_with_no_card_named_is_refused(client):
    """"Roll the dice specified in the Attacker's Cleanse Ritual Attribute and apply any bonuses
    from cards and skills that are in effect." A Cleanse with a roll of 1 and +1 named to nothing
    (Soul Power 2) was accepted as a success: refused with that sentence."""
    table = defeated_berrok(client)
    error = refused(table, cleanse(cleanse_dice=[1], cleanse_bonus=1), Q_CLEANSE_ROLL)
    assert "bonus_from" in error["message"]
    refused(table, cleanse(cleanse_dice=[1], cleanse_bonus=1, bonus_from=[CARD]), Q_CLEANSE_ROLL)
    assert state(table)["pending"]["demon"] == "berrok-1"


def test_a_cleanse_bonus_from_a_card_in_play_saves_the_soul(client):
    """The legal case: the card is in play; 1 + 1 reaches Soul Power 2 and the Berrok is Cleansed
    (its Good Karma Reward, 1, to the Monkey King); the effect names the card."""
    table = defeated_berrok(client, {MK: IN_PLAY})
    answer = table.accepted(cleanse(cleanse_dice=[1], cleanse_bonus=1, bonus_from=[CARD]))
    assert f"+1 on the Cleanse Ritual roll from {CARD}." in [e["text"] for e in answer["effects"]]
    assert "berrok-1" not in state(table)["demons"]
    assert state(table)["pilgrims"][MK]["good_karma"] == 1


def test_a_cleanse_bonus_from_a_corruption_card_held_is_accepted(client):
    """Corruption Cards "show different permanent effects": one the Monkey King holds is in
    effect, and may be named."""
    table = defeated_berrok(client, {MK: {"corruption": ["Permanent Limp"]}})
    table.accepted(cleanse(cleanse_dice=[1], cleanse_bonus=1, bonus_from=["Permanent Limp"]))
    assert "berrok-1" not in state(table)["demons"]


def test_a_kill_entered_with_a_cleanse_bonus_or_without_cleanse_dice(client):
    """"Killing is automatic and does not require any further dice rolls.": a Kill entered with a
    Cleanse bonus is malformed (400 naming `cleanse_bonus`), as with Cleanse dice; a Cleanse entered
    without its dice is a 400 naming `cleanse_dice` (never a guess, never a 500)."""
    table = defeated_berrok(client, {MK: IN_PLAY})
    kill = ev("resolve_defeat", pilgrim=MK, choice="kill")
    bad_request(table, {**kill, "cleanse_bonus": 1, "bonus_from": [CARD]}, "event.cleanse_bonus")
    bad_request(table, {**kill, "cleanse_dice": [1]}, "event.cleanse_dice")
    error = bad_request(table, cleanse(cleanse_bonus=1, bonus_from=[CARD]), "event.cleanse_dice")
    assert "Cleanse Ritual dice" in error["message"]
    table.accepted(kill)


def golden_peach_defeat(client):
    table = start(client, "q7", position=Q7_PEACH)
    maintenance(table)
    table.accepted(ev("golden_peach", guarding=True, same_tile=True))
    table.accepted(attack(target_hp=3, **HIT))
    return table


def test_the_golden_peach_plus_one_needs_no_card_but_more_does(client):
    """Quest 7: "Bathed in its radiant glow, Pilgrims gain +1 on all Cleanse Ritual rolls
    automatically when these 3 conditions are satisfied:" — that +1 is the Quest's, entered with
    no card named (the outsider's scenario); a bonus of 2 with no card named is refused quoting the
    Cleanse Ritual's sentence, and accepted with a card in effect named (the effect names both)."""
    table = golden_peach_defeat(client)
    roll = {"cleanse_dice": [0], "soul_power": 2}
    refused(table, cleanse(cleanse_bonus=2, **roll), Q_CLEANSE_ROLL)
    table.accepted(ev("play_card", pilgrim=MK, card=CARD, kind="skill", duration="continuous"))
    answer = table.accepted(cleanse(cleanse_bonus=2, bonus_from=[CARD], **roll))
    assert (f"+2 on the Cleanse Ritual roll from {CARD}, the Golden Peach."
            in [e["text"] for e in answer["effects"]])
    assert "berrok-1" not in state(table)["demons"]


# == Leftovers: Kei Lun by his name; the first Maintenance =========================================

def test_a_demons_plan_on_kei_lun_names_him(client):
    """Quest 7: "Demon Actions: When assigning the Action Points for the Demons, treat Kei Lun as if
    he were a fifth pilgrim." The Demon AI's answer for a Berrok whose only option attacks Kei Lun
    said "attacking kei_lun" (his id): it names him, "Kei Lun"."""
    table = start(client, "q7", position=Q7_LATER, quest_setup={"kei_lun_hp": 12, "drawn": 49})
    maintenance(table)
    for pilgrim in ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka"):
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    table.accepted(ev("kei_lun_ally", action="none", guarding=True))
    table.accepted(ev("demon_options", demon="berrok-1", options=[
        {"actions": ["attack", "attack"], "targets": ["kei_lun"], "squares": 0}]))
    answer = table.accepted(ev("demon_plan", demon="berrok-1", option=1))
    texts = " ".join(e["text"] for e in answer["effects"])
    assert "attacking Kei Lun" in texts and "kei_lun" not in texts


def test_an_action_before_the_first_maintenance_quotes_the_first_turn(client):
    """"You are ready to begin the first turn, which starts with the Maintenance Phase." and "At the
    start of each Turn, each Player should examine the active cards…": a Move entered before the
    first Maintenance is refused quoting the Maintenance Phase's sentence first (the outsider's
    scenario reads it) and the Game Setup's last step with it; at a later Turn's Maintenance only
    the Maintenance Phase's."""
    table = start(client, "free", position={"gates": [], "demons": []})
    error = refused(table, ev("move", pilgrim=MK, steps=2), Q_MAINTENANCE)
    assert [rule["quote"] for rule in error["rules"]] == [Q_MAINTENANCE, Q_FIRST_TURN]
    later = start(client, "free", position={"gates": [], "demons": [], "turn": 3})
    error = refused(later, ev("move", pilgrim=MK, steps=2), Q_MAINTENANCE)
    assert error["rule"]["quote"] == Q_MAINTENANCE and "rules" not in error


# == The end-of-game calculator and the live score ================================================

@pytest.mark.parametrize("outcome", ["heroic_victory", "victory", "defeat"])
def test_the_live_score_at_the_end_agrees_with_the_calculator(client, outcome):
    """"The Pilgrims win or lose as a team…": the calculator gives every Player 1 for a win and 0
    for a Defeat, with that outcome as the breakdown's line. The live score of the finished game
    gave every Player 0 whatever the outcome (the winners agreed, the totals did not): it now
    carries the same line and total, above the Pilgrims' statistics."""
    players = ["Ann", "Ben"]
    table = free_table(client, players=players)
    table.accepted(ev("quest_result", outcome=outcome, condition="The Quest's own condition."))
    live = table.view()["scores"]
    calculated = client.post("/api/score/journey", json={"players": players, "outcome": outcome})
    assert calculated.status_code == 200, calculated.get_json()
    calculated = calculated.get_json()
    assert live["winners"] == calculated["winners"] == ([] if outcome == "defeat" else ["p1", "p2"])
    for mine, theirs in zip(live["players"], calculated["players"], strict=True):
        assert mine["total"] == theirs["total"] == (0 if outcome == "defeat" else 1)
        assert mine["breakdown"][0] == theirs["breakdown"][0]


# == Leftover: the Cleanse Ritual's dice where the Profile Sheet's number was not entered ========

def test_an_unentered_cleanse_ritual_is_taken_as_first_rolled_and_held_to(client):
    """"Roll the dice specified in the Attacker's Cleanse Ritual Attribute…": the book prints only
    Tripitaka's (1 Pilgrim Die); the Monkey King's was not entered at setup, and any number of dice
    was accepted at every Cleanse. The first Cleanse's dice are taken as his Profile Sheet's number
    (said in an effect line) and a later Cleanse with another number is refused with that
    sentence. An empty roll is a 400 naming `cleanse_dice` (no number to take)."""
    table = free_table(client, {"demons": ["berrok", "berrok"]})
    table.accepted(attack(**HIT))
    bad_request(table, cleanse(cleanse_dice=[]), "event.cleanse_dice")
    answer = table.accepted(cleanse(cleanse_dice=[1, 1]))
    assert ("Monkey King's Cleanse Ritual: 2 dice, as rolled — his Profile Sheet's number from "
            "now on." in [e["text"] for e in answer["effects"]])
    table.accepted(ev("attack", pilgrim=MK, targets=["berrok-2"], **HIT))
    error = refused(table, cleanse(cleanse_dice=[3]), Q_CLEANSE_ROLL)
    assert "2 dice, not 1" in error["message"]
    table.accepted(cleanse(cleanse_dice=[3, 0]))


# == Finding 61: a Misfortune's discard from an empty hand =========================================

def test_a_misfortune_discard_from_an_empty_hand_quotes_the_empty_hand_case(client):
    """Misfortune Cards: "When you have no Skill Cards in your hand: Discard 1 Skill Card of your
    choice." — "In these cases, you got lucky! Apply the effect as best you can…". With no Skill
    Card at all a discard entered was refused quoting "Inactive cards are in the Pilgrim's hand…"
    (where cards lie); it quotes the empty-hand case. With a card held, a card he does not hold
    keeps the hand's sentence (test_journey_audit_4)."""
    table = free_table(client, {"boxes": ["box-1"],
                                "pilgrims": {MK: {"hand": [], "skills_unknown": 0}}})
    table.accepted(ev("meditate", pilgrim=MK, box="box-1", spinner="black", misfortune="Forgetful"))
    error = refused(table, ev("misfortune", pilgrim=MK, card="Forgetful", discard=["Phase Walk"]),
                    "When you have no Skill Cards in your hand: Discard 1 Skill Card of your "
                    "choice.")
    assert "holds no Skill Card" in error["message"]
    table.accepted(ev("misfortune", pilgrim=MK, card="Forgetful", discard=[]))


# == Bad input: a Demon's option without its Actions ===============================================

def test_a_demon_option_without_its_actions_is_a_400_in_quest_4(client):
    """Found by a schema-driven random sweep: in Quest 4, a `demon_options` for Kogaiji with an
    option that lists no `actions` was a 500 (KeyError in the Quest's "…he will not move from
    behind his desk…" check, which runs before the core's own 400). Every option now requires
    its `actions` in the event's schema: a 400 naming the option, nothing written."""
    table = start(client, "q4")
    maintenance(table)
    end_activations(table)
    activate_until(table, "kogaiji-1")
    seq = table.seq
    response = table.send(ev("demon_options", demon="kogaiji-1", options=[
        {"targets": ["tripitaka"], "squares": 0}]))
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("event.options"), response.get_json()
    assert table.seq == seq


def test_a_cleanse_ritual_count_taken_from_a_roll_carries_into_the_next_quest(client):
    """The Profile Sheet does not change between Quests ("Back to Back Game Play" resets Health,
    Chi and Conditions only): the Monkey King's Cleanse Ritual count, taken from his first roll in
    one Quest of a campaign, is his in the next (as Demon values entered are), and a roll of
    another count there is refused with the Cleanse Ritual's sentence."""
    from tests.test_journey_campaign import BOARD, DEMONS, auth, new_campaign, play, start_quest
    campaign = new_campaign(client, options={"pilgrim_profiles": {
        "monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
        "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3}},
        "demon_profiles": DEMONS})
    token = campaign["edit_token"]
    strike = {"type": "attack", "player": "p1", "pilgrim": MK, "targets": ["berrok-1"],
              "attack_dice": [2, 2], "pilgrim_die": 1, "weapon_damage": 1}
    first = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    play(client, token, first, {"type": "maintenance", "player": "p1"}, strike,
         {"type": "resolve_defeat", "player": "p1", "pilgrim": MK, "choice": "cleanse",
          "cleanse_dice": [1, 1]},
         {"type": "quest_result", "player": "p1", "outcome": "victory",
          "condition": "the table's own Quest"})
    second = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    assert second["options"]["pilgrim_profiles"]["monkey_king"] == {"max_hp": 10,
                                                                    "cleanse_dice": 2}
    seq = play(client, token, second, {"type": "maintenance", "player": "p1"}, strike)
    answer = client.post(f"/api/sessions/{second['id']}/events", headers=auth(token), json={
        "event": {"type": "resolve_defeat", "player": "p1", "pilgrim": MK, "choice": "cleanse",
                  "cleanse_dice": [3]}, "expected_seq": seq})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["error"]["rule"]["quote"] == Q_CLEANSE_ROLL


# == A defense bonus from a card in play ==========================================================

def berrok_attacks_the_monkey_king(client, pilgrims=None):
    table = free_table(client, {"demons": ["berrok"], "pilgrims": pilgrims or {}})
    for event in [e for e in table.view()["legal"] if e["type"] == "end_activation"]:
        table.accepted(event)  # a Paralyzed Pilgrim is passed over
    while table.view()["phase"] == "pilgrims":
        table.accepted(next(e for e in table.view()["legal"] if e["type"] == "end_activation"))
    table.accepted(ev("demon_options", demon="berrok-1", options=[
        {"actions": ["attack", "attack"], "targets": [MK], "squares": 0}]))
    table.accepted(ev("demon_plan", demon="berrok-1", option=1))
    return table


def demon_attack(**fields):
    return ev("demon_attack", demon="berrok-1", target=MK, attack_dice=[3, 2], **fields)


def test_a_defense_bonus_from_a_card_in_play_could_not_be_entered(client):
    """"The base rolls for both the Attacker and the Target are modified by any cards in play." A
    card in the Monkey King's playing area that adds to his defense could not be entered: `cards`
    takes only cards from the hand. `extra_defense` with the card named in `bonus_from`: 5 damage
    against 1 + 1 rolled and 2 from the card, so he loses 1 Health Point; unnamed, or naming a
    card not in effect, refused with that sentence."""
    table = berrok_attacks_the_monkey_king(client, {MK: IN_PLAY})
    refused(table, demon_attack(defense_dice=[1, 1], extra_defense=2), Q_CARDS_IN_PLAY)
    refused(table, demon_attack(defense_dice=[1, 1], extra_defense=2, bonus_from=["Elsewhere"]),
            Q_CARDS_IN_PLAY)
    answer = table.accepted(demon_attack(defense_dice=[1, 1], extra_defense=2,
                                         bonus_from=[CARD]))
    assert f"+2 defense from {CARD}." in [e["text"] for e in answer["effects"]]
    assert state(table)["pilgrims"][MK]["hp"] == 9


def test_a_paralyzed_pilgrim_takes_no_defense_bonus(client):
    """"Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.":
    a defense bonus from a card in play is refused for a Paralyzed Target, as his Defense Dice
    are."""
    table = berrok_attacks_the_monkey_king(client, {MK: {
        **IN_PLAY, "conditions": [{"name": "Paralyzed", "duration": 2}]}})
    refused(table, demon_attack(extra_defense=2, bonus_from=[CARD]),
            "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
    table.accepted(demon_attack())
    assert state(table)["pilgrims"][MK]["hp"] == 5
