"""Pilgrims, outsider scoring scenarios round 13: every public quest mission round 11 did not score
(1a, 1b, 1d, 2b, 2c, 2d, 3, 4, 6) at each row of "Collected cards / Victory points" and past the
cap, counted from the cards as the Public Quests List describes them (a companion of two types
counted once, cards that do not match left out); the three quill spaces of one tile taken by three
players (the bottom one scoring no space points); the largest tallies (four players, 200 clovers)
and a fifth player refused; the solo game's tie broken by the item cards and, past them, shared; the item
cards breaking a tie only among the players tied on points (two, three or four of them);
the calculator page filled in as a phone sends it (adventure points typed as text, quills with the
cards for their mission, journey cards), its result line, tie-break sentence and the same lines as
the API. Written from the rulebook and the API's own description only (docs/games/pilgrims.md,
GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from

GAME = "pilgrims"
book = quotes_from(GAME)

ADVENTURES = book("Each completed adventure card")
CLOVERS = book("1 victory point per 3 remaining clover tokens")
QUILLS = book("The top quill space scores 2 victory points, and the middle space scores 1 victory "
              "point.")
MISSION_TABLE = book("Collected cards\tVictory points\n1\t1\n2\t2\n3\t4\n4\t6")
MISSION_CAP = book("Players can't score more than 6 victory points from completing a public quest "
                   "tile's mission.")
ITEMS_TIE = book("In case of a tie, the player with more item cards left in their hand wins.")
SHARED = book("If there is still a tie, the players share the victory.")
SOLO_TIE = book("The player with more victory points wins. In case of tie, the player with more "
                "item cards left in their hand wins.")
PLAYS_AS_USUAL = book("The game plays as usual.")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
FOUR_PLAYERS = book("Pilgrims is a competitive family game for 1-4 players.")
book("1a: wanderers, 1b: noblehearts, 1c: beasts, 1d: scoundrels.")
book("2a: star, 2b: sword, 2c: notes, 2d: compass.")
book("3. Collect adventure cards with a clover token(s) reward.")
book("4. Collect adventure cards with an improvement with any means of movement.")
book("6. Collect adventure cards with a discount improvement.")
MISSION_POINTS = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6, 5: 6}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def companion(types, activation):
    return {"types": types, "activation": activation}


def adventure(points, **more):
    return {"level": 1, "points": points, **more}


# Per mission: its tile letter, a card that matches and one that does not (which Ann also holds).
MISSIONS = {
    "1a": ("A", "companions", companion(["wanderer", "beast"], ["sword"]),
           companion(["beast"], ["star"])),
    "1b": ("A", "companions", companion(["nobleheart"], ["notes"]),
           companion(["scoundrel", "wanderer"], ["notes"])),
    "1d": ("A", "companions", companion(["scoundrel"], ["compass"]),
           companion(["nobleheart"], ["compass"])),
    "2b": ("B", "companions", companion(["beast"], ["sword", "star"]),
           companion(["beast"], ["star"])),
    "2c": ("B", "companions", companion(["wanderer"], ["notes"]),
           companion(["wanderer"], ["sword", "compass"])),
    "2d": ("B", "companions", companion(["scoundrel"], ["compass", "notes"]),
           companion(["scoundrel"], ["notes"])),
    "3": ("C", "adventures", adventure(2, clovers=1), adventure(2)),
    "4": ("C", "adventures", adventure(2, improvement=["movement"]),
          adventure(2, improvement=["discount"])),
    "6": ("C", "adventures", adventure(2, improvement=["discount"], discount="leaf"),
          adventure(2, improvement=["movement"])),
}
OTHER_TILES = {"A": "1c", "B": "2a", "C": "5"}


def mission_tally(mission, count):
    tile, kind, matching, other = MISSIONS[mission]
    ann = {"name": "Ann", "items": 0, "clovers": 0, kind: [matching] * count + [other],
           "quills": [{"tile": tile, "space": "top"}]}
    bob = {"name": "Bob", "items": 0, "clovers": 0}
    return {"public_quests": {**OTHER_TILES, tile: mission}, "players": [ann, bob]}


def lines_of(player):
    return sorted((line["points"], line["rule"]["quote"]) for line in player["breakdown"]
                  if line["points"])


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("mission", MISSIONS)
def test_each_mission_scores_its_matching_cards_by_the_table_and_the_cap(client, mission, count):
    scores = calculated(client, GAME, mission_tally(mission, count))
    ann = scores["players"][0]
    adventures = 2 * (count + 1) if MISSIONS[mission][1] == "adventures" else 0
    mission_line = (MISSION_POINTS[count], MISSION_CAP if count > 4 else MISSION_TABLE)
    expected = sorted([(2, QUILLS), mission_line] + ([(adventures, ADVENTURES)]
                                                       if adventures else []))
    assert lines_of(ann) == expected
    assert sum(line["points"] for line in ann["breakdown"]) == ann["total"] == (
        2 + MISSION_POINTS[count] + adventures)


def test_three_quills_on_one_tile_take_its_top_middle_and_bottom_spaces(client):
    # Tile A is 1c (beasts): each holds two beasts (2 points) and signed up in turn.
    beasts = [companion(["beast"], ["star"])] * 2
    players = [{"name": name, "items": 0, "clovers": 0, "companions": beasts,
                "quills": [{"tile": "A", "space": space}]}
               for name, space in (("Ann", "top"), ("Bob", "middle"), ("Cara", "bottom"))]
    scores = calculated(client, GAME, {"public_quests": OTHER_TILES, "players": players})
    assert [player["total"] for player in scores["players"]] == [4, 3, 2]
    cara = scores["players"][2]
    assert lines_of(cara) == [(2, MISSION_TABLE)]
    assert scores["winners"] == ["Ann"]
    assert scores["decided_by"]["rule"]["quote"] == MOST_POINTS


def test_four_players_with_the_most_clovers_the_form_allows_and_not_five(client):
    players = [{"name": name, "items": 0, "clovers": clovers}
               for name, clovers in (("Ann", 200), ("Bob", 2), ("Cara", 3), ("Dan", 0))]
    scores = calculated(client, GAME, {"public_quests": OTHER_TILES, "players": players})
    assert [player["total"] for player in scores["players"]] == [66, 0, 1, 0]
    assert all(lines_of(player) == ([(player["total"], CLOVERS)] if player["total"] else [])
               for player in scores["players"])
    error = calculated(client, GAME, {"public_quests": OTHER_TILES, "players": players + [
        {"name": "Eve", "items": 0, "clovers": 0}]}, status=400)["error"]
    assert error.get("field", "").startswith("players"), FOUR_PLAYERS


def solo(ann_items, falconer_items):
    """Ann's 8 points against the falconer's 5 adventure points and 1 per item card in hand."""
    return {"public_quests": OTHER_TILES, "players": [
        {"name": "Ann", "items": ann_items, "clovers": 2, "adventures": [adventure(8)]},
        {"name": "Falconer", "falconer": True, "items": falconer_items, "clovers": 4,
         "adventures": [adventure(8 - falconer_items)]}]}


@pytest.mark.parametrize(("ann_items", "winner"), [(4, "Ann"), (2, "Falconer")])
def test_the_solo_tie_is_broken_by_the_item_cards_left(client, ann_items, winner):
    scores = calculated(client, GAME, solo(ann_items, 3))
    assert [player["total"] for player in scores["players"]] == [8, 8]
    assert scores["winners"] == [winner]
    assert scores["decided_by"]["rule"]["quote"] == SOLO_TIE


def test_the_solo_tie_past_the_item_cards_is_shared_as_in_the_usual_game(client):
    # The solo section stops at the item cards; "The game plays as usual." brings in the usual
    # end (the project's documented reading): they share it.
    scores = calculated(client, GAME, solo(3, 3))
    assert sorted(scores["winners"]) == ["Ann", "Falconer"]
    assert SHARED in scores["decided_by"]["rule"]["quote"], PLAYS_AS_USUAL


def page_form(**players):
    fields = {"count": str(len(players)), "public_quests.A": "1c", "public_quests.B": "2a",
              "public_quests.C": "5", "journey_cards": "on", "journey_cards.present": "1"}
    for n, (name, entry) in enumerate(players.items()):
        fields.update({f"players.{n}.{key}": value for key, value in entry.items()})
        fields[f"players.{n}.name"] = name
        fields[f"players.{n}.falconer.present"] = "1"
    fields["calculate"] = "1"
    return fields


# Ann: 3+4+2 and 7 = 16; 7 clovers 2; A top 2 + three beasts 4; journeys 4 (and 1 token) 5:
# 29, 3 item cards. Bob: 9+8 = 17; 3 clovers 1; B top 2 + four stars 6; A middle 1 + one beast 1;
# journeys 0 and 1 token 1: 29, 5 item cards.
ANN_FORM = {"adventures*points;level=1": "3 4 2", "adventures*points;level=2": "7", "clovers": "7",
            "items": "3", "quills.0.tile": "A", "quills.0.space": "top",
            "quills.0.collected": "3", "journey.completed": "4", "journey.removed": "1"}
BOB_FORM = {"adventures*points;level=2": "9 8", "clovers": "3", "items": "5",
            "quills.0.tile": "B", "quills.0.space": "top", "quills.0.collected": "4",
            "quills.1.tile": "A", "quills.1.space": "middle", "quills.1.collected": "1",
            "journey.removed": "1"}
ANN_TALLY = {"name": "Ann", "items": 3, "clovers": 7,
             "adventures": [adventure(3), adventure(4), adventure(2), {"level": 2, "points": 7}],
             "quills": [{"tile": "A", "space": "top", "collected": 3}],
             "journey": {"completed": [4], "removed": 1}}
BOB_TALLY = {"name": "Bob", "items": 5, "clovers": 3,
             "adventures": [{"level": 2, "points": 9}, {"level": 2, "points": 8}],
             "quills": [{"tile": "B", "space": "top", "collected": 4},
                        {"tile": "A", "space": "middle", "collected": 1}],
             "journey": {"completed": [], "removed": 1}}


def test_the_calculator_page_filled_in_as_a_phone_does_scores_as_the_api(client):
    api = calculated(client, GAME, {"journey_cards": True, "public_quests": OTHER_TILES,
                                    "players": [ANN_TALLY, BOB_TALLY]})
    assert [player["total"] for player in api["players"]] == [29, 29]
    assert api["decided_by"]["rule"]["quote"].startswith(ITEMS_TIE)
    assert api["winners"] == ["Bob"]

    page = client.get("/score/pilgrims", query_string=page_form(Ann=ANN_FORM, Bob=BOB_FORM))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<p class="winner">Bob wins</p>' in html
    assert ITEMS_TIE in html
    assert 'data-player="Ann">29<' in html and 'data-player="Bob">29<' in html
    for player in api["players"]:
        for line in player["breakdown"]:
            assert f'title="{line["rule"]["quote"]}"' in html


def test_a_name_of_spaces_is_refused_naming_it(client):
    error = calculated(client, GAME, {"public_quests": OTHER_TILES, "players": [
        {"name": "   ", "items": 1, "clovers": 0}, {"name": "Bob", "items": 0, "clovers": 3}]},
        status=400)["error"]
    # the schema's path, as every schema refusal names its field (audit-b, finding 138)
    assert error["field"] == "players.0.name"


@pytest.mark.parametrize(("tally", "winners", "sentence"), [
    # Cara's seven item cards do not count: she is not among the tied.
    ([("Ann", 10, 2), ("Bob", 10, 2), ("Cara", 9, 7)], ["Ann", "Bob"], SHARED),
    # Three tied on points; two of them tied on the most item cards share it, Bob is out.
    ([("Ann", 10, 3), ("Bob", 10, 2), ("Cara", 10, 3)], ["Ann", "Cara"], SHARED),
    # Four tied on points; Dan alone has the most item cards.
    ([("Ann", 6, 1), ("Bob", 6, 0), ("Cara", 6, 1), ("Dan", 6, 4)], ["Dan"], ITEMS_TIE),
    # The most points win whatever the item cards.
    ([("Ann", 7, 0), ("Bob", 6, 9)], ["Ann"], MOST_POINTS),
])
def test_the_item_cards_break_ties_only_among_the_tied(client, tally, winners, sentence):
    scores = calculated(client, GAME, {"public_quests": OTHER_TILES, "players": [
        {"name": name, "items": items, "clovers": 0, "adventures": [adventure(points)]}
        for name, points, items in tally]})
    assert sorted(scores["winners"]) == winners
    assert sentence in scores["decided_by"]["rule"]["quote"]
