"""The phone pages of all five games, as an outsider (round 12): a refusal entered through the
table page shows the reason and the rule's sentence verbatim, with its link, and changes nothing;
a seat's page, another seat's page, a spectator's page and the log pages show a hand (Pilgrims'
drawn item card and the card put back face down, Pillars of Fate's champion cards and a card
played face down, shown to all once the Age ends) only to the seat that may see it, and Avignon's
Congregations to everyone; the rules search on the table page shows the answer sentence, and "The
rulebook doesn't seem to cover this." when it abstains; an out-of-range entry in the "Something
else happened" form is a 400 that names the field in words and writes nothing; a seat's phone
entering the other seat's event is told whose it is, and the owner's phone enters it. Written from
the rulebooks, README.md and docs/webapp.md, through Flask's test client, never the referee's
code."""

import json
import re

import pytest
from markupsafe import escape

from tests.api_table import ApiTable, quotes_from

AVIGNON_FACE_UP = {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}


@pytest.fixture(scope="module")
def app(index_dir, tmp_path_factory):
    from app import create_app

    database = tmp_path_factory.mktemp("pages") / "t.sqlite"
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}",
                       "INDEX_DIR": index_dir})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def csrf_of(html):
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def seq_of(html):
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


def example_setup(client, game):
    return client.get(f"/api/games/{game}").get_json()["example_setup"]


def table_phone(app, table):
    """The phone that opened the join link holding the table's edit token."""
    phone = app.test_client()
    assert phone.get(f"/play/{table.id}/join?token={table.token}").status_code == 303
    return phone


def seat_phone(app, table, seat):
    """A phone that opened the players' join link and claimed `seat`."""
    phone = app.test_client()
    assert phone.get(f"/play/{table.id}/join?token={table.join_token}").status_code == 303
    page = phone.get(f"/play/{table.id}").text
    claimed = phone.post(f"/play/{table.id}/seat", data={"csrf_token": csrf_of(page),
                                                         "seat": seat})
    assert claimed.status_code in (302, 303), claimed.text
    return phone


def in_page(sentence):
    return str(escape(sentence))


# --- A refusal through the table page ------------------------------------------------------------

REFUSALS = {
    # Aldo (Avignon) acts on the game's first turn.
    "avignon": (AVIGNON_FACE_UP, {"type": "beseech", "player": "avignon", "path": 1},
                "The Roman player goes first."),
    # Ann (the first player) chooses her corner before Bob, the last player.
    "pilgrims": (None, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                        "drawn": {"adventure": "leaf", "activation": "star"},
                        "item": {"adventure": "fist", "activation": "sword"}},
                 "6. Starting with the last player (seated to the right of the first player) and "
                 "proceeding counterclockwise, each player chooses one of the corner spaces, takes "
                 "that space's item card and adds it to their hand, then places their figure on "
                 "that space."),
    # Ben (moon) plays a card on Ana's turn.
    "pillars-of-fate": (None, {"type": "play", "player": "moon", "lane": "left", "face": "up",
                               "power": 6, "feathers": 0, "scorpions": 1},
                        "During each Age, players alternate turns, strategically placing cards "
                        "from their hand into 3 quest lanes."),
    # Bob stays put during Ann's Travel turn.
    "we-forlorn-few": (None, {"type": "stay", "player": "p2"},
                       "Beginning with the First Player and moving to the left, the Player turns "
                       "are resolved."),
    # A Pilgrim moves while the turn is still in its Maintenance Phase.
    "journey": (None, {"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 3,
                       "turns": 1},
                "At the start of each Turn, each Player should examine the active cards to see "
                "if anything needs to be updated."),
}


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refusal_entered_on_the_table_page_shows_the_reason_and_the_quote_and_changes_nothing(
        app, client, game):
    position, event, quote = REFUSALS[game]
    quotes_from(game)(quote)
    setup = example_setup(client, game)
    if game == "pilgrims":
        setup = {key: value for key, value in setup.items() if key != "position"}
    elif position is not None:
        setup = {**setup, "position": position}
    table = ApiTable(client, setup)
    # The same entry through the API, on this table: the reason and the sentence the page must show.
    api = table.send(event)
    assert api.status_code == 422, api.get_json()
    error = api.get_json()["error"]
    assert any(quote in q for q in [error["rule"]["quote"]] + [r["quote"] for r in
                                                               error.get("rules", [])])
    before = table.view()

    phone = table_phone(app, table)
    page = phone.get(f"/play/{table.id}").text
    assert f'action="/play/{table.id}/ask"' in page  # the table page asks the rules too
    response = phone.post(f"/play/{table.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": seq_of(page), "event": json.dumps(event)},
        follow_redirects=True)
    assert "Not allowed:" in response.text
    assert in_page(error["message"]) in response.text
    assert in_page(quote) in response.text
    assert f'href="{error["rule"]["url"]}' in response.text
    assert seq_of(response.text) == before["seq"]
    after = table.view()
    assert (after["seq"], after["state"]) == (before["seq"], before["state"])


# --- Hidden information on the pages -------------------------------------------------------------

def every_page_of(client, table, phone):
    return {name: phone.get(url).text for name, url in [
        ("table", f"/play/{table.id}"), ("log", f"/play/{table.id}/log")]} | {
        "state.json": phone.get(f"/play/{table.id}/state.json").text}


def test_pilgrims_the_card_ann_drew_is_on_her_page_only(app, client):
    setup = {key: value for key, value in example_setup(client, "pilgrims").items()
             if key != "position"}
    table = ApiTable(client, setup)
    table.accepted({"type": "choose_corner", "player": "p2", "space": [5, 5],
                    "drawn": {"adventure": "leaf", "activation": "star"},
                    "item": {"adventure": "fist", "activation": "sword"}})
    # Ann draws a coin/notes item from the deck ("Don't show them to other players!").
    table.accepted({"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": {"adventure": "coin", "activation": "notes"},
                    "item": {"adventure": "speech", "activation": "compass"}})
    drawn = "coin/notes"
    ann = seat_phone(app, table, "p1")
    assert drawn in ann.get(f"/play/{table.id}").text
    for who, phone in [("Bob", seat_phone(app, table, "p2")), ("spectator", app.test_client())]:
        for name, text in every_page_of(client, table, phone).items():
            assert drawn not in text and "coin" not in text, (who, name)


def test_pillars_of_fate_a_hand_and_a_face_down_card_are_their_owners_only(app, client):
    table = ApiTable(client, example_setup(client, "pillars-of-fate"))
    sun, moon, spectator = (seat_phone(app, table, "sun"), seat_phone(app, table, "moon"),
                            app.test_client())
    # Ana's hand as her page shows it; Ben's page and a watcher's show none of her cards.
    anas_card = "8 · 2 scorpions"
    assert anas_card in sun.get(f"/play/{table.id}").text
    bens_card = "0 · 3 feathers"
    assert bens_card in moon.get(f"/play/{table.id}").text
    for who, phone, hidden in [("Ben", moon, anas_card), ("spectator", spectator, anas_card),
                               ("Ana", sun, bens_card)]:
        assert hidden not in phone.get(f"/play/{table.id}").text, who

    # Ana plays her 8 face down into the left lane: until the Age is resolved ("1. Reveal all
    # face-down cards.") Ben and a watcher see a face-down card, not its power or suits.
    table.accepted({"type": "play", "player": "sun", "lane": "left", "face": "down",
                    "power": 8, "feathers": 0, "scorpions": 2})
    assert "Power Ana 8" in sun.get(f"/play/{table.id}").text  # her own card, counted
    for who, phone in [("Ben", moon), ("spectator", spectator)]:
        for name, text in every_page_of(client, table, phone).items():
            assert anas_card not in text and "Ana 8" not in text, (who, name)
            assert not re.search(r"\b8\b[^<]{0,20}scorpion", text), (who, name)
        assert "+1 face down" in phone.get(f"/play/{table.id}").text, who


def test_pilgrims_the_card_ann_put_back_face_down_is_on_no_other_page(app, client):
    # "• Draw 2 item cards from the deck. Keep one, then put the other face-down on the bottom of
    # the item deck." — the kept card is in her hand, the other under the deck: Bob's phone (his
    # seat's page, not only a watcher's) never names either.
    drawer = {"types": ["wanderer"], "activation": ["notes"], "abilities": ["draw item"]}
    setup = example_setup(client, "pilgrims")
    table = ApiTable(client, {**setup, "position": {
        "round": 2, "current": "p1", "phase": "activate",
        "players": {"p1": {"figure": [3, 3], "movement": [1], "party": [{"card": drawer}],
                           "hand": [{"adventure": "speech", "activation": "notes"}]},
                    "p2": {"figure": [5, 5], "hand": [{"adventure": "fist",
                                                      "activation": "sword"}]}}}})
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    table.accepted({"type": "ability", "player": "p1", "kind": "draw item",
                    "card": {"adventure": "coin", "activation": "star", "name": "Zanzibar Lantern"},
                    "bottom": {"adventure": "leaf", "activation": "compass",
                               "name": "Quetzal Whistle"}})
    assert "Zanzibar Lantern" in seat_phone(app, table, "p1").get(f"/play/{table.id}").text
    for who, phone in [("Bob", seat_phone(app, table, "p2")), ("spectator", app.test_client())]:
        for name, text in every_page_of(client, table, phone).items():
            assert "Zanzibar" not in text and "Quetzal" not in text, (who, name)


def test_avignon_both_congregations_are_on_every_page(app, client):
    # "Also, these cards may be looked at by either player at any time.": nothing to hide.
    quotes_from("avignon")("Also, these cards may be looked at by either player at any time.")
    board = [{"path": n, "character": character, "location": "genoa"} for n, character in
             enumerate(["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"], start=1)]
    table = ApiTable(client, {"game": "avignon", "players": ["Rosa", "Aldo"], "position": {
        "board": board, "congregations": {"rome": ["Courtesan"], "avignon": ["Ascetic", "Vicar"]},
        "turn": "rome", "first_turn": False}})
    for who, phone in [("Rosa", seat_phone(app, table, "rome")),
                       ("Aldo", seat_phone(app, table, "avignon")),
                       ("spectator", app.test_client())]:
        page = phone.get(f"/play/{table.id}").text
        assert "s Congregation: Ascetic, Vicar (2 of 3)" in page, who
        assert "s Congregation: Courtesan (1 of 3)" in page, who


# --- Ask the rules from the table ----------------------------------------------------------------

QUESTIONS = {
    "avignon": "who goes first",
    "pilgrims": "how many companion cards can I have in my party",
    "pillars-of-fate": "how many cards can each player put in one lane",
    "we-forlorn-few": "how many companions can a traveler have",
    "journey": "how many action points does each pilgrim have normally to spend",
}

OFF_TOPIC = ["which stock exchange lists the shares", "what is the boiling point of mercury in kelvin",
             "how do I bake sourdough bread"]


@pytest.mark.parametrize("game", sorted(QUESTIONS))
def test_asking_the_rules_from_the_table_shows_the_answer_sentence_or_says_it_is_not_covered(
        app, client, game):
    question = QUESTIONS[game]
    setup = example_setup(client, game)
    if game == "avignon":
        setup = {**setup, "position": AVIGNON_FACE_UP}
    table = ApiTable(client, setup)
    phone = seat_phone(app, table, setup["players"][0]["seat"]
                       if isinstance(setup["players"][0], dict) else "p1")
    # The search's answer to the question (the sentence the home page and the API give).
    searched = client.get("/api/rules/search", query_string={"q": question, "game": game})
    best = searched.get_json()["results"][0]["answer"]["text"]
    assert searched.get_json()["answered"] is True
    quotes_from(game)(best)
    answered = phone.get(f"/play/{table.id}/ask", query_string={"q": question})
    assert answered.status_code == 200
    answer = re.search(r'<blockquote class="answer-text">(.*?)</blockquote>', answered.text, re.S)
    assert answer and answer.group(1).strip() == in_page(best)
    assert "doesn't seem to cover this" not in answered.text
    assert f"/rules/{game}#" in answered.text

    # Where the search abstains on a question no rulebook answers, the page says so.
    abstained = [q for q in OFF_TOPIC if client.get("/api/rules/search", query_string={
        "q": q, "game": game}).get_json()["answered"] is False]
    assert abstained, "the search answers every off-topic question"
    off_topic = phone.get(f"/play/{table.id}/ask", query_string={"q": abstained[0]})
    assert off_topic.status_code == 200
    assert "The rulebook doesn't seem to cover this." in off_topic.text
    assert 'class="answer-text"' not in off_topic.text


# --- Bad input through the page's "Something else happened" form ---------------------------------

BAD_INPUT = {
    "avignon": ("beseech", {"player": "rome", "path": "6"}, "event.path",
                "“path”: enter a number from 1 to 5"),
    "pilgrims": ("move", {"player": "p1", "movement": "5", "to": "1 2"}, "event.movement",
                 "“movement”"),
    "pillars-of-fate": ("play", {"player": "sun", "lane": "left", "face": "up", "power": "41",
                                 "feathers": "0", "scorpions": "0"}, "event.power",
                        "“power”: enter a number from -20 to 40"),
    "we-forlorn-few": ("travel", {"player": "p1", "to": "Z9"}, "event.to",
                       "there is no tile &#39;Z9&#39; on the table"),
    "journey": ("move", {"player": "p1", "pilgrim": "monkey_king", "steps": "21"}, "event.steps",
                "“steps”: enter a number from 0 to 20"),
}


@pytest.mark.parametrize("game", sorted(BAD_INPUT))
def test_an_out_of_range_entry_on_the_table_page_names_the_field_and_writes_nothing(
        app, client, game):
    event_type, fields, field, words = BAD_INPUT[game]
    setup = example_setup(client, game)
    if game == "avignon":
        setup = {**setup, "position": AVIGNON_FACE_UP}
    elif game == "pilgrims":
        setup = {**setup, "position": {"round": 2, "current": "p1", "players": {
            "p1": {"figure": [3, 3], "hand": []}, "p2": {"figure": [5, 5], "hand": []}}}}
    table = ApiTable(client, setup)
    before = table.view()
    phone = table_phone(app, table)
    page = phone.get(f"/play/{table.id}").text
    response = phone.post(f"/play/{table.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": seq_of(page), "type": event_type,
        "form": f"other-{event_type}", **{f"event.{name}": value for name, value in fields.items()}})
    assert response.status_code == 400
    alert = re.search(r'<div class="message error" role="alert" data-field="([^"]+)"><p>(.*?)</p>',
                      response.text, re.S)
    assert alert and alert.group(1) == field and words in alert.group(2), alert
    assert "Traceback" not in response.text and seq_of(response.text) == before["seq"]
    after = table.view()
    assert (after["seq"], after["state"]) == (before["seq"], before["state"])


# --- A seat's phone entering another seat's event ------------------------------------------------

WRONG_SEAT = {
    # game: (this phone's seat, the event of the seat to act, that seat's name, this one's name)
    "avignon": ("avignon", {"type": "beseech", "player": "rome", "path": 1}, "Rosa", "Aldo"),
    "pilgrims": ("p1", {"type": "choose_corner", "player": "p2", "space": [5, 5],
                        "drawn": {"adventure": "leaf", "activation": "star"},
                        "item": {"adventure": "fist", "activation": "sword"}}, "Bob", "Ann"),
    "pillars-of-fate": ("moon", {"type": "play", "player": "sun", "lane": "left", "face": "up",
                                 "power": 5, "feathers": 1, "scorpions": 0}, "Ana", "Ben"),
    "we-forlorn-few": ("p2", {"type": "stay", "player": "p1"}, "Ann", "Bob"),
    "journey": ("p1", {"type": "maintenance", "player": "p2"}, "Ben", "Ann"),
}


@pytest.mark.parametrize("game", sorted(WRONG_SEAT))
def test_a_seats_phone_entering_the_other_seats_event_is_told_whose_it_is(app, client, game):
    seat, event, theirs, mine = WRONG_SEAT[game]
    setup = example_setup(client, game)
    if game == "avignon":
        setup = {**setup, "position": AVIGNON_FACE_UP}
    elif game == "pilgrims":
        setup = {key: value for key, value in setup.items() if key != "position"}
    table = ApiTable(client, setup)
    before = table.view()
    phone = seat_phone(app, table, seat)
    page = phone.get(f"/play/{table.id}").text
    response = phone.post(f"/play/{table.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": seq_of(page), "event": json.dumps(event)},
        follow_redirects=True)
    assert in_page(f"This phone plays for {mine}: this event is {theirs}'s to enter.") in (
        response.text)
    after = table.view()
    assert (after["seq"], after["state"]) == (before["seq"], before["state"])
    # The seat it belongs to enters it from its own phone.
    owner = seat_phone(app, table, event["player"])
    page = owner.get(f"/play/{table.id}").text
    entered = owner.post(f"/play/{table.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": seq_of(page), "event": json.dumps(event)},
        follow_redirects=True)
    assert "Entered:" in entered.text and seq_of(entered.text) == before["seq"] + 1


def champion(power, feathers=0, scorpions=0, face="up"):
    return {"power": power, "feathers": feathers, "scorpions": scorpions, "face": face}


def test_pillars_of_fate_the_face_down_card_is_on_every_page_once_the_age_ends(app, client):
    # Age I with every lane full but Ben's last place on the right; Ana's 8 (2 scorpions) lies
    # face down there, each has played one Divine card (Steward, Eradan) in the center.
    setup = example_setup(client, "pillars-of-fate")
    position = setup["position"]
    lanes = {
        "left": {"quest": position["lanes"]["left"]["quest"], "first": "sun", "pillar": "sun",
                 "sun": [champion(1, 1), champion(2, 0, 1), champion(3, 1)],
                 "moon": [champion(1), champion(2, 1), champion(1, 0, 1)]},
        "center": {"quest": position["lanes"]["center"]["quest"], "first": "sun",
                   "pillar": "sun",
                   "sun": [champion(2, 1), champion(1), {"divine": "Steward", "power": 2}],
                   "moon": [champion(3, 0, 1), champion(1, 1),
                            {"divine": "Eradan", "power": 1, "feathers": 1, "scorpions": 1}]},
        "right": {"quest": position["lanes"]["right"]["quest"], "first": "sun", "pillar": "sun",
                  "sun": [champion(1), champion(2), champion(8, 0, 2, "down")],
                  "moon": [champion(1), champion(2, 1)]}}
    divine = {seat: [card for card in position["divine"][seat]
                     if card["name"] not in ("Steward", "Eradan")] for seat in ("sun", "moon")}
    table = ApiTable(client, {**setup, "position": {**position, "lanes": lanes, "divine": divine,
                                                    "turn": "moon"}})
    moon, spectator = seat_phone(app, table, "moon"), app.test_client()
    anas_card = "8 · 2 scorpions"
    for phone in (moon, spectator):
        assert anas_card not in phone.get(f"/play/{table.id}").text
    effects = table.accepted({"type": "play", "player": "moon", "lane": "right", "face": "up",
                              "power": 6, "feathers": 0, "scorpions": 1})["effects"]
    assert quotes_from("pillars-of-fate")("Reveal all face-down cards.") in [
        effect["rule"]["quote"] for effect in effects]
    for who, phone in [("Ben", moon), ("spectator", spectator)]:
        page = phone.get(f"/play/{table.id}").text
        assert anas_card in page, who
        # Eradan adds 2 to Ben's other lanes; the Steward 2 feathers to the lanes on its right.
        assert "Power Ana 11 · Ben 11 · feathers 3 · scorpions 3" in re.sub(r"\s+", " ", page), who
