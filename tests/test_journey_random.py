"""Journey property tests: random play (legal choices, with the open fields filled as a table
might, right or wrong) never raises anything but a rule or a bad-request refusal; a refused event
changes nothing; replay is deterministic; undo (replaying one event fewer) restores the exact state."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.journey import Game

PROFILES = {"monkey_king": {"max_hp": 6}, "cho_hakkai": {"max_hp": 7, "mv": 3},
            "monk_sha": {"max_hp": 5}, "tripitaka": {"max_hp": 5, "mv": 3, "cleanse_dice": 1}}
DEMONS = {kind: {"hp": 3, "sp": 2, "gkr": 3, "bkr": 4, "attack_dice": 2}
          for kind in ("berrok", "bharhaz", "boof", "borrack")}
SETUP = {"players": ["Ann", "Ben", "Cy"],
         "options": {"pilgrim_profiles": PROFILES, "demon_profiles": DEMONS},
         "position": {"gates": [{"id": "g1"}, {"id": "g2"}], "demons": ["berrok", "boof"],
                      "boxes": ["b1"], "wells": ["w1"], "doors": ["d1"], "villagers": ["v1", "v2"],
                      "sutras": ["s1", "s2"]}}
PILGRIMS = list(PROFILES)


def fill(event: dict, model, rng: random.Random) -> dict:
    """The open fields filled as a table might: usually right, sometimes wrong."""
    opened = event.get("open", [])
    event = {k: v for k, v in event.items() if k != "open"}
    G = model.G
    dice = lambda n: [rng.choice([0, 1, 2, 3]) for _ in range(n)]  # noqa: E731
    kind = event["type"]
    if kind == "move":
        event.update(steps=rng.randint(0, 5), turns=rng.randint(0, 2), red=rng.choice([0, 0, 1]))
    elif kind == "attack":
        event.update(attack_dice=dice(rng.choice([2, 2, 3])), pilgrim_die=rng.randint(0, 3),
                     weapon_damage=rng.randint(0, 3))
    elif kind == "resolve_defeat":
        event.update(cleanse_dice=dice(1))
    elif kind == "pray":
        event.update(card=rng.choice(["Wild Herbs", "Om Mala of Vigor"]))
    elif kind == "meditate":
        if rng.random() < 0.5:
            event.update(spinner="white", kept="Wild Ginseng")
        else:
            event.update(spinner="black", misfortune="Ambush")
    elif kind == "revive":
        event.update(hp=rng.randint(0, 3), chi=rng.randint(0, 5))
    elif kind == "master_skill":
        event.update(card="Phase Walk")
    elif kind == "karma_trade":
        event.update(card="Shadow Walk") if event["kind"] == "good" else event.update(
            corruption=rng.choice(["Permanent Limp", "Lure of Demons", "Demon Distraction"]))
    elif kind == "misfortune":
        event.update(lose={"hp": rng.randint(0, 3), "chi": rng.randint(0, 12)})
    elif kind == "measure":
        pending = model.gates_to_spawn() if event["of"] == "gates" else model.demons_to_activate()
        event.update(distances={x: rng.randint(0, 9) for x in pending})
    elif kind == "spawn":
        event.update(card=rng.choice(["reinforcement", "reinforcement", "special", "rage"]),
                     demons=[rng.choice(["berrok", "bharhaz", "boof", "borrack"])])
        if event["card"] == "special":
            event.update(name="Wild Attacks", demons=[])
    elif kind == "demon_options":
        awake = [p for p in PILGRIMS if G["pilgrims"][p]["status"] == "active"]
        options = []
        if rng.random() < 0.2:
            options.append({"actions": ["move", "move"], "squares": rng.randint(0, 4)})
        for _ in range(rng.randint(0, 3)):
            targets = rng.sample(awake, k=min(len(awake), rng.randint(1, 2))) if awake else []
            if targets:
                options.append({"actions": rng.choice([["move", "attack"], ["attack", "attack"]]),
                                "targets": targets, "squares": rng.randint(0, 3),
                                "ends": rng.choice(["closer", "not_closer"])})
        event.update(options=options)
    elif kind == "demon_attack":
        event.update(attack_dice=dice(2), defense_dice=dice(rng.choice([2, 2, 0])))
        if "demon_die" in opened:
            event.update(demon_die=rng.randint(0, 3), condition_duration=2)
    elif kind == "quest_result":
        return None
    return event


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_refuses_cleanly_and_replays_and_undoes_exactly(seed):
    rng = random.Random(seed)
    setup = engine.check_setup(Game, SETUP)
    model = engine.start(Game, setup)
    played, states = [], [(json.dumps(model.G, sort_keys=True), model.phase)]
    for _ in range(150):
        if model.game_over:
            break
        choices = model.legal()
        if not choices:
            break
        event = fill(rng.choice(choices), model, rng)
        if event is None:
            continue
        before = (json.dumps(model.G, sort_keys=True), model.phase)
        try:
            engine.apply(model, event)
        except (RuleViolation, BadRequest):
            assert (json.dumps(model.G, sort_keys=True), model.phase) == before
            continue
        played.append(event)
        states.append((json.dumps(model.G, sort_keys=True), model.phase))
    replayed = engine.replay(Game, setup, played)
    assert (json.dumps(replayed.G, sort_keys=True), replayed.phase) == states[-1]
    if played:
        undone = engine.replay(Game, setup, played[:-1])
        assert (json.dumps(undone.G, sort_keys=True), undone.phase) == states[-2]
    assert len(played) > 5
