"""Journey: Wrath of Demons, outsider scenarios round 18 (file 12): the free-play settings and table
rulings no outsider round had played, each both ways over a stretch of Turns — the Monkey King
knocked out by his Poisoned Card at a Maintenance, turned on his side then or at the next one
(`knocked_out_at_maintenance`), so that Tripitaka's Revive in Turn 3 comes too late under one
reading and in time under the other; a Sutra collected by Monk Sha and handed to Tripitaka, who
closes the Gate with it (`sutra_hand_off`); Cho Hakkai's Greedy and a Pray in one Activation, in
either order and outside his Activation (`greedy_box`); and a table's own Quest whose Gates
cannot be sealed (`gates_sealable`: the Close Gate Action and the Prayer of Sealing); Lure of
Demons and Curse of the Dead with Om Mala of Vigor's third Action Point
(`no_double_third_action`); Quest 2's named starting Skill Cards joining a hand carried in
(`starting_skill_cards`); a Berrok's plans while Tripitaka lies Unconscious
(`unconscious_tripitaka`); the Flood Gate's Gate among active, Closed and inactive ones
(`flood_gate_gates`); the Paralyzed Card the Asura Seal reflects onto Koorogg
(`demon_condition_effects`); Quest 2's last Kill after a Sutra handed over (`q2_sutras` ×
`sutra_hand_off`); Quest 6 with a dead Pilgrim's Sutra; Om Mala of Knowledge's FAQ; a
Misfortune's Paralyzed or Disabled Card in one's own activation. Wrong entries on the way (a
step by a Pilgrim who is not active, a Sutra he does not hold, a dead Pilgrim revived) are
refused with the sentence that forbids them and nothing changes; undo after each kind of event
restores the table exactly. Written from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

GAME = "journey"
book = quotes_from(GAME)

APPLY_DAMAGE = book("Some Condition Cards have effects that apply damage to the Pilgrim. Apply the "
                    "damage now.")
TURNED = book("If an Unconscious Pilgrim is face down, turn them on their side. If they are on "
              "their side, place them on their back. If they are on their back, the time to "
              "revive them has run out and they are dead.")
REVIVE = book("When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive the "
              "Pilgrim, at a cost:")
SUTRA_NEAR_HIM = book("Remove the Sutra Token from the Map Tile and place it near the Pilgrim's "
                      "Profile Sheet.")
NEEDS_A_SUTRA = book("He must have a Sutra Token in his possession and be adjacent to the Gate.")
INITIATIVE = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")
BOX_ONCE = book("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they "
                "are Activated, even if the Pilgrim has Action Points left.")
GREEDY = book("Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether a "
              "Mystical Box is on the Map Tile or not.")
FINE_TUNE = book("You can fine tune the challenge by making Gates inactive at the start of the "
                 "game or by letting Pilgrims Close the Gates.")
PRAYER_OF_SEALING = book("Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot be "
                         "sealed, this card cannot be used.")

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
EMPTY_BOARD = {"boxes": [], "wells": [], "doors": [], "gates": [], "sutras": [], "villagers": [],
               "demons": []}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def free_play(client, order, board, pilgrims=None, maintenance=True, **options):
    """A table's own Quest (free play) from the board as laid out, Ann (p1) with the Monkey King
    and Cho Hakkai, Ben (p2) with Monk Sha and Tripitaka; Turn 1's Maintenance entered."""
    position = {**EMPTY_BOARD, **board}
    if pilgrims:
        position["pilgrims"] = pilgrims
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "initiative": order, "pilgrim_profiles": PROFILES, **options}, "position": position})
    if maintenance:
        table.accepted({"type": "maintenance", "player": "p1"})
    return table


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def pilgrims(table):
    return table.view()["state"]["pilgrims"]


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


def end_of_turn(table, order):
    """Every Pilgrim ends his activation, nothing spawns on an empty board, the End of Turn."""
    for name in order:
        if pilgrims(table)[name]["status"] == "active":
            table.accepted(by(name, "end_activation"))
    while table.view()["phase"] != "maintenance":
        legal = [event for event in table.view()["legal"] if "open" not in event]
        table.accepted(next((event for event in legal if event["type"] == "end_turn"), legal[0]))


# --- knocked out by a Condition at the Maintenance (knocked_out_at_maintenance) ------------------

# The Monkey King at 1 Health Point with a Poisoned Card (3 Turns, 1 damage each; 1 Turn Token on
# it); Tripitaka next to him. Ben enters Turn 1's Maintenance.
POISONED = {"name": "Poisoned", "duration": 3, "damage_each_turn": 1, "tokens": 1}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
# (ruling, his posture after the Maintenances of Turns 1, 2 and 3)
POSTURES = [
    (None, ["side", "back", None]),
    ("turned_now", ["side", "back", None]),
    ("next_maintenance", ["face_down", "side", "back"]),
]


@pytest.mark.parametrize("ruling, postures", POSTURES,
                         ids=["as_printed", "turned_now", "next_maintenance"])
def test_a_pilgrim_knocked_out_at_the_maintenance_and_tripitakas_revive_in_turn_3(
        client, ruling, postures):
    options = {"knocked_out_at_maintenance": ruling} if ruling else {}
    table = free_play(client, ORDER, {}, maintenance=False,
                      pilgrims={"monkey_king": {"hp": 1, "conditions": [POISONED]}}, **options)
    before = as_seen(table.view())
    answer = table.accepted({"type": "maintenance", "player": "p2"})
    cited = [effect["rule"]["quote"] for effect in answer["effects"] if effect.get("rule")]
    assert APPLY_DAMAGE in cited and (TURNED in cited) is (postures[0] == "side")
    monkey = pilgrims(table)["monkey_king"]
    # "Apply the damage now.": his last Health Point; Unconscious, he is not activated.
    assert (monkey["hp"], monkey["status"], monkey["posture"]) == (0, "unconscious", postures[0])
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    # The Maintenance undone: the Monkey King conscious at 1 Health Point again.
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted({"type": "maintenance", "player": "p2"})
    end_of_turn(table, ORDER)
    table.accepted({"type": "maintenance", "player": "p1"})
    monkey = pilgrims(table)["monkey_king"]
    assert (monkey["status"], monkey["posture"]) == ("unconscious", postures[1])
    end_of_turn(table, ORDER)
    table.accepted({"type": "maintenance", "player": "p1"})
    monkey = pilgrims(table)["monkey_king"]
    revive = by("tripitaka", "revive", target="monkey_king", hp=2, chi=0)
    table.accepted(by("monk_sha", "end_activation"))
    if postures[2] is None:
        # Turned on his back in Turn 2, his time ran out in Turn 3's Maintenance: he is no longer
        # an Unconscious Pilgrim to revive.
        assert monkey["status"] == "dead"
        refused_unchanged(table, revive, REVIVE)
    else:
        assert (monkey["status"], monkey["posture"]) == ("unconscious", postures[2])
        undone_and_entered_again(table, revive)
        monkey = pilgrims(table)["monkey_king"]
        assert (monkey["hp"], monkey["status"]) == (2, "active")
        assert pilgrims(table)["tripitaka"]["hp"] == PROFILES["tripitaka"]["max_hp"] - 2


# --- A Sutra handed to Tripitaka (sutra_hand_off) -------------------------------------------------

SUTRA_ORDER = ["monk_sha", "tripitaka", "monkey_king", "cho_hakkai"]
SUTRA_BOARD = {"gates": [{"id": "gate-1"}], "sutras": ["sutra-1"]}


def monk_sha_collects_the_sutra(client, **options):
    table = free_play(client, SUTRA_ORDER, SUTRA_BOARD, **options)
    # Tripitaka is not active: he cannot collect it before Monk Sha has ended his activation.
    refused_unchanged(table, by("tripitaka", "collect_sutra", sutra="sutra-1"), INITIATIVE)
    undone_and_entered_again(table, by("monk_sha", "collect_sutra", sutra="sutra-1"))
    assert pilgrims(table)["monk_sha"]["sutras"] == 1
    return table


def test_as_printed_the_sutra_stays_by_monk_sha_and_tripitaka_cannot_close_the_gate(client):
    table = monk_sha_collects_the_sutra(client)
    refused_unchanged(table, by("monk_sha", "give_sutra", to="tripitaka"), SUTRA_NEAR_HIM)
    table.accepted(by("monk_sha", "end_activation"))
    refused_unchanged(table, by("tripitaka", "close_gate", gate="gate-1"), NEEDS_A_SUTRA)
    assert table.view()["state"]["gates"]["gate-1"]["status"] != "closed"


def test_a_sutra_handed_to_tripitaka_closes_the_gate_under_allowed(client):
    table = monk_sha_collects_the_sutra(client, sutra_hand_off="allowed")
    # Only the active Pilgrim hands a Sutra, and only one he holds.
    refused_unchanged(table, by("tripitaka", "give_sutra", to="monk_sha"), INITIATIVE)
    undone_and_entered_again(table, by("monk_sha", "give_sutra", to="tripitaka"))
    sutras = {name: entry["sutras"] for name, entry in pilgrims(table).items()}
    assert sutras == {"monk_sha": 0, "tripitaka": 1, "monkey_king": 0, "cho_hakkai": 0}
    error = table.send(by("monk_sha", "give_sutra", to="tripitaka"))
    assert error.status_code == 422
    assert pilgrims(table)["tripitaka"]["sutras"] == 1
    # The hand-off took no Action Point: Monk Sha still has his second.
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    table.accepted(by("monk_sha", "end_activation"))
    undone_and_entered_again(table, by("tripitaka", "close_gate", gate="gate-1"))
    state = table.view()["state"]
    assert state["gates"]["gate-1"]["status"] == "closed"
    assert state["pilgrims"]["tripitaka"]["sutras"] == 0


# --- Greedy and the Mystical Box (greedy_box) -----------------------------------------------------

CHO_FIRST = ["cho_hakkai", "monk_sha", "tripitaka", "monkey_king"]
BOX = {"boxes": ["box-1"]}
GREEDY_PLAY = by("cho_hakkai", "play_card", card="Greedy", kind="skill", draws="Wild Herbs")
PRAY = by("cho_hakkai", "pray", box="box-1", card="Lucky Charm")


def cho_with_greedy(client, order=CHO_FIRST, **options):
    return free_play(client, order, BOX, pilgrims={"cho_hakkai": {"hand": ["Greedy"]}}, **options)


@pytest.mark.parametrize("ruling", [None, "separate"])
def test_greedy_and_a_pray_in_one_activation_by_default(client, ruling):
    table = cho_with_greedy(client, **({"greedy_box": ruling} if ruling else {}))
    answer = table.accepted(GREEDY_PLAY)
    assert GREEDY in [effect["rule"]["quote"] for effect in answer["effects"] if effect.get("rule")]
    table.undo()
    undone_and_entered_again(table, GREEDY_PLAY)
    table.accepted(PRAY)
    assert pilgrims(table)["cho_hakkai"]["fortune"] == ["Wild Herbs", "Lucky Charm"]
    # Pray and Meditate are the Mystical Box's uses: a Meditate now is a second.
    refused_unchanged(table, by("cho_hakkai", "meditate", box="box-1", spinner="black",
                                misfortune="Ambush"), BOX_ONCE)


@pytest.mark.parametrize("first, second", [(GREEDY_PLAY, PRAY), (PRAY, GREEDY_PLAY)],
                         ids=["greedy_then_pray", "pray_then_greedy"])
def test_greedy_counts_as_the_activations_box_use_under_counts(client, first, second):
    table = cho_with_greedy(client, greedy_box="counts")
    table.accepted(first)
    error = refused_unchanged(table, second, BOX_ONCE)
    assert "greedy_box: counts" in error["message"]
    assert len(pilgrims(table)["cho_hakkai"]["fortune"]) == 1


def test_greedy_outside_chos_activation_leaves_his_pray_under_counts(client):
    # Monk Sha is active; Cho plays Greedy anyway (it takes no Action Point of his): his own
    # Activation's Pray is still his first use of a box.
    table = cho_with_greedy(client, order=["monk_sha", "cho_hakkai", "tripitaka", "monkey_king"],
                            greedy_box="counts")
    table.accepted(GREEDY_PLAY)
    table.accepted(by("monk_sha", "end_activation"))
    table.accepted(PRAY)
    assert pilgrims(table)["cho_hakkai"]["fortune"] == ["Wild Herbs", "Lucky Charm"]


# --- A table's own Quest whose Gates cannot be sealed (gates_sealable) ---------------------------

TRIPITAKA_FIRST = ["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"]


def tripitaka_by_the_gate(client, **options):
    return free_play(client, TRIPITAKA_FIRST, {"gates": [{"id": "gate-1"}]},
                     pilgrims={"tripitaka": {"sutras": 1}}, **options)


def test_gates_that_cannot_be_sealed_refuse_the_close_gate_and_the_prayer_of_sealing(client):
    table = tripitaka_by_the_gate(client, gates_sealable=False)
    refused_unchanged(table, by("tripitaka", "close_gate", gate="gate-1"), FINE_TUNE)
    refused_unchanged(table, by("tripitaka", "play_card", card="Prayer of Sealing", kind="skill"),
                      PRAYER_OF_SEALING)
    # Everything else of his activation stands: the Sutra is still his.
    assert pilgrims(table)["tripitaka"]["sutras"] == 1
    assert table.view()["state"]["gates"]["gate-1"]["status"] != "closed"


@pytest.mark.parametrize("setting", [None, True])
def test_sealable_gates_close_with_a_sutra(client, setting):
    table = tripitaka_by_the_gate(
        client, **({} if setting is None else {"gates_sealable": setting}))
    undone_and_entered_again(table, by("tripitaka", "close_gate", gate="gate-1"))
    state = table.view()["state"]
    assert state["gates"]["gate-1"]["status"] == "closed"
    assert state["pilgrims"]["tripitaka"]["sutras"] == 0


def test_the_gates_sealable_setting_cites_the_passage_it_decides(client):
    option = client.get("/api/games/journey").get_json()["options"]["gates_sealable"]
    assert FINE_TUNE in option["description"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert any(FINE_TUNE in quote for quote in quotes), quotes


# --- Lure of Demons and Curse of the Dead with a third Action Point (no_double_third_action) -----

LURE = book("Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one "
            "turn.")
CURSE = book("Some Corruption Cards, for example Curse of the Dead, prevent double Moves or double "
             "Actions.")
MOVE_TWO = by("monkey_king", "move", steps=2)
VIGOR = by("monkey_king", "play_card", card="Om Mala of Vigor", kind="fortune")


def monkey_king_with_vigor(client, corruption, ruling):
    """Turn 1, the Monkey King active first, at 0 Chi, with `corruption` and the Fortune Card Om
    Mala of Vigor (+1 Action Point) in his hand."""
    return free_play(client, ORDER, {}, pilgrims={"monkey_king": {
        "chi": 0, "corruption": [corruption], "fortune": ["Om Mala of Vigor"]}},
        **({"no_double_third_action": ruling} if ruling else {}))


def his_first_two_actions(table, quote):
    """Om Mala of Vigor played (undone and played again: 3 Action Points), a Move, a second Move
    refused as the Corruption reads for the first two Actions, then a Rest."""
    undone_and_entered_again(table, VIGOR)
    assert table.view()["state"]["activation"]["ap"] == 3
    table.accepted(MOVE_TWO)
    refused_unchanged(table, MOVE_TWO, quote)
    table.accepted(by("monkey_king", "rest"))
    assert pilgrims(table)["monkey_king"]["chi"] == 5


@pytest.mark.parametrize("ruling", [None, "third_may_double"])
@pytest.mark.parametrize("corruption, quote", [("Lure of Demons", LURE),
                                               ("Curse of the Dead", CURSE)],
                         ids=["lure", "curse"])
def test_a_third_action_may_double_up_as_the_faq_says(client, corruption, quote, ruling):
    table = monkey_king_with_vigor(client, corruption, ruling)
    his_first_two_actions(table, quote)
    # The third Action doubles up his Move: "If the Pilgrim is allowed a third Action, for
    # example by using the Fortune Card "Om Mala of Vigor", then they can choose any third
    # Action, even if it doubles up." (How to play 'No Double Actions' …)
    table.accepted(MOVE_TWO)
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_lure_of_demons_forbids_even_a_third_double_under_never(client):
    table = monkey_king_with_vigor(client, "Lure of Demons", "never")
    his_first_two_actions(table, LURE)
    error = refused_unchanged(table, MOVE_TWO, LURE)
    assert "never" in error["message"] or "Lure of Demons" in error["message"]
    # His third Action Point is still unspent: the activation is his until he ends it.
    activation = table.view()["state"]["activation"]
    assert (activation["pilgrim"], activation["ap"], activation["spent"]) == ("monkey_king", 3, 2)
    table.accepted(by("monkey_king", "end_activation"))
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_curse_of_the_dead_third_double_stands_whatever_lure_of_demons_is_ruled(client):
    # The ruling names Lure of Demons; the FAQ names Curse of the Dead itself ("Some Corruption
    # Cards, for example Curse of the Dead, …") and lets its third Action double up.
    table = monkey_king_with_vigor(client, "Curse of the Dead", "never")
    his_first_two_actions(table, CURSE)
    table.accepted(MOVE_TWO)
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


# --- Quest 2's named starting Skill Cards with hands carried in (starting_skill_cards) -----------

IN_THE_HAND = book("Inactive cards are in the Pilgrim's hand.")
CARRIED = {"tripitaka": {"hand": ["Om Chant"]},
           "monk_sha": {"hand": ["Spirit of Fortune", "Healing Fellowship"]}}


def quest_2_with_hands(client, ruling):
    """Quest 2 at Turn 1 (its printed initiative), Tripitaka carrying Om Chant, Monk Sha carrying
    Spirit of Fortune and Healing Fellowship already; the Maintenance entered."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        **({"starting_skill_cards": ruling} if ruling else {})},
        "position": {"pilgrims": CARRIED}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


@pytest.mark.parametrize("ruling", [None, "added"])
def test_quest_2s_starting_cards_join_the_hands_carried_in(client, ruling):
    table = quest_2_with_hands(client, ruling)
    skills = {name: entry["skills"] for name, entry in pilgrims(table).items()
              if name in CARRIED}
    # "Tripitaka starts the game with the Shining Seal Skill Card and one random draw. Monk Sha
    # starts with Healing Fellowship and one random draw." (Quest 2): Shining Seal joins
    # Tripitaka's hand; Monk Sha already holds his Healing Fellowship, so not twice.
    assert sorted(skills["tripitaka"]) == ["Om Chant", "Shining Seal"]
    assert sorted(skills["monk_sha"]) == ["Healing Fellowship", "Spirit of Fortune"]
    table.accepted(by("monkey_king", "end_activation"))
    table.accepted(by("monk_sha", "end_activation"))
    undone_and_entered_again(table, by("tripitaka", "play_card", card="Shining Seal",
                                       kind="skill"))


def test_under_as_carried_the_hand_is_what_the_pilgrim_brought(client):
    table = quest_2_with_hands(client, "as_carried")
    skills = {name: sorted(entry["skills"]) for name, entry in pilgrims(table).items()
              if name in CARRIED}
    assert skills == {"tripitaka": ["Om Chant"],
                      "monk_sha": ["Healing Fellowship", "Spirit of Fortune"]}
    table.accepted(by("monkey_king", "end_activation"))
    table.accepted(by("monk_sha", "end_activation"))
    refused_unchanged(table, by("tripitaka", "play_card", card="Shining Seal", kind="skill"),
                      IN_THE_HAND)
    assert pilgrims(table)["tripitaka"]["skills"] == ["Om Chant"]


# --- The Demon AI while Tripitaka is Unconscious (unconscious_tripitaka) --------------------------

IGNORE_UNCONSCIOUS = book("Demons ignore Unconscious Pilgrims completely. They do not move towards "
                          "them, select them as Targets and do not roll attacks against them even "
                          "if they end up in the Demon's Attack Range.")
PLAN_CHOSEN_ONCE = book("Look at the 4 plans offered below and select the highest priority plan "
                        "that this Demon can carry out.")
MOVE_MOVE = {"actions": ["move", "move"], "ends": "closer", "squares": 4, "targets": []}
HITS_MONK_SHA_CLOSER = {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
                        "targets": ["monk_sha"]}
HITS_MONKEY_KING = {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
                    "targets": ["monkey_king"]}


def berrok_beside_unconscious_tripitaka(client, ruling):
    """Free play ending only when Tripitaka is killed; he lies Unconscious, face down; a Berrok (MV
    2) on the board, no Gate. The three standing Pilgrims end their activations: the Berrok acts."""
    options = {"tripitaka_defeat": "killed",
               **({"unconscious_tripitaka": ruling} if ruling else {})}
    table = free_play(client, ORDER, {"demons": ["berrok"]}, pilgrims={
        "tripitaka": {"hp": 0, "status": "unconscious", "posture": "face_down"}}, **options)
    for name in ("monkey_king", "monk_sha", "cho_hakkai"):
        table.accepted(by(name, "end_activation"))
    assert table.view()["phase"] == "demons_activate"
    return table


def demons(event_type, **facts):
    return {"type": event_type, "player": "p2", **facts}


@pytest.mark.parametrize("ruling", [None, "ignored", "plans_as_printed"])
def test_an_unconscious_tripitaka_is_never_a_target(client, ruling):
    table = berrok_beside_unconscious_tripitaka(client, ruling)
    refused_unchanged(table, demons("demon_options", demon="berrok-1", options=[
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]), IGNORE_UNCONSCIOUS)


@pytest.mark.parametrize("ruling", [None, "ignored", "plans_as_printed"])
def test_a_berrok_with_only_a_move_towards_unconscious_tripitaka(client, ruling):
    table = berrok_beside_unconscious_tripitaka(client, ruling)
    table.accepted(demons("demon_options", demon="berrok-1", options=[MOVE_MOVE]))
    offered = [event["option"] for event in table.view()["legal"]
               if event["type"] == "demon_plan" and event["player"] == SEAT["tripitaka"]]
    if ruling == "plans_as_printed":
        # "Priority 4: Use the Action Points to move towards Tripitaka." as printed: the Move
        # entered, or the 2 Moves towards him the referee adds, equal.
        assert offered == [1, 2]
        undone_and_entered_again(table, demons("demon_plan", demon="berrok-1", option=1))
    else:
        # "They do not move towards them": the Move is refused, and Plan 4 is to stay.
        assert offered == [2]
        refused_unchanged(table, demons("demon_plan", demon="berrok-1", option=1),
                          IGNORE_UNCONSCIOUS)
        undone_and_entered_again(table, demons("demon_plan", demon="berrok-1", option=2))
    # The Berrok was the only Demon: the Demon Phase is over.
    assert table.view()["phase"] == "end"


PRIORITY_2 = book("Priority 2: Use the Action Points to attack any other Target, so long as the "
                  "Demon ends closer on the board to Tripitaka.")
WEAKEST = book("Preference 2: Attack the weakest Target (the lowest number of Health Points).")


@pytest.mark.parametrize("ruling, why", [(None, WEAKEST), ("ignored", WEAKEST),
                                         ("plans_as_printed", PRIORITY_2)])
def test_a_berrok_choosing_between_two_other_targets_beside_unconscious_tripitaka(
        client, ruling, why):
    # As printed, attacking Monk Sha and ending closer to Tripitaka is Plan 2, above attacking the
    # Monkey King (Plan 3). Ignoring Tripitaka, both are Plan 3 and Preference 2 (the weakest
    # Target: Monk Sha's 9 Health Points to Monkey's 10) picks the same one, for that reason.
    table = berrok_beside_unconscious_tripitaka(client, ruling)
    table.accepted(demons("demon_options", demon="berrok-1",
                          options=[HITS_MONK_SHA_CLOSER, HITS_MONKEY_KING]))
    refused_unchanged(table, demons("demon_plan", demon="berrok-1", option=2), why)
    table.accepted(demons("demon_plan", demon="berrok-1", option=1))
    refused_unchanged(table, demons("demon_plan", demon="berrok-1", option=1), PLAN_CHOSEN_ONCE)
    table.accepted(demons("demon_attack", demon="berrok-1", target="monk_sha",
                          attack_dice=[2, 1], defense_dice=[1, 0]))
    assert pilgrims(table)["monk_sha"]["hp"] == PROFILES["monk_sha"]["max_hp"] - 2


# --- Flood Gate and the Gates that do not spawn (flood_gate_gates) -------------------------------

FLOOD_GATE = book("Flood Gate: Look at the current positions of Demons in play and the Gate "
                  "closest to Tripitaka.")
FOUR_GATES = {"demons": ["berrok"], "gates": [
    {"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3", "status": "closed"},
    {"id": "gate-4", "status": "inactive"}]}
BERROK_CLOSER = {"berrok-1": True}


def flood_gate_drawn(client, ruling):
    """Free play, Turn 1: the Pilgrims do nothing; the two active Gates measured (gate-1 at 5
    squares from Tripitaka, gate-2 at 9); gate-1's card is the Special Demon Card Flood Gate.
    The Closed gate-3 and the inactive gate-4 are never measured."""
    table = free_play(client, ORDER, FOUR_GATES,
                      **({"flood_gate_gates": ruling} if ruling else {}))
    for name in ORDER:
        table.accepted(by(name, "end_activation"))
    table.accepted(demons("measure", of="gates", distances={"gate-1": 5, "gate-2": 9}))
    table.accepted(demons("spawn", gate="gate-1", card="special", name="Flood Gate"))
    return table


@pytest.mark.parametrize("ruling, candidates", [
    (None, ["gate-1", "gate-3", "gate-4"]), ("any", ["gate-1", "gate-3", "gate-4"]),
    ("active", ["gate-1"])])
def test_the_flood_gate_moves_the_demons_to_the_gate_the_ruling_reads(client, ruling, candidates):
    table = flood_gate_drawn(client, ruling)
    offered = [event["gate"] for event in table.view()["legal"]
               if event["type"] == "flood_gate" and event["player"] == SEAT["tripitaka"]]
    assert offered == candidates
    # gate-2 is farther than gate-1 either way; a Gate not a candidate is refused alike.
    for gate in ("gate-1", "gate-2", "gate-3", "gate-4"):
        if gate not in candidates:
            refused_unchanged(table, demons("flood_gate", gate=gate, closer=BERROK_CLOSER),
                              FLOOD_GATE)
    before = as_seen(table.view())
    for gate in candidates:
        answer = table.accepted(demons("flood_gate", gate=gate, closer=BERROK_CLOSER))
        assert any(gate in effect["text"] and "berrok-1" in effect["text"]
                   for effect in answer["effects"])
        table.undo()
        assert as_seen(table.view()) == before
    table.accepted(demons("flood_gate", gate=candidates[0], closer=BERROK_CLOSER))
    # The card is discarded once the Demons are repositioned: a second one is refused, and the
    # spawn goes on at gate-2.
    refused_unchanged(table, demons("flood_gate", gate=candidates[0], closer=BERROK_CLOSER),
                      FLOOD_GATE)
    assert [event["gate"] for event in table.view()["legal"]
            if event["type"] == "spawn" and event["player"] == SEAT["tripitaka"]] == ["gate-2"]
    table.accepted(demons("spawn", gate="gate-2", card="reinforcement", demons=["berrok"]))


# --- A Condition the Asura Seal reflects onto a Demon (demon_condition_effects) ------------------

PARALYZED = book("While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
TRIPITAKA_FIRST_ORDER = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]
ATTACKS_TRIPITAKA = [{"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
                      "targets": ["tripitaka"]}]
# Koorogg's Demon Die 3 is a Paralyzed blow (3 damage); entered for 2 Turns.
PARALYZING_BLOW = demons("demon_attack", demon="koorogg-1", target="tripitaka",
                         attack_dice=[1, 0], demon_die=3, condition_duration=2)
PLAIN_BLOW = demons("demon_attack", demon="koorogg-1", target="tripitaka", attack_dice=[1, 0],
                    demon_die=0)


def koorogg_against_the_asura_seal(client, ruling, others=()):
    """Free play, Turn 1: Tripitaka (first) plays the Asura Seal for 2 Turns and every Pilgrim
    ends his activation; Koorogg, the Bull Demon King, plans two attacks on Tripitaka."""
    table = free_play(client, TRIPITAKA_FIRST_ORDER, {"demons": ["koorogg", *others]},
                      pilgrims={"tripitaka": {"hand": ["Asura Seal"]}},
                      **({"demon_condition_effects": ruling} if ruling else {}))
    table.accepted(by("tripitaka", "play_card", card="Asura Seal", kind="skill",
                      duration="turns", turns=2))
    for name in TRIPITAKA_FIRST_ORDER:
        table.accepted(by(name, "end_activation"))
    if others:
        table.accepted(demons("measure", of="demons",
                              distances={"koorogg-1": 1, **{f"{o}-1": 6 for o in others}}))
    table.accepted(demons("demon_options", demon="koorogg-1", options=ATTACKS_TRIPITAKA))
    table.accepted(demons("demon_plan", demon="koorogg-1", option=1))
    return table


@pytest.mark.parametrize("ruling", [None, "applied", "damage_only"])
def test_the_reflected_paralyzed_card_stays_on_koorogg_with_its_turn_tokens(client, ruling):
    table = koorogg_against_the_asura_seal(client, ruling)
    undone_and_entered_again(table, PARALYZING_BLOW)
    (condition,) = table.view()["state"]["demons"]["koorogg-1"]["conditions"]
    assert (condition["name"], condition["duration"], condition["tokens"]) == ("Paralyzed", 2, 0)
    # Tripitaka rolled no Defense Dice and lost nothing: the attack went back onto Koorogg.
    assert pilgrims(table)["tripitaka"]["hp"] == PROFILES["tripitaka"]["max_hp"]


def test_koorogg_paralyzed_by_his_first_reflected_attack_makes_no_second(client):
    table = koorogg_against_the_asura_seal(client, "applied")
    table.accepted(PARALYZING_BLOW)
    refused_unchanged(table, PLAIN_BLOW, PARALYZED)


@pytest.mark.parametrize("ruling, activates", [(None, False), ("applied", False),
                                               ("damage_only", True)])
def test_koorogg_paralyzed_in_turn_1_activates_in_turn_2_only_under_damage_only(
        client, ruling, activates):
    table = koorogg_against_the_asura_seal(client, ruling, others=("berrok",))
    table.accepted(PARALYZING_BLOW)
    if table.view()["state"]["demon_phase"]["current"]:
        table.accepted(PLAIN_BLOW)
    idle_berrok = [demons("demon_options", demon="berrok-1", options=[]),
                   demons("demon_plan", demon="berrok-1", option=1)]
    for event in idle_berrok:
        table.accepted(event)
    table.accepted(demons("end_turn"))
    table.accepted(demons("maintenance"))
    for name in TRIPITAKA_FIRST_ORDER:
        table.accepted(by(name, "end_activation"))
    table.accepted(demons("measure", of="demons", distances={"koorogg-1": 1, "berrok-1": 6}))
    options = demons("demon_options", demon="koorogg-1", options=ATTACKS_TRIPITAKA)
    if activates:
        table.accepted(options)
    else:
        # "cannot make any actions": Koorogg, Paralyzed 1 Turn of 2, does not activate; the
        # Berrok does.
        refused_unchanged(table, options, PARALYZED)
        table.accepted(idle_berrok[0])


# --- Quest 2's two Sutra Tokens held by one Pilgrim, handed over (q2_sutras × sutra_hand_off) -----

Q2_VICTORY = book("Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
                  "Tokens.")
Q2_DEFEAT = book("Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before "
                 "meeting either set of Victory Conditions.")
Q2_STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}


@pytest.mark.parametrize("q2_sutras, hand_off, ending", [
    ("one_pilgrim", "none", Q2_DEFEAT), ("one_pilgrim", "allowed", Q2_VICTORY),
    ("combined", "none", Q2_VICTORY), ("combined", "allowed", Q2_VICTORY)])
def test_quest_2_ends_on_who_holds_the_sutras_when_the_last_demon_falls(
        client, q2_sutras, hand_off, ending):
    # Quest 2 joined at Turn 3: Cho Hakkai was revived (he stands), the Monkey King and Monk Sha
    # hold a Sutra each, the third lies on the board; one Berrok is left.
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "q2_sutras": q2_sutras, "sutra_hand_off": hand_off}, "position": {
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-3"],
        "wells": ["well-1"], "villagers": ["villager-1"], "demons": ["berrok"],
        "pilgrims": {"monkey_king": {"sutras": 1}, "monk_sha": {"sutras": 1}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.accepted(by("monkey_king", "end_activation"))
    give = by("monk_sha", "give_sutra", to="monkey_king")
    if hand_off == "allowed":
        table.accepted(give)
    else:
        refused_unchanged(table, give, SUTRA_NEAR_HIM)
    table.accepted(by("monk_sha", "attack", targets=["berrok-1"], target_hp=3, **Q2_STRIKE))
    before = as_seen(table.view())
    table.accepted(by("monk_sha", "resolve_defeat", choice="kill", reward=1))
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == ending
    assert view["scores"]["winners"] == (["p1", "p2"] if ending == Q2_VICTORY else [])
    held = {name: entry["sutras"] for name, entry in view["state"]["pilgrims"].items()}
    assert held["monkey_king"] + held["monk_sha"] == 2
    assert held["monkey_king"] == (2 if hand_off == "allowed" else 1)
    # The Kill undone: the Quest open again, the Berrok Defeated and awaiting its fate.
    table.undo()
    assert as_seen(table.view()) == before


# --- Quest 6: the Sutra of a Pilgrim who died -----------------------------------------------------

Q6_VICTORY = book("Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji.")
OUT_OF_THE_GAME = book("Remove the Miniature from the game board. They are completely out of the "
                       "game, which may end the Quest.")
Q6_UPGRADES = {"monkey_king": [{"good_karma": 10, "card": "Phase Walk"}],
               "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
               "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}],
               "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}


def quest_6_at_turn_3(client, monk_sha):
    """Quest 6 joined at Turn 3: the Monkey King holds a Sutra, Monk Sha (`monk_sha`) another, the
    third on the board; Kogaiji, the Bull Demon King and two Berroks in play."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q6", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "quest_setup": {"upgrades": Q6_UPGRADES}}, "position": {
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
        "sutras": ["sutra-3"], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1", "door-2"], "broken_doors": ["door-3"],
        "demons": ["kogaiji", "koorogg", "berrok", "berrok"],
        "pilgrims": {"monkey_king": {"sutras": 1}, "monk_sha": {"sutras": 1, **monk_sha}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def test_quest_6_two_sutras_held_by_living_pilgrims_and_kogaiji_defeated_is_a_victory(client):
    table = quest_6_at_turn_3(client, {})
    table.accepted(by("monkey_king", "attack", targets=["kogaiji-1"], target_hp=9, **Q2_STRIKE))
    view = table.view()
    assert view["over"] is True and view["scores"]["decided_by"]["rule"]["quote"] == Q6_VICTORY


def test_whether_a_dead_pilgrims_sutra_is_still_possessed_is_a_table_ruling(client):
    # Monk Sha died holding his Sutra: the Quest goes on (only Tripitaka's Defeat ends it), and
    # Kogaiji's Defeat decides it on "possess 2 Sutra Tokens".
    table = quest_6_at_turn_3(client, {"hp": 0, "status": "dead"})
    table.accepted(by("monkey_king", "attack", targets=["kogaiji-1"], target_hp=9, **Q2_STRIKE))
    assert table.view()["over"] is True
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if OUT_OF_THE_GAME in [rule["quote"] for rule in option.get("rules", [])]]


# --- Om Mala of Knowledge with and without a Skill Card to discard (Fortune Card FAQ) -----------

OM_MALA_OF_KNOWLEDGE = book("Om Mala of Knowledge: You can still select a new Skill Card, even if "
                            "you do not have one to discard (you are very fortunate!).")


@pytest.mark.parametrize("hand", [[], ["Shadow Walk"]], ids=["no_skill_card", "one_to_discard"])
def test_om_mala_of_knowledge_selects_a_skill_card_with_or_without_one_to_discard(client, hand):
    table = free_play(client, ORDER, {}, pilgrims={"monkey_king": {
        "hand": hand, "fortune": ["Om Mala of Knowledge"]}})
    knowledge = by("monkey_king", "play_card", card="Om Mala of Knowledge", kind="fortune",
                   selects="Flying Nimbus")
    if hand:
        # Holding one, he discards it for the new one: leaving it out is refused.
        refused_unchanged(table, knowledge, OM_MALA_OF_KNOWLEDGE)
        knowledge = {**knowledge, "discards": "Shadow Walk"}
    undone_and_entered_again(table, knowledge)
    monkey = pilgrims(table)["monkey_king"]
    assert (monkey["skills"], monkey["fortune"]) == (["Flying Nimbus"], [])


# --- A Misfortune's Condition taken in the middle of one's own activation ------------------------

DISABLED = book("While Disabled, the Pilgrim cannot attack but the Pilgrim can make all other "
                "actions and can defend if attacked.")
MEDITATE_BLACK = by("monkey_king", "meditate", box="box-1", spinner="black", misfortune="Trap",
                    full_rotation=True)
STRIKE_BERROK = by("monkey_king", "attack", targets=["berrok-1"], target_hp=3,
                   attack_dice=[3, 3], pilgrim_die=3, weapon_damage=3)


@pytest.mark.parametrize("condition", ["Paralyzed", "Disabled"])
def test_a_condition_drawn_by_meditating_takes_effect_in_the_same_activation(client, condition):
    # The Monkey King Meditates (black: the Misfortune Card "Trap", which gives the Condition);
    # his second Action Point is what the Condition leaves him.
    table = free_play(client, ORDER, {"boxes": ["box-1"], "demons": ["berrok"]})
    table.accepted(MEDITATE_BLACK)
    undone_and_entered_again(table, by("monkey_king", "misfortune", card="Trap",
                                       condition=condition, duration=2))
    if condition == "Paralyzed":
        # "cannot make any actions": his activation is over, Monk Sha's begins.
        assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
        refused_unchanged(table, by("monkey_king", "move", steps=2), PARALYZED)
    else:
        refused_unchanged(table, STRIKE_BERROK, DISABLED)
        table.accepted(by("monkey_king", "move", steps=2))
        assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
