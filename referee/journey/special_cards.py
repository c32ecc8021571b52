"""Special Demon Cards the rulebook describes (its Special Card FAQ): Flood Gate and Phase March.
(Spawn Demon Lord and Wild Attacks are in demon_ai.py, where the spawn and the plans are.)

The board is the table's: Flood Gate asks, for every Demon in play, whether a square adjacent to
the Gate closest to Tripitaka is closer to him than where it stands; Phase March's moves are
entered with the facts a rule needs (through an obstacle, ending on one, across a purple line, out
of the building).
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from .actions import Q_BLOCKED, Q_DIAGONAL
from .combat import Q_PURPLE

FLOOD_GATE = "Flood Gate"
PHASE_MARCH = "Phase March"
Q_DRAW_FOLLOW = ("For each Active Gate, draw a Demon Card from the Demon Deck, follow the "
                 "instructions on the card, and discard the card.")
Q_FLOOD = ("Flood Gate: Look at the current positions of Demons in play and the Gate closest to "
           "Tripitaka.")
Q_FLOOD_MOVE = ("Move the Demon from its current square to a square adjacent to the Gate, if it "
                "means the Demon is closer to Tripitaka.")
Q_FLOOD_PLACE = ("Place them around the Gate as if they spawned there this turn. Move them normally "
                 "in the Demon Phase.")
Q_FLOOD_DISCARD = ("Discard the card once you have repositioned the Demons currently in play. It "
                   "does not affect Demons spawned later this turn.")
Q_MARCH = ("Phase March: Demons ignore impassable terrain like walls, closed doors, Miniatures and "
           "Tokens, which would normally be obstacles.")
Q_MARCH_END = "Demons can move through these obstacles, but cannot end their turn on an obstacle."
Q_MARCH_INSIDE = ("Demons inside buildings, who would normally be inactive, ignore the walls and "
                  "plan their moves accordingly, but if a Demon move does not take the Demon "
                  "outside the building, it will be inactive next turn as normal.")


class SpecialCardsMixin:
    """Flood Gate and Phase March, for `Game`."""

    def special_in_effect(self, name: str) -> bool:
        return any(card["name"] == name for card in self.G["special_cards"])

    # -- Flood Gate ------------------------------------------------------------------------------

    def draw_flood_gate(self, gate: str) -> None:
        phase = self.G["demon_phase"]
        phase["flood_gate"] = {"drawn_at": gate, "demons": sorted(self.G["demons"])}
        self.effect(f"Flood Gate (drawn at {gate}): for each Demon in play, is a square next to "
                    "the Gate closest to Tripitaka closer to him?", Q_FLOOD)

    def flood_gate_due(self) -> bool:
        phase = self.G["demon_phase"]
        return bool(phase and phase.get("flood_gate"))

    def flood_gate_gates(self) -> list[str]:
        """The Gates that may be "the Gate closest to Tripitaka" (ruling `flood_gate_gates`: any
        Gate, or the active ones): the closest of those measured for the spawn, and every one not
        measured (its distance unknown)."""
        statuses = ("active",) if self.option("flood_gate_gates") == "active" else (
            "active", "inactive", "closed")
        gates = [g for g, gate in self.G["gates"].items() if gate["status"] in statuses]
        distances = self.G["demon_phase"]["gate_distances"] or {}
        measured = [g for g in gates if g in distances]
        nearest = min((distances[g] for g in measured), default=None)
        return [g for g in gates if g not in distances or distances[g] == nearest]

    @cites(Q_FLOOD)
    def flood_gate_drawn(self, event):
        return self.flood_gate_due() or "No Flood Gate card is waiting to be carried out."

    @cites(Q_FLOOD)
    def flood_gate_closest(self, event):
        gate = self.G["gates"].get(event["gate"])
        if gate is None:
            raise BadRequest(f"no Gate named {event['gate']}", "event.gate")
        closest = self.flood_gate_gates()
        which = "active Gate" if self.option("flood_gate_gates") == "active" else "Gate"
        return (event["gate"] in closest
                or f"{' or '.join(closest)} is the {which} closest to Tripitaka, not "
                   f"{event['gate']}.")

    @cites(Q_FLOOD_MOVE)
    def flood_gate_every_demon(self, event):
        in_play = self.G["demon_phase"]["flood_gate"]["demons"]
        unknown = sorted(set(event["closer"]) - set(in_play))
        if unknown:
            raise BadRequest(f"no Demon named {unknown[0]} was in play when the card was drawn",
                             f"event.closer.{unknown[0]}")
        missing = [d for d in in_play if d not in event["closer"]]
        return (not missing
                or f"Say for every Demon in play whether the Gate is closer: {missing[0]} is "
                   "missing.")

    def do_flood_gate(self, event):
        moved = [d for d, closer in event["closer"].items() if closer]
        for demon in moved:
            self.G["demons"][demon]["active"] = True
        if moved:
            self.effect(f"{', '.join(self.name_of(d) for d in moved)} move to squares adjacent "
                        f"to {event['gate']}, as if they spawned there this turn.", Q_FLOOD_PLACE)
        stay = [d for d, closer in event["closer"].items() if not closer]
        if stay:
            self.effect(f"{', '.join(self.name_of(d) for d in stay)} stay where they are: the "
                        "Gate is not closer to Tripitaka.", Q_FLOOD_MOVE)
        self.G["demon_phase"]["flood_gate"] = None
        self.effect("Flood Gate is discarded.", Q_FLOOD_DISCARD)

    # -- Phase March -----------------------------------------------------------------------------

    def marching_inside(self, demon_id: str) -> bool:
        """An inactive Demon inside a building that Phase March makes plan its moves."""
        demon = self.G["demons"][demon_id]
        return (not demon["active"] and not demon.get("held_by")
                and self.special_in_effect(PHASE_MARCH))

    @cites(Q_BLOCKED)
    def options_passable(self, event):
        march = self.special_in_effect(PHASE_MARCH)
        for n, option in enumerate(event["options"], 1):
            if option.get("diagonal"):
                raise self.violation(f"Option {n} steps diagonally.", Q_DIAGONAL)
            obstacle = option.get("obstacle")
            if obstacle == "across_purple":
                raise self.violation(f"Option {n} crosses a purple line.", Q_PURPLE)
            if obstacle == "ends_on":
                raise self.violation(f"Option {n} ends on an obstacle.",
                                     Q_MARCH_END if march else Q_BLOCKED)
            if obstacle == "through" and not march:
                return f"Option {n} moves through an obstacle."
        return True

    def leave_building(self, demon_id: str, outside: bool) -> None:
        demon = self.G["demons"][demon_id]
        if outside:
            demon["active"] = True
            self.effect(f"{self.name_of(demon_id)} moves out of the building: it is active.",
                        Q_MARCH_INSIDE)
        else:
            self.effect(f"{self.name_of(demon_id)} stays inside the building: inactive next turn "
                        "as normal.", Q_MARCH_INSIDE)
