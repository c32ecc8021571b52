"""Pillars of Fate: an independent audit of the referee, written from the rulebook alone.

Every scenario goes through the HTTP API only (the `client` fixture): a game is started from the
setup or from a position on the table, events are entered, and the answer is checked against what
the rulebook says: acceptance (200), or refusal (422) with the sentence of the book that forbids
what was attempted, and the state a player checks (lane totals, pillars, renown, whose turn, cards
left, the Age, the winner). Each scenario quotes the rule it checks in its docstring. The numbers
were worked out by hand from the rulebook, not read from the referee.

Table conventions used here (from the API description, GET /api/games/pillars-of-fate): lanes are
named left, center, right as the Sun player sees them; a card is entered by its printed power and
icons; a Divine card by its name (and its printed power and icons).
"""

import copy
import json
from pathlib import Path

import pytest

from tests.api_table import ApiTable
from tests.guard_cases.pillars_of_fate import EMPTY_DECKS, empty_decks

GAME = "pillars-of-fate"
RULEBOOK = (Path(__file__).resolve().parent.parent / "rulebook_index" / "data"
            / "pillars-of-fate.txt").read_text()
SEATS = ("sun", "moon")
LANES = ("left", "center", "right")


def other(seat):
    return "moon" if seat == "sun" else "sun"


def C(power, f=0, s=0, face="up"):
    """A champion card as the player reads it."""
    card = {"power": power, "feathers": f, "scorpions": s}
    if face == "down":
        card["face"] = "down"
    return card


def D(name, power=0, f=0, s=0, face="up", **more):
    """A Divine card in a lane, by its name and printed power and icons."""
    return {"divine": name, **C(power, f, s, face), **more}


def Q(feather, scorpion):
    return {"feather": feather, "scorpion": scorpion}


def quiet(sun_divine=None, moon_divine=None):
    """A lane that Moon wins on power (6 to 3), feathers dominate, and the quest gives nothing."""
    sun = [C(1, f=1), C(1, f=1), C(1, f=1)]
    moon = [C(2, f=1), C(2, f=1), C(2, f=1)]
    if sun_divine:
        sun[0] = D(sun_divine, 1, f=1)
    if moon_divine:
        moon[0] = D(moon_divine, 2, f=1)
    return {"quest": Q(0, 0), "pillar": "sun", "sun": sun, "moon": moon}


POOL = {"sun": ["Prophet", "Klar", "Steward", "Aponi", "Saghari", "Arbiter"],
        "moon": ["Hadria", "Pentha", "Eradan", "Belan", "Isabel", "Invictus"]}


def position(lanes, turn="sun", first_player=None, age=1, modifier="two_face_down",
             divine=None, renown=None, hands=None, decks=None, modifiers_used=None):
    """A table in the middle of an Age. The 1st player marker follows from how many cards are down
    (players alternate, so an even count means the first player is to play); the hands, unless
    given, are worked out by the referee (late in Age III the deck has fewer than 5 left)."""
    lanes = {name: copy.deepcopy(lanes.get(name, {"quest": Q(0, 0)})) for name in LANES}
    played = sum(len(lane.get(seat, [])) for lane in lanes.values() for seat in SEATS)
    if first_player is None:
        first_player = turn if played % 2 == 0 else other(turn)
    if divine is None:
        named = {card["divine"] for lane in lanes.values() for seat in SEATS
                 for card in lane.get(seat, []) if "divine" in card}
        divine = {}
        for seat in SEATS:
            played_now = any("divine" in card for lane in lanes.values()
                             for card in lane.get(seat, []))
            left = 3 - (age - 1) - (1 if played_now else 0)
            divine[seat] = [{"name": n} for n in POOL[seat] if n not in named][:left]
    out = {"age": age, "first_player": first_player, "turn": turn, "modifier": modifier,
           "lanes": lanes, "divine": divine,
           "hands": hands or {"sun": {}, "moon": {}}}  # worked out: 5, or what the deck has left
    if renown is not None:
        out["renown"] = renown
    if decks is not None:
        out["decks"] = decks
    if modifiers_used is not None:
        out["modifiers_used"] = modifiers_used
    return out


class Table(ApiTable):
    """A game through the API, entered by the table (its edit token)."""

    def __init__(self, client, position=None, **options):
        setup = {"game": GAME, "players": [{"name": "Ana", "seat": "sun"},
                                           {"name": "Ben", "seat": "moon"}],
                 "options": options}
        if position is not None:
            setup["position"] = position
        super().__init__(client, setup)

    def post(self, **event):
        return self.send(event)

    def ok(self, **event):
        return self.accepted(event)

    def play(self, player, lane, card, **more):
        event = {"type": "play", "player": player, "lane": lane, "face": card.get("face", "up")}
        event.update({k: v for k, v in card.items() if k != "face"})
        event.update(more)
        return self.post(**event)

    def spectator(self, path=""):
        response = self.client.get(f"/api/sessions/{self.id}{path}")
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    @property
    def state(self):
        return self.view()["state"]

    def live(self, lane, seat=None):
        return next(row for row in self.view(seat)["scores"]["lanes"] if row["lane"] == lane)

    def lane(self, name, seat=None):
        return next(lane for lane in self.view(seat)["state"]["lanes"] if lane["name"] == name)


def named(lanes, name):
    """A lane by its name, in a state's lanes (`name`) or a result's lanes (`lane`)."""
    return next(lane for lane in lanes if lane.get("name", lane.get("lane")) == name)


def refused_one_of(response, *sentences):
    """A 422 quoting one of `sentences` (where the book has more than one sentence for it)."""
    assert response.status_code == 422, response.get_json()
    quote = response.get_json()["error"]["rule"]["quote"]
    assert quote in RULEBOOK
    assert any(sentence in quote for sentence in sentences), quote


def refused(response, sentence):
    """A 422 quoting `sentence`: verbatim in the rulebook, and the one that forbids the move."""
    assert sentence in RULEBOOK, f"not in the rulebook: {sentence!r}"
    assert response.status_code == 422, response.get_json()
    quote = response.get_json()["error"]["rule"]["quote"]
    assert quote in RULEBOOK
    assert sentence in quote, f"quoted {quote!r}, expected {sentence!r}"


def finish(client, lanes, last=("moon", "left"), options=None, **kw):
    """Every lane full but one card: the last card of `last`'s column is taken back and played as
    the event that ends the Age. Returns the table and the answer to that last play."""
    seat, lane = last
    lanes = copy.deepcopy(lanes)
    card = lanes[lane][seat].pop()
    pos = position(lanes, turn=seat, **kw)
    if "divine" in card and "divine" not in kw:
        rest = [d for d in pos["divine"][seat] if d["name"] != card["divine"]]
        pos["divine"][seat] = [{"name": card["divine"]}] + rest[:len(pos["divine"][seat]) - 1]
    table = Table(client, pos, **(options or {}))
    return table, table.play(seat, lane, card)


# == Setup: the Divine draft and the first Age ====================================================


def start_from_setup(client, **options):
    return Table(client, None, **options)


def test_draft_keeps_one_and_passes_two(client):
    """Setup 3-5: "Deal 3 Divine cards to each player." "Players simultaneously select 1 card to
    keep, passing the other 2 to their opponent." "Each player sets their 3 Divine cards aside." """
    table = start_from_setup(client)
    assert table.view()["phase"] == "draft"
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
    sun = table.view("sun")["state"]["divine"]["sun"]["unplayed"]
    moon = table.view("moon")["state"]["divine"]["moon"]["unplayed"]
    assert sorted(card["name"] for card in sun) == ["Eradan", "Pentha", "Prophet"]
    assert sorted(card["name"] for card in moon) == ["Hadria", "Klar", "Naka"]


@pytest.mark.parametrize("passed", [["Klar"], ["Klar", "Naka", "Belan"]])
def test_draft_refuses_other_than_two_passed(client, passed):
    """Setup 4: "Players simultaneously select 1 card to keep, passing the other 2 to their
    opponent." Of 3 dealt, exactly 2 are passed."""
    table = start_from_setup(client)
    response = table.post(type="draft_divine", player="sun", kept="Prophet", passed=passed)
    refused(response, "Players simultaneously select 1 card to keep, passing the other 2 to their "
                      "opponent.")


def test_draft_kept_card_stays_secret(client):
    """Setup 4 ("select 1 card to keep") with the Divine cards set aside: the card Sun kept is known
    to Sun only; Moon knows only the two it was passed. A spectator knows none."""
    table = start_from_setup(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
    assert "Prophet" in json.dumps(table.view("sun")["state"])
    assert "Prophet" not in json.dumps(table.view("moon")["state"])
    assert "Prophet" not in json.dumps(table.spectator()["state"])
    assert "Hadria" not in json.dumps(table.spectator()["state"])
    log = client.get(f"/api/sessions/{table.id}/log").get_json()
    assert "Prophet" not in json.dumps(log) and "Hadria" not in json.dumps(log)


def test_first_age_begins_with_the_first_player(client):
    """Setup 6-10: 3 Age I quests, 1 modifier on the center, a pillar on each quest, 5 cards in
    hand; "Choose a starting player and give them the 1st player marker." The first player plays
    first, the pillars are on the quests (nobody's), each deck holds 32 - 4 - 5 = 23 cards."""
    table = start_from_setup(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
    table.ok(type="begin_age", player="sun", quests=[Q(3, -1), Q(2, 4), Q(-2, 3)],
             modifier="least_power", first_player="moon")
    view = table.view()
    state = view["state"]
    assert view["phase"] == "turns" and state["turn"] == "moon" and state["age"] == 1
    assert view["current_players"] == ["moon"]
    assert [lane["pillar"] for lane in state["lanes"]] == [None, None, None]
    assert state["hands"]["sun"]["count"] == 5 and state["hands"]["moon"]["count"] == 5
    assert state["decks"] == {"sun": 23, "moon": 23}
    refused(table.play("sun", "left", C(3)),
            "During each Age, players alternate turns, strategically placing cards from their "
            "hand into 3 quest lanes.")


def test_age_one_quests_must_be_age_one(client):
    """Setup 6: "Place 3 Age I quest cards in a row on the table, between both players." """
    table = start_from_setup(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
    quests = [Q(3, -1), dict(Q(2, 4), age=2), Q(-2, 3)]
    response = table.post(type="begin_age", player="sun", quests=quests, modifier="least_power",
                          first_player="sun")
    refused(response, "Place 3 Age I quest cards in a row on the table, between both players.")


# == On your turn ====================================================================================

EXAMPLE_HAND = [C(5, f=1), C(3, s=1), C(8, s=2), C(1, f=2), C(4, f=1, s=1)]


def opening(hand=EXAMPLE_HAND, **kw):
    """Age I, nothing played yet, Sun first; Sun's hand entered (unless hand=None)."""
    sun = {"count": 5, "cards": hand} if hand else {"count": 5}
    return position({"left": {"quest": Q(3, -1)}, "center": {"quest": Q(2, 4)},
                     "right": {"quest": Q(-2, 3)}}, turn="sun",
                    hands={"sun": sun, "moon": {"count": 5}}, **kw)


def test_players_alternate_turns(client):
    """Gameplay Overview: "During each Age, players alternate turns, strategically placing cards
    from their hand into 3 quest lanes." """
    table = Table(client, opening(decks={"sun": 23, "moon": 23}))
    refused(table.play("moon", "left", C(2)),
            "During each Age, players alternate turns, strategically placing cards from their "
            "hand into 3 quest lanes.")
    table.ok(**{"type": "play", "player": "sun", "lane": "left", "face": "up", **C(5, f=1)})
    assert table.state["turn"] == "moon"
    refused(table.play("sun", "left", C(3, s=1)),
            "During each Age, players alternate turns, strategically placing cards from their "
            "hand into 3 quest lanes.")
    assert table.play("moon", "center", C(2)).status_code == 200
    assert table.state["turn"] == "sun"


def test_a_card_not_in_the_entered_hand_is_refused(client):
    """Gameplay Overview: players place "cards from their hand into 3 quest lanes". Sun's hand is
    entered and holds no power-9 card."""
    table = Table(client, opening())
    refused(table.play("sun", "left", C(9)), "placing cards from their hand into 3 quest lanes")


def test_draw_back_up_to_five(client):
    """On Your Turn: "First, play 1 card into any lane." ... "Then, draw back up to 5 cards." After
    playing one card from a hand of 5, one card is drawn: the hand is 5 again, the deck one less."""
    table = Table(client, opening(decks={"sun": 23, "moon": 23}))
    table.play("sun", "left", C(5, f=1))
    state = table.view("sun")["state"]
    assert state["hands"]["sun"]["count"] == 5
    assert state["decks"]["sun"] == 22
    assert C(5, f=1) not in state["hands"]["sun"]["cards"]
    assert C(8, s=2) in state["hands"]["sun"]["cards"]


def test_entered_draw_count_is_checked(client):
    """On Your Turn: "Then, draw back up to 5 cards." One card played from 5: drawing 2 is wrong."""
    table = Table(client, opening(decks={"sun": 23, "moon": 23}))
    refused(table.play("sun", "left", C(5, f=1), draw=2), "Then, draw back up to 5 cards.")
    assert table.play("sun", "left", C(5, f=1), draw=1).status_code == 200


def test_no_draw_from_an_empty_deck(client):
    """On Your Turn: "Then, draw back up to 5 cards." With an empty deck nothing can be drawn: the
    hand shrinks, and an entered draw of 1 is refused."""
    table = Table(client, empty_decks(), **EMPTY_DECKS)
    refused(table.play("sun", "left", C(5, f=1), draw=1), "Then, draw back up to 5 cards.")
    table.play("sun", "left", C(5, f=1))
    assert table.state["hands"]["sun"]["count"] == 4


def test_playing_a_divine_card_draws_nothing(client):
    """On Your Turn: "Then, draw back up to 5 cards." A Divine card is set aside, not in hand
    (Setup 5): the hand still holds 5, so nothing is drawn."""
    table = Table(client, opening(decks={"sun": 23, "moon": 23}))
    refused(table.play("sun", "left", D("Prophet", 4, f=1), draw=1),
            "Then, draw back up to 5 cards.")
    table.play("sun", "left", D("Prophet", 4, f=1))
    state = table.state
    assert state["hands"]["sun"]["count"] == 5 and state["decks"]["sun"] == 23


def test_a_hand_holds_five_cards(client):
    """Setup 9: "Each player draws 5 cards from their champion deck." and "Then, draw back up to 5
    cards.": a hand entered with 6 cards is refused."""
    table = Table(client, opening())
    response = table.post(type="hand", player="sun", cards=EXAMPLE_HAND + [C(2)])
    refused_one_of(response, "Each player draws 5 cards from their champion deck.",
                   "Then, draw back up to 5 cards.")


def test_a_lane_holds_three_cards_per_player(client):
    """On Your Turn: "Each lane can hold up to 3 cards per player." Sun's fourth card in the left
    lane is refused; Moon, with two there, may still play there."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(2), C(3)],
                      "moon": [C(1), C(2)]},
             "center": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)]}}
    table = Table(client, position(lanes, turn="sun"))
    refused(table.play("sun", "left", C(4)), "Each lane can hold up to 3 cards per player.")
    table.ok(**{"type": "play", "player": "sun", "lane": "right", "face": "up", **C(4)})
    assert table.play("moon", "left", C(4)).status_code == 200


def test_one_face_down_card_per_lane(client):
    """On Your Turn: "1 card per lane may be played face down." (per lane, the printed default):
    once Sun has a face-down card in the left lane, Moon may not add another there, but may in the
    center."""
    table = Table(client, opening())
    assert table.play("sun", "left", C(8, s=2, face="down")).status_code == 200
    refused(table.play("moon", "left", C(2, face="down")), "1 card per lane may be played face down.")
    assert table.play("moon", "center", C(2, face="down")).status_code == 200


def test_face_down_limit_per_player_ruling(client):
    """Table ruling face_down_limit=per_player (the capacity line beside it, "Each lane can hold up
    to 3 cards per player.", is per player): each player may have one face-down card per lane."""
    table = Table(client, opening(), face_down_limit="per_player")
    assert table.play("sun", "left", C(8, s=2, face="down")).status_code == 200
    assert table.play("moon", "left", C(2, face="down")).status_code == 200
    refused(table.play("sun", "left", C(5, f=1, face="down")),
            "1 card per lane may be played face down.")


def test_pillar_goes_to_the_first_face_up_card(client):
    """On Your Turn: "If you are the first to place a face-up card in a lane, move the pillar to
    your side." A face-down card does not move it; the first face-up one does; later ones do not."""
    table = Table(client, opening())
    table.play("sun", "left", C(8, s=2, face="down"))
    assert table.lane("left")["pillar"] is None
    table.play("moon", "left", C(2))
    assert table.lane("left")["pillar"] == "moon"
    table.play("sun", "left", C(5, f=1))
    assert table.lane("left")["pillar"] == "moon"


def test_cards_left_in_the_deck_in_a_later_age(client):
    """Setup 1 and 9: each deck loses 4 cards set aside and 5 drawn; On Your Turn: "Then, draw back
    up to 5 cards." after every champion card played. Age III entered with nothing played yet and
    the deck not counted: each player has played 9 cards in each of Ages I and II, one of them a
    Divine card, so 8 champion cards each Age were drawn again: 32 - 4 - 5 - 8 - 8 = 7 remain."""
    pos = position({name: {"quest": Q(0, 0)} for name in LANES}, turn="sun", age=3,
                   modifier="least_power", modifiers_used=["no_suit", "two_face_down"])
    table = Table(client, pos)
    assert table.state["decks"] == {"sun": 7, "moon": 7}


# == Divine cards ====================================================================================


def test_only_one_divine_card_each_age(client):
    """Divine Cards: "Note: You cannot use more than 1 of your Divine cards each Age." """
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [D("Prophet", 4, f=1)],
                      "moon": [C(2)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Klar", "power": 5, "scorpions": 1},
                                                   {"name": "Steward", "power": 2}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"},
                                                    {"name": "Eradan"}]}))
    refused(table.play("sun", "center", D("Klar", 5, s=1)),
            "You cannot use more than 1 of your Divine cards each Age.")


def test_a_divine_card_must_be_one_of_yours_unplayed(client):
    """Divine Cards: "You may select from any of your 3 unplayed Divine cards." Sun does not hold
    Hadria (Moon does)."""
    table = Table(client, opening())
    refused(table.play("sun", "left", D("Hadria", 3, f=1)),
            "You may select from any of your 3 unplayed Divine cards.")


def test_a_divine_card_played_in_an_earlier_age_is_gone(client):
    """Divine Cards: "You may select from any of your 3 unplayed Divine cards." In Age II Sun has
    only the two Divine cards left that were not played in Age I."""
    lanes = {"left": {"quest": Q(1, 1)}}
    table = Table(client, position(lanes, turn="sun", age=2, modifiers_used=["least_power"],
                                   divine={"sun": [{"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    refused(table.play("sun", "left", D("Prophet", 4, f=1)),
            "You may select from any of your 3 unplayed Divine cards.")
    assert table.play("sun", "left", D("Klar", 5, s=1)).status_code == 200


def test_must_play_a_divine_card_refuses_the_last_chance(client):
    """Divine Cards: "Once per Age, you must play a Divine card." Sun has not played one and has a
    single place left in the Age: a champion card there is refused, a Divine card accepted."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                      "moon": [C(1), C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                        "moon": [D("Naka", 1), C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)],
                       "moon": [C(1), C(1)]}}
    table = Table(client, position(lanes, turn="sun"))
    refused(table.play("sun", "right", C(3)), "Once per Age, you must play a Divine card.")
    assert table.play("sun", "right", D("Prophet", 4, f=1)).status_code == 200


def test_must_play_a_divine_card_is_a_ruling(client):
    """Table ruling divine_required=not_enforced ("Once per Age, you must play a Divine card." kept
    by the table): the same champion card is accepted."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                      "moon": [C(1), C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                        "moon": [D("Naka", 1), C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)],
                       "moon": [C(1), C(1)]}}
    table = Table(client, position(lanes, turn="sun"), divine_required="not_enforced")
    assert table.play("sun", "right", C(3)).status_code == 200


def test_must_play_a_divine_card_counts_the_no_divine_lane(client):
    """"Once per Age, you must play a Divine card." with "No Divine cards may be played in this
    lane." on the center: Sun has one place in the center and one on the right. Filling the right
    with a champion card leaves only the center, where no Divine card may go: refused. Filling the
    center instead is fine."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                      "moon": [C(1), C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)],
                        "moon": [C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)],
                       "moon": [D("Naka", 1), C(1)]}}
    pos = position(lanes, turn="sun", modifier="no_divine")
    table = Table(client, pos)
    refused(table.play("sun", "right", C(3)), "Once per Age, you must play a Divine card.")
    assert table.play("sun", "center", C(3)).status_code == 200


def test_the_legal_plays_leave_room_for_the_divine_card(client):
    """Divine Cards: "Once per Age, you must play a Divine card." With a single place left and no
    Divine card played, the plays offered to Sun are Divine cards only."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                      "moon": [C(1), C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                        "moon": [D("Naka", 1), C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)],
                       "moon": [C(1), C(1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   hands={"sun": {"count": 5, "cards": EXAMPLE_HAND},
                                          "moon": {"count": 5}}))
    legal = table.view("sun")["legal"]
    plays = [event for event in legal if event["type"] == "play"]
    assert plays and all(event.get("divine") for event in plays)
    assert {event["lane"] for event in plays} == {"right"}


def test_no_divine_cards_in_the_no_divine_lane(client):
    """Quest Modifiers: "No Divine cards may be played in this lane." (the center)."""
    table = Table(client, opening(modifier="no_divine"))
    refused(table.play("sun", "center", D("Prophet", 4, f=1)),
            "No Divine cards may be played in this lane.")
    assert table.play("sun", "left", D("Prophet", 4, f=1)).status_code == 200


def test_a_face_up_divine_card_cannot_be_played_face_down(client):
    """Divine Cards: "While some Divine cards must be played face up, indicated by an icon, most
    Divine cards can be played face down." Sun's Steward carries the face-up icon here."""
    pos = opening(divine={"sun": [{"name": "Steward", "power": 2, "face_up_icon": True},
                                  {"name": "Prophet", "power": 4, "feathers": 1},
                                  {"name": "Klar", "power": 5, "scorpions": 1}],
                          "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    refused(table.play("sun", "left", D("Steward", 2, face="down")),
            "While some Divine cards must be played face up, indicated by an icon, most Divine "
            "cards can be played face down.")
    assert table.play("sun", "left", D("Prophet", 4, f=1, face="down")).status_code == 200


def test_a_face_down_divine_card_shows_its_back(client):
    """Divine Cards: "Even when played face down, your opponent will be aware that you've played a
    Divine card in that position because of their unique back." Moon and a spectator see that the
    card is Divine, not which one nor its power; Sun sees it all."""
    table = Table(client, opening())
    table.play("sun", "left", D("Klar", 5, s=1, face="down"))
    mine = table.lane("left", "sun")["cards"]["sun"][0]
    assert mine["divine"] == "Klar" and mine["power"] == 5
    for seen in (table.lane("left", "moon")["cards"]["sun"][0],
                 named(table.spectator()["state"]["lanes"], "left")["cards"]["sun"][0]):
        assert seen.get("divine") and seen["divine"] != "Klar"
        assert seen.get("power") is None
        assert "Klar" not in json.dumps(seen)


def test_a_face_down_divine_card_cannot_be_told_from_the_cards_left(client):
    """Divine Cards: "Even when played face down, your opponent will be aware that you've played a
    Divine card in that position because of their unique back." The opponent knows a Divine card
    lies there, not which: Sun passed Klar and Naka to Moon in the draft, so Sun knows Moon holds
    Klar, Naka and one card Sun never saw. When Moon plays one of them face down, what Sun is shown
    of Moon's cards must read the same whichever of the three it was."""
    shown = {}
    for played in ("Klar", "Naka", "Hadria"):
        table = start_from_setup(client)
        table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
        table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
        table.ok(type="begin_age", player="sun", quests=[Q(3, -1), Q(2, 4), Q(-2, 3)],
                 modifier="least_power", first_player="moon")
        table.ok(type="play", player="moon", lane="left", face="down", divine=played, power=3,
                 feathers=1, scorpions=0)
        view = table.view("sun")
        shown[played] = (view["state"]["divine"]["moon"],
                         named(view["state"]["lanes"], "left"))
        assert played not in json.dumps(view["state"]["lanes"])
    assert shown["Klar"] == shown["Naka"] == shown["Hadria"]


def test_the_sorcerers_action_comes_before_the_next_turn(client):
    """Divine Cards: "The Divine cards that must be played face up usually possess an action that
    you will perform immediately upon playing." While Sun's Sorcerer exchange is owed, Moon may not
    play."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    pos = position(lanes, turn="sun",
                   divine={"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"},
                                   {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]})
    table = Table(client, pos)
    assert table.play("sun", "center", D("Sorcerer", 1)).status_code == 200
    assert table.view()["current_players"] == ["sun"]
    refused(table.play("moon", "left", C(1)),
            "The Divine cards that must be played face up usually possess an action that you will "
            "perform immediately upon playing.")


# == Divine card effects, at the end of the Age =====================================================


def test_aponi_turns_your_eights_into_twos(client):
    """Glossary: "Aponi - Other cards in your lane with Aponi that have a power of 8 become 2."
    Sun: Aponi 1 + 8 + 8 = 1 + 2 + 2 = 5; Moon's own 8 is not Sun's: 8 + 0 + 0 = 8. Moon wins the
    left lane; feathers dominate (2 to 1): Moon gains the feather reward 4."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "sun",
                      "sun": [D("Aponi", 1), C(8, f=1), C(8, f=1)],
                      "moon": [C(8, s=1), C(0), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 0, "moon": 4}


def test_saghari_turns_your_threes_into_sevens(client):
    """Glossary: "Saghari - Other cards in your lane with Saghari that have a power of 3 become 7."
    Sun: 0 + 7 + 7 = 14; Moon 10 + 3 + 0 = 13 (its 3 stays). Sun wins; feathers: the reward 5."""
    lanes = {"left": {"quest": Q(5, 0), "pillar": "sun",
                      "sun": [D("Saghari", 0), C(3, f=1), C(3)],
                      "moon": [C(10), C(3), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 5, "moon": 0}


@pytest.mark.parametrize("face,reward", [("down", 7), ("up", 1)])
def test_arbiter_face_down_is_four_scorpions(client, face, reward):
    """Glossary: "Arbiter - If this card is played face down, its suit will be 4 scorpions."
    Sun (Arbiter printed 2 power, 1 feather) + 1 + 1 = 4 beats Moon's 3. Face down: scorpions 4
    against feathers 2 + 1 = 3, the scorpion reward 7. Face up: feathers 4 to 0, reward 1."""
    lanes = {"left": {"quest": Q(1, 7), "pillar": "moon",
                      "sun": [C(1, f=1), C(1, f=1), D("Arbiter", 2, f=1, face=face)],
                      "moon": [C(1, f=1), C(1), C(1)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("sun", "left"), first_player="moon")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"]["sun"] == reward


@pytest.mark.parametrize("includes_itself,reward", [(True, 6), (False, 2)])
def test_belan_reverses_your_suits_in_its_lane(client, includes_itself, reward):
    """Glossary: "Belan - All of your cards played in the same lane as Belan have their suits
    reversed." Sun: Belan (1 feather), 2 feathers, 1 scorpion -> 1 + 2 scorpions and 1 feather;
    with Moon's 1 feather: scorpions 3 to feathers 2, Sun (5 power to 3) gains the scorpion reward
    6. Ruling belan_includes_itself=false: Belan keeps its feather: feathers 3 to 2, reward 2."""
    lanes = {"left": {"quest": Q(2, 6), "pillar": "sun",
                      "sun": [D("Belan", 1, f=1), C(2, f=2), C(2, s=1)],
                      "moon": [C(1, f=1), C(1), C(1)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"),
                             options={"belan_includes_itself": includes_itself})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": reward, "moon": 0}


def test_eradan_adds_two_power_to_your_other_lanes(client):
    """Glossary: "Eradan - Your other lanes have an additional 2 power." Sun's Eradan in the center:
    left 3 + 2 = 5 beats 4, right 4 + 2 = 6 beats 5; the center itself is not helped, 0 + 1 + 1 = 2
    loses to 3. Sun gains 3 + 5, Moon 1."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "moon", "sun": [C(1, f=1)] * 3,
                      "moon": [C(2, f=1), C(1, f=1), C(1, f=1)]},
             "center": {"quest": Q(1, 0), "pillar": "moon",
                        "sun": [D("Eradan", 0, f=1), C(1, f=1), C(1, f=1)],
                        "moon": [D("Naka", 1, f=1), C(1, f=1), C(1, f=1)]},
             "right": {"quest": Q(5, 0), "pillar": "moon",
                       "sun": [C(2, f=1), C(1, f=1), C(1, f=1)],
                       "moon": [C(3, f=1), C(1, f=1), C(1, f=1)]}}
    table, response = finish(client, lanes, last=("moon", "right"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 8, "moon": 1}


@pytest.mark.parametrize("floor,sun", [("none", -2), ("zero", 0)])
def test_hadria_costs_the_winner_five(client, floor, sun):
    """Glossary: "Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown
    in addition to any quest awards." Sun wins Moon's Hadria lane with the feather reward 3:
    3 - 5 = -2 (ruling renown_floor=zero: 0)."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun",
                      "sun": [C(5, f=1), C(5, f=1), C(5, f=1)],
                      "moon": [D("Hadria", 3, f=1), C(1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"),
                             options={"renown_floor": floor})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": sun, "moon": 0}


def test_invictus_played_first_is_a_zero(client):
    """Glossary: "Invictus - If this card is played first in your lane, it is just a 0 card, it does
    not copy your opponents card." Sun: Invictus (printed 5) first = 0, + 3 + 3 = 6 loses to 7."""
    lanes = {"left": {"quest": Q(2, 0), "pillar": "moon",
                      "sun": [D("Invictus", 5), C(3, f=1), C(3, f=1)],
                      "moon": [C(7), C(0), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    pos_divine = {"sun": [{"name": "Klar"}, {"name": "Steward"}],
                  "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}
    table, response = finish(client, lanes, last=("moon", "left"), divine=pos_divine)
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 0, "moon": 2}


def test_invictus_copies_a_card_above_it(client):
    """Glossary: "Invictus copies the suit and power of a card above it in your lane." Sun's
    Invictus names its first card (6, 2 scorpions): 6 + 1 + 6 = 13 beats Moon's 12, and scorpions
    4 beat feathers 3: Sun gains the scorpion reward 9."""
    lanes = {"left": {"quest": Q(1, 9), "pillar": "sun",
                      "sun": [C(6, s=2), C(1), D("Invictus", 0, copies=1)],
                      "moon": [C(4, f=1), C(4, f=1), C(4, f=1)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    pos_divine = {"sun": [{"name": "Klar"}, {"name": "Invictus", "power": 0}, {"name": "Steward"}],
                  "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}
    table, response = finish(client, lanes, last=("sun", "left"), first_player="moon",
                             divine=pos_divine)
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 9, "moon": 0}


def test_invictus_must_copy_a_card_above_it(client):
    """Glossary: "Invictus copies the suit and power of a card above it in your lane." With two of
    Sun's cards above it, position 3 is not above Invictus (it is Invictus)."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(6, s=2), C(1)],
                      "moon": [C(4), D("Naka", 1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Invictus", "power": 0},
                                                   {"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    refused(table.play("sun", "left", D("Invictus", 0, copies=3)),
            "Invictus copies the suit and power of a card above it in your lane.")
    assert table.play("sun", "left", D("Invictus", 0, copies=2)).status_code == 200


def test_isabel_reverses_the_opposite_suit(client):
    """Glossary: "Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse
    the suit." Isabel is Sun's first card; Moon's first card (3 feathers) becomes 3 scorpions.
    Sun 1 + 3 + 3 = 7 beats 6 and gains the scorpion reward 8."""
    lanes = {"left": {"quest": Q(2, 8), "pillar": "sun",
                      "sun": [D("Isabel", 1), C(3), C(3)],
                      "moon": [C(2, f=3), C(2), C(2)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 8, "moon": 0}


@pytest.mark.parametrize("face,renown", [("down", {"sun": 0, "moon": 4}),
                                         ("up", {"sun": 4, "moon": 0})])
def test_klar_face_down_is_minus_one(client, face, renown):
    """Glossary: "Klar - If this card is played face down, its power becomes -1." Sun: Klar (6) + 2
    + 2: face down -1 + 4 = 3 loses to Moon's 5; face up 10 wins. Feathers: the reward 4."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon",
                      "sun": [C(2, f=1), C(2, f=1), D("Klar", 6, face=face)],
                      "moon": [C(3, f=1), C(1), C(1)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("sun", "left"), first_player="moon")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == renown


@pytest.mark.parametrize("sun_wins_left,sun", [(False, 10), (True, 1)])
def test_mother_to_all_rewards_losing_every_lane(client, sun_wins_left, sun):
    """Glossary: "Mother to All - Gain 10 renown if you lose all quest lanes." Sun loses all three
    lanes: +10. If Sun wins one (the left, reward 1), no 10."""
    left = quiet(sun_divine="Mother to All")
    left["quest"] = Q(1, 0)
    if sun_wins_left:
        left["sun"] = [D("Mother to All", 1, f=1), C(9, f=1), C(9, f=1)]
    lanes = {"left": left, "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "right"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"]["sun"] == sun


@pytest.mark.parametrize("wins,renown", [(True, {"sun": 7, "moon": 0}),
                                         (False, {"sun": 0, "moon": 2})])
def test_prophet_rewards_winning_its_lane(client, wins, renown):
    """Glossary: "Prophet - If you win the lane that you have played the Prophet in, gain 5
    renown." Quest reward 2 (feathers) plus 5 when Sun wins the Prophet's lane; nothing when not."""
    sun = [D("Prophet", 4, f=1), C(5 if wins else 0), C(0)]
    lanes = {"left": {"quest": Q(2, 0), "pillar": "sun", "sun": sun,
                      "moon": [C(6), C(0), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == renown


def test_pentha_zeroes_the_opposite_card(client):
    """Glossary: "Pentha - The opponent card's power opposite of Pentha becomes 0." Pentha is Sun's
    second card; Moon's second card (9) becomes 0: Moon 1 + 0 + 1 = 2, Sun 2 + 1 + 2 = 5 wins the
    feather reward 6."""
    lanes = {"left": {"quest": Q(6, 0), "pillar": "sun",
                      "sun": [C(2, f=1), D("Pentha", 1), C(2)],
                      "moon": [C(1, f=1), C(9), C(1)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 6, "moon": 0}


@pytest.mark.parametrize("seat", ["sun", "moon"])
def test_steward_adds_scorpions_left_and_feathers_right(client, seat):
    """Glossary: "Steward - Lanes to the left of this card will have 2 additional total scorpions
    and lanes to the right of this card will have 2 additional total feathers." Played in the
    center; left and right as its player sees them (Moon sits across: Moon's left is the lane named
    right). The owner wins the lanes on both sides; each had 1 icon of the other suit: the lane on
    the owner's left pays its scorpion reward 5, the one on the right its feather reward 7."""
    foe = other(seat)
    own_left, own_right = ("left", "right") if seat == "sun" else ("right", "left")
    lanes = {own_left: {"quest": Q(1, 5), "pillar": seat, seat: [C(5, f=1), C(1), C(1)],
                        foe: [C(1), C(1), C(1)]},
             own_right: {"quest": Q(7, 2), "pillar": seat, seat: [C(5, s=1), C(1), C(1)],
                         foe: [C(1), C(1), C(1)]},
             "center": {"quest": Q(0, 0), "pillar": seat,
                        seat: [D("Steward", 1, f=1), C(1, f=1), C(1, f=1)],
                        foe: [D("Naka", 5, f=1), C(1, f=1), C(1, f=1)]}}
    table, response = finish(client, lanes, last=(foe, own_left))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {seat: 12, foe: 0}


def test_steward_sides_table_ruling(client):
    """Ruling steward_sides=table on "Steward - Lanes to the left of this card will have 2
    additional total scorpions and lanes to the right of this card will have 2 additional total
    feathers.": Moon's Steward in the center, left and right read as the lanes are named. Moon wins
    both: the left (1 feather, +2 scorpions) pays 5, the right (1 scorpion, +2 feathers) pays 7."""
    lanes = {"left": {"quest": Q(1, 5), "pillar": "moon", "moon": [C(5, f=1), C(1), C(1)],
                      "sun": [C(1), C(1), C(1)]},
             "right": {"quest": Q(7, 2), "pillar": "moon", "moon": [C(5, s=1), C(1), C(1)],
                       "sun": [C(1), C(1), C(1)]},
             "center": {"quest": Q(0, 0), "pillar": "moon",
                        "moon": [D("Steward", 1, f=1), C(1, f=1), C(1, f=1)],
                        "sun": [D("Naka", 5, f=1), C(1, f=1), C(1, f=1)]}}
    table, response = finish(client, lanes, last=("sun", "left"), first_player="moon",
                             options={"steward_sides": "table"},
                             divine={"sun": [{"name": "Klar"}, {"name": "Prophet"}],
                                     "moon": [{"name": "Hadria"}, {"name": "Pentha"}]})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"moon": 12, "sun": 0}


def test_naka_allows_two_face_down_cards_in_your_other_lanes(client):
    """Glossary: "Naka - Your other quest lanes may have 2 face-down cards." After Sun's Naka in the
    center, the left lane takes a second face-down card; the center itself keeps "1 card per lane
    may be played face down." """
    divine = {"sun": [{"name": "Naka"}, {"name": "Prophet"}, {"name": "Klar"}],
              "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]}
    table = Table(client, opening(hand=None, modifier="least_power", divine=divine))
    assert table.play("sun", "center", D("Naka", 1)).status_code == 200
    table.play("moon", "right", C(1))
    assert table.play("sun", "left", C(1, face="down")).status_code == 200
    table.play("moon", "right", C(1))
    assert table.play("sun", "left", C(2, face="down")).status_code == 200
    table.play("moon", "right", C(1))
    assert table.play("sun", "center", C(3, face="down")).status_code == 200
    table.play("moon", "left", C(1))
    refused(table.play("sun", "center", C(4, face="down")),
            "1 card per lane may be played face down.")


def test_namari_looks_at_a_face_down_card_secretly(client):
    """Glossary: "Namari - You may look at any played (including opponent's) face-down card secretly
    then return it." Sun looks at Moon's face-down card: Sun sees it, a spectator does not; a
    face-up card is not a face-down card to look at."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "moon": [C(7, s=3, face="down"), C(2)],
                      "sun": [C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Namari", "power": 2},
                                                   {"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    assert table.play("sun", "center", D("Namari", 2)).status_code == 200
    refused(table.post(type="namari_look", player="sun", lane="left", side="moon", position=2),
            "Namari - You may look at any played (including opponent's) face-down card secretly "
            "then return it.")
    table.ok(type="namari_look", player="sun", lane="left", side="moon", position=1)
    assert table.state["turn"] == "moon"
    assert table.lane("left", "sun")["cards"]["moon"][0]["power"] == 7
    assert table.lane("left", "moon")["cards"]["moon"][0]["power"] == 7
    spectator_card = named(table.spectator()["state"]["lanes"], "left")["cards"]["moon"][0]
    assert spectator_card.get("power") is None
    assert '"power": 7' not in json.dumps(table.spectator())


def test_namari_may_decline_to_look(client):
    """Glossary: "Namari - You may look at any played (including opponent's) face-down card
    secretly then return it." "May": Sun looks at nothing and the turn passes."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "moon": [C(7, s=3, face="down"), C(2)],
                      "sun": [C(1), C(1)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Namari", "power": 2},
                                                   {"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    assert table.play("sun", "center", D("Namari", 2)).status_code == 200
    table.ok(type="namari_look", player="sun")
    assert table.state["turn"] == "moon"
    assert table.lane("left", "sun")["cards"]["moon"][0].get("power") is None


def test_sorcerer_exchanges_a_lane_card_with_one_from_hand(client):
    """Glossary: "Sorcerer - When played, take another card from any of your lanes and exchange it
    with one from your hand." Sun takes back its 2 from the left lane and puts the 8 in its place:
    the left lane shows 8 for Sun and the 2 is back in Sun's hand."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    pos = position(lanes, turn="sun",
                   divine={"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"},
                                   {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]},
                   hands={"sun": {"count": 5, "cards": EXAMPLE_HAND}, "moon": {"count": 5}})
    table = Table(client, pos)
    assert table.play("sun", "center", D("Sorcerer", 1)).status_code == 200
    refused(table.post(type="sorcerer_exchange", player="sun", lane="left", position=1,
                       **C(9, f=3)),
            "Sorcerer - When played, take another card from any of your lanes and exchange it "
            "with one from your hand.")
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, **C(8, s=2))
    assert table.live("left")["power"]["sun"] == 8
    hand = table.view("sun")["state"]["hands"]["sun"]
    assert C(2, f=1) in hand["cards"] and C(8, s=2) not in hand["cards"]
    assert hand["count"] == 5
    assert table.state["turn"] == "moon"


def test_hadria_spares_its_own_player(client):
    """Glossary: "Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown
    in addition to any quest awards." Moon wins its own Hadria lane (13 to 3): Moon simply gains the
    feather reward 3; nobody loses 5."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun",
                      "sun": [C(1, f=1), C(1), C(1)],
                      "moon": [D("Hadria", 3, f=1), C(5), C(5)]},
             "center": quiet(sun_divine="Namari"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 0, "moon": 3}


def test_prophet_counts_face_down_too(client):
    """Glossary: "Prophet - If you win the lane that you have played the Prophet in, gain 5
    renown." (played face down is still played there): Sun 4 + 5 + 0 = 9 beats 6: 2 + 5 = 7."""
    lanes = {"left": {"quest": Q(2, 0), "pillar": "sun",
                      "sun": [D("Prophet", 4, f=1, face="down"), C(5, f=1), C(0)],
                      "moon": [C(6), C(0), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 7, "moon": 0}


def test_aponi_itself_keeps_its_eight(client):
    """Glossary: "Aponi - Other cards in your lane with Aponi that have a power of 8 become 2."
    Aponi printed 8 is not an "other" card: 8 + 2 + 0 = 10 beats Moon's 9; Sun gains 3."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun",
                      "sun": [D("Aponi", 8), C(8, f=1), C(0)],
                      "moon": [C(9), C(0), C(0)]},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 3, "moon": 0}


@pytest.mark.parametrize("rule,renown", [("lane_total", {"sun": 0, "moon": 3}),
                                         ("each_card", {"sun": 3, "moon": 0})])
def test_eradan_power_ruling(client, rule, renown):
    """Ruling eradan_power on "Eradan - Your other lanes have an additional 2 power.": Sun's left
    is 1 + 1 + 1 against Moon's 8: +2 to the lane makes 5 (Moon wins the reward 3), +2 to each card
    makes 9 (Sun wins it)."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(1, f=1)] * 3,
                      "moon": [C(8, f=1), C(0), C(0)]},
             "center": {"quest": Q(0, 0), "pillar": "sun",
                        "sun": [D("Eradan", 0, f=1), C(1, f=1), C(1, f=1)],
                        "moon": [C(1, f=1)] * 3},
             "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "right"),
                             options={"eradan_power": rule})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == renown


@pytest.mark.parametrize("reach,renown", [("all", 7), ("adjacent", 2)])
def test_steward_reach_from_the_left_lane(client, reach, renown):
    """Glossary: "... lanes to the right of this card will have 2 additional total feathers."
    Sun's Steward in the left lane: both lanes to its right get 2 feathers; ruling
    steward_reach=adjacent ("influence your control over a lane or even adjacent lanes"): only the
    center. The right lane (Sun wins; 1 scorpion) pays feathers 7 or scorpions 2."""
    lanes = {"left": {"quest": Q(0, 0), "pillar": "sun",
                      "sun": [D("Steward", 1, f=1), C(1, f=1), C(1, f=1)],
                      "moon": [D("Naka", 2, f=1), C(2, f=1), C(2, f=1)]},
             "center": quiet(),
             "right": {"quest": Q(7, 2), "pillar": "sun", "sun": [C(5, s=1), C(1), C(1)],
                       "moon": [C(1), C(1), C(1)]}}
    table, response = finish(client, lanes, last=("moon", "right"),
                             options={"steward_reach": reach})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": renown, "moon": 0}


@pytest.mark.parametrize("rule,extra,power", [("named", {"copies": 1}, 13),
                                              ("directly_above", {}, 8)])
def test_invictus_copies_ruling(client, rule, extra, power):
    """Ruling invictus_copies on "Invictus copies the suit and power of a card above it in your
    lane." Sun's 6 then 1, then Invictus: naming the 6 gives 6 + 1 + 6 = 13; the card directly
    above (the 1) gives 6 + 1 + 1 = 8 (live lane total)."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(6, s=2), C(1)],
                      "moon": [C(4), D("Naka", 1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Invictus", "power": 0},
                                                   {"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}),
                  invictus_copies=rule)
    assert table.play("sun", "left", D("Invictus", 0), **extra).status_code == 200
    assert table.live("left")["power"]["sun"] == power


@pytest.mark.parametrize("rule,extra,moon", [("same_position", {}, 9),
                                             ("named", {"opposite": 1}, 3)])
def test_pentha_opposite_ruling(client, rule, extra, moon):
    """Ruling opposite on "Pentha - The opponent card's power opposite of Pentha becomes 0." Sun's
    Pentha is its second card; Moon has 9 then 3. Same position: the 3 becomes 0 (Moon 9); named
    (Moon's first card): the 9 becomes 0 (Moon 3)."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "sun": [C(2)],
                      "moon": [C(9), C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)],
                       "sun": [C(1)]}}
    divine = {"sun": [{"name": "Pentha"}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Hadria"}, {"name": "Eradan"}]}
    table = Table(client, position(lanes, turn="sun", divine=divine), opposite=rule)
    assert table.play("sun", "left", D("Pentha", 1), **extra).status_code == 200
    assert table.live("left")["power"] == {"sun": 3, "moon": moon}


@pytest.mark.parametrize("counts", [True, False])
def test_a_face_down_divine_card_and_the_face_down_limit(client, counts):
    """Ruling face_down_divine_counts: "1 card per lane may be played face down." against "Even when
    played face down, your opponent will be aware that you've played a Divine card in that position
    because of their unique back." By default Sun's face-down Klar fills the left lane's face-down
    place; under the other reading Moon may still play a face-down card there."""
    table = Table(client, opening(), face_down_divine_counts=counts)
    assert table.play("sun", "left", D("Klar", 5, s=1, face="down")).status_code == 200
    response = table.play("moon", "left", C(2, face="down"))
    if counts:
        refused(response, "1 card per lane may be played face down.")
    else:
        assert response.status_code == 200


def test_sorcerer_takes_another_card_not_itself(client):
    """Glossary: "Sorcerer - When played, take another card from any of your lanes and exchange it
    with one from your hand." The Sorcerer (Sun's first card in the center) cannot exchange
    itself."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    pos = position(lanes, turn="sun",
                   divine={"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"},
                                   {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]},
                   hands={"sun": {"count": 5, "cards": EXAMPLE_HAND}, "moon": {"count": 5}})
    table = Table(client, pos)
    assert table.play("sun", "center", D("Sorcerer", 1)).status_code == 200
    refused(table.post(type="sorcerer_exchange", player="sun", lane="center", position=1,
                       **C(8, s=2)),
            "Sorcerer - When played, take another card from any of your lanes and exchange it "
            "with one from your hand.")


def test_what_namari_saw_is_not_the_card_sorcerer_puts_there(client):
    """Glossary: "Namari - You may look at any played (including opponent's) face-down card
    secretly then return it." and "Sorcerer - When played, take another card from any of your lanes
    and exchange it with one from your hand." Sun looked at Moon's face-down 7; Moon's Sorcerer then
    swaps that card for another from Moon's hand, face down in its place: Sun saw the 7, not the new
    card, so Sun is not shown the new card."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "moon": [C(7, s=3, face="down"), C(2)],
                      "sun": [C(1), C(1)]}}
    divine = {"sun": [{"name": "Namari", "power": 2}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Sorcerer", "power": 1}, {"name": "Hadria"}, {"name": "Pentha"}]}
    table = Table(client, position(lanes, turn="sun", divine=divine))
    assert table.play("sun", "center", D("Namari", 2)).status_code == 200
    table.ok(type="namari_look", player="sun", lane="left", side="moon", position=1)
    assert table.lane("left", "sun")["cards"]["moon"][0]["power"] == 7
    assert table.play("moon", "right", D("Sorcerer", 1)).status_code == 200
    table.ok(type="sorcerer_exchange", player="moon", lane="left", position=1, **C(9, f=2))
    assert table.lane("left", "moon")["cards"]["moon"][0]["power"] == 9
    seen_by_sun = table.lane("left", "sun")["cards"]["moon"][0]
    assert seen_by_sun.get("power") is None
    assert next(r for r in table.view("sun")["state"]["live"]
                if r["lane"] == "left")["power"]["moon"] == 2


# == Quest modifiers (the center lane) ==============================================================


def center_table(client, modifier, sun, moon, **options):
    lanes = {"center": {"quest": Q(1, 1), "sun": sun, "moon": moon,
                        "pillar": "sun" if sun else None, "first": "sun" if sun else None}}
    return Table(client, position(lanes, turn="sun", modifier=modifier), **options)


@pytest.mark.parametrize("rule,expected", [("each_player", {"sun": 13, "moon": 8}),
                                           ("lane_first", {"sun": 13, "moon": 4})])
def test_first_cards_power_doubled(client, rule, expected):
    """Quest Modifiers: "Each first card played will have its power doubled." Sun 5 (first) + 3 =
    13, Moon 4 (first) = 8. Ruling first_card=lane_first: only the lane's first card (Sun's)."""
    table = center_table(client, "double_power", [C(5, f=1), C(3)], [C(4, s=1), C(0)],
                         first_card=rule)
    assert table.live("center")["power"] == expected


def test_first_cards_suit_doubled(client):
    """Quest Modifiers: "Each first card played will have its suit doubled." Sun's first card (2
    feathers) counts 4 feathers; Moon's first (3 scorpions) 6 scorpions; later cards count once."""
    table = center_table(client, "double_suit", [C(1, f=2), C(1, f=1)], [C(1, s=3), C(1, s=1)])
    live = table.live("center")
    assert live["feathers"]["sun"] == 5 and live["scorpions"]["moon"] == 7
    assert live["suit"] == "scorpions"


def test_first_cards_have_no_power(client):
    """Quest Modifiers: "Each first card played will have no power." Sun 9 (first) + 2 = 2; Moon 5
    (first) + 3 = 3: Moon leads."""
    table = center_table(client, "no_power", [C(9, f=1), C(2)], [C(5), C(3)])
    live = table.live("center")
    assert live["power"] == {"sun": 2, "moon": 3}
    assert live["winner"] == "moon"


def test_first_cards_have_no_suit(client):
    """Quest Modifiers: "Each first card played will have no suit." Sun's first card (3 feathers)
    counts none; Moon's second card's scorpion dominates."""
    table = center_table(client, "no_suit", [C(1, f=3), C(1)], [C(1, f=1), C(1, s=1)])
    live = table.live("center")
    assert live["total_feathers"] == 0 and live["total_scorpions"] == 1
    assert live["suit"] == "scorpions"


def test_only_two_cards_in_the_two_card_lane(client):
    """Quest Modifiers: "Play only 2 cards in this lane." Sun's third card in the center is
    refused."""
    table = center_table(client, "two_cards", [C(1), C(1)], [C(1), C(1)])
    refused(table.play("sun", "center", C(3)), "Play only 2 cards in this lane.")


def test_the_two_card_lane_ends_the_age_sooner(client):
    """"An Age ends when each of the 3 lanes are full." with "Play only 2 cards in this lane.": 16
    cards end the Age. Sun wins the center 10 to 2 with the feather reward 3."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(5, f=1), C(5, f=1)],
                        "moon": [C(1, f=1), C(1, f=1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="two_cards")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 3, "moon": 0}
    assert table.view()["phase"] == "quests"


def test_four_cards_in_the_four_card_lane(client):
    """Quest Modifiers: "Play 4 cards in this lane." Sun's fourth card in the center is accepted,
    the fifth refused."""
    table = center_table(client, "four_cards", [C(1), C(1), C(1)], [C(1), C(1), C(1)])
    assert table.play("sun", "center", C(2)).status_code == 200
    table.play("moon", "left", C(1))
    refused(table.play("sun", "center", C(3)), "Play 4 cards in this lane.")


def test_two_face_down_cards_in_that_lane(client):
    """Quest Modifiers: "2 cards can be played face down in this lane." Two face-down cards go to
    the center; a third is refused."""
    table = center_table(client, "two_face_down", [], [])
    assert table.play("sun", "center", C(1, face="down")).status_code == 200
    assert table.play("moon", "center", C(2, face="down")).status_code == 200
    refused(table.play("sun", "center", C(3, face="down")),
            "2 cards can be played face down in this lane.")


def test_least_power_wins_that_lane(client):
    """Quest Modifiers: "The player with the least power will win this lane." Center: Sun 3, Moon
    10: Sun wins the center's feather reward 4."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(4, 0), "pillar": "moon", "sun": [C(1, f=1)] * 3,
                        "moon": [C(4, f=1), C(3, f=1), C(3, f=1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_the_four_card_lane_keeps_the_age_open(client):
    """"An Age ends when each of the 3 lanes are full." with "Play 4 cards in this lane.": after 18
    cards the center still has room, so the Age goes on and Sun plays next."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                        "moon": [C(1, f=1)] * 3}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="four_cards")
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["phase"] == "turns" and view["state"]["turn"] == "sun"
    assert view["state"]["renown"] == {"sun": 0, "moon": 0}


# == Resolving an Age ===============================================================================


@pytest.mark.parametrize("rule,renown", [("both", 5), ("winner", 1)])
def test_dominant_suit_counts_both_players_icons(client, rule, renown):
    """Resolving an Age: "Count the number of feather and scorpion icons for each player." "The
    dominant suit determines which conditional reward applies." Sun (winner, 9 power) has 2
    feathers, Moon 3 scorpions: of all icons scorpions dominate, reward 5; ruling
    dominant_suit=winner: Sun's feathers, reward 1."""
    lanes = {"left": {"quest": Q(1, 5), "pillar": "sun", "sun": [C(3, f=1), C(3, f=1), C(3)],
                      "moon": [C(1, s=1), C(1, s=1), C(1, s=1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"),
                             options={"dominant_suit": rule})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": renown, "moon": 0}


@pytest.mark.parametrize("rule,renown", [("winner", {"sun": -3, "moon": 0}),
                                         ("negative_to_loser", {"sun": 0, "moon": -3})])
def test_a_negative_reward_goes_to_the_winner(client, rule, renown):
    """Quest Anatomy: "Omega symbols are positive renown and sickles are negative renown."; Strategy:
    "Consider whether winning a quest is worthwhile – some conditional rewards award negative
    renown." Sun wins a lane paying -3 on feathers."""
    lanes = {"left": {"quest": Q(-3, 2), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                      "moon": [C(1), C(1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"),
                             options={"quest_reward_to": rule})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == renown


def test_face_down_cards_are_revealed_and_counted(client):
    """Resolving an Age: "1. Reveal all face-down cards." Moon's face-down 9 counts: Moon 9 + 1 + 1
    = 11 beats Sun's 6 and gains the feather reward 3; afterwards everyone sees the 9."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3,
                      "moon": [C(1, f=1), C(1), C(9, f=1, face="down")]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 0, "moon": 3}
    left = named(table.spectator()["state"]["ages"][0]["lanes"], "left")
    assert left["power"] == {"sun": 6, "moon": 11}


def test_a_power_tie_is_decided_by_the_pillar_holder(client):
    """Resolving an Age: "Ties in either suit or power are decided by the player that holds the
    pillar for that lane." "... in a tie for power, that player will pick who wins." Left: 6 to 6,
    Moon holds the pillar. Sun may not decide; Moon picks Sun, who gains the feather reward 4."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                      "moon": [C(2), C(2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["phase"] == "ties" and view["current_players"] == ["moon"]
    refused(table.post(type="break_tie", player="sun", lane="left", tie="power", choice="sun"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")
    refused(table.post(type="break_tie", player="moon", lane="left", tie="power",
                       choice="feathers"),
            "in a tie for power, that player will pick who wins.")
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice="sun")
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_a_suit_tie_is_decided_by_the_pillar_holder(client):
    """Resolving an Age: "In a tie for suit, that player will pick either suit". Left: 2 feathers,
    2 scorpions; Sun (9 power) wins and holds the pillar; Sun picks scorpions: reward 6."""
    lanes = {"left": {"quest": Q(1, 6), "pillar": "sun", "sun": [C(3, f=1), C(3, f=1), C(3)],
                      "moon": [C(1, s=1), C(1, s=1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    refused(table.post(type="break_tie", player="sun", lane="left", tie="suit", choice="moon"),
            "In a tie for suit, that player will pick either suit")
    table.ok(type="break_tie", player="sun", lane="left", tie="suit", choice="scorpions")
    assert table.state["renown"] == {"sun": 6, "moon": 0}


def test_two_tied_lanes_are_each_decided(client):
    """Resolving an Age: "Ties in either suit or power are decided by the player that holds the
    pillar for that lane." Left (Moon's pillar) and right (Sun's pillar) are both tied on power:
    each holder decides its own lane, and renown is awarded once both are decided."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                      "moon": [C(2), C(2), C(2)]},
             "right": {"quest": Q(5, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3,
                       "moon": [C(2), C(2), C(2)]},
             "center": quiet(sun_divine="Namari", moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.view()["current_players"] == ["sun", "moon"]
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice="moon")
    view = table.view()
    assert view["phase"] == "ties" and view["state"]["renown"] == {"sun": 0, "moon": 0}
    refused(table.post(type="break_tie", player="moon", lane="right", tie="power",
                       choice="moon"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")
    table.ok(type="break_tie", player="sun", lane="right", tie="power", choice="sun")
    assert table.state["renown"] == {"sun": 5, "moon": 4}


def test_nothing_but_the_ties_until_they_are_decided(client):
    """Resolving an Age: "The end of an Age triggers when each of the 3 lanes are full." and the
    ties are then "decided by the player that holds the pillar": with the left lane tied, neither a
    card (the Age is over) nor the next Age's quests (the tie waits: finding 102) can be entered."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                      "moon": [C(2), C(2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    refused(table.play("sun", "left", C(1)),
            "The end of an Age triggers when each of the 3 lanes are full.")
    refused(table.post(type="begin_age", player="sun", quests=AGE_TWO, modifier="least_power"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")


def test_no_tie_to_break_while_the_age_is_open(client):
    """Resolving an Age: "Ties in either suit or power are decided by the player that holds the
    pillar for that lane." — once the Age has ended; mid-Age a lane level on power has no tie to
    decide yet."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2)], "moon": [C(2)]}}
    table = Table(client, position(lanes, turn="sun"))
    refused(table.post(type="break_tie", player="sun", lane="left", tie="power", choice="sun"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")


# == Starting a new Age and the end of the game ======================================================


def finished_age_one(client):
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                      "moon": [C(1), C(1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"), modifier="two_face_down")
    assert response.status_code == 200, response.get_json()
    return table


AGE_TWO = [dict(Q(4, -2), age=2), dict(Q(1, 5), age=2), dict(Q(-3, 6), age=2)]


def test_a_new_age_clears_the_table_and_keeps_renown(client):
    """Starting a New Age: "Remove all quests, modifiers, and cards from the play area." "Return
    the pillars to the top of the quest cards." "Pass the 1st player marker." Sun was first in Age
    I, so Moon is first in Age II."""
    table = finished_age_one(client)
    table.ok(type="begin_age", player="sun", quests=AGE_TWO, modifier="least_power")
    state = table.state
    assert state["age"] == 2 and state["renown"] == {"sun": 3, "moon": 0}
    assert state["first_player"] == "moon" and state["turn"] == "moon"
    for lane in state["lanes"]:
        assert lane["pillar"] is None
        assert lane["cards"] == {"sun": [], "moon": []}
    assert [lane["quest"]["feather"] for lane in state["lanes"]] == [4, 1, -3]
    assert state["hands"]["sun"]["count"] == 5 and state["hands"]["moon"]["count"] == 5
    unplayed = [card["name"] for card in table.view("sun")["state"]["divine"]["sun"]["unplayed"]]
    assert len(unplayed) == 2 and "Namari" not in unplayed


def test_the_first_player_marker_passes(client):
    """Starting a New Age: "Pass the 1st player marker." Sun keeping it for Age II is refused."""
    table = finished_age_one(client)
    refused(table.post(type="begin_age", player="sun", quests=AGE_TWO, modifier="least_power",
                       first_player="sun"),
            "Pass the 1st player marker.")


def test_a_new_modifier_each_age(client):
    """Starting a New Age: "Place a new quest modifier on the middle quest." Age I's modifier may
    not come back."""
    table = finished_age_one(client)
    refused(table.post(type="begin_age", player="sun", quests=AGE_TWO,
                       modifier="two_face_down"),
            "Place a new quest modifier on the middle quest.")


def test_new_quests_match_the_age(client):
    """Starting a New Age: "Place 3 new quest cards that match the current Age." """
    table = finished_age_one(client)
    quests = [dict(Q(4, -2), age=1), dict(Q(1, 5), age=2), dict(Q(-3, 6), age=2)]
    refused(table.post(type="begin_age", player="sun", quests=quests, modifier="least_power"),
            "Place 3 new quest cards that match the current Age.")


def test_the_game_ends_after_three_ages_most_renown_wins(client):
    """Game End: "After 3 Ages, players count their victory point tokens." "The player with the most
    renown wins." Age III ends; Moon had 10, Sun 8 and gains the reward 3: Sun 11 wins."""
    lanes = {"left": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                      "moon": [C(1), C(1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"), age=3,
                             renown={"sun": 8, "moon": 10},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["over"] is True
    assert view["state"]["renown"] == {"sun": 11, "moon": 10}
    assert view["scores"]["winners"] == ["sun"]


def test_a_tied_game_goes_to_more_pillars_in_the_last_round(client):
    """Game End: "Tie breaker: Whoever has more pillars in the last round wins." Both end on 5;
    Moon holds two of Age III's pillars, Sun one: Moon wins."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": quiet()}
    lanes["left"]["pillar"] = "moon"
    lanes["right"]["pillar"] = "moon"
    table, response = finish(client, lanes, last=("moon", "left"), age=3,
                             renown={"sun": 5, "moon": 5},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["moon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == (
        "Tie breaker: Whoever has more pillars in the last round wins.")


def test_no_play_after_the_game_ends(client):
    """Game End: "After 3 Ages, players count their victory point tokens." Once Age III is
    resolved, no card can be played."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"), age=3,
                             renown={"sun": 5, "moon": 1},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    assert table.view()["over"] is True
    refused(table.play("sun", "left", C(1)),
            "After 3 Ages, players count their victory point tokens.")


# == The calculator =================================================================================


def age(lanes, modifier, first_player):
    return {"lanes": lanes, "modifier": modifier, "first_player": first_player}


def score(client, ages, **options):
    """The calculator's answer. The tallies name only the Divine cards a test is about, so they are
    scored under `divine_required: not_enforced` unless a test says ("Once per Age, you must play a
    Divine card." in a tally: tests/test_pillars_of_fate_audit_10.py)."""
    body = {"ages": ages, "names": {"sun": "Ana", "moon": "Ben"},
            "options": {"divine_required": "not_enforced", **options}}
    return client.post(f"/api/score/{GAME}", json=body)


def calculator_age(sun_divine="Prophet", moon_divine="Naka"):
    """One Age's final lanes (the API's own example table, each player's Divine card named):
    left: Sun 5 + 4 (its Divine) + 2 = 11 beats Moon 3 + 6 + 1 = 10; icons 3 feathers, 4
      scorpions: the scorpion path, -1 to Sun.
    center: Sun 2 + 7 + 1 = 10, Moon 6 + 3 (its Divine, face down) + 2 = 11; icons 4 to 4: Moon
      holds the pillar and picked scorpions, 4 to the winner.
    right: Sun 1 + 3 + 4 = 8, Moon 5 + 2 + 4 = 11: Moon; feathers 3, scorpions 5: 3 to Moon."""
    return {
        "left": {"quest": Q(3, -1), "pillar": "sun",
                 "sun": [C(5, f=1), D(sun_divine, 4, f=1), C(2, s=1, face="down")],
                 "moon": [C(3, s=1), C(6, s=2), C(1, f=1)]},
        "center": {"quest": Q(2, 4), "pillar": "moon", "ties": {"suit": "scorpions"},
                   "sun": [C(2, f=1), C(7, s=1), C(1, f=2)],
                   "moon": [C(6, s=2), D(moon_divine, 3, f=1, face="down"), C(2, s=1)]},
        "right": {"quest": Q(-2, 3), "pillar": "moon",
                  "sun": [C(1, s=1), C(3, f=1), C(4, s=2)],
                  "moon": [C(5, f=1), C(2, s=1, face="down"), C(4, f=1, s=1)]}}


def test_calculator_resolves_an_age_by_hand(client):
    """Resolving an Age (count icons, dominant suit, highest power wins, ties to the pillar holder,
    award renown) with "Each first card played will have its power doubled." (center: Sun 2x2 + 7
    + 1 = 12, Moon 6x2 + 3 + 2 = 17, Moon still wins) and the Prophet ("If you win the lane that
    you have played the Prophet in, gain 5 renown."): Sun -1 + 5 = 4, Moon 4 + 3 = 7."""
    response = score(client, [age(calculator_age(), "double_power", "sun")])
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert result["ages"][0]["renown"] == {"sun": 4, "moon": 7}
    center = next(lane for lane in result["ages"][0]["lanes"] if lane["lane"] == "center")
    assert center["power"] == {"sun": 12, "moon": 17}
    totals = {p["seat"]: p["total"] for p in result["players"]}
    assert totals == {"sun": 4, "moon": 7}
    for player in result["players"]:
        for line in player["breakdown"]:
            assert line["rule"]["quote"] in RULEBOOK


def test_calculator_three_ages_with_least_power_and_hadria(client):
    """Three Ages, each player's three Divine cards used once each.
    Age I (double_power; Sun's Prophet, Moon's Naka): Sun 4, Moon 7 (as above).
    Age II (two_face_down; Sun's Namari, Moon's Sorcerer): Sun -1, Moon 4 + 3 = 7.
    Age III ("The player with the least power will win this lane."; Sun's Klar face up, Moon's
    Hadria in the center): Sun wins the center 10 to 11 with the scorpion reward 4, and loses 5 for
    Hadria ("If your opponent wins the lane where Hadria is played, they lose 5 Renown"): Sun
    -1 + 4 - 5 = -2, Moon 3. Totals: Sun 1, Moon 17: "The player with the most renown wins." """
    ages = [age(calculator_age("Prophet", "Naka"), "double_power", "sun"),
            age(calculator_age("Namari", "Sorcerer"), "two_face_down", "moon"),
            age(calculator_age("Klar", "Hadria"), "least_power", "sun")]
    response = score(client, ages)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert [a["renown"] for a in result["ages"]] == [{"sun": 4, "moon": 7}, {"sun": -1, "moon": 7},
                                                      {"sun": -2, "moon": 3}]
    assert {p["seat"]: p["total"] for p in result["players"]} == {"sun": 1, "moon": 17}
    assert result["winners"] == ["moon"]


def test_calculator_breaks_a_tied_game_on_last_pillars(client):
    """Game End: "Tie breaker: Whoever has more pillars in the last round wins." Each Age: Sun wins
    the left (feather 2), Moon the right (feather 2); Sun holds the left and center pillars in Age
    III: tied 6 to 6, Sun wins on pillars."""
    def lanes():
        return {"left": {"quest": Q(2, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3,
                         "moon": [C(1), C(1), C(1)]},
                "center": {"quest": Q(0, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3,
                           "moon": [C(1), C(1), C(1)]},
                "right": {"quest": Q(2, 0), "pillar": "moon", "moon": [C(3, f=1)] * 3,
                          "sun": [C(1), C(1), C(1)]}}
    ages = [age(lanes(), "least_power", "sun"), age(lanes(), "no_suit", "moon"),
            age(lanes(), "two_face_down", "sun")]
    # least_power turns the center around in Age I: Moon (3) wins it, reward 0 either way.
    response = score(client, ages)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert {p["seat"]: p["total"] for p in result["players"]} == {"sun": 6, "moon": 6}
    assert result["winners"] == ["sun"]
    assert result["decided_by"]["rule"]["quote"] == (
        "Tie breaker: Whoever has more pillars in the last round wins.")


def test_calculator_refuses_a_fourth_card_in_a_lane(client):
    """On Your Turn: "Each lane can hold up to 3 cards per player." A lane entered with 4 of Sun's
    cards (no "Play 4 cards in this lane." modifier there) is not a table that can be scored: the
    calculator answers, like the other games' calculators, with a 400 naming the field (a tally is
    not a move, so not a 422; see the audit notes)."""
    lanes = calculator_age()
    lanes["left"]["sun"].append(C(1))
    response = score(client, [age(lanes, "double_power", "sun")])
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "ages[0].lanes.left.sun" and "3" in error["message"]


def test_calculator_mother_to_all(client):
    """Glossary: "Mother to All - Gain 10 renown if you lose all quest lanes." Sun loses every lane
    (rewards 0) with Mother to All in the left: Sun 10."""
    lanes = {"left": quiet(sun_divine="Mother to All"), "center": quiet(), "right": quiet()}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 10, "moon": 0}


def test_calculator_applies_the_pillar_holders_tie_choice(client):
    """Resolving an Age: "in a tie for power, that player will pick who wins." Left: 6 to 6, Moon
    holds the pillar and picked Sun: Sun gains the feather reward 4."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon", "ties": {"power": "sun"},
                      "sun": [C(2, f=1)] * 3, "moon": [C(2), C(2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 4, "moon": 0}


# == Hidden information ============================================================================


def test_a_hand_is_seen_only_by_its_player(client):
    """Setup 9: "Each player draws 5 cards from their champion deck." A hand is the player's own:
    Sun's seat sees Sun's cards; Moon's seat and a spectator see only how many."""
    table = Table(client, opening())
    assert table.view("sun")["state"]["hands"]["sun"]["cards"] == EXAMPLE_HAND
    for state in (table.view("moon")["state"], table.spectator()["state"]):
        assert state["hands"]["sun"]["count"] == 5
        assert not state["hands"]["sun"].get("cards")


def test_a_face_down_card_is_hidden_from_the_opponent_and_the_live_totals(client):
    """Gameplay: "1 card per lane may be played face down." and the tip "Use face-down cards to
    mislead your opponent.": until "Reveal all face-down cards.", Moon and a spectator do not see
    the card, and the live lane totals they see do not give it away; Sun sees it and counts it in
    the totals Sun is shown (`state.live`, each seat's "if the Age ended now"; `scores` is the
    public one)."""
    table = Table(client, opening())
    table.play("sun", "left", C(8, s=2, face="down"))
    sun = table.view("sun")
    assert named(sun["state"]["lanes"], "left")["cards"]["sun"][0][
        "power"] == 8
    assert next(r for r in sun["state"]["live"] if r["lane"] == "left")["power"]["sun"] == 8
    for view in (table.view("moon"), table.spectator()):
        card = named(view["state"]["lanes"], "left")["cards"]["sun"][0]
        assert card.get("power") is None and not card.get("scorpions")
        for rows in (view["scores"]["lanes"], view["state"]["live"]):
            live = next(row for row in rows if row["lane"] == "left")
            assert live["power"]["sun"] == 0 and live["scorpions"]["sun"] == 0
        assert '"power": 8' not in json.dumps(view.get("last_event"))


def test_the_log_does_not_reveal_a_face_down_card(client):
    """Until "1. Reveal all face-down cards.", the face-down card's power (8) and icons stay out of
    the log seen by Moon and by a spectator."""
    table = Table(client, opening())
    table.play("sun", "left", C(8, s=2, face="down"))
    for log in (client.get(f"/api/sessions/{table.id}/log").get_json(),
                client.get(f"/api/sessions/{table.id}/log?seat=moon",
                           headers=table.headers).get_json()):
        text = json.dumps(log)
        assert '"power": 8' not in text and "power 8" not in text


def test_drawn_cards_join_only_their_players_hand(client):
    """On Your Turn: "Then, draw back up to 5 cards." The card Sun draws (entered) is in Sun's hand
    as Sun sees it, and nowhere in Moon's or a spectator's view."""
    table = Table(client, opening(decks={"sun": 23, "moon": 23}))
    assert table.play("sun", "left", C(5, f=1), drawn=[C(6, f=2, s=1)]).status_code == 200
    assert C(6, f=2, s=1) in table.view("sun")["state"]["hands"]["sun"]["cards"]
    for view in (table.view("moon"), table.spectator()):
        assert not view["state"]["hands"]["sun"].get("cards")
        assert '"feathers": 2, "power": 6' not in json.dumps(view)


def test_seat_tokens_see_their_own_secrets_only(client):
    """Hidden information through the phones' own seats (README: "a seat's token reads the game as
    that seat (its own hand, the others' counts) and enters that seat's events only"): Moon's phone
    sees Moon's face-down card but not Sun's hand nor Sun's face-down card, and cannot enter Sun's
    play."""
    table = Table(client, opening())
    seats = {}
    for seat in SEATS:
        claimed = client.post(f"/api/sessions/{table.id}/seats",
                              headers={"Authorization": "Bearer " + table.join_token},
                              json={"seat": seat})
        assert claimed.status_code == 201, claimed.get_json()
        seats[seat] = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    table.play("sun", "left", C(8, s=2, face="down"))
    table.play("moon", "center", C(6, f=3, face="down"))
    moon = client.get(f"/api/sessions/{table.id}", headers=seats["moon"]).get_json()["state"]
    assert named(moon["lanes"], "center")["cards"]["moon"][0]["power"] == 6
    assert named(moon["lanes"], "left")["cards"]["sun"][0].get("power") is None
    assert moon["hands"]["sun"]["count"] == 5 and not moon["hands"]["sun"].get("cards")
    sun = client.get(f"/api/sessions/{table.id}", headers=seats["sun"]).get_json()["state"]
    assert sun["hands"]["sun"]["cards"] and named(sun["lanes"], "center")["cards"]["moon"][0].get(
        "power") is None
    response = client.post(f"/api/sessions/{table.id}/events", headers=seats["moon"],
                           json={"event": {"type": "play", "player": "sun", "lane": "right",
                                           "face": "up", **C(3, s=1)},
                                 "expected_seq": table.seq})
    assert response.status_code == 403
