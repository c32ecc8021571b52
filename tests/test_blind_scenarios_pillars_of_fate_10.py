"""Pillars of Fate, outsider scenarios round 10: a whole game whose last card of Age III leaves a
power tie, so the pillar holder's pick decides the game (nothing is decided before it; the pick
undone and made the other way; the calculator given the same three Ages and the pick agreeing,
renown and tie-breaker); Age I played without Sun's Divine card under both readings of
`divine_required` (refused at her last place as printed; under `not_enforced` the Age ends,
saying so, scoring the same, and Age II still takes one Divine card only); and the draw entered
with a wrong count — the mistakes a table makes with "Then, draw back up to 5 cards.". Written
from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from
from tests.test_blind_scenarios_pillars_of_fate import drafted, play
from tests.test_blind_scenarios_pillars_of_fate_8 import (
    AGES,
    RENOWN_AFTER,
    age_played,
    begin,
    entered,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
AGE_END = book("The end of an Age triggers when each of the 3 lanes are full.")
GAME_END = book("After 3 Ages, players count their victory point tokens.")
MOST_RENOWN = book("The player with the most renown wins.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")
MUST_PLAY_DIVINE = book("Once per Age, you must play a Divine card.")
ONE_DIVINE_AN_AGE = book("You cannot use more than 1 of your Divine cards each Age.")
DRAW_BACK = book("Then, draw back up to 5 cards.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def drafted_for_the_game(client, **options):
    """Round 8's game: Sun kept Klar (Saghari and Aponi to Moon), Moon kept Naka (Arbiter and
    Eradan to Sun)."""
    setup = {"game": GAME, "players": ["Ana", "Ben"]}
    if options:
        setup["options"] = options
    table = ApiTable(client, setup)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Klar",
                    "passed": ["Saghari", "Aponi"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Naka",
                    "passed": ["Arbiter", "Eradan"]})
    return table


# --- Age III's last card leaves a tie that decides the game -------------------------------------

# Round 8's Age III, but Moon's last card into the left lane is a 12 (with its feather): the left
# lane is Sun 8 + 7 + Eradan 1 = 16 against Moon 2 + 2 + 12 = 16, feathers 2 to 3 (quest: 8 on the
# feather path). Sun laid the lane's first face-up card: her pillar, her pick.
AGE_THREE_TIED = AGES[2][3][:-1] + [("moon", "left", 12)]
# After Ages I and II: 9 each. Age III without the left lane: Moon the center (6) and the right
# (2). Sun keeping the left: 17 to 17, Age III's pillars Sun 2 (left, center), Moon 1 (right).
# Handing it to Moon: 9 to 25.
KEEPS = {"sun": 17, "moon": 17}
HANDS_OVER = {"sun": 9, "moon": 25}


def pick(player, choice):
    return {"type": "break_tie", "player": player, "lane": "left", "tie": "power",
            "choice": choice}


def at_the_last_tie(client):
    table = drafted_for_the_game(client)
    age_played(table, 0)
    age_played(table, 1)
    begin(table, 2)
    for player, lane, what in AGE_THREE_TIED:
        table.accepted(entered(player, lane, what))
    return table


def tally(choice):
    """The same three Ages for the calculator, in play order, the left tie of Age III picked."""
    ages = []
    for age, (first, modifier, quests, plays) in enumerate(AGES):
        plays = AGE_THREE_TIED if age == 2 else plays
        lanes = {}
        for name, quest in zip(("left", "center", "right"), quests, strict=True):
            columns = {"sun": [], "moon": []}
            for player, lane, what in plays:
                if lane == name:
                    event = entered(player, lane, what)
                    columns[player].append({key: event[key] for key in (
                        "power", "feathers", "scorpions", "face", "divine") if key in event})
            first_in_lane = next(player for player, lane, _ in plays if lane == name)
            lanes[name] = {"quest": quest, "pillar": first_in_lane, "first": first_in_lane,
                           **columns}
        ages.append({"modifier": modifier, "first_player": first, "lanes": lanes})
    ages[2]["lanes"]["left"]["ties"] = {"power": choice}
    return {"ages": ages}


def test_the_game_is_not_over_until_the_pillar_holder_picks_age_threes_last_tie(client):
    table = at_the_last_tie(client)
    view = table.view()
    assert (view["phase"], view["over"], view["scores"]["winners"]) == ("ties", False, [])
    assert view["state"]["renown"] == RENOWN_AFTER[1]
    assert GAME_END in view["scores"]["decided_by"]["rule"]["quote"]
    assert {(e["lane"], e["tie"], e["choice"]) for e in table.view("sun")["legal"]} == {
        ("left", "power", "sun"), ("left", "power", "moon")}
    assert table.view("moon")["legal"] == []
    before = as_seen(table.view())
    table.refused(pick("moon", "moon"), PILLAR_DECIDES)
    table.refused(entered("moon", "right", 5), AGE_END)
    table.refused(entered("sun", "center", 5), AGE_END)
    assert as_seen(table.view()) == before


def test_the_pick_handing_the_lane_over_ends_the_game_by_renown_and_undone_the_pillars_decide(
        client):
    table = at_the_last_tie(client)
    waiting = as_seen(table.view())
    table.accepted(pick("sun", "moon"))
    view = table.view()
    assert (view["over"], view["legal"]) == (True, [])
    assert view["state"]["renown"] == HANDS_OVER
    assert view["scores"]["winners"] == ["moon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == MOST_RENOWN
    for player in view["scores"]["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == HANDS_OVER[player["seat"]]
    table.refused(pick("sun", "sun"), GAME_END)
    # Sun meant to keep it: undone, the game waits for her pick again, exactly as before.
    table.undo()
    assert as_seen(table.view()) == waiting
    table.accepted(pick("sun", "sun"))
    view = table.view()
    assert view["over"] is True and view["state"]["renown"] == KEEPS
    assert view["scores"]["winners"] == ["sun"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK
    assert [lane["pillar"] for lane in view["state"]["ages"][-1]["lanes"]] == [
        "sun", "sun", "moon"]


@pytest.mark.parametrize("choice,totals,winner,rule", [
    ("moon", HANDS_OVER, "moon", MOST_RENOWN),
    ("sun", KEEPS, "sun", PILLAR_TIE_BREAK),
])
def test_the_calculator_given_the_same_ages_and_pick_agrees_with_the_table(
        client, choice, totals, winner, rule):
    table = at_the_last_tie(client)
    table.accepted(pick("sun", choice))
    played = table.view()["scores"]
    scores = calculated(client, GAME, tally(choice))
    assert {p["seat"]: p["total"] for p in scores["players"]} == totals
    assert scores["winners"] == played["winners"] == [winner]
    assert scores["decided_by"]["rule"]["quote"] == rule
    assert {p["seat"]: [(line["points"], line["rule"]["quote"]) for line in p["breakdown"]]
            for p in scores["players"]} == {
        p["seat"]: [(line["points"], line["rule"]["quote"]) for line in p["breakdown"]]
        for p in played["players"]}


def test_the_calculator_asks_for_the_pick_it_was_not_given(client):
    body = tally("sun")
    del body["ages"][2]["lanes"]["left"]["ties"]
    error = calculated(client, GAME, body, status=400)["error"]
    assert error["field"] == "ages[2].lanes.left.ties.power", error


# --- Age I without Sun's Divine card ------------------------------------------------------------

# Round 8's Age I with Sun's Klar (center, her last place) replaced by a champion 2 with a feather.
WITHOUT_KLAR = AGES[0][3][:16] + [("sun", "center", 2)] + AGES[0][3][17:]


def test_sun_filling_her_last_place_with_a_champion_is_refused_as_printed(client):
    table = drafted_for_the_game(client)
    begin(table, 0)
    for player, lane, what in WITHOUT_KLAR[:16]:
        table.accepted(entered(player, lane, what))
    before = as_seen(table.view())
    table.refused(entered(*WITHOUT_KLAR[16]), MUST_PLAY_DIVINE)
    assert as_seen(table.view()) == before
    offered = [e for e in table.view("sun")["legal"] if e["type"] == "play"]
    assert offered and all(e.get("divine") for e in offered)


def test_not_enforced_lets_the_age_end_without_it_says_so_and_scores_alike(client):
    table = drafted_for_the_game(client, divine_required="not_enforced")
    begin(table, 0)
    for player, lane, what in WITHOUT_KLAR[:16]:
        table.accepted(entered(player, lane, what))
    assert any(not e.get("divine") for e in table.view("sun")["legal"] if e["type"] == "play")
    table.accepted(entered(*WITHOUT_KLAR[16]))
    response = table.accepted(entered(*WITHOUT_KLAR[17]))
    said = [effect for effect in response["effects"]
            if effect.get("rule", {}).get("quote") == MUST_PLAY_DIVINE]
    assert len(said) == 1 and "Ana" in said[0]["text"]
    view = table.view("sun")
    # Klar's 1 and the 2 both lose the center to Moon: the same renown as with Klar.
    assert view["state"]["renown"] == RENOWN_AFTER[0]
    assert view["phase"] == "quests"
    assert sorted(card["name"] for card in view["state"]["divine"]["sun"]["unplayed"]) == [
        "Arbiter", "Eradan", "Klar"]
    # Age II: the Divine card missed is not made up — one an Age still.
    begin(table, 1)
    table.accepted(entered("moon", "left", 8))
    table.accepted(entered("sun", "left", "Klar"))
    table.accepted(entered("moon", "right", 8))
    table.refused(entered("sun", "right", "Arbiter"), ONE_DIVINE_AN_AGE)


# --- The draw entered with a wrong count ----------------------------------------------------------

DRAWN_TWO = [{"power": 3, "feathers": 1, "scorpions": 0}, {"power": 4, "feathers": 1, "scorpions": 0}]
PROPHET = {"type": "play", "player": "sun", "lane": "left", "divine": "Prophet", "power": 4,
           "feathers": 1}


@pytest.mark.parametrize("entry", [
    play("sun", "left", 5, 1, draw=2),
    play("sun", "left", 5, 1, draw=0),
    play("sun", "left", 5, 1, drawn=DRAWN_TWO),
    {**PROPHET, "draw": 1},
    {**PROPHET, "drawn": DRAWN_TWO[:1]},
], ids=["champion_draws_two", "champion_draws_none", "champion_two_drawn", "divine_draws_one",
        "divine_one_drawn"])
def test_a_draw_entered_with_the_wrong_count_is_refused_and_nothing_is_played(client, entry):
    table = drafted(client)
    before = as_seen(table.view())
    table.refused(entry, DRAW_BACK)
    assert as_seen(table.view()) == before
    # The same card with the right count: a champion draws one, a Divine card none.
    right = {key: value for key, value in entry.items() if key not in ("draw", "drawn")}
    table.accepted({**right, "draw": 0 if right.get("divine") else 1})
    assert table.view()["state"]["hands"]["sun"]["count"] == 5
