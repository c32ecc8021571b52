"""Pilgrims end-of-game calculator: complete games scored by hand, and every tie-break path.

Each expected total is worked out by hand in the comments, from the rulebook's "End of the Game":
adventure points; 1 per 3 clovers (rounded down); quill top 2 / middle 1 / bottom 0; missions
1/2/3/4+ cards -> 1/2/4/6; journey cards' points + 1 per map token removed from the incomplete one;
the falconer: adventures, quests, 1 per item card, no clovers, +5 with journey cards.
"""

import pytest

from referee.core import BadRequest, engine
from referee.pilgrims import Game
from rulebook_index import sections


def adv(points, level=1, clovers=0, improvement=(), **more):
    return {"points": points, "level": level, "clovers": clovers,
            "improvement": list(improvement), **more}


def comp(types, activation):
    return {"types": types, "activation": activation}


def totals(result):
    return {p["name"]: p["total"] for p in result["players"]}


def lines(result, name):
    player = next(p for p in result["players"] if p["name"] == name)
    return {(x["label"]): x["points"] for x in player["breakdown"]}


def test_one_player():
    result = Game.score({
        "public_quests": {"C": "3"},
        "players": [{
            "name": "Joe", "items": 0, "clovers": 11,
            "adventures": [adv(2), adv(3, clovers=1)],
            "quills": [{"tile": "C", "space": "top"}],
        }, {"name": "Falconer", "falconer": True, "items": 1, "adventures": []}],
    })
    # adventures 2 + 3 = 5; clovers 11 // 3 = 3; quill C top = 2;
    # mission 3 (clover reward): one card -> 1.  5 + 3 + 2 + 1 = 11; the falconer's item: 1
    assert totals(result) == {"Joe": 11, "Falconer": 1}
    assert result["winners"] == ["Joe"]
    assert result["decided_by"]["tie_break"] == "none"


def test_two_players():
    result = Game.score({
        "public_quests": {"A": "1c", "B": "2b", "C": "5"},
        "players": [
            {"name": "Ann", "items": 2, "clovers": 7,
             "adventures": [adv(3, clovers=1), adv(5, level=2, improvement=["movement"]), adv(2)],
             "companions": [comp(["beast"], ["sword"]), comp(["beast", "wanderer"], ["star"]),
                            comp(["scoundrel"], ["notes"]), comp(["beast"], ["compass"])],
             "quills": [{"tile": "A", "space": "top"}, {"tile": "C", "space": "middle"}]},
            {"name": "Bob", "items": 3, "clovers": 2,
             "adventures": [adv(4, level=2, improvement=["discount"]), adv(4, level=2),
                            adv(1, clovers=2)],
             "companions": [comp(["beast", "nobleheart"], ["notes"]),
                            comp(["nobleheart"], ["sword"])],
             "quills": [{"tile": "C", "space": "top"}, {"tile": "A", "space": "middle"}]},
        ],
    })
    # Ann: adventures 3 + 5 + 2 = 10; clovers 7 // 3 = 2; A top 2, mission 1c beasts: 3 cards
    # (the two-type Shepherd-like card counts once) -> 4; C middle 1, mission 5 level II: 1 -> 1.
    # 10 + 2 + 2 + 4 + 1 + 1 = 20
    # Bob: adventures 4 + 4 + 1 = 9; clovers 2 // 3 = 0; C top 2, level II: 2 -> 2;
    # A middle 1, beasts: 1 -> 1.  9 + 0 + 2 + 2 + 1 + 1 = 15
    assert totals(result) == {"Ann": 20, "Bob": 15}
    assert lines(result, "Ann")["Public quest A (1c): mission"] == 4
    assert result["winners"] == ["Ann"]
    assert [r["id"] for r in result["ranking"]] == ["Ann", "Bob"]
    assert result["decided_by"]["tie_break"] == "none"


def test_three_players_tie_broken_by_items():
    result = Game.score({
        "public_quests": {"A": "1a", "B": "2c", "C": "3"},
        "players": [
            {"name": "Cat", "items": 4, "clovers": 5,
             "adventures": [adv(3, clovers=1), adv(4, level=2)],
             "companions": [comp(["wanderer"], ["notes"]), comp(["beast"], ["notes", "star"]),
                            comp(["scoundrel"], ["sword"])],
             "quills": [{"tile": "B", "space": "top"}]},
            {"name": "Dan", "items": 2, "clovers": 3,
             "adventures": [adv(5, level=2, clovers=1), adv(2, clovers=1)],
             "quills": [{"tile": "C", "space": "top"}]},
            {"name": "Eve", "items": 9, "clovers": 0,
             "adventures": [adv(2)],
             "quills": [{"tile": "B", "space": "middle", "collected": 5},
                        {"tile": "C", "space": "middle", "collected": 0}]},
        ],
    })
    # Cat: 3 + 4 = 7; clovers 5 // 3 = 1; B top 2; mission 2c notes: 2 cards -> 2.  = 12
    # Dan: 5 + 2 = 7; clovers 3 // 3 = 1; C top 2; mission 3: 2 clover adventures -> 2.  = 12
    # Eve: 2; clovers 0; B middle 1, 5 cards collected -> capped at 6; C middle 1, 0 cards -> 0.
    # 2 + 0 + 1 + 6 + 1 + 0 = 10
    assert totals(result) == {"Cat": 12, "Dan": 12, "Eve": 10}
    assert result["winners"] == ["Cat"]  # 4 item cards against Dan's 2
    assert result["decided_by"]["tie_break"] == "items"
    assert "more item cards" in result["decided_by"]["rule"]["quote"]
    assert [(r["id"], r["place"]) for r in result["ranking"]] == [
        ("Cat", 1), ("Dan", 2), ("Eve", 3)]
    eve = next(p for p in result["players"] if p["name"] == "Eve")
    capped = [x for x in eve["breakdown"] if x["label"] == "Public quest B (2c): mission"][0]
    assert capped["points"] == 6 and "more than 6" in capped["rule"]["quote"]


def test_four_players_journey_cards_shared_victory():
    result = Game.score({
        "journey_cards": True,
        "public_quests": {"A": "1d", "B": "2d", "C": "6"},
        "players": [
            {"name": "Fay", "items": 3, "clovers": 9,
             "adventures": [adv(4, level=2, improvement=["discount"], discount="fist"), adv(3)],
             "quills": [{"tile": "C", "space": "top"}],
             "journey": {"completed": [3, 4], "removed": 1}},
            {"name": "Gus", "items": 1, "clovers": 4,
             "adventures": [adv(5, level=2), adv(5, level=2, improvement=["discount"])],
             "quills": [{"tile": "A", "space": "top", "collected": 4},
                        {"tile": "C", "space": "middle"}],
             "journey": {"completed": [2], "removed": 0}},
            {"name": "Hal", "items": 1, "clovers": 3,
             "adventures": [adv(6, level=2), adv(3, clovers=2), adv(2)],
             "companions": [comp(["scoundrel"], ["compass"]), comp(["scoundrel"], ["compass", "sword"]),
                            comp(["scoundrel"], ["star"])],
             "quills": [{"tile": "A", "space": "middle", "collected": 3},
                        {"tile": "B", "space": "top"}],
             "journey": {"completed": [], "removed": 2}},
            {"name": "Ivy", "items": 0, "clovers": 0},
        ],
    })
    # Fay: 4 + 3 = 7; 9 // 3 = 3; C top 2, mission 6 discount: 1 -> 1; journey 3 + 4 = 7,
    # 1 token removed -> 1.  7 + 3 + 2 + 1 + 7 + 1 = 21
    # Gus: 5 + 5 = 10; 4 // 3 = 1; A top 2, 4 collected -> 6; C middle 1, discount: 1 -> 1;
    # journey 2 + 0.  10 + 1 + 2 + 6 + 1 + 1 + 2 + 0 = 23
    # Hal: 6 + 3 + 2 = 11; 3 // 3 = 1; A middle 1, 3 scoundrels -> 4; B top 2, compass: 2 -> 2;
    # journey 0 + 2 removed.  11 + 1 + 1 + 4 + 2 + 2 + 0 + 2 = 23
    # Ivy: nothing, journey lines 0.  = 0
    assert totals(result) == {"Fay": 21, "Gus": 23, "Hal": 23, "Ivy": 0}
    assert result["winners"] == ["Gus", "Hal"]  # same points, 1 item card each
    assert result["decided_by"]["tie_break"] == "shared"
    assert "share the victory" in result["decided_by"]["rule"]["quote"]
    assert [(r["id"], r["place"]) for r in result["ranking"]] == [
        ("Gus", 1), ("Hal", 1), ("Fay", 3), ("Ivy", 4)]
    assert lines(result, "Ivy")["Incomplete journey card"] == 0


def test_solo_game_with_journey_cards():
    result = Game.score({
        "journey_cards": True,
        "public_quests": {"A": "1b", "B": "2a", "C": "4"},
        "players": [
            {"name": "Kim", "items": 2, "clovers": 6,
             "adventures": [adv(4, level=2, improvement=["movement"]),
                            adv(2, improvement=["movement"])],
             "quills": [{"tile": "C", "space": "top"}],
             "journey": {"completed": [4], "removed": 2}},
            {"name": "Falconer", "falconer": True, "items": 4, "clovers": 1,
             "adventures": [adv(3), adv(5, level=2)],
             "companions": [comp(["nobleheart"], ["star"]), comp(["nobleheart", "beast"], ["sword"]),
                            comp(["wanderer"], ["star"])],
             "quills": [{"tile": "A", "space": "top"}, {"tile": "B", "space": "top"}]},
        ],
    })
    # Kim: 4 + 2 = 6; 6 // 3 = 2; C top 2, mission 4 movement: 2 -> 2; journey 4 + 2 removed.
    # 6 + 2 + 2 + 2 + 4 + 2 = 18
    # Falconer: 3 + 5 = 8; 4 item cards -> 4; clover not scored 0; A top 2, noblehearts 2 -> 2;
    # B top 2, star 2 -> 2; +5 instead of journey cards.  8 + 4 + 0 + 2 + 2 + 2 + 2 + 5 = 25
    assert totals(result) == {"Kim": 18, "Falconer": 25}
    falconer = lines(result, "Falconer")
    assert falconer["Remaining clover tokens"] == 0
    assert falconer["Journey cards"] == 5
    assert result["winners"] == ["Falconer"]


def test_solo_tie_broken_by_items():
    result = Game.score({"players": [
        {"name": "Kim", "items": 3, "clovers": 3, "adventures": [adv(4)]},
        {"name": "Falconer", "falconer": True, "items": 2, "adventures": [adv(3)]},
    ]})
    # Kim 4 + 1 = 5; falconer 3 + 2 items = 5; Kim holds 3 item cards against 2.
    assert totals(result) == {"Kim": 5, "Falconer": 5}
    assert result["winners"] == ["Kim"]
    assert result["decided_by"]["tie_break"] == "items"
    assert result["decided_by"]["rule"]["quote"].startswith("The player with more victory points")


def test_solo_still_tied_shares():
    result = Game.score({"players": [
        {"name": "Kim", "items": 2, "clovers": 0, "adventures": [adv(4)]},
        {"name": "Falconer", "falconer": True, "items": 2, "adventures": [adv(2)]},
    ]})
    # Kim 4; falconer 2 + 2 items = 4; both hold 2 item cards.
    assert result["winners"] == ["Kim", "Falconer"]
    assert result["decided_by"]["tie_break"] == "shared"


def test_two_way_tie_on_items_below_a_three_way_points_tie():
    result = Game.score({"players": [
        {"name": "A", "items": 1, "adventures": [adv(5)]},
        {"name": "B", "items": 3, "adventures": [adv(5)]},
        {"name": "C", "items": 3, "adventures": [adv(5)]},
    ]})
    assert result["winners"] == ["B", "C"]
    assert result["decided_by"]["tie_break"] == "shared"
    assert [(r["id"], r["place"]) for r in result["ranking"]] == [("B", 1), ("C", 1), ("A", 3)]


def test_every_breakdown_line_cites_the_rulebook():
    solo = Game.score({"journey_cards": True, "players": [
        {"name": "Kim", "items": 1, "clovers": 4, "adventures": [adv(4)],
         "journey": {"completed": [1]}},
        {"name": "F", "falconer": True, "items": 1},
    ]})
    three = Game.score({"public_quests": {"A": "1a"}, "players": [
        {"name": "Kim", "items": 1, "quills": [{"tile": "A", "space": "bottom"}]},
        {"name": "Lea", "items": 1, "quills": [{"tile": "A", "space": "top"}]},
        {"name": "Max", "items": 1, "quills": [{"tile": "A", "space": "middle"}]},
    ]})
    assert lines(three, "Kim")["Public quest A (1a): quill space"] == 0
    for result in (solo, three):
        for player in result["players"]:
            for x in player["breakdown"]:
                assert {"label", "counts", "points", "rule"} <= set(x)
                assert sections.locate("pilgrims", x["rule"]["quote"]) is not None, x
        assert sections.locate("pilgrims", result["decided_by"]["rule"]["quote"])


@pytest.mark.parametrize("tallies, field", [
    ({"players": [{"name": "A", "items": 0, "bogus": 1}]}, None),
    ({"players": [{"name": "A", "items": 0}], "extra": True}, None),
    ({"players": [{"name": "A", "items": 0,
                   "quills": [{"tile": "A", "space": "top", "collected": 1},
                              {"tile": "A", "space": "middle", "collected": 1}]}]},
     "players[0].quills"),
    ({"players": [{"name": "A", "items": 0, "quills": [{"tile": "A", "space": "top",
                                                        "collected": 1}]},
                  {"name": "B", "items": 0, "quills": [{"tile": "A", "space": "top",
                                                        "collected": 1}]}]},
     "players[1].quills"),
    ({"players": [{"name": "A", "items": 0, "quills": [{"tile": "B", "space": "middle",
                                                        "collected": 1}]}]}, "players"),
    ({"players": [{"name": "A", "items": 0, "quills": [{"tile": "B", "space": "top"}]}]},
     "players[0].quills[0]"),
    ({"players": [{"name": "A", "items": 0, "adventures": ["No Such Card"]}]},
     "players[0].adventures[0]"),
    ({"players": [{"name": "A", "items": 0}, {"name": "A", "items": 1}]}, "players"),
    ({"players": [{"name": n, "items": 0} for n in "ABCDE"]}, "players"),
    ({"players": [{"name": "A", "items": 0}, {"name": "F", "items": 0, "falconer": True},
                  {"name": "B", "items": 0}]}, "players"),
    ({"public_quests": {"A": "2a"}, "players": [{"name": "A", "items": 0}]}, None),
])
def test_impossible_tallies_are_refused(tallies, field):
    with pytest.raises(BadRequest) as caught:
        engine.score(Game, tallies)
    if field is not None:
        assert caught.value.field == field


def test_score_schema_rejects_unknown_fields():
    assert Game.score_schema["additionalProperties"] is False
    assert Game.score_schema["properties"]["players"]["items"]["additionalProperties"] is False


def test_every_quote_in_the_scoring_module_is_in_the_rulebook():
    from referee.pilgrims import scoring

    quotes = [v for k, v in vars(scoring).items() if k.startswith("Q_")]
    assert len(quotes) > 10
    for quote in quotes:
        assert sections.locate("pilgrims", quote) is not None, quote


def test_cards_named_from_the_card_table(monkeypatch):
    from referee.pilgrims import cards

    monkeypatch.setattr(cards, "card_table", lambda: {
        "adventures": {"Test Quest": {"level": 2, "points": 5, "clovers": 1}}})
    result = Game.score({"public_quests": {"C": "5"}, "players": [
        {"name": "Ann", "items": 0, "adventures": ["Test Quest"],
         "quills": [{"tile": "C", "space": "top"}]}, {"name": "Bob", "items": 0}]})
    # 5 points; C top 2; mission 5 (level II): 1 card -> 1.  = 8
    assert totals(result) == {"Ann": 8, "Bob": 0}


def test_shipped_card_table_is_an_empty_template():
    from referee.pilgrims import cards

    data = cards.card_table()
    assert data and all(section == {} for section in data.values())
