"""Character abilities (after an activation), improvements triggered, and buying an item card with
clovers.
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from . import cards
from .adventure import Q_ADVENTURE_FROM, Q_COMPLETED
from .board import space_name
from .cards import describe

Q_ABILITY_ONCE = "Each ability can be used only once per activation."
Q_PERFORM = "After activating a character, the player performs their ability."
Q_NO_MAP_BUY = "Note: Players can't spend clover tokens to take an item card from the map."
Q_LEADER = ("Each leader has two abilities: a movement diagram and reserve an adventure card.")
Q_ANOTHER = "The player may play another item card to activate another character this turn."
Q_ANY_ORDER = ('If the card has multiple (divided by the line with "+"), the player uses them in '
               'any order.')
Q_RESERVE = ("To reserve a card, either take any one adventure card from the display or draw one "
             "from either adventure deck. Place the reserved adventure card face-up to the right "
             "of the player board.")
Q_RESERVE_ONE = "A player may only have one adventure card in their reserve at a time."
Q_RESERVE_SWAP = ("To reserve a new adventure card, first put the current reserved adventure card "
                  "on the bottom of the corresponding deck. Then, reserve the new one as usual.")
Q_MORE_RESERVE = "The player may have an additional adventure card reserved."
Q_CLOVER_DRAW = ("Spend 2 clover tokens to draw an item card from the deck. The player can draw any "
                 "number of cards this way, if they have enough clover tokens. They may do this "
                 "any time during their turn.")
Q_CLOVER_DRAW_COST = "Spend 2 clover tokens to draw an item card from the deck."
Q_CLOVER_ANY_TIME = "They may do this any time during their turn."
Q_CROSSED_CLOVER = ("This indicates that the player must spend a clover token to trigger that "
                    "ability or improvement.")
Q_DRAW_ITEM = "• Draw 1 item card from the deck."
Q_DRAW_TWO_ITEMS = ("• Draw 2 item cards from the deck. Keep one, then put the other face-down on "
                    "the bottom of the item deck.")
Q_DRAW_COMPANIONS = ("• Draw 2 companion cards from the deck. Keep one, then put the other face-down "
                     "on the bottom of the companion deck.")
Q_SIDE_B = ("Note: For the first game, use side A of the leader tile. In advanced games, try using "
            "side B for different abilities. All players should use the same side.")


class AbilitiesMixin:
    """The ability guards and callbacks of `Game`."""

    # -- abilities -------------------------------------------------------------------------------------

    @cites(Q_ABILITY_ONCE)
    def ability_available(self, event):
        kind = event["kind"]
        if "improvement" in event and "journey" in event:
            raise BadRequest("an ability comes from an improvement or a journey card, not both",
                             "event.journey")
        if "improvement" in event:
            completed = self.me(event)["completed"]
            if not 1 <= event["improvement"] <= len(completed):
                raise self.violation("You have not completed that many adventures.", Q_COMPLETED)
            card = completed[event["improvement"] - 1]
            if not card.get("improvement") and not card.get("abilities"):
                raise self.violation("That adventure card gives no improvement.",
                                     "Note: Some adventure cards only offer victory points!")
            self.improvement_allowed(event)
            return True
        if "journey" in event:
            self.journey_reward_allowed(event)
            return True
        if kind == "extra space":
            raise BadRequest("\"move 1 more space\" is used by the move itself: give the move's "
                             "\"diagram_to\"", "event.kind")
        active = self.G["turn"]["active"]
        if self.phase == "turn_replenish" and active is not None:
            raise self.violation("The Adventure phase is over: the activated character's abilities "
                                 "belong to the Activate phase, which comes before it.",
                                 self.phase_rule)
        if self.phase != "turn_activate" or active is None:
            raise self.violation("Abilities are used after activating a character.", Q_PERFORM)
        active = self.activation_of(event)
        if active["abilities"] is not None and kind not in active["abilities"]:
            quote = (Q_PERFORM if active["character"] != "leader" else
                     Q_SIDE_B if self.option("leader_side") == "B" else Q_LEADER)
            raise self.violation(f"This character has no {kind!r} ability "
                                 f"({', '.join(active['abilities']) or 'none'}).", quote)
        if kind in active["used"]:
            return f"The {kind!r} ability was already used in this activation."
        return True

    def activation_of(self, event) -> dict | None:
        """The activation whose ability `event` uses: the one of the character it names, else the
        last one, else an earlier one of this turn with that ability unused (table ruling
        abilities_after_another_activation: kept); none unused, the first that has it (refused:
        used), else the last one (refused: no such ability)."""
        turn = self.G["turn"]
        if turn["active"] is None:
            return None
        activations = [turn["active"], *reversed(turn["earlier"])]
        if "character" in event:
            which = event["character"]
            found = next((a for a in activations if a["character"] == which), None)
            if found is not None:
                return found
            label = ("The leader" if which == "leader" else
                     f"The retired companion {which['retired']}" if isinstance(which, dict)
                     else f"The companion at place {which}")
            if which in turn["characters"]:
                raise self.violation(f"{label} was activated before another character: its "
                                     "abilities ended then (table option "
                                     "abilities_after_another_activation: ended).", Q_PERFORM)
            raise self.violation(f"{label} was not activated this turn.", Q_PERFORM)
        kind = event["kind"]
        having = [a for a in activations if a["abilities"] is None or kind in a["abilities"]]
        return next((a for a in having if kind not in a["used"]),
                    having[0] if having else turn["active"])

    def crossed_clover(self, event) -> bool:
        """The ability shows a crossed-out clover: as entered, or on the improvement's card."""
        if event.get("crossed_clover"):
            return True
        if "improvement" in event:
            completed = self.me(event)["completed"]
            if 1 <= event["improvement"] <= len(completed):
                return bool(completed[event["improvement"] - 1].get("crossed_clover"))
        return False

    @cites(Q_CROSSED_CLOVER)
    def crossed_clover_paid(self, event):
        if self.crossed_clover(event) and self.me(event)["clovers"] < 1:
            return "This ability shows a crossed-out clover: it costs 1 clover token."
        return True

    def do_ability(self, event):
        seat, player, kind = event["player"], self.me(event), event["kind"]
        if "improvement" in event:
            self.improvement_used(event)
        elif "journey" in event:
            self.journey_reward_used(event)
        else:
            self.activation_of(event)["used"].append(kind)
        if self.crossed_clover(event):
            player["clovers"] -= 1
            self.effect("1 clover spent to trigger it.", Q_CROSSED_CLOVER)
        if kind == "move":
            if "to" not in event:
                raise BadRequest("say where the figure moves", "event.to")
            start = self.G["figures"][seat]
            self.travel(seat, start, event["to"], event["to"], event.get("over"), "event")
            self.take_at(seat, event["to"], event.get("card"), event.get("retire"), "event")
        elif kind == "reserve":
            self.reserve(event)
        elif kind == "draw item":
            card = self.draw("item", event.get("card"), "event.card",
                             why=None if "bottom" in event else Q_DRAW_ITEM)
            if card is None:  # the item deck and its discard pile empty (empty_item_deck)
                return
            player["hand"].append(cards.resolve("item", card, "event.card"))
            if "bottom" in event:  # "Draw 2 item cards from the deck. Keep one, ..."
                self.draw("item", event["bottom"], "event.bottom")
                self.G["decks"]["item"] += 1
                self.to_bottom("item", cards.resolve("item", event["bottom"], "event.bottom"),
                               "drawn with another and not kept", seat)
                self.effect("Keeps one of 2 item cards; the other goes to the bottom of the deck.",
                            Q_DRAW_TWO_ITEMS)
            else:
                self.effect("Draws 1 item card.", Q_DRAW_ITEM)
        elif kind == "take item":
            self.take_item(event)
        elif kind == "passed-over item":
            self.take_passed_over(event)
        elif kind == "swap items":
            self.swap_items(event)
        elif kind == "another activation":
            self.G["turn"]["activations"] += 1
            self.effect("Another item card may be played under another character.", Q_ANOTHER)
        elif kind == "gain clover":
            player["clovers"] += 1
            self.effect("Gains 1 clover token.", "• Gain 1 clover token.")
        elif kind == "draw companion":
            left = self.G["decks"]["companion"]
            card = self.draw("companion", event.get("card"), "event.card", why=Q_DRAW_COMPANIONS)
            if card is not None:
                self.join_party(seat, cards.resolve("companion", card, "event.card"),
                                event.get("retire"), "event")
            if "bottom" in event:  # drawn, then put back on the bottom
                self.draw("companion", event["bottom"], "event.bottom")
                self.G["decks"]["companion"] += 1
                self.to_bottom("companion", cards.resolve("companion", event["bottom"],
                                                          "event.bottom"),
                               "drawn with another and not kept", seat)
            if left == 1:
                self.effect("Only 1 companion card was left in the deck: it is kept.",
                            Q_DRAW_COMPANIONS)
            elif left:
                self.effect("Keeps one of 2 companion cards; the other goes to the bottom of the "
                            "deck.", Q_DRAW_COMPANIONS)

    def reserve(self, event):
        player = self.me(event)
        source = event.get("source")
        if source is None:
            raise BadRequest("say where the reserved card comes from: display, level1 or level2",
                             "event.source")
        if source == "display":
            entry = self.display_entry(event.get("index"))
            card = self.display_card(entry, event.get("adventure"))
            self.take_from_display(entry)
        else:
            level = 1 if source == "level1" else 2
            card = cards.resolve("adventure", self.draw(source, event.get("adventure"),
                                                        "event.adventure"), "event.adventure")
            if card["level"] != level:
                raise BadRequest(f"a card from the level {level} deck is level {level}",
                                 "event.adventure.level")
        if len(player["reserve"]) >= self.reserve_limit(player):
            back = event.get("return", 1)
            if not 1 <= back <= len(player["reserve"]):
                raise BadRequest("no reserved card at that place", "event.return")
            old = player["reserve"].pop(back - 1)
            self.G["decks"][f"level{old['level']}"] += 1
            self.to_bottom(f"level{old['level']}", old, "a reserved card replaced")
            self.effect(f"The reserved card, {describe(old)}, goes to the bottom of its deck.",
                        Q_RESERVE_SWAP)
        player["reserve"].append(card)
        self.effect(f"{describe(card)} is reserved.", Q_RESERVE)

    def display_card(self, entry, given) -> dict:
        """The display card at `entry`: the one entered before, or the one the event names."""
        if given is not None:
            given = cards.resolve("adventure", given, "event.adventure")
        known = entry["card"]
        if known is None:
            if given is None:
                raise BadRequest("say which adventure card it is", "event.adventure")
            if given["level"] != entry["level"]:
                raise BadRequest(f"that card came from the level {entry['level']} deck",
                                 "event.adventure.level")
            return given
        if given is not None and given != known:
            raise self.violation(f"The adventure card at that place in the display is "
                                 f"{describe(known)}, not {describe(given)}.", Q_ADVENTURE_FROM)
        return known

    def display_entry(self, index):
        display = self.G["display"]
        if index is None or not 1 <= index <= len(display):
            raise self.violation(f"The display has {len(display)} adventure cards; there is no "
                                 f"card at place {index}.", Q_ADVENTURE_FROM)
        return display[index - 1]

    @cites(Q_NO_MAP_BUY)
    def clovers_buy_from_the_deck(self, event):
        if "space" in event:
            return (f"Clover tokens buy an item card from the deck, not the one on space "
                    f"{space_name(event['space'])}.")
        return True

    @cites(Q_CLOVER_DRAW_COST)
    def two_clovers(self, event):
        if self.me(event)["clovers"] < 2:
            return "Drawing an item card costs 2 clover tokens."
        return True

    def do_buy_item(self, event):
        if "item" not in event:
            raise BadRequest("say which item card was drawn", "event.item")
        card = self.draw("item", event["item"], "event.item")
        self.me(event)["clovers"] -= 2
        self.me(event)["hand"].append(cards.resolve("item", card, "event.item"))
        self.effect("2 clover tokens spent to draw an item card.", Q_CLOVER_DRAW)

