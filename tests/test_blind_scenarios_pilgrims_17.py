"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 17): the falconer's completed
adventure cards and the C tile's missions at the end of a solo game — "Ignore the improvements on the
falconer's completed adventure cards." against missions 4 ("adventure cards with an improvement with
any means of movement") and 6 ("adventure cards with a discount improvement"), which count cards by
their improvements; missions 3 and 5, which do not, counted as for any player; the table ruling
added for it (`falconer_improvements_in_missions`, and the calculator's `falconer_improvements`)
played both ways, changing missions 4 and 6 only. His last replenish ends the game; each mission
scored by the book's table. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_pilgrims import CAMPFIRES, LEADERS, SWORD_FIST

GAME = "pilgrims"
book = quotes_from(GAME)

IGNORE_IMPROVEMENTS = book("Ignore the improvements on the falconer's completed adventure cards.")
MISSION_4 = book("4. Collect adventure cards with an improvement with any means of movement.")
MISSION_6 = book("6. Collect adventure cards with a discount improvement.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def adventure(level, points, **more):
    return {"level": level, "points": points, "party": ["?"], "crosses": 0, "cost": ["fist"],
            **more}


# His three completed cards: a level I with a movement improvement and a clover, a level I with a
# leaf discount, a level II with both improvements.
HIS_CARDS = [adventure(1, 2, improvement=["movement"], clovers=1),
             adventure(1, 2, improvement=["discount"], discount="leaf"),
             adventure(2, 3, improvement=["movement", "discount"], discount="any")]


def his_mission(client, mission, ruling=None):
    """The game's last replenish, the falconer's, with his top quill on a C tile of `mission`
    (under `falconer_improvements_in_missions` = `ruling`): the mission's line of his score."""
    quests = [{"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
              {"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
              {"tile": "C", "mission": mission, "cost": ["speech", "fist", "leaf"]}]
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann"],
        "options": {"campfires": CAMPFIRES, "public_quests": quests,
                    "leaders": {"p1": LEADERS["p1"]},
                    **({"falconer_improvements_in_missions": ruling} if ruling else {})},
        "position": {"round": 4, "current": "falconer", "phase": "falconer_replenish",
                     "turns": {"p1": 3, "falconer": 2}, "quills": {"C": ["falconer"]},
                     "players": {"p1": {"figure": [1, 1], "hand": [SWORD_FIST],
                                        "movement": [1, 2, 3]}},
                     "falconer": {"falcon": [2, 2], "falconer": [3, 3], "arrow": "right",
                                  "moved": ["falcon", "falconer"], "hand": [],
                                  "completed": HIS_CARDS}}})
    table.accepted({"type": "replenish", "player": "p1"})
    view = table.view("p1")
    assert view["over"] is True
    falconer = next(p for p in view["scores"]["players"] if p["seat"] == "falconer")
    lines = {line["label"]: line for line in falconer["breakdown"]}
    assert lines[f"Public quest C ({mission}): quill space"]["points"] == 2
    assert lines["Completed adventures"]["points"] == 7
    return lines[f"Public quest C ({mission}): mission"]


@pytest.mark.parametrize(("mission", "cards", "points"), [("3", 1, 1), ("5", 1, 1)],
                         ids=["3_clover_rewards", "5_level_ii"])
def test_his_cards_count_for_the_missions_that_do_not_look_at_improvements(
        client, mission, cards, points):
    line = his_mission(client, mission)
    assert line["points"] == points and line["counts"].startswith(f"{cards} completed")


def test_whether_his_ignored_improvements_count_for_missions_4_and_6_is_a_table_ruling(client):
    # Decided today without a word: his cards count by their improvements (2 each: 2 points).
    assert his_mission(client, "4")["points"] == 2 and his_mission(client, "6")["points"] == 2
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    cited = {name: {rule["quote"] for rule in option.get("rules", [])}
             for name, option in options.items()}
    assert [name for name, quotes in cited.items()
            if IGNORE_IMPROVEMENTS in quotes and (quotes & {MISSION_4, MISSION_6})]


# The ruling added for it (finding 175), both ways, changing only missions 4 and 6.
MISSIONS = {"3": 1, "4": 2, "5": 1, "6": 2}


@pytest.mark.parametrize("ruling", ["counted", "ignored"])
def test_falconer_improvements_in_missions_changes_missions_4_and_6_only(client, ruling):
    for mission, points in MISSIONS.items():
        if ruling == "ignored" and mission in ("4", "6"):
            points = 0
        assert his_mission(client, mission, ruling)["points"] == points, mission


@pytest.mark.parametrize(("ruling", "points"), [("counted", 2), ("ignored", 0)])
def test_the_calculator_takes_the_same_ruling_for_his_cards(client, ruling, points):
    cards = [{"level": card["level"], "points": card["points"],
              "improvement": card["improvement"],
              **({"discount": card["discount"]} if "discount" in card else {})}
             for card in HIS_CARDS]
    for mission in ("4", "6"):
        scores = calculated(client, GAME, {
            "public_quests": {"A": "1a", "B": "2c", "C": mission},
            "falconer_improvements": ruling,
            "players": [{"name": "Ann", "items": 1, "clovers": 0},
                        {"name": "Falconer", "falconer": True, "items": 0, "clovers": 0,
                         "adventures": cards,
                         "quills": [{"tile": "C", "space": "top"}]}]})
        falconer = next(p for p in scores["players"] if p["name"] == "Falconer")
        lines = {line["label"]: line["points"] for line in falconer["breakdown"]}
        assert lines[f"Public quest C ({mission}): mission"] == points, mission
        assert lines["Completed adventures"] == 7
