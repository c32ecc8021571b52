"""What can be done now: every legal event, complete where it can be; chance fields (a card drawn)
are left "open"."""

from __future__ import annotations

from itertools import combinations

from referee.core import BadRequest, RuleViolation

from . import cards
from .board import CORNERS, FIGURES, MOVEMENT_SPACES, QUILLS, SIZE
from .payment import party_ways, payments


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


DRAWS = {"draw item": "item", "draw companion": "companion"}  # an ability's deck


def drawn_from_empty(game, kind: str) -> bool:
    """The ability `kind` draws from a deck with nothing to draw: it finds no card (the table's
    ruling), and no card is entered."""
    return kind in DRAWS and deck_empty(game, DRAWS[kind])


def refused_empty(game, kind: str) -> bool:
    """The ability `kind` draws from an empty deck and the table's ruling refuses it
    (empty_item_deck: refuse_move)."""
    return drawn_from_empty(game, kind) and not game.draws_nothing(DRAWS[kind])


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
                elif game.space_kind(space) == "item" and game.option("empty_item_deck") == "refuse_move":
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
    printed = game.option("converted_symbol") == "printed"
    for which, symbols in characters:
        if which in turn["characters"] or symbols is None:
            continue
        # a character showing several symbols: the card converted shows the one chosen (ruling
        # converted_symbol), each a way to activate
        conversions = ([{"convert_to": symbol} for symbol in symbols]
                       if len(symbols) > 1 and not printed else [{}])
        for place, item in enumerate(player["hand"], start=1):
            if item in player["hand"][:place - 1]:  # two alike cards are one move, listed once
                continue
            event = {"type": "activate", "player": seat, "character": which, "hand": place}
            if item["activation"] in symbols:
                out.append(event)
            elif player["clovers"] >= 1 and (
                    which != "leader" or game.option("convert_for_leader")):
                out += [{**event, "convert": True, **to} for to in conversions]
    return out


def ability_events(game, seat) -> list[dict]:
    """The unused abilities of the character activated last, then (naming the character) those
    of the characters activated before it (table ruling abilities_after_another_activation)."""
    turn = game.G["turn"]
    if turn["active"] is None:
        return []
    out = []
    for n, activation in enumerate([turn["active"], *reversed(turn["earlier"])]):
        for kind in cards.ABILITY_KINDS if activation["abilities"] is None else activation["abilities"]:
            if kind in activation["used"] or kind == "extra space":  # "extra space": with a move
                continue
            if refused_empty(game, kind):
                continue
            event = {"type": "ability", "player": seat, "kind": kind}
            if n:
                event["character"] = activation["character"]
            if kind in OPEN_FIELDS and not drawn_from_empty(game, kind):
                event["open"] = OPEN_FIELDS[kind]  # from an empty deck: nothing to enter
            out.append(event)
    return out


def item_pool(player) -> list[tuple[dict, dict]]:
    """The item cards a payment may name: the hand's, then those held by the party ("The player
    may discard item cards held by their party and/or item cards from their hand.")."""
    pool = [({"hand": n}, card) for n, card in enumerate(player["hand"], start=1)]
    pool += [({"character": which}, holder["holds"]) for which, holder in
             [("leader", player["leader"])] + list(enumerate(player["party"], start=1))
             if holder["holds"] is not None]
    return pool


def party_choices(card, party, clovers,
                  each_type: bool = False) -> list[tuple[list[int], list[int], list[int]]]:
    """The distinct ways to meet `card`'s party requirement with the fewest type conversions: the
    companions taking part, those converted, and those retired for the crosses (the participants
    matter only through the ones retired, so one way per set of companions retired)."""
    out, seen = [], set()
    for chosen, converted in party_ways(card["party"], party, clovers, each_type):
        for retire in combinations(dict.fromkeys(chosen), card.get("crosses", 0)):
            if frozenset(retire) not in seen:
                seen.add(frozenset(retire))
                out.append((chosen, converted, list(retire)))
    return out


# At most this many ways to have one card are listed (its payments, each with every choice of the
# companions retired); past it, the card is listed open as well, for the table to enter its own
# (a hand of many cards, a long cost, clovers to spare, a large party and crosses).
WAYS_LISTED = 12


def adventure_events(game, seat, player) -> list[dict]:
    """Each adventure card and public quest that can be had, once for each distinct way to pay its
    items cost and, for a card, to meet its party requirement (which companions retire), at the
    fewest clovers it needs; a way that spends more clovers is accepted when entered."""
    out = []
    discounts = [a["discount"] for a in player["completed"] if "discount" in a]
    party = [m["card"] for m in player["party"]]
    pool = item_pool(player)
    candidates = [("reserve", n + 1, c) for n, c in enumerate(player["reserve"])] + [
        ("display", n + 1, e["card"]) for n, e in enumerate(game.G["display"])]
    for source, index, card in candidates:
        event = {"type": "complete_adventure", "player": seat, "source": source, "index": index}
        if card is None or "cost" not in card or "party" not in card:
            out.append({**event, "open": ["adventure", "pay", "companions", "retire"]})
            continue
        choices = party_choices(card, party, player["clovers"],
                                game.option("multi_type_companion") == "each_type")
        if not choices:
            continue
        types_converted = len(choices[0][1])  # the same in each choice: the fewest
        ways = payments(card["cost"], pool, discounts, player["clovers"] - 2 * types_converted,
                        WAYS_LISTED)
        listed = [{**event, "pay": pay, "companions": chosen, "retire": retire,
                   **({"convert_types": converted} if converted else {})}
                  for pay in ways for chosen, converted, retire in choices]
        out += listed[:WAYS_LISTED]
        if len(listed) > WAYS_LISTED:
            out.append({**event, "open": ["pay", "companions", "retire", "convert_types"]})
    mine = game.quills_of(seat)
    if len(mine) < QUILLS:
        for quest in game.G["quests"]:
            if quest["tile"] in mine or None not in quest["quills"]:
                continue
            event = {"type": "sign_up", "player": seat, "tile": quest["tile"]}
            if quest["cost"] is None:
                out.append({**event, "open": ["cost", "pay"]})
                continue
            ways = payments(quest["cost"], pool, discounts, player["clovers"], WAYS_LISTED)
            out += [{**event, "pay": pay} for pay in ways[:WAYS_LISTED]]
            if len(ways) > WAYS_LISTED:
                out.append({**event, "open": ["pay"]})
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
        if refused_empty(game, kind):
            continue
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
        if kind in OPEN_FIELDS and not drawn_from_empty(game, kind):
            event["open"] = OPEN_FIELDS[kind]
        out.append(event)
    return out
