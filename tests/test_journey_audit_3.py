"""Journey: last session's leftovers — a Guide Quest's board that does not match its Board Setup is
refused with the Quest's own Board Setup line, and two Demons Defeated by their Conditions at one
Maintenance (`defeats_waiting`) survive undo and replay exactly (a cheap property test, in-process).
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.journey import Game
from referee.journey.quests import Quest
from rulebook_index import sections as rulebook_sections
from tests.test_journey_audit import ORDER, PROFILES, RULEBOOK, SEAT
from tests.test_journey_quests_6_10 import MK, q6


@pytest.fixture
def client(module_client):
    return module_client


# == Leftover 3: a board that does not match the Quest's Board Setup ==================================


def test_a_board_unlike_quest_5s_is_refused_with_its_own_board_setup_line(client):
    """Quest 5 - Beasts, Board Setup: "- Gate x 2" (printed alike in Quests 2 and 9). A position at
    Turn 1 with 3 Gates is a player's mistake at setup: refused (422) in words, quoting Quest 5's
    line, its citation pointing at Quest 5's Board Setup (not Quest 2's)."""
    position = {"gates": [{"id": f"gate-{n}"} for n in (1, 2, 3)], "sutras": ["sutra-1"],
                "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"] * 3 + ["bharhaz"] * 2}
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"],
        "options": {"quest": "q5", "pilgrim_profiles": PROFILES}, "position": position})
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["message"].startswith(
        "The Board Setup of Quest 5 - Beasts places 2 Gates; the position has 3 Gates.")
    assert error["rule"]["quote"].startswith("- Gate x 2") and error["rule"]["quote"] in RULEBOOK
    assert error["rule"]["section_path"] == "Quest Guide › Quest 5 - Beasts › Board Setup"


def test_a_demon_the_board_setup_does_not_print_is_refused(client):
    """Quest 8 - Iron Fan's Interruption prints "- Berrok x 5" and "- Yazuiji": a Boof at Turn 1 is
    not on its Board Setup (the whole list is quoted); 4 Berroks quote its Berrok line."""
    base = {"gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"]}
    for demons, words, quote in (
            (["berrok"] * 5 + ["yazuiji", "boof"], "places no Boof (Bullserker); the position "
             "has 1 Boof (Bullserker)", "- Gate x 1\n- Mystical Box x 1\n- Well x 1\n- Berrok x 5"),
            (["berrok"] * 4 + ["yazuiji"], "places 5 Berrok (Bull Warrior); the position has 4",
             "- Berrok x 5")):
        response = client.post("/api/sessions", json={
            "game": "journey", "players": ["Ann"], "position": {**base, "demons": demons},
            "options": {"quest": "q8", "pilgrim_profiles": PROFILES,
                        "karma_upgrades": "in_position"}})
        assert response.status_code == 422, response.get_json()
        error = response.get_json()["error"]
        assert words in error["message"], error["message"]
        assert error["rule"]["quote"].startswith(quote), error["rule"]["quote"]
        assert "Quest 8" in error["rule"]["section_path"]


def every_board_line():
    for quest in Quest.__subclasses__():
        for kind, count in quest.board.items():
            for each in (count if kind == "demons" else {kind: count}):
                yield quest, each


@pytest.mark.parametrize(("quest", "kind"), list(every_board_line()),
                         ids=lambda x: getattr(x, "key", x))
def test_every_board_setup_line_is_quoted_from_its_own_quest(quest, kind):
    """Every kind a Quest's Board Setup prints is quoted from that Quest's list, and the passage
    is found there first (so the citation names the right Quest)."""
    quote = quest.board_quote(kind)
    assert quote in RULEBOOK
    assert rulebook_sections.locate("journey", quote).path[-2:] == (quest.title, "Board Setup")


# == Leftover 4: two Demons Defeated by their Conditions at one Maintenance, undone and replayed ======

BERROK_1HP = {"berrok": {"hp": 1, "sp": 2, "gkr": 2, "bkr": 1, "attack_dice": 2}}


def player(event):
    if "pilgrim" in event:
        event.setdefault("player", SEAT[event["pilgrim"]])
    event.setdefault("player", "p1")
    return event


def state(model):
    return json.dumps(model.G, sort_keys=True), model.phase


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_demons_defeated_together_by_conditions_survive_undo_and_replay(seed):
    """Asura Seal reflects Poisoned onto 2 or 3 One Hit Kill Berroks (1 HP): at the next
    Maintenance all are Defeated at once; Tripitaka Kills or Cleanses each in turn (random dice).
    A resolution entered for another Pilgrim is refused and changes nothing. Replaying the log
    gives the exact state, and undoing any event (replaying one fewer) gives the exact state
    before it, the Defeats still waiting included."""
    rng = random.Random(seed)
    demons = rng.choice([2, 3])
    setup = engine.check_setup(Game, {
        "players": ["Ann", "Ben"],
        "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "demon_profiles": BERROK_1HP},
        "position": {"demons": ["berrok"] * demons, "gates": [], "boxes": ["box-1"],
                     "pilgrims": {"tripitaka": {"hand": ["Asura Seal"]}}}})
    model = engine.start(Game, setup)
    played, states = [], [state(model)]

    def enter(**event):
        engine.apply(model, player(event))
        played.append(player(event))
        states.append(state(model))

    enter(type="maintenance")
    enter(type="play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
          duration="end_of_turn")
    for pilgrim in ORDER:
        enter(type="end_activation", pilgrim=pilgrim)
    ids = [f"berrok-{n}" for n in range(1, demons + 1)]
    if model.phase != "demons_activate" or model.G["demon_phase"].get("order") is None:
        enter(type="measure", of="demons", distances={d: n for n, d in enumerate(ids, 2)})
    for demon in ids:
        enter(type="demon_options", demon=demon, options=[
            {"actions": ["attack"], "targets": ["tripitaka"], "ends": "closer", "squares": 0}])
        enter(type="demon_plan", demon=demon, option=1)
        enter(type="demon_attack", demon=demon, target="tripitaka", attack_dice=[0, 0],
              condition="Poisoned", condition_damage=0)
    enter(type="end_turn")
    enter(type="maintenance")
    assert len(model.G.get("defeats_waiting") or []) == demons - 1
    resolved = set()
    while model.G["pending"]:
        resolved.add(model.G["pending"]["demon"])
        with pytest.raises((RuleViolation, BadRequest)):  # the Monkey King did not reflect it
            engine.apply(model, player({"type": "resolve_defeat", "pilgrim": "monkey_king",
                                        "choice": "kill"}))
        assert state(model) == states[-1]
        if rng.random() < 0.5:
            enter(type="resolve_defeat", pilgrim="tripitaka", choice="kill")
        else:
            enter(type="resolve_defeat", pilgrim="tripitaka", choice="cleanse",
                  cleanse_dice=[rng.choice([0, 1, 2, 3])])
    assert resolved == set(ids) and not model.G.get("defeats_waiting")
    assert state(engine.replay(Game, setup, played)) == states[-1]
    maintenance = len(played) - len(resolved) - 1
    for upto in range(maintenance, len(played)):
        assert state(engine.replay(Game, setup, played[:upto])) == states[upto]


# == Leftover 4: the Quests' own Demon Lords stay after attacking =====================================


def test_a_quests_own_demon_lord_stays_after_its_attack_action(client):
    """Special Card FAQ: "Spawn Demon Lord: ... As soon as the Demon makes one Attack Action
    (successful or not), remove the Demon from play." concerns a Lord the card spawns. No Quest
    gives its own Lords that rule: Quest 6's Bull Demon King ("The Bull Demon King does not move,
    but he will attack any Pilgrim that is in his attack zone/LOS.") attacks and stays, and so
    does Kogaiji; neither carries the card's flag."""
    table = q6(client)
    assert not any(demon.get("leaves_after_attack") for demon in table.G["demons"].values())
    table.to_demon_phase()
    table.do("measure", of="demons", distances={"koorogg-1": 1, "kogaiji-1": 2, "berrok-1": 3,
                                                "berrok-2": 4})
    table.do("demon_options", demon="koorogg-1",
             options=[{"actions": ["attack", "attack"], "targets": [MK], "squares": 0}])
    table.do("demon_plan", demon="koorogg-1", option=1)
    for _ in range(2):
        table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[1, 0],
                 demon_die=0, defense_dice=[0, 0])
        assert "koorogg-1" in table.G["demons"]
    assert table.G["pilgrims"][MK]["hp"] == 8
