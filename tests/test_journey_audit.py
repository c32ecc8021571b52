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
                 options=None, **position):
        self.client = client
        initiative = ORDER if first is None else [first] + [p for p in ORDER if p != first]
        pos = {"boxes": ["box-1"], "demons": list(demons), "doors": ["door-1"],
               "gates": [{"id": g} for g in gates], "sutras": ["sutra-1"],
               "villagers": ["villager-1"], "wells": ["well-1"], "pilgrims": pilgrims or {}}
        pos.update(position)
        setup = {"game": GAME, "players": ["Ann", "Ben"], "position": pos,
                 "options": {"initiative": initiative, "pilgrim_profiles": PROFILES,
                             **(options or {})}}
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


def demon_phase(client, **kw):
    """A table whose four Pilgrims end their activations at once: the Demon Phase, no Gate open."""
    table = at(client, "monkey_king", gates=(), **kw)
    for pilgrim in ORDER:
        if table.state["pilgrims"][pilgrim]["status"] == "active":
            table.ok(type="end_activation", pilgrim=pilgrim)
    return table


def option(actions, targets=(), ends="closer", squares=0):
    return {"actions": list(actions), "targets": list(targets), "ends": ends, "squares": squares}


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


# == Rest twice ====================================================================================


def test_third_rest_refused_by_default(client):
    """"Resting can be performed twice per Activation, if required." A third Rest (with a third
    Action Point from a card) is refused under the literal default ruling."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"chi": 0,
                                                                "hand": ["Focus"]}})
    table.ok(type="play_card", pilgrim="monkey_king", card="Focus", kind="skill",
             gain={"ap": 1})
    assert table.activation()["ap"] == 3
    table.ok(type="rest", pilgrim="monkey_king")
    table.ok(type="rest", pilgrim="monkey_king")
    response = table.post(type="rest", pilgrim="monkey_king")
    refused(response, "Resting can be performed twice per Activation")


# == Close a Gate: twice ===========================================================================


def test_closed_gate_cannot_be_closed_again(client):
    """"Only Tripitaka can Close a Demon Gate." — a Closed Gate is no Demon Gate to close; the
    second Sutra is not spent."""
    table = at(client, "tripitaka", pilgrims={"tripitaka": {"sutras": 2}})
    table.ok(type="close_gate", pilgrim="tripitaka", gate="gate-1")
    response = table.post(type="close_gate", pilgrim="tripitaka", gate="gate-1")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.pilgrim("tripitaka")["sutras"] == 1


# == Bad Karma =====================================================================================


def test_bad_karma_ten_upgrades_the_weapon(client):
    """"10 Bad Karma | An upgraded Weapon Card & a Corruption Card (mandatory trade)." 12 Bad
    Karma at the start: the trade leaves 2, Level 2 and one Corruption Card."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"bad_karma": 12}})
    response = table.post(type="rest", pilgrim="monkey_king")
    assert response.status_code == 422
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="bad", corruption="Permanent Limp")
    monkey = table.pilgrim("monkey_king")
    assert (monkey["bad_karma"], monkey["weapon_level"]) == (2, 2)
    assert monkey["corruption"] == ["Permanent Limp"]


def test_bad_karma_at_level_three_only_corruption(client):
    """"Once the Weapon Card has been fully upgraded, the Pilgrim must still trade 10 Points of Bad
    Karma for another Corruption Card" — the weapon stays at Level 3."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"bad_karma": 10,
                                                                "weapon_level": 3}})
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="bad", corruption="Permanent Limp")
    monkey = table.pilgrim("monkey_king")
    assert (monkey["bad_karma"], monkey["weapon_level"]) == (0, 3)


# == Maintenance: Conditions and the Unconscious ===================================================


def test_poisoned_ticks_then_expires(client):
    """Figure 2: "The number of Turn Tokens does not match the duration (3 Turns), so Monkey
    suffers the effect and loses 1 Health Point." Figure 1: with 3 Turn Tokens "the card can be
    discarded without applying more damage." """
    table = Table(client, first="monkey_king", pilgrims={"monkey_king": {"hp": 6, "conditions": [
        {"name": "Poisoned", "tokens": 1, "duration": 3, "damage_each_turn": 1}]}})
    table.ok(type="maintenance")
    assert table.pilgrim("monkey_king")["hp"] == 5
    table = Table(client, first="monkey_king", pilgrims={"monkey_king": {"hp": 6, "conditions": [
        {"name": "Poisoned", "tokens": 3, "duration": 3, "damage_each_turn": 1}]}})
    table.ok(type="maintenance")
    monkey = table.pilgrim("monkey_king")
    assert monkey["hp"] == 6
    assert [c for c in monkey["conditions"] if c["name"] == "Poisoned"] == []


def test_unconscious_rotates_each_maintenance(client):
    """"If an Unconscious Pilgrim is face down, turn them on their side." """
    table = Table(client, first="monkey_king", pilgrims={"cho_hakkai": {
        "hp": 0, "status": "unconscious", "posture": "face_down"}})
    table.ok(type="maintenance")
    assert table.pilgrim("cho_hakkai")["posture"] == "side"


def test_unconscious_on_back_dies(client):
    """"If they are on their back, the time to revive them has run out and they are dead." """
    table = Table(client, first="monkey_king", pilgrims={"cho_hakkai": {
        "hp": 0, "status": "unconscious", "posture": "back"}})
    table.ok(type="maintenance")
    assert table.pilgrim("cho_hakkai")["status"] == "dead"


def test_unconscious_pilgrim_is_skipped(client):
    """"Pilgrims cannot play cards or take any other actions when they are Unconscious." Monk Sha,
    Unconscious, second in order, is passed over: the Monkey King's activation ends and Tripitaka's
    begins."""
    table = at(client, "monkey_king", pilgrims={"monk_sha": {
        "hp": 0, "status": "unconscious", "posture": "face_down"}})
    table.ok(type="end_activation", pilgrim="monkey_king")
    assert table.activation()["pilgrim"] == "tripitaka"


# == Cards =========================================================================================


def test_card_hp_cost_must_leave_one(client):
    """Card costs in Health Points must leave the Pilgrim with at least 1 HP. The Monkey King with
    2 HP cannot pay 2."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 2, "hand": ["Blood Rage"]}})
    response = table.post(type="play_card", pilgrim="monkey_king", card="Blood Rage",
                          kind="skill", cost={"hp": 2})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="play_card", pilgrim="monkey_king", card="Blood Rage", kind="skill",
             cost={"hp": 1})
    assert table.pilgrim("monkey_king")["hp"] == 1


def test_card_chi_cost_unaffordable(client):
    """A card whose Chi cost the Pilgrim cannot pay is refused; Chi may reach 0."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"chi": 2,
                                                                "hand": ["Cloud Step"]}})
    response = table.post(type="play_card", pilgrim="monkey_king", card="Cloud Step",
                          kind="skill", cost={"chi": 3})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="play_card", pilgrim="monkey_king", card="Cloud Step", kind="skill",
             cost={"chi": 2})
    assert table.pilgrim("monkey_king")["chi"] == 0


def test_fortune_gain_capped_at_maximum(client):
    """"None of these changes can ever increase a statistic above its maximum value for that
    character." Wild Herbs (+3 HP) at 9 of 10 HP -> 10."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 9,
                                                                "fortune": ["Wild Herbs"]}})
    table.ok(type="play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune",
             gain={"hp": 3})
    assert table.pilgrim("monkey_king")["hp"] == 10


# == Demon AI ======================================================================================


def test_demon_plan_one_attack_tripitaka(client):
    """"Priority 1: Use the Action Points to attack Tripitaka, possibly more than once." A Berrok
    that can attack the Monkey King twice or move and attack Tripitaka must attack Tripitaka."""
    table = demon_phase(client, demons=["berrok"])
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["attack", "attack"], ["monkey_king"], ends="not_closer"),
        option(["move", "attack"], ["tripitaka"], squares=1)])
    response = table.post(type="demon_plan", demon="berrok-1", option=1)
    refused(response, "Priority 1: Use the Action Points to attack Tripitaka")
    table.ok(type="demon_plan", demon="berrok-1", option=2)


def test_demon_plan_two_over_three(client):
    """"Priority 2: Use the Action Points to attack any other Target, so long as the Demon ends
    closer on the board to Tripitaka." It ranks above attacking without getting closer."""
    table = demon_phase(client, demons=["berrok"])
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["monkey_king"], ends="not_closer", squares=1),
        option(["attack", "move"], ["monkey_king"], ends="closer", squares=1)])
    response = table.post(type="demon_plan", demon="berrok-1", option=1)
    refused(response, "Priority 2: Use the Action Points to attack any other Target, so long as "
                      "the Demon ends closer on the board to Tripitaka.")
    table.ok(type="demon_plan", demon="berrok-1", option=2)


def test_demon_plan_four_move_towards_tripitaka(client):
    """Figure 36: "Plans 1-3 are out. He uses Plan 4 and Double Moves towards Tripitaka." With no
    attack possible, the referee's best is the move towards Tripitaka."""
    table = demon_phase(client, demons=["berrok"])
    table.ok(type="demon_options", demon="berrok-1", options=[])
    current = table.state["demon_phase"]["current"]
    assert current["best"], current


def test_demons_ignore_unconscious_pilgrims(client):
    """"Demons ignore Unconscious Pilgrims completely. They do not move towards them, select them
    as Targets" — an option targeting the Unconscious Cho Hakkai is refused."""
    table = demon_phase(client, demons=["berrok"], pilgrims={"cho_hakkai": {
        "hp": 0, "status": "unconscious", "posture": "face_down"}})
    response = table.post(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["cho_hakkai"], squares=1)])
    refused(response, "Demons ignore Unconscious Pilgrims completely.")


def test_demons_never_target_demons(client):
    """"Demons cannot target other Demons." """
    table = demon_phase(client, demons=["berrok", "berrok"])
    table.ok(type="measure", of="demons", distances={"berrok-1": 2, "berrok-2": 5})
    response = table.post(type="demon_options", demon="berrok-1", options=[
        option(["attack"], ["berrok-2"])])
    refused(response, "Demons cannot target other Demons")


def test_demons_activate_closest_first(client):
    """"Demons are activated in order, this time starting with the Demon closest to Tripitaka and
    continuing to the ones further away." berrok-2 is closer: berrok-1 waits."""
    table = demon_phase(client, demons=["berrok", "berrok"])
    table.ok(type="measure", of="demons", distances={"berrok-1": 6, "berrok-2": 2})
    response = table.post(type="demon_options", demon="berrok-1", options=[
        option(["move", "move"], squares=4)])
    refused(response, "starting with the Demon closest to Tripitaka")


# == Conditions that forbid ========================================================================


def test_disabled_cannot_attack_but_can_move(client):
    """"Disabled: While Disabled, the Pilgrim cannot attack but the Pilgrim can make all other
    actions and can defend if attacked." """
    table = at(client, "monkey_king", demons=["berrok"], pilgrims={"monkey_king": {
        "conditions": [{"name": "Disabled", "tokens": 0, "duration": 2}]}})
    response = table.post(type="attack", pilgrim="monkey_king", targets=["berrok-1"],
                          attack_dice=[2, 3], pilgrim_die=2, weapon_damage=2)
    refused(response, "While Disabled, the Pilgrim cannot attack")
    table.ok(type="move", pilgrim="monkey_king", steps=2, turns=0)


def test_paralyzed_cannot_act(client):
    """"Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play cards, or
    defend." """
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        "conditions": [{"name": "Paralyzed", "tokens": 0, "duration": 2}]}})
    response = table.post(type="move", pilgrim="monkey_king", steps=2, turns=0)
    refused(response, "While Paralyzed, the Pilgrim cannot make any actions")


def test_paralyzed_cannot_play_cards(client):
    """"Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play cards, or
    defend." """
    table = at(client, "monk_sha", pilgrims={"monkey_king": {
        "fortune": ["Wild Herbs"], "hp": 5,
        "conditions": [{"name": "Paralyzed", "tokens": 0, "duration": 2}]}})
    response = table.post(type="play_card", pilgrim="monkey_king", card="Wild Herbs",
                          kind="fortune", gain={"hp": 3})
    refused(response, "While Paralyzed, the Pilgrim cannot make any actions, play cards")


def test_lure_of_demons_no_rest_twice(client):
    """"Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one turn.
    For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack twice." """
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        "chi": 0, "corruption": ["Lure of Demons"]}})
    table.ok(type="rest", pilgrim="monkey_king")
    response = table.post(type="rest", pilgrim="monkey_king")
    refused(response, "cannot Rest twice")


def test_lure_of_demons_no_double_move(client):
    """"For example, the Pilgrim cannot make Double Moves" (Lure of Demons)."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        "corruption": ["Lure of Demons"]}})
    response = table.post(type="move", pilgrim="monkey_king", steps=6, turns=0, action_points=2)
    refused(response, "cannot make Double Moves")


def test_permanent_limp_double_move_of_seven(client):
    """"Permanent Limp: 1 Movement Point is lost from the Double Move total. The Monkey King, MV 4,
    would have a Double Move of 7." 8 refused, 7 accepted."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {
        "corruption": ["Permanent Limp"]}})
    response = table.post(type="move", pilgrim="monkey_king", steps=8, turns=0, action_points=2)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="move", pilgrim="monkey_king", steps=7, turns=0, action_points=2)


def test_turns_cost_movement_points(client):
    """"Pilgrims pay 2 Movement Points for a blue square, rather than the normal 1 Movement Point,
    including Changing Face." Cho Hakkai (MV 3): 2 steps and 1 turn in blue cost 2 + 2 = 4."""
    table = at(client, "cho_hakkai")
    response = table.post(type="move", pilgrim="cho_hakkai", steps=2, turns=1, blue=1)
    assert response.status_code == 422
    table.ok(type="move", pilgrim="cho_hakkai", steps=2, turns=1)


# == Spawning ======================================================================================


def test_spawn_closest_gate_first(client):
    """"Start at the Gate closest to Tripitaka, and work back to the Gate furthest from
    Tripitaka." gate-2 is closer: spawning at gate-1 first is refused."""
    table = at(client, "monkey_king", gates=("gate-1", "gate-2"))
    for pilgrim in ORDER:
        table.ok(type="end_activation", pilgrim=pilgrim)
    table.ok(type="measure", of="gates", distances={"gate-1": 9, "gate-2": 4})
    response = table.post(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    refused(response, "Start at the Gate closest to Tripitaka")
    table.ok(type="spawn", gate="gate-2", card="reinforcement", demons=["berrok"])
    table.ok(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert len(table.state["demons"]) == 2


def test_each_gate_spawns_once(client):
    """"For each Active Gate, draw a Demon Card from the Demon Deck" — one card per Gate: a
    second draw at the same Gate is refused."""
    table = at(client, "monkey_king")
    for pilgrim in ORDER:
        table.ok(type="end_activation", pilgrim=pilgrim)
    table.ok(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    response = table.post(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Demon AI preferences ==========================================================================


def test_demon_prefers_most_targets(client):
    """"Preference 1: Attack the most Targets possible." Two Priority-3 options: one attacks the
    Monkey King, the other the Monkey King and Monk Sha."""
    table = demon_phase(client, demons=["berrok"], options={"demon_targets": "all"})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["monkey_king"], ends="not_closer", squares=1),
        option(["move", "attack"], ["monkey_king", "monk_sha"], ends="not_closer", squares=1)])
    response = table.post(type="demon_plan", demon="berrok-1", option=1)
    refused(response, "Preference 1: Attack the most Targets possible.")
    table.ok(type="demon_plan", demon="berrok-1", option=2)


def test_demon_prefers_weakest_target(client):
    """"Preference 2: Attack the weakest Target (the lowest number of Health Points)." Monk Sha
    (3 HP) before the Monkey King (10 HP)."""
    table = demon_phase(client, demons=["berrok"], pilgrims={"monk_sha": {"hp": 3}})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["monkey_king"], ends="not_closer", squares=1),
        option(["move", "attack"], ["monk_sha"], ends="not_closer", squares=1)])
    response = table.post(type="demon_plan", demon="berrok-1", option=1)
    refused(response, "Preference 2: Attack the weakest Target")
    table.ok(type="demon_plan", demon="berrok-1", option=2)


# == Combat ========================================================================================

BERROK = {"demon_profiles": {"berrok": {"hp": 2, "sp": 2, "gkr": 2, "bkr": 1, "attack_dice": 2,
                                        "targets": 1}}}


def test_kill_gives_bad_karma(client):
    """"You can Kill the Defeated Target and gain Bad Karma" — the Target's BKR (1 at this
    table) goes on the attacker's Bad Karma wheel and the Demon leaves the board."""
    table = at(client, "monkey_king", demons=["berrok"], options=BERROK)
    table.ok(type="attack", pilgrim="monkey_king", targets=["berrok-1"], attack_dice=[2, 3],
             pilgrim_die=2, weapon_damage=2)
    response = table.post(type="rest", pilgrim="monkey_king")
    assert response.status_code == 422
    table.ok(type="resolve_defeat", pilgrim="monkey_king", choice="kill")
    assert table.pilgrim("monkey_king")["bad_karma"] == 1
    assert "berrok-1" not in table.state["demons"]


def test_demon_attack_damage_minus_defense(client):
    """"The total damage is the difference between the Attacker's damage and the Target's
    defense." A Berrok rolls 2 + 1 = 3 against Tripitaka's 1 + 0: Tripitaka 8 -> 6."""
    table = demon_phase(client, demons=["berrok"], options=BERROK)
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["tripitaka"], squares=1)])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(type="demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[2, 1],
             defense_dice=[1, 0])
    assert table.pilgrim("tripitaka")["hp"] == 6


def test_demon_attack_fully_defended(client):
    """"If the total damage is 0 or less, for example the Attacker scores 2 damage and the Target
    scores 3 defense, the attack is a complete failure. No damage is applied to the Target." """
    table = demon_phase(client, demons=["berrok"], options=BERROK)
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack"], ["tripitaka"], squares=1)])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(type="demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[2, 0],
             defense_dice=[3, 0])
    assert table.pilgrim("tripitaka")["hp"] == 8


def test_demon_attack_to_zero_is_unconscious(client):
    """"If a Pilgrim is reduced to zero Health Points, the Pilgrim is Unconscious." """
    table = demon_phase(client, demons=["berrok"], options=BERROK,
                        pilgrims={"monkey_king": {"hp": 2}})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["attack", "attack"], ["monkey_king"], ends="not_closer")])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(type="demon_attack", demon="berrok-1", target="monkey_king", attack_dice=[3, 3],
             defense_dice=[0, 0])
    monkey = table.pilgrim("monkey_king")
    assert (monkey["hp"], monkey["status"]) == (0, "unconscious")


def test_demon_rage_three_action_points(client):
    """"When Demon Rage is in effect, each Demon gets 3 Action Points, not 2." — a Raging
    Berrok's Move, Attack, Attack on Tripitaka is a plan it can follow."""
    table = at(client, "monkey_king", demons=["berrok"] * 15, options=BERROK)
    for pilgrim in ORDER:
        table.ok(type="end_activation", pilgrim=pilgrim)
    table.ok(type="spawn", gate="gate-1", card="rage", demons=["berrok"])
    table.ok(type="measure", of="demons",
             distances={f"berrok-{n}": n for n in range(1, 16)})
    table.ok(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack", "attack"], ["tripitaka"], squares=1)])
    table.ok(type="demon_plan", demon="berrok-1", option=1)


def test_no_rage_two_action_points(client):
    """"Demons normally get 2 Action Points" — three Actions are not an option without Rage."""
    table = demon_phase(client, demons=["berrok"], options=BERROK)
    response = table.post(type="demon_options", demon="berrok-1", options=[
        option(["move", "attack", "attack"], ["tripitaka"], squares=1)])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
