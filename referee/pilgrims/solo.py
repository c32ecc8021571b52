"""The solo game: the falconer's turn (Move, Adventure, Replenish), entered by the human player.

The solo cards are not printed in the rulebook: the reward, the arrow and the space each figure
moves to are entered from the card flipped. The falconer's Adventure phase is worked out by the
referee from the display, the public quests and his hand.
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from . import cards
from .adventure import Q_QUEST_COST
from .board import DIFFICULTY, FALCONER, FIGURES, QUILLS, on_map, space_name
from .cards import describe
from .payment import falconer_payment

Q_SOLO_CORNER = ("1. Perform game setup as usual. During step #6 of player setup, place the "
                 "player's figure on any corner of the map.")
Q_FALCONER_SETUP = ("3. Place both of the falconer's figures on the middle space of the map. Take "
                    "the item card from that space and place it above the solo board.")
Q_FALCONER_DRAW = ("4. Draw an item card and place it above the solo board. These cards are the "
                   "falconer's hand.")
Q_SOLO_ORDER = "The game plays as usual. The player goes first, and then the falconer."
Q_FALCONER_TURN = ("The falconer's turn consists of three phases in fixed order: Move, Adventure, "
                   "and Replenish. He doesn't have an Activate phase.")
Q_FALCONER_FLIP = ("1. Flip the top card of the solo deck. The falconer gains any reward shown on "
                   "the top of the card (a clover token or an item card).")
Q_FALCONER_BOTH = "Each turn, the falconer moves both of his figures."
Q_FALCONER_PRIORITY = ("2. Move the falcon figure according to the solo card's movement diagram. "
                       "Each space is marked with a priority number. The falconer selects the "
                       "first possible numbered space in ascending order.")
Q_FALCONER_NEXT = ("4. Flip the next card of the solo deck and move the falconer figure in the same "
                   "way.")
Q_FALCONER_TAKE = ("3. Take the selected space's card. Put item cards above the solo board, and "
                   "companion cards to the left of it. When the falconer takes a companion card, "
                   "they also gain 1 clover token. After taking a card, move the falcon figure to "
                   "the selected space.")
Q_FALCONER_CLOVERS = ("Any time the falconer has 2 clover tokens, he spends them immediately to "
                      "draw an item card. This is the only way the falconer spends clover tokens.")
Q_FALCONER_FIRST = ("The falconer always completes the first possible adventure card. He only needs "
                    "to meet the items cost.")
Q_FALCONER_ARROW = ("The arrow on the last flipped solo card shows the direction in which the "
                    "falconer checks the display. For example, with a right arrow he checks the "
                    "display from left to right.")
Q_FALCONER_QUEST_ONLY_IF = ("If the falconer is unable to complete an adventure card, he checks the "
                            "public quest tiles. Follow the arrow's direction as before.")
Q_FALCONER_QUEST = (f"{Q_FALCONER_QUEST_ONLY_IF} The falconer receives clover tokens from adventure "
                    "cards and public quest tiles as usual.")
Q_FALCONER_NOTHING = ("If falconer cannot complete an adventure card or sign up for a public quest "
                      "tile, he does nothing during this phase.")
Q_FALCONER_WILD = ("When the falconer completes an adventure card or signs up for a public quest "
                   "tile, he discards the used item cards. He only uses wild cards if absolutely "
                   "necessary. Slide the completed adventure card under the falconer's board.")
Q_SOLO_DECK = ("After 3 turns, all 6 of the solo cards have been used. Shuffle them together and "
               "create a new deck before starting the next round.")
Q_SOLO_SETS = ("Pilgrims includes four sets of 3 solo cards, marked A, B, C, and D. The solo game's "
               "difficulty is determined by which two sets are used:")
Q_SOLO_ADVENTURE_RESERVE = "The falconer doesn't reserve adventure cards."
Q_FALCONER_SPENDS = ("Any time the falconer has 2 clover tokens, he spends them immediately to draw "
                     "an item card.")
Q_FALCONER_SELECTS = "The falconer selects the first possible numbered space in ascending order."
Q_FALCONER_WILD_ONLY = "He only uses wild cards if absolutely necessary."
Q_SOLO_TWO_SETS = "The solo game's difficulty is determined by which two sets are used:"
# each difficulty's line of that list, as printed ("• Hard: A and D")
DIFFICULTY_LINE = {difficulty: f"• {difficulty.title()}: {sets[0]} and {sets[1]}"
                     for difficulty, sets in DIFFICULTY.items()}
SOLO_CARDS_PER_SET = 3


class FalconerMixin:
    """The falconer's guards and callbacks of `Game`."""

    # -- the falconer ----------------------------------------------------------------------------------

    @cites(Q_FALCONER_NEXT)
    def figure_in_order(self, event):
        moved = self.G["falconer"]["moved"]
        expected = FIGURES[len(moved)]
        if event["figure"] != expected:
            return f"The {expected} moves now (the falcon first, then the falconer)."
        return True

    @cites(Q_SOLO_SETS)
    def solo_card_of_the_chosen_sets(self, event):
        """Each solo game uses two sets of 3 solo cards, shuffled anew each round."""
        letter = event.get("set")
        if letter is None:
            return True
        difficulty = self.G["falconer"]["difficulty"]
        chosen = DIFFICULTY[difficulty]
        if letter not in chosen:
            raise self.violation(f"{'An' if difficulty == 'easy' else 'A'} {difficulty} solo game "
                                 f"uses sets {chosen[0]} and {chosen[1]}: a card of set {letter} "
                                 "is not in the solo deck.",
                                 (DIFFICULTY_LINE[difficulty], Q_SOLO_TWO_SETS))
        if self.G["falconer"]["sets_flipped"].count(letter) == SOLO_CARDS_PER_SET:
            return (f"All {SOLO_CARDS_PER_SET} solo cards of set {letter} have been flipped this "
                    f"round.")
        return True

    def second_figure(self, event):
        return len(self.G["falconer"]["moved"]) == 1

    def falconer_gains(self, card, kind):
        falconer = self.G["falconer"]
        if kind == "item":
            falconer["hand"].append(card)
        else:
            falconer["companions"].append(card)
            falconer["clovers"] += 1
            self.effect("The falconer takes a companion card and gains 1 clover token.",
                        Q_FALCONER_TAKE)

    def falconer_spends(self, event):
        falconer = self.G["falconer"]
        drawn = list(event.get("clover_items", []))
        needed = falconer["clovers"] // 2
        if len(drawn) != needed:
            clovers = falconer["clovers"]
            raise self.violation(
                f"The falconer has {clovers} clover token{'s' * (clovers != 1)}: he spends each 2 "
                f"at once to draw an item card, so {needed} item "
                f"{'card is' if needed == 1 else 'cards are'} drawn now, not {len(drawn)} "
                "(\"clover_items\": the cards drawn).", Q_FALCONER_SPENDS)
        for n, card in enumerate(drawn):
            falconer["clovers"] -= 2
            falconer["hand"].append(cards.resolve("item", self.draw("item", card,
                                                                    "event.clover_items"),
                                                  f"event.clover_items[{n}]"))
            self.effect("The falconer spends 2 clover tokens to draw an item card.",
                        Q_FALCONER_CLOVERS)
        self.falconer_step(event.get("figure", "adventure"), "after spending", falconer["clovers"])

    def falconer_step(self, step: str, when: str, clovers: int) -> None:
        """The falconer's clover tokens between his steps, for the table to check (his turn's
        record starts again with the falcon's move)."""
        self.G["falconer"].setdefault("steps", []).append(
            {"step": step, "when": when, "clovers": clovers})

    def do_falconer_move(self, event):
        falconer = self.G["falconer"]
        if not falconer["moved"]:
            falconer["steps"] = []
        if event.get("reward") == "clover":
            falconer["clovers"] += 1
        elif event.get("reward") == "item":
            card = self.draw("item", event.get("reward_item"), "event.reward_item")
            falconer["hand"].append(cards.resolve("item", card, "event.reward_item"))
        elif "reward_item" in event:
            raise BadRequest("the solo card shows no item reward", "event.reward_item")
        self.effect(f"Solo card flipped (reward: {event['reward']}, arrow: {event['arrow']}).",
                    Q_FALCONER_FLIP)
        self.falconer_step(event["figure"], "after the solo card's reward", falconer["clovers"])
        self.take_at(event["figure"], self.falconer_destination(event), event.get("card"), None,
                     "event", falconer=True)
        self.falconer_step(event["figure"], "after taking a card", falconer["clovers"])
        falconer["moved"].append(event["figure"])
        falconer["flipped"] += 1
        if "set" in event:
            falconer["sets_flipped"].append(event["set"])
        falconer["arrow"] = event["arrow"]
        self.falconer_spends(event)

    def falconer_destination(self, event) -> list[int]:
        """The first numbered space of the solo card that lies on the map, when the card's spaces
        are entered (`priority`); else the `to` entered."""
        to = event.get("to")
        priority = event.get("priority")
        if priority is None:
            if to is None:
                raise BadRequest("enter the solo card's numbered spaces (\"priority\") or where "
                                 "the figure moves (\"to\")", "event.priority")
            return list(to)
        here = self.G["figures"][event["figure"]]
        spaces = [[here[0] + dr, here[1] + dc] for dr, dc in priority]
        chosen = next((s for s in spaces if on_map(s)), None)
        if chosen is None:
            raise BadRequest("none of the solo card's numbered spaces lies on the map: check the "
                             "offsets and the card's orientation", "event.priority")
        if to is not None and list(to) != chosen:
            number = spaces.index(chosen) + 1
            raise self.violation(f"The falconer takes the first possible numbered space: "
                                 f"{chosen} (number {number}), not {list(to)}.",
                                 Q_FALCONER_SELECTS)
        self.effect(f"The {event['figure']} moves to {space_name(chosen)}, the first numbered space on the "
                    "map.", Q_FALCONER_PRIORITY)
        return chosen

    def falconer_plan(self):
        """What the falconer does in his Adventure phase: ("adventure", display entry, used hand
        positions), ("quest", tile, used), or None. Raises when a card he must check is unknown."""
        falconer = self.G["falconer"]
        display, quests = list(self.G["display"]), list(self.G["quests"])
        if falconer["arrow"] == "left":
            display.reverse()
            quests.reverse()
        for entry in display:
            card = entry["card"]
            if card is None or "cost" not in card:
                raise self.violation("Enter the display's adventure cards (event \"reveal\") so "
                                     "the falconer's choice can be worked out.", Q_FALCONER_FIRST)
            used = falconer_payment(card["cost"], falconer["hand"])
            if used is not None:
                return "adventure", entry, used
        mine = self.quills_of(FALCONER)
        for quest in quests:
            if None not in quest["quills"] or quest["tile"] in mine or len(mine) >= QUILLS:
                continue
            if quest["cost"] is None:
                raise self.violation("Enter public quest costs at setup so the falconer's choice "
                                     "can be worked out.", Q_QUEST_COST)
            used = falconer_payment(quest["cost"], falconer["hand"])
            if used is not None:
                return "quest", quest, used
        return None

    def falconer_clover_gain(self, plan) -> int:
        if plan is None:
            return 0
        if plan[0] == "adventure":
            return plan[1]["card"].get("clovers", 0)
        return 1 if plan[1]["tile"] == "C" else 0

    def falconer_choice(self, plan) -> dict:
        """What the falconer does, in the fields of the `falconer_adventure` event."""
        if plan is None:
            return {"nothing": True}
        kind, target, used = plan
        pay = sorted(i + 1 for i in used)
        if kind == "adventure":
            return {"completes": self.G["display"].index(target) + 1, "pay": pay}
        return {"signs_up": target["tile"], "pay": pay}

    def check_falconer_entry(self, event, plan) -> list[int] | None:
        """The table's own entry of the falconer's Adventure phase, against what the rules
        compute: refused with the sentence that decides the difference. The hand places he pays
        with: the entered ones when they show the adventure symbols the rules choose (which of
        two alike fist cards he discards, the book leaves to the table), else the computed."""
        entered = {k: event[k] for k in ("completes", "signs_up", "nothing", "pay") if k in event}
        used = plan[2] if plan else None
        if not entered:
            return used
        computed = self.falconer_choice(plan)
        said = {k: v for k, v in entered.items() if k != "pay"}
        if len(said) != 1:
            raise BadRequest("say what the falconer did: one of completes, signs_up or nothing",
                             "event")
        def words(choice):
            if "completes" in choice:
                return f"complete the adventure card at display place {choice['completes']}"
            if "signs_up" in choice:
                return f"sign up for public quest tile {choice['signs_up']}"
            return "nothing"

        if said != {k: v for k, v in computed.items() if k != "pay"}:
            if "completes" in computed:
                # a quest is checked only when no card can be completed; another card is not the
                # first possible in the arrow's direction; nothing is not "always completes"
                quote = ((Q_FALCONER_QUEST_ONLY_IF, Q_FALCONER_FIRST) if "signs_up" in said else
                         (Q_FALCONER_FIRST, Q_FALCONER_ARROW) if "completes" in said else
                         Q_FALCONER_FIRST)
            elif "nothing" in computed:
                quote = Q_FALCONER_NOTHING
            else:
                quote = Q_FALCONER_FIRST if "completes" in said else Q_FALCONER_QUEST_ONLY_IF
            raise self.violation(f"The rules decide the falconer's Adventure phase: he must "
                                 f"{words(computed)}, not {words(said)}.", quote)
        if "pay" not in entered:
            return used
        hand = self.G["falconer"]["hand"]
        places = sorted(entered["pay"])

        def symbols(at):
            return sorted(hand[i - 1]["adventure"] for i in at)
        if plan is None or any(i > len(hand) for i in places) or (
                symbols(places) != symbols(computed["pay"])):
            raise self.violation(f"The falconer pays with the item cards at places "
                                 f"{computed.get('pay')} of his hand (or alike ones), not "
                                 f"{places}: he uses wild cards only if absolutely necessary.",
                                 Q_FALCONER_WILD_ONLY)
        return [i - 1 for i in places]

    def do_falconer_adventure(self, event):
        falconer = self.G["falconer"]
        side = "right" if falconer["arrow"] == "left" else "left"
        self.effect(f"The falconer checks the display from the {side}.", Q_FALCONER_ARROW)
        plan = self.falconer_plan()
        used = self.check_falconer_entry(event, plan)
        if plan is None:
            self.effect("The falconer can complete no adventure card and sign up for no public "
                        "quest: he does nothing.", Q_FALCONER_NOTHING)
        else:
            kind, target, _ = plan
            self.discard_items([falconer["hand"][i] for i in used])
            for i in sorted(used, reverse=True):
                falconer["hand"].pop(i)
            if kind == "adventure":
                card = target["card"]
                self.take_from_display(target)
                falconer["completed"].append(card)
                falconer["clovers"] += card.get("clovers", 0)
                self.effect(f"The falconer completes {describe(card)}, discarding {len(used)} "
                            "item card(s), wild ones only if needed.", Q_FALCONER_WILD)
            else:
                self.effect("The falconer can complete no adventure card: he signs up for a "
                            "public quest.", Q_FALCONER_QUEST)
                self.place_quill(FALCONER, target)
        self.falconer_spends(event)

