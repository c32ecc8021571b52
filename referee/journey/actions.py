"""The Pilgrim actions, their Action Point costs and the conditions each is allowed under."""

from __future__ import annotations

from referee.core import BadRequest, cites

from .card_effects import GREEDY, Q_PHASE_WALK, Q_SHADOW_WALK
from .combat import Q_PURPLE
from .profiles import FORTUNE_CARDS, PILGRIM_NAMES, printed_deck
from .quests import Q_SUTRA_COLLECTED
from .rules import (
    NO_DOUBLE,
    Q_BLUE,
    Q_BOX_ONCE,
    Q_CLOSED_GATE,
    Q_DEAD,
    Q_DISTRACTION,
    Q_HP_COST,
    Q_INITIATIVE,
    Q_LIMP,
    Q_LURE,
    Q_NO_CARDS,
    Q_RED_ENTERED,
    Q_ROOMS,
    no_double_quote,
)

Q_RED = Q_RED_ENTERED

Q_MV = ("When a Miniature moves, it can move any number of squares up to the number of Movement "
        "Points (MV) printed on its Profile Sheet.")
Q_HALF = ("Reduce to Half: Sometimes you are instructed to halve a statistic. Round all results "
          "down. If you have a MV of 5, that is a MV of 2 if halved.")
Q_TURN_COST = ("While performing a Move Action, a Miniature can turn by 90° for a cost of one "
               "Movement Point.")
Q_DOUBLE = ("Like many other actions, the Move Action can be made twice. Instead of performing two "
            "single moves, make one move of double the Movement Points.")
Q_TRIPLE = "Similarly, if you have 3 Action Points available, you can make one triple Move."
Q_DIAGONAL = "A Miniature cannot move diagonally."
Q_FACING = ("A Miniature can only move in the direction it is facing, but it can Change Facing "
            "during a Move Action, see below.")
Q_SLIDE = "Do not slide the Miniature forwards (or backwards) as you rotate."
Q_BLOCKED = "A Miniature cannot move into or through a square which is blocked."
# what blocks, each with its own sentence (a Miniature: the Move rule itself)
Q_OBSTRUCTION = {
    "wall": ("Yellow Lines: No part of a Miniature's base can be moved through a feature marked by "
             "a yellow line at any point in the Miniature's turn, including when the Miniature "
             "Changes Facing."),
    "closed_door": "Closed Doors block movement for all Miniatures.",
    "token": "Unless otherwise stated, Tokens block movement and LOS for all models.",
}
Q_RESUME = ("However, if movement stops, these points are lost. It cannot resume moving later, to "
            "use the remaining portion.")
Q_RED_HP = ("If you do not have the Movement Points (for Blue Regions) or Health Points (for Red "
            "Regions), you cannot make the move.")
Q_PRAY_TILE = "A Pilgrim on the same Map Tile as a Mystical Box may perform the Pray Action."
Q_MEDITATE_TILE = "A Pilgrim on the same Map Tile as a Mystical Box may perform the Meditate Action."
Q_PRAY = ("When a Pilgrim performs a Pray Action, they draw a Fortune Card, described in the card "
          "section above.")
Q_SPIN = ("The Player must spin the arrow at least one full rotation. Anything less does not count "
          "and the Player should spin again.")
Q_WHITE = ("If the arrow ends pointing at the white area, the Player draws 3 Fortune Cards, keeps 1 "
           "of their choice, ignoring and discarding the other 2.")
Q_BLACK = ("If the arrow ends pointing at the black area, the Player is forced to draw a Misfortune "
           "Card.")
Q_RESHUFFLE = ("If the Draw Deck is empty, shuffle the Discard Pile and use it as the Draw Deck, as "
               "normal.")
Q_DOOR_OPEN = ("When you break down the door, flip the Door Token over, to show the doorway is "
               "Open. It will stay Open for the remainder of the Quest.")
Q_DOOR_CONTACT = ("To break down the door, Pilgrims must be in full base contact with the door, "
                  "facing towards it.")
Q_SUTRA = "A Pilgrim that is adjacent to a Sutra can spend 1 Action Point to pick it up."
Q_VILLAGER = ("A Pilgrim that is adjacent to a Villager can spend 1 Action Point to rescue the "
              "Villager.")
Q_VILLAGER_KARMA = "Pilgrims gain 3 Good Karma Points for this heroic deed."
Q_WELL = ("A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to drink from the "
          "well and recover all Health Points, up to their current maximum.")
Q_WELL_ONCE = "This powerful effect is limited: each Pilgrim can only use each Water Well once per Quest."
Q_REST = "When a Pilgrim rests, they recover 5 Chi Points, up to their current maximum."
Q_REST_TWICE = "Resting can be performed twice per Activation, if required."
Q_ONLY_TRIPITAKA_CLOSES = "Only Tripitaka can Close a Demon Gate."
Q_CLOSE = ("He must have a Sutra Token in his possession and be adjacent to the Gate.")
Q_FINE_TUNE = ("You can fine tune the challenge by making Gates inactive at the start of the game or "
               "by letting Pilgrims Close the Gates.")
Q_GATE_SACRIFICE = "The Sutra Token is sacrificed in the Gate and removed from play."
Q_ONLY_TRIPITAKA_REVIVES = "Only Tripitaka can Revive other Pilgrims."
Q_REVIVE_ADJACENT = ("When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive "
                     "the Pilgrim, at a cost:")
Q_REVIVE_NEEDS = "To perform the action, Tripitaka must have at least 1 Action and 2 Health Points."
Q_REVIVE_OWN = ("Note that Tripitaka can choose to reduce his own Chi to 0, but cannot reduce his "
                "own Health Points below 1.")
Q_REVIVE_TARGET = ("Similarly, the Pilgrim can be Revived with 0 Chi, but must have at least 1 "
                   "Health Point.")
Q_REVIVE_HP_RANGE = "1-5 Health Points"
Q_REVIVE_RANGE = "0-5 Chi Points"
Q_REVIVE_GIVES = ("The Pilgrim is revived with as many Health and Chi Points as Tripitaka "
                  "sacrifices.")
Q_MANDATORY = "The trades marked as mandatory must be made when the Karma level is met or exceeded."
Q_CHOOSE_OPTION = ("Defeat is not the final stage of the successful attack and the Attacker must "
                   "choose one of the available options.")


class ActionsMixin:
    """The Pilgrim actions of `Game`."""

    # -- Action Points ---------------------------------------------------------------------------

    def spend(self, event, action: str, points: int = 1) -> None:
        activation = self.activation()
        activation["spent"] += points
        activation["actions"].extend([action] * points)
        activation["strikes"] = None  # a new Action: a card's further Attacks are not taken
        pilgrim = self.pilgrim(event["pilgrim"])
        pilgrim["actions_this_turn"].extend([action] * points)
        pilgrim["this_action"] = []  # cards lasting "this Action" end with it

    def after_action(self) -> None:
        """An activation with no Action Points left ends by itself (once the further Attacks a
        card gave for the last Action Point are taken or given up, and the Misfortune Card a
        Meditate drew is applied: "When you draw the card, apply the effect immediately…")."""
        activation = self.activation()
        if (activation and activation["spent"] >= activation["ap"] and not activation["strikes"]
                and not self.pilgrim(activation["pilgrim"])["misfortunes_due"]):
            self.finish_activation()

    @cites(Q_CHOOSE_OPTION)
    def no_pending_decision(self, event):
        pending = self.G["pending"]
        if pending is None:
            return True
        choose = f"First Kill or Cleanse the Defeated {self.name_of(pending['demon'])}."
        activation = self.activation()
        if activation and event.get("pilgrim") not in (None, activation["pilgrim"]):
            # another Pilgrim's action: what he broke is the initiative order (finding 100)
            raise self.violation(
                f"It is {PILGRIM_NAMES[activation['pilgrim']]}'s activation, not "
                f"{PILGRIM_NAMES[event['pilgrim']]}'s (initiative order). {choose}",
                (Q_INITIATIVE, Q_CHOOSE_OPTION))
        return choose

    @cites(Q_MANDATORY)
    def no_trade_due(self, event):
        due = self.trades_due(event["pilgrim"])
        return (not due or f"{PILGRIM_NAMES[event['pilgrim']]} must first trade 10 "
                           f"{' and 10 '.join(due)} Karma.")

    def part_of_the_action(self, event) -> bool:
        """A further Attack a card gives for the same Action Point is part of that Attack Action
        (ruling `card_extra_attack` "same_action"), or an Action of its own ("new_action")."""
        if not event.get("same_action"):
            return False
        strikes = self.activation()["strikes"]
        another_target = bool(strikes and strikes["targets_left"]
                              and event["targets"][0] not in strikes["hit"])
        return another_target or self.option("card_extra_attack") == "same_action"

    @cites(Q_DISTRACTION)
    def within_action_limit(self, event):
        if "Demon Distraction" not in self.pilgrim(event["pilgrim"])["corruption"]:
            return True
        needed = event.get("action_points", 1) if event["type"] == "move" else 1
        needed = 0 if self.part_of_the_action(event) else needed
        taken = len(self.pilgrim(event["pilgrim"])["actions_this_turn"])
        return (taken + needed <= 2
                or "Demon Distraction: no more than 2 Actions this turn.")

    @cites(Q_LURE)
    def not_a_double_action(self, event):
        """Lure of Demons (and Curse of the Dead): the same Action twice in one turn."""
        pilgrim = self.pilgrim(event["pilgrim"])
        cards = [c for c in NO_DOUBLE if c in pilgrim["corruption"]]
        if not cards:
            return True
        action = event["type"]
        if self.part_of_the_action(event):
            return True  # a further Attack a card gives for the same Action Point
        points = event.get("action_points", 1) if action == "move" else 1
        if points >= 2:
            raise self.violation(f"{cards[0]}: no Double Moves.", no_double_quote(cards[0]))
        if action not in pilgrim["actions_this_turn"]:
            return True
        forbidding = self.doubles_forbidden(cards, self.activation()["spent"] >= 2)
        if not forbidding:
            return True
        raise self.violation(f"{forbidding[0]}: {action.replace('_', ' ')} a second time this "
                             "turn.", no_double_quote(forbidding[0]))

    def doubles_forbidden(self, cards, third: bool) -> list[str]:
        """The Corruption Cards among `cards` that forbid doubling up an Action: a third Action may
        double up under Curse of the Dead (the FAQ names it), and under Lure of Demons only by the
        table ruling no_double_third_action."""
        lure_third = self.option("no_double_third_action") == "third_may_double"
        return [card for card in cards
                if not (third and (card != "Lure of Demons" or lure_third))]

    # -- Move ------------------------------------------------------------------------------------------

    @cites(Q_DIAGONAL)
    def straight_move(self, event):
        """Steps only forwards, turns on the spot: no diagonal, no step the Miniature does not
        face, no slide while it rotates."""
        if event.get("backwards"):
            raise self.violation("A step backwards or sideways is not in the direction the "
                                 "Miniature faces: turn first (1 Movement Point each 90°).",
                                 Q_FACING)
        if event.get("slide"):
            raise self.violation("A Miniature rotates on the spot: sliding as it turns is not a "
                                 "Move.", Q_SLIDE)
        return not event.get("diagonal") or "A diagonal step is not a Move."

    @cites(Q_BLOCKED)
    def unblocked_move(self, event):
        if event.get("through_purple"):
            raise self.violation("A purple line cannot be crossed.", Q_PURPLE)
        if not event.get("through_blocked"):
            return True
        obstruction = event.get("obstruction")
        if self.passes_obstructions(event["pilgrim"], obstruction):
            return True
        card = self.room_walls_only(event["pilgrim"])
        if card and obstruction is None:
            raise BadRequest(f"say what the Move passes through ({card} passes a closed door or "
                             "a wall)", "event.obstruction")
        if card:
            return (f"{card} takes the Monkey King through a closed door or a wall into a room, "
                    f"not through a {obstruction.replace('_', ' ')} (table ruling).")
        if obstruction in Q_OBSTRUCTION:
            raise self.violation(f"The path goes through a {obstruction.replace('_', ' ')}.",
                                 Q_OBSTRUCTION[obstruction])
        return "The path goes into or through a blocked square."

    @cites(Q_RESUME)
    def move_not_resumed(self, event):
        """A Move that carries on with the Movement Points an earlier Move left unused (after
        stopping to break down a door, say): those points were lost when it stopped."""
        return (not event.get("continues")
                or "The Movement Points left when that Move stopped are lost: a new Move Action "
                   "starts with its own.")

    def mv(self, name: str, halved: bool = False) -> int:
        """The Pilgrim's MV, halved (rounded down) when a card or Quest says so (`mv_halved`)."""
        mv = self.pilgrim(name)["profile"]["mv"]
        return mv // 2 if halved else mv

    def movement_points(self, name: str, action_points: int, halved: bool = False) -> int:
        pilgrim = self.pilgrim(name)
        total = self.mv(name, halved) * action_points
        if action_points >= 2 and "Permanent Limp" in pilgrim["corruption"]:
            total -= 1
        return total

    @cites(Q_MV)
    def within_movement_points(self, event):
        steps, turns = event["steps"], event.get("turns", 0)
        blue, points = event.get("blue", 0), event.get("action_points", 1)
        if blue > steps + turns:
            raise BadRequest("more blue squares than steps and turns", "event.blue")
        halved = bool(event.get("mv_halved"))
        total = self.movement_points(event["pilgrim"], points, halved)
        mv = self.mv(event["pilgrim"], halved)
        cost = steps + turns + blue
        if cost <= total:
            return True
        message = (f"That Move costs {cost} Movement Points ({steps} steps, {turns} turns, "
                   f"{blue} extra for blue squares); {PILGRIM_NAMES[event['pilgrim']]} has {total}"
                   + (" (his MV halved)." if halved else "."))
        if halved and cost <= self.movement_points(event["pilgrim"], points):
            raise self.violation(message, (Q_HALF, Q_MV))
        if steps + turns <= total:  # the slow squares: the sentence that forbids, then the cost
            raise self.violation(message, (Q_RED_HP, Q_BLUE))
        if steps + turns <= mv * points:
            raise self.violation(message, Q_LIMP)
        if steps <= total:
            raise self.violation(message, Q_TURN_COST)
        if points > 1:
            raise self.violation(message, Q_TRIPLE if points == 3 else Q_DOUBLE)
        return message

    @cites(Q_RED_HP)
    def red_square_health(self, event):
        """Red squares cost Health Points he must have; under `red_square_last_hp: must_keep_one`
        one he has but would pay with his last is refused by the Note that he must keep 1, the
        reading that ruling takes (finding 121)."""
        red = event.get("red", 0)
        if not red:
            return True
        hp = self.pilgrim(event["pilgrim"])["hp"]
        cost = f"{red} red square{'s' * (red > 1)} cost {red} Health Points; " \
               f"{PILGRIM_NAMES[event['pilgrim']]} has {hp}"
        if hp < red:
            return f"{cost}."
        if hp == red and self.option("red_square_last_hp") == "must_keep_one":
            raise self.violation(f"{cost} and must keep 1 (table ruling red_square_last_hp: "
                                 "must_keep_one).", Q_HP_COST)
        return True

    def do_move(self, event):
        name, points = event["pilgrim"], event.get("action_points", 1)
        card = (self.passes_obstructions(name, event.get("obstruction"))
                if event.get("through_blocked") else None)
        if card:
            self.effect(f"{card}: {PILGRIM_NAMES[name]} passes through the obstruction during "
                        "this Move.", Q_PHASE_WALK if card == "Phase Walk" else Q_SHADOW_WALK)
        self.spend(event, "move", points)
        self.pilgrim(name)["moved_this_turn"] = True
        kind = {1: "Move", 2: "Double Move", 3: "triple Move"}[points]
        cost = event["steps"] + event.get("turns", 0) + event.get("blue", 0)
        self.effect(f"{PILGRIM_NAMES[name]}: {kind}, {cost} of "
                    f"{self.movement_points(name, points)} Movement Points.",
                    {1: Q_MV, 2: Q_DOUBLE, 3: Q_TRIPLE}[points])
        if event.get("red"):
            self.damage_pilgrim(name, event["red"], "red squares entered", Q_RED)
        self.after_action()

    # -- Pray and Meditate ---------------------------------------------------------------------------

    @cites(Q_PRAY_TILE)
    def box_on_tile(self, event):
        quote = Q_PRAY_TILE if event["type"] == "pray" else Q_MEDITATE_TILE
        if event["box"] not in self.G["tokens"]["boxes"]:
            raise self.violation(f"There is no Mystical Box named {event['box']}.", quote)
        if event.get("same_tile", True) is False:
            raise self.violation("The Pilgrim is not on the Map Tile of that Mystical Box.", quote)
        return True

    @cites(Q_BOX_ONCE)
    def box_once_per_activation(self, event):
        used = self.activation()["boxes_used"]
        if GREEDY in used:
            return (f"{PILGRIM_NAMES[event['pilgrim']]} took a Fortune Card with Greedy this "
                    "activation (table ruling greedy_box: counts).")
        if self.option("box_once") == "each_box":
            return (event["box"] not in used
                    or f"{PILGRIM_NAMES[event['pilgrim']]} has used {event['box']} this activation "
                       "(table option box_once).")
        return (not used
                or f"{PILGRIM_NAMES[event['pilgrim']]} has used a Mystical Box this activation.")

    @cites(Q_PRAY)
    def drawn_from_its_deck(self, event):
        """A Pray or a white spin draws Fortune Cards, a black spin a Misfortune Card: a card the
        book names as one of another deck (a Skill Card, a Condition Card) is not drawn there; a
        Pray draws one."""
        if event.get("also_drawn"):
            return (f"A Pray draws one Fortune Card: {', '.join(event['also_drawn'])} not "
                    "drawn.")
        if event["type"] == "pray":  # none drawn when none is left
            drawn = [(event["card"], "Fortune", Q_PRAY)] if "card" in event else []
        else:
            drawn = ([(card, "Fortune", Q_WHITE)
                      for card in [event.get("kept"), *event.get("seen", [])] if card]
                     + ([(event["misfortune"], "Misfortune", Q_BLACK)]
                        if event.get("misfortune") else []))
        for card, deck, quote in drawn:
            printed = printed_deck(card)
            if printed not in (None, deck):
                raise self.violation(f"{card} is a {printed} Card, not a {deck} Card.", quote)
        return True

    @cites(Q_SPIN)
    def full_spin(self, event):
        return event.get("full_rotation", True) or "Spin again: less than a full rotation."

    def fortune_cards_left(self) -> int:
        """The Fortune Cards in the Draw Deck and the Discard Pile: the deck less those the Pilgrims
        hold or have in play."""
        out = sum(len(p["fortune"]) + sum(c["kind"] == "fortune" for c in p["in_play"])
                  for p in self.G["pilgrims"].values())
        return max(0, FORTUNE_CARDS - out)

    def no_fortune_card_left(self, left: int, wanted: int):
        """A draw of `wanted` Fortune Cards when only `left` are to be had (0-2): refused."""
        have = f"{left} Fortune Card{'s' * (left != 1)}" if left else "No Fortune Card"
        raise self.violation(f"{have} left in the Draw Deck and the Discard Pile (the Pilgrims hold "
                             f"the others): {left or 'none'} can be drawn, not {wanted}.",
                             (Q_NO_CARDS, Q_RESHUFFLE))

    @cites(Q_WHITE)
    def spinner_draw(self, event):
        if event["spinner"] == "black":
            if "kept" in event or "seen" in event or "also_kept" in event:
                raise self.violation("Black: a Misfortune Card, no Fortune Cards.", Q_BLACK)
            if "misfortune" not in event:
                raise BadRequest("name the Misfortune Card drawn", "event.misfortune")
            return True
        if "misfortune" in event:
            return "White: 3 Fortune Cards, no Misfortune Card."
        left, seen = self.fortune_cards_left(), event.get("seen")
        if left < 3 and seen is not None and len(seen) != left:
            self.no_fortune_card_left(left, len(seen))
        if not left and ("kept" in event or "also_kept" in event):
            self.no_fortune_card_left(left, 1 + len(event.get("also_kept", [])))
        if left and "kept" not in event:
            raise BadRequest("name the Fortune Card kept", "event.kept")
        if seen is not None and left >= 3 and len(seen) != 3:
            return f"White: 3 Fortune Cards are drawn, not {len(seen)}."
        if seen is not None and left and event["kept"] not in seen:
            return "The card kept is one of the Fortune Cards drawn."
        if event.get("also_kept"):
            kept = [event.get("kept"), *event["also_kept"]]
            return f"White: 1 of the Fortune Cards drawn is kept, not {len(kept)} ({', '.join(kept)})."
        return True

    @cites(Q_NO_CARDS)
    def fortune_to_draw(self, event):
        """A Pray draws one Fortune Card (Greedy takes one): none when none is left."""
        field = "card" if event["type"] == "pray" else "draws"
        left = self.fortune_cards_left()
        if field in event and not left:
            self.no_fortune_card_left(left, 1)
        if left and event["type"] == "pray" and field not in event:
            raise BadRequest("name the Fortune Card drawn", "event.card")
        return True

    def do_pray(self, event):
        self.spend(event, "pray")
        self.activation()["boxes_used"].append(event["box"])
        name = PILGRIM_NAMES[event["pilgrim"]]
        if "card" in event:
            self.pilgrim(event["pilgrim"])["fortune"].append(event["card"])
            self.effect(f"{name} prays and draws {event['card']}.", Q_PRAY)
        else:
            self.effect(f"{name} prays: no Fortune Card is left to draw.", Q_NO_CARDS)
        self.after_action()

    def do_meditate(self, event):
        self.spend(event, "meditate")
        self.pay_cards_used(event)  # Spirit of Fortune, affecting the spin
        self.activation()["boxes_used"].append(event["box"])
        pilgrim, name = self.pilgrim(event["pilgrim"]), PILGRIM_NAMES[event["pilgrim"]]
        if event["spinner"] == "white" and "kept" in event:
            pilgrim["fortune"].append(event["kept"])
            self.effect(f"{name} meditates (white) and keeps {event['kept']}.", Q_WHITE)
        elif event["spinner"] == "white":
            self.effect(f"{name} meditates (white): no Fortune Card is left to draw.", Q_NO_CARDS)
        else:
            pilgrim["misfortunes_due"].append(event["misfortune"])
            self.effect(f"{name} meditates (black) and draws the Misfortune Card "
                        f"{event['misfortune']}: enter its effect.", Q_BLACK)
        self.after_action()

    # -- the board's tokens ----------------------------------------------------------------------------

    @cites(Q_DOOR_OPEN)
    def door_closed(self, event):
        tokens = self.G["tokens"]
        if event["door"] in tokens["broken_doors"]:
            return f"{event['door']} is already broken down (Open)."
        return event["door"] in tokens["doors"] or f"There is no closed door named {event['door']}."

    @cites(Q_DOOR_CONTACT)
    def door_contact(self, event):
        return (event.get("in_contact_facing", True)
                or "The Pilgrim must be in full base contact with the door, facing it.")

    def do_break_door(self, event):
        self.spend(event, "break_door")
        tokens = self.G["tokens"]
        tokens["doors"].remove(event["door"])
        tokens["broken_doors"].append(event["door"])
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} breaks down {event['door']}: it stays "
                    "Open.", Q_DOOR_OPEN)
        for ident in event.get("opens") or []:
            if ident in self.G["demons"]:
                self.G["demons"][ident]["active"] = True
            elif ident in self.G["gates"] and self.G["gates"][ident]["status"] == "inactive":
                self.G["gates"][ident]["status"] = "active"
            else:
                raise BadRequest(f"no inactive Demon or Gate named {ident}", "event.opens")
            self.effect(f"{self.name_of(ident)} behind the door becomes active.", Q_ROOMS)
        self.after_action()

    def token_guard(self, event, kind: str, field: str, quote: str):
        if event[field] not in self.G["tokens"][kind]:
            raise self.violation(f"There is no {field} named {event[field]} on the board.", quote)
        return event.get("adjacent", True) or f"The Pilgrim is not adjacent to {event[field]}."

    @cites(Q_SUTRA)
    def sutra_on_board(self, event):
        return self.token_guard(event, "sutras", "sutra", Q_SUTRA)

    @cites(Q_SUTRA_COLLECTED)
    def sutra_hand_off_allowed(self, event):
        return (self.option("sutra_hand_off") == "allowed"
                or "A collected Sutra Token stays by the Pilgrim who collected it (table ruling "
                   "sutra_hand_off: none).")

    @cites(Q_SUTRA_COLLECTED)
    def sutra_to_give(self, event):
        giver, taker = event["pilgrim"], event["to"]
        if taker == giver:
            return f"{PILGRIM_NAMES[giver]} cannot hand a Sutra Token to himself."
        if self.pilgrim(giver)["sutras"] < 1:
            return f"{PILGRIM_NAMES[giver]} holds no Sutra Token."
        if self.pilgrim(taker)["status"] == "dead":
            raise self.violation(f"{PILGRIM_NAMES[taker]} is dead, off the board.", Q_DEAD)
        return True

    def do_give_sutra(self, event):
        giver, taker = event["pilgrim"], event["to"]
        self.pilgrim(giver)["sutras"] -= 1
        self.pilgrim(taker)["sutras"] += 1
        self.effect(f"{PILGRIM_NAMES[giver]} hands a Sutra Token to {PILGRIM_NAMES[taker]} "
                    "(table ruling sutra_hand_off: allowed).", Q_SUTRA_COLLECTED)

    def do_collect_sutra(self, event):
        self.spend(event, "collect_sutra")
        self.G["tokens"]["sutras"].remove(event["sutra"])
        self.pilgrim(event["pilgrim"])["sutras"] += 1
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} collects {event['sutra']}.", Q_SUTRA)
        self.after_action()

    @cites(Q_VILLAGER)
    def villager_on_board(self, event):
        return self.token_guard(event, "villagers", "villager", Q_VILLAGER)

    def do_rescue_villager(self, event):
        self.spend(event, "rescue_villager")
        self.G["tokens"]["villagers"].remove(event["villager"])
        self.pilgrim(event["pilgrim"])["villagers"] += 1
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} rescues {event['villager']}.", Q_VILLAGER)
        self.gain_karma(event["pilgrim"], "good", 3, Q_VILLAGER_KARMA)
        self.after_action()

    @cites(Q_WELL)
    def well_on_board(self, event):
        return self.token_guard(event, "wells", "well", Q_WELL)

    @cites(Q_WELL_ONCE)
    def well_once(self, event):
        return (event["pilgrim"] not in self.G["wells_used"][event["well"]]
                or f"{PILGRIM_NAMES[event['pilgrim']]} has used {event['well']} in this Quest.")

    def do_recover(self, event):
        self.spend(event, "recover")
        pilgrim = self.pilgrim(event["pilgrim"])
        self.G["wells_used"][event["well"]].append(event["pilgrim"])
        pilgrim["hp"] = pilgrim["profile"]["max_hp"]
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} drinks from {event['well']}: "
                    f"{pilgrim['hp']} Health Points.", Q_WELL)
        self.after_action()

    # -- Rest ------------------------------------------------------------------------------------------

    @cites(Q_REST_TWICE)
    def rest_twice(self, event):
        activation = self.activation()
        if activation["rests"] < 2:
            return True
        if self.option("third_rest") == "allowed" and activation["spent"] >= 2:
            return True
        return f"{PILGRIM_NAMES[event['pilgrim']]} has rested twice this activation."

    def do_rest(self, event):
        self.spend(event, "rest")
        self.activation()["rests"] += 1
        pilgrim = self.pilgrim(event["pilgrim"])
        before = pilgrim["chi"]
        pilgrim["chi"] = min(pilgrim["profile"]["max_chi"], before + 5)
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} rests: Chi {before} → {pilgrim['chi']}.",
                    Q_REST)
        self.after_action()

    # -- Close a Gate ------------------------------------------------------------------------------------

    @cites(Q_ONLY_TRIPITAKA_CLOSES)
    def tripitaka_closes(self, event):
        return event["pilgrim"] == "tripitaka" or f"{PILGRIM_NAMES[event['pilgrim']]} is not Tripitaka."

    @cites(Q_CLOSED_GATE)
    def gate_open_to_close(self, event):
        gate = self.G["gates"].get(event["gate"])
        if gate is None:
            return f"There is no Gate named {event['gate']}."
        return gate["status"] != "closed" or f"{event['gate']} is already Closed."

    @cites(Q_CLOSE)
    def adjacent_gate(self, event):
        return event.get("adjacent", True) or "Tripitaka is not adjacent to the Gate."

    @cites(Q_CLOSE)
    def holds_sutra(self, event):
        return self.pilgrim("tripitaka")["sutras"] > 0 or "Tripitaka holds no Sutra Token."

    def gates_sealable(self) -> bool:
        """The Quest's word on sealing Gates; in free play the table's own Quest (option)."""
        if not self.quest().can_seal_gates(self):
            return False
        return self.G["quest"] != "free" or bool(self.option("gates_sealable"))

    @cites(Q_FINE_TUNE)
    def quest_allows_sealing(self, event):
        return self.gates_sealable() or "The Quest played does not let the Pilgrims Close Gates."

    def do_close_gate(self, event):
        self.spend(event, "close_gate")
        self.pilgrim("tripitaka")["sutras"] -= 1
        self.G["gates"][event["gate"]]["status"] = "closed"
        self.effect(f"Tripitaka closes {event['gate']}: the Sutra Token is sacrificed.",
                    Q_GATE_SACRIFICE)
        self.after_action()

    # -- Revive ------------------------------------------------------------------------------------------

    @cites(Q_ONLY_TRIPITAKA_REVIVES)
    def tripitaka_revives(self, event):
        return event["pilgrim"] == "tripitaka" or f"{PILGRIM_NAMES[event['pilgrim']]} is not Tripitaka."

    @cites(Q_REVIVE_ADJACENT)
    def target_unconscious(self, event):
        target = self.G["pilgrims"].get(event["target"])
        if target is None:
            return f"{self.name_of(event['target'])} is not a Pilgrim."
        if target["status"] != "unconscious":
            return f"{PILGRIM_NAMES[event['target']]} is {target['status']}, not Unconscious."
        return event.get("adjacent", True) or "Tripitaka is not adjacent to him."

    @cites(Q_REVIVE_NEEDS)
    def revive_cost(self, event):
        tripitaka = self.pilgrim("tripitaka")
        if tripitaka["hp"] < 2:
            return f"Tripitaka has {tripitaka['hp']} Health Point."
        if event["hp"] < 1:
            raise self.violation("The revived Pilgrim needs at least 1 Health Point.",
                                 Q_REVIVE_TARGET)
        if event["hp"] > 5:
            raise self.violation("Revive costs 1-5 Health Points.", Q_REVIVE_HP_RANGE)
        if event["chi"] > 5:
            raise self.violation("Revive costs 0-5 Chi.", Q_REVIVE_RANGE)
        if event["hp"] >= tripitaka["hp"]:
            raise self.violation(f"Tripitaka has {tripitaka['hp']} Health Points: he can give "
                                 f"{tripitaka['hp'] - 1} at most.", Q_REVIVE_OWN)
        if event["chi"] > tripitaka["chi"]:
            raise self.violation(f"Tripitaka has {tripitaka['chi']} Chi.", Q_REVIVE_OWN)
        return True

    def do_revive(self, event):
        self.spend(event, "revive")
        tripitaka, target = self.pilgrim("tripitaka"), self.pilgrim(event["target"])
        tripitaka["hp"] -= event["hp"]
        tripitaka["chi"] -= event["chi"]
        target["hp"] = min(event["hp"], target["profile"]["max_hp"])
        target["chi"] = min(event["chi"], target["profile"]["max_chi"])
        target["status"], target["posture"] = "active", None
        self.effect(f"Tripitaka revives {PILGRIM_NAMES[event['target']]} with {target['hp']} "
                    f"Health and {target['chi']} Chi.", Q_REVIVE_GIVES)
        self.after_action()
