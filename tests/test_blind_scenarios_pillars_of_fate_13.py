"""Pillars of Fate, outsider scenarios round 19 (file 13): the three table rulings added last
session, each played both ways through a whole Age I at the table and scored again by the
calculator — the order of Saghari, a face-down Klar and the center's doubled first card
(`first_card_modifier_order`), whose Naka's second face-down place is (`naka_second_place`), what
Invictus copies of a card the opponent's Pentha or Isabel changed (`invictus_copies_texts`) — each
changing only what it names; then the game's end on the calculator: a renown tie made by Hadria
in Age III, broken by the last round's pillars and not the game's; each first-card modifier under
both orders by the calculator; three Ages at the table ending level past the last round's
pillars under `tie_past_pillars` and `unheld_pillar_at_end`; and the card Sorcerer puts in at the
center's first place under each first-card modifier (finding 178).
Written from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers

GAME = "pillars-of-fate"
book = quotes_from(GAME)

AWARD = book("Award renown according to the conditional rewards for each quest.")
ALTERNATE = book("During each Age, players alternate turns")
UNPLAYED = book("You may select from any of your 3 unplayed Divine cards.")
SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
KLAR = book("Klar - If this card is played face down, its power becomes -1.")
DOUBLED = book("Each first card played will have its power doubled.")
NAKA = book("Naka - Your other quest lanes may have 2 face-down cards.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")
INVICTUS = book("Invictus copies the suit and power of a card above it in your lane.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
ISABEL = book("Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse "
              "the suit.")
HADRIA = book("Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown "
              "in addition to any quest awards.")
PROPHET = book("Prophet - If you win the lane that you have played the Prophet in, gain 5 renown.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")
MOST_RENOWN = book("The player with the most renown wins.")
TIES = book("Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")

# Left 3 feathers / -1 scorpions, center 2 / 4, right -2 / 3 (sickles negative).
QUESTS = [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
          {"feather": -2, "scorpion": 3}]
LANES = ("left", "center", "right")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def play(player, lane, power, feathers=0, scorpions=0, face="up", **extra):
    return {"type": "play", "player": player, "lane": lane, "power": power,
            "feathers": feathers, "scorpions": scorpions, "face": face, **extra}


def age_begun(client, options, sun_draft, moon_draft, modifier):
    """The draft (each `(kept, passed)`), then Age I's quests with `modifier`; Sun starts."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    for seat, (kept, passed) in (("sun", sun_draft), ("moon", moon_draft)):
        table.accepted({"type": "draft_divine", "player": seat, "kept": kept, "passed": passed})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": modifier, "quests": QUESTS})
    return table


def resolved(table):
    """Age I as the table resolved it: each lane's power, winner, suit, and the pillars."""
    view = table.view()
    assert view["phase"] == "quests" and view["state"]["age_over"] is True
    (age,) = view["state"]["ages"]
    lanes = {entry["lane"]: entry for entry in age["lanes"]}
    return ({name: lanes[name]["power"] for name in LANES},
            {name: lanes[name]["winner"] for name in LANES},
            {name: lanes[name]["suit"] for name in LANES},
            age["pillars"])


def renown_and_lines(scores):
    """Each seat's total, and its breakdown as (label, points, quote) — the total its lines' sum."""
    totals, lines = {}, {}
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        totals[player["seat"]] = player["total"]
        lines[player["seat"]] = [(line["label"], line["points"], line["rule"]["quote"])
                                 for line in player["breakdown"]]
    return totals, lines


def tally_of(plays, modifier, first_player="sun"):
    """The same Age as the calculator takes it: each lane's quest, pillar (the first face-up card),
    first player and columns in the order played."""
    lanes = {}
    for name, quest in zip(LANES, QUESTS, strict=True):
        columns = {"sun": [], "moon": []}
        for event in plays:
            if event["lane"] == name:
                columns[event["player"]].append({key: event[key] for key in (
                    "power", "feathers", "scorpions", "face", "divine", "copies", "opposite")
                    if key in event})
        first_up = next((event["player"] for event in plays
                         if event["lane"] == name and event["face"] == "up"), None)
        first = next(event["player"] for event in plays if event["lane"] == name)
        lanes[name] = {"quest": quest, "pillar": first_up, "first": first, **columns}
    return {"modifier": modifier, "first_player": first_player, "lanes": lanes}


def assert_the_calculator_agrees(client, table, options, plays, modifier):
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"},
                                       "options": options, "ages": [tally_of(plays, modifier)]})
    assert renown_and_lines(answer) == renown_and_lines(table.view()["scores"])
    assert answer["winners"] == []
    return answer


def lane_values(view, lane, seat):
    entry = next(entry for entry in view["scores"]["lanes"] if entry["lane"] == lane)
    return [None if value is None else (value["power"], value["feathers"], value["scorpions"])
            for value in entry["values"][seat]]


# --- first_card_modifier_order: Saghari and a face-down Klar on the doubled first cards ----------

# Sun keeps Saghari (passing Klar and Naka to Moon); Moon keeps Hadria and plays the Klar. Center
# under "power doubled": Sun's first card a 3 (a feather), then Saghari (power 1), then a 4 (two
# feathers); Moon's first card Klar face down (printed 5), then a 6 and a 7 (a scorpion each).
# Saghari first: 3 -> 7 -> 14, Sun 14 + 1 + 4 = 19; Klar -1 doubled -2, Moon -2 + 13 = 11: Sun.
# The modifier first: 3 doubled is 6, no 3 for Saghari, Sun 11; Klar's 5 doubled then -1, Moon 12:
# Moon. Feathers 3 to scorpions 2 either way (2 renown). Left: Sun 14 to 9 (feathers 3 to
# scorpions 2: Sun +3); right: Moon 12 to 9 (scorpions 3 to feathers 1: Moon +3).
SAGHARI_PLAY = play("sun", "center", 1, divine="Saghari")
KLAR_PLAY = play("moon", "center", 5, face="down", divine="Klar")
ORDER_AGE = [
    play("sun", "center", 3, 1), KLAR_PLAY,
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    play("sun", "right", 7, 0, 1), play("moon", "right", 4, 0, 1),
    SAGHARI_PLAY, play("moon", "center", 6, 0, 1),
    play("sun", "center", 4, 2), play("moon", "center", 7, 0, 1),
    play("sun", "right", 1), play("moon", "right", 4, 0, 1),
    play("sun", "left", 2, 1), play("moon", "left", 3),
    play("sun", "right", 1), play("moon", "right", 4, 1),
]
ORDER_READINGS = [
    ({}, (14, -2), {"sun": 19, "moon": 11}, "sun", {"sun": 3 + 2, "moon": 3}),
    ({"first_card_modifier_order": "divine_first"}, (14, -2), {"sun": 19, "moon": 11}, "sun",
     {"sun": 3 + 2, "moon": 3}),
    ({"first_card_modifier_order": "modifier_first"}, (6, -1), {"sun": 11, "moon": 12}, "moon",
     {"sun": 3, "moon": 3 + 2}),
]


@pytest.mark.parametrize("options, firsts, center, center_winner, renown", ORDER_READINGS,
                         ids=["as_printed", "divine_first", "modifier_first"])
def test_saghari_and_a_face_down_klar_on_the_doubled_first_cards_in_a_whole_age(
        client, options, firsts, center, center_winner, renown):
    table = age_begun(client, options, ("Saghari", ["Klar", "Naka"]),
                      ("Hadria", ["Pentha", "Eradan"]), "double_power")
    at = ORDER_AGE.index(SAGHARI_PLAY)
    for event in ORDER_AGE[:at]:
        table.accepted(event)
    # Moon reaching for the Saghari on Sun's turn, and Sun for the Klar she passed: both refused.
    before = as_seen(table.view())
    table.refused({**SAGHARI_PLAY, "player": "moon"}, ALTERNATE)
    table.refused({**KLAR_PLAY, "player": "sun", "face": "up"}, UNPLAYED)
    assert as_seen(table.view()) == before
    # Before Saghari, Sun's 3 is doubled alone: 6 under either reading.
    assert lane_values(table.view("sun"), "center", "sun")[0] == (6, 1, 0)
    table.accepted(SAGHARI_PLAY)
    assert lane_values(table.view("sun"), "center", "sun")[0] == (firsts[0], 1, 0)
    # Undone, the 3 is the modifier's 6 again and Saghari is Sun's to play.
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted(SAGHARI_PLAY)
    # Moon's Klar is face down: Sun's phone and a watcher cannot count it before the reveal.
    sun_reads = reads_by_others(client, table, "sun", seat_headers(client, table, "sun"))
    for name in ("sun view", "spectator view"):
        assert lane_values(sun_reads[name].get_json(), "center", "moon")[0] is None, name
        klar = next(entry for entry in sun_reads[name].get_json()["state"]["lanes"]
                    if entry["name"] == "center")["cards"]["moon"][0]
        assert klar["face"] == "down" and klar.get("divine") == "?" and "power" not in klar, name
    for event in ORDER_AGE[at + 1:]:
        table.accepted(event)
    power, winners, suits, pillars = resolved(table)
    assert power == {"left": {"sun": 14, "moon": 9}, "center": center,
                     "right": {"sun": 9, "moon": 12}}
    assert winners == {"left": "sun", "center": center_winner, "right": "moon"}
    assert suits == {"left": "feathers", "center": "feathers", "right": "scorpions"}
    # Sun laid the center's first face-up card; Moon's first there lay face down.
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    revealed = table.view()["state"]["ages"][0]["lanes"]
    center_lane = next(entry for entry in revealed if entry["lane"] == "center")
    assert [value["power"] for value in center_lane["values"]["moon"]][0] == firsts[1]
    totals, lines = renown_and_lines(table.view()["scores"])
    assert totals == renown == table.view()["state"]["renown"]
    assert all(quote == AWARD for seat in lines for _, _, quote in lines[seat])
    assert_the_calculator_agrees(client, table, options, ORDER_AGE, "double_power")


def test_the_order_ruling_changes_only_the_doubled_first_cards(client):
    """The same Age under the two readings: the left and right lanes, the pillars and every card
    but the two first cards of the center are alike."""
    tallies = {}
    for order in ("divine_first", "modifier_first"):
        answer = calculated(client, GAME, {"options": {"first_card_modifier_order": order},
                                           "ages": [tally_of(ORDER_AGE, "double_power")]})
        tallies[order] = {entry["lane"]: entry for entry in answer["ages"][0]["lanes"]}
    first, then = tallies["divine_first"], tallies["modifier_first"]
    for name in ("left", "right"):
        assert first[name] == then[name]
    assert first["center"]["values"]["sun"][1:] == then["center"]["values"]["sun"][1:]
    assert first["center"]["values"]["moon"][1:] == then["center"]["values"]["moon"][1:]
    assert first["center"]["pillar"] == then["center"]["pillar"] == "sun"


# --- naka_second_place: the lane's second face-down card, the owner's or anyone's ----------------

# Sun keeps Naka and lays it face up in the center first. In the left lane Moon lays a face-down 6
# (a scorpion) — the lane's one face-down card as printed — and Sun a face-up 5 (a feather: her
# pillar). Moon's 3 (a scorpion) laid face down next is the lane's second face-down card: hers to
# lay only under `lane`; as printed it is refused and she lays it face up. Sun's 6 (a feather)
# laid face down later is then the second (Naka's owner's) as printed, and a third under `lane`,
# refused: she lays it face up. The cards, and so the Age's result, are alike.
NAKA_PLAY = play("sun", "center", 1, divine="Naka")
MOONS_SECOND = play("moon", "left", 3, 0, 1, face="down")
SUNS_SECOND = play("sun", "left", 6, 1, face="down")


def naka_age(moons_second, suns_second):
    return [
        NAKA_PLAY, play("moon", "left", 6, 0, 1, face="down"),
        play("sun", "left", 5, 1), moons_second,
        play("sun", "center", 4, 1), play("moon", "center", 5, 0, 1),
        play("sun", "right", 7, 0, 1), play("moon", "right", 4, 0, 1),
        suns_second, play("moon", "center", 2, divine="Hadria"),
        play("sun", "center", 5, 1), play("moon", "right", 4, 0, 1),
        play("sun", "right", 1), play("moon", "left", 2),
        play("sun", "right", 1), play("moon", "center", 5),
        play("sun", "left", 2, 1), play("moon", "right", 4, 1),
    ]


@pytest.mark.parametrize("ruling", [None, "owner", "lane"])
def test_the_second_face_down_card_in_nakas_other_lane_under_each_ruling(client, ruling):
    options = {"naka_second_place": ruling} if ruling else {}
    table = age_begun(client, options, ("Naka", ["Klar", "Prophet"]),
                      ("Hadria", ["Pentha", "Eradan"]), "double_power")
    face_up = {**MOONS_SECOND, "face": "up"}, {**SUNS_SECOND, "face": "up"}
    plays = naka_age(*((MOONS_SECOND, face_up[1]) if ruling == "lane" else (face_up[0], SUNS_SECOND)))
    for event in plays[:3]:
        table.accepted(event)
    before = as_seen(table.view())
    if ruling == "lane":
        table.accepted(MOONS_SECOND)
        table.undo()
        assert as_seen(table.view()) == before
    else:
        table.refused(MOONS_SECOND, ONE_FACE_DOWN)
        assert as_seen(table.view()) == before
    table.accepted(plays[3])
    # Naka's own lane is not one of "your other quest lanes": one face-down card there, either way.
    table.accepted(play("sun", "center", 4, 1, face="down"))
    table.refused(play("moon", "center", 5, 0, 1, face="down"), ONE_FACE_DOWN)
    table.undo()
    for event in plays[4:8]:
        table.accepted(event)
    if ruling == "lane":
        # Two lie there already, whoever laid them: Naka's 2 is the lane's.
        table.refused(SUNS_SECOND, NAKA)
    for event in plays[8:]:
        table.accepted(event)
    power, winners, suits, pillars = resolved(table)
    # Left: Sun 5 + 6 + 2 = 13 to Moon 6 + 3 + 2 = 11, feathers 3 to scorpions 2 (Sun +3). Center:
    # Sun 2 (Naka, first, doubled) + 4 + 5 = 11 to Moon 10 + 2 + 5 = 17, feathers 2 to
    # scorpions 1 (Moon +2). Right: Moon 12 to 9, scorpions 3 to 1 (Moon +3).
    assert power == {"left": {"sun": 13, "moon": 11}, "center": {"sun": 11, "moon": 17},
                     "right": {"sun": 9, "moon": 12}}
    assert winners == {"left": "sun", "center": "moon", "right": "moon"}
    assert suits == {"left": "feathers", "center": "feathers", "right": "scorpions"}
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    assert table.view()["state"]["renown"] == {"sun": 3, "moon": 2 + 3}
    assert_the_calculator_agrees(client, table, options, plays, "double_power")


def test_a_tally_with_the_opponents_second_face_down_card_in_nakas_lane_follows_the_ruling(
        client):
    tally = tally_of(naka_age(MOONS_SECOND, {**SUNS_SECOND, "face": "up"}), "double_power")
    as_printed = calculated(client, GAME, {"ages": [tally]}, status=400)
    assert as_printed["error"]["rule"]["quote"] in (ONE_FACE_DOWN, NAKA)
    assert "left" in as_printed["error"]["field"]
    under_lane = calculated(client, GAME, {"options": {"naka_second_place": "lane"},
                                           "ages": [tally]})
    assert {player["seat"]: player["total"] for player in under_lane["players"]} == {
        "sun": 3, "moon": 5}


# --- invictus_copies_texts: Invictus copying a card Pentha zeroed or Isabel reversed -------------

# Sun keeps Invictus. Left: Sun's first card (an 8 with a feather for Pentha, a 5 with two
# feathers for Isabel), Invictus copying position 1, a 2; Moon's Divine card at position 1
# opposite it (power 2), a 3 (a scorpion for Pentha, a feather for Isabel), a 3. Center: Sun 4 (a
# feather), 5, 5 against 5, 5 (a scorpion each), 5: Moon +4. Right: Sun 7 (a scorpion), 1, 1
# against 4, 4 (a scorpion each), 4 (a feather): Moon +3.
INVICTUS_PLAY = play("sun", "left", 0, divine="Invictus", copies=1)


def invictus_age(moons_divine):
    first, moons_second = ((play("sun", "left", 8, 1), play("moon", "left", 3, 0, 1))
                           if moons_divine == "Pentha" else
                           (play("sun", "left", 5, 2), play("moon", "left", 3, 1)))
    return [
        first, play("moon", "left", 2, divine=moons_divine),
        INVICTUS_PLAY, moons_second,
        play("sun", "center", 4, 1), play("moon", "center", 5, 0, 1),
        play("sun", "center", 5), play("moon", "center", 5, 0, 1),
        play("sun", "right", 7, 0, 1), play("moon", "right", 4, 0, 1),
        play("sun", "right", 1), play("moon", "right", 4, 0, 1),
        play("sun", "left", 2), play("moon", "left", 3),
        play("sun", "center", 5), play("moon", "center", 5),
        play("sun", "right", 1), play("moon", "right", 4, 1),
    ]


# Pentha: Sun's 8 is 0; Invictus copies 8 (Sun 10 to 8: Sun wins the left, +3) or 0 (Sun 2: Moon
# wins it, feathers still 3 to 1, +3). Isabel: Sun's two feathers are two scorpions; Invictus
# copies two feathers (feathers 3 to scorpions 2: Sun +3) or two scorpions (feathers 1 to
# scorpions 4: Sun wins the scorpion path, -1).
INVICTUS_READINGS = [
    ("Pentha", None, (8, 1, 0), "sun", "feathers", {"sun": 3, "moon": 4 + 3}),
    ("Pentha", "printed", (8, 1, 0), "sun", "feathers", {"sun": 3, "moon": 4 + 3}),
    ("Pentha", "as_it_stands", (0, 1, 0), "moon", "feathers", {"sun": 0, "moon": 3 + 4 + 3}),
    ("Isabel", None, (5, 2, 0), "sun", "feathers", {"sun": 3, "moon": 4 + 3}),
    ("Isabel", "printed", (5, 2, 0), "sun", "feathers", {"sun": 3, "moon": 4 + 3}),
    ("Isabel", "as_it_stands", (5, 0, 2), "sun", "scorpions", {"sun": -1, "moon": 4 + 3}),
]


@pytest.mark.parametrize("moons_divine, ruling, copy, left_winner, left_suit, renown",
                         INVICTUS_READINGS,
                         ids=[f"{case[0]}-{case[1] or 'as_printed'}" for case in INVICTUS_READINGS])
def test_invictus_copying_a_card_the_opponent_changed_in_a_whole_age(
        client, moons_divine, ruling, copy, left_winner, left_suit, renown):
    options = {"invictus_copies_texts": ruling} if ruling else {}
    table = age_begun(client, options, ("Invictus", ["Klar", "Naka"]),
                      (moons_divine, ["Prophet", "Eradan"]), "two_face_down")
    plays = invictus_age(moons_divine)
    for event in plays[:2]:
        table.accepted(event)
    changed = lane_values(table.view(), "left", "sun")[0]
    assert changed == ((0, 1, 0) if moons_divine == "Pentha" else (5, 0, 2))
    before = as_seen(table.view())
    # A card above it: position 2 is Invictus' own place.
    table.refused({**INVICTUS_PLAY, "copies": 2}, INVICTUS)
    # Sun cannot play the card Moon kept.
    table.refused(play("sun", "left", 2, divine=moons_divine), UNPLAYED)
    assert as_seen(table.view()) == before
    table.accepted(INVICTUS_PLAY)
    assert lane_values(table.view(), "left", "sun") == [changed, copy]
    table.undo()
    assert as_seen(table.view()) == before
    for event in plays[2:]:
        table.accepted(event)
    power, winners, suits, pillars = resolved(table)
    assert power["left"] == {"sun": (0 if moons_divine == "Pentha" else 5) + copy[0] + 2,
                             "moon": 8}
    assert power["center"] == {"sun": 14, "moon": 15} and power["right"] == {"sun": 9, "moon": 12}
    assert winners == {"left": left_winner, "center": "moon", "right": "moon"}
    assert suits == {"left": left_suit, "center": "scorpions", "right": "scorpions"}
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    totals, lines = renown_and_lines(table.view()["scores"])
    assert totals == renown == table.view()["state"]["renown"]
    answer = assert_the_calculator_agrees(client, table, options, plays, "two_face_down")
    left = next(entry for entry in answer["ages"][0]["lanes"] if entry["lane"] == "left")
    assert (left["values"]["sun"][1]["power"], left["values"]["sun"][1]["feathers"],
            left["values"]["sun"][1]["scorpions"]) == copy


# --- The game's end on the calculator: Hadria ties the renown, Age III's pillars break it --------

def card(power, feathers=0, scorpions=0, face="up", divine=None):
    entry = {"power": power, "feathers": feathers, "scorpions": scorpions, "face": face}
    return {**entry, "divine": divine} if divine else entry


def column(power, icon, divine=None):
    """Three cards of `power` with one `icon` each; the last is the Divine card if one is named."""
    cards = [card(power, **{icon: 1}) for _ in range(3)]
    if divine:
        cards[-1] = card(power, **{icon: 1}, divine=divine)
    return cards


def age(modifier, first_player, winners, pillars, divine, quests):
    """An Age in which each lane's winner has three 5s (a feather each) against three 1s (a
    feather each): feathers dominate, the winner takes the lane's feather reward."""
    lanes = {}
    for name, quest in zip(LANES, quests, strict=True):
        strong = winners[name]
        lanes[name] = {"quest": quest, "pillar": pillars[name]}
        for seat in ("sun", "moon"):
            held = divine[seat] if divine[seat][1] == name else None
            lanes[name][seat] = column(5 if seat == strong else 1, "feathers",
                                       held[0] if held else None)
    return {"modifier": modifier, "first_player": first_player, "lanes": lanes}


FLAT = [{"feather": 2, "scorpion": 0}] * 3
AGE_THREE_QUESTS = [{"feather": 6, "scorpion": 0}, {"feather": 8, "scorpion": 0},
                    {"feather": 4, "scorpion": 0}]


def level_game(age_three_pillars, moons_last=("Hadria", "center")):
    """Age I: Sun wins every lane (2 + 2 + 2) and lays every first card (her pillars). Age II: Moon
    wins every lane (2 + 2 + 7), Sun still lays every first card (her pillars again). Age III: Sun
    wins the left (6) and the center (8), Moon the right (4); Moon's Divine card is Hadria in the
    center Sun wins (Sun -5): Sun 6 + 14 - 5 = 15, Moon 11 + 4 = 15."""
    sun_everywhere = dict.fromkeys(LANES, "sun")
    game = [
        age("double_suit", "sun", sun_everywhere, sun_everywhere,
            {"sun": ("Klar", "left"), "moon": ("Naka", "right")}, FLAT),
        age("no_suit", "moon", dict.fromkeys(LANES, "moon"), sun_everywhere,
            {"sun": ("Namari", "left"), "moon": ("Sorcerer", "right")}, FLAT),
        age("two_face_down", "sun", {"left": "sun", "center": "sun", "right": "moon"},
            age_three_pillars, {"sun": ("Aponi", "left"), "moon": moons_last}, AGE_THREE_QUESTS),
    ]
    game[1]["lanes"]["right"]["quest"] = {"feather": 7, "scorpion": 0}
    return game


def test_hadria_levels_the_renown_and_the_last_rounds_pillars_decide_not_the_games(client):
    game = level_game({"left": "sun", "center": "moon", "right": "moon"})
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"}, "ages": game})
    totals, lines = renown_and_lines(answer)
    assert totals == {"sun": 15, "moon": 15}
    hadria_lines = [line for line in lines["sun"] if line[2] == HADRIA]
    assert [points for _, points, _ in hadria_lines] == [-5]
    assert "III" in hadria_lines[0][0]
    assert not [line for line in lines["moon"] if line[2] == HADRIA]
    assert {quote for seat in lines for _, _, quote in lines[seat]} <= {AWARD, HADRIA}
    # Sun held 3 + 3 + 1 = 7 pillars over the game, Moon 2, all in Age III: the last round's
    # 2 to 1 decide for Moon.
    assert answer["winners"] == ["moon"]
    assert answer["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK
    # Age III's pillars the other way round: Sun.
    turned = calculated(client, GAME, {"ages": level_game(
        {"left": "sun", "center": "sun", "right": "moon"})})
    assert renown_and_lines(turned)[0] == {"sun": 15, "moon": 15}
    assert turned["winners"] == ["sun"]
    assert turned["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK


def test_the_last_rounds_pillars_are_asked_only_when_the_renown_is_level(client):
    # Moon's Age III Divine card is the Prophet in the right lane she wins instead of Hadria:
    # Sun 6 + 14 = 20, Moon 11 + 4 + 5 = 20, level again; the pillars (Moon 2 to 1) decide.
    game = level_game({"left": "sun", "center": "moon", "right": "moon"},
                      moons_last=("Prophet", "right"))
    answer = calculated(client, GAME, {"ages": game})
    totals, lines = renown_and_lines(answer)
    assert totals == {"sun": 20, "moon": 20}
    assert [points for _, points, quote in lines["moon"] if quote == PROPHET] == [5]
    assert not [line for seat in lines for line in lines[seat] if line[2] == HADRIA]
    assert answer["winners"] == ["moon"]
    # Age III's pillars left out (both players' cards lie face up: nothing tells whose they are)
    # while renown is level: asked for, naming the field.
    for lane in game[2]["lanes"].values():
        lane.pop("pillar")
    asked = calculated(client, GAME, {"ages": game}, status=400)["error"]
    assert asked["field"].startswith("ages[2].lanes.") and asked["field"].endswith(".pillar")
    # One more renown for Sun in Age I: no tie, no pillar asked, the renown decides.
    game[0]["lanes"]["left"]["quest"] = {"feather": 3, "scorpion": 0}
    answer = calculated(client, GAME, {"ages": game})
    assert renown_and_lines(answer)[0] == {"sun": 21, "moon": 20}
    assert answer["winners"] == ["sun"]
    assert answer["decided_by"]["rule"]["quote"] == MOST_RENOWN


# --- first_card_modifier_order under each first-card modifier, by the calculator ----------------

def age_around(first, second, modifier):
    """Sun's center column `first`, `second`, a 6; Moon's three 1s with a scorpion each there.
    The side lanes: Sun's 2s with a feather each against Moon's 1s, Moon's Prophet in her left
    column — no lane tied. Sun lays the first card of the Age."""
    plays = [first, play("moon", "center", 1, 0, 1), second, play("moon", "center", 1, 0, 1),
             play("sun", "center", 6), play("moon", "center", 1, 0, 1)]
    for lane in ("left", "right"):
        for index in range(3):
            plays += [play("sun", lane, 2, 1),
                      play("moon", lane, 1, **({"divine": "Prophet"}
                                               if (lane, index) == ("left", 0) else {}))]
    return tally_of(plays, modifier)


FACE_DOWN_KLAR = play("sun", "center", 5, face="down", divine="Klar")
FACE_DOWN_ARBITER = play("sun", "center", 2, 1, face="down", divine="Arbiter")
CHAMPION = play("sun", "center", 1)
# (modifier, Sun's first center card, the card beside it, (power, feathers, scorpions) of the
# first card under divine_first, under modifier_first) — the option's own description.
MODIFIER_CASES = [
    ("no_power", FACE_DOWN_KLAR, CHAMPION, (0, 0, 0), (-1, 0, 0)),
    ("double_power", FACE_DOWN_KLAR, CHAMPION, (-2, 0, 0), (-1, 0, 0)),
    ("no_suit", FACE_DOWN_ARBITER, CHAMPION, (2, 0, 0), (2, 0, 4)),
    ("double_suit", FACE_DOWN_ARBITER, CHAMPION, (2, 0, 8), (2, 0, 4)),
    ("double_power", play("sun", "center", 4, 1), play("sun", "center", 1, divine="Aponi"),
     (8, 1, 0), (2, 1, 0)),
    ("no_power", play("sun", "center", 3, 1), play("sun", "center", 1, divine="Saghari"),
     (0, 1, 0), (0, 1, 0)),
]


@pytest.mark.parametrize("modifier, first, second, divine_first, modifier_first", MODIFIER_CASES,
                         ids=["klar-no_power", "klar-double_power", "arbiter-no_suit",
                              "arbiter-double_suit", "aponi-4-double_power",
                              "saghari-3-no_power"])
def test_the_first_card_under_each_modifier_and_each_order(client, modifier, first, second,
                                                            divine_first, modifier_first):
    tally = age_around(first, second, modifier)
    for order, expected in (("divine_first", divine_first), ("modifier_first", modifier_first),
                            (None, divine_first)):
        options = {"first_card_modifier_order": order} if order else {}
        answer = calculated(client, GAME, {"options": options, "ages": [tally]})
        center = next(entry for entry in answer["ages"][0]["lanes"] if entry["lane"] == "center")
        value = center["values"]["sun"][0]
        assert (value["power"], value["feathers"], value["scorpions"]) == expected, order
        # Moon's first card in the center, a 1, is the modifier's alone under either order.
        moon = center["values"]["moon"][0]
        assert moon["power"] == {"double_power": 2, "no_power": 0}.get(modifier, 1)


# --- Three Ages at the table ending level, past the last round's pillars -------------------------

FLAT_QUESTS = [{"feather": 2, "scorpion": 0}] * 3
LEVEL_TABLE = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player"}


def won_age(marker, winners, divine):
    """An Age in which `marker` lays first in every lane (its pillar): each lane's winner three 5s,
    the loser three 1s, a feather on every card; a player's Divine card (name, lane) is their
    first card in that lane, a 5 with a feather."""
    other = "moon" if marker == "sun" else "sun"
    plays = []
    for lane in LANES:
        for _ in range(3):
            for seat in (marker, other):
                power = 5 if winners[lane] == seat else 1
                name, where = divine[seat]
                first = where == lane and not any(
                    event["player"] == seat and event["lane"] == lane for event in plays)
                plays.append(play(seat, lane, power, 1, **({"divine": name} if first else {})))
    return plays


AGE_THREE = [
    play("sun", "center", 3, face="down"), play("moon", "center", 3, face="down"),
    play("sun", "left", 5, 1, divine="Mother to All"), play("moon", "right", 5, 1, divine="Arbiter"),
    play("sun", "left", 5, 1), play("moon", "right", 5, 1),
    play("sun", "left", 5, 1), play("moon", "right", 5, 1),
    play("sun", "right", 1, 1), play("moon", "left", 1, 1),
    play("sun", "right", 1, 1), play("moon", "left", 1, 1),
    play("sun", "right", 1, 1), play("moon", "left", 1, 1),
]
LEVEL_GAME = [
    ("double_suit", "sun", won_age("sun", {"left": "sun", "center": "moon", "right": "sun"},
                                   {"sun": ("Klar", "left"), "moon": ("Saghari", "center")})),
    ("no_suit", "moon", won_age("moon", {"left": "moon", "center": "sun", "right": "moon"},
                                {"sun": ("Aponi", "center"), "moon": ("Naka", "left")})),
    ("two_cards", "sun", AGE_THREE),
]


@pytest.mark.parametrize("ruling, winners, pillars", [
    ({}, [], "Sun 1, Moon 1"),
    ({"tie_past_pillars": "shared"}, ["sun", "moon"], "Sun 1, Moon 1"),
    ({"unheld_pillar_at_end": "first_player"}, ["sun"], "Sun 2, Moon 1"),
    ({"unheld_pillar_at_end": "first_player", "tie_past_pillars": "shared"}, ["sun"],
     "Sun 2, Moon 1"),
], ids=["as_printed", "shared", "unheld_to_the_marker", "unheld_to_the_marker_and_shared"])
def test_three_ages_at_the_table_level_on_renown_and_on_the_last_rounds_pillars(
        client, ruling, winners, pillars):
    options = {**LEVEL_TABLE, **ruling}
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Klar",
                    "passed": ["Naka", "Arbiter"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Saghari",
                    "passed": ["Aponi", "Mother to All"]})
    tallies = []
    for number, (modifier, marker, plays) in enumerate(LEVEL_GAME):
        begin = {"type": "begin_age", "player": "sun", "modifier": modifier,
                 "quests": FLAT_QUESTS}
        table.accepted({**begin, "first_player": "sun"} if number == 0 else begin)
        assert table.view()["state"]["first_player"] == marker
        for event in plays[:-1]:
            table.accepted(event)
        if number == 2:
            before = as_seen(table.view())
        table.accepted(plays[-1])
        tally = tally_of(plays, modifier, marker)
        tally["lanes"] = {name: {**lane, "quest": FLAT_QUESTS[0]}
                          for name, lane in tally["lanes"].items()}
        tallies.append(tally)
    view = table.view()
    assert view["over"] is True
    # Renown 8 to 8: Age I 4 to 2, Age II 2 to 4, Age III 2 to 2 (the center: both face down, a
    # 3 against a 3 and no icon — tied under a pillar that never moved, nobody's to decide).
    assert view["state"]["renown"] == {"sun": 8, "moon": 8}
    (last,) = [age for age in view["state"]["ages"]][2:]
    center = next(lane for lane in last["lanes"] if lane["lane"] == "center")
    assert (center["winner"], center["pillar"]) == (None, None)
    assert last["pillars"] == {"left": "sun", "center": None, "right": "moon"}
    assert sorted(view["scores"]["winners"]) == sorted(winners)
    assert view["scores"]["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK
    assert pillars in view["scores"]["decided_by"]["tie_break"]
    # The calculator, given the same three Ages: the same lines, winners and tie-break.
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"},
                                       "options": options, "ages": tallies})
    assert renown_and_lines(answer) == renown_and_lines(view["scores"])
    assert sorted(answer["winners"]) == sorted(winners)
    assert pillars in answer["decided_by"]["tie_break"]
    # The last card undone: Age III open again, nobody has won.
    table.undo()
    assert as_seen(table.view()) == before
    assert table.view()["over"] is False and table.view()["scores"]["winners"] == []


# --- The card Sorcerer puts in at the center's first place under a first-card modifier ----------

SORCERER = book("Sorcerer - When played, take another card from any of your lanes and exchange it "
                "with one from your hand.")
SUIT_DOUBLED = book("Each first card played will have its suit doubled.")
NO_POWER = book("Each first card played will have no power.")
NO_SUIT = book("Each first card played will have no suit.")
# (modifier, the card put in (power, scorpions) as the modifier would leave it, as printed)
PUT_IN_CASES = [("double_power", (6, 2), (3, 2)), ("double_suit", (3, 4), (3, 2)),
                ("no_power", (0, 2), (3, 2)), ("no_suit", (3, 0), (3, 2))]


def sorcerer_takes_back_the_first_card(client, modifier):
    """Sun's first center card, a 5 with a feather; Moon a 1 there; Sun's Sorcerer in the left lane
    takes the 5 back and puts a 3 with two scorpions from her hand in its place."""
    table = age_begun(client, {}, ("Sorcerer", ["Klar", "Naka"]),
                      ("Hadria", ["Pentha", "Eradan"]), modifier)
    table.accepted(play("sun", "center", 5, 1))
    table.accepted(play("moon", "center", 1))
    table.accepted(play("sun", "left", 1, divine="Sorcerer"))
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "center",
                    "position": 1, "power": 3, "feathers": 0, "scorpions": 2})
    return table


@pytest.mark.parametrize("modifier, modified, printed", PUT_IN_CASES,
                         ids=[case[0] for case in PUT_IN_CASES])
def test_the_card_sorcerer_puts_in_first_place_is_read_one_of_two_ways(
        client, modifier, modified, printed):
    table = sorcerer_takes_back_the_first_card(client, modifier)
    value = lane_values(table.view(), "center", "sun")[0]
    # "Each first card played": the place the first card lay in (the card put in takes it), or
    # the card that was played first (now back in the hand): the 3 as printed.
    assert (value[0], value[2]) in {modified, printed}
    assert value[1] == 0


def test_whether_the_card_sorcerer_puts_in_is_the_first_card_played_is_a_table_ruling(client):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    modifiers = {DOUBLED, SUIT_DOUBLED, NO_POWER, NO_SUIT}
    assert [name for name, option in options.items()
            if SORCERER in {rule["quote"] for rule in option.get("rules", [])}
            and modifiers & {rule["quote"] for rule in option.get("rules", [])}]


@pytest.mark.parametrize("moons_divine", ["Pentha", "Isabel"])
def test_invictus_copies_texts_changes_only_what_invictus_copies(client, moons_divine):
    tally = tally_of(invictus_age(moons_divine), "two_face_down")
    lanes = {}
    for reading in ("printed", "as_it_stands"):
        answer = calculated(client, GAME, {"options": {"invictus_copies_texts": reading},
                                           "ages": [tally]})
        lanes[reading] = {entry["lane"]: entry for entry in answer["ages"][0]["lanes"]}
    printed, as_it_stands = lanes["printed"], lanes["as_it_stands"]
    assert printed["center"] == as_it_stands["center"]
    assert printed["right"] == as_it_stands["right"]
    # In the left lane: Moon's column and Sun's other cards alike; only Invictus differs.
    assert printed["left"]["values"]["moon"] == as_it_stands["left"]["values"]["moon"]
    sun_printed, sun_as_it_stands = (printed["left"]["values"]["sun"],
                                     as_it_stands["left"]["values"]["sun"])
    assert [sun_printed[0], sun_printed[2]] == [sun_as_it_stands[0], sun_as_it_stands[2]]
    assert sun_printed[1] != sun_as_it_stands[1]
