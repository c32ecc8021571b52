"""Journey: Wrath of Demons — the sixth independent audit (session 9): the general rules (the turn,
every Pilgrim action, combat, Karma, cards, Conditions, the Demon Phase), written from the rulebook
first (read whole again) where the five earlier rounds did not go, played through the HTTP API
(Flask test client, in-process) with the events' JSON Schema examples. This round's emphasis: "what
can be done next" (`legal`) checked against the book at distinct points of a turn, the quote being
the sentence that forbids what was attempted, what each seat sees, and whole games at each player
count. Each scenario quotes its rule in its docstring. Findings and rulings are recorded in
docs/games/journey.md ("Independent audit, sixth round").
"""

import pytest

from tests.test_journey_quests_audit import PILGRIMS, ev, maintenance, refused, start, state


@pytest.fixture
def client(module_client):
    return module_client


LURE = ("Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one turn. "
        "For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack twice.")
BOARD = {"sutras": ["sutra-1", "sutra-2"], "boxes": ["box-1"], "wells": ["well-1", "well-2"],
         "villagers": ["villager-1", "villager-2"], "doors": ["door-1", "door-2"],
         "gates": [{"id": "gate-1"}], "demons": ["berrok", "boof"]}


def free_table(client, position=None, initiative=PILGRIMS, players=("Ann",), **options):
    board = {"gates": [], "demons": [], **(position or {})}
    table = start(client, "free", position=board, initiative=list(initiative), players=players,
                  **options)
    maintenance(table)
    return table


def legal(table, kind=None):
    return [e for e in table.view()["legal"] if kind is None or e["type"] == kind]


def listed(table, kind, **fields):
    """The `kind` events `legal` lists whose fields include `fields`."""
    return [e for e in legal(table, kind) if all(e.get(k) == v for k, v in fields.items())]


# == Lure of Demons: "the same Action twice in one turn", whichever Action ============================

@pytest.mark.parametrize(("first", "second"), [
    (ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"),
     ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-2")),
    (ev("rescue_villager", pilgrim="monkey_king", villager="villager-1"),
     ev("rescue_villager", pilgrim="monkey_king", villager="villager-2")),
    (ev("recover", pilgrim="monkey_king", well="well-1"),
     ev("recover", pilgrim="monkey_king", well="well-2")),
    (ev("break_door", pilgrim="monkey_king", door="door-1"),
     ev("break_door", pilgrim="monkey_king", door="door-2")),
])
def test_lure_of_demons_forbids_any_action_twice_not_only_the_three_examples(client, first,
                                                                              second):
    """Corruption Card FAQ: "Lure of Demons: The Pilgrim lacks the focus to perform the same Action
    twice in one turn. For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor
    Attack twice." Moves, Rests and Attacks are the examples; the rule is any Action. Collecting a
    second Sutra, rescuing a second Villager, drinking from a second Well, breaking a second door
    were accepted (and listed in `legal`): refused now with that sentence, and no longer listed."""
    table = free_table(client, {**BOARD, "pilgrims": {"monkey_king": {
        "corruption": ["Lure of Demons"], "hp": 5}}})
    table.accepted(first)
    assert not listed(table, second["type"])
    refused(table, second, LURE)
    table.accepted(ev("rest", pilgrim="monkey_king"))


def test_without_lure_of_demons_the_same_action_twice_is_fine(client):
    """"Many actions may be chosen twice, or the Pilgrim can perform two different actions." The
    same two Sutras collected by a Pilgrim with no Corruption: both accepted, the second listed."""
    table = free_table(client, BOARD)
    table.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"))
    assert listed(table, "collect_sutra", sutra="sutra-2")
    table.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-2"))
    assert state(table)["pilgrims"]["monkey_king"]["sutras"] == 2


def test_lure_of_demons_legal_lists_no_second_move_nor_a_double_move(client):
    """Lure of Demons: "…the Pilgrim cannot make Double Moves…". After one Move, `legal` listed a
    second Move though it is refused; now it lists none, and no Double Move at the start either
    (while a Pilgrim without the card is offered one: "Instead of performing two single moves, make
    one move of double the Movement Points.")."""
    table = free_table(client, {"pilgrims": {"monkey_king": {"corruption": ["Lure of Demons"]}}})
    assert [e.get("action_points", 1) for e in legal(table, "move")] == [1]
    table.accepted(ev("move", pilgrim="monkey_king", steps=2))
    assert legal(table, "move") == []
    refused(table, ev("move", pilgrim="monkey_king", steps=1), LURE)


def test_legal_lists_the_double_move_and_it_is_accepted(client):
    """Move: "Like many other actions, the Move Action can be made twice. Instead of performing two
    single moves, make one move of double the Movement Points." With 2 Action Points left, `legal`
    lists the single Move and the Double Move (action_points 2); the Double Move entered as listed
    (8 squares for the Monkey King, MV 4) is accepted and spends both points. With 1 point left only
    the single Move is listed."""
    table = free_table(client)
    moves = legal(table, "move")
    assert [e.get("action_points", 1) for e in moves] == [1, 2]
    double = {k: v for k, v in moves[1].items() if k != "open"}
    table.accepted({**double, "steps": 8, "turns": 0})
    assert state(table)["activation"]["pilgrim"] == "cho_hakkai"
    table.accepted(ev("rest", pilgrim="cho_hakkai"))
    assert [e.get("action_points", 1) for e in legal(table, "move")] == [1]


# == The initiative: a Pilgrim passed over ============================================================

def test_a_pilgrim_revived_after_his_place_in_the_initiative_does_not_act_this_turn(client):
    """Pilgrim Phase: "In the Pilgrim Phase, each Pilgrim is activated in order, as determined by
    the Initiative Tokens assigned during the Game Setup." Cho Hakkai, first in the order, is
    Unconscious and passed over; Tripitaka revives him later in the phase. His place has gone: his
    Rest is refused quoting the initiative order (it quoted "…if they choose to end their Activation
    without using all their Action Points, they cannot come back…" — he chose nothing), and `legal`
    offers him nothing."""
    table = free_table(client, {"pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious"}}},
                       initiative=["cho_hakkai", "monkey_king", "monk_sha", "tripitaka"])
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    table.accepted(ev("end_activation", pilgrim="monk_sha"))
    table.accepted(ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=0,
                      adjacent=True))
    assert state(table)["pilgrims"]["cho_hakkai"]["status"] == "active"
    assert not [e for e in legal(table) if e.get("pilgrim") == "cho_hakkai"]
    refused(table, ev("rest", pilgrim="cho_hakkai"),
            "In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
            "Initiative Tokens assigned during the Game Setup.")
    error = refused(table, ev("rest", pilgrim="monkey_king"), "they cannot come back")
    assert "ended his activation early" in error["message"]


def test_a_third_action_quotes_the_two_action_points_and_a_return_the_ending_early(client):
    """A Pilgrim who spent both Action Points and is entered for a third Action broke "Normally,
    each Pilgrim has 2 Action Points to spend…" — not the sentence about ending early, which is what
    a Pilgrim who ended his activation with points left and comes back broke (the tenth session's
    outsider scenarios expected the first; it quoted the second for both)."""
    table = free_table(client, {"pilgrims": {"monkey_king": {"chi": 0}, "cho_hakkai": {"chi": 0}}})
    table.accepted(ev("rest", pilgrim="monkey_king"))
    table.accepted(ev("rest", pilgrim="monkey_king"))
    error = refused(table, ev("rest", pilgrim="monkey_king"),
                    "Normally, each Pilgrim has 2 Action Points to spend")
    assert "spent his Action Points" in error["message"]
    table.accepted(ev("rest", pilgrim="cho_hakkai"))
    table.accepted(ev("end_activation", pilgrim="cho_hakkai"))
    refused(table, ev("rest", pilgrim="cho_hakkai"), "they cannot come back and use the remaining")


# == What can be done next: the cards a Pilgrim holds ================================================

HANDS = {"monkey_king": {"hand": ["Phase Walk"], "fortune": ["Wild Herbs", "Om Mala of Vigor"]},
         "tripitaka": {"hand": ["Asura Seal", "Prayer of Mercy"]},
         "monk_sha": {"hand": ["Spirit of Fortune"], "hp": 0, "status": "unconscious"}}


def cards_listed(table):
    return {(e["pilgrim"], e["card"]): e.get("open", []) for e in legal(table, "play_card")}


def test_legal_lists_the_cards_each_pilgrim_may_play_now_and_each_is_accepted(client):
    """Cards, Timing: "If a card does not mention a specific time it can be played, it can be played
    at almost any point in the game. The Pilgrim does not need to be active, in fact, these cards can
    even be played during the Demon Phase." `legal` listed no card at all. It now lists every card
    a conscious Pilgrim holds that can be played now, with what the table reads off the card open
    (no card's cost is printed in the book; the Asura Seal's duration is not either); each listed
    one entered (the open fields filled) is accepted. Not listed: Om Mala of Vigor for a Pilgrim
    who is not active ("The active Pilgrim spends their Action Points…", ruling extra_ap_not_active),
    Prayer of Mercy (it is entered with the Demon's attack it cancels), an Unconscious Pilgrim's
    card ("Pilgrims cannot play cards or take any other actions when they are Unconscious.")."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": HANDS},
                       initiative=["tripitaka", "monkey_king", "cho_hakkai", "monk_sha"])
    assert cards_listed(table) == {("monkey_king", "Phase Walk"): ["cost"],
                                   ("monkey_king", "Wild Herbs"): [],
                                   ("tripitaka", "Asura Seal"): ["cost", "duration"]}
    table.client.get(f"/play/{table.id}/join?token={table.token}")
    assert "Monkey King: play Wild Herbs" in table.client.get(f"/play/{table.id}").text
    table.accepted(ev("play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune"))
    table.accepted(ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn", cost={"chi": 2}))
    table.accepted(ev("end_activation", pilgrim="tripitaka"))
    assert ("monkey_king", "Om Mala of Vigor") in cards_listed(table)  # now he is active
    table.accepted(ev("play_card", pilgrim="monkey_king", card="Om Mala of Vigor",
                      kind="fortune"))
    assert state(table)["activation"]["ap"] == 3
    assert cards_listed(table) == {("monkey_king", "Phase Walk"): ["cost"]}
    page = table.client.get(f"/play/{table.id}")
    assert page.status_code == 200 and "Phase Walk" in page.text


def test_legal_lists_a_card_during_the_demon_phase_and_none_for_a_paralyzed_pilgrim(client):
    """"…these cards can even be played during the Demon Phase." and the Paralyzed FAQ: "While
    Paralyzed, the Pilgrim cannot make any actions, play cards, or defend." In the Demon Phase the
    Monkey King's Phase Walk is still listed; Tripitaka, Paralyzed, has his card left out (and
    refused with that sentence)."""
    table = free_table(client, {"demons": ["berrok"], "pilgrims": {
        "monkey_king": {"hand": ["Phase Walk"]},
        "tripitaka": {"hand": ["Asura Seal"], "conditions": [{"name": "Paralyzed", "duration": 2}]}}})
    for pilgrim in PILGRIMS[:3]:  # Tripitaka, Paralyzed, is passed over (audit 7)
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    assert table.view()["phase"].startswith("demons")
    assert cards_listed(table) == {("monkey_king", "Phase Walk"): ["cost"]}
    refused(table, ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn"),
            "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")


# == Whole games at each player count, against the calculator =======================================

NAMES = ("Ann", "Ben", "Cy", "Di")
Q1_BOARD = {"gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"],
            "doors": ["door-1"], "demons": ["berrok", "berrok"],
            "pilgrims": {"monkey_king": {"hand": ["Iron Skin"]}}}


def take(table, kind_, **fields):
    """Enter the `kind` event `legal` lists with `fields` (its open fields filled from `fields`), as
    the seat `legal` names: the one controlling that Pilgrim (the Demons: Tripitaka's)."""
    view = table.view()
    match = [e for e in view["legal"] if e["type"] == kind_
             and all(e.get(k) == v for k, v in fields.items() if k in e)]
    assert match, (kind_, fields, [(e["type"], e.get("pilgrim")) for e in view["legal"]])
    event = {**{k: v for k, v in match[0].items() if k != "open"}, **fields}
    controllers = view["state"]["controllers"]
    assert event["player"] == controllers.get(event.get("pilgrim", "tripitaka"),
                                              controllers["tripitaka"])
    return table.accepted(event)


def to_next_turn(table, demon_plans=()):
    """End every activation still to come, spawn a Berrok at each Gate, let each Demon act as the
    referee's Demon AI says (its options entered from `demon_plans` or none), end the turn."""
    while table.view()["phase"] == "pilgrims":
        take(table, "end_activation")
    plans = dict(demon_plans)
    while not table.view()["over"] and table.view()["phase"] != "end":
        kinds = {e["type"] for e in legal(table)}
        if "measure" in kinds:
            entry = legal(table, "measure")[0]
            s = state(table)
            ids = ([g for g, v in s["gates"].items() if v["status"] == "active"]
                   if entry["of"] == "gates" else
                   [d for d, v in s["demons"].items() if v.get("active", True)])
            take(table, "measure", distances={x: n + 1 for n, x in enumerate(ids)})
        elif "spawn" in kinds:
            take(table, "spawn", card="reinforcement", demons=["berrok"])
        elif "demon_options" in kinds:
            demon = legal(table, "demon_options")[0]["demon"]
            take(table, "demon_options", demon=demon, options=plans.pop(demon, {}).get(
                "options", []))
        elif "demon_plan" in kinds:
            take(table, "demon_plan")
        else:
            attack = legal(table, "demon_attack")[0]
            take(table, "demon_attack", target=attack["target"], attack_dice=[3, 3],
                 defense_dice=[0, 0])
    if not table.view()["over"]:
        take(table, "end_turn")


def kill_in_the_house(table, pilgrim, demon):
    take(table, "attack", pilgrim=pilgrim, targets=[demon], attack_dice=[3, 3], pilgrim_die=2,
         weapon_damage=2, target_hp=3)
    if not table.view()["over"]:
        take(table, "resolve_defeat", pilgrim=pilgrim, choice="kill", reward=1)


def the_calculator_agrees(table, players):
    view = table.view()
    outcome = view["state"]["result"]["outcome"]
    calculated = table.client.post("/api/score/journey", json={"players": list(players),
                                                                "outcome": outcome})
    assert calculated.status_code == 200, calculated.get_json()
    assert calculated.get_json()["winners"] == view["scores"]["winners"]
    assert not view["legal"]
    return outcome


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_quest_1_played_to_its_heroic_victory_at_each_player_count(client, count):
    """Game Setup: "One Player - all 4 Pilgrims. Two Players - 2 Pilgrims each. Three Players - 2
    Players have 1 Pilgrim each and the third Player controls 2 Pilgrims. Four Players - 1 Pilgrim
    each." Quest 1's "Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka must
    Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the Villagers'
    house." — played through the API over two Turns (the house's door broken down first), each
    event entered by the seat `legal` names (the Pilgrim's controller; the Demons by Tripitaka's),
    the ending read against the calculator on the same outcome: every Player wins ("The Pilgrims
    win or lose as a team…")."""
    players = NAMES[:count]
    table = start(client, "q1", position=Q1_BOARD, players=players, initiative=list(PILGRIMS))
    assert len(set(state(table)["controllers"].values())) == count
    take(table, "maintenance")
    take(table, "rescue_villager", pilgrim="monkey_king", villager="villager-1")
    table.accepted(ev("play_card", player=state(table)["controllers"]["monkey_king"],
                      pilgrim="monkey_king", card="Iron Skin", kind="skill"))
    while state(table)["activation"]["pilgrim"] != "tripitaka":
        take(table, "end_activation")
    take(table, "meditate", pilgrim="tripitaka", box="box-1", spinner="white",
         seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Ginseng")
    to_next_turn(table)
    take(table, "maintenance")
    assert not listed(table, "attack", targets=["berrok-1"])  # behind the closed door
    take(table, "break_door", pilgrim="monkey_king", door="door-1", opens=["berrok-1", "berrok-2"])
    kill_in_the_house(table, "monkey_king", "berrok-1")
    kill_in_the_house(table, "cho_hakkai", "berrok-2")
    assert table.view()["state"]["result"]["outcome"] == "heroic_victory"
    assert the_calculator_agrees(table, players) == "heroic_victory"
    assert table.view()["scores"]["winners"] == [f"p{n}" for n in range(1, count + 1)]


@pytest.mark.parametrize("count", [1, 3])
def test_quest_1_lost_when_tripitaka_is_defeated_at_each_player_count(client, count):
    """Quest 1: "Defeat: Tripitaka is defeated." The Berrok the Gate spawns attacks Tripitaka twice
    (Plan 1) and brings him to 0: the Quest is lost at once, nothing is listed any more, nobody
    wins, as the calculator says for a Defeat."""
    players = NAMES[:count]
    table = start(client, "q1", position=Q1_BOARD, players=players, initiative=list(PILGRIMS))
    take(table, "maintenance")
    to_next_turn(table, {"berrok-3": {"options": [
        {"actions": ["attack", "attack"], "targets": ["tripitaka"], "squares": 0,
         "ends": "not_closer"}]}})
    assert table.view()["over"]
    assert the_calculator_agrees(table, players) == "defeat"
    assert table.view()["scores"]["winners"] == []


# == What each seat sees ==============================================================================

def test_nothing_is_hidden_every_seat_and_a_spectator_see_the_hands(client):
    """Cards: "Remember, this is a cooperative game and there is no need to keep secrets." (the
    Demon Deck's order is not known to the referee at all). Ann's Monkey King holds Phase Walk and
    Wild Herbs: Ben's seat and a spectator (no token) read the same state as Ann's, hands included,
    in the API and on the table page."""
    table = free_table(client, {"pilgrims": {"monkey_king": {"hand": ["Phase Walk"],
                                                            "fortune": ["Wild Herbs"]}}},
                       players=("Ann", "Ben"))
    ann, ben = table.view("p1")["state"], table.view("p2")["state"]
    assert ann == ben
    assert ann["pilgrims"]["monkey_king"]["skills"] == ["Phase Walk"]
    assert ann["pilgrims"]["monkey_king"]["fortune"] == ["Wild Herbs"]
    spectator = client.get(f"/api/sessions/{table.id}").get_json()
    assert spectator["viewer"]["seat"] is None and spectator["state"] == ann
    page = client.get(f"/play/{table.id}").text
    assert "Phase Walk" in page and "Wild Herbs" in page


# == What can be done next, point by point through a turn ============================================

def kinds(table):
    return sorted({e["type"] for e in legal(table)} - {"quest_result"})


def test_legal_through_a_turn_lists_what_the_book_allows_and_each_is_accepted(client):
    """"What can be done next" at distinct points of a turn, each listed move entered as listed:
    the Maintenance ("At the start of each Turn…"); an activation with a Mystical Box, a Well, a
    Sutra and a Demon (each Action of "The following list shows the possible Actions" that the
    board allows, the Double Move with it); a Defeated Demon ("the Attacker must choose one of the
    available options": Kill or Cleanse, nothing else); a mandatory Karma trade ("The trades marked
    as mandatory must be made when the Karma level is met or exceeded.": the trade only); a
    Meditate's black spin ("apply the effect immediately": the Misfortune only); the last Action
    Point (no Double Move, no second use of the box: "Each Pilgrim can only use a Mystical Box once
    … each time they are Activated"); Tripitaka with an Unconscious Pilgrim (Revive, and no Close a
    Gate without a Sutra); Tripitaka at 1 Health Point (no Revive: "To perform the action, Tripitaka
    must have at least 1 Action and 2 Health Points." — it was listed and could never be
    accepted); the spawn; a Demon's activation; the End of Turn."""
    table = free_table(client, {
        "boxes": ["box-1"], "wells": ["well-1"], "sutras": ["sutra-1"], "gates": [{"id": "gate-1"}],
        "demons": ["berrok"], "pilgrims": {"monkey_king": {"good_karma": 9, "hp": 6},
                                           "tripitaka": {"hp": 6},
                                           "monk_sha": {"hp": 0, "status": "unconscious"},
                                           "cho_hakkai": {"hp": 0, "status": "unconscious"}}},
        initiative=["monkey_king", "tripitaka", "monk_sha", "cho_hakkai"])
    assert kinds(table) == ["attack", "collect_sutra", "end_activation", "master_skill",
                            "meditate", "move", "pray", "recover", "rest"]
    assert [e.get("action_points", 1) for e in legal(table, "move")] == [1, 2]
    take(table, "attack", pilgrim="monkey_king", targets=["berrok-1"], attack_dice=[3, 3],
         pilgrim_die=1, weapon_damage=1)
    assert kinds(table) == ["resolve_defeat"]
    assert [e["choice"] for e in legal(table, "resolve_defeat")] == ["kill", "cleanse"]
    take(table, "resolve_defeat", pilgrim="monkey_king", choice="cleanse", cleanse_dice=[3])
    assert kinds(table) == ["karma_trade"]
    take(table, "karma_trade", pilgrim="monkey_king", kind="good", card="Shadow Walk")
    assert state(table)["pilgrims"]["monkey_king"]["good_karma"] == 0
    assert "play_card" in kinds(table) and "meditate" in kinds(table)
    assert [e.get("action_points", 1) for e in legal(table, "move")] == [1]
    take(table, "meditate", pilgrim="monkey_king", box="box-1", spinner="black",
         misfortune="Ambush")
    assert kinds(table) == ["misfortune", "play_card"]  # his Shadow Walk
    assert state(table)["activation"]["pilgrim"] == "monkey_king"
    take(table, "misfortune", pilgrim="monkey_king", card="Ambush", lose={"hp": 5})
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 1
    assert state(table)["activation"]["pilgrim"] == "tripitaka"
    assert [e["target"] for e in legal(table, "revive")] == ["cho_hakkai", "monk_sha"]
    assert "close_gate" not in kinds(table)
    take(table, "revive", pilgrim="tripitaka", target="monk_sha", hp=5, chi=0, adjacent=True)
    assert state(table)["pilgrims"]["tripitaka"]["hp"] == 1
    assert legal(table, "revive") == []
    refused(table, ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=1, chi=0),
            "To perform the action, Tripitaka must have at least 1 Action and 2 Health Points.")
    take(table, "end_activation", pilgrim="tripitaka")
    take(table, "end_activation", pilgrim="monk_sha")
    assert kinds(table) == ["play_card", "spawn"]  # the Monkey King's Shadow Walk
    take(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert kinds(table) == ["demon_options", "play_card"]
    take(table, "demon_options", demon=legal(table, "demon_options")[0]["demon"], options=[])
    assert kinds(table) == ["demon_plan", "play_card"]  # Plan 4, move towards Tripitaka
    take(table, "demon_plan")
    assert kinds(table) == ["end_turn", "play_card"]
    take(table, "end_turn")
    assert kinds(table) == ["maintenance", "play_card"]


def test_a_misfortune_drawn_with_the_last_action_point_is_applied_before_the_demon_phase(client):
    """Misfortune Cards: "When you draw the card, apply the effect immediately or as soon as
    indicated on the card and then place the card in the Misfortune Discard Pile." and the Turn
    Structure: "Each Pilgrim … completes all their actions, before the next Pilgrim activates." Monk
    Sha, last in the order, Meditates with his last Action Point and the spin is black: the referee
    went on into the Demon Phase with the Misfortune not yet applied (the Demons then plan against
    his Health Points before the card's damage). His activation now waits for it: it cannot end,
    the Misfortune is the only move listed; once entered, the Demon Phase begins."""
    table = free_table(client, {"boxes": ["box-1"], "gates": [{"id": "gate-1"}]},
                       initiative=["monkey_king", "cho_hakkai", "tripitaka", "monk_sha"])
    for pilgrim in ("monkey_king", "cho_hakkai", "tripitaka"):
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    table.accepted(ev("rest", pilgrim="monk_sha"))
    table.accepted(ev("meditate", pilgrim="monk_sha", box="box-1", spinner="black",
                      misfortune="Ambush"))
    assert table.view()["phase"] == "pilgrims"
    assert kinds(table) == ["misfortune"]
    refused(table, ev("end_activation", pilgrim="monk_sha"),
            "When you draw the card, apply the effect immediately or as soon as indicated on the "
            "card and then place the card in the Misfortune Discard Pile.")
    take(table, "misfortune", pilgrim="monk_sha", card="Ambush", lose={"hp": 2})
    assert state(table)["pilgrims"]["monk_sha"]["hp"] == 7
    assert table.view()["phase"] == "demons_spawn"
