"""We Forlorn Few: an eighth audit (session 12), through the HTTP API and the table page. Session
11's leftovers first: the printed Travelers' starting Equipment whose cards the book does not print
(enterable once for the game), a Traveler cut off from Newhaven in the calculator, the Active
Player's Sacrifice on the table page while the partner answers a Trade or the defender steals.
Each docstring quotes its rule."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.we_forlorn_few import Game, scoring
from referee.we_forlorn_few.board import distances
from tests.api_table import quotes_from
from tests.test_we_forlorn_few_audit import TERRAIN, Table, board, position
from tests.test_we_forlorn_few_audit_5 import listed

in_book = quotes_from("we-forlorn-few")

Q_STARTING = in_book("Players then search the Equipment deck for the Starting Equipment listed on "
                     "their Player board.")
SHERIFF = "The Sheriff's Daughter"
# The two cards as a table reads them off its own copy (the book prints neither card's type nor
# Value: these figures are the table's entry, not the book's).
TABLE_CARDS = [{"name": "Pistol", "type": "weapon", "value": 2, "dice": 1},
               {"name": "Holster", "type": "storage", "value": 1,
                "holds": {"tool": 0, "weapon": 1}}]


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def create(client, travelers=None, players=("Ann", "Bob"), **options):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": list(players),
        "options": {"terrain": TERRAIN, **({"travelers": travelers} if travelers else {}),
                    **options}})


# ---------------------------------------------------------------- starting Equipment


def test_a_printed_traveler_whose_cards_the_book_does_not_print_is_told_where_to_enter_them(client):
    """ "Players then search the Equipment deck for the Starting Equipment listed on their Player
    board." The book lists the Sheriff's Daughter's Pistol and Holster but prints neither card:
    chosen by name alone, the setup is a 400 that names the card's missing field and says that the
    book does not print it and where it is entered (with the card, the option equipment_cards, or
    the data file) — never a guessed type."""
    r = create(client, {"p1": {"name": SHERIFF}})
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["field"] == "options.travelers.p1.equipment[0].type"
    assert "Pistol" in error["message"] and "does not print" in error["message"]
    assert "equipment_cards" in error["message"]
    assert "we-forlorn-few-equipment.json" in error["message"]


def test_the_tables_own_cards_entered_once_complete_the_starting_equipment_and_later_events(client):
    """With the cards entered once in `equipment_cards`, the Sheriff's Daughter chosen by name
    alone starts with her Pistol (a Weapon adding one Combat die: "one die for standard combat and
    one for each pistol") on her Holster's board, and a Trading Post offering a Pistol names it
    alone. Her starting Equipment is still the one printed: another card is refused, quoting the
    setup sentence."""
    r = create(client, {"p1": {"name": SHERIFF}}, equipment_cards=TABLE_CARDS)
    assert r.status_code == 201, r.get_json()
    ann = r.get_json()["state"]["players"]["p1"]
    held = {card["name"]: card for card in ann["equipment"]}
    assert set(held) == {"Pistol", "Holster"}
    assert (held["Pistol"]["type"], held["Pistol"]["value"], held["Pistol"]["dice"]) == \
        ("weapon", 2, 1)
    assert held["Holster"]["holds"] == {"tool": 0, "weapon": 1}
    wrong = create(client, {"p1": {"name": SHERIFF, "equipment": ["Pistol"]}},
                   equipment_cards=TABLE_CARDS)
    assert wrong.status_code == 400
    assert wrong.get_json()["error"]["field"] == "options.travelers.p1.equipment"
    assert Q_STARTING in wrong.get_json()["error"]["message"]


def test_a_card_entered_twice_in_equipment_cards_is_a_400_naming_the_second(client):
    r = create(client, equipment_cards=[TABLE_CARDS[0], {**TABLE_CARDS[0], "value": 3}])
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "options.equipment_cards[1].name"


def post_table(client, **options):
    """Ann on the Trading Post B1 in her Camp Phase with one Food and a Pistol named in the
    position."""
    return Table(client, position("camp", p1=board("B1", food=1, water=0, wood=0,
                                                 equipment=["Pistol"]),
                                  p2=board("CF"), p3=board("CF")), options=options)


def test_a_pistol_named_in_a_position_pays_at_a_trading_post_by_the_value_entered_once(client):
    """ "Each Resource token is worth a Value of one, and Equipment cards are worth the Value
    listed on the card." Ann's Pistol, named in the position, has the Value the table entered once
    for the game (2): with one Food it pays for a Rifle of Value 3 and a Holster named alone (1) is
    left. Without the table's cards the same payment is a 400 naming the Pistol in `pay` and saying
    where its Value is entered, and nothing is written."""
    offered = [{"name": "Rifle", "type": "weapon", "value": 3, "dice": 1}, "Holster", "Snare"]
    buy = {"type": "trading_post", "player": "p1", "offered": offered, "buy": ["Rifle"],
           "pay": {"food": 1, "equipment": ["Pistol"]}}
    t = post_table(client, equipment_cards=TABLE_CARDS)
    assert t.p("p1")["equipment"][0]["value"] == 2
    t.ok(buy)
    ann = t.p("p1")
    assert [card["name"] for card in ann["equipment"]] == ["Rifle"]
    assert ann["resources"]["food"] == 0
    t = post_table(client, equipment_cards=[{"name": "Pistol", "type": "weapon", "dice": 1}])
    r = t.send(buy)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["field"] == "event.pay.equipment[0]"
    assert "Value of Pistol" in error["message"] and "equipment_cards" in error["message"]
    assert t.p("p1")["equipment"][0]["name"] == "Pistol" and t.seq == 0


# ---------------------------------------------------------------- a Traveler cut off, in the calculator


Q_OBJECTIVE = in_book("The objective of the game is to be the first Traveler to successfully cross "
                      "the Game Board and reach Newhaven.")
# CF - A1 - B1 - NH and CF - A2 - B2 - NH; X hangs off B1 alone: once B1 is removed, X has no way
# left to Newhaven while the rest of the board still crosses in three tiles.
SPUR = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A1", "A2"]},
    {"name": "A1", "kind": "Prairie", "travel_cost": {"food": 1}, "resources": ["food"],
     "adjacent": ["B1"]},
    {"name": "A2", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
     "adjacent": ["B2"]},
    {"name": "B1", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH", "X"]},
    {"name": "B2", "kind": "Canyon", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH"]},
    {"name": "X", "kind": "Badlands", "travel_cost": {"food": 1}, "resources": ["food"],
     "adjacent": []},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]


def test_the_calculator_scores_a_traveler_cut_off_from_newhaven_as_the_live_standings_do(client):
    """A Season card removes B1 (the Season Effect may remove tiles): Ann on X has no way left to
    Newhaven. The book gives no points but the win ("The first Player to reach Newhaven is the
    winner."); the standings count tiles crossed toward Newhaven (Objective), and Ann's are 0 "no
    way left to Newhaven from X". The calculator now says the same for a Player entered `cut_off`
    (it could only leave `tiles_to_go` out, which read "off the board"): the same totals, lines and
    rule for both Players, and no winner."""
    t = Table(client, position("season", current=None, p1=board("X"), p2=board("A2"),
                               p3=board("CF")), options={"terrain": SPUR})
    t.ok({"type": "season", "player": "p1", "card": "Rockslide", "season": "spring",
          "remove_tiles": ["B1"]})
    live = {p["seat"]: p for p in t.view()["scores"]["players"]}
    assert live["p1"]["breakdown"][0]["counts"] == "no way left to Newhaven from X"
    sheet = client.post("/api/score/we-forlorn-few", json={"crossing": 3, "players": [
        {"name": "Ann", "status": "traveler", "cut_off": True, "companions": 4},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 2, "companions": 4},
        {"name": "Cleo", "status": "traveler", "tiles_to_go": 3, "companions": 4}]})
    assert sheet.status_code == 200, sheet.get_json()
    body = sheet.get_json()
    calculated = {p["seat"]: p for p in body["players"]}
    for seat in ("p1", "p2", "p3"):
        assert calculated[seat]["total"] == live[seat]["total"]
        mine, theirs = calculated[seat]["breakdown"][0], live[seat]["breakdown"][0]
        assert (mine["label"], mine["points"], mine["rule"]["quote"]) == \
            (theirs["label"], theirs["points"], theirs["rule"]["quote"]) == \
            (theirs["label"], theirs["points"], Q_OBJECTIVE)
    assert calculated["p1"]["breakdown"][0]["counts"] == "no way left to Newhaven"
    assert (calculated["p1"]["total"], calculated["p2"]["total"]) == (0, 1)
    assert body["winners"] == []


@pytest.mark.parametrize(("player", "field"), [
    ({"status": "traveler", "cut_off": True, "tiles_to_go": 2}, "players[0].tiles_to_go"),
    ({"status": "arrived", "cut_off": True}, "players[0].cut_off"),
    ({"status": "out", "cut_off": True}, "players[0].cut_off"),
])
def test_a_cut_off_player_with_tiles_to_go_or_off_the_board_is_a_400_naming_the_field(
        client, player, field):
    r = client.post("/api/score/we-forlorn-few", json={"crossing": 3, "players": [
        {"name": "Ann", **player}, {"name": "Bob", "status": "traveler", "tiles_to_go": 1}]})
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == field


# ---------------------------------------------------------------- the Sacrifice on the table page


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def seat_page(client, t, seat: str):
    """`client`, a phone that joined by the invite link and claimed `seat`."""
    client.get(f"/play/{t.id}/join?token={t.join_token}")
    asked = client.get(f"/play/{t.id}").text
    claimed = client.post(f"/play/{t.id}/seat", data={"csrf_token": csrf_of(asked), "seat": seat})
    assert claimed.status_code in (302, 303), claimed.text
    return client


def sacrifice_buttons(html: str) -> list[str]:
    return re.findall(r'<button type="submit" name="event" value="([^"]*&#34;sacrifice&#34;[^"]*)"',
                      html)


def test_the_active_players_phone_offers_the_sacrifice_while_the_partner_answers_or_steals(
        module_client):
    """ "At any time during their turn, Players may Sacrifice a Companion..." While Bob answers
    Ann's Trade, and while Bob, who won her Combat, steals, it is still Ann's turn: her phone's
    table page offers her Sacrifice (a button per Skull track), Bob's phone does not, and a tap on
    Ann's phone enters it."""
    app_client = module_client
    t = Table(app_client, position("camp", p1=board("A1", food=2, hunger=2),
                                   p2=board("A1", hunger=2), p3=board("CF")))
    phones = {seat: seat_page(app_client.application.test_client(), t, seat)
              for seat in ("p1", "p2")}

    def ann():
        return phones["p1"].get(f"/play/{t.id}").text

    def bob():
        return phones["p2"].get(f"/play/{t.id}").text

    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}})
    assert t.view()["phase"] == "turn_trade"
    assert len(sacrifice_buttons(ann())) == 3
    assert sacrifice_buttons(bob()) == []
    t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [2]})
    assert t.view()["phase"] == "turn_steal"
    assert listed(t, {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2},
                      "skull": "thirst"})
    page = ann()
    buttons = sacrifice_buttons(page)
    assert len(buttons) == 3 and sacrifice_buttons(bob()) == []
    tapped = phones["p1"].post(f"/play/{t.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": re.search(r'data-seq="(\d+)"', page).group(1),
        "event": buttons[0].replace("&#34;", '"')})
    assert tapped.status_code in (200, 302, 303), tapped.text
    t.seq = t.view()["seq"]
    assert t.p("p1")["companions"] == 3 and t.view()["phase"] == "turn_steal"


# ---------------------------------------------------------------- a Value never entered, read when needed


Q_STEAL = in_book("The winner may steal any Resources and Equipment up to the Value of their total "
                  "roll result from the losing Player's Supply.")


def steal_table(client):
    """Ann (a Pistol whose Value nobody entered: the book prints none) lost a Combat to Bob, who
    rolled 2 and may steal up to 2 Value."""
    pistol = {"name": "Pistol", "type": "weapon", "dice": 1}
    t = Table(client, position("camp", p1=board("A1", food=0, water=0, wood=0, equipment=[pistol]),
                               p2=board("A1", food=0, water=0, wood=0), p3=board("CF")),
              options={"combat_dice": "weapons"})
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0, 0], "target_dice": [2]})
    assert t.view()["phase"] == "turn_steal"
    return t


def test_a_card_whose_value_was_never_entered_is_stolen_with_the_value_read_off_it(client):
    """ "The winner may steal any Resources and Equipment up to the Value of their total roll
    result from the losing Player's Supply." (Reminder: "the Value of an Equipment card is listed on
    the card.") A Pistol entered without its Value could not be stolen at all (a 400 with no field
    to answer it). The steal now carries `values`, read off the card: left out, a 400 naming the
    card and `values`; a Value over the roll is refused with the steal sentence; 2 is accepted and
    stays on the card; `legal` leaves a steal with `values` open."""
    t = steal_table(client)
    assert any(e["type"] == "steal" and "values" in e.get("open", ()) for e in t.view()["legal"])
    take = {"type": "steal", "player": "p2", "take": {"equipment": ["Pistol"]}}
    r = t.send(take)
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "event.take.equipment[0]"
    assert "values" in r.get_json()["error"]["message"]
    t.refused({**take, "values": {"Pistol": 3}}, Q_STEAL)
    t.ok({**take, "values": {"Pistol": 2}})
    bob = t.p("p2")
    assert [(c["name"], c["value"]) for c in bob["equipment"]] == [("Pistol", 2)]
    assert t.p("p1")["equipment"] == [] and t.view()["phase"] == "turn_camp"


def test_a_value_contradicting_the_one_entered_is_a_400(client):
    t = Table(client, position("camp", p1=board("A1", food=0, water=0, wood=0,
                                                 equipment=[TABLE_CARDS[0]]),
                               p2=board("A1", food=0, water=0, wood=0), p3=board("CF")),
              options={"combat_dice": "weapons"})
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0, 0], "target_dice": [2]})
    r = t.send({"type": "steal", "player": "p2", "take": {"equipment": ["Pistol"]},
                "values": {"Pistol": 1}})
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "event.values.Pistol"


# ---------------------------------------------------------------- a property: the calculator agrees


STATUSES_AT = {"traveler": ["CF", "A1", "A2", "B2", "X"], "ravenous": ["CF", "A1", "A2", "B2", "X"],
               "out": [None], "arrived": ["NH"]}


@settings(max_examples=60, deadline=None)
@given(removed=st.booleans(),
       others=st.lists(st.tuples(st.sampled_from(sorted(STATUSES_AT)), st.integers(0, 4),
                                 st.integers(1, 4)), max_size=3),
       first_tile=st.integers(0, 4), first_companions=st.integers(1, 4))
def test_the_calculator_agrees_with_the_live_standings_on_any_table(removed, others, first_tile,
                                                                    first_companions):
    """On the SPUR terrain, B1 removed or not (X then has no way left to Newhaven), with Players
    anywhere a position allows (a Traveler first, then any mix of Travelers, Ravenous Players, Players
    out and Players in Newhaven in the order listed), the calculator given what a table reads off the
    board (the crossing, each status, tiles to go or cut off, Companions, arrival order) gives every
    Player the total and progress line the live standings give, and the same winner."""
    terrain = [{**tile, "removed": removed and tile["name"] == "B1"} for tile in SPUR]
    players = {"p1": {"status": "traveler", "tile": STATUSES_AT["traveler"][first_tile],
                      "companions": first_companions}}
    for n, (status, at, companions) in enumerate(others, start=2):
        tiles = STATUSES_AT[status]
        board_of = {"status": status, "tile": tiles[at % len(tiles)]}
        if status == "traveler":
            board_of["companions"] = companions
        if status == "ravenous":
            board_of["hunger"] = 1
        players[f"p{n}"] = board_of
    arrivals = [seat for seat, b in players.items() if b["status"] == "arrived"]
    names = ["Ann", "Bob", "Cleo", "Dan"][:len(players)]
    body = {"game": "we-forlorn-few", "players": names,
            "options": {"terrain": terrain, "game_ends_at": "all_journeys"},
            "position": {"phase": "season", "round": 2, "season_deck": 11, "players": players,
                         "arrivals": arrivals}}
    model = engine.start(Game, engine.check_setup(Game, body))
    live = model.scores()
    tiles = model.G["tiles"]
    to_newhaven = distances(tiles, "NH")
    tallies = {"crossing": to_newhaven["CF"], "players": []}
    for seat, name in zip(players, names, strict=True):
        board_of = model.G["players"][seat]
        given = {"name": name, "status": board_of["status"]}
        if board_of["status"] in ("traveler", "ravenous"):
            if board_of["tile"] in to_newhaven:
                given["tiles_to_go"] = to_newhaven[board_of["tile"]]
            else:
                given["cut_off"] = True
        if board_of["status"] == "traveler":
            given["companions"] = board_of["companions"]
        if board_of["status"] == "arrived" and len(arrivals) > 1:
            given["arrived"] = arrivals.index(seat) + 1
        tallies["players"].append(given)
    calculated = scoring.score(tallies)
    for mine, theirs in zip(calculated["players"], live["players"], strict=True):
        assert mine["total"] == theirs["total"], (mine, theirs)
        line, live_line = mine["breakdown"][0], theirs["breakdown"][0]
        assert (line["label"], line["points"], line["rule"]) == \
            (live_line["label"], live_line["points"], live_line["rule"])
        assert live_line["counts"].startswith(line["counts"])
    assert calculated["winners"] == live["winners"]


# ---------------------------------------------------------------- findings 64 and 65 (outsider)


Q_CAPACITY = in_book("Anytime a Traveler receives a token or card that exceeds their Supply "
                     "capacity, they must immediately discard either something from their Supply "
                     "to make space, or return the newly acquired item to the Stockpile.")


def test_a_proposers_discard_that_makes_space_is_kept_for_the_acceptance(client):
    """Finding 65's legal side: Ann holds six Resources and asks Bob for a Water; her `discard` of
    a Food makes the space the Water needs, so the proposal is accepted, Bob's acceptance (listed)
    is accepted, and the exchange applies her discard. A discard of more than the space needed is
    refused when proposed, with the capacity sentence."""
    t = Table(client, position("camp", p1=board("A1", food=2, water=2, wood=2),
                               p2=board("A1", food=0, water=2, wood=0), p3=board("CF")))
    ask = {"type": "trade", "player": "p1", "with": "p2", "get": {"water": 1}}
    t.refused({**ask, "discard": {"food": 2}}, Q_CAPACITY)
    t.ok({**ask, "discard": {"food": 1}})
    assert {"type": "trade_answer", "player": "p2", "accepted": True} in t.view()["legal"]
    t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    assert t.p("p1")["resources"] == {"food": 1, "water": 3, "wood": 2}


def test_a_position_naming_a_seat_twice_to_play_is_a_400(client):
    """Finding 64's neighbour: "Beginning with the First Player and moving to the left, the Player
    turns are resolved." — each Player once a round."""
    r = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob", "Cleo"], "options": {"terrain": TERRAIN},
        "position": position("travel", p1=board("A1"), p2=board("A2"), p3=board("CF"))
        | {"to_play": ["p2", "p2"]}})
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "position.to_play"


@pytest.mark.parametrize(("to_play", "ok"), [(["p2", "p3"], True), (["p3"], False),
                                             (["p3", "p2"], False), (["p1"], False)])
def test_a_positions_to_play_follows_the_round_to_the_left(client, to_play, ok):
    """ "Beginning with the First Player and moving to the left, the Player turns are resolved." —
    with Ann (p1, the First Player) to act, those still to play sit to her left in that order: Cleo
    before Bob, Ann herself again, or Bob left out (since session 13), is a 400 naming
    `position.to_play`."""
    r = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob", "Cleo"], "options": {"terrain": TERRAIN},
        "position": position("travel", p1=board("A1"), p2=board("A2"), p3=board("CF"))
        | {"to_play": to_play}})
    assert (r.status_code == 201) is ok, r.get_json()
    if not ok:
        assert r.get_json()["error"]["field"] == "position.to_play"


# ---------------------------------------------------------------- a Storage card and its load, named together

RIFLE = {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1}
HOLSTER_WITH_RIFLE = {**TABLE_CARDS[1], "stored": [RIFLE]}


@pytest.mark.parametrize("names", [["Holster", "Rifle"], ["Rifle", "Holster"]])
def test_a_storage_card_and_the_card_it_carries_are_stolen_together(client, names):
    """ "The winner may steal any Resources and Equipment up to the Value of their total roll
    result from the losing Player's Supply." Bob (two Pistols) won with 4: the Holster (1) and the Rifle it
    carries (3) are 4 Value, and `legal` listed that take — but naming the Holster first sent the
    Rifle to the discard with it (the FAQ's case of the Storage card stolen alone) and the Rifle
    was then "not in the Supply": refused. Now the carried card is taken off first, in either
    order, and both go to Bob."""
    t = Table(client, position("camp", p1=board("A1", food=0, water=0, wood=0,
                                                 equipment=[HOLSTER_WITH_RIFLE]),
                               p2=board("A1", food=0, water=0, wood=0,
                                        equipment=[TABLE_CARDS[0], TABLE_CARDS[0]]),
                               p3=board("CF")))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0, 0],
          "target_dice": [2, 2, 0]})
    take = {"type": "steal", "player": "p2", "take": {"equipment": names}}
    assert any(e.get("take", {}).get("equipment") and
               sorted(e["take"]["equipment"]) == ["Holster", "Rifle"] for e in t.view()["legal"])
    t.ok(take)
    held = [c["name"] for c in t.p("p2")["equipment"]]
    held += [c["name"] for card in t.p("p2")["equipment"] for c in card.get("stored", [])]
    assert sorted(held) == ["Holster", "Pistol", "Pistol", "Rifle"]
    assert t.p("p1")["equipment"] == []


def test_a_storage_card_and_its_load_pay_together_at_a_trading_post(client):
    """ "Each Resource token is worth a Value of one, and Equipment cards are worth the Value
    listed on the card." The Holster (1) and the Rifle on it (3) pay for a card of Value 4."""
    t = Table(client, position("camp", p1=board("B1", food=0, water=0, wood=0,
                                                 equipment=[HOLSTER_WITH_RIFLE]),
                               p2=board("CF"), p3=board("CF")))
    t.ok({"type": "trading_post", "player": "p1",
          "offered": [{"name": "Wagon Kit", "type": "tool", "value": 4, "bonus": "wood"}],
          "buy": ["Wagon Kit"], "pay": {"equipment": ["Holster", "Rifle"]}})
    assert [c["name"] for c in t.p("p1")["equipment"]] == ["Wagon Kit"]
