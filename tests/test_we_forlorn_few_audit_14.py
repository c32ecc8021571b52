"""We Forlorn Few: the fourteenth audit (session 18, `audit18`), the sweep.

The Quick Reference puts a condition on travelling backwards the Travel Phase does not: "Travel
Backwards: If you're stuck, you can travel backwards toward Cedar Falls for a Travel Cost of any two
Resources." against "Players may travel backwards to an adjacent tile by paying two Resource tokens
of any type." (one of the Travel Phase's three choices, with no condition). The referee accepted a
step back for two Resources at any time without a ruling; it is now the table ruling
`backwards_when`: `any_turn` (default, the Travel text) or `stuck`, which reads the undefined
"stuck" as not holding every Resource the Travel Cost of the tile being left asks (the Travel
text's "If Players do not have all of the resources required to pay the Travel Costs")."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

book = quotes_from("we-forlorn-few")
QRG_BACKWARDS = book("Travel Backwards: If you're stuck, you can travel backwards toward Cedar Falls "
                     "for a Travel Cost of any two Resources.")
BACKWARDS = book("Players may travel backwards to an adjacent tile by paying two Resource tokens of "
                 "any type.")
NOT_ALL = book("If Players do not have all of the resources required to pay the Travel Costs, they "
               "can still travel by taking the corresponding Ailments instead.")

# Cedar Falls - Prairie P - Mountain M (the Mountain costs two Food and one Wood to leave) - Newhaven.
TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["P"]},
    {"name": "P", "kind": "Prairie", "travel_cost": {"water": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["M"]},
    {"name": "M", "kind": "Mountain", "travel_cost": {"food": 2, "wood": 1},
     "resources": ["water"], "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
STEP_BACK = {"type": "travel", "player": "p1", "to": "P", "backward": True,
             "pay": {"water": 1, "wood": 1}}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def ann_on_the_mountain(client, resources, **options):
    return ApiTable(client, {
        "game": "we-forlorn-few", "players": ["Ann", "Bob"],
        "options": {"terrain": TRAIL, **options},
        "position": {"round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
                     "players": {"p1": {"status": "traveler", "tile": "M",
                                        "resources": resources},
                                 "p2": {"status": "traveler", "tile": "CF"}}}})


def backward_steps(table):
    return [event for event in table.view()["legal"]
            if event["type"] == "travel" and event.get("backward")]


def test_the_option_cites_both_passages_and_defaults_to_the_travel_text(client):
    option = client.get("/api/games/we-forlorn-few").get_json()["options"]["backwards_when"]
    assert option["default"] == "any_turn"
    assert [rule["quote"] for rule in option["rules"]] == [BACKWARDS, QRG_BACKWARDS, NOT_ALL]


def test_not_stuck_a_step_back_for_two_resources_is_refused_under_stuck(client):
    # Ann holds the Mountain's two Food and one Wood: she could leave it at its Travel Cost.
    table = ann_on_the_mountain(client, {"food": 2, "water": 1, "wood": 1},
                                backwards_when="stuck")
    assert backward_steps(table) == []
    before = as_seen(table.view())
    error = table.refused(STEP_BACK, QRG_BACKWARDS)
    assert "backwards_when" in error["message"]
    assert as_seen(table.view()) == before
    # Travelling back at the Mountain's own Travel Cost is still a travel to an adjacent tile.
    table.accepted({"type": "travel", "player": "p1", "to": "P"})
    ann = table.view()["state"]["players"]["p1"]
    assert (ann["tile"], ann["resources"]) == ("P", {"food": 0, "water": 1, "wood": 0})


def test_stuck_the_step_back_is_accepted_under_stuck(client):
    # One Food short of the Mountain's cost: stuck, so two Resources take her back.
    table = ann_on_the_mountain(client, {"food": 1, "water": 1, "wood": 1},
                                backwards_when="stuck")
    paid = [{kind: n for kind, n in event["pay"].items() if n} for event in backward_steps(table)]
    assert sorted(paid, key=sorted) == [{"food": 1, "water": 1}, {"food": 1, "wood": 1},
                                        {"water": 1, "wood": 1}]
    table.accepted(STEP_BACK)
    ann = table.view()["state"]["players"]["p1"]
    assert (ann["tile"], ann["resources"]) == ("P", {"food": 1, "water": 0, "wood": 0})


def test_by_default_a_step_back_is_taken_whatever_the_supply(client):
    table = ann_on_the_mountain(client, {"food": 2, "water": 1, "wood": 1})
    assert backward_steps(table)
    table.accepted(STEP_BACK)
    assert table.view()["state"]["players"]["p1"]["tile"] == "P"


# --- A position with more than four Companions (audit19's note on finding 150) ------------------

FOUR_COMPANIONS = book("Travelers can have up to a total of four Companions on their Player board "
                       "at any time.")


@pytest.mark.parametrize("board, field", [
    ({"companions": 5}, "position.players.p1.companions"),
    ({"companions": 3, "skulls": {"hunger": 2}}, "position.players.p1.companions")])
def test_more_than_four_companions_in_a_position_quote_the_book(client, board, field):
    response = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
                     "players": {"p1": {"status": "traveler", "tile": "P", **board},
                                 "p2": {"status": "traveler", "tile": "CF"}}}})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert (error["field"], error["rule"]["quote"]) == (field, FOUR_COMPANIONS)


def test_four_companions_in_a_position_are_accepted(client):
    table = ann_on_the_mountain(client, {"food": 1})
    assert table.view()["state"]["players"]["p1"]["companions"] == 4
