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

from tests.test_journey_quests_audit import PILGRIMS, ev, in_book, maintenance, refused, start, state


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
    assert "already been activated" in error["message"]


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
    for pilgrim in PILGRIMS:
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    assert table.view()["phase"].startswith("demons")
    assert cards_listed(table) == {("monkey_king", "Phase Walk"): ["cost"]}
    refused(table, ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn"),
            "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
