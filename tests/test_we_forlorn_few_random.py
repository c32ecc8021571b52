"""We Forlorn Few: random games (every legal event accepted; open events filled as a table would)
replay deterministically, undo restores the exact state, and nothing raises but a refusal."""

import copy
import json
import random

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.core.rules import SCORES_SCHEMA
from referee.we_forlorn_few import Game
from referee.we_forlorn_few.board import BAG_TOKENS, RESOURCES, TERRAINS
from tests.guard_cases.we_forlorn_few import PISTOL, SNARE, at, ravenous, table, traveler

CARDS = [PISTOL, SNARE, {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1},
         {"name": "Saddlebag", "type": "storage", "value": 2, "holds": {"tool": 1, "weapon": 1}},
         {"name": "Axe", "type": "tool", "value": 2, "bonus": "wood"}]
OPTION_CHOICES = {
    "excess_ailments": ["discarded", "kept"], "ailment_for_held_resource": [False, True],
    "backwards_with_ailments": [False, True], "game_ends_at": ["first_arrival", "all_journeys"],
    "ravenous_hunger": ["after_retreat", "start_of_turn"],
    "sacrifice_removes": ["four", "up_to_four"], "combat_result": ["sum", "highest"],
    "combat_dice": ["equipment", "weapons"], "placed_items_excess": ["returned", "choose"],
    "flip_tiles": ["on_arrival", "on_declaring"],
    "defense_against_ravenous": ["equipment", "one_die"],
}


def fill(rng, model, event):
    """An open event completed as the table might have played it."""
    opened = event["open"]
    event = {k: v for k, v in event.items() if k != "open"}
    kind, seat = event["type"], event["player"]
    board = model.G["players"][seat]
    if kind == "season":
        event["add_to_bag"] = {rng.choice(BAG_TOKENS): rng.randint(0, 3)}
        if rng.random() < 0.4:
            event["place"] = [{"tile": rng.choice(["W1", "F1", "M1", "P1"]),
                               rng.choice(["food", "bag_draw", "thirst"]): 1,
                               **({"equipment": [rng.choice(CARDS)]} if rng.random() < 0.3
                                  else {})}]
    elif kind == "travel" and "reveal" not in opened:  # many Bag Draw tokens: the draws open
        n = model.G["tiles"][event["to"]]["placed"]["bag_draw"]
        inside = [k for k in BAG_TOKENS if model.G["bag"][k]] or ["nothing"]
        event["draws"] = [rng.choice(inside) for _ in range(n)]
    elif kind == "travel":
        event["reveal"] = {"kind": rng.choice(TERRAINS),
                           "travel_cost": {r: rng.randint(0, 2) for r in RESOURCES},
                           "resources": rng.sample(RESOURCES, rng.randint(0, 3)),
                           "trading_post": rng.random() < 0.3}
        here = [s for s, p in model.G["players"].items()
                if p["status"] == "ravenous" and p["tile"] == event["to"]]
        if here and event["reveal"]["trading_post"]:
            event["reveal"]["trading_post"] = False
    elif kind == "trading_post":
        offered = rng.sample(CARDS, 3)
        held = dict(board["resources"])
        buy, price = [], 0
        for card in offered:
            if price + card["value"] <= sum(held.values()) and rng.random() < 0.5:
                buy.append(card["name"])
                price += card["value"]
        pay = {}
        for _ in range(price):
            kind_ = rng.choice([k for k in RESOURCES if held[k]])
            held[kind_] -= 1
            pay[kind_] = pay.get(kind_, 0) + 1
        event.update(offered=offered, buy=buy, pay=pay)
    elif kind == "trade":
        other = model.G["players"][event["with"]]
        give = {k: 1 for k in RESOURCES if board["resources"][k] and rng.random() < 0.4}
        get = {k: 1 for k in RESOURCES if other["resources"][k] and rng.random() < 0.4}
        event.update(give=give, get=get, accepted=rng.random() < 0.7)
    elif kind in ("combat", "ravenous_attack"):  # a Combat of many dice a side: the dice open
        target = model.G["players"][event["target"]]
        mine = board["hunger"] if kind == "ravenous_attack" else \
            model.combat_dice_of(board, model.option("combat_dice"))
        theirs = target["hunger"] if target["status"] == "ravenous" else \
            1 if kind == "ravenous_attack" and model.option("defense_against_ravenous") == "one_die" \
            else model.combat_dice_of(target, model.option("combat_dice"))
        event.update(dice=[rng.choice([0, 1, 2]) for _ in range(mine)],
                     target_dice=[rng.choice([0, 1, 2]) for _ in range(theirs)])
    elif kind == "event_card":
        event["card"] = rng.choice(["Storm", "Bandits", "Spring"])
        event["gain"] = {rng.choice(RESOURCES): rng.randint(0, 2)}
        event["ailments"] = {rng.choice(["hunger", "thirst", "wagon_damage"]): rng.randint(0, 2)}
        event["perish"] = rng.choice([0, 0, 0, 1])
        if model.G["bag"] is not None and rng.random() < 0.3:
            inside = [k for k in BAG_TOKENS if model.G["bag"][k]]
            event["draws"] = [rng.choice(inside)] if inside else ["nothing"]
    return event


def setup_for(rng):
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()}
    position = at("season", p1=traveler(equipment=[PISTOL]), p2=traveler("W1"),
                  p3=traveler("F1", equipment=[SNARE]), p4=ravenous("M1"))
    position["bag"] = {"food": 2, "water": 2, "hunger": 1, "thirst": 1}
    body = table(position, players=("Ann", "Bob", "Cleo", "Dan"), **options)
    return engine.check_setup(Game, body)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_are_accepted_replayable_and_undoable(seed):
    rng = random.Random(seed)
    setup = setup_for(rng)
    model = engine.start(Game, setup)
    played, states = [], [(copy.deepcopy(model.G), model.phase)]
    for _step in range(250):
        if model.game_over:
            break
        legal = model.legal()
        jsonschema.validate(model.scores(), SCORES_SCHEMA)
        assert legal, f"nothing to do in {model.phase}"
        for listed in rng.sample(legal, min(3, len(legal))):
            if "open" not in listed:
                trial = engine.restore(Game, setup, json.loads(json.dumps(model.snapshot())))
                engine.apply(trial, listed)  # whatever legal() lists is accepted
        event = rng.choice(legal)
        if "open" in event:
            event = fill(rng, model, event)
            try:
                engine.apply(model, event)
            except engine.RuleViolation:
                continue
        else:
            engine.apply(model, event)
        played.append(event)
        states.append((copy.deepcopy(model.G), model.phase))
    replayed = engine.replay(Game, setup, played)
    assert (replayed.G, replayed.phase) == (model.G, model.phase)
    cut = rng.randrange(len(played) + 1)
    undone = engine.replay(Game, setup, played[:cut])
    assert (undone.G, undone.phase) == states[cut]
    restored = engine.restore(Game, setup, json.loads(json.dumps(model.snapshot())))
    assert restored.G == model.G and restored.legal() == model.legal()
