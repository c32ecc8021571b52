"""Seventh audit of the Pillars of Fate referee (session 11), through the HTTP API: the two
leftovers of the sixth — whose turn a position gives against the cards already played, and the 1st
player marker passing between the calculator's Ages — then the round's scenarios.

"During each Age, players alternate turns, strategically placing cards from their hand into 3 quest
lanes." — one card a turn, the first player first: so the holder of the 1st player marker has
played as many cards this Age as the other player (and is to play) or one more (the other is),
unless a player was passed over for having nothing left to play.
"Pass the 1st player marker." — at each new Age, so with two players the Ages' first players
alternate.
"""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, Table, position

in_book = quotes_from("pillars-of-fate")
ALTERNATE = in_book("During each Age, players alternate turns, strategically placing cards from "
                    "their hand into 3 quest lanes.")
PASS_MARKER = in_book("Pass the 1st player marker.")
GAME = "pillars-of-fate"
PLAYERS = [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def create(client, pos, **options):
    return client.post("/api/sessions", json={"game": GAME, "players": PLAYERS,
                                              "options": options, "position": pos})


def refused_position(response, field, quote=ALTERNATE):
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field, error
    assert error["rule"]["quote"] == quote, error
    return error


# == Leftover 1: a position's turn against the cards played =========================================


def test_the_turn_follows_the_cards_each_player_has_played(client):
    """Sun holds the marker and has played one card, Moon none: Moon is to play. Giving Sun the
    turn is a 400 naming `position.turn` with the alternation sentence; Moon's turn is accepted,
    and Moon's card is the one the referee then takes."""
    lanes = {"left": {"quest": Q(1, 0), "sun": [C(4, f=1)]}}
    error = refused_position(create(client, position(lanes, turn="sun", first_player="sun")),
                             "position.turn")
    assert "Sun" in error["message"] and "Moon's turn" in error["message"]
    table = Table(client, position(lanes, turn="moon", first_player="sun"))
    assert table.view()["state"]["turn"] == "moon"
    table.ok(type="play", player="moon", lane="left", face="up", **C(2))
    assert table.view()["state"]["turn"] == "sun"


def test_equal_cards_mean_the_first_player_is_to_play(client):
    """Two cards each: the marker's holder plays next. Sun to play with Moon holding the marker is
    a 400 naming `position.turn`; Moon to play is accepted."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(4, f=1)], "moon": [C(2)]},
             "right": {"quest": Q(0, 1), "pillar": "moon", "sun": [C(3)], "moon": [C(5, s=1)]}}
    refused_position(create(client, position(lanes, turn="sun", first_player="moon")),
                     "position.turn")
    assert Table(client, position(lanes, turn="moon", first_player="moon")).view()[
        "state"]["turn"] == "moon"


def test_the_first_player_cannot_be_behind(client):
    """Moon has played one card and Sun none, yet Sun holds the marker: the first player plays
    the Age's first card, so this table cannot be — a 400 naming `position.first_player`. With
    Moon holding the marker, Sun to play is accepted."""
    lanes = {"center": {"quest": Q(2, 0), "moon": [C(3, s=1)]}}
    refused_position(create(client, position(lanes, turn="sun", first_player="sun")),
                     "position.first_player")
    assert Table(client, position(lanes, turn="sun", first_player="moon")).view()[
        "state"]["turn"] == "sun"


def test_two_cards_ahead_is_no_table_of_alternating_turns(client):
    """Sun has played three cards and Moon one, both with cards in hand: whoever holds the marker
    and whoever is to play, alternating turns do not get there — a 400 naming `position.lanes`."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(4, f=1), C(1)],
                      "moon": [C(2)]},
             "right": {"quest": Q(0, 1), "pillar": "sun", "sun": [C(3)]}}
    for first, turn in (("sun", "moon"), ("sun", "sun"), ("moon", "moon")):
        refused_position(create(client, position(lanes, turn=turn, first_player=first)),
                         "position.lanes")


def _passed_over(moon_hand):
    """Age III under `champion_deck_size` 25 (earlier Ages' modifiers not listed: 7 to 10 places a
    player each), both decks empty. Sun holds the marker and has played Prophet and 6 champion
    cards, 1 left in hand; Moon has played Eradan and 5 champion cards (`moon_hand` left)."""
    lanes = {
        "left": {"quest": Q(1, 0), "pillar": "sun", "sun": [D("Prophet", 4, f=1), C(2), C(2)],
                 "moon": [D("Eradan", 1, f=1), C(3), C(3)]},
        "center": {"quest": Q(2, 0), "pillar": "sun", "sun": [C(5, f=1), C(1)],
                   "moon": [C(2), C(2)]},
        "right": {"quest": Q(0, 2), "pillar": "moon", "sun": [C(1), C(1)], "moon": [C(6, s=1)]},
    }
    pos = position(lanes, turn="sun", first_player="sun", age=3, modifier="two_face_down",
                   divine={"sun": [], "moon": []},
                   hands={"sun": {"count": 1}, "moon": {"count": moon_hand}},
                   decks={"sun": 0, "moon": 0})
    return pos


def test_a_player_passed_over_may_fall_behind(client):
    """The one way the counts part: a player with no card in hand, an empty deck and the Age's
    Divine card played has nothing to play, and the other plays on. Sun (7 cards) one ahead of
    Moon (6) and still to play: accepted when Moon's hand is empty, and Sun's last card ends the
    Age (neither has a card left: the game is over after Age III); with 2 cards in Moon's hand it
    is Moon's turn, a 400 naming `position.turn`."""
    table = Table(client, _passed_over(0), champion_deck_size=25)
    answer = table.ok(type="play", player="sun", lane="center", face="up", **C(9))
    texts = [effect["text"] for effect in answer["effects"]]
    assert "Neither player has a card to play into the places left." in texts
    assert "Age III ends." in texts  # not "Every lane is full": Moon's places stay empty
    view = table.view()
    assert view["over"] and len(view["state"]["lanes"][1]["cards"]["sun"]) == 3
    assert len(view["state"]["lanes"][1]["cards"]["moon"]) == 2
    refused_position(create(client, _passed_over(2), champion_deck_size=25), "position.turn")


# == Leftover 2: the calculator and the 1st player marker ===========================================


def _age(modifier, first_player=None):
    """An Age Sun wins in every lane 6 to 3, feathers dominating (1 renown a lane)."""
    lane = {"quest": Q(1, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3, "moon": [C(1)] * 3}
    age = {"modifier": modifier, "lanes": {name: dict(lane) for name in ("left", "center",
                                                                         "right")}}
    if first_player:
        age["first_player"] = first_player
    return age


def test_the_marker_passes_between_the_calculators_ages(client):
    """Sun held the marker in Age I and again in Age II: the tally contradicts "Pass the 1st
    player marker." — a 400 naming `ages[1].first_player` with that sentence as the rule. Sun,
    Moon, Sun is scored (3 renown an Age to Sun)."""
    answer = calculated(client, GAME, {"ages": [_age("double_power", "sun"),
                                                _age("no_suit", "sun")]}, 400)
    assert answer["error"]["field"] == "ages[1].first_player"
    assert answer["error"]["rule"]["quote"] == PASS_MARKER
    scored = calculated(client, GAME, {"ages": [_age("double_power", "sun"),
                                                _age("no_suit", "moon"),
                                                _age("two_face_down", "sun")]})
    assert [p["total"] for p in scored["players"]] == [9, 0]


def test_an_age_left_out_between_two_keeps_the_marker_s_parity(client):
    """Age II's marker left out: Age III's holder is Age I's again (passed twice). Sun in Age I
    and Moon in Age III is a 400 naming `ages[2].first_player`; Sun in both is accepted, and so is
    Moon in Age II alone."""
    answer = calculated(client, GAME, {"ages": [_age("double_power", "sun"), _age("no_suit"),
                                                _age("two_face_down", "moon")]}, 400)
    assert answer["error"]["field"] == "ages[2].first_player"
    assert answer["error"]["rule"]["quote"] == PASS_MARKER
    calculated(client, GAME, {"ages": [_age("double_power", "sun"), _age("no_suit"),
                                       _age("two_face_down", "sun")]})
    calculated(client, GAME, {"ages": [_age("double_power"), _age("no_suit", "moon"),
                                       _age("two_face_down")]})


# == The outsider's W1 and W2: the Steward's own lane, a Divine card never played ======================

STEWARD = in_book("Steward - Lanes to the left of this card will have 2 additional total scorpions "
                  "and lanes to the right of this card will have 2 additional total feathers.")
DIVINE_MUST = in_book("Once per Age, you must play a Divine card.")


@pytest.mark.parametrize("sides", ["owner", "table"])
def test_the_steward_s_own_lane_is_neither_left_nor_right_of_it(client, sides):
    """The Steward's text reaches "Lanes to the left of this card" and "lanes to the right": its
    own lane is neither, so it gets no icon. Sun's Steward in the center: the center's 2 feathers
    and 3 scorpions stay as they are (scorpions dominate: the scorpion reward 1, not the feather 4
    that 2 more feathers would give); the left lane gets +2 scorpions, the right +2 feathers (Sun's
    left is the lane named left, under both `steward_sides`)."""
    lanes = {
        "left": {"quest": Q(3, 6), "pillar": "sun", "sun": [C(5, f=1)] * 3, "moon": [C(1)] * 3},
        "center": {"quest": Q(4, 1), "pillar": "sun",
                   "sun": [D("Steward", 2), C(5, f=1), C(5, f=1)],
                   "moon": [C(1, s=1), C(1, s=1), C(1, s=1)]},
        "right": {"quest": Q(2, 7), "pillar": "sun", "sun": [C(5, s=1)] * 3, "moon": [C(1)] * 3},
    }
    answer = calculated(client, GAME, {"ages": [{"modifier": "two_face_down", "lanes": lanes}],
                                       "options": {"steward_sides": sides,
                                                   "divine_required": "not_enforced"}})
    left, center, right = answer["ages"][0]["lanes"]
    assert center["bonus"] == {"feathers": 0, "scorpions": 0}
    assert (center["total_feathers"], center["total_scorpions"]) == (2, 3)
    assert center["suit"] == "scorpions" and center["reward"] == 1
    assert left["bonus"] == {"feathers": 0, "scorpions": 2} and left["reward"] == 3  # 3 f, 2 s
    assert right["bonus"] == {"feathers": 2, "scorpions": 0} and right["reward"] == 7  # 2 f, 3 s
    assert answer["players"][0]["total"] == 3 + 1 + 7


def test_a_divine_card_never_played_in_an_age(client):
    """"Once per Age, you must play a Divine card." prints no penalty. By default the play that
    would leave no place for it is refused with that sentence (Sun's last place, a champion card);
    under the ruling `divine_required: not_enforced` the play is accepted, the Age ends, and the
    referee says Sun played no Divine card, quoting the sentence, with no renown for or against it
    (Sun wins the three lanes 3 to 1 on feathers: 3 renown)."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(1, f=1)] * 3,
                      "moon": [C(0)] * 3},
             "center": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(1, f=1)] * 3,
                        "moon": [D("Naka", 0), C(0), C(0)]},
             "right": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(1, f=1)] * 2,
                       "moon": [C(0)] * 2}}
    pos = position(lanes, turn="sun", first_player="sun", modifier="no_suit")
    strict = Table(client, pos)
    error = strict.refused({"type": "play", "player": "sun", "lane": "right", "face": "up",
                            **C(1, f=1)}, DIVINE_MUST)
    assert error["message"].startswith("Ana has not played a Divine card in Age I")
    loose = Table(client, pos, divine_required="not_enforced")
    loose.ok(type="play", player="sun", lane="right", face="up", **C(1, f=1))
    answer = loose.ok(type="play", player="moon", lane="right", face="up", **C(0))
    said = [effect for effect in answer["effects"] if "no Divine card" in effect["text"]]
    assert [effect["rule"]["quote"] for effect in said] == [DIVINE_MUST]
    assert said[0]["text"].startswith("Ana played no Divine card in Age I")
    assert loose.view()["state"]["renown"] == {"sun": 3, "moon": 0}


# == The calculator without the pillars where they decide nothing ====================================


def _open_lane(sun, moon, quest=None):
    """A lane both players played into face up, its pillar not entered."""
    return {"quest": quest or Q(2, 3), "sun": sun, "moon": moon}


def test_a_tally_may_leave_out_pillars_that_decide_nothing(client):
    """The pillar decides only ties ("Ties in either suit or power are decided by the player that
    holds the pillar for that lane.") and the game's tie-break: an Age with no tie is scored with
    its pillars left out (it was a 400 asking for each). Left: Sun 9-3, feathers 3-0, 2; center:
    Moon 12-3, scorpions 6-0, 3; right: Sun 15-3, scorpions 3-0, 3."""
    lanes = {"left": _open_lane([C(3, f=1)] * 3, [C(1)] * 3),
             "center": _open_lane([C(1)] * 3, [C(4, s=2)] * 3),
             "right": _open_lane([C(5, s=1)] * 3, [C(1)] * 3)}
    answer = calculated(client, GAME, {"ages": [{"modifier": "two_face_down", "lanes": lanes}]})
    assert [lane["winner"] for lane in answer["ages"][0]["lanes"]] == ["sun", "moon", "sun"]
    assert [p["total"] for p in answer["players"]] == [5, 3]


def test_a_tied_lane_asks_for_its_pillar(client):
    """A power tie with both players face up and no pillar entered: its holder decides, so the
    tally is a 400 naming the lane's `pillar`; entered, the holder's pick is asked for, then
    scored."""
    lanes = {"left": _open_lane([C(2, f=1)] * 3, [C(2)] * 3),
             "center": _open_lane([C(1)] * 3, [C(4, s=2)] * 3),
             "right": _open_lane([C(5, s=1)] * 3, [C(1)] * 3)}
    body = {"ages": [{"modifier": "two_face_down", "lanes": lanes}]}
    answer = calculated(client, GAME, body, 400)
    assert answer["error"]["field"] == "ages[0].lanes.left.pillar"
    lanes["left"]["pillar"] = "moon"
    assert calculated(client, GAME, body, 400)["error"]["field"] == \
        "ages[0].lanes.left.ties.power"
    lanes["left"]["ties"] = {"power": "sun"}
    assert calculated(client, GAME, body)["ages"][0]["lanes"][0]["winner"] == "sun"


def test_a_renown_tie_after_age_three_asks_for_its_pillars(client):
    """"Tie breaker: Whoever has more pillars in the last round wins." Renown tied at the end with
    Age III's pillars left out: a 400 naming the first one; entered (Moon holds two), Moon wins."""
    even = {"left": _open_lane([C(3, f=1)] * 3, [C(1)] * 3, Q(2, 0)),
            "center": _open_lane([C(1)] * 3, [C(3, f=1)] * 3, Q(2, 0)),
            "right": _open_lane([C(1)] * 3, [C(1)] * 3, Q(0, 0))}
    even["right"]["ties"] = {"power": "sun", "suit": "feathers"}
    even["right"]["pillar"] = "sun"
    ages = [{"modifier": modifier, "lanes": even}
            for modifier in ("two_face_down", "no_suit", "double_suit")]
    answer = calculated(client, GAME, {"ages": ages}, 400)
    assert answer["error"]["field"] == "ages[2].lanes.left.pillar"
    last = {**even, "left": {**even["left"], "pillar": "moon"},
            "center": {**even["center"], "pillar": "moon"}}
    ages[2] = {"modifier": "double_suit", "lanes": last}
    scored = calculated(client, GAME, {"ages": ages})
    assert [p["total"] for p in scored["players"]] == [6, 6]
    assert scored["winners"] == ["moon"]


def test_a_pillar_said_to_be_on_the_quest_beside_face_up_cards_is_refused(client):
    """Left out, a pillar is worked out or asked for; entered as still on the quest (`null`) in a
    lane where both players placed face-up cards, the tally contradicts "If you are the first to
    place a face-up card in a lane, move the pillar to your side.": a 400 naming it."""
    lanes = {"left": {**_open_lane([C(3, f=1)] * 3, [C(1)] * 3), "pillar": None},
             "center": _open_lane([C(1)] * 3, [C(4, s=2)] * 3),
             "right": _open_lane([C(5, s=1)] * 3, [C(1)] * 3)}
    answer = calculated(client, GAME, {"ages": [{"modifier": "two_face_down", "lanes": lanes}]}, 400)
    assert answer["error"]["field"] == "ages[0].lanes.left.pillar"
