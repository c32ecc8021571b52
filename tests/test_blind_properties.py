"""Outsider property tests, round 5: random schema-valid setups, positions, events and tallies
for every game, built only from what the API publishes (`GET /api/games/<game>`: the options',
position's, events' and calculator's JSON Schemas, and the example setup). Over all of them the
server answers 2xx/4xx and never 5xx; a refused event leaves the game exactly as it was (the
view before == the view after); every complete event `legal` offers is accepted, and undoing it
gives back the game as it was.

The sweeps are derandomized (the same examples every run, so a failure is one a rerun shows) and
kept small so the file runs in well under a minute; `BLIND_SWEEP_EXAMPLES=<n>` hunts further.

Round 6 adds: in every game a position already over (the book's end condition met in the
position, the rest of it drawn at random) is refused, or reported over with nothing offered and
no event accepted."""

import json
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.api_table import rulebook

GAMES = ("avignon", "pilgrims", "pillars-of-fate", "we-forlorn-few", "journey")
# BLIND_SWEEP_EXAMPLES=500 runs a longer, random (not derandomized) sweep to hunt with.
HUNT = os.environ.get("BLIND_SWEEP_EXAMPLES")
SWEEP = settings(max_examples=int(HUNT or 15), deadline=None, derandomize=not HUNT, database=None,
                 suppress_health_check=list(HealthCheck))
LONGEST_ARRAY = 4
LONGEST_STRING = 10
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def declarations(client):
    return {game: client.get(f"/api/games/{game}").get_json() for game in GAMES}


def from_schema(schema: dict) -> st.SearchStrategy:
    """A value valid against `schema`, for the keywords the games' published schemas use."""
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    branches = schema.get("oneOf") or schema.get("anyOf")
    if branches:
        rest = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}
        return st.one_of([from_schema({**rest, **branch}) for branch in branches])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": one}) for one in kind])
    if kind == "integer":
        return st.integers(schema.get("minimum", -3), schema.get("maximum", 30))
    if kind == "number":
        return st.floats(schema.get("minimum", -3), schema.get("maximum", 30), allow_nan=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "string":
        low = schema.get("minLength", 0)
        return st.text("abcdefghijklmnopqrstuvwxyz ABC-", min_size=low,
                       max_size=max(low, min(schema.get("maxLength", LONGEST_STRING), LONGEST_STRING)))
    if kind == "array":
        low = schema.get("minItems", 0)
        high = max(low, min(schema.get("maxItems", LONGEST_ARRAY), LONGEST_ARRAY))
        items = from_schema(schema.get("items", {"type": "integer"}))
        if schema.get("uniqueItems"):
            return st.lists(items, min_size=low, max_size=high,
                            unique_by=lambda value: json.dumps(value, sort_keys=True))
        return st.lists(items, min_size=low, max_size=high)
    if kind == "object" or "properties" in schema:
        return objects(schema)
    return st.integers(0, 3)


@st.composite
def objects(draw, schema):
    properties = schema.get("properties", {})
    required = set(schema.get("required", ()))
    value = {}
    for name, sub in properties.items():
        if name in required or draw(st.booleans()):
            value[name] = draw(from_schema(sub))
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict) and not properties:
        keys = from_schema(schema.get("propertyNames", {"type": "string", "minLength": 1}))
        low = schema.get("minProperties", 0)
        high = max(low, min(schema.get("maxProperties", 3), 3))
        more = draw(st.dictionaries(keys, from_schema(extra), min_size=low, max_size=high))
        value.update(more)
    return value


def view(client, created, seat=None):
    response = client.get(f"/api/sessions/{created['id']}" + (f"?seat={seat}" if seat else ""),
                          headers={"Authorization": "Bearer " + created["edit_token"]})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def created_or_refused(client, setup):
    """The game `setup` creates, or None when it is refused with a 4xx error (never a 5xx)."""
    response = client.post("/api/sessions", json=setup)
    assert response.status_code < 500, (setup, response.get_data(as_text=True)[:300])
    if response.status_code != 201:
        assert "error" in response.get_json()
        return None
    return response.get_json()


def offered_now(client, created, table_view):
    """Every complete event `legal` offers now: a game with hidden hands shows its `legal` only
    to the seats, so each seat to play is asked as well."""
    events = complete(table_view["legal"])
    for seat in table_view["current_players"]:
        events += [event for event in complete(view(client, created, seat)["legal"])
                   if event not in events]
    return events


def enter(client, created, seq, event):
    return client.post(f"/api/sessions/{created['id']}/events",
                       headers={"Authorization": "Bearer " + created["edit_token"]},
                       json={"event": event, "expected_seq": seq})


SAME_AFTER_UNDO = ("phase", "over", "current_players", "state", "scores", "legal")


def undone(client, created):
    response = client.post(f"/api/sessions/{created['id']}/undo",
                           headers={"Authorization": "Bearer " + created["edit_token"]}, json={})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["seq"]


def complete(legal):
    """The events `legal` offers whole (an entry with `open` fields asks the table for more)."""
    return [event for event in legal if "open" not in event]


@st.composite
def setups(draw, declaration):
    """A setup: the example's, with some options and the position drawn from their schemas."""
    setup = json.loads(json.dumps(declaration["example_setup"]))
    options = dict(setup.get("options") or {})
    for name, option in declaration["options"].items():
        if draw(st.integers(0, 3)) == 0:
            options[name] = draw(from_schema(option["schema"]))
    setup["options"] = options
    position_schema = declaration["position_schema"]
    shape = draw(st.integers(0, 2))
    if shape == 1:
        setup["position"] = draw(from_schema(position_schema))
    elif shape == 2 and isinstance(setup.get("position"), dict) and position_schema.get("properties"):
        name = draw(st.sampled_from(sorted(position_schema["properties"])))
        setup["position"][name] = draw(from_schema(position_schema["properties"][name]))
    if draw(st.integers(0, 3)) == 0:
        seats = declaration["players"]
        count = draw(st.integers(seats["min"], seats["max"]))
        setup["players"] = list(NAMES[:count])
    return setup


def event_of(declaration):
    return st.sampled_from(sorted(declaration["events"])).flatmap(
        lambda kind: from_schema(declaration["events"][kind]["schema"]))


@st.composite
def altered(draw, declaration, event):
    """A legal event with one of its fields drawn again from its type's schema: the entry a table
    gets slightly wrong (the other path, the other player, one more die)."""
    properties = declaration["events"][event["type"]]["schema"].get("properties", {})
    names = sorted(name for name in properties if name != "type")
    if not names:
        return event
    name = draw(st.sampled_from(names))
    return {**event, name: draw(from_schema(properties[name]))}


@pytest.mark.parametrize("game", GAMES)
def test_random_setups_are_created_or_refused_never_a_server_error(client, declarations, game):
    declaration = declarations[game]

    @SWEEP
    @given(setups(declaration), st.lists(event_of(declaration), max_size=3))
    def sweep(setup, events):
        created = created_or_refused(client, setup)
        if created is None:
            return
        seq = created["seq"]
        offered = offered_now(client, created, view(client, created))
        if offered:
            first = enter(client, created, seq, offered[0])
            assert first.status_code == 200, (setup, offered[0], first.get_json())
            seq = first.get_json()["seq"]
        for event in events:
            answer = enter(client, created, seq, event)
            assert answer.status_code < 500, (setup, event, answer.get_data(as_text=True)[:300])
            if answer.status_code == 200:
                seq = answer.get_json()["seq"]

    sweep()


@pytest.mark.parametrize("game", GAMES)
def test_refused_events_change_nothing_and_legal_events_are_accepted_and_undone(
        client, declarations, game):
    declaration = declarations[game]

    @SWEEP
    @given(st.data())
    def walk(data):
        # A random setup when it is accepted, else the game's own example.
        response = client.post("/api/sessions", json=data.draw(setups(declaration)))
        if response.status_code != 201:
            response = client.post("/api/sessions", json=declaration["example_setup"])
        created = response.get_json()
        seq = created["seq"]
        for _ in range(12):
            before = view(client, created)
            offered = offered_now(client, created, before)
            choice = data.draw(st.integers(0, 3))
            if offered and choice < 2:
                event = data.draw(st.sampled_from(offered))
                answer = enter(client, created, seq, event)
                assert answer.status_code == 200, (event, answer.get_json())
                seq = answer.get_json()["seq"]
                if choice == 1:
                    seq = undone(client, created)
                    after = view(client, created)
                    assert {key: after[key] for key in SAME_AFTER_UNDO} == \
                        {key: before[key] for key in SAME_AFTER_UNDO}, event
                continue
            if offered and choice == 2:
                event = data.draw(altered(declaration, data.draw(st.sampled_from(offered))))
            else:
                event = data.draw(event_of(declaration))
            answer = enter(client, created, seq, event)
            assert answer.status_code < 500, (event, answer.get_data(as_text=True)[:300])
            if answer.status_code == 200:
                seq = answer.get_json()["seq"]
            else:
                assert view(client, created) == before, event

    walk()


@pytest.mark.parametrize("game", GAMES)
def test_random_tallies_are_scored_or_refused_never_a_server_error(client, declarations, game):
    schema = declarations[game]["score_schema"]

    @SWEEP
    @given(from_schema(schema))
    def tally(body):
        response = client.post(f"/api/score/{game}", json=body)
        assert response.status_code < 500, (body, response.get_data(as_text=True)[:300])
        answer = response.get_json()
        if response.status_code == 200:
            assert set(answer["winners"]) <= {player["seat"] for player in answer["players"]}
        else:
            assert "error" in answer

    tally()


def cited_everywhere(game, scores):
    """Every line of a breakdown and the decision cite a sentence of the book, verbatim."""
    book = rulebook(game)
    for player in scores["players"]:
        for line in player["breakdown"]:
            assert line["rule"] is not None, line
            assert line["rule"]["quote"] in book, line
    if scores.get("decided_by", {}).get("rule"):
        assert scores["decided_by"]["rule"]["quote"] in book


@pytest.mark.parametrize("game", GAMES)
def test_every_score_line_live_and_calculated_cites_the_book(client, declarations, game):
    # README: "players with a total and a breakdown whose every line cites its rule".
    declaration = declarations[game]

    # No shrinking: a failure here (Journey's, finding 60) spent minutes minimizing itself.
    @settings(SWEEP, max_examples=int(HUNT or 10), report_multiple_bugs=False,
              phases=[Phase.explicit, Phase.reuse, Phase.generate])
    @given(setups(declaration), from_schema(declaration["score_schema"]))
    def scored(setup, body):
        created = client.post("/api/sessions", json=setup)
        if created.status_code == 201:
            cited_everywhere(game, created.get_json()["scores"])
        calculated = client.post(f"/api/score/{game}", json=body)
        if calculated.status_code == 200:
            cited_everywhere(game, calculated.get_json())

    scored()


# --- Round 6: a position already over ------------------------------------------------------------
# Each game's book ends the game on a condition a position can show; a table entering such a
# position has no game to go on with: the position is refused (4xx), or the game is reported over
# at once, with nothing offered and no event accepted (neither `legal`'s nor any drawn from the
# events' schemas).

AVIGNON_CHARACTERS = ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")
AVIGNON_LOCATIONS = ("avignon", "nice", "genoa", "florence", "rome")


@st.composite
def avignon_over(draw):
    # "The game ends when one player has three cards in his or her Congregation."
    # The twelve cards, two of each character: five on the map, three or four scored.
    cards = draw(st.permutations([name for name in AVIGNON_CHARACTERS for _ in range(2)]))
    board = [{"path": path, "character": cards[path - 1],
              "location": draw(st.sampled_from(AVIGNON_LOCATIONS[1:4]))} for path in range(1, 6)]
    winner = draw(st.sampled_from(("rome", "avignon")))
    congregation = cards[5:5 + draw(st.integers(3, 4))]
    turn = draw(st.sampled_from(("rome", "avignon")))
    if draw(st.booleans()) and "Scribe" in cards[:5]:
        # Scribe: "At the start of your turn, if Scribe is in GENOA and you have two in your
        # Congregation, WIN." Two scored, the Scribe in Genoa, the winner's turn starting.
        board[cards.index("Scribe")]["location"] = "genoa"
        congregation, turn = [card for card in cards[5:] if card != "Scribe"][:2], winner
    return {"game": "avignon", "players": [{"name": "Rosa", "seat": "rome"},
                                           {"name": "Aldo", "seat": "avignon"}],
            "position": {"board": board, "turn": turn, "first_turn": False,
                         "congregations": {winner: congregation,
                                           "rome" if winner == "avignon" else "avignon": []}}}


WFF_ROAD = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["CF", "B"]},
    {"name": "B", "kind": "Mountain", "travel_cost": {"wood": 2}, "resources": ["water"],
     "adjacent": ["A", "C"]},
    {"name": "C", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["B", "NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": ["C"]},
]
WFF_PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
WFF_HOLSTER = {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}
WFF_TOOL_BOX = {"name": "Tool Box", "type": "tool", "value": 2, "bonus": "wood"}
WFF_TRAVELERS = {
    "p1": {"name": "The Sheriff's Daughter", "equipment": [WFF_PISTOL, WFF_HOLSTER]},
    "p2": {"name": "The Self-Made Entrepreneur", "equipment": [WFF_PISTOL, WFF_TOOL_BOX]}}
WFF_RAVENOUS = {"status": "ravenous", "companions": 0,
                "resources": {"food": 0, "water": 0, "wood": 0}}


@st.composite
def we_forlorn_few_over(draw):
    # "The first Player to reach Newhaven is the winner." / "If all Travelers turn Ravenous, the
    # game is over." / "If a new round begins but there are no cards left in the Season deck then
    # all Travelers remaining on the Game Board perish and the game is over."
    tile = st.sampled_from(("A", "B", "C"))
    ending = draw(st.sampled_from(("arrival", "ravenous", "winter")))
    deck = draw(st.integers(0, 8))
    if ending == "arrival":
        position = {"round": 12 - deck, "season_deck": deck, "arrivals": ["p1"], "current": "p2",
                    "phase": draw(st.sampled_from(("travel", "gathering", "camp", "event"))),
                    "players": {"p1": {"tile": "NH", "status": "arrived"},
                                "p2": {"tile": draw(tile)}}}
    elif ending == "ravenous":
        position = {"round": 12 - deck, "season_deck": deck, "current": "p1",
                    "phase": "ravenous_movement",
                    "players": {seat: {"tile": draw(tile), "hunger": draw(st.integers(1, 3)),
                                       **WFF_RAVENOUS} for seat in ("p1", "p2")}}
    else:
        position = {"round": 13, "season_deck": 0, "phase": "season",
                    "first_player": draw(st.sampled_from(("p1", "p2"))),
                    "players": {seat: {"tile": draw(tile)} for seat in ("p1", "p2")}}
    return {"game": "we-forlorn-few", "players": ["Ann", "Bob"],
            "options": {"terrain": WFF_ROAD, "travelers": WFF_TRAVELERS}, "position": position}


@st.composite
def pillars_of_fate_over(draw):
    # Age III with every lane full: "The game ends after the third Age."
    power = st.integers(0, 9)
    lanes = {}
    for lane in ("left", "center", "right"):
        lanes[lane] = {"quest": {"feather": draw(st.integers(-2, 4)),
                                 "scorpion": draw(st.integers(-2, 4))},
                       "first": "sun", "pillar": draw(st.sampled_from(("sun", "moon"))),
                       "sun": [{"power": draw(power)} for _ in range(3)],
                       "moon": [{"power": draw(power)} for _ in range(3)]}
    lanes["left"]["sun"][2] = {"power": 5, "divine": "Klar"}
    lanes["left"]["moon"][2] = {"power": 2, "divine": "Pentha"}
    return {"game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                                   {"name": "Ben", "seat": "moon"}],
            "position": {"age": 3, "first_player": "sun", "turn": draw(st.sampled_from(("sun",
                                                                                        "moon"))),
                         "modifier": "double_power", "modifiers_used": ["no_power", "two_cards"],
                         "lanes": lanes, "divine": {"sun": [], "moon": []},
                         "hands": {"sun": {"count": 5}, "moon": {"count": 5}},
                         "renown": {"sun": draw(st.integers(0, 30)),
                                    "moon": draw(st.integers(0, 30))}}}


@st.composite
def pilgrims_over(draw):
    # "The game ends after the 4th round." Round 4 with every player's three turns taken.
    item = {"adventure": "leaf", "activation": "star"}
    return {"game": "pilgrims", "players": ["Ann", "Bob"],
            "options": {"campfires": [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]],
                        "public_quests": [{"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
                                          {"tile": "B", "mission": "2c",
                                           "cost": ["fist", "speech"]},
                                          {"tile": "C", "mission": "5",
                                           "cost": ["speech", "fist", "leaf"]}],
                        "leaders": {"p1": {"activation": ["sword"]},
                                    "p2": {"activation": ["notes"]}}},
            "position": {"round": 4, "current": draw(st.sampled_from(("p1", "p2"))),
                         "turns": {"p1": 3, "p2": 3},
                         "players": {"p1": {"figure": [3, 3], "hand": [item],
                                            "movement": [1, 2, 3]},
                                     "p2": {"figure": [5, 5], "hand": [item],
                                            "movement": [1, 2, 3]}}}}


JOURNEY_PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
                    "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
JOURNEY_ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
JOURNEY_LAYOUT = {"boxes": ["box-1"], "wells": ["well-1"], "gates": [{"id": "gate-1"}],
                  "sutras": ["sutra-1"], "villagers": ["villager-1"], "demons": ["berrok"]}


def journey_setup(quest, position, **quest_setup):
    options = {"quest": quest, "initiative": JOURNEY_ORDER, "pilgrim_profiles": JOURNEY_PROFILES}
    if quest in ("q5",):
        options["initiative"] = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]
    if quest in ("q7", "q8", "q10b"):
        options["karma_upgrades"] = "in_position"
    if quest_setup:
        options["quest_setup"] = quest_setup
    return {"game": "journey", "players": ["Ann", "Ben"], "options": options,
            "position": position}


@st.composite
def journey_lost(draw):
    # Free play, the default ruling "Defeat: Tripitaka is defeated."; each Quest's own Defeat.
    turn = draw(st.integers(2, 9))
    down = draw(st.sampled_from([{"hp": 0, "status": "dead"},
                                 {"hp": 0, "status": "unconscious", "posture": "face_down"},
                                 {"hp": 0, "status": "unconscious", "posture": "side"}]))
    quest = draw(st.sampled_from(("free", "q5", "q10b")))
    position = {"turn": turn, "pilgrims": {"tripitaka": down}}
    if quest == "free":
        position.update(JOURNEY_LAYOUT)
    setup = journey_setup(quest, position)
    if quest == "free" and down["status"] == "dead" and draw(st.booleans()):
        # The other reading, "Defeat: Tripitaka is Killed.": dead is lost under it too.
        setup["options"]["tripitaka_defeat"] = "killed"
    return setup


@st.composite
def journey_won(draw):
    # Quest 7: "The Quest ends immediately when the Gates are inactive and all Demons have been
    # removed from play…"; Quest 2: "…when both Map Tiles are free of Demons…" with Cho Hakkai
    # revived and 2 Sutras held (its Victory).
    turn = draw(st.integers(4, 12))
    if draw(st.booleans()):
        return journey_setup("q7", {
            "turn": turn, "gates": [{"id": f"gate-{n}", "status": "inactive"} for n in range(1, 5)],
            "sutras": ["sutra-1", "sutra-2", "sutra-3", "sutra-4"], "boxes": ["chest"],
            "wells": ["well-1", "well-2"]}, drawn=49)
    held = draw(st.integers(2, 3))
    return journey_setup("q2", {
        "turn": turn, "demons": [], "gates": [{"id": "gate-1"}, {"id": "gate-2"}],
        "sutras": [f"sutra-{n}" for n in range(1, 4 - held)], "villagers": ["villager-1"],
        "wells": ["well-1"],
        "pilgrims": {"cho_hakkai": {"hp": draw(st.integers(1, 12)), "status": "active"},
                     "tripitaka": {"sutras": held}}})


OVER = {"avignon": avignon_over(), "we-forlorn-few": we_forlorn_few_over(),
        "pillars-of-fate": pillars_of_fate_over(), "pilgrims": pilgrims_over(),
        "journey-lost": journey_lost(), "journey-won": journey_won()}


@pytest.mark.parametrize("kind", list(OVER))
def test_a_position_already_over_is_refused_or_over_with_no_event_accepted(
        client, declarations, kind):
    game = "journey" if kind.startswith("journey") else kind
    declaration = declarations[game]

    @settings(SWEEP, max_examples=int(HUNT or 6), report_multiple_bugs=False,
              phases=[Phase.explicit, Phase.reuse, Phase.generate])
    @given(OVER[kind], st.lists(event_of(declaration), max_size=3))
    def over(setup, drawn):
        created = created_or_refused(client, setup)
        if created is None:
            return
        table_view = view(client, created)
        assert table_view["over"] is True, (setup, table_view["scores"].get("decided_by"))
        assert offered_now(client, created, table_view) == []
        examples = [event["example"] for event in declaration["events"].values()]
        for event in examples + drawn:
            answer = enter(client, created, created["seq"], event)
            assert answer.status_code != 200, (setup, event, answer.get_json())

    over()
