"""Cards in play and Condition Cards: timing, costs, gains and losses, durations, duplicates."""

from __future__ import annotations

from referee.core import BadRequest, cites

from .profiles import PILGRIM_NAMES, condition_card, fortune_card
from .rules import (
    Q_AFFORD,
    Q_AP_COST,
    Q_CAP,
    Q_CONDITION_NOW,
    Q_DISTRACTION,
    Q_DUPLICATE,
    Q_FLOOR,
    Q_HAND,
    Q_HP_COST,
    Q_MISFORTUNE_HP,
    Q_NEXT_TURN_AP,
    Q_PARALYZED,
)

Q_MISFORTUNE_NOW = ("When you draw the card, apply the effect immediately or as soon as indicated on "
                    "the card and then place the card in the Misfortune Discard Pile.")
Q_KNOWLEDGE = ("Om Mala of Knowledge: You can still select a new Skill Card, even if you do not have "
               "one to discard (you are very fortunate!).")
Q_MISFORTUNE_FROM = "Misfortune Cards may be gained when you perform the Meditate Action."
Q_NO_SKILLS = "When you have no Skill Cards in your hand: Discard 1 Skill Card of your choice."
Q_ACTIVE_SPENDS = "The active Pilgrim spends their Action Points to make the actions listed below."
Q_CARD_ANYTIME = ("If a card does not mention a specific time it can be played, it can be played at "
                  "almost any point in the game.")
Q_OUT = ("Remove the Miniature from the game board. They are completely out of the game, which may "
         "end the Quest.")
Q_DURATION = ("Condition Cards are in effect for multiple turns, for example, the Poisoned Card "
              "which lasts 3 turns.")
Q_PLAY_AREA = ("For cards that have an extended duration, you will need some reminder that the card "
               "is currently active: the card text will say \"Play\" rather than \"Activate\", which "
               "means move the card from your hand to the Pilgrim's play area, for example next to "
               "the Profile Sheet.")


class ConditionsMixin:
    """Cards and Conditions of `Game`."""

    def has_condition(self, name: str, flag: str) -> bool:
        return any(c[flag] for c in self.pilgrim(name)["conditions"])

    def give_condition(self, name, condition, duration, damage_now, damage_each_turn, quote):
        card = condition_card(condition)
        duration = duration if duration is not None else card["duration"]
        if duration is None:
            raise BadRequest(f"enter the duration printed on the {condition} Condition Card",
                             "event.condition_duration" if quote else "event.duration")
        pilgrim, label = self.pilgrim(name), PILGRIM_NAMES[name]
        old = [c for c in pilgrim["conditions"] if c["name"] == condition]
        for existing in old:
            pilgrim["conditions"].remove(existing)
            self.effect(f"{label} already had {condition}: the old card and its "
                        f"{existing['tokens']} Turn Tokens are discarded.", Q_DUPLICATE)
        each = damage_each_turn if damage_each_turn is not None else card["damage_each_turn"]
        pilgrim["conditions"].append({
            "name": condition, "tokens": 0, "duration": duration,
            "damage_each_turn": each or 0,
            "cannot_attack": bool(card["cannot_attack"]), "paralyzed": bool(card["paralyzed"])})
        self.effect(f"{label} takes the {condition} Condition Card ({duration} turns).", Q_DURATION)
        now = damage_now if damage_now is not None else card["damage_now"]
        self.damage_pilgrim(name, now or 0, condition, quote or Q_CONDITION_NOW)
        if card["paralyzed"] and (self.activation() or {}).get("pilgrim") == name:
            self.effect(f"{label} is Paralyzed: his activation ends.", Q_PARALYZED)
            self.finish_activation()

    # -- Condition Cards ---------------------------------------------------------------------------

    @cites(Q_OUT)
    def on_board(self, event):
        status = self.pilgrim(event["pilgrim"])["status"]
        return status != "dead" or f"{PILGRIM_NAMES[event['pilgrim']]} is dead."

    def condition_known(self, event):
        condition = event.get("condition")
        if condition and event.get("duration") is None and condition_card(condition)["duration"] is None:
            raise BadRequest(f"enter the duration printed on the {condition} Condition Card",
                             "event.duration")
        return True

    def do_take_condition(self, event):
        self.give_condition(event["pilgrim"], event["condition"], event.get("duration"),
                            event.get("damage_now"), event.get("damage_each_turn"), None)

    # -- Misfortune -----------------------------------------------------------------------------------

    @cites(Q_MISFORTUNE_NOW)
    def misfortune_applied(self, event):
        due = self.pilgrim(event["pilgrim"])["misfortunes_due"]
        return not due or f"First enter what {due[0]} does to {PILGRIM_NAMES[event['pilgrim']]}."

    @cites(Q_MISFORTUNE_FROM)
    def misfortune_drawn(self, event):
        due = self.pilgrim(event["pilgrim"])["misfortunes_due"]
        return (event["card"] in due
                or f"{PILGRIM_NAMES[event['pilgrim']]} has not drawn {event['card']} meditating.")

    @cites(Q_HAND)
    def misfortune_discards_held(self, event):
        """"Discard 1 Skill Card of your choice": a card he holds (a starting card the table did
        not enter counts); with none, the card has no effect ("you got lucky!")."""
        pilgrim = self.pilgrim(event["pilgrim"])
        held, unknown = list(pilgrim["skills"]), pilgrim["skills_unknown"]
        if event.get("discard") and not held and not unknown:
            raise self.violation(f"{PILGRIM_NAMES[event['pilgrim']]} holds no Skill Card: the "
                                 "card has no effect, nothing is discarded.", Q_NO_SKILLS)
        for card in event.get("discard") or []:
            if card in held:
                held.remove(card)
            elif unknown:
                unknown -= 1
            else:
                return f"{PILGRIM_NAMES[event['pilgrim']]} holds no Skill Card {card} to discard."
        return True

    def do_misfortune(self, event):
        name = event["pilgrim"]
        pilgrim, label = self.pilgrim(name), PILGRIM_NAMES[name]
        pilgrim["misfortunes_due"].remove(event["card"])
        lose = event.get("lose") or {}
        for stat in ("chi", "good_karma", "bad_karma"):
            if lose.get(stat):
                before = pilgrim[stat]
                pilgrim[stat] = max(0, before - lose[stat])
                self.effect(f"{event['card']}: {label} loses {before - pilgrim[stat]} "
                            f"{stat.replace('_', ' ')} ({pilgrim[stat]} left).", Q_FLOOR)
        for card in event.get("discard") or []:
            discard_skill(pilgrim, card)
            self.effect(f"{event['card']}: {label} discards {card}.", Q_MISFORTUNE_NOW)
        if lose.get("ap_next_turn"):
            pilgrim["ap_lost_next_turn"] += lose["ap_next_turn"]
            self.effect(f"{event['card']}: {label} will have {lose['ap_next_turn']} Action Point "
                        "less next turn.", Q_NEXT_TURN_AP)
        if lose.get("hp"):
            self.damage_pilgrim(name, min(lose["hp"], pilgrim["hp"]), event["card"],
                                Q_MISFORTUNE_HP)
        if event.get("condition") and pilgrim["status"] != "dead":
            self.give_condition(name, event["condition"], event.get("duration"), None, None, None)
        activation = self.activation()
        if activation and activation["pilgrim"] == name:
            self.after_action()  # the Meditate that drew it was his last Action Point

    def select_skill(self, event) -> None:
        pilgrim, label = self.pilgrim(event["pilgrim"]), PILGRIM_NAMES[event["pilgrim"]]
        if "discards" in event:
            discard_skill(pilgrim, event["discards"])
            self.effect(f"{label} discards {event['discards']}.", Q_KNOWLEDGE)
        pilgrim["skills"].append(event["selects"])
        self.effect(f"{label} selects the Skill Card {event['selects']}.", Q_KNOWLEDGE)

    # -- playing a card ----------------------------------------------------------------------------------

    @cites(Q_HAND)
    def card_in_hand(self, event):
        pilgrim = self.pilgrim(event["pilgrim"])
        held = pilgrim["skills"] if event["kind"] == "skill" else pilgrim["fortune"]
        if event["card"] in held:
            return True
        if event["kind"] == "skill" and pilgrim["skills_unknown"]:
            return True  # one of the starting Skill Cards the table did not enter
        return f"{PILGRIM_NAMES[event['pilgrim']]} holds no {event['kind']} card {event['card']}."

    @cites(Q_KNOWLEDGE)
    def skill_selected(self, event):
        """Om Mala of Knowledge: a new Skill Card selected from his own deck, for a Skill Card he
        discards — "You can still select a new Skill Card, even if you do not have one to
        discard": with none, nothing is discarded."""
        knowledge = event["kind"] == "fortune" and fortune_card(event["card"])["selects_skill"]
        if not knowledge:
            for field in ("selects", "discards"):
                if field in event:
                    raise BadRequest(f"{field} is the Skill Card of Om Mala of Knowledge",
                                     f"event.{field}")
            return True
        if "selects" not in event:
            raise BadRequest(f"enter the Skill Card selected with {event['card']}",
                             "event.selects")
        self.check_own_deck(event["pilgrim"], event["selects"])
        pilgrim, name = self.pilgrim(event["pilgrim"]), PILGRIM_NAMES[event["pilgrim"]]
        holds_one = bool(pilgrim["skills"] or pilgrim["skills_unknown"])
        if "discards" not in event:
            return not holds_one or f"{name} holds a Skill Card: he discards one for the new one."
        if event["discards"] in pilgrim["skills"] or pilgrim["skills_unknown"]:
            return True
        raise self.violation(f"{name} holds no Skill Card {event['discards']} to discard.",
                             Q_HAND)

    @cites(Q_AFFORD)
    def card_cost_affordable(self, event):
        cost, pilgrim = event.get("cost") or {}, self.pilgrim(event["pilgrim"])
        return (cost.get("chi", 0) <= pilgrim["chi"]
                or f"{event['card']} costs {cost['chi']} Chi; {PILGRIM_NAMES[event['pilgrim']]} "
                   f"has {pilgrim['chi']}.")

    @cites(Q_HP_COST)
    def card_hp_cost(self, event):
        cost, pilgrim = event.get("cost") or {}, self.pilgrim(event["pilgrim"])
        return (not cost.get("hp") or pilgrim["hp"] - cost["hp"] >= 1
                or f"Paying {cost['hp']} Health Points would leave "
                   f"{PILGRIM_NAMES[event['pilgrim']]} with less than 1.")

    @cites(Q_AP_COST)
    def card_ap_cost(self, event):
        ap = (event.get("cost") or {}).get("ap", 0)
        if not ap:
            return True
        activation = self.activation()
        if self.phase != "pilgrims" or not activation or activation["pilgrim"] != event["pilgrim"]:
            return f"{PILGRIM_NAMES[event['pilgrim']]} is not the active Pilgrim."
        left = activation["ap"] - activation["spent"]
        if ap > left:
            raise self.violation(f"{event['card']} costs {ap} Action Points; {left} left.", Q_AFFORD)
        return True

    @cites(Q_DISTRACTION)
    def card_action_limit(self, event):
        printed = fortune_card(event["card"])["gain"] if event["kind"] == "fortune" else None
        gain = (event.get("gain") or printed or {}).get("ap", 0)
        if event.get("duration") == "turns" and "turns" not in event:
            raise BadRequest(f"enter how many Turns {event['card']} lasts", "event.turns")
        corrupted = "Demon Distraction" in self.pilgrim(event["pilgrim"])["corruption"]
        return not (gain and corrupted) or "Demon Distraction: no extra Action Points."

    @cites(Q_ACTIVE_SPENDS)
    def card_ap_gain_while_active(self, event):
        printed = fortune_card(event["card"])["gain"] if event["kind"] == "fortune" else None
        if not (event.get("gain") or printed or {}).get("ap"):
            return True
        activation = self.activation()
        if (activation and activation["pilgrim"] == event["pilgrim"]) \
                or self.option("extra_ap_not_active") == "next_activation":
            return True
        return (f"{PILGRIM_NAMES[event['pilgrim']]} is not the active Pilgrim: {event['card']}'s "
                "Action Point cannot be spent (table ruling extra_ap_not_active: refused).")

    def do_play_card(self, event):
        name = event["pilgrim"]
        pilgrim, label = self.pilgrim(name), PILGRIM_NAMES[name]
        cost = event.get("cost") or {}
        printed = fortune_card(event["card"])["gain"] if event["kind"] == "fortune" else None
        gain = event.get("gain") or printed or {}
        held = pilgrim["skills"] if event["kind"] == "skill" else pilgrim["fortune"]
        keep = event.get("keep", False)
        duration = self.play_duration(event)
        if event["card"] in held:
            if not keep:
                held.remove(event["card"])
        elif not keep:
            pilgrim["skills_unknown"] -= 1
        else:
            pilgrim["skills_unknown"] -= 1
            held.append(event["card"])
        pilgrim["chi"] -= cost.get("chi", 0)
        pilgrim["hp"] -= cost.get("hp", 0)
        if cost.get("ap"):
            self.activation()["spent"] += cost["ap"]
        lasting = duration in ("end_of_turn", "continuous", "turns")
        self.effect(f"{label} plays {event['card']}.", Q_PLAY_AREA if lasting else None)
        if lasting:
            pilgrim["in_play"].append({"card": event["card"], "kind": event["kind"],
                                       "duration": duration})
            if duration == "turns":
                pilgrim["in_play"][-1].update(tokens=0, turns=event["turns"])
        elif duration == "this_action":
            pilgrim["this_action"].append(event["card"])
        for stat, top in (("hp", "max_hp"), ("chi", "max_chi")):
            if gain.get(stat):
                before = pilgrim[stat]
                pilgrim[stat] = min(pilgrim["profile"][top], before + gain[stat])
                self.effect(f"{label} gains {pilgrim[stat] - before} of {gain[stat]} "
                            f"{'Health Points' if stat == 'hp' else 'Chi'}: {pilgrim[stat]}.",
                            Q_CAP)
        if gain.get("ap"):
            activation = self.activation()
            if activation and activation["pilgrim"] == name:
                activation["ap"] += gain["ap"]
                self.effect(f"{label} has {activation['ap'] - activation['spent']} Action Points "
                            "left.", None)
            else:
                pilgrim["ap_gained_next_activation"] = (
                    pilgrim.get("ap_gained_next_activation", 0) + gain["ap"])
                self.effect(f"{label}'s next activation has {gain['ap']} more Action Point(s) "
                            "(table ruling extra_ap_not_active).", Q_CARD_ANYTIME)
        if "move" in event:
            self.extra_move(event)
        if "seals" in event:
            self.seal_gates(event)
        if "draws" in event:
            self.take_fortune(event)
        if "selects" in event:
            self.select_skill(event)
        if cost.get("ap"):
            self.after_action()


def discard_skill(pilgrim: dict, card: str) -> None:
    """`card` leaves the Pilgrim's hand of Skill Cards: the card entered, or else one of the
    starting Skill Cards the table did not enter."""
    if card in pilgrim["skills"]:
        pilgrim["skills"].remove(card)
    else:
        pilgrim["skills_unknown"] -= 1
