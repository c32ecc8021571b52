"""Journey through the HTTP API and the pages: a turn with a Demon Phase, the Demon AI's one-tap
choice, a refusal with its rule, and the new-Quest form."""

import re

from referee.journey import demon_ai as D

PROFILES = {"monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
            "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2}}


def start(client, position, players=("Ann", "Ben")):
    response = client.post("/api/sessions", json={
        "game": "journey", "players": list(players),
        "options": {"pilgrim_profiles": PROFILES, "demon_profiles": DEMONS},
        "position": position})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post(client, game, seq, event):
    return client.post(f"/api/sessions/{game['id']}/events",
                       headers={"Authorization": f"Bearer {game['edit_token']}"},
                       json={"event": event, "expected_seq": seq})


def play(client, game, *events):
    seq = game["seq"]
    for event in events:
        answer = post(client, game, seq, event)
        assert answer.status_code == 200, (event, answer.get_json())
        seq = answer.get_json()["seq"]
    return seq


def test_a_turn_through_the_api_with_the_demon_ai_choice_in_legal(client):
    game = start(client, {"gates": [{"id": "gate-1"}], "demons": ["berrok"]})
    seq = play(client, game,
               {"type": "maintenance", "player": "p1"},
               {"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
               {"type": "end_activation", "player": "p1", "pilgrim": "monkey_king"},
               {"type": "end_activation", "player": "p1", "pilgrim": "cho_hakkai"},
               {"type": "end_activation", "player": "p2", "pilgrim": "monk_sha"},
               {"type": "end_activation", "player": "p2", "pilgrim": "tripitaka"},
               {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                "demons": ["berrok"]})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert shown["phase"] == "demons_activate"
    assert {"type": "measure", "player": "p2", "of": "demons", "open": ["distances"]} in shown[
        "legal"]
    seq = play(client, {**game, "seq": seq},
               {"type": "measure", "player": "p1", "of": "demons",
                "distances": {"berrok-1": 2, "berrok-2": 6}},
               {"type": "demon_options", "player": "p1", "demon": "berrok-1",
                "options": [{"actions": ["move", "attack"], "targets": ["monkey_king"],
                             "squares": 1, "ends": "not_closer"},
                            {"actions": ["move", "attack"], "targets": ["tripitaka"],
                             "squares": 2}]})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    current = shown["state"]["demon_phase"]["current"]
    assert current["best"] == [2] and current["why"][0]["quote"] == D.Q_PRIORITY[1]
    assert {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 2} in shown[
        "legal"]
    refused = post(client, game, seq, {"type": "demon_plan", "player": "p1", "demon": "berrok-1",
                                       "option": 1})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["rule"]["quote"] == D.Q_PRIORITY[1]
    seq = play(client, {**game, "seq": seq},
               {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 2},
               {"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                "target": "tripitaka", "attack_dice": [3, 2], "defense_dice": [1, 1]})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert shown["state"]["pilgrims"]["tripitaka"]["hp"] == 5
    page = client.get(f"/play/{game['id']}")
    assert page.status_code == 200 and "berrok-2" in page.text


def test_the_table_page_shows_the_demon_ais_choice_and_its_rule(client):
    game = start(client, {"demons": ["berrok"]})
    play(client, game, {"type": "maintenance", "player": "p1"},
         *[{"type": "end_activation", "player": seat, "pilgrim": p} for p, seat in
           (("monkey_king", "p1"), ("cho_hakkai", "p1"), ("monk_sha", "p2"),
            ("tripitaka", "p2"))],
         {"type": "demon_options", "player": "p1", "demon": "berrok-1",
          "options": [{"actions": ["attack", "attack"], "targets": ["monk_sha"], "squares": 0}]})
    client.get(f"/play/{game['id']}/join?token={game['edit_token']}")
    page = client.get(f"/play/{game['id']}").text
    assert "What the rules make berrok-1 do" in page
    assert "Priority 3: Use the Action Points to attack any other Target." in page
    assert "berrok-1: attack then attack, attacking Monk Sha" in page


def start_from_the_form(client, data: dict) -> str:
    """Post the new-game form with the Pilgrims' profiles filled in; the new session's id."""
    for key, profile in PROFILES.items():
        for stat, value in profile.items():
            data[f"options.pilgrim_profiles.{key}.{stat}"] = str(value)
    created = client.post("/play/new?game=journey", data=data)
    assert created.status_code in (302, 303), created.text[:500]
    return created.headers["Location"].split("/")[2].split("?")[0]


def test_the_new_quest_form_starts_a_game_with_profiles_initiative_and_the_board(client):
    form = client.get("/play/new?game=journey").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    data = {"csrf_token": csrf, "start": "position", "player": ["Ann"],
            "options.initiative.0": "tripitaka", "options.initiative.1": "monk_sha",
            "options.initiative.2": "cho_hakkai", "options.initiative.3": "monkey_king",
            "position.gates.0.id": "gate-1", "position.demons#berrok": "2",
            "position.boxes.0": "box-1", "options.third_rest": "allowed"}
    session_id = start_from_the_form(client, data)
    state = client.get(f"/api/sessions/{session_id}").get_json()
    assert state["state"]["initiative"][0] == "tripitaka"
    assert sorted(state["state"]["demons"]) == ["berrok-1", "berrok-2"]
    assert state["state"]["tokens"]["boxes"] == ["box-1"]


def test_flood_gate_a_knock_back_and_its_follow_and_the_asura_seal_through_the_api(client):
    game = start(client, {"gates": [{"id": "g1"}], "demons": ["berrok"],
                          "pilgrims": {"tripitaka": {"hand": ["Asura Seal"]}}})
    seq = play(client, game,
               {"type": "maintenance", "player": "p1"},
               {"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                "targets": ["berrok-1"], "attack_dice": [1, 0], "pilgrim_die": 0,
                "weapon_damage": 0, "knock_back": 1})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert {"type": "follow", "player": "p1", "attacker": "monkey_king",
            "steps": 0} in shown["legal"]
    seq = play(client, {**game, "seq": seq},
               {"type": "follow", "player": "p1", "attacker": "monkey_king", "steps": 1},
               {"type": "end_activation", "player": "p1", "pilgrim": "monkey_king"},
               {"type": "end_activation", "player": "p1", "pilgrim": "cho_hakkai"},
               {"type": "end_activation", "player": "p2", "pilgrim": "monk_sha"},
               {"type": "play_card", "player": "p2", "pilgrim": "tripitaka",
                "card": "Asura Seal", "kind": "skill", "duration": "end_of_turn"},
               {"type": "end_activation", "player": "p2", "pilgrim": "tripitaka"},
               {"type": "spawn", "player": "p2", "gate": "g1", "card": "special",
                "name": "Flood Gate"})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert {"type": "flood_gate", "player": "p2", "gate": "g1",
            "open": ["closer"]} in shown["legal"]
    seq = play(client, {**game, "seq": seq},
               {"type": "flood_gate", "player": "p2", "gate": "g1",
                "closer": {"berrok-1": True}},
               {"type": "demon_options", "player": "p2", "demon": "berrok-1",
                "options": [{"actions": ["move", "attack"], "targets": ["tripitaka"],
                             "squares": 1, "ends": "closer"}]},
               {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    refused = post(client, game, seq, {"type": "demon_attack", "player": "p2",
                                       "demon": "berrok-1", "target": "tripitaka",
                                       "attack_dice": [3, 3], "defense_dice": [1, 1]})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["rule"]["quote"].startswith("Tripitaka - Asura Seal")
    seq = play(client, {**game, "seq": seq},
               {"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                "target": "tripitaka", "attack_dice": [3, 3]},
               {"type": "resolve_defeat", "player": "p2", "pilgrim": "tripitaka",
                "choice": "kill"})
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert shown["phase"] == "end" and shown["state"]["pilgrims"]["tripitaka"]["hp"] == 8
    assert shown["state"]["pilgrims"]["tripitaka"]["bad_karma"] == 2


def test_the_new_quest_form_leaves_the_initiative_to_a_quest_that_prints_it(client):
    """Quest 2 fixes the Initiative Tokens; the form's tokens start blank ("as the Quest prints it,
    else dealt"), so the Quest starts without the table having to set its order by hand."""
    form = client.get("/play/new?game=journey").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    assert "as the Quest prints it, else dealt" in form
    data = {"csrf_token": csrf, "start": "position", "player": ["Ann"], "options.quest": "q2",
            **{f"options.initiative.{n}": "" for n in range(4)}}
    session_id = start_from_the_form(client, data)
    state = client.get(f"/api/sessions/{session_id}").get_json()["state"]
    assert state["initiative"] == ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
