"""The Adventure phase: completing an adventure card (party requirement, items cost, crosses, the
reward) or signing up for a public quest.
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from . import cards
from .board import FALCONER, QUILLS
from .cards import describe
from .payment import (
    cover_cost,
    discounts_used,
    find_party,
    over_its_types,
    party_match,
    unmatched_discount,
)

Q_ONE_ADVENTURE = ("During this phase, the player may either complete one adventure card or sign up "
                   "for one public quest (see \"Public Quests\").")
Q_ADVENTURE_FROM = ("Note: A player may complete either a reserved adventure card or one from the "
                    "display.")
Q_PAY = ("1. To pay the items cost, discard item cards with matching adventure symbols. The player "
         "may discard item cards held by their party and/or item cards from their hand.")
Q_WILD = ("The wild (coin) adventure symbol can replace any other adventure symbol when completing "
          "an adventure card.")
Q_TYPE_SYMBOL = ("Their party must have companion card(s) with a matching type symbol, and the "
                 "player's party and/or hand must have item cards with matching adventure symbols.")
Q_PARTICIPANTS_SHOWN = ("The participating companion cards are shown by the white type symbols in "
                        "the adventure card's top-left corner.")
Q_MULTIPLE_TYPES = "Note: Some companion cards, like the Shepherd, have multiple types."
Q_COMPANIONS_NEEDED = ("Symbols in this box indicate companions a player needs to have in their "
                       "party to complete the adventure card.")
Q_PARTICIPATING = ("They show the number of participating companion cards the player must retire "
                   "when completing the adventure.")
Q_LEADER_STAYS = ("The leader is a player's starting character, and never leaves the party.")
Q_ONE_QUILL_SPACE = "There must also be at least one empty quill space on the public quest tile."
Q_NOT_TWICE = "A player can't sign up twice on the same tile."
Q_AT_MOST_TWO = ("Each player has 2 quill tokens. Thus, players can sign up for, at most, two "
                 "public quest tiles.")
Q_RETIRED_DISCARD = "Discard all item cards played under a retired companion card."
Q_CROSSES = ("2. If there are one or more cross symbols in the party requirement, retire one "
             "companion card from the party for each cross symbol.")
Q_ANY = ("Note: The question mark means the party requirement is satisfied by any companion, "
         "regardless of the type.")
Q_COMPLETED = ("3. Slide the adventure card beneath the player board so that the bottom part of "
               "all completed adventures remains visible. The player gains the adventure card's "
               "improvement and clover token(s).")
Q_DISCOUNT = ("Discount the cost to complete an adventure or to sign up for a public quest by 1 "
              "item card of the indicated type. More discount abilities (of the same or a "
              "different type) can be used to complete a single adventure card.")
Q_DISCOUNT_MORE = ("More discount abilities (of the same or a different type) can be used to "
                   "complete a single adventure card.")
Q_DISCOUNT_ANY = "Discount of 1 adventure symbol of any type."
Q_QUEST_PAY = ("1. Discard item cards to pay the items cost. This follows the same process as when "
               "completing an adventure card.")
Q_NO_PARTY_REQUIREMENT = "Public quest tiles do not have a party requirement."
Q_QUILL = "2. The player places a quill token on the tile's top-most empty quill space."
Q_C_CLOVER = "In addition, if a player signs up for the C tile, they immediately gain a clover token."
Q_CLOVER_ADVENTURE = ("Spend 1 clover token in the Adventure phase to convert an item card's "
                      "adventure symbol to match the items cost and complete the adventure. "
                      "Improvement discount symbols aren't affected.")
Q_CLOVER_TO_MATCH = ("Spend 1 clover token in the Adventure phase to convert an item card's "
                     "adventure symbol to match the items cost and complete the adventure.")
Q_CLOVER_OPTIONS = ("Players can spend clover tokens—returning them to the supply—for the "
                    "following options:")
Q_CLOVER_WISELY = ("Note: This allows players to use any item card to activate a character or "
                   "complete an adventure card! Spend clover tokens wisely…")
Q_DISCOUNT_UNCONVERTED = "Improvement discount symbols aren't affected."
Q_CLOVER_TYPE = ("Spend 2 clover tokens during the Adventure phase to convert a companion card's "
                 "type to match an adventure card's party requirement.")
Q_QUEST_TILES = ("7. Shuffle the public quest tiles and draw random tiles until 3 are drawn with "
                 "different letters in the bottom-right corner (A, B, C). Place them in a random "
                 "order on the 3 spaces to the right of the round counter. Return the remaining "
                 "tiles to the box; they won't be needed for this game.")
Q_QUEST_COST = ("Instead of completing an adventure card, the player may sign up for a public quest "
                "tile. Like an adventure card, players must pay an items cost. This cost is shown "
                "on the map through the tile's top-left section. Public quest tiles do not have a "
                "party requirement.")


# What a payment entry names: an item card in hand, a character's item card, a discount improvement.
PAY_SOURCES = ("hand", "character", "improvement")


class AdventureMixin:
    """The Adventure-phase guards and callbacks of `Game`."""

    # -- adventure -------------------------------------------------------------------------------------

    def pay(self, player, pay: list[dict], cost: list[str], field: str,
            step: tuple[str, ...] = (Q_PAY,)) -> None:
        """Check the payment against `cost` (with the player's discounts: those it names must each
        cover a symbol, the others cover what the cards leave), then discard it. `step`: the
        sentences a wrong payment breaks (a public quest's own step, then the adventure's process
        it follows: finding 109)."""
        paid, items, seen, converted, named = [], [], set(), 0, []
        for n, entry in enumerate(pay):
            sources = [k for k in PAY_SOURCES if k in entry]
            if len(sources) != 1:
                raise BadRequest("a payment is one hand card, one character's item or one "
                                 "completed adventure card's discount", f"{field}[{n}]")
            key = (sources[0], str(entry[sources[0]]))
            if key in seen:
                raise BadRequest("the same card is paid twice", f"{field}[{n}]")
            seen.add(key)
            if "improvement" in entry:
                named.append(self.named_discount(player, entry))
                continue
            if "hand" in entry:
                if not 1 <= entry["hand"] <= len(player["hand"]):
                    raise self.violation(f"You have no item card at place {entry['hand']}.", step)
                item = player["hand"][entry["hand"] - 1]
            else:
                item = self.character(player, entry["character"], Q_RETIRED_DISCARD,
                                      step)["holds"]
                if item is None:
                    raise self.violation("That character holds no item card.", step)
            converted += bool(entry.get("convert"))
            paid.append(None if entry.get("convert") else item["adventure"])
            items.append(item)
        if converted > player["clovers"]:
            raise self.violation(f"Converting {converted} item card(s) costs {converted} clover "
                                 "token(s).", Q_CLOVER_ADVENTURE)
        reason = unmatched_discount(cost, paid, named)
        if reason:
            raise self.violation(reason[0].upper() + reason[1:] + ".", Q_DISCOUNT)
        unnamed = [a["discount"] for a in player["completed"] if "discount" in a]
        for discount in named:
            unnamed.remove(discount)
        named_paid = [None if d == "any" else d for d in named]
        reason = cover_cost(cost, paid + named_paid, unnamed)
        if reason:
            raise self.violation(reason[0].upper() + reason[1:] + ".", step)
        needless = self.option("needless_conversion") == "refuse"
        for n, (symbol, item) in enumerate(zip(paid, items, strict=True)):
            as_printed = paid[:n] + [item["adventure"]] + paid[n + 1:]
            if needless and symbol is None and not unmatched_discount(cost, as_printed, named) \
                    and not cover_cost(cost, as_printed + named_paid, unnamed):
                raise self.violation(f"The {item['adventure']} item card pays the items cost "
                                     f"({', '.join(cost)}) as it is: no clover converts it.",
                                     Q_CLOVER_TO_MATCH)
        if "coin" in paid:
            self.effect("A wild (coin) item card pays for any adventure symbol.", Q_WILD)
        if converted:
            player["clovers"] -= converted
            self.effect(f"{converted} clover token(s) spent to convert adventure symbols.",
                        Q_CLOVER_ADVENTURE)
        hand_places = sorted((e["hand"] for e in pay if "hand" in e), reverse=True)
        for place in hand_places:
            player["hand"].pop(place - 1)
        for entry in pay:
            if "character" in entry:
                self.character(player, entry["character"])["holds"] = None
        self.discard_items(items)
        paid_cards = len(items)
        if not cost:
            self.effect("The items cost shows no symbol: no item card is discarded.", step[0])
        elif paid_cards:
            self.effect(f"{paid_cards} item card{'s' * (paid_cards != 1)} discarded to pay the "
                        f"items cost ({', '.join(cost)}).", step[0])
        used = named + discounts_used(cost, paid + named_paid, unnamed)
        typed = [d for d in used if d != "any"]
        # each kind of discount cited with its own line of Reference: Abilities (finding 174)
        for kinds, what, quote in ((typed, "Discount improvement", Q_DISCOUNT),
                                   ([d for d in used if d == "any"],
                                    "Discount of any adventure symbol", Q_DISCOUNT_ANY)):
            if kinds:
                n = len(kinds)
                self.effect(f"{what}{'s' * (n != 1)} cover{'s' * (n == 1)} {n} item "
                            f"card{'s' * (n != 1)} of the items cost ({', '.join(cost)})"
                            + (": no item card is discarded." if not paid_cards else "."), quote)
        if len(used) > 1 and not typed:
            self.effect("Several discounts complete a single card.", Q_DISCOUNT_MORE)

    def named_discount(self, player, entry: dict) -> str:
        """The discount symbol of the completed adventure card a payment names; a clover cannot
        convert it."""
        place = entry["improvement"]
        card = player["completed"][place - 1] if place <= len(player["completed"]) else None
        if card is None or "discount" not in card:
            raise self.violation(f"Your completed adventure card {place} shows no discount "
                                 "improvement." if card else
                                 f"You have no completed adventure card at place {place}.",
                                 Q_DISCOUNT)
        if entry.get("convert"):
            raise self.violation(f"A clover converts an item card's adventure symbol, not the "
                                 f"{card['discount']} discount of completed adventure card "
                                 f"{place}.", Q_DISCOUNT_UNCONVERTED)
        return card["discount"]

    def one_companion_for_several_symbols(self, player, requirement, companions, converted):
        """A companion named for more than one symbol of the party requirement: refused, each
        symbol showing a participating companion card, unless the table ruling
        multi_type_companion is each_type; then a companion with several types (the Shepherd)
        meets one symbol per type it shows, its types not converted."""
        if self.option("multi_type_companion") != "each_type":
            raise self.violation("Each party requirement symbol needs its own companion (table "
                                 "ruling multi_type_companion: one_symbol).", Q_PARTICIPANTS_SHOWN)
        party = [member["card"] for member in player["party"]]
        over = over_its_types(companions, requirement, party, converted)
        if over:
            place, named = over
            raise self.violation(
                f"Companion {place} ({'/'.join(party[place - 1]['types'])}) meets one symbol per "
                f"type it shows, its types not converted, not {len(named)} ({', '.join(named)}) "
                "(table ruling multi_type_companion: each_type).", Q_MULTIPLE_TYPES)

    def do_complete(self, event):
        player = self.me(event)
        if event["source"] == "reserve":
            if not 1 <= event["index"] <= len(player["reserve"]):
                raise self.violation("You have no reserved adventure card at that place.",
                                     Q_ADVENTURE_FROM)
            card = player["reserve"][event["index"] - 1]
            entry = None
        else:
            entry = self.display_entry(event["index"])
            card = self.display_card(entry, event.get("adventure"))
        if "cost" not in card or "party" not in card:
            raise BadRequest("enter the adventure card's party requirement and items cost",
                             "event.adventure")
        # Party requirement, with companion types converted for 2 clovers each.
        requirement = card["party"]
        companions = event.get("companions")
        party = [m["card"] for m in player["party"]]
        if companions is None:
            each_type = self.option("multi_type_companion") == "each_type"
            companions = (find_party(requirement, party, each_type=each_type) or ([], []))[0]
            if len(companions) != len(requirement):
                raise self.violation("Your party does not meet the party requirement ("
                                     f"{', '.join(requirement)}).",
                                     Q_ANY if set(requirement) == {"?"} else Q_TYPE_SYMBOL)
        for which in companions:  # each one in the party, converted or not
            if which == "leader":
                raise self.violation("The leader is no companion card: it has no type symbol to "
                                     "meet a party requirement.", Q_COMPANIONS_NEEDED)
            self.character(player, which, Q_TYPE_SYMBOL, Q_TYPE_SYMBOL)
        converted = event.get("convert_types", [])
        if len(set(companions)) != len(companions):
            self.one_companion_for_several_symbols(player, requirement, companions, converted)
        if any(c not in companions for c in converted):
            raise BadRequest("only a participating companion's type is converted",
                             "event.convert_types")
        chosen = [None if c in converted else self.character(player, c)["card"]
                  for c in companions]
        reason = party_match(requirement, chosen)
        if reason:
            raise self.violation(reason[0].upper() + reason[1:] + ".",
                                 Q_ANY if "?" in requirement else Q_TYPE_SYMBOL)
        for place, symbol in zip(companions, requirement, strict=True):
            shown = self.character(player, place)["card"]["types"]
            if place in converted and (symbol == cards.ANY_COMPANION or symbol in shown) and (
                    self.option("needless_conversion") == "refuse"):
                raise self.violation(f"Companion {place} ({'/'.join(shown)}) meets the {symbol} "
                                     "requirement as it is: no clover converts its type.",
                                     Q_CLOVER_TYPE)
        if 2 * len(converted) > player["clovers"]:
            raise self.violation("Converting a companion's type costs 2 clover tokens.",
                                 Q_CLOVER_TYPE)
        retire = event.get("retire", [])
        crosses = card.get("crosses", 0)
        if "leader" in retire:
            raise self.violation("The leader does not retire: retire participating companions.",
                                 Q_LEADER_STAYS)
        if len(retire) != crosses or any(r not in companions for r in retire):
            raise self.violation(f"Retire {crosses} of the participating companions (one per "
                                 "cross).", Q_PARTICIPATING)
        if converted:
            player["clovers"] -= 2 * len(converted)
            self.effect(f"{2 * len(converted)} clover tokens spent to convert companion types.",
                        Q_CLOVER_TYPE)
        # 1. pay, 2. retire, 3. gain.
        self.pay(player, event.get("pay", []), card["cost"], "event.pay")
        for place in sorted(retire, reverse=True):
            self.retire(player, place)
        if retire:
            self.effect(f"{len(retire)} participating companion(s) retired, one per cross.",
                        Q_CROSSES)
        if entry is not None:
            self.take_from_display(entry)
        else:
            player["reserve"].pop(event["index"] - 1)
        player["completed"].append(card)
        self.happened(f"adventure:{len(player['completed'])}")
        player["clovers"] += card.get("clovers", 0)
        points = card["points"]
        self.effect(f"{describe(card)} completed: {points} victory point{'s' * (points != 1)} at "
                    "the end"
                    + (f", {card['clovers']} clover token(s) now" if card.get("clovers") else "")
                    + (f", improvement: {', '.join(card['improvement'])}"
                       if card.get("improvement") else "") + ".", Q_COMPLETED)

    def quest(self, tile: str) -> dict:
        return next(q for q in self.G["quests"] if q["tile"] == tile)

    @cites(Q_ONE_QUILL_SPACE)
    def quest_room(self, event):
        if None not in self.quest(event["tile"])["quills"]:
            return f"Public quest tile {event['tile']} has no empty quill space."
        return True

    def quills_of(self, who: str) -> list[str]:
        return [q["tile"] for q in self.G["quests"] if who in q["quills"]]

    @cites(Q_AT_MOST_TWO)
    def quill_left(self, event):
        mine = self.quills_of(event["player"])
        if event["tile"] in mine:
            raise self.violation(f"You have already signed up for tile {event['tile']}.",
                                 Q_NOT_TWICE)
        if len(mine) >= QUILLS:
            return "You have placed both of your quill tokens."
        return True

    @cites(Q_QUILL)
    def quill_on_top_most(self, event):
        empty = cards.QUILL_SPACES[self.quest(event["tile"])["quills"].index(None)]
        if event.get("space", empty) != empty:
            return (f"The quill goes on the {empty} space of tile {event['tile']}, its top-most "
                    f"empty quill space, not the {event['space']} space.")
        return True

    def do_sign_up(self, event):
        if event.get("retire"):
            raise self.violation("Signing up for a public quest retires no companion.",
                                 Q_NO_PARTY_REQUIREMENT)
        quest = self.quest(event["tile"])
        cost = quest["cost"] if quest["cost"] is not None else event.get("cost")
        if cost is None:
            raise BadRequest("enter the tile's items cost (\"cost\")", "event.cost")
        quest["cost"] = cost
        self.pay(self.me(event), event.get("pay", []), cost, "event.pay", (Q_QUEST_PAY, Q_PAY))
        self.place_quill(event["player"], quest)

    def place_quill(self, who: str, quest: dict) -> None:
        space = quest["quills"].index(None)
        quest["quills"][space] = who
        self.effect(f"{self.name_of(who)} places a quill on the {cards.QUILL_SPACES[space]} space "
                    f"of public quest {quest['tile']}.", Q_QUILL)
        if quest["tile"] == "C":
            owner = self.G["falconer"] if who == FALCONER else self.G["players"][who]
            owner["clovers"] += 1
            self.effect("Signing up for the C tile gives a clover token now.", Q_C_CLOVER)

