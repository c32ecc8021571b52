"""A Traveler's board: the Supply (six Resources, Equipment in slots of its type, Storage cards and
what they carry), Ailment tracks with their Skulls, Companions perishing, turning Ravenous, and
drawing from the Exploration Bag."""

from __future__ import annotations

from referee.core import BadRequest

from . import cards as card_table
from .board import (
    AILMENT_LIMIT,
    AILMENTS,
    OUT,
    RAVENOUS,
    RAVENOUS_DEATH,
    RESOURCES,
    STORABLE,
    SUPPLY_RESOURCES,
    TRAVELER,
    WORDS,
    counts,
    words,
)
from .quotes import (
    Q_ACCRUE,
    Q_BAG_RANDOM,
    Q_CAPACITY,
    Q_FAQ_DISCARD_STORAGE,
    Q_FOURTH_HUNGER,
    Q_NO_COMPANION,
    Q_PLACED_EXCESS,
    Q_RAVENOUS_HUNGER,
    Q_SEASON_BAG,
    Q_SLOT_TYPE,
    Q_STORAGE,
    Q_THRESHOLD,
    Q_TURN_RAVENOUS,
)


class SupplyMixin:

    def board_of(self, seat: str) -> dict:
        return self.G["players"][seat]

    # -- limits ----------------------------------------------------------------------------------

    @staticmethod
    def limit(player: dict, ailment: str) -> int:
        """How many tokens of `ailment` the Traveler can accrue before a Companion perishes."""
        return AILMENT_LIMIT - player["skulls"][ailment]

    @staticmethod
    def combat_dice_of(player: dict, rule: str) -> int:
        """One die as standard, plus what the Equipment adds (or one per Weapon card)."""
        cards = list(SupplyMixin.cards_of(player))
        if rule == "weapons":
            return 1 + sum(1 for card in cards if card["type"] == "weapon")
        return 1 + sum(card.get("dice") or 0 for card in cards)

    # -- Equipment ---------------------------------------------------------------------------------

    @staticmethod
    def cards_of(player: dict):
        for card in player["equipment"]:
            yield card
            yield from card.get("stored", ())

    @staticmethod
    def room_on_board(player: dict, kind: str) -> bool:
        slots = player["slots"]
        if slots is None:
            return True
        return sum(1 for card in player["equipment"] if card["type"] == kind) < slots[kind]

    def place_card(self, player: dict, card: dict) -> bool:
        """Put a card in a slot of its type, or on a Storage card with room; False if none."""
        if self.room_on_board(player, card["type"]):
            player["equipment"].append(card)
            return True
        if card["type"] in STORABLE:
            for storage in player["equipment"]:
                if storage["type"] != "storage":
                    continue
                held = sum(1 for c in storage["stored"] if c["type"] == card["type"])
                if held < storage["holds"][card["type"]]:
                    storage["stored"].append(card)
                    self.effect(f"{card['name']} is carried on the Storage card {storage['name']}.",
                                Q_STORAGE)
                    return True
        return False

    @staticmethod
    def storage_last(player: dict, names) -> list[str]:
        """`names` with those of Storage cards last: a card carried on a Storage card named too is
        taken off it first (else it would leave, or be discarded, with its Storage card)."""
        storage = {card["name"].casefold() for card in player["equipment"]
                   if card["type"] == "storage"}
        return sorted(names, key=lambda name: name.casefold() in storage)

    def take_card(self, seat: str, name: str, quote: str) -> dict:
        """Remove a card from a Supply by name (a card on the board before one carried on a
        Storage card); a Storage card leaves with what it carries."""
        player = self.board_of(seat)
        for card in player["equipment"]:
            if card["name"].casefold() == name.casefold():
                player["equipment"].remove(card)
                return card
        for storage in player["equipment"]:
            for card in storage.get("stored", ()):
                if card["name"].casefold() == name.casefold():
                    storage["stored"].remove(card)
                    return card
        raise self.violation(f"{self.player_name(seat)} has no {name} in their Supply.", quote)

    def discard_card(self, seat: str, name: str, quote: str) -> dict:
        card = self.take_card(seat, name, quote)
        if card.get("stored"):
            self.effect(f"{', '.join(c['name'] for c in card['stored'])}, carried on {card['name']}, "
                        "is discarded with it.", Q_FAQ_DISCARD_STORAGE)
            card["stored"] = []
        return card

    def entered_cards(self) -> dict:
        """The table's own Equipment cards (option equipment_cards), by name."""
        return card_table.entered_cards(self.option("equipment_cards"))

    def value_of(self, card: dict, field: str, event: dict | None = None) -> int:
        """A card's Value: as entered with the card, else as the event's `values` gives it."""
        given = {name.casefold(): value for name, value in ((event or {}).get("values") or {}).items()}
        told = given.get(card["name"].casefold())
        if card.get("value") is not None:
            if told is not None and told != card["value"]:
                raise BadRequest(f"{card['name']}'s Value was entered as {card['value']}, not "
                                 f"{told}", f"event.values.{card['name']}")
            return card["value"]
        if told is None:
            raise BadRequest(f"the Value of {card['name']} is not known (the rulebook does not "
                             "print it): enter it as read off the card in the event's values, "
                             f'e.g. {{"{card["name"]}": <its Value>}} (or, for the next game, in '
                             "the option equipment_cards or "
                             "referee/data/we-forlorn-few-equipment.json)", field)
        return told

    # -- gaining and capacity ----------------------------------------------------------------------

    def gain(self, seat: str, resources: dict | None = None, cards=(), discard: dict | None = None,
             field: str = "event.discard", excess: str = "choose") -> None:
        """Add Resources and cards to a Supply; beyond its capacity the Traveler discards what
        `discard` names to make space, and the newly acquired excess returns to the Stockpile."""
        player = self.board_of(seat)
        if player["status"] != TRAVELER:
            return
        new = counts(RESOURCES, resources)
        for kind, n in new.items():
            player["resources"][kind] += n
        arriving = sorted(cards, key=lambda card: card["type"] != "storage")  # room first
        waiting = [card for card in arriving if not self.place_card(player, card)]
        over = sum(player["resources"].values()) - SUPPLY_RESOURCES
        if discard:
            if excess == "return":
                raise self.violation("Excess tokens and cards picked up from a tile are returned to "
                                     "the Stockpile: nothing in the Supply is discarded for them "
                                     "(table option placed_items_excess).", Q_PLACED_EXCESS)
            dropped = counts(RESOURCES, discard)
            names = list(discard.get("equipment", ()))
            if over <= 0 and not waiting:
                raise self.violation("There is room in the Supply: nothing is discarded to make "
                                     "space.", Q_CAPACITY)
            if sum(dropped.values()) > max(over, 0):
                raise self.violation(f"The Supply is {max(over, 0)} Resource token(s) over six: "
                                     f"discard only what makes space.", Q_CAPACITY)
            if names and not waiting:
                raise self.violation("Every card has a slot: no Equipment is discarded to make "
                                     "space.", Q_CAPACITY)
            for kind, n in dropped.items():
                if n > player["resources"][kind]:
                    raise self.violation(f"The Supply holds {player['resources'][kind]} "
                                         f"{WORDS[kind]}, not {n}.", Q_CAPACITY)
                player["resources"][kind] -= n
            for name in self.storage_last(player, names):
                self.discard_card(seat, name, Q_CAPACITY)
            waiting = [card for card in waiting if not self.place_card(player, card)]
            self.effect(f"{self.player_name(seat)} discards "
                        f"{words(dropped) if any(dropped.values()) else ''}"
                        f"{', '.join(names)} to make space.", Q_CAPACITY)
            over = sum(player["resources"].values()) - SUPPLY_RESOURCES
        quote = Q_PLACED_EXCESS if excess == "return" else Q_CAPACITY
        if over > 0:
            returned = {}
            for kind in RESOURCES:
                back = min(new[kind], over, player["resources"][kind])
                if back:
                    returned[kind] = back
                    player["resources"][kind] -= back
                    over -= back
            self.effect(f"Over six Resource tokens: {words(returned)} returned to the Stockpile.",
                        quote)
        for card in waiting:
            self.effect(f"No {card['type']} slot free: {card['name']} is returned.",
                        quote if excess == "return" else Q_SLOT_TYPE)

    def pay(self, seat: str, goods: dict, quote: str, field: str, event: dict | None = None) -> int:
        """Discard Resources and Equipment named in `goods`; the Value paid."""
        player = self.board_of(seat)
        value = 0
        for kind, n in counts(RESOURCES, goods).items():
            if n > player["resources"][kind]:
                raise self.violation(f"{self.player_name(seat)} has {player['resources'][kind]} "
                                     f"{WORDS[kind]}, not {n}.", quote)
            player["resources"][kind] -= n
            value += n
        for name in self.storage_last(player, goods.get("equipment", ())):
            value += self.value_of(self.discard_card(seat, name, quote), field, event)
        return value

    # -- Ailments and Perishing --------------------------------------------------------------------

    def accrue(self, seat: str, ailments: dict, why: str = "") -> None:
        """Take Ailment tokens one by one: up to the track's limit they go on the board; each one
        over it kills a Companion."""
        player = self.board_of(seat)
        for kind in AILMENTS:
            n = int(ailments.get(kind, 0))
            if not n or player["status"] != TRAVELER:
                continue
            placed = deaths = 0
            for _ in range(n):
                if player["status"] != TRAVELER:
                    break
                limit = self.limit(player, kind)
                if player["ailments"][kind] < limit:
                    player["ailments"][kind] += 1
                    placed += 1
                    continue
                if self.option("excess_ailments") == "kept":
                    player["ailments"][kind] += 1
                    placed += 1
                deaths += 1
                self.perish(seat, f"{WORDS[kind]} over its limit of {limit}", Q_THRESHOLD)
            if placed:
                self.effect(f"{self.player_name(seat)} takes {placed} {WORDS[kind]}{why} "
                            f"({player['ailments'][kind]} on the track, limit "
                            f"{self.limit(player, kind)}).",
                            Q_ACCRUE)
            if deaths and self.option("excess_ailments") == "discarded" and placed < n:
                self.effect(f"{n - placed} {WORDS[kind]} token(s) over the limit are not placed.",
                            "One Hunger token is added to their Player board and one Companion "
                            "perishes.")

    def perish(self, seat: str, why: str, quote: str) -> None:
        player = self.board_of(seat)
        if player["status"] != TRAVELER:
            return
        if player["companions"] > 0:
            player["companions"] -= 1
            self.effect(f"A Companion of {self.player_name(seat)} perishes ({why}): "
                        f"{player['companions']} left.", quote)
            return
        self.turn_ravenous(seat)

    def turn_ravenous(self, seat: str) -> None:
        player = self.board_of(seat)
        self.effect(f"{self.player_name(seat)} has no Companion left to perish: the Traveler "
                    "turns Ravenous.", Q_NO_COMPANION)
        player.update(status=RAVENOUS, companions=0, hunger=1, equipment=[],
                      resources=counts(RESOURCES, {}), ailments=counts(AILMENTS, {}),
                      skulls=counts(AILMENTS, {}))
        self.effect("All Ailments, Resources and Equipment return to the Stockpile; the board "
                    "shows its Ravenous side.", Q_TURN_RAVENOUS)
        ends = seat == self.G["current"] and self.phase.startswith("turn")
        self.effect("One Hunger on the Ravenous side" + (": the turn ends now." if ends else "."),
                    Q_RAVENOUS_HUNGER)
        if ends:
            self.G["turn"]["ended"] = True

    def ravenous_hunger(self, seat: str, why: str, quote: str) -> None:
        player = self.board_of(seat)
        player["hunger"] += 1
        self.effect(f"{self.player_name(seat)} adds one Hunger ({why}): {player['hunger']}.", quote)
        if player["hunger"] >= RAVENOUS_DEATH:
            player.update(status=OUT, tile=None)
            self.effect(f"A fourth Hunger: {self.player_name(seat)} has perished and is out of the "
                        "game.", Q_FOURTH_HUNGER)

    def remove_ailments(self, seat: str, removed: dict, quote: str) -> None:
        player = self.board_of(seat)
        for kind, n in counts(AILMENTS, removed).items():
            if n > player["ailments"][kind]:
                raise self.violation(f"{self.player_name(seat)} has {player['ailments'][kind]} "
                                     f"{WORDS[kind]} on the board, not {n}.", quote)
            player["ailments"][kind] -= n

    # -- the Exploration Bag -----------------------------------------------------------------------

    def bag_is_empty(self) -> bool:
        """Known to be empty (a bag the table does not track is never known to be)."""
        return self.G["bag"] is not None and not sum(self.G["bag"].values())

    def draws_of(self, event: dict, field: str, n: int) -> list | None:
        """The tokens entered as drawn; left out, nothing is drawn from a bag known to be empty."""
        if field in event:
            return event[field] if isinstance(event[field], list) else [event[field]]
        if self.bag_is_empty():
            return ["nothing"] * n
        return None

    def draw_from_bag(self, seat: str, tokens: list, haul: dict) -> None:
        """Draw tokens one by one: an Ailment is accrued at once, a Resource joins `haul` (added
        to the Supply, within its capacity, when the event's gains are counted)."""
        bag = self.G["bag"]
        for drawn, token in enumerate(tokens):
            if self.board_of(seat)["status"] != TRAVELER:
                self.effect(f"{self.player_name(seat)} turned Ravenous and the turn ended: the "
                            f"other {len(tokens) - drawn} token(s) are not drawn.",
                            Q_RAVENOUS_HUNGER)
                break
            if token == "nothing":
                if bag is not None and sum(bag.values()):
                    raise self.violation(f"The Exploration Bag is not empty (it holds "
                                         f"{words(bag)}): say which token was drawn.",
                                         Q_SEASON_BAG)
                self.effect("The Exploration Bag is empty: nothing is drawn (table option "
                            "empty_bag).")
                continue
            if bag is not None:
                if bag[token] < 1:
                    raise self.violation(f"There is no {WORDS[token]} token in the Exploration Bag "
                                         f"(it holds {words(bag)}).", (Q_BAG_RANDOM, Q_SEASON_BAG))
                bag[token] -= 1
            self.effect(f"{self.player_name(seat)} draws {WORDS[token]} from the Exploration Bag.")
            if token in RESOURCES:
                haul[token] = haul.get(token, 0) + 1
            else:
                self.accrue(seat, {token: 1}, " (drawn from the bag)")
