"""Journey: Wrath of Demons — the eleventh audit (session 14): every line of the live standings
cites the sentence of the book that decides it (finding 60's family; the calculator's lines did);
a Demon's option moves no further than its Move Attribute allows.

A Pilgrim's Health Points, Chi, Good and Bad Karma are the Profile Sheet's Health Track and wheels;
an Unconscious or dead Pilgrim's Health line quotes what put him there; a Condition Card is the
card "beside the Pilgrim Profile Sheet".
"""

import pytest

from referee.core import RuleViolation, engine
from referee.journey import demon_ai as D
from referee.journey import rules as R
from referee.journey.actions import Q_DOUBLE
from rulebook_index import sections
from tests.test_journey import CH, MK, Table


def quotes_by_label(table, seat="p1"):
    player = next(p for p in table.model.scores()["players"] if p["seat"] == seat)
    return {line["label"]: line["rule"]["quote"] for line in player["breakdown"]}


def test_each_standing_line_quotes_the_profile_sheet_sentence_it_shows():
    table = Table({"pilgrims": {MK: {"hp": 6, "conditions": [{"name": "Poisoned", "tokens": 1}]}}})
    quoted = quotes_by_label(table)
    assert quoted["Monkey King: Health Points"] == R.Q_HEALTH_TRACK
    assert quoted["Monkey King: Chi"] == R.Q_CHI_WHEEL
    assert quoted["Monkey King: Good Karma"] == R.Q_GOOD_KARMA_WHEEL
    assert quoted["Monkey King: Bad Karma"] == R.Q_BAD_KARMA_WHEEL
    assert quoted["Monkey King: Poisoned"] == R.Q_CONDITION_BESIDE
    for quote in quoted.values():
        assert sections.locate("journey", quote) is not None, quote


def test_an_unconscious_then_dead_pilgrims_health_line_quotes_why():
    table = Table({"pilgrims": {CH: {"hp": 0}}}, tripitaka_defeat="killed")
    assert quotes_by_label(table)["Cho Hakkai: Health Points"] == R.Q_PILGRIM_DEFEATED
    for _ in range(2):
        table.do("maintenance")
        table.end(*[p for p in table.G["initiative"] if p != CH])
        table.do("end_turn")
    table.do("maintenance")
    assert table.pilgrim(CH)["status"] == "dead"
    assert quotes_by_label(table)["Cho Hakkai: Health Points"] == R.Q_DEAD


def test_a_second_players_pilgrims_lines_cite_too():
    table = Table(players=("Ann", "Ben"))
    for seat in ("p1", "p2"):
        quoted = quotes_by_label(table, seat)
        assert quoted and all(quoted.values())


# -- a Demon's Move: up to its Move Attribute -----------------------------------------------------

def berrok_options(*options):
    table = Table({"demons": ["berrok"]})  # the data file: a Berrok's MV is 2 (Figure 36)
    table.to_demons()
    return table, {"type": "demon_options", "demon": "berrok-1", "options": list(options)}


def option(actions, squares, targets=(MK,)):
    return {"actions": list(actions), "targets": list(targets) if "attack" in actions else [],
            "squares": squares, "ends": "closer"}


def test_a_demon_option_moving_further_than_its_move_attribute_is_refused():
    table, event = berrok_options(option(("move", "attack"), 3))
    message = table.refuse(D.Q_DEMON_MOVE, event.pop("type"), **event)
    assert "3 Movement Points in 1 Move" in message and "Move Attribute is 2" in message
    table, event = berrok_options(option(("move", "move"), 5, ()))
    with pytest.raises(RuleViolation) as caught:
        engine.apply(table.model, {"player": "p1", **event})
    assert caught.value.citation.quote == D.Q_DEMON_MOVE
    assert [c.quote for c in caught.value.also] == [Q_DOUBLE]
    assert table.G["demon_phase"]["current"] is None


def test_a_demon_option_within_its_move_attribute_is_taken():
    table, event = berrok_options(option(("move", "attack"), 2), option(("move", "move"), 4, ()))
    table.do(event.pop("type"), **event)
    assert table.G["demon_phase"]["current"]["best"] == [1]


# -- Quests joined mid-way (findings 83-88, the outsider's round 6; their scenarios in
# tests/test_blind_scenarios_journey_6.py) -----------------------------------------------------------

@pytest.fixture
def client(module_client):
    return module_client


def test_quest_7_kei_lun_allys_second_action_quotes_his_one_action_point(client):
    """As finding 88 for Quest 5's Kei Lun: his 1 Action Point taken, another is refused with it."""
    from referee.journey.quests.q07_demon_army import Q_ONE_AP
    from tests.test_blind_scenarios_journey_3 import ORDER, end, quest_7_late

    table = quest_7_late(client)
    for pilgrim in ORDER:
        end(table, pilgrim)
    ally = {"type": "kei_lun_ally", "player": "p2", "action": "none", "guarding": True,
            "in_range": []}
    table.accepted(ally)
    table.refused(ally, Q_ONE_AP)


def test_a_quest_joined_mid_way_counts_a_broken_door_as_the_same_token(client):
    """Finding 84: Quest 4 places 6 Doors and 1 Broken Door; two broken down by Turn 3 leave 4
    closed and 3 broken (accepted), an eighth Door Token is refused with the Board Setup."""
    board = {"gates": [{"id": "gate-1"}], "villagers": [f"villager-{n}" for n in range(1, 5)],
             "wells": ["well-1"], "boxes": ["box-1"], "demons": ["kogaiji", "berrok", "berrok"]}
    setup = {"game": "journey", "players": ["Ann"],
             "options": {"quest": "q4", "pilgrim_profiles": {
                 "monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
                 "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3}}},
             "position": {**board, "turn": 3, "doors": [f"door-{n}" for n in range(1, 5)],
                          "broken_doors": ["broken-1", "broken-2", "broken-3"]}}
    created = client.post("/api/sessions", json=setup)
    assert created.status_code == 201, created.get_json()
    setup["position"]["doors"].append("door-5")
    refused = client.post("/api/sessions", json=setup)
    assert refused.status_code == 422, refused.get_json()
    error = refused.get_json()["error"]
    assert "- Door x 6\n- Broken Door x 1" in error["rule"]["quote"]
    assert "the position has 8" in error["message"]


def test_quest_1s_transformed_villager_takes_the_berroks_remembered_profile():
    """The whole-game tester's note: "a Demon's HP entered once is remembered for its kind"
    (docs); the Bull Warrior that replaces the Villager Token ("replace the Villager Token with a
    Bull Warrior") took only the setup's profile, not the Health Points entered in play (here as
    an Attack's `target_hp` leaves them; the whole game is tests/test_blind_games_journey.py)."""
    table = Table({"turn": 6, "gates": [{"id": "gate-1"}], "villagers": ["villager-1"],
                   "boxes": ["box-1"], "doors": ["door-1"], "demons": ["berrok", "berrok"]},
                  quest="q1", quest_setup={"house": ["berrok-1", "berrok-2"]},
                  demon_profiles={"berrok": {"sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2}})
    table.G["entered_profiles"]["berrok"] = {"hp": 3}
    table.do("maintenance")
    assert table.G["demons"]["berrok-3"]["profile"]["hp"] == 3


# -- book walk: keeping two Fortune Cards on a white spin (not enterable before) -----------------

def test_a_white_spin_keeping_two_of_the_three_is_refused_one_is_kept():
    from referee.journey import actions as A

    table = Table({"boxes": ["box-1"]})
    table.do("maintenance")
    seen = ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"]
    message = table.refuse(A.Q_WHITE, "meditate", pilgrim=MK, box="box-1", spinner="white",
                           seen=seen, kept="Wild Herbs", also_kept=["Wild Ginseng"])
    assert "not 2" in message and table.pilgrim(MK)["fortune"] == []
    table.do("meditate", pilgrim=MK, box="box-1", spinner="white", seen=seen, kept="Wild Herbs")
    assert table.pilgrim(MK)["fortune"] == ["Wild Herbs"]
