"""Journey: Wrath of Demons: an independent audit of the referee, written from the rulebook alone.

Every scenario goes through the HTTP API only (the `client` fixture): a game is started from a
position on the table, events are entered, and the answer is checked against what the rulebook
says: acceptance (200), or refusal (422) with the sentence of the book that forbids what was
attempted, and the state a player checks (HP, Chi, Action Points, Karma, Conditions and their Turn
Tokens, whose activation, the Demon AI's plan). Each scenario quotes the rule it checks in its
docstring. The numbers were worked out by hand from the rulebook, not read from the referee.

Table conventions used (from GET /api/games/journey): two players, p1 controls the Monkey King and
Cho Hakkai, p2 Monk Sha and Tripitaka (the default deal); initiative is set per scenario.
"""

from pathlib import Path

import pytest

GAME = "journey"
RULEBOOK = (Path(__file__).resolve().parent.parent / "rulebook_index" / "data"
            / "journey.txt").read_text()
PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]


class Table:
    """A game through the API, entered with the table's edit token."""

    def __init__(self, client, first=None, pilgrims=None, demons=(), gates=("gate-1",),
                 **position):
        self.client = client
        initiative = ORDER if first is None else [first] + [p for p in ORDER if p != first]
        pos = {"boxes": ["box-1"], "demons": list(demons), "doors": ["door-1"],
               "gates": [{"id": g} for g in gates], "sutras": ["sutra-1"],
               "villagers": ["villager-1"], "wells": ["well-1"], "pilgrims": pilgrims or {}}
        pos.update(position)
        setup = {"game": GAME, "players": ["Ann", "Ben"], "position": pos,
                 "options": {"initiative": initiative, "pilgrim_profiles": PROFILES}}
        response = client.post("/api/sessions", json=setup)
        assert response.status_code == 201, response.get_json()
        game = response.get_json()
        self.id, self.seq = game["id"], game["seq"]
        self.headers = {"Authorization": "Bearer " + game["edit_token"]}

    def post(self, **event):
        if "pilgrim" in event and "player" not in event:
            event["player"] = SEAT[event["pilgrim"]]
        event.setdefault("player", "p1")
        response = self.client.post(f"/api/sessions/{self.id}/events", headers=self.headers,
                                    json={"event": event, "expected_seq": self.seq})
        if response.status_code == 200:
            self.seq = response.get_json()["seq"]
        return response

    def ok(self, **event):
        response = self.post(**event)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def view(self):
        response = self.client.get(f"/api/sessions/{self.id}", headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    @property
    def state(self):
        return self.view()["state"]

    def pilgrim(self, name):
        return self.state["pilgrims"][name]

    def activation(self):
        return self.state["activation"]

    def start(self):
        """Maintenance of turn 1: the first Pilgrim in initiative order is active."""
        self.ok(type="maintenance")
        return self


def refused(response, sentence):
    """A 422 quoting `sentence`: verbatim in the rulebook, and the one that forbids the move."""
    assert sentence in RULEBOOK, f"not in the rulebook: {sentence!r}"
    assert response.status_code == 422, response.get_json()
    quote = response.get_json()["error"]["rule"]["quote"]
    assert quote in RULEBOOK
    assert sentence in quote, f"quoted {quote!r}, expected {sentence!r}"


def refused_one_of(response, *sentences):
    """A 422 quoting one of `sentences` (the book says it in more than one place)."""
    for sentence in sentences:
        assert sentence in RULEBOOK, f"not in the rulebook: {sentence!r}"
    assert response.status_code == 422, response.get_json()
    quote = response.get_json()["error"]["rule"]["quote"]
    assert quote in RULEBOOK
    assert any(sentence in quote for sentence in sentences), quote


def at(client, first, **kw):
    return Table(client, first=first, **kw).start()


# == Action Points ================================================================================


def test_two_action_points_then_no_more(client):
    """"Normally, each Pilgrim has 2 Action Points to spend" — a third Action is refused."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"chi": 0}})
    assert table.activation()["pilgrim"] == "monkey_king"
    assert table.activation()["ap"] == 2
    table.ok(type="rest", pilgrim="monkey_king")
    table.ok(type="move", pilgrim="monkey_king", steps=2, turns=0)
    assert "monkey_king" in table.state["activated"]
    assert table.activation()["pilgrim"] == "monk_sha"
    response = table.post(type="move", pilgrim="monkey_king", steps=1, turns=0)
    refused_one_of(response, "each Pilgrim has 2 Action Points to spend",
                   "cannot be reactivated", "they cannot come back")


def test_unused_points_are_lost_and_next_pilgrim_activates(client):
    """"A Pilgrim does not have to use all its Action Points, but if it does not, then it cannot
    be reactivated." The next Pilgrim in initiative order is activated."""
    table = at(client, "monkey_king")
    table.ok(type="rest", pilgrim="monkey_king")
    table.ok(type="end_activation", pilgrim="monkey_king")
    assert table.activation()["pilgrim"] == "monk_sha"
    assert table.activation()["ap"] == 2
    response = table.post(type="rest", pilgrim="monkey_king")
    assert response.status_code == 422


def test_only_the_active_pilgrim_acts(client):
    """"In the Pilgrim Phase, each Pilgrim is activated in order" — Monk Sha cannot act while the
    Monkey King is active."""
    table = at(client, "monkey_king")
    response = table.post(type="rest", pilgrim="monk_sha")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Move =========================================================================================


def test_move_up_to_mv(client):
    """"Move: The Pilgrim moves the number of squares up to their Move Attribute." Cho Hakkai has
    MV 3 at this table: 3 squares straight is fine, 4 is refused."""
    table = at(client, "cho_hakkai")
    refused_response = table.post(type="move", pilgrim="cho_hakkai", steps=4, turns=0)
    assert refused_response.status_code == 422
    assert refused_response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="move", pilgrim="cho_hakkai", steps=3, turns=0)
    assert table.activation()["spent"] == 1


def test_blue_squares_cost_two(client):
    """"Pilgrims pay 2 Movement Points for a blue square, rather than the normal 1 Movement Point,
    including Changing Face." Cho Hakkai (MV 3): 2 squares of which 2 blue cost 4 — refused;
    2 squares, 1 blue, cost 3 — accepted."""
    table = at(client, "cho_hakkai")
    response = table.post(type="move", pilgrim="cho_hakkai", steps=2, turns=0, blue=2)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="move", pilgrim="cho_hakkai", steps=2, turns=0, blue=1)


def test_double_move_counts_as_one_long_move(client):
    """"When you make a Double Move, count the squares as if it were one Move with double the
    number of Movement Points." Tripitaka (MV 3) moves 6 squares for 2 Action Points."""
    table = at(client, "tripitaka")
    table.ok(type="move", pilgrim="tripitaka", steps=6, turns=0, action_points=2)
    assert "tripitaka" in table.state["activated"]
    assert table.activation()["pilgrim"] == "monkey_king"
    response = table.post(type="rest", pilgrim="tripitaka")
    assert response.status_code == 422


def test_double_move_past_double_mv_refused(client):
    """"When you make a Double Move, count the squares as if it were one Move with double the
    number of Movement Points." Tripitaka (MV 3): 7 squares for 2 Action Points is too far."""
    table = at(client, "tripitaka")
    response = table.post(type="move", pilgrim="tripitaka", steps=7, turns=0, action_points=2)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Rest ==========================================================================================


def test_rest_gives_five_chi_capped(client):
    """"When a Pilgrim rests, they recover 5 Chi Points, up to their current maximum." Chi 3 -> 8,
    then 8 -> 10 (not 13)."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"chi": 3}})
    table.ok(type="rest", pilgrim="monkey_king")
    assert table.pilgrim("monkey_king")["chi"] == 8
    table.ok(type="rest", pilgrim="monkey_king")
    assert table.pilgrim("monkey_king")["chi"] == 10


# == Pray / Meditate ===============================================================================


def test_box_once_per_activation(client):
    """"Each Pilgrim can only use a Mystical Box once per Activation." Pray then Meditate on the
    same activation is refused."""
    table = at(client, "monkey_king")
    table.ok(type="pray", pilgrim="monkey_king", box="box-1", card="Wild Herbs")
    response = table.post(type="meditate", pilgrim="monkey_king", box="box-1", spinner="white",
                          seen=["Wild Ginseng", "Wild Herbs", "Om Mala of Vigor"],
                          kept="Wild Ginseng")
    refused_one_of(response, "Each Pilgrim can only use a Mystical Box once per Activation.",
                   "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each "
                   "time they are Activated")


def test_pray_needs_same_map_tile(client):
    """"The Pilgrim can stop and Pray for aid when they are on the same Map Tile as a Mystical
    Box." Off the tile, refused."""
    table = at(client, "monkey_king")
    response = table.post(type="pray", pilgrim="monkey_king", box="box-1", card="Wild Herbs",
                          same_tile=False)
    assert response.status_code == 422
    assert "same Map Tile" in response.get_json()["error"]["rule"]["quote"]


# == Close a Gate ==================================================================================


def test_only_tripitaka_closes_a_gate(client):
    """"Only Tripitaka can Close a Demon Gate." The Monkey King, holding a Sutra, cannot."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"sutras": 1}})
    response = table.post(type="close_gate", pilgrim="monkey_king", gate="gate-1")
    refused(response, "Only Tripitaka can Close a Demon Gate.")


def test_close_gate_needs_a_sutra(client):
    """"He must have a Sutra Token in his possession and be adjacent to the Gate." No Sutra."""
    table = at(client, "tripitaka")
    response = table.post(type="close_gate", pilgrim="tripitaka", gate="gate-1")
    refused(response, "He must have a Sutra Token in his possession")


def test_close_gate_needs_adjacency(client):
    """"He must have a Sutra Token in his possession and be adjacent to the Gate." Not adjacent."""
    table = at(client, "tripitaka", pilgrims={"tripitaka": {"sutras": 1}})
    response = table.post(type="close_gate", pilgrim="tripitaka", gate="gate-1", adjacent=False)
    refused(response, "be adjacent to the Gate")


def test_close_gate_spends_the_sutra(client):
    """"At a cost of 1 Action Point and a Sutra Token, Tripitaka can Close the Gate. The result is
    automatic." The gate is closed and the Sutra gone."""
    table = at(client, "tripitaka", pilgrims={"tripitaka": {"sutras": 1}})
    table.ok(type="close_gate", pilgrim="tripitaka", gate="gate-1")
    state = table.state
    assert state["gates"]["gate-1"]["status"] == "closed"
    assert state["pilgrims"]["tripitaka"]["sutras"] == 0
    assert state["activation"]["spent"] == 1


# == Revive ========================================================================================


def test_only_tripitaka_revives(client):
    """"Only Tripitaka can Revive other Pilgrims." """
    table = at(client, "monkey_king", pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious",
                                                               "posture": "face_down"}})
    response = table.post(type="revive", pilgrim="monkey_king", target="cho_hakkai", hp=2, chi=0)
    refused(response, "Only Tripitaka can Revive other Pilgrims.")


def test_revive_transfers_hp_and_chi(client):
    """"The Pilgrim is revived with as many Health and Chi Points as Tripitaka sacrifices."
    Tripitaka 8 HP 10 Chi gives 3 HP and 2 Chi: he has 5 and 8, Cho Hakkai 3 and 2."""
    table = at(client, "tripitaka", pilgrims={"cho_hakkai": {"hp": 0, "chi": 0,
                                                             "status": "unconscious",
                                                             "posture": "face_down"}})
    table.ok(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=3, chi=2)
    tripitaka, cho = table.pilgrim("tripitaka"), table.pilgrim("cho_hakkai")
    assert (tripitaka["hp"], tripitaka["chi"]) == (5, 8)
    assert (cho["hp"], cho["chi"], cho["status"]) == (3, 2, "active")


def test_revive_cannot_leave_tripitaka_below_one(client):
    """"Note that Tripitaka can choose to reduce his own Chi to 0, but cannot reduce his own Health
    Points below 1." Tripitaka with 3 HP cannot give 3."""
    table = at(client, "tripitaka", pilgrims={"tripitaka": {"hp": 3},
                                              "cho_hakkai": {"hp": 0, "status": "unconscious",
                                                             "posture": "face_down"}})
    response = table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=3, chi=0)
    refused(response, "cannot reduce his own Health Points below 1")


def test_revive_needs_an_unconscious_target(client):
    """"When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive the Pilgrim"."""
    table = at(client, "tripitaka")
    response = table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=1, chi=0)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Master Skill / Karma ==========================================================================


def test_master_skill_costs_four_good_karma(client):
    """"4 Good Karma + 1 Action Point | A One-time-use Skill Card." 6 Good Karma -> 2."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"good_karma": 6}})
    table.ok(type="master_skill", pilgrim="monkey_king", card="Phase Walk")
    assert table.pilgrim("monkey_king")["good_karma"] == 2
    assert table.activation()["spent"] == 1


def test_master_skill_refused_below_four(client):
    """"4 Good Karma + 1 Action Point" — with 3 Good Karma it cannot be paid."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"good_karma": 3}})
    response = table.post(type="master_skill", pilgrim="monkey_king", card="Phase Walk")
    refused(response, "4 Good Karma + 1 Action Point")


def test_master_skill_once_per_activation(client):
    """"Each Pilgrim can only Master a new skill once per Activation." """
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"good_karma": 8}})
    table.ok(type="master_skill", pilgrim="monkey_king", card="Phase Walk")
    response = table.post(type="master_skill", pilgrim="monkey_king", card="Cloud Leap")
    refused(response, "Each Pilgrim can only Master a new skill once per Activation.")


def test_rescue_villager_gives_three_good_karma(client):
    """"Pilgrims gain 3 Good Karma Points for this heroic deed." """
    table = at(client, "monk_sha", pilgrims={"monk_sha": {"good_karma": 2}})
    table.ok(type="rescue_villager", pilgrim="monk_sha", villager="villager-1")
    assert table.pilgrim("monk_sha")["good_karma"] == 5
    assert table.pilgrim("monk_sha")["villagers"] == 1


def test_good_karma_ten_forces_the_trade(client):
    """"The trades marked as mandatory must be made when the Karma level is met or exceeded."
    8 Good Karma + a rescued Villager = 11: the next Action waits for the Permanent Skill."""
    table = at(client, "monk_sha", pilgrims={"monk_sha": {"good_karma": 8}})
    table.ok(type="rescue_villager", pilgrim="monk_sha", villager="villager-1")
    response = table.post(type="rest", pilgrim="monk_sha")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="karma_trade", pilgrim="monk_sha", kind="good", card="Iron Skin")
    assert table.pilgrim("monk_sha")["good_karma"] == 1
    table.ok(type="rest", pilgrim="monk_sha")


# == Recover =======================================================================================


def test_recover_restores_all_hp_once_per_well(client):
    """"a Pilgrim can only use each Water Well once per Quest." First drink 4 -> 10; the second
    (next turn's activation too) is refused."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 4}})
    table.ok(type="recover", pilgrim="monkey_king", well="well-1")
    assert table.pilgrim("monkey_king")["hp"] == 10
    response = table.post(type="recover", pilgrim="monkey_king", well="well-1")
    assert response.status_code == 422
    assert "once" in response.get_json()["error"]["rule"]["quote"]


# == Conditions ====================================================================================


def test_duplicate_condition_replaces_the_old_card_and_tokens(client):
    """"If the second card is a duplicate, immediately discard the existing card and its counters.
    Then apply the new card normally." Poisoned with 2 Turn Tokens, Poisoned again: 0 tokens."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"conditions": [
        {"name": "Poisoned", "tokens": 2, "duration": 3, "damage_each_turn": 1}]}})
    table.ok(type="take_condition", pilgrim="monkey_king", condition="Poisoned")
    poisoned = [c for c in table.pilgrim("monkey_king")["conditions"] if c["name"] == "Poisoned"]
    assert len(poisoned) == 1
    assert poisoned[0]["tokens"] == 0


# == Attack ========================================================================================


def test_attack_one_target(client):
    """"His Profile Sheet says he normally attacks 1 Target. If multiple enemies are in Range with
    LOS, Monkey must choose 1 Target." """
    table = at(client, "monkey_king", demons=["berrok", "berrok"])
    response = table.post(type="attack", pilgrim="monkey_king", targets=["berrok-1", "berrok-2"],
                          attack_dice=[2, 3], pilgrim_die=2, weapon_damage=2)
    refused_one_of(response, "Monkey must choose 1 Target",
                   "he can only select 1 Target to attack each Attack Action.")


def test_attack_never_a_pilgrim(client):
    """"Pilgrims cannot target other Pilgrims" """
    table = at(client, "monkey_king", demons=["berrok"])
    response = table.post(type="attack", pilgrim="monkey_king", targets=["cho_hakkai"],
                          attack_dice=[2, 3], pilgrim_die=2, weapon_damage=2)
    refused(response, "Pilgrims cannot target other Pilgrims")


# == Unconscious ===================================================================================


def test_unconscious_pilgrim_plays_no_cards(client):
    """"Pilgrims cannot play cards or take any other actions when they are Unconscious." """
    table = at(client, "monkey_king", pilgrims={"cho_hakkai": {
        "hp": 0, "status": "unconscious", "posture": "face_down", "fortune": ["Wild Herbs"]}})
    response = table.post(type="play_card", pilgrim="cho_hakkai", card="Wild Herbs",
                          kind="fortune", gain={"hp": 3})
    refused(response, "Pilgrims cannot play cards or take any other actions when they are "
                      "Unconscious.")
