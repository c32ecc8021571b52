"""Journey: Wrath of Demons, outsider scenarios round 19 (file 13): the Quests no outsider round had
played whole, from their setup to their end by play — Quest 8 (Iron Fan's four Defeats, each
respawn of her allies, Monk Sha knocked out and revived in time or dead by the fourth: Heroic
Victory or Victory), Quest 4 (two Turns from the Board Setup: the four Villagers rescued, the
door to Kogaiji's desk broken, Kogaiji ranting from behind it; Heroic Victory, Victory, or Defeat
by his attacks), Quest 5 (two Turns: Kei Lun's Action after the last Pilgrim, the Sutra collected
or trampled, Healing Trance used as usual then calming him), Quest 6 (the Gates woken by the Map
Tiles stepped on, one sealed, the room broken into, Kogaiji Defeated); `dead_pilgrim_sutras`
played both ways through Quest 6's last Turn (Monk Sha dies holding one of the two Sutras) and
at Quest 7's Golden Peach (finding 173); Quests 3 and 4's simple Demon Deck and the unique Demon
Lord cards (finding 176). Wrong entries on the way (a spawn from the Demon Deck, a Kill of Iron
Fan (finding 168), an attack through a closed door, a Villager rescued twice, Kogaiji or the Bull
Demon King moved, a Demon targeting Kei Lun, a dead Pilgrim revived, a Prayer of Sealing past the
Quest's one Gate, a step after the end) are refused with the sentence that forbids them and
nothing changes; undo after each kind of event restores the table exactly. Written from the
rulebook and the API's own description only (docs/games/journey.md, GET /api/games/journey),
never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

GAME = "journey"
book = quotes_from(GAME)

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
UPGRADES = {"monkey_king": [{"good_karma": 10, "card": "Phase Walk"}],
            "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
            "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}],
            "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}
TWO_MOVES = [{"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]

TURNED = book("If an Unconscious Pilgrim is face down, turn them on their side. If they are on "
              "their side, place them on their back. If they are on their back, the time to "
              "revive them has run out and they are dead.")
REVIVE = book("When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive the "
              "Pilgrim, at a cost:")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def act(table, pilgrim, event_type, **facts):
    return table.accepted(by(pilgrim, event_type, **facts))


def pilgrims(table):
    return table.view()["state"]["pilgrims"]


def demons_in_play(table):
    return sorted(table.view()["state"]["demons"])


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    error = table.refused(event, quote)
    assert as_seen(table.view()) == before
    return error


def undone_and_entered_again(table, event):
    before = as_seen(table.view())
    table.accepted(event)
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    table.accepted(event)
    assert as_seen(table.view()) == after, event


def conditions(view):
    return {entry["outcome"]: entry for entry in view["scores"]["quest"]["conditions"]}


def end_activations(table):
    """Every Pilgrim still to act this Turn ends his activation."""
    while table.view()["phase"] == "pilgrims":
        act(table, table.view()["state"]["activation"]["pilgrim"], "end_activation")


def demons_move_on(table, distances, plans=None):
    """The Demon Activation step: the Demons measured, each (closest first) with its options —
    two Moves towards Tripitaka unless `plans` gives it others — and the plan the Demon AI picks;
    then the End of Turn."""
    table.accepted({"type": "measure", "player": "p2", "of": "demons", "distances": distances})
    plans = plans or {}
    for demon in sorted(distances, key=distances.get):
        options, attacks = plans.get(demon, (TWO_MOVES, []))
        table.accepted({"type": "demon_options", "player": "p2", "demon": demon,
                        "options": options})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
        for attack in attacks:
            table.accepted({"type": "demon_attack", "player": "p2", "demon": demon, **attack})
    table.accepted({"type": "end_turn", "player": "p1"})


# --- Quest 8: Iron Fan Defeated four times ------------------------------------------------------

Q8_NO_DECK = book("Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon Phase.")
Q8_NOT_KILLED = book("She is not Killed or Cleansed, so do not take Karma Points for her or the "
                     "minions removed when she is removed.")
Q8_MINIONS_KARMA = book("Remember, if you Kill or Cleanse minions during this Quest, take the "
                        "Karma Points as normal.")
Q8_END = book("Game play ends when Iron Fan is defeated the fourth time, or when Tripitaka is "
              "Killed.")
Q8_HEROIC = book("Heroic Victory: All the Pilgrims survive.")
Q8_VICTORY = book("Victory: Tripitaka survives.")
# Each respawn, as printed: 4 Bull Archers, 3 Bullserkers, 2 Generals, then Iron Fan.
RESPAWNS = [["bharhaz"] * 4, ["boof"] * 3, ["borrack"] * 2]
IRON_FAN_HP = 5


def kinds(names):
    return sorted(name.rsplit("-", 1)[0] for name in names)


def quest_8(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q8", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "quest_setup": {"upgrades": UPGRADES}}})
    # The Board Setup as printed: 5 Berroks and Yazuiji (Iron Fan), the Gate inactive.
    assert kinds(demons_in_play(table)) == ["berrok"] * 5 + ["yazuiji"]
    return table


def iron_fan_defeated(table, pilgrim, number):
    """`pilgrim` Defeats Iron Fan (her `number`-th Defeat): she and every other Demon leave the
    board at once, with no Karma and no Kill or Cleanse owed."""
    karma = {name: (entry["good_karma"], entry["bad_karma"])
             for name, entry in pilgrims(table).items()}
    iron_fan = next(name for name in demons_in_play(table) if name.startswith("yazuiji"))
    act(table, pilgrim, "attack", targets=[iron_fan], target_hp=IRON_FAN_HP, **STRIKE)
    assert demons_in_play(table) == []
    assert {name: (entry["good_karma"], entry["bad_karma"])
            for name, entry in pilgrims(table).items()} == karma
    assert table.view()["state"]["pending"] is None or number == 4


def test_quest_8_refuses_a_kill_of_iron_fan_with_the_quests_own_sentence(client):
    table = quest_8(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "attack", targets=["yazuiji-1"], target_hp=IRON_FAN_HP, **STRIKE)
    refused_unchanged(table, by("monkey_king", "resolve_defeat", choice="kill", reward=5),
                      Q8_NOT_KILLED)


def respawned(table, number):
    """The Demons placed at the start of the Demon Phase after Iron Fan's `number`-th Defeat."""
    on_board = demons_in_play(table)
    assert kinds(on_board) == sorted(RESPAWNS[number - 1] + ["yazuiji"]), number
    return on_board, next(name for name in on_board if name.startswith("yazuiji"))


@pytest.mark.parametrize("revived", [True, False], ids=["monk_sha_revived", "monk_sha_dies"])
def test_quest_8_from_its_setup_to_iron_fans_fourth_defeat(client, revived):
    table = quest_8(client)
    # Turn 1: the Monkey King kills a Berrok (Karma as normal: its Bad Karma Reward).
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    bad_before = pilgrims(table)["monkey_king"]["bad_karma"]
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    assert pilgrims(table)["monkey_king"]["bad_karma"] == bad_before + 1
    act(table, "monkey_king", "end_activation")
    # Monk Sha Defeats Iron Fan; undone, she and the four Berroks left are back.
    before = as_seen(table.view())
    iron_fan_defeated(table, "monk_sha", 1)
    table.undo()
    assert as_seen(table.view()) == before
    assert kinds(demons_in_play(table)) == ["berrok"] * 4 + ["yazuiji"]
    iron_fan_defeated(table, "monk_sha", 1)
    # "Complete the Pilgrims' turn (Resting, Meditating, and Moving, for example)".
    act(table, "monk_sha", "rest")
    end_activations(table)
    # The Demon Phase draws no Demon Card: Iron Fan comes back with 4 Bull Archers.
    assert table.view()["phase"] == "demons_activate"
    refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-1",
                              "card": "reinforcement", "demons": ["berrok"]}, Q8_NO_DECK)
    on_board, iron_fan = respawned(table, 1)
    # Iron Fan, closest, attacks Monk Sha twice (6 damage each): he falls Unconscious.
    distances = {name: 4 + index for index, name in enumerate(on_board)}
    distances[iron_fan] = 1
    demons_move_on(table, distances, {iron_fan: (
        [{"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
          "targets": ["monk_sha"]}],
        [{"target": "monk_sha", "attack_dice": [3, 3], "demon_die": 0,
          "defense_dice": [0, 0]}] * 2)})
    assert (pilgrims(table)["monk_sha"]["hp"], pilgrims(table)["monk_sha"]["status"]) == (
        0, "unconscious")
    # Turn 2: Monk Sha on his side; Cho Hakkai Defeats Iron Fan; 3 Bullserkers come with her.
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrims(table)["monk_sha"]["posture"] == "side"
    act(table, "monkey_king", "end_activation")
    act(table, "tripitaka", "end_activation")
    iron_fan_defeated(table, "cho_hakkai", 2)
    end_activations(table)
    on_board, _ = respawned(table, 2)
    demons_move_on(table, {name: 4 + index for index, name in enumerate(on_board)})
    # Turn 3: on his back. The Monkey King Defeats Iron Fan; Tripitaka revives Monk Sha, or not.
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrims(table)["monk_sha"]["posture"] == "back"
    iron_fan_defeated(table, "monkey_king", 3)
    act(table, "monkey_king", "end_activation")
    if revived:
        undone_and_entered_again(table, by("tripitaka", "revive", target="monk_sha", hp=2,
                                           chi=0, adjacent=True))
        assert pilgrims(table)["monk_sha"]["status"] == "active"
    end_activations(table)
    on_board, _ = respawned(table, 3)
    demons_move_on(table, {name: 4 + index for index, name in enumerate(on_board)})
    # Turn 4: "If they are on their back, the time to revive them has run out and they are dead."
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrims(table)["monk_sha"]["status"] == ("active" if revived else "dead")
    assert table.view()["over"] is False
    iron_fan_defeated(table, "monkey_king", 4)
    view = table.view()
    assert view["over"] is True
    assert conditions(view)["end"]["quote"] == Q8_END
    assert conditions(view)["end"]["status"] == "met"
    if revived:
        assert view["scores"]["decided_by"]["rule"]["quote"] == Q8_HEROIC
    else:
        assert view["scores"]["decided_by"]["rule"]["quote"] == Q8_VICTORY
        assert conditions(view)["heroic_victory"]["status"] != "met"
    assert view["scores"]["winners"] == ["p1", "p2"]
    # Nothing more is entered after the fourth Defeat.
    refused_unchanged(table, by("monkey_king", "rest"),
                      view["scores"]["decided_by"]["rule"]["quote"])


# --- Quest 4: from the Board Setup to Kogaiji's first blow ---------------------------------------

Q4_END = book("The game play ends when the Pilgrims attack Kogaiji for the first time or when a "
              "Pilgrim is Defeated.")
Q4_HEROIC = book("Heroic Victory: The Pilgrims must (1) rescue all the Villagers and then (2) "
                 "attack Kogaiji.")
Q4_VICTORY = book("Victory: The Pilgrims must (1) attack Kogaiji.")
Q4_DEFEAT = book("Defeat: A Pilgrim was Defeated before they attack Kogaiji.")
Q4_DECK = book("Create a simple Demon Deck by removing the special cards that spawn Demon Lords.")
Q4_KOGAIJI = book("Kogaiji's Actions: Kogaiji rants and will attack anyone in his attack range, "
                  "but he will not move from behind his desk under any circumstances.")
RESCUE = book("A Pilgrim that is adjacent to a Villager can spend 1 Action Point to rescue the "
              "Villager.")
BLOCKED_LOS = book("None of the squares directly between the Attacker and the Target can be "
                   "blocked by other Miniatures, tokens or impassable terrain")
VILLAGERS = ["villager-1", "villager-2", "villager-3", "villager-4"]
# The Board Setup as printed; the Mini-Map is a figure: Kogaiji at his desk and the Bull Archers,
# Bull Generals and Bullserkers are behind the six closed doors, the two Berroks in the street.
Q4_BOARD = {"turn": 1, "gates": [{"id": "gate-1"}], "villagers": VILLAGERS, "wells": ["well-1"],
            "boxes": ["box-1"], "doors": [f"door-{number}" for number in range(1, 7)],
            "broken_doors": ["door-7"], "demons": ["berrok", "berrok"],
            "inactive_demons": ["kogaiji", "bharhaz", "bharhaz", "bharhaz", "borrack", "borrack",
                                "boof", "boof", "boof"]}
KOGAIJIS_DOOR = by("monkey_king", "break_door", door="door-1", in_contact_facing=True,
                   opens=["kogaiji-1"])


def quest_4_turn_1(client, kogaijis_door_first=False):
    """Quest 4's Turn 1: three Villagers rescued (the fourth is left for later), the Gate spawns
    a Berrok and the Demons walk on; or, `kogaijis_door_first`, the Monkey King breaks the door
    to Kogaiji's desk and stays in front of it. The Demon Phase is left to the caller."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q4", "initiative": ORDER, "pilgrim_profiles": PROFILES}, "position": Q4_BOARD})
    table.accepted({"type": "maintenance", "player": "p1"})
    kogaiji = by("tripitaka", "attack", targets=["kogaiji-1"], target_hp=12, **STRIKE)
    if kogaijis_door_first:
        act(table, "monkey_king", "move", steps=4)
        table.accepted(KOGAIJIS_DOOR)
    else:
        act(table, "monkey_king", "move", steps=3)
        act(table, "monkey_king", "rescue_villager", villager="villager-1", adjacent=True)
    act(table, "monk_sha", "move", steps=3)
    act(table, "monk_sha", "rescue_villager", villager="villager-2", adjacent=True)
    if not kogaijis_door_first:
        # Kogaiji sits behind a closed door: no Line of Sight to him.
        refused_unchanged(table, kogaiji, BLOCKED_LOS)
    act(table, "tripitaka", "rescue_villager", villager="villager-3", adjacent=True)
    act(table, "tripitaka", "end_activation")
    # Cho Hakkai reaches for the Villager Monk Sha already took home.
    refused_unchanged(table, by("cho_hakkai", "rescue_villager", villager="villager-2",
                                adjacent=True), RESCUE)
    act(table, "cho_hakkai", "move", steps=3)
    act(table, "cho_hakkai", "end_activation")
    assert table.view()["phase"] == "demons_spawn"
    return table


def turn_1_spawn(table):
    table.accepted({"type": "measure", "player": "p2", "of": "gates", "distances": {"gate-1": 9}})
    refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-1",
                              "card": "special", "name": "Spawn Demon Lord"}, Q4_DECK)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})


def test_quest_4_from_its_setup_to_the_heroic_victory_in_two_turns(client):
    table = quest_4_turn_1(client)
    turn_1_spawn(table)
    assert table.view()["state"]["demons"]["kogaiji-1"]["active"] is False
    demons_move_on(table, {"berrok-1": 5, "berrok-2": 7, "berrok-3": 9})
    rescued = {name: entry["villagers"] for name, entry in pilgrims(table).items()}
    assert rescued == {"monkey_king": 1, "monk_sha": 1, "tripitaka": 1, "cho_hakkai": 0}
    assert conditions(table.view())["heroic_victory"]["status"] == "not_yet"
    # Turn 2: the Monkey King breaks the door to Kogaiji's desk; Cho Hakkai rescues the last
    # Villager, then strikes Kogaiji.
    table.accepted({"type": "maintenance", "player": "p1"})
    undone_and_entered_again(table, KOGAIJIS_DOOR)
    assert table.view()["state"]["demons"]["kogaiji-1"]["active"] is True
    end_activations_until(table, "cho_hakkai")
    act(table, "cho_hakkai", "rescue_villager", villager="villager-4", adjacent=True)
    assert table.view()["over"] is False
    before = as_seen(table.view())
    strike = by("cho_hakkai", "attack", targets=["kogaiji-1"], target_hp=12, **STRIKE)
    table.accepted(strike)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q4_HEROIC
    assert conditions(view)["end"]["quote"] == Q4_END
    assert view["scores"]["winners"] == ["p1", "p2"]
    # The blow undone: the Quest is open again with the blow owed; entered again, the same end.
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted(strike)
    assert table.view()["scores"]["decided_by"]["rule"]["quote"] == Q4_HEROIC
    refused_unchanged(table, {"type": "end_turn", "player": "p1"}, Q4_HEROIC)


def end_activations_until(table, pilgrim):
    while table.view()["state"]["activation"]["pilgrim"] != pilgrim:
        act(table, table.view()["state"]["activation"]["pilgrim"], "end_activation")


def test_quest_4_a_miss_on_kogaiji_before_the_last_villager_is_the_victory(client):
    table = quest_4_turn_1(client)
    turn_1_spawn(table)
    demons_move_on(table, {"berrok-1": 5, "berrok-2": 7, "berrok-3": 9})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.accepted(KOGAIJIS_DOOR)
    # "attack Kogaiji for the first time": a blow that does no damage is an attack.
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=12, attack_dice=[0, 0],
        pilgrim_die=0, weapon_damage=0)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q4_VICTORY
    assert conditions(view)["heroic_victory"]["status"] != "met"
    assert view["state"]["tokens"]["villagers"] == ["villager-4"]


def test_quest_4_kogaiji_rants_from_his_desk_and_the_monkey_king_falls(client):
    table = quest_4_turn_1(client, kogaijis_door_first=True)
    turn_1_spawn(table)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"kogaiji-1": 3, "berrok-1": 5, "berrok-2": 7, "berrok-3": 9}})
    # Kogaiji, active behind his broken door, closest to Tripitaka: he never moves.
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": "kogaiji-1",
                              "options": [{"actions": ["move", "attack"], "ends": "closer",
                                           "squares": 1, "targets": ["tripitaka"]}]}, Q4_KOGAIJI)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "kogaiji-1", "option": 1})
    blow = {"type": "demon_attack", "player": "p2", "demon": "kogaiji-1", "target": "monkey_king",
            "attack_dice": [3, 3], "demon_die": 0, "defense_dice": [0, 0]}
    table.accepted(blow)
    assert pilgrims(table)["monkey_king"]["hp"] == 10 - 6
    assert table.view()["over"] is False
    before = as_seen(table.view())
    table.accepted(blow)
    view = table.view()
    assert pilgrims(table)["monkey_king"]["hp"] == 0
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q4_DEFEAT
    assert view["scores"]["winners"] == []
    # The Berroks do not activate after the end; a blow on Kogaiji now is refused.
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": "berrok-1",
                              "options": TWO_MOVES}, Q4_DEFEAT)
    table.undo()
    assert as_seen(table.view()) == before


# --- Quest 6: Monk Sha dies holding a Sutra (dead_pilgrim_sutras) --------------------------------

Q6_HEROIC = book("Heroic Victory: The Pilgrims must (1) Rescue the Villagers, (2) possess 2 Sutra "
                 "Tokens and (3) Defeat Kogaiji.")
Q6_DEFEAT = book("Defeat: All other conditions, including Defeating Kogaiji without holding 2 "
                 "Sutra Tokens or letting Tripitaka be Defeated.")
Q6_UPGRADES = UPGRADES


def quest_6_at_turn_3(client, ruling):
    """Quest 6 joined at Turn 3: the Monkey King holds a Sutra, Monk Sha the other, lying
    Unconscious on his back; the third Sutra is still on the board; Kogaiji, the Bull Demon King
    and two Berroks in play."""
    options = {"quest": "q6", "initiative": ORDER, "pilgrim_profiles": PROFILES,
               "quest_setup": {"upgrades": Q6_UPGRADES}}
    if ruling:
        options["dead_pilgrim_sutras"] = ruling
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": options,
                             "position": {
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
        "sutras": ["sutra-3"], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1", "door-2"], "broken_doors": ["door-3"],
        "demons": ["kogaiji", "koorogg", "berrok", "berrok"],
        "pilgrims": {"monkey_king": {"sutras": 1},
                     "monk_sha": {"sutras": 1, "hp": 0, "status": "unconscious",
                                  "posture": "back"}}}})


def sutras_part(view):
    (part,) = [part for part in conditions(view)["victory"]["parts"] if "Sutra" in part["text"]]
    return part["status"]


@pytest.mark.parametrize("ruling, collects, ending", [
    (None, False, Q6_DEFEAT), ("out_of_the_game", False, Q6_DEFEAT),
    ("still_held", False, Q6_HEROIC), ("out_of_the_game", True, Q6_HEROIC)],
    ids=["as_printed", "out_of_the_game", "still_held", "out_of_the_game_third_sutra"])
def test_quest_6_monk_sha_dies_holding_a_sutra_then_kogaiji_falls(client, ruling, collects,
                                                                  ending):
    table = quest_6_at_turn_3(client, ruling)
    # On his back, alive, Monk Sha's Sutra is the band's under either reading.
    assert sutras_part(table.view()) == "met"
    before = as_seen(table.view())
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrims(table)["monk_sha"]["status"] == "dead"
    assert sutras_part(table.view()) == ("met" if ruling == "still_held" else "not_yet")
    # The Maintenance undone: he lies on his back again, his Sutra counted.
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "rescue_villager", villager="villager-1", adjacent=True)
    if collects:
        act(table, "monkey_king", "collect_sutra", sutra="sutra-3", adjacent=True)
        assert sutras_part(table.view()) == "met"
    else:
        act(table, "monkey_king", "end_activation")
    # Monk Sha, dead, has no activation; Tripitaka cannot revive him.
    assert table.view()["state"]["activation"]["pilgrim"] == "tripitaka"
    refused_unchanged(table, by("tripitaka", "revive", target="monk_sha", hp=2, chi=0,
                                adjacent=True), REVIVE)
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == ending
    assert view["scores"]["winners"] == ([] if ending == Q6_DEFEAT else ["p1", "p2"])
    # The Quest ends at Kogaiji's Defeat: no Kill or Cleanse is owed for him.
    refused_unchanged(table, by("tripitaka", "resolve_defeat", choice="kill", reward=5), ending)


# --- Quest 5: from its setup to Tripitaka calming Kei Lun ----------------------------------------

Q5_ORDER = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]
Q5_KEI_LUN_AFTER = book("Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after "
                        "the Pilgrims have been.")
Q5_NOT_A_TARGET = book("The Demons do not attack Kei Lun")
Q5_HEROIC = book("Heroic Victory: The Pilgrims must (1) not be Killed, (2) possess the Sutra and "
                 "(3) Tripitaka must calm Kei Lun.")
Q5_VICTORY = book("Victory: (1) Tripitaka must calm Kei Lun.")
Q5_AS_USUAL = book("However, he can use Healing Trance as usual earlier in the Quest, if required.")
HEALING_TRANCE = by("tripitaka", "play_card", card="Healing Trance", kind="skill",
                    cost={"chi": 3}, keep=True)


def kill(table, pilgrim, demon, hp=3):
    act(table, pilgrim, "attack", targets=[demon], target_hp=hp, **STRIKE)
    act(table, pilgrim, "resolve_defeat", choice="kill", reward=1)


@pytest.mark.parametrize("trampled", [False, True], ids=["sutra_collected", "sutra_trampled"])
def test_quest_5_from_its_setup_to_kei_lun_calmed(client, trampled):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q5", "initiative": Q5_ORDER, "pilgrim_profiles": PROFILES}})
    assert kinds(demons_in_play(table)) == ["berrok"] * 3 + ["bharhaz"] * 2
    assert "Healing Trance" in pilgrims(table)["tripitaka"]["skills"]
    # Turn 1: four of the five Demons killed; one Bull Archer is left.
    table.accepted({"type": "maintenance", "player": "p1"})
    kill(table, "monkey_king", "berrok-1")
    kill(table, "monkey_king", "berrok-2")
    kill(table, "monk_sha", "berrok-3")
    act(table, "monk_sha", "end_activation")
    kill(table, "cho_hakkai", "bharhaz-1", hp=4)
    act(table, "cho_hakkai", "end_activation")
    # Tripitaka, last, is still to act: Kei Lun waits for him.
    kei_lun_stays = {"type": "kei_lun", "player": "p2", "in_range": [], "die": 0}
    refused_unchanged(table, kei_lun_stays, Q5_KEI_LUN_AFTER)
    # Healing Trance with a Demon still in play is used as usual: Kei Lun is not calmed.
    effects = table.accepted(HEALING_TRANCE)["effects"]
    assert Q5_AS_USUAL in [effect.get("rule", {}).get("quote") for effect in effects]
    assert table.view()["over"] is False
    assert "Healing Trance" in pilgrims(table)["tripitaka"]["skills"]
    act(table, "tripitaka", "end_activation")
    # The Gates spawn only after Kei Lun's Action.
    refused_unchanged(table, {"type": "measure", "player": "p2", "of": "gates",
                              "distances": {"gate-1": 5, "gate-2": 9}}, Q5_KEI_LUN_AFTER)
    if trampled:
        # He steps forwards onto the Sutra: it is destroyed.
        table.accepted({"type": "kei_lun", "player": "p2", "in_range": [], "die": 1,
                        "destroys": ["sutra-1"]})
        assert table.view()["state"]["tokens"]["sutras"] == []
        assert conditions(table.view())["heroic_victory"]["status"] != "not_yet"
    else:
        undone_and_entered_again(table, kei_lun_stays)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 9}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})
    on_board = demons_in_play(table)
    assert kinds(on_board) == ["berrok", "berrok", "bharhaz"]
    distances = {name: 3 + index for index, name in enumerate(on_board)}
    table.accepted({"type": "measure", "player": "p2", "of": "demons", "distances": distances})
    closest = min(distances, key=distances.get)
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": closest,
                              "options": [{"actions": ["move", "attack"], "ends": "not_closer",
                                           "squares": 1, "targets": ["kei_lun"]}]},
                      Q5_NOT_A_TARGET)
    for demon in sorted(distances, key=distances.get):
        table.accepted({"type": "demon_options", "player": "p2", "demon": demon,
                        "options": TWO_MOVES})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    # Turn 2: the three Demons killed; Cho Hakkai takes the Sutra if it is still there; then
    # Tripitaka's Healing Trance with no Demon left calms Kei Lun.
    table.accepted({"type": "maintenance", "player": "p1"})
    berroks = [name for name in on_board if name.startswith("berrok")]
    kill(table, "monkey_king", berroks[0])
    kill(table, "monkey_king", berroks[1])
    kill(table, "monk_sha", "bharhaz-2", hp=4)
    act(table, "monk_sha", "end_activation")
    if not trampled:
        act(table, "cho_hakkai", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "cho_hakkai", "end_activation")
    assert demons_in_play(table) == [] and table.view()["over"] is False
    before = as_seen(table.view())
    table.accepted(HEALING_TRANCE)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == (Q5_VICTORY if trampled else Q5_HEROIC)
    assert view["scores"]["winners"] == ["p1", "p2"]
    # Undone, the Quest is open again with Tripitaka's card in his hand.
    table.undo()
    assert as_seen(table.view()) == before


# --- Quest 7: the Golden Peach and a dead Pilgrim's Sutra (dead_pilgrim_sutras) ------------------

Q7_ALL_FOUR = book("The Pilgrims must possess all 4 Sutras.")
Q7_SAME_TILE = book("The Pilgrims carrying the Sutras must be on the same Map Tile as the treasure "
                    "chest.")
Q7_GLOW = book("Bathed in its radiant glow, Pilgrims gain +1 on all Cleanse Ritual rolls "
               "automatically when these 3 conditions are satisfied:")
REMOVED = book("Remove the Miniature from the game board.")


def quest_7_at_turn_3(client, ruling, monk_sha):
    """Quest 7 joined at Turn 3: the Monkey King carries three Sutras, Monk Sha (`monk_sha`) the
    fourth; one Berrok in play; Kei Lun guards the chest. Turn 3's Maintenance entered."""
    options = {"quest": "q7", "initiative": ORDER, "pilgrim_profiles": PROFILES,
               "karma_upgrades": "in_position", "quest_setup": {"kei_lun_hp": 12}}
    if ruling:
        options["dead_pilgrim_sutras"] = ruling
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": options,
                              "position": {
        "turn": 3, "gates": [{"id": f"gate-{number}"} for number in range(1, 5)],
        "wells": ["well-1", "well-2"], "boxes": ["box-1"], "broken_doors": ["door-1", "door-2"],
        "sutras": [], "demons": ["berrok"],
        "pilgrims": {"monkey_king": {"sutras": 3}, "monk_sha": {"sutras": 1, **monk_sha}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    return table


CLEANSE = by("monkey_king", "resolve_defeat", choice="cleanse", cleanse_dice=[1], soul_power=2,
             reward=2)
DEAD = {"hp": 0, "status": "dead"}


@pytest.mark.parametrize("ruling, monk_sha, peach", [
    (None, {}, True), ("still_held", {}, True),
    (None, DEAD, False), ("out_of_the_game", DEAD, False)],
    ids=["alive", "alive_still_held", "dead_as_printed", "dead_out_of_the_game"])
def test_quest_7_the_golden_peach_with_monk_sha_alive_or_dead(client, ruling, monk_sha, peach):
    table = quest_7_at_turn_3(client, ruling, monk_sha)
    # Kei Lun guards the chest, and the table says the Sutra carriers stand on its Map Tile.
    effects = table.accepted({"type": "golden_peach", "player": "p1", "guarding": True,
                              "same_tile": True})["effects"]
    quotes = [effect.get("rule", {}).get("quote") for effect in effects]
    if peach:
        assert Q7_GLOW in quotes
        # "automatically": a Cleanse entered without the +1 is refused, with it accepted.
        refused_unchanged(table, CLEANSE, Q7_GLOW)
        table.accepted({**CLEANSE, "cleanse_bonus": 1})
    else:
        # Monk Sha is "completely out of the game", his Sutra with him: three possessed.
        assert Q7_ALL_FOUR in quotes
        table.accepted(CLEANSE)
    # The roll of 1 reaches the Berrok's Soul Power of 2 only with the Peach's +1: Cleansed, or it
    # recovers and stays.
    assert ("berrok-1" in table.view()["state"]["demons"]) is not peach


def test_quest_7_a_dead_carrier_is_on_no_map_tile_so_no_golden_peach_under_still_held(client):
    table = quest_7_at_turn_3(client, "still_held", DEAD)
    # His Sutra is still possessed (the ruling), but "The Pilgrims carrying the Sutras must be on
    # the same Map Tile as the treasure chest." and his Miniature left the game board: the third
    # condition cannot be met, whatever the entry says. The entry may be refused or accepted; the
    # Peach is not released either way.
    table.send({"type": "golden_peach", "player": "p1", "guarding": True, "same_tile": True})
    table.accepted(CLEANSE)


# --- Quest 6: from its Board Setup to Kogaiji's Defeat --------------------------------------------

Q6_VICTORY = book("Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji.")
Q6_ONE_GATE = book("Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means.")
Q6_BDK_STILL = book("The Bull Demon King's Actions: The Bull Demon King does not move, but he will "
                    "attack any Pilgrim that is in his attack zone/LOS.")
# The Board Setup as printed; the Mini-Map is a figure: Kogaiji and the Bull Demon King (Koorogg)
# in the room behind door-1, the two Berroks outside.
Q6_BOARD = {"turn": 1, "gates": [{"id": "gate-1", "status": "inactive"},
                                 {"id": "gate-2", "status": "inactive"},
                                 {"id": "gate-3", "status": "inactive"}],
            "villagers": ["villager-1"], "sutras": ["sutra-1", "sutra-2", "sutra-3"],
            "boxes": ["box-1"], "doors": ["door-1", "door-2"], "broken_doors": ["door-3"],
            "demons": ["berrok", "berrok"], "inactive_demons": ["kogaiji", "koorogg"]}


@pytest.mark.parametrize("rescued", [False, True], ids=["victory", "heroic_victory"])
def test_quest_6_from_its_setup_to_kogaijis_defeat(client, rescued):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q6", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "quest_setup": {"upgrades": UPGRADES}}, "position": Q6_BOARD})
    # Turn 1: the Monkey King and Monk Sha take a Sutra each; Tripitaka takes the third and seals
    # the Gate of the Map Tile he stepped on (its Gate woke); Cho Hakkai wakes the other two.
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "monkey_king", "end_activation")
    act(table, "monk_sha", "collect_sutra", sutra="sutra-2", adjacent=True)
    if rescued:
        act(table, "monk_sha", "rescue_villager", villager="villager-1", adjacent=True)
    else:
        act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "gate_tile", gates=["gate-1"])
    assert table.view()["state"]["gates"]["gate-1"]["status"] == "active"
    act(table, "tripitaka", "collect_sutra", sutra="sutra-3", adjacent=True)
    undone_and_entered_again(table, by("tripitaka", "close_gate", gate="gate-1", adjacent=True))
    assert table.view()["state"]["gates"]["gate-1"]["status"] == "closed"
    assert pilgrims(table)["tripitaka"]["sutras"] == 0
    # One Gate sealed is the Quest's maximum: his Prayer of Sealing is refused.
    refused_unchanged(table, by("tripitaka", "play_card", card="Prayer of Sealing",
                                kind="skill", seals=["gate-2"]), Q6_ONE_GATE)
    act(table, "cho_hakkai", "gate_tile", gates=["gate-2", "gate-3"])
    act(table, "cho_hakkai", "end_activation")
    # The Demon Phase: the two Gates awake spawn, the closed one does not.
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-2": 6, "gate-3": 9}})
    refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-1",
                              "card": "reinforcement", "demons": ["berrok"]},
                      book("Closed Gates never become active again."))
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-3", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    awake = [name for name, demon in table.view()["state"]["demons"].items() if demon["active"]]
    assert kinds(awake) == ["berrok"] * 3 + ["bharhaz"]
    demons_move_on(table, {name: 3 + index for index, name in enumerate(sorted(awake))})
    # Turn 2: the Monkey King breaks into the room — Kogaiji and the Bull Demon King wake — and
    # Defeats Kogaiji: the Quest ends at once, with the two Sutras the Pilgrims still hold.
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "break_door", door="door-1", in_contact_facing=True,
        opens=["kogaiji-1", "koorogg-1"])
    assert table.view()["state"]["demons"]["koorogg-1"]["active"] is True
    before = as_seen(table.view())
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == (Q6_HEROIC if rescued else Q6_VICTORY)
    assert sum(entry["sutras"] for entry in view["state"]["pilgrims"].values()) == 2
    table.undo()
    assert as_seen(table.view()) == before


def test_quest_6_the_bull_demon_king_attacks_from_where_he_stands(client):
    position = {**Q6_BOARD, "turn": 2, "sutras": ["sutra-3"], "villagers": ["villager-1"],
                "gates": [{"id": "gate-1", "status": "closed"},
                          {"id": "gate-2", "status": "inactive"},
                          {"id": "gate-3", "status": "inactive"}],
                "doors": ["door-2"], "broken_doors": ["door-1", "door-3"],
                "demons": ["kogaiji", "koorogg"], "inactive_demons": [],
                "pilgrims": {"monkey_king": {"sutras": 1}, "monk_sha": {"sutras": 1}}}
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q6", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "quest_setup": {"upgrades": UPGRADES}}, "position": position})
    table.accepted({"type": "maintenance", "player": "p1"})
    end_activations(table)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"koorogg-1": 2, "kogaiji-1": 5}})
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": "koorogg-1",
                              "options": [{"actions": ["move", "attack"], "ends": "closer",
                                           "squares": 1, "targets": ["tripitaka"]}]},
                      Q6_BDK_STILL)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "koorogg-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monk_sha"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "koorogg-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "koorogg-1",
                    "target": "monk_sha", "attack_dice": [2, 1], "demon_die": 0,
                    "defense_dice": [1, 0]})
    assert pilgrims(table)["monk_sha"]["hp"] == 9 - 2


# --- Quests 3 and 4's simple Demon Deck and the unique Demon Lord cards --------------------------

UNIQUE_CARDS = book("Unique Cards: Unique Demon Cards spawn unique Demon Characters, like the "
                    "Demon Lords.")


def test_whether_the_simple_deck_keeps_the_unique_demon_lord_cards_is_a_table_ruling(client):
    # Quest 4, Turn 1's Demon Phase: the Gate draws Iron Fan's unique card. "the special cards
    # that spawn Demon Lords" names the Special Cards (the type whose FAQ prints "Spawn Demon
    # Lord") — or every card that spawns a Demon Lord, the unique ones too. The referee refuses
    # both; the book does not say which, so a table ruling should name it, citing both passages.
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if any(Q4_DECK in rule["quote"] for rule in option.get("rules", []))
            and any(UNIQUE_CARDS in rule["quote"] for rule in option.get("rules", []))]

