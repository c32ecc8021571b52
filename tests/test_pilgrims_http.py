"""A whole Pilgrims game through the HTTP API, as a table would play it: create a session from the
game's example setup, post events chosen from what GET /api/sessions/<id> lists as legal (filling
their open fields with the cards the players read off the table), have an illegal event refused with
its rule quoted verbatim, undo and redo, and play to the end of round 4 and its final scores."""

import itertools

from rulebook_index import corpus

# What the players read off the cards they draw, in the order they come up. The rulebook prints the
# symbols, not the cards: these are entered card data, as a table would enter them.
ITEMS = [
    {"adventure": "fist", "activation": "sword"}, {"adventure": "speech", "activation": "notes"},
    {"adventure": "leaf", "activation": "compass"}, {"adventure": "coin", "activation": "star"},
    {"adventure": "leaf", "activation": "sword"}, {"adventure": "fist", "activation": "notes"},
    {"adventure": "speech", "activation": "compass"}, {"adventure": "leaf", "activation": "star"},
    {"adventure": "fist", "activation": "compass"}, {"adventure": "speech", "activation": "sword"},
]
COMPANIONS = [
    {"types": ["wanderer"], "activation": ["sword", "notes"]},
    {"types": ["beast"], "activation": ["compass"]},
    {"types": ["nobleheart"], "activation": ["notes"]},
    {"types": ["scoundrel"], "activation": ["star", "sword"]},
    {"types": ["wanderer", "beast"], "activation": ["notes"]},
]
LEVEL_1 = [
    {"level": 1, "points": 2, "party": ["?"], "cost": ["fist"], "clovers": 1},
    {"level": 1, "points": 3, "party": ["wanderer"], "cost": ["speech", "leaf"]},
    {"level": 1, "points": 2, "party": [], "cost": ["leaf"], "improvement": ["discount"],
     "discount": "leaf"},
    {"level": 1, "points": 3, "party": ["beast"], "cost": ["fist", "speech"], "crosses": 1,
     "clovers": 1},
]
LEVEL_2 = [
    {"level": 2, "points": 6, "party": ["wanderer", "?"], "cost": ["fist", "speech", "leaf"],
     "crosses": 1, "improvement": ["movement"]},
    {"level": 2, "points": 5, "party": ["?"], "cost": ["leaf", "leaf", "speech"], "clovers": 2},
    {"level": 2, "points": 7, "party": ["nobleheart", "wanderer"],
     "cost": ["fist", "fist", "speech", "leaf"], "crosses": 2, "improvement": ["companion"]},
]

RULEBOOK = corpus.rulebook_text("pilgrims")


class Table:
    """One session, played through the API by the players at the table."""

    def __init__(self, client):
        self.client = client
        self.items = itertools.cycle(ITEMS)
        self.companions = itertools.cycle(COMPANIONS)
        self.adventures = {1: itertools.cycle(LEVEL_1), 2: itertools.cycle(LEVEL_2)}
        setup = client.get("/api/games/pilgrims").get_json()["example_setup"]
        response = client.post("/api/sessions", json=setup)
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        self.id, self.token = created["id"], created["edit_token"]
        self.view = created

    def refresh(self) -> dict:
        # the table's token, looking as the seat to act: hands are hidden from everyone else
        headers = {"Authorization": f"Bearer {self.token}"}
        response = self.client.get(f"/api/sessions/{self.id}", headers=headers)
        acting = response.get_json().get("current_players")
        if acting:
            response = self.client.get(f"/api/sessions/{self.id}?seat={acting[0]}", headers=headers)
        assert response.status_code == 200
        self.view = response.get_json()
        return self.view

    @property
    def state(self) -> dict:
        return self.view["state"]

    def post(self, event, expected_seq=None, token=None):
        seq = self.view["seq"] if expected_seq is None else expected_seq
        headers = {"Authorization": f"Bearer {token or self.token}"}
        return self.client.post(f"/api/sessions/{self.id}/events",
                                json={"event": event, "expected_seq": seq}, headers=headers)

    def play(self, event) -> dict:
        """Post an event that must be accepted, then look at the table again."""
        response = self.post(event)
        body = response.get_json()
        assert response.status_code == 200, (event, body)
        assert body["accepted"] and body["seq"] == self.view["seq"] + 1
        self.refresh()
        return body

    # -- the cards the players read off the table ------------------------------------------------

    def kind(self, space) -> str:
        return "companion" if list(space) in self.state["campfires"] else "item"

    def card_for(self, space) -> dict:
        return next(self.items) if self.kind(space) == "item" else next(self.companions)

    def fill(self, event: dict) -> dict:
        """Fill an event's open fields with what the players read on the cards."""
        event = dict(event)
        for name in event.pop("open", []):
            if name in ("item", "drawn"):
                event[name] = next(self.items)
            elif name == "card":
                event[name] = self.card_for(event.get("to") or event["space"])
            elif name == "adventure":
                event[name] = next(self.adventures[1])
            elif name == "source":
                event[name] = "level1"
            # "index", "pay", "companions", "retire" are left to the referee's defaults
        return event

    def replenish(self, seat) -> dict:
        """The Replenish phase, with the cards turned face-up entered: the map row by row (skipping
        spaces under figures), then the display in its level I / level II ratio."""
        figures = [tuple(at) for at in self.state["figures"].values() if at is not None]
        slots = [[r + 1, c + 1] for r in range(5) for c in range(5)
                 if self.state["map"][r][c] is None and (r + 1, c + 1) not in figures]
        ratio = (3, 2) if self.state["round"] <= 2 else (2, 3)
        have = [sum(1 for e in self.state["display"] if e["group"] == g) for g in (1, 2)]
        display = [next(self.adventures[g]) for g in (1, 2) for _ in range(ratio[g - 1] -
                                                                              have[g - 1])]
        event = {"type": "replenish", "player": seat,
                 "map": [self.card_for(s) for s in slots], "display": display}
        if self.state["round"] == 2 and self.last_turn_of_round(seat):
            event["new_level2"] = next(self.adventures[2])
        return self.play(event)

    def last_turn_of_round(self, seat) -> bool:
        return seat == self.state["order"][-1] and self.state["turns"][seat] == 2

    def legal(self, kind, **fields) -> list[dict]:
        return [e for e in self.view["legal"] if e["type"] == kind
                and all(e.get(k) == v for k, v in fields.items())]


def choose_move(table, seat) -> dict:
    """Lowest free movement space; a companion while the party is small, else an item card; a
    space with a face-up card rather than a draw."""
    moves = table.legal("move", player=seat)
    movement = min(e["movement"] for e in moves)
    here = table.state["figures"][seat]
    want = "companion" if len(table.state["players"][seat]["party"]) < 2 else "item"
    ranked = sorted((e for e in moves if e["movement"] == movement and e["to"] != here),
                    key=lambda e: (table.kind(e["to"]) != want, "open" in e,
                                   e["to"][0], e["to"][1]))
    return table.fill(ranked[0])


def play_turn(table, seat) -> None:
    table.play(choose_move(table, seat))
    activations = [e for e in table.legal("activate", player=seat) if "convert" not in e]
    if activations:
        table.play(activations[0])
        active = table.state["turn"]["active"]
        if active["character"] == "leader":
            reserve = table.state["players"][seat]["reserve"]
            if not reserve:  # the leader's second ability: reserve an adventure card
                table.play(table.fill({"type": "ability", "player": seat, "kind": "reserve",
                                       "open": ["source", "adventure"]}))
        else:
            table.play({"type": "ability", "player": seat, "kind": "gain clover"})
    else:
        table.play({"type": "gain_clover", "player": seat})
    def without_clovers(event):  # this table spends no clover on a conversion
        return ("open" not in event and "convert_types" not in event
                and not any(entry.get("convert") for entry in event["pay"]))
    completions = [e for e in table.legal("complete_adventure", player=seat) if without_clovers(e)]
    sign_ups = [e for e in table.legal("sign_up", player=seat) if without_clovers(e)]
    late = table.state["round"] >= 3
    if sign_ups and (late or not completions):
        table.play(sign_ups[0])
    elif completions:
        table.play(completions[0])
    table.replenish(seat)


def deal(table) -> None:
    """Setup as the table enters it: the face-up cards of the map row by row, then the display;
    then the corners, counterclockwise from the last player, each drawing a starting item card."""
    for r, c in itertools.product(range(1, 6), range(1, 6)):
        table.play({"type": "reveal", "player": "p2", "space": [r, c],
                    "card": table.card_for([r, c])})
    for index, entry in enumerate(table.state["display"], start=1):
        table.play({"type": "reveal", "player": "p2", "index": index,
                    "card": next(table.adventures[entry["level"]])})
    assert all(e["card"] is not None for e in table.state["display"])
    for seat, corner, drawn in (("p2", [5, 5], ITEMS[1]), ("p1", [1, 1], ITEMS[7])):
        [event] = table.legal("choose_corner", player=seat, space=corner)
        assert event["open"] == ["drawn"] and event["item"]  # the corner's card was entered
        table.play({**table.fill(event), "drawn": drawn})


def test_a_whole_game_over_http(client):
    table = Table(client)
    assert table.view["phase"] == "start_corners" and table.view["seq"] == 0
    assert table.view["current_players"] == ["p2"]  # the last player chooses a corner first

    deal(table)
    assert table.view["phase"] == "turn_move" and table.view["current_players"] == ["p1"]
    assert all(len(p["hand"]) == 2 and p["clovers"] == 1
               for p in table.state["players"].values())

    # An illegal event: Bob cannot move on Ann's turn, and the reason quotes the rulebook.
    seq = table.view["seq"]
    response = table.post({"type": "move", "player": "p2", "movement": 1, "to": [4, 5],
                           "card": ITEMS[0]})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "illegal" and "turn" in error["message"]
    assert error["rule"]["quote"] in RULEBOOK and error["rule"]["section_id"]
    assert table.refresh()["seq"] == seq  # a refused event writes nothing

    # A stale client and a missing token are refused before any rule is looked at.
    event = choose_move(table, "p1")
    assert table.post(event, expected_seq=seq + 5).status_code == 409
    assert client.post(f"/api/sessions/{table.id}/events",
                       json={"event": event, "expected_seq": seq}).status_code == 401

    # Undo and redo: the move is taken back, then put back.
    table.play(event)
    moved = table.state["figures"]["p1"]
    response = client.post(f"/api/sessions/{table.id}/undo",
                           headers={"Authorization": f"Bearer {table.token}"})
    assert response.status_code == 200 and response.get_json()["undo"] == event
    table.refresh()
    assert table.state["figures"]["p1"] == [1, 1] and table.view["phase"] == "turn_move"
    assert table.view["can_redo"] and table.view["next_redo"] == event
    response = client.post(f"/api/sessions/{table.id}/redo",
                           json={"expected_seq": table.view["seq"]},
                           headers={"Authorization": f"Bearer {table.token}"})
    assert response.status_code == 200
    table.refresh()
    assert table.state["figures"]["p1"] == moved and table.view["phase"] == "turn_activate"

    # A rule of the Activate phase, refused with its quote: the leader (sword) will not take an
    # item whose activation symbol does not match.
    hand = table.state["players"]["p1"]["hand"]
    wrong = next(n for n, item in enumerate(hand, start=1) if item["activation"] != "sword")
    response = table.post({"type": "activate", "player": "p1", "character": "leader",
                           "hand": wrong})
    assert response.status_code == 422
    rule = response.get_json()["error"]["rule"]
    assert rule["quote"] == ("To activate a leader tile or a companion card, an item card must be "
                             "played face-up under a character with a matching activation "
                             "symbol.")
    assert rule["quote"] in RULEBOOK
    table.play({"type": "gain_clover", "player": "p1"})
    table.replenish("p1")

    # The rest of the game: 4 rounds of 3 turns each, clockwise from the rooster.
    turns = 1
    while not table.view["over"]:
        [seat] = table.view["current_players"]
        assert seat == table.state["current"]
        play_turn(table, seat)
        turns += 1
        assert all(e["card"] is not None for e in table.state["display"])
        assert turns <= 24
    assert turns == 24
    assert table.state["round"] == 4
    assert [e["group"] for e in table.state["display"]][:2] == [1, 1]

    # The end: no event is possible any more, and the scores are final.
    assert table.view["legal"] == [] and table.view["current_players"] == []
    response = table.post({"type": "gain_clover", "player": "p1"})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == "After round 4, the game ends."
    scores = table.view["scores"]
    assert scores["final"] is True
    players = {p["seat"]: p for p in scores["players"]}
    assert set(players) == {"p1", "p2"}
    for seat, score in players.items():
        assert score["total"] == sum(line["points"] for line in score["breakdown"])
        mine = table.state["players"][seat]
        adventure_points = sum(a["points"] for a in mine["completed"])
        assert score["total"] >= adventure_points + mine["clovers"] // 3
        for line in score["breakdown"]:
            assert line["rule"]["quote"] in RULEBOOK
    # This table's game: both signed up for tiles B and A (Ann first on both); Ann completed more
    # adventures (6 to 3: since session 9 the legal events also pay with the items the party
    # holds). The lines above tie each total to the state; pin the result too.
    assert [q["quills"] for q in table.state["quests"]][:2] == [["p1", "p2", None]] * 2
    assert {s: p["total"] for s, p in players.items()} == {"p1": 25, "p2": 14}
    labels = {line["label"] for line in players["p1"]["breakdown"]}
    assert "Public quest A (1a): quill space" in labels and "Completed adventures" in labels
    assert scores["winners"] == ["p1"]

    # The log holds every accepted event, the undone one marked as such.
    log = client.get(f"/api/sessions/{table.id}/log").get_json()
    kinds = [entry["kind"] for entry in log["entries"]]
    assert kinds.count("undo") == 1 and kinds.count("redo") == 1
    assert log["seq"] == table.view["seq"]


def test_cards_going_into_a_hand_are_read_only_by_their_seat(client):
    """ "A player's hand may hold any number of item cards. Don't show them to other players!":
    the starting card drawn, a card bought with clovers and the card of an item space reached by a
    move are in the log for their seat; the other seat and a spectator read only that it happened."""
    table = Table(client)
    deal(table)
    move = next(e for e in table.legal("move", player="p1") if table.kind(e["to"]) == "item")
    table.play(table.fill(move))
    table.play({"type": "gain_clover", "player": "p1"})
    bought = ITEMS[3]
    table.play({"type": "buy_item", "player": "p1", "item": bought})
    assert bought in table.state["players"]["p1"]["hand"]

    def log_as(seat=None):
        query = f"?seat={seat}" if seat else ""
        headers = {"Authorization": f"Bearer {table.token}"} if seat else {}
        response = client.get(f"/api/sessions/{table.id}/log{query}", headers=headers)
        assert response.status_code == 200
        return {e["event"]["type"]: e["event"] for e in response.get_json()["entries"]
                if e["kind"] == "event" and e["event"]["player"] == "p1"}

    own = log_as("p1")
    assert own["buy_item"]["item"] == bought and own["move"]["card"] and own["choose_corner"]["drawn"]
    for reader in ("p2", None):
        seen = log_as(reader)
        assert seen["buy_item"]["item"] is None and seen["move"]["card"] is None
        assert seen["choose_corner"]["drawn"] is None
        assert seen["move"]["to"] == own["move"]["to"]  # where the figure went is public
        view = client.get(f"/api/sessions/{table.id}" + (f"?seat={reader}" if reader else ""),
                          headers={"Authorization": f"Bearer {table.token}"} if reader else {})
        assert bought not in view.get_json()["state"]["players"]["p1"]["hand"]
