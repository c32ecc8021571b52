"""Journey cards (the advanced game): choosing one of two, removing map tokens, completing a card.

The rulebook prints no journey card: its three marked spaces, its points and any immediate reward
are entered by the players (or named from the card table).
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from . import cards
from .board import space_name

Q_JOURNEY_SETUP = ("2. Each player draws 2 journey cards. They choose one and place it face-up next "
                   "to their player board. They return the second card to the bottom of the journey "
                   "deck.")
Q_JOURNEY_TOKEN = ("Journey cards reward players for visiting the marked spaces during the game. "
                   "When their figure moves onto a marked space, remove the corresponding map token.")
Q_JOURNEY_DONE = ("Once a player removes the third map token, the journey card is completed and the "
                  "player gains the reward shown in the top-right corner.")
Q_JOURNEY_NEXT = ("After completing a journey card, slide it under the upper part of the player "
                  "board. Then, draw 2 journey cards from the deck. Choose one and return the other "
                  "face-down to the bottom of the deck. Place the map tokens and continue "
                  "journeying!")
Q_JOURNEY_SAME = ("If a figure's position and a new journey card's marked space are the same, do not "
                  "remove that space's map token. The player must move their figure and return "
                  "later to remove it.")
Q_JOURNEY_EMPTY = ("A player can complete any number of journey cards. If the journey deck runs out "
                   "of cards, players can only complete the cards they already have.")
Q_JOURNEY_IMMEDIATE = ("All journey cards score victory points at the end of the game. Some also "
                       "grant an immediate reward (such as gaining a clover token).")
Q_IMMEDIATE_REWARD = "Some also grant an immediate reward (such as gaining a clover token)."
Q_ADVANCED = ("Experienced players can play an advanced game of Pilgrims by using journey cards to "
              "add variety and complexity.")


class JourneyMixin:
    """The journey-card guards and callbacks of `Game`."""

    def journey_reward_allowed(self, event) -> None:
        """A completed journey card's immediate reward (other than clovers, which are given at
        once) is taken in the turn it is completed, once."""
        n, kind = event["journey"], event["kind"]
        completed = self.me(event)["journey"]["completed"]
        if not 1 <= n <= len(completed):
            raise self.violation("You have not completed that many journey cards.",
                                 Q_JOURNEY_DONE)
        shown = completed[n - 1].get("abilities") or []
        if kind not in shown:
            raise self.violation(f"That journey card's reward is not {kind!r} "
                                 f"({', '.join(shown) or 'none entered'}).", Q_JOURNEY_DONE)
        if [n, kind] not in self.G["turn"].get("journey_rewards", []):
            raise self.violation("A journey card's reward is immediate: it is taken in the turn "
                                 "the card is completed, once.", Q_IMMEDIATE_REWARD)

    def journey_reward_used(self, event) -> None:
        self.G["turn"]["journey_rewards"].remove([event["journey"], event["kind"]])

    def journey_arrival(self, seat, space) -> None:
        if not self.G["journey"]:
            return
        journey = self.G["players"][seat]["journey"]
        card = journey["card"]
        if card is None or space not in card["spaces"] or space in journey["removed"]:
            return
        journey["removed"].append(space)
        self.effect(f"Map token removed from space {space_name(space)}.", Q_JOURNEY_TOKEN)
        if len(journey["removed"]) == len(card["spaces"]):
            journey["completed"].append(card)
            journey["card"], journey["removed"] = None, []
            self.G["players"][seat]["clovers"] += card.get("clovers", 0)
            self.effect(f"Journey card completed ({card['points']} points"
                        + (f", {card['clovers']} clover(s)" if card.get("clovers") else "")
                        + ").", Q_JOURNEY_DONE)
            if card.get("abilities"):
                n = len(journey["completed"])
                self.G["turn"].setdefault("journey_rewards", []).extend(
                    [n, kind] for kind in card["abilities"])
                self.effect(f"Its immediate reward ({', '.join(card['abilities'])}) may be taken "
                            f"now (ability with \"journey\": {n}).", Q_JOURNEY_IMMEDIATE)
            if self.G["decks"]["journey"] > 0:
                journey["pending"] = True
                self.effect("Draw 2 journey cards and keep one." if self.G["decks"]["journey"] > 1
                            else "Only 1 journey card is left in the deck: draw it and keep it.",
                            Q_JOURNEY_NEXT)
            else:
                self.effect("The journey deck is empty: no new journey card.", Q_JOURNEY_EMPTY)


    @cites(Q_JOURNEY_SETUP)
    def journey_to_choose(self, event):
        if not self.G["journey"]:
            raise self.violation("Journey cards are only used in the advanced game.", Q_ADVANCED)
        if not self.me(event)["journey"]["pending"]:
            if self.phase == "start_journeys":
                return "You have no journey cards to choose from now."
            # in play, journey cards are drawn only after completing one, and only while the
            # deck holds cards
            if self.G["decks"]["journey"] == 0:
                raise self.violation("The journey deck has run out: there is no journey card to "
                                     "draw or choose.", Q_JOURNEY_EMPTY)
            raise self.violation("You draw 2 journey cards and choose one only after completing "
                                 "a journey card.", Q_JOURNEY_NEXT)
        return True

    def last_journey(self, event):
        return sum(self.G["players"][s]["journey"]["pending"] for s in self.human_seats()) == 1

    def do_journey(self, event):
        journey = self.me(event)["journey"]
        card = cards.resolve("journey", event["card"], "event.card")
        card = {**card, "spaces": [list(s) for s in card["spaces"]]}
        if len({tuple(s) for s in card["spaces"]}) != 3:
            raise BadRequest("a journey card marks 3 different spaces", "event.card.spaces")
        journey["card"], journey["removed"], journey["pending"] = card, [], False
        other = "; the other goes to the bottom of the deck"
        if self.phase != "start_journeys":
            self.G["decks"]["journey"] -= 1
            other = other if self.G["decks"]["journey"] else ""  # the last card: no other
        self.effect(f"{self.player_name(event['player'])} keeps a journey card and places 3 map "
                    f"tokens{other}.",
                    Q_JOURNEY_SETUP if self.phase == "start_journeys" else Q_JOURNEY_NEXT)
        here = self.G["figures"].get(event["player"])
        if here in card["spaces"]:
            self.effect(f"Your figure already stands on {space_name(here)}: that token stays "
                        "until you move away and return.", Q_JOURNEY_SAME)

    @cites(Q_JOURNEY_NEXT)
    def journey_chosen(self, event):
        if self.G["journey"] and self.me(event)["journey"]["pending"]:
            return "First keep one of the two journey cards you drew (choose_journey)."
        return True

