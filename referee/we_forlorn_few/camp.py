"""The Camp Phase (Recuperate, Trade, Combat and its steal, a Trading Post: each once), the Event
Phase, and Sacrificing Companions (any time in one's own turn)."""

from __future__ import annotations

import json

from referee.core import BadRequest, cites

from . import cards
from .board import (
    AILMENT_LIMIT,
    AILMENTS,
    ARRIVED,
    CITIES,
    OUT,
    RAVENOUS,
    RESOURCE_FOR,
    RESOURCES,
    SACRIFICE_REMOVES,
    TRADING_POST_OFFER,
    TRAVELER,
    WORDS,
    counts,
    words,
)
from .quotes import (
    Q_CAMP_ONCE,
    Q_COMBAT_DICE,
    Q_COMBAT_STEAL,
    Q_COMBAT_TIE,
    Q_COMBAT_WHO,
    Q_COMBAT_WINS,
    Q_EVENT,
    Q_EVENT_BAG,
    Q_EVENT_HIGHEST,
    Q_EXAMPLE_DEFENSE_ONE,
    Q_FAQ_CITY,
    Q_FAQ_EVENT_RAVENOUS,
    Q_FAQ_STEAL_STORAGE,
    Q_FOURTH_HUNGER,
    Q_NEWHAVEN,
    Q_POST_AFFORD,
    Q_POST_RETURN,
    Q_POST_THREE,
    Q_POST_VALUE,
    Q_POST_WHERE,
    Q_QRG_COMBAT_DICE,
    Q_QRG_POST_EQUAL,
    Q_QRG_RECUPERATE,
    Q_QRG_SACRIFICE,
    Q_RAVENOUS_DICE,
    Q_RAVENOUS_HUNGER,
    Q_RAVENOUS_WINS_A_COMBAT,
    Q_RECUPERATE,
    Q_SACRIFICE,
    Q_SKULL,
    Q_SKULL_LOWERS,
    Q_SKULL_SLOT,
    Q_THRESHOLD,
    Q_TRADE_ACCEPT,
    Q_TRADE_WHERE,
    Q_TURN_RAVENOUS,
)

CAMP_ACTIONS = {"recuperate": "Recuperate", "trade": "Trade with another Player",
                "combat": "Combat", "trading_post": "Trade at a Trading Post"}


class CampMixin:

    def near(self, a: str, b: str) -> bool:
        """Same tile or adjacent tiles."""
        return a == b or b in self.G["tiles"][a]["adjacent"]

    def result(self, dice: list[int]) -> int:
        if not dice:
            return 0
        return sum(dice) if self.option("combat_result") == "sum" else max(dice)

    def combat_dice_quote(self) -> str:
        return Q_COMBAT_DICE if self.option("combat_dice") == "equipment" else Q_QRG_COMBAT_DICE

    def check_dice(self, seat: str, dice: list, field: str, against_ravenous: bool = False) -> None:
        player = self.G["players"][seat]
        if player["status"] == RAVENOUS:
            need, quote = player["hunger"], Q_RAVENOUS_DICE
        elif against_ravenous and self.option("defense_against_ravenous") == "one_die":
            need, quote = 1, Q_EXAMPLE_DEFENSE_ONE
        else:
            need, quote = self.combat_dice_of(player, self.option("combat_dice")), \
                self.combat_dice_quote()
        if len(dice) != need:
            raise self.violation(f"{self.player_name(seat)} rolls {need} dice for Combat, not "
                                 f"{len(dice)}.", quote)

    def partner_out_of_reach(self, seat: str) -> str | None:
        player = self.G["players"][seat]
        if player["status"] == ARRIVED:
            raise self.violation(f"{self.player_name(seat)} has reached Newhaven: their journey is "
                                 "over.", Q_NEWHAVEN)
        if player["status"] == OUT:
            raise self.violation(f"{self.player_name(seat)} is out of the game.", Q_FOURTH_HUNGER)
        return None

    # -- each action once --------------------------------------------------------------------------

    @cites(Q_CAMP_ONCE)
    def camp_action_left(self, event):
        if event["type"] in self.G["turn"]["camp"]:
            return f"{CAMP_ACTIONS[event['type']]} was already done in this Camp Phase."
        return True

    def camp_done(self, action: str) -> None:
        self.G["turn"]["camp"].append(action)

    # -- Recuperate --------------------------------------------------------------------------------

    @cites(Q_QRG_RECUPERATE)
    def recuperate_corresponds(self, event):
        if "discard" not in event:
            return True
        remove = counts(AILMENTS, event["remove"])
        due = {RESOURCE_FOR[kind]: n for kind, n in remove.items() if n}
        discard = {kind: n for kind, n in counts(RESOURCES, event["discard"]).items() if n}
        if discard != due:
            return (f"Removing {words(remove)} takes {words(due)}, one corresponding Resource "
                    f"for each Ailment, not {words(discard)}.")
        return True

    @cites(Q_RECUPERATE)
    def recuperate_pays(self, event):
        player = self.G["players"][event["player"]]
        remove = counts(AILMENTS, event["remove"])
        if not any(remove.values()):
            raise BadRequest("say which Ailments to remove", "event.remove")
        for kind, n in remove.items():
            if n > player["ailments"][kind]:
                return f"You have {player['ailments'][kind]} {WORDS[kind]} on your board, not {n}."
            resource = RESOURCE_FOR[kind]
            if n > player["resources"][resource]:
                return (f"Removing {n} {WORDS[kind]} takes {n} {WORDS[resource]}; you have "
                        f"{player['resources'][resource]}.")
        return True

    def do_recuperate(self, event):
        seat = event["player"]
        player = self.G["players"][seat]
        remove = counts(AILMENTS, event["remove"])
        for kind, n in remove.items():
            player["resources"][RESOURCE_FOR[kind]] -= n
            player["ailments"][kind] -= n
        paid = {RESOURCE_FOR[k]: n for k, n in remove.items()}
        self.effect(f"{self.player_name(seat)} recuperates: discards {words(paid)}, removes "
                    f"{words(remove)}.", Q_QRG_RECUPERATE)
        self.camp_done("recuperate")

    # -- Trade with another Player -----------------------------------------------------------------

    @cites(Q_TRADE_WHERE)
    def trade_partner_near(self, event):
        seat, other = event["player"], event["with"]
        partner = self.seat_playing(other, "event.with")
        if other == seat:
            return "A Trade is with another Player."
        self.partner_out_of_reach(other)
        if partner["status"] == RAVENOUS and not self.option("trade_with_ravenous"):
            return f"{self.player_name(other)} is Ravenous (table option trade_with_ravenous)."
        if not self.near(self.here(seat), partner["tile"]):
            return (f"{self.player_name(other)} is on {partner['tile']}, neither your tile nor one "
                    f"adjacent to {self.here(seat)}.")
        return True

    @cites(Q_TRADE_ACCEPT)
    def trade_goods_held(self, event):
        """What each side offers is in their Supply (a Ravenous Player has none: only other terms)."""
        give, get = event.get("give") or {}, event.get("get") or {}
        other = event["with"]
        if self.G["players"][other]["status"] == RAVENOUS and (self.goods(get) or self.goods(give)):
            raise self.violation(f"{self.player_name(other)} is Ravenous and has no Supply to trade "
                                 "from or into: only other terms.", Q_TURN_RAVENOUS)
        for seat, goods in ((event["player"], give), (other, get)):
            player = self.G["players"][seat]
            for kind, n in counts(RESOURCES, goods).items():
                if n > player["resources"][kind]:
                    return (f"{self.player_name(seat)} has {player['resources'][kind]} "
                            f"{WORDS[kind]}, not {n}.")
            held = [card["name"].casefold() for card in self.cards_of(player)]
            for name in goods.get("equipment", []):
                if name.casefold() not in held:
                    return f"{self.player_name(seat)} has no {name} in their Supply."
                held.remove(name.casefold())
        return True

    def do_trade(self, event):
        """A proposal: the partner answers it (trade_answer), unless the table enters their answer
        with it (`accepted`)."""
        seat, other = event["player"], event["with"]
        proposal = {key: event[key] for key in ("with", "give", "get", "terms", "discard")
                    if key in event}
        if "accepted" in event:
            for field in ("discard", "their_discard"):
                if event.get(field) and not event["accepted"]:
                    raise BadRequest("a rejected Trade exchanges nothing", f"event.{field}")
            self.answer_trade(seat, proposal, event["accepted"], event.get("their_discard"),
                              "event.their_discard")
            return
        if event.get("their_discard"):
            raise BadRequest(f"{self.player_name(other)} says what they discard when they answer "
                             "(trade_answer)", "event.their_discard")
        if event.get("discard"):
            self.check_proposers_discard(seat, proposal)
        self.G["turn"]["trade"] = proposal
        self.effect(f"{self.player_name(seat)} proposes a Trade to {self.player_name(other)}: gives "
                    f"{self.goods_words(event.get('give') or {})}, asks "
                    f"{self.goods_words(event.get('get') or {})}"
                    + (f" ({event['terms']})" if event.get("terms") else "")
                    + f". {self.player_name(other)} accepts or rejects it.", Q_TRADE_ACCEPT)
        self.go_on("turn_trade")

    def check_proposers_discard(self, seat: str, proposal: dict) -> None:
        """The proposer's `discard` (to make space for what they receive) is refused now, with the
        capacity sentence, if the exchange would refuse it: the partner could only reject."""
        saved, effects = json.dumps(self.G), len(self.effects)
        try:
            self.answer_trade(seat, proposal, True, None, "event.their_discard")
        finally:
            self.G = json.loads(saved)
            del self.effects[effects:]

    def do_trade_answer(self, event):
        proposal = self.G["turn"]["trade"]
        self.G["turn"]["trade"] = None
        self.answer_trade(self.G["current"], proposal, event["accepted"], event.get("discard"),
                          "event.discard")
        self.go_on("turn_camp")

    def answer_trade(self, seat: str, proposal: dict, accepted: bool, their_discard,
                     their_field: str) -> None:
        """The partner accepts (what was agreed is exchanged at once) or rejects the proposal."""
        other = proposal["with"]
        terms = f" ({proposal['terms']})" if proposal.get("terms") else ""
        if not accepted:
            if their_discard:
                raise BadRequest("a rejected Trade exchanges nothing", their_field)
            self.effect(f"{self.player_name(other)} rejects the Trade{terms}: nothing is "
                        "exchanged.", Q_TRADE_ACCEPT)
            if self.option("rejected_trade_uses_camp_trade"):
                self.camp_done("trade")
            return
        give, get = proposal.get("give") or {}, proposal.get("get") or {}
        mine = self.hand_over(seat, give)
        theirs = self.hand_over(other, get)
        self.gain(seat, theirs[0], theirs[1], proposal.get("discard"))
        self.gain(other, mine[0], mine[1], their_discard, field=their_field)
        self.effect(f"Trade: {self.player_name(seat)} gives {self.goods_words(give)}, "
                    f"{self.player_name(other)} gives {self.goods_words(get)}{terms}.",
                    Q_TRADE_ACCEPT)
        self.camp_done("trade")

    @staticmethod
    def goods(goods: dict) -> bool:
        return bool(sum(counts(RESOURCES, goods).values()) or goods.get("equipment"))

    @staticmethod
    def goods_words(goods: dict) -> str:
        parts = [words(counts(RESOURCES, goods))] if any(counts(RESOURCES, goods).values()) else []
        parts += list(goods.get("equipment", []))
        return ", ".join(parts) or "nothing"

    def hand_over(self, seat: str, goods: dict, quote: str = Q_TRADE_ACCEPT,
                  stolen: bool = False) -> tuple[dict, list]:
        """Take goods out of a Supply: (Resources, cards); a Storage card's load is discarded."""
        player = self.G["players"][seat]
        resources = counts(RESOURCES, goods)
        for kind, n in resources.items():
            if n > player["resources"][kind]:
                raise self.violation(f"{self.player_name(seat)} has {player['resources'][kind]} "
                                     f"{WORDS[kind]}, not {n}.", quote)
        for kind, n in resources.items():
            player["resources"][kind] -= n
        moved = []
        for name in self.storage_last(player, goods.get("equipment", [])):
            card = self.take_card(seat, name, quote)
            if card.get("stored") and (stolen or self.option("traded_storage_load") == "discarded"):
                self.effect(f"{', '.join(c['name'] for c in card['stored'])}, carried on "
                            f"{card['name']}, is discarded.", Q_FAQ_STEAL_STORAGE)
                card["stored"] = []
            moved.append(card)
        return resources, moved

    # -- Combat ------------------------------------------------------------------------------------

    @cites(Q_COMBAT_WHO)
    def combat_target_near(self, event):
        seat, other = event["player"], event["target"]
        target = self.seat_playing(other, "event.target")
        if other == seat:
            return "Combat is with another Player."
        if self.G["tiles"][target["tile"]]["kind"] in CITIES if target["tile"] else False:
            raise self.violation(f"{self.player_name(other)} is in "
                                 f"{self.G['tiles'][target['tile']]['kind']}.", Q_FAQ_CITY)
        self.partner_out_of_reach(other)
        if target["status"] == RAVENOUS and not self.option("attack_ravenous"):
            return f"{self.player_name(other)} is Ravenous (table option attack_ravenous)."
        if not self.near(self.here(seat), target["tile"]):
            return (f"{self.player_name(other)} is on {target['tile']}, neither your tile nor one "
                    f"adjacent to {self.here(seat)}.")
        return True

    @cites(Q_FAQ_CITY)
    def not_in_city(self, event):
        there = self.G["players"][event["target"]]["tile"]
        if self.G["tiles"][there]["kind"] in CITIES:
            return f"{self.player_name(event['target'])} is in {self.G['tiles'][there]['kind']}."
        here = self.G["tiles"][self.here(event["player"])]["kind"]
        if here in CITIES and not self.option("attack_from_city"):
            return f"You are in {here} (table option attack_from_city)."
        return True

    @cites(Q_COMBAT_DICE)
    def combat_dice_count(self, event):
        self.check_dice(event["player"], event["dice"], "event.dice")
        self.check_dice(event["target"], event["target_dice"], "event.target_dice")
        return True

    def do_combat(self, event):
        seat, other = event["player"], event["target"]
        mine, theirs = self.result(event["dice"]), self.result(event["target_dice"])
        how = "sum" if self.option("combat_result") == "sum" else "highest die"
        self.effect(f"Combat: {self.player_name(seat)} {mine}, {self.player_name(other)} {theirs} "
                    f"({how}).", Q_COMBAT_WINS)
        self.camp_done("combat")
        if mine == theirs:
            self.effect("A tie: nothing happens to either Player.", Q_COMBAT_TIE)
            return
        winner, loser = (seat, other) if mine > theirs else (other, seat)
        limit = max(mine, theirs)
        if self.G["players"][winner]["status"] == RAVENOUS \
                and self.option("ravenous_wins_camp_combat") == "feeds":
            self.effect(f"{self.player_name(winner)}, Ravenous, wins a Combat (table option "
                        "ravenous_wins_camp_combat).", Q_RAVENOUS_WINS_A_COMBAT)
            self.ravenous_feeds(winner, loser)
            return
        if RAVENOUS in (self.G["players"][winner]["status"], self.G["players"][loser]["status"]):
            self.effect(f"{self.player_name(winner)} wins; a Ravenous Player has no Supply: "
                        "nothing is stolen.", Q_TURN_RAVENOUS)
            return
        self.G["turn"]["steal"] = {"winner": winner, "loser": loser, "limit": limit}
        self.effect(f"{self.player_name(winner)} wins and may steal up to {limit} Value from "
                    f"{self.player_name(loser)}'s Supply.", Q_COMBAT_STEAL)
        self.go_on("turn_steal")

    @cites(Q_COMBAT_STEAL)
    def steal_within_value(self, event):
        steal = self.G["turn"]["steal"]
        take = event.get("take") or {}
        loser = self.G["players"][steal["loser"]]
        value = 0
        for kind, n in counts(RESOURCES, take).items():
            if n > loser["resources"][kind]:
                return (f"{self.player_name(steal['loser'])} has {loser['resources'][kind]} "
                        f"{WORDS[kind]}, not {n}.")
            value += n
        held = list(self.cards_of(loser))
        for n, name in enumerate(take.get("equipment", [])):
            card = next((c for c in held if c["name"].casefold() == name.casefold()), None)
            if card is None:
                return f"{self.player_name(steal['loser'])} has no {name} in their Supply."
            held.remove(card)
            value += self.value_of(card, f"event.take.equipment[{n}]", event)
        if value > steal["limit"]:
            return f"That is {value} Value; the roll allows up to {steal['limit']}."
        return True

    def do_steal(self, event):
        steal = self.G["turn"]["steal"]
        take = event.get("take") or {}
        resources, stolen = self.hand_over(steal["loser"], take, Q_COMBAT_STEAL, stolen=True)
        for card in stolen:  # a Value read off the card now stays known
            card["value"] = self.value_of(card, "event.values", event)
        self.effect(f"{self.player_name(steal['winner'])} steals {self.goods_words(take)} from "
                    f"{self.player_name(steal['loser'])}.", Q_COMBAT_STEAL)
        self.gain(steal["winner"], resources, stolen, event.get("discard"))
        self.G["turn"]["steal"] = None
        self.go_on("turn_camp")

    # -- a Trading Post ----------------------------------------------------------------------------

    @cites(Q_POST_WHERE)
    def at_trading_post(self, event):
        here = self.here(event["player"])
        if not self.G["tiles"][here]["trading_post"]:
            return f"{here} has no Trading Post."
        return True

    @cites(Q_POST_THREE)
    def three_cards_offered(self, event):
        if len(event["offered"]) > TRADING_POST_OFFER:
            return f"Three cards are flipped, not {len(event['offered'])}."
        offered = [c if isinstance(c, str) else c["name"] for c in event["offered"]]
        for name in event.get("buy", []):
            if name.casefold() not in [o.casefold() for o in offered]:
                return f"{name} is not among the cards flipped ({', '.join(offered)})."
            offered.remove(next(o for o in offered if o.casefold() == name.casefold()))
        return True

    def bought_cards(self, event) -> tuple[list[dict], list[str]]:
        """(the cards bought, completed from the data table; the names of those left)."""
        left = list(event["offered"])
        bought = []
        for name in event.get("buy", []):
            card = next(c for c in left
                        if (c if isinstance(c, str) else c["name"]).casefold() == name.casefold())
            left.remove(card)
            bought.append(cards.equipment(card, f"event.offered[{event['offered'].index(card)}]",
                                          self.entered_cards()))
        return bought, [c if isinstance(c, str) else c["name"] for c in left]

    @cites(Q_QRG_POST_EQUAL)
    def pays_equal_value(self, event):
        seat = event["player"]
        bought, _left = self.bought_cards(event)
        price = sum(self.value_of(card, "event.offered", event) for card in bought)
        pay = event.get("pay") or {}
        player = self.G["players"][seat]
        paid = 0
        for kind, n in counts(RESOURCES, pay).items():
            if n > player["resources"][kind]:
                raise self.violation(f"You have {player['resources'][kind]} {WORDS[kind]}, not {n}.",
                                     Q_POST_AFFORD)
            paid += n
        held = list(self.cards_of(player))
        for n, name in enumerate(pay.get("equipment", [])):
            card = next((c for c in held if c["name"].casefold() == name.casefold()), None)
            if card is None:
                raise self.violation(f"You have no {name} in your Supply.", Q_POST_AFFORD)
            held.remove(card)
            paid += self.value_of(card, f"event.pay.equipment[{n}]", event)
        if self.option("trading_post_payment") == "equal" and paid != price:
            return f"The cards bought are worth {price} Value; you pay {paid}: pay equal Value."
        if paid < price:
            raise self.violation(f"The cards bought are worth {price} Value; you pay {paid}.",
                                 Q_POST_AFFORD)
        return True

    def do_trading_post(self, event):
        seat = event["player"]
        bought, left = self.bought_cards(event)
        pay = event.get("pay") or {}
        self.pay(seat, pay, Q_POST_VALUE, "event.pay", event)
        self.effect(f"{self.player_name(seat)} trades at the Trading Post: "
                    f"{', '.join(c['name'] for c in bought) or 'nothing'} for "
                    f"{self.goods_words(pay)}.", Q_QRG_POST_EQUAL)
        if left:
            self.effect(f"{', '.join(left)} shuffled back into the Equipment "
                        "deck.", Q_POST_RETURN)
        self.gain(seat, {}, bought, event.get("discard"))
        self.camp_done("trading_post")

    def do_end_camp(self, event):
        self.effect("The Camp Phase is over.", Q_CAMP_ONCE)
        self.go_on("turn_event")

    # -- the Event Phase ---------------------------------------------------------------------------

    def printed_outcome(self, event) -> dict | None:
        """What a card in the data table does with these dice (None: not in the table)."""
        card = cards.event_card(event["card"])
        if card is None:
            return None
        dice = event.get("dice") or []
        if card.get("roll") is None:
            if dice:
                raise BadRequest(f"{card['name']} has no roll", "event.dice")
            outcome = {}
        else:
            if card["roll"] == "combat":
                need = self.combat_dice_of(self.G["players"][event["player"]],
                                           self.option("combat_dice"))
                quote = self.combat_dice_quote()
            else:
                need, quote = 1, Q_EVENT_HIGHEST
            if len(dice) != need:
                raise self.violation(f"{card['name']}: roll {need} dice, not {len(dice)}.", quote)
            outcome = card["outcomes"].get(str(max(dice)), {})
        merged = {key: dict(value) if isinstance(value, dict) else value
                  for key, value in outcome.items()}
        for key, value in (card.get("then") or {}).items():
            if isinstance(value, dict):
                merged[key] = {k: merged.get(key, {}).get(k, 0) + v for k, v in value.items()}
            else:
                merged[key] = merged.get(key, 0) + value
        merged["bag"] = card.get("bag", 0)
        return merged

    EFFECT_KEYS = ("gain", "lose", "ailments", "remove_ailments", "perish")

    @cites(Q_EVENT_HIGHEST)
    def event_as_printed(self, event):
        printed = self.printed_outcome(event)
        if printed is None:
            return True
        card = cards.event_card(event["card"])
        own = card.get("quotes") or {}
        draws = self.draws_of(event, "draws", printed["bag"]) or []
        if len(draws) > printed["bag"]:
            raise self.bag_draws_differ(event["card"], printed["bag"], len(draws))
        dice = event.get("dice") or []
        for key in self.EFFECT_KEYS:
            if key not in event:
                continue
            want = printed.get(key, 0 if key == "perish" else {})
            given = event[key]
            if isinstance(want, dict):
                want = {k: v for k, v in want.items() if v}
                given = {k: v for k, v in given.items() if v}
            if want != given:
                raise self.violation(
                    f"{event['card']} with the highest die Worth {max(dice or [0])} gives "
                    f"{key.replace('_', ' ')} {want or 'nothing'}, not {given}.",
                    self.card_quotes(Q_EVENT_HIGHEST if len(dice) > 1 else None,
                                     own.get(str(max(dice or [0])))))
        return True

    def bag_draws_differ(self, card: str, due: int, drawn: int):
        """The bag icon's draws entered wrong (too many; too few, unless the card turned the
        Traveler Ravenous first): the card's own sentence, then the bag icon's."""
        own = cards.event_card(card).get("quotes") or {}
        return self.violation(f"{card} shows the bag icon {due}: draw {due} token(s), not "
                              f"{drawn}.", self.card_quotes(own.get("bag"), Q_EVENT_BAG))

    @staticmethod
    def card_quotes(*quotes: str | None) -> str | tuple[str, ...]:
        """The sentences that apply, most specific first, those the data table lacks left out."""
        present = tuple(q for q in quotes if q)
        return present[0] if len(present) == 1 else present

    @cites(Q_FAQ_EVENT_RAVENOUS)
    def event_not_on_ravenous(self, event):
        for seat in event.get("others", {}):
            other = self.seat_playing(seat, f"event.others.{seat}")
            if other["status"] == RAVENOUS:
                return f"{self.player_name(seat)} is Ravenous: Event cards do not affect them."
            if seat == event["player"]:
                raise BadRequest("what the card did to you goes in the event's own fields",
                                 f"event.others.{seat}")
            self.partner_out_of_reach(seat)
        return True

    def do_event_card(self, event):
        seat = event["player"]
        printed = self.printed_outcome(event)
        effect = {key: event[key] for key in self.EFFECT_KEYS if key in event}
        if printed is not None:
            effect = {key: printed[key] for key in self.EFFECT_KEYS if key in printed}
        dice = event.get("dice") or []
        self.effect(f"{self.player_name(seat)} draws the Event card {event['card']}"
                    + (f"; highest die Worth {max(dice)}" if dice else "") + ".",
                    Q_EVENT_HIGHEST if len(dice) > 1 else Q_EVENT)
        others = event.get("others", {})
        if event.get("others_first"):
            self.card_on_others(others)
        haul = self.apply_card_effect(seat, effect)
        due = printed["bag"] if printed else 0
        draws = self.draws_of(event, "draws", due) or []
        if draws:
            self.effect(f"The bag icon: {len(draws)} token(s) from the Exploration Bag.",
                        Q_EVENT_BAG)
            self.draw_from_bag(seat, draws, haul)
        if len(draws) < due and self.G["players"][seat]["status"] == TRAVELER:
            raise self.bag_draws_differ(event["card"], due, len(draws))
        self.gain(seat, haul, (), event.get("discard"))
        if not event.get("others_first"):
            if self.G["players"][seat]["status"] == TRAVELER \
                    or self.option("card_after_ravenous") == "completes":
                self.card_on_others(others)
            elif others:
                self.effect(f"{self.player_name(seat)} turned Ravenous and the turn ended: the rest "
                            f"of the card is not resolved for "
                            f"{', '.join(self.player_name(o) for o in others)} (table option "
                            "card_after_ravenous).", Q_RAVENOUS_HUNGER)
        self.effect("The Event card is discarded; the turn ends.", Q_EVENT)
        self.end_turn()

    def card_on_others(self, others: dict) -> None:
        for other, done in others.items():
            self.gain(other, self.apply_card_effect(other, done))

    def apply_card_effect(self, seat: str, effect: dict) -> dict:
        """Apply what a card did; the Resources it gives are returned, to be gained once."""
        if effect.get("lose"):
            self.pay(seat, effect["lose"], Q_EVENT, "event.lose")
            self.effect(f"{self.player_name(seat)} discards {self.goods_words(effect['lose'])}.",
                        Q_EVENT)
        if effect.get("remove_ailments"):
            self.remove_ailments(seat, effect["remove_ailments"], Q_EVENT)
            self.effect(f"{words(effect['remove_ailments'])} removed from "
                        f"{self.player_name(seat)}'s board.", Q_EVENT)
        haul = counts(RESOURCES, effect.get("gain"))
        if any(haul.values()):
            self.effect(f"{self.player_name(seat)} adds {words(haul)}.", Q_EVENT)
        if effect.get("ailments"):
            self.accrue(seat, effect["ailments"], " (Event card)")
        for _ in range(effect.get("perish", 0)):
            self.perish(seat, "the Event card", Q_THRESHOLD)
        return haul

    # -- Sacrificing Companions --------------------------------------------------------------------

    @cites(Q_SACRIFICE)
    def sacrifice_in_own_turn(self, event):
        """While the winner of a Combat steals it is still the active Player's turn, and only theirs
        (a defender who won steals, but takes no turn)."""
        if event["player"] != self.G["current"]:
            return (f"It is {self.player_name(self.G['current'])}'s turn: only they may Sacrifice "
                    "a Companion now.")
        return True

    @cites(Q_SACRIFICE)
    def companion_to_sacrifice(self, event):
        if self.G["players"][event["player"]]["companions"] < 1:
            return "You have no living Companion to Sacrifice."
        return True

    @cites(Q_SACRIFICE)
    def removes_four(self, event):
        player = self.G["players"][event["player"]]
        remove = counts(AILMENTS, event["remove"])
        for kind, n in remove.items():
            if n > player["ailments"][kind]:
                return f"You have {player['ailments'][kind]} {WORDS[kind]} on your board, not {n}."
        total, on_board = sum(remove.values()), sum(player["ailments"].values())
        if total > SACRIFICE_REMOVES:
            raise self.violation(f"A Sacrifice removes up to four Ailment tokens, not {total}.",
                                 Q_QRG_SACRIFICE)
        if self.option("sacrifice_removes") == "four" and total < min(SACRIFICE_REMOVES, on_board):
            return (f"A Sacrifice removes four Ailment tokens ({min(SACRIFICE_REMOVES, on_board)} "
                    f"here), not {total} (table option sacrifice_removes).")
        return True

    @cites(Q_SKULL_SLOT)
    def skull_slot_free(self, event):
        player = self.G["players"][event["player"]]
        kind = event["skull"]
        left = player["ailments"][kind] - counts(AILMENTS, event["remove"])[kind]
        if player["skulls"][kind] + left >= AILMENT_LIMIT:
            return (f"No slot is available on the {WORDS[kind]} track ({player['skulls'][kind]} "
                    f"Skull(s), {left} token(s)).")
        return True

    def do_sacrifice(self, event):
        seat, kind = event["player"], event["skull"]
        player = self.G["players"][seat]
        remove = counts(AILMENTS, event["remove"])
        self.remove_ailments(seat, remove, Q_SACRIFICE)
        player["companions"] -= 1
        player["skulls"][kind] += 1
        self.effect(f"{self.player_name(seat)} Sacrifices a Companion and removes {words(remove)}; "
                    f"{player['companions']} Companion(s) left.", Q_SACRIFICE)
        self.effect(f"Its Skull goes on the {WORDS[kind]} track: {self.limit(player, kind)} "
                    f"{WORDS[kind]} can be accrued before another Companion perishes.",
                    Q_SKULL_LOWERS)
        self.effect("The Companion token is flipped to its Skull side.", Q_SKULL)
        if player["status"] != TRAVELER:
            self.end_turn()
