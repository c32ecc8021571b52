"""Pillars of Fate's pages through Flask's test client: the calculator page, the new-game form and
the table (three lanes, legal plays as taps, the Age-end summary, hidden information per seat)."""

from referee.core import engine
from referee.pillars_of_fate import Game


def form_fields(tallies: dict) -> dict:
    """The calculator's tallies as the page's form fields."""
    fields = {f"names.{seat}": name for seat, name in tallies.get("names", {}).items()}
    for a, age in enumerate(tallies["ages"]):
        fields[f"ages.{a}.modifier"] = age["modifier"]
        if age.get("first_player"):
            fields[f"ages.{a}.first_player"] = age["first_player"]
        for name, lane in age["lanes"].items():
            prefix = f"ages.{a}.lanes.{name}"
            fields[f"{prefix}.quest.feather"] = lane["quest"]["feather"]
            fields[f"{prefix}.quest.scorpion"] = lane["quest"]["scorpion"]
            if lane.get("pillar"):
                fields[f"{prefix}.pillar"] = lane["pillar"]
            for tie, choice in lane.get("ties", {}).items():
                fields[f"{prefix}.ties.{tie}"] = choice
            for seat in ("sun", "moon"):
                for i, card in enumerate(lane.get(seat, [])):
                    for key, value in card.items():
                        fields[f"{prefix}.{seat}.{i}.{key}"] = value
    return fields


def test_the_calculator_page_reads_its_form_into_the_same_answer_as_the_api(client):
    example = Game.score_schema["examples"][0]
    answer = client.get("/score/pillars-of-fate", query_string={**form_fields(example),
                                                                "json": 1})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["result"] == engine.score(Game, example)
    page = client.get("/score/pillars-of-fate", query_string={**form_fields(example),
                                                              "calculate": 1})
    assert page.status_code == 200
    assert "Ben win" in page.text and "Lane by lane" in page.text
    assert 'value="Ana"' in page.text  # what was typed stays


def test_the_calculator_page_says_what_is_missing(client):
    example = Game.score_schema["examples"][0]
    fields = form_fields(example)
    del fields["ages.0.lanes.center.ties.suit"]
    page = client.get("/score/pillars-of-fate", query_string={**fields, "calculate": 1})
    assert page.status_code == 200 and "tied in suit" in page.text


def test_the_calculator_page_takes_table_rulings(client):
    example = Game.score_schema["examples"][0]
    fields = {**form_fields(example), "options.quest_reward_to": "negative_to_loser",
              "options.belan_includes_itself.present": "1", "json": 1}
    answer = client.get("/score/pillars-of-fate", query_string=fields).get_json()
    expected = engine.score(Game, {**example, "options": {"quest_reward_to": "negative_to_loser",
                                                          "belan_includes_itself": False}})
    assert answer["result"] == expected
