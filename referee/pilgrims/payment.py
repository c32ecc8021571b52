"""Paying an items cost and meeting a party requirement: the matching behind "Completing an
Adventure", shared by the players, the public quests and the falconer.

Pure functions over card dicts; they return a reason string when the payment does not work.
"""

from __future__ import annotations

from itertools import permutations, product

from .cards import ANY_COMPANION, WILD


def _apply_discounts(cost: list[str], paid: list[str | None], discounts: list[str]):
    """What the paid cards and then the discounts cover (most specific discount first; a discount
    is used only while what is unpaid is more than the wild cards pay for): (the symbols left
    unpaid, the wild cards paid, the discounts used), or a reason when a paid card pays for
    nothing in `cost`."""
    remaining = list(cost)
    wild = 0
    for symbol in paid:
        if symbol is None or symbol == WILD:
            wild += 1
        elif symbol in remaining:
            remaining.remove(symbol)
        else:
            return f"a {symbol} item card pays for nothing in the items cost ({', '.join(cost)})"
    used = []
    for discount in sorted(discounts, key=lambda d: d == "any"):
        match = next((s for s in remaining if discount in (s, "any")), None)
        if match is not None and len(remaining) > wild:
            remaining.remove(match)
            used.append(discount)
    return remaining, wild, used


def cover_cost(cost: list[str], paid: list[str | None], discounts: list[str]) -> str | None:
    """Check that the paid cards and the discounts cover `cost` exactly.

    `paid` holds each paid card's adventure symbol, or None for a card made wild (a coin, or a card
    converted with a clover). Every paid card must match a cost symbol no other card pays for; what
    the cards leave unpaid must be covered by discounts (a symbol, or "any"). Discounts are optional.
    Returns None when it works, else the reason.
    """
    applied = _apply_discounts(cost, paid, discounts)
    if isinstance(applied, str):
        return applied
    remaining, wild, _ = applied
    if wild > len(remaining):
        return (f"{wild - len(remaining)} item card(s) more than the items cost "
                f"({', '.join(cost) or 'nothing'}) were paid")
    if wild < len(remaining):
        return f"the items cost is not paid: {', '.join(remaining[wild:])} still missing"
    return None


def discounts_used(cost: list[str], paid: list[str | None], discounts: list[str]) -> list[str]:
    """The discounts `cover_cost` uses, for a payment it accepted."""
    return _apply_discounts(cost, paid, discounts)[2]


def unmatched_discount(cost: list[str], paid: list[str | None], named: list[str]) -> str | None:
    """Check that each discount the player names covers its own symbol of `cost`, one the paid
    cards of that symbol leave unpaid ("any": whatever they leave). Returns None when they do,
    else the reason."""
    remaining = list(cost)
    for symbol in paid:
        if symbol is not None and symbol != WILD and symbol in remaining:
            remaining.remove(symbol)
    for discount in sorted(named, key=lambda d: d == "any"):
        match = next((s for s in remaining if discount in (s, "any")), None)
        if match is None:
            return (f"a {discount} discount improvement covers nothing the item cards leave of "
                    f"the items cost ({', '.join(cost) or 'nothing'})")
        remaining.remove(match)
    return None


def falconer_payment(cost: list[str], hand: list[dict]) -> list[int] | None:
    """The hand positions the falconer discards for `cost`, using wild cards only when needed; None
    when he cannot pay it."""
    used: list[int] = []
    short = 0
    for symbol in cost:
        exact = next((i for i, c in enumerate(hand)
                      if i not in used and c["adventure"] == symbol and symbol != WILD), None)
        if exact is None:
            short += 1
        else:
            used.append(exact)
    wilds = [i for i, c in enumerate(hand) if i not in used and c["adventure"] == WILD]
    if short > len(wilds):
        return None
    return sorted(used + wilds[:short])


def party_match(requirement: list[str], chosen: list[dict | None]) -> str | None:
    """Check that the chosen companions (one per requirement symbol, in order; None for a companion
    whose type was converted with clovers) meet the requirement."""
    if len(chosen) != len(requirement):
        return (f"the party requirement shows {len(requirement)} companion(s); name one companion "
                f"for each")
    for symbol, card in zip(requirement, chosen, strict=True):
        if card is None or symbol == ANY_COMPANION:
            continue
        if symbol not in card["types"]:
            return f"a {'/'.join(card['types'])} companion does not meet the {symbol} requirement"
    return None


def party_ways(requirement: list[str], companions: list[dict], clovers: int = 0,
               each_type: bool = False) -> list[tuple[list[int], list[int]]]:
    """Every way companions (places in the party, from 1, one per requirement symbol) meet
    `requirement` with the fewest whose type is converted for 2 clovers each, each with those
    converted; none if `clovers` cannot pay for them (with no clovers: only as the party is).
    Under `each_type` (table ruling multi_type_companion) a companion with several types may
    meet one symbol per type it shows, those types not converted."""
    places = range(1, len(companions) + 1)
    orders = (product(places, repeat=len(requirement)) if each_type
              else permutations(places, len(requirement)))
    ways: list[tuple[list[int], list[int]]] = []
    for order in orders:
        converted = [place for place, symbol in zip(order, requirement, strict=True)
                     if symbol != ANY_COMPANION and symbol not in companions[place - 1]["types"]]
        if over_its_types(order, requirement, companions, converted):
            continue
        if ways and len(converted) > len(ways[0][1]):
            continue
        if ways and len(converted) < len(ways[0][1]):
            ways = []
        ways.append((list(order), converted))
    if not ways or 2 * len(ways[0][1]) > clovers:
        return []
    return ways


def over_its_types(order, requirement: list[str], companions: list[dict],
                   converted) -> tuple[int, list[str]] | None:
    """The first companion (its place and the symbols it is named for) named for several symbols
    that does not meet one per type it shows (table ruling multi_type_companion: each_type):
    converted, named for more symbols than its types, or for a type symbol twice; else None."""
    for place in sorted(set(order)):
        named = [symbol for which, symbol in zip(order, requirement, strict=True)
                 if which == place]
        if len(named) == 1:
            continue
        typed = [symbol for symbol in named if symbol != ANY_COMPANION]
        if (place in converted or len(named) > len(companions[place - 1]["types"])
                or len(set(typed)) != len(typed)):
            return place, named
    return None


def find_party(requirement: list[str], companions: list[dict], clovers: int = 0,
               each_type: bool = False) -> tuple[list[int], list[int]] | None:
    """The first of `party_ways`, or None; under `each_type`, one companion per symbol first, a
    companion for several symbols only when the party has no such way."""
    ways = party_ways(requirement, companions, clovers) or (
        party_ways(requirement, companions, clovers, each_type) if each_type else [])
    return ways[0] if ways else None


def payments(cost: list[str], pool: list[tuple[dict, dict]], discounts: list[str], clovers: int,
             limit: int) -> list[list[dict]]:
    """The distinct ways to pay `cost` from `pool` (each a payment entry and the item card it
    names) with the fewest clover conversions (at most `clovers`), the discounts covering what
    the cards leave; at most `limit` + 1 of them (more than `limit`: there are more). Two item cards
    in hand showing the same symbols are one way; an item a character holds is its own (paying it
    frees that character). Fewest cards first, then fewest of the party's, then fewest coins; in
    each, the cards in the order of the cost's symbols, coins and the cards converted last."""
    alike: dict[tuple, list[int]] = {}
    for i, (entry, card) in enumerate(pool):
        key = ((card["adventure"], card["activation"]) if "hand" in entry
               else ("character", str(entry["character"])))
        alike.setdefault(key, []).append(i)
    groups = [places[:len(cost)] for places in alike.values()] if cost else []

    def slot(i: int) -> int:
        symbol = pool[i][1]["adventure"]
        return cost.index(symbol) if symbol in cost else len(cost)

    def ways(g: int, room: int, conversions: int):
        """(exact, converted) pool places from groups g on: at most `room` cards, exactly
        `conversions` of them converted; a card not converted only where its symbol can pay."""
        if g == len(groups):
            if conversions == 0:
                yield [], []
            return
        places = groups[g]
        symbol = pool[places[0]][1]["adventure"]
        can_pay = len(cost) if symbol == WILD else cost.count(symbol)
        for exact in range(min(len(places), room, can_pay), -1, -1):
            for converted in range(min(len(places) - exact, room - exact, conversions), -1, -1):
                for rest_exact, rest_converted in ways(g + 1, room - exact - converted,
                                                       conversions - converted):
                    yield (places[:exact] + rest_exact,
                           places[exact:exact + converted] + rest_converted)

    for conversions in range(min(clovers, len(cost)) + 1):
        found = []
        for exact, converted in ways(0, len(cost), conversions):
            paid = [pool[i][1]["adventure"] for i in exact] + [None] * len(converted)
            if cover_cost(cost, paid, discounts) is not None:
                continue
            order = (len(paid), sum("character" in pool[i][0] for i in exact + converted),
                     paid.count(WILD))
            found.append((order, [pool[i][0] for i in sorted(exact, key=slot)]
                          + [{**pool[i][0], "convert": True} for i in converted]))
            if len(found) > limit:
                break
        if found:
            return [pay for _, pay in sorted(found, key=lambda f: f[0])]
    return []
