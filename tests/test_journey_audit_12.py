"""Journey: Wrath of Demons — the twelfth audit (session 15): Quest 8's Demons in a game joined
mid-way are the ones Iron Fan's Board Setup and respawns place (finding 87)."""

from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES
from tests.test_blind_scenarios_journey_6 import quest_setup, refused_position


def test_quest_8_iron_fan_never_defeated_is_still_on_the_board(client):
    """Finding 87's family: with no Defeat yet she has not left ("She is not Killed or Cleansed":
    only a Defeat removes her); the Board Setup's Berroks, fewer, with her, are a legal position."""
    error = refused_position(client, "q8", {"turn": 4, "demons": ["berrok"] * 5}, "position.demons")
    assert "before Iron Fan's first Defeat" in error["message"]
    created = client.post("/api/sessions", json=quest_setup(
        "q8", {"turn": 4, "demons": ["berrok"] * 2 + ["yazuiji"]}))
    assert created.status_code == 201, created.get_json()
    error = refused_position(client, "q8", {"turn": 6, "demons": ["bharhaz"]}, "position.demons",
                             defeats=2)
    assert "none until she respawns" in error["message"]


# --- Finding 93: what a game joined mid-way enters adds up to its Board Setup ---------------------

SUTRA_COLLECTED = "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile Sheet."
SUTRA_SACRIFICED = "The Sutra Token is sacrificed in the Gate and removed from play."
GATE_TURNED = "Turn the Gate Token over to indicate a Closed Gate."
Q2_GATES = [{"id": "gate-1"}, {"id": "gate-2"}]
CHO_UP = {"cho_hakkai": {"hp": 6, "status": "active"}}


def quotes(error):
    return [rule["quote"] for rule in error["rules"]]


def setup_of(quest, position, **options):
    """The position as given (no Board Setup merged in), the Pilgrims as entered."""
    return {"game": "journey", "players": ["Ann", "Ben"], "position": position,
            "options": {"quest": quest, "initiative": ORDER, "pilgrim_profiles": PROFILES,
                        "karma_upgrades": "in_position", **options}}


def created(client, quest, position, **options):
    response = client.post("/api/sessions", json=setup_of(quest, position, **options))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def refused(client, quest, position, **options):
    response = client.post("/api/sessions", json=setup_of(quest, position, **options))
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert "the position has" in error["message"], error
    return error


def test_quest_2_sutras_short_of_the_board_setup_are_refused_with_the_ways_they_leave(client):
    error = refused(client, "q2", {"turn": 3, "gates": Q2_GATES, "sutras": ["sutra-1"],
                                   "villagers": ["villager-1"], "pilgrims": CHO_UP})
    assert error["code"] == "illegal"
    assert "places 3 Sutras" in error["message"] and "the position has 1 on the board" in error["message"]
    assert quotes(error) == ["- Sutra x 3", SUTRA_COLLECTED, SUTRA_SACRIFICED]
    # the two missing: one collected, one sacrificed closing gate-1
    created(client, "q2", {"turn": 3, "sutras": ["sutra-1"], "demons": ["berrok"],
                           "gates": [{"id": "gate-1", "status": "closed"}, {"id": "gate-2"}],
                           "pilgrims": {**CHO_UP, "tripitaka": {"sutras": 1}}})


def test_sutras_short_with_the_gates_not_entered_may_have_closed_them(client):
    # "do not demand what is not entered": two Gates could have taken the two missing Sutras
    created(client, "q2", {"turn": 3, "sutras": ["sutra-1"], "demons": ["berrok"],
                           "pilgrims": CHO_UP})
    error = refused(client, "q2", {"turn": 3, "sutras": [], "demons": ["berrok"],
                                   "pilgrims": CHO_UP})
    assert quotes(error)[0] == "- Sutra x 3"


def test_a_position_that_enters_no_sutra_nor_villager_is_not_checked(client):
    created(client, "q10a", {"turn": 6, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
                             "boxes": ["box-1", "box-2", "box-3"],
                             "broken_doors": ["bd-1", "bd-2", "bd-3"]})


def test_quest_10_part_1_villager_tokens_short_are_refused(client):
    position = {"turn": 6, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
                "boxes": ["box-1", "box-2", "box-3"], "broken_doors": ["bd-1", "bd-2", "bd-3"],
                "villagers": ["villager-1", "villager-2"], "pilgrims": {"monk_sha": {"villagers": 2}}}
    error = refused(client, "q10a", position)
    assert quotes(error) == ["Place the Villager Token by the Pilgrim's Profile Sheet.",
                             "- Villagers x 5"]
    assert "2 on the board and the Pilgrims hold 2" in error["message"]
    created(client, "q10a", {**position, "pilgrims": {"monk_sha": {"villagers": 3}}})


def test_gates_are_never_taken_off_the_board(client):
    error = refused(client, "q7", {"turn": 4, "demons": ["berrok"],
                                   "gates": [{"id": f"gate-{n}"} for n in range(1, 4)]},
                    quest_setup={"kei_lun_hp": 10})
    assert quotes(error) == ["- Gate x 4", GATE_TURNED]
    assert "places 4 Gates; at Turn 4 the position has 3" in error["message"]


def test_the_ruling_allow_takes_fewer_tokens_but_never_more_gates(client):
    """setup_tokens_accounted: allow — a Fortune or Misfortune card (texts unprinted) may have moved
    a token: fewer Sutras, Villager Tokens or Gates are accepted; more Gates than printed are not."""
    created(client, "q2", {"turn": 3, "gates": Q2_GATES, "sutras": ["sutra-1"], "villagers": [],
                           "demons": ["berrok"], "pilgrims": CHO_UP},
            setup_tokens_accounted="allow")
    created(client, "q7", {"turn": 4, "demons": ["berrok"], "boxes": ["box-1"],
                           "gates": [{"id": f"gate-{n}"} for n in range(1, 4)]},
            setup_tokens_accounted="allow", quest_setup={"kei_lun_hp": 10})
    error = refused(client, "q8", {"turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}],
                                   "demons": ["berrok", "yazuiji"]},
                    setup_tokens_accounted="allow")
    assert quotes(error)[0].startswith("- Gate x 1") and quotes(error)[1] == GATE_TURNED


def test_a_missing_villager_in_quests_3_4_and_6_follows_the_ruling(client):
    """The Quests that always checked their Villager Tokens mid-way (1, 3, 4, 6) refuse a missing
    one under the default and take it as gone under `allow`."""
    position = {"turn": 4, "gates": [{"id": f"gate-{n}"} for n in range(1, 4)],
                "sutras": ["sutra-1", "sutra-2", "sutra-3"], "villagers": ["villager-1"],
                "wells": ["well-1"], "boxes": ["box-1"], "broken_doors": ["bd-1"],
                "demons": ["borrack"], "pilgrims": {"monk_sha": {"villagers": 1}}}
    setup = setup_of("q3", position, quest_setup={"safe_house": ["villager-1"]},
                     initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    response = client.post("/api/sessions", json=setup)
    assert response.status_code == 422, response.get_json()
    assert quotes(response.get_json()["error"])[1] == "- Villagers x 3"
    setup["options"]["setup_tokens_accounted"] = "allow"
    response = client.post("/api/sessions", json=setup)
    assert response.status_code == 201, response.get_json()


# --- Finding 96: Quest 9's spell holds Kogaiji against the Flood Gate ------------------------------

def test_quest_9_the_flood_gate_moves_kogaiji_only_once_his_spell_is_over(client):
    """"Quest rules override Card rules": under his spell "He will not move or attack while doing
    so" — the Flood Gate's Move is refused for him; once the Elder Monk is found (Monk Sha holds
    him) the card moves him as any Demon."""
    from tests.test_blind_scenarios_journey_7 import KOGAIJIS_SPELL, Q9_ORDER, end, guide

    def flood_gate_drawn(table):
        end(table, *Q9_ORDER)
        table.accepted({"type": "measure", "player": "p2", "of": "gates",
                        "distances": {"gate-1": 5, "gate-2": 9}})
        table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                        "demons": ["berrok"]})
        table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "special",
                        "name": "Flood Gate"})
        return table

    board = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
             "doors": ["door-1", "door-2", "door-3"], "demons": ["kogaiji"], "turn": 3}
    spell = flood_gate_drawn(guide(client, "q9", order=Q9_ORDER, position={
        **board, "villagers": [f"villager-{n}" for n in range(1, 5)]},
        options={"karma_upgrades": "in_position"}))
    spell.refused({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                   "closer": {"berrok-1": True, "kogaiji-1": True}}, KOGAIJIS_SPELL)
    spell.accepted({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                    "closer": {"berrok-1": True, "kogaiji-1": False}})
    found = flood_gate_drawn(guide(client, "q9", order=Q9_ORDER, position={
        **board, "villagers": [], "pilgrims": {"monk_sha": {"villagers": 1}}},
        options={"karma_upgrades": "in_position"}))
    found.accepted({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                    "closer": {"berrok-1": False, "kogaiji-1": True}})


# --- Finding 100: another Pilgrim while the active one's Kill or Cleanse is pending ---------------

def test_another_pilgrim_during_a_pending_defeat_is_told_the_initiative_order_first(client):
    from tests.test_blind_scenarios_journey_8 import by, koorogg_defeated_by_the_monkey_king

    initiative = ("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")
    choose = ("Defeat is not the final stage of the successful attack and the Attacker must choose "
              "one of the available options.")
    table = koorogg_defeated_by_the_monkey_king(client)
    error = table.refused(by(table, "monk_sha", "rest"), initiative)
    assert [rule["quote"] for rule in error["rules"]] == [initiative, choose]
    assert table.refused(by(table, "monkey_king", "rest"), choose).get("rules") is None
    table.accepted(by(table, "monkey_king", "resolve_defeat", choice="kill", reward=5))


# --- Book walk (Pray): a second Fortune Card drawn could not be entered ---------------------------

def test_a_pray_drawing_two_fortune_cards_is_refused(client):
    """"When a Pilgrim performs a Pray Action, they draw a Fortune Card…": `card` named one, so a
    table drawing two could not say so; `also_drawn` is refused, and `legal` never lists it."""
    from referee.journey.actions import Q_PRAY
    from tests.test_journey import MK, Table

    table = Table({"boxes": ["box-1"]})
    table.do("maintenance")
    message = table.refuse(Q_PRAY, "pray", pilgrim=MK, box="box-1", card="Wild Herbs",
                           also_drawn=["Wild Ginseng"])
    assert "Wild Ginseng not drawn" in message
    assert not any("also_drawn" in legal for legal in table.model.legal())
    table.do("pray", pilgrim=MK, box="box-1", card="Wild Herbs")
    assert table.pilgrim(MK)["fortune"] == ["Wild Herbs"]
