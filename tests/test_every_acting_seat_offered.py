"""Finding 143: every seat `current_players()` names is offered, in `legal`, what it may enter now,
with its own seat as the event's `player`; an event done for the whole table (`table_events`: any
acting seat may enter it, and who enters it changes nothing) is listed for each acting seat, the same
but for `player`, and a phone entering for several seats lists it once.

Per game: random play (each game's own random-play fill) checks at every position that no acting
seat is left with nothing listed, and that a table event entered by each acting seat, with the same
fields, is accepted or refused alike and leaves the same table; then the moments the finding named,
through the API (each seat's own phone).
"""

import copy
import json
import random
import re
from html import unescape

import pytest

from referee import referees
from referee.core import RuleViolation, engine
from referee.core.rules import BadRequest
from tests import test_journey_random as journey_random
from tests import test_pilgrims_http as pilgrims_http
from tests import test_pillars_of_fate_random as pof_random
from tests import test_we_forlorn_few_random as wff_random
from tests.api_table import ApiTable, seat_headers

GAMES = referees()


def avignon_walk(rng):
    game = GAMES["avignon"]
    return engine.check_setup(game, {"players": ["Rosa", "Aldo"]}), lambda event, model: event


def journey_walk(rng):
    game = GAMES["journey"]
    return (engine.check_setup(game, journey_random.SETUP),
            lambda event, model: journey_random.fill(event, model, rng))


def pillars_of_fate_walk(rng):
    game = GAMES["pillars-of-fate"]
    options = {name: rng.choice(values) for name, values in pof_random.RULINGS.items()}
    return (engine.check_setup(game, {"players": ["Ana", "Ben"], "options": options}),
            lambda event, model: pof_random.fill(event, rng, model))


def we_forlorn_few_walk(rng):
    return (wff_random.setup_for(rng), lambda event, model:
            wff_random.fill(rng, model, event) if "open" in event else event)


def pilgrims_walk(rng):
    game = GAMES["pilgrims"]

    def fill(event, model):
        """The cards read off the table: an item card for a card, a level I adventure."""
        for name in event.pop("open", []):
            if name in ("item", "drawn", "card"):
                event[name] = rng.choice(pilgrims_http.ITEMS + pilgrims_http.COMPANIONS)
            elif name == "adventure":
                event[name] = rng.choice(pilgrims_http.LEVEL_1)
            elif name == "source":
                event[name] = "level1"
        return event

    setup = copy.deepcopy(game.example_setup)
    setup["options"]["journey_cards"] = bool(rng.getrandbits(1))  # both players choose at once
    return engine.check_setup(game, setup), fill


WALKS = {"avignon": avignon_walk, "journey": journey_walk, "pillars-of-fate": pillars_of_fate_walk,
         "we-forlorn-few": we_forlorn_few_walk, "pilgrims": pilgrims_walk}


def outcome(game, setup, model, event):
    """The table after `event` on a copy of `model` (JSON text), or the refusal's message with the
    entering player's name taken out."""
    trial = engine.restore(game, setup, json.loads(json.dumps(model.snapshot())))
    try:
        engine.apply(trial, event)
    except (RuleViolation, BadRequest) as refused:
        return "refused: " + refused.message.replace(model.player_name(event["player"]), "X")
    return json.dumps([trial.G, trial.phase], sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(WALKS))
@pytest.mark.parametrize("seed", range(4))
def test_random_play_leaves_no_acting_seat_without_a_choice(game_id, seed):
    game, rng = GAMES[game_id], random.Random(seed)
    setup, fill = WALKS[game_id](rng)
    model = engine.start(game, setup)
    positions = 0
    for _step in range(150):
        if model.game_over:
            break
        legal, acting = model.legal(), model.current_players()
        positions += 1
        for seat in acting:
            assert any(event["player"] == seat for event in legal), (seat, model.phase, legal)
        for event in legal:
            if game.for_the_table(event):
                copies = [e for e in legal if {**e, "player": None} == {**event, "player": None}]
                assert sorted(e["player"] for e in copies) == sorted(acting), event
        shared = engine.once_for_the_table(legal, game)
        for first in [e for e in shared if game.for_the_table(e)][:2]:
            filled = fill(copy.deepcopy(first), model)
            if filled is None:
                continue
            outcomes = {outcome(game, setup, model, {**filled, "player": seat}) for seat in acting}
            assert len(outcomes) == 1, (first, outcomes)
        event = fill(copy.deepcopy(rng.choice(legal)), model) if legal else None
        if event is None:
            if not any("open" not in e for e in legal):
                break
            event = rng.choice([e for e in legal if "open" not in e])
        try:
            engine.apply(model, event)
        except (RuleViolation, BadRequest):
            continue
    assert positions > 1


def test_one_phone_for_several_seats_lists_a_table_event_once_as_its_own_seats():
    legal = [{"type": "draw", "player": "rome", "character": "Vicar"},
             {"type": "draw", "player": "avignon", "character": "Vicar"},
             {"type": "draw", "player": "rome", "character": "Nuncio"},
             {"type": "draw", "player": "avignon", "character": "Nuncio"},
             {"type": "beseech", "player": "rome", "path": 1},
             {"type": "beseech", "player": "avignon", "path": 1}]
    avignon = GAMES["avignon"]  # its setup draws are done for the table; a beseech is a seat's
    assert engine.once_for_the_table(legal, avignon) == [legal[0], legal[2], *legal[4:]]
    assert engine.once_for_the_table(legal, avignon, "avignon") == [legal[1], legal[3], *legal[4:]]
    assert engine.once_for_the_table(legal, GAMES["pilgrims"]) == legal  # none for the table


# -- through the API: each seat's own phone ----------------------------------------------------------


def own_choices(client, table, seat, headers=None):
    """The seat's phone (claiming the seat, unless its `headers` are given): its headers, the
    events `legal` lists for it, and its view."""
    headers = headers or seat_headers(client, table, seat)
    view = client.get(f"/api/sessions/{table.id}", headers=headers).get_json()
    return headers, [event for event in view["legal"] if event["player"] == seat], view


def post(client, table, headers, event, seq):
    return client.post(f"/api/sessions/{table.id}/events", headers=headers,
                       json={"event": event, "expected_seq": seq})


def test_avignon_either_phone_is_offered_the_setup_draws_and_only_the_drawer_a_scored_draw(client):
    table = ApiTable(client, {"game": "avignon", "players": ["Rosa", "Aldo"]})
    assert client.get("/api/games/avignon").get_json()["table_events"] == ["draw"]
    rosa, rosas, view = own_choices(client, table, "rome")
    aldo, aldos, _ = own_choices(client, table, "avignon")
    assert view["current_players"] == ["rome", "avignon"]
    assert [e["character"] for e in aldos] == [e["character"] for e in rosas] == [
        "Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]
    assert all(e == {"type": "draw", "player": "avignon", "character": e["character"]}
               for e in aldos)
    answer = post(client, table, aldo, aldos[0], 0)
    assert answer.status_code == 200, answer.get_json()

    # a card scored into Rosa's Congregation: Rosa draws its replacement, and only she is to act
    late = ApiTable(client, {"game": "avignon", "players": ["Rosa", "Aldo"], "position": {
        "board": [{"path": 1, "character": "Vicar", "location": "rome"},
                  *({"path": p, "character": c, "location": "genoa"}
                    for p, c in zip(range(2, 6), ["Scribe", "Nuncio", "Ascetic", "Canonist"],
                                    strict=True))],
        "turn": "rome", "first_turn": False}})
    late.accepted({"type": "beseech", "player": "rome", "path": 1})
    drawing = late.view()
    assert drawing["phase"] == "draw" and drawing["current_players"] == ["rome"]
    assert {e["player"] for e in drawing["legal"]} == {"rome"}
    late.refused({"type": "draw", "player": "avignon", "character": "Scribe"},
                 "That player then draws")


JOURNEY = {"game": "journey", "players": ["Ann", "Ben"],
           "options": {"pilgrim_profiles": journey_random.PROFILES},
           "position": {"gates": [{"id": "g1"}], "demons": ["berrok"]}}


def test_journey_each_players_phone_is_offered_the_maintenance_and_the_quests_result(client):
    table = ApiTable(client, JOURNEY)
    view = table.view()
    assert view["phase"] == "maintenance" and view["current_players"] == ["p1", "p2"]
    ann, anns, _ = own_choices(client, table, "p1")
    _ben, bens, _ = own_choices(client, table, "p2")
    for seat, own in (("p1", anns), ("p2", bens)):
        assert {"type": "maintenance", "player": seat} in own
        assert {"type": "quest_result", "player": seat, "open": ["outcome", "condition"]} in own
    answer = post(client, table, ann, {"type": "maintenance", "player": "p1"}, 0)
    assert answer.status_code == 200, answer.get_json()
    assert table.view()["phase"] == "pilgrims"


def test_pillars_of_fate_each_player_is_offered_the_ages_quests_on_their_own_phone(client):
    table = ApiTable(client, {"game": "pillars-of-fate", "players": ["Ana", "Ben"]})
    drafted = {"sun": ["Isabel", "Invictus", "Klar"], "moon": ["Namari", "Pentha", "Mother to All"]}
    phones = {}
    for seat in ("sun", "moon"):
        headers, own, view = phones[seat] = own_choices(client, table, seat)
        assert own == [{"type": "draft_divine", "player": seat, "open": ["kept", "passed"]}]
        kept, *passed = drafted[seat]
        answer = post(client, table, headers, {"type": "draft_divine", "player": seat,
                                               "kept": kept, "passed": passed}, view["seq"])
        assert answer.status_code == 200, answer.get_json()
    view = table.view()
    assert view["phase"] == "quests" and view["current_players"] == ["sun", "moon"]
    for seat in ("sun", "moon"):
        _headers, own, _view = own_choices(client, table, seat, phones[seat][0])
        assert [e["type"] for e in own] == ["begin_age"]


def test_we_forlorn_few_names_one_acting_seat_whose_phone_has_its_choices(client):
    table = ApiTable(client, GAMES["we-forlorn-few"].example_setup)
    [seat] = table.view()["current_players"]
    _headers, own, _view = own_choices(client, table, seat)
    assert own


def test_pilgrims_both_players_choosing_a_journey_card_each_have_it_on_their_phone(client):
    setup = copy.deepcopy(GAMES["pilgrims"].example_setup)
    setup["options"]["journey_cards"] = True
    table = ApiTable(client, setup)
    for drawn in pilgrims_http.ITEMS[:2]:  # the corners, the last player first
        [seat] = table.view()["current_players"]
        corner = next(e for e in table.view(seat)["legal"] if e["type"] == "choose_corner")
        table.accepted({**{k: v for k, v in corner.items() if k != "open"},
                        **dict.fromkeys(corner["open"], drawn)})
    view = table.view()
    assert view["phase"] == "start_journeys" and view["current_players"] == ["p1", "p2"]
    for seat in ("p1", "p2"):
        _headers, own, _view = own_choices(client, table, seat)
        assert own == [{"type": "choose_journey", "player": seat, "open": ["card"]}]

def choices_on_the_page(html: str) -> list[dict]:
    return [json.loads(unescape(value))
            for value in re.findall(r'<button type="submit" name="event" value="([^"]+)"', html)]


def test_the_tables_shared_phone_lists_each_setup_draw_once(client):
    form = client.get("/play/new?game=avignon")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form.text).group(1)
    created = client.post("/play/new?game=avignon",
                          data={"csrf_token": csrf, "player": ["Rosa", "Aldo"]})
    assert created.status_code == 303, created.text
    page = client.get(created.headers["Location"].split("?")[0])
    draws = [e for e in choices_on_the_page(page.text) if e["type"] == "draw"]
    assert [e["character"] for e in draws] == [
        "Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]
    assert {e["player"] for e in draws} == {"rome"}  # the first seat's, as the game lists it
    assert "(Rosa)" not in page.text.split('class="legal"')[1].split("</form>")[0]
