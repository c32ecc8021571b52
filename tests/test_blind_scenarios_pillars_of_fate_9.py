"""Pillars of Fate, outsider scenarios round 9: the end of an Age with two tied lanes whose pillars
two different players hold (each picks, in either order, and only their own tie), what else either
player enters while the ties wait, a player's hand entered while the other's Sorcerer exchange is
pending, a table ruling on a sickle reward changing only who takes it, and the end-of-game
calculator's tie-breakers past level renown under the three table rulings that decide it, line by
line. Written from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import card, play
from tests.test_blind_scenarios_pillars_of_fate_7 import (
    SORCERER_CARD,
    opening,
    sorcerer_and_namari,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
PICKS = book("In a tie for suit, that player will pick either suit, and in a tie for power, that "
             "player will pick who wins.")
AGE_END = book("The end of an Age triggers when each of the 3 lanes are full.")
KEEP_ONE = book("Players simultaneously select 1 card to keep, passing the other 2 to their opponent.")
AWARD = book("Award renown according to the conditional rewards for each quest.")
PROPHET = book("Prophet - If you win the lane that you have played the Prophet in, gain 5 renown.")
HADRIA = book("Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown in "
              "addition to any quest awards.")
NAMARI = book("Namari - You may look at any played (including opponent's) face-down card secretly "
              "then return it.")
SORCERER = book("Sorcerer - When played, take another card from any of your lanes and exchange it "
                "with one from your hand.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")
SICKLES = book("Consider whether winning a quest is worthwhile – some conditional rewards award "
               "negative renown.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quotes_of(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]


def age_one_before_moons_last_card(client, center_moon_last, options=None):
    """Age I, every place filled but Moon's last in the right lane (Sun started, so Moon plays the
    Age's last card). Sun kept Prophet (left), Moon Hadria (center).
    Left (feather path 3, scorpion path -1), Sun's pillar: Sun 5+4+2 = 11 against Moon 3+6+1 =
    10, feathers 3 to scorpions 4.
    Center (2 / 4), Moon's pillar: Sun 2+7+1 = 10, 3 feathers 1 scorpion; Moon 6+3 and her last.
    Right (-2 / 3), Sun's pillar: Sun 1+3+4 = 8, 1 feather 3 scorpions; Moon 5+2 and her last."""
    lanes = {
        "left": {"quest": {"feather": 3, "scorpion": -1}, "pillar": "sun", "first": "sun",
                 "sun": [card(5, 1), card(4, 1, divine="Prophet"), card(2, 0, 1)],
                 "moon": [card(3, 0, 1), card(6, 0, 2), card(1, 1)]},
        "center": {"quest": {"feather": 2, "scorpion": 4}, "pillar": "moon", "first": "moon",
                   "sun": [card(2, 1), card(7, 0, 1), card(1, 2)],
                   "moon": [card(6, 0, 2), card(3, 1, divine="Hadria"), center_moon_last]},
        "right": {"quest": {"feather": -2, "scorpion": 3}, "pillar": "sun", "first": "sun",
                  "sun": [card(1, 0, 1), card(3, 1), card(4, 0, 2)],
                  "moon": [card(5, 1), card(2, 0, 1)]},
    }
    setup = {"game": GAME, "players": ["Ana", "Ben"], "position": {
        "age": 1, "first_player": "sun", "turn": "moon", "modifier": "two_face_down",
        "lanes": lanes, "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}],
                                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}}}
    if options:
        setup["options"] = options
    return ApiTable(client, setup)


def two_ties(client):
    """Moon's last center card is a 1 with a scorpion: the center is tied on power (10 to 10) and
    on suit (4 feathers, 4 scorpions); her last right card a 1 with a feather: the right lane is
    tied on power (8 to 8), scorpions 4 to 3. Moon holds the center's pillar, Sun the right's."""
    table = age_one_before_moons_last_card(client, card(1, 0, 1))
    table.accepted(play("moon", "right", 1, 1, 0))
    return table


def tie(player, lane, kind, choice):
    return {"type": "break_tie", "player": player, "lane": lane, "tie": kind, "choice": choice}


def lines(view_or_scores):
    return {p["seat"]: [(line["label"], line["points"], line["rule"]["quote"])
                        for line in p["breakdown"]] for p in view_or_scores["players"]}


# --- Two tied lanes, two pillar holders ---------------------------------------------------------

def test_two_tied_lanes_each_pillar_holder_picks_their_own_in_either_order(client):
    table = two_ties(client)
    view = table.view()
    assert view["phase"] == "ties" and view["state"]["renown"] == {"sun": 0, "moon": 0}
    # Each phone is offered its own lane's tie only: Moon the center's power, Sun the right's.
    assert {(e["player"], e["lane"], e["tie"]) for e in table.view("moon")["legal"]} == {
        ("moon", "center", "power")}
    assert {(e["player"], e["lane"], e["tie"]) for e in table.view("sun")["legal"]} == {
        ("sun", "right", "power")}
    before = as_seen(table.view())
    # Neither may pick the other's tie.
    table.refused(tie("sun", "center", "power", "sun"), PILLAR_DECIDES)
    table.refused(tie("moon", "right", "power", "moon"), PILLAR_DECIDES)
    # The left lane is not tied: nothing to pick there.
    table.refused(tie("sun", "left", "power", "sun"), PILLAR_DECIDES)
    assert as_seen(table.view()) == before

    # Moon (not the marker's holder) picks first: she hands the center to Sun, whose win there
    # costs Sun Hadria's 5; then her suit pick, feathers, gives Sun the quest's 2.
    response = table.accepted(tie("moon", "center", "power", "sun"))
    assert PICKS in [effect["rule"]["quote"] for effect in response["effects"] if "rule" in effect]
    assert {(e["lane"], e["tie"]) for e in table.view("moon")["legal"]} == {("center", "suit")}
    table.refused(tie("sun", "center", "suit", "scorpions"), PILLAR_DECIDES)
    table.accepted(tie("moon", "center", "suit", "feathers"))
    assert table.view("moon")["legal"] == []
    assert table.view()["phase"] == "ties"
    waiting_for_sun = as_seen(table.view())
    # Sun keeps the right lane: scorpions 4 to 3, 3 renown.
    table.accepted(tie("sun", "right", "power", "sun"))
    view = table.view()
    assert view["phase"] == "quests" and view["state"]["age"] in (1, 2)
    # Sun: left -1 (scorpions 4 to 3) + Prophet 5, center 2 - Hadria 5, right 3 = 4. Moon none.
    assert view["state"]["renown"] == {"sun": 4, "moon": 0}
    assert lines(view["scores"])["moon"] == []
    sun = lines(view["scores"])["sun"]
    assert [(points, quote) for _, points, quote in sun] == [
        (-1, AWARD), (5, PROPHET), (2, AWARD), (-5, HADRIA), (3, AWARD)]
    assert sum(points for _, points, _ in sun) == 4
    # The last pick undone: the table waits for Sun's pick alone, as it did.
    table.undo()
    assert as_seen(table.view()) == waiting_for_sun
    table.accepted(tie("sun", "right", "power", "moon"))
    # Given to Moon: the right's 3 is Moon's.
    assert table.view()["state"]["renown"] == {"sun": 1, "moon": 3}


def test_the_same_ties_picked_sun_first_score_the_same(client):
    table = two_ties(client)
    table.accepted(tie("sun", "right", "power", "sun"))
    assert {(e["lane"], e["tie"]) for e in table.view("moon")["legal"]} == {("center", "power")}
    assert table.view("sun")["legal"] == []
    assert table.view()["phase"] == "ties"
    table.accepted(tie("moon", "center", "power", "sun"))
    table.accepted(tie("moon", "center", "suit", "feathers"))
    assert table.view()["state"]["renown"] == {"sun": 4, "moon": 0}


# --- What else is entered while the ties wait ---------------------------------------------------

def test_a_card_or_a_second_draft_while_the_ties_wait_is_refused_and_changes_nothing(client):
    table = two_ties(client)
    before = as_seen(table.view())
    for seat in ("sun", "moon"):
        table.refused(play(seat, "left", 3, 1), AGE_END)
        table.refused({"type": "draft_divine", "player": seat, "kept": "Klar",
                       "passed": ["Saghari", "Aponi"]}, KEEP_ONE)
    assert as_seen(table.view()) == before


NEXT_QUESTS = [{"feather": 5, "scorpion": -2}, {"feather": 4, "scorpion": 6},
               {"feather": -3, "scorpion": 5}]


@pytest.mark.parametrize("seat", ["sun", "moon"])
def test_the_next_age_begun_while_the_ties_wait_quotes_who_decides_them(client, seat):
    table = two_ties(client)
    before = as_seen(table.view())
    error = table.refused({"type": "begin_age", "player": seat, "modifier": "least_power",
                           "quests": NEXT_QUESTS}, "")
    assert as_seen(table.view()) == before
    assert any(PILLAR_DECIDES in quote for quote in quotes_of(error)), quotes_of(error)


@pytest.mark.parametrize("entry,text", [
    ({"type": "namari_look", "player": "moon"}, NAMARI),
    ({"type": "namari_look", "player": "sun", "lane": "center", "side": "moon", "position": 3},
     NAMARI),
    ({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1, "power": 1,
      "feathers": 0, "scorpions": 0}, SORCERER),
], ids=["namari_declined", "namari_look", "sorcerer"])
def test_a_divine_action_nobody_played_while_the_ties_wait_quotes_the_card(client, entry, text):
    table = two_ties(client)
    before = as_seen(table.view())
    error = table.refused(entry, "")
    assert as_seen(table.view()) == before
    assert any(text in quote for quote in quotes_of(error)), quotes_of(error)


def test_a_hand_entered_while_the_ties_wait_is_kept_for_its_player_only(client):
    table = two_ties(client)
    response = table.send({"type": "hand", "player": "moon",
                           "cards": [{"power": 9, "feathers": 0, "scorpions": 3}]})
    assert response.status_code == 200, response.get_json()
    assert table.view("moon")["state"]["hands"]["moon"]["cards"] == [
        {"power": 9, "feathers": 0, "scorpions": 3}]
    assert table.view("sun")["state"]["hands"]["moon"]["cards"] == []
    assert table.view()["phase"] == "ties"


def test_a_hand_entered_between_the_ages_is_accepted(client):
    """The counterpart of finding 103: once the ties are picked and the next Age awaits its
    quests, Moon's hand is entered (and shown to her only)."""
    table = two_ties(client)
    table.accepted(tie("moon", "center", "power", "moon"))
    table.accepted(tie("moon", "center", "suit", "scorpions"))
    table.accepted(tie("sun", "right", "power", "sun"))
    assert table.view()["phase"] == "quests"
    table.accepted({"type": "hand", "player": "moon",
                    "cards": [{"power": 9, "feathers": 0, "scorpions": 3}]})
    assert table.view("moon")["state"]["hands"]["moon"]["cards"] == [
        {"power": 9, "feathers": 0, "scorpions": 3}]
    assert table.view("sun")["state"]["hands"]["moon"]["cards"] == []


@pytest.mark.parametrize("entry,text", [
    ({"type": "namari_look", "player": "moon"}, NAMARI),
    ({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1, "power": 1,
      "feathers": 0, "scorpions": 0}, SORCERER),
    (tie("sun", "right", "power", "moon"), PILLAR_DECIDES),
], ids=["namari", "sorcerer", "tie_again"])
def test_an_action_or_a_tie_between_the_ages_quotes_its_own_rule(client, entry, text):
    table = two_ties(client)
    table.accepted(tie("moon", "center", "power", "sun"))
    table.accepted(tie("moon", "center", "suit", "feathers"))
    table.accepted(tie("sun", "right", "power", "sun"))
    before = as_seen(table.view())
    error = table.refused(entry, "")
    assert as_seen(table.view()) == before
    assert any(text in quote for quote in quotes_of(error)), quotes_of(error)


# --- A hand entered while the other player's Sorcerer exchange is pending -----------------------

def test_moons_hand_entered_while_suns_sorcerer_exchange_waits_is_hers_only(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", 6, 1))
    table.accepted(play("sun", "center", face="up", **SORCERER_CARD))
    assert table.view()["current_players"] == ["sun"]
    # Moon picks up her hand while Sun thinks: what a player holds is entered at any time.
    table.accepted({"type": "hand", "player": "moon",
                    "cards": [{"power": 9, "feathers": 0, "scorpions": 3}]})
    moon = seat_headers(client, table, "moon")
    sun = seat_headers(client, table, "sun")
    assert client.get(f"/api/sessions/{table.id}", headers=moon).get_json()["state"]["hands"][
        "moon"]["cards"] == [{"power": 9, "feathers": 0, "scorpions": 3}]
    for name, response in reads_by_others(client, table, "sun", sun).items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert '"power": 9' not in text and ">9<" not in text, name
    # Still Sun's exchange: Moon's card is refused, Sun's exchange is offered to Sun only.
    assert {e["type"] for e in table.view("sun")["legal"]} == {"sorcerer_exchange"}
    assert table.view("moon")["legal"] == []
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right",
                    "position": 1, "power": 8, "feathers": 0, "scorpions": 1})
    # Moon plays the 9 she entered; it leaves her entered hand.
    table.accepted(play("moon", "right", 9, 0, 3))
    assert table.view("moon")["state"]["hands"]["moon"]["cards"] == []


# --- A table ruling changes only what it names ---------------------------------------------------

def test_negative_to_loser_moves_only_the_sickle_reward_of_the_lane(client):
    """The same Age I ended by the same card under both readings of `quest_reward_to`: the left
    lane (Sun wins 11 to 10, scorpions 4 to 3, the scorpion path -1) gives its -1 to Sun as
    printed, to Moon under `negative_to_loser`; every lane resolves alike, the Prophet's 5 and the
    other quests stay where they were."""
    last = play("moon", "right", 4, 1, 1)
    literal = age_one_before_moons_last_card(client, card(2, 0, 2))
    literal.accepted(last)
    ruled = age_one_before_moons_last_card(client, card(2, 0, 2),
                                           options={"quest_reward_to": "negative_to_loser"})
    ruled.accepted(last)
    as_printed, as_ruled = literal.view(), ruled.view()
    # Left: -1 and the Prophet's 5 to Sun; center (Moon 11 to 10, scorpions 5): 4 to Moon; right
    # (Moon 11 to 8, scorpions 5 to 3): 3 to Moon.
    assert as_printed["state"]["renown"] == {"sun": 4, "moon": 7}
    assert as_ruled["state"]["renown"] == {"sun": 5, "moon": 6}

    def resolved(view):
        return [{key: lane[key] for key in ("lane", "power", "feathers", "scorpions", "suit",
                                             "winner", "pillar", "reward")}
                for lane in view["state"]["ages"][0]["lanes"]]

    assert resolved(as_printed) == resolved(as_ruled)
    printed_lines, ruled_lines = lines(as_printed["scores"]), lines(as_ruled["scores"])
    moved = [line for line in printed_lines["sun"] if line[1] == -1]
    assert len(moved) == 1 and moved[0][2] == AWARD
    assert [line for line in printed_lines["sun"] if line[1] != -1] == ruled_lines["sun"]
    assert [line for line in ruled_lines["moon"] if line[1] != -1] == printed_lines["moon"]
    negative = [line for line in ruled_lines["moon"] if line[1] == -1]
    assert len(negative) == 1
    assert AWARD in negative[0][2] or SICKLES in negative[0][2]
    for view in (as_printed, as_ruled):
        assert sum(line[1] for line in lines(view["scores"])["sun"]) == view["state"]["renown"][
            "sun"]
        assert sum(line[1] for line in lines(view["scores"])["moon"]) == view["state"]["renown"][
            "moon"]


# --- The calculator: level renown, level pillars, and the three rulings --------------------------

def column(strong, divine=None):
    cards = [card(5 if strong else 1, 1) for _ in range(3)]
    if divine:
        cards[-1] = card(5 if strong else 1, 1, divine=divine)
    return cards


def tallied_age(modifier, first_player, sun_wins, divine):
    """Every quest 2 feathers / 2 scorpions; every card one feather, so feathers dominate and each
    lane won is worth 2. Sun's Divine card lies in her left column, Moon's in her right."""
    lanes = {}
    for name in ("left", "center", "right"):
        sun_strong = name in sun_wins
        lanes[name] = {"quest": {"feather": 2, "scorpion": 2},
                       "sun": column(sun_strong, divine["sun"] if name == "left" else None),
                       "moon": column(not sun_strong,
                                      divine["moon"] if name == "right" else None)}
    return {"modifier": modifier, "first_player": first_player, "lanes": lanes}


def level_game():
    """Age I: Sun wins left and right (4), Moon the center (2). Age II: Moon left and right (4), Sun
    the center (2). Age III: Sun wins left (her pillar), Moon right (hers); the two-card center
    holds one face-down 3 a side: power and suit tied, its pillar never moved, nobody decides it.
    Renown 8 to 8, Age III's pillars 1 to 1 and one on no side."""
    ages = [tallied_age("double_suit", "sun", {"left", "right"},
                        {"sun": "Klar", "moon": "Arbiter"}),
            tallied_age("no_suit", "moon", {"center"}, {"sun": "Namari", "moon": "Naka"}),
            tallied_age("two_cards", "sun", {"left"}, {"sun": "Sorcerer", "moon": "Saghari"})]
    last = ages[2]["lanes"]
    last["center"] = {"quest": {"feather": 2, "scorpion": 2}, "sun": [card(3, face="down")],
                      "moon": [card(3, face="down")]}
    last["left"]["pillar"], last["right"]["pillar"] = "sun", "moon"
    return ages


# A two-card lane of one card a side, both face down: the rulings that make it possible.
LEVEL_TABLE = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player"}


@pytest.mark.parametrize("ruling,winners,pillars", [
    ({}, [], "Sun 1, Moon 1"),
    ({"tie_past_pillars": "shared"}, ["sun", "moon"], "Sun 1, Moon 1"),
    ({"unheld_pillar_at_end": "first_player"}, ["sun"], "Sun 2, Moon 1"),
], ids=["as_printed", "shared", "unheld_pillar_to_the_marker"])
def test_the_calculator_past_level_renown_under_each_ruling(client, ruling, winners, pillars):
    scores = calculated(client, GAME, {"options": {**LEVEL_TABLE, **ruling}, "ages": level_game()})
    as_printed = calculated(client, GAME, {"options": LEVEL_TABLE, "ages": level_game()})
    # The ruling changes the winner only: every line of renown is the same, each cited, and each
    # player's lines add up to their 8.
    assert lines(scores) == lines(as_printed)
    for player_lines in lines(scores).values():
        assert sum(points for _, points, _ in player_lines) == 8
        assert [points for _, points, _ in player_lines] == [2, 2, 2, 2]
        assert {quote for _, _, quote in player_lines} == {AWARD}
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 8, "moon": 8}
    # The Age III center: no winner, no reward, its pillar on no side.
    center = next(lane for lane in scores["ages"][2]["lanes"] if lane["lane"] == "center")
    assert (center["winner"], center["pillar"]) == (None, None)
    assert sorted(scores["winners"]) == sorted(winners)
    assert scores["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK
    assert pillars in scores["decided_by"]["tie_break"]
