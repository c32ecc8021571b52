"""What can be done now: every legal event, complete where it can be, with its costs worked out
(what a journey costs this Traveler in Resources and Ailments). Dice and bag draws are enumerated
(three Worths a die; the tokens the bag holds); what only the table knows (a tile flipped, a card
drawn) is left "open". Nothing is cut off: a choice with more ways than LISTED_WAYS (a Combat of
many dice a side, a large steal, a Tool Bonus of many Tools) is listed once with its fields open."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

from referee.core import BadRequest, RuleViolation

from . import cards
from .board import (
    AILMENT_FOR,
    AILMENT_LIMIT,
    AILMENTS,
    BAG_TOKENS,
    CITIES,
    RAVENOUS,
    RESOURCE_FOR,
    RESOURCES,
    SACRIFICE_REMOVES,
    TRAVELER,
    WORTHS,
    counts,
)
from .travel import gather_count

LISTED_WAYS = 100


def dice_rolls(n: int) -> list[list[int]]:
    """Every roll of n dice, as the Worths shown (order does not matter), highest first."""
    return [sorted(combo, reverse=True)
            for combo in combinations_with_replacement(reversed(WORTHS), n)]


def bag_draws(bag: dict | None, n: int) -> list[list[str]] | None:
    """Every way n tokens can come out of the bag; None when the bag is not tracked."""
    if bag is None:
        return None
    if n == 0:
        return [[]]
    inside = [k for k in BAG_TOKENS if bag[k]]
    if not inside:
        return [["nothing"] * n]
    out = []
    for combo in combinations_with_replacement(inside, min(n, sum(bag.values()))):
        if all(combo.count(k) <= bag[k] for k in inside):
            out.append(list(combo) + ["nothing"] * (n - len(combo)))
    return out


def legal_events(game) -> list[dict]:
    if game.game_over:
        return []
    phase = game.phase
    seat = game.current_players()[0]
    if phase == "season":
        return [{"type": "season", "player": seat,
                 "open": ["card", "season", "add_to_bag", "place", "remove_tiles", "relocate",
                          "draws"]}]
    if phase == "turn_trade":  # the partner answers; the Active Player may still Sacrifice
        return trade_answers(game, seat) + sacrifices(game, game.G["current"])
    if phase == "turn_steal":  # the winner steals; the Active Player may still Sacrifice
        return steals(game, seat) + sacrifices(game, game.G["current"])
    if phase.startswith("ravenous"):
        return ravenous(game, seat, phase)
    out = {"turn_travel": travels, "turn_gathering": gatherings, "turn_camp": camp,
           "turn_event": event_cards}[phase](game, seat)
    return out + sacrifices(game, seat)


def travels(game, seat) -> list[dict]:
    G = game.G
    player = G["players"][seat]
    here = player["tile"]
    held = player["resources"]
    out = [{"type": "stay", "player": seat}]
    for to in G["tiles"][here]["adjacent"]:
        tile = G["tiles"][to]
        if tile["removed"]:
            continue
        open_fields = []
        if not tile["face_up"]:
            open_fields.append("reveal")
            if any(board["status"] == RAVENOUS and board["tile"] == to
                   for board in G["players"].values()):
                open_fields.append("ravenous_moves")  # if it shows a Trading Post
        extras = [{}]  # each way the Bag Draw tokens on the tile can come out of the bag
        if tile["placed"]["bag_draw"]:
            options = bag_draws(G["bag"], tile["placed"]["bag_draw"])
            if options is None:
                open_fields.append("draws")
            else:
                extras = [{"draws": drawn} for drawn in options]
        payments = [{"pay": pay, "ailments": taken} for pay, taken in forward_payments(game, seat)]
        if game.toward_cedar_falls(here, to) and (
                game.option("backwards_when") == "any_turn" or game.stuck(seat)):
            payments += [{"backward": True, "pay": pay}
                         for pay in game.backward_choices(held, counts(AILMENTS, {}))]
        if len(payments) * len(extras) > LISTED_WAYS:  # many Bag Draw tokens: the draws open
            extras = [{}]
            open_fields.append("draws")
        for payment in payments:
            for extra in extras:
                event = {"type": "travel", "player": seat, "to": to, **payment, **extra}
                out.append({**event, "open": open_fields} if open_fields else event)
    return out


def forward_payments(game, seat) -> list[tuple[dict, dict]]:
    cost = game.G["tiles"][game.here(seat)]["travel_cost"]
    if cost is None:
        return []
    held = game.G["players"][seat]["resources"]
    if not game.option("ailment_for_held_resource"):
        pay = {k: min(held[k], cost[k]) for k in RESOURCES}
        return [(pay, {AILMENT_FOR[k]: cost[k] - pay[k] for k in RESOURCES})]
    out = []
    for paid in product(*[range(min(held[k], cost[k]) + 1) for k in RESOURCES]):
        pay = dict(zip(RESOURCES, paid, strict=True))
        out.append((pay, {AILMENT_FOR[k]: cost[k] - pay[k] for k in RESOURCES}))
    return out


def gatherings(game, seat) -> list[dict]:
    """Each way to end the Gathering Phase with every token the Tools give (the field left out),
    and with each smaller Tool Bonus under tool_bonus_optional: listed with each action while there
    are few; beyond LISTED_WAYS, each action once with `tool_bonus` open."""
    actions = gathering_actions(game, seat)
    fewer = smaller_tool_bonuses(game, seat)
    if len(fewer) * len(actions) <= LISTED_WAYS:
        return actions + [{**event, "tool_bonus": bonus} for bonus in fewer for event in actions]
    return actions + [{**event, "open": [*event.get("open", ()), "tool_bonus"]}
                      for event in actions]


def smaller_tool_bonuses(game, seat) -> list[dict]:
    """Each Tool Bonus smaller than every token the Tools give (none: the bonus is not a choice)."""
    given = game.tool_tokens(seat)
    if not game.option("tool_bonus_optional"):
        return []
    fewer = [dict(zip(RESOURCES, taken, strict=True))
             for taken in product(*[range(given[k] + 1) for k in RESOURCES])]
    return [{k: n for k, n in taken.items() if n} for taken in fewer if taken != given]


def gathering_actions(game, seat) -> list[dict]:
    G = game.G
    listed = G["tiles"][game.here(seat)]["resources"] or []
    out = [{"type": "skip_gathering", "player": seat}]
    kinds = sorted(set(listed), key=listed.index)
    for roll in (2, 1):
        due = gather_count(game, seat, roll)
        takes = (combinations_with_replacement(kinds, due) if game.option("gather_same_kind")
                 else combinations(kinds, due))
        for take in takes:
            out.append({"type": "gather", "player": seat, "roll": roll, "take": list(take)})
    draws = bag_draws(G["bag"], 1)
    if draws is None:
        out.append({"type": "gather", "player": seat, "roll": 0, "open": ["draw"]})
        out.append({"type": "explore", "player": seat, "open": ["draw"]})
    else:
        out += [{"type": "gather", "player": seat, "roll": 0, "draw": d[0]} for d in draws]
        out += [{"type": "explore", "player": seat, "draw": d[0]} for d in draws]
    return out


def camp(game, seat) -> list[dict]:
    G = game.G
    player = G["players"][seat]
    done = G["turn"]["camp"]
    here = player["tile"]
    out = [{"type": "end_camp", "player": seat}]
    if "recuperate" not in done:
        ranges = [range(min(player["ailments"][k], player["resources"][RESOURCE_FOR[k]]) + 1)
                  for k in AILMENTS]
        for removed in product(*ranges):
            if any(removed):
                out.append({"type": "recuperate", "player": seat,
                            "remove": {k: n for k, n in zip(AILMENTS, removed, strict=True) if n}})
    for other, board in G["players"].items():
        if other == seat or board["status"] not in (TRAVELER, RAVENOUS):
            continue
        if not game.near(here, board["tile"]):
            continue
        ravenous_other = board["status"] == RAVENOUS
        if "trade" not in done and (game.option("trade_with_ravenous") or not ravenous_other):
            out.append({"type": "trade", "player": seat, "with": other})
            terms = ["terms"] if ravenous_other else ["give", "get", "terms", "discard"]
            terms += ["accepted"] if ravenous_other else ["accepted", "their_discard"]  # the table
            out.append({"type": "trade", "player": seat, "with": other, "open": terms})
        if "combat" in done or G["tiles"][board["tile"]]["kind"] in CITIES:
            continue
        if G["tiles"][here]["kind"] in CITIES and not game.option("attack_from_city"):
            continue
        if ravenous_other and not game.option("attack_ravenous"):
            continue
        mine = game.combat_dice_of(player, game.option("combat_dice"))
        theirs = board["hunger"] if ravenous_other else game.combat_dice_of(
            board, game.option("combat_dice"))
        out += attacks("combat", seat, other, mine, theirs)
    if "trading_post" not in done and G["tiles"][here]["trading_post"]:
        out.append({"type": "trading_post", "player": seat, "open": ["offered", "buy", "pay"]})
    return out


def trade_answers(game, seat) -> list[dict]:
    """The partner accepts or rejects; what they discard to make space is theirs to choose."""
    answers = [{"type": "trade_answer", "player": seat, "accepted": accepted}
               for accepted in (True, False)]
    return [answers[0], {**answers[0], "open": ["discard"]}, answers[1]]


def attacks(kind: str, seat: str, target: str, mine: int, theirs: int) -> list[dict]:
    """An attack with each roll of both sides (`mine` and `theirs` dice); beyond LISTED_WAYS
    rolls, once with the dice open."""
    rolls = [(dice, target_dice) for dice in dice_rolls(mine) for target_dice in dice_rolls(theirs)]
    if len(rolls) > LISTED_WAYS:
        return [{"type": kind, "player": seat, "target": target, "open": ["dice", "target_dice"]}]
    return [{"type": kind, "player": seat, "target": target, "dice": dice,
             "target_dice": target_dice} for dice, target_dice in rolls]


def steals(game, seat) -> list[dict]:
    """Every take worth up to the roll: Equipment cards (each set of them once, by name) and
    Resources for the Value left; beyond LISTED_WAYS takes, taking nothing and the take open."""
    steal = game.G["turn"]["steal"]
    loser = game.G["players"][steal["loser"]]
    priced = sorted((card["name"], card["value"]) for card in game.cards_of(loser)
                    if card.get("value") is not None and card["value"] <= steal["limit"])
    card_sets = sorted({combo for size in range(len(priced) + 1)
                        for combo in combinations(priced, size)
                        if sum(value for _name, value in combo) <= steal["limit"]})
    out = []
    for combo in card_sets:
        left = steal["limit"] - sum(value for _name, value in combo)
        cards_taken = {"equipment": [name for name, _value in combo]} if combo else {}
        ranges = [range(min(loser["resources"][k], left) + 1) for k in RESOURCES]
        for taken in product(*ranges):
            if sum(taken) <= left:
                out.append({"type": "steal", "player": seat, "take": {
                    **{k: n for k, n in zip(RESOURCES, taken, strict=True) if n}, **cards_taken}})
    if len(out) > LISTED_WAYS:
        return [{"type": "steal", "player": seat, "take": {}},
                {"type": "steal", "player": seat, "open": ["take", "discard"]}]
    if any(card.get("value") is None for card in game.cards_of(loser)):  # its Value to be entered
        out.append({"type": "steal", "player": seat, "open": ["take", "values", "discard"]})
    return out


def event_cards(game, seat) -> list[dict]:
    G = game.G
    out = []
    for name in cards.event_card_names():
        card = cards.event_card(name)
        draws = bag_draws(G["bag"], card.get("bag", 0))
        roll = card.get("roll")
        need = (game.combat_dice_of(G["players"][seat], game.option("combat_dice"))
                if roll == "combat" else 1 if roll else 0)
        for dice in dice_rolls(need) if need else [None]:
            event = {"type": "event_card", "player": seat, "card": card["name"]}
            if dice is not None:
                event["dice"] = dice
            if draws is None:
                out.append({**event, "open": ["draws"]})
                continue
            for drawn in draws:
                out.append({**event, "draws": drawn} if drawn else event)
    out.append({"type": "event_card", "player": seat,
                "open": ["card", "dice", "gain", "lose", "ailments", "remove_ailments", "perish",
                         "draws", "others", "others_first", "discard"]})
    return out


def sacrifices(game, seat) -> list[dict]:
    player = game.G["players"][seat]
    if player["companions"] < 1:
        return []
    tokens = [k for k in AILMENTS for _ in range(player["ailments"][k])]
    sizes = ([min(SACRIFICE_REMOVES, len(tokens))]
             if game.option("sacrifice_removes") == "four"
             else range(min(SACRIFICE_REMOVES, len(tokens)) + 1))
    out = []
    for size in sizes:
        for combo in sorted(set(combinations_with_replacement(AILMENTS, size))):
            remove = {k: combo.count(k) for k in AILMENTS if combo.count(k)}
            if any(remove.get(k, 0) > player["ailments"][k] for k in AILMENTS):
                continue
            for skull in AILMENTS:
                left = player["ailments"][skull] - remove.get(skull, 0)
                if player["skulls"][skull] + left < AILMENT_LIMIT:
                    out.append({"type": "sacrifice", "player": seat, "remove": remove,
                                "skull": skull})
    return out


def ravenous(game, seat, phase) -> list[dict]:
    G = game.G
    here = game.here(seat)
    if phase == "ravenous_movement":
        out = [{"type": "ravenous_move", "player": seat, "path": []}]
        for first in enterable(game, here):
            out.append({"type": "ravenous_move", "player": seat, "path": [first]})
            for second in enterable(game, first):
                out.append({"type": "ravenous_move", "player": seat, "path": [first, second]})
        return out
    if phase == "ravenous_combat":
        out = [{"type": "end_combat", "player": seat}]
        hunger = G["players"][seat]["hunger"]
        for other, board in G["players"].items():
            targets = (TRAVELER, RAVENOUS) if game.option("ravenous_attacks_ravenous") \
                else (TRAVELER,)
            if other == seat or board["status"] not in targets or board["tile"] != here \
                    or other in G["turn"]["attacked"] or G["tiles"][here]["kind"] in CITIES:
                continue
            if board["status"] == RAVENOUS:
                theirs = board["hunger"]
            elif game.option("defense_against_ravenous") == "one_die":
                theirs = 1
            else:
                theirs = game.combat_dice_of(board, game.option("combat_dice"))
            out += attacks("ravenous_attack", seat, other, hunger, theirs)
        return out
    options = game.retreat_options(seat) or [here]
    return [{"type": "retreat", "player": seat, "to": to} for to in options]


def enterable(game, here: str) -> list[str]:
    out = []
    for name in game.G["tiles"][here]["adjacent"]:
        try:
            if game.G["tiles"][name]["removed"]:
                continue
            game.check_ravenous_may_enter(name)
        except (RuleViolation, BadRequest):
            continue
        out.append(name)
    return out
