"""What can be done now: every legal event, complete where it can be; chance fields (a card drawn)
are left "open"."""

from __future__ import annotations

from referee.core import BadRequest, RuleViolation

from . import cards
from .board import CORNERS, FIGURES, MOVEMENT_SPACES, QUILLS, SIZE
from .payment import cover_cost, find_party


def replenish_event(game, seat) -> dict:
    """Replenish; at the end of round 2 with the display place of the card the rules put on the
    bottom of its deck (shown; the table may enter it or leave it out)."""
    event = {"type": "replenish", "player": seat}
    bottom = game.round_two_bottom()
    if bottom is not None:
        event["to_bottom"] = bottom
    return event


def legal_events(game) -> list[dict]:
    """Every legal event, complete where it can be; chance fields (a card drawn) are left "open"."""
    G, phase = game.G, game.phase
    if game.game_over:
        return []
    if phase == "start_corners":
        seat = G["corners_left"][0]
        out = []
        for corner in CORNERS:
            if any(at == corner for at in G["figures"].values()):
                continue
            cell = game.cell(corner)
            event = {"type": "choose_corner", "player": seat, "space": corner}
            open_fields = ["drawn"]
            if cell is not None and cell["card"] is not None:
                event["item"] = cell["card"]
            else:
                open_fields.insert(0, "item")
            if G["solo"]:
                open_fields.append("falconer_items")
            out.append({**event, "open": open_fields})
        return out
    if phase == "start_journeys":
        return [{"type": "choose_journey", "player": s, "open": ["card"]}
                for s in game.current_players()]
    if phase.startswith("falconer"):
        seat = game.human_seats()[0]
        if phase == "falconer_move":
            figure = FIGURES[len(G["falconer"]["moved"])]
            return [{"type": "falconer_move", "player": seat, "figure": figure,
                     "open": ["reward", "arrow", "to", "card", "clover_items"]}]
        if phase == "falconer_adventure":
            unknown = [n + 1 for n, e in enumerate(G["display"]) if e["card"] is None]
            if unknown:
                return [{"type": "reveal", "player": seat, "index": n, "open": ["card"]}
                        for n in unknown]
            try:
                plan = game.falconer_plan()
            except RuleViolation:
                return []
            gain = game.falconer_clover_gain(plan)
            # what the rules make him do, shown; the table may enter it or leave it out
            event = {"type": "falconer_adventure", "player": seat, **game.falconer_choice(plan)}
            if (G["falconer"]["clovers"] + gain) // 2:
                event["open"] = ["clover_items"]
            return [event]
        return [replenish_event(game, seat)]
    seat = G["current"]
    player = G["players"][seat]
    if G["journey"] and player["journey"]["pending"]:
        return [{"type": "choose_journey", "player": seat, "open": ["card"]}]
    out: list[dict] = []
    if phase == "turn_move":
        out += move_events(game, seat, player)
    elif phase == "turn_activate":
        turn = G["turn"]
        if turn["activations"] > 0:
            out += activate_events(game, seat, player)
        if not turn["activated"]:
            out.append({"type": "gain_clover", "player": seat})
        else:
            out += ability_events(game, seat)
            out += adventure_events(game, seat, player)
            out.append(replenish_event(game, seat))
    else:
        out.append(replenish_event(game, seat))
    out += reward_events(game, seat, player)
    if player["clovers"] >= 2 and not deck_empty(game, "item"):
        out.append({"type": "buy_item", "player": seat, "open": ["item"]})
    return out


def deck_empty(game, kind: str) -> bool:
    """Nothing to draw: the companion deck, or the item deck and its discard pile, are empty."""
    decks = game.G["decks"]
    return decks[kind] == 0 and (kind == "companion" or decks["discard"] == 0)


def move_events(game, seat, player) -> list[dict]:
    out = []
    full = len(player["party"]) >= game.party_limit(player)
    swap = game.G["turn"].get("swap_means")
    here = game.G["figures"][seat]
    for movement in range(1, MOVEMENT_SPACES + 1):
        if movement in player["movement"] or swap not in (None, movement):
            continue
        for row in range(1, SIZE + 1):
            for col in range(1, SIZE + 1):
                space = [row, col]
                if space == here:
                    continue
                event = {"type": "move", "player": seat, "movement": movement, "to": space}
                cell = game.cell(space)
                takes = cell is not None and not game.figures_on(space, mover=seat)
                if takes and cell["card"] is not None:
                    event["card"] = cell["card"]
                elif takes or not deck_empty(game, game.space_kind(space)):
                    event["open"] = ["card"]  # the card lying there, or the one drawn
                elif game.space_kind(space) == "item" and game.table_options.get(
                        "empty_item_deck", "nothing") == "refuse_move":
                    continue
                if full and game.space_kind(space) == "companion":
                    out += [{**event, "retire": n + 1} for n in range(len(player["party"]))]
                else:
                    out.append(event)
    return out


def activate_events(game, seat, player) -> list[dict]:
    out = []
    turn = game.G["turn"]
    characters = [("leader", player["leader"]["activation"])] + [
        (n + 1, m["card"]["activation"]) for n, m in enumerate(player["party"])]
    for which, symbols in characters:
        if which in turn["characters"] or symbols is None:
            continue
        for place, item in enumerate(player["hand"], start=1):
            event = {"type": "activate", "player": seat, "character": which, "hand": place}
            if item["activation"] in symbols:
                out.append(event)
            elif player["clovers"] >= 1 and (
                    which != "leader" or game.table_options.get("convert_for_leader")):
                out.append({**event, "convert": True})
    return out


def ability_events(game, seat) -> list[dict]:
    active = game.G["turn"]["active"]
    if active is None:
        return []
    open_fields = OPEN_FIELDS
    out = []
    for kind in active["abilities"] or cards.ABILITY_KINDS:
        if kind in active["used"] or kind == "extra space":  # "extra space" goes with a move
            continue
        event = {"type": "ability", "player": seat, "kind": kind}
        if kind in open_fields:
            event["open"] = open_fields[kind]
        out.append(event)
    return out


def a_payment(cost, player, discounts, clovers=0) -> list[dict] | None:
    """A payment that covers `cost`, if there is one: item cards from the hand first, then those
    held by the party ("The player may discard item cards held by their party and/or item cards
    from their hand."), then, up to `clovers`, other cards converted for a clover each."""
    pool = [({"hand": n}, card) for n, card in enumerate(player["hand"], start=1)]
    pool += [({"character": which}, holder["holds"]) for which, holder in
             [("leader", player["leader"])] + list(enumerate(player["party"], start=1))
             if holder["holds"] is not None]
    used: list[int] = []
    for symbol in cost:
        pick = next((i for i, (_, c) in enumerate(pool)
                     if i not in used and c["adventure"] == symbol), None)
        if pick is not None:
            used.append(pick)
    for _ in range(len(cost) - len(used)):
        pick = next((i for i, (_, c) in enumerate(pool)
                     if i not in used and c["adventure"] == cards.WILD), None)
        if pick is not None:
            used.append(pick)
    for n in range(len(used) + 1):
        trial = used[:len(used) - n]
        if cover_cost(cost, [pool[i][1]["adventure"] for i in trial], discounts) is None:
            return [pool[i][0] for i in trial]
    spare = [i for i in range(len(pool)) if i not in used]
    for converted in range(1, min(clovers, len(spare)) + 1):
        paid = [pool[i][1]["adventure"] for i in used] + [None] * converted
        if cover_cost(cost, paid, discounts) is None:
            return [pool[i][0] for i in used] + [{**pool[i][0], "convert": True}
                                                 for i in spare[:converted]]
    return None


def adventure_events(game, seat, player) -> list[dict]:
    out = []
    discounts = [a["discount"] for a in player["completed"] if "discount" in a]
    party = [m["card"] for m in player["party"]]
    candidates = [("reserve", n + 1, c) for n, c in enumerate(player["reserve"])] + [
        ("display", n + 1, e["card"]) for n, e in enumerate(game.G["display"])]
    for source, index, card in candidates:
        if card is None or "cost" not in card or "party" not in card:
            out.append({"type": "complete_adventure", "player": seat, "source": source,
                        "index": index, "open": ["adventure", "pay", "companions", "retire"]})
            continue
        found = find_party(card["party"], party, player["clovers"])
        if found is None:
            continue
        chosen, converted = found
        pay = a_payment(card["cost"], player, discounts, player["clovers"] - 2 * len(converted))
        if pay is None:
            continue
        out.append({"type": "complete_adventure", "player": seat, "source": source,
                    "index": index, "pay": pay, "companions": chosen,
                    "retire": chosen[:card.get("crosses", 0)],
                    **({"convert_types": converted} if converted else {})})
    mine = game.quills_of(seat)
    if len(mine) < QUILLS:
        for quest in game.G["quests"]:
            if quest["tile"] in mine or None not in quest["quills"]:
                continue
            if quest["cost"] is None:
                out.append({"type": "sign_up", "player": seat, "tile": quest["tile"],
                            "open": ["cost", "pay"]})
                continue
            pay = a_payment(quest["cost"], player, discounts, player["clovers"])
            if pay is not None:
                out.append({"type": "sign_up", "player": seat, "tile": quest["tile"],
                            "pay": pay})
    return out


OPEN_FIELDS = {"move": ["to", "card"], "reserve": ["source", "index", "adventure"],
               "draw item": ["card"], "take item": ["color", "space", "card"],
               "draw companion": ["card"], "passed-over item": ["space", "card"],
               "swap items": ["swap"]}


def reward_events(game, seat, player) -> list[dict]:
    """Improvements whose entered trigger has happened this turn, and the immediate rewards of a
    journey card completed this turn."""
    out = []
    candidates = [("improvement", n, kind) for n, card in enumerate(player["completed"], start=1)
                  if card.get("trigger") for kind in card.get("abilities", ())
                  if kind != "extra space"]
    candidates += [("journey", n, kind) for n, kind in game.G["turn"].get("journey_rewards", [])]
    for source, n, kind in candidates:
        event = {"type": "ability", "player": seat, source: n, "kind": kind}
        try:
            if source == "improvement":
                game.improvement_allowed(event)
            else:
                game.journey_reward_allowed(event)
        except (RuleViolation, BadRequest):
            continue
        if game.crossed_clover(event) and player["clovers"] < 1:
            continue
        if kind in OPEN_FIELDS:
            event["open"] = OPEN_FIELDS[kind]
        out.append(event)
    return out
