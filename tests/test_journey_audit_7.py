"""Journey: Wrath of Demons — the seventh independent audit (session 10): the general rules, written
from the rulebook (read whole again) and played through the HTTP API (Flask test client,
in-process). This round's emphasis: the leftovers of the sixth — Line of Sight into a closed room
(a general rule, not a Quest's), the Paralyzed Pilgrim's activation, a Meditate when the Fortune
Cards run short — and whole games in free play at every player count with Misfortune, Karma,
Revive, the Demons' activations and the end. Each scenario quotes its rule in its docstring.
Findings are recorded in docs/games/journey.md ("Independent audit, seventh round").
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.journey import Game
from tests.test_journey_audit_6 import (
    free_table,
    legal,
    listed,
    take,
    the_calculator_agrees,
    to_next_turn,
)
from tests.test_journey_quests_audit import (
    PILGRIMS,
    PROFILES,
    ev,
    maintenance,
    refused,
    start,
    state,
)


@pytest.fixture
def client(module_client):
    return module_client


Q_LOS = ("None of the squares directly between the Attacker and the Target can be blocked by other "
         "Miniatures, tokens or impassable terrain, just like the rules for obstructed Movement.")
Q_ROOMS = ("Generally, Demons and Gates behind closed doors are inactive until the door is opened "
           "and they can move towards the Pilgrims.")
Q_PARALYZED = "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend."
HIT = {"attack_dice": [3, 3], "pilgrim_die": 2, "weapon_damage": 2, "target_hp": 3}
ROOM = {"inactive_demons": ["berrok"], "doors": ["door-1"]}


def attack(pilgrim="monkey_king", target="berrok-1", **fields):
    return ev("attack", pilgrim=pilgrim, targets=[target], **{**HIT, **fields})


def choices(table):
    """The table page as the table's phone sees it (the choices `legal` lists, labelled)."""
    table.client.get(f"/play/{table.id}/join?token={table.token}")
    return table.client.get(f"/play/{table.id}").text


def rules_quoted(error):
    return [r["quote"] for r in error["rules"]]


# == Line of Sight into a closed room: a general rule ================================================

def test_free_play_refuses_an_attack_behind_a_closed_door_with_the_line_of_sight_sentence(client):
    """Range and Line of Sight: "None of the squares directly between the Attacker and the Target
    can be blocked by other Miniatures, tokens or impassable terrain…"; Tokens and Scenery:
    "Unless otherwise stated, Tokens block movement and LOS for all models." (a closed Door Token);
    Yellow Lines: "Miniatures cannot draw Line of Sight across a yellow line." (the walls). With
    no Quest rules, the Monkey King's Attack on a Berrok inactive behind a closed door was
    accepted (the refusal was a Quest-only rule): refused now with the Line of Sight sentence and
    the closed rooms' one, and not listed in `legal`."""
    table = free_table(client, ROOM)
    assert not listed(table, "attack", targets=["berrok-1"])
    error = refused(table, attack(), Q_LOS)
    assert rules_quoted(error) == [Q_LOS, Q_ROOMS]
    assert "behind a closed door" in error["message"]


def test_a_pilgrim_in_the_room_or_the_door_broken_down_gives_sight_again(client):
    """Demons Inside Closed Rooms: "However, if a Pilgrim enters the room without opening the door
    (using the Monkey King's Shadow Walk Skill Card, for example), the Demons/Gates will become
    active until the Pilgrim leaves." and Breaking Down a Door: "When you break down the door,
    flip the Door Token over, to show the doorway is Open." A Pilgrim walks in: the Berrok is
    listed and the Attack accepted; he walks out: refused again; the door broken down (naming the
    Berrok it wakes): the Attack is listed and accepted."""
    table = free_table(client, {**ROOM, "inactive_demons": ["berrok", "berrok"]})
    table.accepted(ev("room", active=True, ids=["berrok-1"]))
    assert listed(table, "attack", targets=["berrok-1"])
    assert not listed(table, "attack", targets=["berrok-2"])
    table.accepted(attack(attack_dice=[0, 1], pilgrim_die=0, weapon_damage=0))  # 1 of 3: it stays
    table.accepted(ev("room", active=False, ids=["berrok-1"]))
    refused(table, attack(), Q_LOS)
    table.accepted(ev("break_door", pilgrim="monkey_king", door="door-1",
                      opens=["berrok-1", "berrok-2"]))
    assert state(table)["activation"]["pilgrim"] == "cho_hakkai"
    assert listed(table, "attack", pilgrim="cho_hakkai", targets=["berrok-2"])
    table.accepted(attack("cho_hakkai", "berrok-2"))
    assert state(table)["pending"]["demon"] == "berrok-2"


def test_a_neutral_creature_cannot_see_into_a_closed_room_either(client):
    """"The Attacker can only attack Targets that are in range and that the Attacker can see
    clearly." — every Attacker: a Neutral Creature's attack on the Berrok behind the closed door is
    refused with the Line of Sight sentence; on a Berrok in the open it is accepted."""
    table = free_table(client, {**ROOM, "demons": ["berrok"], "neutral_creatures": ["kei-lun"]})
    asleep = next(d for d, demon in state(table)["demons"].items() if not demon["active"])
    awake = next(d for d, demon in state(table)["demons"].items() if demon["active"])
    refused(table, ev("creature_attack", creature="kei-lun", target=asleep, attack_dice=[3, 3]),
            Q_LOS)
    table.accepted(ev("creature_attack", creature="kei-lun", target=awake, attack_dice=[3, 3]))


def test_every_quest_refuses_it_with_the_same_sentence(client):
    """The rule is the book's general one, so Quest 1 (its Villagers' house) refuses the Attack
    with the same two sentences as free play: one rule, no Quest-only copy."""
    table = start(client, "q1", position={"gates": [{"id": "gate-1"}], "villagers": ["villager-1"],
                                          "boxes": ["box-1"], "doors": ["door-1"],
                                          "inactive_demons": ["berrok", "berrok"]},
                  initiative=list(PILGRIMS))
    maintenance(table)
    assert not listed(table, "attack")
    assert rules_quoted(refused(table, attack(), Q_LOS)) == [Q_LOS, Q_ROOMS]


# == Paralyzed: no actions, so no activation ========================================================

PARALYZED = {"conditions": [{"name": "Paralyzed", "duration": 1}]}


def test_a_paralyzed_pilgrim_is_passed_over_in_the_initiative_order(client):
    """Condition Cards FAQ: "Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play
    cards, or defend." The Monkey King, first in the order and Paralyzed, was activated with 2
    Action Points he could spend on nothing (the table had to end it by hand). Now he is passed
    over like an Unconscious Pilgrim: Cho Hakkai is active at once, nothing is listed for the
    Monkey King, and his Rest is refused with the Paralyzed sentence (not the initiative's)."""
    table = free_table(client, {"pilgrims": {"monkey_king": PARALYZED}})
    assert state(table)["activation"]["pilgrim"] == "cho_hakkai"
    assert not [e for e in legal(table) if e.get("pilgrim") == "monkey_king"]
    refused(table, ev("rest", pilgrim="monkey_king"), Q_PARALYZED)


def test_once_paralyzed_expires_the_pilgrim_is_activated_again(client):
    """Maintenance, Check Time Limits: "If the number of Turn Tokens on a card matches its duration,
    it has expired and it can be moved to the relevant Discard Pile." Paralyzed for 1 Turn: passed
    over in Turn 1, its Turn Token at the End of Turn, expired at the next Maintenance: the Monkey
    King is activated first again, with his 2 Action Points. His "Lose 1 Action Point Next Turn"
    ("…play them as soon as the Trigger Condition occurs.") fell on Turn 1, the turn he was
    passed over: it is spent there, not carried into Turn 2."""
    table = free_table(client, {"pilgrims": {"monkey_king": {**PARALYZED,
                                                            "ap_lost_next_turn": 1}}})
    for pilgrim in PILGRIMS[1:]:
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    table.accepted(ev("end_turn"))
    maintenance(table)
    activation = state(table)["activation"]
    assert (activation["pilgrim"], activation["ap"]) == ("monkey_king", 2)
    table.accepted(ev("rest", pilgrim="monkey_king"))


def test_a_paralyzed_pilgrim_on_a_red_square_takes_its_point_at_the_end_of_turn(client):
    """Red Lines: "Pilgrims take one point of damage every time they enter one of these squares or
    if they are stationary in the square for a full turn." A Pilgrim stationary there said so when
    he ended his activation; the Paralyzed Monkey King, passed over, has none to end: the End of
    Turn names him (`on_red_square`) and he loses the point. Cho Hakkai, who had his activation,
    is refused there with that sentence (his end of activation was the place)."""
    table = free_table(client, {"pilgrims": {"monkey_king": PARALYZED}})
    for pilgrim in PILGRIMS[1:]:
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    refused(table, ev("end_turn", on_red_square=["cho_hakkai"]),
            "Pilgrims take one point of damage every time they enter one of these squares or if "
            "they are stationary in the square for a full turn.")
    table.accepted(ev("end_turn", on_red_square=["monkey_king"]))
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 9


def test_a_lost_action_point_falls_on_the_next_turn_even_when_he_is_passed_over(client):
    """Misfortune Cards: "A few cards have forced Trigger Conditions that happen later. Place these
    cards face up near your Profile Sheet and play them as soon as the Trigger Condition occurs."
    — "Lose 1 Action Point Next Turn". Cho Hakkai holds it and is Unconscious when that next Turn's
    Pilgrim Phase passes him over; Tripitaka revives him. The loss was carried to the Turn after,
    where he had 1 Action Point: the card's turn came and went, so he has his 2."""
    table = free_table(client, {"pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious",
                                                            "ap_lost_next_turn": 1}}},
                       initiative=["cho_hakkai", "tripitaka", "monkey_king", "monk_sha"])
    table.accepted(ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=3, chi=0,
                      adjacent=True))
    for pilgrim in ("tripitaka", "monkey_king", "monk_sha"):
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    table.accepted(ev("end_turn"))
    maintenance(table)
    activation = state(table)["activation"]
    assert (activation["pilgrim"], activation["ap"]) == ("cho_hakkai", 2)


def test_paralyzed_by_a_misfortune_during_his_activation_ends_it(client):
    """Misfortune Cards: "A few cards instruct you to take other cards, for example Condition
    Cards." — a black spin whose Misfortune gives the Monkey King a Paralyzed Condition Card with
    an Action Point still left: "While Paralyzed, the Pilgrim cannot make any actions…", so his
    activation ends there (it waited for an end_activation that was the only thing he could
    enter) and Cho Hakkai's begins."""
    table = free_table(client, {"boxes": ["box-1"]})
    table.accepted(ev("meditate", pilgrim="monkey_king", box="box-1", spinner="black",
                      misfortune="Frozen"))
    table.accepted(ev("misfortune", pilgrim="monkey_king", card="Frozen", condition="Paralyzed",
                      duration=1))
    assert state(table)["activation"]["pilgrim"] == "cho_hakkai"
    refused(table, ev("rest", pilgrim="monkey_king"), Q_PARALYZED)


# == A white spin, or a Pray, when the Fortune Cards run short ======================================

Q_NO_CARDS = ("It is extremely unlikely that both the Draw Deck and Discard Pile will be empty, but "
              "if this ever happens, you cannot draw new cards of that type until some are "
              "discarded.")
Q_RESHUFFLE = "If the Draw Deck is empty, shuffle the Discard Pile and use it as the Draw Deck, as normal."
Q_WHITE = ("If the arrow ends pointing at the white area, the Player draws 3 Fortune Cards, keeps 1 "
           "of their choice, ignoring and discarding the other 2.")
THREE = ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"]


def holding(count):
    """A table whose Pilgrims hold `count` of the 20 Fortune Cards ("20 Fortune Cards"), with a
    Mystical Box on the Monkey King's tile."""
    hands = {p: {"fortune": [THREE[n % 3] for n in range(count)][i::4]}
             for i, p in enumerate(PILGRIMS)}
    return {"boxes": ["box-1"], "pilgrims": hands}


def test_a_white_spin_with_two_fortune_cards_left_draws_those_two(client):
    """Discard Pile: "If the Draw Deck is empty, shuffle the Discard Pile and use it as the Draw
    Deck, as normal. It is extremely unlikely that both the Draw Deck and Discard Pile will be
    empty, but if this ever happens, you cannot draw new cards of that type until some are
    discarded." The Pilgrims hold 18 of the 20 Fortune Cards: a white spin draws the 2 left. It
    could not be entered (3 seen were required, and 3 cannot be drawn): 3 seen are now refused with
    that sentence, the 2 left are accepted and one of them kept."""
    table = free_table(client, holding(18))
    white = ev("meditate", pilgrim="monkey_king", box="box-1", spinner="white")
    error = refused(table, {**white, "seen": THREE, "kept": "Wild Herbs"}, Q_NO_CARDS)
    assert rules_quoted(error) == [Q_NO_CARDS, Q_RESHUFFLE]
    refused(table, {**white, "seen": THREE[:2], "kept": "Om Mala of Vigor"}, Q_WHITE)
    held = state(table)["pilgrims"]["monkey_king"]["fortune"]
    table.accepted({**white, "seen": THREE[:2], "kept": "Wild Ginseng"})
    assert state(table)["pilgrims"]["monkey_king"]["fortune"] == [*held, "Wild Ginseng"]


def test_with_three_left_the_white_spin_still_draws_three(client):
    """"…the Player draws 3 Fortune Cards, keeps 1 of their choice…": with 3 left (17 held), 2
    seen is refused with the white-area sentence, not the empty-deck one."""
    table = free_table(client, holding(17))
    refused(table, ev("meditate", pilgrim="monkey_king", box="box-1", spinner="white",
                      seen=THREE[:2], kept="Wild Herbs"), Q_WHITE)
    table.accepted(ev("meditate", pilgrim="monkey_king", box="box-1", spinner="white",
                      seen=THREE, kept="Wild Herbs"))


def test_with_no_fortune_card_left_a_spin_or_a_prayer_draws_nothing(client):
    """"…you cannot draw new cards of that type until some are discarded." All 20 held: a Pray
    naming a card drawn is refused with that sentence; a Pray with none is accepted (listed with
    nothing open) and spends its Action Point; next activation, Cho Hakkai's white spin keeping a
    card is refused, the spin with none kept accepted, and his Greedy takes none. Once the Monkey
    King plays his Wild Herbs (discarded), one card is there to draw again."""
    hands = holding(20)["pilgrims"]
    table = free_table(client, {**holding(20), "pilgrims": {
        **hands, "monkey_king": {"hp": 5, **hands["monkey_king"]},
        "cho_hakkai": {"hand": ["Greedy"], **hands["cho_hakkai"]}}})
    pray = ev("pray", pilgrim="monkey_king", box="box-1")
    assert listed(table, "pray") == [pray]
    refused(table, {**pray, "card": "Wild Herbs"}, Q_NO_CARDS)
    table.accepted(pray)
    assert state(table)["activation"]["spent"] == 1
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    white = ev("meditate", pilgrim="cho_hakkai", box="box-1", spinner="white")
    refused(table, {**white, "kept": "Wild Herbs"}, Q_NO_CARDS)
    table.accepted(white)
    greedy = ev("play_card", pilgrim="cho_hakkai", card="Greedy", kind="skill")
    refused(table, {**greedy, "draws": "Wild Herbs"}, Q_NO_CARDS)
    table.accepted(greedy)  # Cho Hakkai's Greedy takes none
    table.accepted(ev("play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune"))
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 8
    table.accepted(ev("end_activation", pilgrim="cho_hakkai"))
    table.accepted(ev("pray", pilgrim="monk_sha", box="box-1", card="Wild Herbs"))


# == Whole games in free play at every player count =================================================

NAMES = ("Ann", "Ben", "Cy", "Di")
TO_TRIPITAKA = {"actions": ["move", "attack"], "targets": ["tripitaka"], "squares": 1,
                "ends": "closer"}


def seats(count):
    return [f"p{n}" for n in range(1, count + 1)]


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_free_play_game_with_karma_misfortune_revive_and_the_demons_to_its_victory(client,
                                                                                    count):
    """A whole game with no Quest rules, each event entered by the seat `legal` names (Game Setup:
    "One Player - all 4 Pilgrims. Two Players - 2 Pilgrims each. Three Players - …"):
    Turn 1 — the Monkey King Defeats a Berrok and Cleanses it ("Find the value for the Good Karma
    Reward (GKR) on the Target's Profile Sheet and add that to the Attacker's Good Karma."),
    reaching 10 Good Karma: the mandatory trade for a retained Skill Card ("10 Good Karma | A
    Permanent Skill Card (mandatory trade)."); he Meditates, black, and applies the Misfortune
    ("Losing Health…"); Cho Hakkai Kills the other ("…the Attacker must increase its Bad Karma by
    the amount shown…") and trades 10 Bad Karma for the Level 2 Weapon Card and a Corruption Card;
    Tripitaka Revives Monk Sha, who, later in the order, then takes his activation and Rests; the
    Gate spawns a Berrok, which the Demon AI sends at Tripitaka (Plan 1) and whose attack is
    defended. Turn 2 — the Monkey King Kills it and the table reports the Quest won: every
    Player wins, as the calculator says; nothing is listed after the end."""
    table = free_table(client, {
        "gates": [{"id": "gate-1"}], "boxes": ["box-1"], "demons": ["berrok", "berrok"],
        "pilgrims": {"monkey_king": {"good_karma": 9}, "cho_hakkai": {"bad_karma": 9},
                     "monk_sha": {"hp": 0, "status": "unconscious"}}},
        initiative=["monkey_king", "cho_hakkai", "tripitaka", "monk_sha"],
        players=NAMES[:count])
    assert len(set(state(table)["controllers"].values())) == count
    take(table, "attack", pilgrim="monkey_king", targets=["berrok-1"], **HIT)
    take(table, "resolve_defeat", pilgrim="monkey_king", choice="cleanse", cleanse_dice=[2])
    assert [e["type"] for e in legal(table) if e["type"] != "quest_result"] == ["karma_trade"]
    take(table, "karma_trade", pilgrim="monkey_king", kind="good", card="Shadow Walk")
    take(table, "meditate", pilgrim="monkey_king", box="box-1", spinner="black",
         misfortune="Ambush")
    take(table, "misfortune", pilgrim="monkey_king", card="Ambush", lose={"hp": 2})
    take(table, "attack", pilgrim="cho_hakkai", targets=["berrok-2"], **HIT)
    take(table, "resolve_defeat", pilgrim="cho_hakkai", choice="kill")
    take(table, "karma_trade", pilgrim="cho_hakkai", kind="bad", corruption="Permanent Limp")
    take(table, "end_activation", pilgrim="cho_hakkai")
    take(table, "revive", pilgrim="tripitaka", target="monk_sha", hp=2, chi=1, adjacent=True)
    take(table, "end_activation", pilgrim="tripitaka")
    take(table, "rest", pilgrim="monk_sha")
    take(table, "end_activation", pilgrim="monk_sha")
    pilgrims = state(table)["pilgrims"]
    assert (pilgrims["monkey_king"]["good_karma"], pilgrims["monkey_king"]["skills"][-1],
            pilgrims["monkey_king"]["hp"]) == (0, "Shadow Walk", 8)
    assert (pilgrims["cho_hakkai"]["bad_karma"], pilgrims["cho_hakkai"]["weapon_level"],
            pilgrims["cho_hakkai"]["corruption"]) == (0, 2, ["Permanent Limp"])
    assert (pilgrims["tripitaka"]["hp"], pilgrims["monk_sha"]["hp"],
            pilgrims["monk_sha"]["chi"]) == (6, 2, 6)
    take(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    take(table, "demon_options", demon="berrok-1", options=[TO_TRIPITAKA])
    take(table, "demon_plan", demon="berrok-1")
    take(table, "demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[2, 1],
         defense_dice=[1, 0])
    assert state(table)["pilgrims"]["tripitaka"]["hp"] == 4
    take(table, "end_turn")
    take(table, "maintenance")
    take(table, "attack", pilgrim="monkey_king", targets=["berrok-1"], **HIT)
    take(table, "resolve_defeat", pilgrim="monkey_king", choice="kill")
    take(table, "quest_result", outcome="victory", condition="the Villagers are safe")
    assert the_calculator_agrees(table, NAMES[:count]) == "victory"
    assert table.view()["scores"]["winners"] == seats(count)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_free_play_game_lost_when_tripitaka_dies_unrevived(client, count):
    """Ruling `tripitaka_defeat: killed` (Quests 7-9's "Defeat: Tripitaka is Killed."): the
    Berrok's attack brings Tripitaka to 0 (Unconscious, face down, "Demons ignore Unconscious
    Pilgrims completely."), nobody can Revive him ("Only Tripitaka can Revive other Pilgrims."),
    and the Maintenance turns him: side, back, then "If they are on their back, the time to revive
    them has run out and they are dead." — the game ends in Defeat at that third Maintenance,
    nobody wins (the calculator agrees) and every event is refused."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {"tripitaka": {"hp": 2}}},
                       players=NAMES[:count], tripitaka_defeat="killed")
    for pilgrim in PILGRIMS:
        take(table, "end_activation", pilgrim=pilgrim)
    take(table, "demon_options", demon="berrok-1", options=[TO_TRIPITAKA])
    take(table, "demon_plan", demon="berrok-1")
    take(table, "demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[3, 0],
         defense_dice=[0, 1])
    assert state(table)["pilgrims"]["tripitaka"]["status"] == "unconscious"
    take(table, "end_turn")
    postures = []
    for _ in range(3):
        take(table, "maintenance")
        postures.append(state(table)["pilgrims"]["tripitaka"]["posture"])
        if table.view()["over"]:
            break
        assert not legal(table, "revive")
        to_next_turn(table)
    assert postures == ["side", "back", None]
    assert state(table)["result"]["quote"] == "Defeat: Tripitaka is Killed."
    assert the_calculator_agrees(table, NAMES[:count]) == "defeat"
    assert table.view()["scores"]["winners"] == []
    refused(table, ev("rest", pilgrim="monkey_king"), "Defeat: Tripitaka is Killed.")


def test_by_default_free_play_ends_when_tripitaka_is_defeated(client):
    """The default reading of `tripitaka_defeat`, "defeated" (Quests 1, 5, 6, 10: "Defeat:
    Tripitaka is defeated."): the same attack ends the game at once, in the Demon Phase."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {"tripitaka": {"hp": 2}}},
                       players=NAMES[:2])
    for pilgrim in PILGRIMS:
        take(table, "end_activation", pilgrim=pilgrim)
    assert "berrok-1 cannot attack anyone: it moves towards Tripitaka" in choices(table)
    take(table, "demon_options", demon="berrok-1", options=[TO_TRIPITAKA])
    take(table, "demon_plan", demon="berrok-1")
    take(table, "demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[3, 0],
         defense_dice=[0, 1])
    assert table.view()["over"]
    assert state(table)["result"]["quote"] == "Defeat: Tripitaka is defeated."
    assert the_calculator_agrees(table, NAMES[:2]) == "defeat"


# == The Demon AI while Tripitaka is Unconscious: a ruling ==========================================

Q_IGNORE = ("Demons ignore Unconscious Pilgrims completely. They do not move towards them, select "
            "them as Targets and do not roll attacks against them even if they end up in the "
            "Demon's Attack Range.")
MOVE_ONLY = {"actions": ["move", "move"], "targets": [], "squares": 4, "ends": "closer"}
MONK_SHA_CLOSER = {"actions": ["move", "attack"], "targets": ["monk_sha"], "squares": 1,
                   "ends": "closer"}


def tripitaka_down(client, ruling=None):
    """Tripitaka Unconscious, the Quest going on (ruling tripitaka_defeat "killed"), a Berrok to
    activate: the Pilgrims' activations ended (Tripitaka's passed over)."""
    options = {"unconscious_tripitaka": ruling} if ruling else {}
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {
        "tripitaka": {"hp": 0, "status": "unconscious"}}}, tripitaka_defeat="killed", **options)
    for pilgrim in PILGRIMS[:3]:
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    return table


def test_demons_do_not_move_towards_an_unconscious_tripitaka_by_default(client):
    """Defeated Pilgrims: "Demons ignore Unconscious Pilgrims completely. They do not move towards
    them…" against the Demon AI's "Priority 4: Use the Action Points to move towards Tripitaka."
    With Tripitaka Unconscious and the Quest going on, the referee sent the Berrok towards him
    (Plan 4) and ranked an attack that "ends closer" to him as Plan 2. Ruling
    `unconscious_tripitaka`, default "ignored" (the sentence on Unconscious Pilgrims is the specific
    one): a Move towards him is no plan — refused with that sentence; Plan 4 is to stay; an attack
    on Monk Sha ending closer to him is Plan 3. The table page no longer labels the Demon's empty
    options "it moves towards Tripitaka"."""
    table = tripitaka_down(client)
    assert "berrok-1 cannot attack anyone" in choices(table)
    assert "moves towards Tripitaka" not in choices(table)
    table.accepted(ev("demon_options", demon="berrok-1", options=[MOVE_ONLY]))
    current = state(table)["demon_phase"]["current"]
    assert [o["priority"] for o in current["options"]] == [5, 4]
    assert current["best"] == [2] and "stays where it is" in current["options"][1]["text"]
    assert [e["option"] for e in legal(table, "demon_plan")] == [2]
    refused(table, ev("demon_plan", demon="berrok-1", option=1), Q_IGNORE)
    table.accepted(ev("demon_plan", demon="berrok-1", option=2))
    assert table.view()["phase"] == "end"  # it stayed: its activation is over


def test_an_attack_ending_closer_to_an_unconscious_tripitaka_is_plan_3_by_default(client):
    """Under "ignored" no plan counts ending closer to the Unconscious Tripitaka: the attack on
    Monk Sha that ends closer is Plan 3 ("Use the Action Points to attack any other Target."),
    still taken before staying, and its attack is entered."""
    table = tripitaka_down(client)
    table.accepted(ev("demon_options", demon="berrok-1", options=[MONK_SHA_CLOSER]))
    current = state(table)["demon_phase"]["current"]
    assert [o["priority"] for o in current["options"]] == [3, 4] and current["best"] == [1]
    table.accepted(ev("demon_plan", demon="berrok-1", option=1))
    table.accepted(ev("demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[1, 0],
                      defense_dice=[0, 0]))
    assert state(table)["pilgrims"]["monk_sha"]["hp"] == 8


def test_under_plans_as_printed_the_demons_still_move_towards_him(client):
    """Ruling `unconscious_tripitaka` "plans_as_printed": "Priority 4: Use the Action Points to
    move towards Tripitaka." as printed — the Move towards him is Plan 4 and accepted, and the
    attack ending closer to him is Plan 2."""
    table = tripitaka_down(client, "plans_as_printed")
    table.accepted(ev("demon_options", demon="berrok-1", options=[MOVE_ONLY, MONK_SHA_CLOSER]))
    current = state(table)["demon_phase"]["current"]
    assert [o["priority"] for o in current["options"]] == [4, 2, 4]
    assert "Moves towards Tripitaka" in current["options"][2]["text"]
    refused(table, ev("demon_plan", demon="berrok-1", option=1),
            "Priority 2: Use the Action Points to attack any other Target, so long as the Demon "
            "ends closer on the board to Tripitaka.")
    table.accepted(ev("demon_plan", demon="berrok-1", option=2))


@settings(max_examples=25, deadline=None)
@given(held=st.integers(0, 20), seen=st.integers(0, 4))
def test_a_white_spin_sees_three_or_every_fortune_card_left(held, seen):
    """Property, in-process: with `held` of the 20 Fortune Cards in the Pilgrims' hands, a white
    spin seeing `seen` cards is accepted exactly when `seen` is min(3, 20 - held) (the 3 the rule
    prints, or all that the Draw Deck and the Discard Pile still hold), keeping one of them — or
    none when none is left; a refused spin changes nothing (no card seen and none kept while
    some are left is a 400: the card kept is missing)."""
    setup = engine.check_setup(Game, {
        "players": ["Ann"],
        "options": {"initiative": list(PILGRIMS), "pilgrim_profiles": PROFILES["pilgrim_profiles"]},
        "position": {"boxes": ["box-1"], "gates": [], "demons": [],
                     "pilgrims": {p: {"fortune": [THREE[n % 3] for n in range(held)][i::4]}
                                  for i, p in enumerate(PILGRIMS)}}})
    model = engine.start(Game, setup)
    engine.apply(model, ev("maintenance"))
    cards = (THREE * 2)[:seen]
    spin = {**ev("meditate", pilgrim="monkey_king", box="box-1", spinner="white", seen=cards),
            **({"kept": cards[0]} if cards else {})}
    before = json.dumps(model.G, sort_keys=True)
    if seen == min(3, 20 - held):
        engine.apply(model, spin)
        assert len(model.G["pilgrims"]["monkey_king"]["fortune"]) == len(range(held)[0::4]) + (
            1 if seen else 0)
    else:  # a 422 quoting the white-area or the empty-deck sentence (400: no card kept of 3)
        with pytest.raises((RuleViolation, BadRequest)) as refusal:
            engine.apply(model, spin)
        if isinstance(refusal.value, RuleViolation):
            assert refusal.value.citation.quote in (Q_WHITE, Q_NO_CARDS)
        else:
            assert seen == 0 and held <= 17
        assert json.dumps(model.G, sort_keys=True) == before


def test_a_position_with_more_fortune_cards_held_than_the_deck_holds_is_refused(client):
    """Game Components: "- 20 Fortune Cards" — a position whose Pilgrims hold 21 is refused (400,
    naming the count), 20 is accepted (and then none is left to draw)."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": PROFILES,
        "position": holding(21)})
    assert response.status_code == 400, response.get_json()
    assert "20 Fortune Cards" in response.get_json()["error"]["message"]
    table = free_table(client, holding(20))
    assert listed(table, "pray") == [ev("pray", pilgrim="monkey_king", box="box-1")]
