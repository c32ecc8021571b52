"""Pilgrims' own pages through Flask's test client: the new-game form (campfires on a 5×5 grid,
quest tiles with cost counts, leaders' symbols), the board, the compact corner and move forms,
the choices' labels; and the generic form readers they rely on (referee.pages.form_value)."""

import html
import json
import re

import pytest
from werkzeug.datastructures import MultiDict

from referee.pages.forms import form_value

FORM = {
    "player": ["Ann", "Bob", "", ""], "options.first_player": "p1",
    "options.campfires": ["1 3", "2 2", "2 4", "4 2", "4 4", "5 3"],
    "options.public_quests.0.tile": "B", "options.public_quests.0.mission": "2c",
    "options.public_quests.0.cost#fist": "1", "options.public_quests.0.cost#speech": "1",
    "options.public_quests.1.tile": "A", "options.public_quests.1.mission": "1a",
    "options.public_quests.1.cost#leaf": "2",
    "options.public_quests.2.tile": "C", "options.public_quests.2.mission": "5",
    "options.public_quests.2.cost#speech": "1", "options.public_quests.2.cost#fist": "1",
    "options.public_quests.2.cost#leaf": "1",
    "options.leader_side": "A", "options.leaders.p1.activation": ["sword"],
    "options.leaders.p2.activation": ["notes"],
    "options.journey_cards.present": "1", "options.solo_difficulty": "easy", "start": "new",
}


def csrf_of(text: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', text).group(1)


def seq_of(text: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', text).group(1))


def start(client, **changes):
    page = client.get("/play/new?game=pilgrims")
    return client.post("/play/new?game=pilgrims",
                       data={**FORM, **changes, "csrf_token": csrf_of(page.text)})


@pytest.fixture
def game(client):
    response = start(client)
    assert response.status_code == 303, response.text
    return re.match(r"/play/(\w+)\?created=1", response.headers["Location"]).group(1)


def enter(client, session_id, data):
    page = client.get(f"/play/{session_id}")
    return client.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text), **data},
        follow_redirects=True)


def corners(client, session_id):
    for player, corner, item, drawn in (("p2", 1, ("fist", "sword"), ("leaf", "notes")),
                                        ("p1", 3, ("speech", "sword"), ("coin", "star"))):
        page = client.get(f"/play/{session_id}")
        fixed = re.search(rf'id="corner-{corner}" name="fixed" value="([^"]+)"', page.text).group(1)
        response = enter(client, session_id, {
            "type": "choose_corner", "event.player": player, "fixed": html.unescape(fixed),
            "event.item.adventure": item[0], "event.item.activation": item[1],
            "event.drawn.adventure": drawn[0], "event.drawn.activation": drawn[1]})
        assert "Entered:" in response.text, response.text


def test_the_new_game_form_draws_the_table_not_json(client):
    page = client.get("/play/new?game=pilgrims")
    assert page.status_code == 200
    assert page.text.count('name="options.campfires"') == 25
    assert re.search(r'id="camp-1-1"[^>]*disabled', page.text)  # a corner is never a campfire
    assert 'name="options.public_quests.2.cost#coin"' in page.text
    assert 'name="options.leaders.p4.activation" value="star"' in page.text
    assert 'name="options.solo_difficulty" value="hardcore"' in page.text
    assert "<textarea" not in page.text.split('class="pg-more pg-position"')[0]


def test_the_form_posts_exactly_what_the_referee_sets_up(client, game):
    options = client.get(f"/api/sessions/{game}").get_json()["options"]
    assert options["campfires"] == [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]]
    assert options["public_quests"] == [
        {"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
        {"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
        {"tile": "C", "mission": "5", "cost": ["fist", "speech", "leaf"]}]
    assert options["leaders"] == {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]}}
    assert options["journey_cards"] is False and options["leader_side"] == "A"


def test_setup_errors_are_shown_next_to_what_was_entered(client):
    response = start(client, **{"options.campfires": ["1 3", "2 2"]})
    assert response.status_code == 400
    assert "campfire" in response.text and 'class="field-error"' in response.text
    assert re.search(r'id="camp-1-3"[^>]*checked', response.text)  # kept as ticked
    response = start(client, **{"options.public_quests.0.tile": "A"})
    assert response.status_code == 400
    assert "the public quest tiles have the letters A, B and C" in response.text
    response = start(client, **{"options.public_quests.0.mission": "1b",
                                "options.public_quests.1.mission": "2a"})
    assert response.status_code == 400
    assert "mission 1b is not on a B tile" in response.text


def test_the_board_draws_the_map_the_players_and_the_shared_cards(client, game):
    page = client.get(f"/play/{game}").text
    board = page.split('class="board"')[1].split('class="scores')[0]
    assert board.count('class="pg-cell') == 25
    assert board.count("pg-cell pg-camp") == 6
    assert "Round 1 of 4" in board
    assert 'aria-labelledby="pg-p1-h"' in board and 'aria-labelledby="pg-p2-h"' in board
    assert board.count('class="pg-tile"') == 3 and "notes companions" in board
    assert "level I ?" in board and "level II ?" in board


def test_setup_and_a_turn_through_the_phone_forms(client, game):
    page = client.get(f"/play/{game}")
    assert "Bob: choose a corner" in page.text and 'id="pg-move"' not in page.text
    corners(client, game)
    page = client.get(f"/play/{game}").text
    assert 'id="pg-move"' in page and page.count('<input type="radio" id="to-') == 25
    assert re.search(r'id="to-5-5"[^>]*disabled', page)  # only the spaces of legal moves
    assert re.search(r'id="to-1-1"[^>]*disabled', page) is None
    response = enter(client, game, {"type": "move", "event.player": "p1", "event.movement": "1",
                                    "event.to": "4 4", "event.card.types": "beast",
                                    "event.card.activation": "notes"})
    assert "Entered:" in response.text
    state = client.get(f"/api/sessions/{game}").get_json()["state"]
    assert state["players"]["p1"]["party"][0]["card"] == {"types": ["beast"], "activation": ["notes"]}
    assert state["figures"]["p1"] == [4, 4]
    assert "Play speech/sword under the leader" in response.text
    assert "Gain a clover instead of activating" in response.text


def test_a_wrong_card_kind_is_refused_with_the_rule(client, game):
    corners(client, game)
    response = enter(client, game, {"type": "move", "event.player": "p1", "event.movement": "2",
                                    "event.to": "4 4", "event.card.adventure": "fist",
                                    "event.card.activation": "sword"})
    assert "Not allowed" in response.text
    assert "Campfire map spaces give companion cards" in response.text


def test_without_javascript_a_refused_move_comes_back_filled_in_and_pointing_at_the_card(
        client, game):
    """No redirect after a refusal: the table is drawn again with the move form as it was sent
    (the movement space, the destination, what was typed of the card), the card's field marked and
    focused, the message in words at the top of the form."""
    corners(client, game)
    page = client.get(f"/play/{game}")
    sent = {"csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text), "type": "move",
            "event.player": "p1", "event.movement": "1", "event.to": "4 4",
            "event.card.activation": "notes", "library.event.card": "no such card yet"}
    refused = client.post(f"/play/{game}/event", data=sent)
    assert refused.status_code == 400 and seq_of(refused.text) == seq_of(page.text)
    move = re.search(r'<form[^>]*id="pg-move".*?</form>', refused.text, re.S).group()
    assert re.search(r'<input type="radio" id="token-1"[^>]*\bchecked', move)
    assert re.search(r'<input type="radio" id="to-4-4"[^>]*\bchecked', move)
    assert not re.search(r'id="to-1-1"[^>]*\bchecked', move)
    assert re.search(r'name="event.card.activation" value="notes"[^>]*\bchecked', move)
    assert 'value="no such card yet"' in move
    note = re.search(r'<p class="field-error" id="refused-note" role="alert">([^<]+)</p>', move)
    assert note and "card" in note.group(1) and "event." not in note.group(1)
    pointed = re.findall(r'<(?:input|select|textarea)[^>]*aria-invalid="true"[^>]*>', move)
    assert len(pointed) == 1 and "event.card" in pointed[0] and "autofocus" in pointed[0]
    assert 'id="other-move"' not in refused.text  # only the form that was sent is drawn in place
    # the same move from "Something else happened…" comes back in that form, not in the Move form
    sent = {**sent, "form": "other-move", "event.to": "4 4"}
    del sent["event.card.activation"], sent["library.event.card"]
    refused = client.post(f"/play/{game}/event", data=sent)
    other = re.search(r'<form[^>]*id="other-move".*?</form>', refused.text, re.S).group()
    move = re.search(r'<form[^>]*id="pg-move".*?</form>', refused.text, re.S).group()
    assert '<option value="4 4" selected>' in other and 'id="refused-note"' in other
    assert "refused-note" not in move and not re.search(r'id="to-4-4"[^>]*\bchecked', move)


def test_a_spectator_sees_the_board_but_no_forms(client, app, game):
    spectator = app.test_client()
    page = spectator.get(f"/play/{game}").text
    assert 'class="pg-cell' in page
    assert 'id="pg-corner"' not in page and "csrf_token" not in page.split('id="live"')[1].split(
        'id="announce"')[0]


# -- the generic readers the Pilgrims forms use ----------------------------------------------------

ITEM = {"oneOf": [{"type": "object", "required": ["adventure", "activation"],
                   "properties": {"adventure": {"enum": ["fist", "leaf"]},
                                  "activation": {"enum": ["sword", "notes"]}}},
                  {"type": "string"}]}
COMPANION = {"type": "object", "required": ["types", "activation"],
             "properties": {"types": {"type": "array", "uniqueItems": True,
                                      "items": {"enum": ["beast", "wanderer"]}},
                            "activation": {"type": "array", "uniqueItems": True,
                                           "items": {"enum": ["sword", "notes"]}}}}
CARD = {"oneOf": [ITEM, COMPANION]}


def test_a_card_is_read_from_the_fields_of_the_kind_filled_in():
    item = MultiDict([("c.adventure", "fist"), ("c.activation", "sword")])
    assert form_value(CARD, "c", item) == {"adventure": "fist", "activation": "sword"}
    companion = MultiDict([("c.types", "beast"), ("c.activation", "notes")])
    assert form_value(CARD, "c", companion) == {"types": ["beast"], "activation": ["notes"]}
    assert form_value(CARD, "c", MultiDict([("c.activation", "notes")])) is None
    assert form_value(CARD, "c", MultiDict([("c", '"Lost Sheep"')])) == "Lost Sheep"


def test_spaces_counts_and_keyed_objects_have_compact_fields():
    space = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"}}
    assert form_value(space, "to", MultiDict([("to", "3 2")])) == [3, 2]
    assert form_value(space, "to", MultiDict([("to.0", "3"), ("to.1", "2")])) == [3, 2]
    spaces = {"type": ["array", "null"], "items": space, "maxItems": 6}
    assert form_value(spaces, "s", MultiDict([("s", "1 3"), ("s", "2 2")])) == [[1, 3], [2, 2]]
    cost = {"type": "array", "maxItems": 8, "items": {"enum": ["fist", "speech", "leaf"]}}
    form = MultiDict([("cost#fist", "2"), ("cost#leaf", "1"), ("cost#speech", "0")])
    assert form_value(cost, "cost", form) == ["fist", "fist", "leaf"]
    leaders = {"type": ["object", "null"], "propertyNames": {"enum": ["p1", "p2"]},
               "additionalProperties": {"oneOf": [COMPANION | {"required": ["activation"]},
                                                  {"type": "string"}]}}
    form = MultiDict([("l.p2.activation", "notes"), ("l.p2.activation", "sword")])
    assert form_value(leaders, "l", form) == {"p2": {"activation": ["sword", "notes"]}}
    pair = {"type": "array", "maxItems": 2, "items": ITEM}
    form = MultiDict([("f.1.adventure", "leaf"), ("f.1.activation", "notes")])
    assert form_value(pair, "f", form) == [{"adventure": "leaf", "activation": "notes"}]
    payment = {"type": "array", "items": {"type": "object", "properties": {"hand": {"type": "integer"}}}}
    form = MultiDict([("pay*hand", "1"), ("pay*hand", "3")])
    assert form_value(payment, "pay", form) == [{"hand": 1}, {"hand": 3}]
    position = {"type": "object", "properties": {"round": {"type": "integer"}}}
    assert form_value(position, "position", MultiDict([("position", json.dumps({"round": 2}))])) \
        == {"round": 2}


def test_events_are_told_with_spaces_and_cards_as_the_table_reads_them(client, game):
    from tests.test_pages import assert_no_json, told

    stale = client.get(f"/play/{game}")
    corners(client, game)
    moved = enter(client, game, {"type": "move", "event.player": "p1", "event.movement": "1",
                                 "event.to": "4 4", "event.card.types": "beast",
                                 "event.card.activation": "notes"})
    assert told(moved.text)[0] == "Ann: Move to D4 with token 1 (take beast (notes))"
    # the shared phone shows the hand of the player to act (Ann): Bob's drawn card stays hidden
    assert "Bob: Start on corner A1 (take fist/sword), draw unknown card" in told(moved.text)
    assert "Ann: Start on corner E5 (take speech/sword), draw coin/star" in told(moved.text)
    played = enter(client, game, {"event": json.dumps(
        {"type": "activate", "player": "p1", "character": "leader", "hand": 1})})
    assert told(played.text)[0] == "Ann: Play speech/sword under the leader"  # hand 1, before
    assert_no_json(told(played.text))
    page = client.get(f"/play/{game}")
    undone = client.post(f"/play/{game}/undo", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text)}, follow_redirects=True)
    assert ('<strong>Undone:</strong> <span class="told">Ann: Play speech/sword under the leader'
            in undone.text)
    assert_no_json(told(undone.text))  # with the redo button
    late = client.post(f"/play/{game}/event", data={
        "csrf_token": csrf_of(stale.text), "expected_seq": 0, "type": "choose_corner",
        "event.player": "p2", "fixed": '{"type": "choose_corner", "player": "p2", "space": [1, 1]}',
        "event.drawn.adventure": "leaf", "event.drawn.activation": "notes"}, follow_redirects=True)
    meanwhile = told(late.text.split("Meanwhile:")[1].split("</ul>")[0])
    assert len(meanwhile) == 5
    assert_no_json(t.split(" — ")[0] for t in meanwhile)
    log = client.get(f"/play/{game}/log")
    assert_no_json(told(log.text))
    assert "Ann: Move to D4 with token 1 (take beast (notes))" in told(log.text)
    changes = client.get(f"/play/{game}/state.json?since=0").get_json()["changes"]
    assert_no_json(change.split(" — ")[0] for change in changes)


def test_solo_and_ability_events_are_told_without_json():
    from flask import Flask

    from referee.pages import init_app

    app = Flask("words", template_folder=str(__import__("pathlib").Path(__file__).parents[1] / "templates"))
    init_app(app)
    with app.app_context():
        labels = app.jinja_env.get_template("play/_labels_pilgrims.html").module
        view = {"game": "pilgrims", "state": {"players": {"p1": {"hand": [], "party": []}},
                                              "campfires": [[2, 2]], "display": []}}
        names = {"p1": "Ann"}

        def words(event):
            return " ".join(__import__("markupsafe").Markup(labels.describe(event, view, names))
                            .striptags().split())

        assert words({"type": "falconer_move", "player": "p1", "figure": "falcon", "set": "A",
                      "reward": "clover", "arrow": "right", "priority": [[0, 1], [1, 1]]}) == \
            "Falconer: the falcon moves (set A; priority 2 numbered spaces; reward clover; arrow right)"
        assert words({"type": "falconer_move", "player": "p1", "figure": "falconer", "to": [3, 4],
                      "reward": "none", "arrow": "left",
                      "card": {"adventure": "leaf", "activation": "notes"}}) == \
            "Falconer: the falconer moves to D3, takes leaf/notes (reward none; arrow left)"
        assert words({"type": "ability", "player": "p1", "kind": "swap items",
                      "swap": [[1, 2], [3, 3]]}) == "Ann: Ability: swap items (swap B1, C3)"
        assert words({"type": "replenish", "player": "p1",
                      "map": [None, {"adventure": "fist", "activation": "star"}]}) == \
            "Ann: Replenish and end the turn (map 1 card)"
        assert words({"type": "sign_up", "player": "p1", "tile": "A", "pay": [{"hand": 2}],
                      "cost": ["fist", "leaf"]}) == \
            "Ann: Sign up for quest tile A (pay hand 2) (cost fist, leaf)"


def test_a_card_is_typed_once_then_named_by_its_number(client, app, game):
    """The card library: a card entered with a number is saved once the event is accepted; the
    next form offers it, and its number alone enters it. It exports and imports as a file."""
    session_id = game
    corners(client, session_id)
    page = client.get(f"/play/{session_id}")
    assert 'name="library.event.card"' in page.text
    assert get_library(app) == {}
    moves = [e for e in legal(client, session_id) if e["type"] == "move"]
    move = next(e for e in moves if "card" not in e)
    card = {"adventure": "fist", "activation": "sword"}
    entered = enter(client, session_id, {
        "type": "move", "event.player": move["player"], "event.movement": str(move["movement"]),
        "event.to": " ".join(map(str, move["to"])), "event.card.adventure": "fist",
        "event.card.activation": "sword", "library.event.card": " 12 "})
    assert "Saved in the card library: 12" in entered.text, entered.text[-3000:]
    assert get_library(app) == {"12": card}
    next_game = re.match(r"/play/(\w+)", start(client).headers["Location"]).group(1)
    assert '<option value="12">' in client.get(f"/play/{next_game}").text  # the corner's cards

    from werkzeug.datastructures import MultiDict

    from referee.pages.library import use_library
    with app.test_request_context():
        form, to_save = use_library("pilgrims", MultiDict({"library.event.card": "12"}))
        assert __import__("json").loads(form["event.card"]) == card and to_save == {}
        form, to_save = use_library("pilgrims", MultiDict({"library.event.card": "13",
                                                           "event.card.adventure": "leaf"}))
        assert to_save == {"event.card": "13"}

    exported = client.get("/play/cards/pilgrims.json")
    assert exported.get_json()["cards"] == {"12": card}
    listed = client.get("/play/cards/pilgrims?q=fist")
    assert "12" in listed.text and "Download the library" in listed.text
    csrf = csrf_of(listed.text)
    other = {"format": "tableside-cards/1", "game": "pilgrims",
             "cards": {"Lost Sheep": {"types": ["beast"], "activation": ["notes"]}}}
    imported = client.post("/play/cards/pilgrims/import", follow_redirects=True, data={
        "csrf_token": csrf, "file": (__import__("io").BytesIO(
            __import__("json").dumps(other).encode()), "cards.json")})
    assert "1 cards added" in imported.text and set(get_library(app)) == {"12", "Lost Sheep"}
    wrong = client.post("/play/cards/pilgrims/import", follow_redirects=True, data={
        "csrf_token": csrf, "file": (__import__("io").BytesIO(b'{"format": "x"}'), "x.json")})
    assert "not a Tableside card library" in wrong.text


def get_library(app):
    return app.extensions["tableside.store"].cards("pilgrims")


def legal(client, session_id):
    """Every seat's legal events, read with the table's token this phone keeps in its cookie."""
    with client.session_transaction() as cookie:
        token = cookie["games"][session_id]["table"]
    found = []
    for seat in ("p1", "p2"):
        found += client.get(f"/api/sessions/{session_id}?seat={seat}",
                            headers={"Authorization": f"Bearer {token}"}).get_json()["legal"]
    return found


def test_each_phone_sees_its_own_hand_and_the_others_counts(app, client, game):
    """ "Don't show them to other players!": a seat's phone shows its hand; the other seat's phone
    and a spectator see how many cards it holds, not which; the drawn starting card stays hidden."""
    from referee.pilgrims.game import Game

    corners(client, game)  # the host (the table's phone) entered both corners
    host_page = client.get(f"/play/{game}").text
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', host_page)
    assert join, "the phone that started the game can invite the others"
    phones = {}
    for seat in ("p1", "p2"):
        phone = app.test_client()
        phone.get(join.group(1))
        page = phone.get(f"/play/{game}").text
        phone.post(f"/play/{game}/seat", data={"csrf_token": csrf_of(page), "seat": seat})
        phones[seat] = phone.get(f"/play/{game}").text
    watcher = app.test_client().get(f"/play/{game}").text
    # p1 (Ann) started on E5 taking speech/sword and drew coin/star; p2 (Bob) drew leaf/notes
    assert Game.hidden_information
    assert "coin" in hand_of(phones["p1"], "Ann") and "?" in hand_of(phones["p1"], "Bob")
    assert "leaf" in hand_of(phones["p2"], "Bob") and "coin" not in hand_of(phones["p2"], "Ann")
    for other in (phones["p2"], watcher):
        assert "draw coin/star" not in other and "coin/star" not in hand_of(other, "Ann")
    assert "draw coin/star" in phones["p1"]


def hand_of(page: str, name: str) -> str:
    """The hand row of a player's board on the Pilgrims table page."""
    board = page.split(f'class="pg-board pg-{ {"Ann": "p1", "Bob": "p2"}[name]}')[1]
    return board.split('<span class="pg-k">Hand')[1].split("</p>")[0]
