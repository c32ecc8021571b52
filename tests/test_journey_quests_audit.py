"""Independent audit of Journey's Quests and campaign (issue 14), written from the Quest Guide and
the API's own description only (GET /api/games/journey, docs/games/journey.md's Quests and Campaign
sections) — not from the referee's code or its tests. Each scenario starts a Quest from its setup
(or a position), enters events as a table would through the HTTP API, and checks what a player
checks: 200/422, the Quest's conditions (met / not yet / no longer possible), the result with the
Guide's sentence, and refusals quoting the sentence that forbids the attempt (verbatim in the book)."""

from pathlib import Path

import pytest

from tests.api_table import ApiTable

BOOK = (Path(__file__).resolve().parent.parent / "rulebook_index" / "data" / "journey.txt").read_text()

PROFILES = {
    "pilgrim_profiles": {
        "monkey_king": {"max_hp": 10, "mv": 4}, "cho_hakkai": {"max_hp": 12, "mv": 3},
        "monk_sha": {"max_hp": 9, "mv": 3}, "tripitaka": {"max_hp": 8, "mv": 3},
    },
    "demon_profiles": {
        "berrok": {"hp": 3, "sp": 2, "gkr": 1, "bkr": 1, "attack_dice": 2},
        "bharhaz": {"hp": 3, "sp": 2, "gkr": 1, "bkr": 1, "attack_dice": 2},
        "boof": {"hp": 3, "sp": 2, "gkr": 1, "bkr": 1, "attack_dice": 2},
        "borrack": {"hp": 5, "sp": 3, "gkr": 2, "bkr": 2, "attack_dice": 3},
        "kogaiji": {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 2},
        "yazuiji": {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 2},
    },
}
PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")


def in_book(quote: str) -> str:
    assert quote in BOOK, f"not verbatim in the rulebook: {quote!r}"
    return quote


def start(client, quest, *, position=None, quest_setup=None, players=("Ann",), **options) -> ApiTable:
    options = {**PROFILES, "quest": quest, **options}
    if quest_setup is not None:
        options["quest_setup"] = quest_setup
    setup = {"game": "journey", "players": list(players), "options": options}
    if position is not None:
        setup["position"] = position
    return ApiTable(client, setup)


def ev(event_type, **fields):
    return {"type": event_type, "player": "p1", **fields}


def refused(table, event, quote):
    """The event is a 422 whose rule quotes `quote` (verbatim in the book); the game does not move."""
    seq = table.seq
    response = table.send(event)
    body = response.get_json()
    assert response.status_code == 422, body
    rule = body["error"]["rule"]
    quoted = rule["quote"] if isinstance(rule, dict) else " ".join(r["quote"] for r in rule)
    assert in_book(quote) in quoted, (quote, body["error"])
    assert table.seq == seq
    return body["error"]


def conditions(table, outcome):
    view = table.view()
    return [c for c in view["scores"]["quest"]["conditions"] if c["outcome"] == outcome]


def condition(table, outcome):
    found = conditions(table, outcome)
    assert found, outcome
    return found[0]


def part(table, outcome, text):
    for p in condition(table, outcome)["parts"]:
        if text in p["text"]:
            return p["status"]
    raise AssertionError(f"no part {text!r} in {condition(table, outcome)}")


def result(table):
    view = table.view()
    return view["state"]["result"] if view["over"] else None


def assert_result(table, outcome, quote):
    got = result(table)
    assert got is not None, "the Quest should be over"
    assert got["outcome"] == outcome, got
    assert in_book(quote) in got["quote"], got


def state(table):
    return table.view()["state"]


def kill(table, pilgrim, demon, hp=3, reward=1):
    table.accepted(ev("attack", pilgrim=pilgrim, targets=[demon], attack_dice=[3, 3], pilgrim_die=2,
                      weapon_damage=2, target_hp=hp))
    if result(table) is None and state(table)["pending"]:
        table.accepted(ev("resolve_defeat", pilgrim=pilgrim, choice="kill", reward=reward))


def current_pilgrim(table):
    activation = state(table)["activation"]
    return activation if isinstance(activation, str) else (activation or {}).get("pilgrim")


def end_activations(table, until=None):
    """End every Pilgrim's activation still to come (or up to `until`'s)."""
    while True:
        view = table.view()
        if view["over"] or view["phase"] != "pilgrims":
            return
        options = [e for e in view["legal"] if e["type"] == "end_activation"]
        if not options or options[0]["pilgrim"] == until:
            return
        table.accepted(ev("end_activation", pilgrim=options[0]["pilgrim"]))


def step(table, spawns=None):
    """One event that moves the turn on as a quiet table would: Pilgrims end their activations,
    each Gate draws what `spawns` gives it (default: a Berrok), each Demon does nothing."""
    view = table.view()
    legal, phase = view["legal"], view["phase"]
    if phase == "maintenance":
        table.accepted(ev("maintenance"))
    elif phase == "pilgrims":
        end_activations(table)
        view = table.view()
        if view["phase"] == "pilgrims" and not view["over"]:
            return False  # held by the Quest (Kei Lun)
    elif any(e["type"] == "measure" for e in legal):
        of = next(e["of"] for e in legal if e["type"] == "measure")
        s = view["state"]
        ids = ([g for g, v in s["gates"].items() if v["status"] == "active"] if of == "gates"
               else [d for d, v in s["demons"].items() if v.get("active", True)])
        table.accepted(ev("measure", of=of, distances={x: i + 1 for i, x in enumerate(ids)}))
    elif phase == "demons_spawn":
        gate = next(e["gate"] for e in legal if e["type"] == "spawn")
        card = (spawns or {}).get(gate, {"card": "reinforcement", "demons": ["berrok"]})
        table.accepted(ev("spawn", gate=gate, **card))
    elif phase == "demons_activate":
        plans = [e for e in legal if e["type"] == "demon_plan"]
        if plans:
            table.accepted(plans[0])
        else:
            demon = next(e["demon"] for e in legal if e["type"] == "demon_options")
            table.accepted(ev("demon_options", demon=demon, options=[]))
    elif phase == "end":
        table.accepted(ev("end_turn"))
    else:
        raise AssertionError(phase)
    return True


def finish_turn(table, spawns=None):
    """Play on quietly to the next Turn's Maintenance."""
    turn = state(table)["turn"]
    for _ in range(80):
        view = table.view()
        if view["over"] or view["state"]["turn"] > turn:
            return
        if not step(table, spawns):
            return
    raise AssertionError("the turn did not end")


def activate_until(table, demon, spawns=None):
    """Play on until `demon`'s activation is the one to enter."""
    for _ in range(80):
        view = table.view()
        if view["phase"] == "demons_activate" and not any(e["type"] == "measure" for e in view["legal"]):
            if any(e["type"] == "demon_options" and e["demon"] == demon for e in view["legal"]):
                return
        step(table, spawns)
    raise AssertionError(f"{demon} never came up")


def maintenance(table):
    table.accepted(ev("maintenance"))


# ---------------------------------------------------------------------------------------------
# Quest 1 - Meeting


def test_q1_victory_when_the_house_demons_are_removed(client):
    t = start(client, "q1")
    maintenance(t)
    assert state(t)["quest_state"]["house"] == ["berrok-1", "berrok-2"]
    kill(t, "monkey_king", "berrok-1")
    assert result(t) is None
    assert part(t, "victory", "defeat all Demons") == "not_yet"
    end_activations(t, until="cho_hakkai")
    kill(t, "cho_hakkai", "berrok-2")
    assert_result(t, "victory", "Victory: The Pilgrims must defeat all Demons in the Villagers' house.")


def test_q1_heroic_victory_needs_all_four(client):
    position = {
        "gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"], "doors": ["door-1"],
        "demons": ["berrok", "berrok"],
        "pilgrims": {"monkey_king": {"hand": ["Iron Skin"]}},
    }
    t = start(client, "q1", position=position)
    maintenance(t)
    t.accepted(ev("rescue_villager", pilgrim="monkey_king", villager="villager-1"))
    assert part(t, "heroic_victory", "rescue the Villagers") == "met"
    t.accepted(ev("play_card", pilgrim="monkey_king", card="Iron Skin", kind="skill"))
    assert part(t, "heroic_victory", "play a Skill Card") == "met"
    end_activations(t, until="tripitaka")
    t.accepted(ev("meditate", pilgrim="tripitaka", box="box-1", spinner="white",
                  seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Ginseng"))
    assert part(t, "heroic_victory", "Tripitaka must Meditate") == "met"
    finish_turn(t)
    maintenance(t)
    kill(t, "monkey_king", "berrok-1")
    end_activations(t, until="cho_hakkai")
    kill(t, "cho_hakkai", "berrok-2")
    assert_result(t, "heroic_victory", "Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka "
                  "must Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the "
                  "Villagers' house.")


def test_q1_demon_deck_holds_only_minion_reinforcements(client):
    t = start(client, "q1")
    maintenance(t)
    end_activations(t)
    refused(t, ev("spawn", gate="gate-1", card="unique", demons=["kogaiji"]),
            "Create a simple Demon Deck containing just the reinforcement cards for Minion Demons (Bull "
            "Warriors, Bull Archers, Bullserkers, and Bull Generals).")
    t.accepted(ev("spawn", gate="gate-1", card="reinforcement", demons=["bharhaz"]))


def test_q1_borrack_is_unique(client):
    t = start(client, "q1")
    maintenance(t)
    end_activations(t)
    t.accepted(ev("spawn", gate="gate-1", card="reinforcement", demons=["borrack"]))
    finish_turn(t)
    maintenance(t)
    end_activations(t)
    refused(t, ev("spawn", gate="gate-1", card="reinforcement", demons=["borrack"]),
            "If a Bull General is in play and another Bull General Demon Card is drawn, discard it and draw "
            "another.")
    t.accepted(ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]))


def test_q1_villager_transforms_after_five_turns(client):
    t = start(client, "q1")
    for turn in range(1, 6):
        assert state(t)["quest_state"]["villager_tokens"] == {"villager-1": 6 - turn}
        finish_turn(t)
    # End of Turn 5 took the last Turn Token; at the Maintenance the Villager becomes a Bull Warrior
    assert state(t)["quest_state"]["villager_tokens"] in ({"villager-1": 0}, {})
    assert "villager-1" in state(t)["tokens"]["villagers"]
    maintenance(t)
    s = state(t)
    assert "villager-1" not in s["tokens"]["villagers"]
    warriors = [d for d in s["demons"].values() if d["type"] == "berrok"]
    assert len(warriors) >= 3
    assert part(t, "heroic_victory", "rescue the Villagers") == "no_longer_possible"
    assert condition(t, "heroic_victory")["status"] == "no_longer_possible"
    in_book("In the Maintenance Phase when there are no Turn Tokens on the Villagers, replace the Villager "
            "Token with a Bull Warrior.")


def test_q1_rescue_on_turn_five_is_still_possible(client):
    t = start(client, "q1")
    for _ in range(4):
        finish_turn(t)
    maintenance(t)
    assert state(t)["turn"] == 5
    t.accepted(ev("rescue_villager", pilgrim="monkey_king", villager="villager-1"))
    assert part(t, "heroic_victory", "rescue the Villagers") == "met"


@pytest.mark.parametrize("ruling,counts", [("in_house", True), ("not_counted", False)])
def test_q1_transformed_villager_ruling(client, ruling, counts):
    """The Bull Warrior that replaces the Villager: one of the Demons in the house, or not."""
    t = start(client, "q1", q1_transformed_villager=ruling)
    for _ in range(5):
        finish_turn(t)
    before = set(state(t)["demons"])
    maintenance(t)
    warrior, = set(state(t)["demons"]) - before
    assert (warrior in state(t)["quest_state"]["house"]) == counts
    kill(t, "monkey_king", "berrok-1")
    end_activations(t, until="cho_hakkai")
    kill(t, "cho_hakkai", "berrok-2")
    if counts:
        assert result(t) is None
        end_activations(t, until="monk_sha")
        kill(t, "monk_sha", warrior)
    assert_result(t, "victory", "Victory: The Pilgrims must defeat all Demons in the Villagers' house.")


# ---------------------------------------------------------------------------------------------
# Quest 2 - Rescue


def test_q2_setup_cho_unconscious_and_fixed_initiative(client):
    t = start(client, "q2")
    s = state(t)
    assert s["pilgrims"]["cho_hakkai"]["status"] == "unconscious"
    assert s["pilgrims"]["cho_hakkai"]["posture"] == "face_down"
    assert s["initiative"] == ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
    assert "Shining Seal" in s["pilgrims"]["tripitaka"]["skills"]
    assert "Healing Fellowship" in s["pilgrims"]["monk_sha"]["skills"]
    response = client.post("/api/sessions", json={"game": "journey", "players": ["Ann"], "options": {
        **PROFILES, "quest": "q2", "initiative": ["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"]}})
    assert response.status_code in (400, 422), response.get_json()


def test_q2_cho_dies_on_the_third_maintenance_and_the_quest_is_lost(client):
    # "Unconscious Pilgrims are rotated in the Maintenance Phase (including the first turn)"
    t = start(client, "q2")
    maintenance(t)
    assert state(t)["pilgrims"]["cho_hakkai"]["posture"] == "side"
    finish_turn(t)
    maintenance(t)
    assert state(t)["pilgrims"]["cho_hakkai"]["posture"] == "back"
    finish_turn(t)
    maintenance(t)
    assert state(t)["pilgrims"]["cho_hakkai"]["status"] == "dead"
    assert_result(t, "defeat", "A Pilgrim was Killed")


def test_q2_victory_revive_and_two_sutras_then_clear(client):
    t = start(client, "q2")
    maintenance(t)
    t.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"))
    t.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-2"))
    assert part(t, "victory", "Sutra") == "met"
    t.accepted(ev("kill" if False else "attack", pilgrim="monk_sha", targets=["berrok-1"], attack_dice=[3, 3],
                  pilgrim_die=2, weapon_damage=2, target_hp=3))
    t.accepted(ev("resolve_defeat", pilgrim="monk_sha", choice="kill", reward=1))
    kill(t, "monk_sha", "berrok-2")
    t.accepted(ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=1))
    assert part(t, "victory", "Revive Cho Hakkai") == "met"
    assert result(t) is None
    t.accepted(ev("end_activation", pilgrim="tripitaka"))
    kill(t, "cho_hakkai", "berrok-3")
    assert_result(t, "victory", "Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
                  "Tokens.")


def test_q2_demons_cleared_too_early_is_a_defeat(client):
    t = start(client, "q2")
    maintenance(t)
    kill(t, "monkey_king", "berrok-1")
    kill(t, "monkey_king", "berrok-2")
    kill(t, "monk_sha", "berrok-3")
    assert_result(t, "defeat", "the Pilgrims cleared all the Demons before meeting either set of Victory "
                  "Conditions")


def test_q2_sutras_become_out_of_reach(client):
    # 3 Sutras on the board; sealing a Gate spends one. Two spent: "at least 2" can no longer be met.
    t = start(client, "q2")
    maintenance(t)
    t.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"))
    t.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-2"))
    t.accepted(ev("collect_sutra", pilgrim="monk_sha", sutra="sutra-3"))
    assert part(t, "victory", "Sutra") == "met"


# ---------------------------------------------------------------------------------------------
# Quest 3 - Village Fields


def test_q3_safe_house_villagers_cannot_be_rescued(client):
    t = start(client, "q3", quest_setup={"safe_house": ["villager-1"]})
    maintenance(t)
    first = current_pilgrim(t) or next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    refused(t, ev("rescue_villager", pilgrim=first, villager="villager-1"),
            "Safe House: You cannot Rescue the Villagers in the house.")
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-2"))


def test_q3_tripitaka_goes_last(client):
    t = start(client, "q3")
    assert state(t)["initiative"][-1] == "tripitaka"


def test_q3_gates_wake_when_the_band_steps_onto_the_central_tile(client):
    t = start(client, "q3")
    assert {g["status"] for g in state(t)["gates"].values()} == {"inactive"}
    maintenance(t)
    first = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("central_tile", pilgrim=first))
    assert {g["status"] for g in state(t)["gates"].values()} == {"active"}


def test_q3_a_demon_entering_the_village_is_a_defeat(client):
    t = start(client, "q3")
    maintenance(t)
    t.accepted(ev("village_entered", demon="borrack-1"))
    assert_result(t, "defeat", "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims fail.")


def test_q3_no_demon_lord_cards(client):
    t = start(client, "q3")
    maintenance(t)
    first = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("central_tile", pilgrim=first))
    end_activations(t)
    refused(t, ev("spawn", gate="gate-1", card="unique", demons=["kogaiji"]),
            "Create a simple Demon Deck by removing the special cards that spawn Demon Lords.")


def _q3_seal_all(t):
    maintenance(t)
    order = state(t)["initiative"]
    end_activations(t, until="tripitaka")
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-1"))
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-2"))
    finish_turn(t)
    maintenance(t)
    end_activations(t, until="tripitaka")
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-3"))
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-1"))
    finish_turn(t)
    maintenance(t)
    end_activations(t, until="tripitaka")
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-2"))
    assert result(t) is None
    assert part(t, "victory", "seal all the Gates") == "not_yet"
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-3"))
    return order


def test_q3_victory_when_all_gates_are_sealed(client):
    t = start(client, "q3", quest_setup={"safe_house": ["villager-1", "villager-2", "villager-3"]})
    assert condition(t, "heroic_victory")["status"] == "no_longer_possible"
    _q3_seal_all(t)
    assert_result(t, "victory", "Victory: The Pilgrims must (1) seal all the Gates.")


@pytest.mark.parametrize("ruling,outcome", [("every_villager", "victory"), ("outside_safe_house", "heroic_victory")])
def test_q3_heroic_villagers_ruling(client, ruling, outcome):
    t = start(client, "q3", quest_setup={"safe_house": ["villager-3"]}, q3_heroic_villagers=ruling)
    maintenance(t)
    first = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-1"))
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-2"))
    finish_turn(t)
    t2 = t
    # seal the three Gates
    maintenance(t2)
    end_activations(t2, until="tripitaka")
    t2.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-1"))
    t2.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-2"))
    finish_turn(t2)
    maintenance(t2)
    end_activations(t2, until="tripitaka")
    t2.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-3"))
    t2.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-1"))
    finish_turn(t2)
    maintenance(t2)
    end_activations(t2, until="tripitaka")
    t2.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-2"))
    t2.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-3"))
    quote = ("Heroic Victory: The Pilgrims must (1) seal all the Gates and (2) rescue all the Villagers."
             if outcome == "heroic_victory" else "Victory: The Pilgrims must (1) seal all the Gates.")
    assert_result(t2, outcome, quote)


# ---------------------------------------------------------------------------------------------
# Quest 4 - The Village


def test_q4_kogaiji_never_moves(client):
    t = start(client, "q4")
    maintenance(t)
    end_activations(t)
    activate_until(t, "kogaiji-1")
    refused(t, ev("demon_options", demon="kogaiji-1",
                  options=[{"actions": ["move", "attack"], "ends": "closer", "squares": 1, "targets": ["tripitaka"]}]),
            "Kogaiji's Actions: Kogaiji rants and will attack anyone in his attack range, but he will not move "
            "from behind his desk under any circumstances.")


def test_q4_first_attack_on_kogaiji_is_victory(client):
    t = start(client, "q4")
    maintenance(t)
    first = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-1"))
    assert condition(t, "heroic_victory")["status"] == "not_yet"
    t.accepted(ev("attack", pilgrim=first, targets=["kogaiji-1"], attack_dice=[0, 1], pilgrim_die=0,
                  weapon_damage=1))
    assert_result(t, "victory", "Victory: The Pilgrims must (1) attack Kogaiji.")


def test_q4_heroic_when_all_villagers_rescued_first(client):
    t = start(client, "q4")
    maintenance(t)
    rescuers = [e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation"]
    first = rescuers[0]
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-1"))
    t.accepted(ev("rescue_villager", pilgrim=first, villager="villager-2"))
    second = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("rescue_villager", pilgrim=second, villager="villager-3"))
    t.accepted(ev("rescue_villager", pilgrim=second, villager="villager-4"))
    assert part(t, "heroic_victory", "rescue all the Villagers") == "met"
    third = next(e["pilgrim"] for e in t.view()["legal"] if e["type"] == "end_activation")
    t.accepted(ev("attack", pilgrim=third, targets=["kogaiji-1"], attack_dice=[0, 1], pilgrim_die=0,
                  weapon_damage=1))
    assert_result(t, "heroic_victory", "Heroic Victory: The Pilgrims must (1) rescue all the Villagers and then "
                  "(2) attack Kogaiji.")


def test_q2_sutras_spent_on_gates_put_victory_out_of_reach(client):
    # "Tripitaka can close an adjacent Gate by sacrificing one Sutra Token": 3 Sutras, 2 spent.
    t = start(client, "q2")
    maintenance(t)
    end_activations(t, until="tripitaka")
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-1"))
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-1"))
    assert part(t, "victory", "Sutra") == "not_yet"
    finish_turn(t)
    maintenance(t)
    end_activations(t, until="tripitaka")
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-2"))
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-2"))
    assert part(t, "victory", "Sutra") == "no_longer_possible"
    assert condition(t, "victory")["status"] == "no_longer_possible"
    assert condition(t, "heroic_victory")["status"] == "no_longer_possible"


def test_q2_heroic_victory(client):
    position = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1", "sutra-2", "sutra-3"],
                "villagers": ["villager-1"], "wells": ["well-1"], "demons": ["berrok"] * 3,
                "pilgrims": {"monk_sha": {"good_karma": 9, "hand": ["Healing Fellowship"], "skills_unknown": 1},
                             "monkey_king": {"bad_karma": 9},
                             "tripitaka": {"hand": ["Shining Seal"], "skills_unknown": 1},
                             "cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "face_down"}}}
    t = start(client, "q2", position=position)
    maintenance(t)
    t.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"))
    kill(t, "monkey_king", "berrok-1")
    assert part(t, "heroic_victory", "10 Bad Karma") == "met"
    t.accepted(ev("karma_trade", pilgrim="monkey_king", kind="bad", corruption="Permanent Limp"))
    assert part(t, "heroic_victory", "10 Bad Karma") == "met"
    end_activations(t, until="monk_sha")
    t.accepted(ev("rescue_villager", pilgrim="monk_sha", villager="villager-1"))
    assert part(t, "heroic_victory", "10 Good Karma") == "met"
    t.accepted(ev("karma_trade", pilgrim="monk_sha", kind="good", card="Iron Skin"))
    assert part(t, "heroic_victory", "10 Good Karma") == "met"
    t.accepted(ev("collect_sutra", pilgrim="monk_sha", sutra="sutra-2"))
    t.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-3"))
    t.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-1"))
    assert part(t, "heroic_victory", "seal at least 1 Gate") == "met"
    finish_turn(t)
    maintenance(t)
    kill(t, "monkey_king", "berrok-2")
    end_activations(t, until="tripitaka")
    t.accepted(ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=1))
    t.accepted(ev("end_activation", pilgrim="tripitaka"))
    left = [d for d in state(t)["demons"]]
    for demon in left[:-1]:
        kill(t, "cho_hakkai", demon)
    assert result(t) is None
    kill(t, "cho_hakkai", left[-1])
    assert_result(t, "heroic_victory", "Heroic Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) seal at least "
                  "1 Gate, (3) possess at least 2 Sutra Tokens, (4) a Pilgrim must advance to 10 Good Karma and "
                  "(5) a Pilgrim must advance to 10 Bad Karma.")
