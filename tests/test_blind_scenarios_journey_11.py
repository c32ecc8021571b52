"""Journey: Wrath of Demons, outsider scenarios round 13 (file 11): the Quests' own table rulings
that no outsider round had played, each both ways over a stretch of the Quest — Quest 1 from
its setup, the Villager never rescued and turned into a Bull Warrior at Turn 6, to the Victory
(`q1_transformed_villager`); Quest 10 Part 1 from its setup to the Fiery Bridge (Heroic, Defeat);
Quest 3 from its setup to its Victory, its Heroic Victory (`q3_heroic_villagers`) and its
Defeat; Quest 9's spinner when the Bull Generals run out (`q9_no_model`,
`q9_rage_on_elder_monk`), its Demon Phases under the Quest's Rage (`q9_rage_draws`), its Victory
and its Defeat; Quest 10 Part 2's Lords Killed for the Sealing Ritual (`q10b_waiting_lords`,
`q10b_lord_karma`), its single Gates (`q10b_lair_gates`), and the Bull Demon King's Paralyzing
blow (`paralyzed_by_this_attack`) from the Part's setup to its Defeat; Quest 7 from its setup
(a four-card Demon Deck) to its Heroic Victory or Defeat by Kei Lun's priorities (`q7_kei_lun`),
its chest under Lure of Demons (`q7_chest_action`) and held by a Pilgrim knocked out
(`q7_chest_when_down`); Shadow Walk (`shadow_walk`), Flaming War Cry (`war_cry_focus`) and Om
Chant (`om_chant_inactive`) at the table. Wrong entries a player makes on the way (wrong
Pilgrim, out of turn, a step twice, a token already turned, a card's effect without the card),
each refused with the sentence that forbids it and nothing changed, and undo after each kind of
Quest event. Not played: `card_extra_attack` — the book names no card that gives a second
Attack, and a scenario would have to invent one. Written
from the rulebook and the API's own description only (docs/games/journey.md,
GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, rulebook

GAME = "journey"
book = quotes_from(GAME)

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
TRIPITAKA_LAST = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}
# Quests 6 to 9 give each Pilgrim 1 Karma Upgrade at setup (10 Good Karma: a Permanent Skill Card
# of his own deck).
ONE_UPGRADE = {"monkey_king": [{"good_karma": 10, "card": "Phase Walk"}],
               "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
               "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}],
               "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def start(client, quest, order=ORDER, position=None, **options):
    """A Guide Quest set up as printed under `options`, its first Maintenance Phase entered."""
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": quest, "initiative": list(order), "pilgrim_profiles": PROFILES,
                         **options}}
    if position is not None:
        setup["position"] = position
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def act(table, pilgrim, event_type, **facts):
    return table.accepted(by(pilgrim, event_type, **facts))


def demons_step(table, event_type, **facts):
    return table.accepted({"type": event_type, "player": "p2", **facts})


def state(table):
    return table.view()["state"]


def result(table):
    view = table.view()
    return view["over"], view["scores"].get("decided_by", {}).get("rule", {}).get("quote")


def statuses(table):
    return {condition["outcome"]: condition["status"]
            for condition in table.view()["scores"]["quest"]["conditions"]}


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    table.refused(event, quote)
    assert as_seen(table.view()) == before


def refused_quoting_anything(table, event):
    """Refused (422) with a sentence of the book, nothing changed: where which sentence it
    should be is a finding's own test."""
    before = as_seen(table.view())
    response = table.send(event)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["rule"]["quote"] in rulebook(GAME)
    assert as_seen(table.view()) == before


def undone_and_entered_again(table, event):
    """The event accepted; undone, the table exactly as before it; entered again, exactly as after
    it the first time."""
    before = as_seen(table.view())
    table.accepted(event)
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    table.accepted(event)
    assert as_seen(table.view()) == after, event


def idle_demon(table, demon):
    """A Demon that can do nothing with its Action Points this Demon Phase."""
    demons_step(table, "demon_options", demon=demon, options=[])
    demons_step(table, "demon_plan", demon=demon, option=1)


# --- Quest 1: the Villager turned into a Bull Warrior, under both readings ---------------------

Q1_VICTORY = book("Victory: The Pilgrims must defeat all Demons in the Villagers' house.")


@pytest.mark.parametrize("reading", ["in_house", "not_counted"])
def test_quest_1_from_its_setup_the_villager_never_rescued_to_the_victory(client, reading):
    table = start(client, "q1", q1_transformed_villager=reading)
    tokens = state(table)["quest_state"]["villager_tokens"]
    assert tokens == {"villager-1": 5}
    # Turns 1 to 5: nobody rescues the Villagers. Each Turn the Gate spawns a Berrok, which the
    # Monkey King kills the next Turn; one Turn Token comes off the Villager at each End of Turn.
    spawned = None
    for turn in range(1, 6):
        if spawned:
            act(table, "monkey_king", "attack", targets=[spawned], target_hp=3, **STRIKE)
            act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
        for pilgrim in ORDER:
            act(table, pilgrim, "end_activation")
        demons_step(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
        spawned = next(demon for demon in state(table)["demons"]
                       if demon not in ("berrok-1", "berrok-2"))
        idle_demon(table, spawned)
        demons_step(table, "end_turn")
        assert state(table)["quest_state"]["villager_tokens"] == {"villager-1": 5 - turn}
        if turn < 5:
            demons_step(table, "maintenance")
            assert state(table)["tokens"]["villagers"] == ["villager-1"]
    # The Maintenance of Turn 6 finds no Turn Token left: a Bull Warrior replaces the Villager.
    undone_and_entered_again(table, {"type": "maintenance", "player": "p2"})
    assert state(table)["tokens"]["villagers"] == []
    warrior = next(demon for demon in state(table)["demons"]
                   if demon not in ("berrok-1", "berrok-2", spawned))
    assert statuses(table)["heroic_victory"] == "no_longer_possible"
    refused_unchanged(table, by("monkey_king", "rescue_villager", villager="villager-1"),
                      book("In the Maintenance Phase when there are no Turn Tokens on the "
                           "Villagers, replace the Villager Token with a Bull Warrior."))
    # Turn 6: the Monkey King kills last Turn's Berrok and breaks the door; Monk Sha and
    # Tripitaka kill the two Berroks in the house.
    act(table, "monkey_king", "attack", targets=[spawned], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    house = ["berrok-1", "berrok-2"] + ([warrior] if reading == "in_house" else [])
    undone_and_entered_again(table, by("monkey_king", "break_door", door="door-1", opens=house))
    act(table, "monk_sha", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monk_sha", "resolve_defeat", choice="kill", reward=1)
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "attack", targets=["berrok-2"], target_hp=3, **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="kill", reward=1)
    if reading == "not_counted":
        # Only the Demons entered as in the house count: both Berroks gone, the Quest is won.
        assert result(table) == (True, Q1_VICTORY)
        return
    # The Bull Warrior stands where the Villager was, in the house: one more to defeat.
    assert result(table)[0] is False
    act(table, "tripitaka", "end_activation")
    act(table, "cho_hakkai", "attack", targets=[warrior], target_hp=3, **STRIKE)
    act(table, "cho_hakkai", "resolve_defeat", choice="kill", reward=1)
    assert result(table) == (True, Q1_VICTORY)
    assert table.view()["scores"]["winners"] == ["p1", "p2"]


# --- Quest 3 from its setup to its end ----------------------------------------------------------

Q3_HEROIC = book("Heroic Victory: The Pilgrims must (1) seal all the Gates and (2) rescue all the "
                 "Villagers.")
Q3_VICTORY = book("Victory: The Pilgrims must (1) seal all the Gates.")
Q3_DEFEAT = book("Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims "
                 "fail.")
SAFE_HOUSE = book("Safe House: You cannot Rescue the Villagers in the house.")
ONLY_TRIPITAKA_CLOSES = book("Only Tripitaka can Close a Demon Gate.")
CLOSED_GATE = book("Closed Gates never become active again.")
INITIATIVE = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")


def quest_3_turn_over(table):
    """The Borrack idle, the End of Turn and the next Maintenance."""
    idle_demon(table, "borrack-1")
    demons_step(table, "end_turn")
    demons_step(table, "maintenance")


@pytest.mark.parametrize("reading, village_entered, ending", [
    ("every_villager", False, Q3_VICTORY),
    ("outside_safe_house", False, Q3_HEROIC),
    ("outside_safe_house", True, Q3_DEFEAT)],
    ids=["every-villager-victory", "outside-safe-house-heroic", "borrack-in-the-village"])
def test_quest_3_from_its_setup_to_its_end_under_each_reading_of_all_the_villagers(
        client, reading, village_entered, ending):
    # Tripitaka last; villager-3 is in the Safe House. The Gates sleep until the band reaches the
    # central tile, so Tripitaka gathers the three Sutras and seals the Gates in three Turns.
    table = start(client, "q3", order=TRIPITAKA_LAST, q3_heroic_villagers=reading,
                  quest_setup={"safe_house": ["villager-3"]})
    setup = state(table)
    assert {gate["status"] for gate in setup["gates"].values()} == {"inactive"}
    assert (setup["tokens"]["villagers"], list(setup["demons"])) == (
        ["villager-1", "villager-2", "villager-3"], ["borrack-1"])
    # Turn 1: the Monkey King cannot rescue the Villagers in the house, nor close a Gate.
    refused_unchanged(table, by("monkey_king", "rescue_villager", villager="villager-3"),
                      SAFE_HOUSE)
    refused_unchanged(table, by("monkey_king", "close_gate", gate="gate-1"),
                      ONLY_TRIPITAKA_CLOSES)
    undone_and_entered_again(table, by("monkey_king", "rescue_villager", villager="villager-1"))
    act(table, "monkey_king", "end_activation")
    # Cho Hakkai before Monk Sha is out of turn.
    refused_unchanged(table, by("cho_hakkai", "rescue_villager", villager="villager-2"),
                      INITIATIVE)
    act(table, "monk_sha", "rescue_villager", villager="villager-2")
    act(table, "monk_sha", "end_activation")
    act(table, "cho_hakkai", "end_activation")
    act(table, "tripitaka", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "tripitaka", "collect_sutra", sutra="sutra-2", adjacent=True)
    assert statuses(table)["heroic_victory"] == (
        "no_longer_possible" if reading == "every_villager" else "not_yet")
    quest_3_turn_over(table)
    # Turn 2: Tripitaka seals gate-1 (sealed, it cannot be sealed again) and takes the last Sutra.
    for pilgrim in TRIPITAKA_LAST[:3]:
        act(table, pilgrim, "end_activation")
    undone_and_entered_again(table, by("tripitaka", "close_gate", gate="gate-1"))
    refused_unchanged(table, by("tripitaka", "close_gate", gate="gate-1"), CLOSED_GATE)
    act(table, "tripitaka", "collect_sutra", sutra="sutra-3", adjacent=True)
    if village_entered:
        # The Borrack crosses the bridge into the village in the Demon Phase: lost at once.
        undone_and_entered_again(table, {"type": "village_entered", "player": "p2",
                                         "demon": "borrack-1"})
        assert result(table) == (True, ending)
        assert table.view()["scores"]["winners"] == []
        return
    quest_3_turn_over(table)
    for pilgrim in TRIPITAKA_LAST[:3]:
        act(table, pilgrim, "end_activation")
    act(table, "tripitaka", "close_gate", gate="gate-2")
    assert result(table)[0] is False
    act(table, "tripitaka", "close_gate", gate="gate-3")
    assert result(table) == (True, ending)
    assert table.view()["scores"]["winners"] == ["p1", "p2"]
    table.undo()
    assert result(table)[0] is False and state(table)["gates"]["gate-3"]["status"] == "inactive"


# --- Quest 9: the spinner, the Bull Generals and the Rage ---------------------------------------

TRAP = book("Kogaiji's Trap: Only 1 of the Villager Tokens is the Elder Monk, the other 3 are "
            "Borrack Bull Generals hidden by the deception spell.")
Q9_HEROIC = book("Heroic Victory: All the Pilgrims survive.")
Q9_DEFEAT = book("Defeat: Tripitaka is Killed.")
IMMUNE = book("He will not move or attack while doing so, and he is immune from attack.")


def quest_9(client, **options):
    return start(client, "q9", quest_setup={"upgrades": ONE_UPGRADE}, **options)


@pytest.mark.parametrize("reading", ["rage", "no_rage"])
def test_quest_9_the_elder_monk_found_with_one_bull_general_model_for_two_tokens(client, reading):
    table = quest_9(client, q9_rage_on_elder_monk=reading)
    refused_unchanged(table, by("monkey_king", "attack", targets=["kogaiji-1"], target_hp=9,
                                **STRIKE), IMMUNE)
    undone_and_entered_again(table, by("monkey_king", "rescue_attempt", villager="villager-1",
                                       spinner="black"))
    undone_and_entered_again(table, by("monkey_king", "rescue_attempt", villager="villager-2",
                                       spinner="white"))
    after = state(table)
    # Two tokens to replace, one Bull General model left in the box (two in the game).
    assert after["tokens"]["villagers"] == []
    assert sorted(after["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]
    assert after["pilgrims"]["monkey_king"]["good_karma"] == 3
    assert after["rage"] is (reading == "rage")


@pytest.mark.parametrize("reading", ["token_removed", "token_stays"])
def test_quest_9_the_deception_broken_with_no_bull_general_left(client, reading):
    table = quest_9(client, q9_no_model=reading)
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="black")
    assert sorted(state(table)["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]
    assert state(table)["rage"] is False
    # The third Bad Fortune: no Bull General model is left to place. Demon Rage either way.
    act(table, "monk_sha", "rescue_attempt", villager="villager-3", spinner="black")
    after = state(table)
    assert after["rage"] is True
    assert sorted(after["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]
    assert after["tokens"]["villagers"] == (
        ["villager-4"] if reading == "token_removed" else ["villager-3", "villager-4"])
    if reading == "token_removed":
        # One token left: it is the Elder Monk, no spin.
        act(table, "monk_sha", "rescue_attempt", villager="villager-4")
        assert state(table)["pilgrims"]["monk_sha"]["good_karma"] == 3
        assert state(table)["tokens"]["villagers"] == []


def test_quest_9_a_token_that_broke_the_deception_is_never_the_elder_monk(client):
    # Three Bad Fortunes have shown the three Bull Generals; the third could not be replaced and
    # stays on the board. It is a Bull General, not the Elder Monk: the book has only 3.
    table = quest_9(client, q9_no_model="token_stays")
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="black")
    act(table, "monk_sha", "rescue_attempt", villager="villager-3", spinner="black")
    refused_unchanged(table, by("monk_sha", "rescue_attempt", villager="villager-3",
                                spinner="white"), TRAP)


@pytest.mark.parametrize("reading", ["this_phase_only", "none_while_raging"])
def test_quest_9_the_demon_phase_after_the_rage_began_in_the_pilgrim_phase(client, reading):
    table = quest_9(client, q9_rage_draws=reading)
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="white")
    assert state(table)["rage"] is True
    for pilgrim in ORDER[1:]:
        act(table, pilgrim, "end_activation")
    gates = {"type": "measure", "player": "p2", "of": "gates",
             "distances": {"gate-1": 3, "gate-2": 6}}
    if reading == "none_while_raging":
        # The Rage Card stays on the deck until Kogaiji is Defeated: no card is drawn at all.
        assert table.view()["phase"] == "demons_activate"
        refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-1",
                                  "card": "reinforcement", "demons": ["berrok"]},
                          book("Stop drawing Demon Cards for the rest of the Demon Phase of this "
                               "Turn."))
        return
    # As in the core game, the Rage stops only the draws of the Demon Phase it began in; it
    # began in the Pilgrim Phase, so the Gates spawn as usual.
    assert table.view()["phase"] == "demons_spawn"
    table.accepted(gates)
    demons_step(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert any(demon.startswith("berrok") for demon in state(table)["demons"])


def test_quest_9_from_its_setup_to_its_heroic_victory(client):
    table = quest_9(client, order=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="black")
    # Monk Sha finds the Elder Monk: the last token in the room becomes a Bull General, but both
    # models stand on the board already.
    act(table, "monk_sha", "rescue_attempt", villager="villager-3", spinner="white")
    assert state(table)["tokens"]["villagers"] == []
    # Kogaiji's spell has ended: Monk Sha Defeats him, out of play with no Karma.
    act(table, "monk_sha", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    after = state(table)
    assert "kogaiji-1" not in after["demons"]
    assert (after["pilgrims"]["monk_sha"]["good_karma"],
            after["pilgrims"]["monk_sha"]["bad_karma"]) == (3, 0)
    assert {gate["status"] for gate in after["gates"].values()} == {"inactive"}
    for borrack, pilgrim in (("borrack-1", "tripitaka"), ("borrack-2", "tripitaka")):
        assert result(table)[0] is False
        act(table, pilgrim, "attack", targets=[borrack], target_hp=9, **STRIKE)
        act(table, pilgrim, "resolve_defeat", choice="kill", reward=4)
    over, decided_by = result(table)
    assert over is True and decided_by.endswith(Q9_HEROIC)


def test_quest_9_tripitaka_left_on_his_back_dies_and_it_is_lost(client):
    # Joined at Turn 4 with Tripitaka Unconscious on his side: the Maintenance lays him on his
    # back; nobody else may Revive him, and at the next Maintenance he is dead.
    table = start(client, "q9", karma_upgrades="in_position", position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
        "doors": ["door-1", "door-2", "door-3"], "villagers": [],
        "demons": ["kogaiji", "borrack"], "turn": 4,
        "pilgrims": {"monk_sha": {"villagers": 1},
                     "tripitaka": {"hp": 0, "status": "unconscious", "posture": "side"}}})
    assert state(table)["pilgrims"]["tripitaka"]["posture"] == "back"
    refused_unchanged(table, by("monkey_king", "revive", target="tripitaka", hp=2, chi=0,
                                adjacent=True), book("Only Tripitaka can Revive other Pilgrims."))
    for pilgrim in ("monkey_king", "monk_sha", "cho_hakkai"):
        act(table, pilgrim, "end_activation")
    demons_step(table, "measure", of="gates", distances={"gate-1": 3, "gate-2": 6})
    for gate in ("gate-1", "gate-2"):
        demons_step(table, "spawn", gate=gate, card="reinforcement", demons=["berrok"])
    demons = sorted(state(table)["demons"])
    demons_step(table, "measure", of="demons",
                distances={demon: n for n, demon in enumerate(demons, 1)})
    while table.view()["phase"] == "demons_activate":
        demon = next(event["demon"] for event in table.view()["legal"]
                     if event["type"] == "demon_options")
        idle_demon(table, demon)
    demons_step(table, "end_turn")
    assert result(table)[0] is False
    demons_step(table, "maintenance")
    assert state(table)["pilgrims"]["tripitaka"]["status"] == "dead"
    over, decided_by = result(table)
    assert over is True and decided_by.endswith(Q9_DEFEAT)
    assert table.view()["scores"]["winners"] == []


# --- Quest 10 Part 2 from its setup ---------------------------------------------------------------

SEALED = book("Heroic Victory: Tripitaka completes the Sealing Ritual.")
NO_LORDS = book("There are no Demon Lords in the lair.")
ADJACENT_TO_SEAL = book("Tripitaka must be adjacent to the broken Seal of the Underworld "
                        "(represented by the 3 Gates on the right of the Map).")
SINGLE_GATES = book("Demons spawn from the two single Gates outlined in yellow, using the special "
                    "rules below.")
PARALYZED = book("While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
Q10B_DEFEAT = book("Defeat: Tripitaka is Defeated.")


def lair(client, **options):
    """Quest 10 Part 2 as printed (the three Lords in the lair, Tripitaka holding the 4 Sutras),
    played on its own: the Pilgrims come as the position enters them."""
    return start(client, "q10b", karma_upgrades="in_position", **options)


@pytest.mark.parametrize("waiting", ["not_in_lair", "in_lair"])
@pytest.mark.parametrize("karma", ["as_normal", "none"])
def test_quest_10_part_2_the_three_lords_put_down_in_turn_1_then_the_sealing_ritual(
        client, waiting, karma):
    table = lair(client, q10b_waiting_lords=waiting, q10b_lord_karma=karma)
    assert sorted(state(table)["demons"]) == ["kogaiji-1", "koorogg-1", "yazuiji-1"]
    # The Monkey King kills the Bull Demon King, Monk Sha kills Kogaiji, Tripitaka Cleanses Iron
    # Fan: two earthly bodies wait behind the Seal, one Lord is gone for good.
    act(table, "monkey_king", "attack", targets=["koorogg-1"], **STRIKE)
    undone_and_entered_again(table, by("monkey_king", "resolve_defeat", choice="kill"))
    act(table, "monkey_king", "end_activation")
    act(table, "monk_sha", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    act(table, "monk_sha", "resolve_defeat", choice="kill", reward=4)
    # A Kill entered twice: nothing is waiting for it.
    refused_unchanged(table, by("monk_sha", "resolve_defeat", choice="kill"),
                      book("Once a Miniature is Defeated, the Attacker may have some options."))
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "attack", targets=["yazuiji-1"], target_hp=9, **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="cleanse", cleanse_dice=[3], soul_power=2,
        reward=4)
    after = state(table)
    assert after["demons"] == {}
    assert after["quest_state"]["respawn"] == {"koorogg": 2, "kogaiji": 10}
    gained = {name: (pilgrim["good_karma"], pilgrim["bad_karma"])
              for name, pilgrim in after["pilgrims"].items() if name != "cho_hakkai"}
    # The Bull Demon King's Karma Rewards are printed (5 and 5); the others' are entered.
    assert gained == ({"monkey_king": (0, 5), "monk_sha": (0, 4), "tripitaka": (4, 0)}
                     if karma == "as_normal" else
                     {"monkey_king": (0, 0), "monk_sha": (0, 0), "tripitaka": (0, 0)})
    if waiting == "in_lair":
        # Only their earthly bodies were killed: the Lords are still in the lair.
        refused_unchanged(table, by("tripitaka", "sealing_ritual", adjacent=True), NO_LORDS)
        assert statuses(table)["heroic_victory"] != "met"
        return
    refused_unchanged(table, by("tripitaka", "sealing_ritual", adjacent=False), ADJACENT_TO_SEAL)
    act(table, "tripitaka", "sealing_ritual", adjacent=True)
    assert result(table) == (True, SEALED)
    assert table.view()["scores"]["winners"] == ["p1", "p2"]
    table.undo()
    assert result(table)[0] is False
    assert state(table)["pilgrims"]["tripitaka"]["sutras"] == 4


@pytest.mark.parametrize("reading", ["mantra_only", "also_each_turn"])
def test_quest_10_part_2_the_two_single_gates_under_each_reading(client, reading):
    table = lair(client, q10b_lair_gates=reading)
    gates = state(table)["gates"]
    assert (gates["gate-1"]["status"], gates["gate-2"]["status"]) == (
        ("inactive", "inactive") if reading == "mantra_only" else ("active", "active"))
    # The Seal of the Underworld never spawns.
    assert {gates[f"gate-{n}"]["status"] for n in (3, 4, 5)} == {"inactive"}
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    spawn = {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
             "demons": ["berrok"]}
    if reading == "mantra_only":
        refused_unchanged(table, spawn, SINGLE_GATES)
    else:
        demons_step(table, "measure", of="gates", distances={"gate-1": 5, "gate-2": 9})
        undone_and_entered_again(table, spawn)
        demons_step(table, "spawn", gate="gate-2", card="reinforcement", demons=["berrok"])
    # Either way, the Lords with no Pilgrim on their tile chant: 2 cards each, alternately.
    demons_step(table, "lords_tiles", with_pilgrims=["koorogg-1"])
    for gate in ("gate-1", "gate-2", "gate-1", "gate-2"):
        demons_step(table, "mantra_spawn", gate=gate, card="reinforcement", demons=["berrok"])
    berroks = [demon for demon in state(table)["demons"] if demon.startswith("berrok")]
    assert len(berroks) == (4 if reading == "mantra_only" else 6)


@pytest.mark.parametrize("reading", ["defends", "no_defense"])
def test_quest_10_part_2_the_bull_demon_kings_paralyzing_blow_from_the_setup(client, reading):
    # Turn 1: nobody moves; a Pilgrim stands on the Bull Demon King's tile, so he attacks and the
    # two other Lords chant. He rolls 2 and 1 and 3 on his Demon Die: +3 damage and Paralyzed.
    table = lair(client, paralyzed_by_this_attack=reading)
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    undone_and_entered_again(table, {"type": "lords_tiles", "player": "p2",
                                     "with_pilgrims": ["koorogg-1"]})
    for gate in ("gate-1", "gate-2", "gate-1", "gate-2"):
        demons_step(table, "mantra_spawn", gate=gate, card="reinforcement", demons=["berrok"])
    demons_step(table, "measure", of="demons", distances={
        "koorogg-1": 1, "berrok-1": 5, "berrok-2": 6, "berrok-3": 7, "berrok-4": 8,
        "kogaiji-1": 9, "yazuiji-1": 10})
    demons_step(table, "demon_options", demon="koorogg-1", options=[
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}])
    demons_step(table, "demon_plan", demon="koorogg-1", option=1)
    blow = {"type": "demon_attack", "player": "p2", "demon": "koorogg-1", "target": "tripitaka",
            "attack_dice": [2, 1], "demon_die": 3, "condition_duration": 1}
    if reading == "defends":
        # As Monkey against Kogaiji: he defends the blow that Paralyzes him (3 and 3: no damage).
        undone_and_entered_again(table, {**blow, "defense_dice": [3, 3]})
        assert state(table)["pilgrims"]["tripitaka"]["hp"] == 8
    else:
        refused_unchanged(table, {**blow, "defense_dice": [3, 3]}, PARALYZED)
        undone_and_entered_again(table, blow)
        assert state(table)["pilgrims"]["tripitaka"]["hp"] == 2
    assert [c["name"] for c in state(table)["pilgrims"]["tripitaka"]["conditions"]] == [
        "Paralyzed"]
    # The second Attack: Paralyzed now under either reading, he cannot defend it.
    second = {"type": "demon_attack", "player": "p2", "demon": "koorogg-1", "target": "tripitaka",
              "attack_dice": [1, 1], "demon_die": 0}
    refused_unchanged(table, {**second, "defense_dice": [3, 3]}, PARALYZED)
    table.accepted(second)
    tripitaka = state(table)["pilgrims"]["tripitaka"]
    if reading == "defends":
        assert (tripitaka["hp"], result(table)[0]) == (6, False)
        return
    assert (tripitaka["hp"], tripitaka["status"]) == (0, "unconscious")
    over, decided_by = result(table)
    assert over is True and decided_by.endswith(Q10B_DEFEAT)
    assert table.view()["scores"]["winners"] == []


# --- Quest 7 from its setup to its end ----------------------------------------------------------

Q7_HEROIC = book("Heroic Victory: All the Pilgrims and Kei Lun survive.")
Q7_DEFEAT = book("Defeat: Tripitaka or Kei Lun are Killed.")
KEI_LUN_MOVES_FIRST = book("Priority 1: Move 1 square forwards or rotate. He will move towards "
                           "the treasure chest to guard it, i.e. when the box is in 1 of the 2 "
                           "squares directly in front of him.")
LURE = book("Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one "
            "turn.")
KEEPS = book("The revived Pilgrim keeps all their Skill Cards, etc.")
GATE_DISTANCES = {"gate-1": 3, "gate-2": 5, "gate-3": 7, "gate-4": 9}
TWO_BLOWS = [{"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0}]


def quest_7(client, deck_cards=4, upgrades=ONE_UPGRADE, **options):
    """Quest 7 as printed, Kei Lun's sheet entered as 12 Health Points, a Demon Spawn Deck of
    `deck_cards` cards (the table's deck, counted to its end)."""
    return start(client, "q7", quest_setup={"upgrades": upgrades, "kei_lun_hp": 12,
                                            "deck_cards": deck_cards}, **options)


def kei_lun_walks(table, guarding_after=False):
    demons_step(table, "kei_lun_ally", action="move", guarding=False, towards_chest=True,
                guarding_after=guarding_after)


def quest_7_turn_1(table, spawned=("berrok",) * 4, guarding_after=False):
    """Turn 1 from the setup: the Pilgrims pass, Kei Lun walks towards the chest; the four Gates
    draw the deck's four cards (the Gates then go inactive); the Berroks can do nothing yet."""
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    kei_lun_walks(table, guarding_after)
    demons_step(table, "measure", of="gates", distances=GATE_DISTANCES)
    for gate, demon in zip(GATE_DISTANCES, spawned, strict=True):
        if demon:
            demons_step(table, "spawn", gate=gate, card="reinforcement", demons=[demon])
        else:
            demons_step(table, "spawn", gate=gate, card="special", name="Wild Attacks")


@pytest.mark.parametrize("reading, ending", [("attack_first", Q7_HEROIC),
                                             ("move_first", Q7_DEFEAT)])
def test_quest_7_from_its_setup_kei_lun_with_a_berrok_in_range_before_he_guards(
        client, reading, ending):
    table = quest_7(client, q7_kei_lun=reading)
    gates = state(table)["gates"]
    assert {gate["status"] for gate in gates.values()} == {"active"}
    quest_7_turn_1(table)
    after = state(table)
    assert {gate["status"] for gate in after["gates"].values()} == {"inactive"}
    berroks = sorted(after["demons"])
    assert len(berroks) == 4
    demons_step(table, "measure", of="demons",
                distances={demon: n for n, demon in enumerate(berroks, 3)})
    for demon in berroks:
        idle_demon(table, demon)
    demons_step(table, "end_turn")
    demons_step(table, "maintenance")
    # Turn 2: the Pilgrims kill three Berroks; the fourth stands in Kei Lun's range, and he does
    # not guard the chest yet.
    for demon, pilgrim in zip(berroks[1:], ("monkey_king", "monkey_king", "monk_sha"), strict=True):
        act(table, pilgrim, "attack", targets=[demon], target_hp=3, **STRIKE)
        act(table, pilgrim, "resolve_defeat", choice="kill", reward=1)
    for pilgrim in ("monk_sha", "tripitaka", "cho_hakkai"):
        act(table, pilgrim, "end_activation")
    attack = {"type": "kei_lun_ally", "player": "p2", "action": "attack", "guarding": False,
              "in_range": [berroks[0]],
              "attacks": [{"target": berroks[0], "attack_dice": [3, 3, 3]}]}
    if reading == "attack_first":
        # As in Quest 5: he attacks what is in range; his attack Kills the last Demon, and
        # "there is no need to track Bad Karma for Kei Lun": nobody's Karma changes.
        karma_before = {name: (p["good_karma"], p["bad_karma"])
                        for name, p in state(table)["pilgrims"].items()}
        undone_and_entered_again(table, attack)
        assert {name: (p["good_karma"], p["bad_karma"])
                for name, p in state(table)["pilgrims"].items()} == karma_before
        assert result(table) == (True, ending)
        assert table.view()["scores"]["winners"] == ["p1", "p2"]
        return
    refused_unchanged(table, attack, KEI_LUN_MOVES_FIRST)
    kei_lun_walks(table, guarding_after=True)
    # The Berrok, treating Kei Lun as a fifth Pilgrim, strikes him twice for 6: Killed.
    demons_step(table, "demon_options", demon=berroks[0],
                options=[{**TWO_BLOWS[0], "targets": ["kei_lun"]}])
    demons_step(table, "demon_plan", demon=berroks[0], option=1)
    demons_step(table, "kei_lun_attacked", demon=berroks[0], attack_dice=[3, 3])
    assert state(table)["quest_state"]["kei_lun"]["hp"] == 6
    undone_and_entered_again(table, {"type": "kei_lun_attacked", "player": "p2",
                                     "demon": berroks[0], "attack_dice": [3, 3]})
    assert result(table) == (True, ending)
    assert table.view()["scores"]["winners"] == []


Q7_DECK = book("Demon Deck: All Gates are active from the start of the Quest, but become inactive "
               "when the entire Demon Spawn Deck has been played once.")


def test_quest_7_the_fourth_gate_does_not_spawn_once_a_three_card_deck_is_played(client):
    table = quest_7(client, deck_cards=3)
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    kei_lun_walks(table)
    demons_step(table, "measure", of="gates", distances=GATE_DISTANCES)
    for gate in ("gate-1", "gate-2", "gate-3"):
        demons_step(table, "spawn", gate=gate, card="reinforcement", demons=["berrok"])
    assert {gate["status"] for gate in state(table)["gates"].values()} == {"inactive"}
    refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-4",
                              "card": "reinforcement", "demons": ["berrok"]}, Q7_DECK)


@pytest.mark.parametrize("reading", ["one_action", "two_actions"])
def test_quest_7_the_monkey_king_under_lure_of_demons_picks_up_and_sets_down_the_chest(
        client, reading):
    # His Karma Upgrade taken as 10 Bad Karma: his weapon goes up a level and he draws Lure of
    # Demons.
    lured = {**ONE_UPGRADE, "monkey_king": [{"bad_karma": 10, "corruption": "Lure of Demons"}]}
    table = quest_7(client, upgrades=lured, q7_chest_action=reading)
    assert state(table)["pilgrims"]["monkey_king"]["corruption"] == ["Lure of Demons"]
    undone_and_entered_again(table, by("monkey_king", "treasure_chest", action="pick_up"))
    set_down = by("monkey_king", "treasure_chest", action="set_down")
    if reading == "one_action":
        refused_unchanged(table, set_down, LURE)
        assert state(table)["quest_state"]["chest_holder"] == "monkey_king"
    else:
        table.accepted(set_down)
        assert state(table)["quest_state"]["chest_holder"] is None


@pytest.mark.parametrize("reading", ["kept", "dropped"])
def test_quest_7_the_chest_of_the_monkey_king_knocked_out(client, reading):
    table = quest_7(client, q7_chest_when_down=reading)
    act(table, "monkey_king", "treasure_chest", action="pick_up")
    quest_7_turn_1(table, spawned=("berrok", None, None, None), guarding_after=True)
    # The Berrok hits the Monkey King twice for 6 (he rolls no defense worth a point): 0 HP.
    demons_step(table, "demon_options", demon="berrok-1",
                options=[{**TWO_BLOWS[0], "targets": ["monkey_king"]}])
    demons_step(table, "demon_plan", demon="berrok-1", option=1)
    for _blow in range(2):
        demons_step(table, "demon_attack", demon="berrok-1", target="monkey_king",
                    attack_dice=[3, 3], defense_dice=[0, 0])
    assert state(table)["pilgrims"]["monkey_king"]["status"] == "unconscious"
    demons_step(table, "end_turn")
    demons_step(table, "maintenance")
    # Turn 2: the Monkey King lies Unconscious; Monk Sha is the first to act.
    pick_up = by("monk_sha", "treasure_chest", action="pick_up")
    offered = {"type": "treasure_chest", "player": "p2", "pilgrim": "monk_sha",
               "action": "pick_up"} in table.view()["legal"]
    if reading == "kept":
        assert not offered
        refused_unchanged(table, pick_up, KEEPS)
        assert state(table)["quest_state"]["chest_holder"] == "monkey_king"
    else:
        assert offered
        undone_and_entered_again(table, pick_up)
        assert state(table)["quest_state"]["chest_holder"] == "monk_sha"


# --- The Monkey King's and Tripitaka's cards under their table rulings --------------------------

LAYOUT = {"boxes": ["box-1"], "wells": ["well-1"], "doors": ["door-1"],
          "gates": [{"id": "gate-1", "status": "inactive"}], "sutras": ["sutra-1"],
          "villagers": ["villager-1"]}
WAR_CRY = book("For example, Flaming War Cry makes Monkey the center of attention for all Demons "
               "on his Map Tile.")
PRIORITY_1 = book("Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.")
BLOCKED = book("A Miniature cannot move into or through a square which is blocked.")
TRIPITAKA_FIRST = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]


def free_play(client, hands, order=ORDER, inactive=(), **options):
    """A free-play game (a Berrok, the Gate inactive, the `inactive` Demons behind the closed
    door), the Pilgrims holding `hands`, under `options`; its first Maintenance entered."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": list(order), "pilgrim_profiles": PROFILES, **options},
        "position": {**LAYOUT, "demons": ["berrok"], "inactive_demons": list(inactive),
                     "pilgrims": {pilgrim: {"hand": cards} for pilgrim, cards in hands.items()}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def card(pilgrim, name, **facts):
    return by(pilgrim, "play_card", card=name, kind="skill", **facts)


# What blocks each Move without a card: the sentence that says so.
BLOCKS = {"closed_door": book("Closed Doors block movement for all Miniatures."),
          "wall": book("Yellow Lines: No part of a Miniature's base can be moved through a feature "
                       "marked by a yellow line at any point in the Miniature's turn, including "
                       "when the Miniature Changes Facing."),
          "miniature": BLOCKED,
          "token": book("Unless otherwise stated, Tokens block movement and LOS for all models.")}


@pytest.mark.parametrize("reading, obstruction, allowed", [
    ("door_or_wall", "closed_door", True), ("door_or_wall", "wall", True),
    ("door_or_wall", "miniature", False),
    ("like_phase_walk", "miniature", True), ("like_phase_walk", "token", True)])
def test_shadow_walk_what_the_monkey_kings_move_may_pass(client, reading, obstruction, allowed):
    table = free_play(client, {"monkey_king": ["Shadow Walk"]}, shadow_walk=reading)
    move = by("monkey_king", "move", steps=3, through_blocked=True, obstruction=obstruction)
    # Without the card, nothing blocked is passed.
    refused_unchanged(table, move, BLOCKS[obstruction])
    undone_and_entered_again(table, card("monkey_king", "Shadow Walk", duration="this_action"))
    if not allowed:
        refused_unchanged(table, move, BLOCKED)
        return
    undone_and_entered_again(table, move)
    # The card lasted this Move: the next Move passes nothing blocked.
    refused_unchanged(table, move, BLOCKS[obstruction])


def war_cry_demon_phase(client, reading):
    table = free_play(client, {"monkey_king": ["Flaming War Cry"]}, war_cry_focus=reading)
    # Flaming War Cry lasts the rest of the turn (played on its own, not for the rest of the
    # activation only).
    act(table, "monkey_king", "play_card", card="Flaming War Cry", kind="skill",
        duration="end_of_turn")
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    return table


ON_THE_MONKEY = {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
                 "targets": ["monkey_king"]}


@pytest.mark.parametrize("reading", ["replaces_tripitaka", "preferred_target"])
def test_flaming_war_cry_a_berrok_that_can_reach_tripitaka_or_strike_the_monkey_king(
        client, reading):
    table = war_cry_demon_phase(client, reading)
    demons_step(table, "demon_options", demon="berrok-1", on_monkey_kings_tile=True, options=[
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1, "targets": ["tripitaka"]},
        ON_THE_MONKEY])
    if reading == "replaces_tripitaka":
        # The Monkey King is the centre of their attention: attacking him is their Plan 1.
        assert [e["option"] for e in table.view()["legal"]
                if e["type"] == "demon_plan" and e["player"] == "p2"] == [2]
        # (Which sentence the refusal quotes: finding 136, below.)
        refused_quoting_anything(table, {"type": "demon_plan", "player": "p2",
                                         "demon": "berrok-1", "option": 1})
        demons_step(table, "demon_plan", demon="berrok-1", option=2)
    else:
        # Killing Tripitaka stays their main focus: the attack on him is Plan 1.
        assert [e["option"] for e in table.view()["legal"]
                if e["type"] == "demon_plan" and e["player"] == "p2"] == [1]
        refused_unchanged(table, {"type": "demon_plan", "player": "p2", "demon": "berrok-1",
                                  "option": 2}, PRIORITY_1)
        demons_step(table, "demon_plan", demon="berrok-1", option=1)


REACH_TRIPITAKA = {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
                   "targets": ["tripitaka"]}
STRIKE_TWO_OTHERS = {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
                     "targets": ["monk_sha", "cho_hakkai"]}


@pytest.mark.parametrize("other", [REACH_TRIPITAKA, STRIKE_TWO_OTHERS],
                         ids=["attack-tripitaka", "attack-two-others"])
def test_flaming_war_cry_the_plan_refused_for_the_monkey_king_quotes_the_war_cry(client, other):
    table = war_cry_demon_phase(client, "replaces_tripitaka")
    demons_step(table, "demon_options", demon="berrok-1", on_monkey_kings_tile=True,
                options=[other, ON_THE_MONKEY])
    refused_unchanged(table, {"type": "demon_plan", "player": "p2", "demon": "berrok-1",
                              "option": 1}, WAR_CRY)


@pytest.mark.parametrize("reading", ["replaces_tripitaka", "preferred_target"])
def test_flaming_war_cry_between_plans_of_one_priority_the_monkey_king_is_struck(
        client, reading):
    table = war_cry_demon_phase(client, reading)
    # Neither option reaches Tripitaka: Monk Sha and Cho Hakkai, or the Monkey King alone. Under
    # either reading the Monkey King is the centre of attention (more Targets would win without
    # the card).
    demons_step(table, "demon_options", demon="berrok-1", on_monkey_kings_tile=True, options=[
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monk_sha", "cho_hakkai"]}, ON_THE_MONKEY])
    plan = {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1}
    if reading == "preferred_target":
        refused_unchanged(table, plan, WAR_CRY)
    else:
        refused_quoting_anything(table, plan)
    demons_step(table, "demon_plan", demon="berrok-1", option=2)


def test_flaming_war_cry_not_in_play_the_demons_do_not_heed_the_monkey_king(client):
    table = free_play(client, {"monkey_king": ["Flaming War Cry"]})
    for pilgrim in ORDER:
        act(table, pilgrim, "end_activation")
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": "berrok-1",
                              "on_monkey_kings_tile": True, "options": [ON_THE_MONKEY]}, WAR_CRY)


@pytest.mark.parametrize("reading", ["rest_of_quest", "while_in_play"])
def test_om_chant_the_berrok_stopped_on_tripitakas_tile_the_turn_after(client, reading):
    # A Boof waits behind the closed door, inactive for its own reason.
    table = free_play(client, {"tripitaka": ["Om Chant"]}, order=TRIPITAKA_FIRST,
                      inactive=["boof"], om_chant_inactive=reading)
    refused_unchanged(table, card("monk_sha", "Om Chant", duration="end_of_turn"),
                      book("Each Pilgrim has his own specific card deck."))
    undone_and_entered_again(table, card("tripitaka", "Om Chant", duration="end_of_turn"))
    for pilgrim in TRIPITAKA_FIRST:
        act(table, pilgrim, "end_activation")
    # The Berrok walks onto Tripitaka's Map Tile: it stops on the first square, its attack gone.
    demons_step(table, "demon_options", demon="berrok-1", options=[
        {"actions": ["move", "attack"], "ends": "closer", "squares": 2, "targets": ["tripitaka"],
         "map_tile": "enters_tripitakas"}])
    demons_step(table, "demon_plan", demon="berrok-1", option=1)
    berrok = state(table)["demons"]["berrok-1"]
    assert (berrok["active"], berrok["held_by"]) == (False, "Om Chant")
    assert table.view()["phase"] == "end"
    demons_step(table, "end_turn")
    demons_step(table, "maintenance")
    # Om Chant left play at the Maintenance (discarded: it is no longer in his hand).
    assert state(table)["pilgrims"]["tripitaka"]["in_play"] == []
    refused_unchanged(table, card("tripitaka", "Om Chant", duration="end_of_turn"),
                      book("Inactive cards are in the Pilgrim's hand."))
    assert state(table)["demons"]["berrok-1"]["active"] is (reading == "while_in_play")
    # The ruling wakes only the Demons Om Chant stopped: the Boof behind the door sleeps on.
    assert state(table)["demons"]["boof-1"]["active"] is False
    for pilgrim in TRIPITAKA_FIRST:
        act(table, pilgrim, "end_activation")
    # Asleep, it takes no part in the Demon Phase: the turn goes straight to its end.
    berrok_acts = any(event.get("demon") == "berrok-1" for event in table.view()["legal"])
    assert berrok_acts is (reading == "while_in_play")
    assert table.view()["phase"] == ("demons_activate" if reading == "while_in_play" else "end")


# --- Quest 10 Part 1 from its setup to the Fiery Bridge ------------------------------------------

Q10A_HEROIC = book("Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and "
                   "then 1 Pilgrim steps onto the Fiery Bridge.")
Q10A_DEFEAT = book("Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim "
                   "reaches the Fiery Bridge.")
Q10A_ENDS = book("The Race to the Bridge ends immediately when one Pilgrim steps on the Fiery "
                 "Bridge or when a Pilgrim is Killed.")
# Quest 10 Part 1 gives each Pilgrim 2 Karma Upgrades at setup.
TWO_UPGRADES = {
    "monkey_king": [{"good_karma": 10, "card": "Phase Walk"},
                    {"bad_karma": 10, "corruption": "Permanent Limp"}],
    "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}, {"good_karma": 10, "card": "Iron Skin"}],
    "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"},
                 {"good_karma": 10, "card": "Spirit of Fortune"}],
    "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"},
                  {"good_karma": 10, "card": "Om Chant"}]}


@pytest.mark.parametrize("monk_sha_takes, tripitaka_seals, outcome", [
    (["sutra-3", "sutra-4"], False, "heroic_victory"),
    (["sutra-3"], False, "defeat"),
    (["sutra-3"], True, "defeat")],
    ids=["four-sutras", "three-sutras", "a-sutra-spent-on-a-gate"])
def test_quest_10_part_1_from_its_setup_to_the_fiery_bridge_in_turn_1(
        client, monk_sha_takes, tripitaka_seals, outcome):
    table = start(client, "q10a", quest_setup={"upgrades": TWO_UPGRADES})
    assert statuses(table) == {"end": "not_yet", "heroic_victory": "not_yet",
                               "victory": "no_longer_possible", "defeat": "not_yet"}
    # Stepping onto the bridge is a Move: entered without one, it is refused.
    refused_unchanged(table, by("monkey_king", "fiery_bridge"), Q10A_ENDS)
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "monkey_king", "collect_sutra", sutra="sutra-2", adjacent=True)
    for sutra in monk_sha_takes:
        act(table, "monk_sha", "collect_sutra", sutra=sutra, adjacent=True)
    if len(monk_sha_takes) < 2:
        act(table, "monk_sha", "end_activation")
    if tripitaka_seals:
        # The fourth Sutra is Tripitaka's, and he spends it sealing a Gate: four are no longer
        # possible.
        act(table, "tripitaka", "collect_sutra", sutra="sutra-4", adjacent=True)
        undone_and_entered_again(table, by("tripitaka", "close_gate", gate="gate-3"))
        assert statuses(table)["heroic_victory"] == "no_longer_possible"
    else:
        act(table, "tripitaka", "end_activation")
    act(table, "cho_hakkai", "move", steps=3)
    bridge = by("cho_hakkai", "fiery_bridge")
    undone_and_entered_again(table, bridge)
    assert result(table) == (True, Q10A_HEROIC if outcome == "heroic_victory" else Q10A_DEFEAT)
    live = table.view()["scores"]
    calc = calculated(table.client, GAME, {"players": ["Ann", "Ben"], "outcome": outcome})
    assert live["winners"] == calc["winners"] == (
        ["p1", "p2"] if outcome == "heroic_victory" else [])
    # The Race is over: nothing more is entered.
    before = as_seen(table.view())
    assert table.send(by("cho_hakkai", "rest")).status_code == 422
    assert as_seen(table.view()) == before


@pytest.mark.parametrize("reading", ["as_normal", "none"])
def test_quest_10_part_2_lord_karma_changes_only_the_lords_karma(client, reading):
    # Joined at Turn 3: the Bull Demon King and a Berrok in the lair, Tripitaka holding the 4
    # Sutras, the Villagers still to rescue.
    table = start(client, "q10b", karma_upgrades="in_position", q10b_lord_karma=reading,
                  position={"gates": [{"id": f"gate-{n}", "status": "inactive"}
                                      for n in range(1, 6)],
                            "wells": ["well-1"], "demons": ["koorogg", "berrok"], "turn": 3,
                            "villagers": ["villager-1", "villager-2", "villager-3"],
                            "pilgrims": {"tripitaka": {"sutras": 4}}})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    # A Minion's Kill is rewarded under either reading.
    assert state(table)["pilgrims"]["monkey_king"]["bad_karma"] == 1
    act(table, "monkey_king", "attack", targets=["koorogg-1"], **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill")
    assert state(table)["pilgrims"]["monkey_king"]["bad_karma"] == (
        6 if reading == "as_normal" else 1)
    # Rescuing a Villager is "3 Good Karma Points as normal" under either reading.
    act(table, "monk_sha", "rescue_villager", villager="villager-1")
    assert state(table)["pilgrims"]["monk_sha"]["good_karma"] == 3
