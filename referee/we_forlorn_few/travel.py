"""The Travel Phase (travel to an adjacent tile, backwards toward Cedar Falls, or stay; placed items
picked up on arrival) and the Gathering Phase (the Tool Bonus, then Gather or Explore)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from referee.core import BadRequest, cites

from .board import (
    AILMENT_FOR,
    AILMENTS,
    BACKWARDS_COST,
    BAG_TOKENS,
    CEDAR_FALLS,
    CITIES,
    NEWHAVEN,
    RAVENOUS,
    RESOURCES,
    TRAVELER,
    WORDS,
    city,
    counts,
    distances,
    words,
)
from .quotes import (
    Q_BACKWARDS,
    Q_BAG_DRAW_TOKEN,
    Q_EXPLORE,
    Q_EXPLORE_ADD,
    Q_GATHER_EXAMPLE,
    Q_GATHER_LISTED,
    Q_GATHER_ROLL,
    Q_GATHER_ZERO,
    Q_GATHERING,
    Q_PAY_AILMENTS,
    Q_PAY_COMBINATION,
    Q_PAY_RESOURCES,
    Q_PERISH_PAYING,
    Q_PLACED,
    Q_QRG_BACKWARDS,
    Q_QRG_TOOL_MAY,
    Q_RAVENOUS_RESTRICT,
    Q_REVEAL_RAVENOUS,
    Q_STAY,
    Q_TOOL_BONUS,
    Q_TOOL_ONE_EACH,
    Q_TRAVEL_ADJACENT,
    Q_TRAVEL_COST_TILE,
)


def gather_count(game, seat: str, roll: int) -> int:
    """How many Resource tokens a Worth 1 or 2 Gather takes: the roll, but never more than the tile
    can give — none where it lists no Resource, and under gather_same_kind=false one of each kind it
    lists (a Forest listing only Wood gives one Wood on a Worth 2)."""
    kinds = len(set(game.G["tiles"][game.here(seat)]["resources"] or []))
    return min(roll, kinds) if not game.option("gather_same_kind") else (roll if kinds else 0)


class TravelMixin:

    # -- the Travel Phase --------------------------------------------------------------------------

    def here(self, seat: str) -> str:
        return self.G["players"][seat]["tile"]

    def toward_cedar_falls(self, here: str, there: str) -> bool:
        steps = distances(self.G["tiles"], city(self.G["tiles"], CEDAR_FALLS))
        return there in steps and steps[there] < steps.get(here, 10**6)

    @cites(Q_TRAVEL_ADJACENT)
    def travel_to_adjacent(self, event):
        here, to = self.here(event["player"]), event["to"]
        tile = self.tile(to)
        if to == here:
            return f"You are on {to}: to stay, enter \"stay\"."
        if to not in self.G["tiles"][here]["adjacent"]:
            return f"{to} is not adjacent to {here}."
        if tile["removed"]:
            return f"Tile {to} has been removed from the board."
        return True

    @cites(Q_QRG_BACKWARDS)
    def backward_toward_cedar_falls(self, event):
        if event.get("backward") and not self.toward_cedar_falls(self.here(event["player"]),
                                                                 event["to"]):
            return f"{event['to']} is not a step back toward Cedar Falls."
        return True

    def stuck(self, seat: str) -> bool:
        """Under backwards_when=stuck: the Resources held do not cover the Travel Cost of the
        tile being left (a cost not entered: not known to be covered)."""
        cost = self.G["tiles"][self.here(seat)]["travel_cost"]
        held = self.G["players"][seat]["resources"]
        return cost is None or any(held[kind] < cost[kind] for kind in RESOURCES)

    @cites(Q_QRG_BACKWARDS)
    def backwards_only_when_stuck(self, event):
        seat = event["player"]
        if (not event.get("backward") or self.option("backwards_when") == "any_turn"
                or self.stuck(seat)):
            return True
        return (f"You hold the {words(self.travel_cost(seat))} the Travel Cost of "
                f"{self.here(seat)} asks: you are not stuck, so you travel back at that cost "
                "(table option backwards_when).")

    @cites(Q_PAY_COMBINATION)
    def pays_travel_cost(self, event):
        self.travel_payment(event["player"], event)
        return True

    def travel_cost(self, seat: str) -> dict:
        here = self.here(seat)
        cost = self.G["tiles"][here]["travel_cost"]
        if cost is None:
            raise BadRequest(f"the Travel Cost of {here} is not known: enter the tile as it is "
                             "laid out", "event")
        return cost

    def travel_payment(self, seat: str, event: dict) -> tuple[dict, dict]:
        """(Resources discarded, Ailments taken) for this travel, as entered or worked out;
        refused with the rule when the entry does not pay the cost as the rules allow."""
        held = self.G["players"][seat]["resources"]
        any_mix = self.option("ailment_for_held_resource")
        pay = counts(RESOURCES, event.get("pay")) if "pay" in event else None
        taken = counts(AILMENTS, event.get("ailments")) if "ailments" in event else None
        if event.get("backward"):
            return self.backward_payment(held, pay, taken, any_mix)
        cost = self.travel_cost(seat)
        if pay is None and taken is None:
            pay = {kind: min(held[kind], cost[kind]) for kind in RESOURCES}
        if pay is None:
            pay = {kind: max(0, cost[kind] - taken[AILMENT_FOR[kind]]) for kind in RESOURCES}
        if taken is None:
            taken = {AILMENT_FOR[kind]: max(0, cost[kind] - pay[kind]) for kind in RESOURCES}
        for kind in RESOURCES:
            if pay[kind] > held[kind]:
                raise self.violation(f"You have {held[kind]} {WORDS[kind]}, not {pay[kind]}: take "
                                     f"{WORDS[AILMENT_FOR[kind]]} for what you lack.",
                                     Q_PAY_AILMENTS)
            if pay[kind] + taken[AILMENT_FOR[kind]] != cost[kind]:
                raise self.violation(
                    f"The Travel Cost of {self.here(seat)} is {words(cost)}: pay {cost[kind]} "
                    f"{WORDS[kind]} in {WORDS[kind]} and {WORDS[AILMENT_FOR[kind]]}, not "
                    f"{pay[kind]} and {taken[AILMENT_FOR[kind]]}.", Q_TRAVEL_COST_TILE)
            if not any_mix and pay[kind] < min(held[kind], cost[kind]):
                raise self.violation(
                    f"You have {held[kind]} {WORDS[kind]}: pay it before taking "
                    f"{WORDS[AILMENT_FOR[kind]]} (Ailments only for the Resources you do not "
                    "have; table option ailment_for_held_resource).", Q_PAY_COMBINATION)
        return pay, taken

    def backward_payment(self, held, pay, taken, any_mix) -> tuple[dict, dict]:
        with_ailments = self.option("backwards_with_ailments")
        taken = taken or counts(AILMENTS, {})
        if sum(taken.values()) and not with_ailments:
            raise self.violation("Travelling backwards is paid with two Resource tokens, not "
                                 "Ailments (table option backwards_with_ailments).", Q_BACKWARDS)
        if sum(taken.values()) > BACKWARDS_COST:
            raise self.violation(f"Travelling backwards costs two Resource tokens, not "
                                 f"{sum(taken.values())} Ailments.", Q_BACKWARDS)
        if pay is None:
            choices = self.backward_choices(held, taken)
            if not choices:
                raise self.violation(f"Travelling backwards costs two Resource tokens: you have "
                                     f"{sum(held.values())}.", Q_BACKWARDS)
            if len(choices) != 1:
                raise BadRequest("say which two Resource tokens pay for travelling backwards "
                                 "(\"pay\")", "event.pay")
            pay = choices[0]
        for kind in RESOURCES:
            if pay[kind] > held[kind]:
                raise self.violation(f"You have {held[kind]} {WORDS[kind]}, not {pay[kind]}.",
                                     Q_BACKWARDS)
        if sum(pay.values()) + sum(taken.values()) != BACKWARDS_COST:
            raise self.violation(f"Travelling backwards costs two Resource tokens, not "
                                 f"{sum(pay.values()) + sum(taken.values())}.", Q_BACKWARDS)
        if sum(taken.values()) and not any_mix and sum(held.values()) > sum(pay.values()):
            raise self.violation("You still hold Resources: pay with them before taking Ailments "
                                 "(table option ailment_for_held_resource).", Q_PAY_COMBINATION)
        return pay, taken

    @staticmethod
    def backward_choices(held: dict, taken: dict) -> list[dict]:
        need = BACKWARDS_COST - sum(taken.values())
        out = []
        for combo in combinations_with_replacement(RESOURCES, need):
            pay = counts(RESOURCES, {k: combo.count(k) for k in RESOURCES})
            if all(pay[k] <= held[k] for k in RESOURCES):
                out.append(pay)
        return out

    def do_travel(self, event):
        seat, to = event["player"], event["to"]
        player = self.G["players"][seat]
        here = player["tile"]
        pay, taken = self.travel_payment(seat, event)
        face_down = not self.G["tiles"][to]["face_up"]
        if not face_down and ("reveal" in event or "ravenous_moves" in event):
            raise BadRequest(f"tile {to} is already face up", "event.reveal")
        if face_down and self.option("flip_tiles") == "on_declaring":
            self.reveal(to, event)
        how = "backwards " if event.get("backward") else ""
        if any(pay.values()):
            self.effect(f"{self.player_name(seat)} travels {how}from {here} to {to}, discarding "
                        f"{words(pay)}.", Q_BACKWARDS if how else Q_PAY_RESOURCES)
            for kind, n in pay.items():
                player["resources"][kind] -= n
        if any(taken.values()):
            self.accrue(seat, taken, " for the Travel Cost")
        if player["status"] != TRAVELER:
            self.effect(f"{self.player_name(seat)} stays on {here}: the cost is paid before moving.",
                        Q_PERISH_PAYING)
            return
        player["tile"] = to
        self.effect(f"{self.player_name(seat)} moves to {to}.", Q_TRAVEL_ADJACENT)
        if face_down and self.option("flip_tiles") == "on_arrival":
            self.reveal(to, event)
        if self.G["tiles"][to]["kind"] == NEWHAVEN:
            self.arrive(seat)
            return
        draws = self.draws_of(event, "draws", self.G["tiles"][to]["placed"]["bag_draw"])
        self.pick_up(seat, draws, event.get("discard"))
        self.go_on("turn_gathering")

    def reveal(self, name: str, event: dict) -> None:
        tile = self.G["tiles"][name]
        shown = event.get("reveal")
        if shown is None or "kind" not in shown:
            raise BadRequest(f"tile {name} is face down: enter what it shows when flipped (its "
                             "terrain, Travel Cost and Resources)", "event.reveal")
        tile.update(kind=shown["kind"], face_up=True,
                    travel_cost=counts(RESOURCES, shown.get("travel_cost")),
                    resources=[k for k in RESOURCES if k in shown.get("resources", [])],
                    trading_post=bool(shown.get("trading_post", False)))
        self.effect(f"{name} is flipped: {shown['kind']}"
                    + (" with a Trading Post" if tile["trading_post"] else "")
                    + f", Travel Cost {words(tile['travel_cost'])}, Resources "
                      f"{', '.join(WORDS[k] for k in tile['resources']) or 'none'}.")
        moves = dict(event.get("ravenous_moves") or {})
        here = [s for s, p in self.G["players"].items() if p["status"] == RAVENOUS
                and p["tile"] == name]
        if not tile["trading_post"] or not here:
            if moves:
                raise BadRequest("no Ravenous Traveler has to move off this tile",
                                 "event.ravenous_moves")
            return
        for seat in here:
            to = moves.pop(seat, None)
            if not self.retreat_options(seat) and to in (None, name):
                self.effect(f"No tile adjacent to {name} can be entered: "
                            f"{self.player_name(seat)} (Ravenous) stays.", Q_REVEAL_RAVENOUS)
                self.ravenous_hunger(seat, "on a revealed Trading Post", Q_REVEAL_RAVENOUS)
                continue
            if to is None:
                raise self.violation(f"{self.player_name(seat)} is Ravenous on the revealed Trading "
                                     "Post and moves off it: say where (\"ravenous_moves\").",
                                     Q_REVEAL_RAVENOUS)
            self.tile(to, f"event.ravenous_moves.{seat}")
            if to not in tile["adjacent"] or self.G["tiles"][to]["removed"]:
                raise self.violation(f"{to} is not adjacent to {name}.", Q_REVEAL_RAVENOUS)
            self.check_ravenous_may_enter(to)
            self.G["players"][seat]["tile"] = to
            self.effect(f"{self.player_name(seat)} (Ravenous) moves off the Trading Post to {to}.",
                        Q_REVEAL_RAVENOUS)
            self.ravenous_hunger(seat, "moved off a revealed Trading Post", Q_REVEAL_RAVENOUS)
        if moves:
            raise BadRequest(f"{', '.join(moves)} is not a Ravenous Traveler on {name}",
                             "event.ravenous_moves")

    def check_ravenous_may_enter(self, name: str) -> None:
        tile = self.G["tiles"][name]
        if tile["kind"] in CITIES:
            raise self.violation(f"A Ravenous Traveler cannot move onto {tile['kind']}.",
                                 Q_RAVENOUS_RESTRICT)
        if tile["face_up"] and tile["trading_post"]:
            raise self.violation(f"{name} is a Trading Post tile: a Ravenous Traveler cannot move "
                                 "onto it.", Q_RAVENOUS_RESTRICT)

    def pick_up(self, seat: str, draws, discard) -> None:
        """Everything placed on the Traveler's tile goes to their board; a Bag Draw token is a draw
        from the Exploration Bag."""
        tile = self.G["tiles"][self.here(seat)]
        placed = tile["placed"]
        bag_draws = placed["bag_draw"]
        if draws is not None and len(draws) != bag_draws:
            raise self.violation(f"{bag_draws} Bag Draw token(s) on {self.here(seat)}: draw "
                                 f"{bag_draws} token(s) from the Exploration Bag, not "
                                 f"{len(draws)}.", Q_BAG_DRAW_TOKEN)
        if bag_draws and draws is None:
            raise BadRequest(f"{bag_draws} Bag Draw token(s) picked up: say what was drawn "
                             "(\"draws\")", "event.draws")
        found = {k: placed[k] for k in BAG_TOKENS if placed[k]}
        cards = placed["equipment"]
        if not found and not cards and not bag_draws:
            if discard:
                raise BadRequest("nothing was gained: nothing is discarded", "event.discard")
            return
        tile["placed"] = {**{k: 0 for k in placed}, "equipment": []}
        picked = [words(found)] if found else []
        picked += [card["name"] for card in cards]
        picked += [f"{bag_draws} Bag Draw token(s)"] if bag_draws else []
        self.effect(f"{self.player_name(seat)} picks up {', '.join(picked)}.", Q_PLACED)
        haul = {k: found.get(k, 0) for k in RESOURCES}
        self.accrue(seat, {k: found.get(k, 0) for k in AILMENTS}, " (picked up)")
        if bag_draws:
            self.effect(f"{bag_draws} Bag Draw token(s) go back to the Stockpile after drawing.",
                        Q_BAG_DRAW_TOKEN)
            self.draw_from_bag(seat, draws, haul)
        excess = "return" if self.option("placed_items_excess") == "returned" else "choose"
        self.gain(seat, haul, cards, discard, excess=excess)

    def do_stay(self, event):
        self.effect(f"{self.player_name(event['player'])} stays on {self.here(event['player'])}.",
                    Q_STAY)
        self.go_on("turn_gathering")

    # -- the Gathering Phase -----------------------------------------------------------------------

    def tool_tokens(self, seat: str) -> dict:
        """What the Tools in the Supply give: one token for each Tool card, of its Resource."""
        haul = counts(RESOURCES, {})
        for card in self.cards_of(self.G["players"][seat]):
            if card["type"] == "tool":
                haul[card["bonus"]] += 1
        return haul

    def tool_bonus(self, seat: str, event: dict) -> dict:
        """The Tool Bonus added: what the event's `tool_bonus` names, or (left out) every token the
        Tools give, as the Tool Bonus reads."""
        given = self.tool_tokens(seat)
        haul = counts(RESOURCES, event.get("tool_bonus", given))
        tools = [card["name"] for card in self.cards_of(self.G["players"][seat])
                 if card["type"] == "tool"]
        if tools:
            self.effect(f"Tool Bonus: {words(haul)} ({', '.join(tools)}).", Q_TOOL_BONUS)
            self.effect("One token for each Tool card.", Q_TOOL_ONE_EACH)
        if haul != given:
            self.effect(f"{self.player_name(seat)} does not add "
                        f"{words({k: given[k] - haul[k] for k in RESOURCES})}.", Q_QRG_TOOL_MAY)
        return haul

    @cites(Q_EXPLORE)
    def explore_draws_one(self, event):
        """An Explore entered with more than the one token it draws."""
        return (not event.get("also_drawn")
                or f"Explore draws one token from the Exploration Bag: "
                   f"{', '.join(event['also_drawn'])} not drawn.")

    @cites(Q_QRG_TOOL_MAY)
    def tool_bonus_chosen(self, event):
        if "tool_bonus" not in event:
            return True
        given = self.tool_tokens(event["player"])
        chosen = counts(RESOURCES, event["tool_bonus"])
        for kind in RESOURCES:
            if chosen[kind] and not given[kind]:
                raise self.violation(f"No Tool in your Supply gives {WORDS[kind]}.", Q_TOOL_BONUS)
            if chosen[kind] > given[kind]:
                return (f"Your Tools give {given[kind]} {WORDS[kind]}: one token per card, not "
                        f"{chosen[kind]}.")
        if chosen != given and not self.option("tool_bonus_optional"):
            raise self.violation(f"The Tool Bonus is {words(given)}: it is added at the start of "
                                 "the Gathering Phase (table option tool_bonus_optional).",
                                 Q_TOOL_BONUS)
        return True

    @cites(Q_GATHER_ROLL)
    def gather_as_rolled(self, event):
        roll, take = event["roll"], event.get("take", [])
        if roll == 0:
            if take:
                raise self.violation("Worth 0 takes no Resources: draw one token from the "
                                     "Exploration Bag instead.", Q_GATHER_ZERO)
            if self.draws_of(event, "draw", 1) is None:
                raise self.violation("Worth 0: draw one token from the Exploration Bag "
                                     "(\"draw\").", Q_GATHER_ZERO)
            return True
        if "draw" in event:
            return f"Worth {roll} takes Resources from the Stockpile; only Worth 0 draws from the bag."
        if len(set(take)) < len(take) and not self.option("gather_same_kind"):
            raise self.violation("Two different Resources listed on the tile (table option "
                                 "gather_same_kind).", Q_GATHER_EXAMPLE)
        due = gather_count(self, event["player"], roll)
        if len(take) != due:
            return f"Worth {roll}: take {due} Resource token(s) listed on the tile, not {len(take)}."
        return True

    @cites(Q_GATHER_LISTED)
    def gather_listed(self, event):
        here = self.here(event["player"])
        listed = self.G["tiles"][here]["resources"] or []
        for kind in event.get("take", []):
            if kind not in listed:
                return (f"{here} lists {', '.join(WORDS[k] for k in listed) or 'no Resources'}, "
                        f"not {WORDS[kind]}.")
        return True

    def do_gather(self, event):
        seat = event["player"]
        haul = self.tool_bonus(seat, event)
        if event["roll"]:
            take = event.get("take", [])  # left out where the tile lists nothing to take
            for kind in take:
                haul[kind] += 1
            self.effect(f"Gather: Worth {event['roll']}, "
                        f"{words(counts(RESOURCES, {k: take.count(k) for k in RESOURCES}))}.",
                        Q_GATHER_ROLL)
        else:
            self.effect("Gather: Worth 0, a draw from the Exploration Bag; the Gathering Phase ends.",
                        Q_GATHER_ZERO)
            self.draw_from_bag(seat, self.draws_of(event, "draw", 1), haul)
        self.gain(seat, haul, (), event.get("discard"))
        self.go_on("turn_camp")

    def do_explore(self, event):
        seat = event["player"]
        haul = self.tool_bonus(seat, event)
        self.effect("Explore: one token from the Exploration Bag; the Gathering Phase ends.",
                    Q_EXPLORE)
        drawn = self.draws_of(event, "draw", 1)
        if drawn is None:
            raise BadRequest("say which token was drawn from the Exploration Bag", "event.draw")
        self.draw_from_bag(seat, drawn, haul)
        if drawn[0] in RESOURCES:  # an Ailment's accrual says where it went (finding 129)
            self.effect(f"The {WORDS[drawn[0]]} token is added to the Player board.",
                        Q_EXPLORE_ADD)
        self.gain(seat, haul, (), event.get("discard"))
        self.go_on("turn_camp")

    def do_skip_gathering(self, event):
        seat = event["player"]
        haul = self.tool_bonus(seat, event)
        if not any(haul.values()):
            self.effect("No Tool Bonus, no Gather, no Explore.", Q_GATHERING)
        self.gain(seat, haul, (), event.get("discard"))
        self.go_on("turn_camp")
