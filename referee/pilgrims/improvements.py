"""Improvements and the rules that depend on a figure's path: Reference: Triggers (what must happen
before an improvement gives the reward to the arrow's right), "move 1 more space", "take 1 item card
from a passed-over space", "swap two mutually orthogonally adjacent item cards".

What the rulebook prints is checked; what it does not print is entered by the players and said so:
an adventure card's trigger, reward(s) and means of travel (which movement space, 1-4, it depicts),
and, for a move that is not along a row, column or diagonal, the spaces its movement diagram passes
over.
"""

from __future__ import annotations

from referee.core import BadRequest

from . import cards
from .board import (
    CORNERS,
    on_map,
    orthogonally_adjacent,
    space_name,
    steps_apart,
    straight_between,
    strictly_inside,
)
from .cards import TRIGGERS, describe

Q_TRIGGERED = ("Some abilities must be triggered. If the player does one of the following, they get "
               "the reward to the arrow's right. Multiple abilities can be triggered at once. "
               "Perform their effects in any order.")
Q_EXTRA_SPACE = ("• When moving by the depicted means, you may move 1 more space in any possible "
                 "direction. Only gain the card from the space where the figure ended its "
                 "movement. Multiple instances of this ability stack.")
Q_PASSED_OVER = ("• Take 1 item card from a passed-over space during travel. If a figure is on that "
                 "space, draw an item card as usual.")
Q_SWAP = "• Before moving, you may swap two mutually orthogonally adjacent item cards on the map."
Q_CROSSED = ("• To perform the following ability, you must pay a clover token (crossed-out clover "
             "symbol).")
Q_CAMPFIRE_GIVES = "Campfire map spaces give companion cards."
Q_DIAGRAM = ("Each space shows a type of travel and a movement diagram. The diagram's symbol marks "
             "the current position of a player's figure.")


def trigger_key(trigger: dict) -> str:
    """The turn's record of what happened, as an improvement's trigger names it."""
    when = trigger["when"]
    if when in ("means", "color", "activation"):
        field = when
        if field not in trigger:
            raise BadRequest(f"the improvement's trigger {when!r} needs its {field!r} (as shown)",
                             "event.improvement")
        return f"{when}:{trigger[field]}"
    return when


class ImprovementsMixin:
    """The trigger and path checks of `Game`."""

    # -- what happened this turn -------------------------------------------------------------------

    def happened(self, key: str) -> None:
        self.G["turn"].setdefault("triggers", []).append(key)

    def travel(self, seat: str, start, via, end, entered_over, field: str) -> None:
        """Record a figure's travel from `start` (through `via`, where its diagram ended, when
        "move 1 more space" carried it on) to `end`, and what it triggers. The spaces passed over
        are worked out on a row, column or diagonal; otherwise they are the diagram's, entered."""
        if list(start) == list(via):
            raise self.violation(f"Your figure is on {list(start)}: a movement diagram leads to "
                                 "one of its black dot spaces, not to the space its symbol marks.",
                                 Q_DIAGRAM)
        over = []
        for a, b in ((start, via), (via, end)):
            if list(a) == list(b):
                continue
            line = straight_between(a, b)
            if line is None:
                line = [list(s) for s in entered_over or []
                        if strictly_inside(s, a, b)]
                if entered_over and len(line) != len(entered_over):
                    raise BadRequest("a space passed over lies between the start and the end of "
                                     "the move", f"{field}.over")
            elif entered_over:
                raise BadRequest("the spaces passed over on a row, column or diagonal are worked "
                                 "out by the referee: leave out \"over\"", f"{field}.over")
            over += line
            if list(b) != list(end):
                over.append(list(b))
        self.G["turn"].setdefault("moves", []).append(
            {"from": list(start), "to": list(end), "over": over,
             "straight": all(straight_between(a, b) is not None
                             for a, b in ((start, via), (via, end)))})
        others = [at for who, at in self.G["figures"].items() if who != seat and at is not None]
        if any(list(at) in over + [list(end)] for at in others):
            self.happened("figure")
        if list(end) in CORNERS:
            self.happened("corner")

    # -- "move 1 more space" -----------------------------------------------------------------------

    def extra_spaces(self, event) -> list[int]:
        """Check the spaces moved beyond the diagram (`diagram_to` -> `to`) against the player's
        "move 1 more space" improvements for this means of travel; pay crossed-out clovers; return
        where the diagram ended."""
        via = event.get("diagram_to")
        if via is None or list(via) == list(event["to"]):
            return list(event["to"])
        player, movement = self.me(event), event["movement"]
        instances = [(n, a) for n, a in enumerate(player["completed"], start=1)
                     if "extra space" in a.get("abilities", ())
                     and a.get("trigger", {}).get("when") == "means"
                     and a["trigger"].get("means") == movement]
        if not instances:
            raise self.violation(f"No improvement of yours lets you move 1 more space when moving "
                                 f"by movement space {movement} (enter its \"trigger\" and "
                                 "\"abilities\" on the adventure card).", Q_EXTRA_SPACE)
        steps = steps_apart(via, event["to"])
        if steps > len(instances):
            raise self.violation(f"{event['to']} is {steps} spaces beyond where the diagram ends "
                                 f"({via}); your {len(instances)} improvement(s) give "
                                 f"{len(instances)} more space(s).", Q_EXTRA_SPACE)
        used = sorted(instances, key=lambda x: bool(x[1].get("crossed_clover")))[:steps]
        cost = sum(1 for _, a in used if a.get("crossed_clover"))
        if cost > player["clovers"]:
            raise self.violation(f"{cost} of these improvements show a crossed-out clover: "
                                 f"{cost} clover token(s) needed.", Q_CROSSED)
        player["clovers"] -= cost
        turn = self.G["turn"].setdefault("improvements", [])
        turn += [[n, "extra space"] for n, _ in used]
        self.effect(f"{steps} more space(s) beyond the diagram, to {space_name(event['to'])}: only that "
                    "space's card is gained"
                    + (f"; {cost} clover token(s) spent" if cost else "") + ".", Q_EXTRA_SPACE)
        return list(via)

    # -- an improvement's reward -------------------------------------------------------------------

    def improvement_allowed(self, event) -> None:
        """An improvement's reward needs its trigger to have happened this turn, once per time."""
        n, kind = event["improvement"], event["kind"]
        card = self.me(event)["completed"][n - 1]
        rewards = card.get("abilities")
        if rewards is not None and kind not in rewards:
            raise self.violation(f"{describe(card)} gives {', '.join(rewards) or 'no reward'}, "
                                 f"not {kind!r}.", Q_TRIGGERED)
        if kind == "extra space":
            raise BadRequest("\"move 1 more space\" is used by the move itself: give the move's "
                             "\"diagram_to\"", "event.kind")
        trigger = card.get("trigger")
        if trigger is None:
            return  # its trigger was not entered: nothing to check it against
        turn = self.G["turn"]
        used = turn.get("improvements", []).count([n, kind])
        if kind == "swap items" and trigger["when"] == "means":
            # "Before moving": the swap comes in the Move phase, and the move must then be by the
            # depicted means (checked by the move).
            if self.phase != "turn_move" or used:
                raise self.violation("This swap comes before the move by the depicted means, in "
                                     "the Move phase.", Q_SWAP)
            return
        key = trigger_key(trigger)
        if trigger["when"] == "adventure":
            occurred = sum(1 for k in turn.get("triggers", [])
                           if k.startswith("adventure:") and k != f"adventure:{n}")
        else:
            occurred = turn.get("triggers", []).count(key)
        if used >= occurred:
            what = TRIGGERS[trigger["when"]][2:]
            shown = f" (shown: {key.split(':')[1]})" if ":" in key else ""
            raise self.violation(
                f"{describe(card)[:1].upper()}{describe(card)[1:]} gives its reward only when "
                f"this happens: {what[:1].lower()}{what[1:-1]}{shown}. "
                + ("It has already given it for each time that happened this turn." if used else
                   "That has not happened this turn."), TRIGGERS[trigger["when"]])

    def improvement_used(self, event) -> None:
        n, kind = event["improvement"], event["kind"]
        self.G["turn"].setdefault("improvements", []).append([n, kind])
        card = self.me(event)["completed"][n - 1]
        trigger = card.get("trigger")
        if kind == "swap items" and trigger and trigger["when"] == "means":
            self.G["turn"]["swap_means"] = trigger.get("means")

    # -- take an item card from the map: of the shown colour, adjacent, passed over ----------------

    def take_item(self, event):
        space = event.get("space")
        if space is None:
            raise BadRequest("say which space's item card is taken", "event.space")
        color = event.get("color")
        if color is None:
            raise BadRequest("say which colour the ability shows (fist: red, speech: blue, leaf: "
                             "green, coin: gold)", "event.color")
        quote = ("• Take any item card of the shown color from an orthogonally adjacent space."
                 if event.get("adjacent") else
                 "• Take any item card of the shown color from the map.")
        here = self.G["figures"][event["player"]]
        if event.get("adjacent") and not orthogonally_adjacent(here, space):
            raise self.violation(f"Space {space} is not orthogonally adjacent to your figure "
                                 f"({here}).", quote)
        cell = self.cell(space)
        if self.space_kind(space) != "item" or cell is None:
            raise self.violation(f"There is no item card on space {space}.", quote)
        card = cell["card"] if cell["card"] is not None else event.get("card")
        if card is None:
            raise BadRequest(f"say which item card lay on space {space}", "event.card")
        card = cards.resolve("item", card, "event.card")
        if cell["card"] is not None and event.get("card") not in (None, cell["card"]):
            raise self.violation(f"The card on space {space} is {describe(cell['card'])}.", quote)
        if card["adventure"] != color:
            raise self.violation(f"{describe(card)} is not of the shown colour ({color}).", quote)
        self.me(event)["hand"].append(card)
        self.set_cell(space, None)
        self.effect(f"Takes {describe(card)} from space {space_name(space)}.", quote)

    def take_passed_over(self, event):
        space = event.get("space")
        if space is None:
            raise BadRequest("say which passed-over space's item card is taken", "event.space")
        moves = self.G["turn"].get("moves", [])
        if not moves:
            raise self.violation("Your figure has not travelled this turn.", Q_PASSED_OVER)
        last = moves[-1]
        if list(space) not in last["over"]:
            if last["straight"] or last["over"]:
                raise self.violation(
                    f"Space {space} was not passed over from {last['from']} to {last['to']}"
                    + (f" (passed over: {last['over']})." if last["over"] else
                       ": that travel passed over no space."), Q_PASSED_OVER)
            if not strictly_inside(space, last["from"], last["to"]):
                raise self.violation(f"Space {space} does not lie between {last['from']} and "
                                     f"{last['to']}.", Q_PASSED_OVER)
        if self.space_kind(space) != "item":
            raise self.violation(f"Space {space} is a campfire: it holds no item card.",
                                 Q_CAMPFIRE_GIVES)
        cell = self.cell(space)
        if cell is None or self.figures_on(space, mover=event["player"]):
            card = self.draw("item", event.get("card"), "event.card", why=Q_PASSED_OVER)
            if card is None:  # the item deck and its discard pile empty (empty_item_deck)
                return
            how = "draws an item card (the space is " + ("empty)" if cell is None else
                                                          "occupied)")
        else:
            card = cell["card"] if cell["card"] is not None else event.get("card")
            if card is None:
                raise BadRequest(f"say which item card lay on space {space}", "event.card")
            self.set_cell(space, None)
            how = f"takes the item card of passed-over space {space}"
        self.me(event)["hand"].append(cards.resolve("item", card, "event.card"))
        self.effect(f"{self.player_name(event['player'])} {how}.", Q_PASSED_OVER)

    def swap_items(self, event):
        pair = event.get("swap")
        if not pair:
            raise BadRequest("say which two spaces' item cards are swapped", "event.swap")
        a, b = pair
        if not orthogonally_adjacent(a, b):
            raise self.violation(f"Spaces {a} and {b} are not orthogonally adjacent.", Q_SWAP)
        for space in (a, b):
            if not on_map(space) or self.space_kind(space) != "item" or self.cell(space) is None:
                raise self.violation(f"There is no item card on space {space}.", Q_SWAP)
        active = None if "improvement" in event else self.activation_of(event)
        if active is not None and "move" in active["used"]:
            raise self.violation("The swap comes before moving.", Q_SWAP)
        first, second = self.cell(a), self.cell(b)
        self.set_cell(a, second)
        self.set_cell(b, first)
        self.effect(f"The item cards of spaces {space_name(a)} and {space_name(b)} are swapped.", Q_SWAP)
