"""The Demon Phase: spawning at the Gates, the activation order, and the Demon AI helper.

For each Demon the table enters what the board allows (`demon_options`: each way the Demon can use
its Action Points, the Pilgrims it would attack, squares moved, whether it ends closer to Tripitaka).
The referee picks what the rules make it do — the highest priority plan, then the preferences, then
the laziest move — shows it with the rules (state `demon_phase.current`), and offers it as one tap
(`demon_plan`). A different choice is refused with the rule it breaks. Where options tie, the rules
leave the choice to the table ("the one that makes the game harder for the Pilgrims").
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from .actions import Q_DOUBLE
from .card_effects import Q_SHADOW_WALK, Q_WAR_CRY
from .combat import Q_RANGE, Q_SAME_TYPE
from .position import next_demon_id, placed_demon
from .profiles import PILGRIM_NAMES, demon_models, demon_name, demon_profile
from .rules import Q_CLOSED_GATE, Q_DEAD, Q_DISABLED, Q_PARALYZED, Q_ROOMS
from .special_cards import FLOOD_GATE, Q_DRAW_FOLLOW

Q_SPAWN_GATES = "Demons spawn from each Active Demon Gate on the Game Board."
Q_ONE_CARD = ("For each Active Gate, draw a Demon Card from the Demon Deck, follow the instructions "
              "on the card, and discard the card.")
Q_GATE_ORDER = ("Start at the Gate closest to Tripitaka, and work back to the Gate furthest from "
                "Tripitaka.")
Q_INACTIVE_GATE = ("Inactive Gates: Some Gates are inactive when they are placed on the Game Board "
                   "or become inactive later in the game.")
Q_REINFORCE = ("Reinforcement Cards: Demons emerge from the Gates ready to hunt down Tripitaka. When "
               "you spawn a new Demon, place it adjacent to its Gate, in an open square.")
Q_UNIQUE = ("If the unique Demon is currently in play, simply discard the card and draw again.")
Q_UNIQUE_SPAWN = ("Unique Cards: Unique Demon Cards spawn unique Demon Characters, like the Demon "
                  "Lords.")
Q_SPECIAL = ("Special Cards: These cards give the Demons special powers and abilities. Read the "
             "card aloud and place it face up beside the Demon Card Deck as a reminder to follow the "
             "instructions during this Demon Phase.")
Q_RUN_OUT = ("Demon Rage: Players might run out of Demon Miniatures to place on the Game Board when "
             "required to spawn new Demons.")
Q_PROMOTE = ("First, use the promotion scheme below to spawn tougher Demons in place of the "
             "Demon(s) initially drawn.")
Q_RAGE = ("Demon Rage: Place the Demon Rage Card on the Demon Card Draw Deck to mark the start of "
          "Demon Rage. Stop drawing Demon Cards for the rest of the Demon Phase of this Turn. When "
          "Demon Rage is in effect, each Demon gets 3 Action Points, not 2.")
Q_ORDER = ("Order: Like Pilgrims, Demons are activated in order, this time starting with the Demon "
           "closest to Tripitaka and continuing to the ones further away.")
Q_PHASE_ORDER = ("First, new Demons appear at Demon Gates and then all Demons are Activated in turn, "
                 "starting with the Demon closest to Tripitaka.")
Q_DEMON_AP = "Demons normally get 2 Action Points, but if they are in a Demon Rage, they will get 3."
Q_ONE_AT_A_TIME = "Complete all actions for one Demon before activating the next Demon."
Q_DEMON_MOVE = ("Move: Take the shortest path towards Tripitaka, moving up to the number of squares "
                "shown as the Demon's Move Attribute.")
SPAWN_LORD = "Spawn Demon Lord"
Q_SPAWN_LORD = ("Spawn Demon Lord: The Demon is placed and takes Actions as normal. As soon as the "
                "Demon makes one Attack Action (successful or not), remove the Demon from play.")
Q_SPAWN_LORD_GONE = ("In this case, no Karma Reward is given when the Demon Lord is removed and this "
                     "does not count towards Quest Objectives.")
Q_ROOM_ENTERED = Q_SHADOW_WALK  # the sentence on entering a closed room (Shadow Walk)
Q_IGNORE = ("Demons ignore Unconscious Pilgrims completely. They do not move towards them, select "
            "them as Targets and do not roll attacks against them even if they end up in the "
            "Demon's Attack Range.")
Q_NUMBER_OF_TARGETS = ("Determine the possible number of Targets. This is stated on the "
                       "Miniature's Profile Sheet, below the Range Icon, but can be modified by "
                       "Skill Cards, etc.")
Q_PLAN = ("Look at the 4 plans offered below and select the highest priority plan that this Demon "
          "can carry out.")
Q_PRIORITY = {
    1: "Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.",
    2: ("Priority 2: Use the Action Points to attack any other Target, so long as the Demon ends "
        "closer on the board to Tripitaka."),
    3: "Priority 3: Use the Action Points to attack any other Target.",
    4: "Priority 4: Use the Action Points to move towards Tripitaka.",
}
Q_MOST = "Preference 1: Attack the most Targets possible."
Q_WEAKEST = "Preference 2: Attack the weakest Target (the lowest number of Health Points)."
Q_LAZY = ("Move Action 1: Demons trying to get into attack position are lazy. You can move a Demon "
          "any legal way to get them into attack position, but they stop moving as soon as they "
          "can attack their Targets.")
Q_TIE_HARDER = ("If there is an ambiguity, quickly make a decision as a group in favor of the option "
                "that makes the game harder for the Pilgrims.")
Q_TIE = ("Where there is a choice between two equally valid options, take the one that makes the "
         "game harder for the Pilgrims.")
Q_WILD = ("Wild Attacks: Demons do not have to attack or move towards Tripitaka as their main "
          "priority this turn. Skip Plan 1 and Plan 2.")
Q_WILD_MOVE = "Skip Plan 1 and Plan 2. They will follow Plan 3 or Double Move towards the closest Pilgrim."
Q_ATTACKS_PILGRIMS = ("Similarly, \"attack any other Target\" means \"attack all other Pilgrims in "
                      "range, with LOS\".")
Q_TARGETING = ("Targeting: Demons are powerful creatures that will attack all Targets in their "
               "Attack Range. So \"attack Tripitaka\" really means \"attack Tripitaka and all other "
               "Pilgrims in range, with LOS\".")


class DemonMixin:
    """The Demon Phase of `Game`."""

    # -- what is left to do ------------------------------------------------------------------------

    def gates_to_spawn(self) -> list[str]:
        phase = self.G["demon_phase"]
        if phase is None or phase["rage_stopped"]:
            return []
        return [g for g, gate in self.G["gates"].items()
                if gate["status"] == "active" and g not in phase["spawned"]]

    def demons_to_activate(self) -> list[str]:
        phase = self.G["demon_phase"]
        if phase is None:
            return []
        return [d for d, demon in self.G["demons"].items()
                if (demon["active"] or self.marching_inside(d)) and d not in phase["activated"]
                and not self.demon_condition(d, "paralyzed")]

    def quest_targets(self) -> dict:
        """Figures a Quest adds to the Demons' Targets, {id: Health Points} (Quest 7: Kei Lun,
        "as if he were a fifth pilgrim")."""
        extra = getattr(self.quest(), "extra_targets", None)
        return extra(self) if extra is not None else {}

    def target_hp(self, target: str) -> int:
        if target in self.G["pilgrims"]:
            return self.pilgrim(target)["hp"]
        return self.quest_targets()[target]

    def demon_ap(self) -> int:
        return 3 if self.G["rage"] else 2

    def ap_of(self, demon: str) -> int:
        """A Demon's Action Points for its options: its plan's unused ones when it plans again
        (ruling `unused_demon_action` "replan"), else the Demon Phase's."""
        replanning = self.G["demon_phase"].get("replanning")
        return replanning["ap"] if replanning and replanning["demon"] == demon else self.demon_ap()

    def closest(self, pending: list[str], distances: dict | None) -> list[str]:
        """The pending Gates or Demons that may go next: all when only one is left, else the
        closest by the distances measured (ties: the table chooses)."""
        if len(pending) <= 1:
            return list(pending)
        if distances is None:
            return []
        nearest = min(distances[x] for x in pending)
        return [x for x in pending if distances[x] == nearest]

    def needs_measure(self, of: str) -> bool:
        phase = self.G["demon_phase"]
        if of == "gates":
            return len(self.gates_to_spawn()) > 1 and phase["gate_distances"] is None
        pending = self.demons_to_activate()
        if len(pending) <= 1 or phase.get("replanning"):
            return False
        if phase["demon_distances"] is None:
            return True
        return (self.option("activation_order") == "remeasured"
                and phase["measured_after"] != len(phase["activated"]))

    # -- measuring ----------------------------------------------------------------------------------

    @cites(Q_GATE_ORDER)
    def measure_now(self, event):
        if event["of"] == "gates":
            if self.phase != "demons_spawn":
                raise self.violation("The Gates are measured before spawning.", Q_PHASE_ORDER)
            return True
        if self.phase != "demons_activate":
            raise self.violation("The Demons are measured when they activate, after spawning.",
                                 Q_PHASE_ORDER)
        if self.G["demon_phase"]["current"] is not None:
            raise self.violation("A Demon is still acting.", Q_ONE_AT_A_TIME)
        if (self.G["demon_phase"]["demon_distances"] is not None
                and self.option("activation_order") == "measured_once"):
            raise self.violation("The order was measured once for this Demon Phase (table "
                                 "ruling: measured once).", Q_ORDER)
        return True

    @cites(Q_ORDER)
    def measured_all(self, event):
        pending = self.gates_to_spawn() if event["of"] == "gates" else self.demons_to_activate()
        known = self.G["gates"] if event["of"] == "gates" else self.G["demons"]
        unknown = sorted(set(event["distances"]) - set(known))
        if unknown:
            raise BadRequest(f"no {event['of'][:-1]} named {unknown[0]}",
                             f"event.distances.{unknown[0]}")
        missing = sorted(set(pending) - set(event["distances"]))
        if missing:
            quote = Q_GATE_ORDER if event["of"] == "gates" else Q_ORDER
            raise self.violation(f"Measure every {event['of'][:-1]} still to go: "
                                 f"{', '.join(missing)} is missing.", quote)
        return True

    def do_measure(self, event):
        phase = self.G["demon_phase"]
        ordered = sorted(event["distances"].items(), key=lambda item: item[1])
        words = ", ".join(f"{self.name_of(x)} {d}" for x, d in ordered)
        if event["of"] == "gates":
            phase["gate_distances"] = dict(event["distances"])
            self.effect(f"Gates by distance to Tripitaka: {words}.", Q_GATE_ORDER)
        else:
            phase["demon_distances"] = dict(event["distances"])
            phase["measured_after"] = len(phase["activated"])
            self.effect(f"Demons by distance to Tripitaka: {words}.", Q_ORDER)

    # -- spawning -------------------------------------------------------------------------------------

    @cites(Q_SPAWN_GATES)
    def gate_spawns(self, event):
        gate = self.G["gates"].get(event["gate"])
        if gate is None:
            return f"There is no Gate named {event['gate']}."
        if gate["status"] == "closed":
            raise self.violation(f"{event['gate']} is Closed.", Q_CLOSED_GATE)
        if gate["status"] == "inactive":
            raise self.violation(f"{event['gate']} is inactive.", Q_INACTIVE_GATE)
        if self.G["demon_phase"]["rage_stopped"]:
            raise self.violation("Demon Rage: no more Demon Cards this Demon Phase.", Q_RAGE)
        if self.flood_gate_due():
            raise self.violation("First carry out the Flood Gate card.", Q_DRAW_FOLLOW)
        if event["gate"] in self.G["demon_phase"]["spawned"]:
            raise self.violation(f"{event['gate']} has drawn its Demon Card this Demon Phase.",
                                 Q_ONE_CARD)
        return True

    @cites(Q_GATE_ORDER)
    def gate_in_order(self, event):
        pending = self.gates_to_spawn()
        if self.needs_measure("gates"):
            return "Measure each active Gate's distance to Tripitaka first."
        allowed = self.closest(pending, self.G["demon_phase"]["gate_distances"])
        return (event["gate"] in allowed
                or f"{', '.join(allowed)} is closer to Tripitaka: it spawns first.")

    @cites(Q_REINFORCE)
    def spawn_card(self, event):
        card, demons = event["card"], event.get("demons") or []
        if card == "special":
            if "name" not in event:
                raise BadRequest("name the Special Demon Card", "event.name")
            if event["name"] == SPAWN_LORD:
                if len(demons) != 1 or not demon_profile(demons[0], None)["lord"]:
                    raise self.violation("Spawn Demon Lord places one Demon Lord.", Q_SPAWN_LORD)
                return True
            if demons:
                raise self.violation("A Special Card places no Demons.", Q_SPECIAL)
            return True
        if not demons:
            raise BadRequest("name the Demons on the card", "event.demons")
        lords = [d for d in demons if demon_profile(d, None)["lord"]]
        if card == "unique" and len(demons) != 1:
            raise self.violation("A Unique Card spawns one unique Demon.", Q_UNIQUE_SPAWN)
        if card == "reinforcement" and lords:
            raise self.violation(f"{demon_name(lords[0])} comes from a Unique Card.",
                                 Q_UNIQUE_SPAWN)
        return True

    def models_free(self, kind: str) -> int:
        on_board = sum(1 for d in self.G["demons"].values() if d["type"] == kind)
        return demon_models(kind) - on_board

    @cites(Q_RUN_OUT)
    def models_left(self, event):
        demons = event.get("demons") or []
        need = {kind: demons.count(kind) for kind in demons}
        short = [k for k, n in need.items() if self.models_free(k) < n]
        if event["card"] == "rage":
            return bool(short) or "There are models left for every Demon on the card: no Rage."
        if event["card"] == "unique":
            return True
        if short:
            return (f"No {demon_name(short[0])} model is left: promote (enter the Demons placed "
                    "and promoted_from) or begin Demon Rage.")
        drawn = event.get("promoted_from") or []
        if drawn:
            available = [k for k in set(drawn) if self.models_free(k) >= drawn.count(k)]
            if available:
                raise self.violation(f"{demon_name(available[0])} models are left: no promotion.",
                                     Q_PROMOTE)
        return True

    def do_spawn(self, event):
        G, phase, gate = self.G, self.G["demon_phase"], event["gate"]
        card = event["card"]
        if card == "rage":
            G["rage"] = True
            phase["rage_stopped"] = phase["rage_began"] = True
            phase["spawned"].append(gate)
            self.effect("No model and no promotion left: Demon Rage begins. No more Demon Cards "
                        "this phase; every Demon has 3 Action Points.", Q_RAGE)
            return
        if card == "special" and event["name"] != SPAWN_LORD:
            phase["spawned"].append(gate)
            if event["name"] == FLOOD_GATE:
                self.draw_flood_gate(gate)
                return
            G["special_cards"].append({"name": event["name"], "duration": None})
            self.effect(f"Special Demon Card at {gate}: {event['name']}.", Q_SPECIAL)
            return
        if card in ("unique", "special"):
            kind = event["demons"][0]
            if any(d["type"] == kind for d in G["demons"].values()):
                self.effect(f"{demon_name(kind)} is in play: discard the card and draw again for "
                            f"{gate}.", Q_UNIQUE)
                return
        placed = []
        for kind in event["demons"]:
            ident = next_demon_id(kind, G["demons"])
            entered = {**((self.option("demon_profiles") or {}).get(kind) or {}),
                       **G["entered_profiles"].get(kind, {})}
            G["demons"][ident] = placed_demon(kind, entered)
            if card == "special":
                G["demons"][ident]["leaves_after_attack"] = True
                self.effect(f"{ident} leaves play after its first Attack Action.", Q_SPAWN_LORD)
            placed.append(ident)
        phase["spawned"].append(gate)
        self.effect(f"At {gate}: {', '.join(placed)} placed adjacent to the Gate, facing along "
                    "the shortest path to Tripitaka.", Q_REINFORCE)
        if event.get("promoted_from"):
            self.effect(f"Promoted from {', '.join(event['promoted_from'])}.", Q_PROMOTE)

    # -- activations ----------------------------------------------------------------------------------

    @cites(Q_ONE_AT_A_TIME)
    def no_demon_acting(self, event):
        current = self.G["demon_phase"]["current"]
        return current is None or f"{self.name_of(current['demon'])} is still acting."

    @cites(Q_PHASE_ORDER)
    def demon_activates(self, event):
        demon = self.G["demons"].get(event["demon"])
        if demon is None:
            if event["demon"] in self.G["pilgrims"]:
                return f"{PILGRIM_NAMES[event['demon']]} is a Pilgrim."
            return f"There is no Demon named {event['demon']}."
        if not demon["active"] and not self.marching_inside(event["demon"]):
            raise self.violation(f"{self.name_of(event['demon'])} is inactive behind a closed "
                                 "door.", Q_ROOMS)
        paralyzed = self.demon_condition(event["demon"], "paralyzed")
        if paralyzed:
            raise self.violation(f"{self.name_of(event['demon'])} is {paralyzed} (the Asura Seal "
                                 "reflected it; table ruling): no Actions.", Q_PARALYZED)
        return (event["demon"] not in self.G["demon_phase"]["activated"]
                or f"{self.name_of(event['demon'])} has been activated this Demon Phase.")

    @cites(Q_ORDER)
    def demon_in_order(self, event):
        replanning = self.G["demon_phase"].get("replanning")
        if replanning:
            if event["demon"] == replanning["demon"]:
                return True
            raise self.violation(f"{self.name_of(replanning['demon'])} is still acting: it plans "
                                 "its unused Action Points first.", Q_ONE_AT_A_TIME)
        if self.needs_measure("demons"):
            return "Measure each Demon's distance to Tripitaka first."
        allowed = self.closest(self.demons_to_activate(), self.G["demon_phase"]["demon_distances"])
        return (event["demon"] in allowed
                or f"{', '.join(allowed)} is closer to Tripitaka: it activates first.")

    @cites(Q_DEMON_AP)
    def options_within_ap(self, event):
        ap = self.ap_of(event["demon"])
        for n, option in enumerate(event["options"], 1):
            if len(option["actions"]) > ap:
                return f"Option {n} uses {len(option['actions'])} Action Points; the Demon has {ap}."
            if ("attack" in option["actions"]) != bool(option.get("targets")):
                raise BadRequest("an option with an attack names its Targets, and only then",
                                 f"event.options[{n - 1}].targets")
        return True

    @cites(Q_DEMON_MOVE)
    def options_within_movement_points(self, event):
        """Each Move Action spends at most the Demon's Move Attribute (two Moves: one move of
        double the Movement Points). Not checked where the table has not entered its MV."""
        mv = self.G["demons"][event["demon"]]["profile"].get("mv")
        for n, option in enumerate(event["options"], 1):
            moves, squares = option["actions"].count("move"), option.get("squares") or 0
            if mv is not None and moves and squares > mv * moves:
                message = (f"Option {n}: {self.name_of(event['demon'])} spends {squares} Movement "
                           f"Points in {moves} Move{'s' * (moves > 1)}; its Move Attribute is {mv}"
                           + (f" ({mv * moves} at most)." if moves > 1 else "."))
                raise self.violation(message,
                                     Q_DEMON_MOVE if moves == 1 else (Q_DEMON_MOVE, Q_DOUBLE))
        return True

    @cites(Q_DISABLED)
    def options_demon_can_attack(self, event):
        """A Demon Disabled by a reflected Condition Card (ruling `demon_condition_effects`)."""
        disabled = self.demon_condition(event["demon"], "cannot_attack")
        attacking = [n for n, o in enumerate(event["options"], 1) if "attack" in o["actions"]]
        return (not (disabled and attacking)
                or f"{self.name_of(event['demon'])} is {disabled}: option {attacking[0]} "
                   "attacks.")

    @cites(Q_SAME_TYPE)
    def options_target_pilgrims(self, event):
        for option in event["options"]:
            for target in option.get("targets") or []:
                if target not in self.G["pilgrims"] and target not in self.quest_targets():
                    if target in self.G["demons"]:
                        return f"{self.name_of(target)} is a Demon."
                    if target in self.G.get("neutral_creatures", []):
                        raise self.violation(f"{target} is a Neutral Creature: the Demons attack "
                                             "Pilgrims.", Q_ATTACKS_PILGRIMS)
                    raise BadRequest(f"no figure named {target}", "event.options")
        return True

    @cites(Q_IGNORE)
    def options_ignore_unconscious(self, event):
        for option in event["options"]:
            for target in option.get("targets") or []:
                if target in self.G["pilgrims"]:
                    self.target_not_dead(target)
                    if self.pilgrim(target)["status"] != "active":
                        return f"{PILGRIM_NAMES[target]} is {self.pilgrim(target)['status']}."
        return True

    def target_not_dead(self, target):
        """A dead Pilgrim is off the board: the sentence that removed him, not the Unconscious one."""
        if self.pilgrim(target)["status"] == "dead":
            raise self.violation(f"{PILGRIM_NAMES[target]} is dead, off the board.", Q_DEAD)

    @cites(Q_NUMBER_OF_TARGETS)
    def options_all_targets(self, event):
        if self.option("demon_targets") != "profile":
            return True
        allowed = self.G["demons"][event["demon"]]["profile"].get("targets")
        if allowed in (None, "all"):
            return True
        for n, option in enumerate(event["options"], 1):
            if len(option.get("targets") or []) > allowed:
                return (f"Option {n}: {self.name_of(event['demon'])} attacks {allowed} "
                        f"Target{'s' * (allowed > 1)} (its Profile Sheet).")
        return True

    def focus_ignored(self, focus: str) -> bool:
        """The Pilgrim the plans centre on is Unconscious and, under the ruling
        `unconscious_tripitaka` "ignored", the Demons do not move towards him."""
        return (self.pilgrim(focus)["status"] != "active"
                and self.option("unconscious_tripitaka") == "ignored")

    def plan_of(self, option: dict, focus: str = "tripitaka", preferred: str | None = None) -> dict:
        """An option's priority and preference key, with the rule that ranks it. `focus` is the
        Pilgrim the Demon's plans centre on: Tripitaka, or the Monkey King under Flaming War Cry
        (ruling `war_cry_focus` "replaces_tripitaka"); `preferred` a Pilgrim taken first between
        plans of the same priority (the ruling's "preferred_target"). With the focus ignored
        (Unconscious), no plan moves towards him: Plan 2 counts as Plan 3, a Move with no attack
        is no plan at all (priority 5), and Plan 4 is to stay. A Move with no attack entered as
        not ending closer to him is no plan either: Plan 4 moves towards him (finding 171)."""
        actions, targets = option["actions"], option.get("targets") or []
        attacks = actions.count("attack")
        wild = self.wild_attacks()
        ignored = self.focus_ignored(focus)
        if attacks and focus in targets and not wild:
            priority = 1
        elif attacks and option.get("ends") == "closer" and not wild and not ignored:
            priority = 2
        elif attacks:
            priority = 3
        elif (ignored or option.get("ends") == "not_closer") and actions and not wild:
            priority = 5
        else:
            priority = 4
        weakest = min((self.target_hp(t) for t in targets), default=99)
        lazy = (option.get("squares") or 0) if priority < 4 else 0  # Plan 4 moves all the way
        first = 0 if preferred is None or preferred in targets else 1
        return {"priority": priority,
                "key": [priority, first, -len(targets), weakest, -attacks, lazy]}

    def wild_attacks(self) -> bool:
        return any(card["name"] == "Wild Attacks" for card in self.G["special_cards"])

    def do_demon_options(self, event):
        ap = self.ap_of(event["demon"])
        phase = self.G["demon_phase"]
        if phase.get("replanning"):  # it plans again: its own moves may bring the Target back
            phase["replanning"] = None
            phase.get("out_of_range", {}).pop(event["demon"], None)
        war_cry = bool(event.get("on_monkey_kings_tile"))
        replaces = war_cry and self.option("war_cry_focus") == "replaces_tripitaka"
        focus = "monkey_king" if replaces else "tripitaka"
        preferred = "monkey_king" if war_cry and not replaces else None
        options = [dict(option) for option in event["options"]]
        if self.wild_attacks():  # "…or Double Move towards the closest Pilgrim."
            options.append({"actions": ["move"] * min(ap, 2), "targets": [], "squares": None,
                            "towards": "the closest Pilgrim"})
        elif self.focus_ignored(focus):  # "They do not move towards them": it stays
            options.append({"actions": [], "targets": [], "squares": None,
                            "stays": PILGRIM_NAMES[focus]})
        else:
            options.append({"actions": ["move"] * ap, "targets": [], "squares": None,
                            "towards": PILGRIM_NAMES[focus]})
        for option in options:
            option.update(self.plan_of(option, focus, preferred))
            option["text"] = self.describe_option(option)
        best_key = min(option["key"] for option in options)
        best = [n for n, option in enumerate(options, 1) if option["key"] == best_key]
        chosen = options[best[0] - 1]
        plan_quote = (Q_WILD_MOVE if chosen["priority"] == 4 and self.wild_attacks()
                      else Q_IGNORE if chosen.get("stays") else Q_PRIORITY[chosen["priority"]])
        why = [{"text": f"Plan {chosen['priority']}: the highest priority plan it can carry out.",
                "quote": plan_quote}]
        if replaces:
            why.insert(0, {"text": "Flaming War Cry: on his Map Tile the Monkey King takes "
                                   "Tripitaka's place in the Demon's plans.", "quote": Q_WAR_CRY})
        rivals = [o for o in options if o["priority"] == chosen["priority"] and o is not chosen]
        if preferred and any(o["key"][1] != chosen["key"][1] for o in rivals):
            why.append({"text": "Flaming War Cry: of those, the plan attacking the Monkey King "
                                "(the center of attention on his Map Tile).", "quote": Q_WAR_CRY})
        if any(o["key"][1] == chosen["key"][1] and o["key"][2] != chosen["key"][2]
               for o in rivals):
            why.append({"text": "Of those, the most Targets.", "quote": Q_MOST})
        if any(o["key"][1:3] == chosen["key"][1:3] and o["key"][3] != chosen["key"][3]
               for o in rivals):
            why.append({"text": "Then the weakest Target.", "quote": Q_WEAKEST})
        if any(o["key"][1:4] == chosen["key"][1:4] and o["key"][5] != chosen["key"][5]
               for o in rivals):
            why.append({"text": "Then the fewest squares: Demons are lazy.", "quote": Q_LAZY})
        if len(best) > 1:
            why.append({"text": f"Options {' and '.join(map(str, best))} are equal: the table "
                                "takes the one that makes the game harder for the Pilgrims.",
                        "quote": Q_TIE})
        self.G["demon_phase"]["current"] = {"demon": event["demon"], "ap": ap, "options": options,
                                            "best": best, "plan": None, "attacks": [], "why": why,
                                            "focus": focus}
        self.effect(f"{self.name_of(event['demon'])} ({ap} Action Points): Plan "
                    f"{chosen['priority']} — option {' or '.join(map(str, best))}: "
                    f"{chosen['text']}.", plan_quote)
        for reason in why:
            if reason["quote"] != plan_quote:
                self.effect(reason["text"], reason["quote"])

    def describe_option(self, option: dict) -> str:
        if option.get("towards"):
            return f"{len(option['actions'])} Moves towards {option['towards']}"
        if option.get("stays"):
            return (f"stays where it is ({option['stays']} is Unconscious: Demons do not move "
                    "towards him; table ruling unconscious_tripitaka)")
        targets = ", ".join(self.name_of(t) for t in option.get("targets") or [])
        steps = " then ".join(option["actions"])
        squares = option.get("squares") or 0
        return (f"{steps}" + (f" ({squares} square{'s' * (squares > 1)})" if squares else "")
                + (f", attacking {targets}" if targets else ""))

    # -- the plan ---------------------------------------------------------------------------------------

    @cites(Q_ONE_AT_A_TIME)
    def demon_is_acting(self, event):
        phase = self.G["demon_phase"]
        current = phase["current"]
        if current is None and event["demon"] in phase["activated"]:
            self.stopped_by_its_condition(event)
            self.not_left_out_of_range(event)
            raise self.violation(f"{self.name_of(event['demon'])} has completed its Actions this "
                                 f"Demon Phase ({self.demon_ap()} Action Points).", Q_DEMON_AP)
        if current is None:
            return f"No Demon is acting: enter what {self.name_of(event['demon'])} can do first."
        return (current["demon"] == event["demon"]
                or f"{self.name_of(current['demon'])} is acting, not {self.name_of(event['demon'])}.")

    @cites(Q_PLAN)
    def plan_not_chosen(self, event):
        return (self.G["demon_phase"]["current"]["plan"] is None
                or "This Demon's plan is chosen.")

    @cites(Q_PLAN)
    def option_exists(self, event):
        n = len(self.G["demon_phase"]["current"]["options"])
        return 1 <= event["option"] <= n or f"There are {n} options, not {event['option']}."

    @cites(Q_PLAN)
    def plan_priority(self, event):
        current = self.G["demon_phase"]["current"]
        chosen = current["options"][event["option"] - 1]
        best = current["options"][current["best"][0] - 1]
        if chosen["priority"] == best["priority"]:
            return True
        if chosen["priority"] == 5 and self.focus_ignored(current["focus"]):
            raise self.violation(f"Option {event['option']} moves towards "
                                 f"{PILGRIM_NAMES[current['focus']]}, who is Unconscious (table "
                                 "ruling unconscious_tripitaka).", Q_IGNORE)
        if chosen["priority"] == 5:
            raise self.violation(f"Option {event['option']} only moves, and does not end closer "
                                 f"to {PILGRIM_NAMES[current['focus']]}: that is no plan; option "
                                 f"{current['best'][0]} is Plan {best['priority']}.",
                                 Q_PRIORITY[4])
        message = (f"Option {event['option']} is Plan {chosen['priority']}; option "
                   f"{current['best'][0]} is Plan {best['priority']}, a higher priority.")
        if current["focus"] == "monkey_king":  # war_cry_focus: replaces_tripitaka (finding 136)
            raise self.violation(f"{message} Flaming War Cry puts the Monkey King in Tripitaka's "
                                 "place in the plans (table ruling war_cry_focus: "
                                 "replaces_tripitaka).", (Q_WAR_CRY, Q_PRIORITY[best["priority"]]))
        raise self.violation(message, Q_PRIORITY[best["priority"]])

    @cites(Q_MOST)
    def plan_preference(self, event):
        current = self.G["demon_phase"]["current"]
        if event["option"] in current["best"]:
            return True
        chosen = current["options"][event["option"] - 1]["key"]
        best = current["options"][current["best"][0] - 1]["key"]
        because = next(n for n in range(1, 6) if chosen[n] != best[n])
        message = (f"Option {current['best'][0]} is preferred to option {event['option']} "
                   "(same plan).")
        # more attacks: Plan 1's "possibly more than once"; in another plan the two are equally
        # valid, and the one harder for the Pilgrims is taken (finding 177: Figure 35)
        more_attacks = Q_PRIORITY[1] if best[0] == 1 else Q_TIE
        quote = {1: Q_WAR_CRY, 2: Q_MOST, 3: Q_WEAKEST, 4: more_attacks, 5: Q_LAZY}[because]
        raise self.violation(message, quote)

    def do_demon_plan(self, event):
        current = self.G["demon_phase"]["current"]
        option = current["options"][event["option"] - 1]
        current["plan"] = event["option"]
        if self.marching_inside(event["demon"]):
            self.leave_building(event["demon"], bool(event.get("outside")))
        actions = option["actions"]
        if self.om_chant_stops(event["demon"], option):
            actions = actions[:actions.index("move")]  # it stops on the first square
        if self.G["demons"][event["demon"]].get("leaves_after_attack") and "attack" in actions[:-1]:
            actions = actions[:actions.index("attack") + 1]
            self.effect(f"{self.name_of(event['demon'])} leaves play as soon as it has made one "
                        "Attack Action: its later Actions are not taken.", Q_SPAWN_LORD)
        current["attacks"] = [target for action in actions if action == "attack"
                              for target in option.get("targets") or []]
        self.effect(f"{self.name_of(event['demon'])}: {self.describe_option(option)}.",
                    Q_IGNORE if option.get("stays") else Q_PRIORITY[option["priority"]])
        if current["attacks"]:
            self.effect("One attack roll for each Target, for each Attack Action.", Q_TARGETING)
        else:
            self.finish_demon()

    # -- attacks ----------------------------------------------------------------------------------------

    @cites(Q_PLAN)
    def attack_planned(self, event):
        current = self.G["demon_phase"]["current"]
        if current["plan"] is None:
            return "Choose the Demon's plan first."
        return bool(current["attacks"]) or "This Demon's plan has no attacks left."

    def not_left_out_of_range(self, event):
        """A Target its Knock Back left out of the Demon's range (no Follow) is refused with the
        range sentence (`left_out_of_range`)."""
        out = self.G["demon_phase"].get("out_of_range", {}).get(event["demon"], [])
        if event.get("target") in out:
            raise self.violation(f"{self.name_of(event['target'])} was Knocked Back out of "
                                 f"{self.name_of(event['demon'])}'s range and it did not Follow.",
                                 Q_RANGE)

    def left_out_of_range(self, demon: str, target: str) -> None:
        """A Demon that had to Follow ("will follow the Target, if the Knock Back pushes the Target
        out of Range") and did not (the way blocked): its planned attacks on that Target cannot be
        made, unless its plan moves it after an attack (the table may bring it back in range).
        The Action Points of those attacks, when none is left (the book is silent): unused, the
        activation over (ruling `unused_demon_action` "unused"), or planned again ("replan")."""
        phase = self.G["demon_phase"]
        current = phase["current"]
        actions = current["options"][current["plan"] - 1]["actions"]
        if "move" in actions[actions.index("attack"):]:
            return
        phase.setdefault("out_of_range", {}).setdefault(demon, []).append(target)
        unused = current["attacks"].count(target)  # one per Attack Action left
        current["attacks"] = [t for t in current["attacks"] if t != target]
        self.effect(f"{self.name_of(target)} stays out of {self.name_of(demon)}'s range: its "
                    "planned attacks on that Target are not made.", Q_RANGE)
        if current["attacks"]:
            return
        if self.option("unused_demon_action") == "replan" and unused:
            phase["replanning"] = {"demon": demon, "ap": unused}
            phase["current"] = None
            self.effect(f"{self.name_of(demon)} plans again with {unused} Action Point"
                        f"{'s' * (unused != 1)} (table ruling unused_demon_action: replan): enter "
                        "what it can do now.", Q_TIE_HARDER)
        else:
            self.finish_demon()

    @cites(Q_TARGETING)
    def attack_target_planned(self, event):
        self.not_left_out_of_range(event)
        attacks = self.G["demon_phase"]["current"]["attacks"]
        if event["target"] in self.G["demons"]:
            raise self.violation(f"{self.name_of(event['target'])} is a Demon.", Q_SAME_TYPE)
        planned = event.get("instead_of", event["target"])  # Brotherhood of the Skull
        if planned in attacks:
            return True
        message = f"The plan attacks {', '.join(self.name_of(t) for t in attacks)}."
        allowed = self.G["demons"][event["demon"]]["profile"].get("targets")
        if self.option("demon_targets") == "profile" and allowed not in (None, "all"):
            # the table set the Demon AI's "all Targets" aside: its Profile Sheet limits the plan
            raise self.violation(f"{message} {self.name_of(event['demon'])} attacks {allowed} "
                                 f"Target{'s' * (allowed > 1)} (its Profile Sheet; table ruling "
                                 "demon_targets: profile).", Q_NUMBER_OF_TARGETS)
        return message

    @cites(Q_IGNORE)
    def demon_target_conscious(self, event):
        if event["target"] not in self.G["pilgrims"]:
            return True
        self.target_not_dead(event["target"])
        status = self.pilgrim(event["target"])["status"]
        return status == "active" or f"{PILGRIM_NAMES[event['target']]} is {status}."

    def demon_attack_done(self, event, defeated: bool = False):
        """One roll made; the Demon's activation ends with its last one (unless the Asura Seal
        Defeated it: then after Tripitaka Kills or Cleanses it)."""
        current = self.G["demon_phase"]["current"]
        current["attacks"].remove(event.get("instead_of", event["target"]))
        down = [t for t in current["attacks"]
                if t in self.G["pilgrims"] and self.pilgrim(t)["status"] != "active"]
        for target in sorted(set(down)):
            self.effect(f"{PILGRIM_NAMES[target]} is Unconscious: no more attacks against him.",
                        Q_IGNORE)
        current["attacks"] = [t for t in current["attacks"] if t not in down]
        stopped, quote = self.stopping_condition(current["demon"])
        if stopped and current["attacks"] and not defeated:
            self.effect(f"{self.name_of(current['demon'])} is {stopped} (the Asura Seal "
                        "reflected it; table ruling): no more attacks this activation.", quote)
            current["attacks"] = []
            # an attack entered for it later quotes its Condition
            self.G["demon_phase"].setdefault("stopped_by", {})[current["demon"]] = quote
        if not current["attacks"] and not defeated:
            self.finish_demon()

    def stopping_condition(self, demon_id: str) -> tuple[str | None, str]:
        """A reflected Condition Card that stops the Demon's attacks under the ruling
        demon_condition_effects (Paralyzed: no Actions; Disabled: no attack), with its sentence."""
        paralyzed = self.demon_condition(demon_id, "paralyzed")
        if paralyzed:
            return paralyzed, Q_PARALYZED
        return self.demon_condition(demon_id, "cannot_attack"), Q_DISABLED

    def stopped_by_its_condition(self, event) -> None:
        """A Demon whose activation a reflected Condition Card ended: what it may not do quotes
        that Condition, not the Action Points it had."""
        stopped, quote = self.stopping_condition(event["demon"])
        if stopped and (quote == Q_PARALYZED or event["type"] == "demon_attack"):
            raise self.violation(f"{self.name_of(event['demon'])} is {stopped} (the Asura Seal "
                                 "reflected it; table ruling): "
                                 + ("no Actions." if quote == Q_PARALYZED else "no attack."),
                                 quote)

    def after_reflected_defeat(self) -> None:
        """Tripitaka Killed or Cleansed a Demon the Asura Seal Defeated: its activation ends; if
        the Cleanse backfired it goes on with the attacks it has left."""
        current = self.G["demon_phase"]["current"]
        if current["demon"] not in self.G["demons"] or not current["attacks"]:
            self.finish_demon()

    def finish_demon(self) -> None:
        phase = self.G["demon_phase"]
        current = phase["current"]
        phase["activated"].append(current["demon"])
        phase["current"] = None
        demon = self.G["demons"].get(current["demon"])
        attacked = current["plan"] and "attack" in current["options"][current["plan"] - 1]["actions"]
        if demon and demon.get("leaves_after_attack") and attacked:
            self.G["demons"].pop(current["demon"])
            self.G["removed"].append({"demon": current["demon"], "how": "left",
                                      "turn": self.G["turn"]})
            self.effect(f"{current['demon']} made its Attack Action and leaves play: no Karma, "
                        "no Quest Objective.", Q_SPAWN_LORD_GONE)

    # -- Demons inside closed rooms -------------------------------------------------------------

    @cites(Q_ROOM_ENTERED)
    def room_members_known(self, event):
        for ident in event["ids"]:
            if ident not in self.G["demons"] and ident not in self.G["gates"]:
                raise BadRequest(f"no Demon or Gate named {ident}", "event.ids")
            gate = self.G["gates"].get(ident)
            if gate and gate["status"] == "closed":
                raise self.violation(f"{ident} is Closed.", Q_CLOSED_GATE)
        return True

    def do_room(self, event):
        for ident in event["ids"]:
            if ident in self.G["demons"]:
                self.G["demons"][ident]["active"] = event["active"]
                if event["active"]:
                    self.G["demons"][ident]["held_by"] = None
            else:
                self.G["gates"][ident]["status"] = "active" if event["active"] else "inactive"
        state = "active" if event["active"] else "inactive"
        self.effect(f"{', '.join(event['ids'])}: {state} (a Pilgrim "
                    f"{'entered' if event['active'] else 'left'} the closed room).", Q_ROOM_ENTERED)

